/* env: OMP_SCHEDULE=static,4 OMP_NUM_THREADS=3 */
/* OMP_SCHEDULE=static,4: omp_get_schedule reports it and schedule(runtime)
   loops follow the exact static round-robin mapping.  */
#define TEST "t_env_schedule_static"
#include "omp_test.h"

#define N 1001

static int owner[N];

int
main(void)
{
  omp_sched_t k;
  int c;
  omp_get_schedule(&k, &c);
  CHECK((k & ~omp_sched_monotonic) == omp_sched_static && c == 4,
        "OMP_SCHEDULE=static,4 but omp_get_schedule gives %#x,%d",
        (unsigned) k, c);
  int nt = 0;
#pragma omp parallel
  {
#pragma omp single
    nt = omp_get_num_threads();
#pragma omp for schedule(runtime)
    for (int i = 0; i < N; i++)
      owner[i] = omp_get_thread_num();
  }
  CHECK(nt == 3, "team %d != 3", nt);
  for (int i = 0; i < N; i++)
    CHECK(owner[i] == (i / 4) % nt,
          "iteration %d on thread %d, static,4 requires %d", i, owner[i],
          (i / 4) % nt);
  return 0;
}
