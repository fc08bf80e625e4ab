/* Loops with unsigned long long iteration variables whose bounds do not
   fit in a signed long (so GCC uses the GOMP_loop_ull_* entry points):
   dynamic, nonmonotonic dynamic, guided, runtime, static, ordered;
   increasing and decreasing; every iteration exactly once.  */
#define TEST "t_for_ull"
#include "omp_test.h"
#include <limits.h>

#define N 1500

static int hits[N];
typedef unsigned long long ull;

static void
reset(void)
{
  memset(hits, 0, sizeof hits);
}

static void
verify(const char *what, int n)
{
  for (int i = 0; i < N; i++)
    if (hits[i] != (i < n))
      fail("%s: logical iteration %d ran %d times", what, i, hits[i]);
}

#define HIT(k)                                                                 \
  do                                                                           \
    {                                                                          \
      ull k_ = (k);                                                            \
      if (k_ >= N)                                                             \
        fail("iteration index %llu out of range", k_);                         \
      __atomic_add_fetch(&hits[k_], 1, __ATOMIC_RELAXED);                      \
    }                                                                          \
  while (0)

int
main(void)
{
  volatile ull vbase = ULLONG_MAX - 3ULL * N - 5; /* above LONG_MAX */
  ull base = vbase, end = base + 3ULL * N;         /* step 3, N iters */

  reset();
#pragma omp parallel
#pragma omp for schedule(dynamic, 4)
  for (ull i = base; i < end; i += 3)
    HIT((i - base) / 3);
  verify("ull dynamic,4", N);

  reset();
#pragma omp parallel
#pragma omp for schedule(nonmonotonic : dynamic)
  for (ull i = base; i < end; i += 3)
    HIT((i - base) / 3);
  verify("ull nonmonotonic:dynamic", N);

  reset();
#pragma omp parallel
#pragma omp for schedule(monotonic : dynamic, 3)
  for (ull i = base; i < end; i += 3)
    HIT((i - base) / 3);
  verify("ull monotonic:dynamic,3", N);

  reset();
#pragma omp parallel
#pragma omp for schedule(guided, 2)
  for (ull i = base; i < end; i += 3)
    HIT((i - base) / 3);
  verify("ull guided,2", N);

  reset();
#pragma omp parallel
#pragma omp for schedule(monotonic : guided)
  for (ull i = base; i < end; i += 3)
    HIT((i - base) / 3);
  verify("ull monotonic:guided", N);

  omp_set_schedule(omp_sched_dynamic, 5);
  reset();
#pragma omp parallel
#pragma omp for schedule(runtime)
  for (ull i = base; i < end; i += 3)
    HIT((i - base) / 3);
  verify("ull runtime(dynamic,5)", N);

  omp_set_schedule(omp_sched_static, 7);
  reset();
  int nt = 1, badmap = -1;
#pragma omp parallel
  {
#pragma omp single
    nt = omp_get_num_threads();
#pragma omp for schedule(monotonic : runtime)
    for (ull i = base; i < end; i += 3)
      {
        ull k = (i - base) / 3;
        HIT(k);
        if ((int) ((k / 7) % nt) != omp_get_thread_num())
#pragma omp atomic write
          badmap = (int) k;
      }
  }
  verify("ull runtime(static,7)", N);
  CHECK(badmap < 0, "ull runtime(static,7): iteration %d on wrong thread",
        badmap);

  reset();
#pragma omp parallel
#pragma omp for schedule(static, 5)
  for (ull i = base; i < end; i += 3)
    HIT((i - base) / 3);
  verify("ull static,5", N);

  /* Decreasing ull loop down to just above a large bound.  */
  reset();
  ull top = ULLONG_MAX - 1, low = top - 2ULL * N;
#pragma omp parallel
#pragma omp for schedule(dynamic, 3)
  for (ull i = top; i > low; i -= 2)
    HIT((top - i) / 2);
  verify("ull decreasing dynamic,3", N);

  reset();
#pragma omp parallel
#pragma omp for schedule(guided)
  for (ull i = top; i > low; i -= 2)
    HIT((top - i) / 2);
  verify("ull decreasing guided", N);

  /* Ordered ull loop, static and dynamic: order must be exact.  */
  ull last = 0;
  int order_bad = 0;
  reset();
#pragma omp parallel
#pragma omp for schedule(static) ordered
  for (ull i = base; i < end; i += 3)
    {
      HIT((i - base) / 3);
      jitter((long) i);
#pragma omp ordered
      {
        if (i != base && i != last + 3)
          order_bad = 1;
        last = i;
      }
    }
  verify("ull ordered static", N);
  CHECK(!order_bad, "ull ordered static: ordered regions out of order");
  reset();
#pragma omp parallel
#pragma omp for schedule(dynamic, 2) ordered
  for (ull i = base; i < end; i += 3)
    {
      HIT((i - base) / 3);
      jitter((long) i);
#pragma omp ordered
      {
        if (i != base && i != last + 3)
          order_bad = 1;
        last = i;
      }
    }
  verify("ull ordered dynamic,2", N);
  CHECK(!order_bad, "ull ordered dynamic: ordered regions out of order");

  /* Ordered ull loops with guided and runtime schedules.  */
  reset();
#pragma omp parallel
#pragma omp for schedule(guided, 3) ordered
  for (ull i = base; i < end; i += 3)
    {
      HIT((i - base) / 3);
      jitter((long) i);
#pragma omp ordered
      {
        if (i != base && i != last + 3)
          order_bad = 1;
        last = i;
      }
    }
  verify("ull ordered guided,3", N);
  CHECK(!order_bad, "ull ordered guided: ordered regions out of order");
  omp_set_schedule(omp_sched_dynamic, 4);
  reset();
#pragma omp parallel
#pragma omp for schedule(runtime) ordered
  for (ull i = base; i < end; i += 3)
    {
      HIT((i - base) / 3);
      jitter((long) i);
#pragma omp ordered
      {
        if (i != base && i != last + 3)
          order_bad = 1;
        last = i;
      }
    }
  verify("ull ordered runtime(dynamic,4)", N);
  CHECK(!order_bad, "ull ordered runtime: ordered regions out of order");

  /* nonmonotonic:runtime ull loop.  */
  reset();
#pragma omp parallel
#pragma omp for schedule(nonmonotonic : runtime)
  for (ull i = base; i < end; i += 3)
    HIT((i - base) / 3);
  verify("ull nonmonotonic:runtime", N);

  /* Empty ull loop.  */
  reset();
#pragma omp parallel
#pragma omp for schedule(dynamic)
  for (ull i = end; i < base; i++)
    HIT(0);
  verify("ull empty", 0);
  return 0;
}
