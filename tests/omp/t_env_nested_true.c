/* env: OMP_NESTED=true OMP_NUM_THREADS=2 */
/* Deprecated OMP_NESTED=true still enables nested parallelism:
   omp_get_nested() is true, max-active-levels > 1 and nested regions get
   real teams.  */
#define TEST "t_env_nested_true"
#include "omp_test.h"

#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

int
main(void)
{
  CHECK(omp_get_nested() == 1, "OMP_NESTED=true but omp_get_nested() %d",
        omp_get_nested());
  CHECK(omp_get_max_active_levels() > 1, "max-active-levels %d",
        omp_get_max_active_levels());
  int inner = 0, active2 = 0;
#pragma omp parallel
#pragma omp parallel
  {
#pragma omp atomic
    inner++;
    if (omp_get_active_level() == 2)
#pragma omp atomic
      active2++;
  }
  CHECK(inner == 4 && active2 == 4,
        "nested regions: %d threads, %d at active level 2 (expected 4, 4)",
        inner, active2);
  return 0;
}
