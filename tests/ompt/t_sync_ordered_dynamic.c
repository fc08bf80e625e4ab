// ordered regions run in iteration order whichever thread gets which
// iteration: a schedule(dynamic,1) ordered loop of eight iterations on four
// threads prints each iteration's number inside its ordered block. In the
// output as written, the lines from inside come in order 0..7, each right
// after (with no other mutex_acquired between) the mutex_acquired of kind
// ordered of the thread that prints it, all with one wait_id.
// THREADS: 4
// ALSO: libomp
#include <omp.h>
#include <stdint.h>

#include "tool.h"

int main(void)
{
  int i;
#pragma omp parallel for num_threads(4) schedule(dynamic, 1) ordered
  for (i = 0; i < 8; i++) {
#pragma omp ordered
    ompt_print_addr("iteration", (void *)(uintptr_t)i);
  }
  return 0;
}

// CHECK: 0: initialize
// CHECK: [[T:[0-9]+]]: mutex_acquired kind=ordered wait_id=[[WS:0x[0-9a-f]+]]
// CHECK-NOT: mutex_acquired
// CHECK: [[T]]: addr iteration=0x0{{$}}
// CHECK: [[T:[0-9]+]]: mutex_acquired kind=ordered wait_id=[[WS]]
// CHECK-NOT: mutex_acquired
// CHECK: [[T]]: addr iteration=0x1{{$}}
// CHECK: [[T:[0-9]+]]: mutex_acquired kind=ordered wait_id=[[WS]]
// CHECK-NOT: mutex_acquired
// CHECK: [[T]]: addr iteration=0x2{{$}}
// CHECK: [[T:[0-9]+]]: mutex_acquired kind=ordered wait_id=[[WS]]
// CHECK-NOT: mutex_acquired
// CHECK: [[T]]: addr iteration=0x3{{$}}
// CHECK: [[T:[0-9]+]]: mutex_acquired kind=ordered wait_id=[[WS]]
// CHECK-NOT: mutex_acquired
// CHECK: [[T]]: addr iteration=0x4{{$}}
// CHECK: [[T:[0-9]+]]: mutex_acquired kind=ordered wait_id=[[WS]]
// CHECK-NOT: mutex_acquired
// CHECK: [[T]]: addr iteration=0x5{{$}}
// CHECK: [[T:[0-9]+]]: mutex_acquired kind=ordered wait_id=[[WS]]
// CHECK-NOT: mutex_acquired
// CHECK: [[T]]: addr iteration=0x6{{$}}
// CHECK: [[T:[0-9]+]]: mutex_acquired kind=ordered wait_id=[[WS]]
// CHECK-NOT: mutex_acquired
// CHECK: [[T]]: addr iteration=0x7{{$}}
// CHECK-NOT: mutex_acquired
// CHECK-NOT: addr iteration
// CHECK: parallel_end
