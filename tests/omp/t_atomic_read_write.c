/* atomic read / atomic write: readers only ever observe values some
   writer stored (no torn 64-bit or double values), and after the region
   the last write is visible.  seq_cst variants included.  */
#define TEST "t_atomic_read_write"
#include "omp_test.h"

#define ITERS 20000

static long lv;
static double dv;

/* Valid long values have equal upper and lower halves.  */
static long
mk(unsigned k)
{
  return (long) (((unsigned long) k << 32) | k);
}

int
main(void)
{
  int torn = 0;
  lv = mk(0);
  dv = 0.0;
#pragma omp parallel
  {
    int t = omp_get_thread_num();
    int n = omp_get_num_threads();
    for (int k = 0; k < ITERS; k++)
      {
        if (n == 1 || t % 2 == 0)
          {
            /* (GCC 12 wrongly warns "set but not used" for a local whose
               only use is the right-hand side of an atomic write, so the
               expressions are written in place.)  */
#pragma omp atomic write
            lv = mk((unsigned) (t * ITERS + k) * 2654435761u);
#pragma omp atomic write seq_cst
            dv = (double) (k * 4 + 1);
          }
        if (n == 1 || t % 2 == 1)
          {
            long r;
#pragma omp atomic read
            r = lv;
            if ((unsigned long) r >> 32 != ((unsigned long) r & 0xffffffffu))
#pragma omp atomic write
              torn = 1;
            double rd;
#pragma omp atomic read seq_cst
            rd = dv;
            long ri = (long) rd;
            if ((double) ri != rd || (ri != 0 && ri % 4 != 1))
#pragma omp atomic write
              torn = 2;
          }
      }
  }
  CHECK(torn != 1, "atomic read saw a torn/unwritten long value");
  CHECK(torn != 2, "atomic read saw a double value nobody wrote");

  /* Last write wins and is visible after the region.  */
  int x = 0;
#pragma omp parallel num_threads(1)
  {
#pragma omp atomic write
    x = 17;
  }
  int y;
#pragma omp atomic read
  y = x;
  CHECK(y == 17, "atomic read after write got %d", y);
  return 0;
}
