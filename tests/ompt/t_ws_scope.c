// The scope construct (OpenMP 5.1) with a task reduction, which gcc 12
// implements with a call to GOMP_scope_start and a GOMP_barrier: each
// thread of the team executes the scope region, so each reports
// ompt_callback_work with kind scope, begin before the block and end after
// it (at the latest when it enters the construct's barrier, as for single),
// in its own implicit task, with codeptr_ra the return address of
// GOMP_scope_start. A scope without task reductions compiles to the
// barrier alone and is not tested here.
// THREADS: 2
// SORT-THREADS
#include <omp.h>

#include "tool.h"

int main(void)
{
  int x = 0;
#pragma omp parallel num_threads(2) shared(x)
  {
#pragma omp scope reduction(task, + : x)
    {
#pragma omp task in_reduction(+ : x)
      x++;
      ompt_print_addr("in_scope", 0);
    }
    ompt_print_addr("after_scope", 0);
  }
  return x == 2 ? 0 : 1;
}

// CHECK: 0: initialize

// CHECK: [[T0:[0-9]+]]: thread_begin type=initial
// CHECK: [[T0]]: parallel_begin {{.*}}parallel_id=[[PAR:[0-9]+]] requested_team_size=2
// CHECK-NEXT: [[T0]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I0:[0-9]+]] team_size=2 thread_num=0
// CHECK-NOT: in_scope
// CHECK: [[T0]]: work_begin kind=scope parallel_id=[[PAR]] task_id=[[I0]] count={{[0-9]+}} codeptr_ra=0x{{[1-9a-f][0-9a-f]*}}
// CHECK-NOT: after_scope
// CHECK: [[T0]]: addr in_scope=0x0
// CHECK-NOT: after_scope
// CHECK: [[T0]]: work_end kind=scope parallel_id=[[PAR]] task_id=[[I0]]
// CHECK-NOT: after_scope
// CHECK: [[T0]]: sync_region_begin kind=barrier parallel_id=[[PAR]] task_id=[[I0]]
// CHECK: [[T0]]: addr after_scope=0x0

// CHECK: [[T1:[0-9]+]]: thread_begin type=worker
// CHECK-NEXT: [[T1]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I1:[0-9]+]] team_size=2 thread_num=1
// CHECK-NOT: in_scope
// CHECK: [[T1]]: work_begin kind=scope parallel_id=[[PAR]] task_id=[[I1]] count={{[0-9]+}} codeptr_ra=0x{{[1-9a-f][0-9a-f]*}}
// CHECK-NOT: after_scope
// CHECK: [[T1]]: addr in_scope=0x0
// CHECK-NOT: after_scope
// CHECK: [[T1]]: work_end kind=scope parallel_id=[[PAR]] task_id=[[I1]]
// CHECK-NOT: after_scope
// CHECK: [[T1]]: sync_region_begin kind=barrier parallel_id=[[PAR]] task_id=[[I1]]
// CHECK: [[T1]]: addr after_scope=0x0
