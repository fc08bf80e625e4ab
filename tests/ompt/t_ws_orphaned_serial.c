// Synchronization and worksharing constructs met in serial code, outside
// any parallel construct: they bind to the initial task's implicit parallel
// region, so every event carries that region's id and the initial task's
// id (from the initial task's implicit_task begin). A barrier (kind
// barrier); a single, whose only thread executes it (single_executor, count
// 1, work end at the GOMP_barrier that follows); a schedule(dynamic,2) loop
// of four iterations (work begin count 4, dispatches 0 and 2, work end, then
// barrier_implicit_workshare); a critical section; a sections construct
// with two sections (dispatches 1 and 2). The state inside is work_serial.
// codeptr_ra is exact wherever a call is followed directly by a label.
// SORT-THREADS
#include <omp.h>

#include "tool.h"

int main(void)
{
  long i;
#pragma omp barrier
after_barrier:;
#pragma omp single
  ompt_print_state();
after_single:;
#pragma omp for schedule(dynamic, 2)
  for (i = 0; i < 4; i++)
    ;
after_loop:;
#pragma omp critical
  {
  in_critical:
    ompt_print_state();
  }
after_critical:;
#pragma omp sections
  {
#pragma omp section
    ompt_print_state();
#pragma omp section
    ompt_print_state();
  }
after_sections:
  ompt_print_addr("after_barrier", &&after_barrier);
  ompt_print_addr("after_single", &&after_single);
  ompt_print_addr("after_loop", &&after_loop);
  ompt_print_addr("in_critical", &&in_critical);
  ompt_print_addr("after_critical", &&after_critical);
  ompt_print_addr("after_sections", &&after_sections);
  return 0;
}

// CHECK: 0: initialize
// CHECK: [[T0:[0-9]+]]: thread_begin type=initial
// CHECK: [[T0]]: implicit_task_begin parallel_id=[[PAR:[0-9]+]] task_id=[[TASK:[0-9]+]] team_size=1 thread_num={{[0-9]+}} flags=initial
// CHECK-NEXT: [[T0]]: sync_region_begin kind=barrier parallel_id=[[PAR]] task_id=[[TASK]] codeptr_ra=[[RA_B:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: sync_region_wait_begin kind=barrier parallel_id=[[PAR]] task_id=[[TASK]] codeptr_ra=[[RA_B]]
// CHECK-NEXT: [[T0]]: sync_region_wait_end kind=barrier parallel_id=[[PAR]] task_id=[[TASK]] codeptr_ra=[[RA_B]]
// CHECK-NEXT: [[T0]]: sync_region_end kind=barrier parallel_id=[[PAR]] task_id=[[TASK]] codeptr_ra=[[RA_B]]

// CHECK-NEXT: [[T0]]: work_begin kind=single_executor parallel_id=[[PAR]] task_id=[[TASK]] count=1 codeptr_ra=0x{{[0-9a-f]+}}
// CHECK-NEXT: [[T0]]: state name={{(ompt_state_)?}}work_serial wait_id=
// CHECK-NEXT: [[T0]]: work_end kind=single_executor parallel_id=[[PAR]] task_id=[[TASK]] count=1 codeptr_ra=0x{{[0-9a-f]+}}
// CHECK-NEXT: [[T0]]: sync_region_begin kind=barrier parallel_id=[[PAR]] task_id=[[TASK]] codeptr_ra=[[RA_S:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: sync_region_wait_begin kind=barrier parallel_id=[[PAR]] task_id=[[TASK]] codeptr_ra=[[RA_S]]
// CHECK-NEXT: [[T0]]: sync_region_wait_end kind=barrier parallel_id=[[PAR]] task_id=[[TASK]] codeptr_ra=[[RA_S]]
// CHECK-NEXT: [[T0]]: sync_region_end kind=barrier parallel_id=[[PAR]] task_id=[[TASK]] codeptr_ra=[[RA_S]]

// CHECK-NEXT: [[T0]]: work_begin kind=loop parallel_id=[[PAR]] task_id=[[TASK]] count=4 codeptr_ra=0x{{[0-9a-f]+}}
// CHECK-NEXT: [[T0]]: dispatch kind=iteration parallel_id=[[PAR]] task_id=[[TASK]] instance=0x0{{$}}
// CHECK-NEXT: [[T0]]: dispatch kind=iteration parallel_id=[[PAR]] task_id=[[TASK]] instance=0x2{{$}}
// CHECK-NEXT: [[T0]]: work_end kind=loop parallel_id=[[PAR]] task_id=[[TASK]] count={{(4|0)}} codeptr_ra=0x{{[0-9a-f]+}}
// CHECK-NEXT: [[T0]]: sync_region_begin kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[TASK]] codeptr_ra=[[RA_L:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: sync_region_wait_begin kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[TASK]] codeptr_ra=[[RA_L]]
// CHECK-NEXT: [[T0]]: sync_region_wait_end kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[TASK]] codeptr_ra=[[RA_L]]
// CHECK-NEXT: [[T0]]: sync_region_end kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[TASK]] codeptr_ra=[[RA_L]]

// CHECK-NEXT: [[T0]]: mutex_acquire kind=critical hint=0 impl={{[0-9]+}} wait_id=[[CRIT:0x[0-9a-f]+]] codeptr_ra=[[RA_IN:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: mutex_acquired kind=critical wait_id=[[CRIT]] codeptr_ra=[[RA_IN]]
// CHECK-NEXT: [[T0]]: state name={{(ompt_state_)?}}work_serial wait_id=
// CHECK-NEXT: [[T0]]: mutex_released kind=critical wait_id=[[CRIT]] codeptr_ra=[[RA_OUT:0x[0-9a-f]+]]

// CHECK-NEXT: [[T0]]: work_begin kind=sections parallel_id=[[PAR]] task_id=[[TASK]] count=2 codeptr_ra=0x{{[0-9a-f]+}}
// CHECK-NEXT: [[T0]]: dispatch kind=section parallel_id=[[PAR]] task_id=[[TASK]] instance=0x1{{$}}
// CHECK-NEXT: [[T0]]: state name={{(ompt_state_)?}}work_serial wait_id=
// CHECK-NEXT: [[T0]]: dispatch kind=section parallel_id=[[PAR]] task_id=[[TASK]] instance=0x2{{$}}
// CHECK-NEXT: [[T0]]: state name={{(ompt_state_)?}}work_serial wait_id=
// CHECK-NEXT: [[T0]]: work_end kind=sections parallel_id=[[PAR]] task_id=[[TASK]] count={{(2|0)}} codeptr_ra=0x{{[0-9a-f]+}}
// CHECK-NEXT: [[T0]]: sync_region_begin kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[TASK]] codeptr_ra=[[RA_SEC:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: sync_region_wait_begin kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[TASK]] codeptr_ra=[[RA_SEC]]
// CHECK-NEXT: [[T0]]: sync_region_wait_end kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[TASK]] codeptr_ra=[[RA_SEC]]
// CHECK-NEXT: [[T0]]: sync_region_end kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[TASK]] codeptr_ra=[[RA_SEC]]

// CHECK-NEXT: [[T0]]: addr after_barrier=[[RA_B]]
// CHECK-NEXT: [[T0]]: addr after_single=[[RA_S]]
// CHECK-NEXT: [[T0]]: addr after_loop=[[RA_L]]
// CHECK-NEXT: [[T0]]: addr in_critical=[[RA_IN]]
// CHECK-NEXT: [[T0]]: addr after_critical=[[RA_OUT]]
// CHECK-NEXT: [[T0]]: addr after_sections=[[RA_SEC]]
// CHECK-NOT: mutex_
// CHECK-NOT: work_
// CHECK-NOT: sync_region
// CHECK: [[T0]]: thread_end
