/* parallel num_threads(n): the team has exactly n threads numbered
   0..n-1 (dyn-var false), each running the region once.  */
#define TEST "t_parallel_num_threads"
#include "omp_test.h"

int
main(void)
{
  static const int sizes[] = { 1, 2, 3, 4, 5, 7, 8, 13, 1, 16, 2 };
  int dyn = omp_get_dynamic();
  int evals = 0;

  for (unsigned k = 0; k < sizeof sizes / sizeof sizes[0]; k++)
    {
      int want = sizes[k];
      int seen[16] = { 0 };
      int size = -1;
      evals = 0;
#pragma omp parallel num_threads((evals++, want))
      {
        int t = omp_get_thread_num();
        if (t < 0 || t >= 16)
          fail("num_threads(%d): thread num %d out of range", want, t);
#pragma omp atomic
        seen[t]++;
        if (t == 0)
          size = omp_get_num_threads();
      }
      CHECK(evals == 1, "num_threads expression evaluated %d times", evals);
      if (dyn)
        CHECK(size >= 1 && size <= want, "num_threads(%d): team of %d", want,
              size);
      else
        CHECK(size == want, "num_threads(%d): team size %d", want, size);
      for (int t = 0; t < 16; t++)
        CHECK(seen[t] == (t < size ? 1 : 0),
              "num_threads(%d): thread %d ran the region %d times", want, t,
              seen[t]);
    }
  return 0;
}
