/* env: OMP_PROC_BIND=true OMP_NUM_THREADS=4 */
/* proc_bind(close/spread/master/primary) on parallel: with bind-var
   true the clause is honoured, and (as in libgomp) omp_get_proc_bind()
   inside the region reports the clause's policy; each thread gets a
   valid place.  The regions must also run normally.  */
#define TEST "t_parallel_proc_bind"
#include "omp_test.h"

#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

static void
check_team(const char *what, omp_proc_bind_t want, omp_proc_bind_t got,
           int place, int nplaces)
{
  if (got != want)
    fail("%s: omp_get_proc_bind() %d != %d", what, (int) got, (int) want);
  if (nplaces > 0 && (place < 0 || place >= nplaces))
    fail("%s: omp_get_place_num() %d not in [0,%d)", what, place, nplaces);
}

int
main(void)
{
  CHECK(omp_get_proc_bind() == omp_proc_bind_true,
        "OMP_PROC_BIND=true: omp_get_proc_bind() %d != %d",
        (int) omp_get_proc_bind(), (int) omp_proc_bind_true);
  int np = omp_get_num_places();
  CHECK(np >= 1, "OMP_PROC_BIND=true but omp_get_num_places() %d", np);
  int count = 0;

#pragma omp parallel proc_bind(close) num_threads(4)
  {
    check_team("proc_bind(close)", omp_proc_bind_close, omp_get_proc_bind(),
               omp_get_place_num(), np);
#pragma omp atomic
    count++;
  }
#pragma omp parallel proc_bind(spread) num_threads(4)
  {
    check_team("proc_bind(spread)", omp_proc_bind_spread,
               omp_get_proc_bind(), omp_get_place_num(), np);
    /* A spread sub-partition is non-empty and inside the full list.  */
    int pp = omp_get_partition_num_places();
    if (pp < 1 || pp > np)
      fail("proc_bind(spread): partition has %d places of %d", pp, np);
#pragma omp atomic
    count++;
  }
#pragma omp parallel proc_bind(master) num_threads(4)
  {
    check_team("proc_bind(master)", omp_proc_bind_master,
               omp_get_proc_bind(), omp_get_place_num(), np);
#pragma omp atomic
    count++;
  }
  int master_place = omp_get_place_num();
  int bad_primary = 0;
#pragma omp parallel proc_bind(primary) num_threads(4)
  {
    check_team("proc_bind(primary)", omp_proc_bind_primary,
               omp_get_proc_bind(), omp_get_place_num(), np);
    /* primary: every thread is on the primary thread's place.  */
    if (omp_get_place_num() != master_place)
#pragma omp atomic write
      bad_primary = 1;
#pragma omp atomic
    count++;
  }
  CHECK(!bad_primary, "proc_bind(primary): a thread is not on place %d",
        master_place);
  CHECK(count == 16, "the four regions ran %d threads, expected 16", count);
  CHECK(omp_get_proc_bind() == omp_proc_bind_true,
        "proc_bind clause changed the sequential bind-var to %d",
        (int) omp_get_proc_bind());
  return 0;
}
