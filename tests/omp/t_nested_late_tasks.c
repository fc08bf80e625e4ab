/* env: OMP_NUM_THREADS=3 OMP_MAX_ACTIVE_LEVELS=2 */
/* Nested regions back to back on every outer thread, each inner team of
   1 to 4 threads (more threads than this machine likely has processors,
   so members are slow to leave a region's last barrier), whose last
   member makes tasks late, while the others may be at the join already.
   The inner teams are spare teams, refilled from the thread pool in a new
   order each time: a member still leaving the last region must not take
   the next region's tasks, nor give back another member's task count
   (either made a join wait forever, or end before its tasks ran). */
#define TEST "t_nested_late_tasks"
#include "omp_test.h"

#define ROUNDS 2000
#define TASKS 20

static void
spin_a_little(int k)
{
  for (volatile int i = 0; i < k; i++)
    ;
}

int
main(void)
{
  omp_set_max_active_levels(2);
#pragma omp parallel
  {
    int outer = omp_get_thread_num();
    for (int r = 0; r < ROUNDS; r++) {
      int want = 1 + (r + outer) % 4;
      long ran = 0;
      int got = 0;
#pragma omp parallel num_threads(want) shared(ran, got)
      {
        int me = omp_get_thread_num(), n = omp_get_num_threads();
        if (me == 0)
          got = n;
        if (me == n - 1) {
          spin_a_little(100 * (r % 5));
          for (int k = 0; k < TASKS; k++) {
#pragma omp task shared(ran)
            {
              spin_a_little(30);
#pragma omp atomic
              ran++;
            }
          }
        }
      }
      CHECK(got == want, "outer %d round %d: inner team of %d, asked for %d", outer, r, got,
            want);
      CHECK(ran == TASKS, "outer %d round %d: %ld of %d tasks ran by the inner join", outer, r,
            ran, TASKS);
    }
  }
  return 0;
}
