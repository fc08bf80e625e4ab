/* taskyield is a valid scheduling point anywhere in tasks and implicit
   tasks: every task still completes once with correct results.  (No
   test relies on taskyield actually switching tasks -- it may be a
   no-op.)  */
#define TEST "t_taskyield"
#include "omp_test.h"

int
main(void)
{
  long sum = 0;
  int n = 0;
#pragma omp parallel
  {
#pragma omp single
    n = omp_get_num_threads();
#pragma omp taskyield
    for (int i = 0; i < 100; i++)
      {
#pragma omp task shared(sum) firstprivate(i)
        {
#pragma omp taskyield
#pragma omp atomic
          sum += i;
#pragma omp taskyield
        }
        if (i % 10 == 0)
          {
#pragma omp taskyield
          }
      }
  }
  CHECK(sum == 4950L * n, "taskyield tasks: sum %ld != %ld", sum, 4950L * n);
  return 0;
}
