// A combined parallel for with schedule(dynamic,2) over four iterations on
// two threads; the program makes the initial thread run logical 0..1 and
// the worker 2..3 (the worker starts only once the initial thread runs its
// chunk, which it holds until the worker has started the other). On each
// thread, inside its implicit task: work begin of kind loop with count 4,
// one dispatch whose instance is the chunk's first logical iteration, then
// work end, before the region's implicit barrier.
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
  long i;
#pragma omp parallel for num_threads(2) schedule(dynamic, CHUNK)
  for (i = 0; i < 4; i++) {
    if (omp_get_thread_num() == 1)
      while (__atomic_load_n(&started, __ATOMIC_SEQ_CST) < 1)
        ;
    iteration(i);
  }
  return started == CHUNKS ? 0 : 1;
}

// CHECK: 0: initialize

// CHECK: [[T0:[0-9]+]]: thread_begin type=initial
// CHECK-NOT: work_
// CHECK: [[T0]]: parallel_begin {{.*}}parallel_id=[[PAR:[0-9]+]] requested_team_size=2
// CHECK-NEXT: [[T0]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I0:[0-9]+]] team_size=2 thread_num=0
// CHECK-NEXT: [[T0]]: work_begin kind=loop parallel_id=[[PAR]] task_id=[[I0]] count=4 codeptr_ra=[[RA_LOOP:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: dispatch kind=iteration parallel_id=[[PAR]] task_id=[[I0]] instance=0x0{{$}}
// CHECK-NEXT: [[T0]]: addr chunk=0x0{{$}}
// CHECK-NEXT: [[T0]]: work_end kind=loop parallel_id=[[PAR]] task_id=[[I0]] count={{(4|0)}} codeptr_ra=0x{{[0-9a-f]+}}
// CHECK-NOT: work_
// CHECK-NOT: dispatch
// CHECK: [[T0]]: sync_region_begin kind=barrier_implicit_parallel parallel_id=[[PAR]] task_id=[[I0]]
// CHECK-NOT: work_
// CHECK-NOT: dispatch
// CHECK: [[T0]]: parallel_end parallel_id=[[PAR]]

// CHECK: [[T1:[0-9]+]]: thread_begin type=worker
// CHECK-NEXT: [[T1]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I1:[0-9]+]] team_size=2 thread_num=1
// CHECK-NEXT: [[T1]]: work_begin kind=loop parallel_id=[[PAR]] task_id=[[I1]] count=4 codeptr_ra=[[RA_LOOP]]
// CHECK-NEXT: [[T1]]: dispatch kind=iteration parallel_id=[[PAR]] task_id=[[I1]] instance=0x2{{$}}
// CHECK-NEXT: [[T1]]: addr chunk=0x2{{$}}
// CHECK-NEXT: [[T1]]: work_end kind=loop parallel_id=[[PAR]] task_id=[[I1]] count={{(4|0)}} codeptr_ra=0x{{[0-9a-f]+}}
// CHECK-NOT: work_
// CHECK-NOT: dispatch
// CHECK: [[T1]]: sync_region_begin kind=barrier_implicit_parallel parallel_id=[[PAR]] task_id=[[I1]]
// CHECK-NOT: work_
// CHECK-NOT: dispatch
