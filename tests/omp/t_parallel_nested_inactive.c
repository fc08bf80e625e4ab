/* With max-active-levels 1 a nested parallel region is inactive: team
   of one, level 2, active level 1.  */
#define TEST "t_parallel_nested_inactive"
#include "omp_test.h"

int
main(void)
{
  omp_set_max_active_levels(1);
  CHECK(omp_get_max_active_levels() == 1, "omp_get_max_active_levels() %d != 1",
        omp_get_max_active_levels());
  int outer_n = 0, inner_runs = 0;
#pragma omp parallel num_threads(3)
  {
    int outer = omp_get_thread_num();
    int want_active = omp_get_num_threads() > 1 ? 1 : 0;
    if (outer == 0)
      outer_n = omp_get_num_threads();
#pragma omp parallel num_threads(4)
    {
      if (omp_get_num_threads() != 1 || omp_get_thread_num() != 0)
        fail("inactive nested region has team size %d (thread %d)",
             omp_get_num_threads(), omp_get_thread_num());
      if (omp_get_level() != 2)
        fail("inactive nested region: omp_get_level() %d != 2",
             omp_get_level());
      if (omp_get_active_level() != want_active)
        fail("inactive nested region: omp_get_active_level() %d != %d",
             omp_get_active_level(), want_active);
      if (omp_get_team_size(2) != 1 || omp_get_ancestor_thread_num(2) != 0)
        fail("inactive nested region: team_size(2)=%d ancestor(2)=%d",
             omp_get_team_size(2), omp_get_ancestor_thread_num(2));
      if (omp_get_ancestor_thread_num(1) != outer)
        fail("ancestor(1) %d != outer thread %d",
             omp_get_ancestor_thread_num(1), outer);
#pragma omp atomic
      inner_runs++;
    }
  }
  CHECK(inner_runs == outer_n, "inner regions ran %d times, outer team %d",
        inner_runs, outer_n);
  return 0;
}
