/* sections with lastprivate (value from the lexically last section),
   firstprivate and reduction.  */
#define TEST "t_sections_lastprivate"
#include "omp_test.h"

int
main(void)
{
  for (int round = 0; round < 100; round++)
    {
      int x = -1, fp = 10, sum = 0;
#pragma omp parallel
#pragma omp sections lastprivate(x) firstprivate(fp) reduction(+ : sum)
      {
#pragma omp section
        {
          x = 1;
          sum += fp; /* 10: firstprivate copy of the original */
        }
#pragma omp section
        {
          x = 2;
          sum += fp * 2; /* 20 */
        }
#pragma omp section
        {
          x = 3;
          sum += fp * 3; /* 30 */
        }
#pragma omp section
        {
          sum += 4;
          x = 42 + round; /* lexically last section */
        }
      }
      CHECK(x == 42 + round, "round %d: lastprivate x=%d, expected %d", round,
            x, 42 + round);
      CHECK(sum == 64, "round %d: section reduction %d != 64", round, sum);
    }
  return 0;
}
