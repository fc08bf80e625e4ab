// A schedule(dynamic,2) nowait loop of four iterations on two threads,
// then an explicit barrier. The initial thread runs logical 0..1 and the
// worker 2..3 (the program orders the requests). On each thread: work
// begin of kind loop with count 4, one dispatch, work end, and then no
// implicit barrier: the next events are the explicit barrier's (kind
// barrier, codeptr_ra that barrier's call).
// THREADS: 2
// SORT-THREADS
#include <omp.h>
#include <stdint.h>

#include "tool.h"

enum { CHUNK = 2, CHUNKS = 2 };

static int started;

static void iteration(long logical)
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
    long i;
    if (omp_get_thread_num() == 1)
      while (__atomic_load_n(&started, __ATOMIC_SEQ_CST) < 1)
        ;
#pragma omp for schedule(dynamic, CHUNK) nowait
    for (i = 0; i < 4; i++)
      iteration(i);
#pragma omp barrier
  after_barrier:
    if (omp_get_thread_num() == 0)
      ompt_print_addr("after_barrier", &&after_barrier);
  }
  return started == CHUNKS ? 0 : 1;
}

// CHECK: 0: initialize

// CHECK: [[T0:[0-9]+]]: thread_begin type=initial
// CHECK: [[T0]]: parallel_begin {{.*}}parallel_id=[[PAR:[0-9]+]] requested_team_size=2
// CHECK-NEXT: [[T0]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I0:[0-9]+]] team_size=2 thread_num=0
// CHECK-NEXT: [[T0]]: work_begin kind=loop parallel_id=[[PAR]] task_id=[[I0]] count=4 codeptr_ra=[[RA_LOOP:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: dispatch kind=iteration parallel_id=[[PAR]] task_id=[[I0]] instance=0x0{{$}}
// CHECK-NEXT: [[T0]]: addr chunk=0x0{{$}}
// CHECK-NEXT: [[T0]]: work_end kind=loop parallel_id=[[PAR]] task_id=[[I0]] count={{(4|0)}} codeptr_ra=0x{{[0-9a-f]+}}
// CHECK-NEXT: [[T0]]: sync_region_begin kind=barrier parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA_B:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: sync_region_wait_begin kind=barrier parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA_B]]
// CHECK-NEXT: [[T0]]: sync_region_wait_end kind=barrier parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA_B]]
// CHECK-NEXT: [[T0]]: sync_region_end kind=barrier parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA_B]]
// CHECK-NEXT: [[T0]]: addr after_barrier=[[RA_B]]
// CHECK-NEXT: [[T0]]: sync_region_begin kind=barrier_implicit_parallel
// CHECK-NOT: barrier_implicit_workshare

// CHECK: [[T1:[0-9]+]]: thread_begin type=worker
// CHECK-NEXT: [[T1]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I1:[0-9]+]] team_size=2 thread_num=1
// CHECK-NEXT: [[T1]]: work_begin kind=loop parallel_id=[[PAR]] task_id=[[I1]] count=4 codeptr_ra=[[RA_LOOP]]
// CHECK-NEXT: [[T1]]: dispatch kind=iteration parallel_id=[[PAR]] task_id=[[I1]] instance=0x2{{$}}
// CHECK-NEXT: [[T1]]: addr chunk=0x2{{$}}
// CHECK-NEXT: [[T1]]: work_end kind=loop parallel_id=[[PAR]] task_id=[[I1]] count={{(4|0)}} codeptr_ra=0x{{[0-9a-f]+}}
// CHECK-NEXT: [[T1]]: sync_region_begin kind=barrier parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA_B]]
// CHECK-NEXT: [[T1]]: sync_region_wait_begin kind=barrier parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA_B]]
// CHECK-NEXT: [[T1]]: sync_region_wait_end kind=barrier parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA_B]]
// CHECK-NEXT: [[T1]]: sync_region_end kind=barrier parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA_B]]
// CHECK-NEXT: [[T1]]: sync_region_begin kind=barrier_implicit_parallel
// CHECK-NOT: barrier_implicit_workshare
