// Mutual exclusion as a tool sees it: four threads set and unset one
// omp_lock_t three times each, and print a line (their state) while they
// hold it. In the output as written, which is the order of the tool's
// callbacks, every mutex_acquired is followed by its own thread's line from
// inside the lock before any other thread's mutex_acquired: a runtime that
// reported mutex_acquired before the lock was really taken, or let two
// threads in, fails here. Twelve acquisitions in all, no more.
// THREADS: 4
// ALSO: libomp
#include <omp.h>

#include "tool.h"

static omp_lock_t lock;
static int counter;
static int arrived;

int main(void)
{
  omp_init_lock(&lock);
#pragma omp parallel num_threads(4)
  {
    for (int round = 0; round < 3; round++) {
      if (round == 0)
        __atomic_add_fetch(&arrived, 1, __ATOMIC_SEQ_CST);
      omp_set_lock(&lock);
      ompt_print_state();
      /* In the first round the holder waits until all four are at the
         lock, so the others really wait for it. */
      while (__atomic_load_n(&arrived, __ATOMIC_SEQ_CST) < omp_get_num_threads())
        ;
      counter++;
      omp_unset_lock(&lock);
    }
  }
  omp_destroy_lock(&lock);
  return counter == 12 ? 0 : 1;
}

// CHECK: 0: initialize
// CHECK: lock_init kind=lock hint=0 impl={{[0-9]+}} wait_id=[[LOCK:0x[0-9a-f]+]]
// CHECK: [[T:[0-9]+]]: mutex_acquired kind=lock wait_id=[[LOCK]]
// CHECK-NOT: mutex_acquired
// CHECK: [[T]]: state name={{(ompt_state_)?}}work_parallel
// CHECK: [[T:[0-9]+]]: mutex_acquired kind=lock wait_id=[[LOCK]]
// CHECK-NOT: mutex_acquired
// CHECK: [[T]]: state name={{(ompt_state_)?}}work_parallel
// CHECK: [[T:[0-9]+]]: mutex_acquired kind=lock wait_id=[[LOCK]]
// CHECK-NOT: mutex_acquired
// CHECK: [[T]]: state name={{(ompt_state_)?}}work_parallel
// CHECK: [[T:[0-9]+]]: mutex_acquired kind=lock wait_id=[[LOCK]]
// CHECK-NOT: mutex_acquired
// CHECK: [[T]]: state name={{(ompt_state_)?}}work_parallel
// CHECK: [[T:[0-9]+]]: mutex_acquired kind=lock wait_id=[[LOCK]]
// CHECK-NOT: mutex_acquired
// CHECK: [[T]]: state name={{(ompt_state_)?}}work_parallel
// CHECK: [[T:[0-9]+]]: mutex_acquired kind=lock wait_id=[[LOCK]]
// CHECK-NOT: mutex_acquired
// CHECK: [[T]]: state name={{(ompt_state_)?}}work_parallel
// CHECK: [[T:[0-9]+]]: mutex_acquired kind=lock wait_id=[[LOCK]]
// CHECK-NOT: mutex_acquired
// CHECK: [[T]]: state name={{(ompt_state_)?}}work_parallel
// CHECK: [[T:[0-9]+]]: mutex_acquired kind=lock wait_id=[[LOCK]]
// CHECK-NOT: mutex_acquired
// CHECK: [[T]]: state name={{(ompt_state_)?}}work_parallel
// CHECK: [[T:[0-9]+]]: mutex_acquired kind=lock wait_id=[[LOCK]]
// CHECK-NOT: mutex_acquired
// CHECK: [[T]]: state name={{(ompt_state_)?}}work_parallel
// CHECK: [[T:[0-9]+]]: mutex_acquired kind=lock wait_id=[[LOCK]]
// CHECK-NOT: mutex_acquired
// CHECK: [[T]]: state name={{(ompt_state_)?}}work_parallel
// CHECK: [[T:[0-9]+]]: mutex_acquired kind=lock wait_id=[[LOCK]]
// CHECK-NOT: mutex_acquired
// CHECK: [[T]]: state name={{(ompt_state_)?}}work_parallel
// CHECK: [[T:[0-9]+]]: mutex_acquired kind=lock wait_id=[[LOCK]]
// CHECK-NOT: mutex_acquired
// CHECK: [[T]]: state name={{(ompt_state_)?}}work_parallel
// CHECK-NOT: mutex_acquired
// CHECK: lock_destroy kind=lock wait_id=[[LOCK]]
