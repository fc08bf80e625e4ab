// Sibling tasks with dependences. In one single region, thread 0 creates A
// with depend(out: x), then B1 and B2 with depend(in: x), while the other
// thread is kept out of the runtime until all three exist. Each task_create
// says has_dependences=1 and is followed, on the creating thread, by one
// dependences event listing x's address with the clause's type (out
// arrives as inout: gcc 12 passes out and inout in one list, so no runtime
// can tell them apart; docs/writing-an-ompt-tool.md); each
// reader gets a task_dependence edge from A (A cannot have finished: it
// waits until both readers exist). Whichever threads run them, A completes
// before either reader is switched to. Output is not sorted by thread:
// these lines must appear in this order in real time.
// THREADS: 2
#include <omp.h>

#include "tool.h"

static int created;
static int x;

int main(void)
{
  ompt_print_addr("x", &x);
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 0) {
#pragma omp task depend(out : x)
      {
        ompt_wait_flag(&created);
        x = 1;
      }
#pragma omp task depend(in : x)
      ompt_print_addr("b1_sees", (void *)(long)x);
#pragma omp task depend(in : x)
      ompt_print_addr("b2_sees", (void *)(long)x);
      __atomic_store_n(&created, 1, __ATOMIC_RELEASE);
    } else {
      ompt_wait_flag(&created);
    }
  }
  return 0;
}

// CHECK: 0: initialize
// CHECK: 0: addr x=[[X:0x[0-9a-f]+]]
// CHECK: [[T0:[0-9]+]]: implicit_task_begin parallel_id=[[PAR:[0-9]+]] task_id=[[I0:[0-9]+]] team_size=2 thread_num=0
// CHECK-NOT: {{task_(create|schedule)}}
// The worker's lines may come between the primary thread's: "the next
// line" is the next line of thread T0 ({{^}}: "3:" is not "13:").
// CHECK: {{^}}[[T0]]: task_create parent_task_id=[[I0]] {{.*}}new_task_id=[[A:[0-9]+]] type=explicit has_dependences=1
// CHECK-NOT: {{^}}[[T0]]:
// CHECK: {{^}}[[T0]]: dependences task_id=[[A]] ndeps=1 deps=[[X]]:inout{{$}}
// CHECK-NOT: task_schedule
// CHECK: {{^}}[[T0]]: task_create parent_task_id=[[I0]] {{.*}}new_task_id=[[B1:[0-9]+]] type=explicit has_dependences=1
// CHECK-NOT: {{^}}[[T0]]:
// CHECK: {{^}}[[T0]]: dependences task_id=[[B1]] ndeps=1 deps=[[X]]:in{{$}}
// CHECK-NOT: {{^}}[[T0]]:
// CHECK: {{^}}[[T0]]: task_dependence src_task_id=[[A]] sink_task_id=[[B1]]
// CHECK-NOT: task_schedule
// CHECK: {{^}}[[T0]]: task_create parent_task_id=[[I0]] {{.*}}new_task_id=[[B2:[0-9]+]] type=explicit has_dependences=1
// CHECK-NOT: {{^}}[[T0]]:
// CHECK: {{^}}[[T0]]: dependences task_id=[[B2]] ndeps=1 deps=[[X]]:in{{$}}
// CHECK-NOT: {{^}}[[T0]]:
// CHECK: {{^}}[[T0]]: task_dependence src_task_id=[[A]] sink_task_id=[[B2]]
// CHECK-NOT: next_task_id=[[B1]]{{$}}
// CHECK-NOT: next_task_id=[[B2]]{{$}}
// CHECK: task_schedule prior_task_id=[[A]] status=complete
// CHECK-NOT: {{dependences|task_dependence}}
// CHECK-DAG: addr b1_sees=0x1
// CHECK-DAG: addr b2_sees=0x1
// CHECK: 0: finalize
