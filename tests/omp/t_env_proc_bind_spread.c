/* env: OMP_PROC_BIND=spread OMP_NUM_THREADS=4 */
/* OMP_PROC_BIND=spread: omp_get_proc_bind() is spread in the initial task
   and (single-element list) in implicit tasks; places exist and every
   thread is on a valid place inside its partition.  */
#define TEST "t_env_proc_bind_spread"
#include "omp_test.h"

int
main(void)
{
  CHECK(omp_get_proc_bind() == omp_proc_bind_spread,
        "OMP_PROC_BIND=spread but omp_get_proc_bind() %d",
        (int) omp_get_proc_bind());
  int np = omp_get_num_places();
  CHECK(np >= 1, "OMP_PROC_BIND set but omp_get_num_places() %d", np);
  int bad = 0, cnt = 0;
#pragma omp parallel
  {
#pragma omp atomic
    cnt++;
    if (omp_get_proc_bind() != omp_proc_bind_spread)
#pragma omp atomic write
      bad = 1;
    int p = omp_get_place_num();
    if (p < 0 || p >= np)
#pragma omp atomic write
      bad = 2;
    int pp = omp_get_partition_num_places();
    if (pp < 1 || pp > np)
#pragma omp atomic write
      bad = 3;
  }
  CHECK(bad != 1, "implicit task bind-var is not spread");
  CHECK(bad != 2, "a thread is on no valid place");
  CHECK(bad != 3, "a thread's place partition is empty or too big");
  CHECK(cnt == 4, "team of %d, expected 4", cnt);
  return 0;
}
