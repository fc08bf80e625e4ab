// A nest lock set twice and unset twice by one task, in serial code. The
// first omp_set_nest_lock reports mutex_acquire and mutex_acquired of kind
// nest_lock; the second, on a lock the task already owns, reports
// mutex_acquire (OpenMP 5.1 3.9.4: the nest-lock-acquire event occurs
// before the lock is requested, owned or not) and then nest_lock begin
// (the nest-lock-owned event). The first unset only lowers the count:
// nest_lock end; the last releases the lock: mutex_released of kind
// nest_lock. init and destroy report kind nest_lock. One wait_id
// throughout, the lock's address; codeptr_ra exact for every call.
// ALSO: libomp
#include <omp.h>

#include "tool.h"

int main(void)
{
  omp_nest_lock_t lock;
  omp_init_nest_lock(&lock);
after_init:
  omp_set_nest_lock(&lock);
after_set1:
  omp_set_nest_lock(&lock);
after_set2:
  omp_unset_nest_lock(&lock);
after_unset2:
  omp_unset_nest_lock(&lock);
after_unset1:
  omp_destroy_nest_lock(&lock);
after_destroy:
  ompt_print_addr("lock", &lock);
  ompt_print_addr("after_init", &&after_init);
  ompt_print_addr("after_set1", &&after_set1);
  ompt_print_addr("after_set2", &&after_set2);
  ompt_print_addr("after_unset2", &&after_unset2);
  ompt_print_addr("after_unset1", &&after_unset1);
  ompt_print_addr("after_destroy", &&after_destroy);
  return 0;
}

// CHECK: 0: initialize
// CHECK: [[T0:[0-9]+]]: thread_begin type=initial
// CHECK-NOT: mutex_
// CHECK: [[T0]]: lock_init kind=nest_lock hint=0 impl=[[IMPL:[0-9]+]] wait_id=[[LOCK:0x[0-9a-f]+]] codeptr_ra=[[RA_INIT:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: mutex_acquire kind=nest_lock hint=0 impl=[[IMPL]] wait_id=[[LOCK]] codeptr_ra=[[RA_SET1:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: mutex_acquired kind=nest_lock wait_id=[[LOCK]] codeptr_ra=[[RA_SET1]]
// CHECK-NEXT: [[T0]]: mutex_acquire kind=nest_lock hint=0 impl=[[IMPL]] wait_id=[[LOCK]] codeptr_ra=[[RA_SET2:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: nest_lock_begin wait_id=[[LOCK]] codeptr_ra=[[RA_SET2]]
// CHECK-NEXT: [[T0]]: nest_lock_end wait_id=[[LOCK]] codeptr_ra=[[RA_UNSET2:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: mutex_released kind=nest_lock wait_id=[[LOCK]] codeptr_ra=[[RA_UNSET1:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: lock_destroy kind=nest_lock wait_id=[[LOCK]] codeptr_ra=[[RA_DESTROY:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: addr lock=[[LOCK]]
// CHECK-NEXT: [[T0]]: addr after_init=[[RA_INIT]]
// CHECK-NEXT: [[T0]]: addr after_set1=[[RA_SET1]]
// CHECK-NEXT: [[T0]]: addr after_set2=[[RA_SET2]]
// CHECK-NEXT: [[T0]]: addr after_unset2=[[RA_UNSET2]]
// CHECK-NEXT: [[T0]]: addr after_unset1=[[RA_UNSET1]]
// CHECK-NEXT: [[T0]]: addr after_destroy=[[RA_DESTROY]]
// CHECK-NOT: mutex_
// CHECK-NOT: nest_lock_
// CHECK: [[T0]]: thread_end
