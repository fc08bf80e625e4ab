/* env: OMP_NUM_THREADS=abc */
/* A malformed OMP_NUM_THREADS must not break the program: the runtime may
   warn on stderr and must fall back to a sane default; regions, loops and
   reductions still work.  */
#define TEST "t_env_malformed"
#include "omp_test.h"

int
main(void)
{
  int max = omp_get_max_threads();
  CHECK(max >= 1, "omp_get_max_threads() %d with OMP_NUM_THREADS=abc", max);
  long sum = 0;
  int size = 0;
#pragma omp parallel reduction(+ : sum)
  {
    if (omp_get_thread_num() == 0)
      size = omp_get_num_threads();
#pragma omp for
    for (int i = 0; i < 1000; i++)
      sum += i;
  }
  CHECK(size >= 1, "team size %d", size);
  CHECK(sum == 499500, "loop sum %ld", sum);
  return 0;
}
