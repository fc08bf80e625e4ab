/* task detach(event): the task is complete only once omp_fulfill_event
   has been called -- a dependent task must not start before that, and
   taskwait/taskgroup wait for it.  The event is fulfilled from another
   task, so nothing blocks even with one thread.  */
#define TEST "t_task_detach"
#include "omp_test.h"

int
main(void)
{
  for (int round = 0; round < 30; round++)
    {
      int x = 0, fulfilled = 0, seen_fulfilled = -1, seen_x = -1;
#pragma omp parallel
#pragma omp single
      {
        omp_event_handle_t ev;
#pragma omp task detach(ev) depend(out : x) shared(x)
        x = 1; /* body done, but the task completes only at fulfill */
#pragma omp task firstprivate(ev) shared(fulfilled)
        {
          sleep_us(round % 5 == 0 ? 300 : 10);
          __atomic_store_n(&fulfilled, 1, __ATOMIC_SEQ_CST);
          omp_fulfill_event(ev);
        }
#pragma omp task depend(in : x) shared(x, fulfilled, seen_fulfilled, seen_x)
        {
          seen_fulfilled = __atomic_load_n(&fulfilled, __ATOMIC_SEQ_CST);
          seen_x = x;
        }
#pragma omp taskwait
      }
      CHECK(seen_x == 1, "round %d: dependent task saw x=%d", round, seen_x);
      CHECK(seen_fulfilled == 1,
            "round %d: task depending on a detached task started before "
            "omp_fulfill_event",
            round);
    }
  return 0;
}
