// Frames in serialized regions (OpenMP 5.1, ompt_frame_t): a parallel
// if(0) at the top level, and, with max-active-levels 1, a nested region
// on each thread of an active one (both threads, so that the primary and a
// worker are each the encountering thread once). The region runs on the
// encountering thread, with the runtime's frames between the two tasks:
// - the new implicit task's exit_frame is the runtime frame that called the
//   outlined body, and its enter_frame is NULL while the body runs;
// - the encountering task's exit_frame stays what it was, and its
//   enter_frame is set (the runtime call that implements the construct),
//   the same in parallel_begin's frame argument and in ompt_get_task_info
//   at level 1 from inside the region;
// - after the region, the encountering task's enter_frame is NULL again.
// libomp 14 reports no implicit barrier for a team of one, so these checks
// say nothing about one; where it does, no exit frame may be set there.
// THREADS: 2
// SORT-THREADS
// CFLAGS: -Wno-frame-address
// ALSO: libomp
#include <omp.h>

#include "tool.h"

/* One serialized region, met by the task that runs the caller. */
static void nested(void)
{
  int zero = 0;
  ompt_print_task_info(0);
#pragma omp parallel num_threads(2)
  {
    ompt_print_frame("inner_caller", __builtin_frame_address(1));
    ompt_print_task_info(0);
    ompt_print_task_info(1);
  }
  ompt_print_task_info(0);
#pragma omp parallel if(zero)
  {
    ompt_print_frame("if0_caller", __builtin_frame_address(1));
    ompt_print_task_info(0);
    ompt_print_task_info(1);
  }
  ompt_print_task_info(0);
}

int main(void)
{
  int zero = 0;
  omp_set_max_active_levels(1);
#pragma omp parallel if(zero)
  {
    ompt_print_frame("top_caller", __builtin_frame_address(1));
    ompt_print_task_info(0);
    ompt_print_task_info(1);
  }
  ompt_print_task_info(0);
#pragma omp parallel num_threads(2)
  nested();
  return 0;
}

// CHECK: 0: initialize
// CHECK-NOT: = NULL
// CHECK: 0: finalize

// The top-level parallel if(0): the initial task encounters it.
// CHECK: [[T0:[0-9]+]]: thread_begin type=initial
// CHECK: [[T0]]: parallel_begin parent_task_id=[[TASK0:[0-9]+]] parent_exit_frame=0x0 parent_enter_frame=[[ENTER0:0x[1-9a-f][0-9a-f]*]] parallel_id=[[TOP:[0-9]+]] requested_team_size=1
// CHECK: [[T0]]: implicit_task_begin parallel_id=[[TOP]] task_id=[[TOPI:[0-9]+]] team_size=1 thread_num=0
// CHECK-NEXT: [[T0]]: frame top_caller=[[TOPX:0x[1-9a-f][0-9a-f]*]]
// CHECK-NEXT: [[T0]]: task_info level=0 rc=2 task_id=[[TOPI]] parallel_id=[[TOP]] type=implicit{{[a-z|]*}} exit_frame=[[TOPX]] enter_frame=0x0 {{.*}}thread_num=0 team_size=1
// CHECK-NEXT: [[T0]]: task_info level=1 rc=2 task_id=[[TASK0]] {{.*}}type=initial exit_frame=0x0 enter_frame=[[ENTER0]] {{.*}}thread_num=0
// CHECK: [[T0]]: parallel_end parallel_id=[[TOP]] task_id=[[TASK0]]
// CHECK-NEXT: [[T0]]: task_info level=0 rc=2 task_id=[[TASK0]] {{.*}}type=initial exit_frame=0x0 enter_frame=0x0

// The active region, and on its primary thread the two serialized ones.
// CHECK: [[T0]]: parallel_begin parent_task_id=[[TASK0]] {{.*}}parallel_id=[[OUTER:[0-9]+]] requested_team_size=2
// CHECK: [[T0]]: implicit_task_begin parallel_id=[[OUTER]] task_id=[[I0:[0-9]+]] team_size=2 thread_num=0
// CHECK-NEXT: [[T0]]: task_info level=0 rc=2 task_id=[[I0]] parallel_id=[[OUTER]] type=implicit{{[a-z|]*}} exit_frame=[[X0:0x[1-9a-f][0-9a-f]*]] enter_frame=0x0 {{.*}}thread_num=0 team_size=2
// CHECK-NEXT: [[T0]]: parallel_begin parent_task_id=[[I0]] parent_exit_frame=[[X0]] parent_enter_frame=[[E0:0x[1-9a-f][0-9a-f]*]] parallel_id=[[IN0:[0-9]+]] requested_team_size=2
// CHECK-NEXT: [[T0]]: implicit_task_begin parallel_id=[[IN0]] task_id=[[IN0I:[0-9]+]] team_size=1 thread_num=0
// CHECK-NEXT: [[T0]]: frame inner_caller=[[IN0X:0x[1-9a-f][0-9a-f]*]]
// CHECK-NEXT: [[T0]]: task_info level=0 rc=2 task_id=[[IN0I]] parallel_id=[[IN0]] type=implicit{{[a-z|]*}} exit_frame=[[IN0X]] enter_frame=0x0 {{.*}}thread_num=0 team_size=1
// CHECK-NEXT: [[T0]]: task_info level=1 rc=2 task_id=[[I0]] parallel_id=[[OUTER]] type=implicit{{[a-z|]*}} exit_frame=[[X0]] enter_frame=[[E0]] {{.*}}thread_num=0 team_size=2
// CHECK-NOT: [[T0]]: {{.*}}cur_exit_frame=0x{{[1-9a-f]}}
// CHECK: [[T0]]: parallel_end parallel_id=[[IN0]] task_id=[[I0]]
// CHECK-NEXT: [[T0]]: task_info level=0 rc=2 task_id=[[I0]] parallel_id=[[OUTER]] type=implicit{{[a-z|]*}} exit_frame=[[X0]] enter_frame=0x0
// CHECK-NEXT: [[T0]]: parallel_begin parent_task_id=[[I0]] parent_exit_frame=[[X0]] parent_enter_frame=[[F0:0x[1-9a-f][0-9a-f]*]] parallel_id=[[IF0:[0-9]+]] requested_team_size=1
// CHECK-NEXT: [[T0]]: implicit_task_begin parallel_id=[[IF0]] task_id=[[IF0I:[0-9]+]] team_size=1 thread_num=0
// CHECK-NEXT: [[T0]]: frame if0_caller=[[IF0X:0x[1-9a-f][0-9a-f]*]]
// CHECK-NEXT: [[T0]]: task_info level=0 rc=2 task_id=[[IF0I]] parallel_id=[[IF0]] type=implicit{{[a-z|]*}} exit_frame=[[IF0X]] enter_frame=0x0 {{.*}}thread_num=0 team_size=1
// CHECK-NEXT: [[T0]]: task_info level=1 rc=2 task_id=[[I0]] parallel_id=[[OUTER]] type=implicit{{[a-z|]*}} exit_frame=[[X0]] enter_frame=[[F0]] {{.*}}thread_num=0 team_size=2
// CHECK-NOT: [[T0]]: {{.*}}cur_exit_frame=0x{{[1-9a-f]}}
// CHECK: [[T0]]: parallel_end parallel_id=[[IF0]] task_id=[[I0]]
// CHECK-NEXT: [[T0]]: task_info level=0 rc=2 task_id=[[I0]] parallel_id=[[OUTER]] type=implicit{{[a-z|]*}} exit_frame=[[X0]] enter_frame=0x0
// CHECK: [[T0]]: parallel_end parallel_id=[[OUTER]] task_id=[[TASK0]]

// The worker, the same way.
// CHECK: [[T1:[0-9]+]]: thread_begin type=worker
// CHECK: [[T1]]: implicit_task_begin parallel_id=[[OUTER]] task_id=[[I1:[0-9]+]] team_size=2 thread_num=1
// CHECK-NEXT: [[T1]]: task_info level=0 rc=2 task_id=[[I1]] parallel_id=[[OUTER]] type=implicit{{[a-z|]*}} exit_frame=[[X1:0x[1-9a-f][0-9a-f]*]] enter_frame=0x0 {{.*}}thread_num=1 team_size=2
// CHECK-NEXT: [[T1]]: parallel_begin parent_task_id=[[I1]] parent_exit_frame=[[X1]] parent_enter_frame=[[E1:0x[1-9a-f][0-9a-f]*]] parallel_id=[[IN1:[0-9]+]] requested_team_size=2
// CHECK-NEXT: [[T1]]: implicit_task_begin parallel_id=[[IN1]] task_id=[[IN1I:[0-9]+]] team_size=1 thread_num=0
// CHECK-NEXT: [[T1]]: frame inner_caller=[[IN1X:0x[1-9a-f][0-9a-f]*]]
// CHECK-NEXT: [[T1]]: task_info level=0 rc=2 task_id=[[IN1I]] parallel_id=[[IN1]] type=implicit{{[a-z|]*}} exit_frame=[[IN1X]] enter_frame=0x0 {{.*}}thread_num=0 team_size=1
// CHECK-NEXT: [[T1]]: task_info level=1 rc=2 task_id=[[I1]] parallel_id=[[OUTER]] type=implicit{{[a-z|]*}} exit_frame=[[X1]] enter_frame=[[E1]] {{.*}}thread_num=1 team_size=2
// CHECK-NOT: [[T1]]: {{.*}}cur_exit_frame=0x{{[1-9a-f]}}
// CHECK: [[T1]]: parallel_end parallel_id=[[IN1]] task_id=[[I1]]
// CHECK-NEXT: [[T1]]: task_info level=0 rc=2 task_id=[[I1]] parallel_id=[[OUTER]] type=implicit{{[a-z|]*}} exit_frame=[[X1]] enter_frame=0x0
// CHECK-NEXT: [[T1]]: parallel_begin parent_task_id=[[I1]] parent_exit_frame=[[X1]] parent_enter_frame=[[F1:0x[1-9a-f][0-9a-f]*]] parallel_id=[[IF1:[0-9]+]] requested_team_size=1
// CHECK-NEXT: [[T1]]: implicit_task_begin parallel_id=[[IF1]] task_id=[[IF1I:[0-9]+]] team_size=1 thread_num=0
// CHECK-NEXT: [[T1]]: frame if0_caller=[[IF1X:0x[1-9a-f][0-9a-f]*]]
// CHECK-NEXT: [[T1]]: task_info level=0 rc=2 task_id=[[IF1I]] parallel_id=[[IF1]] type=implicit{{[a-z|]*}} exit_frame=[[IF1X]] enter_frame=0x0 {{.*}}thread_num=0 team_size=1
// CHECK-NEXT: [[T1]]: task_info level=1 rc=2 task_id=[[I1]] parallel_id=[[OUTER]] type=implicit{{[a-z|]*}} exit_frame=[[X1]] enter_frame=[[F1]] {{.*}}thread_num=1 team_size=2
// CHECK-NOT: [[T1]]: {{.*}}cur_exit_frame=0x{{[1-9a-f]}}
// CHECK: [[T1]]: parallel_end parallel_id=[[IF1]] task_id=[[I1]]
// CHECK-NEXT: [[T1]]: task_info level=0 rc=2 task_id=[[I1]] parallel_id=[[OUTER]] type=implicit{{[a-z|]*}} exit_frame=[[X1]] enter_frame=0x0
