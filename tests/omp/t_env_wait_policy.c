/* env: OMP_WAIT_POLICY=passive OMP_NUM_THREADS=4 */
/* OMP_WAIT_POLICY=passive: waiting threads sleep instead of spinning;
   barriers, locks and loops still synchronise correctly.  */
#define TEST "t_env_wait_policy"
#include "omp_test.h"

static int slot[4];

int
main(void)
{
  long counter = 0;
#pragma omp parallel
  {
    int t = omp_get_thread_num(), n = omp_get_num_threads();
    for (int ph = 1; ph <= 100; ph++)
      {
        if (t < 4)
          __atomic_store_n(&slot[t], ph, __ATOMIC_RELAXED);
#pragma omp barrier
        for (int j = 0; j < n && j < 4; j++)
          if (__atomic_load_n(&slot[j], __ATOMIC_RELAXED) != ph)
            fail("phase %d: slot %d stale after barrier", ph, j);
#pragma omp barrier
#pragma omp critical
        counter++;
      }
  }
  CHECK(counter == 400, "critical counter %ld != 400", counter);
  return 0;
}
