// Two parallel regions of four threads in a row: the second has its own
// parallel id, codeptr_ra and implicit tasks, and is run by the same three
// workers, which do not begin again (one thread_begin each): each worker's
// implicit task of the first region ends before its task of the second
// begins.
// THREADS: 4
// SORT-THREADS
#include <omp.h>

#include "tool.h"

int main(void)
{
#pragma omp parallel
  {
    ompt_print_task_info(0);
  }
after_first:
  ompt_print_addr("after_first", &&after_first);
#pragma omp parallel
  {
    ompt_print_task_info(0);
  }
after_second:
  ompt_print_addr("after_second", &&after_second);
  return 0;
}

// CHECK: 0: initialize
// CHECK-NOT: = NULL
// CHECK: 0: finalize

// CHECK: [[T0:[0-9]+]]: thread_begin type=initial
// CHECK-NEXT: [[T0]]: implicit_task_begin parallel_id={{[0-9]+}} task_id=[[TASK0:[0-9]+]] team_size=1 thread_num={{[0-9]+}} flags=initial
// CHECK-NEXT: [[T0]]: parallel_begin parent_task_id=[[TASK0]] {{.*}}parallel_id=[[PAR1:[0-9]+]] requested_team_size=4 flags=invoker_runtime|team codeptr_ra=[[RA1:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: implicit_task_begin parallel_id=[[PAR1]] task_id=[[IMPL01:[0-9]+]] team_size=4 thread_num=0 flags=implicit
// CHECK-NEXT: [[T0]]: task_info level=0 rc=2 task_id=[[IMPL01]] parallel_id=[[PAR1]] {{.*}}thread_num=0 team_size=4
// CHECK-NEXT: [[T0]]: sync_region_begin kind=barrier_implicit_parallel parallel_id=[[PAR1]] task_id=[[IMPL01]] codeptr_ra=[[RA1]]
// CHECK: [[T0]]: sync_region_end kind=barrier_implicit_parallel parallel_id=0 task_id=[[IMPL01]] codeptr_ra=[[RA1]]
// CHECK-NEXT: [[T0]]: implicit_task_end parallel_id=0 task_id=[[IMPL01]] team_size=0 thread_num=0 flags=implicit
// CHECK-NEXT: [[T0]]: parallel_end parallel_id=[[PAR1]] task_id=[[TASK0]] flags=invoker_runtime|team codeptr_ra=[[RA1]]
// CHECK-NEXT: [[T0]]: addr after_first=[[RA1]]
// CHECK-NEXT: [[T0]]: parallel_begin parent_task_id=[[TASK0]] {{.*}}parallel_id=[[PAR2:[0-9]+]] requested_team_size=4 flags=invoker_runtime|team codeptr_ra=[[RA2:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: implicit_task_begin parallel_id=[[PAR2]] task_id=[[IMPL02:[0-9]+]] team_size=4 thread_num=0 flags=implicit
// CHECK-NEXT: [[T0]]: task_info level=0 rc=2 task_id=[[IMPL02]] parallel_id=[[PAR2]] {{.*}}thread_num=0 team_size=4
// CHECK-NEXT: [[T0]]: sync_region_begin kind=barrier_implicit_parallel parallel_id=[[PAR2]] task_id=[[IMPL02]] codeptr_ra=[[RA2]]
// CHECK: [[T0]]: sync_region_end kind=barrier_implicit_parallel parallel_id=0 task_id=[[IMPL02]] codeptr_ra=[[RA2]]
// CHECK-NEXT: [[T0]]: implicit_task_end parallel_id=0 task_id=[[IMPL02]] team_size=0 thread_num=0 flags=implicit
// CHECK-NEXT: [[T0]]: parallel_end parallel_id=[[PAR2]] task_id=[[TASK0]] flags=invoker_runtime|team codeptr_ra=[[RA2]]
// CHECK-NEXT: [[T0]]: addr after_second=[[RA2]]
// CHECK-NEXT: [[T0]]: implicit_task_end parallel_id=0 task_id=[[TASK0]] {{.*}}flags=initial
// CHECK-NEXT: [[T0]]: thread_end

// Each of the three workers, in both regions. (The end of its second
// implicit task races with the program's exit in libparomp; see
// pending/t_par_thread_begin_end.c.)
// CHECK-NEXT: [[W1:[0-9]+]]: thread_begin type=worker
// CHECK-NEXT: [[W1]]: implicit_task_begin parallel_id=[[PAR1]] task_id=[[W1I1:[0-9]+]] team_size=4 thread_num={{[1-3]}} flags=implicit
// CHECK-NEXT: [[W1]]: task_info level=0 rc=2 task_id=[[W1I1]] parallel_id=[[PAR1]] {{.*}}thread_num={{[1-3]}} team_size=4
// CHECK-NEXT: [[W1]]: sync_region_begin kind=barrier_implicit_parallel parallel_id=[[PAR1]] task_id=[[W1I1]] codeptr_ra=0x0
// CHECK: [[W1]]: sync_region_end kind=barrier_implicit_parallel parallel_id=0 task_id=[[W1I1]] codeptr_ra=0x0
// CHECK-NEXT: [[W1]]: implicit_task_end parallel_id=0 task_id=[[W1I1]] team_size=0 thread_num={{[1-3]}} flags=implicit
// CHECK-NEXT: [[W1]]: implicit_task_begin parallel_id=[[PAR2]] task_id=[[W1I2:[0-9]+]] team_size=4 thread_num={{[1-3]}} flags=implicit
// CHECK-NEXT: [[W1]]: task_info level=0 rc=2 task_id=[[W1I2]] parallel_id=[[PAR2]] {{.*}}thread_num={{[1-3]}} team_size=4
// CHECK-NEXT: [[W1]]: sync_region_begin kind=barrier_implicit_parallel parallel_id=[[PAR2]] task_id=[[W1I2]] codeptr_ra=0x0

// CHECK: [[W2:[0-9]+]]: thread_begin type=worker
// CHECK-NEXT: [[W2]]: implicit_task_begin parallel_id=[[PAR1]] task_id=[[W2I1:[0-9]+]] team_size=4 thread_num={{[1-3]}} flags=implicit
// CHECK-NEXT: [[W2]]: task_info level=0 rc=2 task_id=[[W2I1]] parallel_id=[[PAR1]] {{.*}}thread_num={{[1-3]}} team_size=4
// CHECK-NEXT: [[W2]]: sync_region_begin kind=barrier_implicit_parallel parallel_id=[[PAR1]] task_id=[[W2I1]] codeptr_ra=0x0
// CHECK: [[W2]]: sync_region_end kind=barrier_implicit_parallel parallel_id=0 task_id=[[W2I1]] codeptr_ra=0x0
// CHECK-NEXT: [[W2]]: implicit_task_end parallel_id=0 task_id=[[W2I1]] team_size=0 thread_num={{[1-3]}} flags=implicit
// CHECK-NEXT: [[W2]]: implicit_task_begin parallel_id=[[PAR2]] task_id=[[W2I2:[0-9]+]] team_size=4 thread_num={{[1-3]}} flags=implicit
// CHECK-NEXT: [[W2]]: task_info level=0 rc=2 task_id=[[W2I2]] parallel_id=[[PAR2]] {{.*}}thread_num={{[1-3]}} team_size=4
// CHECK-NEXT: [[W2]]: sync_region_begin kind=barrier_implicit_parallel parallel_id=[[PAR2]] task_id=[[W2I2]] codeptr_ra=0x0

// CHECK: [[W3:[0-9]+]]: thread_begin type=worker
// CHECK-NEXT: [[W3]]: implicit_task_begin parallel_id=[[PAR1]] task_id=[[W3I1:[0-9]+]] team_size=4 thread_num={{[1-3]}} flags=implicit
// CHECK-NEXT: [[W3]]: task_info level=0 rc=2 task_id=[[W3I1]] parallel_id=[[PAR1]] {{.*}}thread_num={{[1-3]}} team_size=4
// CHECK-NEXT: [[W3]]: sync_region_begin kind=barrier_implicit_parallel parallel_id=[[PAR1]] task_id=[[W3I1]] codeptr_ra=0x0
// CHECK: [[W3]]: sync_region_end kind=barrier_implicit_parallel parallel_id=0 task_id=[[W3I1]] codeptr_ra=0x0
// CHECK-NEXT: [[W3]]: implicit_task_end parallel_id=0 task_id=[[W3I1]] team_size=0 thread_num={{[1-3]}} flags=implicit
// CHECK-NEXT: [[W3]]: implicit_task_begin parallel_id=[[PAR2]] task_id=[[W3I2:[0-9]+]] team_size=4 thread_num={{[1-3]}} flags=implicit
// CHECK-NEXT: [[W3]]: task_info level=0 rc=2 task_id=[[W3I2]] parallel_id=[[PAR2]] {{.*}}thread_num={{[1-3]}} team_size=4
// CHECK-NEXT: [[W3]]: sync_region_begin kind=barrier_implicit_parallel parallel_id=[[PAR2]] task_id=[[W3I2]] codeptr_ra=0x0

// No fifth thread.
// CHECK-NOT: thread_begin
