// Thread begin and end with a team of 4: the initial thread begins as
// "initial" before any other event of its own; each of the three workers
// begins once, as "worker", before its implicit task, and at exit reports
// thread_end on its own thread, as its last event, after its implicit task
// and the region's barrier have ended; the initial thread ends its initial
// task, then itself. Nothing happens between the region and the exit, so
// the workers may still be finishing the region when the program exits.
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
  return 0;
}

// CHECK: 0: initialize
// CHECK-NOT: = NULL
// CHECK: 0: finalize

// CHECK: [[T0:[0-9]+]]: thread_begin type=initial
// CHECK-NEXT: [[T0]]: implicit_task_begin parallel_id={{[0-9]+}} task_id=[[TASK0:[0-9]+]] team_size=1 thread_num={{[0-9]+}} flags=initial
// CHECK-NEXT: [[T0]]: parallel_begin parent_task_id=[[TASK0]] {{.*}}parallel_id=[[PAR:[0-9]+]] requested_team_size=4
// CHECK-NEXT: [[T0]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I0:[0-9]+]] team_size=4 thread_num=0 flags=implicit
// CHECK: [[T0]]: implicit_task_end parallel_id=0 task_id=[[I0]]
// CHECK-NEXT: [[T0]]: parallel_end parallel_id=[[PAR]] task_id=[[TASK0]]
// CHECK-NEXT: [[T0]]: implicit_task_end parallel_id=0 task_id=[[TASK0]] team_size=0 thread_num={{[0-9]+}} flags=initial
// CHECK-NEXT: [[T0]]: thread_end
// CHECK-NOT: [[T0]]:

// CHECK: [[W1:[0-9]+]]: thread_begin type=worker
// CHECK-NEXT: [[W1]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I1:[0-9]+]] team_size=4 thread_num={{[1-3]}} flags=implicit
// CHECK-NEXT: [[W1]]: task_info level=0 rc=2 task_id=[[I1]] parallel_id=[[PAR]]
// CHECK-NEXT: [[W1]]: sync_region_begin kind=barrier_implicit_parallel parallel_id=[[PAR]] task_id=[[I1]]
// CHECK: [[W1]]: sync_region_end kind=barrier_implicit_parallel parallel_id=0 task_id=[[I1]]
// CHECK-NEXT: [[W1]]: implicit_task_end parallel_id=0 task_id=[[I1]] team_size=0 thread_num={{[1-3]}} flags=implicit
// CHECK-NEXT: [[W1]]: thread_end
// CHECK-NOT: [[W1]]:

// CHECK: [[W2:[0-9]+]]: thread_begin type=worker
// CHECK-NEXT: [[W2]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I2:[0-9]+]] team_size=4 thread_num={{[1-3]}} flags=implicit
// CHECK-NEXT: [[W2]]: task_info level=0 rc=2 task_id=[[I2]] parallel_id=[[PAR]]
// CHECK-NEXT: [[W2]]: sync_region_begin kind=barrier_implicit_parallel parallel_id=[[PAR]] task_id=[[I2]]
// CHECK: [[W2]]: sync_region_end kind=barrier_implicit_parallel parallel_id=0 task_id=[[I2]]
// CHECK-NEXT: [[W2]]: implicit_task_end parallel_id=0 task_id=[[I2]] team_size=0 thread_num={{[1-3]}} flags=implicit
// CHECK-NEXT: [[W2]]: thread_end
// CHECK-NOT: [[W2]]:

// CHECK: [[W3:[0-9]+]]: thread_begin type=worker
// CHECK-NEXT: [[W3]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I3:[0-9]+]] team_size=4 thread_num={{[1-3]}} flags=implicit
// CHECK-NEXT: [[W3]]: task_info level=0 rc=2 task_id=[[I3]] parallel_id=[[PAR]]
// CHECK-NEXT: [[W3]]: sync_region_begin kind=barrier_implicit_parallel parallel_id=[[PAR]] task_id=[[I3]]
// CHECK: [[W3]]: sync_region_end kind=barrier_implicit_parallel parallel_id=0 task_id=[[I3]]
// CHECK-NEXT: [[W3]]: implicit_task_end parallel_id=0 task_id=[[I3]] team_size=0 thread_num={{[1-3]}} flags=implicit
// CHECK-NEXT: [[W3]]: thread_end
// CHECK-NOT: {{.}}
