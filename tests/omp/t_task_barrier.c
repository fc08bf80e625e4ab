/* Explicit and implicit barriers are task scheduling points that complete
   all tasks created so far in the team: after "#pragma omp barrier" every
   task created before it by any thread has finished.  */
#define TEST "t_task_barrier"
#include "omp_test.h"

int
main(void)
{
  int bad = 0;
  for (int round = 0; round < 30; round++)
    {
      int done = 0, n = 0;
#pragma omp parallel shared(done, n)
      {
#pragma omp single nowait
        n = omp_get_num_threads();
        for (int k = 0; k < 10; k++)
          {
#pragma omp task shared(done)
            {
              if (k == 9)
                sleep_us(100);
#pragma omp atomic
              done++;
            }
          }
#pragma omp barrier
        if (__atomic_load_n(&done, __ATOMIC_SEQ_CST)
            != 10 * omp_get_num_threads())
#pragma omp atomic write
          bad = round + 1;
      }
      CHECK(done == 10 * n, "round %d: %d of %d tasks ran", round, done,
            10 * n);
    }
  CHECK(!bad, "round %d: a barrier completed before all earlier tasks",
        bad - 1);
  return 0;
}
