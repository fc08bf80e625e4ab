// requested_team_size comes from OMP_NUM_THREADS when no num_threads clause
// and no omp_set_num_threads intervene: with OMP_NUM_THREADS=3,2 the outer
// region requests 3 and a region nested in it (two active levels allowed
// by OMP_MAX_ACTIVE_LEVELS) requests 2, the second list item; the teams
// have those sizes.
// RUN-ENV: OMP_NUM_THREADS=3,2 OMP_MAX_ACTIVE_LEVELS=2
// SORT-THREADS
#include <omp.h>

#include "tool.h"

int main(void)
{
#pragma omp parallel
  {
    if (omp_get_thread_num() == 0) {
#pragma omp parallel
      {
        if (omp_get_thread_num() == 0) {
          ompt_print_task_info(0);
          ompt_print_task_info(1);
        }
      }
    after_inner:
      ompt_print_addr("after_inner", &&after_inner);
    }
  }
after_outer:
  ompt_print_addr("after_outer", &&after_outer);
  return 0;
}

// CHECK: 0: initialize
// CHECK-NOT: = NULL
// CHECK: 0: finalize

// CHECK: [[T0:[0-9]+]]: thread_begin type=initial
// CHECK-NEXT: [[T0]]: implicit_task_begin parallel_id={{[0-9]+}} task_id=[[TASK0:[0-9]+]] team_size=1 thread_num={{[0-9]+}} flags=initial
// CHECK-NEXT: [[T0]]: parallel_begin parent_task_id=[[TASK0]] {{.*}}parallel_id=[[OUTER:[0-9]+]] requested_team_size=3 flags=invoker_runtime|team codeptr_ra=[[RA_OUTER:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: implicit_task_begin parallel_id=[[OUTER]] task_id=[[IMPL0:[0-9]+]] team_size=3 thread_num=0 flags=implicit
// CHECK-NEXT: [[T0]]: parallel_begin parent_task_id=[[IMPL0]] {{.*}}parallel_id=[[INNER:[0-9]+]] requested_team_size=2 flags=invoker_runtime|team codeptr_ra=[[RA_INNER:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: implicit_task_begin parallel_id=[[INNER]] task_id=[[INNER0:[0-9]+]] team_size=2 thread_num=0 flags=implicit
// CHECK-NEXT: [[T0]]: task_info level=0 rc=2 task_id=[[INNER0]] parallel_id=[[INNER]] type=implicit {{.*}}thread_num=0 team_size=2
// CHECK-NEXT: [[T0]]: task_info level=1 rc=2 task_id=[[IMPL0]] parallel_id=[[OUTER]] type=implicit {{.*}}thread_num=0 team_size=3
// CHECK: [[T0]]: parallel_end parallel_id=[[INNER]] task_id=[[IMPL0]] flags=invoker_runtime|team codeptr_ra=[[RA_INNER]]
// CHECK-NEXT: [[T0]]: addr after_inner=[[RA_INNER]]
// CHECK: [[T0]]: parallel_end parallel_id=[[OUTER]] task_id=[[TASK0]] flags=invoker_runtime|team codeptr_ra=[[RA_OUTER]]
// CHECK-NEXT: [[T0]]: addr after_outer=[[RA_OUTER]]

// Three workers: outer threads 1 and 2, inner thread 1 (the order in which
// they first print is not fixed).
// CHECK-DAG: implicit_task_begin parallel_id=[[OUTER]] task_id={{[0-9]+}} team_size=3 thread_num=1 flags=implicit
// CHECK-DAG: implicit_task_begin parallel_id=[[OUTER]] task_id={{[0-9]+}} team_size=3 thread_num=2 flags=implicit
// CHECK-DAG: implicit_task_begin parallel_id=[[INNER]] task_id={{[0-9]+}} team_size=2 thread_num=1 flags=implicit
// CHECK-NOT: parallel_begin
// CHECK-NOT: implicit_task_begin parallel_id=[[OUTER]]
// CHECK-NOT: implicit_task_begin parallel_id=[[INNER]]
