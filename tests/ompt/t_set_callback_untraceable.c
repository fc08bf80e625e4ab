// ompt_set_callback for events that occur but that no runtime can trace in
// gcc-compiled code. gcc 12 compiles flush to a fence (__sync_synchronize)
// and masked/master to a test of omp_get_thread_num() against the filter:
// the runtime is never called, so it can never call back. The honest
// answer is ompt_set_impossible (the event may occur, it cannot be traced),
// not ompt_set_never (a tool would conclude the program has none) and not
// ompt_set_always (a tool would conclude it has seen them all). The program
// runs flush, masked, masked filter(1) and master, each once per thread of
// a team of two; no flush or masked event comes, and the masked blocks ran.
// XFAIL-LIBOMP: libomp 14 answers ompt_set_always for flush and masked, yet never calls them for gcc-compiled code
// XFAIL-LIBOMP-AT: = impossible
// RUN-ENV: PARADBG_OMPT_VERBOSE_REG=1
// THREADS: 2
#include <omp.h>
#include <stdio.h>

#include "tool.h"

static int x;
static int masked_by = -1, filtered_by = -1, master_by = -1;

int main(void)
{
#pragma omp parallel num_threads(2)
  {
#pragma omp flush
#pragma omp atomic
    x++;
#pragma omp flush(x)
#pragma omp masked
    masked_by = omp_get_thread_num();
#pragma omp masked filter(1)
    filtered_by = omp_get_thread_num();
#pragma omp master
    master_by = omp_get_thread_num();
  }
  printf("program: x=%d masked_by=%d filtered_by=%d master_by=%d\n", x,
         masked_by, filtered_by, master_by);
  return 0;
}

// CHECK: 0: initialize
// CHECK-NOT: lookup
// CHECK: 0: set_callback masked = impossible
// CHECK: 0: set_callback flush = impossible
// CHECK-NOT: {{: (flush|masked_)}}
// CHECK: parallel_begin
// CHECK-NOT: {{: (flush|masked_)}}
// CHECK: program: x=2 masked_by=0 filtered_by=1 master_by=0
// CHECK-NOT: {{: (flush|masked_)}}
// CHECK: 0: finalize
// CHECK-NOT: {{: (flush|masked_)}}
