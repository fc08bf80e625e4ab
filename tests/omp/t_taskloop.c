/* taskloop basics: every iteration exactly once, the implicit taskgroup
   completes them all, shared/firstprivate/lastprivate data, collapse(2),
   descending loops, and taskloop from every thread.  */
#define TEST "t_taskloop"
#include "omp_test.h"

#define N 2000

static int hits[N];

int
main(void)
{
#pragma omp parallel
#pragma omp single
  {
#pragma omp taskloop
    for (int i = 0; i < N; i++)
      __atomic_add_fetch(&hits[i], 1, __ATOMIC_RELAXED);
    /* implicit taskgroup: all done here */
    for (int i = 0; i < N; i++)
      if (__atomic_load_n(&hits[i], __ATOMIC_RELAXED) != 1)
        fail("taskloop: iteration %d ran %d times by the end of the "
             "construct",
             i, hits[i]);
  }

  int base = 10, last = -1;
#pragma omp parallel
#pragma omp single
#pragma omp taskloop firstprivate(base) lastprivate(last)
  for (int i = 0; i < N; i++)
    {
      if (base < 10)
        fail("taskloop firstprivate base=%d", base);
      last = i * 2 + base;
      base++;
    }
  /* The task running the last iteration got base=10 and bumped it once
     per earlier iteration of its own chunk, so last >= 2(N-1)+10.  */
  CHECK(last >= 2 * (N - 1) + 10 && last < 2 * (N - 1) + 10 + N,
        "taskloop lastprivate last=%d", last);

  static int grid[40][30];
#pragma omp parallel
#pragma omp single
#pragma omp taskloop collapse(2) grainsize(7)
  for (int i = 0; i < 40; i++)
    for (int j = 0; j < 30; j++)
      __atomic_add_fetch(&grid[i][j], 1, __ATOMIC_RELAXED);
  for (int i = 0; i < 40; i++)
    for (int j = 0; j < 30; j++)
      CHECK(grid[i][j] == 1, "taskloop collapse(2): (%d,%d) ran %d times", i,
            j, grid[i][j]);

  memset(hits, 0, sizeof hits);
#pragma omp parallel
#pragma omp single
#pragma omp taskloop
  for (int i = N - 1; i >= 0; i -= 3)
    __atomic_add_fetch(&hits[i], 1, __ATOMIC_RELAXED);
  for (int i = 0; i < N; i++)
    CHECK(hits[i] == ((N - 1 - i) % 3 == 0),
          "descending taskloop: %d ran %d times", i, hits[i]);

  /* Every thread runs its own taskloop.  */
  long total = 0;
  int n = 0;
#pragma omp parallel
  {
#pragma omp single nowait
    n = omp_get_num_threads();
#pragma omp taskloop shared(total)
    for (int i = 0; i < 100; i++)
#pragma omp atomic
      total += i;
  }
  CHECK(total == 4950L * n, "taskloop per thread: total %ld != %ld", total,
        4950L * n);
  return 0;
}
