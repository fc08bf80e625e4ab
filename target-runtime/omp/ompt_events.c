/* Reporting OMPT events: the helpers the construct files call when a tool
   is active, the bookkeeping of task frames and return addresses, and
   omp_control_tool. */
#include "config.h"

#include "paromp.h"
#include "ompt.h"

void paromp_ompt_sync(struct paromp_thread *self, ompt_sync_region_t kind,
                      ompt_scope_endpoint_t ep, int wait, ompt_data_t *parallel,
                      ompt_data_t *task)
{
  const void *ra = self->ompt_ra;
  /* A task reduction begins in one runtime call and ends in another (the
     program combines in between): both carry the codeptr_ra of the first. */
  if (kind == ompt_sync_region_reduction) {
    if (ep == ompt_scope_begin)
      self->ompt_reduction_ra = ra;
    else
      ra = self->ompt_reduction_ra;
  }
  if (wait) {
    if (OMPT_ON(sync_region_wait))
      paromp_ompt.sync_region_wait(kind, ep, parallel, task, ra);
  } else if (kind == ompt_sync_region_reduction) {
    if (OMPT_ON(reduction))
      paromp_ompt.reduction(kind, ep, parallel, task, ra);
  } else if (OMPT_ON(sync_region)) {
    paromp_ompt.sync_region(kind, ep, parallel, task, ra);
  }
}

void paromp_ompt_mutex_acquire(ompt_mutex_t kind, unsigned hint, const void *wait_id)
{
  if (OMPT_ON(mutex_acquire))
    paromp_ompt.mutex_acquire(kind, hint, PAROMP_MUTEX_IMPL, (ompt_wait_id_t)(uintptr_t)wait_id,
                              paromp_self()->ompt_ra);
}

void paromp_ompt_mutex_acquired(ompt_mutex_t kind, const void *wait_id)
{
  if (OMPT_ON(mutex_acquired))
    paromp_ompt.mutex_acquired(kind, (ompt_wait_id_t)(uintptr_t)wait_id, paromp_self()->ompt_ra);
}

void paromp_ompt_mutex_released(ompt_mutex_t kind, const void *wait_id)
{
  if (OMPT_ON(mutex_released))
    paromp_ompt.mutex_released(kind, (ompt_wait_id_t)(uintptr_t)wait_id, paromp_self()->ompt_ra);
}

void paromp_ompt_work(struct paromp_thread *self, ompt_work_t kind, ompt_scope_endpoint_t ep,
                      uint64_t count)
{
  if (OMPT_ON(work))
    paromp_ompt.work(kind, ep, &self->ts.team->ompt_data, &self->ts.task->ompt_data, count,
                     self->ompt_ra);
}

/* gcc calls nothing at the end of a single or scope block: its end is
   reported when the executing task next enters a barrier or another work
   share, with the codeptr_ra of the call that began it. */
void paromp_ompt_work_open(struct paromp_thread *self, ompt_work_t kind)
{
  struct paromp_task *task = self->ts.task;
  if (task->ompt_work_open)
    paromp_ompt_work_close(self);
  paromp_ompt_work(self, kind, ompt_scope_begin, 1);
  task->ompt_work_open = kind;
  task->ompt_work_ra = self->ompt_ra;
}

void paromp_ompt_work_close(struct paromp_thread *self)
{
  struct paromp_task *task = self->ts.task;
  ompt_work_t kind = task->ompt_work_open;
  task->ompt_work_open = 0;
  if (OMPT_ON(work))
    paromp_ompt.work(kind, ompt_scope_end, &self->ts.team->ompt_data, &task->ompt_data, 1,
                     task->ompt_work_ra);
}

void paromp_ompt_dispatch(struct paromp_thread *self, ompt_dispatch_t kind, uint64_t value)
{
  if (OMPT_ON(dispatch)) {
    ompt_data_t instance = { .value = value };
    paromp_ompt.dispatch(&self->ts.team->ompt_data, &self->ts.task->ompt_data, kind, instance);
  }
}

void paromp_ompt_cancel(struct paromp_thread *self, ompt_data_t *task, int flags)
{
  if (OMPT_ON(cancel))
    paromp_ompt.cancel(task, flags, self->ompt_ra);
}

void paromp_ompt_task_switch(struct paromp_thread *self, struct paromp_task *prior,
                             ompt_task_status_t status, struct paromp_task *next)
{
  (void)self;
  if (OMPT_ON(task_schedule))
    paromp_ompt.task_schedule(prior != NULL ? &prior->ompt_data : NULL, status,
                              next != NULL ? &next->ompt_data : NULL);
}

/* OpenMP 5.0's omp_control_tool; gcc's omp.h does not declare it, so
   programs declare it themselves (int (int, int, void *)). */
PAROMP_EXPORT int omp_control_tool(int command, int modifier, void *arg)
{
  OMPT_ENTRY();
  if (!paromp_ompt_tool)
    return -2;            /* omp_control_tool_notool */
  if (!OMPT_ON(control_tool))
    return -1;            /* omp_control_tool_nocallback */
  return paromp_ompt.control_tool((uint64_t)command, (uint64_t)modifier, arg,
                                  paromp_self()->ompt_ra);
}

PAROMP_EXPORT int omp_control_tool_(int *command, int *modifier, void *arg)
{
  OMPT_ENTRY();
  (void)arg;              /* Fortran passes no usable C pointer here */
  return omp_control_tool(*command, *modifier, NULL);
}
