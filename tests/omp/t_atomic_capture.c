/* atomic capture: v = x++ hands out unique tickets (every value
   0..total-1 exactly once), the structured forms {v = x; x op= e;} and
   {x op= e; v = x;}, and OpenMP 5.1 atomic compare / compare capture.  */
#define TEST "t_atomic_capture"
#include "omp_test.h"

#define PER 500
#define MAXT 512

static int got[MAXT * PER];

int
main(void)
{
  int ticket = 0, n = 0;
  long acc = 0;
  int maxv = -1;
  int owner = -1, winners = 0;
#pragma omp parallel
  {
    int t = omp_get_thread_num();
#pragma omp single
    n = omp_get_num_threads();
    if (omp_get_num_threads() > MAXT)
      fail("team too large for the test");
    for (int k = 0; k < PER; k++)
      {
        int v;
#pragma omp atomic capture
        v = ticket++;
        if (v < 0 || v >= MAXT * PER)
          fail("ticket %d out of range", v);
        __atomic_add_fetch(&got[v], 1, __ATOMIC_RELAXED);

        long before, after;
#pragma omp atomic capture
        {
          before = acc;
          acc += 5;
        }
#pragma omp atomic capture
        {
          acc -= 2;
          after = acc;
        }
        /* Every thread adds 5 before it subtracts 2, so acc never drops
           below 0, and right after our own -2 it is at least 3.  */
        if (before < 0 || after < 3)
          fail("capture saw acc before=%ld after=%ld", before, after);
        /* atomic compare (max).  */
        int cand = t * PER + k;
#pragma omp atomic compare
        if (maxv < cand)
          {
            maxv = cand;
          }
      }
    /* compare capture: only one thread can swing owner from -1.  */
    int old;
#pragma omp atomic compare capture
    {
      old = owner;
      if (owner == -1)
        {
          owner = t;
        }
    }
    if (old == -1)
#pragma omp atomic
      winners++;
  }
  int total = n * PER;
  CHECK(ticket == total, "ticket counter %d != %d", ticket, total);
  for (int v = 0; v < total; v++)
    CHECK(got[v] == 1, "ticket %d handed out %d times", v, got[v]);
  CHECK(acc == 3L * total, "capture forms: acc %ld != %ld", acc, 3L * total);
  CHECK(maxv == (n - 1) * PER + PER - 1, "atomic compare max %d != %d", maxv,
        (n - 1) * PER + PER - 1);
  CHECK(winners == 1, "compare capture: %d threads won the swap", winners);
  CHECK(owner >= 0 && owner < n, "compare capture: owner %d", owner);
  return 0;
}
