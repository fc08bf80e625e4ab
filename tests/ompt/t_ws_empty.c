// Worksharing constructs where a thread gets no work. On two threads: a
// schedule(dynamic) loop with no iterations (both threads: work begin with
// count 0, work end, no dispatch, then the loop's barrier); a
// schedule(dynamic) loop of one iteration, which the initial thread takes
// (the worker asks only once it runs), so the worker reports work begin
// with count 1 and work end with no dispatch; and a sections construct with
// one section, taken the same way.
// THREADS: 2
// SORT-THREADS
#include <omp.h>
#include <stdint.h>

#include "tool.h"

static volatile long n_zero = 0;
static int taken_loop, taken_sections;

int main(void)
{
#pragma omp parallel num_threads(2)
  {
    long i;
    int me = omp_get_thread_num();
#pragma omp for schedule(dynamic)
    for (i = 0; i < n_zero; i++)
      ompt_print_addr("never", 0);
    ompt_print_addr("step", (void *)1);
    if (me == 1)
      while (!__atomic_load_n(&taken_loop, __ATOMIC_SEQ_CST))
        ;
#pragma omp for schedule(dynamic)
    for (i = 0; i < 1; i++) {
      __atomic_store_n(&taken_loop, 1, __ATOMIC_SEQ_CST);
      ompt_print_addr("iteration", (void *)(uintptr_t)i);
    }
    ompt_print_addr("step", (void *)2);
    if (me == 1)
      while (!__atomic_load_n(&taken_sections, __ATOMIC_SEQ_CST))
        ;
#pragma omp sections
    {
      __atomic_store_n(&taken_sections, 1, __ATOMIC_SEQ_CST);
      ompt_print_addr("section", (void *)1);
    }
    ompt_print_addr("step", (void *)3);
  }
  return 0;
}

// CHECK: 0: initialize

// CHECK: [[T0:[0-9]+]]: thread_begin type=initial
// CHECK-NOT: work_
// CHECK: [[T0]]: parallel_begin {{.*}}parallel_id=[[PAR:[0-9]+]] requested_team_size=2
// CHECK-NEXT: [[T0]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I0:[0-9]+]] team_size=2 thread_num=0
// CHECK-NEXT: [[T0]]: work_begin kind=loop parallel_id=[[PAR]] task_id=[[I0]] count=0 codeptr_ra=[[RA_L1:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: work_end kind=loop parallel_id=[[PAR]] task_id=[[I0]] count=0
// CHECK-NEXT: [[T0]]: sync_region_begin kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA_B1:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: sync_region_wait_begin kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA_B1]]
// CHECK-NEXT: [[T0]]: sync_region_wait_end kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA_B1]]
// CHECK-NEXT: [[T0]]: sync_region_end kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA_B1]]
// CHECK-NEXT: [[T0]]: addr step=0x1{{$}}
// CHECK-NEXT: [[T0]]: work_begin kind=loop parallel_id=[[PAR]] task_id=[[I0]] count=1 codeptr_ra=[[RA_L2:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: dispatch kind=iteration parallel_id=[[PAR]] task_id=[[I0]] instance=0x0{{$}}
// CHECK-NEXT: [[T0]]: addr iteration=0x0{{$}}
// CHECK-NEXT: [[T0]]: work_end kind=loop parallel_id=[[PAR]] task_id=[[I0]] count={{(1|0)}}
// CHECK-NEXT: [[T0]]: sync_region_begin kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA_B2:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: sync_region_wait_begin kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA_B2]]
// CHECK-NEXT: [[T0]]: sync_region_wait_end kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA_B2]]
// CHECK-NEXT: [[T0]]: sync_region_end kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA_B2]]
// CHECK-NEXT: [[T0]]: addr step=0x2{{$}}
// CHECK-NEXT: [[T0]]: work_begin kind=sections parallel_id=[[PAR]] task_id=[[I0]] count=1 codeptr_ra=[[RA_S:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: dispatch kind=section parallel_id=[[PAR]] task_id=[[I0]] instance=0x1{{$}}
// CHECK-NEXT: [[T0]]: addr section=0x1{{$}}
// CHECK-NEXT: [[T0]]: work_end kind=sections parallel_id=[[PAR]] task_id=[[I0]] count={{(1|0)}}
// CHECK-NEXT: [[T0]]: sync_region_begin kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA_B3:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: sync_region_wait_begin kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA_B3]]
// CHECK-NEXT: [[T0]]: sync_region_wait_end kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA_B3]]
// CHECK-NEXT: [[T0]]: sync_region_end kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA_B3]]
// CHECK-NEXT: [[T0]]: addr step=0x3{{$}}
// CHECK-NEXT: [[T0]]: sync_region_begin kind=barrier_implicit_parallel
// CHECK-NOT: dispatch
// CHECK-NOT: never

// CHECK: [[T1:[0-9]+]]: thread_begin type=worker
// CHECK-NEXT: [[T1]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I1:[0-9]+]] team_size=2 thread_num=1
// CHECK-NEXT: [[T1]]: work_begin kind=loop parallel_id=[[PAR]] task_id=[[I1]] count=0 codeptr_ra=[[RA_L1]]
// CHECK-NEXT: [[T1]]: work_end kind=loop parallel_id=[[PAR]] task_id=[[I1]] count=0
// CHECK-NEXT: [[T1]]: sync_region_begin kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA_B1]]
// CHECK-NEXT: [[T1]]: sync_region_wait_begin kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA_B1]]
// CHECK-NEXT: [[T1]]: sync_region_wait_end kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA_B1]]
// CHECK-NEXT: [[T1]]: sync_region_end kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA_B1]]
// CHECK-NEXT: [[T1]]: addr step=0x1{{$}}
// CHECK-NEXT: [[T1]]: work_begin kind=loop parallel_id=[[PAR]] task_id=[[I1]] count=1 codeptr_ra=[[RA_L2]]
// CHECK-NEXT: [[T1]]: work_end kind=loop parallel_id=[[PAR]] task_id=[[I1]] count={{(1|0)}}
// CHECK-NEXT: [[T1]]: sync_region_begin kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA_B2]]
// CHECK-NEXT: [[T1]]: sync_region_wait_begin kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA_B2]]
// CHECK-NEXT: [[T1]]: sync_region_wait_end kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA_B2]]
// CHECK-NEXT: [[T1]]: sync_region_end kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA_B2]]
// CHECK-NEXT: [[T1]]: addr step=0x2{{$}}
// CHECK-NEXT: [[T1]]: work_begin kind=sections parallel_id=[[PAR]] task_id=[[I1]] count=1 codeptr_ra=[[RA_S]]
// CHECK-NEXT: [[T1]]: work_end kind=sections parallel_id=[[PAR]] task_id=[[I1]] count={{(1|0)}}
// CHECK-NEXT: [[T1]]: sync_region_begin kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA_B3]]
// CHECK-NEXT: [[T1]]: sync_region_wait_begin kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA_B3]]
// CHECK-NEXT: [[T1]]: sync_region_wait_end kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA_B3]]
// CHECK-NEXT: [[T1]]: sync_region_end kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA_B3]]
// CHECK-NEXT: [[T1]]: addr step=0x3{{$}}
// CHECK-NEXT: [[T1]]: sync_region_begin kind=barrier_implicit_parallel
// CHECK-NOT: dispatch
// CHECK-NOT: never
