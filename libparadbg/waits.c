/* The wait-for graph (paradbg/waits.h): nodes for threads and images,
   edges for every wait the other views know, and the diagnosis in words.
   One pure function over records: it reads no target.

   Waits are of three shapes.  A lock-like wait needs one holder; a
   barrier, SYNC IMAGES or a taskwait needs every one of a set (AND); an
   EVENT WAIT needs any one image that could still post (OR).  Inside, a
   set is one vertex of its own (a group), shared by all who wait for the
   same set, so that a barrier of 4096 threads costs 4096 edges, not
   4096 squared.  What can still move is found as in Horn satisfiability
   (a waiter moves once all, or one, of what it needs can move); what
   cannot is a cycle (a deadlock, found by Tarjan's algorithm) or leads to
   something that will never move (an exited or crashed holder, a member
   that has left, an event no one can post). */
#define _GNU_SOURCE
#include "config.h"

#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paradbg/paradbg.h"
#include "session.h"
#include "waits-private.h"

#define MAX_GROUP_EDGES 64   /* edges shown of one waiter of a set: the rest are counted */
#define MAX_NAMED 4          /* nodes a summary names */

/* --- Strings ------------------------------------------------------------ */

void wstr_add(struct wstr *b, const char *fmt, ...)
{
  if (b->failed)
    return;
  for (;;) {
    size_t room = b->cap - b->len;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(b->s != NULL ? b->s + b->len : NULL, room, fmt, ap);
    va_end(ap);
    if (n < 0) {
      b->failed = 1;
      return;
    }
    if ((size_t)n < room) {
      b->len += (size_t)n;
      return;
    }
    size_t cap = b->cap ? b->cap : 256;
    while (cap - b->len <= (size_t)n)
      cap *= 2;
    char *s = realloc(b->s, cap);
    if (s == NULL) {
      b->failed = 1;
      return;
    }
    b->s = s;
    b->cap = cap;
  }
}

void wstr_dot(struct wstr *b, const char *s)
{
  for (const char *p = s; *p != '\0';) {
    size_t run = strcspn(p, "\"\\\n");
    if (run > 0)
      wstr_add(b, "%.*s", (int)run, p);
    p += run;
    if (*p == '\n')
      wstr_add(b, "\\n");
    else if (*p != '\0')
      wstr_add(b, "\\%c", *p);
    if (*p != '\0')
      p++;
  }
}

char *wstr_take(struct wstr *b)
{
  char *s = b->s;
  if (b->failed) {
    free(s);
    s = NULL;
  } else if (s == NULL) {
    s = strdup("");
  }
  memset(b, 0, sizeof *b);
  return s;
}

const char *waits_signal_name(int sig, char *buf, size_t n)
{
  const char *abbrev = sig > 0 && sig < 128 ? sigabbrev_np(sig) : NULL;
  if (abbrev != NULL)
    snprintf(buf, n, "SIG%s", abbrev);
  else
    snprintf(buf, n, "signal %d", sig);
  return buf;
}

int waits_kind_held(const char *kind)
{
  static const char *const held[] = { "lock", "critical", "atomic", "ordered",
                                      "coarray lock", "coarray critical", "atomic lock" };
  for (unsigned i = 0; i < sizeof held / sizeof held[0]; i++)
    if (strcmp(kind, held[i]) == 0)
      return 1;
  return 0;
}

static char *dup_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static char *dup_printf(const char *fmt, ...)
{
  va_list ap;
  char *s;
  va_start(ap, fmt);
  int n = vasprintf(&s, fmt, ap);
  va_end(ap);
  return n < 0 ? NULL : s;
}

/* --- A map from 64-bit keys (LWPs, ids) to indexes ------------------------ */

struct hslot {
  uint64_t key;
  unsigned val;
  unsigned used;
};

struct hmap {
  struct hslot *v;
  size_t cap, n;
};

static size_t hmix(uint64_t k)
{
  k ^= k >> 33;
  k *= 0xff51afd7ed558ccdULL;
  k ^= k >> 33;
  return (size_t)k;
}

static int hmap_get(const struct hmap *m, uint64_t key, unsigned *val)
{
  if (m->cap == 0)
    return 0;
  for (size_t i = hmix(key) & (m->cap - 1);; i = (i + 1) & (m->cap - 1)) {
    if (!m->v[i].used)
      return 0;
    if (m->v[i].key == key) {
      *val = m->v[i].val;
      return 1;
    }
  }
}

/* Adds key unless it is there; -1 out of memory. */
static int hmap_put(struct hmap *m, uint64_t key, unsigned val)
{
  if (2 * (m->n + 1) > m->cap) {
    size_t cap = m->cap ? 2 * m->cap : 64;
    struct hslot *v = calloc(cap, sizeof *v);
    if (v == NULL)
      return -1;
    for (size_t i = 0; i < m->cap; i++)
      if (m->v[i].used) {
        size_t j = hmix(m->v[i].key) & (cap - 1);
        while (v[j].used)
          j = (j + 1) & (cap - 1);
        v[j] = m->v[i];
      }
    free(m->v);
    m->v = v;
    m->cap = cap;
  }
  size_t i = hmix(key) & (m->cap - 1);
  for (; m->v[i].used; i = (i + 1) & (m->cap - 1))
    if (m->v[i].key == key)
      return 0;
  m->v[i] = (struct hslot){ key, val, 1 };
  m->n++;
  return 0;
}

static void hmap_free(struct hmap *m)
{
  free(m->v);
  memset(m, 0, sizeof *m);
}

/* --- The builder ------------------------------------------------------- */

enum { AND, OR };

/* One wait of a node: for one node (target), for a set (group), or for
   nobody known (neither: a lock whose holder is not recorded). */
struct item {
  unsigned from;
  const char *kind;
  char *object;
  int target, group;
  unsigned seq;
};

/* A set: pool[start .. start + n). */
struct group {
  size_t start;
  unsigned n;
  int mode;
};

struct build {
  const struct pdb_records *omp;
  const struct pdb_caf_records *caf;
  const struct pdb_atomic_records *ar;
  struct pdb_waits *w;
  unsigned cap_nodes;
  const struct pdb_thread **rec;     /* each node's OpenMP record, NULL none */
  unsigned char *atomic_wait;        /* each node: the atomic records list it as a waiter */
  struct hmap lwps;                  /* LWP -> node */
  struct hmap waiters;               /* LWP -> its first atomic waiter */
  struct hmap held;                  /* atomic lock index -> place in ar->locks */
  int know_threads;                  /* a thread list: an LWP not in it has exited */
  unsigned image0, nimages;          /* the image nodes */
  struct item *items;
  unsigned nitems;
  size_t cap_items;
  struct group *groups;
  unsigned ngroups;
  size_t cap_groups;
  unsigned *pool;
  size_t npool, cap_pool;
  int oom;
};

static void *grow(void *v, size_t n, size_t *cap, size_t size, int *oom)
{
  if (n < *cap)
    return v;
  size_t c = *cap ? 2 * *cap : 64;
  void *p = realloc(v, c * size);
  if (p == NULL) {
    *oom = 1;
    return NULL;
  }
  *cap = c;
  return p;
}

static void truncated(struct build *b)
{
  if (b->w->truncated < UINT_MAX)
    b->w->truncated++;
}

/* A new node (label is taken); -1 past the limit or out of memory. */
static int add_node(struct build *b, int kind, char *label, int64_t lwp, const char *status, int alive)
{
  struct pdb_waits *w = b->w;
  if (label == NULL) {
    b->oom = 1;
    return -1;
  }
  if (w->nnodes == PDB_WAITS_MAX_NODES) {
    free(label);
    truncated(b);
    return -1;
  }
  if (w->nnodes == b->cap_nodes) {
    unsigned cap = b->cap_nodes ? 2 * b->cap_nodes : 64;
    struct pdb_wait_node *nodes = realloc(w->nodes, cap * sizeof *nodes);
    if (nodes != NULL)
      w->nodes = nodes;
    const struct pdb_thread **rec = realloc(b->rec, cap * sizeof *rec);
    if (rec != NULL)
      b->rec = rec;
    unsigned char *aw = realloc(b->atomic_wait, cap);
    if (aw != NULL)
      b->atomic_wait = aw;
    if (nodes == NULL || rec == NULL || aw == NULL) {
      free(label);
      b->oom = 1;
      return -1;
    }
    b->cap_nodes = cap;
  }
  unsigned i = w->nnodes++;
  struct pdb_wait_node *n = &w->nodes[i];
  memset(n, 0, sizeof *n);
  n->kind = kind;
  n->label = label;
  n->lwp = lwp;
  n->omp_thread = -1;
  n->status = status;
  n->alive = alive;
  b->rec[i] = NULL;
  b->atomic_wait[i] = 0;
  return (int)i;
}

/* The node of a thread, or with create one for an LWP the host did not
   list: a holder or member that has exited.  -1 none. */
static int node_of_lwp(struct build *b, int64_t lwp, int create)
{
  unsigned v;
  if (lwp <= 0)
    return -1;
  if (hmap_get(&b->lwps, (uint64_t)lwp, &v))
    return (int)v;
  if (!create)
    return -1;
  /* A host that gave no threads says nothing of who is gone. */
  int i = add_node(b, PDB_WAIT_THREAD, dup_printf("LWP %lld", (long long)lwp), lwp,
                   b->know_threads ? "exited" : "unknown", !b->know_threads);
  if (i >= 0 && hmap_put(&b->lwps, (uint64_t)lwp, (unsigned)i) != 0)
    b->oom = 1;
  return i;
}

/* object is taken. */
static void add_item(struct build *b, unsigned from, const char *kind, char *object, int target,
                     int group)
{
  if (object == NULL) {
    b->oom = 1;
    return;
  }
  struct item *v = grow(b->items, b->nitems, &b->cap_items, sizeof *v, &b->oom);
  if (v == NULL) {
    free(object);
    return;
  }
  b->items = v;
  b->items[b->nitems] = (struct item){ from, kind, object, target, group, b->nitems };
  b->nitems++;
}

/* A set begins: members are added with pool_add, and end_group closes it. */
static size_t begin_group(struct build *b)
{
  return b->npool;
}

static void pool_add(struct build *b, unsigned node)
{
  if (b->npool >= PDB_WAITS_MAX_EDGES) {
    truncated(b);
    return;
  }
  unsigned *p = grow(b->pool, b->npool, &b->cap_pool, sizeof *p, &b->oom);
  if (p == NULL)
    return;
  b->pool = p;
  b->pool[b->npool++] = node;
}

static int end_group(struct build *b, size_t start, int mode)
{
  struct group *g = grow(b->groups, b->ngroups, &b->cap_groups, sizeof *g, &b->oom);
  if (g == NULL)
    return -1;
  b->groups = g;
  b->groups[b->ngroups] = (struct group){ start, (unsigned)(b->npool - start), mode };
  return (int)b->ngroups++;
}

/* --- Nodes -------------------------------------------------------------- */

static int crash_signal(int sig)
{
  return sig == SIGSEGV || sig == SIGBUS || sig == SIGILL || sig == SIGFPE || sig == SIGABRT ||
         sig == SIGSYS || sig == SIGXCPU || sig == SIGXFSZ;
}

int waits_crashed(int sig, int all_carry_it, int first)
{
  return crash_signal(sig) && (!all_carry_it || first);
}

static int omp_waits(const struct pdb_thread *tr)
{
  return tr != NULL && tr->is_omp && tr->has_state && tr->state != NULL &&
         strncmp(tr->state, "wait_", 5) == 0;
}

static int in_barrier(const struct pdb_thread *tr)
{
  return omp_waits(tr) && strncmp(tr->state, "wait_barrier", 12) == 0;
}

/* One node per thread the host gave (or, without, per OpenMP record). */
static void thread_nodes(struct build *b, const struct pdb_host_thread *threads, unsigned n)
{
  const struct pdb_records *omp = b->omp;
  unsigned count = threads != NULL ? n : 0;
  int from_omp = count == 0 && omp != NULL && omp->nthreads > 0;
  if (from_omp)
    count = omp->nthreads;
  /* Only the host's list is all the threads: OpenMP's records leave out
     the others, so one not among them is unknown, not gone. */
  b->know_threads = !from_omp && count > 0;
  /* Linux writes the dumping signal into every thread of a core: when all
     carry the same crash signal, only the first (the one that dumped it)
     crashed. */
  int first_only = 0;
  if (!from_omp && count > 1 && crash_signal(threads[0].signal)) {
    first_only = 1;
    for (unsigned i = 1; i < count && first_only; i++)
      first_only = threads[i].signal == threads[0].signal;
  }
  for (unsigned i = 0; i < count && !b->oom; i++) {
    int64_t lwp = from_omp ? omp->threads[i].lwp : threads[i].lwp;
    const char *label = from_omp ? NULL : threads[i].label;
    int sig = from_omp ? omp->threads[i].signal : threads[i].signal;
    unsigned seen;
    if (lwp <= 0 || hmap_get(&b->lwps, (uint64_t)lwp, &seen))
      continue;
    char *text = label != NULL && label[0] != '\0' ? pdb_printable(label)
                                                   : dup_printf("LWP %lld", (long long)lwp);
    int crashed = waits_crashed(sig, first_only, i == 0);
    int v = add_node(b, PDB_WAIT_THREAD, text, lwp, crashed ? "crashed" : "running", !crashed);
    if (v < 0)
      continue;
    b->w->nodes[v].signal = crashed ? sig : 0;
    if (hmap_put(&b->lwps, (uint64_t)lwp, (unsigned)v) != 0)
      b->oom = 1;
  }
  for (unsigned i = 0; omp != NULL && i < omp->nthreads; i++) {
    const struct pdb_thread *tr = &omp->threads[i];
    int v = node_of_lwp(b, tr->lwp, 0);
    if (v < 0 || b->rec[v] != NULL)
      continue;
    b->rec[v] = tr;
    if (tr->is_omp && tr->thread_num >= 0)
      b->w->nodes[v].omp_thread = tr->thread_num;
  }
}

static void image_nodes(struct build *b)
{
  const struct pdb_caf_records *caf = b->caf;
  b->image0 = b->w->nnodes;
  for (unsigned i = 0; caf != NULL && i < caf->nimages && !b->oom; i++) {
    const struct pdb_caf_image *im = &caf->images[i];
    const char *st = im->status != NULL ? im->status : "unknown";
    int gone = strcmp(st, "stopped") == 0 || strcmp(st, "failed") == 0 || strcmp(st, "error stop") == 0;
    if (strcmp(st, "running") == 0)
      st = im->wait_kind != NULL ? "waiting" : "running";
    int v = add_node(b, PDB_WAIT_IMAGE, dup_printf("image %d", (int)(i + 1)), 0, st, !gone);
    if (v < 0)
      break;
    struct pdb_wait_node *n = &b->w->nodes[v];
    n->image = (int)(i + 1);
    n->signal = strcmp(st, "failed") == 0 ? im->signal : 0;
    if (im->wait != NULL && (n->wait = pdb_printable(im->wait)) == NULL)
      b->oom = 1;
    b->nimages++;
  }
}

/* Thread nodes' waits in words and their status, once their items are
   known. */
static void thread_status(struct build *b)
{
  const struct pdb_atomic_records *ar = b->ar;
  int this_image = b->caf != NULL && b->caf->this_image > 0 ? b->caf->this_image : 0;
  for (unsigned v = 0; v < b->w->nnodes && !b->oom; v++) {
    struct pdb_wait_node *n = &b->w->nodes[v];
    if (n->kind != PDB_WAIT_THREAD)
      continue;
    n->image = this_image;
    const struct pdb_thread *tr = b->rec[v];
    unsigned k;
    const char *text = tr != NULL && tr->wait != NULL ? tr->wait : NULL;
    if (text == NULL && ar != NULL && hmap_get(&b->waiters, (uint64_t)n->lwp, &k))
      text = ar->waiters[k].wait;
    if (text != NULL && (n->wait = pdb_printable(text)) == NULL)
      b->oom = 1;
    int waits = omp_waits(tr) || (tr != NULL && tr->waiting) || b->atomic_wait[v];
    if (n->alive && strcmp(n->status, "running") == 0 && waits)
      n->status = "waiting";
    if (n->alive && strcmp(n->status, "unknown") == 0 && waits)
      n->status = "waiting";
  }
}

/* --- Items: OpenMP -------------------------------------------------------- */

/* "lock `qlock`": the object of a lock-like wait. */
static char *omp_object(const struct pdb_thread *tr, const char *kind)
{
  char *name = tr->wait_name != NULL ? pdb_printable(tr->wait_name) : NULL;
  char *s;
  if (tr->wait_name != NULL && name == NULL)
    return NULL;
  if (name != NULL) {
    if (strcmp(kind, "critical") == 0 && strcmp(name, "unnamed") == 0)
      s = strdup("the unnamed critical");
    else
      s = dup_printf("%s `%s`", kind, name);
  } else if (tr->wait != NULL) {
    s = pdb_printable(tr->wait);   /* "lock 0x4010a0 <qlock>" */
  } else if (strcmp(kind, "atomic") == 0) {
    s = strdup("an atomic construct");
  } else if (strcmp(kind, "ordered") == 0) {
    s = strdup("an ordered region");
  } else {
    s = dup_printf("a %s", kind);
  }
  free(name);
  return s;
}

/* The members of region index ri that have not reached its barrier, as a
   set made once per region. */
static int barrier_group(struct build *b, struct hmap *made, unsigned ri)
{
  unsigned g;
  if (hmap_get(made, ri, &g))
    return (int)g;
  const struct pdb_region *reg = &b->omp->regions[ri];
  size_t start = begin_group(b);
  for (unsigned k = 0; k < reg->nmembers && !b->oom; k++) {
    int v = node_of_lwp(b, reg->members[k], 1);
    if (v < 0)
      continue;
    /* A member that has gone is named by its place in the team. */
    struct pdb_wait_node *n = &b->w->nodes[v];
    if (b->rec[v] == NULL && n->omp_thread < 0 && strcmp(n->status, "exited") == 0)
      n->omp_thread = k;
    const struct pdb_thread *t = b->rec[v];
    int arrived = in_barrier(t) && t->has_region && t->region_id == reg->id;
    if (!arrived)
      pool_add(b, (unsigned)v);
  }
  int gi = end_group(b, start, AND);
  if (gi >= 0 && hmap_put(made, ri, (unsigned)gi) != 0)
    b->oom = 1;
  return gi;
}

struct pair {
  unsigned waiter, target;
};

static int by_waiter(const void *a, const void *c)
{
  const struct pair *x = a, *y = c;
  if (x->waiter != y->waiter)
    return x->waiter < y->waiter ? -1 : 1;
  return x->target < y->target ? -1 : x->target > y->target;
}

/* taskwait and taskgroup: the threads whose task chain holds the waiter's
   task (its children for a taskwait, any descendant for a taskgroup). */
static void task_items(struct build *b)
{
  struct hmap tasks = { 0 };
  unsigned nodes = b->w->nnodes;
  unsigned nwaiters = 0;
  for (unsigned v = 0; v < nodes && !b->oom; v++) {
    const struct pdb_thread *tr = b->rec[v];
    if (!omp_waits(tr) || tr->ntasks == 0 ||
        (strcmp(tr->state, "wait_taskwait") != 0 && strcmp(tr->state, "wait_taskgroup") != 0))
      continue;
    if (hmap_put(&tasks, tr->tasks[0].id, v) != 0)
      b->oom = 1;
    nwaiters++;
  }
  struct pair *pairs = NULL;
  size_t npairs = 0, cap = 0;
  for (unsigned v = 0; v < nodes && nwaiters > 0 && !b->oom; v++) {
    const struct pdb_thread *tr = b->rec[v];
    for (unsigned k = 1; tr != NULL && k < tr->ntasks; k++) {
      unsigned wv;
      if (!hmap_get(&tasks, tr->tasks[k].id, &wv) || wv == v)
        continue;
      int group = strcmp(b->rec[wv]->state, "wait_taskgroup") == 0;
      if (k > 1 && !group)
        continue;
      struct pair *p = grow(pairs, npairs, &cap, sizeof *p, &b->oom);
      if (p == NULL)
        break;
      pairs = p;
      pairs[npairs++] = (struct pair){ wv, v };
    }
  }
  if (npairs > 0)
    qsort(pairs, npairs, sizeof *pairs, by_waiter);
  /* Every waiter gets its item, with the threads running its tasks, or
     none (its tasks wait to be run). */
  size_t at = 0;
  for (unsigned v = 0; v < nodes && !b->oom; v++) {
    const struct pdb_thread *tr = b->rec[v];
    unsigned wv;
    if (tr == NULL || tr->ntasks == 0 || !hmap_get(&tasks, tr->tasks[0].id, &wv) || wv != v)
      continue;
    int group = strcmp(tr->state, "wait_taskgroup") == 0;
    while (at < npairs && pairs[at].waiter < v)
      at++;
    int gi = -1;
    if (at < npairs && pairs[at].waiter == v) {
      size_t start = begin_group(b);
      for (; at < npairs && pairs[at].waiter == v; at++)
        pool_add(b, pairs[at].target);
      gi = end_group(b, start, AND);
    }
    add_item(b, v, group ? "taskgroup" : "taskwait",
             dup_printf("the %s of task %llu", group ? "taskgroup" : "taskwait",
                        (unsigned long long)tr->tasks[0].id), -1, gi);
  }
  free(pairs);
  hmap_free(&tasks);
}

static void omp_items(struct build *b)
{
  const struct pdb_records *omp = b->omp;
  if (omp == NULL)
    return;
  struct hmap regions = { 0 }, made = { 0 };
  for (unsigned i = 0; i < omp->nregions && !b->oom; i++)
    if (hmap_put(&regions, omp->regions[i].id, i) != 0)
      b->oom = 1;
  unsigned nodes = b->w->nnodes;   /* exited members are added behind */
  for (unsigned v = 0; v < nodes && !b->oom; v++) {
    const struct pdb_thread *tr = b->rec[v];
    if (!omp_waits(tr))
      continue;
    const char *st = tr->state + 5;
    const char *kind = NULL;
    if (strcmp(st, "lock") == 0 || strcmp(st, "mutex") == 0)
      kind = "lock";   /* a nest lock too: its wait looks the same to OMPD */
    else if (strcmp(st, "critical") == 0 || strcmp(st, "atomic") == 0 || strcmp(st, "ordered") == 0)
      kind = st;
    if (kind != NULL) {
      int target = tr->holder != 0 ? node_of_lwp(b, tr->holder, 1) : -1;
      add_item(b, v, kind, omp_object(tr, kind), target, -1);
    } else if (strncmp(st, "barrier", 7) == 0) {
      unsigned ri;
      int gi = tr->has_region && hmap_get(&regions, tr->region_id, &ri) ? barrier_group(b, &made, ri) : -1;
      char *object = tr->has_region ? dup_printf("the barrier of region %llu",
                                                 (unsigned long long)tr->region_id)
                                    : strdup("a barrier");
      add_item(b, v, "barrier", object, -1, gi);
    }
  }
  hmap_free(&regions);
  hmap_free(&made);
  if (!b->oom)
    task_items(b);
}

/* --- Items: atomic locks ----------------------------------------------------- */

static char *atomic_object(const struct pdb_atomic_waiter *aw, const struct pdb_atomic_lock *l)
{
  const char *name = aw->object.name != NULL ? aw->object.name : l != NULL ? l->object.name : NULL;
  if (name == NULL)
    return dup_printf("atomic lock %llu", (unsigned long long)aw->lock);
  char *p = pdb_printable(name);
  char *s = p != NULL ? dup_printf("atomic lock %llu for %s", (unsigned long long)aw->lock, p) : NULL;
  free(p);
  return s;
}

/* The item of atomic waiter k for node v. */
static void atomic_item(struct build *b, unsigned v, unsigned k)
{
  const struct pdb_atomic_records *ar = b->ar;
  const struct pdb_atomic_waiter *aw = &ar->waiters[k];
  if (aw->lock == UINT64_MAX)
    return;   /* a libatomic without owners: whose lock is not known */
  unsigned li;
  const struct pdb_atomic_lock *l = hmap_get(&b->held, aw->lock, &li) ? &ar->locks[li] : NULL;
  int target = l != NULL && l->owner.lwp != 0 ? node_of_lwp(b, l->owner.lwp, 1) : -1;
  add_item(b, v, "atomic lock", atomic_object(aw, l), target, -1);
}

static void atomic_items(struct build *b)
{
  const struct pdb_atomic_records *ar = b->ar;
  if (ar == NULL)
    return;
  for (unsigned i = 0; i < ar->nlocks && !b->oom; i++)
    if (hmap_put(&b->held, ar->locks[i].index, i) != 0)
      b->oom = 1;
  for (unsigned i = 0; i < ar->nwaiters && !b->oom; i++) {
    const struct pdb_atomic_waiter *aw = &ar->waiters[i];
    if (hmap_put(&b->waiters, (uint64_t)aw->who.lwp, i) != 0)
      b->oom = 1;
    int v = node_of_lwp(b, aw->who.lwp, !b->know_threads);
    if (v < 0 || b->w->nodes[v].kind != PDB_WAIT_THREAD)
      continue;
    b->atomic_wait[v] = 1;
    atomic_item(b, (unsigned)v, i);
  }
}

/* --- Items: coarray images --------------------------------------------------- */

/* "lk[2]", "lk(3)[2]": a coarray element on an image. */
static char *caf_element(const struct pdb_caf_records *caf, const struct pdb_caf_image *im)
{
  char *name = im->object != NULL ? pdb_printable(im->object) : strdup("?");
  if (name == NULL)
    return NULL;
  char elem[64] = "";
  if (im->object_coarray >= 0 && (unsigned)im->object_coarray < caf->ncoarrays) {
    const struct pdb_caf_coarray *c = &caf->coarrays[im->object_coarray];
    if (c->nelem > 1 && c->rank == 1)
      snprintf(elem, sizeof elem, "(%lld)", (long long)(c->lbound[0] + (int64_t)im->element));
    else if (c->nelem > 1)
      snprintf(elem, sizeof elem, "(element %llu)", (unsigned long long)im->element + 1);
  }
  char *s = dup_printf("%s%s[%d]", name, elem, im->object_image);
  free(name);
  return s;
}

static void caf_items(struct build *b)
{
  const struct pdb_caf_records *caf = b->caf;
  for (unsigned i = 0; caf != NULL && i < b->nimages && !b->oom; i++) {
    const struct pdb_caf_image *im = &caf->images[i];
    unsigned v = b->image0 + i;
    const char *wk = im->wait_kind;
    if (wk == NULL)
      continue;
    int lock = strcmp(wk, "lock") == 0, critical = strcmp(wk, "critical") == 0;
    if (lock || critical) {
      int h = im->holder;
      if (h == 0 && im->nwait_images == 1)
        h = im->wait_images[0];
      int target = h >= 1 && (unsigned)h <= b->nimages ? (int)(b->image0 + (unsigned)h - 1) : -1;
      char *object;
      if (lock) {
        char *e = caf_element(caf, im);
        object = e != NULL ? dup_printf("coarray lock %s", e) : NULL;
        free(e);
      } else {
        /* "critical", or "critical #3" among several */
        const char *more = im->object != NULL && strncmp(im->object, "critical", 8) == 0 ? im->object + 8
                                                                                      : "";
        char *p = pdb_printable(more);
        object = p != NULL ? dup_printf("the critical construct%s", p) : NULL;
        free(p);
      }
      add_item(b, v, lock ? "coarray lock" : "coarray critical", object, target, -1);
    } else if (strcmp(wk, "event wait") == 0) {
      /* Any image that can still run may post; none: it never comes. */
      size_t start = begin_group(b);
      for (unsigned j = 0; j < b->nimages; j++)
        if (j != i && b->w->nodes[b->image0 + j].alive)
          pool_add(b, b->image0 + j);
      int gi = end_group(b, start, OR);
      char *name = im->object != NULL ? pdb_printable(im->object) : strdup("?");
      char *object = NULL;
      if (name != NULL)
        object = im->object_image != 0 && im->object_image != (int)(i + 1)
                     ? dup_printf("event %s[%d]", name, im->object_image)
                     : dup_printf("event %s", name);
      free(name);
      add_item(b, v, "event wait", object, -1, gi);
    } else if (strcmp(wk, "atomic lock") == 0) {
      /* Marked from the atomic records: the image's own process; its
         thread node, if the host gave it, has the wait already. */
      unsigned k;
      if (b->ar != NULL && im->pid > 0 && node_of_lwp(b, im->pid, 0) < 0 &&
          hmap_get(&b->waiters, (uint64_t)im->pid, &k))
        atomic_item(b, v, k);
    } else {
      const char *kind = strcmp(wk, "sync images") == 0 ? "sync images"
                         : strcmp(wk, "sync all") == 0 ? "sync all"
                         : strcmp(wk, "collective") == 0 ? "collective"
                         : strcmp(wk, "team synchronisation") == 0 ? "team"
                         : strcmp(wk, "normal termination") == 0 ? "termination" : NULL;
      if (kind == NULL)
        continue;
      size_t start = begin_group(b);
      for (unsigned k = 0; k < im->nwait_images; k++) {
        int g = im->wait_images[k];
        if (g >= 1 && (unsigned)g <= b->nimages && (unsigned)g != i + 1)
          pool_add(b, b->image0 + (unsigned)g - 1);
      }
      int gi = end_group(b, start, AND);
      char *object;
      if (strcmp(kind, "collective") == 0)
        object = im->operation != NULL ? pdb_printable(im->operation) : strdup("a collective");
      else if (strcmp(kind, "team") == 0)
        object = strdup("team synchronisation");
      else if (strcmp(kind, "termination") == 0)
        object = strdup("normal termination");
      else
        object = strdup(kind);
      add_item(b, v, kind, object, -1, gi);
    }
  }
  /* The image's main thread is the image: with no wait of its own it
     waits as its image does, rather than seem to run. */
  int me = caf != NULL ? caf->this_image : 0;
  if (me < 1 || (unsigned)me > b->nimages || caf->images[me - 1].wait_kind == NULL || b->oom)
    return;
  /* A stopped image's thread waits for the program's end, not in vain. */
  if (!b->w->nodes[b->image0 + (unsigned)me - 1].alive)
    return;
  int t = node_of_lwp(b, caf->images[me - 1].pid, 0);
  if (t < 0 || omp_waits(b->rec[t]) || (b->rec[t] != NULL && b->rec[t]->waiting) || b->atomic_wait[t])
    return;
  add_item(b, (unsigned)t, "image", dup_printf("the wait of image %d", me), (int)(b->image0 + (unsigned)me - 1),
           -1);
  b->atomic_wait[t] = 1;   /* it waits: thread_status says so */
  const char *wait = caf->images[me - 1].wait;
  if (wait != NULL && (b->w->nodes[t].wait = pdb_printable(wait)) == NULL)
    b->oom = 1;
}

/* --- The analysis -------------------------------------------------------- */

struct graph {
  unsigned nn, nv;               /* nodes; vertices: nodes, then sets */
  unsigned *istart;              /* items of node v: istart[v] .. istart[v + 1] */
  size_t *off, *roff;
  unsigned *adj, *radj;
  unsigned char *free_;          /* it can still move */
  unsigned char *dead;           /* a node that will never move */
  unsigned char *or_;            /* a set any one of which will do */
  int *comp;                     /* strongly connected component of a stuck vertex, -1 */
  unsigned char *cyclic;         /* by component */
  unsigned ncomp;
  int *cyc_item;                 /* a node on a reported cycle: its item there, -1 */
  int *cyc_to;                   /* and the node it waits for there */
};

static int by_from(const void *a, const void *c)
{
  const struct item *x = a, *y = c;
  if (x->from != y->from)
    return x->from < y->from ? -1 : 1;
  return x->seq < y->seq ? -1 : x->seq > y->seq;
}

static int stuck(const struct graph *g, unsigned v)
{
  return !g->free_[v] && !g->dead[v];
}

static void graph_free(struct graph *g)
{
  free(g->istart);
  free(g->off);
  free(g->roff);
  free(g->adj);
  free(g->radj);
  free(g->free_);
  free(g->dead);
  free(g->or_);
  free(g->comp);
  free(g->cyclic);
  free(g->cyc_item);
  free(g->cyc_to);
}

/* Vertices, edges both ways, and which can still move. */
static int make_graph(struct build *b, struct graph *g)
{
  unsigned nn = b->w->nnodes, ng = b->ngroups;
  g->nn = nn;
  g->nv = nn + ng;
  if (b->nitems > 0)
    qsort(b->items, b->nitems, sizeof *b->items, by_from);
  g->istart = calloc(nn + 1, sizeof *g->istart);
  g->off = calloc(g->nv + 1, sizeof *g->off);
  g->roff = calloc(g->nv + 1, sizeof *g->roff);
  g->free_ = calloc(g->nv ? g->nv : 1, 1);
  g->dead = calloc(g->nv ? g->nv : 1, 1);
  g->or_ = calloc(g->nv ? g->nv : 1, 1);
  g->comp = malloc((g->nv ? g->nv : 1) * sizeof *g->comp);
  g->cyc_item = malloc((nn ? nn : 1) * sizeof *g->cyc_item);
  g->cyc_to = malloc((nn ? nn : 1) * sizeof *g->cyc_to);
  if (g->istart == NULL || g->off == NULL || g->roff == NULL || g->free_ == NULL || g->dead == NULL ||
      g->or_ == NULL || g->comp == NULL || g->cyc_item == NULL || g->cyc_to == NULL)
    return -1;
  for (unsigned i = 0; i < b->nitems; i++)
    g->istart[b->items[i].from + 1]++;
  for (unsigned v = 0; v < nn; v++)
    g->istart[v + 1] += g->istart[v];
  /* Successors: a node's items' targets and sets; a set's members. */
  for (unsigned i = 0; i < b->nitems; i++)
    g->off[b->items[i].from + 1] += b->items[i].target >= 0 || b->items[i].group >= 0;
  for (unsigned k = 0; k < ng; k++)
    g->off[nn + k + 1] = b->groups[k].n;
  for (unsigned v = 0; v < g->nv; v++)
    g->off[v + 1] += g->off[v];
  size_t ne = g->off[g->nv];
  g->adj = malloc((ne ? ne : 1) * sizeof *g->adj);
  g->radj = malloc((ne ? ne : 1) * sizeof *g->radj);
  if (g->adj == NULL || g->radj == NULL)
    return -1;
  for (unsigned v = 0; v < nn; v++) {
    size_t at = g->off[v];
    for (unsigned i = g->istart[v]; i < g->istart[v + 1]; i++) {
      const struct item *it = &b->items[i];
      if (it->target >= 0)
        g->adj[at++] = (unsigned)it->target;
      else if (it->group >= 0)
        g->adj[at++] = nn + (unsigned)it->group;
    }
  }
  for (unsigned k = 0; k < ng; k++)
    if (b->groups[k].n > 0)
      memcpy(g->adj + g->off[nn + k], b->pool + b->groups[k].start, b->groups[k].n * sizeof *g->adj);
  /* Predecessors. */
  for (size_t e = 0; e < ne; e++)
    g->roff[g->adj[e] + 1]++;
  for (unsigned v = 0; v < g->nv; v++)
    g->roff[v + 1] += g->roff[v];
  size_t *fill = malloc((g->nv ? g->nv : 1) * sizeof *fill);
  unsigned *queue = malloc((g->nv ? g->nv : 1) * sizeof *queue);
  unsigned *count = malloc((g->nv ? g->nv : 1) * sizeof *count);
  if (fill == NULL || queue == NULL || count == NULL) {
    free(fill), free(queue), free(count);
    return -1;
  }
  memcpy(fill, g->roff, g->nv * sizeof *fill);
  for (unsigned v = 0; v < g->nv; v++)
    for (size_t e = g->off[v]; e < g->off[v + 1]; e++)
      g->radj[fill[g->adj[e]]++] = v;
  /* What can move: a running node; a waiter all of whose needs can (one,
     for OR); a waiter with nobody known to wait for (a holder not
     recorded, a barrier all have reached: it is about to go on). */
  size_t qn = 0, qi = 0;
  for (unsigned v = 0; v < g->nv; v++) {
    size_t deg = g->off[v + 1] - g->off[v];
    if (v < nn && !b->w->nodes[v].alive) {
      g->dead[v] = 1;
      continue;
    }
    g->or_[v] = v >= nn && b->groups[v - nn].mode == OR;
    count[v] = g->or_[v] ? 1 : (unsigned)deg;
    if (deg == 0 && !g->or_[v]) {
      g->free_[v] = 1;
      queue[qn++] = v;
    }
  }
  while (qi < qn) {
    unsigned v = queue[qi++];
    for (size_t e = g->roff[v]; e < g->roff[v + 1]; e++) {
      unsigned p = g->radj[e];
      if (g->free_[p] || g->dead[p])
        continue;
      if (--count[p] == 0 || g->or_[p]) {
        g->free_[p] = 1;
        queue[qn++] = p;
      }
    }
  }
  free(fill);
  free(queue);
  free(count);
  return 0;
}

/* Tarjan's algorithm, without recursion, over the vertices that cannot
   move (and are not dead): the components with a cycle are deadlocks. */
static int components(struct graph *g)
{
  unsigned nv = g->nv;
  int *idx = malloc((nv ? nv : 1) * sizeof *idx), *low = malloc((nv ? nv : 1) * sizeof *low);
  unsigned *stack = malloc((nv ? nv : 1) * sizeof *stack), *cs = malloc((nv ? nv : 1) * sizeof *cs);
  size_t *pos = malloc((nv ? nv : 1) * sizeof *pos);
  unsigned char *on = calloc(nv ? nv : 1, 1);
  unsigned *size = NULL;
  int ok = idx != NULL && low != NULL && stack != NULL && cs != NULL && pos != NULL && on != NULL;
  unsigned sp = 0, counter = 0;
  g->ncomp = 0;
  for (unsigned v = 0; ok && v < nv; v++)
    idx[v] = -1, g->comp[v] = -1;
  for (unsigned r = 0; ok && r < nv; r++) {
    if (!stuck(g, r) || idx[r] >= 0)
      continue;
    unsigned csp = 0;
    idx[r] = low[r] = (int)counter++;
    stack[sp++] = r, on[r] = 1;
    cs[csp] = r, pos[csp++] = g->off[r];
    while (csp > 0) {
      unsigned v = cs[csp - 1];
      if (pos[csp - 1] < g->off[v + 1]) {
        unsigned x = g->adj[pos[csp - 1]++];
        if (!stuck(g, x))
          continue;
        if (idx[x] < 0) {
          idx[x] = low[x] = (int)counter++;
          stack[sp++] = x, on[x] = 1;
          cs[csp] = x, pos[csp++] = g->off[x];
        } else if (on[x] && idx[x] < low[v]) {
          low[v] = idx[x];
        }
        continue;
      }
      if (low[v] == idx[v]) {
        unsigned x;
        do {
          x = stack[--sp];
          on[x] = 0;
          g->comp[x] = (int)g->ncomp;
        } while (x != v);
        g->ncomp++;
      }
      csp--;
      if (csp > 0 && low[v] < low[cs[csp - 1]])
        low[cs[csp - 1]] = low[v];
    }
  }
  if (ok) {
    size = calloc(g->ncomp ? g->ncomp : 1, sizeof *size);
    g->cyclic = calloc(g->ncomp ? g->ncomp : 1, 1);
    ok = size != NULL && g->cyclic != NULL;
  }
  for (unsigned v = 0; ok && v < nv; v++)
    if (g->comp[v] >= 0)
      size[g->comp[v]]++;
  for (unsigned v = 0; ok && v < nv; v++) {
    if (g->comp[v] < 0)
      continue;
    if (size[g->comp[v]] > 1)
      g->cyclic[g->comp[v]] = 1;
    for (size_t e = g->off[v]; e < g->off[v + 1]; e++)
      if (g->adj[e] == v)
        g->cyclic[g->comp[v]] = 1;   /* waits for itself */
  }
  free(idx), free(low), free(stack), free(cs), free(pos), free(on), free(size);
  return ok ? 0 : -1;
}

static int in_cycle_comp(const struct graph *g, unsigned v)
{
  return g->comp[v] >= 0 && g->cyclic[g->comp[v]];
}

/* The item of node u that its step to t takes (through set vertex via,
   or directly when via is t). */
static int step_item(const struct build *b, const struct graph *g, unsigned u, unsigned via, unsigned t)
{
  for (unsigned i = g->istart[u]; i < g->istart[u + 1]; i++) {
    const struct item *it = &b->items[i];
    if (via >= g->nn ? it->group == (int)(via - g->nn) : it->group < 0 && it->target == (int)t)
      return (int)i;
  }
  return -1;
}

/* --- Findings ------------------------------------------------------------ */

struct pending {
  int deadlock;
  unsigned *nodes;               /* the cycle, or the waiter then what it waits for */
  unsigned nnodes;
  int *items;                    /* the cycle's items, step by step */
  int item;                      /* never: the waiter's item */
  int target;                    /* never: what will never move, -1 for an event no one can post */
  unsigned *co;                  /* never: all who wait alike, the named one first */
  unsigned nco;
  unsigned first;                /* for the order */
};

static void pending_free(struct pending *p, unsigned n)
{
  for (unsigned i = 0; i < n; i++) {
    free(p[i].nodes);
    free(p[i].items);
    free(p[i].co);
  }
  free(p);
}

static int add_pending(struct pending **v, unsigned *n, unsigned *cap, const struct pending *p)
{
  if (*n == *cap) {
    unsigned c = *cap ? 2 * *cap : 16;
    struct pending *q = realloc(*v, c * sizeof *q);
    if (q == NULL)
      return -1;
    *v = q;
    *cap = c;
  }
  (*v)[(*n)++] = *p;
  return 0;
}

/* One cycle through the lowest node of each cyclic component, found by a
   breadth-first search inside the component. */
static int cycles(struct build *b, struct graph *g, struct pending **pend, unsigned *np, unsigned *cap)
{
  unsigned *par = malloc((g->nv ? g->nv : 1) * sizeof *par);
  unsigned *queue = malloc((g->nv ? g->nv : 1) * sizeof *queue);
  unsigned *seen = calloc(g->nv ? g->nv : 1, sizeof *seen);
  unsigned char *done = calloc(g->ncomp ? g->ncomp : 1, 1);
  int st = par != NULL && queue != NULL && seen != NULL && done != NULL ? 0 : -1;
  unsigned stamp = 0;
  for (unsigned s = 0; st == 0 && s < g->nn; s++) {
    if (!in_cycle_comp(g, s) || done[g->comp[s]])
      continue;
    int c = g->comp[s];
    done[c] = 1;
    stamp++;
    size_t qn = 0, qi = 0;
    queue[qn++] = s;
    seen[s] = stamp;
    int last = -1;
    while (qi < qn && last < 0) {
      unsigned v = queue[qi++];
      for (size_t e = g->off[v]; e < g->off[v + 1]; e++) {
        unsigned x = g->adj[e];
        if (g->comp[x] != c)
          continue;
        if (x == s) {
          last = (int)v;
          break;
        }
        if (seen[x] != stamp) {
          seen[x] = stamp;
          par[x] = v;
          queue[qn++] = x;
        }
      }
    }
    if (last < 0)
      continue;
    /* The path s .. last, read backwards, then its real nodes and steps. */
    size_t len = 1;
    for (unsigned v = (unsigned)last; v != s; v = par[v])
      len++;
    unsigned *path = malloc(len * sizeof *path);
    struct pending p = { .deadlock = 1, .item = -1, .target = -1, .first = s };
    p.nodes = malloc(len * sizeof *p.nodes);
    p.items = malloc(len * sizeof *p.items);
    if (path == NULL || p.nodes == NULL || p.items == NULL) {
      free(path), free(p.nodes), free(p.items);
      st = -1;
      break;
    }
    size_t k = len;
    for (unsigned v = (unsigned)last;; v = par[v]) {
      path[--k] = v;
      if (v == s)
        break;
    }
    for (size_t i = 0; i < len; i++) {
      if (path[i] >= g->nn)
        continue;
      unsigned u = path[i];
      unsigned via = i + 1 < len ? path[i + 1] : s;
      unsigned t = via >= g->nn ? (i + 2 < len ? path[i + 2] : s) : via;
      p.nodes[p.nnodes] = u;
      p.items[p.nnodes++] = step_item(b, g, u, via, t);
      g->cyc_item[u] = p.items[p.nnodes - 1];
      g->cyc_to[u] = (int)t;
    }
    free(path);
    if (add_pending(pend, np, cap, &p) != 0) {
      free(p.nodes), free(p.items);
      st = -1;
    }
  }
  free(par), free(queue), free(seen), free(done);
  return st;
}

struct cand {
  unsigned from;
  int item, target;
  const struct build *b;
};

static int by_cand(const void *a, const void *c)
{
  const struct cand *x = a, *y = c;
  if (x->target != y->target)
    return x->target < y->target ? -1 : 1;
  const struct item *i = &x->b->items[x->item], *j = &y->b->items[y->item];
  int d = strcmp(i->kind, j->kind);
  if (d == 0)
    d = strcmp(i->object, j->object);
  if (d == 0)
    d = x->from < y->from ? -1 : x->from > y->from;
  return d;
}

/* Waits on what will never come, alike ones together: a holder that will
   never move (single waits, by holder and object), a member of a set that
   never will (by set and member), an event nobody can post (by object). */
static int nevers(struct build *b, struct graph *g, struct pending **pend, unsigned *np, unsigned *cap)
{
  struct cand *cands = NULL;
  size_t nc = 0, ccap = 0;
  int oom = 0;
  for (unsigned i = 0; i < b->nitems && !oom; i++) {
    const struct item *it = &b->items[i];
    if (!stuck(g, it->from) || in_cycle_comp(g, it->from))
      continue;
    int target;
    if (it->target >= 0 && g->dead[it->target])
      target = it->target;
    else if (it->group >= 0 && b->groups[it->group].mode == OR && b->groups[it->group].n == 0)
      target = -1;
    else
      continue;
    struct cand *c = grow(cands, nc, &ccap, sizeof *c, &oom);
    if (c == NULL)
      break;
    cands = c;
    cands[nc++] = (struct cand){ it->from, (int)i, target, b };
  }
  if (oom) {
    free(cands);
    return -1;
  }
  if (nc > 0)
    qsort(cands, nc, sizeof *cands, by_cand);
  for (size_t i = 0; i < nc;) {
    size_t j = i + 1;
    while (j < nc && cands[j].target == cands[i].target &&
           strcmp(b->items[cands[j].item].kind, b->items[cands[i].item].kind) == 0 &&
           strcmp(b->items[cands[j].item].object, b->items[cands[i].item].object) == 0)
      j++;
    struct pending p = { .item = cands[i].item, .target = cands[i].target, .first = cands[i].from };
    p.nnodes = cands[i].target >= 0 ? 2 : 1;
    p.nodes = malloc(2 * sizeof *p.nodes);
    p.co = malloc((j - i) * sizeof *p.co);
    if (p.nodes == NULL || p.co == NULL) {
      free(p.nodes), free(p.co);
      free(cands);
      return -1;
    }
    p.nodes[0] = cands[i].from;
    p.nodes[1] = cands[i].target >= 0 ? (unsigned)cands[i].target : 0;
    for (size_t k = i; k < j; k++)
      p.co[p.nco++] = cands[k].from;
    if (add_pending(pend, np, cap, &p) != 0) {
      free(p.nodes), free(p.co), free(cands);
      return -1;
    }
    i = j;
  }
  free(cands);
  /* Sets that cannot complete because a member never will. */
  for (unsigned k = 0; k < b->ngroups; k++) {
    unsigned hv = g->nn + k;
    const struct group *gr = &b->groups[k];
    if (gr->mode != AND || g->free_[hv])
      continue;
    /* Who waits on it, the lowest first. */
    unsigned nco = 0;
    unsigned *co = NULL;
    for (int dead_seen = 0, m = 0; (unsigned)m < gr->n; m++) {
      unsigned t = b->pool[gr->start + (unsigned)m];
      if (!g->dead[t])
        continue;
      if (!dead_seen) {
        dead_seen = 1;
        co = malloc((g->roff[hv + 1] - g->roff[hv] + 1) * sizeof *co);
        if (co == NULL)
          return -1;
        for (size_t e = g->roff[hv]; e < g->roff[hv + 1]; e++) {
          unsigned u = g->radj[e];
          if (u < g->nn && stuck(g, u) && !in_cycle_comp(g, u))
            co[nco++] = u;
        }
        if (nco == 0)
          break;
        unsigned lo = 0;
        for (unsigned q = 1; q < nco; q++)
          if (co[q] < co[lo])
            lo = q;
        unsigned tmp = co[0];
        co[0] = co[lo], co[lo] = tmp;
      }
      struct pending p = { .target = (int)t, .first = co[0], .nnodes = 2 };
      p.item = step_item(b, g, co[0], hv, t);
      p.nodes = malloc(2 * sizeof *p.nodes);
      p.co = malloc(nco * sizeof *p.co);
      if (p.item < 0) {
        free(p.nodes), free(p.co);
        continue;
      }
      if (p.nodes == NULL || p.co == NULL) {
        free(p.nodes), free(p.co), free(co);
        return -1;
      }
      p.nodes[0] = co[0];
      p.nodes[1] = t;
      if (nco > 0)
        memcpy(p.co, co, nco * sizeof *co);
      p.nco = nco;
      if (add_pending(pend, np, cap, &p) != 0) {
        free(p.nodes), free(p.co), free(co);
        return -1;
      }
    }
    free(co);
  }
  return 0;
}

static int by_first(const void *a, const void *c)
{
  const struct pending *x = a, *y = c;
  if (x->deadlock != y->deadlock)
    return x->deadlock ? -1 : 1;
  if (x->first != y->first)
    return x->first < y->first ? -1 : 1;
  return x->target < y->target ? -1 : x->target > y->target;
}

/* "3 threads", "1 image", "2 threads and 1 image". */
static void count_words(struct wstr *s, unsigned nt, unsigned ni, const char *more)
{
  if (nt > 0)
    wstr_add(s, "%u %sthread%s", nt, more, nt == 1 ? "" : "s");
  if (nt > 0 && ni > 0)
    wstr_add(s, " and ");
  if (ni > 0)
    wstr_add(s, "%u %simage%s", ni, nt > 0 ? "" : more, ni == 1 ? "" : "s");
}

/* How a node is named as one that will never move: "thread 3 (OpenMP
   thread 2)". */
static void target_name(struct wstr *s, const struct pdb_wait_node *n)
{
  wstr_add(s, "%s", n->label);
  if (n->kind == PDB_WAIT_THREAD && n->omp_thread >= 0)
    wstr_add(s, " (OpenMP thread %lld)", (long long)n->omp_thread);
}

/* "has exited", "crashed (SIGSEGV)". */
static void why_dead(struct wstr *s, const struct pdb_wait_node *n)
{
  char sig[32];
  if (strcmp(n->status, "exited") == 0)
    wstr_add(s, "has exited");
  else if (strcmp(n->status, "crashed") == 0)
    wstr_add(s, "crashed (%s)", waits_signal_name(n->signal, sig, sizeof sig));
  else if (strcmp(n->status, "failed") == 0 && n->signal > 0)
    wstr_add(s, "has failed (%s)", waits_signal_name(n->signal, sig, sizeof sig));
  else if (strcmp(n->status, "failed") == 0)
    wstr_add(s, "has failed");
  else if (strcmp(n->status, "error stop") == 0)
    wstr_add(s, "has stopped in error");
  else if (strcmp(n->status, "stopped") == 0)
    wstr_add(s, "has stopped");
  else
    wstr_add(s, "will never move");
}

/* "waits for lock `a`, held by thread 5": one step of a chain. */
static void step_words(struct wstr *s, const struct item *it, const char *to)
{
  if (waits_kind_held(it->kind))
    wstr_add(s, "waits for %s, held by %s", it->object, to);
  else if (strcmp(it->kind, "barrier") == 0)
    wstr_add(s, "waits at %s for %s", it->object, to);
  else if (strcmp(it->kind, "event wait") == 0)
    wstr_add(s, "waits for %s from %s", it->object, to);
  else if (strcmp(it->kind, "image") == 0)
    wstr_add(s, "waits as %s does", to);
  else
    wstr_add(s, "waits in %s for %s", it->object, to);
}

static void deadlock_words(struct wstr *s, const struct build *b, struct pending *p)
{
  const struct pdb_waits *w = b->w;
  unsigned k = p->nnodes;
  const struct item *it0 = p->items[0] >= 0 ? &b->items[p->items[0]] : NULL;
  if (k == 1 && it0 != NULL) {
    wstr_add(s, "deadlock: %s waits for %s, which it holds itself", w->nodes[p->nodes[0]].label,
             it0->object);
    return;
  }
  /* "X holds A and waits for B, held by Y, which waits for A" where X
     holds what the last waits for and waits for a held object itself;
     else the chain, back to where it began. */
  unsigned start = 0;
  int holds = 0;
  for (unsigned i = 0; i < k; i++) {
    int in = p->items[(i + k - 1) % k], out = p->items[i];
    if (in >= 0 && out >= 0 && waits_kind_held(b->items[in].kind) && waits_kind_held(b->items[out].kind) &&
        (!holds || p->nodes[i] < p->nodes[start])) {
      start = i;
      holds = 1;
    }
  }
  if (!holds)
    for (unsigned i = 1; i < k; i++)
      if (p->nodes[i] < p->nodes[start])
        start = i;
  /* The cycle from start on. */
  unsigned *nodes = malloc(k * sizeof *nodes);
  int *items = malloc(k * sizeof *items);
  if (nodes == NULL || items == NULL) {
    free(nodes), free(items);
    s->failed = 1;
    return;
  }
  for (unsigned i = 0; i < k; i++) {
    nodes[i] = p->nodes[(start + i) % k];
    items[i] = p->items[(start + i) % k];
  }
  memcpy(p->nodes, nodes, k * sizeof *nodes);
  memcpy(p->items, items, k * sizeof *items);
  free(nodes), free(items);
  wstr_add(s, "deadlock: %s ", w->nodes[p->nodes[0]].label);
  if (holds)
    wstr_add(s, "holds %s and ", b->items[p->items[k - 1]].object);
  for (unsigned i = 0; i < k; i++) {
    if (p->items[i] < 0) {
      wstr_add(s, "%swaits for %s", i ? ", which " : "", w->nodes[p->nodes[(i + 1) % k]].label);
      continue;
    }
    const struct item *it = &b->items[p->items[i]];
    if (i > 0)
      wstr_add(s, ", which ");
    if (holds && i == k - 1)
      wstr_add(s, "waits for %s", it->object);
    else
      step_words(s, it, w->nodes[p->nodes[(i + 1) % k]].label);
  }
}

static void never_words(struct wstr *s, const struct build *b, const struct pending *p)
{
  const struct pdb_waits *w = b->w;
  const struct item *it = &b->items[p->item];
  const char *who = w->nodes[p->nodes[0]].label;
  if (p->target < 0) {
    wstr_add(s, "%s waits for %s, which no live image can post", who, it->object);
    return;
  }
  const struct pdb_wait_node *t = &w->nodes[p->target];
  int held = waits_kind_held(it->kind);
  if (held)
    wstr_add(s, "%s waits for %s, held by ", who, it->object);
  else if (strcmp(it->kind, "barrier") == 0)
    wstr_add(s, "%s waits at %s for ", who, it->object);
  else
    wstr_add(s, "%s waits in %s for ", who, it->object);
  target_name(s, t);
  wstr_add(s, ", which ");
  why_dead(s, t);
  if (held)
    wstr_add(s, ": nothing will release it");
  else if (strcmp(it->kind, "taskwait") == 0 || strcmp(it->kind, "taskgroup") == 0)
    wstr_add(s, ": its task will never finish");
  else
    wstr_add(s, ": it will never arrive");
}

/* An image's main thread that waits as its image does: it is the image,
   not counted again. */
static int image_main(const struct build *b, const struct graph *g, unsigned v)
{
  return g->istart[v + 1] - g->istart[v] == 1 && strcmp(b->items[g->istart[v]].kind, "image") == 0;
}

/* Who waits behind each finding: the waiters whose waits lead to it,
   found backwards from its nodes; each counted once, for the first. */
static int behind(const struct build *b, const struct graph *g, const struct pending *p, unsigned np,
                  unsigned *nt, unsigned *ni)
{
  int *label = malloc((g->nv ? g->nv : 1) * sizeof *label);
  unsigned *queue = malloc((g->nv ? g->nv : 1) * sizeof *queue);
  unsigned char *source = calloc(g->nv ? g->nv : 1, 1);
  if (label == NULL || queue == NULL || source == NULL) {
    free(label), free(queue), free(source);
    return -1;
  }
  size_t qn = 0, qi = 0;
  for (unsigned v = 0; v < g->nv; v++)
    label[v] = -1;
  for (unsigned f = 0; f < np; f++) {
    const unsigned *v = p[f].deadlock ? p[f].nodes : p[f].co;
    unsigned n = p[f].deadlock ? p[f].nnodes : p[f].nco;
    for (unsigned i = 0; i < n; i++) {
      source[v[i]] = 1;
      if (label[v[i]] < 0) {
        label[v[i]] = (int)f;
        queue[qn++] = v[i];
      }
    }
  }
  while (qi < qn) {
    unsigned v = queue[qi++];
    for (size_t e = g->roff[v]; e < g->roff[v + 1]; e++) {
      unsigned u = g->radj[e];
      if (stuck(g, u) && label[u] < 0) {
        label[u] = label[v];
        queue[qn++] = u;
      }
    }
  }
  for (unsigned v = 0; v < g->nn; v++) {
    if (label[v] < 0 || source[v] || g->istart[v] == g->istart[v + 1])
      continue;
    if (image_main(b, g, v))
      continue;
    if (b->w->nodes[v].kind == PDB_WAIT_THREAD)
      nt[label[v]]++;
    else
      ni[label[v]]++;
  }
  free(label), free(queue), free(source);
  return 0;
}

static int findings(struct build *b, struct graph *g)
{
  struct pdb_waits *w = b->w;
  struct pending *p = NULL;
  unsigned np = 0, cap = 0;
  for (unsigned v = 0; v < g->nn; v++)
    g->cyc_item[v] = g->cyc_to[v] = -1;
  if (cycles(b, g, &p, &np, &cap) != 0 || nevers(b, g, &p, &np, &cap) != 0) {
    pending_free(p, np);
    return -1;
  }
  if (np > 0)
    qsort(p, np, sizeof *p, by_first);
  for (unsigned i = 0; i < np; i++)
    if (p[i].deadlock)
      w->verdict = PDB_WAITS_DEADLOCK;
    else if (w->verdict != PDB_WAITS_DEADLOCK)
      w->verdict = PDB_WAITS_NEVER;
  unsigned keep = np < PDB_WAITS_MAX_FINDINGS ? np : PDB_WAITS_MAX_FINDINGS;
  for (unsigned i = keep; i < np; i++)
    truncated(b);
  unsigned *nt = calloc(keep ? keep : 1, sizeof *nt), *ni = calloc(keep ? keep : 1, sizeof *ni);
  w->findings = calloc(keep ? keep : 1, sizeof *w->findings);
  if (nt == NULL || ni == NULL || w->findings == NULL || behind(b, g, p, keep, nt, ni) != 0) {
    free(nt), free(ni);
    pending_free(p, np);
    return -1;
  }
  int st = 0;
  for (unsigned i = 0; i < keep && st == 0; i++) {
    struct wstr s = { 0 };
    if (p[i].deadlock) {
      deadlock_words(&s, b, &p[i]);
    } else {
      never_words(&s, b, &p[i]);
      unsigned ct = 0, cimg = 0;
      for (unsigned k = 1; k < p[i].nco; k++)
        if (w->nodes[p[i].co[k]].kind == PDB_WAIT_THREAD)
          ct++;
        else
          cimg++;
      if (ct + cimg > 0) {
        wstr_add(&s, "; ");
        count_words(&s, ct, cimg, "more ");
        wstr_add(&s, " %s there too", ct + cimg == 1 ? "waits" : "wait");
      }
    }
    if (nt[i] + ni[i] > 0) {
      wstr_add(&s, "; ");
      count_words(&s, nt[i], ni[i], "more ");
      wstr_add(&s, " %s behind it", nt[i] + ni[i] == 1 ? "waits" : "wait");
    }
    struct pdb_wait_finding *f = &w->findings[w->nfindings];
    f->kind = p[i].deadlock ? "deadlock" : "never";
    f->text = wstr_take(&s);
    f->nodes = p[i].nodes;
    f->nnodes = p[i].nnodes;
    p[i].nodes = NULL;
    w->nfindings++;
    if (f->text == NULL)
      st = -1;
  }
  free(nt), free(ni);
  pending_free(p, np);
  return st;
}

/* --- Edges ---------------------------------------------------------------- */

/* Members of a set shown first: those that will never move, then those
   that cannot, then the rest, each by node. */
static int rank_of(const struct graph *g, unsigned v)
{
  return g->dead[v] ? 0 : !g->free_[v] ? 1 : 2;
}

static int by_rank(const void *a, const void *c, void *arg)
{
  const struct graph *g = arg;
  unsigned x = *(const unsigned *)a, y = *(const unsigned *)c;
  int rx = rank_of(g, x), ry = rank_of(g, y);
  if (rx != ry)
    return rx - ry;
  return x < y ? -1 : x > y;
}

static int add_edge(struct build *b, size_t *cap, unsigned from, unsigned to, const struct item *it,
                    int in_cycle)
{
  struct pdb_waits *w = b->w;
  if (w->nedges == PDB_WAITS_MAX_EDGES) {
    truncated(b);
    return 0;
  }
  struct pdb_wait_edge *e = grow(w->edges, w->nedges, cap, sizeof *e, &b->oom);
  if (e == NULL)
    return -1;
  w->edges = e;
  e = &w->edges[w->nedges];
  e->from = from;
  e->to = to;
  e->kind = it->kind;
  e->in_cycle = in_cycle;
  if ((e->object = strdup(it->object)) == NULL)
    return -1;
  w->nedges++;
  return 0;
}

static int edges(struct build *b, const struct graph *g)
{
  size_t cap = 0;
  for (unsigned k = 0; k < b->ngroups; k++)
    if (b->groups[k].n > 1)
      qsort_r(b->pool + b->groups[k].start, b->groups[k].n, sizeof *b->pool, by_rank, (void *)g);
  for (unsigned i = 0; i < b->nitems; i++) {
    const struct item *it = &b->items[i];
    int cyc = g->cyc_item[it->from] == (int)i;
    if (it->target >= 0) {
      if (add_edge(b, &cap, it->from, (unsigned)it->target, it, cyc) != 0)
        return -1;
      continue;
    }
    if (it->group < 0)
      continue;
    const struct group *gr = &b->groups[it->group];
    unsigned shown = 0;
    if (cyc) {
      if (add_edge(b, &cap, it->from, (unsigned)g->cyc_to[it->from], it, 1) != 0)
        return -1;
      shown++;
    }
    for (unsigned m = 0; m < gr->n; m++) {
      unsigned t = b->pool[gr->start + m];
      if (cyc && (int)t == g->cyc_to[it->from])
        continue;
      if (shown == MAX_GROUP_EDGES) {
        truncated(b);
        continue;
      }
      if (add_edge(b, &cap, it->from, t, it, 0) != 0)
        return -1;
      shown++;
    }
  }
  return 0;
}

/* --- The summary ---------------------------------------------------------- */

/* A node that waits: alive with a wait, or an image that has stopped and
   waits for the others to end. */
static int waiting(const struct build *b, const struct graph *g, unsigned v)
{
  const struct pdb_wait_node *n = &b->w->nodes[v];
  if (!n->alive)
    return n->wait != NULL && strcmp(n->status, "stopped") == 0;
  return g->istart[v] < g->istart[v + 1] || strcmp(n->status, "waiting") == 0;
}

/* "thread 1, thread 4 and 2 more" */
static void name_list(struct wstr *s, const struct pdb_waits *w, const unsigned *v, unsigned n)
{
  unsigned shown = n > MAX_NAMED ? MAX_NAMED - 1 : n;
  for (unsigned i = 0; i < shown; i++)
    wstr_add(s, "%s%s", i == 0 ? "" : i + 1 == n ? " and " : ", ", w->nodes[v[i]].label);
  if (shown < n)
    wstr_add(s, " and %u more", n - shown);
}

/* Two waits alike: the same kind, object and target or set. */
static int alike(const struct build *b, const struct item *x, const struct item *y)
{
  if (strcmp(x->kind, y->kind) != 0 || strcmp(x->object, y->object) != 0 || x->target != y->target)
    return 0;
  if (x->group == y->group)
    return 1;
  if (x->group < 0 || y->group < 0)
    return 0;
  const struct group *gx = &b->groups[x->group], *gy = &b->groups[y->group];
  return gx->mode == gy->mode && gx->n == gy->n &&
         (gx->n == 0 || memcmp(b->pool + gx->start, b->pool + gy->start, gx->n * sizeof *b->pool) == 0);
}

/* "no deadlock: 3 threads wait, all on critical `log`, which is held by
   thread 1, which is running", or where the waits lead. */
static int progress_summary(struct build *b, const struct graph *g, struct wstr *s)
{
  struct pdb_waits *w = b->w;
  unsigned nt = 0, ni = 0;
  const struct item *one = NULL;
  int same = 1;
  for (unsigned v = 0; v < g->nn; v++) {
    if (!waiting(b, g, v) || image_main(b, g, v))
      continue;
    if (w->nodes[v].kind == PDB_WAIT_THREAD)
      nt++;
    else
      ni++;
    const struct item *it = g->istart[v + 1] - g->istart[v] == 1 ? &b->items[g->istart[v]] : NULL;
    if (it == NULL || (one != NULL && !alike(b, one, it)))
      same = 0;
    if (one == NULL)
      one = it;
  }
  unsigned all = nt + ni;
  wstr_add(s, "no deadlock: ");
  count_words(s, nt, ni, "");
  wstr_add(s, " %s", all == 1 ? "waits" : "wait");
  /* The running nodes the waits lead to, found forwards. */
  unsigned *queue = malloc((g->nv ? g->nv : 1) * sizeof *queue);
  unsigned char *seen = calloc(g->nv ? g->nv : 1, 1);
  unsigned *ends = malloc((g->nn ? g->nn : 1) * sizeof *ends);
  if (queue == NULL || seen == NULL || ends == NULL) {
    free(queue), free(seen), free(ends);
    return -1;
  }
  size_t qn = 0, qi = 0;
  for (unsigned v = 0; v < g->nn; v++)
    if (waiting(b, g, v))
      seen[v] = 1, queue[qn++] = v;
  while (qi < qn) {
    unsigned v = queue[qi++];
    for (size_t e = g->off[v]; e < g->off[v + 1]; e++)
      if (!seen[g->adj[e]]) {
        seen[g->adj[e]] = 1;
        queue[qn++] = g->adj[e];
      }
  }
  unsigned nends = 0;
  for (unsigned v = 0; v < g->nn; v++)
    if (seen[v] && !waiting(b, g, v) && strcmp(w->nodes[v].status, "running") == 0)
      ends[nends++] = v;
  const char *is = nends == 1 ? "is" : "are";
  if (same && one != NULL) {
    int held = waits_kind_held(one->kind);
    const char *prep = strcmp(one->kind, "barrier") == 0 ? "at"
                       : held || strcmp(one->kind, "event wait") == 0 ? "on" : "in";
    wstr_add(s, ", %s%s %s", all == 1 ? "" : "all ", prep, one->object);
    int runs = one->target >= 0 && strcmp(w->nodes[one->target].status, "running") == 0;
    if (runs && held)
      wstr_add(s, ", which is held by %s, which is running", w->nodes[one->target].label);
    else if (held && one->target < 0)
      wstr_add(s, ", whose holder is not known");
    else if (nends > 0) {
      wstr_add(s, ", for ");
      name_list(s, w, ends, nends);
      wstr_add(s, ", which %s running", is);
    } else if (one->group >= 0 && strcmp(one->kind, "barrier") == 0 && b->groups[one->group].n == 0) {
      wstr_add(s, ", which every member has reached");
    }
  } else if (nends > 0) {
    wstr_add(s, "; the waits lead to ");
    name_list(s, w, ends, nends);
    wstr_add(s, ", which %s running", is);
  } else {
    wstr_add(s, ", on nothing that cannot come");
  }
  free(queue), free(seen), free(ends);
  return 0;
}

static void nothing_summary(const struct pdb_waits *w, struct wstr *s)
{
  unsigned rt = 0, ri = 0;
  unsigned gone[5][2] = { { 0 } };
  static const char *const how[5] = { "crashed", "exited", "stopped", "failed", "stopped in error" };
  static const char *const status[5] = { "crashed", "exited", "stopped", "failed", "error stop" };
  for (unsigned v = 0; v < w->nnodes; v++) {
    const struct pdb_wait_node *n = &w->nodes[v];
    int img = n->kind == PDB_WAIT_IMAGE;
    if (n->alive) {
      rt += !img, ri += img;
      continue;
    }
    for (unsigned k = 0; k < 5; k++)
      if (strcmp(n->status, status[k]) == 0)
        gone[k][img]++;
  }
  wstr_add(s, "no deadlock: nothing waits");
  if (rt + ri == 0 && w->nnodes == 0)
    return;
  wstr_add(s, " (");
  int any = 0;
  if (rt + ri > 0) {
    count_words(s, rt, ri, "");
    wstr_add(s, " %s", rt + ri == 1 ? "runs" : "run");
    any = 1;
  }
  for (unsigned k = 0; k < 5; k++)
    if (gone[k][0] + gone[k][1] > 0) {
      wstr_add(s, "%s", any ? ", " : "");
      count_words(s, gone[k][0], gone[k][1], "");
      wstr_add(s, " %s", how[k]);
      any = 1;
    }
  wstr_add(s, ")");
}

static int summary(struct build *b, const struct graph *g)
{
  struct pdb_waits *w = b->w;
  struct wstr s = { 0 };
  if (w->nfindings > 0) {
    wstr_add(&s, "%s", w->findings[0].text);
  } else {
    int any = 0;
    for (unsigned v = 0; v < g->nn && !any; v++)
      any = waiting(b, g, v);
    if (w->verdict == PDB_WAITS_NOTHING && any)
      w->verdict = PDB_WAITS_PROGRESS;
    if (w->verdict == PDB_WAITS_PROGRESS) {
      if (progress_summary(b, g, &s) != 0)
        s.failed = 1;
    } else if (w->verdict == PDB_WAITS_NOTHING) {
      nothing_summary(w, &s);
    } else {
      /* cycles or waits that never end, with every finding cut */
      wstr_add(&s, w->verdict == PDB_WAITS_DEADLOCK ? "deadlock" : "a wait that will never end");
    }
  }
  w->summary = wstr_take(&s);
  return w->summary != NULL ? 0 : -1;
}

/* --- The whole ------------------------------------------------------------- */

static const char *verdict_name(int v)
{
  switch (v) {
  case PDB_WAITS_PROGRESS: return "no deadlock";
  case PDB_WAITS_NEVER: return "never";
  case PDB_WAITS_DEADLOCK: return "deadlock";
  }
  return "nothing waits";
}

int pdb_waits_build(const struct pdb_records *omp, const struct pdb_caf_records *caf,
                    const struct pdb_atomic_records *ar, const struct pdb_host_thread *threads,
                    unsigned n, struct pdb_waits *out, char *msg, size_t msgsize)
{
  if (msg != NULL && msgsize > 0)
    msg[0] = '\0';
  if (out == NULL)
    return say_status(msg, msgsize, PDB_FAILED, "pdb_waits_build: no place for the graph");
  memset(out, 0, sizeof *out);
  struct build b = { .omp = omp, .caf = caf, .ar = ar, .w = out };
  struct graph g = { 0 };
  thread_nodes(&b, threads, n);
  if (!b.oom)
    image_nodes(&b);
  if (!b.oom)
    atomic_items(&b);
  if (!b.oom)
    omp_items(&b);
  if (!b.oom)
    caf_items(&b);
  if (!b.oom)
    thread_status(&b);
  int st = b.oom || make_graph(&b, &g) != 0 || components(&g) != 0 || findings(&b, &g) != 0 ||
           edges(&b, &g) != 0 || summary(&b, &g) != 0 || b.oom;
  out->verdict_name = verdict_name(out->verdict);
  for (unsigned i = 0; i < b.nitems; i++)
    free(b.items[i].object);
  free(b.items);
  free(b.groups);
  free(b.pool);
  free(b.rec);
  free(b.atomic_wait);
  hmap_free(&b.lwps);
  hmap_free(&b.waiters);
  hmap_free(&b.held);
  graph_free(&g);
  if (st) {
    pdb_waits_free(out);
    return say_status(msg, msgsize, PDB_FAILED, "out of memory");
  }
  return PDB_OK;
}

void pdb_waits_free(struct pdb_waits *w)
{
  if (w == NULL)
    return;
  for (unsigned i = 0; i < w->nnodes; i++) {
    free(w->nodes[i].label);
    free(w->nodes[i].wait);
  }
  for (unsigned i = 0; i < w->nedges; i++)
    free(w->edges[i].object);
  for (unsigned i = 0; i < w->nfindings; i++) {
    free(w->findings[i].text);
    free(w->findings[i].nodes);
  }
  free(w->nodes);
  free(w->edges);
  free(w->findings);
  free(w->summary);
  memset(w, 0, sizeof *w);
}

/* --- Gathering ----------------------------------------------------------- */

int pdb_waits_gather(pdb_session *s, pdb_caf_session *cs, pdb_atomic_session *as,
                     const struct pdb_host_thread *threads, unsigned n, struct pdb_waits *out,
                     char *msg, size_t msgsize)
{
  if (msg != NULL && msgsize > 0)
    msg[0] = '\0';
  if (out == NULL)
    return say_status(msg, msgsize, PDB_FAILED, "pdb_waits_gather: no place for the graph");
  memset(out, 0, sizeof *out);
  if (threads == NULL)
    n = 0;
  struct pdb_records orec;
  struct pdb_caf_records crec;
  struct pdb_atomic_records arec;
  int have_omp = 0, have_caf = 0, have_ar = 0, st = PDB_OK;
  if (s != NULL && n > 0) {
    int64_t *lwps = malloc(n * sizeof *lwps);
    if (lwps == NULL)
      return say_status(msg, msgsize, PDB_FAILED, "out of memory");
    for (unsigned i = 0; i < n; i++)
      lwps[i] = threads[i].lwp;
    st = pdb_gather(s, lwps, n, PDB_WANT_THREADS | PDB_WANT_PARALLEL | PDB_WANT_TASKS, &orec, msg,
                    msgsize);
    free(lwps);
    have_omp = st == PDB_OK;
  }
  if (st == PDB_OK && cs != NULL) {
    st = pdb_caf_gather(cs, PDB_CAF_WANT_IMAGES | PDB_CAF_WANT_LOCKS | PDB_CAF_WANT_EVENTS, &crec, msg,
                        msgsize);
    have_caf = st == PDB_OK;
  }
  if (st == PDB_OK && as != NULL) {
    struct pdb_atomic_thread *at = calloc(n ? n : 1, sizeof *at);
    if (at == NULL) {
      st = say_status(msg, msgsize, PDB_FAILED, "out of memory");
    } else {
      for (unsigned i = 0; i < n; i++)
        at[i] = (struct pdb_atomic_thread){ threads[i].lwp, threads[i].label, threads[i].frames,
                                            threads[i].nframes };
      st = pdb_atomic_gather(as, at, n, have_omp ? &orec : NULL, have_caf ? &crec : NULL, &arec, msg,
                             msgsize);
      free(at);
      have_ar = st == PDB_OK;
      if (have_ar)
        pdb_atomic_mark(&arec, have_omp ? &orec : NULL, have_caf ? &crec : NULL);
    }
  }
  if (st == PDB_OK)
    st = pdb_waits_build(have_omp ? &orec : NULL, have_caf ? &crec : NULL, have_ar ? &arec : NULL,
                         threads, n, out, msg, msgsize);
  if (have_omp)
    pdb_records_free(&orec);
  if (have_caf)
    pdb_caf_records_free(&crec);
  if (have_ar)
    pdb_atomic_records_free(&arec);
  return st;
}

char *pdb_waits_gather_text(pdb_session *s, pdb_caf_session *cs, pdb_atomic_session *as,
                            const struct pdb_host_thread *threads, unsigned n, int format,
                            char *msg, size_t msgsize)
{
  if (format < 0 || format > 2) {
    say_status(msg, msgsize, PDB_FAILED, "pdb_waits_gather_text: format %d is none of 0 (text), "
               "1 (JSON), 2 (DOT)", format);
    return NULL;
  }
  struct pdb_waits w;
  if (pdb_waits_gather(s, cs, as, threads, n, &w, msg, msgsize) != PDB_OK)
    return NULL;
  char *text = format == 0 ? pdb_waits_text(&w) : format == 1 ? pdb_waits_json(&w, NULL, NULL)
                                                               : pdb_waits_dot(&w);
  pdb_waits_free(&w);
  if (text == NULL)
    say_status(msg, msgsize, PDB_FAILED, "out of memory");
  return text;
}
