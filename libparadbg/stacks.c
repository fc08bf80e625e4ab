/* libparadbg's merged stacks (paradbg/stacks.h): the call prefix tree of
   many threads' stacks, each node's members as compact ranges, the
   threads that end at a node grouped by their wait; and the JSON input of
   a host that passes JSON.  The texts are stacks-text.c's. */
#define _GNU_SOURCE
#include "config.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jsonkit.h"
#include "printable.h"
#include "session.h"
#include "waits-private.h"

/* stacks-text.c: the "stacks" object alone, as text. */
char *stacks_json_object(const struct pdb_stacks *t);

/* How a frame merges with its siblings: by function name; without one by
   its module; else all unknown frames are one.  A thread that could not be
   unwound is its own root, apart from any function of that name. */
enum kind { K_FUNCTION, K_MODULE, K_UNKNOWN, K_NOT_UNWOUND };

#define RANGES_MAX 200       /* ranges in one members text, then ", ... (N more)" */
#define GROUP_RANGES_MAX 64  /* ranges in the text of one image or source */
#define MEMBERS_SOFT 4096    /* bytes of members past which groups are counted, not shown */
#define MEMBERS_SIZE 16384

struct bnode {
  const char *key;           /* the function or module, the input's */
  char *name;
  uint64_t hash;
  int kind, parent;
  unsigned depth, count, moved;
  unsigned nkids, kid0;      /* its children in kids[kid0 ..] */
};

struct build {
  const struct pdb_stack_thread *th;
  unsigned n;
  int images;                /* some thread is an image's: members by image */
  unsigned nsources;
  struct bnode *bn;
  unsigned nb, cap;
  unsigned *table;           /* node + 1 by hash of (parent, kind, key); 0 free */
  unsigned tcap;
  int *end;                  /* per thread: the node its stack ends at, -1 none */
  unsigned *rank;            /* per thread: its place in member order */
  unsigned *byrank;          /* the thread of each rank */
  const char **wait;         /* per thread: its wait, or "crashed (SIGSEGV)", or NULL */
  char **crashed;            /* per thread: the crash text wait points to, NULL none */
  /* Once numbered: */
  unsigned *kids;            /* children of each node together, by build index */
  unsigned *pre;             /* preorder number of each node */
  unsigned *size, *depth;    /* by preorder number: nodes in its subtree, its depth */
};

static uint64_t hash_of(int parent, int kind, const char *key)
{
  uint64_t h = 14695981039346656037ull;
  for (const unsigned char *p = (const unsigned char *)key; *p; p++)
    h = (h ^ *p) * 1099511628211ull;
  h = (h ^ (uint64_t)(uint32_t)parent) * 1099511628211ull;
  h = (h ^ (uint64_t)kind) * 1099511628211ull;
  return h ^ h >> 29;
}

static int grow_table(struct build *b)
{
  unsigned cap = b->tcap ? 2 * b->tcap : 1024;
  unsigned *t = calloc(cap, sizeof *t);
  if (t == NULL)
    return -1;
  for (unsigned i = 0; i < b->nb; i++) {
    unsigned j = (unsigned)b->bn[i].hash & (cap - 1);
    while (t[j] != 0)
      j = (j + 1) & (cap - 1);
    t[j] = i + 1;
  }
  free(b->table);
  b->table = t, b->tcap = cap;
  return 0;
}

/* The child of parent (-1: a root) for the frame (kind, key), made if
   new: its index; -1 past the node bound; -2 out of memory. */
static int child(struct build *b, int parent, int kind, const char *key, unsigned depth)
{
  uint64_t h = hash_of(parent, kind, key);
  unsigned mask = b->tcap - 1, i = (unsigned)h & mask;
  /* At most half full, so a free slot ends the probe. */
  for (; b->table[i] != 0; i = (i + 1) & mask) {
    const struct bnode *c = &b->bn[b->table[i] - 1];
    if (c->hash == h && c->parent == parent && c->kind == kind && strcmp(c->key, key) == 0)
      return (int)(b->table[i] - 1);
  }
  if (b->nb >= PDB_STACKS_MAX_NODES)
    return -1;
  if (b->nb == b->cap) {
    unsigned cap = b->cap ? 2 * b->cap : 256;
    struct bnode *bn = realloc(b->bn, cap * sizeof *bn);
    if (bn == NULL)
      return -2;
    b->bn = bn, b->cap = cap;
  }
  if (2 * (b->nb + 1) > b->tcap) {
    if (grow_table(b) != 0)
      return -2;
    mask = b->tcap - 1;
    for (i = (unsigned)h & mask; b->table[i] != 0; i = (i + 1) & mask)
      ;
  }
  struct bnode *c = &b->bn[b->nb];
  memset(c, 0, sizeof *c);
  c->key = key, c->hash = h, c->kind = kind, c->parent = parent, c->depth = depth;
  b->table[i] = ++b->nb;
  return (int)b->nb - 1;
}

static const char *base_name(const char *path)
{
  const char *slash = strrchr(path, '/');
  return slash != NULL && slash[1] != '\0' ? slash + 1 : path;
}

static void frame_key(const struct pdb_frame *f, int *kind, const char **key)
{
  if (f->function != NULL && f->function[0] != '\0')
    *kind = K_FUNCTION, *key = f->function;
  else if (f->module != NULL && f->module[0] != '\0')
    *kind = K_MODULE, *key = base_name(f->module);
  else
    *kind = K_UNKNOWN, *key = "";
}

static char *node_name(int kind, const char *key)
{
  char *s = NULL;
  switch (kind) {
  case K_FUNCTION:
    return strdup(key);
  case K_MODULE:
    return asprintf(&s, "?? in %s", key) < 0 ? NULL : s;
  case K_UNKNOWN:
    return strdup("??");
  default:
    return strdup("?? (not unwound)");
  }
}

/* Children: the most threads first, then by name. */
static int node_order(const void *pa, const void *pb, void *arg)
{
  const struct bnode *bn = arg, *x = &bn[*(const unsigned *)pa], *y = &bn[*(const unsigned *)pb];
  if (x->count != y->count)
    return x->count > y->count ? -1 : 1;
  int c = strcmp(x->name, y->name);
  if (c != 0)
    return c;
  return x->kind != y->kind ? (x->kind < y->kind ? -1 : 1) : 0;
}

static int64_t image_of(const struct pdb_stack_thread *x)
{
  return x->image > 0 ? x->image : INT64_MAX;   /* threads of no image last */
}

static int64_t omp_of(const struct pdb_stack_thread *x)
{
  return x->omp_thread >= 0 ? x->omp_thread : -1;
}

/* Member order: by image (with images) or by source (without), OpenMP
   threads by number before the others by LWP. */
static int member_order(const void *pa, const void *pb, void *arg)
{
  const struct build *b = arg;
  unsigned i = *(const unsigned *)pa, j = *(const unsigned *)pb;
  const struct pdb_stack_thread *x = &b->th[i], *y = &b->th[j];
  int64_t u = image_of(x), v = image_of(y);
  if (u != v)
    return u < v ? -1 : 1;
  if (!b->images && x->source != y->source)
    return x->source < y->source ? -1 : 1;
  u = omp_of(x), v = omp_of(y);
  if ((u < 0) != (v < 0))
    return u < 0 ? 1 : -1;
  if (u != v)
    return u < v ? -1 : 1;
  if (x->lwp != y->lwp)
    return x->lwp < y->lwp ? -1 : 1;
  if (x->source != y->source)
    return x->source < y->source ? -1 : 1;
  return i < j ? -1 : i > j;
}

static int unsigned_order(const void *pa, const void *pb)
{
  unsigned x = *(const unsigned *)pa, y = *(const unsigned *)pb;
  return x < y ? -1 : x > y;
}

/* ---- members as compact ranges ---- */

struct text {
  char buf[MEMBERS_SIZE];
  size_t len;
};

static void put(struct text *t, const char *s)
{
  size_t l = strlen(s);
  if (t->len + l >= sizeof t->buf)
    l = sizeof t->buf - 1 - t->len;
  memcpy(t->buf + t->len, s, l);
  t->len += l;
  t->buf[t->len] = '\0';
}

/* "OMP threads 0-3; LWPs 1234,1240" of the threads of ranks r[0..k),
   in member order. */
static void plain(const struct build *b, const unsigned *r, unsigned k, struct text *t, unsigned max)
{
  unsigned nomp = 0, nlwp = 0;
  int64_t last_omp = -1, last_lwp = 0;
  for (unsigned i = 0; i < k; i++) {
    const struct pdb_stack_thread *x = &b->th[b->byrank[r[i]]];
    if (omp_of(x) >= 0)
      nomp += nomp == 0 || x->omp_thread != last_omp, last_omp = x->omp_thread;
    else
      nlwp += nlwp == 0 || x->lwp != last_lwp, last_lwp = x->lwp;
  }
  for (int omp = 1; omp >= 0; omp--) {
    unsigned distinct = omp ? nomp : nlwp;
    if (distinct == 0)
      continue;
    if (omp == 0 && nomp)
      put(t, "; ");
    put(t, omp ? (distinct == 1 ? "OMP thread " : "OMP threads ") : (distinct == 1 ? "LWP " : "LWPs "));
    struct ranges rg;
    ranges_init(&rg, t->buf + t->len, sizeof t->buf - t->len, ",", 1, max);
    for (unsigned i = 0; i < k; i++) {
      const struct pdb_stack_thread *x = &b->th[b->byrank[r[i]]];
      if ((omp_of(x) >= 0) == omp)
        ranges_add(&rg, omp ? x->omp_thread : x->lwp);
    }
    t->len += ranges_end(&rg);
  }
}

struct group {
  char *text;
  int64_t key;               /* the image or source */
  unsigned first;            /* merged: where its keys begin in the sorted groups */
};

static int group_order(const void *pa, const void *pb)
{
  const struct group *x = pa, *y = pb;
  int c = strcmp(x->text, y->text);
  if (c != 0)
    return c;
  return x->key < y->key ? -1 : x->key > y->key;
}

static int merged_order(const void *pa, const void *pb)
{
  const struct group *x = pa, *y = pb;
  return x->key < y->key ? -1 : x->key > y->key;
}

static int64_t group_key(const struct build *b, unsigned rank, int by_image)
{
  const struct pdb_stack_thread *x = &b->th[b->byrank[rank]];
  return by_image ? x->image : (int64_t)x->source;
}

/* The threads of ranks r[0..k) by image ("images 1,3-5" when each is one
   main or non-OpenMP thread; else "image 2: OMP threads 0-1; image 3:
   OMP thread 0") or by source ("#0-3: OMP threads 0-3"), the keys of the
   same text together.  0, or -1 out of memory. */
static int grouped(const struct build *b, const unsigned *r, unsigned k, int by_image, struct text *t)
{
  unsigned ngroups = 0, simple = 1;
  for (unsigned i = 0; i < k; ) {
    unsigned j = i + 1;
    while (j < k && group_key(b, r[j], by_image) == group_key(b, r[i], by_image))
      j++;
    const struct pdb_stack_thread *x = &b->th[b->byrank[r[i]]];
    simple &= j == i + 1 && x->omp_thread <= 0;
    ngroups++;
    i = j;
  }
  struct ranges rg;
  if (by_image && simple) {
    put(t, ngroups == 1 ? "image " : "images ");
    ranges_init(&rg, t->buf + t->len, sizeof t->buf - t->len, ",", 1, RANGES_MAX);
    for (unsigned i = 0; i < k; i++)
      ranges_add(&rg, group_key(b, r[i], 1));
    t->len += ranges_end(&rg);
    return 0;
  }
  struct group *g = calloc(ngroups, sizeof *g);
  struct text *one = malloc(sizeof *one);
  int rc = g != NULL && one != NULL ? 0 : -1;
  unsigned ng = 0;
  for (unsigned i = 0; i < k && rc == 0; ) {
    unsigned j = i + 1;
    while (j < k && group_key(b, r[j], by_image) == group_key(b, r[i], by_image))
      j++;
    one->len = 0, one->buf[0] = '\0';
    plain(b, r + i, j - i, one, GROUP_RANGES_MAX);
    g[ng].key = group_key(b, r[i], by_image);
    if ((g[ng++].text = strdup(one->buf)) == NULL)
      rc = -1;
    i = j;
  }
  if (rc == 0) {
    /* The same text once, with all its keys; then in the order of their
       first key. */
    qsort(g, ng, sizeof *g, group_order);
    struct group *m = malloc(ng * sizeof *m);
    unsigned nm = 0;
    if (m == NULL)
      rc = -1;
    for (unsigned i = 0; m != NULL && i < ng; i++)
      if (i == 0 || strcmp(g[i].text, g[i - 1].text) != 0)
        m[nm++] = (struct group){g[i].text, g[i].key, i};
    if (m != NULL)
      qsort(m, nm, sizeof *m, merged_order);
    unsigned shown = 0;
    for (unsigned i = 0; m != NULL && i < nm; i++) {
      if (i > 0 && t->len > MEMBERS_SOFT)
        break;
      unsigned e = m[i].first + 1;
      while (e < ng && strcmp(g[e].text, m[i].text) == 0)
        e++;
      if (i > 0)
        put(t, "; ");
      put(t, by_image ? (e - m[i].first == 1 ? "image " : "images ") : "#");
      ranges_init(&rg, t->buf + t->len, sizeof t->buf - t->len, ",", 1, RANGES_MAX);
      for (unsigned x = m[i].first; x < e; x++)
        ranges_add(&rg, g[x].key);
      t->len += ranges_end(&rg);
      put(t, ": ");
      put(t, m[i].text);
      shown += e - m[i].first;
    }
    if (m != NULL && shown < ng) {
      char more[64];
      snprintf(more, sizeof more, "; ... (%u more %s)", ng - shown,
               by_image ? (ng - shown == 1 ? "image" : "images") : (ng - shown == 1 ? "source" : "sources"));
      put(t, more);
    }
    free(m);
  }
  for (unsigned i = 0; i < ng; i++)
    free(g[i].text);
  free(g);
  free(one);
  return rc;
}

/* The members text of the threads of ranks r[0..k), ascending; NULL out
   of memory. */
static char *members_text(const struct build *b, const unsigned *r, unsigned k, struct text *t)
{
  t->len = 0, t->buf[0] = '\0';
  if (b->images) {
    unsigned m = 0;   /* the threads of an image come first */
    while (m < k && b->th[b->byrank[r[m]]].image > 0)
      m++;
    if (m > 0 && grouped(b, r, m, 1, t) != 0)
      return NULL;
    if (m < k) {
      if (m > 0)
        put(t, "; ");
      plain(b, r + m, k - m, t, RANGES_MAX);
    }
  } else if (b->nsources > 1) {
    if (grouped(b, r, k, 0, t) != 0)
      return NULL;
  } else {
    plain(b, r, k, t, RANGES_MAX);
  }
  return strdup(t->buf);
}

/* "prog.c:14", else the module, else NULL (also for a frame merged by its
   module, which its name says already). */
static int where_text(const struct pdb_frame *f, int kind, char **out)
{
  *out = NULL;
  if (f->file != NULL && f->file[0] != '\0') {
    const char *file = base_name(f->file);
    int n = f->line > 0 ? asprintf(out, "%s:%d", file, f->line) : asprintf(out, "%s", file);
    return n < 0 ? (*out = NULL, -1) : 0;
  }
  if (kind == K_FUNCTION && f->module != NULL && f->module[0] != '\0')
    return (*out = strdup(base_name(f->module))) == NULL ? -1 : 0;
  return 0;
}

/* ---- classes by wait ---- */

/* By wait (running last), then member order. */
static int wait_order(const void *pa, const void *pb, void *arg)
{
  const struct build *b = arg;
  unsigned i = *(const unsigned *)pa, j = *(const unsigned *)pb;
  const char *u = b->wait[b->byrank[i]], *v = b->wait[b->byrank[j]];
  if ((u == NULL) != (v == NULL))
    return u == NULL ? 1 : -1;
  int c = u != NULL ? strcmp(u, v) : 0;
  return c != 0 ? c : i < j ? -1 : i > j;
}

static int class_order(const void *pa, const void *pb)
{
  const struct pdb_stack_class *x = pa, *y = pb;
  if (x->count != y->count)
    return x->count > y->count ? -1 : 1;
  if ((x->wait == NULL) != (y->wait == NULL))
    return x->wait == NULL ? 1 : -1;
  return x->wait != NULL ? strcmp(x->wait, y->wait) : 0;
}

/* The classes of node nd from the ranks of the threads that end there,
   r[0..k) (sorted here).  0, or -1 out of memory. */
static int classes(const struct build *b, struct pdb_stack_node *nd, unsigned *r, unsigned k,
                   struct text *t)
{
  qsort_r(r, k, sizeof *r, wait_order, (void *)b);
  unsigned n = 0;   /* distinct waits */
  for (unsigned i = 0; i < k; i++) {
    const char *u = i ? b->wait[b->byrank[r[i - 1]]] : NULL, *v = b->wait[b->byrank[r[i]]];
    n += i == 0 || (u == NULL) != (v == NULL) || (u != NULL && strcmp(u, v) != 0);
  }
  if (n == 0)
    return 0;
  nd->classes = calloc(n, sizeof *nd->classes);
  if (nd->classes == NULL)
    return -1;
  for (unsigned i = 0; i < k; ) {
    const char *w = b->wait[b->byrank[r[i]]];
    unsigned j = i, moved = 0;
    for (; j < k; j++) {
      const struct pdb_stack_thread *x = &b->th[b->byrank[r[j]]];
      const char *xw = b->wait[b->byrank[r[j]]];
      if ((xw == NULL) != (w == NULL) || (w != NULL && strcmp(xw, w) != 0))
        break;
      moved += x->moved == 1;
    }
    struct pdb_stack_class *c = &nd->classes[nd->nclasses++];
    c->count = j - i, c->moved = moved;
    /* Member order again within the class: it was the tie-break. */
    if ((w != NULL && (c->wait = strdup(w)) == NULL) || (c->members = members_text(b, r + i, j - i, t)) == NULL)
      return -1;
    i = j;
  }
  qsort(nd->classes, nd->nclasses, sizeof *nd->classes, class_order);
  return 0;
}

/* ---- the tree ---- */

void pdb_stacks_free(struct pdb_stacks *t)
{
  if (t == NULL)
    return;
  for (unsigned i = 0; t->nodes != NULL && i < t->nnodes; i++) {
    struct pdb_stack_node *nd = &t->nodes[i];
    free(nd->function);
    free(nd->where);
    free(nd->members);
    free(nd->children);
    for (unsigned j = 0; j < nd->nclasses; j++) {
      free(nd->classes[j].wait);
      free(nd->classes[j].members);
    }
    free(nd->classes);
  }
  free(t->nodes);
  memset(t, 0, sizeof *t);
}

static void build_free(struct build *b)
{
  for (unsigned i = 0; b->bn != NULL && i < b->nb; i++)
    free(b->bn[i].name);
  free(b->bn);
  free(b->table);
  free(b->end);
  free(b->rank);
  free(b->byrank);
  free(b->kids);
  free(b->pre);
  free(b->size);
  free(b->depth);
  for (unsigned i = 0; b->crashed != NULL && i < b->n; i++)
    free(b->crashed[i]);
  free(b->crashed);
  free(b->wait);
}

/* Inserts every thread's stack, outermost frame first.  0, or -1 out of
   memory. */
static int insert_all(struct build *b, struct pdb_stacks *out)
{
  for (unsigned t = 0; t < b->n; t++) {
    const struct pdb_stack_thread *x = &b->th[t];
    int cur = -1;
    unsigned cut = 0;   /* frames left out */
    if (x->nframes <= 0 || x->frames == NULL) {
      out->unwound_not++;
      cur = child(b, -1, K_NOT_UNWOUND, "", 0);
      if (cur == -2)
        return -1;
      cut = cur == -1;
      if (cur >= 0)
        b->bn[cur].count++, b->bn[cur].moved += x->moved == 1;
    } else {
      unsigned depth = (unsigned)x->nframes < PDB_STACKS_MAX_DEPTH ? (unsigned)x->nframes
                                                                   : PDB_STACKS_MAX_DEPTH;
      cut = (unsigned)x->nframes - depth;
      for (unsigned d = 0; d < depth; d++) {
        int kind;
        const char *key;
        frame_key(&x->frames[x->nframes - 1 - (int)d], &kind, &key);
        int c = child(b, cur, kind, key, d);
        if (c == -2)
          return -1;
        if (c == -1) {
          cut = (unsigned)x->nframes - d;
          break;
        }
        cur = c;
        b->bn[c].count++, b->bn[c].moved += x->moved == 1;
      }
    }
    b->end[t] = cur;
    out->truncated = out->truncated + cut >= out->truncated ? out->truncated + cut : UINT32_MAX;
  }
  return 0;
}

/* Children together and sorted, and the nodes numbered in preorder, so
   that a node's subtree is [i, i + size[i]) and the roots come in order;
   the tree's nodes made with their functions, counts and children.  0, or
   -1 out of memory. */
static int number_nodes(struct build *b, struct pdb_stacks *out)
{
  unsigned nb = b->nb, nroots = 0, at = 0, next = 0;
  unsigned *rootlist = malloc((nb ? nb : 1) * sizeof *rootlist);
  b->kids = malloc((nb ? nb : 1) * sizeof *b->kids);
  b->pre = malloc((nb ? nb : 1) * sizeof *b->pre);
  b->size = malloc((nb ? nb : 1) * sizeof *b->size);
  b->depth = malloc((nb ? nb : 1) * sizeof *b->depth);
  out->nodes = calloc(nb ? nb : 1, sizeof *out->nodes);
  if (rootlist == NULL || b->kids == NULL || b->pre == NULL || b->size == NULL || b->depth == NULL ||
      out->nodes == NULL) {
    free(rootlist);
    return -1;
  }
  for (unsigned i = 0; i < nb; i++)
    if (b->bn[i].parent >= 0)
      b->bn[b->bn[i].parent].nkids++;
    else
      rootlist[nroots++] = i;
  for (unsigned i = 0; i < nb; i++)
    b->bn[i].kid0 = at, at += b->bn[i].nkids, b->bn[i].nkids = 0;
  for (unsigned i = 0; i < nb; i++)
    if (b->bn[i].parent >= 0) {
      struct bnode *p = &b->bn[b->bn[i].parent];
      b->kids[p->kid0 + p->nkids++] = i;
    }
  for (unsigned i = 0; i < nb; i++)
    qsort_r(b->kids + b->bn[i].kid0, b->bn[i].nkids, sizeof *b->kids, node_order, b->bn);
  qsort_r(rootlist, nroots, sizeof *rootlist, node_order, b->bn);

  /* Depth first, without recursion: the tree is at most
     PDB_STACKS_MAX_DEPTH deep. */
  unsigned stack[PDB_STACKS_MAX_DEPTH + 1], pos[PDB_STACKS_MAX_DEPTH + 1];
  for (unsigned r = 0; r < nroots; r++) {
    int sp = 0;
    stack[0] = rootlist[r], pos[0] = 0;
    b->pre[rootlist[r]] = next++;
    while (sp >= 0) {
      const struct bnode *nd = &b->bn[stack[sp]];
      if (pos[sp] < nd->nkids) {
        unsigned c = b->kids[nd->kid0 + pos[sp]++];
        b->pre[c] = next++;
        sp++;
        stack[sp] = c, pos[sp] = 0;
      } else {
        b->size[b->pre[stack[sp]]] = next - b->pre[stack[sp]];
        sp--;
      }
    }
  }
  free(rootlist);

  out->nnodes = nb;
  for (unsigned i = 0; i < nb; i++) {
    struct bnode *bd = &b->bn[i];
    struct pdb_stack_node *nd = &out->nodes[b->pre[i]];
    nd->function = bd->name, bd->name = NULL;
    nd->count = bd->count, nd->moved = bd->moved;
    b->depth[b->pre[i]] = bd->depth;
    nd->parent = bd->parent >= 0 ? (int)b->pre[bd->parent] : -1;
    nd->nchildren = bd->nkids;
    if (bd->nkids > 0 && (nd->children = malloc(bd->nkids * sizeof *nd->children)) == NULL)
      return -1;
    for (unsigned j = 0; j < bd->nkids; j++)
      nd->children[j] = b->pre[b->kids[bd->kid0 + j]];
  }
  return 0;
}

/* Each node's members, where and classes.  0, or -1 out of memory. */
static int describe_nodes(struct build *b, struct pdb_stacks *out)
{
  unsigned n = b->n, nb = b->nb;
  unsigned *start = calloc(nb + 2, sizeof *start), *place = malloc((nb ? nb : 1) * sizeof *place);
  unsigned *ord = malloc((n ? n : 1) * sizeof *ord), *tmp = malloc((n ? n : 1) * sizeof *tmp);
  unsigned *first = malloc((nb ? nb : 1) * sizeof *first);
  struct text *t = malloc(sizeof *t);
  int rc = start != NULL && place != NULL && ord != NULL && tmp != NULL && first != NULL && t != NULL ? 0 : -1;

  /* The threads by the node they end at, in member order within each:
     a node's members are ord[start[i] .. start[i + size[i]]), those that
     end there ord[start[i] .. start[i + 1]). */
  for (unsigned i = 0; rc == 0 && i < n; i++)
    if (b->end[i] >= 0)
      start[b->pre[b->end[i]] + 1]++;
  for (unsigned i = 0; rc == 0 && i < nb; i++)
    start[i + 1] += start[i];
  if (rc == 0)
    memcpy(place, start, nb * sizeof *place);
  for (unsigned r = 0; rc == 0 && r < n; r++) {
    int e = b->end[b->byrank[r]];
    if (e >= 0)
      ord[place[b->pre[e]]++] = r;
  }

  for (unsigned i = 0; rc == 0 && i < nb; i++) {
    struct pdb_stack_node *nd = &out->nodes[i];
    unsigned lo = start[i], hi = start[i + b->size[i]];
    if (nd->parent >= 0 && out->nodes[nd->parent].count == nd->count) {
      /* The parent's members are these: a node holds a subset of its
         parent's. */
      first[i] = first[nd->parent];
      if ((nd->members = strdup(out->nodes[nd->parent].members)) == NULL)
        rc = -1;
    } else {
      memcpy(tmp, ord + lo, (hi - lo) * sizeof *tmp);
      qsort(tmp, hi - lo, sizeof *tmp, unsigned_order);
      first[i] = hi > lo ? b->byrank[tmp[0]] : 0;
      if ((nd->members = members_text(b, tmp, hi - lo, t)) == NULL)
        rc = -1;
    }
    /* where: the first member's frame at this depth. */
    unsigned k = b->depth[i];
    const struct pdb_stack_thread *x = hi > lo ? &b->th[first[i]] : NULL;
    if (rc == 0 && x != NULL && x->frames != NULL && x->nframes > (int)k) {
      int kind;
      const char *key;
      const struct pdb_frame *f = &x->frames[x->nframes - 1 - (int)k];
      frame_key(f, &kind, &key);
      rc = where_text(f, kind, &nd->where);
    }
    if (rc == 0 && start[i + 1] > lo) {
      memcpy(tmp, ord + lo, (start[i + 1] - lo) * sizeof *tmp);
      rc = classes(b, nd, tmp, start[i + 1] - lo, t);
    }
  }
  free(start), free(place), free(ord), free(tmp), free(first), free(t);
  return rc;
}

/* Threads by source, then input order. */
static int source_order(const void *pa, const void *pb, void *arg)
{
  const struct pdb_stack_thread *th = arg;
  unsigned i = *(const unsigned *)pa, j = *(const unsigned *)pb;
  if (th[i].source != th[j].source)
    return th[i].source < th[j].source ? -1 : 1;
  return i < j ? -1 : i > j;
}

/* Each thread's wait, and for one that crashed without a wait "crashed
   (SIGSEGV)", by the wait-for graph's rule.  0, or -1 out of memory. */
static int crash_waits(struct build *b)
{
  unsigned n = b->n;
  b->wait = calloc(n ? n : 1, sizeof *b->wait);
  b->crashed = calloc(n ? n : 1, sizeof *b->crashed);
  unsigned *by = malloc((n ? n : 1) * sizeof *by);
  if (b->wait == NULL || b->crashed == NULL || by == NULL) {
    free(by);
    return -1;
  }
  for (unsigned i = 0; i < n; i++)
    b->wait[i] = b->th[i].wait, by[i] = i;
  qsort_r(by, n, sizeof *by, source_order, (void *)b->th);
  for (unsigned lo = 0, hi; lo < n; lo = hi) {
    /* One source: by[lo..hi), its first thread first. */
    int all = 1;
    for (hi = lo + 1; hi < n && b->th[by[hi]].source == b->th[by[lo]].source; hi++)
      all &= b->th[by[hi]].signal == b->th[by[lo]].signal;
    for (unsigned k = lo; k < hi; k++) {
      const struct pdb_stack_thread *x = &b->th[by[k]];
      if (x->wait != NULL || !waits_crashed(x->signal, all, k == lo))
        continue;
      char sig[32], text[64];
      snprintf(text, sizeof text, WAITS_CRASHED_TEXT, waits_signal_name(x->signal, sig, sizeof sig));
      if ((b->crashed[by[k]] = strdup(text)) == NULL) {
        free(by);
        return -1;
      }
      b->wait[by[k]] = b->crashed[by[k]];
    }
  }
  free(by);
  return 0;
}

int pdb_stacks_build(const struct pdb_stack_thread *threads, unsigned n, struct pdb_stacks *out,
                     char *msg, size_t msgsize)
{
  if (msg != NULL && msgsize > 0)
    msg[0] = '\0';
  if (out == NULL)
    return say_status(msg, msgsize, PDB_FAILED, "merged stacks: no tree to fill");
  memset(out, 0, sizeof *out);
  if (threads == NULL && n > 0)
    return say_status(msg, msgsize, PDB_FAILED, "merged stacks: no threads given");
  struct build b = {.th = threads, .n = n};
  out->nthreads = n;
  b.end = malloc((n ? n : 1) * sizeof *b.end);
  b.rank = malloc((n ? n : 1) * sizeof *b.rank);
  b.byrank = malloc((n ? n : 1) * sizeof *b.byrank);
  if (b.end == NULL || b.rank == NULL || b.byrank == NULL || grow_table(&b) != 0)
    goto oom;

  /* Who is there: sources (counted in byrank, before it is the order),
     images, samples. */
  for (unsigned i = 0; i < n; i++) {
    b.images |= threads[i].image > 0;
    out->sampled |= threads[i].moved >= 0;
    b.byrank[i] = threads[i].source;
  }
  qsort(b.byrank, n, sizeof *b.byrank, unsigned_order);
  for (unsigned i = 0; i < n; i++)
    out->nsources += i == 0 || b.byrank[i] != b.byrank[i - 1];
  b.nsources = out->nsources;
  for (unsigned i = 0; i < n; i++)
    b.byrank[i] = i;
  qsort_r(b.byrank, n, sizeof *b.byrank, member_order, &b);
  for (unsigned i = 0; i < n; i++)
    b.rank[b.byrank[i]] = i;

  if (crash_waits(&b) != 0 || insert_all(&b, out) != 0)
    goto oom;
  for (unsigned i = 0; i < b.nb; i++)
    if ((b.bn[i].name = node_name(b.bn[i].kind, b.bn[i].key)) == NULL)
      goto oom;
  if (number_nodes(&b, out) != 0 || describe_nodes(&b, out) != 0)
    goto oom;
  build_free(&b);
  return PDB_OK;

oom:
  build_free(&b);
  pdb_stacks_free(out);
  return say_status(msg, msgsize, PDB_FAILED, "merged stacks: out of memory");
}

int pdb_stacks_moved(const struct pdb_frame *a, int na, const struct pdb_frame *b, int nb)
{
  /* A stack that could not be unwound tells nothing. */
  if (na < 0 || nb < 0 || (na > 0 && a == NULL) || (nb > 0 && b == NULL))
    return -1;
  if (na != nb)
    return 1;
  for (int i = 0; i < na; i++)
    if (a[i].pc != b[i].pc)
      return 1;
  return 0;
}

/* ---- the JSON input of a host that passes JSON ---- */

#define JSON_MAX_THREADS (1u << 22)

/* An integer field in [lo, hi]: 0, 1 absent (or null where allowed), -1
   not such an integer. */
static int json_int(J *o, const char *key, int64_t lo, int64_t hi, int null_ok, int64_t *v)
{
  J *x;
  if (!json_object_object_get_ex(o, key, &x) || (x == NULL && null_ok))
    return 1;
  if (x == NULL || !json_object_is_type(x, json_type_int))
    return -1;
  errno = 0;
  int64_t i = json_object_get_int64(x);
  if (errno != 0 || i < lo || i > hi)
    return -1;
  *v = i;
  return 0;
}

/* A string field: its text, NULL where null or absent; -1 not a string. */
static int json_string(J *o, const char *key, const char **v)
{
  J *x;
  *v = NULL;
  if (!json_object_object_get_ex(o, key, &x) || x == NULL)
    return 0;
  if (!json_object_is_type(x, json_type_string))
    return -1;
  *v = json_object_get_string(x);
  /* A NUL inside would cut the name and merge it with another. */
  if (strlen(*v) != (size_t)json_object_get_string_len(x)) {
    *v = NULL;
    return -1;
  }
  return 0;
}

/* A program counter: an integer up to 2^64 - 1, or a "0x..." string. */
static int json_pc(J *o, uint64_t *pc)
{
  J *x;
  *pc = 0;
  if (!json_object_object_get_ex(o, "pc", &x) || x == NULL)
    return 0;
  if (json_object_is_type(x, json_type_string)) {
    const char *s = json_object_get_string(x);
    char *e;
    errno = 0;
    unsigned long long v = strtoull(s, &e, 16);
    if (strncmp(s, "0x", 2) != 0 || s[2] == '\0' || *e != '\0' || errno != 0)
      return -1;
    *pc = v;
    return 0;
  }
  if (!json_object_is_type(x, json_type_int))
    return -1;
  errno = 0;
  int64_t i = json_object_get_int64(x);
  if (i < 0 || errno != 0)
    return -1;
  *pc = i == INT64_MAX ? json_object_get_uint64(x) : (uint64_t)i;
  return errno != 0 ? -1 : 0;
}

static int bad(char *msg, size_t msgsize, unsigned thread, int frame, const char *what)
{
  if (frame >= 0)
    say_status(msg, msgsize, PDB_FAILED, "stacks JSON: thread %u, frame %d: %s", thread, frame, what);
  else
    say_status(msg, msgsize, PDB_FAILED, "stacks JSON: thread %u: %s", thread, what);
  return -1;
}

/* Thread i of the array, its frames into f (allocated here).  0 or -1
   with msg. */
static int json_thread(J *o, unsigned i, struct pdb_stack_thread *th, char *msg, size_t msgsize)
{
  int64_t v;
  int rc;
  if (o == NULL || !json_object_is_type(o, json_type_object))
    return bad(msg, msgsize, i, -1, "not an object");
  memset(th, 0, sizeof *th);
  th->omp_thread = -1, th->moved = -1;
  if ((rc = json_int(o, "source", 0, UINT32_MAX, 0, &v)) < 0)
    return bad(msg, msgsize, i, -1, "\"source\" is not an integer from 0 to 4294967295");
  th->source = rc == 0 ? (unsigned)v : 0;
  if ((rc = json_int(o, "image", 0, INT32_MAX, 1, &v)) < 0)
    return bad(msg, msgsize, i, -1, "\"image\" is not an integer from 0 to 2147483647 or null");
  th->image = rc == 0 ? (int)v : 0;
  if ((rc = json_int(o, "omp_thread", -1, INT64_MAX - 1, 1, &v)) < 0)
    return bad(msg, msgsize, i, -1, "\"omp_thread\" is not an integer from -1 or null");
  th->omp_thread = rc == 0 ? v : -1;
  if ((rc = json_int(o, "lwp", 0, INT64_MAX - 1, 1, &v)) < 0)
    return bad(msg, msgsize, i, -1, "\"lwp\" is not a non-negative integer or null");
  th->lwp = rc == 0 ? v : 0;
  if ((rc = json_int(o, "moved", -1, 1, 0, &v)) < 0)
    return bad(msg, msgsize, i, -1, "\"moved\" is not -1, 0 or 1");
  th->moved = rc == 0 ? (int)v : -1;
  if ((rc = json_int(o, "signal", 0, 127, 1, &v)) < 0)
    return bad(msg, msgsize, i, -1, "\"signal\" is not an integer from 0 to 127 or null");
  th->signal = rc == 0 ? (int)v : 0;
  if (json_string(o, "wait", &th->wait) != 0)
    return bad(msg, msgsize, i, -1, "\"wait\" is not a string or null");
  J *frames;
  if (!json_object_object_get_ex(o, "frames", &frames) || frames == NULL) {
    th->nframes = -1;   /* could not unwind */
    return 0;
  }
  if (!json_object_is_type(frames, json_type_array))
    return bad(msg, msgsize, i, -1, "\"frames\" is not an array or null");
  size_t n = json_object_array_length(frames);
  if (n > INT32_MAX / 2)
    return bad(msg, msgsize, i, -1, "too many frames");
  struct pdb_frame *f = calloc(n ? n : 1, sizeof *f);
  if (f == NULL)
    return bad(msg, msgsize, i, -1, "out of memory");
  th->frames = f, th->nframes = (int)n;
  for (size_t k = 0; k < n; k++) {
    J *x = json_object_array_get_idx(frames, k);
    const char *s;
    if (x == NULL || !json_object_is_type(x, json_type_object))
      return bad(msg, msgsize, i, (int)k, "not an object");
    if (json_pc(x, &f[k].pc) != 0)
      return bad(msg, msgsize, i, (int)k, "\"pc\" is not an integer from 0 to 2^64 - 1 or a \"0x...\" string");
    if ((rc = json_int(x, "offset", 0, INT64_MAX - 1, 1, &v)) < 0)
      return bad(msg, msgsize, i, (int)k, "\"offset\" is not a non-negative integer or null");
    f[k].offset = rc == 0 ? (uint64_t)v : 0;
    if ((rc = json_int(x, "line", 0, INT32_MAX, 1, &v)) < 0)
      return bad(msg, msgsize, i, (int)k, "\"line\" is not an integer from 0 to 2147483647 or null");
    f[k].line = rc == 0 ? (int)v : 0;
    /* The strings stay json-c's: the tree copies what it keeps. */
    if (json_string(x, "function", &s) != 0)
      return bad(msg, msgsize, i, (int)k, "\"function\" is not a string or null");
    f[k].function = (char *)s;
    if (json_string(x, "file", &s) != 0)
      return bad(msg, msgsize, i, (int)k, "\"file\" is not a string or null");
    f[k].file = (char *)s;
    if (json_string(x, "module", &s) != 0)
      return bad(msg, msgsize, i, (int)k, "\"module\" is not a string or null");
    f[k].module = (char *)s;
  }
  return 0;
}

char *pdb_stacks_from_json(const char *stacks_json, int format, char *msg, size_t msgsize)
{
  if (msg != NULL && msgsize > 0)
    msg[0] = '\0';
  if (format < 0 || format > 2) {
    say_status(msg, msgsize, PDB_FAILED, "stacks: format %d is not 0 (text), 1 (JSON) or 2 (DOT)", format);
    return NULL;
  }
  if (stacks_json == NULL) {
    say_status(msg, msgsize, PDB_FAILED, "stacks JSON: none given");
    return NULL;
  }
  json_tokener *tok = json_tokener_new();
  if (tok == NULL) {
    say_status(msg, msgsize, PDB_FAILED, "stacks JSON: out of memory");
    return NULL;
  }
  size_t len = strlen(stacks_json);
  J *root = len <= INT32_MAX ? json_tokener_parse_ex(tok, stacks_json, (int)len) : NULL;
  enum json_tokener_error err = json_tokener_get_error(tok);
  /* Nothing but white space may follow the array. */
  size_t used = json_tokener_get_parse_end(tok);
  while (root != NULL && used < len && strchr(" \t\r\n", stacks_json[used]) != NULL)
    used++;
  json_tokener_free(tok);
  if (root == NULL || err != json_tokener_success || used != len) {
    say_status(msg, msgsize, PDB_FAILED, "stacks JSON: not JSON (%s)",
               root == NULL || err != json_tokener_success ? json_tokener_error_desc(err)
                                                           : "text after the array");
    json_object_put(root);
    return NULL;
  }
  if (!json_object_is_type(root, json_type_array)) {
    say_status(msg, msgsize, PDB_FAILED, "stacks JSON: not an array of threads");
    json_object_put(root);
    return NULL;
  }
  size_t n = json_object_array_length(root);
  if (n > JSON_MAX_THREADS) {
    say_status(msg, msgsize, PDB_FAILED, "stacks JSON: %zu threads, more than %u", n, JSON_MAX_THREADS);
    json_object_put(root);
    return NULL;
  }
  struct pdb_stack_thread *th = calloc(n ? n : 1, sizeof *th);
  char *text = NULL;
  unsigned got = 0;
  int ok = th != NULL;
  if (!ok)
    say_status(msg, msgsize, PDB_FAILED, "stacks JSON: out of memory");
  for (; ok && got < n; got++)
    ok = json_thread(json_object_array_get_idx(root, got), got, &th[got], msg, msgsize) == 0;
  struct pdb_stacks t;
  if (ok && pdb_stacks_build(th, (unsigned)n, &t, msg, msgsize) == PDB_OK) {
    text = format == 0 ? pdb_stacks_text(&t) : format == 1 ? stacks_json_object(&t) : pdb_stacks_dot(&t);
    if (text == NULL)
      say_status(msg, msgsize, PDB_FAILED, "stacks: out of memory");
    pdb_stacks_free(&t);
  }
  for (size_t i = 0; th != NULL && i < n; i++)
    free((void *)th[i].frames);
  free(th);
  json_object_put(root);
  return text;
}
