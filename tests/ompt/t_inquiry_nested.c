// ompt_get_task_info, ompt_get_parallel_info and ompt_get_thread_data at
// every ancestor level inside two active nested regions (2 x 2 threads).
// Each of the four innermost implicit tasks asks about levels 0 to 3, one
// after another (a turn flag orders them; nothing depends on timing):
//   level 0  its own implicit task: thread_num is its number in the inner
//            team, the inner region has 2 threads, exit_frame set (it runs
//            user code), enter_frame NULL
//   level 1  the outer implicit task that met the inner parallel construct,
//            run by the inner team's primary thread: thread_num is that
//            thread's number in the outer team; its frames are the ones
//            parallel_begin reported for it
//   level 2  the initial task (no exit frame) in the implicit region of one
//            thread
//   level 3  none: both entry points return 0
// The first block (thread 0 of thread 0) is tied to the ids of its events;
// the others to the first and to each other.
// ALSO: libomp
// THREADS: 2
#include <omp.h>
#include <stdio.h>

#include "tool.h"

static int turn[5] = {1};

static void ask(int me)
{
  char who[16];
  ompt_wait_flag(&turn[me]);
  snprintf(who, sizeof who, "who_%d", me);
  ompt_print_addr(who, NULL);
  ompt_print_inquiry(3);
  __atomic_store_n(&turn[me + 1], 1, __ATOMIC_RELEASE);
}

int main(void)
{
  omp_set_max_active_levels(2);
#pragma omp parallel num_threads(2)
  {
    int outer = omp_get_thread_num();
#pragma omp parallel num_threads(2)
    ask(outer * 2 + omp_get_thread_num());
  }
  return 0;
}

// CHECK: 0: initialize
// CHECK: [[T0:[0-9]+]]: thread_begin type=initial
// CHECK: [[T0]]: implicit_task_begin parallel_id=[[PINIT:[0-9]+]] task_id=[[INIT:[0-9]+]] {{.*}}flags=initial
// CHECK: [[T0]]: parallel_begin parent_task_id=[[INIT]] parent_exit_frame=0x0 parent_enter_frame=[[EINIT:0x[0-9a-f]+]] parallel_id=[[POUT:[0-9]+]] requested_team_size=2
// CHECK: [[T0]]: implicit_task_begin parallel_id=[[POUT]] task_id=[[IO0:[0-9]+]] team_size=2 thread_num=0
// CHECK: [[T0]]: parallel_begin parent_task_id=[[IO0]] parent_exit_frame=[[XO0:0x[0-9a-f]+]] parent_enter_frame=[[EO0:0x[0-9a-f]+]] parallel_id=[[PA:[0-9]+]] requested_team_size=2
// CHECK: [[T0]]: implicit_task_begin parallel_id=[[PA]] task_id=[[IA0:[0-9]+]] team_size=2 thread_num=0

// Inner team of outer thread 0, its thread 0 (the initial thread).
// CHECK: [[T0]]: addr who_0=0x0
// CHECK: [[T0]]: thread_data id=[[T0]] same_as_thread_begin=1
// CHECK: [[T0]]: task_info level=0 rc=2 task_id=[[IA0]] parallel_id=[[PA]] type=implicit{{(\|undeferred)?}} exit_frame=0x{{[1-9a-f][0-9a-f]*}} enter_frame=0x0 {{.*}}thread_num=0 team_size
// CHECK: [[T0]]: parallel_info level=0 rc=2 parallel_id=[[PA]] team_size=2
// CHECK: [[T0]]: task_info level=1 rc=2 task_id=[[IO0]] parallel_id=[[POUT]] type=implicit{{(\|undeferred)?}} exit_frame=[[XO0]] enter_frame=[[EO0]] {{.*}}thread_num=0 team_size
// CHECK: [[T0]]: parallel_info level=1 rc=2 parallel_id=[[POUT]] team_size=2
// CHECK: [[T0]]: task_info level=2 rc=2 task_id=[[INIT]] parallel_id=[[PINIT]] type=initial exit_frame=0x0 enter_frame=[[EINIT]] {{.*}}thread_num=0 team_size
// CHECK: [[T0]]: parallel_info level=2 rc=2 parallel_id=[[PINIT]] team_size=1
// CHECK: [[T0]]: task_info level=3 rc=0
// CHECK: [[T0]]: parallel_info level=3 rc=0

// Its thread 1: the same regions and ancestors, its own implicit task.
// CHECK: [[W1:[1-9][0-9]*]]: addr who_1=0x0
// CHECK: [[W1]]: thread_data id=[[W1]] same_as_thread_begin=1
// CHECK: [[W1]]: task_info level=0 rc=2 task_id=[[IA1:[1-9][0-9]*]] parallel_id=[[PA]] type=implicit{{(\|undeferred)?}} exit_frame=0x{{[1-9a-f][0-9a-f]*}} enter_frame=0x0 {{.*}}thread_num=1 team_size
// CHECK: [[W1]]: parallel_info level=0 rc=2 parallel_id=[[PA]] team_size=2
// CHECK: [[W1]]: task_info level=1 rc=2 task_id=[[IO0]] parallel_id=[[POUT]] type=implicit{{(\|undeferred)?}} exit_frame=[[XO0]] enter_frame=[[EO0]] {{.*}}thread_num=0 team_size
// CHECK: [[W1]]: parallel_info level=1 rc=2 parallel_id=[[POUT]] team_size=2
// CHECK: [[W1]]: task_info level=2 rc=2 task_id=[[INIT]] parallel_id=[[PINIT]] type=initial exit_frame=0x0 enter_frame=[[EINIT]] {{.*}}thread_num=0 team_size
// CHECK: [[W1]]: parallel_info level=2 rc=2 parallel_id=[[PINIT]] team_size=1
// CHECK: [[W1]]: task_info level=3 rc=0
// CHECK: [[W1]]: parallel_info level=3 rc=0

// Inner team of outer thread 1, its thread 0 (outer thread 1 itself): at
// level 1 its own outer implicit task, thread_num 1.
// CHECK: [[T1:[1-9][0-9]*]]: addr who_2=0x0
// CHECK: [[T1]]: thread_data id=[[T1]] same_as_thread_begin=1
// CHECK: [[T1]]: task_info level=0 rc=2 task_id=[[IB0:[1-9][0-9]*]] parallel_id=[[PB:[1-9][0-9]*]] type=implicit{{(\|undeferred)?}} exit_frame=0x{{[1-9a-f][0-9a-f]*}} enter_frame=0x0 {{.*}}thread_num=0 team_size
// CHECK: [[T1]]: parallel_info level=0 rc=2 parallel_id=[[PB]] team_size=2
// CHECK: [[T1]]: task_info level=1 rc=2 task_id=[[IO1:[1-9][0-9]*]] parallel_id=[[POUT]] type=implicit{{(\|undeferred)?}} exit_frame=[[XO1:0x[1-9a-f][0-9a-f]*]] enter_frame=[[EO1:0x[1-9a-f][0-9a-f]*]] {{.*}}thread_num=1 team_size
// CHECK: [[T1]]: parallel_info level=1 rc=2 parallel_id=[[POUT]] team_size=2
// CHECK: [[T1]]: task_info level=2 rc=2 task_id=[[INIT]] parallel_id=[[PINIT]] type=initial exit_frame=0x0 enter_frame=[[EINIT]] {{.*}}thread_num=0 team_size
// CHECK: [[T1]]: parallel_info level=2 rc=2 parallel_id=[[PINIT]] team_size=1
// CHECK: [[T1]]: task_info level=3 rc=0
// CHECK: [[T1]]: parallel_info level=3 rc=0

// Its thread 1.
// CHECK: [[W3:[1-9][0-9]*]]: addr who_3=0x0
// CHECK: [[W3]]: thread_data id=[[W3]] same_as_thread_begin=1
// CHECK: [[W3]]: task_info level=0 rc=2 task_id={{[1-9][0-9]*}} parallel_id=[[PB]] type=implicit{{(\|undeferred)?}} exit_frame=0x{{[1-9a-f][0-9a-f]*}} enter_frame=0x0 {{.*}}thread_num=1 team_size
// CHECK: [[W3]]: parallel_info level=0 rc=2 parallel_id=[[PB]] team_size=2
// CHECK: [[W3]]: task_info level=1 rc=2 task_id=[[IO1]] parallel_id=[[POUT]] type=implicit{{(\|undeferred)?}} exit_frame=[[XO1]] enter_frame=[[EO1]] {{.*}}thread_num=1 team_size
// CHECK: [[W3]]: parallel_info level=1 rc=2 parallel_id=[[POUT]] team_size=2
// CHECK: [[W3]]: task_info level=2 rc=2 task_id=[[INIT]] parallel_id=[[PINIT]] type=initial exit_frame=0x0 enter_frame=[[EINIT]] {{.*}}thread_num=0 team_size
// CHECK: [[W3]]: parallel_info level=2 rc=2 parallel_id=[[PINIT]] team_size=1
// CHECK: [[W3]]: task_info level=3 rc=0
// CHECK: [[W3]]: parallel_info level=3 rc=0
