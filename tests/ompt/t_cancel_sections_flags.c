// The cancel flags of a cancelled sections construct (OMP_CANCELLATION=true):
// OpenMP 5.1 reports ompt_cancel_sections together with
// ompt_cancel_activated in the task that cancels, and with
// ompt_cancel_detected in a task that meets a cancellation point of the
// construct. Here the point is a cancel construct whose if clause is false
// (5.1: its cancellation point is met whatever the if clause says). The
// primary thread enters the sections first, so it runs section 1 and
// cancels once the worker runs section 2; the worker loops over its
// cancellation point until it sees the cancellation. Only the cancel
// events are checked: libomp 14 reports gcc's sections as a loop work
// region and no work end for a cancelled one.
// THREADS: 2
// RUN-ENV: OMP_CANCELLATION=true
// SORT-THREADS
// ALSO: libomp
#include <omp.h>

#include "tool.h"

static int started;

int main(void)
{
  if (!omp_get_cancellation())
    return 1;
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 1)
      while (__atomic_load_n(&started, __ATOMIC_SEQ_CST) < 1)
        ;
#pragma omp sections
    {
#pragma omp section
      {
        __atomic_add_fetch(&started, 1, __ATOMIC_SEQ_CST);
        while (__atomic_load_n(&started, __ATOMIC_SEQ_CST) < 2)
          ;
#pragma omp cancel sections
      }
#pragma omp section
      {
        __atomic_add_fetch(&started, 1, __ATOMIC_SEQ_CST);
        for (long n = 0; n < 4000000000L; n++) {
#pragma omp cancel sections if (n < 0)
        }
      }
    }
    ompt_print_addr("after", (void *)1);
  }
  return started == 2 ? 0 : 1;
}

// CHECK: 0: initialize

// CHECK: [[T0:[0-9]+]]: thread_begin type=initial
// CHECK-NOT: cancel
// CHECK: [[T0]]: implicit_task_begin parallel_id=[[PAR:[0-9]+]] task_id=[[I0:[0-9]+]] team_size=2 thread_num=0
// CHECK-NOT: cancel
// CHECK: [[T0]]: cancel task_id=[[I0]] flags=sections|activated codeptr_ra=0x{{[0-9a-f]+}}
// CHECK-NOT: cancel
// CHECK: [[T0]]: addr after=0x1
// CHECK-NOT: cancel

// CHECK: [[T1:[0-9]+]]: thread_begin type=worker
// CHECK-NOT: cancel
// CHECK: [[T1]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I1:[0-9]+]] team_size=2 thread_num=1
// CHECK-NOT: cancel
// CHECK: [[T1]]: cancel task_id=[[I1]] flags=sections|detected codeptr_ra=0x{{[0-9a-f]+}}
// CHECK-NOT: cancel
// CHECK: [[T1]]: addr after=0x1
// CHECK-NOT: cancel
