/* A parallel region without num_threads gets omp_get_max_threads()
   threads, and that equals OMP_NUM_THREADS when it is a plain number.  */
#define TEST "t_parallel_default_team"
#include "omp_test.h"

int
main(void)
{
  int max = omp_get_max_threads();
  const char *env = getenv("OMP_NUM_THREADS");
  if (env && *env)
    {
      char *end;
      long v = strtol(env, &end, 10);
      if (*end == '\0' && v > 0 && v <= omp_get_thread_limit())
        CHECK(max == v, "omp_get_max_threads() %d != OMP_NUM_THREADS=%s", max,
              env);
    }
  CHECK(max >= 1, "omp_get_max_threads() %d < 1", max);

  int size = -1, count = 0;
  int dyn = omp_get_dynamic();
#pragma omp parallel
  {
#pragma omp atomic
    count++;
    if (omp_get_thread_num() == 0)
      size = omp_get_num_threads();
  }
  CHECK(count == size, "region ran %d times in a team of %d", count, size);
  if (!dyn)
    CHECK(size == max, "team size %d != omp_get_max_threads() %d", size, max);

  /* Outside any region: team of one, thread 0, not in parallel.  */
  CHECK(omp_get_num_threads() == 1, "sequential omp_get_num_threads() %d",
        omp_get_num_threads());
  CHECK(omp_get_thread_num() == 0, "sequential omp_get_thread_num() %d",
        omp_get_thread_num());
  CHECK(!omp_in_parallel(), "omp_in_parallel() true outside any region");
  CHECK(omp_get_level() == 0, "sequential omp_get_level() %d",
        omp_get_level());
  return 0;
}
