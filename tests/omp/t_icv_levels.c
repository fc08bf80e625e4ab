/* max-active-levels-var, supported levels, thread-limit-var and the
   level queries outside any region.  */
#define TEST "t_icv_levels"
#include "omp_test.h"

int
main(void)
{
  int sup = omp_get_supported_active_levels();
  CHECK(sup >= 1, "omp_get_supported_active_levels() %d", sup);
  int lim = omp_get_thread_limit();
  CHECK(lim >= 1, "omp_get_thread_limit() %d", lim);
  if (!getenv("OMP_THREAD_LIMIT"))
    CHECK(lim >= omp_get_max_threads(),
          "thread limit %d below omp_get_max_threads() %d", lim,
          omp_get_max_threads());
  CHECK(omp_get_level() == 0 && omp_get_active_level() == 0,
        "sequential level %d active level %d", omp_get_level(),
        omp_get_active_level());
  CHECK(omp_get_ancestor_thread_num(0) == 0 && omp_get_team_size(0) == 1,
        "sequential ancestor(0)=%d team_size(0)=%d",
        omp_get_ancestor_thread_num(0), omp_get_team_size(0));
  CHECK(omp_get_ancestor_thread_num(1) == -1 && omp_get_team_size(1) == -1,
        "sequential ancestor(1)=%d team_size(1)=%d (expected -1)",
        omp_get_ancestor_thread_num(1), omp_get_team_size(1));

  for (int v = 1; v <= 4 && v <= sup; v++)
    {
      omp_set_max_active_levels(v);
      CHECK(omp_get_max_active_levels() == v,
            "omp_set_max_active_levels(%d) then get %d", v,
            omp_get_max_active_levels());
    }
  omp_set_max_active_levels(sup + 1000);
  CHECK(omp_get_max_active_levels() == sup,
        "max-active-levels above the supported %d gave %d", sup,
        omp_get_max_active_levels());
  omp_set_max_active_levels(0);
  CHECK(omp_get_max_active_levels() == 0,
        "omp_set_max_active_levels(0) then get %d",
        omp_get_max_active_levels());
  /* With 0 active levels allowed every region is inactive.  */
  int size = -1, lvl = -1, alvl = -1;
#pragma omp parallel num_threads(3)
  {
    size = omp_get_num_threads();
    lvl = omp_get_level();
    alvl = omp_get_active_level();
  }
  CHECK(size == 1 && lvl == 1 && alvl == 0,
        "max-active-levels 0: team %d level %d active %d", size, lvl, alvl);

  omp_set_max_active_levels(1);
  int inner_max = -1;
#pragma omp parallel num_threads(2)
  if (omp_get_thread_num() == 0)
    inner_max = omp_get_max_active_levels();
  CHECK(inner_max == 1, "max-active-levels inside a region %d, not inherited",
        inner_max);
  return 0;
}
