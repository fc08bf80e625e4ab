/* lastprivate on for: after the loop the variable holds the value from
   the sequentially last iteration (whichever thread ran it), under every
   schedule; the loop variable itself ends with its sequential final
   value; lastprivate(conditional:) keeps the last assignment made.  */
#define TEST "t_for_lastprivate"
#include "omp_test.h"

#define N 1001

static int data[N];

int
main(void)
{
  int x, j;
  long y;

#define CHECK_LAST(what)                                                       \
  CHECK(x == 3 * (N - 1) + 1, "%s: lastprivate x=%d, expected %d", what, x,   \
        3 * (N - 1) + 1)

  x = -1;
#pragma omp parallel
#pragma omp for schedule(static) lastprivate(x)
  for (int i = 0; i < N; i++)
    x = 3 * i + 1;
  CHECK_LAST("static");

  x = -1;
#pragma omp parallel
#pragma omp for schedule(static, 4) lastprivate(x)
  for (int i = 0; i < N; i++)
    x = 3 * i + 1;
  CHECK_LAST("static,4");

  x = -1;
#pragma omp parallel
#pragma omp for schedule(dynamic, 3) lastprivate(x)
  for (int i = 0; i < N; i++)
    x = 3 * i + 1;
  CHECK_LAST("dynamic,3");

  x = -1;
#pragma omp parallel
#pragma omp for schedule(guided) lastprivate(x)
  for (int i = 0; i < N; i++)
    x = 3 * i + 1;
  CHECK_LAST("guided");

  x = -1;
  omp_set_schedule(omp_sched_dynamic, 7);
#pragma omp parallel
#pragma omp for schedule(runtime) lastprivate(x)
  for (int i = 0; i < N; i++)
    x = 3 * i + 1;
  CHECK_LAST("runtime");

  x = -1;
#pragma omp parallel for schedule(dynamic) lastprivate(x)
  for (int i = 0; i < N; i++)
    x = 3 * i + 1;
  CHECK_LAST("parallel for dynamic");

  /* Loop variable as lastprivate: final value after i += 3 loop.  */
  j = -1;
#pragma omp parallel
#pragma omp for schedule(dynamic, 5) lastprivate(j)
  for (j = 10; j < 1000; j += 3)
    ;
  CHECK(j == 1000, "lastprivate loop variable j=%d, expected 1000", j);
  j = -1;
#pragma omp parallel
#pragma omp for schedule(static) lastprivate(j)
  for (j = 500; j > -7; j -= 4)
    ;
  CHECK(j == -8, "lastprivate descending loop variable j=%d, expected -8", j);

  /* lastprivate(conditional:): value of the last iteration that
     assigned y (only even data[] iterations assign).  */
  for (int i = 0; i < N; i++)
    data[i] = (i % 7 == 2);
  int lastassign = -1;
  for (int i = 0; i < N; i++)
    if (data[i])
      lastassign = i;
  y = -5;
#pragma omp parallel
#pragma omp for schedule(dynamic, 2) lastprivate(conditional : y)
  for (int i = 0; i < N; i++)
    if (data[i])
      y = i * 10L;
  CHECK(y == lastassign * 10L,
        "lastprivate(conditional:) y=%ld, expected %ld", y,
        lastassign * 10L);
  y = -5;
#pragma omp parallel
#pragma omp for schedule(static) lastprivate(conditional : y)
  for (int i = 0; i < N; i++)
    if (data[i])
      y = i * 10L;
  CHECK(y == lastassign * 10L,
        "static lastprivate(conditional:) y=%ld, expected %ld", y,
        lastassign * 10L);
  return 0;
}
