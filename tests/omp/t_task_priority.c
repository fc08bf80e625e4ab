/* task priority(p): only a hint, so check that omp_get_max_task_priority()
   is sane and that prioritised tasks (including priorities above the
   maximum) all run exactly once with correct results.  */
#define TEST "t_task_priority"
#include "omp_test.h"

#define NT 600

static int done[NT];

int
main(void)
{
  int maxp = omp_get_max_task_priority();
  CHECK(maxp >= 0, "omp_get_max_task_priority() %d < 0", maxp);
  const char *e = getenv("OMP_MAX_TASK_PRIORITY");
  if (!e)
    CHECK(maxp == 0, "omp_get_max_task_priority() %d without "
          "OMP_MAX_TASK_PRIORITY, expected 0", maxp);
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < NT; i++)
    {
#pragma omp task priority(i % 12)
      __atomic_add_fetch(&done[i], 1, __ATOMIC_RELAXED);
    }
  for (int i = 0; i < NT; i++)
    CHECK(done[i] == 1, "priority task %d ran %d times", i, done[i]);

  long s = 0;
#pragma omp parallel
#pragma omp single
#pragma omp taskloop priority(3) reduction(+ : s)
  for (int i = 0; i < 1000; i++)
    s += i;
  CHECK(s == 499500, "taskloop priority sum %ld", s);
  return 0;
}
