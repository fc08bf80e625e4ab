/* The OMPT tool interface inside libparomp: the table of callbacks a tool
   registered, and the helpers the construct files use to report events.
   With no tool every event site is one load and an untaken branch. */
#ifndef PAROMP_OMPT_H
#define PAROMP_OMPT_H

#include <omp-tools.h>

#include "paromp.h"

/* Every host callback: X(name, ompt_callback_NAME_t, how often it comes).
   The last column is what ompt_set_callback answers.  "sometimes" marks
   events that some constructs cannot produce because gcc compiles them
   without calling the runtime (static loops, reductions it combines
   inline); masked and flush never reach the runtime at all (ompt.c).
   docs/writing-an-ompt-tool.md lists them. */
#define PAROMP_OMPT_CALLBACKS(X)                                         \
  X(thread_begin, thread_begin, ompt_set_always)                         \
  X(thread_end, thread_end, ompt_set_sometimes)                          \
  X(parallel_begin, parallel_begin, ompt_set_always)                     \
  X(parallel_end, parallel_end, ompt_set_always)                         \
  X(task_create, task_create, ompt_set_always)                           \
  X(task_schedule, task_schedule, ompt_set_always)                       \
  X(implicit_task, implicit_task, ompt_set_always)                       \
  X(control_tool, control_tool, ompt_set_always)                         \
  X(sync_region_wait, sync_region, ompt_set_always)                      \
  X(mutex_released, mutex, ompt_set_always)                              \
  X(dependences, dependences, ompt_set_always)                           \
  X(task_dependence, task_dependence, ompt_set_always)                   \
  X(work, work, ompt_set_sometimes)                                      \
  X(sync_region, sync_region, ompt_set_always)                           \
  X(lock_init, mutex_acquire, ompt_set_always)                           \
  X(lock_destroy, mutex, ompt_set_always)                                \
  X(mutex_acquire, mutex_acquire, ompt_set_always)                       \
  X(mutex_acquired, mutex, ompt_set_always)                              \
  X(nest_lock, nest_lock, ompt_set_always)                               \
  X(cancel, cancel, ompt_set_always)                                     \
  X(reduction, sync_region, ompt_set_sometimes)                          \
  X(dispatch, dispatch, ompt_set_sometimes)                              \
  X(error, error, ompt_set_always)

struct paromp_ompt_callbacks {
#define PAROMP_OMPT_FIELD(name, type, level) ompt_callback_##type##_t name;
  PAROMP_OMPT_CALLBACKS(PAROMP_OMPT_FIELD)
#undef PAROMP_OMPT_FIELD
};

/* Registered callbacks; all NULL when no tool is active. */
extern struct paromp_ompt_callbacks paromp_ompt;
/* A tool is active, or OMP_DEBUG=enabled: keep task frames and return
   addresses. */
extern int paromp_ompt_frames;
/* A tool is active: sites that report several events test this first. */
extern int paromp_ompt_tool;
#define OMPT_TOOL PAROMP_UNLIKELY(paromp_ompt_tool)

#define OMPT_ON(name) PAROMP_UNLIKELY(paromp_ompt.name != NULL)

/* The one mutex implementation behind locks, critical and atomic. */
#define PAROMP_MUTEX_IMPL 1

void paromp_ompt_init(void);
ompt_interface_fn_t paromp_ompt_inquiry(const char *name);
void paromp_ompt_thread_begin(struct paromp_thread *t, ompt_thread_t type);

/* At an exported entry point: remember the user's return address for the
   events this call reports, and mark where the current task entered the
   runtime.  Only the outermost entry counts, so calls the runtime makes to
   its own entry points change nothing. */
struct paromp_ompt_entry {
  struct paromp_task *task;       /* whose enter frame this call set, or NULL */
  const void *prev_ra;
};

static inline struct paromp_ompt_entry paromp_ompt_enter(void *frame, const void *ra)
{
  struct paromp_thread *self = paromp_self();
  struct paromp_task *task = self->ts.task;
  struct paromp_ompt_entry e = { NULL, NULL };
  if (task->frame.enter_frame.ptr != NULL)
    return e;                   /* the runtime calling one of its own entries */
  task->frame.enter_frame.ptr = frame;
  task->frame.enter_frame_flags = ompt_frame_runtime | ompt_frame_framepointer;
  e.task = task;
  e.prev_ra = self->ompt_ra;
  self->ompt_ra = ra;
  return e;
}

static inline void paromp_ompt_leave(struct paromp_ompt_entry *e)
{
  if (PAROMP_UNLIKELY(e->task != NULL)) {
    e->task->frame.enter_frame.ptr = NULL;
    e->task->frame.enter_frame_flags = 0;
    paromp_self_tls->ompt_ra = e->prev_ra;
  }
}

#define OMPT_ENTRY()                                                           \
  struct paromp_ompt_entry ompt_entry_ __attribute__((cleanup(paromp_ompt_leave))) = \
      PAROMP_UNLIKELY(paromp_ompt_frames)                                      \
          ? paromp_ompt_enter(__builtin_frame_address(0), __builtin_return_address(0)) \
          : (struct paromp_ompt_entry){ NULL, NULL }

/* The user's return address for the event being reported, or NULL. */
static inline const void *paromp_ompt_ra(struct paromp_thread *self)
{
  return self->ompt_ra;
}

/* The runtime frame that calls a task's code: its exit frame. */
#define OMPT_SET_EXIT_FRAME(task)                                              \
  do {                                                                         \
    if (PAROMP_UNLIKELY(paromp_ompt_frames)) {                                 \
      (task)->frame.exit_frame.ptr = __builtin_frame_address(0);               \
      (task)->frame.exit_frame_flags = ompt_frame_runtime | ompt_frame_framepointer; \
    }                                                                          \
  } while (0)

/* Event helpers for sites with more than a line of arguments. */
void paromp_ompt_sync(struct paromp_thread *self, ompt_sync_region_t kind,
                      ompt_scope_endpoint_t ep, int wait, ompt_data_t *parallel,
                      ompt_data_t *task);
void paromp_ompt_mutex_acquire(ompt_mutex_t kind, unsigned hint, const void *wait_id);
void paromp_ompt_mutex_acquired(ompt_mutex_t kind, const void *wait_id);
void paromp_ompt_mutex_released(ompt_mutex_t kind, const void *wait_id);
void paromp_ompt_work(struct paromp_thread *self, ompt_work_t kind, ompt_scope_endpoint_t ep,
                      uint64_t count);
void paromp_ompt_work_open(struct paromp_thread *self, ompt_work_t kind);
void paromp_ompt_work_close(struct paromp_thread *self);
#define OMPT_WORK_CLOSE(self)                                                 \
  do {                                                                        \
    if (PAROMP_UNLIKELY((self)->ts.task->ompt_work_open))                     \
      paromp_ompt_work_close(self);                                           \
  } while (0)
void paromp_ompt_dispatch(struct paromp_thread *self, ompt_dispatch_t kind, uint64_t value);
void paromp_ompt_cancel(struct paromp_thread *self, ompt_data_t *task, int flags);
int paromp_ompt_task_flags(const struct paromp_task *t);
void paromp_ompt_task_switch(struct paromp_thread *self, struct paromp_task *prior,
                             ompt_task_status_t status, struct paromp_task *next);

#endif
