// A parallel region with two reduction variables: gcc combines them in
// compiler-generated code inside GOMP_atomic_start/end, so each of the two
// threads reports one mutex_acquire, mutex_acquired and mutex_released of
// kind atomic, after its part of the region and before the region's
// implicit barrier, with the same wait_id and codeptr_ra on both threads.
// THREADS: 2
// SORT-THREADS
#include <omp.h>

#include "tool.h"

int main(void)
{
  int sum = 0, count = 0;
#pragma omp parallel num_threads(2) reduction(+ : sum, count)
  {
    sum += omp_get_thread_num() + 1;
    count++;
    ompt_print_state();
  }
  return sum == 3 && count == 2 ? 0 : 1;
}

// CHECK: 0: initialize

// CHECK: [[T0:[0-9]+]]: thread_begin type=initial
// CHECK-NOT: mutex_
// CHECK: [[T0]]: parallel_begin {{.*}}parallel_id=[[PAR:[0-9]+]] requested_team_size=2
// CHECK-NEXT: [[T0]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I0:[0-9]+]] team_size=2 thread_num=0
// CHECK-NEXT: [[T0]]: state name={{(ompt_state_)?}}work_parallel
// CHECK-NEXT: [[T0]]: mutex_acquire kind=atomic hint=0 impl=[[IMPL:[0-9]+]] wait_id=[[AT:0x[0-9a-f]+]] codeptr_ra=[[RA:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: mutex_acquired kind=atomic wait_id=[[AT]] codeptr_ra=[[RA]]
// CHECK-NEXT: [[T0]]: mutex_released kind=atomic wait_id=[[AT]] codeptr_ra=[[RA_END:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: sync_region_begin kind=barrier_implicit_parallel parallel_id=[[PAR]] task_id=[[I0]]
// CHECK-NOT: mutex_

// CHECK: [[T1:[0-9]+]]: thread_begin type=worker
// CHECK-NEXT: [[T1]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I1:[0-9]+]] team_size=2 thread_num=1
// CHECK-NEXT: [[T1]]: state name={{(ompt_state_)?}}work_parallel
// CHECK-NEXT: [[T1]]: mutex_acquire kind=atomic hint=0 impl=[[IMPL]] wait_id=[[AT]] codeptr_ra=[[RA]]
// CHECK-NEXT: [[T1]]: mutex_acquired kind=atomic wait_id=[[AT]] codeptr_ra=[[RA]]
// CHECK-NEXT: [[T1]]: mutex_released kind=atomic wait_id=[[AT]] codeptr_ra=[[RA_END]]
// CHECK-NEXT: [[T1]]: sync_region_begin kind=barrier_implicit_parallel parallel_id=[[PAR]] task_id=[[I1]]
// CHECK-NOT: mutex_
