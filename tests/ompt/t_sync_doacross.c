// Doacross dependences: a schedule(static,1) ordered(1) loop of four
// iterations on two threads (thread 0 runs 0 and 2, thread 1 runs 1 and 3),
// each iteration waiting for the previous one with ordered
// depend(sink: i - 1) and then posting its own with ordered depend(source).
// OpenMP 5.1 (ordered construct, tool callbacks): each doacross-sink event,
// after the dependence is fulfilled, dispatches ompt_callback_dependences
// with the sink vector's entries as ompt_dependence_type_sink; each
// doacross-source event dispatches it with the iteration's vector as
// ompt_dependence_type_source; both in the encountering task (here the
// thread's implicit task). The loop runs 0-based with step 1, so vector
// entries are the iteration numbers. Iteration 0's sink vector lies outside
// the iteration space and is not checked.
// THREADS: 2
// SORT-THREADS
#include <omp.h>
#include <stdint.h>

#include "tool.h"

int main(void)
{
#pragma omp parallel num_threads(2)
  {
    long i;
#pragma omp for schedule(static, 1) ordered(1)
    for (i = 0; i < 4; i++) {
#pragma omp ordered depend(sink : i - 1)
      ompt_print_addr("iteration", (void *)(uintptr_t)i);
#pragma omp ordered depend(source)
    }
    ompt_print_state();
  }
  return 0;
}

// CHECK: 0: initialize

// CHECK: [[T0:[0-9]+]]: thread_begin type=initial
// CHECK-NOT: dependences
// CHECK: [[T0]]: parallel_begin {{.*}}parallel_id=[[PAR:[0-9]+]] requested_team_size=2
// CHECK-NEXT: [[T0]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I0:[0-9]+]] team_size=2 thread_num=0
// CHECK-NEXT: [[T0]]: work_begin kind=loop parallel_id=[[PAR]] task_id=[[I0]] count=4
// CHECK-NEXT: [[T0]]: dispatch kind=iteration parallel_id=[[PAR]] task_id=[[I0]] instance=0x0{{$}}
// CHECK: [[T0]]: addr iteration=0x0{{$}}
// CHECK-NEXT: [[T0]]: dependences task_id=[[I0]] ndeps=1 deps=0x0:source{{$}}
// CHECK-NEXT: [[T0]]: dispatch kind=iteration parallel_id=[[PAR]] task_id=[[I0]] instance=0x2{{$}}
// CHECK-NEXT: [[T0]]: dependences task_id=[[I0]] ndeps=1 deps=0x1:sink{{$}}
// CHECK-NEXT: [[T0]]: addr iteration=0x2{{$}}
// CHECK-NEXT: [[T0]]: dependences task_id=[[I0]] ndeps=1 deps=0x2:source{{$}}
// CHECK-NEXT: [[T0]]: work_end kind=loop parallel_id=[[PAR]] task_id=[[I0]]
// CHECK-NEXT: [[T0]]: sync_region_begin kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I0]]

// CHECK: [[T1:[0-9]+]]: thread_begin type=worker
// CHECK-NEXT: [[T1]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I1:[0-9]+]] team_size=2 thread_num=1
// CHECK-NEXT: [[T1]]: work_begin kind=loop parallel_id=[[PAR]] task_id=[[I1]] count=4
// CHECK-NEXT: [[T1]]: dispatch kind=iteration parallel_id=[[PAR]] task_id=[[I1]] instance=0x1{{$}}
// CHECK-NEXT: [[T1]]: dependences task_id=[[I1]] ndeps=1 deps=0x0:sink{{$}}
// CHECK-NEXT: [[T1]]: addr iteration=0x1{{$}}
// CHECK-NEXT: [[T1]]: dependences task_id=[[I1]] ndeps=1 deps=0x1:source{{$}}
// CHECK-NEXT: [[T1]]: dispatch kind=iteration parallel_id=[[PAR]] task_id=[[I1]] instance=0x3{{$}}
// CHECK-NEXT: [[T1]]: dependences task_id=[[I1]] ndeps=1 deps=0x2:sink{{$}}
// CHECK-NEXT: [[T1]]: addr iteration=0x3{{$}}
// CHECK-NEXT: [[T1]]: dependences task_id=[[I1]] ndeps=1 deps=0x3:source{{$}}
// CHECK-NEXT: [[T1]]: work_end kind=loop parallel_id=[[PAR]] task_id=[[I1]]
// CHECK-NEXT: [[T1]]: sync_region_begin kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I1]]
