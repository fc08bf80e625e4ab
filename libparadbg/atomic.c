/* The atomic-lock view: the lock table behind atomics wider than the
   hardware's, read through the debug library the atomic runtime names
   (atomic_debugger_plugin, loaded by caf.c's loader, which pdb_caf_open
   uses too).  A libatomic that records no owners (GNU's) is said so, and
   only the threads the host's stacks show in its lock path are given. */
#define _GNU_SOURCE
#include "config.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paradbg/atomic-layout.h"

#include "caf.h"

#define MAX_FRAMES 4096            /* frames of one thread looked at */
#define MAX_MORE_WAITERS (1 << 20) /* waiters past the list counted */

struct pdb_atomic_session {
  const struct pdb_host *host;
  ompd_address_space_context_t *context;
  struct caf_library *lib;         /* NULL: a runtime that records no owners */
  const char *runtime;
};

static const char *rc_text(ompd_rc_t rc)
{
  return pdb_rc_name(rc) != NULL ? pdb_rc_name(rc) : "unknown error";
}

static int open_with(pdb_atomic_session *s, const struct pdb_options *o, char *msg, size_t size)
{
  const char *target = o != NULL && o->target_name != NULL ? o->target_name : "the program";
  const ompd_callbacks_t *cb = s->host->ompd;
  ompd_address_t a = { 0, 0 };
  if (cb->symbol_addr_lookup(s->context, NULL, "atomic_debugger_plugin", &a, NULL) != ompd_rc_ok) {
    /* The libatomic ABI's own functions, without a debug library: a
       libatomic that keeps no owners. */
    if (cb->symbol_addr_lookup(s->context, NULL, "__atomic_load", &a, NULL) != ompd_rc_ok &&
        cb->symbol_addr_lookup(s->context, NULL, "__atomic_compare_exchange", &a, NULL) != ompd_rc_ok)
      return say_status(msg, size, PDB_NO_RUNTIME, "No atomic lock table in %s (it does not use "
                        "libatomic)", target);
    /* GNU's only where the host says the function is in its file. */
    struct pdb_place pl;
    memset(&pl, 0, sizeof pl);
    s->runtime = "a libatomic without an owner table";
    if (s->host->describe != NULL && s->host->describe(s->host->data, a.address, &pl) == 0 &&
        strncmp(pl.module, "libatomic.so", 12) == 0)
      s->runtime = "GNU libatomic";
    return PDB_OK;
  }
  s->runtime = "libparatomic";   /* the runtime that names a debug library */
  int st = caf_library_open(s->host, s->context, o, CAF_FOR_ATOMICS, a.address, &s->lib, msg, size);
  if (st != PDB_OK)
    return st;
  /* The table read once now, so that a mismatch is told at open. */
  cafdbg_atomic_handle_t *h = NULL;
  ompd_rc_t rc = s->lib->atomic.cafdbg_atomic_initialize(s->context, &h);
  if (rc == ompd_rc_ok && h != NULL) {
    s->lib->atomic.cafdbg_rel_atomic_handle(h);
    return PDB_OK;
  }
  if (rc == ompd_rc_unavailable)
    return say_status(msg, size, PDB_NO_RUNTIME, "%s has no atomic lock table that %s can read",
                      target, PARADBG_ATOMIC_PLUGIN);
  if (rc == ompd_rc_incompatible)
    return say_status(msg, size, PDB_PLUGIN, "%s (%s) does not match the atomic runtime of %s",
                      s->lib->path, s->lib->version, target);
  return say_status(msg, size, PDB_FAILED, "%s cannot read the atomic lock table of %s: %s",
                    s->lib->path, target, rc_text(rc));
}

PDB_DEFINE_OPEN(pdb_atomic_open, pdb_atomic_session, 1, open_with, pdb_atomic_close)

void pdb_atomic_close(pdb_atomic_session *s)
{
  free(s);
}

const char *pdb_atomic_plugin_path(const pdb_atomic_session *s)
{
  return s->lib != NULL ? s->lib->path : NULL;
}

const char *pdb_atomic_plugin_version(const pdb_atomic_session *s)
{
  return s->lib != NULL ? s->lib->version : NULL;
}

int pdb_atomic_records_owners(const pdb_atomic_session *s)
{
  return s->lib != NULL;
}

/* --- Who and what ------------------------------------------------------ */

/* What a gather knows of the threads. */
struct known {
  const struct pdb_atomic_thread *threads;
  unsigned n;
  const struct pdb_records *omp;
  const struct pdb_caf_records *caf;
};

static const struct pdb_atomic_thread *host_thread(const struct known *k, int64_t lwp)
{
  for (unsigned i = 0; lwp != 0 && i < k->n; i++)
    if (k->threads[i].lwp == lwp)
      return &k->threads[i];
  return NULL;
}

/* The host's label of lwp, printable, or "LWP n": how a wait names a
   holder.  NULL if out of memory. */
static char *short_label(const struct known *k, int64_t lwp)
{
  const struct pdb_atomic_thread *t = host_thread(k, lwp);
  if (t != NULL && t->label != NULL && t->label[0] != '\0')
    return pdb_printable(t->label);
  char *s;
  return asprintf(&s, "LWP %lld", (long long)lwp) < 0 ? NULL : s;
}

/* "thread 3 (LWP 1234, OpenMP thread 2)", "LWP 1235 (image 2)". */
static int make_who(struct pdb_atomic_who *w, const struct known *k, int64_t lwp)
{
  memset(w, 0, sizeof *w);
  w->lwp = lwp > 0 ? lwp : 0;
  w->omp_thread = -1;
  if (w->lwp == 0)
    return (w->text = strdup("unknown")) != NULL ? 0 : -1;
  const struct pdb_atomic_thread *t = host_thread(k, lwp);
  /* A host that gave no threads says nothing of who is gone. */
  w->alive = t != NULL || k->n == 0;
  for (unsigned i = 0; k->omp != NULL && i < k->omp->nthreads; i++) {
    const struct pdb_thread *tr = &k->omp->threads[i];
    if (tr->lwp == lwp && tr->is_omp && tr->thread_num >= 0)
      w->omp_thread = tr->thread_num;
  }
  for (unsigned i = 0; k->caf != NULL && i < k->caf->nimages; i++)
    if (k->caf->images[i].pid == lwp)
      w->image = k->caf->images[i].image;
  char *label = t != NULL && t->label != NULL && t->label[0] != '\0' ? pdb_printable(t->label) : NULL;
  char extra[160] = "";
  size_t len = 0;
  if (label != NULL)
    len += (size_t)snprintf(extra + len, sizeof extra - len, "LWP %lld", (long long)lwp);
  if (w->omp_thread >= 0 && len < sizeof extra)
    len += (size_t)snprintf(extra + len, sizeof extra - len, "%sOpenMP thread %lld", len ? ", " : "",
                            (long long)w->omp_thread);
  if (w->image > 0 && len < sizeof extra)
    snprintf(extra + len, sizeof extra - len, "%simage %d", len ? ", " : "", w->image);
  int n;
  if (label != NULL)
    n = asprintf(&w->text, "%s (%s)", label, extra);
  else if (extra[0] != '\0')
    n = asprintf(&w->text, "LWP %lld (%s)", (long long)lwp, extra);
  else
    n = asprintf(&w->text, "LWP %lld", (long long)lwp);
  free(label);
  if (n < 0) {
    w->text = NULL;
    return -1;
  }
  return 0;
}

/* "counter+8", "counter", or "0x7f..40" where the host's symbols do not
   tell. */
static char *object_name(const pdb_atomic_session *s, uint64_t addr)
{
  const struct pdb_host *h = s->host;
  struct pdb_place pl;
  memset(&pl, 0, sizeof pl);
  char *out = NULL;
  if (h->describe != NULL && h->describe(h->data, addr, &pl) == 0 && pl.function[0] != '\0') {
    pl.function[sizeof pl.function - 1] = '\0';
    char *name = pdb_printable(pl.function);
    if (name == NULL)
      return NULL;
    int n = pl.offset ? asprintf(&out, "%s+%llu", name, (unsigned long long)pl.offset)
                      : asprintf(&out, "%s", name);
    free(name);
    return n < 0 ? NULL : out;
  }
  return asprintf(&out, "0x%llx", (unsigned long long)addr) < 0 ? NULL : out;
}

static int make_object(const pdb_atomic_session *s, cafdbg_atomic_handle_t *h, uint64_t addr,
                       uint64_t size, struct pdb_atomic_object *o, unsigned *truncated)
{
  memset(o, 0, sizeof *o);
  if (addr == 0)
    return 0;
  o->addr = addr;
  o->size = size;
  if ((o->name = object_name(s, addr)) == NULL)
    return -1;
  uint64_t locks[PDB_ATOMIC_MAX_SPAN];
  int count = 0;
  ompd_address_t a = { OMPD_SEGMENT_UNSPECIFIED, addr };
  if (h == NULL || s->lib->atomic.cafdbg_get_atomic_locks_of(h, a, size, locks, PDB_ATOMIC_MAX_SPAN,
                                                             &count) != ompd_rc_ok || count <= 0)
    return 0;
  unsigned k = count > PDB_ATOMIC_MAX_SPAN ? PDB_ATOMIC_MAX_SPAN : (unsigned)count;
  if ((unsigned)count > k && *truncated < UINT_MAX - (unsigned)count)
    *truncated += (unsigned)count - k;
  if ((o->locks = malloc(k * sizeof *o->locks)) == NULL)
    return -1;
  memcpy(o->locks, locks, k * sizeof *o->locks);
  o->nlocks = k;
  return 0;
}

static void who_free(struct pdb_atomic_who *w)
{
  free(w->text);
}

static void object_free(struct pdb_atomic_object *o)
{
  free(o->name);
  free(o->locks);
}

void pdb_atomic_records_free(struct pdb_atomic_records *r)
{
  if (r == NULL)
    return;
  for (unsigned i = 0; i < r->nlocks; i++) {
    struct pdb_atomic_lock *l = &r->locks[i];
    who_free(&l->owner);
    object_free(&l->object);
    free(l->waiters);
    free(l->note);
  }
  for (unsigned i = 0; i < r->nwaiters; i++) {
    struct pdb_atomic_waiter *w = &r->waiters[i];
    who_free(&w->who);
    object_free(&w->object);
    free(w->wait);
  }
  free(r->locks);
  free(r->waiters);
  free(r->note);
  memset(r, 0, sizeof *r);
}

/* Room for one more of a growing list. */
static void *grow(void *v, unsigned n, unsigned *cap, size_t size)
{
  if (n < *cap)
    return v;
  unsigned c = *cap ? 2 * *cap : 16;
  void *p = realloc(v, (size_t)c * size);
  if (p != NULL)
    *cap = c;
  return p;
}

/* The held locks by lock number, built once per gather so that finding a
   waiter's lock costs no walk over the held ones: at[i] is 1 + the place
   of lock i in the records' locks, 0 if it is not held; i < n, the locks
   read_locks looks at (at most PDB_ATOMIC_MAX_LOCKS). */
struct held_index {
  unsigned *at;
  uint64_t n;
};

static struct pdb_atomic_lock *held_lock(const struct held_index *x, const struct pdb_atomic_records *r,
                                         uint64_t index)
{
  /* the index comes from the target: anything */
  if (index >= x->n || x->at[index] == 0 || x->at[index] > r->nlocks)
    return NULL;
  return &r->locks[x->at[index] - 1];
}

/* --- The runtime's records ------------------------------------------- */

/* "atomic lock 5 for counter+8 (held by thread 3)": the wait in words,
   written once for every view. */
static char *wait_words(const pdb_atomic_session *s, cafdbg_atomic_handle_t *h, const struct known *k,
                        const struct held_index *x, const struct pdb_atomic_records *r,
                        const struct pdb_atomic_waiter *w)
{
  const struct pdb_atomic_lock *l = held_lock(x, r, w->lock);
  char *holder = NULL, *text = NULL;
  int n;
  if (l == NULL) {
    /* Not among the held: free now, or not read. */
    cafdbg_atomic_lock_t now;
    int free_now = s->lib->atomic.cafdbg_get_atomic_lock(h, w->lock, &now) == ompd_rc_ok &&
                   now.state == cafdbg_atomic_free;
    n = asprintf(&holder, free_now ? "free: about to take it" : "holder unknown");
  } else if (l->owner.lwp == 0) {
    n = asprintf(&holder, "holder unknown");
  } else if (w->self) {
    n = asprintf(&holder, "held by this thread itself");
  } else if (!l->owner.alive) {
    n = asprintf(&holder, "held by LWP %lld, which no longer exists", (long long)l->owner.lwp);
  } else {
    char *who = short_label(k, l->owner.lwp);
    n = who != NULL ? asprintf(&holder, "held by %s", who) : -1;
    free(who);
  }
  if (n < 0)
    return NULL;
  if (w->object.name != NULL)
    n = asprintf(&text, "atomic lock %llu for %s (%s)", (unsigned long long)w->lock, w->object.name,
                 holder);
  else
    n = asprintf(&text, "atomic lock %llu (%s)", (unsigned long long)w->lock, holder);
  free(holder);
  return n < 0 ? NULL : text;
}

/* The held locks of the table, among the first x->n, each entered in x. */
static int read_locks(pdb_atomic_session *s, cafdbg_atomic_handle_t *h, const struct known *k,
                      struct held_index *x, struct pdb_atomic_records *r)
{
  uint64_t n = x->n;
  unsigned cap = 0;
  for (uint64_t i = 0; i < n; i++) {
    cafdbg_atomic_lock_t lk;
    if (s->lib->atomic.cafdbg_get_atomic_lock(h, i, &lk) != ompd_rc_ok || lk.state == cafdbg_atomic_free)
      continue;
    struct pdb_atomic_lock *v = grow(r->locks, r->nlocks, &cap, sizeof *v);
    if (v == NULL)
      return -1;
    r->locks = v;
    v = &r->locks[r->nlocks];
    memset(v, 0, sizeof *v);
    v->index = i;
    v->state = lk.state == cafdbg_atomic_contended ? "held, threads waiting" : "held";
    v->counted_waiters = lk.waiters >= 0 ? lk.waiters : -1;
    r->nlocks++;   /* counted before it is whole, so that records_free frees what it has */
    x->at[i] = r->nlocks;
    if (make_who(&v->owner, k, lk.owner) != 0 ||
        make_object(s, h, lk.object.address, lk.size, &v->object, &r->truncated) != 0)
      return -1;
  }
  return 0;
}

/* The waiters the runtime names.  A thread may have two (a signal handler
   that waits while the thread already waited): both are listed. */
static int read_waiters(pdb_atomic_session *s, cafdbg_atomic_handle_t *h, const struct known *k,
                        const struct held_index *x, const cafdbg_atomic_info_t *info,
                        struct pdb_atomic_records *r)
{
  unsigned cap = 0;
  uint64_t nth = 0;
  for (; nth < PDB_ATOMIC_MAX_WAITERS; nth++) {
    cafdbg_atomic_waiter_t cw;
    if (s->lib->atomic.cafdbg_get_atomic_waiter(h, nth, &cw) != ompd_rc_ok)
      break;
    struct pdb_atomic_waiter *w = grow(r->waiters, r->nwaiters, &cap, sizeof *w);
    if (w == NULL)
      return -1;
    r->waiters = w;
    w = &r->waiters[r->nwaiters];
    memset(w, 0, sizeof *w);
    w->lock = cw.lock;
    r->nwaiters++;
    if (make_who(&w->who, k, cw.lwp) != 0 ||
        make_object(s, h, cw.object.address, cw.size, &w->object, &r->truncated) != 0)
      return -1;
  }
  /* Those past the list are counted, as far as the runtime has slots. */
  if (nth == PDB_ATOMIC_MAX_WAITERS) {
    uint64_t last = nth + (info->nwait_slots < MAX_MORE_WAITERS ? info->nwait_slots : MAX_MORE_WAITERS);
    cafdbg_atomic_waiter_t cw;
    for (; nth < last && s->lib->atomic.cafdbg_get_atomic_waiter(h, nth, &cw) == ompd_rc_ok; nth++)
      if (r->truncated < UINT_MAX)
        r->truncated++;
  }
  /* Each waiter to its lock: counted first, so that each lock's list is
     allocated once. */
  for (unsigned i = 0; i < r->nwaiters; i++) {
    struct pdb_atomic_lock *l = held_lock(x, r, r->waiters[i].lock);
    if (l != NULL)
      l->nwaiters++;
  }
  int ok = 1;
  for (unsigned i = 0; i < r->nlocks; i++) {
    struct pdb_atomic_lock *l = &r->locks[i];
    unsigned count = l->nwaiters;
    l->nwaiters = 0;
    if (count > 0 && ok && (l->waiters = malloc(count * sizeof *l->waiters)) == NULL)
      ok = 0;
  }
  if (!ok)
    return -1;
  /* Who holds the lock it waits for itself. */
  for (unsigned i = 0; i < r->nwaiters; i++) {
    struct pdb_atomic_waiter *w = &r->waiters[i];
    struct pdb_atomic_lock *l = held_lock(x, r, w->lock);
    if (l != NULL) {
      l->waiters[l->nwaiters++] = i;
      w->self = l->owner.lwp != 0 && l->owner.lwp == w->who.lwp;
    }
    if ((w->wait = wait_words(s, h, k, x, r, w)) == NULL)
      return -1;
  }
  return 0;
}

/* The owner's trouble, in words. */
static int lock_notes(const struct known *k, struct pdb_atomic_records *r)
{
  for (unsigned i = 0; i < r->nlocks; i++) {
    struct pdb_atomic_lock *l = &r->locks[i];
    int self = 0;
    for (unsigned j = 0; j < l->nwaiters; j++)
      self |= r->waiters[l->waiters[j]].self;
    int n = 0;
    if (l->owner.lwp != 0 && !l->owner.alive) {
      n = asprintf(&l->note, "LWP %lld no longer exists: nothing will release this lock",
                   (long long)l->owner.lwp);
    } else if (self) {
      char *who = short_label(k, l->owner.lwp);
      n = who != NULL ? asprintf(&l->note, "%s waits for this lock, which it holds itself "
                                 "(re-entered, e.g. from a signal handler)", who) : -1;
      free(who);
    }
    if (n < 0) {
      l->note = NULL;
      return -1;
    }
  }
  return 0;
}

static int gather_table(pdb_atomic_session *s, const struct known *k, struct pdb_atomic_records *r,
                        char *msg, size_t msgsize)
{
  /* A handle is a snapshot: a new one for every gather. */
  cafdbg_atomic_handle_t *h = NULL;
  ompd_rc_t rc = s->lib->atomic.cafdbg_atomic_initialize(s->context, &h);
  if (rc != ompd_rc_ok || h == NULL)
    return say_status(msg, msgsize, PDB_FAILED, "reading the atomic lock table failed: %s", rc_text(rc));
  cafdbg_atomic_info_t info;
  rc = s->lib->atomic.cafdbg_get_atomic_info(h, &info);
  int st = PDB_OK;
  if (rc != ompd_rc_ok) {
    st = say_status(msg, msgsize, PDB_FAILED, "reading the atomic lock table failed: %s", rc_text(rc));
  } else {
    r->nlocks_table = info.nlocks;
    r->granule = info.granule;
    struct held_index x = { NULL, info.nlocks };
    if (x.n > PDB_ATOMIC_MAX_LOCKS) {
      r->truncated += (unsigned)(x.n - PDB_ATOMIC_MAX_LOCKS > UINT_MAX / 2 ? UINT_MAX / 2
                                                                           : x.n - PDB_ATOMIC_MAX_LOCKS);
      x.n = PDB_ATOMIC_MAX_LOCKS;
    }
    if ((x.at = calloc(x.n ? x.n : 1, sizeof *x.at)) == NULL || read_locks(s, h, k, &x, r) != 0 ||
        read_waiters(s, h, k, &x, &info, r) != 0 || lock_notes(k, r) != 0)
      st = say_status(msg, msgsize, PDB_FAILED, "out of memory");
    free(x.at);
  }
  s->lib->atomic.cafdbg_rel_atomic_handle(h);
  return st;
}

/* --- Without owners: the stacks -------------------------------------- */

static int in_libatomic(const struct pdb_frame *f)
{
  if (f->module == NULL)
    return 0;
  const char *slash = strrchr(f->module, '/');
  return strncmp(slash != NULL ? slash + 1 : f->module, "libatomic.so", 12) == 0;
}

/* A frame of a mutex or futex wait: __lll_lock_wait, pthread_mutex_lock,
   and, where the C library has debug information, its inlined
   futex_wait and lll_mutex_lock_optimized. */
static int lock_wait(const struct pdb_frame *f)
{
  const char *fn = f->function;
  return fn != NULL && (strstr(fn, "lll_") != NULL || strstr(fn, "mutex_lock") != NULL ||
                        strstr(fn, "futex") != NULL);
}

/* Where the frames show a thread waiting in libatomic's lock path: the
   index of the outermost libatomic frame, or -1.  Innermost first, the
   frames must be a run of lock waits (lock_wait) directly under a frame
   of libatomic.so*: anything
   between them (a signal trampoline and a handler, the user's code) means
   the thread waits for something else, perhaps while it holds a libatomic
   lock itself. */
static int lock_path(const struct pdb_frame *f, int n)
{
  n = n < MAX_FRAMES ? n : MAX_FRAMES;
  int i = 0;
  while (i < n && lock_wait(&f[i]) && !in_libatomic(&f[i]))
    i++;
  if (i == 0 || i == n || !in_libatomic(&f[i]))
    return -1;
  while (i + 1 < n && in_libatomic(&f[i + 1]))
    i++;
  return i;
}

static int gather_stacks(const struct known *k, struct pdb_atomic_records *r, char *msg, size_t msgsize)
{
  r->note = strdup("This runtime does not record lock owners, so no owner is shown; the threads in "
                   "its lock path are.");
  if (r->note == NULL)
    return say_status(msg, msgsize, PDB_FAILED, "out of memory");
  unsigned cap = 0;
  for (unsigned i = 0; i < k->n; i++) {
    const struct pdb_atomic_thread *t = &k->threads[i];
    int at = t->frames != NULL ? lock_path(t->frames, t->nframes) : -1;
    if (at < 0)
      continue;
    if (r->nwaiters == PDB_ATOMIC_MAX_WAITERS) {
      r->truncated++;
      continue;
    }
    struct pdb_atomic_waiter *w = grow(r->waiters, r->nwaiters, &cap, sizeof *w);
    if (w == NULL)
      return say_status(msg, msgsize, PDB_FAILED, "out of memory");
    r->waiters = w;
    w = &r->waiters[r->nwaiters];
    memset(w, 0, sizeof *w);
    w->lock = UINT64_MAX;
    r->nwaiters++;
    const struct pdb_frame *f = &t->frames[at];
    char *fn = f->function != NULL ? pdb_printable(f->function) : NULL;
    int n = -1;
    if (make_who(&w->who, k, t->lwp) == 0 && (f->function == NULL || fn != NULL)) {
      if (fn != NULL)
        n = asprintf(&w->wait, "atomic lock (in libatomic's lock path, at %s; this libatomic records "
                     "no owner)", fn);
      else
        n = asprintf(&w->wait, "atomic lock (in libatomic's lock path, at 0x%llx; this libatomic "
                     "records no owner)", (unsigned long long)f->pc);
    }
    free(fn);
    if (n < 0) {
      w->wait = NULL;
      return say_status(msg, msgsize, PDB_FAILED, "out of memory");
    }
  }
  return PDB_OK;
}

int pdb_atomic_gather(pdb_atomic_session *s, const struct pdb_atomic_thread *threads, unsigned n,
                      const struct pdb_records *omp, const struct pdb_caf_records *caf,
                      struct pdb_atomic_records *out, char *msg, size_t msgsize)
{
  if (msg != NULL && msgsize > 0)
    msg[0] = '\0';
  memset(out, 0, sizeof *out);
  if (threads == NULL)
    n = 0;
  struct known k = { threads, n, omp, caf };
  out->owners_recorded = s->lib != NULL;
  out->runtime = s->runtime;
  int st = s->lib != NULL ? gather_table(s, &k, out, msg, msgsize) : gather_stacks(&k, out, msg, msgsize);
  if (st != PDB_OK)
    pdb_atomic_records_free(out);
  return st;
}

/* --- In the other views ----------------------------------------------- */

static const struct pdb_atomic_waiter *waiter_of(const struct pdb_atomic_records *r, int64_t lwp)
{
  for (unsigned i = 0; r != NULL && lwp != 0 && i < r->nwaiters; i++)
    if (r->waiters[i].who.lwp == lwp && r->waiters[i].wait != NULL)
      return &r->waiters[i];
  return NULL;
}

const char *pdb_atomic_wait_of(const struct pdb_atomic_records *r, int64_t lwp)
{
  const struct pdb_atomic_waiter *w = waiter_of(r, lwp);
  return w != NULL ? w->wait : NULL;
}

void pdb_atomic_mark(const struct pdb_atomic_records *r, struct pdb_records *omp,
                     struct pdb_caf_records *caf)
{
  for (unsigned i = 0; omp != NULL && i < omp->nthreads; i++) {
    struct pdb_thread *tr = &omp->threads[i];
    const struct pdb_atomic_waiter *w = waiter_of(r, tr->lwp);
    /* A wait the OpenMP runtime knows is the thread's own. */
    if (w == NULL || tr->waiting || tr->wait != NULL)
      continue;
    if ((tr->wait = strdup(w->wait)) != NULL) {
      tr->waiting = 1;
      tr->wait_id = w->object.addr;   /* what it waits to work on; 0 unknown */
    }
  }
  for (unsigned i = 0; caf != NULL && i < caf->nimages; i++) {
    struct pdb_caf_image *im = &caf->images[i];
    const char *wait = pdb_atomic_wait_of(r, im->pid);
    if (wait == NULL || im->wait != NULL || im->wait_kind != NULL)
      continue;
    if ((im->wait = strdup(wait)) != NULL)
      im->wait_kind = "atomic lock";
  }
}
