/* for schedule(monotonic:dynamic,c): chunks are handed out in increasing
   logical order, so each thread runs its iterations in increasing order;
   plus full coverage with chunks intact.  */
#define TEST "t_for_monotonic_dynamic"
#include "omp_test.h"

#define N 3000
#define MAXT 1024

static int owner[N];
static int lastseen[MAXT];

int
main(void)
{
  for (int c = 1; c <= 9; c += 4)
    {
      for (int i = 0; i < N; i++)
        owner[i] = -1;
      for (int t = 0; t < MAXT; t++)
        lastseen[t] = -1;
#pragma omp parallel
      {
        int t = omp_get_thread_num() % MAXT;
#pragma omp for schedule(monotonic : dynamic, c)
        for (int i = 0; i < N; i++)
          {
            if (i <= lastseen[t])
              fail("monotonic:dynamic,%d: thread %d ran %d after %d", c, t, i,
                   lastseen[t]);
            lastseen[t] = i;
            if (__atomic_exchange_n(&owner[i], t, __ATOMIC_RELAXED) != -1)
              fail("monotonic:dynamic,%d: iteration %d ran twice", c, i);
          }
      }
      for (int i = 0; i < N; i++)
        CHECK(owner[i] >= 0, "monotonic:dynamic,%d: %d never ran", c, i);
      for (int b = 0; b < N; b += c)
        for (int i = b; i < b + c && i < N; i++)
          CHECK(owner[i] == owner[b],
                "monotonic:dynamic,%d: chunk at %d split", c, b);
    }

  /* Combined form (GOMP_parallel_loop_dynamic).  */
  for (int t = 0; t < MAXT; t++)
    lastseen[t] = -1;
  int bad = 0;
#pragma omp parallel for schedule(monotonic : dynamic, 2)
  for (int i = 0; i < N; i++)
    {
      int t = omp_get_thread_num() % MAXT;
      if (i <= lastseen[t])
#pragma omp atomic write
        bad = i;
      lastseen[t] = i;
    }
  CHECK(bad == 0, "parallel for monotonic:dynamic: order broken at %d", bad);
  return 0;
}
