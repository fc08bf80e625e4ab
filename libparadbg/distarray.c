/* The distributed-array view: the arrays a program registered (read
   through the debug library's distributed-array entry points) and every
   coarray (made from the coarray records), joined by name across the
   processes given and checked with the protocol's rules (dap-rules.c);
   found by name.  distarray-assemble.c finds owners and assembles,
   distarray-text.c writes the short texts. */
#define _GNU_SOURCE
#include "config.h"

#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "paradbg/dap-rules.h"
#include "paradbg/plugins.h"

#include "caf.h"
#include "distarray-private.h"

#define MAX_PIECES (1u << 17)            /* pieces of every array of one gather */
#define MAX_INDICES_TOTAL (1ull << 26)   /* 'u' indices of one gather (512 MiB) */
#define INDEX_CHUNK 65536u               /* indices per library call */


static const char *rc_text(ompd_rc_t rc)
{
  return pdb_rc_name(rc) != NULL ? pdb_rc_name(rc) : "unknown error";
}

/* --- The session ------------------------------------------------------- */

static int open_with(pdb_dap_session *s, const struct pdb_options *o, char *msg, size_t size)
{
  const char *target = o != NULL && o->target_name != NULL ? o->target_name : "the program";
  ompd_address_t a = { 0, 0 };
  /* The registry is libparcaf's, in a coarray image or not: the library
     that reads it is the one the coarray runtime names. */
  if (s->host->ompd->symbol_addr_lookup(s->context, NULL, "caf_debugger_plugin", &a, NULL) != ompd_rc_ok)
    return say_status(msg, size, PDB_NO_RUNTIME, "No distributed-array registry in %s (no "
                      "caf_debugger_plugin): arrays are registered through libparcaf (paradbg/dap.h)",
                      target);
  int st = caf_library_open(s->host, s->context, o, CAF_FOR_DAP, a.address, &s->lib, msg, size);
  if (st != PDB_OK)
    return st;
  /* The registry read once now, so that a mismatch is told at open. */
  cafdbg_dap_handle_t *h = NULL;
  ompd_rc_t rc = s->lib->dap.cafdbg_dap_initialize(s->context, &h);
  if (rc == ompd_rc_ok && h != NULL) {
    s->lib->dap.cafdbg_rel_dap_handle(h);
    return PDB_OK;
  }
  if (rc == ompd_rc_unavailable)
    return say_status(msg, size, PDB_NO_RUNTIME, "%s keeps no distributed-array registry that %s can "
                      "read", target, PARADBG_CAF_PLUGIN);
  if (rc == ompd_rc_incompatible)
    return say_status(msg, size, PDB_PLUGIN, "%s (%s) does not match the distributed-array registry "
                      "of %s", s->lib->path, s->lib->version, target);
  return say_status(msg, size, PDB_FAILED, "%s cannot read the distributed-array registry of %s: %s",
                    s->lib->path, target, rc_text(rc));
}

PDB_DEFINE_OPEN(pdb_dap_open, pdb_dap_session, 1, open_with, pdb_dap_close)

void pdb_dap_close(pdb_dap_session *s)
{
  free(s);
}

/* --- Gathering ---------------------------------------------------------- */

/* What a gather keeps beside the records while it joins. */
struct slot {
  unsigned occurrence;   /* the how-many-th array of its name and origin in a source */
  unsigned cap;          /* pieces allocated */
  unsigned *seq;         /* the order pieces came in, for a stable sort */
};

struct build {
  const struct pdb_dap_source *src;
  unsigned nsrc;
  struct pdb_dap_records *r;
  struct slot *slots;
  unsigned slots_cap;
  unsigned pieces;       /* of every array */
  uint64_t indices;      /* 'u' indices read */
  unsigned seq;
  unsigned *by_key;      /* index + 1 of each array, by the hash of its key; 0: empty */
  int oom;
};

/* A small open-addressed hash (FNV-1a) over (origin, name, number): the
   pieces of a gather (up to MAX_PIECES) are joined to their arrays (up to
   PDB_DAP_MAX_ARRAYS), and a source's names counted, without comparing
   each with every one seen before.  A table has at least twice as many
   slots as it ever holds, so a probe always ends. */
#define KEY_SLOTS (2u * PDB_DAP_MAX_ARRAYS)

static uint64_t key_hash(const char *origin, const char *name, int64_t number)
{
  uint64_t h = 1469598103934665603ull;
  for (const char *s = origin; s != NULL && *s != '\0'; s++)
    h = (h ^ (unsigned char)*s) * 1099511628211ull;
  h = (h ^ 0xff) * 1099511628211ull;   /* a byte no printable text has: origin|name stay apart */
  for (const char *s = name; *s != '\0'; s++)
    h = (h ^ (unsigned char)*s) * 1099511628211ull;
  for (int i = 0; i < 8; i++)
    h = (h ^ (unsigned char)((uint64_t)number >> (8 * i))) * 1099511628211ull;
  return h ^ (h >> 29);
}

static const char *label_of(const struct build *b, unsigned i)
{
  return i < b->nsrc && b->src[i].label != NULL ? b->src[i].label : "this process";
}

static void piece_free(struct pdb_dap_piece *p)
{
  for (int d = 0; d < PARADBG_DAP_MAX_DIMS; d++) {
    free((int64_t *)p->dim[d].indices);
    p->dim[d].indices = NULL;
  }
}

static void array_free(struct pdb_distarray *a)
{
  free(a->name);
  for (unsigned i = 0; i < a->npieces; i++)
    piece_free(&a->pieces[i]);
  free(a->pieces);
  free(a->problem);
}

void pdb_dap_records_free(struct pdb_dap_records *r)
{
  if (r == NULL)
    return;
  for (unsigned i = 0; i < r->narrays; i++)
    array_free(&r->arrays[i]);
  free(r->arrays);
  memset(r, 0, sizeof *r);
}

/* Sets a's problem to the line fmt gives, if it has none yet (the first
   one found is the one told). */
static void problem(struct build *b, struct pdb_distarray *a, const char *fmt, ...)
  __attribute__((format(printf, 3, 4)));
static void problem(struct build *b, struct pdb_distarray *a, const char *fmt, ...)
{
  if (a->problem != NULL)
    return;
  va_list ap;
  va_start(ap, fmt);
  if (vasprintf(&a->problem, fmt, ap) < 0) {
    a->problem = NULL;
    b->oom = 1;
  }
  va_end(ap);
}

/* typestr as text that may be printed, within the record's bytes: a
   typestr is plain ASCII, so anything else is shown as '?' (and the
   rules refuse it). */
static void typestr_copy(char *out, const char *in)
{
  size_t i = 0;
  for (; i < PARADBG_DAP_TYPESTR_MAX - 1 && in[i] != '\0'; i++)
    out[i] = in[i] > 0x20 && in[i] < 0x7f ? in[i] : '?';
  out[i] = '\0';
}

/* The array of origin, printable name and occurrence, made if new; NULL
   past PDB_DAP_MAX_ARRAYS (counted) or out of memory. */
static struct pdb_distarray *array_of(struct build *b, const char *origin, const char *name,
                                      unsigned occurrence, const char *typestr, int ndim, int nprocs)
{
  struct pdb_dap_records *r = b->r;
  if (b->by_key == NULL && (b->by_key = calloc(KEY_SLOTS, sizeof *b->by_key)) == NULL) {
    b->oom = 1;
    return NULL;
  }
  /* At most PDB_DAP_MAX_ARRAYS of the KEY_SLOTS are taken: an empty one
     is met within KEY_SLOTS probes. */
  unsigned h = (unsigned)(key_hash(origin, name, occurrence) % KEY_SLOTS), probes = 0;
  for (; b->by_key[h] != 0 && probes < KEY_SLOTS; h = (h + 1) % KEY_SLOTS, probes++) {
    struct pdb_distarray *a = &r->arrays[b->by_key[h] - 1];
    if (b->slots[b->by_key[h] - 1].occurrence == occurrence && strcmp(a->origin, origin) == 0 &&
        strcmp(a->name, name) == 0)
      return a;
  }
  if (r->narrays == PDB_DAP_MAX_ARRAYS || b->by_key[h] != 0) {
    if (r->truncated < UINT_MAX)
      r->truncated++;
    return NULL;
  }
  if (r->narrays == b->slots_cap) {
    unsigned cap = b->slots_cap ? 2 * b->slots_cap : 16;
    struct pdb_distarray *na = realloc(r->arrays, cap * sizeof *na);
    if (na != NULL)
      r->arrays = na;
    struct slot *ns = na != NULL ? realloc(b->slots, cap * sizeof *ns) : NULL;
    if (ns == NULL) {
      b->oom = 1;
      return NULL;
    }
    b->slots = ns;
    b->slots_cap = cap;
  }
  struct pdb_distarray *a = &r->arrays[r->narrays];
  memset(a, 0, sizeof *a);
  if ((a->name = strdup(name)) == NULL) {
    b->oom = 1;
    return NULL;
  }
  memset(&b->slots[r->narrays], 0, sizeof b->slots[0]);
  b->slots[r->narrays].occurrence = occurrence;
  a->origin = origin;
  typestr_copy(a->typestr, typestr);
  a->ndim = ndim;
  a->nprocs = nprocs;
  r->narrays++;
  b->by_key[h] = r->narrays;
  return a;
}

/* Adds piece p (whose indices it takes) to the array; what the piece says
   against the array's first piece becomes its problem. */
static void add_piece(struct build *b, const char *origin, const char *name, unsigned occurrence,
                      const char *typestr, int ndim, int nprocs, struct pdb_dap_piece *p,
                      const char *why)
{
  char ts[PARADBG_DAP_TYPESTR_MAX];
  typestr_copy(ts, typestr);
  struct pdb_distarray *a = b->pieces < MAX_PIECES ? array_of(b, origin, name, occurrence, ts, ndim, nprocs)
                                                   : NULL;
  if (a == NULL) {
    if (b->pieces >= MAX_PIECES && b->r->truncated < UINT_MAX)
      b->r->truncated++;
    piece_free(p);
    return;
  }
  struct slot *sl = &b->slots[a - b->r->arrays];
  if (a->npieces == sl->cap) {
    unsigned cap = sl->cap ? 2 * sl->cap : 4;
    struct pdb_dap_piece *np = realloc(a->pieces, cap * sizeof *np);
    if (np != NULL)
      a->pieces = np;
    unsigned *ns = np != NULL ? realloc(sl->seq, cap * sizeof *ns) : NULL;
    if (ns == NULL) {
      b->oom = 1;
      piece_free(p);
      return;
    }
    sl->seq = ns;
    sl->cap = cap;
  }
  sl->seq[a->npieces] = b->seq++;
  a->pieces[a->npieces++] = *p;
  b->pieces++;
  if (why != NULL)
    problem(b, a, "rank %d (%s): %s", p->rank, label_of(b, p->source), why);
  else if (strcmp(a->typestr, ts) != 0)
    problem(b, a, "rank %d has typestr '%s', another rank '%s'", p->rank, ts, a->typestr);
  else if (a->ndim != ndim)
    problem(b, a, "rank %d has %d dimensions, another rank %d", p->rank, ndim, a->ndim);
  else if (a->nprocs != nprocs)
    problem(b, a, "rank %d says the array spans %d processes, another rank %d", p->rank, nprocs,
            a->nprocs);
}

/* The (name, rank) pairs of one source met so far: the same name and
   rank met again in one address space is another array of that name.
   Each distinct pair's first entry counts how often it was met; a hash
   of nslots (a power of two, at least twice the entries) finds it. */
struct seen {
  const char *name;
  int rank;
  unsigned times;        /* of a pair's first entry: how often the pair was met */
};

struct seen_set {
  struct seen *seen;
  unsigned n;
  unsigned *slot;        /* index + 1 of a pair's first entry; 0: empty */
  unsigned nslots;
};

/* Room for count entries; 0, or -1 out of memory. */
static int seen_init(struct seen_set *ss, unsigned count)
{
  memset(ss, 0, sizeof *ss);
  unsigned nslots = 16;
  while (nslots < 2u * count && nslots < (1u << 30))
    nslots *= 2;
  ss->seen = calloc(count ? count : 1, sizeof *ss->seen);
  ss->slot = calloc(nslots, sizeof *ss->slot);
  ss->nslots = nslots;
  return ss->seen != NULL && ss->slot != NULL ? 0 : -1;
}

static void seen_free(struct seen_set *ss)
{
  free(ss->seen);
  free(ss->slot);
}

/* Adds (name, rank), name kept by the caller, as the next entry (there
   is room for it: seen_init's count bounds the calls) and returns how
   many entries before it are the same pair. */
static unsigned occurrence_of(struct seen_set *ss, const char *name, int rank)
{
  unsigned h = (unsigned)key_hash(NULL, name, rank) & (ss->nslots - 1);
  for (unsigned probes = 0; ss->slot[h] != 0 && probes < ss->nslots; probes++) {
    struct seen *e = &ss->seen[ss->slot[h] - 1];
    if (e->rank == rank && strcmp(e->name, name) == 0)
      return e->times++;
    h = (h + 1) & (ss->nslots - 1);
  }
  struct seen *e = &ss->seen[ss->n];
  e->name = name;
  e->rank = rank;
  e->times = 1;
  ss->n++;
  if (ss->slot[h] == 0)
    ss->slot[h] = ss->n;
  return 0;
}

/* The indices of 'u' dimension d of registered array nth into dim, in
   chunks; NULL why, or why not. */
static const char *read_indices(struct build *b, struct caf_library *l, cafdbg_dap_handle_t *h, int nth,
                                int d, struct paradbg_dap_dim *dim)
{
  if (dim->extent < 0)
    return "a 'u' dimension of fewer than no indices";
  if ((uint64_t)dim->extent > CAFDBG_DAP_MAX_INDICES)
    return "a 'u' dimension with more indices than paradbg reads";
  if (b->indices + (uint64_t)dim->extent > MAX_INDICES_TOTAL)
    return "more 'u' indices in all than paradbg reads in one gather";
  uint64_t n = (uint64_t)dim->extent;
  int64_t *v = malloc(n ? n * sizeof *v : 1);
  if (v == NULL) {
    b->oom = 1;
    return "out of memory";
  }
  for (uint64_t done = 0; done < n;) {
    uint64_t k = n - done < INDEX_CHUNK ? n - done : INDEX_CHUNK;
    if (l->dap.cafdbg_get_dap_indices(h, nth, d, done, k, v + done) != ompd_rc_ok) {
      free(v);
      return "its 'u' indices cannot be read";
    }
    done += k;
  }
  b->indices += n;
  dim->indices = v;
  return NULL;
}

/* Every registered array of source si. */
static int gather_registered(struct build *b, unsigned si, char *err, size_t errsize)
{
  pdb_dap_session *s = b->src[si].dap;
  struct caf_library *l = s->lib;
  cafdbg_dap_handle_t *h = NULL;
  ompd_rc_t rc = l->dap.cafdbg_dap_initialize(s->context, &h);
  if (rc == ompd_rc_unavailable)
    return 0;   /* no registry: no registered arrays */
  if (rc != ompd_rc_ok || h == NULL)
    return say_status(err, errsize, -1, "%s: reading the distributed-array registry failed: %s",
                      label_of(b, si), rc_text(rc));
  int count = 0;
  if ((rc = l->dap.cafdbg_get_dap_count(h, &count)) != ompd_rc_ok) {
    l->dap.cafdbg_rel_dap_handle(h);
    return say_status(err, errsize, -1, "%s: reading the distributed-array registry failed: %s",
                      label_of(b, si), rc_text(rc));
  }
  if (count < 0)
    count = 0;
  if (count > CAFDBG_DAP_MAX_ARRAYS) {
    b->r->truncated += (unsigned)(count - CAFDBG_DAP_MAX_ARRAYS);
    count = CAFDBG_DAP_MAX_ARRAYS;
  }
  struct seen_set seen;
  int seen_ok = seen_init(&seen, (unsigned)count) == 0;
  char (*names)[256] = calloc(count ? (size_t)count : 1, sizeof *names);
  unsigned nseen = 0;
  for (int nth = 0; seen_ok && names != NULL && nth < count && !b->oom; nth++) {
    cafdbg_dap_array_t ar;
    memset(&ar, 0, sizeof ar);
    if (l->dap.cafdbg_get_dap_array(h, nth, &ar) != ompd_rc_ok) {
      if (b->r->truncated < UINT_MAX)
        b->r->truncated++;
      continue;
    }
    ar.name[sizeof ar.name - 1] = '\0';
    ar.typestr[sizeof ar.typestr - 1] = '\0';
    char *name = pdb_printable(ar.name);
    if (name == NULL) {
      b->oom = 1;
      break;
    }
    struct pdb_dap_piece p;
    memset(&p, 0, sizeof p);
    p.rank = ar.rank;
    p.image = ar.image > 0 ? ar.image : 0;
    p.source = si;
    p.buffer = ar.buffer.address;
    p.readable = ar.readable.address;
    p.readable_source = si;
    for (int d = 0; d < PARADBG_DAP_MAX_DIMS; d++)
      p.owned_first[d] = p.owned_last[d] = -1;
    const char *why = NULL;
    char whybuf[160];
    int ndim = ar.ndim;
    if (ndim < 0 || ndim > PARADBG_DAP_MAX_DIMS) {
      snprintf(whybuf, sizeof whybuf, "%d dimensions (at most %d)", ndim, PARADBG_DAP_MAX_DIMS);
      why = whybuf;
      ndim = 0;
    }
    for (int d = 0; d < ndim && why == NULL; d++) {
      cafdbg_dap_dim_t dd;
      memset(&dd, 0, sizeof dd);
      if (l->dap.cafdbg_get_dap_dim(h, nth, d, &dd) != ompd_rc_ok) {
        snprintf(whybuf, sizeof whybuf, "dimension %d cannot be read", d);
        why = whybuf;
        break;
      }
      struct paradbg_dap_dim *x = &p.dim[d];
      x->dist_type = dd.dist_type;
      x->periodic = dd.periodic != 0;
      x->one_to_one = dd.one_to_one != 0;
      x->size = dd.size;
      x->proc_grid_size = dd.proc_grid_size;
      x->proc_grid_rank = dd.proc_grid_rank;
      x->start = dd.start;
      x->stop = dd.stop;
      x->padding[0] = dd.padding[0];
      x->padding[1] = dd.padding[1];
      x->block_size = dd.block_size;
      x->extent = dd.extent;
      if (x->dist_type == 'u')
        why = read_indices(b, l, h, nth, d, x);
    }
    snprintf(names[nseen], sizeof names[0], "%s", name);
    unsigned occ = occurrence_of(&seen, names[nseen], ar.rank);
    nseen++;
    add_piece(b, "registered", name, occ, ar.typestr, ndim, ar.nprocs, &p, why);
    free(name);
  }
  if (!seen_ok || names == NULL)
    b->oom = 1;
  seen_free(&seen);
  free(names);
  l->dap.cafdbg_rel_dap_handle(h);
  return 0;
}

/* A coarray's element type as a NumPy typestr: the runtime knows the
   Fortran type and the element's bytes, not the kind (a 16-byte real may
   be x87's or IEEE quad: opaque bytes). */
static void coarray_typestr(const char *type, uint64_t len, char *out, size_t n)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
  const char *order = ">";
#else
  const char *order = "<";
#endif
  unsigned long long l = (unsigned long long)len;
  if (len == 1 && (strcmp(type, "integer") == 0))
    snprintf(out, n, "|i1");
  else if (len == 1 && strcmp(type, "logical") == 0)
    snprintf(out, n, "|b1");
  else if ((strcmp(type, "integer") == 0 || strcmp(type, "logical") == 0) &&
           (len == 2 || len == 4 || len == 8))
    snprintf(out, n, "%si%llu", order, l);
  else if (strcmp(type, "real") == 0 && (len == 4 || len == 8))
    snprintf(out, n, "%sf%llu", order, l);
  else if (strcmp(type, "complex") == 0 && (len == 8 || len == 16))
    snprintf(out, n, "%sc%llu", order, l);
  else if (strcmp(type, "character") == 0)
    snprintf(out, n, "|S%llu", l);
  else
    snprintf(out, n, "|V%llu", l);
}

/* Every coarray of source si that holds data, as distarray.h says: a
   leading 'b' dimension of one index per image, then its own dimensions
   in C order (1-D of its elements where the runtime knows no bounds). */
static int gather_coarrays(struct build *b, unsigned si, char *err, size_t errsize)
{
  struct pdb_caf_records cr;
  char failed[256] = "";
  if (pdb_caf_gather(b->src[si].caf, PDB_CAF_WANT_COARRAYS, &cr, failed, sizeof failed) != PDB_OK)
    return say_status(err, errsize, -1, "%s: %s", label_of(b, si), failed);
  if (cr.truncated > 0 && b->r->truncated < UINT_MAX - cr.truncated)
    b->r->truncated += cr.truncated;
  struct seen_set seen;
  int seen_ok = seen_init(&seen, cr.ncoarrays) == 0;
  char **names = calloc(cr.ncoarrays ? cr.ncoarrays : 1, sizeof *names);
  unsigned nseen = 0;
  for (unsigned i = 0; seen_ok && names != NULL && i < cr.ncoarrays && !b->oom; i++) {
    const struct pdb_caf_coarray *c = &cr.coarrays[i];
    /* Data only: locks, events and critical constructs are the coarray
       view's; a component's size may differ from image to image. */
    if (strcmp(c->kind, "static") != 0 && strcmp(c->kind, "allocatable") != 0)
      continue;
    if (c->elem_len == 0)
      continue;
    char raw[600];
    if (c->name != NULL && c->module != NULL)
      snprintf(raw, sizeof raw, "%.256s::%.256s", c->module, c->name);
    else if (c->name != NULL)
      snprintf(raw, sizeof raw, "%.512s", c->name);
    else
      snprintf(raw, sizeof raw, "#%" PRIu64, c->serial);
    if ((names[nseen] = pdb_printable(raw)) == NULL) {
      b->oom = 1;
      break;
    }
    const char *name = names[nseen];
    unsigned occ = occurrence_of(&seen, name, 0);
    nseen++;
    char ts[PARADBG_DAP_TYPESTR_MAX];
    coarray_typestr(c->type, c->elem_len, ts, sizeof ts);
    /* Its own dimensions, Fortran's order, where the bounds account for
       every element; else one of all its elements. */
    int rank = 1;
    int64_t ext[15] = { (int64_t)(c->nelem <= INT64_MAX ? c->nelem : INT64_MAX) };
    const char *why = NULL;
    char whybuf[200];
    if (c->rank >= 0 && c->rank <= 15) {
      uint64_t prod = 1;
      int fits = 1;
      int64_t e[15];
      for (int d = 0; d < c->rank && fits; d++) {
        /* ubound - lbound + 1, refused where hostile bounds overflow it */
        if (__builtin_sub_overflow(c->ubound[d], c->lbound[d], &e[d]) ||
            __builtin_add_overflow(e[d], 1, &e[d])) {
          snprintf(whybuf, sizeof whybuf, "dimension %d's bounds %" PRId64 ":%" PRId64 " have no "
                   "extent paradbg can count", d + 1, c->lbound[d], c->ubound[d]);
          why = whybuf;
          fits = 0;
        } else if (e[d] < 0 || (e[d] > 0 && prod > UINT64_MAX / (uint64_t)e[d])) {
          fits = 0;
        } else {
          prod *= (uint64_t)e[d];
        }
      }
      if (fits && prod == c->nelem) {
        rank = c->rank;
        for (int d = 0; d < rank; d++)
          ext[d] = e[d];
      }
    }
    if (why == NULL && c->nbytes / c->elem_len < c->nelem) {
      snprintf(whybuf, sizeof whybuf, "the runtime holds %" PRIu64 " bytes on each image, fewer than "
               "%" PRIu64 " elements of %" PRIu64 " need", c->nbytes, c->nelem, c->elem_len);
      why = whybuf;
    }
    int nimages = cr.num_images;
    for (int g = 1; g <= nimages && !b->oom; g++) {
      /* Past the pieces one gather keeps, the rest of this coarray's
         images are counted, not walked one by one. */
      if (b->pieces >= MAX_PIECES) {
        unsigned rest = (unsigned)(nimages - g + 1);
        b->r->truncated = b->r->truncated < UINT_MAX - rest ? b->r->truncated + rest : UINT_MAX;
        break;
      }
      struct pdb_dap_piece p;
      memset(&p, 0, sizeof p);
      p.rank = g - 1;
      p.image = g;
      p.source = si;
      p.readable_source = si;
      if ((unsigned)g <= c->nimages) {
        p.buffer = c->in_image[g - 1];
        p.readable = c->readable[g - 1];
      }
      for (int d = 0; d < PARADBG_DAP_MAX_DIMS; d++)
        p.owned_first[d] = p.owned_last[d] = -1;
      struct paradbg_dap_dim *x = &p.dim[0];
      x->dist_type = 'b';
      x->size = nimages;
      x->proc_grid_size = nimages;
      x->proc_grid_rank = g - 1;
      x->start = g - 1;
      x->stop = g;
      x->extent = 1;
      for (int d = 0; d < rank; d++) {
        x = &p.dim[1 + (rank - 1 - d)];
        x->dist_type = 'b';
        x->size = ext[d];
        x->proc_grid_size = 1;
        x->stop = ext[d];
        x->extent = ext[d];
      }
      add_piece(b, "coarray", name, occ, ts, 1 + rank, nimages, &p, why);
    }
  }
  if (!seen_ok || names == NULL)
    b->oom = 1;
  for (unsigned i = 0; names != NULL && i < nseen; i++)
    free(names[i]);
  seen_free(&seen);
  free(names);
  pdb_caf_records_free(&cr);
  return 0;
}

static int same_dims(const struct pdb_dap_piece *x, const struct pdb_dap_piece *y, int ndim)
{
  for (int d = 0; d < ndim; d++) {
    const struct paradbg_dap_dim *a = &x->dim[d], *b = &y->dim[d];
    if (a->dist_type != b->dist_type || a->periodic != b->periodic || a->one_to_one != b->one_to_one ||
        a->size != b->size || a->proc_grid_size != b->proc_grid_size ||
        a->proc_grid_rank != b->proc_grid_rank || a->start != b->start || a->stop != b->stop ||
        a->padding[0] != b->padding[0] || a->padding[1] != b->padding[1] ||
        a->block_size != b->block_size || a->extent != b->extent)
      return 0;
    if ((a->indices == NULL) != (b->indices == NULL))
      return 0;
    if (a->indices != NULL && a->extent > 0 &&
        memcmp(a->indices, b->indices, (size_t)a->extent * sizeof *a->indices) != 0)
      return 0;
  }
  return 1;
}

struct order {
  const struct pdb_dap_piece *pieces;
  const unsigned *seq;
};

static int by_rank(const void *x, const void *y, void *arg)
{
  const struct order *o = arg;
  unsigned i = *(const unsigned *)x, j = *(const unsigned *)y;
  const struct pdb_dap_piece *p = &o->pieces[i], *q = &o->pieces[j];
  if (p->rank != q->rank)
    return p->rank < q->rank ? -1 : 1;
  if (p->source != q->source)
    return p->source < q->source ? -1 : 1;
  return o->seq[i] < o->seq[j] ? -1 : o->seq[i] > o->seq[j];
}

void dap_rank_ranges(char *buf, size_t n, const int64_t *first, const int64_t *last, unsigned k)
{
  size_t len = 0;
  buf[0] = '\0';
  for (unsigned i = 0; i < k && len < n; i++) {
    int w;
    if (i == MAX_RANGES) {
      w = snprintf(buf + len, n - len, ", ...");
    } else if (first[i] == last[i]) {
      w = snprintf(buf + len, n - len, "%s%" PRId64, i ? ", " : "", first[i]);
    } else {
      w = snprintf(buf + len, n - len, "%s%" PRId64 "-%" PRId64, i ? ", " : "", first[i], last[i]);
    }
    len += w > 0 ? (size_t)w : 0;
    if (i == MAX_RANGES)
      break;
  }
}

/* The first and last global index piece p owns in each 'b' and 'c'
   dimension (a record that passes the rules for one rank alone), found
   directly: the rules' own mapping asked at the two ends, never a walk
   whose length the target chooses.  'b': the local indices past the
   communication padding (the padding before the first process and after
   the last is boundary padding, owned); 'c': every local index is owned,
   in ascending order. */
static void owned_ranges(struct pdb_dap_piece *p, int ndim)
{
  for (int d = 0; d < ndim; d++) {
    const struct paradbg_dap_dim *x = &p->dim[d];
    p->owned_first[d] = p->owned_last[d] = -1;
    if ((x->dist_type != 'b' && x->dist_type != 'c') || x->extent <= 0)
      continue;
    int64_t lo = 0, hi = x->extent - 1;
    if (x->dist_type == 'b') {
      int64_t before = x->proc_grid_rank > 0 ? x->padding[0] : 0;
      int64_t after = x->proc_grid_rank < x->proc_grid_size - 1 ? x->padding[1] : 0;
      /* Written so that no padding can overflow: owns nothing when the
         paddings leave no index between them. */
      if (before < 0 || after < 0 || before > hi || after > hi - before)
        continue;
      lo = before;
      hi -= after;
    }
    int own_lo = 0, own_hi = 0;
    int64_t first = paradbg_dap_global_of(x, lo, &own_lo), last = paradbg_dap_global_of(x, hi, &own_hi);
    if (first >= 0 && last >= first && own_lo && own_hi) {
      p->owned_first[d] = first;
      p->owned_last[d] = last;
    }
  }
}

/* Sorts a's pieces by rank, keeps one piece of each rank (the first
   source's, readable where any source can read it), and checks the
   protocol's rules on what is left. */
static void finish(struct build *b, struct pdb_distarray *a, struct slot *sl)
{
  unsigned n = a->npieces;
  unsigned *idx = malloc((n ? n : 1) * sizeof *idx);
  struct pdb_dap_piece *sorted = malloc((n ? n : 1) * sizeof *sorted);
  if (idx == NULL || sorted == NULL) {
    free(idx), free(sorted);
    b->oom = 1;
    return;
  }
  for (unsigned i = 0; i < n; i++)
    idx[i] = i;
  struct order o = { a->pieces, sl->seq };
  qsort_r(idx, n, sizeof *idx, by_rank, &o);
  unsigned kept = 0;
  for (unsigned i = 0; i < n; i++) {
    struct pdb_dap_piece *p = &a->pieces[idx[i]];
    if (kept > 0 && sorted[kept - 1].rank == p->rank) {
      struct pdb_dap_piece *k = &sorted[kept - 1];
      if (a->ndim >= 0 && a->ndim <= PARADBG_DAP_MAX_DIMS && !same_dims(k, p, a->ndim)) {
        if (k->source != p->source)
          problem(b, a, "rank %d is recorded differently in %s and in %s", p->rank, label_of(b, k->source),
                  label_of(b, p->source));
        else
          problem(b, a, "rank %d is recorded twice in %s, differently", p->rank, label_of(b, p->source));
      }
      if (k->readable == 0 && p->readable != 0) {
        k->readable = p->readable;
        k->readable_source = p->readable_source;
      }
      piece_free(p);
      continue;
    }
    sorted[kept++] = *p;
  }
  free(idx);
  free(a->pieces);
  a->pieces = sorted;
  a->npieces = kept;
  free(sl->seq);
  sl->seq = NULL;

  int ndim = a->ndim >= 0 && a->ndim <= PARADBG_DAP_MAX_DIMS ? a->ndim : 0;
  for (int d = 0; d < ndim && kept > 0; d++)
    a->shape[d] = a->pieces[0].dim[d].size;
  int64_t es = paradbg_dap_typestr_size(a->typestr);
  a->elem_size = es > 0 ? (uint64_t)es : 0;
  if (es <= 0)
    problem(b, a, "its typestr '%s' is not one of the protocol's (NumPy's)", a->typestr);
  if (a->nprocs < 1)
    problem(b, a, "it says it spans %d processes", a->nprocs);
  for (unsigned i = 0; i < kept; i++)
    if (a->pieces[i].rank < 0 || a->pieces[i].rank >= a->nprocs) {
      problem(b, a, "rank %d is outside 0..%d", a->pieces[i].rank, a->nprocs - 1);
      break;
    }
  /* Which ranks no source holds. */
  int64_t first[MAX_RANGES + 1], last[MAX_RANGES + 1];
  unsigned gaps = 0;
  int64_t missing = 0, next = 0;
  for (unsigned i = 0; i <= kept && a->problem == NULL; i++) {
    int64_t upto = i < kept ? a->pieces[i].rank : a->nprocs;   /* ranks next .. upto - 1 are missing */
    if (upto > next) {
      if (gaps <= MAX_RANGES) {
        first[gaps] = next;
        last[gaps] = upto - 1;
      }
      gaps++;
      missing += upto - next;
    }
    next = upto + 1;
  }
  char why[512];
  if (a->problem == NULL && kept > 0) {
    const struct paradbg_dap_dim **dims = malloc(kept * sizeof *dims);
    int *ranks = malloc(kept * sizeof *ranks);
    if (dims == NULL || ranks == NULL) {
      b->oom = 1;
    } else {
      for (unsigned i = 0; i < kept; i++) {
        dims[i] = a->pieces[i].dim;
        ranks[i] = a->pieces[i].rank;
      }
      if (paradbg_dap_check_set(dims, ranks, (int)kept, ndim, a->nprocs, missing == 0, why, sizeof why) != 0)
        problem(b, a, "%s", why);
    }
    free(dims);
    free(ranks);
  }
  if (a->problem == NULL && missing > 0) {
    char list[256];
    dap_rank_ranges(list, sizeof list, first, last, gaps <= MAX_RANGES ? gaps : MAX_RANGES + 1);
    problem(b, a, "%s %s of %d missing (no source holds %s)", missing == 1 ? "rank" : "ranks", list,
            a->nprocs, missing == 1 ? "it" : "them");
  }
  /* The owned ranges of every record that holds by itself. */
  for (unsigned i = 0; i < kept; i++) {
    struct pdb_dap_piece *p = &a->pieces[i];
    if (a->problem == NULL ||
        paradbg_dap_check_one(p->dim, ndim, p->rank, a->nprocs, why, sizeof why) == 0)
      owned_ranges(p, ndim);
  }
}

int pdb_dap_gather(const struct pdb_dap_source *src, unsigned nsrc, struct pdb_dap_records *out,
                   char *msg, size_t msgsize)
{
  if (msg != NULL && msgsize > 0)
    msg[0] = '\0';
  if (out == NULL)
    return say_status(msg, msgsize, PDB_FAILED, "pdb_dap_gather: no place for the records");
  memset(out, 0, sizeof *out);
  if (src == NULL || nsrc == 0)
    return say_status(msg, msgsize, PDB_FAILED, "pdb_dap_gather: no process to read");
  struct build b;
  memset(&b, 0, sizeof b);
  b.src = src;
  b.nsrc = nsrc;
  b.r = out;
  /* A source that fails is told (the first one), the others read. */
  char first_err[512] = "";
  unsigned tried = 0, failed = 0;
  for (unsigned i = 0; i < nsrc && !b.oom; i++) {
    char err[512] = "";
    if (src[i].dap != NULL) {
      tried++;
      if (gather_registered(&b, i, err, sizeof err) != 0) {
        failed++;
        if (first_err[0] == '\0')
          snprintf(first_err, sizeof first_err, "%s", err);
      }
    }
    if (src[i].caf != NULL) {
      tried++;
      if (gather_coarrays(&b, i, err, sizeof err) != 0) {
        failed++;
        if (first_err[0] == '\0')
          snprintf(first_err, sizeof first_err, "%s", err);
      }
    }
  }
  for (unsigned i = 0; i < out->narrays && !b.oom; i++)
    finish(&b, &out->arrays[i], &b.slots[i]);
  for (unsigned i = 0; i < out->narrays; i++)
    free(b.slots[i].seq);
  free(b.slots);
  free(b.by_key);
  if (b.oom) {
    pdb_dap_records_free(out);
    return say_status(msg, msgsize, PDB_FAILED, "out of memory");
  }
  if (tried > 0 && failed == tried) {
    pdb_dap_records_free(out);
    return say_status(msg, msgsize, PDB_FAILED, "%s", first_err);
  }
  /* Some sources read: the records hold what they gave, msg what did
     not. */
  if (failed > 0)
    say_status(msg, msgsize, PDB_OK, "%s%s", first_err, failed > 1 ? " (and more sources failed)" : "");
  return PDB_OK;
}

/* --- Names --------------------------------------------------------------- */

/* Whether array a answers to name: exactly, or (nocase) a coarray's name
   in any case (Fortran names have none). */
static int named(const struct pdb_distarray *a, const char *name, int nocase)
{
  if (a->name == NULL)
    return 0;
  return nocase ? strcmp(a->origin, "coarray") == 0 && strcasecmp(a->name, name) == 0
                : strcmp(a->name, name) == 0;
}

/* How many arrays answer to name, exactly or else (*nocase set) in any
   case; *kth the k-th of them (1-based, k 0: none asked). */
static unsigned count_named(const struct pdb_dap_records *r, const char *name, unsigned k,
                            int *nocase, const struct pdb_distarray **kth)
{
  *kth = NULL;
  for (*nocase = 0; *nocase < 2; (*nocase)++) {
    unsigned n = 0;
    for (unsigned i = 0; i < r->narrays; i++)
      if (named(&r->arrays[i], name, *nocase) && ++n == k)
        *kth = &r->arrays[i];
    if (n > 0)
      return n;
  }
  *nocase = 0;
  return 0;
}

const struct pdb_distarray *pdb_dap_lookup(const struct pdb_dap_records *r, const char *name,
                                           char *msg, size_t msgsize)
{
  if (msg != NULL && msgsize > 0)
    msg[0] = '\0';
  if (r == NULL || name == NULL) {
    say_status(msg, msgsize, PDB_FAILED, "no array name");
    return NULL;
  }
  const struct pdb_distarray *a = NULL, *picked = NULL;
  int nocase, nocase_k;
  unsigned n = count_named(r, name, 1, &nocase, &a);
  const char *base = name;
  char *made = NULL;
  unsigned k = 0, nk = 0;
  /* NAME#K: the K-th of the arrays called NAME */
  const char *hash = strrchr(name, '#');
  if (hash != NULL && hash > name && hash[1] >= '1' && hash[1] <= '9' &&
      strspn(hash + 1, "0123456789") == strlen(hash + 1) && strlen(hash + 1) <= 6 &&
      (made = strndup(name, (size_t)(hash - name))) != NULL) {
    k = (unsigned)strtoul(hash + 1, NULL, 10);
    nk = count_named(r, made, k, &nocase_k, &picked);
  }
  char *typed = pdb_printable(name);
  const char *ty = typed != NULL ? typed : "?";
  if (n > 0 && nk >= k && k > 0 && picked != a) {
    /* an array whose own name reads as NAME#K, and the K-th called NAME */
    say_status(msg, msgsize, PDB_FAILED, "'%s' is an array's own name (say %s#1 for it) and also "
               "one of the arrays called by the name before '#'", ty, ty);
    free(typed);
    free(made);
    return NULL;
  }
  if (n == 0 && made != NULL) {
    base = made;
    n = nk;
    a = picked;
    nocase = nocase_k;
  } else {
    k = 0;
  }
  (void)nocase;
  char *shown = pdb_printable(base);
  const char *sh = shown != NULL ? shown : "?";
  if (n == 0) {
    say_status(msg, msgsize, PDB_FAILED, "no distributed array '%s'", ty);
    a = NULL;
  } else if (k > n) {
    say_status(msg, msgsize, PDB_FAILED, "there %s %u distributed arr%s named '%s', not %u", n == 1 ? "is" : "are",
               n, n == 1 ? "ay" : "ays", sh, k);
    a = NULL;
  } else if (k == 0 && n > 1) {
    say_status(msg, msgsize, PDB_FAILED, "%u distributed arrays are named '%s': name one as %s#1 to %s#%u "
               "(in the order the list shows them)", n, sh, sh, sh, n);
    a = NULL;
  }
  free(typed);
  free(shown);
  free(made);
  return a;
}

const struct pdb_distarray *pdb_dap_find(const struct pdb_dap_records *r, const char *name)
{
  return pdb_dap_lookup(r, name, NULL, 0);
}

unsigned pdb_dap_occurrence(const struct pdb_dap_records *r, unsigned i, unsigned *count)
{
  unsigned k = 0, n = 0;
  if (r != NULL && i < r->narrays && r->arrays[i].name != NULL) {
    for (unsigned j = 0; j < r->narrays; j++)
      if (named(&r->arrays[j], r->arrays[i].name, 0)) {
        n++;
        if (j == i)
          k = n;
      }
  }
  if (count != NULL)
    *count = n;
  return k;
}

