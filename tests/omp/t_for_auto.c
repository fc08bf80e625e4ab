/* for schedule(auto): the implementation picks; every iteration still
   runs exactly once, also for odd trip counts and in combined form.  */
#define TEST "t_for_auto"
#include "omp_test.h"

#define N 4099

static int hits[N];

int
main(void)
{
  static const int ns[] = { 0, 1, 2, 31, N };
  for (unsigned k = 0; k < sizeof ns / sizeof ns[0]; k++)
    {
      int n = ns[k];
      memset(hits, 0, sizeof hits);
#pragma omp parallel
#pragma omp for schedule(auto)
      for (int i = 0; i < n; i++)
        __atomic_add_fetch(&hits[i], 1, __ATOMIC_RELAXED);
      for (int i = 0; i < N; i++)
        CHECK(hits[i] == (i < n), "n=%d: iteration %d ran %d times", n, i,
              hits[i]);
    }
  long sum = 0;
#pragma omp parallel for schedule(auto) reduction(+ : sum)
  for (int i = 0; i < N; i++)
    sum += i;
  CHECK(sum == (long) N * (N - 1) / 2, "parallel for auto sum %ld", sum);
  return 0;
}
