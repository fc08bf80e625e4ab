// A schedule(guided,4) loop over an unsigned long long, u = 1000, 1002,
// ..., 1014 (eight iterations, logical numbers 0..7), on two threads. With
// a minimum chunk of 4 and 8 / 2 iterations per thread, guided gives two
// chunks of four (for any chunk size proportional to the unassigned
// iterations divided by the team size, with a factor of at most one). The
// worker asks for its chunk only once the initial thread runs the first,
// and the initial thread holds its chunk until the worker has started the
// second: the initial thread runs logical 0..3, the worker 4..7. On each
// thread: work begin of kind loop with count 8, one dispatch of kind
// iteration whose instance is the chunk's first logical iteration, work
// end, and the loop's barrier_implicit_workshare with codeptr_ra the return
// address of the call that ends the loop.
// THREADS: 2
// SORT-THREADS
#include <omp.h>
#include <stdint.h>

#include "tool.h"

enum { CHUNK = 4, CHUNKS = 2 };

static int started;

static void iteration(unsigned long long logical)
{
  static __thread int mine;
  if (logical % CHUNK == 0) {
    mine = __atomic_fetch_add(&started, 1, __ATOMIC_SEQ_CST);
    ompt_print_addr("chunk", (void *)(uintptr_t)logical);
  }
  if (logical % CHUNK == CHUNK - 1) {
    int want = mine + 2 < CHUNKS ? mine + 2 : CHUNKS;
    while (__atomic_load_n(&started, __ATOMIC_SEQ_CST) < want)
      ;
  }
}

int main(void)
{
#pragma omp parallel num_threads(2)
  {
    unsigned long long u;
    if (omp_get_thread_num() == 1)
      while (__atomic_load_n(&started, __ATOMIC_SEQ_CST) < 1)
        ;
#pragma omp for schedule(guided, CHUNK)
    for (u = 1000; u < 1016; u += 2)
      iteration((u - 1000) / 2);
  after_loop:
    if (omp_get_thread_num() == 0)
      ompt_print_addr("after_loop", &&after_loop);
  }
  return started == CHUNKS ? 0 : 1;
}

// CHECK: 0: initialize

// CHECK: [[T0:[0-9]+]]: thread_begin type=initial
// CHECK-NOT: dispatch
// CHECK: [[T0]]: parallel_begin {{.*}}parallel_id=[[PAR:[0-9]+]] requested_team_size=2
// CHECK-NEXT: [[T0]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I0:[0-9]+]] team_size=2 thread_num=0
// CHECK-NEXT: [[T0]]: work_begin kind=loop parallel_id=[[PAR]] task_id=[[I0]] count=8 codeptr_ra=[[RA_LOOP:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: dispatch kind=iteration parallel_id=[[PAR]] task_id=[[I0]] instance=0x0{{$}}
// CHECK-NEXT: [[T0]]: addr chunk=0x0{{$}}
// CHECK-NEXT: [[T0]]: work_end kind=loop parallel_id=[[PAR]] task_id=[[I0]] count={{(8|0)}} codeptr_ra=0x{{[0-9a-f]+}}
// CHECK-NEXT: [[T0]]: sync_region_begin kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA_END:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: sync_region_wait_begin kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA_END]]
// CHECK-NEXT: [[T0]]: sync_region_wait_end kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA_END]]
// CHECK-NEXT: [[T0]]: sync_region_end kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA_END]]
// CHECK-NEXT: [[T0]]: addr after_loop=[[RA_END]]
// CHECK-NEXT: [[T0]]: sync_region_begin kind=barrier_implicit_parallel
// CHECK-NOT: dispatch
// CHECK-NOT: work_

// CHECK: [[T1:[0-9]+]]: thread_begin type=worker
// CHECK-NEXT: [[T1]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I1:[0-9]+]] team_size=2 thread_num=1
// CHECK-NEXT: [[T1]]: work_begin kind=loop parallel_id=[[PAR]] task_id=[[I1]] count=8 codeptr_ra=[[RA_LOOP]]
// CHECK-NEXT: [[T1]]: dispatch kind=iteration parallel_id=[[PAR]] task_id=[[I1]] instance=0x4{{$}}
// CHECK-NEXT: [[T1]]: addr chunk=0x4{{$}}
// CHECK-NEXT: [[T1]]: work_end kind=loop parallel_id=[[PAR]] task_id=[[I1]] count={{(8|0)}} codeptr_ra=0x{{[0-9a-f]+}}
// CHECK-NEXT: [[T1]]: sync_region_begin kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA_END]]
// CHECK-NEXT: [[T1]]: sync_region_wait_begin kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA_END]]
// CHECK-NEXT: [[T1]]: sync_region_wait_end kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA_END]]
// CHECK-NEXT: [[T1]]: sync_region_end kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA_END]]
// CHECK-NEXT: [[T1]]: sync_region_begin kind=barrier_implicit_parallel
// CHECK-NOT: dispatch
// CHECK-NOT: work_
