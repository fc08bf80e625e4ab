/* Parallel regions: forming a team from the pool, starting its members, and
   the barrier that ends it (GOMP_parallel and its older split form). */
#include "config.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "gomp_abi.h"
#include "paromp.h"
#include "ompt.h"

/* Threads in teams right now, the initial thread included; bounds teams by
   thread-limit-var.  On a line of its own: written at every region. */
static union {
  unsigned n;
  char line[PAROMP_CACHE_LINE];
} busy_line __attribute__((aligned(PAROMP_CACHE_LINE))) = { .n = 1 };
#define busy_threads (busy_line.n)

static void prep_reductions(struct paromp_ws *ws, void *arg, unsigned nthreads);

static void init_implicit(struct paromp_task *t, struct paromp_team *team,
                          struct paromp_task *parent, const struct paromp_icvs *icv, uint64_t id)
{
  memset(t, 0, sizeof *t);
  t->kind = PAROMP_TASK_IMPLICIT;
  t->team = team;
  t->parent = parent;
  t->icv = *icv;
  t->state = PAROMP_TASK_RUNNING;
  t->id = id;
}

void paromp_task_init_implicit(struct paromp_task *t, struct paromp_team *team,
                               struct paromp_task *parent, const struct paromp_icvs *icv)
{
  init_implicit(t, team, parent, icv, paromp_next_id());
}

static unsigned resolve_nthreads(struct paromp_thread *self, unsigned requested)
{
  const struct paromp_icvs *icv = &self->ts.task->icv;
  if (requested == 0)
    requested = icv->nthreads ? icv->nthreads : 1;
  if (self->ts.team->active_level >= paromp_gicv.max_active_levels)
    return 1;
  if (icv->dyn && requested > paromp_nprocs)
    requested = paromp_nprocs;
  unsigned busy = __atomic_load_n(&busy_threads, __ATOMIC_RELAXED);
  unsigned room = paromp_gicv.thread_limit > busy ? paromp_gicv.thread_limit - busy + 1 : 1;
  return requested < room ? requested : room;
}

/* The master's team for this region: its cached team when that is not in
   use, else a spare one.  Teams are never freed: a member may still be
   leaving the last barrier of a team when its master reuses or retires it,
   and must find a live barrier word there (generations only grow). */
static struct paromp_team *team_get(struct paromp_thread *self, unsigned n)
{
  struct paromp_team *team = self->team_cache;
  if (team == NULL || team->in_use) {
    team = self->team_spare;
    if (team != NULL) {
      self->team_spare = team->spare_next;
    } else {
      team = paromp_calloc_lines(1, sizeof *team);
      paromp_barrier_init(&team->bar);
      paromp_barrier_init(&team->join);
      team->capacity = 1;
      team->threads = paromp_calloc(1, sizeof *team->threads);
      team->itasks = paromp_calloc_lines(1, sizeof *team->itasks);
    }
    if (self->team_cache == NULL)
      self->team_cache = team;
  }
  if (n > team->capacity) {
    struct paromp_thread **th = paromp_calloc(n, sizeof *th);
    memcpy(th, team->threads, team->capacity * sizeof *th);
    free(team->threads);
    team->threads = th;
    free(team->itasks);
    team->itasks = paromp_calloc_lines(n, sizeof *team->itasks);
    team->capacity = n;
  }
  return team;
}

/* Makes sure members 1..n-1 exist; returns how many do. */
static unsigned team_fill(struct paromp_team *team, unsigned n)
{
  for (unsigned i = 1; i < n; i++) {
    if (team->threads[i] == NULL) {
      team->threads[i] = paromp_pool_get();
      if (team->threads[i] == NULL)
        return i;
    }
  }
  return n;
}

/* A team that is not the master's cached one gives its workers back to the
   pool and waits, spare, for the master's next nested region. */
static void team_retire(struct paromp_thread *self, struct paromp_team *team)
{
  unsigned k = 0;
  for (unsigned i = 1; i < team->capacity; i++)
    if (team->threads[i] != NULL) {
      team->threads[k++] = team->threads[i];
      team->threads[i] = NULL;
    }
  paromp_pool_put(team->threads, k);
  for (unsigned i = 0; i < k; i++)
    team->threads[i] = NULL;
  team->spare_next = self->team_spare;
  self->team_spare = team;
}

/* A member's implicit task begins; in a combined construct, so does the
   work share the master set up. */
static void ompt_member_begin(struct paromp_thread *self, struct paromp_team *team, unsigned num)
{
  if (OMPT_ON(implicit_task))
    paromp_ompt.implicit_task(ompt_scope_begin, &team->ompt_data, &team->itasks[num].ompt_data,
                              team->nthreads, num, ompt_task_implicit);
  if (team->prepped) {
    const void *ra = self->ompt_ra;
    self->ompt_ra = team->ompt_ra;
    paromp_ompt_work(self, team->ws[0].kind == PAROMP_WS_SECTIONS ? ompt_work_sections
                                                                  : ompt_work_loop,
                     ompt_scope_begin, team->ws[0].n);
    self->ompt_ra = ra;
  }
}

static void ompt_member_end(struct paromp_thread *self, ompt_data_t *task, unsigned num)
{
  (void)self;
  if (OMPT_ON(implicit_task))
    paromp_ompt.implicit_task(ompt_scope_end, NULL, task, 0, num, ompt_task_implicit);
}

static void start_member(struct paromp_thread *w, struct paromp_team *team, unsigned num,
                         int place)
{
  w->next_team = team;
  w->next_num = num;
  w->next_place = place;
  w->next_fn = team->fn;
  w->next_data = team->data;
  w->next_itask = &team->itasks[num];
  w->next_parent = team->saved.task;
  w->next_id = team->id + 1 + num;
  w->next_icv = team->child_icv;
  w->next_prepped = team->prepped;
  __atomic_add_fetch(&w->go, 1, __ATOMIC_SEQ_CST);
  paromp_wake_all(&w->go, &w->go_sleepers);
}

struct paromp_team *paromp_team_begin(void (*fn)(void *), void *data, unsigned num_threads,
                                      unsigned flags, paromp_prep_fn *prep, void *prep_arg)
{
  struct paromp_thread *self = paromp_self();
  struct paromp_task *parent_task = self->ts.task;
  struct paromp_team *parent = self->ts.team;
  unsigned n = resolve_nthreads(self, num_threads);
  struct paromp_team *team = team_get(self, n);
  n = team_fill(team, n);
  /* the locked steps first, while few stores wait to drain */
  __atomic_add_fetch(&busy_threads, n - 1, __ATOMIC_RELAXED);
  uint64_t id = paromp_next_ids(n + 1);
  /* bind-var false disables binding, whatever the clause says */
  int bind = parent_task->icv.bind == PAROMP_BIND_FALSE ? PAROMP_BIND_FALSE
             : (flags & GOMP_PARALLEL_PROC_BIND_MASK) ? (int)(flags & GOMP_PARALLEL_PROC_BIND_MASK)
             : parent_task->icv.bind;

  /* atomic: a member of the last region still leaving its barrier may
     look at the rings (paromp_task_take) */
  __atomic_store_n(&team->nthreads, n, __ATOMIC_RELAXED);
  team->level = parent->level + 1;
  team->active_level = parent->active_level + (n > 1);
  team->parent = parent;
  team->parent_num = self->ts.num;
  team->master = self;
  team->fn = fn;
  team->data = data;
  /* the region's id, then its implicit tasks' in thread order: the
     members need not touch the shared counter */
  team->id = id;
  if (PAROMP_UNLIKELY(team->cancelled)) {
    team->cancelled = 0;
    paromp_barrier_clear_cancel(&team->bar);
  }
  team->single_count = 0;
  team->saved = self->ts;
  team->in_use = 1;
  paromp_icv_for_child(&parent_task->icv, &team->child_icv);
  if (team->child_icv.bind_pos == parent_task->icv.bind_pos && bind != PAROMP_BIND_FALSE)
    team->child_icv.bind = bind;
  paromp_ws_reset_team(team);
  team->task_reductions = NULL;
  self->team_being_formed = team;
  team->prepped = prep != NULL && prep != prep_reductions;
  if (prep != NULL)
    prep(&team->ws[0], prep_arg, n);

  team->threads[0] = self;
  init_implicit(&team->itasks[0], team, parent_task, &team->child_icv, team->id + 1);
  team->ompt_data.value = 0;
  team->ompt_ra = self->ompt_ra;
  team->ompt_flags = ompt_parallel_team | ((flags & PAROMP_PARALLEL_SPLIT)
                                               ? ompt_parallel_invoker_program
                                               : ompt_parallel_invoker_runtime);
  if (OMPT_ON(parallel_begin)) {
    unsigned requested = num_threads ? num_threads : parent_task->icv.nthreads;
    paromp_ompt.parallel_begin(&parent_task->ompt_data, &parent_task->frame, &team->ompt_data,
                               requested ? requested : 1, team->ompt_flags, self->ompt_ra);
  }
  memset(&self->ts, 0, sizeof self->ts);
  self->ts.team = team;
  self->ts.task = &team->itasks[0];
  self->ts.ws_index = team->prepped;
  self->ts.ws = &team->ws[0];
  paromp_set_state(self, ompt_state_work_parallel, NULL);
  /* With OMP_DEBUG=enabled, before any member starts: a debugger stopped
     here can still put a breakpoint on the body and have every thread of
     the team reach it.  Else after: the locked increment would wait for
     the stores above to drain before the members are even told. */
  int debug = paromp_debug_enabled;
  if (PAROMP_UNLIKELY(debug)) {
    paromp_generation_bump();
    ompd_bp_parallel_begin();
  }
  int bound = bind != PAROMP_BIND_FALSE && paromp_num_places() > 0;
  for (unsigned i = 1; i < n; i++)
    start_member(team->threads[i], team, i,
                 bound ? paromp_place_for(bind, self->place, i, n) : -1);
  if (PAROMP_LIKELY(!debug))
    paromp_generation_bump();

  if (OMPT_TOOL)
    ompt_member_begin(self, team, 0);
  return team;
}

/* The primary's implicit task has left the region's body: no frame of it
   is on the stack any more, so both its frames are NULL at the implicit
   barrier (5.1, ompt_frame_t).  In the split form the program called
   GOMP_parallel_end from the encountering task's frame, which is where
   the runtime was entered: that task's enter frame says so until the
   region ends.  Returns that task when its enter frame was set here. */
static struct paromp_task *ompt_primary_leaves_body(struct paromp_team *team)
{
  struct paromp_task *t = &team->itasks[0];
  struct paromp_task *parent = team->saved.task;
  struct paromp_task *moved = NULL;
  if (t->frame.enter_frame.ptr != NULL && parent->frame.enter_frame.ptr == NULL) {
    parent->frame.enter_frame = t->frame.enter_frame;
    parent->frame.enter_frame_flags = t->frame.enter_frame_flags;
    moved = parent;
  }
  t->frame.exit_frame.ptr = NULL;
  t->frame.exit_frame_flags = 0;
  t->frame.enter_frame.ptr = NULL;
  t->frame.enter_frame_flags = 0;
  return moved;
}

void paromp_team_end(void)
{
  struct paromp_thread *self = paromp_self();
  struct paromp_team *team = self->ts.team;
  ompt_data_t itask = team->itasks[0].ompt_data;
  struct paromp_task *moved = NULL;
  if (PAROMP_UNLIKELY(paromp_ompt_frames))
    moved = ompt_primary_leaves_body(team);
  paromp_barrier_wait(self, &team->join, ompt_sync_region_barrier_implicit_parallel, 0);
  if (OMPT_TOOL) {
    ompt_member_end(self, &itask, 0);
    if (OMPT_ON(parallel_end))
      paromp_ompt.parallel_end(&team->ompt_data, &team->saved.task->ompt_data, team->ompt_flags,
                               team->ompt_ra);
  }
  paromp_bp(ompd_bp_parallel_end);
  if (moved != NULL) {
    moved->frame.enter_frame.ptr = NULL;
    moved->frame.enter_frame_flags = 0;
  }
  /* only when some implicit task had dependent children: reading every
     member's implicit task would pull their cache lines over */
  if (team->implicit_depmaps) {
    team->implicit_depmaps = 0;
    for (unsigned i = 0; i < team->nthreads; i++)
      paromp_depmap_free(&team->itasks[i]);
  }
  team->task_reductions = NULL;     /* the program unregisters them */
  __atomic_sub_fetch(&busy_threads, team->nthreads - 1, __ATOMIC_RELAXED);
  self->ts = team->saved;
  team->in_use = 0;
  paromp_generation_bump();
  paromp_set_state(self, self->ts.team->nthreads > 1 || self->ts.team->level > 0
                             ? ompt_state_work_parallel : ompt_state_work_serial, NULL);
  if (team != self->team_cache)
    team_retire(self, team);
}

void paromp_worker_run(struct paromp_thread *self)
{
  struct paromp_team *team = self->next_team;
  unsigned num = self->next_num;
  struct paromp_task *mine = self->next_itask;
  init_implicit(mine, team, self->next_parent, &self->next_icv, self->next_id);
  memset(&self->ts, 0, sizeof self->ts);
  self->ts.team = team;
  self->ts.num = num;
  self->ts.task = mine;
  self->ts.ws = &team->ws[0];
  self->ts.ws_index = (unsigned)self->next_prepped;
  paromp_set_state(self, ompt_state_work_parallel, NULL);
  paromp_bind_self(self, self->next_place);
  if (OMPT_TOOL)
    ompt_member_begin(self, team, num);
  OMPT_SET_EXIT_FRAME(self->ts.task);
  self->next_fn(self->next_data);
  /* after the join the master may reuse or regrow the team: touch nothing */
  ompt_data_t itask = self->ts.task->ompt_data;
  /* The body has returned: no frame of the implicit task is left on the
     stack, and no user code called the join, so its events carry no
     codeptr_ra (only the primary's return from GOMP_parallel has one). */
  if (PAROMP_UNLIKELY(paromp_ompt_frames)) {
    self->ts.task->frame.exit_frame.ptr = NULL;
    self->ts.task->frame.exit_frame_flags = 0;
  }
  self->ompt_ra = NULL;
  paromp_barrier_wait(self, &team->join, ompt_sync_region_barrier_implicit_parallel, 0);
  if (OMPT_TOOL)
    ompt_member_end(self, &itask, num);
  self->ompt_ra = NULL;
  memset(&self->ts, 0, sizeof self->ts);
}

void paromp_parallel_run(void (*fn)(void *), void *data, unsigned num_threads,
                         unsigned flags, paromp_prep_fn *prep, void *prep_arg)
{
  struct paromp_team *team = paromp_team_begin(fn, data, num_threads, flags, prep, prep_arg);
  OMPT_SET_EXIT_FRAME(&team->itasks[0]);
  fn(data);
  paromp_team_end();
}

PAROMP_EXPORT void GOMP_parallel(void (*fn)(void *), void *data, unsigned num_threads,
                                 unsigned flags)
{
  OMPT_ENTRY();
  paromp_parallel_run(fn, data, num_threads, flags, NULL, NULL);
}

PAROMP_EXPORT void GOMP_parallel_start(void (*fn)(void *), void *data, unsigned num_threads)
{
  OMPT_ENTRY();
  paromp_team_begin(fn, data, num_threads, PAROMP_PARALLEL_SPLIT, NULL, NULL);
}

PAROMP_EXPORT void GOMP_parallel_end(void)
{
  OMPT_ENTRY();
  paromp_team_end();
}

/* parallel reduction(task, ...): the descriptor is the first word of data;
   its copies must exist before the members start.  Returns the team size,
   which is how many copies the program combines. */
static void prep_reductions(struct paromp_ws *ws, void *arg, unsigned nthreads)
{
  (void)ws;
  (void)nthreads;
  struct paromp_thread *self = paromp_self();
  paromp_reductions_register_team(arg, self->team_being_formed);
}

PAROMP_EXPORT unsigned GOMP_parallel_reductions(void (*fn)(void *), void *data,
                                                unsigned num_threads, unsigned flags)
{
  OMPT_ENTRY();
  struct paromp_team *team =
      paromp_team_begin(fn, data, num_threads, flags, prep_reductions, *(uintptr_t **)data);
  unsigned n = team->nthreads;
  OMPT_SET_EXIT_FRAME(&team->itasks[0]);
  fn(data);
  paromp_team_end();
  return n;
}
