/* Basic explicit tasks: tasks created by one thread (single) and by all
   threads run exactly once each, default data sharing (firstprivate
   capture of locals at creation, shared for shared variables), and all
   tasks are complete at the barrier ending the region.  */
#define TEST "t_task_basic"
#include "omp_test.h"

#define NT 2000

static int done[NT];

int
main(void)
{
  int total = 0;
#pragma omp parallel shared(total)
  {
#pragma omp single
    {
      for (int i = 0; i < NT; i++)
        {
          int captured = i * 2; /* firstprivate by default */
#pragma omp task
          {
            if (captured != i * 2)
              fail("task %d captured %d", i, captured);
            __atomic_add_fetch(&done[i], 1, __ATOMIC_RELAXED);
#pragma omp atomic
            total++;
          }
        }
    }
    /* single's barrier completes the tasks */
    if (__atomic_load_n(&total, __ATOMIC_RELAXED) != NT)
      fail("after single's barrier only %d of %d tasks done", total, NT);
  }
  for (int i = 0; i < NT; i++)
    CHECK(done[i] == 1, "task %d ran %d times", i, done[i]);

  /* Every thread creates tasks; the region's end completes them.  */
  int per = 50, n = 0;
  long sum = 0;
#pragma omp parallel
  {
#pragma omp single nowait
    n = omp_get_num_threads();
    int t = omp_get_thread_num();
    for (int k = 0; k < per; k++)
      {
#pragma omp task firstprivate(t, k) shared(sum)
        {
#pragma omp atomic
          sum += t * 1000 + k;
        }
      }
  }
  long want = 0;
  for (int t = 0; t < n; t++)
    for (int k = 0; k < per; k++)
      want += t * 1000 + k;
  CHECK(sum == want, "tasks from every thread: sum %ld != %ld", sum, want);

  /* Tasks created inside tasks.  */
  int leaves = 0;
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < 20; i++)
    {
#pragma omp task
      for (int j = 0; j < 20; j++)
        {
#pragma omp task
          {
#pragma omp atomic
            leaves++;
          }
        }
    }
  CHECK(leaves == 400, "nested tasks: %d leaves ran, expected 400", leaves);
  return 0;
}
