/* taskwait: after it, all child tasks of the current task have
   completed (checked every round, with children of varying length and
   children that sleep).  */
#define TEST "t_taskwait"
#include "omp_test.h"

int
main(void)
{
  int bad = 0;
#pragma omp parallel
  {
    for (int round = 0; round < 40; round++)
      {
        int done = 0;
        for (int k = 0; k < 8; k++)
          {
#pragma omp task shared(done) firstprivate(k)
            {
              if (k == 7 && round % 8 == 0)
                sleep_us(300);
#pragma omp atomic
              done++;
            }
          }
#pragma omp taskwait
        if (__atomic_load_n(&done, __ATOMIC_SEQ_CST) != 8)
#pragma omp atomic write
          bad = round + 1;
      }
  }
  CHECK(!bad, "round %d: taskwait returned before all 8 children finished",
        bad - 1);

  /* taskwait inside a task waits for that task's children.  */
  int inner_ok = 1;
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < 20; i++)
    {
#pragma omp task shared(inner_ok)
      {
        int c = 0;
#pragma omp task shared(c)
        {
          sleep_us(100);
#pragma omp atomic
          c++;
        }
#pragma omp task shared(c)
        {
#pragma omp atomic
          c++;
        }
#pragma omp taskwait
        if (__atomic_load_n(&c, __ATOMIC_SEQ_CST) != 2)
#pragma omp atomic write
          inner_ok = 0;
      }
    }
  CHECK(inner_ok, "taskwait inside a task returned before its children");
  return 0;
}
