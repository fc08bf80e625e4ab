/* taskgroup: waiting for every descendant task created inside it.  The same
   open/close pair serves the hidden taskgroups of worksharing task
   reductions. */
#include "config.h"

#include <stdlib.h>

#include "paromp.h"
#include "ompt.h"

struct paromp_taskgroup *paromp_taskgroup_open(struct paromp_task *task)
{
  struct paromp_taskgroup *g = paromp_calloc(1, sizeof *g);
  g->prev = paromp_group_for_children(task);
  task->cur_group = g;
  return g;
}

/* Waits for the current task's innermost taskgroup, closes it and returns
   the task reductions registered in it. */
uintptr_t *paromp_taskgroup_close(struct paromp_thread *self)
{
  struct paromp_task *task = self->ts.task;
  struct paromp_team *team = self->ts.team;
  struct paromp_taskgroup *g = task->cur_group;
  if (g == NULL)
    return NULL;
  if (__atomic_load_n(&g->pending, __ATOMIC_ACQUIRE) != 0) {
    int saved = self->state;
    const void *saved_wait = self->wait_id;
    paromp_set_state(self, ompt_state_wait_taskgroup, g);
    paromp_task_waiting(team, 1);
    for (;;) {
      unsigned seen = __atomic_load_n(&team->task_futex, __ATOMIC_SEQ_CST);
      if (__atomic_load_n(&g->pending, __ATOMIC_ACQUIRE) == 0)
        break;
      struct paromp_task *t = paromp_task_take(self, task, g);
      if (t != NULL)
        paromp_task_run_chain(self, t, task, g, 1);
      else
        paromp_task_sleep(team, seen);
    }
    paromp_task_waiting(team, -1);
    paromp_set_state(self, saved, saved_wait);
  }
  /* the group this task's children counted in before this one opened */
  task->cur_group = g->prev != task->taskgroup ? g->prev : NULL;
  uintptr_t *red = g->reductions;
  free(g);
  return red;
}

PAROMP_EXPORT void GOMP_taskgroup_start(void)
{
  OMPT_ENTRY();
  struct paromp_thread *self = paromp_self();
  paromp_taskgroup_open(self->ts.task);
  if (OMPT_TOOL)
    paromp_ompt_sync(self, ompt_sync_region_taskgroup, ompt_scope_begin, 0,
                     &self->ts.team->ompt_data, &self->ts.task->ompt_data);
}

/* Closes the taskgroup with a tool attached; returns its task reductions. */
uintptr_t *paromp_taskgroup_end_ompt(struct paromp_thread *self)
{
  ompt_data_t *pd = &self->ts.team->ompt_data, *td = &self->ts.task->ompt_data;
  paromp_ompt_sync(self, ompt_sync_region_taskgroup, ompt_scope_begin, 1, pd, td);
  uintptr_t *red = paromp_taskgroup_close(self);
  paromp_ompt_sync(self, ompt_sync_region_taskgroup, ompt_scope_end, 1, pd, td);
  paromp_ompt_sync(self, ompt_sync_region_taskgroup, ompt_scope_end, 0, pd, td);
  return red;
}

/* With task reductions, the program combines the copies next: that is
   the reduction, until GOMP_taskgroup_reduction_unregister. */
PAROMP_EXPORT void GOMP_taskgroup_end(void)
{
  OMPT_ENTRY();
  struct paromp_thread *self = paromp_self();
  if (!OMPT_TOOL) {
    paromp_taskgroup_close(self);
    return;
  }
  if (paromp_taskgroup_end_ompt(self) != NULL)
    paromp_ompt_sync(self, ompt_sync_region_reduction, ompt_scope_begin, 0,
                     &self->ts.team->ompt_data, &self->ts.task->ompt_data);
}
