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
_Static_assert(offsetof(struct paromp_task, parent_explicit) < 2 * PAROMP_CACHE_LINE,
               "the fields a task's runner touches span more than two lines");
_Static_assert(offsetof(struct paromp_task, child_credit) / PAROMP_CACHE_LINE !=
                       offsetof(struct paromp_task, children) / PAROMP_CACHE_LINE &&
                   offsetof(struct paromp_task, child_credit) >= 2 * PAROMP_CACHE_LINE,
               "a parent's credit shares a line with what its children's runners touch");
_Static_assert(offsetof(struct paromp_task, frame) + sizeof(ompt_frame_t) <=
                       2 * PAROMP_CACHE_LINE &&
                   offsetof(struct paromp_task, children) >= 2 * PAROMP_CACHE_LINE,
               "a task's frame, written at each runtime entry, leaves the first two lines");

/* How deep tasks that could wait in the queue may nest when a team of one
   runs them at once (each level is a few frames of the thread's stack). */
#define AT_ONCE_DEPTH 64u

/* A task's children count is raised this much at a time, ahead of making
   them, by the task's own thread: the only one that makes its children and
   the only one that waits for them (it gives back what is left first).
   Their runners, which lower it one by one, then rarely find the line
   taken back by the maker. */
#define CHILD_CREDIT 16u

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

/* ---- ready tasks ----------------------------------------------------------

   Each member pushes the tasks it makes (and those whose dependences it
   releases) onto its own ring, with no lock and no read-modify-write: the
   thread that makes tasks and the one that runs them share only the ring's
   lines.  The owner takes at the tail (the newest first), other members at
   the head (at a barrier, a few at once), both under the ring's lock.  A task with a priority, and one
   that must wait but finds no room, goes to the team's list instead, under
   task_lock.  A ring that is full makes its owner run the next task at once. */

#define RING_MASK (PAROMP_RING_SIZE - 1)
/* How far past a ring's head another member looks for a task it may run */
#define STEAL_LOOK 8u

/* Gives every member of the team a ring before its first deferred task. */
static void rings_ensure(struct paromp_team *team)
{
  if (PAROMP_LIKELY(__atomic_load_n(&team->nrings, __ATOMIC_ACQUIRE) >= team->nthreads))
    return;
  paromp_mutex_lock(&team->task_lock);
  if (team->nrings < team->nthreads) {
    /* every ring is empty between regions; the old array stays, since a
       member leaving the last region's barrier may still look at it */
    struct paromp_ring *r = paromp_calloc_lines(team->nthreads, sizeof *r);
    r[0].older = team->rings;
    __atomic_store_n(&team->rings, r, __ATOMIC_SEQ_CST);
    __atomic_store_n(&team->nrings, team->nthreads, __ATOMIC_SEQ_CST);
  }
  paromp_mutex_unlock(&team->task_lock);
}

/* self's ring in its team, or NULL */
static struct paromp_ring *own_ring(struct paromp_thread *self, struct paromp_team *team)
{
  if (self == NULL || self->ts.team != team ||
      self->ts.num >= __atomic_load_n(&team->nrings, __ATOMIC_ACQUIRE))
    return NULL;
  return &__atomic_load_n(&team->rings, __ATOMIC_ACQUIRE)[self->ts.num];
}

/* Whether the owner's next push fits; head only grows, so a full look
   at an old head is only too careful.  A ring found full stays full for
   the next few tasks without a look at head, the takers' line. */
#define RING_FULL_SKIP 8u

static int ring_room(struct paromp_ring *r)
{
  if (r->tail - r->head_seen < PAROMP_RING_SIZE)
    return 1;
  if (r->full_skip != 0) {
    r->full_skip--;
    return 0;
  }
  r->head_seen = __atomic_load_n(&r->head, __ATOMIC_ACQUIRE);
  if (r->tail - r->head_seen < PAROMP_RING_SIZE)
    return 1;
  r->full_skip = RING_FULL_SKIP;
  return 0;
}

/* The owner only, after ring_room.  A taker works below the tail it read
   under the lock, so the new slot is the owner's alone until the store of
   tail publishes it.  That store is sequentially consistent, as is the
   barrier's clearing of its "tasks queued" flag before it looks at the
   rings: one of the two sees the other. */
static void ring_push(struct paromp_ring *r, struct paromp_task *t)
{
  unsigned tail = r->tail;
  r->slot[tail & RING_MASK] = t;
  __atomic_store_n(&r->tail, tail + 1, __ATOMIC_SEQ_CST);
}

static int ring_empty(struct paromp_ring *r)
{
  return __atomic_load_n(&r->tail, __ATOMIC_ACQUIRE) == __atomic_load_n(&r->head, __ATOMIC_ACQUIRE);
}

/* Whether a thread waiting for parent's children, or for group's tasks,
   may run t (any task when both are NULL). */
static int allowed(struct paromp_task *t, struct paromp_task *parent,
                   struct paromp_taskgroup *group)
{
  if (parent == NULL && group == NULL)
    return 1;
  if (parent != NULL && t->parent == parent)
    return 1;
  for (struct paromp_taskgroup *g = group ? t->taskgroup : NULL; g != NULL; g = g->prev)
    if (g == group)
      return 1;
  return 0;
}

/* Takes a task that the filter allows from r: the newest when r is the
   taker's own (mine == r), else one of the oldest STEAL_LOOK; NULL if
   none.  A taker that may run any task takes up to half of the rest
   along, at most STEAL_BATCH in all, onto its own ring: it then reads
   the owner's lines once for them all. */
#define STEAL_BATCH 4u

/* Whether self waits at a barrier that has passed (see take_until).  The
   tasks a taker saw were queued before it looks: if the barrier had not
   passed then, they are the region's it waits in. */
static int barrier_passed(const struct paromp_thread *self)
{
  const unsigned *w = self->take_until;
  return w != NULL && __atomic_load_n(w, __ATOMIC_SEQ_CST) / PAROMP_BAR_GEN != self->take_gen;
}

static struct paromp_task *ring_take(struct paromp_thread *self, struct paromp_ring *r,
                                     struct paromp_ring *mine, struct paromp_task *parent,
                                     struct paromp_taskgroup *group)
{
  int own = r == mine;
  if (ring_empty(r))
    return NULL;
  struct paromp_task *t = NULL;
  paromp_mutex_lock(&r->lock);
  unsigned head = r->head, tail = __atomic_load_n(&r->tail, __ATOMIC_ACQUIRE);
  if (barrier_passed(self)) {
    paromp_mutex_unlock(&r->lock);
    return NULL;
  }
  if (own) {
    for (unsigned i = tail; i != head;) {
      i--;
      if (allowed(r->slot[i & RING_MASK], parent, group)) {
        t = r->slot[i & RING_MASK];
        for (; i + 1 != tail; i++)
          r->slot[i & RING_MASK] = r->slot[(i + 1) & RING_MASK];
        __atomic_store_n(&r->tail, tail - 1, __ATOMIC_RELAXED);
        break;
      }
    }
  } else {
    unsigned look = tail - head < STEAL_LOOK ? tail - head : STEAL_LOOK;
    for (unsigned i = head; i != head + look; i++) {
      if (allowed(r->slot[i & RING_MASK], parent, group)) {
        t = r->slot[i & RING_MASK];
        for (; i != head; i--)
          r->slot[i & RING_MASK] = r->slot[(i - 1) & RING_MASK];
        unsigned moved = 0;
        if (mine != NULL && parent == NULL && group == NULL) {
          unsigned extra = (tail - head - 1) / 2;
          if (extra > STEAL_BATCH - 1)
            extra = STEAL_BATCH - 1;
          for (; moved < extra && ring_room(mine); moved++)
            ring_push(mine, r->slot[(head + 1 + moved) & RING_MASK]);
        }
        /* after the slots: the owner may reuse them once it sees this */
        __atomic_store_n(&r->head, head + 1 + moved, __ATOMIC_RELEASE);
        break;
      }
    }
  }
  paromp_mutex_unlock(&r->lock);
  return t;
}

/* Under the task lock: puts t on the team's list, by priority. */
static void list_insert_locked(struct paromp_team *team, struct paromp_task *t)
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
  __atomic_add_fetch(&team->listed, 1, __ATOMIC_SEQ_CST);
}

/* Under the task lock: the first listed task the filter allows, taken off
   the list; NULL if none.  The list is short: tasks with a priority are
   run at once while it holds more than 16 per member. */
static struct paromp_task *list_take_locked(struct paromp_team *team, struct paromp_task *parent,
                                            struct paromp_taskgroup *group)
{
  struct paromp_task *t = team->queue_head;
  while (t != NULL && !allowed(t, parent, group))
    t = t->qnext;
  if (t == NULL)
    return NULL;
  if (t->qprev) t->qprev->qnext = t->qnext; else team->queue_head = t->qnext;
  if (t->qnext) t->qnext->qprev = t->qprev; else team->queue_tail = t->qprev;
  t->qnext = t->qprev = NULL;
  __atomic_sub_fetch(&team->listed, 1, __ATOMIC_RELAXED);
  return t;
}

/* Under the task lock: t is ready (its last predecessor finished, or it
   had none).  It goes onto the calling thread's ring when that is a member
   of t's team with room, else onto the list. */
void paromp_task_enqueue_locked(struct paromp_team *team, struct paromp_task *t)
{
  struct paromp_ring *r = t->priority > 0 ? NULL : own_ring(paromp_self_tls, team);
  if (r != NULL && ring_room(r))
    ring_push(r, t);
  else
    list_insert_locked(team, t);
}

/* The team's task_count is raised the same way, per member, on its ring's
   own line.  A member gives back what is left before it arrives at a
   barrier and each time it ran tasks there: only a barrier reads the
   count, and it waits for every member anyway. */
#define TASK_CREDIT 16u

static void count_task(struct paromp_thread *self, struct paromp_team *team,
                       struct paromp_ring *r)
{
  if (r == NULL) {
    __atomic_add_fetch(&team->task_count, 1, __ATOMIC_RELAXED);
    return;
  }
  if (r->credit == 0) {
    __atomic_add_fetch(&team->task_count, TASK_CREDIT, __ATOMIC_RELAXED);
    __atomic_store_n(&r->credit_owner, self, __ATOMIC_RELAXED);
    r->credit = TASK_CREDIT;
  }
  r->credit--;
}

/* Only the thread that drew a ring's credit gives it back.  A thread
   holds credit only while its barrier cannot pass (the credit is in the
   count the barrier waits for), so one that has left it finds another
   owner, or none, and touches nothing. */
void paromp_task_credit_return(struct paromp_thread *self)
{
  struct paromp_team *team = self->ts.team;
  struct paromp_ring *r = own_ring(self, team);
  if (r == NULL || __atomic_load_n(&r->credit_owner, __ATOMIC_RELAXED) != self)
    return;
  __atomic_store_n(&r->credit_owner, NULL, __ATOMIC_RELAXED);
  unsigned c = r->credit;
  if (c == 0)
    return;
  r->credit = 0;
  /* as a task that ends: the last one lets the barrier go */
  if (__atomic_sub_fetch(&team->task_count, c, __ATOMIC_SEQ_CST) == 0) {
    paromp_mutex_lock(&team->task_lock);
    paromp_barrier_try_release_after_tasks(team);
    paromp_mutex_unlock(&team->task_lock);
  }
}

/* Whether any task of the team is ready (a hint: no lock). */
int paromp_task_ready_any(struct paromp_team *team)
{
  if (__atomic_load_n(&team->listed, __ATOMIC_SEQ_CST) != 0)
    return 1;
  unsigned n = __atomic_load_n(&team->nrings, __ATOMIC_SEQ_CST);
  unsigned members = __atomic_load_n(&team->nthreads, __ATOMIC_RELAXED);   /* see team_begin */
  if (n > members)
    n = members;
  struct paromp_ring *rings = __atomic_load_n(&team->rings, __ATOMIC_SEQ_CST);
  for (unsigned i = 0; i < n; i++)
    if (__atomic_load_n(&rings[i].tail, __ATOMIC_SEQ_CST) !=
        __atomic_load_n(&rings[i].head, __ATOMIC_SEQ_CST))
      return 1;
  return 0;
}

/* A ready task of self's team to run, that the filter allows (a child of
   parent, or a task in group or its nested groups, or any when both are
   NULL), now marked running; NULL if none.  Listed tasks first, for their
   priority; then self's ring; then the other members' rings. */
struct paromp_task *paromp_task_take(struct paromp_thread *self, struct paromp_task *parent,
                                     struct paromp_taskgroup *group)
{
  struct paromp_team *team = self->ts.team;
  struct paromp_task *t = NULL;
  if (__atomic_load_n(&team->listed, __ATOMIC_ACQUIRE) != 0) {
    paromp_mutex_lock(&team->task_lock);
    if (!barrier_passed(self))
      t = list_take_locked(team, parent, group);
    paromp_mutex_unlock(&team->task_lock);
  }
  unsigned n = __atomic_load_n(&team->nrings, __ATOMIC_ACQUIRE);
  struct paromp_ring *rings = __atomic_load_n(&team->rings, __ATOMIC_ACQUIRE);
  unsigned me = self->ts.num;
  unsigned members = __atomic_load_n(&team->nthreads, __ATOMIC_RELAXED);   /* see team_begin */
  if (n > members)
    n = members;
  struct paromp_ring *mine = me < n ? &rings[me] : NULL;
  if (t == NULL && mine != NULL)
    t = ring_take(self, mine, mine, parent, group);
  for (unsigned k = 1; t == NULL && k < n; k++)
    t = ring_take(self, &rings[(me + k) % n], mine, parent, group);
  if (t != NULL)
    __atomic_store_n(&t->state, PAROMP_TASK_RUNNING, __ATOMIC_RELAXED);
  return t;
}

/* After the lock is dropped: tell waiters that tasks were queued or ended
   (outside the lock, to keep it short). */
static void notify(struct paromp_team *team)
{
  if (paromp_task_ready_any(team))
    paromp_barrier_notify_tasks(team);
  paromp_task_wake_waiters(team);
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
  if (t->parent_explicit)
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
  if (t->parent_explicit)
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
   NULL). */
void paromp_task_run_chain(struct paromp_thread *self, struct paromp_task *t,
                           struct paromp_task *parent, struct paromp_taskgroup *group,
                           int chain)
{
  struct paromp_team *team = t->team;
  while (t != NULL) {
    run_body(self, t);
    if (t->ndeps == 0 && !t->detached) {
      /* body_done matters only to detached tasks and dependences */
      complete_unlocked(team, t);
      /* it queued nothing, so only task waiters need to hear of it (the
         barrier's "tasks queued" flag stays up while a ring or the list
         holds a task: barrier.c takes it down only after seeing none) */
      paromp_task_wake_waiters(team);
    } else {
      paromp_mutex_lock(&team->task_lock);
      t->body_done = 1;
      /* a detached task ends when its event is fulfilled as well */
      if (!t->detached || t->fulfilled)
        complete_locked(team, t);
      paromp_mutex_unlock(&team->task_lock);
      notify(team);
    }
    t = chain ? paromp_task_take(self, parent, group) : NULL;
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
  if (task->child_credit != 0) {
    __atomic_sub_fetch(&task->children, task->child_credit, __ATOMIC_RELAXED);
    task->child_credit = 0;
  }
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
    struct paromp_task *t = paromp_task_take(self, task, NULL);
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
  t->parent_explicit = parent->kind == PAROMP_TASK_EXPLICIT;
  t->team = parent->team;
  t->icv = parent->icv;
  t->id = ((uint64_t)self->serial << 40) | ++self->task_serial;
  t->state = PAROMP_TASK_WAITING;
  t->refs = 1;
  return t;
}

/* A task with no dependences and no detach that runs where it is made
   (undeferred, or at once in a team of one): nothing else can see it while
   it runs, so it needs no lock and no team bookkeeping. */
static void run_included(struct paromp_thread *self, struct paromp_task *t)
{
  t->taskgroup = paromp_group_for_children(t->parent);
  t->state = PAROMP_TASK_RUNNING;
  self->included_depth++;
  run_body(self, t);
  self->included_depth--;
  t->state = PAROMP_TASK_DONE;
  paromp_task_release(t);
}

/* With the task lock held: runs one ready task (a child of parent, or any
   when parent is NULL) or, if there is none, sleeps until tasks change. */
static void help_or_sleep_locked(struct paromp_thread *self, struct paromp_team *team,
                                 struct paromp_task *parent)
{
  unsigned seen = __atomic_load_n(&team->task_futex, __ATOMIC_SEQ_CST);
  paromp_mutex_unlock(&team->task_lock);
  struct paromp_task *o = paromp_task_take(self, parent, NULL);
  if (o != NULL)
    paromp_task_run_one(self, o);
  else
    paromp_task_sleep(team, seen);
  paromp_mutex_lock(&team->task_lock);
}

/* Creates a task; runs it at once when it is undeferred, or in a team of
   one (see AT_ONCE_DEPTH). */
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
  int deps = (flags & GOMP_TASK_FLAG_DEPEND) && depend;
  int deferrable = if_clause && !parent->final && team->level != 0;
  struct paromp_ring *ring = NULL;
  if (deferrable) {
    rings_ensure(team);
    ring = own_ring(self, team);
  }
  /* outside any parallel region, or with a full ring (a long list, for a
     task with a priority), run it at once (a team of one: see below); but
     never a detachable task for the queue's sake: run undeferred, it holds
     its creator until fulfilled, and the creator may be the one to fulfil */
  t->undeferred = !deferrable ||
                  (!(flags & GOMP_TASK_FLAG_DETACH) &&
                   (t->priority > 0
                        ? __atomic_load_n(&team->listed, __ATOMIC_RELAXED) > 16u * team->nthreads
                        : ring == NULL || !ring_room(ring)));
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
                            deps, self->ompt_ra);
  /* In a team of one, nothing else could run a deferred task before this
     thread does, so it switches to it at once (its creation is a task
     scheduling point), without the ring (1-thread TASK row: 0.031 ->
     0.021 us); but not deeper than AT_ONCE_DEPTH such tasks, so that a
     chain of tasks that each make the next cannot overflow the stack. */
  if ((t->undeferred ||
       (team->nthreads == 1 && t->priority == 0 && self->included_depth < AT_ONCE_DEPTH)) &&
      !t->detached && !deps) {
    run_included(self, t);
    return;
  }

  /* counted before anyone can see it: its runner uncounts it */
  if (parent->child_credit == 0) {
    __atomic_add_fetch(&parent->children, CHILD_CREDIT, __ATOMIC_RELAXED);
    parent->child_credit = CHILD_CREDIT;
  }
  parent->child_credit--;
  if (t->parent_explicit)
    __atomic_add_fetch(&parent->refs, 1, __ATOMIC_RELAXED);
  t->taskgroup = paromp_group_for_children(parent);
  if (t->taskgroup)
    __atomic_add_fetch(&t->taskgroup->pending, 1, __ATOMIC_RELAXED);
  count_task(self, team, ring);
  if (!deps && !t->undeferred) {
    /* the common case, without the task lock */
    if (t->priority == 0 && ring != NULL && ring_room(ring)) {
      ring_push(ring, t);
    } else {
      paromp_mutex_lock(&team->task_lock);
      list_insert_locked(team, t);
      paromp_mutex_unlock(&team->task_lock);
    }
    paromp_barrier_notify_tasks(team);
    paromp_task_wake_waiters(team);
    return;
  }
  paromp_mutex_lock(&team->task_lock);
  unsigned npred = deps ? paromp_deps_add_locked(parent, t, depend) : 0;
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
  struct paromp_task *t = paromp_task_take(self, self->ts.task, NULL);
  if (t != NULL)
    paromp_task_run_one(self, t);
}
