/* Doacross with an unsigned long long iteration variable above
   LONG_MAX (GOMP_loop_ull_doacross_* / GOMP_doacross_ull_*) under dynamic,
   static, guided and runtime schedules and with a task reduction: the
   recurrence must equal the serial result.  */
#define TEST "t_doacross_ull"
#include "omp_test.h"
#include <limits.h>

#define N 2000
typedef unsigned long long ull;

static long a[N], ref[N];

int
main(void)
{
  volatile ull vb = ULLONG_MAX - 10ULL * N;
  ull base = vb, end = base + N;
  ref[0] = 7;
  for (int i = 1; i < N; i++)
    ref[i] = (ref[i - 1] * 13 + i) % 100003;

  omp_set_schedule(omp_sched_dynamic, 3);
  for (int sched = 0; sched < 5; sched++)
    {
      memset(a, 0, sizeof a);
      a[0] = 7;
      long tsum = 0;
#pragma omp parallel
      {
        if (sched == 0)
          {
#pragma omp for ordered(1) schedule(dynamic, 2)
            for (ull i = base + 1; i < end; i++)
              {
#pragma omp ordered depend(sink : i - 1)
                a[i - base] = (a[i - base - 1] * 13 + (long) (i - base))
                              % 100003;
#pragma omp ordered depend(source)
              }
          }
        else if (sched == 1)
          {
#pragma omp for ordered(1) schedule(static)
            for (ull i = base + 1; i < end; i++)
              {
#pragma omp ordered depend(sink : i - 1)
                a[i - base] = (a[i - base - 1] * 13 + (long) (i - base))
                              % 100003;
#pragma omp ordered depend(source)
              }
          }
        else if (sched == 3)
          {
#pragma omp for ordered(1) schedule(runtime)
            for (ull i = base + 1; i < end; i++)
              {
#pragma omp ordered depend(sink : i - 1)
                a[i - base] = (a[i - base - 1] * 13 + (long) (i - base))
                              % 100003;
#pragma omp ordered depend(source)
              }
          }
        else if (sched == 4)
          {
            /* with a task reduction: GOMP_loop_ull_doacross_start */
#pragma omp for ordered(1) schedule(static) reduction(task, + : tsum)
            for (ull i = base + 1; i < end; i++)
              {
#pragma omp ordered depend(sink : i - 1)
                a[i - base] = (a[i - base - 1] * 13 + (long) (i - base))
                              % 100003;
#pragma omp ordered depend(source)
#pragma omp task in_reduction(+ : tsum) firstprivate(i)
                tsum += (long) (i - base);
              }
          }
        else
          {
#pragma omp for ordered(1) schedule(guided)
            for (ull i = base + 1; i < end; i++)
              {
#pragma omp ordered depend(sink : i - 1)
                a[i - base] = (a[i - base - 1] * 13 + (long) (i - base))
                              % 100003;
#pragma omp ordered depend(source)
              }
          }
      }
      for (int i = 0; i < N; i++)
        CHECK(a[i] == ref[i], "schedule #%d: a[%d]=%ld, serial %ld", sched, i,
              a[i], ref[i]);
      if (sched == 4)
        CHECK(tsum == (long) N * (N - 1) / 2,
              "doacross task reduction sum %ld != %ld", tsum,
              (long) N * (N - 1) / 2);
    }
  return 0;
}
