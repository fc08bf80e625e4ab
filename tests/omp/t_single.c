/* single: each single construct is executed by exactly one thread of the
   team, and its implicit barrier makes the result visible to all threads
   afterwards.  Many consecutive singles (work-share bookkeeping).  */
#define TEST "t_single"
#include "omp_test.h"

#define ROUNDS 500

static int runs[ROUNDS];

int
main(void)
{
  int value = -1;
#pragma omp parallel
  {
    for (int r = 0; r < ROUNDS; r++)
      {
#pragma omp single
        {
          __atomic_add_fetch(&runs[r], 1, __ATOMIC_RELAXED);
          value = r * 3;
        }
        /* implicit barrier: everyone sees this round's value */
        if (value != r * 3)
          fail("round %d: after single a thread sees value %d", r, value);
        if (__atomic_load_n(&runs[r], __ATOMIC_RELAXED) != 1)
          fail("round %d: single body ran %d times", r, runs[r]);
#pragma omp barrier
      }
  }
  for (int r = 0; r < ROUNDS; r++)
    CHECK(runs[r] == 1, "single %d ran %d times", r, runs[r]);

  /* A single in a region of one thread, and one inside a loop body.  */
  int cnt = 0;
#pragma omp parallel num_threads(1)
#pragma omp single
  cnt++;
  CHECK(cnt == 1, "single in a team of one ran %d times", cnt);
  return 0;
}
