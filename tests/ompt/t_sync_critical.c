// An unnamed critical construct that two threads each enter twice. On each
// thread, per entry: mutex_acquire, mutex_acquired, mutex_released, of
// kind critical, hint 0, and one wait_id for every entry on every thread
// (there is only one unnamed critical section). codeptr_ra is the return
// address of the call that enters (acquire, acquired) or leaves (released)
// the section. On the first entry the holder stays inside until both
// threads are at the construct, so the other one really waits.
// THREADS: 2
// SORT-THREADS
#include <omp.h>

#include "tool.h"

static int arrived;
static int counter;

int main(void)
{
#pragma omp parallel num_threads(2)
  {
    for (int round = 0; round < 2; round++) {
      if (round == 0)
        __atomic_add_fetch(&arrived, 1, __ATOMIC_SEQ_CST);
#pragma omp critical
      {
      inside:
        ompt_print_state();
        while (__atomic_load_n(&arrived, __ATOMIC_SEQ_CST) < 2)
          ;
        counter++;
      }
    after:;
    }
    if (omp_get_thread_num() == 0) {
      ompt_print_addr("inside", &&inside);
      ompt_print_addr("after", &&after);
    }
  }
  return counter == 4 ? 0 : 1;
}

// CHECK: 0: initialize

// CHECK: [[T0:[0-9]+]]: thread_begin type=initial
// CHECK-NOT: mutex_
// CHECK: [[T0]]: parallel_begin {{.*}}parallel_id=[[PAR:[0-9]+]] requested_team_size=2
// CHECK-NEXT: [[T0]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I0:[0-9]+]] team_size=2 thread_num=0
// CHECK-NEXT: [[T0]]: mutex_acquire kind=critical hint=0 impl=[[IMPL:[0-9]+]] wait_id=[[CRIT:0x[0-9a-f]+]] codeptr_ra=[[RA_IN:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: mutex_acquired kind=critical wait_id=[[CRIT]] codeptr_ra=[[RA_IN]]
// CHECK-NEXT: [[T0]]: state name={{(ompt_state_)?}}work_parallel wait_id=
// CHECK-NEXT: [[T0]]: mutex_released kind=critical wait_id=[[CRIT]] codeptr_ra=[[RA_OUT:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: mutex_acquire kind=critical hint=0 impl=[[IMPL]] wait_id=[[CRIT]] codeptr_ra=[[RA_IN]]
// CHECK-NEXT: [[T0]]: mutex_acquired kind=critical wait_id=[[CRIT]] codeptr_ra=[[RA_IN]]
// CHECK-NEXT: [[T0]]: state name={{(ompt_state_)?}}work_parallel wait_id=
// CHECK-NEXT: [[T0]]: mutex_released kind=critical wait_id=[[CRIT]] codeptr_ra=[[RA_OUT]]
// CHECK-NEXT: [[T0]]: addr inside=[[RA_IN]]
// CHECK-NEXT: [[T0]]: addr after=[[RA_OUT]]
// CHECK-NEXT: [[T0]]: sync_region_begin kind=barrier_implicit_parallel parallel_id=[[PAR]] task_id=[[I0]]
// CHECK-NOT: mutex_

// CHECK: [[T1:[0-9]+]]: thread_begin type=worker
// CHECK-NEXT: [[T1]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I1:[0-9]+]] team_size=2 thread_num=1
// CHECK-NEXT: [[T1]]: mutex_acquire kind=critical hint=0 impl=[[IMPL]] wait_id=[[CRIT]] codeptr_ra=[[RA_IN]]
// CHECK-NEXT: [[T1]]: mutex_acquired kind=critical wait_id=[[CRIT]] codeptr_ra=[[RA_IN]]
// CHECK-NEXT: [[T1]]: state name={{(ompt_state_)?}}work_parallel wait_id=
// CHECK-NEXT: [[T1]]: mutex_released kind=critical wait_id=[[CRIT]] codeptr_ra=[[RA_OUT]]
// CHECK-NEXT: [[T1]]: mutex_acquire kind=critical hint=0 impl=[[IMPL]] wait_id=[[CRIT]] codeptr_ra=[[RA_IN]]
// CHECK-NEXT: [[T1]]: mutex_acquired kind=critical wait_id=[[CRIT]] codeptr_ra=[[RA_IN]]
// CHECK-NEXT: [[T1]]: state name={{(ompt_state_)?}}work_parallel wait_id=
// CHECK-NEXT: [[T1]]: mutex_released kind=critical wait_id=[[CRIT]] codeptr_ra=[[RA_OUT]]
// CHECK-NEXT: [[T1]]: sync_region_begin kind=barrier_implicit_parallel parallel_id=[[PAR]] task_id=[[I1]]
// CHECK-NOT: mutex_
