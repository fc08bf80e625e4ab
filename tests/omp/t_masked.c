/* masked (OpenMP 5.1): without filter only thread 0; filter(k) only
   thread k (and nobody if k is not in the team).  */
#define TEST "t_masked"
#include "omp_test.h"

int
main(void)
{
  int n = 0, runs0 = 0, runs1 = 0, runs_big = 0, wrong = -1;
#pragma omp parallel
  {
#pragma omp single
    n = omp_get_num_threads();
#pragma omp masked
    {
#pragma omp atomic
      runs0++;
      if (omp_get_thread_num() != 0)
        wrong = omp_get_thread_num();
    }
#pragma omp masked filter(1)
    {
#pragma omp atomic
      runs1++;
      if (omp_get_thread_num() != 1)
        wrong = omp_get_thread_num();
    }
    int f = omp_get_num_threads() + 5;
#pragma omp masked filter(f)
#pragma omp atomic
    runs_big++;
  }
  CHECK(wrong == -1, "masked ran on wrong thread %d", wrong);
  CHECK(runs0 == 1, "masked (thread 0) ran %d times", runs0);
  CHECK(runs1 == (n > 1 ? 1 : 0), "masked filter(1) ran %d times in team of %d",
        runs1, n);
  CHECK(runs_big == 0, "masked filter(n+5) ran %d times", runs_big);
  return 0;
}
