// cancel parallel detected by a thread waiting in an explicit barrier
// (OMP_CANCELLATION=true, two threads). The worker goes straight to the
// barrier; the initial thread creates a task and spins until it runs, which
// can only happen in the worker's barrier, then cancels the region. The
// worker's barrier (kind barrier, see docs/writing-an-ompt-tool.md) begins,
// its wait begins, the task runs inside it, and the wait ends with a
// cancel event of flags parallel|detected in the worker's implicit task
// (in either order with the barrier's end events); the worker does not run
// the code after the barrier. The initial thread reports its task_create,
// then cancel parallel|activated, and never reaches the barrier.
// THREADS: 2
// RUN-ENV: OMP_CANCELLATION=true
// SORT-THREADS
#include <omp.h>

#include "tool.h"

static int task_ran;

int main(void)
{
  if (!omp_get_cancellation())
    return 1;
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 0) {
#pragma omp task
      {
        ompt_print_state();
        __atomic_store_n(&task_ran, 1, __ATOMIC_SEQ_CST);
      }
      while (!__atomic_load_n(&task_ran, __ATOMIC_SEQ_CST))
        ;
#pragma omp cancel parallel
    }
#pragma omp barrier
    ompt_print_addr("not_cancelled", 0);
  }
  return 0;
}

// CHECK: 0: initialize

// CHECK: [[T0:[0-9]+]]: thread_begin type=initial
// CHECK-NOT: cancel
// CHECK: [[T0]]: parallel_begin {{.*}}parallel_id=[[PAR:[0-9]+]] requested_team_size=2
// CHECK-NEXT: [[T0]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I0:[0-9]+]] team_size=2 thread_num=0
// CHECK-NEXT: [[T0]]: task_create parent_task_id=[[I0]] {{.*}}new_task_id=[[TASK:[0-9]+]] type=explicit
// CHECK-NEXT: [[T0]]: cancel task_id=[[I0]] flags=parallel|activated codeptr_ra=0x{{[1-9a-f][0-9a-f]*}}
// CHECK-NEXT: [[T0]]: sync_region_begin kind=barrier_implicit_parallel parallel_id=[[PAR]] task_id=[[I0]]
// CHECK-NOT: kind=barrier{{ }}
// CHECK-NOT: cancel
// CHECK-NOT: not_cancelled
// CHECK: [[T0]]: parallel_end parallel_id=[[PAR]]

// CHECK: [[T1:[0-9]+]]: thread_begin type=worker
// CHECK-NEXT: [[T1]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I1:[0-9]+]] team_size=2 thread_num=1
// CHECK-NEXT: [[T1]]: sync_region_begin kind=barrier parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA_B:0x[0-9a-f]+]]
// CHECK-NEXT: [[T1]]: sync_region_wait_begin kind=barrier parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA_B]]
// CHECK-NEXT: [[T1]]: task_schedule prior_task_id=[[I1]] status=switch next_task_id=[[TASK]]
// CHECK-NEXT: [[T1]]: state name={{(ompt_state_)?}}work_parallel
// CHECK-NEXT: [[T1]]: task_schedule prior_task_id=[[TASK]] status=complete next_task_id=[[I1]]
// CHECK-DAG: [[T1]]: sync_region_wait_end kind=barrier parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA_B]]
// CHECK-DAG: [[T1]]: sync_region_end kind=barrier parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA_B]]
// CHECK-DAG: [[T1]]: cancel task_id=[[I1]] flags=parallel|detected codeptr_ra=[[RA_B]]
// CHECK-NEXT: [[T1]]: sync_region_begin kind=barrier_implicit_parallel parallel_id=[[PAR]] task_id=[[I1]]
// CHECK-NOT: cancel
// CHECK-NOT: not_cancelled
