/* taskwait depend(in: x): waits for the sibling task that produces x
   (GOMP_taskwait_depend), after which x is final; unrelated tasks may
   still be running.  */
#define TEST "t_taskwait_depend"
#include "omp_test.h"

int
main(void)
{
  for (int round = 0; round < 50; round++)
    {
      int x = 0, y = 0, seen = -1, other = 0;
#pragma omp parallel
#pragma omp single
      {
#pragma omp task depend(out : x) shared(x)
        {
          sleep_us(round % 10 == 0 ? 400 : 20);
          x = round + 1;
        }
#pragma omp task depend(out : y) shared(y)
        y = 3;
#pragma omp task shared(other)
        {
#pragma omp atomic
          other++;
        }
#pragma omp taskwait depend(in : x)
        seen = x;
#pragma omp taskwait depend(inout : y)
        if (y != 3)
          seen = -2;
      }
      CHECK(seen != -2, "round %d: taskwait depend(inout:y) returned early",
            round);
      CHECK(seen == round + 1,
            "round %d: after taskwait depend(in:x) x=%d, expected %d", round,
            seen, round + 1);
      CHECK(other == 1, "round %d: unrelated task ran %d times", round, other);
    }
  return 0;
}
