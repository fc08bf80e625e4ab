// A lock's life in serial code: omp_init_lock, omp_set_lock, omp_unset_lock
// and omp_destroy_lock each dispatch their events (set: acquire then
// acquired) with one wait_id and impl throughout, and codeptr_ra the return
// address of each call.
// ALSO: libomp
#include <omp.h>

#include "tool.h"

int main(void)
{
  omp_lock_t lock;
  /* Each label sits right after a call whose result is unused, so its
     address is that call's return address. */
  omp_init_lock(&lock);
after_init:
  omp_set_lock(&lock);
after_set:
  ompt_print_state();
  omp_unset_lock(&lock);
after_unset:
  omp_destroy_lock(&lock);
after_destroy:
  ompt_print_addr("after_init", &&after_init);
  ompt_print_addr("after_set", &&after_set);
  ompt_print_addr("after_unset", &&after_unset);
  ompt_print_addr("after_destroy", &&after_destroy);
  return 0;
}

// CHECK: 0: initialize
// CHECK: [[T0:[0-9]+]]: thread_begin type=initial
// CHECK-NOT: mutex_
// CHECK: [[T0]]: lock_init kind=lock hint=0 impl=[[IMPL:[0-9]+]] wait_id=[[LOCK:0x[0-9a-f]+]] codeptr_ra=[[RA_INIT:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: mutex_acquire kind=lock hint=0 impl=[[IMPL]] wait_id=[[LOCK]] codeptr_ra=[[RA_SET:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: mutex_acquired kind=lock wait_id=[[LOCK]] codeptr_ra=[[RA_SET]]
// CHECK-NEXT: [[T0]]: state name={{(ompt_state_)?}}work_serial wait_id=
// CHECK-NEXT: [[T0]]: mutex_released kind=lock wait_id=[[LOCK]] codeptr_ra=[[RA_UNSET:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: lock_destroy kind=lock wait_id=[[LOCK]] codeptr_ra=[[RA_DESTROY:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: addr after_init=[[RA_INIT]]
// CHECK-NEXT: [[T0]]: addr after_set=[[RA_SET]]
// CHECK-NEXT: [[T0]]: addr after_unset=[[RA_UNSET]]
// CHECK-NEXT: [[T0]]: addr after_destroy=[[RA_DESTROY]]
// CHECK-NOT: mutex_
// CHECK: [[T0]]: thread_end
// CHECK: 0: finalize
