// A schedule(static) loop of eight iterations on two threads. gcc divides
// static loops up itself, so the runtime sees no loop and reports no work
// or dispatch event (the limitation docs/writing-an-ompt-tool.md
// documents); it sees the loop's implicit barrier, a GOMP_barrier, which it
// reports as kind barrier with codeptr_ra the return address of that call.
// Thread 0 runs logical 0..3, thread 1 4..7. A schedule(static,2) nowait
// loop after it reports nothing at all.
// THREADS: 2
// SORT-THREADS
#include <omp.h>
#include <stdint.h>

#include "tool.h"

static __thread long last = -2;

static void iteration(long logical)
{
  if (logical != last + 1)
    ompt_print_addr("chunk", (void *)(uintptr_t)logical);
  last = logical;
}

int main(void)
{
#pragma omp parallel num_threads(2)
  {
    long i;
#pragma omp for schedule(static)
    for (i = 0; i < 8; i++)
      iteration(i);
  after_loop:
    last = -2;
#pragma omp for schedule(static, 2) nowait
    for (i = 0; i < 8; i++)
      iteration(i);
    if (omp_get_thread_num() == 0)
      ompt_print_addr("after_loop", &&after_loop);
  }
  return 0;
}

// CHECK: 0: initialize

// CHECK: [[T0:[0-9]+]]: thread_begin type=initial
// CHECK: [[T0]]: parallel_begin {{.*}}parallel_id=[[PAR:[0-9]+]] requested_team_size=2
// CHECK-NEXT: [[T0]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I0:[0-9]+]] team_size=2 thread_num=0
// CHECK-NEXT: [[T0]]: addr chunk=0x0{{$}}
// CHECK-NEXT: [[T0]]: sync_region_begin kind=barrier parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA_END:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: sync_region_wait_begin kind=barrier parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA_END]]
// CHECK-NEXT: [[T0]]: sync_region_wait_end kind=barrier parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA_END]]
// CHECK-NEXT: [[T0]]: sync_region_end kind=barrier parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA_END]]
// CHECK-NEXT: [[T0]]: addr chunk=0x0{{$}}
// CHECK-NEXT: [[T0]]: addr chunk=0x4{{$}}
// CHECK-NEXT: [[T0]]: addr after_loop=[[RA_END]]
// CHECK-NEXT: [[T0]]: sync_region_begin kind=barrier_implicit_parallel parallel_id=[[PAR]] task_id=[[I0]]
// CHECK-NOT: work_
// CHECK-NOT: dispatch

// CHECK: [[T1:[0-9]+]]: thread_begin type=worker
// CHECK-NEXT: [[T1]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I1:[0-9]+]] team_size=2 thread_num=1
// CHECK-NEXT: [[T1]]: addr chunk=0x4{{$}}
// CHECK-NEXT: [[T1]]: sync_region_begin kind=barrier parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA_END]]
// CHECK-NEXT: [[T1]]: sync_region_wait_begin kind=barrier parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA_END]]
// CHECK-NEXT: [[T1]]: sync_region_wait_end kind=barrier parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA_END]]
// CHECK-NEXT: [[T1]]: sync_region_end kind=barrier parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA_END]]
// CHECK-NEXT: [[T1]]: addr chunk=0x2{{$}}
// CHECK-NEXT: [[T1]]: addr chunk=0x6{{$}}
// CHECK-NEXT: [[T1]]: sync_region_begin kind=barrier_implicit_parallel parallel_id=[[PAR]] task_id=[[I1]]
// CHECK-NOT: work_
// CHECK-NOT: dispatch
