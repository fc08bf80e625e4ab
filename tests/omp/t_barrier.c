/* barrier: in each phase every thread writes its slot, and after the
   barrier every thread reads all slots of that phase; repeated many
   times, with uneven arrival (some threads sleep before arriving).  */
#define TEST "t_barrier"
#include "omp_test.h"

#define MAXT 1024
#define PHASES 300

static int slot[MAXT];

int
main(void)
{
  int n = 0;
#pragma omp parallel
  {
    int t = omp_get_thread_num();
    int nt = omp_get_num_threads();
    if (nt > MAXT)
      fail("team of %d too big for the test", nt);
    if (t == 0)
      n = nt;
    for (int ph = 1; ph <= PHASES; ph++)
      {
        if (ph % 50 == (t % 7))
          sleep_us(200); /* late arrival */
        __atomic_store_n(&slot[t], ph, __ATOMIC_RELAXED);
#pragma omp barrier
        for (int j = 0; j < nt; j++)
          {
            int v = __atomic_load_n(&slot[j], __ATOMIC_RELAXED);
            if (v != ph)
              fail("phase %d: thread %d read slot[%d]=%d after the barrier",
                   ph, t, j, v);
          }
#pragma omp barrier
      }
  }
  for (int j = 0; j < n; j++)
    CHECK(slot[j] == PHASES, "final slot[%d]=%d", j, slot[j]);
  return 0;
}
