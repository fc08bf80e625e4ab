/* for nowait: loops without the implicit barrier.  Two static loops of
   the same shape map iterations identically, so a thread may consume its
   own results of a nowait loop without a barrier; dynamic nowait loops
   are complete after an explicit barrier.  */
#define TEST "t_for_nowait"
#include "omp_test.h"

#define N 4000

static int a[N], b[N], c[N], d[N];

int
main(void)
{
  for (int round = 0; round < 20; round++)
    {
      memset(a, 0, sizeof a);
      memset(b, 0, sizeof b);
      memset(c, 0, sizeof c);
      memset(d, 0, sizeof d);
#pragma omp parallel
      {
#pragma omp for schedule(static) nowait
        for (int i = 0; i < N; i++)
          a[i] = i + round;
        /* Same iteration -> thread mapping as above: no barrier needed.  */
#pragma omp for schedule(static) nowait
        for (int i = 0; i < N; i++)
          {
            if (a[i] != i + round)
              fail("round %d: static nowait loops mapped iteration %d to "
                   "different threads (a[i]=%d)",
                   round, i, a[i]);
            b[i] = a[i] * 2;
          }
#pragma omp for schedule(static, 7) nowait
        for (int i = 0; i < N; i++)
          c[i] = 3 * i + round;
#pragma omp for schedule(static, 7) nowait
        for (int i = 0; i < N; i++)
          if (c[i] != 3 * i + round)
            fail("round %d: static,7 nowait loops mapped %d differently",
                 round, i);
#pragma omp for schedule(dynamic, 16) nowait
        for (int i = 0; i < N; i++)
          d[i] = 1;
#pragma omp for schedule(guided) nowait
        for (int i = 0; i < N; i++)
          __atomic_add_fetch(&d[N - 1 - i], 2, __ATOMIC_RELAXED);
#pragma omp barrier
#pragma omp for schedule(dynamic, 3)
        for (int i = 0; i < N; i++)
          if (d[i] != 3 && d[i] != 2 && d[i] != 1)
            fail("round %d: d[%d]=%d after nowait loops", round, i, d[i]);
      }
      /* The ordering between the dynamic store and the guided add is not
         fixed (nowait), but both must have happened exactly once.  */
      for (int i = 0; i < N; i++)
        CHECK(d[i] == 3 || d[i] == 1,
              "round %d: d[%d]=%d, expected both nowait loops' effects", round,
              i, d[i]);
    }
  return 0;
}
