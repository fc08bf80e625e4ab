/* cancel for / cancellation point for, dynamic and static schedules.
   Enabled: the cancelling thread skips the rest of its iteration and the
   loop ends early (some iterations are never run), no iteration runs twice,
   and the code after the loop still runs on every thread.  Disabled: every
   iteration runs exactly once.  */
#define TEST "t_cancel_for"
#include "omp_test.h"

#define N 100000

static unsigned char hits[N];

int
main(void)
{
  int on = omp_get_cancellation();
  for (int sched = 0; sched < 2; sched++)
    {
      memset(hits, 0, sizeof hits);
      int after = 0, post = 0, n = 0, twice = -1;
      long count = 0;
#pragma omp parallel
      {
#pragma omp single
        n = omp_get_num_threads();
        if (sched == 0)
          {
#pragma omp for schedule(dynamic) reduction(+ : count)
            for (int i = 0; i < N; i++)
              {
                if (i == 5)
                  {
#pragma omp cancel for
#pragma omp atomic write
                    after = 1;
                  }
#pragma omp cancellation point for
                if (__atomic_add_fetch(&hits[i], 1, __ATOMIC_RELAXED) != 1)
                  twice = i;
                count++;
              }
          }
        else
          {
#pragma omp for schedule(static) reduction(+ : count)
            for (int i = 0; i < N; i++)
              {
                if (i == 0)
                  {
#pragma omp cancel for
#pragma omp atomic write
                    after = 1;
                  }
#pragma omp cancellation point for
                if (__atomic_add_fetch(&hits[i], 1, __ATOMIC_RELAXED) != 1)
                  twice = i;
                count++;
              }
          }
#pragma omp atomic
        post++;
      }
      const char *what = sched ? "static" : "dynamic";
      CHECK(twice < 0, "%s: iteration %d ran twice", what, twice);
      CHECK(post == n, "%s: only %d of %d threads ran the code after the loop",
            what, post, n);
      long ran = 0;
      for (int i = 0; i < N; i++)
        ran += hits[i];
      if (on)
        {
          CHECK(after == 0, "%s: code after cancel for ran", what);
          CHECK(ran < N, "%s: cancellation on but all %d iterations ran",
                what, N);
          /* (the reduction result is unspecified after cancellation) */
        }
      else
        {
          CHECK(after == 1, "%s: cancellation off but cancel skipped code",
                what);
          CHECK(ran == N && count == N, "%s: %ld of %d iterations ran "
                "(reduction %ld)",
                what, ran, N, count);
        }
    }
  return 0;
}
