/* Many small tasks: 10000 from one producer (the runtime may throttle
   task creation), then 2000 per thread from every thread, and a wide
   tree; all run exactly once.  */
#define TEST "t_task_many"
#include "omp_test.h"

#define NT 10000

static unsigned char ran[NT];

int
main(void)
{
  long sum = 0;
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < NT; i++)
    {
#pragma omp task firstprivate(i) shared(sum)
      {
        __atomic_add_fetch(&ran[i], 1, __ATOMIC_RELAXED);
        __atomic_add_fetch(&sum, i, __ATOMIC_RELAXED);
      }
    }
  for (int i = 0; i < NT; i++)
    CHECK(ran[i] == 1, "task %d ran %d times", i, ran[i]);
  CHECK(sum == (long) NT * (NT - 1) / 2, "sum %ld", sum);

  long cnt = 0;
  int n = 0;
#pragma omp parallel
  {
#pragma omp single nowait
    n = omp_get_num_threads();
    for (int i = 0; i < 2000; i++)
      {
#pragma omp task shared(cnt)
        __atomic_add_fetch(&cnt, 1, __ATOMIC_RELAXED);
      }
  }
  CHECK(cnt == 2000L * n, "tasks from all threads: %ld != %ld", cnt,
        2000L * n);

  long leaves = 0;
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < 100; i++)
    {
#pragma omp task shared(leaves)
      for (int j = 0; j < 100; j++)
        {
#pragma omp task shared(leaves)
          __atomic_add_fetch(&leaves, 1, __ATOMIC_RELAXED);
        }
    }
  CHECK(leaves == 10000, "task tree: %ld leaves, expected 10000", leaves);
  return 0;
}
