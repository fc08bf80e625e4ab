// The task type flags of task_create, and ompt_get_task_info's view of
// them inside each task. untied gives explicit|untied; mergeable gives
// explicit|mergeable; final(1) gives explicit|final, and a task created
// inside a final task is itself final and included, that is undeferred
// (5.1 final clause): explicit|undeferred|final, run at once by its
// creator. The worker stays out of the runtime; thread 0 runs the tasks in
// a taskwait, in creation order or not, so each task's lines are checked
// as a group.
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
#pragma omp task untied
      ompt_print_task_info(0);
#pragma omp task mergeable
      ompt_print_task_info(0);
#pragma omp task final(1)
      {
        ompt_print_task_info(0);
#pragma omp task
        ompt_print_task_info(0);
      }
#pragma omp taskwait
      __atomic_store_n(&done, 1, __ATOMIC_RELEASE);
    } else {
      ompt_wait_flag(&done);
    }
  }
  return 0;
}

// CHECK: 0: initialize
// CHECK: [[T0:[0-9]+]]: implicit_task_begin parallel_id={{[0-9]+}} task_id=[[I0:[0-9]+]] team_size=2 thread_num=0 flags=implicit
// CHECK-NEXT: [[T0]]: task_create parent_task_id=[[I0]] {{.*}}new_task_id=[[U:[0-9]+]] type=explicit|untied has_dependences=0
// CHECK-NEXT: [[T0]]: task_create parent_task_id=[[I0]] {{.*}}new_task_id=[[MG:[0-9]+]] type=explicit|mergeable has_dependences=0
// CHECK-NEXT: [[T0]]: task_create parent_task_id=[[I0]] {{.*}}new_task_id=[[F:[0-9]+]] type=explicit|final has_dependences=0
// CHECK-NEXT: [[T0]]: sync_region_begin kind=taskwait
// CHECK-DAG: [[T0]]: task_info level=0 rc=2 task_id=[[U]] parallel_id={{[0-9]+}} type=explicit|untied
// CHECK-DAG: [[T0]]: task_info level=0 rc=2 task_id=[[MG]] parallel_id={{[0-9]+}} type=explicit|mergeable
// CHECK-DAG: [[T0]]: task_info level=0 rc=2 task_id=[[F]] parallel_id={{[0-9]+}} type=explicit|final
// CHECK-DAG: [[T0]]: task_create parent_task_id=[[F]] {{.*}}new_task_id=[[INC:[0-9]+]] type=explicit|undeferred|final has_dependences=0
// CHECK-DAG: [[T0]]: task_info level=0 rc=2 task_id=[[INC]] parallel_id={{[0-9]+}} type=explicit|undeferred|final
// CHECK: [[T0]]: sync_region_end kind=taskwait

// CHECK: [[T1:[0-9]+]]: thread_begin type=worker
// CHECK-NOT: {{task_(create|schedule)}}
// CHECK: [[T1]]: implicit_task_end
