/* Doacross with ordered(2): a 2-D wavefront
   a[i][j] = g(a[i-1][j], a[i][j-1], a[i-1][j-1]) using
   depend(sink: i-1,j) depend(sink: i,j-1), compared with the serial
   result; outer loop workshared with different schedules, and a
   collapse(2) ordered(2) variant.  Static schedules run on at most
   omp_get_num_procs() threads (at least 2): libgomp's doacross wait spins,
   so with more threads than cores each wavefront hand-off to a specific
   thread may cost a scheduler time slice.  */
#define TEST "t_doacross_2d"
#include "omp_test.h"

#define NI 32
#define NJ 24
#define MOD 999983L

static long a[NI][NJ], ref[NI][NJ];

static long
g(long up, long left, long diag, int i, int j)
{
  return (up * 3 + left * 5 + diag + i * 11 + j) % MOD;
}

static void
init(long (*m)[NJ])
{
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      m[i][j] = (i == 0 || j == 0) ? i * 100 + j + 1 : 0;
}

static void
verify(const char *what)
{
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      if (a[i][j] != ref[i][j])
        fail("%s: a[%d][%d]=%ld, serial result %ld", what, i, j, a[i][j],
             ref[i][j]);
}

#define RUN(PRAGMA, what, team)                                                   \
  do                                                                           \
    {                                                                          \
      init(a);                                                                 \
      int team_ = (team);                                                      \
      _Pragma("omp parallel num_threads(team_)")                               \
      {                                                                        \
        _Pragma(PRAGMA)                                                        \
        for (int i = 1; i < NI; i++)                                           \
          for (int j = 1; j < NJ; j++)                                         \
            {                                                                  \
              _Pragma("omp ordered depend(sink: i - 1, j) depend(sink: i, j - 1)") \
              a[i][j] = g(a[i - 1][j], a[i][j - 1], a[i - 1][j - 1], i, j);   \
              _Pragma("omp ordered depend(source)")                            \
            }                                                                  \
      }                                                                        \
      verify(what);                                                            \
    }                                                                          \
  while (0)

int
main(void)
{
  init(ref);
  for (int i = 1; i < NI; i++)
    for (int j = 1; j < NJ; j++)
      ref[i][j] = g(ref[i - 1][j], ref[i][j - 1], ref[i - 1][j - 1], i, j);

  int full = omp_get_max_threads();
  int st = full < omp_get_num_procs() ? full : omp_get_num_procs();
  if (st < 2)
    st = full < 2 ? full : 2;
  RUN("omp for ordered(2) schedule(static)", "ordered(2) static", st);
  RUN("omp for ordered(2) schedule(static, 1)", "ordered(2) static,1", st);
  RUN("omp for ordered(2) schedule(dynamic)", "ordered(2) dynamic", full);
  RUN("omp for ordered(2) schedule(guided)", "ordered(2) guided", full);
  RUN("omp for collapse(2) ordered(2) schedule(dynamic, 3)",
      "collapse(2) ordered(2) dynamic,3", full);
  RUN("omp for collapse(2) ordered(2) schedule(static, 7)",
      "collapse(2) ordered(2) static,7", st);
  return 0;
}
