/* Fork and join under contention: many regions back to back with team
   sizes that change from one to the next, reductions, nested regions, and
   tasks made at the very end of a region (after the other members may
   have reached its closing barrier), by the primary and by a worker.
   Every region must run on a full team, see its own data, and end only
   once all of its tasks are done.  t_fork_join_passive.c and
   t_fork_join_active.c run it again under each wait policy.  */
#ifndef TEST
#define TEST "t_fork_join_stress"
#endif
#include "omp_test.h"

static void
spin_a_little (int k)
{
  for (volatile int i = 0; i < k; i++)
    ;
}

int
main (void)
{
  const int regions = 1200;
  int max = omp_get_max_threads ();
  if (max > 4)
    max = 4;
  omp_set_max_active_levels (2);
  for (int r = 0; r < regions; r++)
    {
      int want = 1 + r % max;
      long sum = 0, tasks = 0;
      int n = 0;
      double x = 0.0;
      int token = r * 3 + 1;
#pragma omp parallel num_threads(want) firstprivate(token) reduction(+ : x)
      {
        int t = omp_get_thread_num ();
        if (token != r * 3 + 1)
          fail ("region %d: firstprivate token %d is stale", r, token);
        if (t == 0)
          n = omp_get_num_threads ();
#pragma omp atomic
        sum += t + 1;
        x += 1.0;
        /* tasks made late, so that others may be at the join already */
        if ((r % 4 == 1 && t == 0) || (r % 4 == 3 && t == omp_get_num_threads () - 1))
          {
            spin_a_little (200 * (r % 7));
            for (int k = 0; k < 8; k++)
              {
#pragma omp task shared(tasks)
                {
                  spin_a_little (50);
#pragma omp atomic
                  tasks++;
                }
              }
          }
        if (r % 97 == 5)
          {
            long inner = 0;
#pragma omp parallel num_threads(2) shared(inner)
            {
#pragma omp atomic
              inner += omp_get_thread_num () + 1;
            }
            if (omp_get_max_active_levels () >= 2 && omp_get_num_threads () > 1 &&
                inner != 3 && inner != 1)
              fail ("region %d: nested team sum %ld", r, inner);
          }
      }
      CHECK (n == want, "region %d: team of %d, asked for %d", r, n, want);
      CHECK (sum == (long) n * (n + 1) / 2, "region %d: thread-number sum %ld != %ld", r,
             sum, (long) n * (n + 1) / 2);
      CHECK (x == (double) n, "region %d: reduction %g != %d", r, x, n);
      CHECK (tasks == (r % 2 == 1 ? 8 : 0), "region %d: %ld of its tasks ran by its end", r,
             tasks);
      if (r % 50 == 0)
        {
          long s = 0;
#pragma omp parallel for reduction(+ : s) schedule(static)
          for (int i = 0; i < 1000; i++)
            s += i;
          CHECK (s == 999L * 1000 / 2, "region %d: parallel for sum %ld", r, s);
        }
    }
  return 0;
}
