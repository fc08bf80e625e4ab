/* task if(0): an undeferred task -- the encountering task does not
   continue until the task body has completed, so its effects are visible
   right after the construct.  Children of an undeferred task may still
   be deferred and are completed by taskwait.  */
#define TEST "t_task_if0"
#include "omp_test.h"

int
main(void)
{
  volatile int zero = 0;
  int bad = 0, kids = 0;
#pragma omp parallel
  {
    for (int r = 0; r < 200; r++)
      {
        int flag = 0;
#pragma omp task if(0) shared(flag)
        {
          sleep_us(r % 50 == 0 ? 200 : 0);
          flag = r + 1;
        }
        if (flag != r + 1)
#pragma omp atomic write
          bad = 1;
        int flag2 = 0;
#pragma omp task if(zero) shared(flag2)
        flag2 = 7;
        if (flag2 != 7)
#pragma omp atomic write
          bad = 2;
      }
#pragma omp single
    {
#pragma omp task if(0)
      {
        for (int i = 0; i < 30; i++)
#pragma omp task
          {
#pragma omp atomic
            kids++;
          }
#pragma omp taskwait
        if (__atomic_load_n(&kids, __ATOMIC_RELAXED) != 30)
          fail("taskwait in an undeferred task saw %d of 30 children", kids);
      }
    }
  }
  CHECK(bad != 1, "if(0) task had not completed when the creator continued");
  CHECK(bad != 2, "if(false-at-run-time) task had not completed in time");
  CHECK(kids == 30, "children of an undeferred task: %d of 30 ran", kids);
  return 0;
}
