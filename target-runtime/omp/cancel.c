/* cancel and cancellation point.  With cancel-var false (OMP_CANCELLATION
   unset) both are no-ops, as the standard requires. */
#include "config.h"

#include <stdbool.h>

#include "gomp_abi.h"
#include "paromp.h"
#include "ompt.h"

static struct paromp_taskgroup *innermost_group(struct paromp_task *t)
{
  return paromp_group_for_children(t);
}

static int ompt_kind(int which)
{
  return (which & GOMP_CANCEL_PARALLEL) ? ompt_cancel_parallel
         : (which & GOMP_CANCEL_LOOP) ? ompt_cancel_loop
         : (which & GOMP_CANCEL_SECTIONS) ? ompt_cancel_sections
                                          : ompt_cancel_taskgroup;
}

static bool detected(int which)
{
  if (OMPT_TOOL) {
    struct paromp_thread *self = paromp_self();
    paromp_ompt_cancel(self, &self->ts.task->ompt_data, ompt_kind(which) | ompt_cancel_detected);
  }
  return true;
}

static bool cancellation_point(int which);

PAROMP_EXPORT bool GOMP_cancellation_point(int which)
{
  OMPT_ENTRY();
  return cancellation_point(which) ? detected(which) : false;
}

static bool cancellation_point(int which)
{
  if (!paromp_gicv.cancel)
    return false;
  struct paromp_thread *self = paromp_self();
  struct paromp_team *team = self->ts.team;
  if (__atomic_load_n(&team->cancelled, __ATOMIC_ACQUIRE))
    return true;
  if (which & (GOMP_CANCEL_LOOP | GOMP_CANCEL_SECTIONS))
    return self->ts.ws != NULL && __atomic_load_n(&self->ts.ws->cancelled, __ATOMIC_ACQUIRE);
  if (which & GOMP_CANCEL_TASKGROUP) {
    struct paromp_task *task = self->ts.task;
    /* an explicit task checks the group it belongs to */
    return paromp_taskgroup_cancelled(task) ||
           (task->taskgroup != NULL && __atomic_load_n(&task->taskgroup->cancelled,
                                                       __ATOMIC_ACQUIRE));
  }
  return false;
}

PAROMP_EXPORT bool GOMP_cancel(int which, bool do_cancel)
{
  OMPT_ENTRY();
  if (!paromp_gicv.cancel)
    return false;
  if (!do_cancel)
    return cancellation_point(which) ? detected(which) : false;
  struct paromp_thread *self = paromp_self();
  if (OMPT_TOOL)
    paromp_ompt_cancel(self, &self->ts.task->ompt_data, ompt_kind(which) | ompt_cancel_activated);
  struct paromp_team *team = self->ts.team;
  if (which & GOMP_CANCEL_PARALLEL) {
    __atomic_store_n(&team->cancelled, 1, __ATOMIC_RELEASE);
    paromp_barrier_notify_cancel(team);
  } else if (which & (GOMP_CANCEL_LOOP | GOMP_CANCEL_SECTIONS)) {
    if (self->ts.ws != NULL)
      __atomic_store_n(&self->ts.ws->cancelled, 1, __ATOMIC_RELEASE);
  } else if (which & GOMP_CANCEL_TASKGROUP) {
    struct paromp_task *task = self->ts.task;
    struct paromp_taskgroup *g = task->cur_group ? task->cur_group : task->taskgroup;
    if (g == NULL)
      g = innermost_group(task);
    if (g != NULL)
      __atomic_store_n(&g->cancelled, 1, __ATOMIC_RELEASE);
  }
  return true;
}

/* gcc calls GOMP_barrier for the barrier directive and for the end of a
   static loop or single alike, so the barrier kind stays undetailed. */
PAROMP_EXPORT void GOMP_barrier(void)
{
  OMPT_ENTRY();
  struct paromp_thread *self = paromp_self();
  paromp_barrier_wait(self, &self->ts.team->bar, ompt_sync_region_barrier, 0);
}

PAROMP_EXPORT bool GOMP_barrier_cancel(void)
{
  OMPT_ENTRY();
  struct paromp_thread *self = paromp_self();
  return paromp_barrier_wait(self, &self->ts.team->bar, ompt_sync_region_barrier, 1);
}
