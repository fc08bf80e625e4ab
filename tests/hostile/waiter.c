/* Runs a parallel region, prints "ready", then waits in libxwait.so. */
#include <stdio.h>

void xwait(void);

int main(void)
{
  int n = 0;
#pragma omp parallel num_threads(2)
#pragma omp atomic
  n++;
  printf("ready %d\n", n);
  fflush(stdout);
  xwait();
}
