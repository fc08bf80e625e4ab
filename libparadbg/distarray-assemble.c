/* Who owns what, and the global array: the owner of an index, the owner
   map of a sampled grid, and the assembly of a valid array from the
   pieces' buffers, halos compared with their owners. */
#define _GNU_SOURCE
#include "config.h"

#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paradbg/dap-rules.h"
#include "paradbg/plugins.h"

#include "caf.h"
#include "distarray-private.h"

#define READ_CHUNK (1u << 20)   /* bytes of a buffer per memory read */

/* --- Owners ------------------------------------------------------------- */

/* The piece of rank in a's pieces (sorted by rank), or NULL. */
static const struct pdb_dap_piece *piece_of(const struct pdb_distarray *a, int rank)
{
  unsigned lo = 0, hi = a->npieces;
  while (lo < hi) {
    unsigned mid = lo + (hi - lo) / 2;
    if (a->pieces[mid].rank == rank)
      return &a->pieces[mid];
    if (a->pieces[mid].rank < rank)
      lo = mid + 1;
    else
      hi = mid;
  }
  return NULL;
}

int pdb_dap_owner(const struct pdb_distarray *a, const int64_t *global, int *rank,
                  const struct pdb_dap_piece **piece, int64_t *local)
{
  if (a == NULL || a->problem != NULL || a->npieces == 0 || global == NULL)
    return -1;
  const struct paradbg_dap_dim **dims = malloc(a->npieces * sizeof *dims);
  int *ranks = malloc(a->npieces * sizeof *ranks);
  int64_t loc[PARADBG_DAP_MAX_DIMS];
  int rk = -1, st = -1;
  if (dims != NULL && ranks != NULL) {
    for (unsigned i = 0; i < a->npieces; i++) {
      dims[i] = a->pieces[i].dim;
      ranks[i] = a->pieces[i].rank;
    }
    st = paradbg_dap_owner(dims, ranks, (int)a->npieces, a->ndim, global, &rk, loc);
  }
  free(dims);
  free(ranks);
  const struct pdb_dap_piece *p = st == 0 ? piece_of(a, rk) : NULL;
  if (p == NULL)
    return -1;
  if (rank != NULL)
    *rank = rk;
  if (piece != NULL)
    *piece = p;
  if (local != NULL)
    memcpy(local, loc, (size_t)a->ndim * sizeof *loc);
  return 0;
}

/* The owner coordinate along dimension d of each sampled global index
   (0, step, 2 * step, ... cells of them) into own (-1: none): 'b' and 'c'
   by the rules' arithmetic (paradbg_dap_owner, on the records of that
   dimension alone, one per coordinate); 'u' in one pass over each
   coordinate's indices, as owner_tables does, keeping the lowest
   coordinate that holds an index. */
static int sampled_owners(const struct pdb_distarray *a, int d, int64_t step, int64_t cells, int64_t *own)
{
  int64_t pgs = a->pieces[0].dim[d].proc_grid_size;
  unsigned char *seen = calloc(pgs > 0 && pgs <= a->npieces ? (size_t)pgs : 1, 1);
  const struct paradbg_dap_dim **dims = malloc(a->npieces * sizeof *dims);
  int *coords = malloc(a->npieces * sizeof *coords);
  if (seen == NULL || dims == NULL || coords == NULL || pgs < 1 || pgs > a->npieces) {
    free(seen), free(dims), free(coords);
    return -1;
  }
  /* One record per coordinate along d. */
  int n = 0;
  for (unsigned i = 0; i < a->npieces; i++) {
    const struct paradbg_dap_dim *x = &a->pieces[i].dim[d];
    if (x->proc_grid_rank < 0 || x->proc_grid_rank >= pgs || seen[x->proc_grid_rank])
      continue;
    seen[x->proc_grid_rank] = 1;
    dims[n] = x;
    coords[n++] = (int)x->proc_grid_rank;
  }
  for (int64_t c = 0; c < cells; c++)
    own[c] = -1;
  if (a->pieces[0].dim[d].dist_type == 'u') {
    for (int k = 0; k < n; k++)
      for (int64_t l = 0; dims[k]->indices != NULL && l < dims[k]->extent; l++) {
        int64_t g = dims[k]->indices[l];
        if (g >= 0 && g % step == 0 && g / step < cells && (own[g / step] < 0 || coords[k] < own[g / step]))
          own[g / step] = coords[k];
      }
  } else {
    for (int64_t c = 0; c < cells; c++) {
      int64_t g = c * step, loc;
      int coord;
      if (paradbg_dap_owner(dims, coords, n, 1, &g, &coord, &loc) == 0)
        own[c] = coord;
    }
  }
  free(seen), free(dims), free(coords);
  return 0;
}

int pdb_dap_owner_map(const struct pdb_distarray *a, const int64_t *step, const int64_t *cells,
                      int *owner, size_t nowner)
{
  if (a == NULL || a->problem != NULL || a->npieces == 0 || a->pieces == NULL || a->ndim < 0 ||
      a->ndim > PARADBG_DAP_MAX_DIMS || (a->ndim > 0 && (step == NULL || cells == NULL)) || owner == NULL)
    return -1;
  /* The sample: inside the shape, and no more cells than owner holds. */
  uint64_t total = 1;
  for (int d = 0; d < a->ndim; d++) {
    int64_t last;
    if (step[d] < 1 || cells[d] < 0 ||
        (cells[d] > 0 && (__builtin_mul_overflow(cells[d] - 1, step[d], &last) || last >= a->shape[d])) ||
        (cells[d] > 0 && total > nowner / (uint64_t)cells[d]))
      return -1;
    total *= (uint64_t)cells[d];
  }
  if (total > nowner)
    return -1;
  int64_t *own[PARADBG_DAP_MAX_DIMS] = { NULL };
  int64_t cstride[PARADBG_DAP_MAX_DIMS], cs = 1;
  int st = 0;
  for (int d = a->ndim - 1; d >= 0 && st == 0; d--) {
    cstride[d] = cs;
    own[d] = malloc((cells[d] > 0 ? (size_t)cells[d] : 1) * sizeof *own[d]);
    if (own[d] == NULL || __builtin_mul_overflow(cs, a->pieces[0].dim[d].proc_grid_size, &cs) ||
        sampled_owners(a, d, step[d], cells[d], own[d]) != 0)
      st = -1;
  }
  /* Each sampled element: its rank from its coordinates, if a piece has it. */
  int64_t at[PARADBG_DAP_MAX_DIMS] = { 0 };
  for (uint64_t i = 0; st == 0 && i < total; i++) {
    int64_t r = 0;
    for (int d = 0; d < a->ndim && r >= 0; d++)
      r = own[d][at[d]] < 0 ? -1 : r + own[d][at[d]] * cstride[d];
    owner[i] = r >= 0 && r <= INT_MAX && piece_of(a, (int)r) != NULL ? (int)r : -1;
    for (int d = a->ndim - 1; d >= 0; d--) {
      if (++at[d] < cells[d])
        break;
      at[d] = 0;
    }
  }
  for (int d = 0; d < a->ndim; d++)
    free(own[d]);
  return st;
}

/* --- Assembling --------------------------------------------------------- */

struct assembly {
  const struct pdb_dap_source *src;
  unsigned nsrc;
  const struct pdb_distarray *a;
  unsigned char *out;
  int ndim;
  uint64_t es;
  int64_t gstride[PARADBG_DAP_MAX_DIMS];   /* of a global index, in elements */
  int64_t cstride[PARADBG_DAP_MAX_DIMS];   /* of a grid coordinate, in ranks */
  int32_t *owner[PARADBG_DAP_MAX_DIMS];    /* by global index: the coordinate that owns it, -1 none */
  unsigned char *done;                     /* by piece: read whole in the first pass */
  unsigned char *buf;                      /* one chunk */
  struct pdb_dap_assembly *rep;
  uint64_t unchecked;                      /* halo elements whose owner could not be read */
  char fail[256];                          /* the first piece that could not be read, in words */
  int oom;
};

/* Each dimension's owner of every global index, from each coordinate's
   own local-to-global mapping (the rules'): the lowest coordinate holding
   it where several do (a 'u' dimension that is not one_to_one), which
   is the lowest rank holding the element. */
static int owner_tables(struct assembly *x)
{
  const struct pdb_distarray *a = x->a;
  for (int d = 0; d < x->ndim; d++) {
    int64_t size = a->shape[d];
    /* pdb_dap_bytes bounds the whole, so each dimension; kept here too */
    if (size < 1 || (uint64_t)size > PDB_DAP_MAX_ASSEMBLED)
      return -1;
    x->owner[d] = malloc((size_t)size * sizeof *x->owner[d]);
    int64_t pgs = a->pieces[0].dim[d].proc_grid_size;
    unsigned char *seen = calloc(pgs > 0 ? (size_t)pgs : 1, 1);
    if (x->owner[d] == NULL || seen == NULL) {
      free(seen);
      return -1;
    }
    for (int64_t g = 0; g < size; g++)
      x->owner[d][g] = -1;
    for (unsigned i = 0; i < a->npieces; i++) {
      const struct paradbg_dap_dim *dim = &a->pieces[i].dim[d];
      int64_t c = dim->proc_grid_rank;
      /* A valid record's extent is within its size (the rules). */
      if (c < 0 || c >= pgs || seen[c] || dim->extent > size)
        continue;
      seen[c] = 1;
      for (int64_t l = 0; l < dim->extent; l++) {
        int own = 0;
        int64_t g = paradbg_dap_global_of(dim, l, &own);
        if (g >= 0 && g < size && own && (x->owner[d][g] < 0 || c < x->owner[d][g]))
          x->owner[d][g] = (int32_t)c;
      }
    }
    free(seen);
  }
  return 0;
}

static void note_add(char **note, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void note_add(char **note, const char *fmt, ...)
{
  char *part = NULL, *joined = NULL;
  va_list ap;
  va_start(ap, fmt);
  int n = vasprintf(&part, fmt, ap);
  va_end(ap);
  if (n < 0)
    return;
  if (*note == NULL) {
    *note = part;
    return;
  }
  if (asprintf(&joined, "%s; %s", *note, part) >= 0) {
    free(*note);
    *note = joined;
  }
  free(part);
}

/* Where piece p is read: the callbacks and context of the session of its
   readable source that read it; 0, or -1 where no source can. */
static int reader(const struct assembly *x, const struct pdb_dap_piece *p, const struct pdb_host **host,
                  ompd_address_space_context_t **context)
{
  if (p->readable == 0 || p->readable_source >= x->nsrc)
    return -1;
  const struct pdb_dap_source *s = &x->src[p->readable_source];
  if (strcmp(x->a->origin, "coarray") == 0 && s->caf != NULL) {
    *host = s->caf->host;
    *context = s->caf->context;
    return 0;
  }
  if (strcmp(x->a->origin, "coarray") != 0 && s->dap != NULL) {
    *host = s->dap->host;
    *context = s->dap->context;
    return 0;
  }
  return -1;
}

/* Reads piece k chunk by chunk.  Pass 0 writes the elements it owns into
   out; pass 1 compares its halos with their owners' values (written in
   pass 0). */
static void pass(struct assembly *x, unsigned k, int second)
{
  const struct pdb_distarray *a = x->a;
  const struct pdb_dap_piece *p = &a->pieces[k];
  const struct pdb_host *host = NULL;
  ompd_address_space_context_t *context = NULL;
  if (reader(x, p, &host, &context) != 0)
    return;
  /* The local-to-global mapping of each dimension, and whether this
     piece owns each local index. */
  int64_t *glob[PARADBG_DAP_MAX_DIMS] = { NULL };
  unsigned char *here[PARADBG_DAP_MAX_DIMS] = { NULL };
  uint64_t nlocal = 1;
  int halos = 0;
  for (int d = 0; d < x->ndim; d++) {
    const struct paradbg_dap_dim *dim = &p->dim[d];
    int64_t e = dim->extent > 0 ? dim->extent : 0;
    /* Each extent within the size, the buffer within the bound: a valid
       record's are (the rules), a record that is not is not read. */
    if (e > a->shape[d] || (e > 0 && nlocal > PDB_DAP_MAX_ASSEMBLED / x->es / (uint64_t)e))
      goto done;
    nlocal *= (uint64_t)e;
    glob[d] = malloc((e > 0 ? (size_t)e : 1) * sizeof *glob[d]);
    here[d] = malloc(e > 0 ? (size_t)e : 1);
    if (glob[d] == NULL || here[d] == NULL) {
      x->oom = 1;
      goto done;
    }
    for (int64_t l = 0; l < e; l++) {
      int own = 0;
      int64_t g = paradbg_dap_global_of(dim, l, &own);
      glob[d][l] = g >= 0 && g < a->shape[d] ? g : -1;
      here[d][l] = glob[d][l] >= 0 && x->owner[d][glob[d][l]] == dim->proc_grid_rank;
      halos |= !here[d][l];
    }
  }
  if (second && (!halos || !x->done[k]))
    goto done;
  int64_t li[PARADBG_DAP_MAX_DIMS] = { 0 };
  uint64_t per = READ_CHUNK / x->es ? READ_CHUNK / x->es : 1;
  for (uint64_t e0 = 0; e0 < nlocal;) {
    uint64_t n = nlocal - e0 < per ? nlocal - e0 : per;
    ompd_address_t at = { OMPD_SEGMENT_UNSPECIFIED, p->readable + e0 * x->es };
    if (host->ompd->read_memory(context, NULL, &at, n * x->es, x->buf) != ompd_rc_ok) {
      if (x->fail[0] == '\0')
        snprintf(x->fail, sizeof x->fail, "rank %d could not be read at 0x%" PRIx64 " (in %s)", p->rank,
                 at.address, x->src[p->readable_source].label != NULL ? x->src[p->readable_source].label
                                                                       : "this process");
      goto done;
    }
    for (uint64_t j = 0; j < n; j++) {
      const unsigned char *v = x->buf + j * x->es;
      int mine = 1, inside = 1;
      int64_t off = 0, orank = 0;
      for (int d = 0; d < x->ndim; d++) {
        int64_t g = glob[d][li[d]];
        if (g < 0) {
          inside = 0;
          break;
        }
        mine &= here[d][li[d]];
        off += g * x->gstride[d];
        orank += (int64_t)x->owner[d][g] * x->cstride[d];
      }
      if (inside && !second && mine) {
        memcpy(x->out + (uint64_t)off * x->es, v, x->es);
        x->rep->elements++;
      } else if (inside && second && !mine) {
        const struct pdb_dap_piece *o = piece_of(a, (int)orank);
        if (o == NULL || !x->done[o - a->pieces]) {
          x->unchecked++;
        } else {
          x->rep->halo_checked++;
          if (memcmp(x->out + (uint64_t)off * x->es, v, x->es) != 0) {
            if (x->rep->halo_mismatches++ == 0) {
              for (int d = 0; d < x->ndim; d++)
                x->rep->first_mismatch[d] = glob[d][li[d]];
              x->rep->mismatch_rank = p->rank;
              x->rep->mismatch_owner = (int)orank;
            }
          }
        }
      }
      /* The next local index, C order. */
      for (int d = x->ndim - 1; d >= 0; d--) {
        if (++li[d] < p->dim[d].extent)
          break;
        li[d] = 0;
      }
    }
    e0 += n;
  }
  if (!second)
    x->done[k] = 1;
done:
  for (int d = 0; d < x->ndim; d++) {
    free(glob[d]);
    free(here[d]);
  }
}

uint64_t pdb_dap_max_assembled(void)
{
  return PDB_DAP_MAX_ASSEMBLED;
}

int pdb_dap_bytes(const struct pdb_distarray *a, uint64_t *bytes, char *msg, size_t msgsize)
{
  if (bytes != NULL)
    *bytes = 0;
  if (a == NULL || bytes == NULL)
    return say_status(msg, msgsize, PDB_FAILED, "pdb_dap_bytes: no array or no place for the answer");
  if (a->problem != NULL)
    return say_status(msg, msgsize, PDB_FAILED, "'%s' cannot be assembled: %s", a->name, a->problem);
  if (a->ndim < 0 || a->ndim > PARADBG_DAP_MAX_DIMS || a->elem_size == 0 || a->npieces == 0 ||
      a->pieces == NULL)
    return say_status(msg, msgsize, PDB_FAILED, "'%s' cannot be assembled: it has no valid records",
                      a->name);
  for (int d = 0; d < a->ndim; d++) {
    if (a->shape[d] < 0)
      return say_status(msg, msgsize, PDB_FAILED, "'%s' cannot be assembled: dimension %d has size "
                        "%" PRId64, a->name, d, a->shape[d]);
    if (a->shape[d] == 0)
      return PDB_OK;   /* no element, however long the others */
  }
  /* Each dimension, then the product, within the bound: nothing
     overflows. */
  uint64_t total = a->elem_size;
  for (int d = 0; d < a->ndim && total <= PDB_DAP_MAX_ASSEMBLED; d++) {
    uint64_t n = (uint64_t)a->shape[d];
    total = n > PDB_DAP_MAX_ASSEMBLED || total > PDB_DAP_MAX_ASSEMBLED / n ? UINT64_MAX : total * n;
  }
  if (total > PDB_DAP_MAX_ASSEMBLED)
    return say_status(msg, msgsize, PDB_FAILED, "'%s' is larger whole than paradbg assembles (at most "
                      "%llu MiB)", a->name, (unsigned long long)(PDB_DAP_MAX_ASSEMBLED >> 20));
  *bytes = total;
  return PDB_OK;
}

int pdb_dap_assemble(const struct pdb_dap_source *src, unsigned nsrc, const struct pdb_distarray *a,
                     void *out, size_t outsize, struct pdb_dap_assembly *report, char *msg,
                     size_t msgsize)
{
  if (msg != NULL && msgsize > 0)
    msg[0] = '\0';
  if (report == NULL || a == NULL)
    return say_status(msg, msgsize, PDB_FAILED, "pdb_dap_assemble: no array or no place for the report");
  memset(report, 0, sizeof *report);
  report->mismatch_rank = report->mismatch_owner = -1;
  for (int d = 0; d < PARADBG_DAP_MAX_DIMS; d++)
    report->first_mismatch[d] = -1;
  uint64_t bytes = 0;
  int st = pdb_dap_bytes(a, &bytes, msg, msgsize);
  if (st != PDB_OK)
    return st;
  if ((out == NULL && bytes > 0) || outsize < bytes)
    return say_status(msg, msgsize, PDB_FAILED, "'%s' needs %" PRIu64 " bytes whole; the buffer given "
                      "holds %zu", a->name, bytes, out != NULL ? outsize : 0);
  /* No element: nothing to read (the other dimensions may be as long as
     a record says, so nothing is made per index). */
  if (bytes == 0)
    return PDB_OK;
  uint64_t total = bytes / a->elem_size;
  struct assembly x;
  memset(&x, 0, sizeof x);
  x.src = src;
  x.nsrc = src != NULL ? nsrc : 0;
  x.a = a;
  x.out = out;
  x.ndim = a->ndim;
  x.es = a->elem_size;
  x.rep = report;
  /* Strides of the global index (their product is total) and of the
     grid coordinates (their product the process count, for a valid
     array): checked all the same. */
  int64_t stride = 1, cstride = 1;
  for (int d = a->ndim - 1; d >= 0; d--) {
    x.gstride[d] = stride;
    x.cstride[d] = cstride;
    if (__builtin_mul_overflow(stride, a->shape[d], &stride) ||
        __builtin_mul_overflow(cstride, a->pieces[0].dim[d].proc_grid_size, &cstride) ||
        cstride > INT_MAX)
      return say_status(msg, msgsize, PDB_FAILED, "'%s' cannot be assembled: its shape or process grid "
                        "overflows", a->name);
  }
  memset(out, 0, bytes);
  uint64_t per = READ_CHUNK / x.es ? READ_CHUNK / x.es : 1;
  x.buf = malloc(per * x.es);
  x.done = calloc(a->npieces, 1);
  if (x.buf == NULL || x.done == NULL || owner_tables(&x) != 0) {
    st = say_status(msg, msgsize, PDB_FAILED, "out of memory");
    goto done;
  }
  for (unsigned k = 0; k < a->npieces && !x.oom; k++)
    pass(&x, k, 0);
  for (unsigned k = 0; k < a->npieces && !x.oom; k++)
    pass(&x, k, 1);
  if (x.oom) {
    st = say_status(msg, msgsize, PDB_FAILED, "out of memory");
    goto done;
  }
  report->missing = total - report->elements;
  /* In words: what could not be read, then the halos. */
  int64_t first[MAX_RANGES + 1], last[MAX_RANGES + 1];
  unsigned gaps = 0, unread = 0;
  for (unsigned k = 0; k < a->npieces; k++) {
    const struct pdb_dap_piece *p = &a->pieces[k];
    const struct pdb_host *host;
    ompd_address_space_context_t *context;
    if (reader(&x, p, &host, &context) == 0)
      continue;
    unread++;
    if (gaps > 0 && gaps <= MAX_RANGES && last[gaps - 1] + 1 == p->rank) {
      last[gaps - 1] = p->rank;
      continue;
    }
    if (gaps <= MAX_RANGES)
      first[gaps] = last[gaps] = p->rank;
    gaps++;
  }
  if (unread > 0) {
    char list[256], from[300];
    dap_rank_ranges(list, sizeof list, first, last, gaps <= MAX_RANGES ? gaps : MAX_RANGES + 1);
    if (x.nsrc == 1 && src[0].label != NULL)
      snprintf(from, sizeof from, "from %s", src[0].label);
    else if (x.nsrc > 1)
      snprintf(from, sizeof from, "from the %u processes given", x.nsrc);
    else
      snprintf(from, sizeof from, "here");
    note_add(&report->note, "%s %s not readable %s: give %s too", unread == 1 ? "rank" : "ranks", list,
             from, unread == 1 ? "its core" : "their cores");
  }
  if (x.fail[0] != '\0')
    note_add(&report->note, "%s", x.fail);
  if (report->missing > 0)
    note_add(&report->note, "%" PRIu64 " of %" PRIu64 " elements missing (left zero)", report->missing,
             total);
  if (report->halo_mismatches > 0) {
    char idx[512];
    size_t len = 0;
    idx[0] = '\0';
    for (int d = 0; d < a->ndim && len < sizeof idx; d++) {
      int w = snprintf(idx + len, sizeof idx - len, "%s%" PRId64, d ? ", " : "", report->first_mismatch[d]);
      len += w > 0 ? (size_t)w : 0;
    }
    note_add(&report->note, "%" PRIu64 " of %" PRIu64 " halo elements differ from their owner's value, "
             "the first at (%s) on rank %d (owner rank %d)", report->halo_mismatches, report->halo_checked,
             idx, report->mismatch_rank, report->mismatch_owner);
  } else if (report->halo_checked > 0) {
    note_add(&report->note, "%" PRIu64 " halo element%s agree%s with %s owner's value",
             report->halo_checked, report->halo_checked == 1 ? "" : "s", report->halo_checked == 1 ? "s" : "",
             report->halo_checked == 1 ? "its" : "their");
  }
  if (x.unchecked > 0)
    note_add(&report->note, "%" PRIu64 " halo element%s not compared (%s owner%s could not be read)",
             x.unchecked, x.unchecked == 1 ? "" : "s", x.unchecked == 1 ? "its" : "their",
             x.unchecked == 1 ? "" : "s");
done:
  for (int d = 0; d < PARADBG_DAP_MAX_DIMS; d++)
    free(x.owner[d]);
  free(x.buf);
  free(x.done);
  if (st != PDB_OK)
    pdb_dap_assembly_free(report);
  return st;
}

void pdb_dap_assembly_free(struct pdb_dap_assembly *report)
{
  if (report == NULL)
    return;
  free(report->note);
  report->note = NULL;
}

