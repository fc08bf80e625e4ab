// The error directive with at(execution) severity(warning): an error event
// with severity warning, the message of the message clause and its length,
// and codeptr_ra the return address of the call gcc makes for the
// directive; the program goes on. In serial code and on each thread of a
// region of two.
// THREADS: 2
// SORT-THREADS
#include <omp.h>

#include "tool.h"

int main(void)
{
#pragma omp error at(execution) severity(warning) message("serial warning")
after_serial:
  ompt_print_addr("after_serial", &&after_serial);
#pragma omp parallel num_threads(2)
  {
#pragma omp error at(execution) severity(warning) message("warning in a region")
  after_parallel:
    if (omp_get_thread_num() == 0)
      ompt_print_addr("after_parallel", &&after_parallel);
  }
  return 0;
}

// CHECK: 0: initialize

// CHECK: [[T0:[0-9]+]]: thread_begin type=initial
// CHECK-NOT: error
// CHECK: [[T0]]: error severity=warning message=serial warning codeptr_ra=[[RA1:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: addr after_serial=[[RA1]]
// CHECK-NEXT: [[T0]]: parallel_begin {{.*}}parallel_id=[[PAR:[0-9]+]] requested_team_size=2
// CHECK-NEXT: [[T0]]: implicit_task_begin parallel_id=[[PAR]] task_id={{[0-9]+}} team_size=2 thread_num=0
// CHECK-NEXT: [[T0]]: error severity=warning message=warning in a region codeptr_ra=[[RA2:0x[0-9a-f]+]]
// CHECK-NEXT: [[T0]]: addr after_parallel=[[RA2]]
// CHECK-NOT: error
// CHECK: [[T0]]: parallel_end parallel_id=[[PAR]]
// CHECK-NOT: error

// CHECK: [[T1:[0-9]+]]: thread_begin type=worker
// CHECK-NEXT: [[T1]]: implicit_task_begin parallel_id=[[PAR]] task_id={{[0-9]+}} team_size=2 thread_num=1
// CHECK-NEXT: [[T1]]: error severity=warning message=warning in a region codeptr_ra=[[RA2]]
// CHECK-NOT: error
