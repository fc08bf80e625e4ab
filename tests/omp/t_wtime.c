/* omp_get_wtime is monotonic and measures real elapsed time;
   omp_get_wtick is positive and small; both work in every thread.  */
#define TEST "t_wtime"
#include "omp_test.h"

int
main(void)
{
  double tick = omp_get_wtick();
  CHECK(tick > 0.0 && tick <= 0.01, "omp_get_wtick() = %g", tick);

  double prev = omp_get_wtime();
  for (int i = 0; i < 100000; i++)
    {
      double now = omp_get_wtime();
      CHECK(now >= prev, "omp_get_wtime went backwards: %.9f after %.9f", now,
            prev);
      prev = now;
    }
  double t0 = omp_get_wtime();
  sleep_us(30000);
  double dt = omp_get_wtime() - t0;
  CHECK(dt >= 0.025 && dt < 5.0, "30 ms sleep measured as %.6f s", dt);

  int bad = 0;
#pragma omp parallel
  {
    double p = omp_get_wtime();
    for (int i = 0; i < 20000; i++)
      {
        double q = omp_get_wtime();
        if (q < p)
#pragma omp atomic write
          bad = 1;
        p = q;
      }
    if (omp_get_wtick() <= 0.0)
#pragma omp atomic write
      bad = 2;
  }
  CHECK(bad != 1, "omp_get_wtime went backwards in a worker thread");
  CHECK(bad != 2, "omp_get_wtick() <= 0 in a worker thread");
  return 0;
}
