/* env: OMP_PLACES=threads OMP_PROC_BIND=close OMP_NUM_THREADS=2 */
/* OMP_PLACES=threads: one place per hardware thread available, each with
   exactly one processor, ids distinct; threads are on valid places.  */
#define TEST "t_env_places"
#include "omp_test.h"

int
main(void)
{
  int np = omp_get_num_places();
  CHECK(np == omp_get_num_procs(),
        "OMP_PLACES=threads: %d places for %d processors", np,
        omp_get_num_procs());
  int seen[4096] = { 0 };
  for (int p = 0; p < np; p++)
    {
      CHECK(omp_get_place_num_procs(p) == 1, "place %d has %d processors", p,
            omp_get_place_num_procs(p));
      int id = -1;
      omp_get_place_proc_ids(p, &id);
      CHECK(id >= 0 && id < 4096, "place %d has processor id %d", p, id);
      CHECK(!seen[id]++, "processor %d appears in two places", id);
    }
  int bad = 0;
#pragma omp parallel
  {
    int p = omp_get_place_num();
    if (p < 0 || p >= np)
#pragma omp atomic write
      bad = 1;
  }
  CHECK(!bad, "a thread is not on a valid place");
  CHECK(omp_get_proc_bind() == omp_proc_bind_close, "bind %d != close",
        (int) omp_get_proc_bind());
  return 0;
}
