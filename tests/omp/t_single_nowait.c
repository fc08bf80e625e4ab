/* single nowait: each single still runs exactly once even though threads
   do not wait at its end, across many back-to-back singles.  */
#define TEST "t_single_nowait"
#include "omp_test.h"

#define ROUNDS 2000

static int runs[ROUNDS];

int
main(void)
{
  int total = 0;
#pragma omp parallel
  {
    for (int r = 0; r < ROUNDS; r++)
      {
#pragma omp single nowait
        {
          __atomic_add_fetch(&runs[r], 1, __ATOMIC_RELAXED);
#pragma omp atomic
          total++;
        }
      }
#pragma omp barrier
    if (__atomic_load_n(&total, __ATOMIC_RELAXED) != ROUNDS)
      fail("after barrier total singles %d != %d", total, ROUNDS);
  }
  for (int r = 0; r < ROUNDS; r++)
    CHECK(runs[r] == 1, "single nowait %d ran %d times", r, runs[r]);
  return 0;
}
