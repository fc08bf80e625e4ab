/* Doacross with an unsigned long long iteration variable above
   LONG_MAX (GOMP_loop_ull_doacross_* / GOMP_doacross_ull_*): the
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

  for (int sched = 0; sched < 3; sched++)
    {
      memset(a, 0, sizeof a);
      a[0] = 7;
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
    }
  return 0;
}
