/* Team barriers.  A barrier is one 64-bit word: arrivals in the low half, and
   a futex word (generation, "tasks queued", "cancelled") in the high half, so
   that arriving, undoing an arrival and releasing are each one atomic step. */
#include "config.h"

#include "paromp.h"
#include "ompt.h"

#define LO(w) ((unsigned)(w))
#define HI(w) ((unsigned)((w) >> 32))
#define HI_BITS(x) ((uint64_t)(x) << 32)

static unsigned *bar_futex(struct paromp_barrier *b)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  return (unsigned *)&b->word + 1;
#else
  return (unsigned *)&b->word;
#endif
}

void paromp_barrier_init(struct paromp_barrier *b)
{
  b->word = 0;
  b->sleepers = 0;
}

static void release(struct paromp_barrier *b)
{
  uint64_t old = __atomic_load_n(&b->word, __ATOMIC_RELAXED);
  while (!__atomic_compare_exchange_n(&b->word, &old, HI_BITS(HI(old) + PAROMP_BAR_GEN), 0,
                                      __ATOMIC_SEQ_CST, __ATOMIC_RELAXED))
    ;
  paromp_wake_all(bar_futex(b), &b->sleepers);
}

/* Called under the task lock when the last deferred task of the team ends. */
void paromp_barrier_try_release_after_tasks(struct paromp_team *team)
{
  struct paromp_barrier *b = team->bar_all_in;
  if (b != NULL && __atomic_load_n(&team->task_count, __ATOMIC_SEQ_CST) == 0) {
    team->bar_all_in = NULL;
    release(b);
  }
}

static void set_flag(struct paromp_barrier *b, unsigned flag)
{
  if (!(__atomic_load_n(bar_futex(b), __ATOMIC_SEQ_CST) & flag)) {
    __atomic_fetch_or(&b->word, HI_BITS(flag), __ATOMIC_SEQ_CST);
    paromp_wake_all(bar_futex(b), &b->sleepers);
  }
}

void paromp_barrier_notify_tasks(struct paromp_team *team)
{
  set_flag(&team->bar, PAROMP_BAR_TASK);
  set_flag(&team->join, PAROMP_BAR_TASK);
}

void paromp_barrier_notify_cancel(struct paromp_team *team)
{
  set_flag(&team->bar, PAROMP_BAR_CANCEL);
}

/* A new region on a reused team: a cancel flag left from the last region
   would make the next cancellation look already announced. */
void paromp_barrier_clear_cancel(struct paromp_barrier *b)
{
  __atomic_fetch_and(&b->word, ~HI_BITS(PAROMP_BAR_CANCEL), __ATOMIC_RELAXED);
}

/* Runs ready tasks of the team; 0 if there was none. */
static int help_with_tasks(struct paromp_thread *self)
{
  struct paromp_task *t = paromp_task_take(self, NULL, NULL);
  if (t == NULL)
    return 0;
  paromp_task_run_chain(self, t, NULL, NULL, 1);
  paromp_task_credit_return(self);
  return 1;
}

/* No task is ready but the "tasks queued" flag is up: watch the rings and
   the list for a spin budget (the team is likely still making tasks), then
   take the flag down so that we can sleep.  Clearing it and then looking
   at the rings, against the maker's "ring, then flag", means one of the two
   always sees the other (both are sequentially consistent). */
static void idle_with_tasks(struct paromp_team *team, struct paromp_barrier *b, unsigned gen)
{
  unsigned *fw = bar_futex(b);
  for (unsigned long i = 0; i < paromp_spin_count; i++) {
    if (paromp_task_ready_any(team) ||
        __atomic_load_n(fw, __ATOMIC_RELAXED) / PAROMP_BAR_GEN != gen ||
        __atomic_load_n(&team->cancelled, __ATOMIC_RELAXED))
      return;
    paromp_spin_pause(i);
  }
  __atomic_fetch_and(&b->word, ~HI_BITS(PAROMP_BAR_TASK), __ATOMIC_SEQ_CST);
  if (paromp_task_ready_any(team))
    set_flag(b, PAROMP_BAR_TASK);
}

/* A team of one still has to finish its deferred tasks at a barrier. */
static void drain_alone(struct paromp_thread *self)
{
  struct paromp_team *team = self->ts.team;
  paromp_task_waiting(team, 1);
  while (__atomic_load_n(&team->task_count, __ATOMIC_ACQUIRE) != 0) {
    unsigned seen = __atomic_load_n(&team->task_futex, __ATOMIC_ACQUIRE);
    struct paromp_task *t = paromp_task_take(self, NULL, NULL);
    if (t != NULL) {
      paromp_task_run_one(self, t);
      paromp_task_credit_return(self);
    } else {
      paromp_task_sleep(team, seen);
    }
  }
  paromp_task_waiting(team, -1);
}

static int state_of(ompt_sync_region_t kind)
{
  switch (kind) {
  case ompt_sync_region_barrier_implicit_parallel:
    return ompt_state_wait_barrier_implicit_parallel;
  case ompt_sync_region_barrier_implicit_workshare:
    return ompt_state_wait_barrier_implicit_workshare;
  case ompt_sync_region_barrier_explicit:
    return ompt_state_wait_barrier_explicit;
  case ompt_sync_region_barrier_implementation:
    return ompt_state_wait_barrier_implementation;
  default:
    return ompt_state_wait_barrier;
  }
}

/* The barrier's begin events, and the arguments its end events take: at
   the end of a parallel region the region may be gone, and a worker's
   implicit task may already be reused, so those get NULL and a copy. */
struct bar_events {
  ompt_sync_region_t kind;
  ompt_data_t *parallel;
  ompt_data_t *task;
  ompt_data_t task_copy;
};

static void events_begin(struct paromp_thread *self, struct bar_events *ev)
{
  OMPT_WORK_CLOSE(self);
  ev->parallel = &self->ts.team->ompt_data;
  ev->task = &self->ts.task->ompt_data;
  paromp_ompt_sync(self, ev->kind, ompt_scope_begin, 0, ev->parallel, ev->task);
  paromp_ompt_sync(self, ev->kind, ompt_scope_begin, 1, ev->parallel, ev->task);
  if (ev->kind == ompt_sync_region_barrier_implicit_parallel) {
    ev->task_copy = *ev->task;
    ev->parallel = NULL;
    ev->task = &ev->task_copy;
  }
}

static int events_end(struct paromp_thread *self, struct bar_events *ev, int cancelled)
{
  paromp_ompt_sync(self, ev->kind, ompt_scope_end, 1, ev->parallel, ev->task);
  paromp_ompt_sync(self, ev->kind, ompt_scope_end, 0, ev->parallel, ev->task);
  if (cancelled)
    paromp_ompt_cancel(self, ev->task, ompt_cancel_parallel | ompt_cancel_detected);
  return cancelled;
}

/* Returns 1 when the region was cancelled (cancellable barriers only). */
int paromp_barrier_wait(struct paromp_thread *self, struct paromp_barrier *b,
                        ompt_sync_region_t kind, int cancellable)
{
  struct paromp_team *team = self->ts.team;
  int saved_state = self->state;
  const void *saved_wait = self->wait_id;
  struct bar_events ev = { .kind = kind };
  if (cancellable && __atomic_load_n(&team->cancelled, __ATOMIC_ACQUIRE)) {
    if (OMPT_TOOL)
      paromp_ompt_cancel(self, &self->ts.task->ompt_data,
                         ompt_cancel_parallel | ompt_cancel_detected);
    return 1;
  }
  if (OMPT_TOOL)
    events_begin(self, &ev);
  paromp_set_state(self, state_of(kind), team);
  paromp_task_credit_return(self);
  if (team->nthreads == 1) {
    drain_alone(self);
    paromp_set_state(self, saved_state, saved_wait);
    int cancelled = cancellable && __atomic_load_n(&team->cancelled, __ATOMIC_ACQUIRE);
    return OMPT_TOOL ? events_end(self, &ev, cancelled) : cancelled;
  }

  uint64_t w = __atomic_add_fetch(&b->word, 1, __ATOMIC_ACQ_REL);
  unsigned gen = HI(w) / PAROMP_BAR_GEN;
  if (LO(w) == team->nthreads) {
    int hold = 0;
    if (__atomic_load_n(&team->task_count, __ATOMIC_ACQUIRE) != 0) {
      paromp_mutex_lock(&team->task_lock);
      if (__atomic_load_n(&team->task_count, __ATOMIC_SEQ_CST) != 0) {
        team->bar_all_in = b;
        hold = 1;
      }
      paromp_mutex_unlock(&team->task_lock);
    }
    if (!hold)
      release(b);
  }

  unsigned *fw = bar_futex(b);
  /* a barrier met inside a task run here (a nested team's) sets its own */
  const unsigned *outer_until = self->take_until;
  unsigned outer_gen = self->take_gen;
  self->take_until = fw;
  self->take_gen = gen;
  for (;;) {
    unsigned hi = __atomic_load_n(fw, __ATOMIC_ACQUIRE);
    if (hi / PAROMP_BAR_GEN != gen)
      break;
    if (cancellable && __atomic_load_n(&team->cancelled, __ATOMIC_ACQUIRE)) {
      /* take back our arrival, unless the barrier completed meanwhile */
      uint64_t old = __atomic_load_n(&b->word, __ATOMIC_ACQUIRE);
      if (HI(old) / PAROMP_BAR_GEN == gen && LO(old) != 0 &&
          __atomic_compare_exchange_n(&b->word, &old, old - 1, 0,
                                      __ATOMIC_ACQ_REL, __ATOMIC_RELAXED))
        break;
      continue;
    }
    if (hi & PAROMP_BAR_TASK) {
      if (!help_with_tasks(self))
        idle_with_tasks(team, b, gen);
      continue;
    }
    paromp_wait_while_eq(fw, hi, &b->sleepers);
  }
  self->take_until = outer_until;
  self->take_gen = outer_gen;
  paromp_set_state(self, saved_state, saved_wait);
  int cancelled = cancellable && __atomic_load_n(&team->cancelled, __ATOMIC_ACQUIRE);
  return OMPT_TOOL ? events_end(self, &ev, cancelled) : cancelled;
}
