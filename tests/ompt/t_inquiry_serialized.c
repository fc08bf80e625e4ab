// ompt_get_task_info, ompt_get_parallel_info and ompt_get_thread_data in
// serialized regions, which are regions like any other to these entry
// points: each has its own implicit task and parallel data and a team of
// one (thread_num 0), and each task that met a parallel construct keeps
// the frames that parallel_begin reported for it (exit_frame where it left
// the runtime, enter_frame where it entered it again).
//   who_0  parallel if(0) > parallel num_threads(1), from the initial task
//   who_1  an active team of 2 > parallel if(0) > parallel num_threads(1),
//          thread 0 ...
//   who_2  ... and thread 1: at level 2 its own implicit task, thread_num 1
//   who_3  max-active-levels 1 > a team of 2 > a nested parallel
//          num_threads(2), which gets one thread; thread 0 ...
//   who_4  ... and thread 1
// Past the initial task both entry points return 0. A turn flag orders the
// blocks; nothing depends on timing.
// ALSO: libomp
// THREADS: 2
#include <omp.h>
#include <stdio.h>

#include "tool.h"

static int turn[6] = {1};

static void ask(int me, int levels)
{
  char who[16];
  ompt_wait_flag(&turn[me]);
  snprintf(who, sizeof who, "who_%d", me);
  ompt_print_addr(who, NULL);
  ompt_print_inquiry(levels);
  __atomic_store_n(&turn[me + 1], 1, __ATOMIC_RELEASE);
}

int main(void)
{
  volatile int zero = 0;
#pragma omp parallel if(zero)
  {
#pragma omp parallel num_threads(1)
    ask(0, 3);
  }
#pragma omp parallel num_threads(2)
  {
    int outer = omp_get_thread_num();
#pragma omp parallel if(zero)
    {
#pragma omp parallel num_threads(1)
      ask(1 + outer, 4);
    }
  }
  omp_set_max_active_levels(1);
#pragma omp parallel num_threads(2)
  {
    int outer = omp_get_thread_num();
#pragma omp parallel num_threads(2)
    ask(3 + outer, 3);
  }
  return 0;
}

// A task's type may carry ompt_task_undeferred where it is implicit (which
// runtime sets it where is not what this test is about).

// CHECK: 0: initialize
// CHECK: [[T0:[0-9]+]]: thread_begin type=initial
// CHECK: [[T0]]: implicit_task_begin parallel_id=[[PINIT:[0-9]+]] task_id=[[INIT:[0-9]+]] {{.*}}flags=initial
// CHECK: [[T0]]: parallel_begin parent_task_id=[[INIT]] parent_exit_frame=0x0 parent_enter_frame=[[EINIT:0x[0-9a-f]+]] parallel_id=[[P1:[0-9]+]] requested_team_size=1
// CHECK: [[T0]]: implicit_task_begin parallel_id=[[P1]] task_id=[[I1:[0-9]+]] team_size=1 thread_num=0
// CHECK: [[T0]]: parallel_begin parent_task_id=[[I1]] parent_exit_frame=[[X1:0x[0-9a-f]+]] parent_enter_frame=[[E1:0x[0-9a-f]+]] parallel_id=[[P2:[0-9]+]] requested_team_size=1
// CHECK: [[T0]]: implicit_task_begin parallel_id=[[P2]] task_id=[[I2:[0-9]+]] team_size=1 thread_num=0

// CHECK: [[T0]]: addr who_0=0x0
// CHECK: [[T0]]: thread_data id=[[T0]] same_as_thread_begin=1
// CHECK: [[T0]]: task_info level=0 rc=2 task_id=[[I2]] parallel_id=[[P2]] type=implicit{{(\|undeferred)?}} exit_frame=0x{{[1-9a-f][0-9a-f]*}} enter_frame=0x0 {{.*}}thread_num=0 team_size
// CHECK: [[T0]]: parallel_info level=0 rc=2 parallel_id=[[P2]] team_size=1
// CHECK: [[T0]]: task_info level=1 rc=2 task_id=[[I1]] parallel_id=[[P1]] type=implicit{{(\|undeferred)?}} exit_frame=[[X1]] enter_frame=[[E1]] {{.*}}thread_num=0 team_size
// CHECK: [[T0]]: parallel_info level=1 rc=2 parallel_id=[[P1]] team_size=1
// CHECK: [[T0]]: task_info level=2 rc=2 task_id=[[INIT]] parallel_id=[[PINIT]] type=initial exit_frame=0x0 enter_frame=[[EINIT]] {{.*}}thread_num=0 team_size
// CHECK: [[T0]]: parallel_info level=2 rc=2 parallel_id=[[PINIT]] team_size=1
// CHECK: [[T0]]: task_info level=3 rc=0
// CHECK: [[T0]]: parallel_info level=3 rc=0

// The active team, and the two serialized regions of its thread 0.
// CHECK: [[T0]]: parallel_begin parent_task_id=[[INIT]] parent_exit_frame=0x0 parent_enter_frame=[[EINIT]] parallel_id=[[POUT:[0-9]+]] requested_team_size=2
// CHECK: [[T0]]: implicit_task_begin parallel_id=[[POUT]] task_id=[[IO0:[0-9]+]] team_size=2 thread_num=0
// CHECK: [[T0]]: parallel_begin parent_task_id=[[IO0]] parent_exit_frame=[[XO0:0x[0-9a-f]+]] parent_enter_frame=[[EO0:0x[0-9a-f]+]] parallel_id=[[P3:[0-9]+]] requested_team_size=1
// CHECK: [[T0]]: implicit_task_begin parallel_id=[[P3]] task_id=[[I3:[0-9]+]] team_size=1 thread_num=0
// CHECK: [[T0]]: parallel_begin parent_task_id=[[I3]] parent_exit_frame=[[X3:0x[0-9a-f]+]] parent_enter_frame=[[E3:0x[0-9a-f]+]] parallel_id=[[P4:[0-9]+]] requested_team_size=1
// CHECK: [[T0]]: implicit_task_begin parallel_id=[[P4]] task_id=[[I4:[0-9]+]] team_size=1 thread_num=0

// CHECK: [[T0]]: addr who_1=0x0
// CHECK: [[T0]]: thread_data id=[[T0]] same_as_thread_begin=1
// CHECK: [[T0]]: task_info level=0 rc=2 task_id=[[I4]] parallel_id=[[P4]] type=implicit{{(\|undeferred)?}} exit_frame=0x{{[1-9a-f][0-9a-f]*}} enter_frame=0x0 {{.*}}thread_num=0 team_size
// CHECK: [[T0]]: parallel_info level=0 rc=2 parallel_id=[[P4]] team_size=1
// CHECK: [[T0]]: task_info level=1 rc=2 task_id=[[I3]] parallel_id=[[P3]] type=implicit{{(\|undeferred)?}} exit_frame=[[X3]] enter_frame=[[E3]] {{.*}}thread_num=0 team_size
// CHECK: [[T0]]: parallel_info level=1 rc=2 parallel_id=[[P3]] team_size=1
// CHECK: [[T0]]: task_info level=2 rc=2 task_id=[[IO0]] parallel_id=[[POUT]] type=implicit{{(\|undeferred)?}} exit_frame=[[XO0]] enter_frame=[[EO0]] {{.*}}thread_num=0 team_size
// CHECK: [[T0]]: parallel_info level=2 rc=2 parallel_id=[[POUT]] team_size=2
// CHECK: [[T0]]: task_info level=3 rc=2 task_id=[[INIT]] parallel_id=[[PINIT]] type=initial exit_frame=0x0 enter_frame=[[EINIT]] {{.*}}thread_num=0 team_size
// CHECK: [[T0]]: parallel_info level=3 rc=2 parallel_id=[[PINIT]] team_size=1
// CHECK: [[T0]]: task_info level=4 rc=0
// CHECK: [[T0]]: parallel_info level=4 rc=0

// Thread 1 of the active team: its own serialized regions.
// CHECK: [[T1:[1-9][0-9]*]]: addr who_2=0x0
// CHECK: [[T1]]: thread_data id=[[T1]] same_as_thread_begin=1
// CHECK: [[T1]]: task_info level=0 rc=2 task_id={{[1-9][0-9]*}} parallel_id=[[P6:[1-9][0-9]*]] type=implicit{{(\|undeferred)?}} exit_frame=0x{{[1-9a-f][0-9a-f]*}} enter_frame=0x0 {{.*}}thread_num=0 team_size
// CHECK: [[T1]]: parallel_info level=0 rc=2 parallel_id=[[P6]] team_size=1
// CHECK: [[T1]]: task_info level=1 rc=2 task_id={{[1-9][0-9]*}} parallel_id=[[P5:[1-9][0-9]*]] type=implicit{{(\|undeferred)?}} exit_frame=0x{{[1-9a-f][0-9a-f]*}} enter_frame=0x{{[1-9a-f][0-9a-f]*}} {{.*}}thread_num=0 team_size
// CHECK: [[T1]]: parallel_info level=1 rc=2 parallel_id=[[P5]] team_size=1
// CHECK: [[T1]]: task_info level=2 rc=2 task_id={{[1-9][0-9]*}} parallel_id=[[POUT]] type=implicit{{(\|undeferred)?}} exit_frame=0x{{[1-9a-f][0-9a-f]*}} enter_frame=0x{{[1-9a-f][0-9a-f]*}} {{.*}}thread_num=1 team_size
// CHECK: [[T1]]: parallel_info level=2 rc=2 parallel_id=[[POUT]] team_size=2
// CHECK: [[T1]]: task_info level=3 rc=2 task_id=[[INIT]] parallel_id=[[PINIT]] type=initial exit_frame=0x0 enter_frame=[[EINIT]] {{.*}}thread_num=0 team_size
// CHECK: [[T1]]: parallel_info level=3 rc=2 parallel_id=[[PINIT]] team_size=1
// CHECK: [[T1]]: task_info level=4 rc=0
// CHECK: [[T1]]: parallel_info level=4 rc=0

// Max-active-levels 1: the nested region asks for 2 threads and gets one.
// CHECK: [[T0]]: parallel_begin parent_task_id=[[INIT]] parent_exit_frame=0x0 parent_enter_frame=[[EINIT]] parallel_id=[[POUT2:[0-9]+]] requested_team_size=2
// CHECK: [[T0]]: implicit_task_begin parallel_id=[[POUT2]] task_id=[[IP0:[0-9]+]] team_size=2 thread_num=0
// CHECK: [[T0]]: parallel_begin parent_task_id=[[IP0]] parent_exit_frame=[[XP0:0x[0-9a-f]+]] parent_enter_frame=[[EP0:0x[0-9a-f]+]] parallel_id=[[P7:[0-9]+]] requested_team_size=2
// CHECK: [[T0]]: implicit_task_begin parallel_id=[[P7]] task_id=[[I7:[0-9]+]] team_size=1 thread_num=0

// CHECK: [[T0]]: addr who_3=0x0
// CHECK: [[T0]]: thread_data id=[[T0]] same_as_thread_begin=1
// CHECK: [[T0]]: task_info level=0 rc=2 task_id=[[I7]] parallel_id=[[P7]] type=implicit{{(\|undeferred)?}} exit_frame=0x{{[1-9a-f][0-9a-f]*}} enter_frame=0x0 {{.*}}thread_num=0 team_size
// CHECK: [[T0]]: parallel_info level=0 rc=2 parallel_id=[[P7]] team_size=1
// CHECK: [[T0]]: task_info level=1 rc=2 task_id=[[IP0]] parallel_id=[[POUT2]] type=implicit{{(\|undeferred)?}} exit_frame=[[XP0]] enter_frame=[[EP0]] {{.*}}thread_num=0 team_size
// CHECK: [[T0]]: parallel_info level=1 rc=2 parallel_id=[[POUT2]] team_size=2
// CHECK: [[T0]]: task_info level=2 rc=2 task_id=[[INIT]] parallel_id=[[PINIT]] type=initial exit_frame=0x0 enter_frame=[[EINIT]] {{.*}}thread_num=0 team_size
// CHECK: [[T0]]: parallel_info level=2 rc=2 parallel_id=[[PINIT]] team_size=1
// CHECK: [[T0]]: task_info level=3 rc=0
// CHECK: [[T0]]: parallel_info level=3 rc=0

// (a thread of the pool, not necessarily the one before)
// CHECK: [[T4:[1-9][0-9]*]]: addr who_4=0x0
// CHECK: [[T4]]: thread_data id=[[T4]] same_as_thread_begin=1
// CHECK: [[T4]]: task_info level=0 rc=2 task_id={{[1-9][0-9]*}} parallel_id=[[P8:[1-9][0-9]*]] type=implicit{{(\|undeferred)?}} exit_frame=0x{{[1-9a-f][0-9a-f]*}} enter_frame=0x0 {{.*}}thread_num=0 team_size
// CHECK: [[T4]]: parallel_info level=0 rc=2 parallel_id=[[P8]] team_size=1
// CHECK: [[T4]]: task_info level=1 rc=2 task_id={{[1-9][0-9]*}} parallel_id=[[POUT2]] type=implicit{{(\|undeferred)?}} exit_frame=0x{{[1-9a-f][0-9a-f]*}} enter_frame=0x{{[1-9a-f][0-9a-f]*}} {{.*}}thread_num=1 team_size
// CHECK: [[T4]]: parallel_info level=1 rc=2 parallel_id=[[POUT2]] team_size=2
// CHECK: [[T4]]: task_info level=2 rc=2 task_id=[[INIT]] parallel_id=[[PINIT]] type=initial exit_frame=0x0 enter_frame=[[EINIT]] {{.*}}thread_num=0 team_size
// CHECK: [[T4]]: parallel_info level=2 rc=2 parallel_id=[[PINIT]] team_size=1
// CHECK: [[T4]]: task_info level=3 rc=0
// CHECK: [[T4]]: parallel_info level=3 rc=0
