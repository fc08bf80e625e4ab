/* env: OMP_STACKSIZE=256K OMP_MAX_ACTIVE_LEVELS=2 OMP_NUM_THREADS=2 */
/* A chain of tasks, each making the next and returning, in teams of one
   nested on workers with small stacks: a runtime may run such a task
   where it is made, but must not nest them without bound (100000 links
   of a few frames each are far more than 256 KiB).  Each link also
   checks its firstprivate value and the taskgroup waits for them all. */
#define TEST "t_task_chain_alone"
#include "omp_test.h"

#define LINKS 100000L

static long made[2];

static void
link_task(int who, long n)
{
  __atomic_add_fetch(&made[who], 1, __ATOMIC_RELAXED);
  if (n > 0) {
#pragma omp task firstprivate(who, n)
    {
      if (n < 1 || n > LINKS)
        fail("link %ld: its firstprivate value was lost", n);
      link_task(who, n - 1);
    }
  }
}

int
main(void)
{
#pragma omp parallel num_threads(2)
  {
    int who = omp_get_thread_num();
#pragma omp parallel num_threads(1)
    {
      if (omp_get_num_threads() != 1)
        fail("inner team of %d threads", omp_get_num_threads());
#pragma omp taskgroup
      link_task(who, LINKS);
      long ran = __atomic_load_n(&made[who], __ATOMIC_RELAXED);
      CHECK(ran == LINKS + 1, "thread %d: %ld links ran by the taskgroup's end, expected %ld",
            who, ran, LINKS + 1);
    }
  }
  return 0;
}
