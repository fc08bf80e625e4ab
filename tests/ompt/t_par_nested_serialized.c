// With max-active-levels 1, a parallel construct met inside an active region
// is serialized: its region still begins and ends (requested_team_size is
// the num_threads clause), its one implicit task is thread 0 of a team of 1,
// its implicit barrier is reported, and no thread joins the runtime for it.
// ompt_get_task_info calls that task implicit|undeferred (it is included in
// the encountering task).
// At level 1 the outer implicit task of the encountering thread (thread 1 of
// 2) is found.
// SORT-THREADS
#include <omp.h>

#include "tool.h"

int main(void)
{
  omp_set_max_active_levels(1);
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 1) {
      ompt_print_task_info(0);
#pragma omp parallel num_threads(2)
      {
        ompt_print_task_info(0);
        ompt_print_task_info(1);
      }
    after_inner:
      ompt_print_addr("after_inner", &&after_inner);
    }
  }
after_outer:
  ompt_print_addr("after_outer", &&after_outer);
  /* libparomp may drop the events of a worker still finishing the last
     region when the program exits (pending/t_par_thread_begin_end.c); in
     this empty region the worker ends the region above first. */
#pragma omp parallel num_threads(2)
  ;
  return 0;
}

// CHECK: 0: initialize
// CHECK-NOT: = NULL
// CHECK: 0: finalize

// CHECK: [[T0:[0-9]+]]: thread_begin type=initial
// CHECK-NEXT: [[T0]]: implicit_task_begin parallel_id={{[0-9]+}} task_id=[[TASK0:[0-9]+]] team_size=1 thread_num={{[0-9]+}} flags=initial
// CHECK-NEXT: [[T0]]: parallel_begin parent_task_id=[[TASK0]] {{.*}}parallel_id=[[OUTER:[0-9]+]] requested_team_size=2 flags=invoker_runtime|team codeptr_ra=[[RA_OUTER:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: implicit_task_begin parallel_id=[[OUTER]] task_id=[[IMPL0:[0-9]+]] team_size=2 thread_num=0 flags=implicit
// CHECK-NEXT: [[T0]]: sync_region_begin kind=barrier_implicit_parallel parallel_id=[[OUTER]] task_id=[[IMPL0]] codeptr_ra=[[RA_OUTER]]
// CHECK: [[T0]]: sync_region_end kind=barrier_implicit_parallel parallel_id=0 task_id=[[IMPL0]] codeptr_ra=[[RA_OUTER]]
// CHECK-NEXT: [[T0]]: implicit_task_end parallel_id=0 task_id=[[IMPL0]] team_size=0 thread_num=0 flags=implicit
// CHECK-NEXT: [[T0]]: parallel_end parallel_id=[[OUTER]] task_id=[[TASK0]] flags=invoker_runtime|team codeptr_ra=[[RA_OUTER]]
// CHECK-NEXT: [[T0]]: addr after_outer=[[RA_OUTER]]

// Thread 1 runs the serialized inner region by itself.
// CHECK: [[T1:[0-9]+]]: thread_begin type=worker
// CHECK-NEXT: [[T1]]: implicit_task_begin parallel_id=[[OUTER]] task_id=[[IMPL1:[0-9]+]] team_size=2 thread_num=1 flags=implicit
// CHECK-NEXT: [[T1]]: task_info level=0 rc=2 task_id=[[IMPL1]] parallel_id=[[OUTER]] type=implicit exit_frame=[[EXIT1:0x[1-9a-f][0-9a-f]*]] enter_frame=0x0 {{.*}}thread_num=1 team_size=2
// CHECK-NEXT: [[T1]]: parallel_begin parent_task_id=[[IMPL1]] parent_exit_frame=[[EXIT1]] parent_enter_frame=[[ENTER1:0x[1-9a-f][0-9a-f]*]] parallel_id=[[INNER:[0-9]+]] requested_team_size=2 flags=invoker_runtime|team codeptr_ra=[[RA_INNER:0x[0-9a-f]+]]
// CHECK-NEXT: [[T1]]: implicit_task_begin parallel_id=[[INNER]] task_id=[[INNER0:[0-9]+]] team_size=1 thread_num=0 flags=implicit
// CHECK-NEXT: [[T1]]: task_info level=0 rc=2 task_id=[[INNER0]] parallel_id=[[INNER]] type=implicit|undeferred exit_frame=0x{{[1-9a-f][0-9a-f]*}} enter_frame=0x0 {{.*}}thread_num=0 team_size=1
// CHECK-NEXT: [[T1]]: task_info level=1 rc=2 task_id=[[IMPL1]] parallel_id=[[OUTER]] type=implicit exit_frame=[[EXIT1]] enter_frame=[[ENTER1]] {{.*}}thread_num=1 team_size=2
// CHECK-NEXT: [[T1]]: sync_region_begin kind=barrier_implicit_parallel parallel_id=[[INNER]] task_id=[[INNER0]] codeptr_ra=[[RA_INNER]]
// CHECK-NOT: [[T1]]: {{(implicit_task|parallel)}}_
// CHECK: [[T1]]: sync_region_end kind=barrier_implicit_parallel parallel_id=0 task_id=[[INNER0]] codeptr_ra=[[RA_INNER]]
// CHECK-NEXT: [[T1]]: implicit_task_end parallel_id=0 task_id=[[INNER0]] team_size=0 thread_num=0 flags=implicit
// CHECK-NEXT: [[T1]]: parallel_end parallel_id=[[INNER]] task_id=[[IMPL1]] flags=invoker_runtime|team codeptr_ra=[[RA_INNER]]
// CHECK-NEXT: [[T1]]: addr after_inner=[[RA_INNER]]
// CHECK-NEXT: [[T1]]: sync_region_begin kind=barrier_implicit_parallel parallel_id=[[OUTER]] task_id=[[IMPL1]] codeptr_ra=0x0
// CHECK: [[T1]]: sync_region_end kind=barrier_implicit_parallel parallel_id=0 task_id=[[IMPL1]] codeptr_ra=0x0
// CHECK-NEXT: [[T1]]: implicit_task_end parallel_id=0 task_id=[[IMPL1]] team_size=0 thread_num=1 flags=implicit
// CHECK-NEXT: [[T1]]: implicit_task_begin parallel_id={{[0-9]+}} task_id={{[0-9]+}} team_size=2 thread_num=1
// Nobody else ever joined.
// CHECK-NOT: thread_begin
