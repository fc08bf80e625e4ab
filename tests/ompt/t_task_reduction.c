// A taskgroup with task_reduction(+: sum) and two tasks that join it with
// in_reduction, run by the initial thread outside any parallel region (so
// at once, undeferred). OpenMP 5.1: the taskgroup region (sync_region of
// kind taskgroup) contains the tasks; when it ends, the copies are combined:
// a reduction region (ompt_callback_reduction begin then end) in the
// encountering task, after the taskgroup's end, with the codeptr_ra of the
// call that ends the taskgroup. The tasks themselves report no reduction
// event.
// THREADS: 1
#include <omp.h>

#include "tool.h"

int main(void)
{
  int sum = 0;
#pragma omp taskgroup task_reduction(+ : sum)
  {
#pragma omp task in_reduction(+ : sum)
    sum += 1;
#pragma omp task in_reduction(+ : sum)
    sum += 2;
  }
  ompt_print_addr("sum", (void *)(long)sum);
  return sum == 3 ? 0 : 1;
}

// CHECK: 0: initialize
// CHECK: [[T0:[0-9]+]]: implicit_task_begin parallel_id=[[PAR:[0-9]+]] task_id=[[INIT:[0-9]+]] team_size=1 thread_num={{[0-9]+}} flags=initial
// CHECK: [[T0]]: sync_region_begin kind=taskgroup parallel_id=[[PAR]] task_id=[[INIT]]
// CHECK-NEXT: [[T0]]: task_create parent_task_id=[[INIT]] {{.*}}new_task_id=[[A:[0-9]+]] type=explicit|undeferred
// CHECK-NEXT: [[T0]]: task_schedule prior_task_id=[[INIT]] status=switch next_task_id=[[A]]
// CHECK-NEXT: [[T0]]: task_schedule prior_task_id=[[A]] status=complete next_task_id=[[INIT]]
// CHECK-NEXT: [[T0]]: task_create parent_task_id=[[INIT]] {{.*}}new_task_id=[[B:[0-9]+]] type=explicit|undeferred
// CHECK-NEXT: [[T0]]: task_schedule prior_task_id=[[INIT]] status=switch next_task_id=[[B]]
// CHECK-NEXT: [[T0]]: task_schedule prior_task_id=[[B]] status=complete next_task_id=[[INIT]]
// CHECK-NEXT: [[T0]]: sync_region_wait_begin kind=taskgroup parallel_id=[[PAR]] task_id=[[INIT]] codeptr_ra=[[RA:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: sync_region_wait_end kind=taskgroup parallel_id=[[PAR]] task_id=[[INIT]] codeptr_ra=[[RA]]
// CHECK-NEXT: [[T0]]: sync_region_end kind=taskgroup parallel_id=[[PAR]] task_id=[[INIT]] codeptr_ra=[[RA]]
// CHECK-NEXT: [[T0]]: reduction_begin parallel_id=[[PAR]] task_id=[[INIT]] codeptr_ra=[[RA]]
// CHECK-NEXT: [[T0]]: reduction_end parallel_id=[[PAR]] task_id=[[INIT]] codeptr_ra=[[RA]]
// CHECK-NEXT: [[T0]]: addr sum=0x3
// CHECK-NOT: reduction_
