// codeptr_ra of the implicit barrier that ends a parallel region: on the
// primary thread every event of that barrier (sync_region and
// sync_region_wait, begin and end) carries the region's return address,
// the one of parallel_begin and parallel_end, i.e. the address right after
// the call that implements the construct; a worker has no user code to
// return to once its implicit task's body is done, so its events carry
// NULL. Thread 1 of an active outer region is the primary of an inner one:
// it reports the inner region's address at the inner barrier and NULL at
// the outer one.
// libomp 14 names the barrier with the deprecated kind barrier_implicit.
// THREADS: 2
// SORT-THREADS
// ALSO: libomp
#include <omp.h>

#include "tool.h"

int main(void)
{
  omp_set_max_active_levels(2);
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 1) {
#pragma omp parallel num_threads(2)
      ompt_print_task_info(0);
    after_inner:
      ompt_print_addr("after_inner", &&after_inner);
      /* The inner worker's barrier ends before it begins here. */
#pragma omp parallel num_threads(2)
      ;
    }
  }
after_outer:
  ompt_print_addr("after_outer", &&after_outer);
  /* And thread 1's outer barrier ends before it begins here, not as the
     program exits. */
#pragma omp parallel num_threads(2)
  ;
  return 0;
}

// CHECK: 0: initialize
// CHECK-NOT: = NULL
// CHECK: 0: finalize

// The initial thread, primary of the outer region.
// CHECK: [[T0:[0-9]+]]: thread_begin type=initial
// CHECK: [[T0]]: parallel_begin {{.*}}parallel_id=[[OUTER:[0-9]+]] requested_team_size=2 {{.*}}codeptr_ra=[[RA_OUTER:0x[0-9a-f]+]]
// CHECK: [[T0]]: implicit_task_begin parallel_id=[[OUTER]] task_id=[[I0:[0-9]+]]
// CHECK: [[T0]]: sync_region_begin kind=barrier_implicit{{(_parallel)?}} parallel_id=[[OUTER]] task_id=[[I0]] codeptr_ra=[[RA_OUTER]]
// CHECK: [[T0]]: sync_region_wait_begin kind=barrier_implicit{{(_parallel)?}} parallel_id=[[OUTER]] task_id=[[I0]] codeptr_ra=[[RA_OUTER]]
// CHECK: [[T0]]: sync_region_wait_end kind=barrier_implicit{{(_parallel)?}} parallel_id=0 task_id=[[I0]] codeptr_ra=[[RA_OUTER]]
// CHECK: [[T0]]: sync_region_end kind=barrier_implicit{{(_parallel)?}} parallel_id=0 task_id=[[I0]] codeptr_ra=[[RA_OUTER]]
// CHECK: [[T0]]: parallel_end parallel_id=[[OUTER]] {{.*}}codeptr_ra=[[RA_OUTER]]
// CHECK: [[T0]]: addr after_outer=[[RA_OUTER]]

// Outer thread 1: primary of the inner region, worker of the outer one.
// CHECK: [[T1:[0-9]+]]: thread_begin type=worker
// CHECK: [[T1]]: implicit_task_begin parallel_id=[[OUTER]] task_id=[[I1:[0-9]+]] team_size=2 thread_num=1
// CHECK: [[T1]]: parallel_begin {{.*}}parallel_id=[[INNER:[0-9]+]] requested_team_size=2 {{.*}}codeptr_ra=[[RA_INNER:0x[0-9a-f]+]]
// CHECK: [[T1]]: implicit_task_begin parallel_id=[[INNER]] task_id=[[J0:[0-9]+]] team_size=2 thread_num=0
// CHECK: [[T1]]: sync_region_begin kind=barrier_implicit{{(_parallel)?}} parallel_id=[[INNER]] task_id=[[J0]] codeptr_ra=[[RA_INNER]]
// CHECK: [[T1]]: sync_region_wait_begin kind=barrier_implicit{{(_parallel)?}} parallel_id=[[INNER]] task_id=[[J0]] codeptr_ra=[[RA_INNER]]
// CHECK: [[T1]]: sync_region_wait_end kind=barrier_implicit{{(_parallel)?}} parallel_id=0 task_id=[[J0]] codeptr_ra=[[RA_INNER]]
// CHECK: [[T1]]: sync_region_end kind=barrier_implicit{{(_parallel)?}} parallel_id=0 task_id=[[J0]] codeptr_ra=[[RA_INNER]]
// CHECK: [[T1]]: parallel_end parallel_id=[[INNER]] {{.*}}codeptr_ra=[[RA_INNER]]
// CHECK: [[T1]]: addr after_inner=[[RA_INNER]]
// CHECK: [[T1]]: sync_region_begin kind=barrier_implicit{{(_parallel)?}} parallel_id=[[OUTER]] task_id=[[I1]] codeptr_ra=0x0
// CHECK: [[T1]]: sync_region_wait_begin kind=barrier_implicit{{(_parallel)?}} parallel_id=[[OUTER]] task_id=[[I1]] codeptr_ra=0x0
// CHECK: [[T1]]: sync_region_wait_end kind=barrier_implicit{{(_parallel)?}} parallel_id=0 task_id=[[I1]] codeptr_ra=0x0
// CHECK: [[T1]]: sync_region_end kind=barrier_implicit{{(_parallel)?}} parallel_id=0 task_id=[[I1]] codeptr_ra=0x0

// The inner region's worker.
// CHECK: [[T2:[0-9]+]]: thread_begin type=worker
// CHECK: [[T2]]: implicit_task_begin parallel_id=[[INNER]] task_id=[[J1:[0-9]+]] team_size=2 thread_num=1
// CHECK: [[T2]]: sync_region_begin kind=barrier_implicit{{(_parallel)?}} parallel_id=[[INNER]] task_id=[[J1]] codeptr_ra=0x0
// CHECK: [[T2]]: sync_region_wait_begin kind=barrier_implicit{{(_parallel)?}} parallel_id=[[INNER]] task_id=[[J1]] codeptr_ra=0x0
// CHECK: [[T2]]: sync_region_wait_end kind=barrier_implicit{{(_parallel)?}} parallel_id=0 task_id=[[J1]] codeptr_ra=0x0
// CHECK: [[T2]]: sync_region_end kind=barrier_implicit{{(_parallel)?}} parallel_id=0 task_id=[[J1]] codeptr_ra=0x0
