// Two explicit barriers in a region of two threads: each is reported as
// sync_region kind=barrier (GOMP_barrier also serves the implicit barriers
// of static loops and single, so libparomp cannot say "explicit"; see
// docs/writing-an-ompt-tool.md) with, on every thread, begin, wait begin,
// wait end and end in that order, the region's and the thread's own
// implicit task ids, and codeptr_ra the return address of that barrier's
// call, which differs between the two barriers.
// THREADS: 2
// SORT-THREADS
#include <omp.h>

#include "tool.h"

int main(void)
{
#pragma omp parallel num_threads(2)
  {
#pragma omp barrier
  after_first:;
#pragma omp barrier
  after_second:
    if (omp_get_thread_num() == 0) {
      ompt_print_addr("after_first", &&after_first);
      ompt_print_addr("after_second", &&after_second);
    }
  }
  return 0;
}

// CHECK: 0: initialize

// The initial thread.
// CHECK: [[T0:[0-9]+]]: thread_begin type=initial
// CHECK: [[T0]]: parallel_begin {{.*}}parallel_id=[[PAR:[0-9]+]] requested_team_size=2
// CHECK-NEXT: [[T0]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I0:[0-9]+]] team_size=2 thread_num=0
// CHECK-NEXT: [[T0]]: sync_region_begin kind=barrier parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA1:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: sync_region_wait_begin kind=barrier parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA1]]
// CHECK-NEXT: [[T0]]: sync_region_wait_end kind=barrier parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA1]]
// CHECK-NEXT: [[T0]]: sync_region_end kind=barrier parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA1]]
// CHECK-NEXT: [[T0]]: sync_region_begin kind=barrier parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA2:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: sync_region_wait_begin kind=barrier parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA2]]
// CHECK-NEXT: [[T0]]: sync_region_wait_end kind=barrier parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA2]]
// CHECK-NEXT: [[T0]]: sync_region_end kind=barrier parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA2]]
// CHECK-NEXT: [[T0]]: addr after_first=[[RA1]]
// CHECK-NEXT: [[T0]]: addr after_second=[[RA2]]
// CHECK-NEXT: [[T0]]: sync_region_begin kind=barrier_implicit_parallel parallel_id=[[PAR]] task_id=[[I0]]
// CHECK-NOT: kind=barrier{{ }}
// CHECK: [[T0]]: thread_end

// The worker: the same two barriers, with the same return addresses.
// CHECK: [[T1:[0-9]+]]: thread_begin type=worker
// CHECK-NEXT: [[T1]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I1:[0-9]+]] team_size=2 thread_num=1
// CHECK-NEXT: [[T1]]: sync_region_begin kind=barrier parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA1]]
// CHECK-NEXT: [[T1]]: sync_region_wait_begin kind=barrier parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA1]]
// CHECK-NEXT: [[T1]]: sync_region_wait_end kind=barrier parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA1]]
// CHECK-NEXT: [[T1]]: sync_region_end kind=barrier parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA1]]
// CHECK-NEXT: [[T1]]: sync_region_begin kind=barrier parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA2]]
// CHECK-NEXT: [[T1]]: sync_region_wait_begin kind=barrier parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA2]]
// CHECK-NEXT: [[T1]]: sync_region_wait_end kind=barrier parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA2]]
// CHECK-NEXT: [[T1]]: sync_region_end kind=barrier parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA2]]
// CHECK-NEXT: [[T1]]: sync_region_begin kind=barrier_implicit_parallel parallel_id=[[PAR]] task_id=[[I1]]
// CHECK-NOT: kind=barrier{{ }}
