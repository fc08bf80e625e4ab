// One omp_lock_t that four threads each set and unset three times: on each
// thread, three rounds of mutex_acquire, mutex_acquired and mutex_released,
// in that order, all of kind lock with the lock's address as wait_id, and
// codeptr_ra the return address of the omp_set_lock call (acquire and
// acquired) or of the omp_unset_lock call (released). In the first round
// the holder keeps the lock until every thread has announced that it is
// about to set it, so the lock really is contended. Whoever holds the lock
// sees its state as work_parallel. The lock is created and destroyed once,
// by the initial thread. The three workers report in any order; each is
// checked on its own.
// THREADS: 4
// SORT-THREADS
#include <omp.h>

#include "tool.h"

static omp_lock_t lock;
static int counter;
static int arrived; /* threads about to set the lock in the first round */

int main(void)
{
  omp_init_lock(&lock);
  ompt_print_addr("lock", &lock);
#pragma omp parallel num_threads(4)
  {
    for (int round = 0; round < 3; round++) {
      if (round == 0)
        __atomic_add_fetch(&arrived, 1, __ATOMIC_SEQ_CST);
      omp_set_lock(&lock);
    after_set:
      ompt_print_state();
      while (__atomic_load_n(&arrived, __ATOMIC_SEQ_CST) < omp_get_num_threads())
        ;
      counter++;
      omp_unset_lock(&lock);
    after_unset:;
    }
    if (omp_get_thread_num() == 0) {
      ompt_print_addr("after_set", &&after_set);
      ompt_print_addr("after_unset", &&after_unset);
    }
  }
  omp_destroy_lock(&lock);
  return counter == 12 ? 0 : 1;
}

// CHECK: 0: initialize

// CHECK: [[T0:[0-9]+]]: thread_begin type=initial
// CHECK-NOT: mutex_
// CHECK: [[T0]]: lock_init kind=lock hint=0 impl=[[IMPL:[0-9]+]] wait_id=[[LOCK:0x[0-9a-f]+]] codeptr_ra=0x{{[0-9a-f]+}}
// CHECK-NEXT: [[T0]]: addr lock=[[LOCK]]
// CHECK-NEXT: [[T0]]: parallel_begin {{.*}}parallel_id=[[PAR:[0-9]+]] requested_team_size=4
// CHECK-NEXT: [[T0]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I0:[0-9]+]] team_size=4 thread_num=0
// CHECK-NEXT: [[T0]]: mutex_acquire kind=lock hint=0 impl=[[IMPL]] wait_id=[[LOCK]] codeptr_ra=[[RA_SET:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: mutex_acquired kind=lock wait_id=[[LOCK]] codeptr_ra=[[RA_SET]]
// CHECK-NEXT: [[T0]]: state name={{(ompt_state_)?}}work_parallel wait_id=
// CHECK-NEXT: [[T0]]: mutex_released kind=lock wait_id=[[LOCK]] codeptr_ra=[[RA_UNSET:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: mutex_acquire kind=lock hint=0 impl=[[IMPL]] wait_id=[[LOCK]] codeptr_ra=[[RA_SET]]
// CHECK-NEXT: [[T0]]: mutex_acquired kind=lock wait_id=[[LOCK]] codeptr_ra=[[RA_SET]]
// CHECK-NEXT: [[T0]]: state name={{(ompt_state_)?}}work_parallel wait_id=
// CHECK-NEXT: [[T0]]: mutex_released kind=lock wait_id=[[LOCK]] codeptr_ra=[[RA_UNSET]]
// CHECK-NEXT: [[T0]]: mutex_acquire kind=lock hint=0 impl=[[IMPL]] wait_id=[[LOCK]] codeptr_ra=[[RA_SET]]
// CHECK-NEXT: [[T0]]: mutex_acquired kind=lock wait_id=[[LOCK]] codeptr_ra=[[RA_SET]]
// CHECK-NEXT: [[T0]]: state name={{(ompt_state_)?}}work_parallel wait_id=
// CHECK-NEXT: [[T0]]: mutex_released kind=lock wait_id=[[LOCK]] codeptr_ra=[[RA_UNSET]]
// CHECK-NEXT: [[T0]]: addr after_set=[[RA_SET]]
// CHECK-NEXT: [[T0]]: addr after_unset=[[RA_UNSET]]
// CHECK-NEXT: [[T0]]: sync_region_begin kind=barrier_implicit_parallel parallel_id=[[PAR]] task_id=[[I0]]
// CHECK-NOT: mutex_
// CHECK: [[T0]]: parallel_end parallel_id=[[PAR]]
// CHECK-NEXT: [[T0]]: lock_destroy kind=lock wait_id=[[LOCK]] codeptr_ra=0x{{[0-9a-f]+}}
// CHECK-NOT: mutex_
// CHECK: [[T0]]: thread_end

// CHECK: [[T1:[0-9]+]]: thread_begin type=worker
// CHECK-NEXT: [[T1]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I1:[0-9]+]] team_size=4 thread_num={{[1-3]}}
// CHECK-NEXT: [[T1]]: mutex_acquire kind=lock hint=0 impl=[[IMPL]] wait_id=[[LOCK]] codeptr_ra=[[RA_SET]]
// CHECK-NEXT: [[T1]]: mutex_acquired kind=lock wait_id=[[LOCK]] codeptr_ra=[[RA_SET]]
// CHECK-NEXT: [[T1]]: state name={{(ompt_state_)?}}work_parallel wait_id=
// CHECK-NEXT: [[T1]]: mutex_released kind=lock wait_id=[[LOCK]] codeptr_ra=[[RA_UNSET]]
// CHECK-NEXT: [[T1]]: mutex_acquire kind=lock hint=0 impl=[[IMPL]] wait_id=[[LOCK]] codeptr_ra=[[RA_SET]]
// CHECK-NEXT: [[T1]]: mutex_acquired kind=lock wait_id=[[LOCK]] codeptr_ra=[[RA_SET]]
// CHECK-NEXT: [[T1]]: state name={{(ompt_state_)?}}work_parallel wait_id=
// CHECK-NEXT: [[T1]]: mutex_released kind=lock wait_id=[[LOCK]] codeptr_ra=[[RA_UNSET]]
// CHECK-NEXT: [[T1]]: mutex_acquire kind=lock hint=0 impl=[[IMPL]] wait_id=[[LOCK]] codeptr_ra=[[RA_SET]]
// CHECK-NEXT: [[T1]]: mutex_acquired kind=lock wait_id=[[LOCK]] codeptr_ra=[[RA_SET]]
// CHECK-NEXT: [[T1]]: state name={{(ompt_state_)?}}work_parallel wait_id=
// CHECK-NEXT: [[T1]]: mutex_released kind=lock wait_id=[[LOCK]] codeptr_ra=[[RA_UNSET]]
// CHECK-NEXT: [[T1]]: sync_region_begin kind=barrier_implicit_parallel parallel_id=[[PAR]] task_id=[[I1]]
// CHECK-NOT: mutex_

// CHECK: [[T2:[0-9]+]]: thread_begin type=worker
// CHECK-NEXT: [[T2]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I2:[0-9]+]] team_size=4 thread_num={{[1-3]}}
// CHECK-NEXT: [[T2]]: mutex_acquire kind=lock hint=0 impl=[[IMPL]] wait_id=[[LOCK]] codeptr_ra=[[RA_SET]]
// CHECK-NEXT: [[T2]]: mutex_acquired kind=lock wait_id=[[LOCK]] codeptr_ra=[[RA_SET]]
// CHECK-NEXT: [[T2]]: state name={{(ompt_state_)?}}work_parallel wait_id=
// CHECK-NEXT: [[T2]]: mutex_released kind=lock wait_id=[[LOCK]] codeptr_ra=[[RA_UNSET]]
// CHECK-NEXT: [[T2]]: mutex_acquire kind=lock hint=0 impl=[[IMPL]] wait_id=[[LOCK]] codeptr_ra=[[RA_SET]]
// CHECK-NEXT: [[T2]]: mutex_acquired kind=lock wait_id=[[LOCK]] codeptr_ra=[[RA_SET]]
// CHECK-NEXT: [[T2]]: state name={{(ompt_state_)?}}work_parallel wait_id=
// CHECK-NEXT: [[T2]]: mutex_released kind=lock wait_id=[[LOCK]] codeptr_ra=[[RA_UNSET]]
// CHECK-NEXT: [[T2]]: mutex_acquire kind=lock hint=0 impl=[[IMPL]] wait_id=[[LOCK]] codeptr_ra=[[RA_SET]]
// CHECK-NEXT: [[T2]]: mutex_acquired kind=lock wait_id=[[LOCK]] codeptr_ra=[[RA_SET]]
// CHECK-NEXT: [[T2]]: state name={{(ompt_state_)?}}work_parallel wait_id=
// CHECK-NEXT: [[T2]]: mutex_released kind=lock wait_id=[[LOCK]] codeptr_ra=[[RA_UNSET]]
// CHECK-NEXT: [[T2]]: sync_region_begin kind=barrier_implicit_parallel parallel_id=[[PAR]] task_id=[[I2]]
// CHECK-NOT: mutex_

// CHECK: [[T3:[0-9]+]]: thread_begin type=worker
// CHECK-NEXT: [[T3]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I3:[0-9]+]] team_size=4 thread_num={{[1-3]}}
// CHECK-NEXT: [[T3]]: mutex_acquire kind=lock hint=0 impl=[[IMPL]] wait_id=[[LOCK]] codeptr_ra=[[RA_SET]]
// CHECK-NEXT: [[T3]]: mutex_acquired kind=lock wait_id=[[LOCK]] codeptr_ra=[[RA_SET]]
// CHECK-NEXT: [[T3]]: state name={{(ompt_state_)?}}work_parallel wait_id=
// CHECK-NEXT: [[T3]]: mutex_released kind=lock wait_id=[[LOCK]] codeptr_ra=[[RA_UNSET]]
// CHECK-NEXT: [[T3]]: mutex_acquire kind=lock hint=0 impl=[[IMPL]] wait_id=[[LOCK]] codeptr_ra=[[RA_SET]]
// CHECK-NEXT: [[T3]]: mutex_acquired kind=lock wait_id=[[LOCK]] codeptr_ra=[[RA_SET]]
// CHECK-NEXT: [[T3]]: state name={{(ompt_state_)?}}work_parallel wait_id=
// CHECK-NEXT: [[T3]]: mutex_released kind=lock wait_id=[[LOCK]] codeptr_ra=[[RA_UNSET]]
// CHECK-NEXT: [[T3]]: mutex_acquire kind=lock hint=0 impl=[[IMPL]] wait_id=[[LOCK]] codeptr_ra=[[RA_SET]]
// CHECK-NEXT: [[T3]]: mutex_acquired kind=lock wait_id=[[LOCK]] codeptr_ra=[[RA_SET]]
// CHECK-NEXT: [[T3]]: state name={{(ompt_state_)?}}work_parallel wait_id=
// CHECK-NEXT: [[T3]]: mutex_released kind=lock wait_id=[[LOCK]] codeptr_ra=[[RA_UNSET]]
// CHECK-NEXT: [[T3]]: sync_region_begin kind=barrier_implicit_parallel parallel_id=[[PAR]] task_id=[[I3]]
// CHECK-NOT: mutex_
