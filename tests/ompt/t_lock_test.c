// omp_test_lock on a lock another thread holds, then on a free lock. The
// failed test reports mutex_acquire of kind test_lock and nothing more; the
// successful one reports mutex_acquire and mutex_acquired of kind test_lock,
// and the omp_unset_lock after it mutex_released of kind lock. Barriers
// order the two threads; codeptr_ra is exact for every call.
// THREADS: 2
// SORT-THREADS
#include <omp.h>

#include "tool.h"

static omp_lock_t lock;

int main(void)
{
  omp_init_lock(&lock);
  ompt_print_addr("lock", &lock);
#pragma omp parallel num_threads(2)
  {
    int me = omp_get_thread_num();
    if (me == 0) {
      omp_set_lock(&lock);
    after_set:;
    }
#pragma omp barrier
    if (me == 1) {
      /* The result is unused, so the label is the call's return address;
         the events say whether the lock was taken. */
      omp_test_lock(&lock);
    after_failed_test:;
    }
#pragma omp barrier
    if (me == 0) {
      omp_unset_lock(&lock);
    after_unset0:;
    }
#pragma omp barrier
    if (me == 1) {
      omp_test_lock(&lock);
    after_test:
      omp_unset_lock(&lock);
    after_unset1:;
    }
    if (me == 0) {
      ompt_print_addr("after_set", &&after_set);
      ompt_print_addr("after_unset0", &&after_unset0);
    } else {
      ompt_print_addr("after_failed_test", &&after_failed_test);
      ompt_print_addr("after_test", &&after_test);
      ompt_print_addr("after_unset1", &&after_unset1);
    }
  }
  omp_destroy_lock(&lock);
  return 0;
}

// CHECK: 0: initialize

// CHECK: [[T0:[0-9]+]]: thread_begin type=initial
// CHECK: [[T0]]: lock_init kind=lock hint=0 impl=[[IMPL:[0-9]+]] wait_id=[[LOCK:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: addr lock=[[LOCK]]
// CHECK-NEXT: [[T0]]: parallel_begin {{.*}}parallel_id=[[PAR:[0-9]+]] requested_team_size=2
// CHECK-NEXT: [[T0]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I0:[0-9]+]] team_size=2 thread_num=0
// CHECK-NEXT: [[T0]]: mutex_acquire kind=lock hint=0 impl=[[IMPL]] wait_id=[[LOCK]] codeptr_ra=[[RA_SET:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: mutex_acquired kind=lock wait_id=[[LOCK]] codeptr_ra=[[RA_SET]]
// CHECK-NEXT: [[T0]]: sync_region_begin kind=barrier parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[B1:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: sync_region_wait_begin kind=barrier parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[B1]]
// CHECK-NEXT: [[T0]]: sync_region_wait_end kind=barrier parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[B1]]
// CHECK-NEXT: [[T0]]: sync_region_end kind=barrier parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[B1]]
// CHECK-NEXT: [[T0]]: sync_region_begin kind=barrier parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[B2:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: sync_region_wait_begin kind=barrier parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[B2]]
// CHECK-NEXT: [[T0]]: sync_region_wait_end kind=barrier parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[B2]]
// CHECK-NEXT: [[T0]]: sync_region_end kind=barrier parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[B2]]
// CHECK-NEXT: [[T0]]: mutex_released kind=lock wait_id=[[LOCK]] codeptr_ra=[[RA_UNSET0:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: sync_region_begin kind=barrier parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[B3:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: sync_region_wait_begin kind=barrier parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[B3]]
// CHECK-NEXT: [[T0]]: sync_region_wait_end kind=barrier parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[B3]]
// CHECK-NEXT: [[T0]]: sync_region_end kind=barrier parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[B3]]
// CHECK-NEXT: [[T0]]: addr after_set=[[RA_SET]]
// CHECK-NEXT: [[T0]]: addr after_unset0=[[RA_UNSET0]]
// CHECK-NEXT: [[T0]]: sync_region_begin kind=barrier_implicit_parallel
// CHECK-NOT: mutex_
// CHECK: [[T0]]: lock_destroy kind=lock wait_id=[[LOCK]]
// CHECK-NOT: mutex_

// CHECK: [[T1:[0-9]+]]: thread_begin type=worker
// CHECK-NEXT: [[T1]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I1:[0-9]+]] team_size=2 thread_num=1
// CHECK-NEXT: [[T1]]: sync_region_begin kind=barrier parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[B1]]
// CHECK-NEXT: [[T1]]: sync_region_wait_begin kind=barrier parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[B1]]
// CHECK-NEXT: [[T1]]: sync_region_wait_end kind=barrier parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[B1]]
// CHECK-NEXT: [[T1]]: sync_region_end kind=barrier parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[B1]]
// The lock is held by the other thread: the test fails, no mutex_acquired.
// CHECK-NEXT: [[T1]]: mutex_acquire kind=test_lock hint=0 impl=[[IMPL]] wait_id=[[LOCK]] codeptr_ra=[[RA_FAILED:0x[0-9a-f]+]]
// CHECK-NEXT: [[T1]]: sync_region_begin kind=barrier parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[B2]]
// CHECK-NEXT: [[T1]]: sync_region_wait_begin kind=barrier parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[B2]]
// CHECK-NEXT: [[T1]]: sync_region_wait_end kind=barrier parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[B2]]
// CHECK-NEXT: [[T1]]: sync_region_end kind=barrier parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[B2]]
// CHECK-NEXT: [[T1]]: sync_region_begin kind=barrier parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[B3]]
// CHECK-NEXT: [[T1]]: sync_region_wait_begin kind=barrier parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[B3]]
// CHECK-NEXT: [[T1]]: sync_region_wait_end kind=barrier parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[B3]]
// CHECK-NEXT: [[T1]]: sync_region_end kind=barrier parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[B3]]
// The lock is free now: acquired, and released as a plain lock.
// CHECK-NEXT: [[T1]]: mutex_acquire kind=test_lock hint=0 impl=[[IMPL]] wait_id=[[LOCK]] codeptr_ra=[[RA_TEST:0x[0-9a-f]+]]
// CHECK-NEXT: [[T1]]: mutex_acquired kind=test_lock wait_id=[[LOCK]] codeptr_ra=[[RA_TEST]]
// CHECK-NEXT: [[T1]]: mutex_released kind=lock wait_id=[[LOCK]] codeptr_ra=[[RA_UNSET1:0x[0-9a-f]+]]
// CHECK-NEXT: [[T1]]: addr after_failed_test=[[RA_FAILED]]
// CHECK-NEXT: [[T1]]: addr after_test=[[RA_TEST]]
// CHECK-NEXT: [[T1]]: addr after_unset1=[[RA_UNSET1]]
// CHECK-NEXT: [[T1]]: sync_region_begin kind=barrier_implicit_parallel
// CHECK-NOT: mutex_
