/* cancel taskgroup / cancellation point taskgroup.  A task cancels its
   taskgroup; after a taskwait for it the group is cancelled, so tasks
   created afterwards in that group are discarded (some, in practice all,
   never run), running tasks leave at cancellation points, nothing runs
   twice, and the next taskgroup is unaffected.  Disabled: everything
   runs.  */
#define TEST "t_cancel_taskgroup"
#include "omp_test.h"

#define LATE 200

int
main(void)
{
  int on = omp_get_cancellation();
  for (int round = 0; round < 10; round++)
    {
      int after = 0, late_ran = 0, cp_passed = 0, next_group = 0;
#pragma omp parallel
#pragma omp single
      {
#pragma omp taskgroup
        {
#pragma omp task shared(after)
          {
#pragma omp cancel taskgroup
            __atomic_store_n(&after, 1, __ATOMIC_RELAXED);
          }
#pragma omp taskwait
          for (int i = 0; i < LATE; i++)
            {
#pragma omp task shared(late_ran, cp_passed)
              {
                __atomic_add_fetch(&late_ran, 1, __ATOMIC_RELAXED);
#pragma omp cancellation point taskgroup
                __atomic_add_fetch(&cp_passed, 1, __ATOMIC_RELAXED);
              }
            }
        }
        /* A fresh taskgroup works normally.  */
#pragma omp taskgroup
        for (int i = 0; i < 50; i++)
          {
#pragma omp task shared(next_group)
            __atomic_add_fetch(&next_group, 1, __ATOMIC_RELAXED);
          }
      }
      CHECK(next_group == 50, "round %d: taskgroup after a cancelled one ran "
            "%d of 50 tasks",
            round, next_group);
      CHECK(late_ran <= LATE && cp_passed <= late_ran,
            "round %d: late tasks ran %d times", round, late_ran);
      if (on)
        {
          CHECK(after == 0, "round %d: code after cancel taskgroup ran",
                round);
          CHECK(late_ran < LATE,
                "round %d: all %d tasks of a cancelled taskgroup ran", round,
                LATE);
          CHECK(cp_passed == 0,
                "round %d: %d tasks passed a cancellation point of a "
                "cancelled taskgroup",
                round, cp_passed);
        }
      else
        {
          CHECK(after == 1, "cancellation off but cancel skipped code");
          CHECK(late_ran == LATE && cp_passed == LATE,
                "cancellation off: %d/%d tasks ran", late_ran, cp_passed);
        }
    }
  return 0;
}
