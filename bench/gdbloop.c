/* For timing GDB's "continue" with and without paradbg loaded: N parallel
   regions of 4 threads, each thread calling tick() once per region, so a
   breakpoint on tick() with a large ignore count makes GDB stop and resume
   4 N times.

   usage: gdbloop N */
#include <omp.h>
#include <stdlib.h>

volatile int ticks;

__attribute__((noinline)) void tick(void)
{
  __atomic_add_fetch(&ticks, 1, __ATOMIC_RELAXED);
}

int main(int argc, char **argv)
{
  int n = argc > 1 ? atoi(argv[1]) : 500;
  for (int i = 0; i < n; i++) {
#pragma omp parallel num_threads(4)
    tick();
  }
  return ticks == 4 * n ? 0 : 1;
}
