// omp_control_tool reaches the tool's control_tool callback with the
// command, modifier and argument given, returns what the callback returns
// (this tool returns the command), and reports the return address of the
// call as codeptr_ra. The tool is loaded through OMP_TOOL_LIBRARIES.
// TOOL: library
// ALSO: libomp
#include <omp.h>
#include <stdio.h>

/* GCC's omp.h does not declare omp_control_tool and libgomp lacks it; a
   weak reference links against libgomp and binds to the runtime that runs
   the program. A weak reference alone does not keep libgomp.so.1 among the
   program's libraries, so main also calls an omp_ routine. */
extern int omp_control_tool(int command, int modifier, void *arg)
    __attribute__((weak));

enum { control_start = 1, control_flush = 3, first_tool_command = 64 };

int main(void)
{
  static int arg;
  int r;
  if (omp_get_num_procs() < 1 || !omp_control_tool) {
    fprintf(stderr, "t_control_tool: the runtime has no omp_control_tool\n");
    return 1;
  }
  r = omp_control_tool(control_start, 7, &arg);
  printf("program: start result=%d arg=%p\n", r, (void *)&arg);
  r = omp_control_tool(first_tool_command + 1, 0, NULL);
  printf("program: tool command result=%d\n", r);
  /* Result unused, so the label's address is the call's return address. */
  omp_control_tool(control_flush, 0, NULL);
after_flush:
  printf("program: after_flush=%p\n", &&after_flush);
  return 0;
}

// CHECK: 0: tool_loaded
// CHECK: 0: initialize
// CHECK: [[T0:[0-9]+]]: thread_begin type=initial
// CHECK: [[T0]]: control_tool command=1 modifier=7 arg=[[ARG:0x[0-9a-f]+]] codeptr_ra=0x{{[1-9a-f][0-9a-f]*}}
// CHECK-NEXT: program: start result=1 arg=[[ARG]]
// CHECK-NEXT: [[T0]]: control_tool command=65 modifier=0 arg=0x0 codeptr_ra=0x{{[1-9a-f][0-9a-f]*}}
// CHECK-NEXT: program: tool command result=65
// CHECK-NEXT: [[T0]]: control_tool command=3 modifier=0 arg=0x0 codeptr_ra=[[RA:0x[0-9a-f]+]]
// CHECK-NEXT: program: after_flush=[[RA]]
// CHECK: [[T0]]: thread_end
// CHECK: 0: finalize
