/* parallel if(): a false if clause gives a team of exactly one thread
   (an inactive region); a true one gives the normal team.  */
#define TEST "t_parallel_if"
#include "omp_test.h"

int
main(void)
{
  volatile int zero = 0, one = 1;
  int size = -1, tid = -1, level = -1, active = -1, inpar = -1, count = 0;

  /* Constant false condition.  */
#pragma omp parallel if(0)
  {
    size = omp_get_num_threads();
    tid = omp_get_thread_num();
    level = omp_get_level();
    active = omp_get_active_level();
    inpar = omp_in_parallel();
    count++;
  }
  CHECK(size == 1, "if(0): team size %d != 1", size);
  CHECK(tid == 0, "if(0): thread num %d != 0", tid);
  CHECK(count == 1, "if(0): body ran %d times, expected 1", count);
  CHECK(level == 1, "if(0): omp_get_level() %d != 1", level);
  CHECK(active == 0, "if(0): omp_get_active_level() %d != 0", active);
  CHECK(inpar == 0, "if(0): omp_in_parallel() %d != 0", inpar);

  /* Run-time false condition, even with num_threads.  */
  count = 0;
#pragma omp parallel if(zero) num_threads(4)
  {
    size = omp_get_num_threads();
#pragma omp atomic
    count++;
  }
  CHECK(size == 1, "if(false) num_threads(4): team size %d != 1", size);
  CHECK(count == 1, "if(false) num_threads(4): body ran %d times", count);

  /* Run-time true condition.  */
  count = 0;
  int dyn = omp_get_dynamic();
#pragma omp parallel if(one) num_threads(3)
  {
#pragma omp atomic
    count++;
#pragma omp barrier
    if (omp_get_thread_num() == 0)
      size = omp_get_num_threads();
  }
  CHECK(count == size, "if(true): body ran %d times in a team of %d", count,
        size);
  if (!dyn)
    CHECK(size == 3, "if(true) num_threads(3): team size %d != 3", size);
  else
    CHECK(size >= 1 && size <= 3, "if(true) num_threads(3): team size %d",
          size);

  /* if(false) on a region nested in an active one: inner team of one.  */
  int bad = 0;
#pragma omp parallel num_threads(2)
  {
#pragma omp parallel if(zero)
    {
      if (omp_get_num_threads() != 1 || omp_get_thread_num() != 0
          || omp_get_level() != 2)
#pragma omp atomic write
        bad = 1;
    }
  }
  CHECK(!bad, "nested if(false): inner team not a single thread at level 2");
  return 0;
}
