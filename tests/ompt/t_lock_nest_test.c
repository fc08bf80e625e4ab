// omp_test_nest_lock in serial code, on a free lock and then on the lock
// the task already owns. Each call reports mutex_acquire of kind
// test_nest_lock; the first, which takes the lock, then mutex_acquired of
// kind test_nest_lock; the second, which only counts up, nest_lock begin.
// The unsets report nest_lock end and then mutex_released of kind
// nest_lock. A second round checks the values returned (the new nesting
// count: 1, then 2) with the same events.
#include <omp.h>
#include <stdio.h>

#include "tool.h"

int main(void)
{
  omp_nest_lock_t lock;
  int first, second;
  omp_init_nest_lock(&lock);
  ompt_print_addr("lock", &lock);
  /* Results unused, so each label is its call's return address. */
  omp_test_nest_lock(&lock);
after_test1:
  omp_test_nest_lock(&lock);
after_test2:
  omp_unset_nest_lock(&lock);
after_unset2:
  omp_unset_nest_lock(&lock);
after_unset1:
  ompt_print_addr("after_test1", &&after_test1);
  ompt_print_addr("after_test2", &&after_test2);
  ompt_print_addr("after_unset2", &&after_unset2);
  ompt_print_addr("after_unset1", &&after_unset1);

  first = omp_test_nest_lock(&lock);
  second = omp_test_nest_lock(&lock);
  omp_unset_nest_lock(&lock);
  omp_unset_nest_lock(&lock);
  printf("program: first=%d second=%d\n", first, second);
  omp_destroy_nest_lock(&lock);
  return 0;
}

// CHECK: 0: initialize
// CHECK: [[T0:[0-9]+]]: thread_begin type=initial
// CHECK-NOT: mutex_
// CHECK: [[T0]]: lock_init kind=nest_lock hint=0 impl=[[IMPL:[0-9]+]] wait_id=[[LOCK:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: addr lock=[[LOCK]]
// CHECK-NEXT: [[T0]]: mutex_acquire kind=test_nest_lock hint=0 impl=[[IMPL]] wait_id=[[LOCK]] codeptr_ra=[[RA_TEST1:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: mutex_acquired kind=test_nest_lock wait_id=[[LOCK]] codeptr_ra=[[RA_TEST1]]
// CHECK-NEXT: [[T0]]: mutex_acquire kind=test_nest_lock hint=0 impl=[[IMPL]] wait_id=[[LOCK]] codeptr_ra=[[RA_TEST2:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: nest_lock_begin wait_id=[[LOCK]] codeptr_ra=[[RA_TEST2]]
// CHECK-NEXT: [[T0]]: nest_lock_end wait_id=[[LOCK]] codeptr_ra=[[RA_UNSET2:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: mutex_released kind=nest_lock wait_id=[[LOCK]] codeptr_ra=[[RA_UNSET1:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: addr after_test1=[[RA_TEST1]]
// CHECK-NEXT: [[T0]]: addr after_test2=[[RA_TEST2]]
// CHECK-NEXT: [[T0]]: addr after_unset2=[[RA_UNSET2]]
// CHECK-NEXT: [[T0]]: addr after_unset1=[[RA_UNSET1]]

// The second round.
// CHECK-NEXT: [[T0]]: mutex_acquire kind=test_nest_lock hint=0 impl=[[IMPL]] wait_id=[[LOCK]] codeptr_ra=[[RA3:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: mutex_acquired kind=test_nest_lock wait_id=[[LOCK]] codeptr_ra=[[RA3]]
// CHECK-NEXT: [[T0]]: mutex_acquire kind=test_nest_lock hint=0 impl=[[IMPL]] wait_id=[[LOCK]] codeptr_ra=[[RA4:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: nest_lock_begin wait_id=[[LOCK]] codeptr_ra=[[RA4]]
// CHECK-NEXT: [[T0]]: nest_lock_end wait_id=[[LOCK]]
// CHECK-NEXT: [[T0]]: mutex_released kind=nest_lock wait_id=[[LOCK]]
// CHECK-NEXT: program: first=1 second=2
// CHECK-NEXT: [[T0]]: lock_destroy kind=nest_lock wait_id=[[LOCK]]
// CHECK-NOT: mutex_
// CHECK-NOT: nest_lock_
// CHECK: [[T0]]: thread_end
