/* One parallel region and one task, for breakpoint tests under gdb. */
#include <omp.h>
#include <stdio.h>

int main(void)
{
  int n = 0;
#pragma omp parallel num_threads(2) shared(n)
  {
#pragma omp single
    {
#pragma omp task shared(n)
      n++;
    }
  }
  printf("bp_probe: %d\n", n);
  return n == 1 ? 0 : 1;
}
