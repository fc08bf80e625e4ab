// With OMP_CANCELLATION unset, cancel-var is false and the cancel construct
// is ignored: cancel parallel, cancel for and the cancellation points
// report no cancel event and execution goes on past them on both threads
// (each thread prints a line after every construct).
// THREADS: 2
// SORT-THREADS
#include <omp.h>
#include <stdint.h>

#include "tool.h"

int main(void)
{
  if (omp_get_cancellation())
    return 1;
#pragma omp parallel num_threads(2)
  {
    long i;
    if (omp_get_thread_num() == 0) {
#pragma omp cancel parallel
    }
    ompt_print_addr("after_cancel", (void *)1);
#pragma omp cancellation point parallel
    ompt_print_addr("after_point", (void *)2);
#pragma omp for schedule(static, 1)
    for (i = 0; i < 2; i++) {
#pragma omp cancel for
      ompt_print_addr("after_cancel_for", (void *)(uintptr_t)i);
    }
#pragma omp barrier
    ompt_print_addr("after_barrier", (void *)3);
  }
  return 0;
}

// CHECK: 0: initialize

// CHECK: [[T0:[0-9]+]]: thread_begin type=initial
// CHECK-NOT: cancel task_id
// CHECK: [[T0]]: implicit_task_begin parallel_id=[[PAR:[0-9]+]] task_id=[[I0:[0-9]+]] team_size=2 thread_num=0
// CHECK-NEXT: [[T0]]: addr after_cancel=0x1
// CHECK-NEXT: [[T0]]: addr after_point=0x2
// CHECK-NEXT: [[T0]]: addr after_cancel_for=0x0
// CHECK-NEXT: [[T0]]: sync_region_begin kind=barrier parallel_id=[[PAR]] task_id=[[I0]]
// CHECK: [[T0]]: sync_region_end kind=barrier parallel_id=[[PAR]] task_id=[[I0]]
// CHECK-NEXT: [[T0]]: sync_region_begin kind=barrier parallel_id=[[PAR]] task_id=[[I0]]
// CHECK: [[T0]]: sync_region_end kind=barrier parallel_id=[[PAR]] task_id=[[I0]]
// CHECK-NEXT: [[T0]]: addr after_barrier=0x3
// CHECK-NOT: cancel task_id

// CHECK: [[T1:[0-9]+]]: thread_begin type=worker
// CHECK-NEXT: [[T1]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I1:[0-9]+]] team_size=2 thread_num=1
// CHECK-NEXT: [[T1]]: addr after_cancel=0x1
// CHECK-NEXT: [[T1]]: addr after_point=0x2
// CHECK-NEXT: [[T1]]: addr after_cancel_for=0x1
// CHECK-NEXT: [[T1]]: sync_region_begin kind=barrier parallel_id=[[PAR]] task_id=[[I1]]
// CHECK: [[T1]]: sync_region_end kind=barrier parallel_id=[[PAR]] task_id=[[I1]]
// CHECK-NEXT: [[T1]]: sync_region_begin kind=barrier parallel_id=[[PAR]] task_id=[[I1]]
// CHECK: [[T1]]: sync_region_end kind=barrier parallel_id=[[PAR]] task_id=[[I1]]
// CHECK-NEXT: [[T1]]: addr after_barrier=0x3
// CHECK-NOT: cancel task_id
