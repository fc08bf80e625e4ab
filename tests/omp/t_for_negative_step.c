/* Loops counting down (negative steps, > and >= tests) under every
   schedule: every iteration exactly once, and the iteration variable's
   values are exactly the sequential ones.  */
#define TEST "t_for_negative_step"
#include "omp_test.h"

#define N 700

static int hits[N];

static void
reset(void)
{
  memset(hits, 0, sizeof hits);
}

static void
verify(const char *what)
{
  for (int k = 0; k < N; k++)
    if (hits[k] != 1)
      fail("%s: logical iteration %d ran %d times", what, k, hits[k]);
}

/* i = 1000 - 3k for k = 0..N-1, i.e. 1000 down to -1097.  */
#define HIT(i)                                                                 \
  do                                                                           \
    {                                                                          \
      long d_ = 1000 - (long) (i);                                             \
      if (d_ < 0 || d_ % 3 || d_ / 3 >= N)                                     \
        fail("bad iteration value %ld", (long) (i));                           \
      __atomic_add_fetch(&hits[d_ / 3], 1, __ATOMIC_RELAXED);                  \
    }                                                                          \
  while (0)

int
main(void)
{
  volatile int vlo = 1000 - 3 * N; /* loop runs while i > lo */
  int lo = vlo;

  reset();
#pragma omp parallel
#pragma omp for schedule(static)
  for (int i = 1000; i > lo; i -= 3)
    HIT(i);
  verify("static, i -= 3");

  reset();
#pragma omp parallel
#pragma omp for schedule(static, 4)
  for (int i = 1000; i > lo; i -= 3)
    HIT(i);
  verify("static,4, i -= 3");

  reset();
#pragma omp parallel
#pragma omp for schedule(dynamic, 3)
  for (int i = 1000; i > lo; i -= 3)
    HIT(i);
  verify("dynamic,3, i -= 3");

  reset();
#pragma omp parallel
#pragma omp for schedule(guided, 2)
  for (int i = 1000; i > lo; i -= 3)
    HIT(i);
  verify("guided,2, i -= 3");

  omp_set_schedule(omp_sched_guided, 1);
  reset();
#pragma omp parallel
#pragma omp for schedule(runtime)
  for (int i = 1000; i > lo; i -= 3)
    HIT(i);
  verify("runtime(guided), i -= 3");

  omp_set_schedule(omp_sched_static, 3);
  reset();
  int nt = 1, badmap = 0;
#pragma omp parallel
  {
#pragma omp single
    nt = omp_get_num_threads();
#pragma omp for schedule(runtime)
    for (int i = 1000; i > lo; i -= 3)
      {
        HIT(i);
        int k = (1000 - i) / 3;
        if ((k / 3) % nt != omp_get_thread_num())
#pragma omp atomic write
          badmap = 1;
      }
  }
  verify("runtime(static,3), i -= 3");
  CHECK(!badmap, "runtime(static,3) with negative step: wrong thread mapping");

  /* >= test with long variables and a step held in a variable.  */
  volatile long vstep = 3;
  long step = vstep;
  reset();
#pragma omp parallel
#pragma omp for schedule(dynamic, 5)
  for (long i = 1000; i >= (long) lo + 1; i -= step)
    HIT(i);
  verify("dynamic,5, long i >= lo+1, i -= step");

  /* Ordered descending loop: the ordered blocks record the iteration
     values in exactly the sequential (decreasing) order.  */
  static int order[N];
  int pos = 0;
  reset();
#pragma omp parallel
#pragma omp for schedule(dynamic, 2) ordered
  for (int i = 1000; i > lo; i -= 3)
    {
      HIT(i);
      jitter((long) i);
#pragma omp ordered
      {
        int p = pos;
        __asm__ volatile("" ::: "memory");
        order[p] = i;
        pos = p + 1;
      }
    }
  verify("ordered dynamic,2, i -= 3");
  CHECK(pos == N, "ordered descending loop: %d ordered blocks, expected %d",
        pos, N);
  for (int k = 0; k < N; k++)
    CHECK(order[k] == 1000 - 3 * k,
          "ordered descending loop: position %d holds %d, expected %d", k,
          order[k], 1000 - 3 * k);
  return 0;
}
