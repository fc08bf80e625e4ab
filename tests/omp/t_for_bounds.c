/* Worksharing loops with awkward bounds: near LONG_MAX / LONG_MIN and
   INT_MAX, odd steps (7), huge steps, empty loops, single-iteration
   loops, != tests.  Checks iteration counts and exact values.  */
#define TEST "t_for_bounds"
#include "omp_test.h"
#include <limits.h>

static long count, sum_off;

static void
reset(void)
{
  count = 0;
  sum_off = 0;
}

/* Record one iteration at offset OFF from the loop start.  */
static void
hit(long off)
{
  __atomic_add_fetch(&count, 1, __ATOMIC_RELAXED);
  __atomic_add_fetch(&sum_off, off, __ATOMIC_RELAXED);
}

/* Expected: iterations off = 0, s, 2s, ..., (n-1)s.  */
static void
verify(const char *what, long n, long s)
{
  if (count != n)
    fail("%s: %ld iterations, expected %ld", what, count, n);
  long want = s * (n * (n - 1) / 2);
  if (sum_off != want)
    fail("%s: iteration values wrong (sum of offsets %ld != %ld)", what,
         sum_off, want);
}

int
main(void)
{
  volatile long vz = 0;
  long z = vz; /* defeats constant folding of the bounds */

  /* Near LONG_MAX, step 7: from LONG_MAX-1001 while < LONG_MAX-1, i.e.
     143 iterations; the variable ends at exactly LONG_MAX.  (A loop
     whose variable would step past LONG_MAX is not usable: GCC's own
     chunk loop then overflows and never ends, whatever the runtime.)  */
  long lb = LONG_MAX - 1001 + z;
  reset();
#pragma omp parallel
#pragma omp for schedule(dynamic, 4)
  for (long i = lb; i < LONG_MAX - 1; i += 7)
    hit(i - lb);
  verify("LONG_MAX dynamic,4 step 7", 143, 7);

  reset();
#pragma omp parallel
#pragma omp for schedule(guided)
  for (long i = lb; i < LONG_MAX - 1; i += 7)
    hit(i - lb);
  verify("LONG_MAX guided step 7", 143, 7);

  reset();
#pragma omp parallel
#pragma omp for schedule(static, 3)
  for (long i = lb; i < LONG_MAX - 1; i += 7)
    hit(i - lb);
  verify("LONG_MAX static,3 step 7", 143, 7);

  reset();
#pragma omp parallel
#pragma omp for schedule(static)
  for (long i = lb; i < LONG_MAX - 1; i += 7)
    hit(i - lb);
  verify("LONG_MAX static step 7", 143, 7);

  omp_set_schedule(omp_sched_static, 0);
  reset();
#pragma omp parallel
#pragma omp for schedule(runtime)
  for (long i = lb; i < LONG_MAX - 1; i += 7)
    hit(i - lb);
  verify("LONG_MAX runtime(static) step 7", 143, 7);

  /* Near LONG_MIN counting down by 7: LONG_MIN+1001 while > LONG_MIN+1;
     the variable ends at exactly LONG_MIN.  */
  long ub = LONG_MIN + 1001 + z;
  reset();
#pragma omp parallel
#pragma omp for schedule(dynamic, 2)
  for (long i = ub; i > LONG_MIN + 1; i -= 7)
    hit(ub - i);
  verify("LONG_MIN dynamic,2 step -7", 143, 7);

  reset();
#pragma omp parallel
#pragma omp for schedule(guided, 3)
  for (long i = ub; i > LONG_MIN + 1; i -= 7)
    hit(ub - i);
  verify("LONG_MIN guided,3 step -7", 143, 7);

  /* int loop up to INT_MAX-1 inclusive, step 7: offsets 0..98, the
     variable ends at exactly INT_MAX.  */
  int ilb = INT_MAX - 105 + (int) z;
  reset();
#pragma omp parallel
#pragma omp for schedule(dynamic, 8)
  for (int i = ilb; i <= INT_MAX - 1; i += 7)
    hit(i - ilb);
  verify("INT_MAX dynamic,8 step 7 (<=)", 15, 7);

  /* Huge step: 4 iterations 0, B, 2B, 3B with B = LONG_MAX/5 (bounds
     chosen so that computing the trip count cannot overflow).  */
  long big = LONG_MAX / 5 + z;
  reset();
#pragma omp parallel
#pragma omp for schedule(dynamic)
  for (long i = 0; i < 3 * big + 1; i += big)
    hit(i / big);
  verify("huge step dynamic", 4, 1);

  reset();
#pragma omp parallel
#pragma omp for schedule(static)
  for (long i = 0; i < 3 * big + 1; i += big)
    hit(i / big);
  verify("huge step static", 4, 1);

  /* Empty loops, every schedule.  */
  long e = 10 + z;
  reset();
#pragma omp parallel
  {
#pragma omp for schedule(static) nowait
    for (long i = e; i < 10; i++)
      hit(0);
#pragma omp for schedule(static, 2) nowait
    for (long i = e; i < 10; i++)
      hit(0);
#pragma omp for schedule(dynamic) nowait
    for (long i = e; i < 10; i++)
      hit(0);
#pragma omp for schedule(guided) nowait
    for (long i = e; i < 10; i++)
      hit(0);
#pragma omp for schedule(runtime) nowait
    for (long i = e; i < 10; i++)
      hit(0);
#pragma omp for schedule(dynamic)
    for (long i = e; i > 10; i--)
      hit(0);
  }
  verify("empty loops", 0, 0);

  /* One-iteration loops, every schedule: exactly one thread runs it.  */
  reset();
#pragma omp parallel
  {
#pragma omp for schedule(static)
    for (long i = e; i < 11; i++)
      hit(i - e);
#pragma omp for schedule(static, 5)
    for (long i = e; i < 11; i++)
      hit(i - e);
#pragma omp for schedule(dynamic, 3)
    for (long i = e; i < 11; i++)
      hit(i - e);
#pragma omp for schedule(guided, 9)
    for (long i = e; i < 11; i++)
      hit(i - e);
#pragma omp for schedule(runtime)
    for (long i = e; i < 11; i++)
      hit(i - e);
  }
  verify("one-iteration loops", 5, 0);

  /* != test (OpenMP 5.0 canonical form).  */
  int ne = 37 + (int) z;
  reset();
#pragma omp parallel
#pragma omp for schedule(dynamic, 3)
  for (int i = 0; i != ne; i++)
    hit(i);
  verify("!= loop dynamic,3", 37, 1);
  return 0;
}
