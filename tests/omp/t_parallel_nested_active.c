/* Nested active parallelism with omp_set_max_active_levels: level,
   active level, ancestor thread numbers and team sizes at every level.  */
#define TEST "t_parallel_nested_active"
#include "omp_test.h"

int
main(void)
{
  omp_set_max_active_levels(3);
  int mal = omp_get_max_active_levels();
  if (mal < 2 || omp_get_supported_active_levels() < 2)
    return 0; /* runtime supports no nesting: nothing to check */
  if (omp_get_dynamic())
    omp_set_dynamic(0);

  int inner_count = 0;
  int seen[2][3] = { { 0 } };
#pragma omp parallel num_threads(2)
  {
    int outer = omp_get_thread_num();
    if (omp_get_num_threads() != 2)
      fail("outer team size %d != 2", omp_get_num_threads());
#pragma omp parallel num_threads(3)
    {
      int inner = omp_get_thread_num();
      if (omp_get_num_threads() != 3)
        fail("inner team size %d != 3", omp_get_num_threads());
      if (omp_get_level() != 2)
        fail("inner omp_get_level() %d != 2", omp_get_level());
      if (omp_get_active_level() != 2)
        fail("inner omp_get_active_level() %d != 2",
             omp_get_active_level());
      if (!omp_in_parallel())
        fail("inner omp_in_parallel() false");
      if (omp_get_ancestor_thread_num(0) != 0)
        fail("omp_get_ancestor_thread_num(0) %d != 0",
             omp_get_ancestor_thread_num(0));
      if (omp_get_ancestor_thread_num(1) != outer)
        fail("omp_get_ancestor_thread_num(1) %d != outer thread %d",
             omp_get_ancestor_thread_num(1), outer);
      if (omp_get_ancestor_thread_num(2) != inner)
        fail("omp_get_ancestor_thread_num(2) %d != omp_get_thread_num() %d",
             omp_get_ancestor_thread_num(2), inner);
      if (omp_get_ancestor_thread_num(3) != -1
          || omp_get_ancestor_thread_num(-1) != -1)
        fail("omp_get_ancestor_thread_num out of range not -1");
      if (omp_get_team_size(0) != 1 || omp_get_team_size(1) != 2
          || omp_get_team_size(2) != 3)
        fail("omp_get_team_size(0/1/2) = %d/%d/%d, expected 1/2/3",
             omp_get_team_size(0), omp_get_team_size(1),
             omp_get_team_size(2));
      if (omp_get_team_size(3) != -1 || omp_get_team_size(-1) != -1)
        fail("omp_get_team_size out of range not -1");
#pragma omp atomic
      inner_count++;
#pragma omp atomic
      seen[outer][inner]++;
    }
    if (omp_get_level() != 1 || omp_get_active_level() != 1)
      fail("after inner region: level %d active %d, expected 1 1",
           omp_get_level(), omp_get_active_level());
  }
  CHECK(inner_count == 6, "inner regions ran %d threads, expected 6",
        inner_count);
  for (int o = 0; o < 2; o++)
    for (int i = 0; i < 3; i++)
      CHECK(seen[o][i] == 1, "(outer %d, inner %d) ran %d times", o, i,
            seen[o][i]);

  /* Three levels deep: 2*2*2 innermost threads, all distinct.  */
  if (mal >= 3)
    {
      int deep[8] = { 0 };
#pragma omp parallel num_threads(2)
#pragma omp parallel num_threads(2)
#pragma omp parallel num_threads(2)
      {
        if (omp_get_level() != 3 || omp_get_active_level() != 3)
          fail("level-3 region: level %d active %d", omp_get_level(),
               omp_get_active_level());
        int id = omp_get_ancestor_thread_num(1) * 4
                 + omp_get_ancestor_thread_num(2) * 2
                 + omp_get_ancestor_thread_num(3);
        if (id < 0 || id >= 8)
          fail("level-3 ancestor ids give %d", id);
#pragma omp atomic
        deep[id]++;
      }
      for (int i = 0; i < 8; i++)
        CHECK(deep[i] == 1, "3-deep nest: leaf %d ran %d times", i, deep[i]);
    }
  return 0;
}
