/* env: OMP_DYNAMIC=true OMP_NUM_THREADS=4 */
/* OMP_DYNAMIC=true: omp_get_dynamic() is true; teams may be smaller than
   requested but never larger, and work is still done exactly once.  */
#define TEST "t_env_dynamic"
#include "omp_test.h"

int
main(void)
{
  CHECK(omp_get_dynamic() == 1, "OMP_DYNAMIC=true but omp_get_dynamic() %d",
        omp_get_dynamic());
  for (int round = 0; round < 50; round++)
    {
      int size = 0, cnt = 0;
      long sum = 0;
#pragma omp parallel reduction(+ : sum)
      {
#pragma omp atomic
        cnt++;
        if (omp_get_thread_num() == 0)
          size = omp_get_num_threads();
#pragma omp for schedule(dynamic)
        for (int i = 0; i < 1000; i++)
          sum += i;
      }
      CHECK(size >= 1 && size <= 4 && cnt == size,
            "round %d: dynamic team %d (%d ran), requested 4", round, size,
            cnt);
      CHECK(sum == 499500, "round %d: loop sum %ld", round, sum);
    }
  return 0;
}
