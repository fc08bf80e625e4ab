/* A region with many more threads than processors: every thread runs,
   barriers work, and all threads see each other's writes.  */
#define TEST "t_parallel_oversubscribe"
#include "omp_test.h"

#define MAXT 64

int
main(void)
{
  int procs = omp_get_num_procs();
  int want = procs * 4 + 1;
  if (want > MAXT)
    want = MAXT;
  if (want > omp_get_thread_limit())
    want = omp_get_thread_limit();
  int slots[MAXT];
  int size = 0;
  memset(slots, 0, sizeof slots);
#pragma omp parallel num_threads(want)
  {
    int t = omp_get_thread_num();
    int n = omp_get_num_threads();
    for (int phase = 1; phase <= 5; phase++)
      {
        __atomic_store_n(&slots[t], phase * 100 + t, __ATOMIC_RELAXED);
#pragma omp barrier
        for (int j = 0; j < n; j++)
          if (__atomic_load_n(&slots[j], __ATOMIC_RELAXED) != phase * 100 + j)
            fail("phase %d: thread %d sees slot[%d]=%d", phase, t, j,
                 slots[j]);
#pragma omp barrier
      }
    if (t == 0)
      size = n;
  }
  if (!omp_get_dynamic())
    CHECK(size == want, "team of %d, asked %d on %d procs", size, want,
          procs);
  return 0;
}
