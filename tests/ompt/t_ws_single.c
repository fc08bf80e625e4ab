// A single construct on two threads; the worker reaches it only once the
// initial thread runs its block, so the initial thread is the executor.
// The executor reports work begin of kind single_executor with count 1,
// runs the block, and reports work end when it enters the barrier that
// ends the construct (gcc calls nothing at the end of the block; see
// docs/writing-an-ompt-tool.md). The worker reports single_other begin and
// end at once, with the same codeptr_ra as the executor's begin, then waits
// at the barrier. That barrier is a GOMP_barrier: kind barrier, codeptr_ra
// the return address of its call.
// THREADS: 2
// SORT-THREADS
#include <omp.h>

#include "tool.h"

static int inside;

int main(void)
{
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 1)
      while (!__atomic_load_n(&inside, __ATOMIC_SEQ_CST))
        ;
#pragma omp single
    {
      __atomic_store_n(&inside, 1, __ATOMIC_SEQ_CST);
      ompt_print_state();
    }
  after_single:
    if (omp_get_thread_num() == 0)
      ompt_print_addr("after_single", &&after_single);
  }
  return 0;
}

// CHECK: 0: initialize

// CHECK: [[T0:[0-9]+]]: thread_begin type=initial
// CHECK-NOT: work_
// CHECK: [[T0]]: parallel_begin {{.*}}parallel_id=[[PAR:[0-9]+]] requested_team_size=2
// CHECK-NEXT: [[T0]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I0:[0-9]+]] team_size=2 thread_num=0
// CHECK-NEXT: [[T0]]: work_begin kind=single_executor parallel_id=[[PAR]] task_id=[[I0]] count=1 codeptr_ra=[[RA_S:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: state name={{(ompt_state_)?}}work_parallel
// CHECK-NEXT: [[T0]]: work_end kind=single_executor parallel_id=[[PAR]] task_id=[[I0]] count=1 codeptr_ra=0x{{[0-9a-f]+}}
// CHECK-NEXT: [[T0]]: sync_region_begin kind=barrier parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA_B:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: sync_region_wait_begin kind=barrier parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA_B]]
// CHECK-NEXT: [[T0]]: sync_region_wait_end kind=barrier parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA_B]]
// CHECK-NEXT: [[T0]]: sync_region_end kind=barrier parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA_B]]
// CHECK-NEXT: [[T0]]: addr after_single=[[RA_B]]
// CHECK-NEXT: [[T0]]: sync_region_begin kind=barrier_implicit_parallel
// CHECK-NOT: work_

// CHECK: [[T1:[0-9]+]]: thread_begin type=worker
// CHECK-NEXT: [[T1]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I1:[0-9]+]] team_size=2 thread_num=1
// CHECK-NEXT: [[T1]]: work_begin kind=single_other parallel_id=[[PAR]] task_id=[[I1]] count=1 codeptr_ra=[[RA_S]]
// CHECK-NEXT: [[T1]]: work_end kind=single_other parallel_id=[[PAR]] task_id=[[I1]] count=1 codeptr_ra=[[RA_S]]
// CHECK-NEXT: [[T1]]: sync_region_begin kind=barrier parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA_B]]
// CHECK-NEXT: [[T1]]: sync_region_wait_begin kind=barrier parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA_B]]
// CHECK-NEXT: [[T1]]: sync_region_wait_end kind=barrier parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA_B]]
// CHECK-NEXT: [[T1]]: sync_region_end kind=barrier parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA_B]]
// CHECK-NEXT: [[T1]]: sync_region_begin kind=barrier_implicit_parallel
// CHECK-NOT: work_
