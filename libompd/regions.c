/* Parallel regions (the runtime's teams) and tasks: handles, their links
   to each other and to threads, task functions and frames. */
#include "config.h"

#include "ompd-private.h"

#define F(s, f) PARADBG_OMP_FIELD_##s##_##f

ompd_rc_t pd_new_parallel_handle(ompd_address_space_handle_t *ah, ompd_addr_t team,
                                 ompd_parallel_handle_t **out)
{
  ompd_parallel_handle_t *ph;
  uint64_t id;
  ompd_rc_t rc;
  if (team == 0)
    return ompd_rc_unavailable;
  if ((rc = pd_read_field(ah, team, F(team, id), &id)) != ompd_rc_ok)
    return rc;
  if ((rc = pd_alloc(sizeof *ph, (void **)&ph)) != ompd_rc_ok)
    return rc;
  ph->ah = ah;
  ph->team = team;
  ph->id = id;
  *out = ph;
  return ompd_rc_ok;
}

ompd_rc_t pd_new_task_handle(ompd_address_space_handle_t *ah, ompd_addr_t task,
                             ompd_task_handle_t **out)
{
  ompd_task_handle_t *th;
  uint64_t id;
  ompd_rc_t rc;
  if (task == 0)
    return ompd_rc_unavailable;
  if ((rc = pd_read_field(ah, task, F(task, id), &id)) != ompd_rc_ok)
    return rc;
  if ((rc = pd_alloc(sizeof *th, (void **)&th)) != ompd_rc_ok)
    return rc;
  th->ah = ah;
  th->task = task;
  th->id = id;
  *out = th;
  return ompd_rc_ok;
}

/* The team or task a handle names may since have been reused. */
ompd_rc_t pd_check_parallel(ompd_parallel_handle_t *ph)
{
  uint64_t id;
  ompd_rc_t rc = pd_read_field(ph->ah, ph->team, F(team, id), &id);
  if (rc != ompd_rc_ok)
    return rc;
  return id == ph->id ? ompd_rc_ok : ompd_rc_stale_handle;
}

ompd_rc_t pd_check_task(ompd_task_handle_t *th)
{
  uint64_t id;
  ompd_rc_t rc = pd_read_field(th->ah, th->task, F(task, id), &id);
  if (rc != ompd_rc_ok)
    return rc;
  return id == th->id ? ompd_rc_ok : ompd_rc_stale_handle;
}

static int cmp_addr(ompd_addr_t a, ompd_addr_t b)
{
  return a < b ? -1 : a > b;
}

/* A thread's current team and task are in its ts (struct paromp_tstate). */
static ompd_rc_t thread_ts(ompd_thread_handle_t *th, enum paradbg_omp_field f, uint64_t *out)
{
  ompd_address_space_handle_t *ah = th->ah;
  return pd_read_field(ah, th->thread + pd_field_offset(ah, F(thread, ts)), f, out);
}

/* ---- parallel regions ---------------------------------------------------- */

PD_EXPORT ompd_rc_t ompd_get_curr_parallel_handle(ompd_thread_handle_t *thread_handle,
                                                  ompd_parallel_handle_t **parallel_handle)
{
  uint64_t team;
  ompd_rc_t rc;
  if (thread_handle == NULL || parallel_handle == NULL)
    return ompd_rc_bad_input;
  *parallel_handle = NULL;
  if ((rc = thread_ts(thread_handle, F(tstate, team), &team)) != ompd_rc_ok)
    return rc;
  return pd_new_parallel_handle(thread_handle->ah, team, parallel_handle);
}

PD_EXPORT ompd_rc_t ompd_get_enclosing_parallel_handle(
    ompd_parallel_handle_t *parallel_handle, ompd_parallel_handle_t **enclosing_parallel_handle)
{
  uint64_t parent;
  ompd_rc_t rc;
  if (parallel_handle == NULL || enclosing_parallel_handle == NULL)
    return ompd_rc_bad_input;
  *enclosing_parallel_handle = NULL;
  if ((rc = pd_check_parallel(parallel_handle)) != ompd_rc_ok ||
      (rc = pd_read_field(parallel_handle->ah, parallel_handle->team, F(team, parent), &parent)) !=
          ompd_rc_ok)
    return rc;
  if (parent == parallel_handle->team)
    return ompd_rc_error;
  return pd_new_parallel_handle(parallel_handle->ah, parent, enclosing_parallel_handle);
}

PD_EXPORT ompd_rc_t ompd_get_task_parallel_handle(ompd_task_handle_t *task_handle,
                                                  ompd_parallel_handle_t **task_parallel_handle)
{
  uint64_t team;
  ompd_rc_t rc;
  if (task_handle == NULL || task_parallel_handle == NULL)
    return ompd_rc_bad_input;
  *task_parallel_handle = NULL;
  if ((rc = pd_check_task(task_handle)) != ompd_rc_ok ||
      (rc = pd_read_field(task_handle->ah, task_handle->task, F(task, team), &team)) != ompd_rc_ok)
    return rc;
  return pd_new_parallel_handle(task_handle->ah, team, task_parallel_handle);
}

PD_EXPORT ompd_rc_t ompd_rel_parallel_handle(ompd_parallel_handle_t *parallel_handle)
{
  if (parallel_handle == NULL)
    return ompd_rc_bad_input;
  pd_free(parallel_handle);
  return ompd_rc_ok;
}

PD_EXPORT ompd_rc_t ompd_parallel_handle_compare(ompd_parallel_handle_t *parallel_handle_1,
                                                 ompd_parallel_handle_t *parallel_handle_2,
                                                 int *cmp_value)
{
  if (parallel_handle_1 == NULL || parallel_handle_2 == NULL || cmp_value == NULL)
    return ompd_rc_bad_input;
  int c = cmp_addr(parallel_handle_1->team, parallel_handle_2->team);
  *cmp_value = c ? c : cmp_addr(parallel_handle_1->id, parallel_handle_2->id);
  return ompd_rc_ok;
}

/* ---- tasks ---------------------------------------------------------------- */

PD_EXPORT ompd_rc_t ompd_get_curr_task_handle(ompd_thread_handle_t *thread_handle,
                                              ompd_task_handle_t **task_handle)
{
  uint64_t task;
  ompd_rc_t rc;
  if (thread_handle == NULL || task_handle == NULL)
    return ompd_rc_bad_input;
  *task_handle = NULL;
  if ((rc = thread_ts(thread_handle, F(tstate, task), &task)) != ompd_rc_ok)
    return rc;
  return pd_new_task_handle(thread_handle->ah, task, task_handle);
}

static ompd_rc_t linked_task(ompd_task_handle_t *task_handle, enum paradbg_omp_field f,
                             ompd_task_handle_t **out)
{
  uint64_t task;
  ompd_rc_t rc;
  if (task_handle == NULL || out == NULL)
    return ompd_rc_bad_input;
  *out = NULL;
  if ((rc = pd_check_task(task_handle)) != ompd_rc_ok ||
      (rc = pd_read_field(task_handle->ah, task_handle->task, f, &task)) != ompd_rc_ok)
    return rc;
  if (task == task_handle->task)
    return ompd_rc_error;
  return pd_new_task_handle(task_handle->ah, task, out);
}

PD_EXPORT ompd_rc_t ompd_get_generating_task_handle(ompd_task_handle_t *task_handle,
                                                    ompd_task_handle_t **generating_task_handle)
{
  return linked_task(task_handle, F(task, parent), generating_task_handle);
}

/* Known while the task runs: the task its thread was running before. */
PD_EXPORT ompd_rc_t ompd_get_scheduling_task_handle(ompd_task_handle_t *task_handle,
                                                    ompd_task_handle_t **scheduling_task_handle)
{
  uint64_t kind;
  ompd_rc_t rc;
  if (task_handle == NULL || scheduling_task_handle == NULL)
    return ompd_rc_bad_input;
  *scheduling_task_handle = NULL;
  if ((rc = pd_read_field(task_handle->ah, task_handle->task, F(task, kind), &kind)) != ompd_rc_ok)
    return rc;
  if (kind != PARADBG_OMP_TASK_EXPLICIT)
    return ompd_rc_unavailable;   /* implicit and initial tasks are not scheduled */
  return linked_task(task_handle, F(task, scheduler), scheduling_task_handle);
}

PD_EXPORT ompd_rc_t ompd_get_task_in_parallel(ompd_parallel_handle_t *parallel_handle,
                                              int thread_num, ompd_task_handle_t **task_handle)
{
  uint64_t nthreads, itasks;
  ompd_rc_t rc;
  if (parallel_handle == NULL || task_handle == NULL)
    return ompd_rc_bad_input;
  *task_handle = NULL;
  ompd_address_space_handle_t *ah = parallel_handle->ah;
  if ((rc = pd_check_parallel(parallel_handle)) != ompd_rc_ok ||
      (rc = pd_read_field(ah, parallel_handle->team, F(team, nthreads), &nthreads)) != ompd_rc_ok)
    return rc;
  if (thread_num < 0 || (uint64_t)thread_num >= nthreads || nthreads > PD_MAX_THREADS)
    return ompd_rc_bad_input;
  if ((rc = pd_read_field(ah, parallel_handle->team, F(team, itasks), &itasks)) != ompd_rc_ok)
    return rc;
  return pd_new_task_handle(
      ah, itasks + (uint64_t)thread_num * pd_type_size(ah, PARADBG_OMP_TYPE_task), task_handle);
}

PD_EXPORT ompd_rc_t ompd_rel_task_handle(ompd_task_handle_t *task_handle)
{
  if (task_handle == NULL)
    return ompd_rc_bad_input;
  pd_free(task_handle);
  return ompd_rc_ok;
}

PD_EXPORT ompd_rc_t ompd_task_handle_compare(ompd_task_handle_t *task_handle_1,
                                             ompd_task_handle_t *task_handle_2, int *cmp_value)
{
  if (task_handle_1 == NULL || task_handle_2 == NULL || cmp_value == NULL)
    return ompd_rc_bad_input;
  int c = cmp_addr(task_handle_1->task, task_handle_2->task);
  *cmp_value = c ? c : cmp_addr(task_handle_1->id, task_handle_2->id);
  return ompd_rc_ok;
}

/* An explicit task runs its own function; an implicit task the region's
   outlined body; an initial task has none the runtime knows. */
PD_EXPORT ompd_rc_t ompd_get_task_function(ompd_task_handle_t *task_handle,
                                           ompd_address_t *entry_point)
{
  uint64_t kind, fn, team;
  ompd_rc_t rc;
  if (task_handle == NULL || entry_point == NULL)
    return ompd_rc_bad_input;
  ompd_address_space_handle_t *ah = task_handle->ah;
  if ((rc = pd_check_task(task_handle)) != ompd_rc_ok ||
      (rc = pd_read_field(ah, task_handle->task, F(task, kind), &kind)) != ompd_rc_ok)
    return rc;
  if (kind == PARADBG_OMP_TASK_EXPLICIT) {
    rc = pd_read_field(ah, task_handle->task, F(task, fn), &fn);
  } else if (kind == PARADBG_OMP_TASK_IMPLICIT) {
    if ((rc = pd_read_field(ah, task_handle->task, F(task, team), &team)) == ompd_rc_ok)
      rc = pd_read_field(ah, team, F(team, fn), &fn);
  } else if (kind == PARADBG_OMP_TASK_INITIAL) {
    return ompd_rc_unavailable;
  } else {
    return ompd_rc_error;
  }
  if (rc != ompd_rc_ok)
    return rc;
  if (fn == 0)
    return ompd_rc_unavailable;
  entry_point->segment = OMPD_SEGMENT_UNSPECIFIED;
  entry_point->address = fn;
  return ompd_rc_ok;
}

/* task.frame is an ompt_frame_t: two frame addresses, then two int flags.
   The runtime fills it while a tool is active or OMP_DEBUG=enabled. */
PD_EXPORT ompd_rc_t ompd_get_task_frame(ompd_task_handle_t *task_handle,
                                        ompd_frame_info_t *exit_frame,
                                        ompd_frame_info_t *enter_frame)
{
  unsigned char buf[64];
  uint64_t exit_ptr, enter_ptr, exit_flags, enter_flags;
  ompd_rc_t rc;
  if (task_handle == NULL || exit_frame == NULL || enter_frame == NULL)
    return ompd_rc_bad_input;
  ompd_address_space_handle_t *ah = task_handle->ah;
  unsigned ps = ah->sizes.sizeof_pointer, is = ah->sizes.sizeof_int;
  unsigned size = pd_field_size(ah, F(task, frame));
  if (size < 2 * ps + 2 * is || size > sizeof buf)
    return ompd_rc_incompatible;
  if ((rc = pd_check_task(task_handle)) != ompd_rc_ok ||
      (rc = pd_read(ah, task_handle->task + pd_field_offset(ah, F(task, frame)), size, buf)) !=
          ompd_rc_ok)
    return rc;
  if ((rc = pd_to_host(ah, buf, ps, &exit_ptr)) != ompd_rc_ok ||
      (rc = pd_to_host(ah, buf + ps, ps, &enter_ptr)) != ompd_rc_ok ||
      (rc = pd_to_host(ah, buf + 2 * ps, is, &exit_flags)) != ompd_rc_ok ||
      (rc = pd_to_host(ah, buf + 2 * ps + is, is, &enter_flags)) != ompd_rc_ok)
    return rc;
  exit_frame->frame_address.segment = enter_frame->frame_address.segment =
      OMPD_SEGMENT_UNSPECIFIED;
  exit_frame->frame_address.address = exit_ptr;
  exit_frame->frame_flag = (ompd_word_t)exit_flags;
  enter_frame->frame_address.address = enter_ptr;
  enter_frame->frame_flag = (ompd_word_t)enter_flags;
  return ompd_rc_ok;
}
