/* env: OMP_NUM_THREADS=3,2 OMP_MAX_ACTIVE_LEVELS=2 */
/* OMP_NUM_THREADS as a list: level-1 teams get 3 threads, level-2 teams 2;
   omp_get_max_threads() follows the list per level; with
   OMP_MAX_ACTIVE_LEVELS=2 a third level is inactive.  */
#define TEST "t_env_nested_list"
#include "omp_test.h"

int
main(void)
{
  CHECK(omp_get_max_threads() == 3, "top-level omp_get_max_threads() %d != 3",
        omp_get_max_threads());
  CHECK(omp_get_max_active_levels() == 2,
        "OMP_MAX_ACTIVE_LEVELS=2 but omp_get_max_active_levels() %d",
        omp_get_max_active_levels());
  int outer_size = 0, inner_total = 0, bad_inner = 0, bad_max = 0,
      third_bad = 0, third = 0;
#pragma omp parallel
  {
    if (omp_get_thread_num() == 0)
      outer_size = omp_get_num_threads();
    if (omp_get_max_threads() != 2)
#pragma omp atomic write
      bad_max = omp_get_max_threads();
#pragma omp parallel
    {
#pragma omp atomic
      inner_total++;
      if (omp_get_num_threads() != 2)
#pragma omp atomic write
        bad_inner = omp_get_num_threads();
#pragma omp parallel
      {
#pragma omp atomic
        third++;
        if (omp_get_num_threads() != 1 || omp_get_active_level() != 2
            || omp_get_level() != 3)
#pragma omp atomic write
          third_bad = 1;
      }
    }
  }
  CHECK(outer_size == 3, "outer team %d != 3", outer_size);
  CHECK(!bad_max, "omp_get_max_threads() in level 1 was %d, expected 2",
        bad_max);
  CHECK(!bad_inner, "inner team of %d, expected 2", bad_inner);
  CHECK(inner_total == 6, "inner regions ran %d threads, expected 6",
        inner_total);
  CHECK(third == 6 && !third_bad,
        "third level: %d threads ran, must be 6 inactive teams of one", third);
  return 0;
}
