// An explicit task that nobody waits for: thread 0 creates it (task_create
// with its implicit task as parent, that task's frames, type explicit only,
// no dependences, codeptr_ra the return address of the call) and then
// stays out of the runtime until the task has run, so thread 1 runs it in
// the region's implicit barrier: task_schedule switch from thread 1's
// implicit task into the task, complete back to that implicit task, both
// inside the barrier. Inside the task, ompt_get_task_info shows the task
// (exit frame set, enter frame not) and at level 1 the task below it on
// thread 1's stack (5.1 asks about the tasks on the calling thread's
// stack): thread 1's implicit task, waiting in the implicit barrier (no
// exit frame), not thread 0's, which generated it; ompt_get_parallel_info(1)
// is the region around the task's region, the initial thread's (team of 1).
// CFLAGS: -maccumulate-outgoing-args
// SORT-THREADS
#include <omp.h>

#include "tool.h"

static int ran;

int main(void)
{
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 0) {
      ompt_print_task_info(0);
#pragma omp task
      {
        ompt_print_task_info(0);
        ompt_print_task_info(1);
        __atomic_store_n(&ran, 1, __ATOMIC_RELEASE);
      }
    after_task:
      ompt_print_addr("after_task", &&after_task);
      ompt_wait_flag(&ran);
    }
  }
  return 0;
}

// CHECK: 0: initialize
// CHECK-NOT: = NULL
// CHECK: 0: finalize

// Thread 0 creates the task and never runs it.
// CHECK: [[T0:[0-9]+]]: thread_begin type=initial
// CHECK: [[T0]]: parallel_begin {{.*}}parallel_id=[[PAR:[0-9]+]] requested_team_size=2
// CHECK-NEXT: [[T0]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I0:[0-9]+]] team_size=2 thread_num=0 flags=implicit
// CHECK-NEXT: [[T0]]: task_info level=0 rc=2 task_id=[[I0]] parallel_id=[[PAR]] type=implicit exit_frame=[[EXIT0:0x[1-9a-f][0-9a-f]*]] enter_frame=0x0 {{.*}}thread_num=0 team_size=2
// CHECK-NEXT: [[T0]]: task_create parent_task_id=[[I0]] parent_exit_frame=[[EXIT0]] parent_enter_frame=0x{{[1-9a-f][0-9a-f]*}} new_task_id=[[TASK:[0-9]+]] type=explicit has_dependences=0 codeptr_ra=[[RA:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: addr after_task=[[RA]]
// CHECK-NEXT: [[T0]]: sync_region_begin kind=barrier_implicit_parallel parallel_id=[[PAR]] task_id=[[I0]]
// CHECK-NOT: task_schedule
// CHECK: [[T0]]: sync_region_end kind=barrier_implicit_parallel parallel_id=0 task_id=[[I0]]
// CHECK-NEXT: [[T0]]: implicit_task_end parallel_id=0 task_id=[[I0]]
// CHECK-NEXT: [[T0]]: parallel_end parallel_id=[[PAR]]
// CHECK-NOT: {{task_(create|schedule)}}
// CHECK: [[T0]]: thread_end

// Thread 1 runs it in the implicit barrier.
// CHECK-NEXT: [[T1:[0-9]+]]: thread_begin type=worker
// CHECK-NEXT: [[T1]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I1:[0-9]+]] team_size=2 thread_num=1 flags=implicit
// CHECK-NEXT: [[T1]]: sync_region_begin kind=barrier_implicit_parallel parallel_id=[[PAR]] task_id=[[I1]]
// CHECK-NOT: sync_region_end
// CHECK: [[T1]]: task_schedule prior_task_id=[[I1]] status=switch next_task_id=[[TASK]]
// CHECK-NEXT: [[T1]]: task_info level=0 rc=2 task_id=[[TASK]] parallel_id=[[PAR]] type=explicit exit_frame=0x{{[1-9a-f][0-9a-f]*}} enter_frame=0x0 exit_frame_flags=0x20 enter_frame_flags=0x0 thread_num=1 team_size=2
// CHECK-NEXT: [[T1]]: task_info level=1 rc=2 task_id=[[I1]] parallel_id=[[PAR]] type=implicit exit_frame=0x0 {{.*}}thread_num=1 team_size=1
// CHECK-NEXT: [[T1]]: task_schedule prior_task_id=[[TASK]] status=complete next_task_id=[[I1]]
// CHECK-NOT: task_schedule
// CHECK: [[T1]]: sync_region_end kind=barrier_implicit_parallel parallel_id=0 task_id=[[I1]]
// CHECK-NEXT: [[T1]]: implicit_task_end parallel_id=0 task_id=[[I1]]
// CHECK-NOT: {{task_(create|schedule)}}
// CHECK: [[T1]]: thread_end
