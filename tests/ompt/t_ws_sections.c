// A sections construct with three sections on two threads. The program
// orders the requests: the worker asks only once the initial thread runs a
// section, and a thread finishing a section waits until the other has
// started the next one, so the initial thread runs sections 1 and 3 and the
// worker section 2. On each thread: work begin of kind sections with count
// 3, a dispatch of kind section per section it runs, whose instance is the
// section's number (from 1, docs/writing-an-ompt-tool.md), right before
// the section runs; work end; then the construct's implicit barrier,
// barrier_implicit_workshare, with codeptr_ra the return address of the
// call that ends the construct.
// THREADS: 2
// SORT-THREADS
#include <omp.h>
#include <stdint.h>

#include "tool.h"

enum { SECTIONS = 3 };

static int started;

static void section(int number)
{
  int mine = __atomic_fetch_add(&started, 1, __ATOMIC_SEQ_CST);
  int want = mine + 2 < SECTIONS ? mine + 2 : SECTIONS;
  ompt_print_addr("section", (void *)(uintptr_t)number);
  while (__atomic_load_n(&started, __ATOMIC_SEQ_CST) < want)
    ;
}

int main(void)
{
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 1)
      while (__atomic_load_n(&started, __ATOMIC_SEQ_CST) < 1)
        ;
#pragma omp sections
    {
#pragma omp section
      section(1);
#pragma omp section
      section(2);
#pragma omp section
      section(3);
    }
  after_sections:
    if (omp_get_thread_num() == 0)
      ompt_print_addr("after_sections", &&after_sections);
  }
  return started == SECTIONS ? 0 : 1;
}

// CHECK: 0: initialize

// CHECK: [[T0:[0-9]+]]: thread_begin type=initial
// CHECK-NOT: dispatch
// CHECK: [[T0]]: parallel_begin {{.*}}parallel_id=[[PAR:[0-9]+]] requested_team_size=2
// CHECK-NEXT: [[T0]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I0:[0-9]+]] team_size=2 thread_num=0
// CHECK-NEXT: [[T0]]: work_begin kind=sections parallel_id=[[PAR]] task_id=[[I0]] count=3 codeptr_ra=[[RA_S:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: dispatch kind=section parallel_id=[[PAR]] task_id=[[I0]] instance=0x1{{$}}
// CHECK-NEXT: [[T0]]: addr section=0x1{{$}}
// CHECK-NEXT: [[T0]]: dispatch kind=section parallel_id=[[PAR]] task_id=[[I0]] instance=0x3{{$}}
// CHECK-NEXT: [[T0]]: addr section=0x3{{$}}
// CHECK-NEXT: [[T0]]: work_end kind=sections parallel_id=[[PAR]] task_id=[[I0]] count={{(3|0)}} codeptr_ra=0x{{[0-9a-f]+}}
// CHECK-NEXT: [[T0]]: sync_region_begin kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA_END:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: sync_region_wait_begin kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA_END]]
// CHECK-NEXT: [[T0]]: sync_region_wait_end kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA_END]]
// CHECK-NEXT: [[T0]]: sync_region_end kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA_END]]
// CHECK-NEXT: [[T0]]: addr after_sections=[[RA_END]]
// CHECK-NEXT: [[T0]]: sync_region_begin kind=barrier_implicit_parallel
// CHECK-NOT: dispatch
// CHECK-NOT: work_

// CHECK: [[T1:[0-9]+]]: thread_begin type=worker
// CHECK-NEXT: [[T1]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I1:[0-9]+]] team_size=2 thread_num=1
// CHECK-NEXT: [[T1]]: work_begin kind=sections parallel_id=[[PAR]] task_id=[[I1]] count=3 codeptr_ra=[[RA_S]]
// CHECK-NEXT: [[T1]]: dispatch kind=section parallel_id=[[PAR]] task_id=[[I1]] instance=0x2{{$}}
// CHECK-NEXT: [[T1]]: addr section=0x2{{$}}
// CHECK-NEXT: [[T1]]: work_end kind=sections parallel_id=[[PAR]] task_id=[[I1]] count={{(3|0)}} codeptr_ra=0x{{[0-9a-f]+}}
// CHECK-NEXT: [[T1]]: sync_region_begin kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA_END]]
// CHECK-NEXT: [[T1]]: sync_region_wait_begin kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA_END]]
// CHECK-NEXT: [[T1]]: sync_region_wait_end kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA_END]]
// CHECK-NEXT: [[T1]]: sync_region_end kind=barrier_implicit_workshare parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=[[RA_END]]
// CHECK-NEXT: [[T1]]: sync_region_begin kind=barrier_implicit_parallel
// CHECK-NOT: dispatch
// CHECK-NOT: work_
