/* for schedule(static, c): chunks of c iterations are dealt round-robin
   in thread-number order, so logical iteration k runs on thread
   (k / c) % nthreads -- exactly.  Also with a negative step.  */
#define TEST "t_for_static_chunk"
#include "omp_test.h"

#define N 1003

static int owner[N];

static void
reset(void)
{
  for (int i = 0; i < N; i++)
    owner[i] = -1;
}

static void
verify(const char *what, int c, int nt, int n)
{
  for (int k = 0; k < n; k++)
    {
      int want = (k / c) % nt;
      if (owner[k] != want)
        fail("%s chunk %d: logical iteration %d ran on thread %d, expected "
             "%d (nthreads %d)",
             what, c, k, owner[k], want, nt);
    }
}

#define RUN(CHUNK, PRAGMA)                                                           \
  do                                                                           \
    {                                                                          \
      reset();                                                                 \
      _Pragma("omp parallel")                                                  \
      {                                                                        \
        _Pragma("omp single") nt = omp_get_num_threads();                      \
        _Pragma(PRAGMA)                                                        \
        for (int i = 0; i < N; i++)                                            \
          if (__atomic_exchange_n(&owner[i], omp_get_thread_num(),             \
                                  __ATOMIC_RELAXED) != -1)                     \
            fail("chunk %d: iteration %d ran twice", CHUNK, i);                \
      }                                                                        \
      verify("schedule(static,c)", CHUNK, nt, N);                              \
    }                                                                          \
  while (0)

int
main(void)
{
  int nt = 0;
  RUN(1, "omp for schedule(static, 1)");
  RUN(2, "omp for schedule(static, 2)");
  RUN(3, "omp for schedule(static, 3)");
  RUN(7, "omp for schedule(static, 7)");
  RUN(64, "omp for schedule(static, 64)");
  RUN(2000, "omp for schedule(static, 2000)");

  /* Run-time chunk expression.  */
  for (int c = 1; c <= 9; c += 4)
    {
      reset();
#pragma omp parallel
      {
#pragma omp single
        nt = omp_get_num_threads();
#pragma omp for schedule(static, c)
        for (int i = 0; i < N; i++)
          owner[i] = omp_get_thread_num();
      }
      verify("schedule(static,expr)", c, nt, N);
    }

  /* Negative step: logical iteration k is i = 3000 - 3*k.  */
  reset();
#pragma omp parallel
  {
#pragma omp single
    nt = omp_get_num_threads();
#pragma omp for schedule(static, 5)
    for (int i = 3000; i > 3000 - 3 * N; i -= 3)
      owner[(3000 - i) / 3] = omp_get_thread_num();
  }
  verify("schedule(static,5) step -3", 5, nt, N);
  return 0;
}
