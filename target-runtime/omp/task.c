/* Explicit tasks: creating them, the team's ready queue, running them, and
   taskwait / taskyield. */
#include "config.h"

#include <alloca.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "paromp.h"
#include "gomp_abi.h"
#include "ompt.h"

/* paromp.h's order of struct paromp_task: what running a task touches
   ends with the second line. */
_Static_assert(offsetof(struct paromp_task, fulfilled) < 2 * PAROMP_CACHE_LINE,
               "the fields a task's runner touches span more than two lines");

/* The taskgroup a new child of t counts in. */
struct paromp_taskgroup *paromp_group_for_children(struct paromp_task *t)
{
  return t->cur_group != NULL ? t->cur_group : t->taskgroup;
}

int paromp_taskgroup_cancelled(struct paromp_task *t)
{
  for (struct paromp_taskgroup *g = paromp_group_for_children(t); g != NULL; g = g->prev)
    if (__atomic_load_n(&g->cancelled, __ATOMIC_ACQUIRE))
      return 1;
  return 0;
}

/* Threads inside a task-waiting loop (taskwait, taskgroup end, an undeferred
   task's dependences) count themselves first, so that while none waits,
   queuing and finishing tasks need not touch task_futex at all.  A waiter
   counts itself and then reads the conditions; a waker changes them and
   then reads the count: one of the two always sees the other. */
void paromp_task_waiting(struct paromp_team *team, int delta)
{
  __atomic_add_fetch(&team->task_waiters, (unsigned)delta, __ATOMIC_SEQ_CST);
}

void paromp_task_wake_waiters(struct paromp_team *team)
{
  if (__atomic_load_n(&team->task_waiters, __ATOMIC_SEQ_CST) == 0)
    return;
  __atomic_add_fetch(&team->task_futex, 1, __ATOMIC_SEQ_CST);
  paromp_wake_all(&team->task_futex, &team->task_sleepers);
}

void paromp_task_sleep(struct paromp_team *team, unsigned seen)
{
  paromp_wait_while_eq(&team->task_futex, seen, &team->task_sleepers);
}

void paromp_task_enqueue_locked(struct paromp_team *team, struct paromp_task *t)
{
  struct paromp_task *at = NULL;        /* insert before this one */
  if (t->priority > 0)
    for (at = team->queue_head; at != NULL && at->priority >= t->priority; at = at->qnext)
      ;
  t->qnext = at;
  t->qprev = at ? at->qprev : team->queue_tail;
  if (t->qprev)
    t->qprev->qnext = t;
  else
    team->queue_head = t;
  if (at)
    at->qprev = t;
  else
    team->queue_tail = t;
  __atomic_add_fetch(&team->queued, 1, __ATOMIC_SEQ_CST);
  struct paromp_task *p = t->parent;
  t->cprev = NULL;
  t->cnext = p->ready_children;
  if (p->ready_children)
    p->ready_children->cprev = t;
  p->ready_children = t;
}

/* After the lock is dropped: tell waiters that tasks were queued or ended
   (outside the lock, to keep it short). */
static void notify(struct paromp_team *team)
{
  if (__atomic_load_n(&team->queued, __ATOMIC_SEQ_CST) != 0)
    paromp_barrier_notify_tasks(team);
  paromp_task_wake_waiters(team);
}

static void dequeue_locked(struct paromp_team *team, struct paromp_task *t)
{
  if (t->qprev) t->qprev->qnext = t->qnext; else team->queue_head = t->qnext;
  if (t->qnext) t->qnext->qprev = t->qprev; else team->queue_tail = t->qprev;
  struct paromp_task *p = t->parent;
  if (t->cprev) t->cprev->cnext = t->cnext; else p->ready_children = t->cnext;
  if (t->cnext) t->cnext->cprev = t->cprev;
  t->qnext = t->qprev = t->cnext = t->cprev = NULL;
  __atomic_sub_fetch(&team->queued, 1, __ATOMIC_RELAXED);
}

/* A ready task to run: a child of parent, or one in group (or its nested
   groups), or any; NULL if none. */
struct paromp_task *paromp_task_pick_locked(struct paromp_team *team,
                                            struct paromp_task *parent,
                                            struct paromp_taskgroup *group)
{
  struct paromp_task *t = NULL;
  if (parent != NULL) {
    t = parent->ready_children;
  } else if (group != NULL) {
    unsigned budget = 4096;               /* a bounded look, then any child */
    for (t = team->queue_head; t != NULL && budget > 0; t = t->qnext, budget--) {
      struct paromp_taskgroup *g = t->taskgroup;
      while (g != NULL && g != group)
        g = g->prev;
      if (g == group)
        break;
    }
  } else {
    t = team->queue_head;
  }
  if (t != NULL) {
    dequeue_locked(team, t);
    t->state = PAROMP_TASK_RUNNING;
  }
  return t;
}

static struct paromp_task *pick_filtered_locked(struct paromp_team *team,
                                                struct paromp_task *parent,
                                                struct paromp_taskgroup *group)
{
  struct paromp_task *t = paromp_task_pick_locked(team, parent, NULL);
  if (t == NULL && group != NULL)
    t = paromp_task_pick_locked(team, NULL, group);
  return t;
}

/* The counts a finished task leaves; returns 1 when it was the team's last
   unfinished deferred task. */
static int finish_counts(struct paromp_team *team, struct paromp_task *t)
{
  __atomic_sub_fetch(&t->parent->children, 1, __ATOMIC_SEQ_CST);
  if (t->taskgroup != NULL)
    __atomic_sub_fetch(&t->taskgroup->pending, 1, __ATOMIC_SEQ_CST);
  return __atomic_sub_fetch(&team->task_count, 1, __ATOMIC_SEQ_CST) == 0;
}

/* Under the task lock: t's body is done (or it was discarded). */
static void complete_locked(struct paromp_team *team, struct paromp_task *t)
{
  struct paromp_task *parent = t->parent;
  __atomic_store_n(&t->state, PAROMP_TASK_DONE, __ATOMIC_RELEASE);
  paromp_deps_release_locked(team, t);
  finish_counts(team, t);
  paromp_barrier_try_release_after_tasks(team);
  paromp_task_release(parent);
  paromp_task_release(t);
}

/* A task without dependences is nobody's predecessor, so it can finish
   without the lock; only the team's last task takes it, for the barrier. */
static void complete_unlocked(struct paromp_team *team, struct paromp_task *t)
{
  struct paromp_task *parent = t->parent;
  __atomic_store_n(&t->state, PAROMP_TASK_DONE, __ATOMIC_RELEASE);
  if (finish_counts(team, t)) {
    paromp_mutex_lock(&team->task_lock);
    paromp_barrier_try_release_after_tasks(team);
    paromp_mutex_unlock(&team->task_lock);
  }
  paromp_task_release(parent);
  paromp_task_release(t);
}

/* 0, or the OMPT cancel flag of the construct whose cancellation discards t */
static int task_discarded(struct paromp_task *t)
{
  if (__atomic_load_n(&t->team->cancelled, __ATOMIC_ACQUIRE))
    return ompt_cancel_parallel;
  for (struct paromp_taskgroup *g = t->taskgroup; g != NULL; g = g->prev)
    if (__atomic_load_n(&g->cancelled, __ATOMIC_ACQUIRE))
      return ompt_cancel_taskgroup;
  return 0;
}

/* Runs t's body on self, unless its taskgroup or region was cancelled. */
static void run_body(struct paromp_thread *self, struct paromp_task *t)
{
  if (PAROMP_UNLIKELY(t->undeferred) && t->taskwait) {
    /* The empty task of a taskwait with depend is merged into the task
       that waits: no switch to it, only 5.1's taskwait-complete event. */
    if (OMPT_TOOL)
      paromp_ompt_task_switch(self, t, ompt_taskwait_complete, self->ts.task);
    return;
  }
  int discarded = task_discarded(t);
  if (discarded) {
    if (OMPT_TOOL)
      paromp_ompt_cancel(self, &t->ompt_data, discarded | ompt_cancel_discarded_task);
    return;
  }
  struct paromp_task *prev = self->ts.task;
  int saved = self->state;
  const void *saved_wait = self->wait_id;
  self->ts.task = t;
  t->scheduler = prev;
  paromp_set_state(self, ompt_state_work_parallel, NULL);
  if (OMPT_TOOL)
    paromp_ompt_task_switch(self, prev, ompt_task_switch, t);
  paromp_bp(ompd_bp_task_begin);
  OMPT_SET_EXIT_FRAME(t);
  t->fn(t->data);
  paromp_bp(ompd_bp_task_end);
  OMPT_WORK_CLOSE(self);
  self->ts.task = prev;
  paromp_set_state(self, saved, saved_wait);
  if (OMPT_TOOL)
    paromp_ompt_task_switch(self, t,
                            t->detached && !__atomic_load_n(&t->fulfilled, __ATOMIC_ACQUIRE)
                                ? ompt_task_detach : ompt_task_complete,
                            prev);
}

/* Runs t and, when chaining, then the next ready tasks that the filter
   allows (a child of parent, else a member of group, or any when both are
   NULL).  With a long queue it takes a few at a time, to lock less. */
#define TASK_BATCH 4

void paromp_task_run_chain(struct paromp_thread *self, struct paromp_task *t,
                           struct paromp_task *parent, struct paromp_taskgroup *group,
                           int chain)
{
  struct paromp_team *team = t->team;
  struct paromp_task *batch[TASK_BATCH];
  unsigned nbatch = 0, next = 0;
  while (t != NULL) {
    run_body(self, t);
    int lockfree = t->ndeps == 0 && !t->detached;
    if (lockfree) {
      /* body_done matters only to detached tasks and dependences */
      complete_unlocked(team, t);
      /* it queued nothing, so only task waiters need to hear of it (the
         barrier's "tasks queued" flag stays up while the queue is not
         empty: barrier.c takes it down only after seeing it empty) */
      paromp_task_wake_waiters(team);
      t = NULL;
      if (next < nbatch) {
        t = batch[next++];
      } else if (chain) {
        nbatch = next = 0;
        paromp_mutex_lock(&team->task_lock);
        t = pick_filtered_locked(team, parent, group);
        while (t != NULL && nbatch < TASK_BATCH &&
               __atomic_load_n(&team->queued, __ATOMIC_RELAXED) > 2u * team->nthreads &&
               (batch[nbatch] = pick_filtered_locked(team, parent, group)) != NULL)
          nbatch++;
        paromp_mutex_unlock(&team->task_lock);
      }
      continue;
    } else {
      paromp_mutex_lock(&team->task_lock);
      t->body_done = 1;
      /* a detached task ends when its event is fulfilled as well */
      if (!t->detached || t->fulfilled)
        complete_locked(team, t);
      t = NULL;
      if (next < nbatch)
        t = batch[next++];
      else if (chain)
        t = pick_filtered_locked(team, parent, group);
      paromp_mutex_unlock(&team->task_lock);
    }
    notify(team);
  }
}

void paromp_task_run_one(struct paromp_thread *self, struct paromp_task *t)
{
  paromp_task_run_chain(self, t, NULL, NULL, 0);
}

PAROMP_EXPORT void omp_fulfill_event(void *event)
{
  OMPT_ENTRY();
  struct paromp_task *t = event;
  if (t == NULL)
    return;
  struct paromp_team *team = t->team;
  paromp_mutex_lock(&team->task_lock);
  if (t->detached && !t->fulfilled) {
    __atomic_store_n(&t->fulfilled, 1, __ATOMIC_RELEASE);
    if (OMPT_TOOL)
      paromp_ompt_task_switch(NULL, t, t->body_done ? ompt_task_late_fulfill
                                                    : ompt_task_early_fulfill, NULL);
    if (t->body_done)
      complete_locked(team, t);
  }
  paromp_mutex_unlock(&team->task_lock);
  notify(team);
}

/* Runs ready children of task until it has none left unfinished. */
void paromp_task_wait_children(struct paromp_thread *self, struct paromp_task *task)
{
  struct paromp_team *team = self->ts.team;
  if (__atomic_load_n(&task->children, __ATOMIC_ACQUIRE) == 0)
    return;
  int saved = self->state;
  const void *saved_wait = self->wait_id;
  paromp_set_state(self, ompt_state_wait_taskwait, task);
  paromp_task_waiting(team, 1);
  for (;;) {
    unsigned seen = __atomic_load_n(&team->task_futex, __ATOMIC_SEQ_CST);
    if (__atomic_load_n(&task->children, __ATOMIC_ACQUIRE) == 0)
      break;
    struct paromp_task *t = NULL;
    /* look before locking: the children may all be running elsewhere */
    if (__atomic_load_n(&task->ready_children, __ATOMIC_RELAXED) != NULL) {
      paromp_mutex_lock(&team->task_lock);
      t = paromp_task_pick_locked(team, task, NULL);
      paromp_mutex_unlock(&team->task_lock);
    }
    if (t != NULL)
      paromp_task_run_chain(self, t, task, NULL, 1);
    else
      paromp_task_sleep(team, seen);
  }
  paromp_task_waiting(team, -1);
  paromp_set_state(self, saved, saved_wait);
}

static struct paromp_task *task_new(struct paromp_thread *self, struct paromp_task *parent,
                                    size_t arg_size, size_t align)
{
  struct paromp_task *t = paromp_task_alloc(self, arg_size, align);
  t->kind = PAROMP_TASK_EXPLICIT;
  t->parent = parent;
  t->team = parent->team;
  t->icv = parent->icv;
  t->id = ((uint64_t)self->serial << 40) | ++self->task_serial;
  t->state = PAROMP_TASK_WAITING;
  t->refs = 1;
  return t;
}

/* An undeferred task with no dependences and no detach: nothing else can
   see it while it runs, so it needs no lock and no team bookkeeping. */
static void run_included(struct paromp_thread *self, struct paromp_task *t)
{
  t->taskgroup = paromp_group_for_children(t->parent);
  t->state = PAROMP_TASK_RUNNING;
  run_body(self, t);
  t->state = PAROMP_TASK_DONE;
  paromp_task_release(t);
}

/* With the task lock held: runs one ready task (a child of parent, or any
   when parent is NULL) or, if there is none, sleeps until tasks change. */
static void help_or_sleep_locked(struct paromp_thread *self, struct paromp_team *team,
                                 struct paromp_task *parent)
{
  unsigned seen = __atomic_load_n(&team->task_futex, __ATOMIC_SEQ_CST);
  struct paromp_task *o = paromp_task_pick_locked(team, parent, NULL);
  paromp_mutex_unlock(&team->task_lock);
  if (o != NULL)
    paromp_task_run_one(self, o);
  else
    paromp_task_sleep(team, seen);
  paromp_mutex_lock(&team->task_lock);
}

/* Creates a task; runs it at once when it is undeferred. */
void paromp_task_create(void (*fn)(void *), void *data, void (*cpyfn)(void *, void *),
                        long arg_size, long arg_align, bool if_clause, unsigned flags,
                        void **depend, int priority,
                        void (*init)(void *task_data, void *arg), void *init_arg,
                        void *detach)
{
  struct paromp_thread *self = paromp_self();
  struct paromp_task *parent = self->ts.task;
  struct paromp_team *team = self->ts.team;
  if (paromp_gicv.cancel &&
      (__atomic_load_n(&team->cancelled, __ATOMIC_ACQUIRE) || paromp_taskgroup_cancelled(parent)))
    return;
  if (arg_align < 1 || (arg_align & (arg_align - 1)) != 0)
    arg_align = sizeof(void *);
  struct paromp_task *t = task_new(self, parent, (size_t)arg_size, (size_t)arg_align);
  t->fn = fn;
  t->final = (flags & GOMP_TASK_FLAG_FINAL) || parent->final;
  t->untied = (flags & GOMP_TASK_FLAG_UNTIED) != 0;
  if (flags & GOMP_TASK_FLAG_PRIORITY)
    t->priority = priority < 0 ? 0
                  : priority > paromp_gicv.max_task_priority ? paromp_gicv.max_task_priority
                  : priority;
  /* outside any parallel region, or with a long queue, run it at once; but
     never a detachable task for the queue's sake: run undeferred, it holds
     its creator until fulfilled, and the creator may be the one to fulfil */
  t->undeferred = !if_clause || parent->final || team->level == 0 ||
                  (!(flags & GOMP_TASK_FLAG_DETACH) &&
                   __atomic_load_n(&team->queued, __ATOMIC_RELAXED) > 16u * team->nthreads);
  if ((flags & GOMP_TASK_FLAG_DETACH) && detach != NULL) {
    t->detached = 1;
    *(void **)detach = t;
    if (data != NULL)
      *(void **)data = t;
  }
  if (cpyfn)
    cpyfn(t->data, data);
  else if (arg_size > 0)
    memcpy(t->data, data, (size_t)arg_size);
  if (init)
    init(t->data, init_arg);
  t->mergeable = (flags & GOMP_TASK_FLAG_MERGEABLE) != 0;
  t->taskwait = (flags & PAROMP_TASK_FLAG_TASKWAIT) != 0;
  if (OMPT_ON(task_create))
    paromp_ompt.task_create(&parent->ompt_data, &parent->frame, &t->ompt_data,
                            paromp_ompt_task_flags(t),
                            (flags & GOMP_TASK_FLAG_DEPEND) && depend, self->ompt_ra);
  if (t->undeferred && !t->detached && !((flags & GOMP_TASK_FLAG_DEPEND) && depend)) {
    run_included(self, t);
    return;
  }

  paromp_mutex_lock(&team->task_lock);
  __atomic_add_fetch(&parent->children, 1, __ATOMIC_RELAXED);
  if (parent->kind == PAROMP_TASK_EXPLICIT)
    __atomic_add_fetch(&parent->refs, 1, __ATOMIC_RELAXED);
  t->taskgroup = paromp_group_for_children(parent);
  if (t->taskgroup)
    __atomic_add_fetch(&t->taskgroup->pending, 1, __ATOMIC_RELAXED);
  __atomic_add_fetch(&team->task_count, 1, __ATOMIC_RELAXED);
  unsigned npred = (flags & GOMP_TASK_FLAG_DEPEND) && depend
                       ? paromp_deps_add_locked(parent, t, depend) : 0;
  if (!t->undeferred) {
    if (npred == 0)
      paromp_task_enqueue_locked(team, t);
    paromp_mutex_unlock(&team->task_lock);
    notify(team);
    return;
  }
  /* Undeferred: wait for its predecessors, helping with other tasks. */
  paromp_task_waiting(team, 1);
  while (t->npred != 0)
    help_or_sleep_locked(self, team, parent);
  paromp_task_waiting(team, -1);
  t->state = PAROMP_TASK_RUNNING;
  /* an undeferred detached task: hold it until its event is fulfilled */
  int hold = t->detached;
  if (hold)
    __atomic_add_fetch(&t->refs, 1, __ATOMIC_RELAXED);
  paromp_mutex_unlock(&team->task_lock);
  paromp_task_run_one(self, t);
  if (hold) {
    paromp_mutex_lock(&team->task_lock);
    paromp_task_waiting(team, 1);
    while (t->state != PAROMP_TASK_DONE)
      help_or_sleep_locked(self, team, NULL);
    paromp_task_waiting(team, -1);
    paromp_mutex_unlock(&team->task_lock);
    paromp_task_release(t);
  }
}

PAROMP_EXPORT void GOMP_task(void (*fn)(void *), void *data, void (*cpyfn)(void *, void *),
                             long arg_size, long arg_align, bool if_clause, unsigned flags,
                             void **depend, int priority, void *detach)
{
  OMPT_ENTRY();
  paromp_task_create(fn, data, cpyfn, arg_size, arg_align, if_clause, flags, depend,
                     priority, NULL, NULL, detach);
}

PAROMP_EXPORT void GOMP_taskwait(void)
{
  OMPT_ENTRY();
  struct paromp_thread *self = paromp_self();
  if (!OMPT_TOOL) {
    paromp_task_wait_children(self, self->ts.task);
    return;
  }
  ompt_data_t *pd = &self->ts.team->ompt_data, *td = &self->ts.task->ompt_data;
  paromp_ompt_sync(self, ompt_sync_region_taskwait, ompt_scope_begin, 0, pd, td);
  paromp_ompt_sync(self, ompt_sync_region_taskwait, ompt_scope_begin, 1, pd, td);
  paromp_task_wait_children(self, self->ts.task);
  paromp_ompt_sync(self, ompt_sync_region_taskwait, ompt_scope_end, 1, pd, td);
  paromp_ompt_sync(self, ompt_sync_region_taskwait, ompt_scope_end, 0, pd, td);
}

/* taskwait depend(...): waits only for the named dependences, by running an
   empty undeferred task that carries them; 5.1 makes it a mergeable and
   included task. */
static void empty_task(void *data)
{
  (void)data;
}

PAROMP_EXPORT void GOMP_taskwait_depend(void **depend)
{
  OMPT_ENTRY();
  paromp_task_create(empty_task, NULL, NULL, 0, 1, false,
                     GOMP_TASK_FLAG_DEPEND | GOMP_TASK_FLAG_MERGEABLE | PAROMP_TASK_FLAG_TASKWAIT,
                     depend, 0, NULL, NULL, NULL);
}

PAROMP_EXPORT void GOMP_taskyield(void)
{
  OMPT_ENTRY();
  struct paromp_thread *self = paromp_self();
  struct paromp_team *team = self->ts.team;
  if (__atomic_load_n(&self->ts.task->ready_children, __ATOMIC_RELAXED) == NULL)
    return;
  paromp_mutex_lock(&team->task_lock);
  struct paromp_task *t = paromp_task_pick_locked(team, self->ts.task, NULL);
  paromp_mutex_unlock(&team->task_lock);
  if (t != NULL)
    paromp_task_run_one(self, t);
}
