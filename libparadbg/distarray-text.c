/* The short texts both hosts print for a distributed array: its shape,
   the indices a rank owns, its dimension dictionaries in short. */
#include "config.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paradbg/paradbg.h"

#include "distarray-private.h"

/* --- Text ---------------------------------------------------------------- */

/* A bounded text: what does not fit is cut, and the text then ends in
   "...". */
struct text {
  char *buf;
  size_t size, len;
  int cut;
};

static void text_add(struct text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void text_add(struct text *t, const char *fmt, ...)
{
  if (t->cut || t->size == 0)
    return;
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(t->buf + t->len, t->size - t->len, fmt, ap);
  va_end(ap);
  if (n < 0 || (size_t)n >= t->size - t->len) {
    t->cut = 1;
    t->len = t->size - 1;
  } else {
    t->len += (size_t)n;
  }
}

static size_t text_end(struct text *t)
{
  if (t->size == 0)
    return 0;
  if (t->cut && t->size >= 4)
    memcpy(t->buf + t->size - 4, "...", 4);
  t->buf[t->len] = '\0';
  return t->len;
}

static struct text text_start(char *buf, size_t size)
{
  struct text t = { buf, buf != NULL ? size : 0, 0, 0 };
  if (t.size > 0)
    buf[0] = '\0';
  return t;
}

size_t pdb_dap_shape_text(const struct pdb_distarray *a, char *buf, size_t size)
{
  struct text t = text_start(buf, size);
  if (a == NULL || a->ndim < 0 || a->ndim > PARADBG_DAP_MAX_DIMS)
    text_add(&t, "?");
  else if (a->ndim == 0)
    text_add(&t, "scalar");
  for (int d = 0; a != NULL && d < a->ndim && d < PARADBG_DAP_MAX_DIMS; d++)
    text_add(&t, d ? "x%" PRId64 : "%" PRId64, a->shape[d]);
  return text_end(&t);
}

/* Runs of indices, as first and last: the first PDB_DAP_TEXT_RUNS - 1 of
   them and the last one seen, with how many runs and indices there are. */
struct runs {
  int64_t first[PDB_DAP_TEXT_RUNS], last[PDB_DAP_TEXT_RUNS];
  uint64_t count, total;
};

static void runs_add(struct runs *r, int64_t first, int64_t last)
{
  unsigned k = r->count < PDB_DAP_TEXT_RUNS ? (unsigned)r->count : PDB_DAP_TEXT_RUNS - 1;
  r->first[k] = first;
  r->last[k] = last;
  r->count++;
  r->total += (uint64_t)last - (uint64_t)first + 1;
}

/* "0-4", "0-1,6-7,...,30-31 (12)" (12 indices), "-" for none. */
static void runs_text(struct text *t, const struct runs *r)
{
  if (r->count == 0) {
    text_add(t, "-");
    return;
  }
  unsigned shown = r->count < PDB_DAP_TEXT_RUNS ? (unsigned)r->count : PDB_DAP_TEXT_RUNS;
  for (unsigned k = 0; k < shown; k++) {
    if (k > 0)
      text_add(t, r->count > PDB_DAP_TEXT_RUNS && k == shown - 1 ? ",...," : ",");
    if (r->first[k] == r->last[k])
      text_add(t, "%" PRId64, r->first[k]);
    else
      text_add(t, "%" PRId64 "-%" PRId64, r->first[k], r->last[k]);
  }
  if (r->count > PDB_DAP_TEXT_RUNS)
    text_add(t, " (%" PRIu64 ")", r->total);
}

static int by_value(const void *x, const void *y)
{
  int64_t a = *(const int64_t *)x, b = *(const int64_t *)y;
  return a < b ? -1 : a > b;
}

/* The blocks of a 'c' dimension from its start, block_size indices every
   proc_grid_size blocks: arithmetic, whatever the size. */
static int cyclic_runs(const struct paradbg_dap_dim *d, struct runs *r)
{
  int64_t bs = d->block_size > 0 ? d->block_size : 1, P = d->proc_grid_size > 0 ? d->proc_grid_size : 1;
  if (bs > INT64_MAX / P)
    return -1;
  int64_t step = bs * P;
  if (d->start < 0 || d->start >= d->size)
    return 0;
  if (step == bs) {             /* one process: every index from start */
    runs_add(r, d->start, d->size - 1);
    return 0;
  }
  int64_t nblocks = (d->size - d->start - 1) / step + 1;
  for (int64_t k = 0; k < nblocks; k++) {
    if (k == PDB_DAP_TEXT_RUNS - 1 && nblocks > PDB_DAP_TEXT_RUNS) {
      /* the runs between are counted, not walked; the last one shown */
      int64_t first = d->start + (nblocks - 1) * step;
      int64_t last = first > d->size - bs ? d->size - 1 : first + bs - 1;
      r->count = (uint64_t)nblocks - 1;
      r->total = (uint64_t)(nblocks - 1) * (uint64_t)bs;
      runs_add(r, first, last);
      break;
    }
    int64_t first = d->start + k * step;
    runs_add(r, first, first > d->size - bs ? d->size - 1 : first + bs - 1);
  }
  return 0;
}

/* For a 'u' dimension that is not one_to_one, an index several pieces
   hold is owned by the lowest grid rank along it (paradbg/dap-rules.h):
   the indices that pieces of a lower grid rank than grank hold, sorted.
   NULL with *n 0 when there are none; -1 in *n when out of memory or
   beyond MAX_BELOW. */
#define MAX_BELOW (1u << 26)   /* indices sorted for all the pieces' texts of one array */
static int64_t *held_below(const struct pdb_distarray *a, int k, int64_t grank, int64_t *n)
{
  uint64_t total = 0;
  *n = 0;
  for (unsigned i = 0; i < a->npieces; i++) {
    const struct paradbg_dap_dim *q = &a->pieces[i].dim[k];
    if (q->proc_grid_rank < grank && q->extent > 0 && q->indices != NULL)
      total += (uint64_t)q->extent;
  }
  if (total == 0)
    return NULL;
  /* Every piece's text may ask this: past a bound the answer is "?",
     not work that grows with pieces x indices. */
  if (total > MAX_BELOW / (a->npieces ? a->npieces : 1)) {
    *n = -1;
    return NULL;
  }
  int64_t *all = total <= SIZE_MAX / sizeof *all ? malloc((size_t)total * sizeof *all) : NULL;
  if (all == NULL) {
    *n = -1;
    return NULL;
  }
  uint64_t at = 0;
  for (unsigned i = 0; i < a->npieces; i++) {
    const struct paradbg_dap_dim *q = &a->pieces[i].dim[k];
    if (q->proc_grid_rank < grank && q->extent > 0 && q->indices != NULL) {
      memcpy(all + at, q->indices, (size_t)q->extent * sizeof *all);
      at += (uint64_t)q->extent;
    }
  }
  qsort(all, (size_t)total, sizeof *all, by_value);
  *n = (int64_t)total;
  return all;
}

/* The distinct indices piece p owns in 'u' dimension k, as runs: in
   place when they are in order, as most are, else from a sorted copy. */
static int unstructured_runs(const struct pdb_distarray *a, const struct pdb_dap_piece *p, int k,
                             struct runs *r)
{
  const struct paradbg_dap_dim *d = &p->dim[k];
  int64_t n = d->extent;
  if (n <= 0)
    return 0;
  if (d->indices == NULL)
    return -1;
  int64_t nbelow = 0;
  int64_t *below = d->one_to_one ? NULL : held_below(a, k, d->proc_grid_rank, &nbelow);
  if (nbelow < 0)
    return -1;
  const int64_t *ix = d->indices;
  int64_t *copy = NULL;
  for (int64_t i = 1; i < n; i++)
    if (ix[i] < ix[i - 1]) {
      if ((uint64_t)n > SIZE_MAX / sizeof *copy || (copy = malloc((size_t)n * sizeof *copy)) == NULL) {
        free(below);
        return -1;
      }
      memcpy(copy, d->indices, (size_t)n * sizeof *copy);
      qsort(copy, (size_t)n, sizeof *copy, by_value);
      ix = copy;
      break;
    }
  int have = 0;
  int64_t first = 0, last = 0;
  for (int64_t i = 0; i < n; i++) {
    if (have && ix[i] == last)
      continue;
    if (below != NULL && bsearch(&ix[i], below, (size_t)nbelow, sizeof *below, by_value) != NULL)
      continue;
    if (have && last < INT64_MAX && ix[i] == last + 1) {
      last = ix[i];
      continue;
    }
    if (have)
      runs_add(r, first, last);
    first = last = ix[i];
    have = 1;
  }
  if (have)
    runs_add(r, first, last);
  free(copy);
  free(below);
  return 0;
}

/* How many dimensions a piece's text describes: 0, with "?" written,
   when a or p is missing or ndim is out of range, and with "-" for a
   0-dimensional array. */
static int piece_dims(const struct pdb_distarray *a, const struct pdb_dap_piece *p, struct text *t)
{
  int ndim = a != NULL && a->ndim > 0 && a->ndim <= PARADBG_DAP_MAX_DIMS ? a->ndim : 0;
  if (p == NULL || ndim == 0) {
    text_add(t, a == NULL || p == NULL || a->ndim != 0 ? "?" : "-");
    return 0;
  }
  return ndim;
}

size_t pdb_dap_owned_text(const struct pdb_distarray *a, const struct pdb_dap_piece *p, char *buf,
                          size_t size)
{
  struct text t = text_start(buf, size);
  int ndim = piece_dims(a, p, &t);
  for (int k = 0; k < ndim; k++) {
    const struct paradbg_dap_dim *d = &p->dim[k];
    struct runs r;
    memset(&r, 0, sizeof r);
    int ok = 0;
    if (k > 0)
      text_add(&t, " x ");
    switch (d->dist_type) {
    case 'b':
      if (p->owned_first[k] >= 0 && p->owned_last[k] >= p->owned_first[k])
        runs_add(&r, p->owned_first[k], p->owned_last[k]);
      break;
    case 'c':
      ok = cyclic_runs(d, &r);
      break;
    case 'u':
      ok = unstructured_runs(a, p, k, &r);
      break;
    default:
      ok = -1;
    }
    if (ok != 0)
      text_add(&t, "?");
    else
      runs_text(&t, &r);
  }
  return text_end(&t);
}

size_t pdb_dap_dims_text(const struct pdb_distarray *a, const struct pdb_dap_piece *p, char *buf,
                         size_t size)
{
  struct text t = text_start(buf, size);
  int ndim = piece_dims(a, p, &t);
  for (int k = 0; k < ndim; k++) {
    const struct paradbg_dap_dim *d = &p->dim[k];
    if (k > 0)
      text_add(&t, " | ");
    switch (d->dist_type) {
    case 'b':
      text_add(&t, "b %" PRId64 ":%" PRId64 "/%" PRId64, d->start, d->stop, d->size);
      break;
    case 'c':
      text_add(&t, "c %" PRId64 "/%" PRId64, d->start, d->size);
      break;
    case 'u':
      text_add(&t, "u %" PRId64 " idx/%" PRId64, d->extent, d->size);
      break;
    default:
      text_add(&t, "\\x%02x %" PRId64, (unsigned char)d->dist_type, d->size);
    }
    text_add(&t, " @%" PRId64 "/%" PRId64, d->proc_grid_rank, d->proc_grid_size);
    if (d->dist_type == 'b' && (d->padding[0] != 0 || d->padding[1] != 0))
      text_add(&t, " pad(%" PRId64 ",%" PRId64 ")", d->padding[0], d->padding[1]);
    if (d->dist_type == 'b' && d->periodic)
      text_add(&t, " periodic");
    if (d->dist_type == 'c' && d->block_size > 1)
      text_add(&t, " bs %" PRId64, d->block_size);
    if (d->dist_type == 'u' && d->one_to_one)
      text_add(&t, " 1:1");
  }
  return text_end(&t);
}
