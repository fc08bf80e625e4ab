// Mutual exclusion of an unnamed critical section as a tool sees it: four
// threads enter it three times each and print their state inside. In the
// output as written, each mutex_acquired of kind critical is followed by
// its own thread's line from inside before any other mutex_acquired, and
// the twelve entries share one wait_id. The first holder stays inside until
// all four are at the construct, so the section really is contended.
// THREADS: 4
// ALSO: libomp
#include <omp.h>

#include "tool.h"

static int arrived;
static int counter;

int main(void)
{
#pragma omp parallel num_threads(4)
  {
    for (int round = 0; round < 3; round++) {
      if (round == 0)
        __atomic_add_fetch(&arrived, 1, __ATOMIC_SEQ_CST);
#pragma omp critical
      {
        ompt_print_state();
        while (__atomic_load_n(&arrived, __ATOMIC_SEQ_CST) < omp_get_num_threads())
          ;
        counter++;
      }
    }
  }
  return counter == 12 ? 0 : 1;
}

// CHECK: 0: initialize
// CHECK: [[T:[0-9]+]]: mutex_acquired kind=critical wait_id=[[CRIT:0x[0-9a-f]+]]
// CHECK-NOT: mutex_acquired
// CHECK: [[T]]: state name={{(ompt_state_)?}}work_parallel
// CHECK: [[T:[0-9]+]]: mutex_acquired kind=critical wait_id=[[CRIT]]
// CHECK-NOT: mutex_acquired
// CHECK: [[T]]: state name={{(ompt_state_)?}}work_parallel
// CHECK: [[T:[0-9]+]]: mutex_acquired kind=critical wait_id=[[CRIT]]
// CHECK-NOT: mutex_acquired
// CHECK: [[T]]: state name={{(ompt_state_)?}}work_parallel
// CHECK: [[T:[0-9]+]]: mutex_acquired kind=critical wait_id=[[CRIT]]
// CHECK-NOT: mutex_acquired
// CHECK: [[T]]: state name={{(ompt_state_)?}}work_parallel
// CHECK: [[T:[0-9]+]]: mutex_acquired kind=critical wait_id=[[CRIT]]
// CHECK-NOT: mutex_acquired
// CHECK: [[T]]: state name={{(ompt_state_)?}}work_parallel
// CHECK: [[T:[0-9]+]]: mutex_acquired kind=critical wait_id=[[CRIT]]
// CHECK-NOT: mutex_acquired
// CHECK: [[T]]: state name={{(ompt_state_)?}}work_parallel
// CHECK: [[T:[0-9]+]]: mutex_acquired kind=critical wait_id=[[CRIT]]
// CHECK-NOT: mutex_acquired
// CHECK: [[T]]: state name={{(ompt_state_)?}}work_parallel
// CHECK: [[T:[0-9]+]]: mutex_acquired kind=critical wait_id=[[CRIT]]
// CHECK-NOT: mutex_acquired
// CHECK: [[T]]: state name={{(ompt_state_)?}}work_parallel
// CHECK: [[T:[0-9]+]]: mutex_acquired kind=critical wait_id=[[CRIT]]
// CHECK-NOT: mutex_acquired
// CHECK: [[T]]: state name={{(ompt_state_)?}}work_parallel
// CHECK: [[T:[0-9]+]]: mutex_acquired kind=critical wait_id=[[CRIT]]
// CHECK-NOT: mutex_acquired
// CHECK: [[T]]: state name={{(ompt_state_)?}}work_parallel
// CHECK: [[T:[0-9]+]]: mutex_acquired kind=critical wait_id=[[CRIT]]
// CHECK-NOT: mutex_acquired
// CHECK: [[T]]: state name={{(ompt_state_)?}}work_parallel
// CHECK: [[T:[0-9]+]]: mutex_acquired kind=critical wait_id=[[CRIT]]
// CHECK-NOT: mutex_acquired
// CHECK: [[T]]: state name={{(ompt_state_)?}}work_parallel
// CHECK-NOT: mutex_acquired
// CHECK: parallel_end
// CHECK-NOT: mutex_acquired
