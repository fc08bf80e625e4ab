// Serialized regions on the initial thread: "parallel if(0)" and "parallel
// num_threads(1)" each begin and end a region like any other, with
// requested_team_size 1 (gcc passes 1 for a false if clause), one implicit
// task (thread 0 of a team of 1) whose parent is the initial task and which
// ompt_get_task_info calls implicit|undeferred (included in the initial
// task; the implicit_task callback's flags give only the kind), the
// region's implicit barrier, and codeptr_ra the call that runs the region.
// No worker thread ever starts.
// THREADS: 4
// SORT-THREADS
#include <omp.h>

#include "tool.h"

int main(void)
{
#pragma omp parallel if (0)
  {
    ompt_print_task_info(0);
    ompt_print_task_info(1);
  }
after_if0:
  ompt_print_addr("after_if0", &&after_if0);
#pragma omp parallel num_threads(1)
  {
    ompt_print_task_info(0);
  }
after_nt1:
  ompt_print_addr("after_nt1", &&after_nt1);
  return 0;
}

// CHECK: 0: initialize
// CHECK-NOT: = NULL
// CHECK: 0: finalize
// CHECK: [[T0:[0-9]+]]: thread_begin type=initial
// CHECK-NEXT: [[T0]]: implicit_task_begin parallel_id=[[PAR0:[0-9]+]] task_id=[[TASK0:[0-9]+]] team_size=1 thread_num={{[0-9]+}} flags=initial

// if(0)
// CHECK-NEXT: [[T0]]: parallel_begin parent_task_id=[[TASK0]] parent_exit_frame=0x0 parent_enter_frame=[[ENTER0:0x[1-9a-f][0-9a-f]*]] parallel_id=[[PAR1:[0-9]+]] requested_team_size=1 flags=invoker_runtime|team codeptr_ra=[[RA1:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: implicit_task_begin parallel_id=[[PAR1]] task_id=[[IMPL1:[0-9]+]] team_size=1 thread_num=0 flags=implicit
// CHECK-NEXT: [[T0]]: task_info level=0 rc=2 task_id=[[IMPL1]] parallel_id=[[PAR1]] type=implicit|undeferred exit_frame=0x{{[1-9a-f][0-9a-f]*}} enter_frame=0x0 exit_frame_flags=0x20 enter_frame_flags=0x0 thread_num=0 team_size=1
// CHECK-NEXT: [[T0]]: task_info level=1 rc=2 task_id=[[TASK0]] parallel_id=[[PAR0]] type=initial exit_frame=0x0 enter_frame=[[ENTER0]] {{.*}}team_size=1
// CHECK-NEXT: [[T0]]: sync_region_begin kind=barrier_implicit_parallel parallel_id=[[PAR1]] task_id=[[IMPL1]] codeptr_ra=[[RA1]]
// CHECK-NOT: {{: (implicit_task|parallel)_}}
// CHECK: [[T0]]: sync_region_end kind=barrier_implicit_parallel parallel_id=0 task_id=[[IMPL1]] codeptr_ra=[[RA1]]
// CHECK-NEXT: [[T0]]: implicit_task_end parallel_id=0 task_id=[[IMPL1]] team_size=0 thread_num=0 flags=implicit
// CHECK-NEXT: [[T0]]: parallel_end parallel_id=[[PAR1]] task_id=[[TASK0]] flags=invoker_runtime|team codeptr_ra=[[RA1]]
// CHECK-NEXT: [[T0]]: addr after_if0=[[RA1]]

// num_threads(1): a new region, a new implicit task.
// CHECK-NEXT: [[T0]]: parallel_begin parent_task_id=[[TASK0]] parent_exit_frame=0x0 parent_enter_frame=[[ENTER0]] parallel_id=[[PAR2:[0-9]+]] requested_team_size=1 flags=invoker_runtime|team codeptr_ra=[[RA2:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: implicit_task_begin parallel_id=[[PAR2]] task_id=[[IMPL2:[0-9]+]] team_size=1 thread_num=0 flags=implicit
// CHECK-NEXT: [[T0]]: task_info level=0 rc=2 task_id=[[IMPL2]] parallel_id=[[PAR2]] type=implicit|undeferred exit_frame=0x{{[1-9a-f][0-9a-f]*}} enter_frame=0x0 exit_frame_flags=0x20 enter_frame_flags=0x0 thread_num=0 team_size=1
// CHECK-NEXT: [[T0]]: sync_region_begin kind=barrier_implicit_parallel parallel_id=[[PAR2]] task_id=[[IMPL2]] codeptr_ra=[[RA2]]
// CHECK-NOT: {{: (implicit_task|parallel)_}}
// CHECK: [[T0]]: sync_region_end kind=barrier_implicit_parallel parallel_id=0 task_id=[[IMPL2]] codeptr_ra=[[RA2]]
// CHECK-NEXT: [[T0]]: implicit_task_end parallel_id=0 task_id=[[IMPL2]] team_size=0 thread_num=0 flags=implicit
// CHECK-NEXT: [[T0]]: parallel_end parallel_id=[[PAR2]] task_id=[[TASK0]] flags=invoker_runtime|team codeptr_ra=[[RA2]]
// CHECK-NEXT: [[T0]]: addr after_nt1=[[RA2]]
// CHECK-NEXT: [[T0]]: implicit_task_end parallel_id=0 task_id=[[TASK0]] team_size=0 thread_num={{[0-9]+}} flags=initial
// CHECK-NEXT: [[T0]]: thread_end
// CHECK-NOT: {{.}}
