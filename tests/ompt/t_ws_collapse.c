// A collapse(2) loop nest of 3 x 4 iterations with schedule(dynamic,4) on
// two threads: the loop's count is that of the collapsed iteration space,
// 12, and each dispatch's instance the first logical iteration of its chunk
// in that space (0, 4, 8). The program hands the chunks out in order (the
// worker asks once the initial thread runs the first chunk; a thread holds
// each chunk until the other has started the next), so the initial thread
// runs the chunks at 0 and 8 and the worker the one at 4.
// THREADS: 2
// SORT-THREADS
#include <omp.h>
#include <stdint.h>

#include "tool.h"

enum { CHUNK = 4, CHUNKS = 3 };

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
    int i, j;
    if (omp_get_thread_num() == 1)
      while (__atomic_load_n(&started, __ATOMIC_SEQ_CST) < 1)
        ;
#pragma omp for collapse(2) schedule(dynamic, CHUNK)
    for (i = 0; i < 3; i++)
      for (j = 0; j < 4; j++)
        iteration(i * 4 + j);
    ompt_print_state();
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
// CHECK-NEXT: [[T0]]: dispatch kind=iteration parallel_id=[[PAR]] task_id=[[I0]] instance=0x8{{$}}
// CHECK-NEXT: [[T0]]: addr chunk=0x8{{$}}
// CHECK-NEXT: [[T0]]: work_end kind=loop parallel_id=[[PAR]] task_id=[[I0]] count={{(12|0)}}
// CHECK-NEXT: [[T0]]: sync_region_begin kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA_END:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: sync_region_wait_begin kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA_END]]
// CHECK-NEXT: [[T0]]: sync_region_wait_end kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA_END]]
// CHECK-NEXT: [[T0]]: sync_region_end kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA_END]]
// CHECK-NEXT: [[T0]]: state name={{(ompt_state_)?}}work_parallel
// CHECK-NOT: dispatch

// CHECK: [[T1:[0-9]+]]: thread_begin type=worker
// CHECK-NEXT: [[T1]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I1:[0-9]+]] team_size=2 thread_num=1
// CHECK-NEXT: [[T1]]: work_begin kind=loop parallel_id=[[PAR]] task_id=[[I1]] count=12 codeptr_ra=[[RA_LOOP]]
// CHECK-NEXT: [[T1]]: dispatch kind=iteration parallel_id=[[PAR]] task_id=[[I1]] instance=0x4{{$}}
// CHECK-NEXT: [[T1]]: addr chunk=0x4{{$}}
// CHECK-NEXT: [[T1]]: work_end kind=loop parallel_id=[[PAR]] task_id=[[I1]] count={{(12|0)}}
// CHECK-NEXT: [[T1]]: sync_region_begin kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA_END]]
// CHECK-NEXT: [[T1]]: sync_region_wait_begin kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA_END]]
// CHECK-NEXT: [[T1]]: sync_region_wait_end kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA_END]]
// CHECK-NEXT: [[T1]]: sync_region_end kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA_END]]
// CHECK-NEXT: [[T1]]: state name={{(ompt_state_)?}}work_parallel
// CHECK-NOT: dispatch
