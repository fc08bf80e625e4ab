// A single construct whose block starts a nested parallel region (inactive
// here: OMP_MAX_ACTIVE_LEVELS=1, so a team of one). The executor's work end
// belongs after its block (docs/writing-an-ompt-tool.md: reported when the
// executor next enters a barrier or a worksharing construct of its team)
// and carries the outer region and the executor's outer implicit task. The
// nested region's own barrier must not end the outer single: the end comes
// after the last line of the block, right before the outer barrier, with
// the outer ids. The worker is kept out of the single until the block runs.
// THREADS: 2
// RUN-ENV: OMP_MAX_ACTIVE_LEVELS=1
// SORT-THREADS
#include <omp.h>

#include "tool.h"

static int inside;

int main(void)
{
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 1)
      while (!__atomic_load_n(&inside, __ATOMIC_SEQ_CST))
        ;
#pragma omp single
    {
      __atomic_store_n(&inside, 1, __ATOMIC_SEQ_CST);
#pragma omp parallel num_threads(2)
      {
        ompt_print_state();
      }
      ompt_print_addr("end_of_block", 0);
    }
    /* Code after the single keeps gcc from folding its barrier into the
       region's. */
    ompt_print_addr("after_single", 0);
  }
  return 0;
}

// CHECK: 0: initialize

// CHECK: [[T0:[0-9]+]]: thread_begin type=initial
// CHECK: [[T0]]: parallel_begin {{.*}}parallel_id=[[PAR:[0-9]+]] requested_team_size=2
// CHECK-NEXT: [[T0]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I0:[0-9]+]] team_size=2 thread_num=0
// CHECK-NEXT: [[T0]]: work_begin kind=single_executor parallel_id=[[PAR]] task_id=[[I0]] count=1
// CHECK-NOT: work_end
// CHECK: [[T0]]: addr end_of_block=0x0
// CHECK-NEXT: [[T0]]: work_end kind=single_executor parallel_id=[[PAR]] task_id=[[I0]] count=1
// CHECK-NEXT: [[T0]]: sync_region_begin kind=barrier parallel_id=[[PAR]] task_id=[[I0]]

// CHECK: [[T1:[0-9]+]]: thread_begin type=worker
// CHECK-NEXT: [[T1]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I1:[0-9]+]] team_size=2 thread_num=1
// CHECK-NEXT: [[T1]]: work_begin kind=single_other parallel_id=[[PAR]] task_id=[[I1]] count=1
// CHECK-NEXT: [[T1]]: work_end kind=single_other parallel_id=[[PAR]] task_id=[[I1]] count=1
// CHECK-NEXT: [[T1]]: sync_region_begin kind=barrier parallel_id=[[PAR]] task_id=[[I1]]
