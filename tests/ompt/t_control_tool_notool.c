// With no active tool (ompt_start_tool declines), omp_control_tool returns
// omp_control_tool_notool (-2) and no OMPT event follows start_tool.
// RUN-ENV: PARADBG_OMPT_START=decline
// ALSO: libomp
#include <omp.h>
#include <stdio.h>

/* See t_control_tool.c. */
extern int omp_control_tool(int command, int modifier, void *arg)
    __attribute__((weak));

int main(void)
{
  if (omp_get_num_procs() < 1 || !omp_control_tool) {
    fprintf(stderr, "t_control_tool_notool: the runtime has no omp_control_tool\n");
    return 1;
  }
  printf("program: result=%d\n", omp_control_tool(1, 0, NULL));
  return 0;
}

// CHECK: 0: start_tool
// CHECK-NOT: {{^[0-9]+: (?!tool_loaded)}}
// CHECK: program: result=-2
// CHECK-NOT: {{^[0-9]+: (?!tool_loaded)}}
