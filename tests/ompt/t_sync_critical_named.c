// Two named critical sections and the unnamed one, entered by two threads
// in turn: each name has its own wait_id, the same on both threads and on
// every entry, and it is the address of the lock word gcc gives that name
// (the symbol .gomp_critical_user_NAME, which the program reaches with an
// asm label); the unnamed section's wait_id differs from both. All events
// are of kind critical; codeptr_ra is exact for each section.
// THREADS: 2
// SORT-THREADS
#include <omp.h>

#include "tool.h"

/* gcc's lock words for critical(alpha) and critical(beta). */
extern void *crit_alpha __asm__(".gomp_critical_user_alpha");
extern void *crit_beta __asm__(".gomp_critical_user_beta");

static int a, b, c;

int main(void)
{
  ompt_print_addr("alpha", &crit_alpha);
  ompt_print_addr("beta", &crit_beta);
#pragma omp parallel num_threads(2)
  {
#pragma omp critical(alpha)
    {
    in_alpha:
      a++;
    }
  after_alpha:;
#pragma omp critical(beta)
    {
    in_beta:
      b++;
    }
  after_beta:;
#pragma omp critical
    {
    in_unnamed:
      c++;
    }
  after_unnamed:;
#pragma omp critical(alpha)
    {
    in_alpha2:
      a++;
    }
  after_alpha2:;
    if (omp_get_thread_num() == 0) {
      ompt_print_addr("in_alpha", &&in_alpha);
      ompt_print_addr("after_alpha", &&after_alpha);
      ompt_print_addr("in_beta", &&in_beta);
      ompt_print_addr("after_beta", &&after_beta);
      ompt_print_addr("in_unnamed", &&in_unnamed);
      ompt_print_addr("after_unnamed", &&after_unnamed);
      ompt_print_addr("in_alpha2", &&in_alpha2);
      ompt_print_addr("after_alpha2", &&after_alpha2);
    }
  }
  return a == 4 && b == 2 && c == 2 ? 0 : 1;
}

// CHECK: 0: initialize
// The initial thread begins at the region, after main printed these.
// CHECK: 0: addr alpha=[[A:0x[0-9a-f]+]]
// CHECK-NEXT: 0: addr beta=[[B:0x[0-9a-f]+]]

// CHECK: [[T0:[0-9]+]]: thread_begin type=initial
// CHECK-NEXT: [[T0]]: implicit_task_begin {{.*}}flags=initial
// CHECK-NEXT: [[T0]]: parallel_begin {{.*}}parallel_id=[[PAR:[0-9]+]] requested_team_size=2
// CHECK-NEXT: [[T0]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I0:[0-9]+]] team_size=2 thread_num=0
// CHECK-NEXT: [[T0]]: mutex_acquire kind=critical hint=0 impl=[[IMPL:[0-9]+]] wait_id=[[A]] codeptr_ra=[[RA_IN_A:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: mutex_acquired kind=critical wait_id=[[A]] codeptr_ra=[[RA_IN_A]]
// CHECK-NEXT: [[T0]]: mutex_released kind=critical wait_id=[[A]] codeptr_ra=[[RA_OUT_A:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: mutex_acquire kind=critical hint=0 impl=[[IMPL]] wait_id=[[B]] codeptr_ra=[[RA_IN_B:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: mutex_acquired kind=critical wait_id=[[B]] codeptr_ra=[[RA_IN_B]]
// CHECK-NEXT: [[T0]]: mutex_released kind=critical wait_id=[[B]] codeptr_ra=[[RA_OUT_B:0x[0-9a-f]+]]
// The unnamed section: a third wait id (shown distinct on the worker).
// CHECK-NEXT: [[T0]]: mutex_acquire kind=critical hint=0 impl=[[IMPL]] wait_id=[[U:0x[0-9a-f]+]] codeptr_ra=[[RA_IN_U:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: mutex_acquired kind=critical wait_id=[[U]] codeptr_ra=[[RA_IN_U]]
// CHECK-NEXT: [[T0]]: mutex_released kind=critical wait_id=[[U]] codeptr_ra=[[RA_OUT_U:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: mutex_acquire kind=critical hint=0 impl=[[IMPL]] wait_id=[[A]] codeptr_ra=[[RA_IN_A2:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: mutex_acquired kind=critical wait_id=[[A]] codeptr_ra=[[RA_IN_A2]]
// CHECK-NEXT: [[T0]]: mutex_released kind=critical wait_id=[[A]] codeptr_ra=[[RA_OUT_A2:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: addr in_alpha=[[RA_IN_A]]
// CHECK-NEXT: [[T0]]: addr after_alpha=[[RA_OUT_A]]
// CHECK-NEXT: [[T0]]: addr in_beta=[[RA_IN_B]]
// CHECK-NEXT: [[T0]]: addr after_beta=[[RA_OUT_B]]
// CHECK-NEXT: [[T0]]: addr in_unnamed=[[RA_IN_U]]
// CHECK-NEXT: [[T0]]: addr after_unnamed=[[RA_OUT_U]]
// CHECK-NEXT: [[T0]]: addr in_alpha2=[[RA_IN_A2]]
// CHECK-NEXT: [[T0]]: addr after_alpha2=[[RA_OUT_A2]]
// CHECK-NEXT: [[T0]]: sync_region_begin kind=barrier_implicit_parallel
// CHECK-NOT: mutex_

// CHECK: [[T1:[0-9]+]]: thread_begin type=worker
// CHECK-NEXT: [[T1]]: implicit_task_begin parallel_id=[[PAR]] task_id=[[I1:[0-9]+]] team_size=2 thread_num=1
// CHECK-NEXT: [[T1]]: mutex_acquire kind=critical hint=0 impl=[[IMPL]] wait_id=[[A]] codeptr_ra=[[RA_IN_A]]
// CHECK-NEXT: [[T1]]: mutex_acquired kind=critical wait_id=[[A]] codeptr_ra=[[RA_IN_A]]
// CHECK-NEXT: [[T1]]: mutex_released kind=critical wait_id=[[A]] codeptr_ra=[[RA_OUT_A]]
// CHECK-NEXT: [[T1]]: mutex_acquire kind=critical hint=0 impl=[[IMPL]] wait_id=[[B]] codeptr_ra=[[RA_IN_B]]
// CHECK-NEXT: [[T1]]: mutex_acquired kind=critical wait_id=[[B]] codeptr_ra=[[RA_IN_B]]
// CHECK-NEXT: [[T1]]: mutex_released kind=critical wait_id=[[B]] codeptr_ra=[[RA_OUT_B]]
// The unnamed section's wait id is neither alpha's nor beta's (this thread's
// acquire line is the only line between the two matches).
// CHECK-NOT: wait_id=[[A]]
// CHECK-NOT: wait_id=[[B]]
// CHECK: [[T1]]: mutex_acquired kind=critical wait_id=[[U]] codeptr_ra=[[RA_IN_U]]
// CHECK-NEXT: [[T1]]: mutex_released kind=critical wait_id=[[U]] codeptr_ra=[[RA_OUT_U]]
// CHECK-NEXT: [[T1]]: mutex_acquire kind=critical hint=0 impl=[[IMPL]] wait_id=[[A]] codeptr_ra=[[RA_IN_A2]]
// CHECK-NEXT: [[T1]]: mutex_acquired kind=critical wait_id=[[A]] codeptr_ra=[[RA_IN_A2]]
// CHECK-NEXT: [[T1]]: mutex_released kind=critical wait_id=[[A]] codeptr_ra=[[RA_OUT_A2]]
// CHECK-NEXT: [[T1]]: sync_region_begin kind=barrier_implicit_parallel
// CHECK-NOT: mutex_
