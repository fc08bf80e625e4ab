// taskwait with depend (gcc 12 calls GOMP_taskwait_depend). OpenMP 5.1: it
// behaves as a mergeable, included task with an empty body that carries
// the dependences. The taskwait-init event is a task_create whose flags
// hold ompt_task_taskwait and ompt_task_undeferred (both runtimes add
// mergeable, from the "as if"), followed by the dependences event and a
// task_dependence edge from each unfinished predecessor; its completion is
// a task_schedule with prior status ompt_taskwait_complete, after the
// predecessor completed. It is no taskwait sync region: those belong to a
// taskwait without depend. Thread 0 makes A with depend(out: x), then waits
// on in: x while the worker stays out of the runtime, so A is still queued
// and thread 0 runs it during the wait. A second taskwait, on y, which no
// task names, completes at once, with no edge.
// THREADS: 2
// SORT-THREADS
// ALSO: libomp
#include <omp.h>

#include "tool.h"

static int done;
static int x, y;

int main(void)
{
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 0) {
      ompt_print_addr("x", &x);
      ompt_print_addr("y", &y);
#pragma omp task depend(out : x)
      x = 1;
#pragma omp taskwait depend(in : x)
      ompt_print_addr("after_x", (void *)(long)x);
#pragma omp taskwait depend(inout : y)
      ompt_print_addr("after_y", (void *)1);
      __atomic_store_n(&done, 1, __ATOMIC_RELEASE);
    } else {
      ompt_wait_flag(&done);
    }
  }
  return 0;
}

// CHECK: 0: initialize
// CHECK: [[T0:[0-9]+]]: thread_begin type=initial
// CHECK: [[T0]]: implicit_task_begin parallel_id=[[PAR:[0-9]+]] task_id=[[I0:[0-9]+]] team_size=2 thread_num=0
// CHECK-NEXT: [[T0]]: addr x=[[X:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: addr y=[[Y:0x[0-9a-f]+]]

// CHECK: [[T0]]: task_create parent_task_id=[[I0]] {{.*}}new_task_id=[[A:[0-9]+]] type=explicit has_dependences=1
// CHECK-NEXT: [[T0]]: dependences task_id=[[A]] ndeps=1 deps=[[X]]:{{(out|inout)}}{{$}}
// CHECK-NOT: taskwait
// CHECK: [[T0]]: task_create parent_task_id=[[I0]] {{.*}}new_task_id=[[TW1:[0-9]+]] type=taskwait|undeferred|mergeable has_dependences=1
// CHECK-NEXT: [[T0]]: dependences task_id=[[TW1]] ndeps=1 deps=[[X]]:in{{$}}
// CHECK-NEXT: [[T0]]: task_dependence src_task_id=[[A]] sink_task_id=[[TW1]]
// CHECK-NOT: sync_region
// CHECK: [[T0]]: task_schedule prior_task_id=[[I0]] status=switch next_task_id=[[A]]
// CHECK-NEXT: [[T0]]: task_schedule prior_task_id=[[A]] status=complete next_task_id=[[I0]]
// CHECK-NOT: sync_region
// CHECK: [[T0]]: task_schedule prior_task_id=[[TW1]] status=taskwait_complete next_task_id={{[0-9]+}}
// CHECK-NOT: sync_region
// CHECK: [[T0]]: addr after_x=0x1

// CHECK-NEXT: [[T0]]: task_create parent_task_id=[[I0]] {{.*}}new_task_id=[[TW2:[0-9]+]] type=taskwait|undeferred|mergeable has_dependences=1
// CHECK-NEXT: [[T0]]: dependences task_id=[[TW2]] ndeps=1 deps=[[Y]]:inout{{$}}
// CHECK-NOT: task_dependence
// CHECK-NOT: sync_region
// CHECK: [[T0]]: task_schedule prior_task_id=[[TW2]] status=taskwait_complete next_task_id={{[0-9]+}}
// CHECK-NEXT: [[T0]]: addr after_y=0x1
// CHECK-NOT: taskwait

// The worker takes no part.
// CHECK: [[T1:[0-9]+]]: thread_begin type=worker
// CHECK-NOT: {{task_(create|schedule)}}
// CHECK: [[T1]]: implicit_task_end
