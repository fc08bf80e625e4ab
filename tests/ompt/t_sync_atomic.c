// atomic constructs that gcc implements with GOMP_atomic_start/end (a long
// double and an __int128 have no lock-free update on x86-64): on each of
// two threads, each update reports mutex_acquire, mutex_acquired and
// mutex_released of kind atomic, with one wait_id everywhere (the runtime's
// one atomic lock, docs/writing-an-ompt-tool.md). Both threads report the
// same codeptr_ra for the same construct; mutex_released's is the return
// address of GOMP_atomic_end, which the label after the statement marks.
// THREADS: 2
// SORT-THREADS
#include <omp.h>

#include "tool.h"

static long double ld;
static __int128 wide;

int main(void)
{
#pragma omp parallel num_threads(2)
  {
#pragma omp atomic
    ld += 1.5L;
  after_ld:
#pragma omp atomic
    wide += 3;
  after_wide:
    if (omp_get_thread_num() == 0) {
      ompt_print_addr("after_ld", &&after_ld);
      ompt_print_addr("after_wide", &&after_wide);
    }
  }
  return ld == 3.0L && wide == 6 ? 0 : 1;
}

// CHECK: 0: initialize

// CHECK: [[T0:[0-9]+]]: thread_begin type=initial
// CHECK-NOT: mutex_
// CHECK: [[T0]]: parallel_begin {{.*}}parallel_id=[[PAR:[0-9]+]] requested_team_size=2
// CHECK-NEXT: [[T0]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I0:[0-9]+]] team_size=2 thread_num=0
// CHECK-NEXT: [[T0]]: mutex_acquire kind=atomic hint=0 impl=[[IMPL:[0-9]+]] wait_id=[[AT:0x[0-9a-f]+]] codeptr_ra=[[RA_LD:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: mutex_acquired kind=atomic wait_id=[[AT]] codeptr_ra=[[RA_LD]]
// CHECK-NEXT: [[T0]]: mutex_released kind=atomic wait_id=[[AT]] codeptr_ra=[[RA_LD_END:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: mutex_acquire kind=atomic hint=0 impl=[[IMPL]] wait_id=[[AT]] codeptr_ra=[[RA_WIDE:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: mutex_acquired kind=atomic wait_id=[[AT]] codeptr_ra=[[RA_WIDE]]
// CHECK-NEXT: [[T0]]: mutex_released kind=atomic wait_id=[[AT]] codeptr_ra=[[RA_WIDE_END:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: addr after_ld=[[RA_LD_END]]
// CHECK-NEXT: [[T0]]: addr after_wide=[[RA_WIDE_END]]
// CHECK-NEXT: [[T0]]: sync_region_begin kind=barrier_implicit_parallel parallel_id=[[PAR]] task_id=[[I0]]
// CHECK-NOT: mutex_

// CHECK: [[T1:[0-9]+]]: thread_begin type=worker
// CHECK-NEXT: [[T1]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I1:[0-9]+]] team_size=2 thread_num=1
// CHECK-NEXT: [[T1]]: mutex_acquire kind=atomic hint=0 impl=[[IMPL]] wait_id=[[AT]] codeptr_ra=[[RA_LD]]
// CHECK-NEXT: [[T1]]: mutex_acquired kind=atomic wait_id=[[AT]] codeptr_ra=[[RA_LD]]
// CHECK-NEXT: [[T1]]: mutex_released kind=atomic wait_id=[[AT]] codeptr_ra=[[RA_LD_END]]
// CHECK-NEXT: [[T1]]: mutex_acquire kind=atomic hint=0 impl=[[IMPL]] wait_id=[[AT]] codeptr_ra=[[RA_WIDE]]
// CHECK-NEXT: [[T1]]: mutex_acquired kind=atomic wait_id=[[AT]] codeptr_ra=[[RA_WIDE]]
// CHECK-NEXT: [[T1]]: mutex_released kind=atomic wait_id=[[AT]] codeptr_ra=[[RA_WIDE_END]]
// CHECK-NEXT: [[T1]]: sync_region_begin kind=barrier_implicit_parallel parallel_id=[[PAR]] task_id=[[I1]]
// CHECK-NOT: mutex_
