/* for schedule(guided[,c]): every iteration exactly once; chunks are at
   least c iterations (except the one holding the last iteration), so any
   maximal run of consecutive iterations owned by one thread that does not
   hold the last iteration is at least c long.  */
#define TEST "t_for_guided"
#include "omp_test.h"

#define N 5000

static int owner[N];

static void
reset(void)
{
  for (int i = 0; i < N; i++)
    owner[i] = -1;
}

static void
verify(const char *what, int n, int c)
{
  for (int i = 0; i < n; i++)
    if (owner[i] < 0)
      fail("%s: iteration %d never ran", what, i);
  for (int i = n; i < N; i++)
    if (owner[i] != -1)
      fail("%s: iteration %d beyond n=%d ran", what, i, n);
  int start = 0;
  for (int i = 1; i <= n; i++)
    if (i == n || owner[i] != owner[start])
      {
        if (i != n && i - start < c)
          fail("%s: thread %d ran a chunk [%d,%d) of %d < chunk size %d",
               what, owner[start], start, i, i - start, c);
        start = i;
      }
}

#define BODY                                                                   \
  if (__atomic_exchange_n(&owner[i], omp_get_thread_num(), __ATOMIC_RELAXED)  \
      != -1)                                                                   \
    fail("iteration %d ran twice", i);

int
main(void)
{
  reset();
#pragma omp parallel
#pragma omp for schedule(guided)
  for (int i = 0; i < N; i++)
    {
      BODY
    }
  verify("schedule(guided)", N, 1);

  reset();
#pragma omp parallel
#pragma omp for schedule(guided, 13)
  for (int i = 0; i < N; i++)
    {
      BODY
    }
  verify("schedule(guided,13)", N, 13);

  static const int cs[] = { 1, 4, 50, 6000 };
  static const int ns[] = { 0, 1, 3, 99, N };
  for (unsigned a = 0; a < sizeof cs / sizeof cs[0]; a++)
    for (unsigned b = 0; b < sizeof ns / sizeof ns[0]; b++)
      {
        int c = cs[a], n = ns[b];
        char what[64];
        snprintf(what, sizeof what, "schedule(guided,%d) n=%d", c, n);
        reset();
#pragma omp parallel
#pragma omp for schedule(guided, c)
        for (int i = 0; i < n; i++)
          {
            BODY
          }
        verify(what, n, c);
      }

  /* Combined parallel for (GOMP_parallel_loop_nonmonotonic_guided).  */
  reset();
#pragma omp parallel for schedule(guided, 8)
  for (int i = 0; i < N; i++)
    {
      BODY
    }
  verify("parallel for schedule(guided,8)", N, 8);

  /* monotonic:guided, combined (GOMP_parallel_loop_guided) and orphaned
     (GOMP_loop_guided_start/next).  */
  reset();
#pragma omp parallel for schedule(monotonic : guided, 8)
  for (int i = 0; i < N; i++)
    {
      BODY
    }
  verify("parallel for schedule(monotonic:guided,8)", N, 8);
  /* (A parallel whose body is only the loop is compiled as a combined
     construct; the extra statement keeps this one a separate loop, so GCC
     emits GOMP_loop_guided_start/next.)  */
  reset();
  int team = 0;
#pragma omp parallel
  {
    if (omp_get_thread_num() == 0)
      team = omp_get_num_threads();
#pragma omp for schedule(monotonic : guided, 3)
    for (int i = 0; i < N; i++)
      {
        BODY
      }
  }
  verify("schedule(monotonic:guided,3)", N, 3);
  CHECK(team >= 1, "team size %d", team);
  return 0;
}
