// The kind a tool sees for omp_test_lock and omp_test_nest_lock. OpenMP 5.1
// (4.5.2.12/13, ompt_mutex_t) says mutex_acquire, and mutex_acquired when
// the test succeeds, carry ompt_mutex_test_lock / ompt_mutex_test_nest_lock,
// so a tool can tell a test from a blocking set; the release that follows
// is an ordinary unset (kind lock / nest_lock). A failed test reports
// mutex_acquire only. Serial code checks the successful tests exactly; a
// team of two checks the failed one (thread 0 holds the lock, barriers
// order the threads; each thread's lines are checked on their own).
// XFAIL-LIBOMP: libomp 14 reports omp_test_lock and omp_test_nest_lock with kind ompt_mutex_lock / ompt_mutex_nest_lock
// XFAIL-LIBOMP-AT: kind=test_
// THREADS: 2
// SORT-THREADS
#include <omp.h>
#include <stdio.h>

#include "tool.h"

static omp_lock_t shared;
static int failed_result = -1;

int main(void)
{
  omp_lock_t lock;
  omp_nest_lock_t nest;

  omp_init_lock(&lock);
  ompt_print_addr("lock", &lock);
  /* Results unused, so each label is its call's return address. */
  omp_test_lock(&lock);
after_test:
  omp_unset_lock(&lock);
  omp_destroy_lock(&lock);
  ompt_print_addr("after_test", &&after_test);

  omp_init_nest_lock(&nest);
  ompt_print_addr("nest", &nest);
  omp_test_nest_lock(&nest);
after_ntest1:
  omp_test_nest_lock(&nest);
after_ntest2:
  omp_unset_nest_lock(&nest);
  omp_unset_nest_lock(&nest);
  omp_destroy_nest_lock(&nest);
  ompt_print_addr("after_ntest1", &&after_ntest1);
  ompt_print_addr("after_ntest2", &&after_ntest2);

  omp_init_lock(&shared);
  ompt_print_addr("shared", &shared);
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 0)
      omp_set_lock(&shared);
#pragma omp barrier
    if (omp_get_thread_num() == 1) {
      failed_result = omp_test_lock(&shared);
      ompt_print_addr("failed_test_done", &shared);
    }
#pragma omp barrier
    if (omp_get_thread_num() == 0)
      omp_unset_lock(&shared);
  }
  omp_destroy_lock(&shared);
  printf("program: failed_result=%d\n", failed_result);
  return 0;
}

// CHECK: 0: initialize

// The initial thread: serial tests first.
// CHECK: [[T0:[0-9]+]]: thread_begin type=initial
// CHECK: [[T0]]: lock_init kind=lock hint=0 impl=[[IMPL:[0-9]+]] wait_id=[[LOCK:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: addr lock=[[LOCK]]
// CHECK-NEXT: [[T0]]: mutex_acquire kind=test_lock hint=0 impl=[[IMPL]] wait_id=[[LOCK]] codeptr_ra=[[RA:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: mutex_acquired kind=test_lock wait_id=[[LOCK]] codeptr_ra=[[RA]]
// CHECK-NEXT: [[T0]]: mutex_released kind=lock wait_id=[[LOCK]]
// CHECK-NEXT: [[T0]]: lock_destroy kind=lock wait_id=[[LOCK]]
// CHECK-NEXT: [[T0]]: addr after_test=[[RA]]

// CHECK-NEXT: [[T0]]: lock_init kind=nest_lock hint=0 impl=[[NIMPL:[0-9]+]] wait_id=[[NEST:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: addr nest=[[NEST]]
// CHECK-NEXT: [[T0]]: mutex_acquire kind=test_nest_lock hint=0 impl=[[NIMPL]] wait_id=[[NEST]] codeptr_ra=[[NRA1:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: mutex_acquired kind=test_nest_lock wait_id=[[NEST]] codeptr_ra=[[NRA1]]
// The task owns it already: the test counts up, reported as nest_lock begin.
// CHECK-NEXT: [[T0]]: mutex_acquire kind=test_nest_lock hint=0 impl=[[NIMPL]] wait_id=[[NEST]] codeptr_ra=[[NRA2:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: nest_lock_begin wait_id=[[NEST]] codeptr_ra=[[NRA2]]
// CHECK-NEXT: [[T0]]: nest_lock_end wait_id=[[NEST]]
// CHECK-NEXT: [[T0]]: mutex_released kind=nest_lock wait_id=[[NEST]]
// CHECK-NEXT: [[T0]]: lock_destroy kind=nest_lock wait_id=[[NEST]]
// CHECK-NEXT: [[T0]]: addr after_ntest1=[[NRA1]]
// CHECK-NEXT: [[T0]]: addr after_ntest2=[[NRA2]]

// In the team, thread 0 takes the shared lock with omp_set_lock (kind
// lock), and releases it after the other thread's test failed.
// CHECK: [[T0]]: lock_init kind=lock hint=0 impl=[[IMPL]] wait_id=[[SHARED:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: addr shared=[[SHARED]]
// CHECK: [[T0]]: mutex_acquire kind=lock hint=0 impl=[[IMPL]] wait_id=[[SHARED]]
// CHECK-NEXT: [[T0]]: mutex_acquired kind=lock wait_id=[[SHARED]]
// CHECK-NOT: mutex_
// CHECK: [[T0]]: mutex_released kind=lock wait_id=[[SHARED]]
// CHECK-NOT: mutex_
// CHECK: [[T0]]: lock_destroy kind=lock wait_id=[[SHARED]]

// The worker: one failed test, so mutex_acquire of kind test_lock and no
// mutex_acquired or mutex_released.
// CHECK: [[T1:[0-9]+]]: thread_begin type=worker
// CHECK-NOT: mutex_
// CHECK: [[T1]]: mutex_acquire kind=test_lock hint=0 impl=[[IMPL]] wait_id=[[SHARED]]
// CHECK-NOT: mutex_
// CHECK: [[T1]]: addr failed_test_done=[[SHARED]]
// CHECK-NOT: mutex_
// CHECK: program: failed_result=0
