// An undeferred task (if(0)): task_create flags explicit|undeferred, then at
// once on the same thread task_schedule switch from the encountering
// implicit task into it, its body, and complete back, all before the call
// returns. Inside, the encountering task (level 1) is still in the runtime
// call that creates the task: its enter frame is the one task_create
// reported, and the task's own exit frame is set.
// CFLAGS: -maccumulate-outgoing-args
// SORT-THREADS
#include <omp.h>

#include "tool.h"

int main(void)
{
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 0) {
      ompt_print_task_info(0);
#pragma omp task if (0)
      {
        ompt_print_task_info(0);
        ompt_print_task_info(1);
      }
    after_task:
      ompt_print_addr("after_task", &&after_task);
    }
  }
  return 0;
}

// CHECK: 0: initialize
// CHECK-NOT: = NULL
// CHECK: 0: finalize

// CHECK: [[T0:[0-9]+]]: thread_begin type=initial
// CHECK: [[T0]]: parallel_begin {{.*}}parallel_id=[[PAR:[0-9]+]] requested_team_size=2
// CHECK-NEXT: [[T0]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I0:[0-9]+]] team_size=2 thread_num=0 flags=implicit
// CHECK-NEXT: [[T0]]: task_info level=0 rc=2 task_id=[[I0]] parallel_id=[[PAR]] type=implicit exit_frame=[[EXIT0:0x[1-9a-f][0-9a-f]*]] enter_frame=0x0
// CHECK-NEXT: [[T0]]: task_create parent_task_id=[[I0]] parent_exit_frame=[[EXIT0]] parent_enter_frame=[[ENTER0:0x[1-9a-f][0-9a-f]*]] new_task_id=[[TASK:[0-9]+]] type=explicit|undeferred has_dependences=0 codeptr_ra=[[RA:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: task_schedule prior_task_id=[[I0]] status=switch next_task_id=[[TASK]]
// CHECK-NEXT: [[T0]]: task_info level=0 rc=2 task_id=[[TASK]] parallel_id=[[PAR]] type=explicit|undeferred exit_frame=0x{{[1-9a-f][0-9a-f]*}} enter_frame=0x0 exit_frame_flags=0x20 enter_frame_flags=0x0 thread_num=0 team_size=2
// CHECK-NEXT: [[T0]]: task_info level=1 rc=2 task_id=[[I0]] parallel_id=[[PAR]] type=implicit exit_frame=[[EXIT0]] enter_frame=[[ENTER0]] exit_frame_flags=0x20 enter_frame_flags=0x20 thread_num=0
// CHECK-NEXT: [[T0]]: task_schedule prior_task_id=[[TASK]] status=complete next_task_id=[[I0]]
// CHECK-NEXT: [[T0]]: addr after_task=[[RA]]
// CHECK-NEXT: [[T0]]: sync_region_begin kind=barrier_implicit_parallel parallel_id=[[PAR]] task_id=[[I0]]
// CHECK-NOT: {{task_(create|schedule)}}
// CHECK: [[T0]]: thread_end

// Thread 1 sees no task.
// CHECK: [[T1:[0-9]+]]: thread_begin type=worker
// CHECK-NOT: {{task_(create|schedule)}}
