/* Gathering a report through the OMPD plugin.  The plugin never walks a
   chain; we do, one handle at a time, and bound every walk, because the
   target may be a corrupt core. */
#define _GNU_SOURCE
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "callbacks.h"
#include "report.h"
#include "status.h"

#define MAX_LEVELS 64        /* nesting of parallel regions */
#define MAX_TASK_CHAIN 256   /* generating tasks of a task */
#define MAX_STATES 256
#define MAX_ICVS 256
#define MAX_TEAM (1 << 16)

struct icv_info {
  ompd_icv_id_t id;
  const char *name;
  ompd_scope_t scope;
};

/* What the plugin enumerates once per address space. */
struct catalog {
  struct icv_info icvs[MAX_ICVS];
  unsigned nicvs;
  ompd_icv_id_t levels, parallel_id, team_size, thread_num, task_id, implicit;
  struct {
    int64_t value;
    const char *name;
  } states[MAX_STATES];
  unsigned nstates;
  uint64_t default_critical;   /* libparomp's unnamed critical section, 0 if unknown */
  char *runtime;               /* the runtime's module (it names the plugin), or NULL */
};

static ompd_icv_id_t icv_id(const struct catalog *c, const char *name)
{
  for (unsigned i = 0; i < c->nicvs; i++)
    if (strcmp(c->icvs[i].name, name) == 0)
      return c->icvs[i].id;
  return 0;
}

static void read_catalog(struct report *r, struct catalog *c)
{
  struct plugin *p = r->p;
  ompd_icv_id_t cur = 0, next;
  const char *name;
  ompd_scope_t scope;
  int more = 1;
  while (more && c->nicvs < MAX_ICVS &&
         p->ompd_enumerate_icvs(p->ah, cur, &next, &name, &scope, &more) == ompd_rc_ok) {
    c->icvs[c->nicvs++] = (struct icv_info){ next, name, scope };
    cur = next;
  }
  c->levels = icv_id(c, "levels-var");
  c->parallel_id = icv_id(c, "parallel-id-var");
  c->team_size = icv_id(c, "team-size-var");
  c->thread_num = icv_id(c, "thread-num-var");
  c->task_id = icv_id(c, "task-id-var");
  c->implicit = icv_id(c, "implicit-task-var");

  ompd_word_t state = ompt_state_undefined, next_state, more_states = 1;
  const char *state_name;
  while (more_states && c->nstates < MAX_STATES &&
         p->ompd_enumerate_states(p->ah, state, &next_state, &state_name, &more_states) ==
             ompd_rc_ok) {
    c->states[c->nstates].value = next_state;
    c->states[c->nstates++].name = state_name;
    state = next_state;
  }

  /* libparomp names the lock of an unnamed critical section for debuggers. */
  uint64_t sym, v = 0;
  if (sym_lookup(r->t->dwfl, "paromp_default_critical", &sym) == 0 &&
      r->t->read(r->t, sym, &v, r->t->pointer_size) == 0)
    c->default_critical = v;
  if (sym_lookup(r->t->dwfl, "ompd_dll_locations", &sym) == 0 ||
      sym_lookup(r->t->dwfl, "ompt_debugger_plugin", &sym) == 0)
    c->runtime = module_of(r->t->dwfl, sym);
}

static const char *state_name(const struct catalog *c, int64_t value)
{
  for (unsigned i = 0; i < c->nstates; i++)
    if (c->states[i].value == value) {
      const char *n = c->states[i].name;
      return strncmp(n, "ompt_state_", 11) == 0 ? n + 11 : n;
    }
  return "unknown";
}

static int get_icv(const struct report *r, void *h, ompd_scope_t scope, ompd_icv_id_t id,
                   int64_t *out)
{
  ompd_word_t v;
  if (id == 0 || r->p->ompd_get_icv_from_scope(h, scope, id, &v) != ompd_rc_ok)
    return -1;
  *out = v;
  return 0;
}

/* Every ICV of one scope, as strings. */
static void get_icvs(const struct report *r, const struct catalog *c, void *h, ompd_scope_t scope,
                     struct icv_set *set)
{
  set->v = calloc(c->nicvs ? c->nicvs : 1, sizeof *set->v);
  if (set->v == NULL)
    return;
  for (unsigned i = 0; i < c->nicvs; i++) {
    if (c->icvs[i].scope != scope)
      continue;
    const char *s = NULL;
    if (r->p->ompd_get_icv_string_from_scope(h, scope, c->icvs[i].id, &s) != ompd_rc_ok ||
        s == NULL)
      continue;
    set->v[set->n].name = c->icvs[i].name;
    set->v[set->n++].value = (char *)s;   /* allocated with our alloc_memory */
  }
}

static int function_of(const struct report *r, ompd_task_handle_t *task, struct frame *f)
{
  ompd_address_t a;
  if (r->p->ompd_get_task_function(task, &a) != ompd_rc_ok || a.address == 0)
    return 0;
  frame_describe(r->t->dwfl, a.address, 0, f);
  return 1;
}

static char *symbolized(const struct report *r, const char *what, uint64_t addr)
{
  uint64_t off = 0;
  char *name = sym_name(r->t->dwfl, addr, &off), *s = NULL;
  int n;
  if (name != NULL && off == 0)
    n = asprintf(&s, "%s 0x%llx <%s>", what, (unsigned long long)addr, name);
  else if (name != NULL)
    n = asprintf(&s, "%s 0x%llx <%s+%llu>", what, (unsigned long long)addr, name,
                 (unsigned long long)off);
  else
    n = asprintf(&s, "%s 0x%llx", what, (unsigned long long)addr);
  free(name);
  return n < 0 ? NULL : s;
}

/* What a waiting thread waits for, in words. */
static char *describe_wait(const struct report *r, const struct catalog *c,
                           const struct thread_report *tr)
{
  static const char gcc_critical[] = ".gomp_critical_user_";
  const char *st = tr->state;
  char *s = NULL;
  int n = 0;
  if (strcmp(st, "wait_lock") == 0)
    return symbolized(r, "lock", tr->wait_id);
  if (strcmp(st, "wait_critical") == 0) {
    uint64_t off = 1;
    char *name = sym_name(r->t->dwfl, tr->wait_id, &off);
    if (c->default_critical != 0 && tr->wait_id == c->default_critical)
      n = asprintf(&s, "critical (unnamed)");
    else if (name != NULL && off == 0 && strncmp(name, gcc_critical, sizeof gcc_critical - 1) == 0)
      n = asprintf(&s, "critical %s", name + sizeof gcc_critical - 1);
    else
      s = symbolized(r, "critical", tr->wait_id);
    free(name);
    return n < 0 ? NULL : s;
  }
  if (strncmp(st, "wait_barrier", 12) == 0)
    n = tr->has_region ? asprintf(&s, "barrier of region %llu", (unsigned long long)tr->region_id)
                       : asprintf(&s, "barrier");
  else if (strncmp(st, "wait_", 5) == 0)
    n = asprintf(&s, "%s", st + 5);   /* taskwait, taskgroup, atomic, ordered */
  return n < 0 ? NULL : s;
}

static struct region_report *find_region(struct report *r, uint64_t id)
{
  for (unsigned i = 0; i < r->nregions; i++)
    if (r->regions[i].id == id)
      return &r->regions[i];
  return NULL;
}

/* Records the region of ph and those enclosing it; ph is released. */
static void add_regions(struct report *r, const struct catalog *c, ompd_parallel_handle_t *ph)
{
  struct plugin *p = r->p;
  for (int depth = 0; ph != NULL && depth < MAX_LEVELS; depth++) {
    int64_t id, v;
    ompd_parallel_handle_t *up = NULL;
    if (get_icv(r, ph, ompd_scope_parallel, c->parallel_id, &id) != 0 ||
        find_region(r, (uint64_t)id) != NULL) {
      p->ompd_rel_parallel_handle(ph);
      return;
    }
    struct region_report *grown = realloc(r->regions, (r->nregions + 1) * sizeof *grown);
    if (grown == NULL) {
      p->ompd_rel_parallel_handle(ph);
      return;
    }
    r->regions = grown;
    struct region_report *reg = &r->regions[r->nregions++];
    memset(reg, 0, sizeof *reg);
    reg->id = (uint64_t)id;
    reg->level = get_icv(r, ph, ompd_scope_parallel, c->levels, &v) == 0 ? v : -1;
    reg->team_size = get_icv(r, ph, ompd_scope_parallel, c->team_size, &v) == 0 ? v : -1;
    if (r->want & WANT_ICVS)
      get_icvs(r, c, ph, ompd_scope_parallel, &reg->icvs);
    ompd_task_handle_t *implicit = NULL;
    if (p->ompd_get_task_in_parallel(ph, 0, &implicit) == ompd_rc_ok) {
      reg->has_function = function_of(r, implicit, &reg->function);
      p->ompd_rel_task_handle(implicit);
    }
    unsigned size = reg->team_size > 0 && reg->team_size <= MAX_TEAM ? (unsigned)reg->team_size : 0;
    reg->members = calloc(size ? size : 1, sizeof *reg->members);
    for (unsigned i = 0; reg->members != NULL && i < size; i++) {
      ompd_thread_handle_t *th;
      int64_t lwp = 0;
      if (p->ompd_get_thread_in_parallel(ph, (int)i, &th) != ompd_rc_ok)
        continue;
      if (p->ompd_get_thread_id(th, OMPD_THREAD_ID_LWP, sizeof lwp, &lwp) == ompd_rc_ok)
        reg->members[i] = (pid_t)lwp;
      p->ompd_rel_thread_handle(th);
    }
    reg->nmembers = reg->members != NULL ? size : 0;
    if (p->ompd_get_enclosing_parallel_handle(ph, &up) == ompd_rc_ok && up != NULL &&
        get_icv(r, up, ompd_scope_parallel, c->parallel_id, &v) == 0) {
      reg->has_parent = 1;
      reg->parent = (uint64_t)v;
    }
    p->ompd_rel_parallel_handle(ph);
    ph = up;
  }
  if (ph != NULL)
    p->ompd_rel_parallel_handle(ph);
}

/* up: the task that generated task, or NULL. */
static void add_task(struct report *r, const struct catalog *c, struct thread_report *tr,
                     ompd_task_handle_t *task, uint64_t id, ompd_task_handle_t *up)
{
  struct plugin *p = r->p;
  struct task_report *grown = realloc(tr->tasks, (tr->ntasks + 1) * sizeof *grown);
  if (grown == NULL)
    return;
  tr->tasks = grown;
  struct task_report *t = &tr->tasks[tr->ntasks++];
  memset(t, 0, sizeof *t);
  t->id = id;
  int64_t implicit = 0, v = 0;
  get_icv(r, task, ompd_scope_task, c->implicit, &implicit);
  t->has_function = function_of(r, task, &t->function);
  if (up != NULL) {
    t->has_generating = get_icv(r, up, ompd_scope_task, c->task_id, &v) == 0;
    t->generating = (uint64_t)v;
  }
  ompd_task_handle_t *other;
  if (p->ompd_get_scheduling_task_handle(task, &other) == ompd_rc_ok && other != NULL) {
    t->has_scheduling = get_icv(r, other, ompd_scope_task, c->task_id, &v) == 0;
    t->scheduling = (uint64_t)v;
    p->ompd_rel_task_handle(other);
  }
  t->kind = !implicit ? "explicit" : t->has_function ? "implicit" : "initial";
  ompd_frame_info_t exit_frame, enter_frame;
  if (p->ompd_get_task_frame(task, &exit_frame, &enter_frame) == ompd_rc_ok) {
    t->exit_frame = exit_frame.frame_address.address;
    t->enter_frame = enter_frame.frame_address.address;
  }
  if (r->want & WANT_ICVS)
    get_icvs(r, c, task, ompd_scope_task, &t->icvs);
}

/* The thread's task, then each task that generated the one before. */
static void add_tasks(struct report *r, const struct catalog *c, struct thread_report *tr,
                      ompd_task_handle_t *task)
{
  struct plugin *p = r->p;
  for (int n = 0; task != NULL && n < MAX_TASK_CHAIN; n++) {
    int64_t id;
    int seen = 0;
    if (get_icv(r, task, ompd_scope_task, c->task_id, &id) != 0)
      break;
    for (unsigned i = 0; i < tr->ntasks; i++)
      seen |= tr->tasks[i].id == (uint64_t)id;
    if (seen)
      break;   /* a cycle: only a corrupt target has one */
    ompd_task_handle_t *up = NULL;
    if (p->ompd_get_generating_task_handle(task, &up) != ompd_rc_ok)
      up = NULL;
    add_task(r, c, tr, task, (uint64_t)id, up);
    p->ompd_rel_task_handle(task);
    task = up;
  }
  if (task != NULL)
    p->ompd_rel_task_handle(task);
}

static void gather_thread(struct report *r, const struct catalog *c, struct thread_report *tr,
                          const struct inspect_thread *it)
{
  struct plugin *p = r->p;
  tr->lwp = it->lwp;
  tr->signal = it->signal;
  tr->thread_num = -1;
  tr->state = "";
  frame_describe(r->t->dwfl, it->pc, 0, &tr->frame);
  tr->user_level = user_frame(r->t, it->lwp, c->runtime, MAX_FRAMES, &tr->user);
  if (r->backtraces) {
    tr->backtrace = calloc(MAX_FRAMES, sizeof *tr->backtrace);
    tr->nbacktrace = tr->backtrace != NULL ? backtrace(r->t, it->lwp, tr->backtrace, MAX_FRAMES) : -1;
  }
  int64_t lwp = it->lwp;
  ompd_thread_handle_t *th = NULL;
  if (p->ompd_get_thread_handle(p->ah, OMPD_THREAD_ID_LWP, sizeof lwp, &lwp, &th) != ompd_rc_ok ||
      th == NULL)
    return;   /* not an OpenMP thread */
  tr->is_omp = 1;
  ompd_word_t state;
  ompd_wait_id_t wait;
  if (p->ompd_get_state(th, &state, &wait) == ompd_rc_ok) {
    tr->state_value = state;
    tr->state = state_name(c, state);
    tr->waiting = strncmp(tr->state, "wait_", 5) == 0;
    tr->wait_id = tr->waiting ? wait : 0;
  }
  int64_t v;
  if (get_icv(r, th, ompd_scope_thread, c->thread_num, &v) == 0)
    tr->thread_num = v;
  if (r->want & WANT_ICVS)
    get_icvs(r, c, th, ompd_scope_thread, &tr->icvs);
  ompd_parallel_handle_t *ph = NULL;
  if (p->ompd_get_curr_parallel_handle(th, &ph) == ompd_rc_ok && ph != NULL) {
    if (get_icv(r, ph, ompd_scope_parallel, c->parallel_id, &v) == 0) {
      tr->has_region = 1;
      tr->region_id = (uint64_t)v;
      tr->level = get_icv(r, ph, ompd_scope_parallel, c->levels, &v) == 0 ? v : -1;
    }
    if (r->want & (WANT_PARALLEL | WANT_ICVS))
      add_regions(r, c, ph);
    else
      p->ompd_rel_parallel_handle(ph);
  }
  ompd_task_handle_t *task = NULL;
  if (p->ompd_get_curr_task_handle(th, &task) == ompd_rc_ok && task != NULL) {
    if (get_icv(r, task, ompd_scope_task, c->task_id, &v) == 0) {
      tr->has_task = 1;
      tr->task_id = (uint64_t)v;
    }
    if (r->want & (WANT_TASKS | WANT_ICVS))
      add_tasks(r, c, tr, task);
    else
      p->ompd_rel_task_handle(task);
  }
  if (tr->waiting)
    tr->wait = describe_wait(r, c, tr);
  p->ompd_rel_thread_handle(th);
}

static int outer_first(const void *a, const void *b)
{
  const struct region_report *x = a, *y = b;
  if (x->level != y->level)
    return x->level < y->level ? -1 : 1;
  return x->id < y->id ? -1 : x->id > y->id;
}

int report_gather(struct report *r)
{
  static struct catalog c;
  memset(&c, 0, sizeof c);
  read_catalog(r, &c);
  r->nthreads = r->t->nthreads;
  r->threads = calloc(r->nthreads ? r->nthreads : 1, sizeof *r->threads);
  if (r->threads == NULL)
    return fail(ST_FAILED, "out of memory");
  for (unsigned i = 0; i < r->nthreads; i++) {
    gather_thread(r, &c, &r->threads[i], &r->t->threads[i]);
    r->threads[i].current = i == r->t->current;
  }
  if (r->nregions > 1)   /* qsort(NULL, 0, ...) is undefined */
    qsort(r->regions, r->nregions, sizeof *r->regions, outer_first);
  if (r->want & WANT_ICVS)
    get_icvs(r, &c, r->p->ah, ompd_scope_address_space, &r->icvs);
  if ((r->want & WANT_CONTROL_VARS) &&
      r->p->ompd_get_display_control_vars(r->p->ah, &r->control_vars) != ompd_rc_ok)
    r->control_vars = NULL;
  free(c.runtime);
  return ST_OK;
}

static void free_icvs(struct icv_set *s)
{
  for (unsigned i = 0; i < s->n; i++)
    free(s->v[i].value);
  free(s->v);
}

void report_free(struct report *r)
{
  for (unsigned i = 0; i < r->nthreads; i++) {
    struct thread_report *tr = &r->threads[i];
    free(tr->wait);
    frame_free(&tr->frame);
    frame_free(&tr->user);
    for (int k = 0; tr->backtrace != NULL && k < MAX_FRAMES; k++)
      frame_free(&tr->backtrace[k]);
    free(tr->backtrace);
    for (unsigned k = 0; k < tr->ntasks; k++) {
      frame_free(&tr->tasks[k].function);
      free_icvs(&tr->tasks[k].icvs);
    }
    free(tr->tasks);
    free_icvs(&tr->icvs);
  }
  free(r->threads);
  for (unsigned i = 0; i < r->nregions; i++) {
    frame_free(&r->regions[i].function);
    free(r->regions[i].members);
    free_icvs(&r->regions[i].icvs);
  }
  free(r->regions);
  free_icvs(&r->icvs);
  if (r->control_vars != NULL)
    r->p->ompd_rel_display_control_vars(&r->control_vars);
}
