// A combined "parallel for schedule(dynamic)": on every thread the loop's
// work begin (kind loop, count the 4 iterations, codeptr_ra the call that
// starts the combined construct) comes right after the implicit task
// begins, then one dispatch per chunk whose instance is the chunk's first
// iteration (the iteration the program then runs on that thread), then the
// loop's work end (codeptr_ra the same on every thread: the call that ends
// the loop), before the region's implicit barrier.
// Each of the 4 threads takes exactly one iteration: an iteration holds its
// thread until all four iterations have started.
// The call passes arguments on the stack; -maccumulate-outgoing-args keeps
// gcc from popping them after it, so the label right after the loop is the
// call's return address.
// CFLAGS: -maccumulate-outgoing-args
// THREADS: 4
// SORT-THREADS
#include <omp.h>
#include <sched.h>
#include <stdint.h>
#include <time.h>

#include "tool.h"

static int started;

/* Spins (no OpenMP call) until *counter reaches n, for at most 10 s, so a
   schedule that breaks the premise fails the checks instead of hanging. */
static void wait_count(int *counter, int n)
{
  struct timespec t0, t;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  while (__atomic_load_n(counter, __ATOMIC_ACQUIRE) < n) {
    clock_gettime(CLOCK_MONOTONIC, &t);
    if (t.tv_sec - t0.tv_sec > 10)
      return;
    sched_yield();
  }
}

int main(void)
{
#pragma omp parallel for schedule(dynamic, 1) num_threads(4)
  for (int i = 0; i < 4; i++) {
    ompt_print_addr("iteration", (void *)(uintptr_t)i);
    __atomic_add_fetch(&started, 1, __ATOMIC_ACQ_REL);
    wait_count(&started, 4);
  }
after_loop:
  ompt_print_addr("after_loop", &&after_loop);
  /* libparomp may drop the events of workers still finishing the last
     region when the program exits (pending/t_par_thread_begin_end.c); in
     this empty region the workers end the region above first. */
#pragma omp parallel num_threads(4)
  ;
  return 0;
}

// CHECK: 0: initialize
// CHECK-NOT: = NULL
// CHECK: 0: finalize

// CHECK: [[T0:[0-9]+]]: thread_begin type=initial
// CHECK-NEXT: [[T0]]: implicit_task_begin parallel_id={{[0-9]+}} task_id=[[TASK0:[0-9]+]] team_size=1 thread_num={{[0-9]+}} flags=initial
// CHECK-NEXT: [[T0]]: parallel_begin parent_task_id=[[TASK0]] {{.*}}parallel_id=[[PAR:[0-9]+]] requested_team_size=4 flags=invoker_runtime|team codeptr_ra=[[RA:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I0:[0-9]+]] team_size=4 thread_num=0 flags=implicit
// CHECK-NEXT: [[T0]]: work_begin kind=loop parallel_id=[[PAR]] task_id=[[I0]] count=4 codeptr_ra=[[RA]]
// CHECK-NEXT: [[T0]]: dispatch kind=iteration parallel_id=[[PAR]] task_id=[[I0]] instance=[[N0:0x[0-3]]]
// CHECK-NEXT: [[T0]]: addr iteration=[[N0]]
// CHECK-NEXT: [[T0]]: work_end kind=loop parallel_id=[[PAR]] task_id=[[I0]] count={{[0-9]+}} codeptr_ra=[[RA_END:0x[1-9a-f][0-9a-f]*]]
// CHECK-NOT: dispatch
// CHECK: [[T0]]: sync_region_begin kind=barrier_implicit_parallel parallel_id=[[PAR]] task_id=[[I0]] codeptr_ra=[[RA]]
// CHECK: [[T0]]: sync_region_end kind=barrier_implicit_parallel parallel_id=0 task_id=[[I0]] codeptr_ra=[[RA]]
// CHECK-NEXT: [[T0]]: implicit_task_end parallel_id=0 task_id=[[I0]] team_size=0 thread_num=0 flags=implicit
// CHECK-NEXT: [[T0]]: parallel_end parallel_id=[[PAR]] task_id=[[TASK0]] flags=invoker_runtime|team codeptr_ra=[[RA]]
// CHECK-NEXT: [[T0]]: addr after_loop=[[RA]]
// CHECK-NEXT: [[T0]]: parallel_begin {{.*}}parallel_id=[[LAST:[0-9]+]]

// CHECK: [[W1:[0-9]+]]: thread_begin type=worker
// CHECK-NEXT: [[W1]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I1:[0-9]+]] team_size=4 thread_num={{[1-3]}} flags=implicit
// CHECK-NEXT: [[W1]]: work_begin kind=loop parallel_id=[[PAR]] task_id=[[I1]] count=4 codeptr_ra=[[RA]]
// CHECK-NEXT: [[W1]]: dispatch kind=iteration parallel_id=[[PAR]] task_id=[[I1]] instance=[[N1:0x[0-3]]]
// CHECK-NEXT: [[W1]]: addr iteration=[[N1]]
// CHECK-NEXT: [[W1]]: work_end kind=loop parallel_id=[[PAR]] task_id=[[I1]] count={{[0-9]+}} codeptr_ra=[[RA_END]]
// CHECK-NOT: dispatch
// CHECK: [[W1]]: sync_region_begin kind=barrier_implicit_parallel parallel_id=[[PAR]] task_id=[[I1]] codeptr_ra=0x0
// CHECK: [[W1]]: sync_region_end kind=barrier_implicit_parallel parallel_id=0 task_id=[[I1]] codeptr_ra=0x0
// CHECK-NEXT: [[W1]]: implicit_task_end parallel_id=0 task_id=[[I1]] team_size=0 thread_num={{[1-3]}} flags=implicit
// CHECK-NEXT: [[W1]]: implicit_task_begin parallel_id=[[LAST]]

// CHECK: [[W2:[0-9]+]]: thread_begin type=worker
// CHECK-NEXT: [[W2]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I2:[0-9]+]] team_size=4 thread_num={{[1-3]}} flags=implicit
// CHECK-NEXT: [[W2]]: work_begin kind=loop parallel_id=[[PAR]] task_id=[[I2]] count=4 codeptr_ra=[[RA]]
// CHECK-NEXT: [[W2]]: dispatch kind=iteration parallel_id=[[PAR]] task_id=[[I2]] instance=[[N2:0x[0-3]]]
// CHECK-NEXT: [[W2]]: addr iteration=[[N2]]
// CHECK-NEXT: [[W2]]: work_end kind=loop parallel_id=[[PAR]] task_id=[[I2]] count={{[0-9]+}} codeptr_ra=[[RA_END]]
// CHECK-NOT: dispatch
// CHECK: [[W2]]: sync_region_begin kind=barrier_implicit_parallel parallel_id=[[PAR]] task_id=[[I2]] codeptr_ra=0x0
// CHECK: [[W2]]: sync_region_end kind=barrier_implicit_parallel parallel_id=0 task_id=[[I2]] codeptr_ra=0x0
// CHECK-NEXT: [[W2]]: implicit_task_end parallel_id=0 task_id=[[I2]] team_size=0 thread_num={{[1-3]}} flags=implicit
// CHECK-NEXT: [[W2]]: implicit_task_begin parallel_id=[[LAST]]

// CHECK: [[W3:[0-9]+]]: thread_begin type=worker
// CHECK-NEXT: [[W3]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I3:[0-9]+]] team_size=4 thread_num={{[1-3]}} flags=implicit
// CHECK-NEXT: [[W3]]: work_begin kind=loop parallel_id=[[PAR]] task_id=[[I3]] count=4 codeptr_ra=[[RA]]
// CHECK-NEXT: [[W3]]: dispatch kind=iteration parallel_id=[[PAR]] task_id=[[I3]] instance=[[N3:0x[0-3]]]
// CHECK-NEXT: [[W3]]: addr iteration=[[N3]]
// CHECK-NEXT: [[W3]]: work_end kind=loop parallel_id=[[PAR]] task_id=[[I3]] count={{[0-9]+}} codeptr_ra=[[RA_END]]
// CHECK-NOT: dispatch
// CHECK: [[W3]]: sync_region_begin kind=barrier_implicit_parallel parallel_id=[[PAR]] task_id=[[I3]] codeptr_ra=0x0
// CHECK: [[W3]]: sync_region_end kind=barrier_implicit_parallel parallel_id=0 task_id=[[I3]] codeptr_ra=0x0
// CHECK-NEXT: [[W3]]: implicit_task_end parallel_id=0 task_id=[[I3]] team_size=0 thread_num={{[1-3]}} flags=implicit
// CHECK-NEXT: [[W3]]: implicit_task_begin parallel_id=[[LAST]]
// CHECK-NOT: thread_begin
