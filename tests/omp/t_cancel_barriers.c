/* In a parallel region that contains "cancel parallel", the implicit
   barriers of worksharing constructs (for, sections, single) are
   cancellation points (GCC emits GOMP_loop_end_cancel,
   GOMP_sections_end_cancel, GOMP_barrier_cancel).  Thread 0 cancels the
   region instead of joining the construct; the other threads, already
   waiting in the construct's barrier for thread 0, must be released and
   leave the region -- nobody runs the code after the construct.  With
   cancellation disabled everything runs normally.  */
#define TEST "t_cancel_barriers"
#include "omp_test.h"

#define N 400

enum { LOOP, SECTIONS, SINGLE, NKINDS };
static const char *const kind_name[] = { "for", "sections", "single" };

int
main(void)
{
  int on = omp_get_cancellation();
  for (int kind = 0; kind < NKINDS; kind++)
    for (int round = 0; round < 5; round++)
      {
        int after = 0, n = 0, iters = 0, secs = 0, singles = 0;
#pragma omp parallel shared(after, n, iters, secs, singles)
        {
          if (omp_get_thread_num() == 0)
            {
              n = omp_get_num_threads();
              /* let the others reach the construct's barrier first */
              sleep_us(round == 0 ? 3000 : 300);
#pragma omp cancel parallel
            }
          if (kind == LOOP)
            {
#pragma omp for schedule(dynamic, 8)
              for (int i = 0; i < N; i++)
#pragma omp atomic
                iters++;
            }
          else if (kind == SECTIONS)
            {
#pragma omp sections
              {
#pragma omp section
#pragma omp atomic
                secs++;
#pragma omp section
#pragma omp atomic
                secs++;
              }
            }
          else
            {
#pragma omp single
#pragma omp atomic
              singles++;
            }
#pragma omp atomic
          after++;
        }
        const char *k = kind_name[kind];
        if (on)
          CHECK(after == 0,
                "round %d: %d threads passed the end of a %s construct in a "
                "cancelled region",
                round, after, k);
        else
          {
            CHECK(after == n, "cancellation off: %d of %d threads after %s",
                  after, n, k);
            if (kind == LOOP)
              CHECK(iters == N, "cancellation off: %d iterations", iters);
            if (kind == SECTIONS)
              CHECK(secs == 2, "cancellation off: %d sections", secs);
            if (kind == SINGLE)
              CHECK(singles == 1, "cancellation off: %d singles", singles);
          }
        CHECK(iters <= N && secs <= 2 && singles <= 1,
              "%s: work done more than once (%d/%d/%d)", k, iters, secs,
              singles);
      }
  return 0;
}
