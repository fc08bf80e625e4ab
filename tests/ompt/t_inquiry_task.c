// ompt_get_task_info, ompt_get_parallel_info and ompt_get_thread_data
// inside explicit tasks. 5.1 (ompt_get_task_info_t) asks about the tasks
// on the calling thread's stack: one level up from an explicit task is the
// task its thread suspended to run it, up from an implicit task the task
// that met the parallel construct; thread_num is the number, in the team,
// of the thread that runs the task at that level. Parallel levels count
// regions only. In a team of two, thread 1:
//   A  runs an if(0) task that runs an if(0) task: levels explicit,
//      explicit, implicit, initial
//   B  runs an if(0) task that meets an active nested parallel; its thread
//      1 asks: implicit (nested), explicit, implicit, initial
//   C  runs an if(0) task that meets parallel num_threads(1): the same
//      with a serialized region
//   D  takes, at the region's implicit barrier, a deferred task that thread
//      0 created (thread 0 spins in user code until it is done, so thread 1
//      must run it): one level up is thread 1's own implicit task, the task
//      on its stack, not thread 0's, which generated it
// The frames of each suspended task are the ones task_create or
// parallel_begin reported for it. A turn flag orders the blocks.
// ALSO: libomp
// THREADS: 2
#include <omp.h>
#include <stdio.h>

#include "tool.h"

static int turn[5] = {1};
static int d_done;

static void ask(int me, const char *what, int levels)
{
  ompt_wait_flag(&turn[me]);
  ompt_print_addr(what, NULL);
  ompt_print_inquiry(levels);
  __atomic_store_n(&turn[me + 1], 1, __ATOMIC_RELEASE);
}

int main(void)
{
  omp_set_max_active_levels(2);
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 1) {
#pragma omp task if(0)
      {
#pragma omp task if(0)
        ask(0, "case_a", 4);
      }
#pragma omp task if(0)
      {
#pragma omp parallel num_threads(2)
        if (omp_get_thread_num() == 1)
          ask(1, "case_b", 4);
      }
#pragma omp task if(0)
      {
#pragma omp parallel num_threads(1)
        ask(2, "case_c", 4);
      }
    }
#pragma omp barrier
    if (omp_get_thread_num() == 0) {
#pragma omp task
      {
        ask(3, omp_get_thread_num() == 1 ? "case_d_on_1" : "case_d_on_0", 3);
        __atomic_store_n(&d_done, 1, __ATOMIC_RELEASE);
      }
      ompt_wait_flag(&d_done);
    }
  }
  return 0;
}

// CHECK: 0: initialize
// CHECK: [[T0:[0-9]+]]: thread_begin type=initial
// CHECK: [[T0]]: implicit_task_begin parallel_id=[[PINIT:[0-9]+]] task_id=[[INIT:[0-9]+]] {{.*}}flags=initial
// CHECK: [[T0]]: parallel_begin parent_task_id=[[INIT]] parent_exit_frame=0x0 parent_enter_frame=[[EINIT:0x[0-9a-f]+]] parallel_id=[[POUT:[0-9]+]] requested_team_size=2

// Thread 1's tasks of case A.
// CHECK: [[T1:[0-9]+]]: implicit_task_begin parallel_id=[[POUT]] task_id=[[IO1:[0-9]+]] team_size=2 thread_num=1
// CHECK: [[T1]]: task_create parent_task_id=[[IO1]] parent_exit_frame=[[XO1:0x[0-9a-f]+]] parent_enter_frame=[[EO1:0x[0-9a-f]+]] new_task_id=[[TA:[0-9]+]] type=explicit|undeferred
// CHECK: [[T1]]: task_create parent_task_id=[[TA]] parent_exit_frame=[[XA:0x[0-9a-f]+]] parent_enter_frame=[[EA:0x[0-9a-f]+]] new_task_id=[[TA2:[0-9]+]] type=explicit|undeferred

// CHECK: [[T1]]: addr case_a=0x0
// CHECK: [[T1]]: thread_data id=[[T1]] same_as_thread_begin=1
// CHECK: [[T1]]: task_info level=0 rc=2 task_id=[[TA2]] parallel_id=[[POUT]] type=explicit|undeferred exit_frame=0x{{[1-9a-f][0-9a-f]*}} enter_frame=0x0 {{.*}}thread_num=1 team_size
// CHECK: [[T1]]: parallel_info level=0 rc=2 parallel_id=[[POUT]] team_size=2
// CHECK: [[T1]]: task_info level=1 rc=2 task_id=[[TA]] parallel_id=[[POUT]] type=explicit|undeferred exit_frame=[[XA]] enter_frame=[[EA]] {{.*}}thread_num=1 team_size
// CHECK: [[T1]]: parallel_info level=1 rc=2 parallel_id=[[PINIT]] team_size=1
// CHECK: [[T1]]: task_info level=2 rc=2 task_id=[[IO1]] parallel_id=[[POUT]] type=implicit{{(\|undeferred)?}} exit_frame=[[XO1]] enter_frame=[[EO1]] {{.*}}thread_num=1 team_size
// CHECK: [[T1]]: parallel_info level=2 rc=0
// CHECK: [[T1]]: task_info level=3 rc=2 task_id=[[INIT]] parallel_id=[[PINIT]] type=initial exit_frame=0x0 enter_frame=[[EINIT]] {{.*}}thread_num=0 team_size
// CHECK: [[T1]]: parallel_info level=3 rc=0
// CHECK: [[T1]]: task_info level=4 rc=0
// CHECK: [[T1]]: parallel_info level=4 rc=0

// Case B: asked by thread 1 of the nested team.
// CHECK: [[T1]]: task_create parent_task_id=[[IO1]] parent_exit_frame=[[XO1]] parent_enter_frame=[[EO1]] new_task_id=[[TB:[0-9]+]] type=explicit|undeferred
// CHECK: [[T1]]: parallel_begin parent_task_id=[[TB]] parent_exit_frame=[[XB:0x[0-9a-f]+]] parent_enter_frame=[[EB:0x[0-9a-f]+]] parallel_id=[[PB:[0-9]+]] requested_team_size=2
// CHECK: [[W:[1-9][0-9]*]]: addr case_b=0x0
// CHECK: [[W]]: thread_data id=[[W]] same_as_thread_begin=1
// CHECK: [[W]]: task_info level=0 rc=2 task_id={{[1-9][0-9]*}} parallel_id=[[PB]] type=implicit{{(\|undeferred)?}} exit_frame=0x{{[1-9a-f][0-9a-f]*}} enter_frame=0x0 {{.*}}thread_num=1 team_size
// CHECK: [[W]]: parallel_info level=0 rc=2 parallel_id=[[PB]] team_size=2
// CHECK: [[W]]: task_info level=1 rc=2 task_id=[[TB]] parallel_id=[[POUT]] type=explicit|undeferred exit_frame=[[XB]] enter_frame=[[EB]] {{.*}}thread_num=1 team_size
// CHECK: [[W]]: parallel_info level=1 rc=2 parallel_id=[[POUT]] team_size=2
// CHECK: [[W]]: task_info level=2 rc=2 task_id=[[IO1]] parallel_id=[[POUT]] type=implicit{{(\|undeferred)?}} exit_frame=[[XO1]] enter_frame=[[EO1]] {{.*}}thread_num=1 team_size
// CHECK: [[W]]: parallel_info level=2 rc=2 parallel_id=[[PINIT]] team_size=1
// CHECK: [[W]]: task_info level=3 rc=2 task_id=[[INIT]] parallel_id=[[PINIT]] type=initial exit_frame=0x0 enter_frame=[[EINIT]] {{.*}}thread_num=0 team_size
// CHECK: [[W]]: parallel_info level=3 rc=0
// CHECK: [[W]]: task_info level=4 rc=0
// CHECK: [[W]]: parallel_info level=4 rc=0

// Case C: a serialized region inside the task.
// CHECK: [[T1]]: task_create parent_task_id=[[IO1]] parent_exit_frame=[[XO1]] parent_enter_frame=[[EO1]] new_task_id=[[TC:[0-9]+]] type=explicit|undeferred
// CHECK: [[T1]]: parallel_begin parent_task_id=[[TC]] parent_exit_frame=[[XC:0x[0-9a-f]+]] parent_enter_frame=[[EC:0x[0-9a-f]+]] parallel_id=[[PC:[0-9]+]] requested_team_size=1
// CHECK: [[T1]]: implicit_task_begin parallel_id=[[PC]] task_id=[[IC:[0-9]+]] team_size=1 thread_num=0
// CHECK: [[T1]]: addr case_c=0x0
// CHECK: [[T1]]: thread_data id=[[T1]] same_as_thread_begin=1
// CHECK: [[T1]]: task_info level=0 rc=2 task_id=[[IC]] parallel_id=[[PC]] type=implicit{{(\|undeferred)?}} exit_frame=0x{{[1-9a-f][0-9a-f]*}} enter_frame=0x0 {{.*}}thread_num=0 team_size
// CHECK: [[T1]]: parallel_info level=0 rc=2 parallel_id=[[PC]] team_size=1
// CHECK: [[T1]]: task_info level=1 rc=2 task_id=[[TC]] parallel_id=[[POUT]] type=explicit|undeferred exit_frame=[[XC]] enter_frame=[[EC]] {{.*}}thread_num=1 team_size
// CHECK: [[T1]]: parallel_info level=1 rc=2 parallel_id=[[POUT]] team_size=2
// CHECK: [[T1]]: task_info level=2 rc=2 task_id=[[IO1]] parallel_id=[[POUT]] type=implicit{{(\|undeferred)?}} exit_frame=[[XO1]] enter_frame=[[EO1]] {{.*}}thread_num=1 team_size
// CHECK: [[T1]]: parallel_info level=2 rc=2 parallel_id=[[PINIT]] team_size=1
// CHECK: [[T1]]: task_info level=3 rc=2 task_id=[[INIT]] parallel_id=[[PINIT]] type=initial exit_frame=0x0 enter_frame=[[EINIT]] {{.*}}thread_num=0 team_size
// CHECK: [[T1]]: parallel_info level=3 rc=0
// CHECK: [[T1]]: task_info level=4 rc=0
// CHECK: [[T1]]: parallel_info level=4 rc=0

// Case D: thread 0 creates the task, thread 1 runs it at its barrier.
// CHECK: [[T0]]: task_create parent_task_id={{[1-9][0-9]*}} {{.*}}new_task_id=[[TD:[0-9]+]] type=explicit has_dependences=0
// CHECK: [[T1]]: addr case_d_on_1=0x0
// CHECK: [[T1]]: thread_data id=[[T1]] same_as_thread_begin=1
// CHECK: [[T1]]: task_info level=0 rc=2 task_id=[[TD]] parallel_id=[[POUT]] type=explicit exit_frame=0x{{[1-9a-f][0-9a-f]*}} enter_frame=0x0 {{.*}}thread_num=1 team_size
// CHECK: [[T1]]: parallel_info level=0 rc=2 parallel_id=[[POUT]] team_size=2
// CHECK: [[T1]]: task_info level=1 rc=2 task_id=[[IO1]] parallel_id=[[POUT]] type=implicit{{(\|undeferred)?}} {{.*}}thread_num=1 team_size
// CHECK: [[T1]]: parallel_info level=1 rc=2 parallel_id=[[PINIT]] team_size=1
// CHECK: [[T1]]: task_info level=2 rc=2 task_id=[[INIT]] parallel_id=[[PINIT]] type=initial exit_frame=0x0 enter_frame=[[EINIT]] {{.*}}thread_num=0 team_size
// CHECK: [[T1]]: parallel_info level=2 rc=0
// CHECK: [[T1]]: task_info level=3 rc=0
// CHECK: [[T1]]: parallel_info level=3 rc=0
