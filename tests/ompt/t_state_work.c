// ompt_get_state in code that waits for nothing: undefined in main before
// the first OpenMP call (the thread is not yet an OpenMP thread: the tool
// gives it no id); work_serial outside every parallel region once it is
// (before the first region and between regions);
// work_parallel inside a parallel region on every thread, inside a nested
// region that runs inactive (OMP_MAX_ACTIVE_LEVELS=1: a team of one), and
// inside a region serialized by if(0) (still a parallel region).
// THREADS: 2
// RUN-ENV: OMP_MAX_ACTIVE_LEVELS=1
// SORT-THREADS
#include <omp.h>

#include "tool.h"

int main(void)
{
  ompt_print_state();
  if (omp_get_num_threads() != 1)
    return 1;
  ompt_print_state();
#pragma omp parallel num_threads(2)
  {
    ompt_print_state();
#pragma omp parallel num_threads(2)
    {
      ompt_print_state();
    }
  }
  ompt_print_state();
#pragma omp parallel if (0)
  {
    ompt_print_state();
  }
  ompt_print_state();
  return 0;
}

// CHECK: 0: initialize
// CHECK: 0: state name={{(0x102|(ompt_state_)?undefined)}} wait_id=0x0
// CHECK-NOT: state name=

// CHECK: [[T0:[0-9]+]]: thread_begin type=initial
// CHECK-NOT: state name=
// CHECK: [[T0]]: state name={{(ompt_state_)?}}work_serial wait_id=
// CHECK-NEXT: [[T0]]: parallel_begin {{.*}}parallel_id=[[PAR1:[0-9]+]] requested_team_size=2
// CHECK-NEXT: [[T0]]: implicit_task_begin parallel_id=[[PAR1]] task_id={{[0-9]+}} team_size=2 thread_num=0
// CHECK-NEXT: [[T0]]: state name={{(ompt_state_)?}}work_parallel wait_id=
// CHECK-NEXT: [[T0]]: parallel_begin {{.*}}parallel_id=[[IN0:[0-9]+]] requested_team_size=2
// CHECK-NEXT: [[T0]]: implicit_task_begin parallel_id=[[IN0]] task_id={{[0-9]+}} team_size=1 thread_num=0
// CHECK-NEXT: [[T0]]: state name={{(ompt_state_)?}}work_parallel wait_id=
// CHECK-NOT: state name=
// CHECK: [[T0]]: parallel_end parallel_id=[[IN0]]
// CHECK-NOT: state name=
// CHECK: [[T0]]: parallel_end parallel_id=[[PAR1]]
// CHECK-NEXT: [[T0]]: state name={{(ompt_state_)?}}work_serial wait_id=
// CHECK-NEXT: [[T0]]: parallel_begin {{.*}}parallel_id=[[PAR2:[0-9]+]]
// CHECK-NEXT: [[T0]]: implicit_task_begin parallel_id=[[PAR2]] task_id={{[0-9]+}} team_size=1 thread_num=0
// CHECK-NEXT: [[T0]]: state name={{(ompt_state_)?}}work_parallel wait_id=
// CHECK-NOT: state name=
// CHECK: [[T0]]: parallel_end parallel_id=[[PAR2]]
// CHECK-NEXT: [[T0]]: state name={{(ompt_state_)?}}work_serial wait_id=
// CHECK-NOT: state name=

// The worker, in the first region and its own inactive nested region.
// CHECK: [[T1:[0-9]+]]: thread_begin type=worker
// CHECK-NEXT: [[T1]]: implicit_task_begin parallel_id=[[PAR1]] task_id={{[0-9]+}} team_size=2 thread_num=1
// CHECK-NEXT: [[T1]]: state name={{(ompt_state_)?}}work_parallel wait_id=
// CHECK-NEXT: [[T1]]: parallel_begin {{.*}}parallel_id=[[IN1:[0-9]+]] requested_team_size=2
// CHECK-NEXT: [[T1]]: implicit_task_begin parallel_id=[[IN1]] task_id={{[0-9]+}} team_size=1 thread_num=0
// CHECK-NEXT: [[T1]]: state name={{(ompt_state_)?}}work_parallel wait_id=
// CHECK-NOT: state name=
// CHECK: [[T1]]: parallel_end parallel_id=[[IN1]]
// CHECK-NOT: state name=
// CHECK-NOT: implicit_task_begin
