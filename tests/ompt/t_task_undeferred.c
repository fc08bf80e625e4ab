// Undeferred tasks carry ompt_task_undeferred (OpenMP 5.1, ompt_task_flag_t).
// Explicit ones in task_create's flags and in ompt_get_task_info inside
// them: a task with if(0); a task met outside any parallel region; the
// included tasks created inside a final task (final too), one of them also
// mergeable. The implicit task of a serialized region (if(0),
// num_threads(1), or a nested region past max-active-levels) is included
// in the task that met the construct: ompt_get_task_info's flags say
// implicit|undeferred, while the implicit_task callback's flags give only
// the kind of task (5.1: "initial or implicit"), as libomp does too. Where
// 5.1 leaves room the checks accept both runtimes: libomp also calls the
// implicit tasks of an active team undeferred (libparomp does not), and it
// drops mergeable from an included mergeable task.
// THREADS: 2
// SORT-THREADS
// ALSO: libomp
#include <omp.h>

#include "tool.h"

static int done;

int main(void)
{
#pragma omp task
  ompt_print_task_info(0);

#pragma omp parallel if (0)
  ompt_print_task_info(0);

#pragma omp parallel num_threads(1)
  ompt_print_task_info(0);

  omp_set_max_active_levels(1);
#pragma omp parallel num_threads(2)
  {
    ompt_print_task_info(0);
    if (omp_get_thread_num() == 0) {
#pragma omp parallel num_threads(2)
      ompt_print_task_info(0);
#pragma omp task if (0)
      ompt_print_task_info(0);
#pragma omp task final(1)
      {
#pragma omp task
        ompt_print_task_info(0);
#pragma omp task mergeable
        ompt_print_task_info(0);
      }
#pragma omp taskwait
      __atomic_store_n(&done, 1, __ATOMIC_RELEASE);
    } else {
      /* stays out of the runtime, so thread 0 runs every task */
      ompt_wait_flag(&done);
    }
  }
  return 0;
}

// CHECK: 0: initialize

// The initial thread.
// CHECK: [[T0:[0-9]+]]: thread_begin type=initial
// CHECK: [[T0]]: implicit_task_begin parallel_id={{[0-9]+}} task_id=[[INIT:[0-9]+]] {{.*}}flags=initial
// CHECK: [[T0]]: task_create parent_task_id=[[INIT]] {{.*}}new_task_id=[[OUT:[0-9]+]] type=explicit|undeferred has_dependences=0
// CHECK: [[T0]]: task_info level=0 rc=2 task_id=[[OUT]] {{.*}}type=explicit|undeferred exit_frame

// parallel if(0)
// CHECK: [[T0]]: parallel_begin {{.*}}parallel_id=[[P1:[0-9]+]]
// CHECK-NEXT: [[T0]]: implicit_task_begin parallel_id=[[P1]] task_id=[[I1:[0-9]+]] team_size=1 thread_num=0 flags=implicit{{$}}
// CHECK-NEXT: [[T0]]: task_info level=0 rc=2 task_id=[[I1]] parallel_id=[[P1]] type=implicit|undeferred exit_frame
// CHECK: [[T0]]: implicit_task_end {{.*}}task_id=[[I1]] {{.*}}flags=implicit{{$}}

// parallel num_threads(1)
// CHECK: [[T0]]: parallel_begin {{.*}}parallel_id=[[P2:[0-9]+]]
// CHECK-NEXT: [[T0]]: implicit_task_begin parallel_id=[[P2]] task_id=[[I2:[0-9]+]] team_size=1 thread_num=0 flags=implicit{{$}}
// CHECK-NEXT: [[T0]]: task_info level=0 rc=2 task_id=[[I2]] parallel_id=[[P2]] type=implicit|undeferred exit_frame
// CHECK: [[T0]]: implicit_task_end {{.*}}task_id=[[I2]] {{.*}}flags=implicit{{$}}

// The active region of two: its implicit tasks are not serialized.
// CHECK: [[T0]]: parallel_begin {{.*}}parallel_id=[[P3:[0-9]+]]
// CHECK-NEXT: [[T0]]: implicit_task_begin parallel_id=[[P3]] task_id=[[I3:[0-9]+]] team_size=2 thread_num=0 flags=implicit{{$}}
// CHECK-NEXT: [[T0]]: task_info level=0 rc=2 task_id=[[I3]] parallel_id=[[P3]] type=implicit{{(\|undeferred)?}} exit_frame

// Nested past max-active-levels: a team of one.
// CHECK-NEXT: [[T0]]: parallel_begin {{.*}}parallel_id=[[P4:[0-9]+]]
// CHECK-NEXT: [[T0]]: implicit_task_begin parallel_id=[[P4]] task_id=[[I4:[0-9]+]] team_size=1 thread_num=0 flags=implicit{{$}}
// CHECK-NEXT: [[T0]]: task_info level=0 rc=2 task_id=[[I4]] parallel_id=[[P4]] type=implicit|undeferred exit_frame
// CHECK: [[T0]]: parallel_end parallel_id=[[P4]]

// task if(0)
// CHECK: [[T0]]: task_create parent_task_id=[[I3]] {{.*}}new_task_id=[[IF0:[0-9]+]] type=explicit|undeferred has_dependences=0
// CHECK-NEXT: [[T0]]: task_schedule prior_task_id=[[I3]] status=switch next_task_id=[[IF0]]
// CHECK-NEXT: [[T0]]: task_info level=0 rc=2 task_id=[[IF0]] parallel_id=[[P3]] type=explicit|undeferred exit_frame
// CHECK-NEXT: [[T0]]: task_schedule prior_task_id=[[IF0]] status=complete next_task_id=[[I3]]

// The final task, deferred; inside it, two included tasks.
// CHECK-NEXT: [[T0]]: task_create parent_task_id=[[I3]] {{.*}}new_task_id=[[FIN:[0-9]+]] type=explicit|final has_dependences=0
// CHECK: [[T0]]: task_schedule prior_task_id=[[I3]] status=switch next_task_id=[[FIN]]
// CHECK-NEXT: [[T0]]: task_create parent_task_id=[[FIN]] {{.*}}new_task_id=[[INC1:[0-9]+]] type=explicit|undeferred|final has_dependences=0
// CHECK-NEXT: [[T0]]: task_schedule prior_task_id=[[FIN]] status=switch next_task_id=[[INC1]]
// CHECK-NEXT: [[T0]]: task_info level=0 rc=2 task_id=[[INC1]] parallel_id=[[P3]] type=explicit|undeferred|final exit_frame
// CHECK-NEXT: [[T0]]: task_schedule prior_task_id=[[INC1]] status=complete next_task_id=[[FIN]]
// CHECK-NEXT: [[T0]]: task_create parent_task_id=[[FIN]] {{.*}}new_task_id=[[INC2:[0-9]+]] type=explicit|undeferred|final{{(\|mergeable)?}} has_dependences=0
// CHECK-NEXT: [[T0]]: task_schedule prior_task_id=[[FIN]] status=switch next_task_id=[[INC2]]
// CHECK-NEXT: [[T0]]: task_info level=0 rc=2 task_id=[[INC2]] parallel_id=[[P3]] type=explicit|undeferred|final{{(\|mergeable)?}} exit_frame
// CHECK-NEXT: [[T0]]: task_schedule prior_task_id=[[INC2]] status=complete next_task_id=[[FIN]]
// CHECK-NEXT: [[T0]]: task_schedule prior_task_id=[[FIN]] status=complete next_task_id=[[I3]]
// CHECK: [[T0]]: parallel_end parallel_id=[[P3]]

// The worker: its implicit task in the active region, and no task.
// CHECK: [[T1:[0-9]+]]: thread_begin type=worker
// CHECK-NEXT: [[T1]]: implicit_task_begin parallel_id=[[P3]] task_id=[[W:[0-9]+]] team_size=2 thread_num=1 flags=implicit{{$}}
// CHECK-NEXT: [[T1]]: task_info level=0 rc=2 task_id=[[W]] parallel_id=[[P3]] type=implicit{{(\|undeferred)?}} exit_frame
// CHECK-NOT: {{task_(create|schedule)}}
// CHECK: [[T1]]: implicit_task_end
