// A schedule(monotonic:dynamic,3) loop over i = 100, 96, ..., 56 (twelve
// iterations, logical numbers 0..11) on two threads. The program hands the
// chunks out in a fixed order: the worker asks for its first chunk only
// once the initial thread runs one, and a thread finishing a chunk waits
// until the other has started its next one, so the initial thread runs the
// chunks at logical 0 and 6 and the worker those at 3 and 9 (assuming, as
// every runtime does, that dynamic chunks go out in loop order). On each
// thread: work begin of kind loop with count 12; per chunk a dispatch of
// kind iteration whose instance is the chunk's first logical iteration (not
// the value of i), right before the chunk runs; work end; then the loop's
// implicit barrier, barrier_implicit_workshare, with codeptr_ra the return
// address of the call that ends the loop. Both threads report the same
// codeptr_ra for the loop's begin.
// THREADS: 2
// SORT-THREADS
#include <omp.h>
#include <stdint.h>

#include "tool.h"

enum { CHUNK = 3, CHUNKS = 4 };

static int started; /* chunks started so far */

/* Called for every iteration with its logical number. */
static void iteration(long logical)
{
  static __thread int mine; /* which chunk, in starting order, this is */
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
    long i;
    if (omp_get_thread_num() == 1)
      while (__atomic_load_n(&started, __ATOMIC_SEQ_CST) < 1)
        ;
#pragma omp for schedule(monotonic : dynamic, CHUNK)
    for (i = 100; i > 52; i -= 4)
      iteration((100 - i) / 4);
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
// CHECK-NEXT: [[T0]]: work_begin kind=loop parallel_id=[[PAR]] task_id=[[I0]] count=12 codeptr_ra=[[RA_LOOP:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: dispatch kind=iteration parallel_id=[[PAR]] task_id=[[I0]] instance=0x0{{$}}
// CHECK-NEXT: [[T0]]: addr chunk=0x0{{$}}
// CHECK-NEXT: [[T0]]: dispatch kind=iteration parallel_id=[[PAR]] task_id=[[I0]] instance=0x6{{$}}
// CHECK-NEXT: [[T0]]: addr chunk=0x6{{$}}
// CHECK-NEXT: [[T0]]: work_end kind=loop parallel_id=[[PAR]] task_id=[[I0]] count={{(12|0)}} codeptr_ra=0x{{[0-9a-f]+}}
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
// CHECK-NEXT: [[T1]]: work_begin kind=loop parallel_id=[[PAR]] task_id=[[I1]] count=12 codeptr_ra=[[RA_LOOP]]
// CHECK-NEXT: [[T1]]: dispatch kind=iteration parallel_id=[[PAR]] task_id=[[I1]] instance=0x3{{$}}
// CHECK-NEXT: [[T1]]: addr chunk=0x3{{$}}
// CHECK-NEXT: [[T1]]: dispatch kind=iteration parallel_id=[[PAR]] task_id=[[I1]] instance=0x9{{$}}
// CHECK-NEXT: [[T1]]: addr chunk=0x9{{$}}
// CHECK-NEXT: [[T1]]: work_end kind=loop parallel_id=[[PAR]] task_id=[[I1]] count={{(12|0)}} codeptr_ra=0x{{[0-9a-f]+}}
// CHECK-NEXT: [[T1]]: sync_region_begin kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA_END]]
// CHECK-NEXT: [[T1]]: sync_region_wait_begin kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA_END]]
// CHECK-NEXT: [[T1]]: sync_region_wait_end kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA_END]]
// CHECK-NEXT: [[T1]]: sync_region_end kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA_END]]
// CHECK-NEXT: [[T1]]: sync_region_begin kind=barrier_implicit_parallel
// CHECK-NOT: dispatch
// CHECK-NOT: work_
