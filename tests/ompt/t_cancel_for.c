// cancel for in a schedule(dynamic,1) loop of four iterations on two
// threads, OMP_CANCELLATION=true. The initial thread runs iteration 0 and
// waits there until the worker runs iteration 1, then cancels the loop:
// cancel flags loop|activated. The worker polls a cancellation point for
// the loop in iteration 1 and detects it: cancel flags loop|detected. No
// one runs iterations 2 and 3 (no more dispatch events). Both then report
// work end and the loop's barrier_implicit_workshare, with the same
// codeptr_ra; the region goes on (an explicit barrier after the loop is
// reported normally).
// THREADS: 2
// RUN-ENV: OMP_CANCELLATION=true
// SORT-THREADS
#include <omp.h>
#include <stdint.h>

#include "tool.h"

static int started;

int main(void)
{
  if (!omp_get_cancellation())
    return 1;
#pragma omp parallel num_threads(2)
  {
    long i;
    if (omp_get_thread_num() == 1)
      while (__atomic_load_n(&started, __ATOMIC_SEQ_CST) < 1)
        ;
#pragma omp for schedule(dynamic, 1)
    for (i = 0; i < 4; i++) {
      __atomic_add_fetch(&started, 1, __ATOMIC_SEQ_CST);
      ompt_print_addr("iteration", (void *)(uintptr_t)i);
      if (i == 0) {
        while (__atomic_load_n(&started, __ATOMIC_SEQ_CST) < 2)
          ;
#pragma omp cancel for
      } else {
        for (long n = 0; n < 4000000000L; n++) {
#pragma omp cancellation point for
        }
      }
      ompt_print_addr("not_cancelled", (void *)(uintptr_t)i);
    }
#pragma omp barrier
  }
  return started == 2 ? 0 : 1;
}

// CHECK: 0: initialize

// CHECK: [[T0:[0-9]+]]: thread_begin type=initial
// CHECK-NOT: cancel
// CHECK: [[T0]]: parallel_begin {{.*}}parallel_id=[[PAR:[0-9]+]] requested_team_size=2
// CHECK-NEXT: [[T0]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I0:[0-9]+]] team_size=2 thread_num=0
// CHECK-NEXT: [[T0]]: work_begin kind=loop parallel_id=[[PAR]] task_id=[[I0]] count=4 codeptr_ra=[[RA_LOOP:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: dispatch kind=iteration parallel_id=[[PAR]] task_id=[[I0]] instance=0x0{{$}}
// CHECK-NEXT: [[T0]]: addr iteration=0x0{{$}}
// CHECK-NEXT: [[T0]]: cancel task_id=[[I0]] flags=loop|activated codeptr_ra=0x{{[1-9a-f][0-9a-f]*}}
// CHECK-NEXT: [[T0]]: work_end kind=loop parallel_id=[[PAR]] task_id=[[I0]] count={{(4|0)}}
// CHECK-NEXT: [[T0]]: sync_region_begin kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA_END:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: sync_region_wait_begin kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA_END]]
// CHECK-NEXT: [[T0]]: sync_region_wait_end kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA_END]]
// CHECK-NEXT: [[T0]]: sync_region_end kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA_END]]
// CHECK-NEXT: [[T0]]: sync_region_begin kind=barrier parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA_B:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: sync_region_wait_begin kind=barrier parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA_B]]
// CHECK-NEXT: [[T0]]: sync_region_wait_end kind=barrier parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA_B]]
// CHECK-NEXT: [[T0]]: sync_region_end kind=barrier parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA_B]]
// CHECK-NEXT: [[T0]]: sync_region_begin kind=barrier_implicit_parallel
// CHECK-NOT: cancel
// CHECK-NOT: dispatch
// CHECK-NOT: not_cancelled

// CHECK: [[T1:[0-9]+]]: thread_begin type=worker
// CHECK-NEXT: [[T1]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I1:[0-9]+]] team_size=2 thread_num=1
// CHECK-NEXT: [[T1]]: work_begin kind=loop parallel_id=[[PAR]] task_id=[[I1]] count=4 codeptr_ra=[[RA_LOOP]]
// CHECK-NEXT: [[T1]]: dispatch kind=iteration parallel_id=[[PAR]] task_id=[[I1]] instance=0x1{{$}}
// CHECK-NEXT: [[T1]]: addr iteration=0x1{{$}}
// CHECK-NEXT: [[T1]]: cancel task_id=[[I1]] flags=loop|detected codeptr_ra=0x{{[1-9a-f][0-9a-f]*}}
// CHECK-NEXT: [[T1]]: work_end kind=loop parallel_id=[[PAR]] task_id=[[I1]] count={{(4|0)}}
// CHECK-NEXT: [[T1]]: sync_region_begin kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA_END]]
// CHECK-NEXT: [[T1]]: sync_region_wait_begin kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA_END]]
// CHECK-NEXT: [[T1]]: sync_region_wait_end kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA_END]]
// CHECK-NEXT: [[T1]]: sync_region_end kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA_END]]
// CHECK-NEXT: [[T1]]: sync_region_begin kind=barrier parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA_B]]
// CHECK-NEXT: [[T1]]: sync_region_wait_begin kind=barrier parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA_B]]
// CHECK-NEXT: [[T1]]: sync_region_wait_end kind=barrier parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA_B]]
// CHECK-NEXT: [[T1]]: sync_region_end kind=barrier parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA_B]]
// CHECK-NEXT: [[T1]]: sync_region_begin kind=barrier_implicit_parallel
// CHECK-NOT: cancel
// CHECK-NOT: dispatch
// CHECK-NOT: not_cancelled
