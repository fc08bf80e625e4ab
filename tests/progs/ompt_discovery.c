/* Runs one parallel region and asks omp_control_tool what it got: -2 with
   no tool, -1 with a tool that has no control_tool callback
   (tests/ompt-discovery.test). */
#include <omp.h>
#include <stdio.h>

/* libgomp has no omp_control_tool: weak, so that the program links there
   and binds to libparomp's at run time. */
int omp_control_tool(int command, int modifier, void *arg) __attribute__((weak));

int main(void)
{
  int n = 0;
#pragma omp parallel num_threads(2) reduction(+ : n)
  n += 1;
  if (omp_control_tool == NULL) {
    printf("threads %d control_tool absent\n", n);
    return 1;
  }
  printf("threads %d control_tool %d\n", n, omp_control_tool(3, 0, NULL));
  return 0;
}
