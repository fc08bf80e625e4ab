/* Thousands of parallel regions back to back (thread pool reuse): every
   region must run on a full, correctly numbered team and see the data
   of that region, not a stale one.  */
#define TEST "t_parallel_many_regions"
#include "omp_test.h"

int
main(void)
{
  const int regions = 1500;
  for (int r = 0; r < regions; r++)
    {
      long sum = 0;
      int n = 0;
      int token = r * 7 + 1;
#pragma omp parallel firstprivate(token) shared(sum, n)
      {
        int t = omp_get_thread_num();
        if (token != r * 7 + 1)
          fail("region %d: firstprivate token %d is stale", r, token);
#pragma omp atomic
        sum += t + 1;
        if (t == 0)
          n = omp_get_num_threads();
      }
      CHECK(sum == (long) n * (n + 1) / 2,
            "region %d: thread-number sum %ld != %ld (team %d)", r, sum,
            (long) n * (n + 1) / 2, n);
      CHECK(n >= 1, "region %d: team size %d", r, n);
    }
  return 0;
}
