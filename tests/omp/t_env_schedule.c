/* env: OMP_SCHEDULE=dynamic,3 OMP_NUM_THREADS=4 */
/* OMP_SCHEDULE is read at start-up: omp_get_schedule reports dynamic,3
   and schedule(runtime) loops hand out whole chunks of 3.  */
#define TEST "t_env_schedule"
#include "omp_test.h"

#define N 999

static int owner[N], seq[N];

int
main(void)
{
  omp_sched_t k;
  int c;
  omp_get_schedule(&k, &c);
  CHECK((k & ~omp_sched_monotonic) == omp_sched_dynamic && c == 3,
        "OMP_SCHEDULE=dynamic,3 but omp_get_schedule gives %#x,%d",
        (unsigned) k, c);
  for (int i = 0; i < N; i++)
    owner[i] = -1;
#pragma omp parallel
  {
    int s = 0;
#pragma omp for schedule(runtime)
    for (int i = 0; i < N; i++)
      {
        if (__atomic_exchange_n(&owner[i], omp_get_thread_num(),
                                __ATOMIC_RELAXED)
            != -1)
          fail("iteration %d ran twice", i);
        seq[i] = s++;
      }
  }
  for (int b = 0; b < N; b += 3)
    for (int i = b; i < b + 3; i++)
      CHECK(owner[i] >= 0 && owner[i] == owner[b]
                && (i == b || seq[i] == seq[i - 1] + 1),
            "runtime schedule from OMP_SCHEDULE: chunk at %d not whole", b);
  return 0;
}
