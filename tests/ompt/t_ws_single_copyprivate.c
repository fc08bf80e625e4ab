// single copyprivate on two threads, the initial thread executing (the
// worker reaches the construct only once the block runs). The executor
// reports single_executor begin, runs the block, and reports work end when
// it hands its value out and waits at the construct's
// barrier_implicit_workshare. The worker reports single_other begin and
// end, with the executor's begin codeptr_ra, then waits at the same
// barrier (with its own codeptr_ra: the call it waits in) and gets the
// value. gcc then calls GOMP_barrier, reported as kind barrier on both.
// THREADS: 2
// SORT-THREADS
#include <omp.h>

#include "tool.h"

static int inside;
static int good; /* threads that got the value */

int main(void)
{
#pragma omp parallel num_threads(2)
  {
    int value = 0;
    if (omp_get_thread_num() == 1)
      while (!__atomic_load_n(&inside, __ATOMIC_SEQ_CST))
        ;
#pragma omp single copyprivate(value)
    {
      __atomic_store_n(&inside, 1, __ATOMIC_SEQ_CST);
      value = 42;
    }
  after_single:
    if (value == 42)
      __atomic_add_fetch(&good, 1, __ATOMIC_SEQ_CST);
    if (omp_get_thread_num() == 0)
      ompt_print_addr("after_single", &&after_single);
  }
  return good == 2 ? 0 : 1;
}

// CHECK: 0: initialize

// CHECK: [[T0:[0-9]+]]: thread_begin type=initial
// CHECK-NOT: work_
// CHECK: [[T0]]: parallel_begin {{.*}}parallel_id=[[PAR:[0-9]+]] requested_team_size=2
// CHECK-NEXT: [[T0]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I0:[0-9]+]] team_size=2 thread_num=0
// CHECK-NEXT: [[T0]]: work_begin kind=single_executor parallel_id=[[PAR]] task_id=[[I0]] count=1 codeptr_ra=[[RA_S:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: work_end kind=single_executor parallel_id=[[PAR]] task_id=[[I0]] count=1 codeptr_ra=0x{{[0-9a-f]+}}
// CHECK-NEXT: [[T0]]: sync_region_begin kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA_W0:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: sync_region_wait_begin kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA_W0]]
// CHECK-NEXT: [[T0]]: sync_region_wait_end kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA_W0]]
// CHECK-NEXT: [[T0]]: sync_region_end kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA_W0]]
// CHECK-NEXT: [[T0]]: sync_region_begin kind=barrier parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA_B:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: sync_region_wait_begin kind=barrier parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA_B]]
// CHECK-NEXT: [[T0]]: sync_region_wait_end kind=barrier parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA_B]]
// CHECK-NEXT: [[T0]]: sync_region_end kind=barrier parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA_B]]
// CHECK-NEXT: [[T0]]: addr after_single=[[RA_B]]
// CHECK-NOT: work_
// CHECK: [[T0]]: sync_region_begin kind=barrier_implicit_parallel
// CHECK-NOT: work_

// CHECK: [[T1:[0-9]+]]: thread_begin type=worker
// CHECK-NEXT: [[T1]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I1:[0-9]+]] team_size=2 thread_num=1
// CHECK-NEXT: [[T1]]: work_begin kind=single_other parallel_id=[[PAR]] task_id=[[I1]] count=1 codeptr_ra=[[RA_S]]
// CHECK-NEXT: [[T1]]: work_end kind=single_other parallel_id=[[PAR]] task_id=[[I1]] count=1 codeptr_ra=[[RA_S]]
// CHECK-NEXT: [[T1]]: sync_region_begin kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA_S]]
// CHECK-NEXT: [[T1]]: sync_region_wait_begin kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA_S]]
// CHECK-NEXT: [[T1]]: sync_region_wait_end kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA_S]]
// CHECK-NEXT: [[T1]]: sync_region_end kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA_S]]
// CHECK-NEXT: [[T1]]: sync_region_begin kind=barrier parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA_B]]
// CHECK-NEXT: [[T1]]: sync_region_wait_begin kind=barrier parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA_B]]
// CHECK-NEXT: [[T1]]: sync_region_wait_end kind=barrier parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA_B]]
// CHECK-NEXT: [[T1]]: sync_region_end kind=barrier parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA_B]]
// CHECK-NOT: work_
// CHECK: [[T1]]: sync_region_begin kind=barrier_implicit_parallel
// CHECK-NOT: work_
