/* Consecutive regions with changing team sizes (grow, shrink, grow):
   each region gets exactly the requested team.  */
#define TEST "t_parallel_pool_resize"
#include "omp_test.h"

int
main(void)
{
  static const int sizes[] = { 1, 4, 2, 8, 3, 16, 1, 16, 5, 2, 11, 1, 6 };
  const int ns = sizeof sizes / sizeof sizes[0];
  int dyn = omp_get_dynamic();
  for (int round = 0; round < 20; round++)
    for (int k = 0; k < ns; k++)
      {
        int want = sizes[k];
        unsigned mask = 0;
        int size = 0;
#pragma omp parallel num_threads(want)
        {
          unsigned bit = 1u << omp_get_thread_num();
#pragma omp atomic
          mask |= bit;
          if (omp_get_thread_num() == 0)
            size = omp_get_num_threads();
        }
        if (!dyn)
          CHECK(size == want, "round %d: num_threads(%d) gave team of %d",
                round, want, size);
        unsigned full = size >= 32 ? ~0u : (1u << size) - 1;
        CHECK(mask == full,
              "round %d: team of %d, thread-number mask %#x != %#x", round,
              size, mask, full);
      }
  return 0;
}
