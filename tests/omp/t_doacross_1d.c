/* Doacross loops, ordered(1) with depend(sink: i-1)/depend(source): a
   recurrence a[i] = f(a[i-1], i) computed in parallel must equal the
   serial result, under static, static,c, dynamic, guided, runtime
   schedules; also a sink distance of 3 with step 2.
   Static schedules wait on one particular thread, and libgomp's doacross
   wait spins, so with more threads than cores every hand-off can cost a
   scheduler time slice: the static variants therefore run on at most
   omp_get_num_procs() threads (at least 2), the dynamic ones on the full
   team, and fine-grained trip counts are kept small.  */
#define TEST "t_doacross_1d"
#include "omp_test.h"

#define N 3000
#define MOD 1000003L

static long a[N], ref[N];

static long
f(long prev, long i)
{
  return (prev * 31 + i * 7 + 1) % MOD;
}

static void
verify(const char *what, int n)
{
  for (int i = 0; i < n; i++)
    if (a[i] != ref[i])
      fail("%s: a[%d]=%ld, serial result %ld", what, i, a[i], ref[i]);
}

int
main(void)
{
  int full = omp_get_max_threads();
  int st = full < omp_get_num_procs() ? full : omp_get_num_procs();
  if (st < 2)
    st = full < 2 ? full : 2;
  ref[0] = 1;
  for (int i = 1; i < N; i++)
    ref[i] = f(ref[i - 1], i);

#define RUN(PRAGMA, what, n, team)                                             \
  do                                                                           \
    {                                                                          \
      memset(a, 0, sizeof a);                                                  \
      a[0] = 1;                                                                \
      int n_ = (n);                                                            \
      int team_ = (team);                                                      \
      _Pragma("omp parallel num_threads(team_)")                               \
      {                                                                        \
        _Pragma(PRAGMA)                                                        \
        for (int i = 1; i < n_; i++)                                           \
          {                                                                    \
            _Pragma("omp ordered depend(sink: i - 1)")                         \
            a[i] = f(a[i - 1], i);                                             \
            _Pragma("omp ordered depend(source)")                              \
          }                                                                    \
      }                                                                        \
      verify(what, n_);                                                        \
    }                                                                          \
  while (0)

  RUN("omp for ordered(1) schedule(static)", "ordered(1) static", N, st);
  RUN("omp for ordered(1) schedule(static, 1)", "ordered(1) static,1", 40, st);
  RUN("omp for ordered(1) schedule(static, 16)", "ordered(1) static,16", 400, st);
  RUN("omp for ordered(1) schedule(dynamic)", "ordered(1) dynamic", 100, full);
  RUN("omp for ordered(1) schedule(dynamic, 8)", "ordered(1) dynamic,8", 400, full);
  RUN("omp for ordered(1) schedule(guided)", "ordered(1) guided", N, full);
  omp_set_schedule(omp_sched_dynamic, 3);
  RUN("omp for ordered(1) schedule(runtime)", "ordered(1) runtime", 300, full);

  /* Step 2, dependence distance 3 iterations (sink: i-6): three
     interleaved chains b[i] depends on b[i-6].  */
  enum { M = 200 };
  static long b[2 * M], bref[2 * M];
  for (int i = 0; i < 6; i++)
    b[i] = bref[i] = i + 1;
  for (int i = 6; i < 2 * M; i += 2)
    bref[i] = f(bref[i - 6], i);
#pragma omp parallel
#pragma omp for ordered(1) schedule(dynamic, 2)
  for (int i = 6; i < 2 * M; i += 2)
    {
#pragma omp ordered depend(sink : i - 6)
      b[i] = f(b[i - 6], i);
#pragma omp ordered depend(source)
    }
  for (int i = 0; i < 2 * M; i += 2)
    CHECK(b[i] == bref[i], "step 2 sink i-6: b[%d]=%ld, serial %ld", i, b[i],
          bref[i]);

  /* Doacross loop that also has a task reduction (GCC then uses the
     generic GOMP_loop_doacross_start): recurrence and sum both exact.  */
  {
    long tsum = 0;
    int m = 300;
    memset(a, 0, sizeof a);
    a[0] = 1;
#pragma omp parallel num_threads(full)
#pragma omp for ordered(1) schedule(dynamic, 4) reduction(task, + : tsum)
    for (int i = 1; i < m; i++)
      {
#pragma omp ordered depend(sink : i - 1)
        a[i] = f(a[i - 1], i);
#pragma omp ordered depend(source)
#pragma omp task in_reduction(+ : tsum) firstprivate(i)
        tsum += i;
      }
    verify("ordered(1) with reduction(task,+)", m);
    CHECK(tsum == (long) m * (m - 1) / 2,
          "ordered(1) task reduction sum %ld != %ld", tsum,
          (long) m * (m - 1) / 2);
  }

  /* A sink on an iteration outside the space (i-1 at i=0) is ignored.  */
  long c[64];
  c[0] = 0;
#pragma omp parallel
#pragma omp for ordered(1)
  for (int i = 0; i < 64; i++)
    {
#pragma omp ordered depend(sink : i - 1)
      c[i] = i == 0 ? 5 : c[i - 1] + i;
#pragma omp ordered depend(source)
    }
  long want = 5;
  for (int i = 1; i < 64; i++)
    want += i;
  CHECK(c[63] == want, "sink before loop start: c[63]=%ld, expected %ld",
        c[63], want);
  return 0;
}
