// One parallel region of two threads, started by the initial thread: the
// OpenMP 5.1 event sequence on each thread, ids tied together across events
// and inquiry calls, and codeptr_ra the return address of the call that
// starts the region.
// THREADS: 2
// SORT-THREADS
#include <omp.h>

#include "tool.h"

int main(void)
{
#pragma omp parallel num_threads(2)
  {
    ompt_print_task_info(0);
    if (omp_get_thread_num() == 0)
      ompt_print_task_info(1);
  }
  /* With no shared locals, nothing runs between the call that implements
     the region and this label. */
after_parallel:
  ompt_print_addr("after_parallel", &&after_parallel);
  return 0;
}

// The tool started and ended (thread 0 comes first once sorted).
// CHECK: 0: start_tool
// CHECK: 0: initialize initial_device_num=
// CHECK-NOT: = NULL
// CHECK: 0: finalize

// The initial thread: its initial task, then the region.
// CHECK: [[T0:[0-9]+]]: thread_begin type=initial
// CHECK-NEXT: [[T0]]: implicit_task_begin parallel_id=[[PAR0:[0-9]+]] task_id=[[TASK0:[0-9]+]] team_size=1 thread_num={{[0-9]+}} flags=initial
// CHECK-NEXT: [[T0]]: parallel_begin parent_task_id=[[TASK0]] parent_exit_frame=0x{{[0-9a-f]+}} parent_enter_frame=[[ENTER0:0x[1-9a-f][0-9a-f]*]] parallel_id=[[PAR:[0-9]+]] requested_team_size=2 flags=invoker_runtime|team codeptr_ra=[[RA:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[IMPL0:[0-9]+]] team_size=2 thread_num=0 flags=implicit
// CHECK-NEXT: [[T0]]: task_info level=0 rc=2 task_id=[[IMPL0]] parallel_id=[[PAR]] type=implicit{{.*}} exit_frame=0x{{[1-9a-f][0-9a-f]*}} enter_frame=0x0 {{.*}}thread_num=0 team_size=2
// CHECK-NEXT: [[T0]]: task_info level=1 rc=2 task_id=[[TASK0]] parallel_id=[[PAR0]] type=initial{{.*}} enter_frame=[[ENTER0]] {{.*}}team_size=1
// CHECK-NEXT: [[T0]]: sync_region_begin kind=barrier_implicit_parallel parallel_id=[[PAR]] task_id=[[IMPL0]] codeptr_ra=0x{{[0-9a-f]+}}
// CHECK: [[T0]]: sync_region_end kind=barrier_implicit_parallel parallel_id=0 task_id=[[IMPL0]] codeptr_ra=0x{{[0-9a-f]+}}
// CHECK-NEXT: [[T0]]: implicit_task_end parallel_id=0 task_id=[[IMPL0]] team_size=0 thread_num=0 flags=implicit
// CHECK-NEXT: [[T0]]: parallel_end parallel_id=[[PAR]] task_id=[[TASK0]] flags=invoker_runtime|team codeptr_ra=[[RA]]
// CHECK-NEXT: [[T0]]: addr after_parallel=[[RA]]
// CHECK-NEXT: [[T0]]: implicit_task_end parallel_id=0 task_id=[[TASK0]] team_size=0 thread_num={{[0-9]+}} flags=initial
// CHECK-NEXT: [[T0]]: thread_end

// The worker: its implicit task and the barrier that ends the region.
// CHECK-NEXT: [[T1:[0-9]+]]: thread_begin type=worker
// CHECK-NEXT: [[T1]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[IMPL1:[0-9]+]] team_size=2 thread_num=1 flags=implicit
// CHECK-NEXT: [[T1]]: task_info level=0 rc=2 task_id=[[IMPL1]] parallel_id=[[PAR]] type=implicit{{.*}} exit_frame=0x{{[1-9a-f][0-9a-f]*}} enter_frame=0x0 {{.*}}thread_num=1 team_size=2
// CHECK-NEXT: [[T1]]: sync_region_begin kind=barrier_implicit_parallel parallel_id=[[PAR]] task_id=[[IMPL1]] codeptr_ra=0x{{[0-9a-f]+}}
// CHECK: [[T1]]: sync_region_end kind=barrier_implicit_parallel parallel_id=0 task_id=[[IMPL1]] codeptr_ra=0x{{[0-9a-f]+}}
// CHECK-NEXT: [[T1]]: implicit_task_end parallel_id=0 task_id=[[IMPL1]] team_size=0 thread_num=1 flags=implicit
// No third thread, and no other task.
// CHECK-NOT: implicit_task_begin
