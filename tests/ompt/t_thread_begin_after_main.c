// The initial thread becomes an OpenMP thread at its first OpenMP call, not
// when the runtime is loaded: main runs before thread_begin of the initial
// thread and its initial task (the tool's thread id is still 0 there), and
// that thread then starts the region as its thread 0. A tool, like a
// debugger, that starts at main sees the initial thread begin.
// THREADS: 2
// ALSO: libomp
#include <omp.h>

#include "tool.h"

int main(void)
{
main_started:
  ompt_print_addr("main_started", &&main_started);
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 0)
      ompt_print_task_info(0);
  }
  return 0;
}

// CHECK-NOT: thread_begin
// CHECK: 0: addr main_started=0x{{[0-9a-f]+}}
// CHECK-NOT: implicit_task_begin
// CHECK: [[T0:[1-9][0-9]*]]: thread_begin type=initial
// CHECK-NEXT: [[T0]]: implicit_task_begin parallel_id={{[0-9]+}} task_id=[[TASK0:[0-9]+]] team_size=1 thread_num={{[0-9]+}} flags=initial
// CHECK: [[T0]]: parallel_begin parent_task_id=[[TASK0]] {{.*}}parallel_id=[[PAR:[0-9]+]] requested_team_size=2
// CHECK: [[T0]]: task_info level=0 rc=2 task_id={{[1-9][0-9]*}} parallel_id=[[PAR]] {{.*}}thread_num=0 team_size=2
// CHECK: [[T0]]: parallel_end parallel_id=[[PAR]] task_id=[[TASK0]]
// CHECK: [[T0]]: thread_end
// CHECK: 0: finalize
