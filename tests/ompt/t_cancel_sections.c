// cancel sections with OMP_CANCELLATION=true: a sections construct with
// three sections on two threads. The initial thread runs section 1 and
// waits there until the worker runs section 2, then cancels the construct:
// cancel flags sections|activated. The worker polls a cancellation point
// for sections in section 2 and detects it: cancel flags sections|detected.
// No one runs section 3. Both then report work end and the construct's
// barrier_implicit_workshare, with the same codeptr_ra.
// THREADS: 2
// RUN-ENV: OMP_CANCELLATION=true
// SORT-THREADS
#include <omp.h>
#include <stdint.h>

#include "tool.h"

static int started;

int main(void)
{
  if (!omp_get_cancellation())
    return 1;
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 1)
      while (__atomic_load_n(&started, __ATOMIC_SEQ_CST) < 1)
        ;
#pragma omp sections
    {
#pragma omp section
      {
        __atomic_add_fetch(&started, 1, __ATOMIC_SEQ_CST);
        ompt_print_addr("section", (void *)1);
        while (__atomic_load_n(&started, __ATOMIC_SEQ_CST) < 2)
          ;
#pragma omp cancel sections
        ompt_print_addr("not_cancelled", (void *)1);
      }
#pragma omp section
      {
        __atomic_add_fetch(&started, 1, __ATOMIC_SEQ_CST);
        ompt_print_addr("section", (void *)2);
        for (long n = 0; n < 4000000000L; n++) {
#pragma omp cancellation point sections
        }
        ompt_print_addr("not_cancelled", (void *)2);
      }
#pragma omp section
      {
        __atomic_add_fetch(&started, 1, __ATOMIC_SEQ_CST);
        ompt_print_addr("section", (void *)3);
      }
    }
    /* Code after the construct keeps gcc from folding its barrier into the
       region's. */
    ompt_print_state();
  }
  return started == 2 ? 0 : 1;
}

// CHECK: 0: initialize

// CHECK: [[T0:[0-9]+]]: thread_begin type=initial
// CHECK-NOT: cancel
// CHECK: [[T0]]: parallel_begin {{.*}}parallel_id=[[PAR:[0-9]+]] requested_team_size=2
// CHECK-NEXT: [[T0]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I0:[0-9]+]] team_size=2 thread_num=0
// CHECK-NEXT: [[T0]]: work_begin kind=sections parallel_id=[[PAR]] task_id=[[I0]] count=3 codeptr_ra=[[RA_S:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: dispatch kind=section parallel_id=[[PAR]] task_id=[[I0]] instance=0x1{{$}}
// CHECK-NEXT: [[T0]]: addr section=0x1{{$}}
// CHECK-NEXT: [[T0]]: cancel task_id=[[I0]] flags=sections|activated codeptr_ra=0x{{[1-9a-f][0-9a-f]*}}
// CHECK-NEXT: [[T0]]: work_end kind=sections parallel_id=[[PAR]] task_id=[[I0]] count={{(3|0)}}
// CHECK-NEXT: [[T0]]: sync_region_begin kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA_END:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: sync_region_wait_begin kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA_END]]
// CHECK-NEXT: [[T0]]: sync_region_wait_end kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA_END]]
// CHECK-NEXT: [[T0]]: sync_region_end kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA_END]]
// CHECK-NEXT: [[T0]]: state name={{(ompt_state_)?}}work_parallel
// CHECK-NEXT: [[T0]]: sync_region_begin kind=barrier_implicit_parallel
// CHECK-NOT: cancel
// CHECK-NOT: dispatch
// CHECK-NOT: addr

// CHECK: [[T1:[0-9]+]]: thread_begin type=worker
// CHECK-NEXT: [[T1]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I1:[0-9]+]] team_size=2 thread_num=1
// CHECK-NEXT: [[T1]]: work_begin kind=sections parallel_id=[[PAR]] task_id=[[I1]] count=3 codeptr_ra=[[RA_S]]
// CHECK-NEXT: [[T1]]: dispatch kind=section parallel_id=[[PAR]] task_id=[[I1]] instance=0x2{{$}}
// CHECK-NEXT: [[T1]]: addr section=0x2{{$}}
// CHECK-NEXT: [[T1]]: cancel task_id=[[I1]] flags=sections|detected codeptr_ra=0x{{[1-9a-f][0-9a-f]*}}
// CHECK-NEXT: [[T1]]: work_end kind=sections parallel_id=[[PAR]] task_id=[[I1]] count={{(3|0)}}
// CHECK-NEXT: [[T1]]: sync_region_begin kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA_END]]
// CHECK-NEXT: [[T1]]: sync_region_wait_begin kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA_END]]
// CHECK-NEXT: [[T1]]: sync_region_wait_end kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA_END]]
// CHECK-NEXT: [[T1]]: sync_region_end kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA_END]]
// CHECK-NEXT: [[T1]]: state name={{(ompt_state_)?}}work_parallel
// CHECK-NEXT: [[T1]]: sync_region_begin kind=barrier_implicit_parallel
// CHECK-NOT: cancel
// CHECK-NOT: dispatch
// CHECK-NOT: addr
