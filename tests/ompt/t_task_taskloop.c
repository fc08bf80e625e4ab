// A taskloop of 8 iterations with num_tasks(2) and a reduction,
// encountered by the initial thread outside any parallel region. The
// taskloop runs as if enclosed in its implicit taskgroup (no nogroup
// clause; t_taskloop_order.c): sync_region of kind taskgroup, inside it a
// work region of kind taskloop in the encountering (initial) task, whose
// count is the loop's iteration count, with two explicit tasks created in
// it, each running 4 iterations; the work region ends, then the
// taskgroup's wait. With a team of one, libparomp runs each task at once
// in the encountering task, which is what ompt_task_undeferred says. The
// program combines the reduction after the taskloop call returns: the
// reduction region follows the taskgroup's end. All of it carries the
// codeptr_ra of the taskloop call.
// THREADS: 1
#include <omp.h>

#include "tool.h"

int main(void)
{
  long sum = 0;
#pragma omp taskloop num_tasks(2) reduction(+ : sum)
  for (int i = 0; i < 8; i++)
    sum += i;
after_taskloop:
  ompt_print_addr("after_taskloop", &&after_taskloop);
  return sum == 28 ? 0 : 1;
}

// CHECK: 0: initialize
// CHECK: [[T0:[0-9]+]]: implicit_task_begin parallel_id=[[PAR:[0-9]+]] task_id=[[INIT:[0-9]+]] team_size=1 thread_num={{[0-9]+}} flags=initial
// CHECK-NOT: task_create
// CHECK: [[T0]]: sync_region_begin kind=taskgroup parallel_id=[[PAR]] task_id=[[INIT]] codeptr_ra=[[RA:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: work_begin kind=taskloop parallel_id=[[PAR]] task_id=[[INIT]] count=8 codeptr_ra=[[RA]]
// CHECK-NEXT: [[T0]]: task_create parent_task_id=[[INIT]] {{.*}}new_task_id=[[TA:[0-9]+]] type=explicit|undeferred has_dependences=0 codeptr_ra=[[RA]]
// CHECK-NEXT: [[T0]]: task_schedule prior_task_id=[[INIT]] status=switch next_task_id=[[TA]]
// CHECK-NEXT: [[T0]]: task_schedule prior_task_id=[[TA]] status=complete next_task_id=[[INIT]]
// CHECK-NEXT: [[T0]]: task_create parent_task_id=[[INIT]] {{.*}}new_task_id=[[TB:[0-9]+]] type=explicit|undeferred has_dependences=0 codeptr_ra=[[RA]]
// CHECK-NEXT: [[T0]]: task_schedule prior_task_id=[[INIT]] status=switch next_task_id=[[TB]]
// CHECK-NEXT: [[T0]]: task_schedule prior_task_id=[[TB]] status=complete next_task_id=[[INIT]]
// CHECK-NEXT: [[T0]]: work_end kind=taskloop parallel_id=[[PAR]] task_id=[[INIT]] count=8 codeptr_ra=[[RA]]
// CHECK-NEXT: [[T0]]: sync_region_wait_begin kind=taskgroup parallel_id=[[PAR]] task_id=[[INIT]] codeptr_ra=[[RA]]
// CHECK-NEXT: [[T0]]: sync_region_wait_end kind=taskgroup parallel_id=[[PAR]] task_id=[[INIT]] codeptr_ra=[[RA]]
// CHECK-NEXT: [[T0]]: sync_region_end kind=taskgroup parallel_id=[[PAR]] task_id=[[INIT]] codeptr_ra=[[RA]]
// CHECK-NEXT: [[T0]]: reduction_begin parallel_id=[[PAR]] task_id=[[INIT]] codeptr_ra=[[RA]]
// CHECK-NEXT: [[T0]]: reduction_end parallel_id=[[PAR]] task_id=[[INIT]] codeptr_ra=[[RA]]
// CHECK-NEXT: [[T0]]: addr after_taskloop=[[RA_END:0x[0-9a-f]+]]
// CHECK-NOT: task_create
