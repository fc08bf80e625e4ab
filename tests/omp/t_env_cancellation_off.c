/* env: OMP_CANCELLATION=false OMP_NUM_THREADS=4 */
/* OMP_CANCELLATION=false: omp_get_cancellation() is 0 and cancel
   constructs are no-ops -- all loop iterations, sections and code after
   the cancel construct still run.  */
#define TEST "t_env_cancellation_off"
#include "omp_test.h"

int
main(void)
{
  CHECK(omp_get_cancellation() == 0, "omp_get_cancellation() %d",
        omp_get_cancellation());
  int iters = 0, after = 0, secs = 0, par_after = 0;
#pragma omp parallel
  {
#pragma omp for schedule(dynamic)
    for (int i = 0; i < 1000; i++)
      {
        if (i == 3)
          {
#pragma omp cancel for
#pragma omp atomic
            after++;
          }
#pragma omp cancellation point for
#pragma omp atomic
        iters++;
      }
#pragma omp sections
    {
#pragma omp section
      {
#pragma omp cancel sections
#pragma omp atomic
        secs++;
      }
#pragma omp section
#pragma omp atomic
      secs++;
    }
#pragma omp cancel parallel
#pragma omp atomic
    par_after++;
  }
  CHECK(iters == 1000 && after == 1, "cancel for acted: %d iterations, after "
        "%d",
        iters, after);
  CHECK(secs == 2, "cancel sections acted: %d sections", secs);
  CHECK(par_after == 4, "cancel parallel acted: %d threads continued",
        par_after);
  return 0;
}
