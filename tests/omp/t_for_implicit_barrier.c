/* The implicit barrier at the end of a worksharing loop without nowait:
   right after the loop every thread sees every iteration done, whatever
   the schedule, even when some iterations are much slower than others.
   (An explicit barrier after each check keeps the next loop from racing
   with the checks.)  */
#define TEST "t_for_implicit_barrier"
#include "omp_test.h"

#define N 1200

static int done[N];

static void
check_all(const char *what, int round, int want)
{
  for (int i = 0; i < N; i++)
    if (__atomic_load_n(&done[i], __ATOMIC_RELAXED) != want)
      fail("round %d: right after a %s loop, iteration %d shows %d, "
           "expected %d (no implicit barrier?)",
           round, what, i, done[i], want);
}

#define WORK(i)                                                                \
  do                                                                           \
    {                                                                          \
      jitter(i);                                                               \
      if ((i) == N - 1)                                                        \
        sleep_us(300); /* the last iteration is slow */                       \
      __atomic_add_fetch(&done[i], 1, __ATOMIC_RELAXED);                       \
    }                                                                          \
  while (0)

int
main(void)
{
  omp_set_schedule(omp_sched_guided, 2);
  for (int round = 0; round < 5; round++)
    {
      memset(done, 0, sizeof done);
#pragma omp parallel
      {
#pragma omp for schedule(static)
        for (int i = 0; i < N; i++)
          WORK(i);
        check_all("schedule(static)", round, 1);
#pragma omp barrier
#pragma omp for schedule(static, 3)
        for (int i = 0; i < N; i++)
          WORK(i);
        check_all("schedule(static,3)", round, 2);
#pragma omp barrier
#pragma omp for schedule(dynamic, 5)
        for (int i = 0; i < N; i++)
          WORK(i);
        check_all("schedule(dynamic,5)", round, 3);
#pragma omp barrier
#pragma omp for schedule(guided)
        for (int i = 0; i < N; i++)
          WORK(i);
        check_all("schedule(guided)", round, 4);
#pragma omp barrier
#pragma omp for schedule(runtime)
        for (int i = 0; i < N; i++)
          WORK(i);
        check_all("schedule(runtime)", round, 5);
#pragma omp barrier
#pragma omp for schedule(dynamic) ordered
        for (int i = 0; i < N; i++)
          {
            WORK(i);
#pragma omp ordered
            ;
          }
        check_all("ordered", round, 6);
#pragma omp barrier
#pragma omp for schedule(monotonic : dynamic, 4)
        for (int i = 0; i < N; i++)
          WORK(i);
        check_all("schedule(monotonic:dynamic,4)", round, 7);
#pragma omp barrier
      }
    }
  return 0;
}
