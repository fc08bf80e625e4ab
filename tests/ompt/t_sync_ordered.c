// An ordered region in a schedule(static,1) ordered loop of six iterations
// on two threads (the runtime schedules ordered loops, so the loop reports
// work and dispatch events; static,1 makes the iterations of each thread
// known: 0, 2, 4 and 1, 3, 5). On each thread: work begin of kind loop
// with count 6; per iteration a dispatch whose instance is the iteration's
// logical number, then mutex_acquire, mutex_acquired and mutex_released of
// kind ordered around the ordered block; work end; and the loop's implicit
// barrier (barrier_implicit_workshare). The ordered wait_id is the same on
// both threads and every iteration; codeptr_ra is exact for the ordered
// block and for the loop's implicit barrier (the call that ends the loop).
// THREADS: 2
// SORT-THREADS
#include <omp.h>
#include <stdint.h>

#include "tool.h"

int main(void)
{
#pragma omp parallel num_threads(2)
  {
    int i;
#pragma omp for schedule(static, 1) ordered
    for (i = 0; i < 6; i++) {
#pragma omp ordered
      {
      in_ordered:
        ompt_print_addr("iteration", (void *)(uintptr_t)i);
      }
    after_ordered:;
    }
  after_loop:
    if (omp_get_thread_num() == 0) {
      ompt_print_addr("in_ordered", &&in_ordered);
      ompt_print_addr("after_ordered", &&after_ordered);
      ompt_print_addr("after_loop", &&after_loop);
    }
  }
  return 0;
}

// CHECK: 0: initialize

// CHECK: [[T0:[0-9]+]]: thread_begin type=initial
// CHECK: [[T0]]: parallel_begin {{.*}}parallel_id=[[PAR:[0-9]+]] requested_team_size=2
// CHECK-NEXT: [[T0]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I0:[0-9]+]] team_size=2 thread_num=0
// CHECK-NEXT: [[T0]]: work_begin kind=loop parallel_id=[[PAR]] task_id=[[I0]] count=6 codeptr_ra=[[RA_LOOP:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: dispatch kind=iteration parallel_id=[[PAR]] task_id=[[I0]] instance=0x0
// CHECK-NEXT: [[T0]]: mutex_acquire kind=ordered hint=0 impl={{[0-9]+}} wait_id=[[WS:0x[0-9a-f]+]] codeptr_ra=[[RA_IN:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: mutex_acquired kind=ordered wait_id=[[WS]] codeptr_ra=[[RA_IN]]
// CHECK-NEXT: [[T0]]: addr iteration=0x0
// CHECK-NEXT: [[T0]]: mutex_released kind=ordered wait_id=[[WS]] codeptr_ra=[[RA_OUT:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: dispatch kind=iteration parallel_id=[[PAR]] task_id=[[I0]] instance=0x2
// CHECK-NEXT: [[T0]]: mutex_acquire kind=ordered hint=0 impl={{[0-9]+}} wait_id=[[WS]] codeptr_ra=[[RA_IN]]
// CHECK-NEXT: [[T0]]: mutex_acquired kind=ordered wait_id=[[WS]] codeptr_ra=[[RA_IN]]
// CHECK-NEXT: [[T0]]: addr iteration=0x2
// CHECK-NEXT: [[T0]]: mutex_released kind=ordered wait_id=[[WS]] codeptr_ra=[[RA_OUT]]
// CHECK-NEXT: [[T0]]: dispatch kind=iteration parallel_id=[[PAR]] task_id=[[I0]] instance=0x4
// CHECK-NEXT: [[T0]]: mutex_acquire kind=ordered hint=0 impl={{[0-9]+}} wait_id=[[WS]] codeptr_ra=[[RA_IN]]
// CHECK-NEXT: [[T0]]: mutex_acquired kind=ordered wait_id=[[WS]] codeptr_ra=[[RA_IN]]
// CHECK-NEXT: [[T0]]: addr iteration=0x4
// CHECK-NEXT: [[T0]]: mutex_released kind=ordered wait_id=[[WS]] codeptr_ra=[[RA_OUT]]
// CHECK-NEXT: [[T0]]: work_end kind=loop parallel_id=[[PAR]] task_id=[[I0]] count={{(6|0)}} codeptr_ra=0x{{[0-9a-f]+}}
// CHECK-NEXT: [[T0]]: sync_region_begin kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA_END:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: sync_region_wait_begin kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA_END]]
// CHECK-NEXT: [[T0]]: sync_region_wait_end kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA_END]]
// CHECK-NEXT: [[T0]]: sync_region_end kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA_END]]
// CHECK-NEXT: [[T0]]: addr in_ordered=[[RA_IN]]
// CHECK-NEXT: [[T0]]: addr after_ordered=[[RA_OUT]]
// CHECK-NEXT: [[T0]]: addr after_loop=[[RA_END]]
// CHECK-NEXT: [[T0]]: sync_region_begin kind=barrier_implicit_parallel
// CHECK-NOT: mutex_
// CHECK-NOT: dispatch

// CHECK: [[T1:[0-9]+]]: thread_begin type=worker
// CHECK-NEXT: [[T1]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I1:[0-9]+]] team_size=2 thread_num=1
// CHECK-NEXT: [[T1]]: work_begin kind=loop parallel_id=[[PAR]] task_id=[[I1]] count=6 codeptr_ra=[[RA_LOOP]]
// CHECK-NEXT: [[T1]]: dispatch kind=iteration parallel_id=[[PAR]] task_id=[[I1]] instance=0x1
// CHECK-NEXT: [[T1]]: mutex_acquire kind=ordered hint=0 impl={{[0-9]+}} wait_id=[[WS]] codeptr_ra=[[RA_IN]]
// CHECK-NEXT: [[T1]]: mutex_acquired kind=ordered wait_id=[[WS]] codeptr_ra=[[RA_IN]]
// CHECK-NEXT: [[T1]]: addr iteration=0x1
// CHECK-NEXT: [[T1]]: mutex_released kind=ordered wait_id=[[WS]] codeptr_ra=[[RA_OUT]]
// CHECK-NEXT: [[T1]]: dispatch kind=iteration parallel_id=[[PAR]] task_id=[[I1]] instance=0x3
// CHECK-NEXT: [[T1]]: mutex_acquire kind=ordered hint=0 impl={{[0-9]+}} wait_id=[[WS]] codeptr_ra=[[RA_IN]]
// CHECK-NEXT: [[T1]]: mutex_acquired kind=ordered wait_id=[[WS]] codeptr_ra=[[RA_IN]]
// CHECK-NEXT: [[T1]]: addr iteration=0x3
// CHECK-NEXT: [[T1]]: mutex_released kind=ordered wait_id=[[WS]] codeptr_ra=[[RA_OUT]]
// CHECK-NEXT: [[T1]]: dispatch kind=iteration parallel_id=[[PAR]] task_id=[[I1]] instance=0x5
// CHECK-NEXT: [[T1]]: mutex_acquire kind=ordered hint=0 impl={{[0-9]+}} wait_id=[[WS]] codeptr_ra=[[RA_IN]]
// CHECK-NEXT: [[T1]]: mutex_acquired kind=ordered wait_id=[[WS]] codeptr_ra=[[RA_IN]]
// CHECK-NEXT: [[T1]]: addr iteration=0x5
// CHECK-NEXT: [[T1]]: mutex_released kind=ordered wait_id=[[WS]] codeptr_ra=[[RA_OUT]]
// CHECK-NEXT: [[T1]]: work_end kind=loop parallel_id=[[PAR]] task_id=[[I1]] count={{(6|0)}} codeptr_ra=0x{{[0-9a-f]+}}
// CHECK-NEXT: [[T1]]: sync_region_begin kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA_END]]
// CHECK-NEXT: [[T1]]: sync_region_wait_begin kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA_END]]
// CHECK-NEXT: [[T1]]: sync_region_wait_end kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA_END]]
// CHECK-NEXT: [[T1]]: sync_region_end kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA_END]]
// CHECK-NEXT: [[T1]]: sync_region_begin kind=barrier_implicit_parallel
// CHECK-NOT: mutex_
// CHECK-NOT: dispatch
