// ompt_get_proc_id: the processor the calling thread runs on, for every
// OpenMP thread (the initial thread, a worker, inside an explicit task and
// after the region), and -1 where the runtime cannot tell: a thread it
// does not know, i.e. one the program started itself (as libomp, whose
// answer is -1 when the caller has no global thread id). Each answer is
// compared with sched_getcpu() read around it (ompt_print_proc_id).
// Before its first OpenMP call the initial thread is not an OpenMP thread
// yet: libparomp answers -1; libomp has not even started the tool then.
// Each thread's lines are checked on their own; nothing depends on timing.
// ALSO: libomp
// THREADS: 2
// SORT-THREADS
#include <omp.h>
#include <pthread.h>
#include <stdio.h>

#include "tool.h"

static void *foreign(void *arg)
{
  (void)arg;
  ompt_print_addr("foreign", NULL);
  ompt_print_proc_id();
  return NULL;
}

int main(void)
{
  pthread_t t;

  ompt_print_addr("before_init", NULL);
  ompt_print_proc_id();
#pragma omp parallel num_threads(2)
  {
    ompt_print_proc_id();
    if (omp_get_thread_num() == 0) {
#pragma omp task if(0)
      {
        ompt_print_addr("in_task", NULL);
        ompt_print_proc_id();
      }
    }
  }
  ompt_print_addr("after_region", NULL);
  ompt_print_proc_id();
  if (pthread_create(&t, NULL, foreign, NULL) != 0 || pthread_join(t, NULL) != 0)
    return 1;
  return 0;
}

// Thread 0's lines: the tool's own, and those of threads with no id.
// CHECK: 0: addr before_init=0x0
// CHECK-NEXT: 0: proc_id {{(id=-1 same_as_sched_getcpu=0|\(no tool\))}}
// CHECK: 0: addr foreign=0x0
// CHECK-NEXT: 0: proc_id id=-1 same_as_sched_getcpu=0

// CHECK: [[T0:[0-9]+]]: thread_begin type=initial
// CHECK: [[T0]]: implicit_task_begin {{.*}}team_size=2 thread_num=0
// CHECK: [[T0]]: proc_id id={{[0-9]+}} same_as_sched_getcpu=1
// CHECK: [[T0]]: addr in_task=0x0
// CHECK-NEXT: [[T0]]: proc_id id={{[0-9]+}} same_as_sched_getcpu=1
// CHECK: [[T0]]: addr after_region=0x0
// CHECK-NEXT: [[T0]]: proc_id id={{[0-9]+}} same_as_sched_getcpu=1
// CHECK-NOT: proc_id

// CHECK: [[T1:[0-9]+]]: thread_begin type=worker
// CHECK: [[T1]]: implicit_task_begin {{.*}}team_size=2 thread_num=1
// CHECK: [[T1]]: proc_id id={{[0-9]+}} same_as_sched_getcpu=1
// CHECK-NOT: proc_id
