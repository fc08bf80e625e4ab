// A nest lock between two threads. The initial thread sets it and raises
// its count with omp_test_nest_lock (mutex_acquire of kind test_nest_lock,
// then nest_lock begin). The worker's omp_test_nest_lock on the held lock
// fails: mutex_acquire of kind test_nest_lock and nothing else. The owner
// unsets twice (nest_lock end, then mutex_released of kind nest_lock); the
// worker's next omp_test_nest_lock takes the lock (mutex_acquire, then
// mutex_acquired of kind test_nest_lock). Barriers order the steps.
// THREADS: 2
// SORT-THREADS
#include <omp.h>

#include "tool.h"

static omp_nest_lock_t lock;

int main(void)
{
  omp_init_nest_lock(&lock);
  ompt_print_addr("lock", &lock);
#pragma omp parallel num_threads(2)
  {
    int me = omp_get_thread_num();
    if (me == 0) {
      omp_set_nest_lock(&lock);
    after_set:
      omp_test_nest_lock(&lock);
    after_owner_test:;
    }
#pragma omp barrier
    if (me == 1) {
      omp_test_nest_lock(&lock);
    after_failed_test:;
    }
#pragma omp barrier
    if (me == 0) {
      omp_unset_nest_lock(&lock);
    after_unset2:
      omp_unset_nest_lock(&lock);
    after_unset1:;
    }
#pragma omp barrier
    if (me == 1) {
      omp_test_nest_lock(&lock);
    after_test:
      omp_unset_nest_lock(&lock);
    after_unset:;
    }
    if (me == 0) {
      ompt_print_addr("after_set", &&after_set);
      ompt_print_addr("after_owner_test", &&after_owner_test);
      ompt_print_addr("after_unset2", &&after_unset2);
      ompt_print_addr("after_unset1", &&after_unset1);
    } else {
      ompt_print_addr("after_failed_test", &&after_failed_test);
      ompt_print_addr("after_test", &&after_test);
      ompt_print_addr("after_unset", &&after_unset);
    }
  }
  omp_destroy_nest_lock(&lock);
  return 0;
}

// CHECK: 0: initialize

// CHECK: [[T0:[0-9]+]]: thread_begin type=initial
// CHECK: [[T0]]: lock_init kind=nest_lock hint=0 impl=[[IMPL:[0-9]+]] wait_id=[[LOCK:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: addr lock=[[LOCK]]
// CHECK-NEXT: [[T0]]: parallel_begin {{.*}}parallel_id=[[PAR:[0-9]+]] requested_team_size=2
// CHECK-NEXT: [[T0]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I0:[0-9]+]] team_size=2 thread_num=0
// CHECK-NEXT: [[T0]]: mutex_acquire kind=nest_lock hint=0 impl=[[IMPL]] wait_id=[[LOCK]] codeptr_ra=[[RA_SET:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: mutex_acquired kind=nest_lock wait_id=[[LOCK]] codeptr_ra=[[RA_SET]]
// CHECK-NEXT: [[T0]]: mutex_acquire kind=test_nest_lock hint=0 impl=[[IMPL]] wait_id=[[LOCK]] codeptr_ra=[[RA_OWNER_TEST:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: nest_lock_begin wait_id=[[LOCK]] codeptr_ra=[[RA_OWNER_TEST]]
// CHECK-NEXT: [[T0]]: sync_region_begin kind=barrier parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[B1:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: sync_region_wait_begin kind=barrier parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[B1]]
// CHECK-NEXT: [[T0]]: sync_region_wait_end kind=barrier parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[B1]]
// CHECK-NEXT: [[T0]]: sync_region_end kind=barrier parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[B1]]
// CHECK-NEXT: [[T0]]: sync_region_begin kind=barrier parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[B2:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: sync_region_wait_begin kind=barrier parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[B2]]
// CHECK-NEXT: [[T0]]: sync_region_wait_end kind=barrier parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[B2]]
// CHECK-NEXT: [[T0]]: sync_region_end kind=barrier parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[B2]]
// CHECK-NEXT: [[T0]]: nest_lock_end wait_id=[[LOCK]] codeptr_ra=[[RA_UNSET2:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: mutex_released kind=nest_lock wait_id=[[LOCK]] codeptr_ra=[[RA_UNSET1:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: sync_region_begin kind=barrier parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[B3:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: sync_region_wait_begin kind=barrier parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[B3]]
// CHECK-NEXT: [[T0]]: sync_region_wait_end kind=barrier parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[B3]]
// CHECK-NEXT: [[T0]]: sync_region_end kind=barrier parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[B3]]
// CHECK-NEXT: [[T0]]: addr after_set=[[RA_SET]]
// CHECK-NEXT: [[T0]]: addr after_owner_test=[[RA_OWNER_TEST]]
// CHECK-NEXT: [[T0]]: addr after_unset2=[[RA_UNSET2]]
// CHECK-NEXT: [[T0]]: addr after_unset1=[[RA_UNSET1]]
// CHECK-NEXT: [[T0]]: sync_region_begin kind=barrier_implicit_parallel
// CHECK-NOT: mutex_
// CHECK-NOT: nest_lock_
// CHECK: [[T0]]: lock_destroy kind=nest_lock wait_id=[[LOCK]]
// CHECK-NOT: mutex_

// CHECK: [[T1:[0-9]+]]: thread_begin type=worker
// CHECK-NEXT: [[T1]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I1:[0-9]+]] team_size=2 thread_num=1
// CHECK-NEXT: [[T1]]: sync_region_begin kind=barrier parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[B1]]
// CHECK-NEXT: [[T1]]: sync_region_wait_begin kind=barrier parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[B1]]
// CHECK-NEXT: [[T1]]: sync_region_wait_end kind=barrier parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[B1]]
// CHECK-NEXT: [[T1]]: sync_region_end kind=barrier parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[B1]]
// Held by the other task: the test fails.
// CHECK-NEXT: [[T1]]: mutex_acquire kind=test_nest_lock hint=0 impl=[[IMPL]] wait_id=[[LOCK]] codeptr_ra=[[RA_FAILED:0x[0-9a-f]+]]
// CHECK-NEXT: [[T1]]: sync_region_begin kind=barrier parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[B2]]
// CHECK-NEXT: [[T1]]: sync_region_wait_begin kind=barrier parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[B2]]
// CHECK-NEXT: [[T1]]: sync_region_wait_end kind=barrier parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[B2]]
// CHECK-NEXT: [[T1]]: sync_region_end kind=barrier parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[B2]]
// CHECK-NEXT: [[T1]]: sync_region_begin kind=barrier parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[B3]]
// CHECK-NEXT: [[T1]]: sync_region_wait_begin kind=barrier parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[B3]]
// CHECK-NEXT: [[T1]]: sync_region_wait_end kind=barrier parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[B3]]
// CHECK-NEXT: [[T1]]: sync_region_end kind=barrier parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[B3]]
// Free now: taken, then released.
// CHECK-NEXT: [[T1]]: mutex_acquire kind=test_nest_lock hint=0 impl=[[IMPL]] wait_id=[[LOCK]] codeptr_ra=[[RA_TEST:0x[0-9a-f]+]]
// CHECK-NEXT: [[T1]]: mutex_acquired kind=test_nest_lock wait_id=[[LOCK]] codeptr_ra=[[RA_TEST]]
// CHECK-NEXT: [[T1]]: mutex_released kind=nest_lock wait_id=[[LOCK]] codeptr_ra=[[RA_UNSET:0x[0-9a-f]+]]
// CHECK-NEXT: [[T1]]: addr after_failed_test=[[RA_FAILED]]
// CHECK-NEXT: [[T1]]: addr after_test=[[RA_TEST]]
// CHECK-NEXT: [[T1]]: addr after_unset=[[RA_UNSET]]
// CHECK-NEXT: [[T1]]: sync_region_begin kind=barrier_implicit_parallel
// CHECK-NOT: mutex_
// CHECK-NOT: nest_lock_
