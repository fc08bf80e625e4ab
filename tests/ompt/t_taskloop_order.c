// The order of a taskloop's events. OpenMP 5.1 runs a taskloop "as if it
// was enclosed in a taskgroup construct" (unless nogroup): the implicit
// taskgroup begins (sync_region_begin kind=taskgroup) before the work
// region of kind taskloop begins, the taskloop's tasks are created inside
// the work region, and the work region ends before the taskgroup ends
// (after its wait). 5.2 says it in those words ("an implicit taskgroup
// region that surrounds the taskloop region"), and libomp orders them so.
// With nogroup there is no taskgroup at all. The first taskloop runs on a
// team of two (on thread 0; the other thread may run the tasks),
// the second with nogroup, followed by a taskwait; each makes 4 tasks of 2
// iterations. Only thread 0's sequence is checked.
// THREADS: 2
// SORT-THREADS
// ALSO: libomp
#include <omp.h>

#include "tool.h"

static long sum;

int main(void)
{
#pragma omp parallel num_threads(2)
  if (omp_get_thread_num() == 0) {
#pragma omp taskloop num_tasks(4)
    for (int i = 0; i < 8; i++)
      __atomic_add_fetch(&sum, i, __ATOMIC_RELAXED);
    ompt_print_addr("first_done", (void *)1);
#pragma omp taskloop num_tasks(4) nogroup
    for (int i = 0; i < 8; i++)
      __atomic_add_fetch(&sum, i, __ATOMIC_RELAXED);
    ompt_print_addr("second_done", (void *)2);
#pragma omp taskwait
  }
  return sum == 56 ? 0 : 1;
}

// CHECK: 0: initialize
// CHECK: [[T0:[0-9]+]]: thread_begin type=initial
// CHECK: [[T0]]: implicit_task_begin parallel_id=[[PAR:[0-9]+]] task_id=[[I0:[0-9]+]] team_size=2 thread_num=0

// The first taskloop: taskgroup, then the work region inside it.
// CHECK-NOT: kind=taskloop
// CHECK: [[T0]]: sync_region_begin kind=taskgroup parallel_id=[[PAR]] task_id=[[I0]]
// CHECK-NOT: sync_region
// CHECK-NOT: task_create
// CHECK: [[T0]]: work_begin kind=taskloop parallel_id=[[PAR]] task_id=[[I0]] count=8
// CHECK-COUNT-4: [[T0]]: task_create parent_task_id=[[I0]]
// CHECK-NOT: kind=taskgroup
// CHECK: [[T0]]: work_end kind=taskloop parallel_id=[[PAR]] task_id=[[I0]] count=8
// CHECK-NOT: task_create
// CHECK: [[T0]]: sync_region_end kind=taskgroup parallel_id=[[PAR]] task_id=[[I0]]
// CHECK-NOT: task_create
// CHECK: [[T0]]: addr first_done=0x1

// The second, with nogroup: no taskgroup.
// CHECK-NOT: taskgroup
// CHECK: [[T0]]: work_begin kind=taskloop parallel_id=[[PAR]] task_id=[[I0]] count=8
// CHECK-NOT: taskgroup
// CHECK-COUNT-4: [[T0]]: task_create parent_task_id=[[I0]]
// CHECK-NOT: taskgroup
// CHECK: [[T0]]: work_end kind=taskloop parallel_id=[[PAR]] task_id=[[I0]] count=8
// CHECK-NOT: taskgroup
// CHECK: [[T0]]: addr second_done=0x2
// CHECK-NOT: taskgroup
// CHECK: [[T0]]: sync_region_begin kind=taskwait
