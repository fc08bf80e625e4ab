// cancel parallel with OMP_CANCELLATION=true, two threads. The initial
// thread activates cancellation: one cancel event, flags parallel|activated,
// in its implicit task. The worker polls a cancellation point for parallel
// and detects it: one cancel event, flags parallel|detected, in its own
// implicit task (a cancellation point that finds nothing reports nothing).
// Both then continue at the end of the region: no line from after the
// construct, and the region's implicit barrier follows.
// THREADS: 2
// RUN-ENV: OMP_CANCELLATION=true
// SORT-THREADS
#include <omp.h>

#include "tool.h"

static int polling;

int main(void)
{
  if (!omp_get_cancellation())
    return 1;
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 0) {
      while (!__atomic_load_n(&polling, __ATOMIC_SEQ_CST))
        ;
#pragma omp cancel parallel
      ompt_print_addr("not_cancelled", 0);
    } else {
      __atomic_store_n(&polling, 1, __ATOMIC_SEQ_CST);
      /* Bounded, so a runtime that never cancels fails instead of hanging. */
      for (long n = 0; n < 4000000000L; n++) {
#pragma omp cancellation point parallel
      }
      ompt_print_addr("not_cancelled", 0);
    }
  }
  return 0;
}

// CHECK: 0: initialize

// CHECK: [[T0:[0-9]+]]: thread_begin type=initial
// CHECK-NOT: cancel
// CHECK: [[T0]]: parallel_begin {{.*}}parallel_id=[[PAR:[0-9]+]] requested_team_size=2
// CHECK-NEXT: [[T0]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I0:[0-9]+]] team_size=2 thread_num=0
// CHECK-NEXT: [[T0]]: cancel task_id=[[I0]] flags=parallel|activated codeptr_ra=0x{{[1-9a-f][0-9a-f]*}}
// CHECK-NEXT: [[T0]]: sync_region_begin kind=barrier_implicit_parallel parallel_id=[[PAR]] task_id=[[I0]]
// CHECK-NOT: cancel
// CHECK-NOT: not_cancelled
// CHECK: [[T0]]: parallel_end parallel_id=[[PAR]]
// CHECK-NOT: cancel
// CHECK-NOT: not_cancelled

// CHECK: [[T1:[0-9]+]]: thread_begin type=worker
// CHECK-NEXT: [[T1]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I1:[0-9]+]] team_size=2 thread_num=1
// CHECK-NEXT: [[T1]]: cancel task_id=[[I1]] flags=parallel|detected codeptr_ra=0x{{[1-9a-f][0-9a-f]*}}
// CHECK-NEXT: [[T1]]: sync_region_begin kind=barrier_implicit_parallel parallel_id=[[PAR]] task_id=[[I1]]
// CHECK-NOT: cancel
// CHECK-NOT: not_cancelled
