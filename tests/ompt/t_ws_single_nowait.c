// Two single nowait constructs in a row on two threads. The program makes
// the initial thread execute the first and the worker the second (each
// thread reaches a construct only once the other runs the block it is meant
// to). An executor's work end comes when it next enters a worksharing
// construct or a barrier (docs/writing-an-ompt-tool.md): the initial
// thread's for the first single right before it meets the second, the
// worker's for the second at the region's implicit barrier. single_other
// begin and end come at once, with the codeptr_ra of that construct's
// executor begin. An executor's end carries the codeptr_ra of its begin
// (5.1: the return address of the call that implements the region, here
// GOMP_single_start), not that of the later call that reports it. No
// barrier between or after the singles.
// THREADS: 2
// SORT-THREADS
#include <omp.h>

#include "tool.h"

static int in_first, in_second;

int main(void)
{
#pragma omp parallel num_threads(2)
  {
    int me = omp_get_thread_num();
    if (me == 1)
      while (!__atomic_load_n(&in_first, __ATOMIC_SEQ_CST))
        ;
#pragma omp single nowait
    {
      __atomic_store_n(&in_first, 1, __ATOMIC_SEQ_CST);
      ompt_print_state();
    }
    if (me == 0)
      while (!__atomic_load_n(&in_second, __ATOMIC_SEQ_CST))
        ;
#pragma omp single nowait
    {
      __atomic_store_n(&in_second, 1, __ATOMIC_SEQ_CST);
      ompt_print_state();
    }
  }
  return 0;
}

// CHECK: 0: initialize

// CHECK: [[T0:[0-9]+]]: thread_begin type=initial
// CHECK-NOT: work_
// CHECK: [[T0]]: parallel_begin {{.*}}parallel_id=[[PAR:[0-9]+]] requested_team_size=2
// CHECK-NEXT: [[T0]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I0:[0-9]+]] team_size=2 thread_num=0
// CHECK-NEXT: [[T0]]: work_begin kind=single_executor parallel_id=[[PAR]] task_id=[[I0]] count=1 codeptr_ra=[[RA_S1:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: state name={{(ompt_state_)?}}work_parallel
// CHECK-NEXT: [[T0]]: work_end kind=single_executor parallel_id=[[PAR]] task_id=[[I0]] count=1 codeptr_ra=[[RA_S1]]
// CHECK-NEXT: [[T0]]: work_begin kind=single_other parallel_id=[[PAR]] task_id=[[I0]] count=1 codeptr_ra=[[RA_S2:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: work_end kind=single_other parallel_id=[[PAR]] task_id=[[I0]] count=1 codeptr_ra=[[RA_S2]]
// CHECK-NEXT: [[T0]]: sync_region_begin kind=barrier_implicit_parallel parallel_id=[[PAR]] task_id=[[I0]]
// CHECK-NOT: work_

// CHECK: [[T1:[0-9]+]]: thread_begin type=worker
// CHECK-NEXT: [[T1]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I1:[0-9]+]] team_size=2 thread_num=1
// CHECK-NEXT: [[T1]]: work_begin kind=single_other parallel_id=[[PAR]] task_id=[[I1]] count=1 codeptr_ra=[[RA_S1]]
// CHECK-NEXT: [[T1]]: work_end kind=single_other parallel_id=[[PAR]] task_id=[[I1]] count=1 codeptr_ra=[[RA_S1]]
// CHECK-NEXT: [[T1]]: work_begin kind=single_executor parallel_id=[[PAR]] task_id=[[I1]] count=1 codeptr_ra=[[RA_S2]]
// CHECK-NEXT: [[T1]]: state name={{(ompt_state_)?}}work_parallel
// CHECK-NEXT: [[T1]]: work_end kind=single_executor parallel_id=[[PAR]] task_id=[[I1]] count=1 codeptr_ra=[[RA_S2]]
// CHECK-NEXT: [[T1]]: sync_region_begin kind=barrier_implicit_parallel parallel_id=[[PAR]] task_id=[[I1]]
// CHECK-NOT: work_
