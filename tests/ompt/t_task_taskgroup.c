// A taskgroup whose task creates a grandchild: the taskgroup region waits
// for both (descendants, unlike taskwait). Team of two whose worker stays
// out of the runtime until the taskgroup is over, so thread 0 runs both
// tasks. Thread 0: sync_region begin of kind taskgroup at the construct,
// the child created inside it, then at the end of the construct the wait,
// in which the child runs (creating the grandchild, its own task_create
// with the child as parent) and the grandchild runs, then the region ends.
// Begin and end carry the codeptr_ra of the calls that start and end the
// construct.
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
#pragma omp taskgroup
      {
#pragma omp task
        {
#pragma omp task
          ompt_print_addr("in_grandchild", 0);
          ompt_print_addr("in_child", 0);
        }
        ompt_print_addr("end_of_block", 0);
      }
    after_taskgroup:
      ompt_print_addr("after_taskgroup", &&after_taskgroup);
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
// CHECK-NEXT: [[T0]]: sync_region_begin kind=taskgroup parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=0x{{[1-9a-f][0-9a-f]*}}
// CHECK-NEXT: [[T0]]: task_create parent_task_id=[[I0]] {{.*}}new_task_id=[[CHILD:[0-9]+]] type=explicit
// CHECK-NEXT: [[T0]]: addr end_of_block=0x0
// CHECK-NEXT: [[T0]]: sync_region_wait_begin kind=taskgroup parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: task_schedule prior_task_id=[[I0]] status=switch next_task_id=[[CHILD]]
// CHECK-NEXT: [[T0]]: task_create parent_task_id=[[CHILD]] {{.*}}new_task_id=[[GRAND:[0-9]+]] type=explicit
// CHECK-NEXT: [[T0]]: addr in_child=0x0
// CHECK-NEXT: [[T0]]: task_schedule prior_task_id=[[CHILD]] status=complete next_task_id=[[I0]]
// CHECK-NEXT: [[T0]]: task_schedule prior_task_id=[[I0]] status=switch next_task_id=[[GRAND]]
// CHECK-NEXT: [[T0]]: addr in_grandchild=0x0
// CHECK-NEXT: [[T0]]: task_schedule prior_task_id=[[GRAND]] status=complete next_task_id=[[I0]]
// CHECK-NEXT: [[T0]]: sync_region_wait_end kind=taskgroup parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA]]
// CHECK-NEXT: [[T0]]: sync_region_end kind=taskgroup parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA]]
// CHECK-NEXT: [[T0]]: addr after_taskgroup=[[RA]]
// CHECK-NEXT: [[T0]]: sync_region_begin kind=barrier_implicit_parallel

// CHECK: [[T1:[0-9]+]]: thread_begin type=worker
// CHECK-NOT: {{kind=taskgroup|task_schedule}}
// CHECK: [[T1]]: implicit_task_end
