// cancel taskgroup with tasks queued behind it (OMP_CANCELLATION=true).
// In a region of two threads, the initial thread opens a taskgroup and
// creates task A (depend out: x), which cancels the taskgroup, and tasks B
// and C (depend in: x), which cannot start before A completes; the worker
// spins in its implicit task, away from any task scheduling point, so the
// initial thread runs everything at the end of the taskgroup. A reports
// cancel flags taskgroup|activated in its own task. B and C, which had not
// begun when the taskgroup was cancelled, may be discarded; libparomp
// discards them, and a discarded task reports one cancel event, flags
// taskgroup|discarded_task, with its own task data, and no task_schedule
// (it never runs). Their bodies never run.
// THREADS: 2
// RUN-ENV: OMP_CANCELLATION=true
// SORT-THREADS
#include <omp.h>

#include "tool.h"

static int done;

int main(void)
{
  static int x;
  if (!omp_get_cancellation())
    return 1;
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 0) {
#pragma omp taskgroup
      {
#pragma omp task depend(out : x)
        {
          x = 1;
          ompt_print_state();
#pragma omp cancel taskgroup
          ompt_print_addr("not_cancelled", 0);
        }
#pragma omp task depend(in : x)
        ompt_print_addr("ran_b", 0);
#pragma omp task depend(in : x)
        ompt_print_addr("ran_c", 0);
      }
      __atomic_store_n(&done, 1, __ATOMIC_SEQ_CST);
    } else {
      while (!__atomic_load_n(&done, __ATOMIC_SEQ_CST))
        ;
    }
  }
  return x == 1 ? 0 : 1;
}

// CHECK: 0: initialize

// CHECK: [[T0:[0-9]+]]: thread_begin type=initial
// CHECK-NOT: cancel
// CHECK: [[T0]]: parallel_begin {{.*}}parallel_id=[[PAR:[0-9]+]] requested_team_size=2
// CHECK-NEXT: [[T0]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I0:[0-9]+]] team_size=2 thread_num=0
// CHECK-NEXT: [[T0]]: sync_region_begin kind=taskgroup parallel_id=[[PAR]] task_id=[[I0]]
// CHECK-NEXT: [[T0]]: task_create parent_task_id=[[I0]] {{.*}}new_task_id=[[A:[0-9]+]] type=explicit{{.*}} has_dependences=1
// CHECK: [[T0]]: task_create parent_task_id=[[I0]] {{.*}}new_task_id=[[B:[0-9]+]] type=explicit{{.*}} has_dependences=1
// CHECK: [[T0]]: task_create parent_task_id=[[I0]] {{.*}}new_task_id=[[C:[0-9]+]] type=explicit{{.*}} has_dependences=1
// CHECK-NOT: cancel
// CHECK: [[T0]]: sync_region_wait_begin kind=taskgroup parallel_id=[[PAR]] task_id=[[I0]]
// CHECK-NOT: cancel
// CHECK: [[T0]]: task_schedule prior_task_id=[[I0]] status=switch next_task_id=[[A]]
// CHECK-NEXT: [[T0]]: state name={{(ompt_state_)?}}work_parallel
// CHECK-NEXT: [[T0]]: cancel task_id=[[A]] flags=taskgroup|activated codeptr_ra=0x{{[1-9a-f][0-9a-f]*}}
// CHECK-NEXT: [[T0]]: task_schedule prior_task_id=[[A]] status={{complete|cancel}} next_task_id=[[I0]]
// CHECK-NOT: task_schedule
// CHECK-DAG: [[T0]]: cancel task_id=[[B]] flags=taskgroup|discarded_task
// CHECK-DAG: [[T0]]: cancel task_id=[[C]] flags=taskgroup|discarded_task
// CHECK-NOT: task_schedule
// CHECK: [[T0]]: sync_region_wait_end kind=taskgroup parallel_id=[[PAR]] task_id=[[I0]]
// CHECK-NEXT: [[T0]]: sync_region_end kind=taskgroup parallel_id=[[PAR]] task_id=[[I0]]
// CHECK-NOT: cancel
// CHECK-NOT: task_schedule
// CHECK-NOT: ran_
// CHECK-NOT: not_cancelled
// CHECK: [[T0]]: sync_region_begin kind=barrier_implicit_parallel

// CHECK: [[T1:[0-9]+]]: thread_begin type=worker
// CHECK-NEXT: [[T1]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I1:[0-9]+]] team_size=2 thread_num=1
// CHECK-NEXT: [[T1]]: sync_region_begin kind=barrier_implicit_parallel parallel_id=[[PAR]] task_id=[[I1]]
// CHECK-NOT: cancel
// CHECK-NOT: task_schedule
// CHECK-NOT: ran_
