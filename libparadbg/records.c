/* Gathering records through an OMPD library.  A library never walks a
   chain; we do, one handle at a time, and bound every walk, because the
   target may be a corrupt core.  Only standard OMPD 5.1 calls are made;
   paradbg's own ICVs (parallel-id-var, task-id-var) and extensions are
   used when the library has them, and done without when it does not. */
#define _GNU_SOURCE
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "session.h"

#define MAX_LEVELS 64        /* nesting of parallel regions */
#define MAX_TASK_CHAIN 256   /* generating tasks of a task */
#define MAX_TEAM (1 << 16)
#define MAX_KEPT 4096        /* handles kept to tell regions or tasks apart */
#define MAX_CONTROL_VARS 256


struct gather {
  pdb_session *s;
  struct ompd_library *p;
  const struct catalog *c;
  struct pdb_records *r;
  struct kept *parallels, *tasks;   /* the session's */
  int walk;                          /* what to walk: PDB_WANT_* */
  int out_of_memory;
  /* The last holder asked for: threads often wait on one lock. */
  int holder_asked;
  int64_t holder_state;
  uint64_t holder_of;
  int64_t holder_lwp;
};

static ompd_icv_id_t icv_id(const struct catalog *c, const char *name)
{
  for (unsigned i = 0; i < c->nicvs; i++)
    if (strcmp(c->icvs[i].name, name) == 0)
      return c->icvs[i].id;
  return 0;
}

static void read_catalog(pdb_session *s)
{
  struct ompd_library *p = s->ompd;
  struct catalog *c = &s->catalog;
  ompd_icv_id_t cur = 0, next;
  const char *name;
  ompd_scope_t scope;
  int more = 1;
  while (more && c->nicvs < MAX_ICVS &&
         p->ompd_enumerate_icvs(s->ah, cur, &next, &name, &scope, &more) == ompd_rc_ok &&
         name != NULL) {
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
         p->ompd_enumerate_states(s->ah, state, &next_state, &state_name, &more_states) ==
             ompd_rc_ok && state_name != NULL) {
    c->states[c->nstates].value = next_state;
    c->states[c->nstates++].name = state_name;
    state = next_state;
  }
  c->read = 1;
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

static int get_icv(const struct gather *g, void *h, ompd_scope_t scope, ompd_icv_id_t id,
                   int64_t *out)
{
  ompd_word_t v;
  if (id == 0 || g->p->ompd_get_icv_from_scope(h, scope, id, &v) != ompd_rc_ok)
    return -1;
  *out = v;
  return 0;
}

/* Every ICV of one scope, as strings. */
static void get_icvs(struct gather *g, void *h, ompd_scope_t scope, struct pdb_icvs *set)
{
  const struct catalog *c = g->c;
  set->v = calloc(c->nicvs ? c->nicvs : 1, sizeof *set->v);
  if (set->v == NULL) {
    g->out_of_memory = 1;
    return;
  }
  for (unsigned i = 0; i < c->nicvs; i++) {
    if (c->icvs[i].scope != scope)
      continue;
    const char *str = NULL;
    if (g->p->ompd_get_icv_string_from_scope(h, scope, c->icvs[i].id, &str) != ompd_rc_ok ||
        str == NULL)
      continue;
    char *copy = strdup(str);
    free((void *)str);   /* the library allocates with libparadbg's malloc */
    if (copy == NULL)
      continue;
    set->v[set->n].name = c->icvs[i].name;
    set->v[set->n++].value = copy;
  }
}

static char *dup_or_null(const char *s, size_t max)
{
  return s[0] != '\0' ? strndup(s, max) : NULL;
}

/* Describes addr through the host. */
static void describe(const struct gather *g, uint64_t addr, struct pdb_frame *f)
{
  struct pdb_place pl;
  memset(&pl, 0, sizeof pl);
  memset(f, 0, sizeof *f);
  f->pc = addr;
  if (g->s->host->describe == NULL || g->s->host->describe(g->s->host->data, addr, &pl) != 0)
    return;
  pl.function[sizeof pl.function - 1] = pl.file[sizeof pl.file - 1] = '\0';
  pl.module[sizeof pl.module - 1] = '\0';
  f->function = dup_or_null(pl.function, sizeof pl.function);
  f->offset = f->function != NULL ? pl.offset : 0;
  f->file = dup_or_null(pl.file, sizeof pl.file);
  f->line = f->file != NULL ? pl.line : 0;
  f->module = dup_or_null(pl.module, sizeof pl.module);
}

static int function_of(const struct gather *g, ompd_task_handle_t *task, struct pdb_frame *f)
{
  ompd_address_t a;
  if (g->p->ompd_get_task_function(task, &a) != ompd_rc_ok || a.address == 0)
    return 0;
  describe(g, a.address, f);
  return 1;
}

/* A data address in words, as GDB prints a pointer to data: "0x4010a0
   <qlock+8>" in *text (what + " " first; no text for a NULL text), and the
   short form, "qlock+8" or "0x4010a0", in *name.  Returns -1 if out of
   memory. */
static int symbolized(const struct gather *g, const char *what, uint64_t addr, char **text,
                      char **name)
{
  struct pdb_frame f;
  char sym[340];
  int n = 0;
  describe(g, addr, &f);
  if (f.function != NULL && f.offset == 0)
    snprintf(sym, sizeof sym, "%.300s", f.function);
  else if (f.function != NULL)
    snprintf(sym, sizeof sym, "%.300s+%llu", f.function, (unsigned long long)f.offset);
  else
    sym[0] = '\0';
  pdb_frame_free(&f);
  if (text != NULL && sym[0] != '\0')
    n = asprintf(text, "%s 0x%llx <%s>", what, (unsigned long long)addr, sym);
  else if (text != NULL)
    n = asprintf(text, "%s 0x%llx", what, (unsigned long long)addr);
  if (n < 0) {
    *text = NULL;
    return -1;
  }
  if (sym[0] == '\0')
    snprintf(sym, sizeof sym, "0x%llx", (unsigned long long)addr);
  if ((*name = strdup(sym)) == NULL) {
    if (text != NULL) {
      free(*text);
      *text = NULL;
    }
    return -1;
  }
  return 0;
}

/* The name gcc (".gomp_critical_user_NAME") or clang
   (".gomp_critical_user_NAME.var") gives the lock of critical(NAME), or
   NULL. */
static char *critical_name(const char *symbol)
{
  static const char prefix[] = "gomp_critical_user_";
  if (symbol == NULL)
    return NULL;
  if (symbol[0] == '.')
    symbol++;
  if (strncmp(symbol, prefix, sizeof prefix - 1) != 0 || symbol[sizeof prefix - 1] == '\0')
    return NULL;
  symbol += sizeof prefix - 1;
  size_t n = strlen(symbol);
  if (n > 4 && strcmp(symbol + n - 4, ".var") == 0)
    n -= 4;
  return strndup(symbol, n);
}

/* What a waiting thread waits for, in words (tr->wait), and for a lock,
   nest lock, critical section or the atomic lock, that object's short
   name (tr->wait_name).  Sets g->out_of_memory if it runs out. */
static void describe_wait(struct gather *g, struct pdb_thread *tr)
{
  const char *st = tr->state;
  char *s = NULL, *name = NULL;
  int n = 0;
  if (strcmp(st, "wait_lock") == 0) {
    n = symbolized(g, "lock", tr->wait_id, &s, &name);
  } else if (strcmp(st, "wait_critical") == 0) {
    const char *known = NULL;
    struct pdb_frame f;
    if (g->p->paradbg_ompd_get_wait_name != NULL &&
        g->p->paradbg_ompd_get_wait_name(g->s->ah, tr->state_value, tr->wait_id, &known) ==
            ompd_rc_ok && known != NULL) {
      name = strndup(known, 256);
      n = name != NULL ? asprintf(&s, "critical (%s)", name) : -1;
    } else {
      describe(g, tr->wait_id, &f);
      name = f.offset == 0 ? critical_name(f.function) : NULL;
      pdb_frame_free(&f);
      if (name != NULL)
        n = asprintf(&s, "critical %s", name);
      else
        n = symbolized(g, "critical", tr->wait_id, &s, &name);
    }
  } else if (strcmp(st, "wait_atomic") == 0) {
    n = symbolized(g, NULL, tr->wait_id, NULL, &name);
    n = n < 0 ? n : asprintf(&s, "atomic");
  } else if (strncmp(st, "wait_barrier", 12) == 0) {
    n = tr->has_region ? asprintf(&s, "barrier of region %llu", (unsigned long long)tr->region_id)
                       : asprintf(&s, "barrier");
  } else if (strncmp(st, "wait_", 5) == 0) {
    n = asprintf(&s, "%s", st + 5);   /* taskwait, taskgroup, ordered */
  }
  if (n < 0) {
    free(name);
    g->out_of_memory = 1;
    return;
  }
  tr->wait = s;
  tr->wait_name = name;
}

/* The holder of the lock-like object a thread waits for, if the library
   can tell (paradbg's extension; other OMPD libraries have none). */
static void find_holder(struct gather *g, struct pdb_thread *tr)
{
  ompd_word_t lwp = 0;
  if (tr->wait_name == NULL || g->p->paradbg_ompd_get_wait_holder == NULL)
    return;
  if (!g->holder_asked || g->holder_state != tr->state_value || g->holder_of != tr->wait_id) {
    if (g->p->paradbg_ompd_get_wait_holder(g->s->ah, tr->state_value, tr->wait_id, &lwp) !=
            ompd_rc_ok || lwp <= 0)
      lwp = 0;
    g->holder_asked = 1;
    g->holder_state = tr->state_value;
    g->holder_of = tr->wait_id;
    g->holder_lwp = lwp;
  }
  tr->holder = g->holder_lwp;
}

/* Once every thread is read: who holds what each thread waits for, added
   to its wait in words.  An OpenMP thread of the records is named by its
   number (with its LWP when another has the same number); any other
   holder by its LWP. */
static void say_holders(struct gather *g)
{
  struct pdb_records *r = g->r;
  const struct pdb_thread *h = NULL;
  char named[96] = "";   /* how h is named, found for the waiter before */
  for (unsigned i = 0; i < r->nthreads; i++) {
    struct pdb_thread *tr = &r->threads[i];
    char *text = NULL;
    if (tr->holder == 0 || tr->wait == NULL)
      continue;
    if (h == NULL || h->lwp != tr->holder) {
      h = NULL;
      for (unsigned k = 0; k < r->nthreads && h == NULL; k++)
        if (r->threads[k].lwp == tr->holder)
          h = &r->threads[k];
      int same_num = 0;
      for (unsigned k = 0; h != NULL && h->is_omp && k < r->nthreads; k++)
        same_num |= &r->threads[k] != h && r->threads[k].is_omp &&
                    r->threads[k].thread_num == h->thread_num;
      if (h != NULL && h->is_omp && h->thread_num >= 0 && !same_num)
        snprintf(named, sizeof named, "OpenMP thread %lld", (long long)h->thread_num);
      else if (h != NULL && h->is_omp && h->thread_num >= 0)
        snprintf(named, sizeof named, "OpenMP thread %lld, LWP %lld", (long long)h->thread_num,
                 (long long)h->lwp);
      else
        snprintf(named, sizeof named, "LWP %lld", (long long)tr->holder);
    }
    const char *who = h == tr ? "this thread itself" : named;
    if (asprintf(&text, "%s (held by %s)", tr->wait, who) < 0) {
      g->out_of_memory = 1;
      return;
    }
    free(tr->wait);
    tr->wait = text;
  }
}

static int is_kept(const struct kept *k, void *h)
{
  for (unsigned i = 0; i < k->n; i++)
    if (k->handles[i] == h)
      return 1;
  return 0;
}

static void rel_parallel(struct gather *g, ompd_parallel_handle_t *ph)
{
  if (ph != NULL && !is_kept(g->parallels, ph))
    g->p->ompd_rel_parallel_handle(ph);
}

static void rel_task(struct gather *g, ompd_task_handle_t *th)
{
  if (th != NULL && !is_kept(g->tasks, th))
    g->p->ompd_rel_task_handle(th);
}

/* The id of a region or task: the library's id ICV, or else the number of
   the first equal handle the session has seen (h is kept if it is the
   first), so that ids agree from one gather to the next. */
static int id_of(struct gather *g, void *h, int is_task, uint64_t *out)
{
  int64_t v;
  ompd_icv_id_t icv = is_task ? g->c->task_id : g->c->parallel_id;
  if (icv != 0) {
    if (get_icv(g, h, is_task ? ompd_scope_task : ompd_scope_parallel, icv, &v) != 0)
      return -1;
    *out = (uint64_t)v;
    return 0;
  }
  struct kept *k = is_task ? g->tasks : g->parallels;
  for (unsigned i = 0; i < k->n; i++) {
    int cmp = 1;
    ompd_rc_t rc = is_task ? g->p->ompd_task_handle_compare(h, k->handles[i], &cmp)
                           : g->p->ompd_parallel_handle_compare(h, k->handles[i], &cmp);
    if (h == k->handles[i] || (rc == ompd_rc_ok && cmp == 0)) {
      *out = k->ids[i];
      return 0;
    }
  }
  if (k->n == MAX_KEPT)
    return -1;
  if (k->n % 64 == 0) {
    void **handles = realloc(k->handles, (k->n + 64) * sizeof *handles);
    if (handles != NULL)
      k->handles = handles;
    uint64_t *ids = realloc(k->ids, (k->n + 64) * sizeof *ids);
    if (ids != NULL)
      k->ids = ids;
    if (handles == NULL || ids == NULL)
      return -1;
  }
  k->handles[k->n] = h;
  k->ids[k->n] = k->n + 1;
  *out = k->ids[k->n++];
  return 0;
}

static struct pdb_region *find_region(struct pdb_records *r, uint64_t id)
{
  for (unsigned i = 0; i < r->nregions; i++)
    if (r->regions[i].id == id)
      return &r->regions[i];
  return NULL;
}

/* Records the region of ph and those enclosing it; ph is released. */
static void add_regions(struct gather *g, ompd_parallel_handle_t *ph)
{
  struct ompd_library *p = g->p;
  struct pdb_records *r = g->r;
  for (int depth = 0; ph != NULL && depth < MAX_LEVELS; depth++) {
    uint64_t id, up_id;
    int64_t v;
    ompd_parallel_handle_t *up = NULL;
    if (id_of(g, ph, 0, &id) != 0 || find_region(r, id) != NULL) {
      rel_parallel(g, ph);
      return;
    }
    struct pdb_region *grown = realloc(r->regions, (r->nregions + 1) * sizeof *grown);
    if (grown == NULL) {
      g->out_of_memory = 1;
      rel_parallel(g, ph);
      return;
    }
    r->regions = grown;
    struct pdb_region *reg = &r->regions[r->nregions++];
    memset(reg, 0, sizeof *reg);
    reg->id = id;
    reg->level = get_icv(g, ph, ompd_scope_parallel, g->c->levels, &v) == 0 ? v : -1;
    reg->team_size = get_icv(g, ph, ompd_scope_parallel, g->c->team_size, &v) == 0 ? v : -1;
    if (r->want & PDB_WANT_ICVS)
      get_icvs(g, ph, ompd_scope_parallel, &reg->icvs);
    ompd_task_handle_t *implicit = NULL;
    if (p->ompd_get_task_in_parallel(ph, 0, &implicit) == ompd_rc_ok && implicit != NULL) {
      reg->has_function = function_of(g, implicit, &reg->function);
      p->ompd_rel_task_handle(implicit);
    }
    unsigned size = reg->team_size > 0 && reg->team_size <= MAX_TEAM ? (unsigned)reg->team_size : 0;
    reg->members = calloc(size ? size : 1, sizeof *reg->members);
    for (unsigned i = 0; reg->members != NULL && i < size; i++) {
      ompd_thread_handle_t *th = NULL;
      int64_t lwp = 0;
      if (p->ompd_get_thread_in_parallel(ph, (int)i, &th) != ompd_rc_ok || th == NULL)
        continue;
      if (p->ompd_get_thread_id(th, OMPD_THREAD_ID_LWP, sizeof lwp, &lwp) == ompd_rc_ok)
        reg->members[i] = lwp;
      p->ompd_rel_thread_handle(th);
    }
    reg->nmembers = reg->members != NULL ? size : 0;
    if (p->ompd_get_enclosing_parallel_handle(ph, &up) != ompd_rc_ok)
      up = NULL;
    if (up != NULL && id_of(g, up, 0, &up_id) == 0) {
      reg->has_parent = 1;
      reg->parent = up_id;
    }
    rel_parallel(g, ph);
    ph = up;
  }
  rel_parallel(g, ph);
}

static uint64_t task_region(struct gather *g, ompd_task_handle_t *task, int *has)
{
  ompd_parallel_handle_t *ph = NULL;
  uint64_t id = 0;
  *has = 0;
  if (g->p->ompd_get_task_parallel_handle(task, &ph) == ompd_rc_ok && ph != NULL) {
    *has = id_of(g, ph, 0, &id) == 0;
    rel_parallel(g, ph);
  }
  return id;
}

/* up: the task that generated task, or NULL. */
static void add_task(struct gather *g, struct pdb_thread *tr, ompd_task_handle_t *task,
                     uint64_t id, ompd_task_handle_t *up)
{
  struct ompd_library *p = g->p;
  struct pdb_task *grown = realloc(tr->tasks, (tr->ntasks + 1) * sizeof *grown);
  if (grown == NULL) {
    g->out_of_memory = 1;
    return;
  }
  tr->tasks = grown;
  struct pdb_task *t = &tr->tasks[tr->ntasks++];
  memset(t, 0, sizeof *t);
  t->id = id;
  int64_t implicit = 0;
  uint64_t other_id;
  get_icv(g, task, ompd_scope_task, g->c->implicit, &implicit);
  t->has_function = function_of(g, task, &t->function);
  t->region = task_region(g, task, &t->has_region);
  if (up != NULL && id_of(g, up, 1, &other_id) == 0) {
    t->has_generating = 1;
    t->generating = other_id;
  }
  ompd_task_handle_t *other = NULL;
  if (p->ompd_get_scheduling_task_handle(task, &other) == ompd_rc_ok && other != NULL) {
    if (id_of(g, other, 1, &other_id) == 0) {
      t->has_scheduling = 1;
      t->scheduling = other_id;
    }
    rel_task(g, other);
  }
  t->kind = !implicit ? "explicit" : t->has_function ? "implicit" : "initial";
  ompd_frame_info_t exit_frame, enter_frame;
  if (p->ompd_get_task_frame(task, &exit_frame, &enter_frame) == ompd_rc_ok) {
    t->has_frames = 1;
    t->exit_frame = exit_frame.frame_address.address;
    t->enter_frame = enter_frame.frame_address.address;
  }
  if (g->r->want & PDB_WANT_ICVS)
    get_icvs(g, task, ompd_scope_task, &t->icvs);
}

/* The thread's task, then each task that generated the one before. */
static void add_tasks(struct gather *g, struct pdb_thread *tr, ompd_task_handle_t *task)
{
  for (int n = 0; task != NULL && n < MAX_TASK_CHAIN; n++) {
    uint64_t id;
    int seen = 0;
    if (id_of(g, task, 1, &id) != 0)
      break;
    for (unsigned i = 0; i < tr->ntasks; i++)
      seen |= tr->tasks[i].id == id;
    if (seen)
      break;   /* a cycle: only a corrupt target has one */
    ompd_task_handle_t *up = NULL;
    if (g->p->ompd_get_generating_task_handle(task, &up) != ompd_rc_ok)
      up = NULL;
    add_task(g, tr, task, id, up);
    rel_task(g, task);
    task = up;
  }
  rel_task(g, task);
}

static void gather_thread(struct gather *g, struct pdb_thread *tr, int64_t lwp)
{
  struct ompd_library *p = g->p;
  int want = g->walk;
  tr->lwp = lwp;
  tr->thread_num = -1;
  tr->level = -1;
  tr->state = "";
  tr->user_level = -1;
  tr->nbacktrace = -1;
  ompd_thread_handle_t *th = NULL;
  if (p->ompd_get_thread_handle(g->s->ah, OMPD_THREAD_ID_LWP, sizeof lwp, &lwp, &th) !=
          ompd_rc_ok || th == NULL)
    return;   /* not an OpenMP thread */
  tr->is_omp = 1;
  ompd_word_t state;
  ompd_wait_id_t wait;
  if (p->ompd_get_state(th, &state, &wait) == ompd_rc_ok) {
    tr->has_state = 1;
    tr->state_value = state;
    tr->state = state_name(g->c, state);
    tr->waiting = strncmp(tr->state, "wait_", 5) == 0;
    tr->wait_id = tr->waiting ? wait : 0;
  }
  int64_t v;
  uint64_t id;
  if (get_icv(g, th, ompd_scope_thread, g->c->thread_num, &v) == 0)
    tr->thread_num = v;
  if (want & PDB_WANT_ICVS)
    get_icvs(g, th, ompd_scope_thread, &tr->icvs);
  ompd_parallel_handle_t *ph = NULL;
  if (p->ompd_get_curr_parallel_handle(th, &ph) == ompd_rc_ok && ph != NULL) {
    if (id_of(g, ph, 0, &id) == 0) {
      tr->has_region = 1;
      tr->region_id = id;
      tr->level = get_icv(g, ph, ompd_scope_parallel, g->c->levels, &v) == 0 ? v : -1;
    }
    if (want & (PDB_WANT_PARALLEL | PDB_WANT_ICVS))
      add_regions(g, ph);
    else
      rel_parallel(g, ph);
  }
  ompd_task_handle_t *task = NULL;
  if (p->ompd_get_curr_task_handle(th, &task) == ompd_rc_ok && task != NULL) {
    if (id_of(g, task, 1, &id) == 0) {
      tr->has_task = 1;
      tr->task_id = id;
    }
    if (want & (PDB_WANT_TASKS | PDB_WANT_ICVS))
      add_tasks(g, tr, task);
    else
      rel_task(g, task);
  }
  if (tr->waiting) {
    describe_wait(g, tr);
    find_holder(g, tr);
  }
  p->ompd_rel_thread_handle(th);
}

static int outer_first(const void *a, const void *b)
{
  const struct pdb_region *x = a, *y = b;
  if (x->level != y->level)
    return x->level < y->level ? -1 : 1;
  return x->id < y->id ? -1 : x->id > y->id;
}

static void control_vars(struct gather *g)
{
  const char *const *vars = NULL;
  if (g->p->ompd_get_display_control_vars(g->s->ah, &vars) != ompd_rc_ok || vars == NULL)
    return;
  unsigned n = 0;
  while (n < MAX_CONTROL_VARS && vars[n] != NULL)
    n++;
  g->r->control_vars = calloc(n + 1, sizeof *g->r->control_vars);
  g->out_of_memory |= g->r->control_vars == NULL;
  for (unsigned i = 0, k = 0; g->r->control_vars != NULL && i < n; i++) {
    char *copy = strndup(vars[i], 4096);
    g->out_of_memory |= copy == NULL;
    if (copy != NULL)
      g->r->control_vars[k++] = copy;
  }
  g->p->ompd_rel_display_control_vars(&vars);
}

int pdb_gather(pdb_session *s, const int64_t *lwps, unsigned n, int want,
               struct pdb_records *out, char *msg, size_t msgsize)
{
  memset(out, 0, sizeof *out);
  if (s == NULL || (lwps == NULL && n > 0))
    return say_status(msg, msgsize, PDB_FAILED, "pdb_gather: no session or no threads");
  if (!s->catalog.read)
    read_catalog(s);
  struct gather g = { .s = s, .p = s->ompd, .c = &s->catalog, .r = out,
                     .parallels = &s->parallels, .tasks = &s->tasks, .walk = want };
  out->want = want;
  /* Numbers given by handle comparison depend on the order regions and
     tasks are met in: walk all of them, whatever is asked for, so that the
     threads' view and the regions' view agree. */
  if (s->catalog.parallel_id == 0 || s->catalog.task_id == 0)
    g.walk |= PDB_WANT_PARALLEL | PDB_WANT_TASKS;
  out->threads = calloc(n ? n : 1, sizeof *out->threads);
  if (out->threads == NULL)
    return say_status(msg, msgsize, PDB_FAILED, "out of memory");
  out->nthreads = n;
  cache_begin(s);   /* the target stands still until we return */
  for (unsigned i = 0; i < n; i++)
    gather_thread(&g, &out->threads[i], lwps[i]);
  say_holders(&g);
  if (out->nregions > 1)   /* qsort(NULL, 0, ...) is undefined */
    qsort(out->regions, out->nregions, sizeof *out->regions, outer_first);
  if (want & PDB_WANT_ICVS)
    get_icvs(&g, s->ah, ompd_scope_address_space, &out->icvs);
  if (want & PDB_WANT_CONTROL_VARS)
    control_vars(&g);
  cache_end(s);
  if (g.out_of_memory) {
    pdb_records_free(out);
    return say_status(msg, msgsize, PDB_FAILED, "out of memory");
  }
  return PDB_OK;
}

void pdb_forget(pdb_session *s)
{
  if (s != NULL)
    release_kept(s);
}

void release_kept(pdb_session *s)
{
  for (unsigned i = 0; i < s->parallels.n; i++)
    s->ompd->ompd_rel_parallel_handle(s->parallels.handles[i]);
  for (unsigned i = 0; i < s->tasks.n; i++)
    s->ompd->ompd_rel_task_handle(s->tasks.handles[i]);
  free(s->parallels.handles);
  free(s->parallels.ids);
  free(s->tasks.handles);
  free(s->tasks.ids);
  memset(&s->parallels, 0, sizeof s->parallels);
  memset(&s->tasks, 0, sizeof s->tasks);
}

void pdb_frame_free(struct pdb_frame *f)
{
  free(f->function);
  free(f->file);
  free(f->module);
  memset(f, 0, sizeof *f);
}

static void free_icvs(struct pdb_icvs *s)
{
  for (unsigned i = 0; i < s->n; i++)
    free(s->v[i].value);
  free(s->v);
}

void pdb_records_free(struct pdb_records *r)
{
  for (unsigned i = 0; i < r->nthreads; i++) {
    struct pdb_thread *tr = &r->threads[i];
    free(tr->wait);
    free(tr->wait_name);
    pdb_frame_free(&tr->frame);
    pdb_frame_free(&tr->user);
    for (int k = 0; tr->backtrace != NULL && k < tr->nbacktrace; k++)
      pdb_frame_free(&tr->backtrace[k]);
    free(tr->backtrace);
    for (unsigned k = 0; k < tr->ntasks; k++) {
      pdb_frame_free(&tr->tasks[k].function);
      free_icvs(&tr->tasks[k].icvs);
    }
    free(tr->tasks);
    free_icvs(&tr->icvs);
  }
  free(r->threads);
  for (unsigned i = 0; i < r->nregions; i++) {
    pdb_frame_free(&r->regions[i].function);
    free(r->regions[i].members);
    free_icvs(&r->regions[i].icvs);
  }
  free(r->regions);
  free_icvs(&r->icvs);
  for (unsigned i = 0; r->control_vars != NULL && r->control_vars[i] != NULL; i++)
    free(r->control_vars[i]);
  free(r->control_vars);
  memset(r, 0, sizeof *r);
}
