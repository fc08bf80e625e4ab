/* taskloop: split the iterations into tasks whose data begins with their
   own start and end. */
#include "config.h"

#include <stdbool.h>
#include <string.h>

#include "gomp_abi.h"
#include "loopsched.h"
#include "paromp.h"
#include "ompt.h"

struct range {
  uint64_t lo, hi;          /* the loop variable's bit patterns */
};

static void set_range(void *task_data, void *arg)
{
  struct range *r = arg;
  memcpy(task_data, &r->lo, sizeof r->lo);
  memcpy((char *)task_data + sizeof r->lo, &r->hi, sizeof r->hi);
}

static void taskloop(void (*fn)(void *), void *data, void (*cpyfn)(void *, void *),
                     long arg_size, long arg_align, unsigned flags, unsigned long num_tasks,
                     int priority, int is_ull, uint64_t start, uint64_t end, uint64_t step)
{
  struct paromp_thread *self = paromp_self();
  uint64_t n = is_ull ? paromp_trip_count_ull((flags & GOMP_TASK_FLAG_UP) != 0, start, end, step)
                      : paromp_trip_count_l((long)start, (long)end, (long)step);
  uintptr_t *red = (flags & GOMP_TASK_FLAG_REDUCTION) ? ((uintptr_t **)data)[2] : NULL;
  int group = !(flags & GOMP_TASK_FLAG_NOGROUP);
  int cancelled = paromp_gicv.cancel &&
                  (self->ts.team->cancelled || paromp_taskgroup_cancelled(self->ts.task));
  /* The taskloop runs "as if enclosed in a taskgroup" (5.1): the implicit
     taskgroup begins before the taskloop region and ends, after its wait,
     once the region has ended; libomp orders the events so too. */
  if (n == 0 || cancelled) {
    if (red != NULL && group)
      red[2] = 0;
    if (OMPT_TOOL) {
      /* the events of a taskloop that creates no task */
      if (group)
        GOMP_taskgroup_start();
      paromp_ompt_work(self, ompt_work_taskloop, ompt_scope_begin, n);
      paromp_ompt_work(self, ompt_work_taskloop, ompt_scope_end, n);
      if (group)
        paromp_taskgroup_end_ompt(self);
    }
    return;
  }

  uint64_t ntasks, q, r;
  if (flags & GOMP_TASK_FLAG_GRAINSIZE) {
    uint64_t g = num_tasks ? num_tasks : 1;
    if (flags & GOMP_TASK_FLAG_STRICT) {
      ntasks = (n - 1) / g + 1;
      q = g;
      r = 0;
    } else {
      ntasks = n / g ? n / g : 1;
      q = n / ntasks;
      r = n % ntasks;
    }
  } else {
    ntasks = num_tasks ? num_tasks : self->ts.team->nthreads;
    if (ntasks > n)
      ntasks = n;
    q = n / ntasks;
    r = n % ntasks;
  }

  if (group) {
    GOMP_taskgroup_start();
    if (red != NULL)
      GOMP_taskgroup_reduction_register(red);
  }
  if (OMPT_TOOL)
    paromp_ompt_work(self, ompt_work_taskloop, ompt_scope_begin, n);
  unsigned task_flags = flags & (GOMP_TASK_FLAG_UNTIED | GOMP_TASK_FLAG_FINAL |
                                 GOMP_TASK_FLAG_MERGEABLE);
  bool if_clause = (flags & GOMP_TASK_FLAG_IF) != 0;
  uint64_t lo = 0;
  for (uint64_t k = 0; k < ntasks && lo < n; k++) {
    uint64_t size = q + (k < r);
    uint64_t hi = n - lo > size ? lo + size : n;
    struct range rg;
    rg.lo = start + lo * step;
    rg.hi = hi == n ? end : start + hi * step;
    paromp_task_create(fn, data, cpyfn, arg_size, arg_align, if_clause,
                       task_flags | GOMP_TASK_FLAG_PRIORITY, NULL, priority, set_range, &rg,
                       NULL);
    lo = hi;
  }
  if (!OMPT_TOOL) {
    if (group)
      paromp_taskgroup_close(self);
    return;
  }
  /* The region ends once its tasks exist; the taskgroup then waits for
     them.  The program combines the reduction after the taskloop returns. */
  paromp_ompt_work(self, ompt_work_taskloop, ompt_scope_end, n);
  uintptr_t *reduced = group ? paromp_taskgroup_end_ompt(self) : NULL;
  if (reduced != NULL)
    paromp_ompt_sync(self, ompt_sync_region_reduction, ompt_scope_begin, 0,
                     &self->ts.team->ompt_data, &self->ts.task->ompt_data);
}

PAROMP_EXPORT void GOMP_taskloop(void (*fn)(void *), void *data, void (*cpyfn)(void *, void *),
                                 long arg_size, long arg_align, unsigned flags,
                                 unsigned long num_tasks, int priority, long start, long end,
                                 long step)
{
  OMPT_ENTRY();
  taskloop(fn, data, cpyfn, arg_size, arg_align, flags, num_tasks, priority, 0,
           (uint64_t)start, (uint64_t)end, (uint64_t)step);
}

PAROMP_EXPORT void GOMP_taskloop_ull(void (*fn)(void *), void *data,
                                     void (*cpyfn)(void *, void *), long arg_size,
                                     long arg_align, unsigned flags, unsigned long num_tasks,
                                     int priority, unsigned long long start,
                                     unsigned long long end, unsigned long long step)
{
  OMPT_ENTRY();
  taskloop(fn, data, cpyfn, arg_size, arg_align, flags, num_tasks, priority, 1, start, end,
           step);
}
