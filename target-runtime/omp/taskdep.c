/* Task dependences among sibling tasks: a per-parent map from address to the
   last writer and the readers since, turned into predecessor counts. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "gomp_abi.h"
#include "paromp.h"
#include "ompt.h"

#define DEPMAP_BUCKETS 128u

struct dep_entry {
  struct dep_entry *next;
  void *addr;
  struct paromp_task *last_out;
  struct paromp_task **ins;
  unsigned nins, ins_cap;
};

struct paromp_depmap {
  struct dep_entry *bucket[DEPMAP_BUCKETS];
};

struct dep {
  void *addr;
  int kind;
};

static unsigned hash(void *addr)
{
  uintptr_t a = (uintptr_t)addr;
  a ^= a >> 17;
  a *= 0x9E3779B97F4A7C15ull;
  return (unsigned)(a >> 40) % DEPMAP_BUCKETS;
}

static struct dep_entry **find(struct paromp_depmap *m, void *addr)
{
  struct dep_entry **e = &m->bucket[hash(addr)];
  while (*e != NULL && (*e)->addr != addr)
    e = &(*e)->next;
  return e;
}

static void add_edge(struct paromp_task *pred, struct paromp_task *t)
{
  if (pred == NULL || pred == t || pred->state == PAROMP_TASK_DONE)
    return;
  int repeated = pred->nsucc > 0 && pred->succ[pred->nsucc - 1] == t;
  if (OMPT_ON(task_dependence) && !repeated)
    paromp_ompt.task_dependence(&pred->ompt_data, &t->ompt_data);
  if (pred->nsucc == pred->succ_cap) {
    pred->succ_cap = pred->succ_cap ? pred->succ_cap * 2 : 4;
    struct paromp_task **s = realloc(pred->succ, pred->succ_cap * sizeof *s);
    if (s == NULL)
      paromp_fatal("out of memory");
    pred->succ = s;
  }
  pred->succ[pred->nsucc++] = t;
  t->npred++;
}

/* Reads gcc's depend array: with depend[0] != 0 the old layout (count, number
   of out/inout, then addresses); with depend[0] == 0 the new one (count,
   out/inout, mutexinoutset, in, then addresses, then depobjs). */
static unsigned parse(void **depend, struct dep **out)
{
  uintptr_t n, nout, nmutex = 0, nin, first;
  if ((uintptr_t)depend[0] != 0) {
    n = (uintptr_t)depend[0];
    nout = (uintptr_t)depend[1];
    nin = n - nout;
    first = 2;
  } else {
    n = (uintptr_t)depend[1];
    nout = (uintptr_t)depend[2];
    nmutex = (uintptr_t)depend[3];
    nin = (uintptr_t)depend[4];
    first = 5;
  }
  struct dep *d = paromp_malloc(n * sizeof *d);
  for (uintptr_t i = 0; i < n; i++) {
    void *p = depend[first + i];
    if (i < nout) {
      d[i].addr = p;
      d[i].kind = GOMP_DEPEND_INOUT;
    } else if (i < nout + nmutex) {
      d[i].addr = p;
      d[i].kind = GOMP_DEPEND_MUTEXINOUTSET;
    } else if (i < nout + nmutex + nin) {
      d[i].addr = p;
      d[i].kind = GOMP_DEPEND_IN;
    } else {                  /* a depobj: { address, kind } */
      void **obj = p;
      d[i].addr = obj[0];
      d[i].kind = (int)(uintptr_t)obj[1];
    }
  }
  *out = d;
  return (unsigned)n;
}

static ompt_dependence_type_t ompt_type(int kind)
{
  switch (kind) {
  case GOMP_DEPEND_IN: return ompt_dependence_type_in;
  case GOMP_DEPEND_OUT: return ompt_dependence_type_out;
  case GOMP_DEPEND_MUTEXINOUTSET: return ompt_dependence_type_mutexinoutset;
  case GOMP_DEPEND_INOUTSET: return ompt_dependence_type_inoutset;
  default: return ompt_dependence_type_inout;
  }
}

static void ompt_dependences(struct paromp_task *t, const struct dep *deps, unsigned n)
{
  ompt_dependence_t *list = paromp_malloc(n * sizeof *list);
  for (unsigned i = 0; i < n; i++) {
    list[i].variable.ptr = deps[i].addr;
    list[i].dependence_type = ompt_type(deps[i].kind);
  }
  paromp_ompt.dependences(&t->ompt_data, list, (int)n);
  free(list);
}

unsigned paromp_deps_add_locked(struct paromp_task *parent, struct paromp_task *t, void **depend)
{
  struct dep *deps;
  unsigned n = parse(depend, &deps);
  if (OMPT_ON(dependences))
    ompt_dependences(t, deps, n);
  if (parent->depmap == NULL) {
    parent->depmap = paromp_calloc(1, sizeof *parent->depmap);
    if (parent->kind != PAROMP_TASK_EXPLICIT)
      parent->team->implicit_depmaps = 1;
  }
  t->dep_addrs = n ? paromp_malloc(n * sizeof *t->dep_addrs) : NULL;
  t->ndeps = n;
  for (unsigned i = 0; i < n; i++) {
    struct dep_entry **slot = find(parent->depmap, deps[i].addr);
    struct dep_entry *e = *slot;
    t->dep_addrs[i] = deps[i].addr;
    if (e == NULL) {
      e = paromp_calloc(1, sizeof *e);
      e->addr = deps[i].addr;
      *slot = e;
    }
    if (deps[i].kind == GOMP_DEPEND_IN) {
      add_edge(e->last_out, t);
      if (e->nins == e->ins_cap) {
        e->ins_cap = e->ins_cap ? e->ins_cap * 2 : 4;
        struct paromp_task **ins = realloc(e->ins, e->ins_cap * sizeof *ins);
        if (ins == NULL)
          paromp_fatal("out of memory");
        e->ins = ins;
      }
      e->ins[e->nins++] = t;
    } else {
      /* out, inout, mutexinoutset and inoutset all order after every earlier
         reader and writer; a stricter order than the last two need */
      if (e->nins > 0)
        for (unsigned k = 0; k < e->nins; k++)
          add_edge(e->ins[k], t);
      else
        add_edge(e->last_out, t);
      e->nins = 0;
      e->last_out = t;
    }
  }
  free(deps);
  return t->npred;
}

void paromp_deps_release_locked(struct paromp_team *team, struct paromp_task *t)
{
  for (unsigned i = 0; i < t->nsucc; i++) {
    struct paromp_task *s = t->succ[i];
    if (--s->npred == 0 && s->state == PAROMP_TASK_WAITING && !s->undeferred)
      paromp_task_enqueue_locked(team, s);
  }
  t->nsucc = 0;
  struct paromp_depmap *m = t->parent ? t->parent->depmap : NULL;
  for (unsigned i = 0; m != NULL && i < t->ndeps; i++) {
    struct dep_entry **slot = find(m, t->dep_addrs[i]);
    struct dep_entry *e = *slot;
    if (e == NULL)
      continue;
    if (e->last_out == t)
      e->last_out = NULL;
    for (unsigned k = 0; k < e->nins; k++)
      if (e->ins[k] == t)
        e->ins[k--] = e->ins[--e->nins];
    if (e->last_out == NULL && e->nins == 0) {
      *slot = e->next;
      free(e->ins);
      free(e);
    }
  }
}

void paromp_depmap_free(struct paromp_task *parent)
{
  struct paromp_depmap *m = parent->depmap;
  if (m == NULL)
    return;
  for (unsigned b = 0; b < DEPMAP_BUCKETS; b++)
    for (struct dep_entry *e = m->bucket[b], *n; e != NULL; e = n) {
      n = e->next;
      free(e->ins);
      free(e);
    }
  free(m);
  parent->depmap = NULL;
}
