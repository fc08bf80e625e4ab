/* taskloop over unsigned long long iteration variables above LONG_MAX
   (GOMP_taskloop_ull), with grainsize and num_tasks.  */
#define TEST "t_taskloop_ull"
#include "omp_test.h"
#include <limits.h>

#define N 1200

static int hits[N];

int
main(void)
{
  volatile unsigned long long vb = ULLONG_MAX - 5ULL * N;
  unsigned long long b = vb;
#pragma omp parallel
#pragma omp single
  {
#pragma omp taskloop grainsize(17)
    for (unsigned long long i = b; i < b + 3ULL * N; i += 3)
      __atomic_add_fetch(&hits[(i - b) / 3], 1, __ATOMIC_RELAXED);
#pragma omp taskloop num_tasks(7)
    for (unsigned long long i = b + 3ULL * N; i > b; i -= 3)
      __atomic_add_fetch(&hits[(i - b) / 3 - 1], 2, __ATOMIC_RELAXED);
  }
  for (int k = 0; k < N; k++)
    CHECK(hits[k] == 3, "ull taskloop: element %d got %d, expected 3", k,
          hits[k]);
  return 0;
}
