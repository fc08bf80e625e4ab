/* Host teams (OpenMP 5.0, GOMP_teams_reg): teams num_teams(n) creates at
   most n initial teams, each team number once; a parallel region inside a
   team honours thread_limit; teams distribute parallel for covers every
   iteration exactly once.  */
#define TEST "t_teams_host"
#include "omp_test.h"

#define N 3000

static int seen_team[8];
static int hits[N];

int
main(void)
{
  int nteams = -1, over_limit = 0;
#pragma omp teams num_teams(4) thread_limit(2)
  {
    int t = omp_get_team_num();
    int n = omp_get_num_teams();
    if (t == 0)
      nteams = n;
    if (t >= 0 && t < 8)
      __atomic_add_fetch(&seen_team[t], 1, __ATOMIC_RELAXED);
#pragma omp parallel
    {
      if (omp_get_num_threads() > 2)
        __atomic_store_n(&over_limit, omp_get_num_threads(),
                         __ATOMIC_RELAXED);
    }
  }
  CHECK(nteams >= 1 && nteams <= 4, "num_teams(4) created %d teams", nteams);
  for (int t = 0; t < 8; t++)
    CHECK(seen_team[t] == (t < nteams), "team %d ran %d times (%d teams)", t,
          seen_team[t], nteams);
  CHECK(!over_limit, "a parallel region in a team with thread_limit(2) had "
        "%d threads",
        over_limit);

#pragma omp teams distribute parallel for num_teams(3)
  for (int i = 0; i < N; i++)
    __atomic_add_fetch(&hits[i], 1, __ATOMIC_RELAXED);
  for (int i = 0; i < N; i++)
    CHECK(hits[i] == 1, "teams distribute parallel for: %d ran %d times", i,
          hits[i]);
  CHECK(omp_get_num_teams() == 1 && omp_get_team_num() == 0,
        "after teams: %d teams, team %d", omp_get_num_teams(),
        omp_get_team_num());
  return 0;
}
