/* cancel parallel / cancellation point parallel / barrier as a
   cancellation point.  With cancellation enabled (the runner sets
   OMP_CANCELLATION=true for t_cancel_*), the cancelling thread skips the
   rest of the region and every other thread leaves at its next
   cancellation point (no thread runs into the 3 s timeout, nobody passes
   the barrier).  With it disabled, cancel is a no-op and all work is done.
   A normal region afterwards must work on a full team.  */
#define TEST "t_cancel_parallel"
#include "omp_test.h"

int
main(void)
{
  int on = omp_get_cancellation();
  const char *e = getenv("OMP_CANCELLATION");
  if (e && strcmp(e, "true") == 0)
    CHECK(on, "OMP_CANCELLATION=true but omp_get_cancellation() is 0");

  for (int round = 0; round < 5; round++)
    {
      int after_cancel = 0, timeouts = 0, finished = 0, after_barrier = 0;
      int n = 0;
#pragma omp parallel shared(after_cancel, timeouts, finished, after_barrier, n)
      {
        int t = omp_get_thread_num();
        if (t == 0)
          {
            n = omp_get_num_threads();
#pragma omp cancel parallel
            after_cancel = 1;
          }
        else
          {
            double t0 = omp_get_wtime();
            int limit = on ? 1000000000 : 20;
            for (int k = 0; k < limit; k++)
              {
#pragma omp cancellation point parallel
                if (omp_get_wtime() - t0 > 3.0)
                  {
#pragma omp atomic
                    timeouts++;
                    break;
                  }
                sleep_us(50);
              }
#pragma omp atomic
            finished++;
          }
#pragma omp barrier
#pragma omp atomic
        after_barrier++;
      }
      if (on)
        {
          CHECK(after_cancel == 0,
                "round %d: code after cancel parallel ran", round);
          CHECK(timeouts == 0,
                "round %d: %d threads never saw the cancellation", round,
                timeouts);
          CHECK(after_barrier == 0,
                "round %d: %d threads passed the barrier of a cancelled "
                "region",
                round, after_barrier);
        }
      else
        {
          CHECK(after_cancel == 1, "cancellation off: cancel skipped code");
          CHECK(finished == n - 1 && after_barrier == n,
                "cancellation off: finished %d after_barrier %d (team %d)",
                finished, after_barrier, n);
        }

      /* The next region is complete and normal.  */
      int cnt = 0, m = 0;
#pragma omp parallel
      {
#pragma omp atomic
        cnt++;
#pragma omp barrier
        if (omp_get_thread_num() == 0)
          m = omp_get_num_threads();
      }
      CHECK(cnt == m && m == n,
            "round %d: region after a cancelled one ran %d threads (team %d, "
            "before %d)",
            round, cnt, m, n);
    }

  /* cancel parallel if(false) does nothing.  */
  int ran = 0;
  volatile int zero = 0;
#pragma omp parallel
  {
#pragma omp cancel parallel if(zero)
#pragma omp atomic
    ran++;
  }
  CHECK(ran == omp_get_max_threads() || omp_get_dynamic(),
        "cancel parallel if(0) skipped work: %d ran", ran);
  return 0;
}
