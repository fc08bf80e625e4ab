// Detached tasks (OpenMP 5.1 task_schedule statuses). In a team of two
// whose worker stays out of the runtime, thread 0 runs everything:
// - Task L's body ends before its event is fulfilled: task_schedule detach
//   (L to the implicit task) when the body ends. L created task M; M runs
//   after L's body and fulfils L's event: task_schedule late_fulfill of L
//   (no next task) inside M. The taskgroup ends only after that.
// - Task E fulfils its own event inside its body: early_fulfill of E there,
//   then complete when the body ends.
// THREADS: 2
// SORT-THREADS
#include <omp.h>

#include "tool.h"

static int done;

int main(void)
{
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 0) {
      omp_event_handle_t late, early;
#pragma omp taskgroup
      {
#pragma omp task detach(late)
        {
#pragma omp task firstprivate(late)
          {
            ompt_print_addr("in_m", 0);
            omp_fulfill_event(late);
          }
          ompt_print_addr("l_body_end", 0);
        }
      }
      ompt_print_addr("after_taskgroup", 0);
#pragma omp task detach(early)
      {
        omp_fulfill_event(early);
        ompt_print_addr("e_body_end", 0);
      }
#pragma omp taskwait
      ompt_print_addr("after_taskwait", 0);
      __atomic_store_n(&done, 1, __ATOMIC_RELEASE);
    } else {
      ompt_wait_flag(&done);
    }
  }
  return 0;
}

// CHECK: 0: initialize
// CHECK: [[T0:[0-9]+]]: implicit_task_begin parallel_id={{[0-9]+}} task_id=[[I0:[0-9]+]] team_size=2 thread_num=0 flags=implicit
// CHECK-NEXT: [[T0]]: sync_region_begin kind=taskgroup
// CHECK-NEXT: [[T0]]: task_create parent_task_id=[[I0]] {{.*}}new_task_id=[[L:[0-9]+]] type=explicit has_dependences=0
// CHECK-NEXT: [[T0]]: sync_region_wait_begin kind=taskgroup
// CHECK-NEXT: [[T0]]: task_schedule prior_task_id=[[I0]] status=switch next_task_id=[[L]]
// CHECK-NEXT: [[T0]]: task_create parent_task_id=[[L]] {{.*}}new_task_id=[[M:[0-9]+]] type=explicit has_dependences=0
// CHECK-NEXT: [[T0]]: addr l_body_end=0x0
// CHECK-NEXT: [[T0]]: task_schedule prior_task_id=[[L]] status=detach next_task_id=[[I0]]
// CHECK-NEXT: [[T0]]: task_schedule prior_task_id=[[I0]] status=switch next_task_id=[[M]]
// CHECK-NEXT: [[T0]]: addr in_m=0x0
// CHECK-NEXT: [[T0]]: task_schedule prior_task_id=[[L]] status=late_fulfill next_task_id=0
// CHECK-NEXT: [[T0]]: task_schedule prior_task_id=[[M]] status=complete next_task_id=[[I0]]
// CHECK-NEXT: [[T0]]: sync_region_wait_end kind=taskgroup
// CHECK-NEXT: [[T0]]: sync_region_end kind=taskgroup
// CHECK-NEXT: [[T0]]: addr after_taskgroup=0x0
// CHECK-NEXT: [[T0]]: task_create parent_task_id=[[I0]] {{.*}}new_task_id=[[E:[0-9]+]] type=explicit has_dependences=0
// CHECK-NEXT: [[T0]]: sync_region_begin kind=taskwait
// CHECK-NEXT: [[T0]]: sync_region_wait_begin kind=taskwait
// CHECK-NEXT: [[T0]]: task_schedule prior_task_id=[[I0]] status=switch next_task_id=[[E]]
// CHECK-NEXT: [[T0]]: task_schedule prior_task_id=[[E]] status=early_fulfill next_task_id=0
// CHECK-NEXT: [[T0]]: addr e_body_end=0x0
// CHECK-NEXT: [[T0]]: task_schedule prior_task_id=[[E]] status=complete next_task_id=[[I0]]
// CHECK-NEXT: [[T0]]: sync_region_wait_end kind=taskwait
// CHECK-NEXT: [[T0]]: sync_region_end kind=taskwait
// CHECK-NEXT: [[T0]]: addr after_taskwait=0x0

// CHECK: [[T1:[0-9]+]]: thread_begin type=worker
// CHECK-NOT: task_schedule
// CHECK: [[T1]]: implicit_task_end
