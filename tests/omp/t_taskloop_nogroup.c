/* taskloop nogroup: no implicit taskgroup, so the tasks are completed by
   a following taskwait (or the barrier); iterations all run once.  */
#define TEST "t_taskloop_nogroup"
#include "omp_test.h"

#define N 3000

static int hits[N];

int
main(void)
{
  int bad = 0;
  for (int round = 0; round < 10; round++)
    {
      memset(hits, 0, sizeof hits);
#pragma omp parallel
#pragma omp single
      {
#pragma omp taskloop nogroup grainsize(50)
        for (int i = 0; i < N; i++)
          __atomic_add_fetch(&hits[i], 1, __ATOMIC_RELAXED);
#pragma omp taskloop nogroup num_tasks(3)
        for (int i = 0; i < N; i += 2)
          __atomic_add_fetch(&hits[i], 1, __ATOMIC_RELAXED);
#pragma omp taskwait
        for (int i = 0; i < N; i++)
          if (__atomic_load_n(&hits[i], __ATOMIC_RELAXED) != 1 + (i % 2 == 0))
            bad = 1;
      }
      CHECK(!bad, "round %d: nogroup taskloops not complete after taskwait",
            round);
    }
  return 0;
}
