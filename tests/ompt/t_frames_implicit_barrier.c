// The frames of an implicit task (OpenMP 5.1, ompt_frame_t): while it runs
// the region's body, its exit_frame is the runtime frame that called the
// outlined body and its enter_frame is NULL, also right after a runtime
// call (an explicit barrier) has returned; inside that call enter_frame is
// set. Once a thread has left the body and waits at the implicit barrier
// that ends the region, no frame of its implicit task is on the stack any
// more: exit_frame and enter_frame are both NULL in every event of that
// barrier, on the primary thread and on the workers. After the region the
// initial task's frames are NULL again.
// libomp 14 names the implicit barrier with the deprecated kind
// barrier_implicit and an explicit one barrier_explicit or
// barrier_implementation, hence the kind patterns below.
// THREADS: 3
// SORT-THREADS
// CFLAGS: -Wno-frame-address
// ALSO: libomp
#include <omp.h>

#include "tool.h"

int main(void)
{
#pragma omp parallel num_threads(3)
  {
    /* the frame of the runtime function that called this body */
    ompt_print_frame("body_caller", __builtin_frame_address(1));
    ompt_print_task_info(0);
#pragma omp barrier
    ompt_print_task_info(0);
  }
  ompt_print_task_info(0);
  return 0;
}

// CHECK: 0: initialize
// CHECK-NOT: = NULL
// CHECK: 0: finalize

// The primary thread.
// CHECK: [[T0:[0-9]+]]: thread_begin type=initial
// CHECK: [[T0]]: parallel_begin parent_task_id=[[TASK0:[0-9]+]] {{.*}}parallel_id=[[PAR:[0-9]+]]
// CHECK: [[T0]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I0:[0-9]+]] team_size=3 thread_num=0
// CHECK: [[T0]]: frame body_caller=[[EXIT0:0x[1-9a-f][0-9a-f]*]]
// CHECK-NEXT: [[T0]]: task_info level=0 rc=2 task_id=[[I0]] parallel_id=[[PAR]] type=implicit{{[a-z|]*}} exit_frame=[[EXIT0]] enter_frame=0x0 {{.*}}thread_num=0 team_size=3
// CHECK: [[T0]]: sync_region_begin kind=barrier{{(_explicit|_implementation)?}} parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra={{.*}} cur_exit_frame=[[EXIT0]] cur_enter_frame=0x{{[1-9a-f][0-9a-f]*}}
// CHECK: [[T0]]: sync_region_end kind=barrier{{(_explicit|_implementation)?}} parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra={{.*}} cur_exit_frame=[[EXIT0]] cur_enter_frame=0x{{[1-9a-f][0-9a-f]*}}
// CHECK: [[T0]]: task_info level=0 rc=2 task_id=[[I0]] parallel_id=[[PAR]] type=implicit{{[a-z|]*}} exit_frame=[[EXIT0]] enter_frame=0x0 {{.*}}thread_num=0 team_size=3
// CHECK: [[T0]]: sync_region_begin kind=barrier_implicit{{(_parallel)?}} parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra={{.*}} cur_exit_frame=0x0 cur_enter_frame=0x0
// CHECK: [[T0]]: sync_region_wait_begin kind=barrier_implicit{{(_parallel)?}} parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra={{.*}} cur_exit_frame=0x0 cur_enter_frame=0x0
// CHECK: [[T0]]: sync_region_wait_end kind=barrier_implicit{{(_parallel)?}} parallel_id=0 task_id=[[I0]] codeptr_ra={{.*}} cur_exit_frame=0x0 cur_enter_frame=0x0
// CHECK: [[T0]]: sync_region_end kind=barrier_implicit{{(_parallel)?}} parallel_id=0 task_id=[[I0]] codeptr_ra={{.*}} cur_exit_frame=0x0 cur_enter_frame=0x0
// CHECK: [[T0]]: parallel_end parallel_id=[[PAR]] task_id=[[TASK0]]
// CHECK-NEXT: [[T0]]: task_info level=0 rc=2 task_id=[[TASK0]] {{.*}}type=initial exit_frame=0x0 enter_frame=0x0

// The two workers, in whichever order they first printed.
// CHECK: [[T1:[0-9]+]]: thread_begin type=worker
// CHECK: [[T1]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I1:[0-9]+]] team_size=3
// CHECK: [[T1]]: frame body_caller=[[EXIT1:0x[1-9a-f][0-9a-f]*]]
// CHECK-NEXT: [[T1]]: task_info level=0 rc=2 task_id=[[I1]] parallel_id=[[PAR]] type=implicit{{[a-z|]*}} exit_frame=[[EXIT1]] enter_frame=0x0 {{.*}}team_size=3
// CHECK: [[T1]]: sync_region_begin kind=barrier{{(_explicit|_implementation)?}} parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra={{.*}} cur_exit_frame=[[EXIT1]] cur_enter_frame=0x{{[1-9a-f][0-9a-f]*}}
// CHECK: [[T1]]: sync_region_end kind=barrier{{(_explicit|_implementation)?}} parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra={{.*}} cur_exit_frame=[[EXIT1]] cur_enter_frame=0x{{[1-9a-f][0-9a-f]*}}
// CHECK: [[T1]]: task_info level=0 rc=2 task_id=[[I1]] parallel_id=[[PAR]] type=implicit{{[a-z|]*}} exit_frame=[[EXIT1]] enter_frame=0x0 {{.*}}team_size=3
// CHECK: [[T1]]: sync_region_begin kind=barrier_implicit{{(_parallel)?}} parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra={{.*}} cur_exit_frame=0x0 cur_enter_frame=0x0
// CHECK: [[T1]]: sync_region_wait_begin kind=barrier_implicit{{(_parallel)?}} parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra={{.*}} cur_exit_frame=0x0 cur_enter_frame=0x0
// CHECK: [[T1]]: sync_region_wait_end kind=barrier_implicit{{(_parallel)?}} parallel_id=0 task_id=[[I1]] codeptr_ra={{.*}} cur_exit_frame=0x0 cur_enter_frame=0x0
// CHECK: [[T1]]: sync_region_end kind=barrier_implicit{{(_parallel)?}} parallel_id=0 task_id=[[I1]] codeptr_ra={{.*}} cur_exit_frame=0x0 cur_enter_frame=0x0

// CHECK: [[T2:[0-9]+]]: thread_begin type=worker
// CHECK: [[T2]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I2:[0-9]+]] team_size=3
// CHECK: [[T2]]: frame body_caller=[[EXIT2:0x[1-9a-f][0-9a-f]*]]
// CHECK-NEXT: [[T2]]: task_info level=0 rc=2 task_id=[[I2]] parallel_id=[[PAR]] type=implicit{{[a-z|]*}} exit_frame=[[EXIT2]] enter_frame=0x0 {{.*}}team_size=3
// CHECK: [[T2]]: sync_region_begin kind=barrier{{(_explicit|_implementation)?}} parallel_id=[[PAR]] task_id=[[I2]] codeptr_ra={{.*}} cur_exit_frame=[[EXIT2]] cur_enter_frame=0x{{[1-9a-f][0-9a-f]*}}
// CHECK: [[T2]]: sync_region_end kind=barrier{{(_explicit|_implementation)?}} parallel_id=[[PAR]] task_id=[[I2]] codeptr_ra={{.*}} cur_exit_frame=[[EXIT2]] cur_enter_frame=0x{{[1-9a-f][0-9a-f]*}}
// CHECK: [[T2]]: task_info level=0 rc=2 task_id=[[I2]] parallel_id=[[PAR]] type=implicit{{[a-z|]*}} exit_frame=[[EXIT2]] enter_frame=0x0 {{.*}}team_size=3
// CHECK: [[T2]]: sync_region_begin kind=barrier_implicit{{(_parallel)?}} parallel_id=[[PAR]] task_id=[[I2]] codeptr_ra={{.*}} cur_exit_frame=0x0 cur_enter_frame=0x0
// CHECK: [[T2]]: sync_region_wait_begin kind=barrier_implicit{{(_parallel)?}} parallel_id=[[PAR]] task_id=[[I2]] codeptr_ra={{.*}} cur_exit_frame=0x0 cur_enter_frame=0x0
// CHECK: [[T2]]: sync_region_wait_end kind=barrier_implicit{{(_parallel)?}} parallel_id=0 task_id=[[I2]] codeptr_ra={{.*}} cur_exit_frame=0x0 cur_enter_frame=0x0
// CHECK: [[T2]]: sync_region_end kind=barrier_implicit{{(_parallel)?}} parallel_id=0 task_id=[[I2]] codeptr_ra={{.*}} cur_exit_frame=0x0 cur_enter_frame=0x0
