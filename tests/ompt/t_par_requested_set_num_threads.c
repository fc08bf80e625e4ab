// requested_team_size is nthreads-var as omp_set_num_threads left it (3,
// not OMP_NUM_THREADS's 4) for a parallel construct without num_threads,
// and the clause's value when there is one; the teams have those sizes.
// THREADS: 4
// SORT-THREADS
#include <omp.h>

#include "tool.h"

int main(void)
{
  omp_set_num_threads(3);
#pragma omp parallel
  {
    if (omp_get_thread_num() == 0)
      ompt_print_task_info(0);
  }
after_first:
  ompt_print_addr("after_first", &&after_first);
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 0)
      ompt_print_task_info(0);
  }
after_second:
  ompt_print_addr("after_second", &&after_second);
  return 0;
}

// CHECK: 0: initialize
// CHECK-NOT: = NULL
// CHECK: 0: finalize

// CHECK: [[T0:[0-9]+]]: thread_begin type=initial
// CHECK-NEXT: [[T0]]: implicit_task_begin parallel_id={{[0-9]+}} task_id=[[TASK0:[0-9]+]] team_size=1 thread_num={{[0-9]+}} flags=initial
// CHECK-NEXT: [[T0]]: parallel_begin parent_task_id=[[TASK0]] {{.*}}parallel_id=[[PAR1:[0-9]+]] requested_team_size=3 flags=invoker_runtime|team codeptr_ra=[[RA1:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: implicit_task_begin parallel_id=[[PAR1]] task_id=[[IMPL1:[0-9]+]] team_size=3 thread_num=0 flags=implicit
// CHECK-NEXT: [[T0]]: task_info level=0 rc=2 task_id=[[IMPL1]] parallel_id=[[PAR1]] type=implicit {{.*}}thread_num=0 team_size=3
// CHECK: [[T0]]: parallel_end parallel_id=[[PAR1]] task_id=[[TASK0]] flags=invoker_runtime|team codeptr_ra=[[RA1]]
// CHECK-NEXT: [[T0]]: addr after_first=[[RA1]]
// CHECK-NEXT: [[T0]]: parallel_begin parent_task_id=[[TASK0]] {{.*}}parallel_id=[[PAR2:[0-9]+]] requested_team_size=2 flags=invoker_runtime|team codeptr_ra=[[RA2:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: implicit_task_begin parallel_id=[[PAR2]] task_id=[[IMPL2:[0-9]+]] team_size=2 thread_num=0 flags=implicit
// CHECK-NEXT: [[T0]]: task_info level=0 rc=2 task_id=[[IMPL2]] parallel_id=[[PAR2]] type=implicit {{.*}}thread_num=0 team_size=2
// CHECK: [[T0]]: parallel_end parallel_id=[[PAR2]] task_id=[[TASK0]] flags=invoker_runtime|team codeptr_ra=[[RA2]]
// CHECK-NEXT: [[T0]]: addr after_second=[[RA2]]
// CHECK-NEXT: [[T0]]: implicit_task_end parallel_id=0 task_id=[[TASK0]] {{.*}}flags=initial
// CHECK-NEXT: [[T0]]: thread_end

// The other members: threads 1 and 2 of the first team, thread 1 of the
// second, on two workers (which worker gets which number is not fixed).
// CHECK-NEXT: [[W1:[0-9]+]]: thread_begin type=worker
// CHECK-DAG: implicit_task_begin parallel_id=[[PAR1]] task_id={{[0-9]+}} team_size=3 thread_num=1 flags=implicit
// CHECK-DAG: implicit_task_begin parallel_id=[[PAR1]] task_id={{[0-9]+}} team_size=3 thread_num=2 flags=implicit
// CHECK-DAG: implicit_task_begin parallel_id=[[PAR2]] task_id={{[0-9]+}} team_size=2 thread_num=1 flags=implicit
// CHECK-DAG: [[W2:[0-9]+]]: thread_begin type=worker
// CHECK-NOT: thread_begin
// CHECK-NOT: implicit_task_begin parallel_id=[[PAR1]]
// CHECK-NOT: implicit_task_begin parallel_id=[[PAR2]]
