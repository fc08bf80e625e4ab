// taskwait with one child task, in a team of two whose worker stays out of
// the runtime until the taskwait is over, so the encountering thread runs
// the child itself. Thread 0: task_create, then sync_region (and its wait)
// of kind taskwait in its implicit task, with codeptr_ra the return address
// of the taskwait call; the child is switched to and completes inside the
// wait; the region ends after the child completed. Nothing of kind taskwait
// on the worker.
// THREADS: 2
// SORT-THREADS
#include <omp.h>

#include "tool.h"

static int done;

int main(void)
{
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 0) {
#pragma omp task
      ompt_print_addr("in_child", 0);
#pragma omp taskwait
    after_taskwait:
      ompt_print_addr("after_taskwait", &&after_taskwait);
      __atomic_store_n(&done, 1, __ATOMIC_RELEASE);
    } else {
      ompt_wait_flag(&done);
    }
  }
  return 0;
}

// CHECK: 0: initialize
// CHECK: [[T0:[0-9]+]]: thread_begin type=initial
// CHECK: [[T0]]: implicit_task_begin parallel_id=[[PAR:[0-9]+]] task_id=[[I0:[0-9]+]] team_size=2 thread_num=0
// CHECK-NEXT: [[T0]]: task_create parent_task_id=[[I0]] {{.*}}new_task_id=[[TASK:[0-9]+]] type=explicit has_dependences=0
// CHECK-NEXT: [[T0]]: sync_region_begin kind=taskwait parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: sync_region_wait_begin kind=taskwait parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA]]
// CHECK-NEXT: [[T0]]: task_schedule prior_task_id=[[I0]] status=switch next_task_id=[[TASK]]
// CHECK-NEXT: [[T0]]: addr in_child=0x0
// CHECK-NEXT: [[T0]]: task_schedule prior_task_id=[[TASK]] status=complete next_task_id=[[I0]]
// CHECK-NEXT: [[T0]]: sync_region_wait_end kind=taskwait parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA]]
// CHECK-NEXT: [[T0]]: sync_region_end kind=taskwait parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA]]
// CHECK-NEXT: [[T0]]: addr after_taskwait=[[RA]]
// CHECK-NEXT: [[T0]]: sync_region_begin kind=barrier_implicit_parallel

// CHECK: [[T1:[0-9]+]]: thread_begin type=worker
// CHECK-NOT: {{kind=taskwait|task_schedule}}
// CHECK: [[T1]]: implicit_task_end
