/* The Distributed Array Protocol's rules (paradbg/dap-rules.h): compiled
   into libparcaf, which checks a registration, and into libparadbg, which
   checks what it read from a target.  Every value may be hostile (read
   from a corrupt core): ranges are checked before any arithmetic, every
   product and sum that could overflow is checked, and every loop is
   bounded by a count the caller vouches for (ndim, n, a 'u' dimension's
   extent).  Scratch memory (to sort ranks or indices) comes from malloc;
   when there is none the check fails with a reason, it never guesses. */
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paradbg/dap-rules.h"

/* ---- small helpers ---- */

static void say(char *why, size_t whysize, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static void say(char *why, size_t whysize, const char *fmt, ...)
{
  if (!why || whysize == 0)
    return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(why, whysize, fmt, ap);
  va_end(ap);
}

static int fail(char *why, size_t whysize, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static int fail(char *why, size_t whysize, const char *fmt, ...)
{
  if (why && whysize > 0) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, whysize, fmt, ap);
    va_end(ap);
  }
  return -1;
}

#define LL(x) ((long long)(x))

static int64_t block_of(const struct paradbg_dap_dim *d)
{
  return d->block_size == 0 ? 1 : d->block_size;
}

/* In-place heapsort: no recursion, no allocation, n log n however hostile
   the values. */
static void sift(int64_t *a, size_t root, size_t n)
{
  for (;;) {
    size_t child = 2 * root + 1;
    if (child >= n)
      return;
    if (child + 1 < n && a[child + 1] > a[child])
      child++;
    if (a[root] >= a[child])
      return;
    int64_t t = a[root];
    a[root] = a[child];
    a[child] = t;
    root = child;
  }
}

static void sort64(int64_t *a, size_t n)
{
  if (n < 2)
    return;
  for (size_t i = n / 2; i-- > 0;)
    sift(a, i, n);
  for (size_t end = n - 1; end > 0; end--) {
    int64_t t = a[0];
    a[0] = a[end];
    a[end] = t;
    sift(a, 0, end);
  }
}

/* ---- one dimension ---- */

/* Owned blocks of a cyclic dimension: the indices g in [0, size) with
   (g / bs) % P == r.  Full blocks k < size / bs with k % P == r, plus the
   partial last block if round-robin gives it to r.  No product here
   exceeds size. */
static int64_t cyclic_count(int64_t size, int64_t P, int64_t r, int64_t bs)
{
  int64_t nfull = size / bs, rem = size % bs;
  int64_t mine = nfull > r ? (nfull - 1 - r) / P + 1 : 0;
  int64_t count = mine * bs;
  if (rem != 0 && nfull % P == r)
    count += rem;
  return count;
}

/* The common keys sane enough for arithmetic. */
static int common_sane(const struct paradbg_dap_dim *d)
{
  return d->size >= 0 && d->proc_grid_size >= 1 && d->proc_grid_rank >= 0 &&
         d->proc_grid_rank < d->proc_grid_size;
}

int64_t paradbg_dap_local_extent(const struct paradbg_dap_dim *d)
{
  if (!d)
    return -1;
  switch (d->dist_type) {
  case 'b':
    if (d->start < 0 || d->stop < d->start)
      return -1;
    return d->stop - d->start;
  case 'c':
    if (!common_sane(d) || d->block_size < 0)
      return -1;
    return cyclic_count(d->size, d->proc_grid_size, d->proc_grid_rank, block_of(d));
  case 'u':
    return d->extent >= 0 ? d->extent : -1;
  default:
    return -1;
  }
}

/* The communication padding of a block dimension: the paddings that are
   not at the ends of the grid. */
static int comm_pads(const struct paradbg_dap_dim *d, int64_t *before, int64_t *after)
{
  if (d->proc_grid_rank < 0 || d->proc_grid_rank >= d->proc_grid_size || d->padding[0] < 0 ||
      d->padding[1] < 0)
    return -1;
  *before = d->proc_grid_rank > 0 ? d->padding[0] : 0;
  *after = d->proc_grid_rank < d->proc_grid_size - 1 ? d->padding[1] : 0;
  return 0;
}

int64_t paradbg_dap_owned(const struct paradbg_dap_dim *d)
{
  int64_t ext = paradbg_dap_local_extent(d), before, after;
  if (ext < 0)
    return -1;
  if (d->dist_type != 'b')
    return ext;
  if (comm_pads(d, &before, &after) != 0 || before > ext || after > ext - before)
    return -1;
  return ext - before - after;
}

int64_t paradbg_dap_global_of(const struct paradbg_dap_dim *d, int64_t l, int *owned)
{
  int64_t ext = paradbg_dap_local_extent(d);
  int mine = 1;
  int64_t g = -1;
  if (ext < 0 || !common_sane(d) || l < 0 || l >= ext) {
    if (owned)
      *owned = 0;
    return -1;
  }
  switch (d->dist_type) {
  case 'b': {
    int64_t before = d->proc_grid_rank > 0 ? d->padding[0] : 0;
    int64_t after = d->proc_grid_rank < d->proc_grid_size - 1 ? d->padding[1] : 0;
    /* Written so that no hostile padding can overflow. */
    mine = before <= l && after <= ext - 1 - l;
    g = d->start + l;     /* start >= 0 and l < stop - start */
    break;
  }
  case 'c': {
    /* l < the round-robin count, so g < size: nothing overflows. */
    int64_t bs = block_of(d);
    g = ((l / bs) * d->proc_grid_size + d->proc_grid_rank) * bs + l % bs;
    break;
  }
  case 'u':
    if (!d->indices) {
      mine = 0;
      break;
    }
    g = d->indices[l];
    break;
  }
  if (owned)
    *owned = g >= 0 ? mine : 0;
  return g;
}

/* ---- typestr ---- */

int64_t paradbg_dap_typestr_size(const char *t)
{
  if (!t)
    return -1;
  size_t len = 0;
  while (len < PARADBG_DAP_TYPESTR_MAX && t[len])
    len++;
  if (len == PARADBG_DAP_TYPESTR_MAX || len < 3)
    return -1;
  if (t[0] != '<' && t[0] != '>' && t[0] != '|' && t[0] != '=')
    return -1;
  char kind = t[1];
  if (kind == 0 || !strchr("iufcbSV", kind))
    return -1;
  if (t[2] < '1' || t[2] > '9')   /* no sign, no leading zero */
    return -1;
  int64_t size = 0;
  for (size_t i = 2; i < len; i++) {
    if (t[i] < '0' || t[i] > '9')
      return -1;
    size = size * 10 + (t[i] - '0');
    if (size > (1 << 20))
      return -1;
  }
  switch (kind) {
  case 'f':
    return size == 2 || size == 4 || size == 8 || size == 16 ? size : -1;
  case 'c':
    return size == 8 || size == 16 || size == 32 ? size : -1;
  case 'i':
  case 'u':
    return size == 1 || size == 2 || size == 4 || size == 8 ? size : -1;
  case 'b':
    return size == 1 ? size : -1;
  default:   /* 'S', 'V': any size */
    return size;
  }
}

/* ---- index sets ---- */

/* Pieces of 'u' indices, each already within [0, size) and unique. */
struct piece {
  const int64_t *idx;
  int64_t n;
  int rank;
};

/* Over the indices of p[0 .. np - 1] (all in [0, size)): the number of
   distinct values, and a value seen twice (-1: none).  0, or -1 without
   memory.  A bitmap when it is no bigger than a sorted copy, else the
   copy sorted. */
static int scan_indices(const struct piece *p, int np, int64_t size, int64_t *distinct,
                        int64_t *dup)
{
  uint64_t total = 0;
  *distinct = 0;
  *dup = -1;
  for (int k = 0; k < np; k++)
    total += (uint64_t)p[k].n;       /* each n is the caller's memory: no overflow */
  if (total == 0)
    return 0;
  /* One piece already increasing: nothing to store. */
  if (np == 1) {
    int64_t i;
    for (i = 1; i < p[0].n && p[0].idx[i - 1] < p[0].idx[i]; i++)
      ;
    if (i == p[0].n) {
      *distinct = p[0].n;
      return 0;
    }
  }
  if ((uint64_t)size / 64 <= total) {
    size_t words = (size_t)((uint64_t)size / 64 + 1);
    uint64_t *bits = calloc(words, sizeof *bits);
    if (!bits)
      return -1;
    for (int k = 0; k < np; k++)
      for (int64_t i = 0; i < p[k].n; i++) {
        uint64_t v = (uint64_t)p[k].idx[i], m = (uint64_t)1 << (v % 64);
        if (bits[v / 64] & m) {
          if (*dup < 0)
            *dup = (int64_t)v;
        } else {
          bits[v / 64] |= m;
          ++*distinct;
        }
      }
    free(bits);
    return 0;
  }
  if (total > SIZE_MAX / sizeof(int64_t))
    return -1;
  int64_t *all = malloc((size_t)total * sizeof *all);
  if (!all)
    return -1;
  size_t at = 0;
  for (int k = 0; k < np; k++)
    for (int64_t i = 0; i < p[k].n; i++)
      all[at++] = p[k].idx[i];
  sort64(all, at);
  for (size_t i = 0; i < at; i++) {
    if (i > 0 && all[i] == all[i - 1]) {
      if (*dup < 0)
        *dup = all[i];
    } else
      ++*distinct;
  }
  free(all);
  return 0;
}

/* The lowest index of [0, size) in none of the pieces (size > distinct
   count, so there is one): a bitmap of at most size bits, where size is
   no more than the indices there are (the caller's test). */
static int64_t first_missing(const struct piece *p, int np, int64_t size)
{
  size_t words = (size_t)((uint64_t)size / 64 + 1);
  uint64_t *bits = calloc(words, sizeof *bits);
  if (!bits)
    return -1;
  for (int k = 0; k < np; k++)
    for (int64_t i = 0; i < p[k].n; i++)
      bits[(uint64_t)p[k].idx[i] / 64] |= (uint64_t)1 << ((uint64_t)p[k].idx[i] % 64);
  int64_t g = 0;
  while (g < size && (bits[g / 64] >> (g % 64) & 1))
    g++;
  free(bits);
  return g < size ? g : -1;
}

static int64_t local_of(const int64_t *idx, int64_t n, int64_t v, int64_t from)
{
  for (int64_t i = from; i < n; i++)
    if (idx[i] == v)
      return i;
  return -1;
}

/* ---- one process ---- */

static int check_dim(const struct paradbg_dap_dim *d, int i, int rank, char *why, size_t ws)
{
  char t = d->dist_type;
  if (t != 'b' && t != 'c' && t != 'u') {
    unsigned char u = (unsigned char)t;
    if (u > 0x20 && u < 0x7f)
      return fail(why, ws, "rank %d, dimension %d: dist_type '%c': not 'b', 'c' or 'u'", rank, i, t);
    return fail(why, ws, "rank %d, dimension %d: dist_type 0x%02x: not 'b', 'c' or 'u'", rank, i, u);
  }
  if (d->size < 0)
    return fail(why, ws, "rank %d, dimension %d: size %lld is negative", rank, i, LL(d->size));
  if (d->proc_grid_size < 1)
    return fail(why, ws, "rank %d, dimension %d: proc_grid_size %lld is below 1", rank, i,
                LL(d->proc_grid_size));
  if (d->proc_grid_rank < 0 || d->proc_grid_rank >= d->proc_grid_size)
    return fail(why, ws, "rank %d, dimension %d: proc_grid_rank %lld outside 0 .. %lld", rank, i,
                LL(d->proc_grid_rank), LL(d->proc_grid_size - 1));
  if (d->extent < 0)
    return fail(why, ws, "rank %d, dimension %d: extent %lld is negative", rank, i, LL(d->extent));
  int64_t P = d->proc_grid_size, r = d->proc_grid_rank;

  if (t == 'b') {
    if (d->start < 0 || d->start > d->size)
      return fail(why, ws, "rank %d, dimension %d: start %lld outside 0 .. size %lld", rank, i,
                  LL(d->start), LL(d->size));
    if (d->stop < d->start || d->stop > d->size)
      return fail(why, ws, "rank %d, dimension %d: stop %lld outside start %lld .. size %lld", rank,
                  i, LL(d->stop), LL(d->start), LL(d->size));
    int64_t ext = d->stop - d->start;
    if (d->padding[0] < 0 || d->padding[1] < 0)
      return fail(why, ws, "rank %d, dimension %d: padding (%lld, %lld) is negative", rank, i,
                  LL(d->padding[0]), LL(d->padding[1]));
    if (d->padding[0] > ext || d->padding[1] > ext - d->padding[0])
      return fail(why, ws, "rank %d, dimension %d: padding (%lld, %lld) is wider than its %lld "
                  "indices (start %lld, stop %lld)", rank, i, LL(d->padding[0]),
                  LL(d->padding[1]), LL(ext), LL(d->start), LL(d->stop));
    if (r == 0 && d->start != 0)
      return fail(why, ws, "rank %d, dimension %d: the first process along it starts at %lld, "
                  "not 0", rank, i, LL(d->start));
    if (r == P - 1 && d->stop != d->size)
      return fail(why, ws, "rank %d, dimension %d: the last process along it stops at %lld, "
                  "not at size %lld", rank, i, LL(d->stop), LL(d->size));
    if (d->extent != ext)
      return fail(why, ws, "rank %d, dimension %d: extent %lld but stop - start is %lld", rank, i,
                  LL(d->extent), LL(ext));
    return 0;
  }

  if (t == 'c') {
    if (d->block_size < 0)
      return fail(why, ws, "rank %d, dimension %d: block_size %lld is negative", rank, i,
                  LL(d->block_size));
    int64_t bs = block_of(d), cycle, first;
    if (d->start < 0 || d->start > d->size)
      return fail(why, ws, "rank %d, dimension %d: start %lld outside 0 .. size %lld", rank, i,
                  LL(d->start), LL(d->size));
    /* An overflowing P * bs is above any start. */
    if (!__builtin_mul_overflow(P, bs, &cycle) && d->start >= cycle)
      return fail(why, ws, "rank %d, dimension %d: start %lld is not below proc_grid_size * "
                  "block_size (%lld * %lld)", rank, i, LL(d->start), LL(P), LL(bs));
    /* r < P, so r * bs overflows only past size: then r owns nothing. */
    if (__builtin_mul_overflow(r, bs, &first) || first >= d->size)
      first = d->size;
    if (d->start != first)
      return fail(why, ws, "rank %d, dimension %d: start %lld but round-robin gives %lld "
                  "(proc_grid_rank %lld, block_size %lld, size %lld)", rank, i, LL(d->start),
                  LL(first), LL(r), LL(bs), LL(d->size));
    int64_t count = cyclic_count(d->size, P, r, bs);
    if (d->extent != count)
      return fail(why, ws, "rank %d, dimension %d: extent %lld but round-robin gives it %lld "
                  "indices", rank, i, LL(d->extent), LL(count));
    return 0;
  }

  /* 'u' */
  if (d->extent > 0 && !d->indices)
    return fail(why, ws, "rank %d, dimension %d: no indices for its extent %lld", rank, i,
                LL(d->extent));
  for (int64_t l = 0; l < d->extent; l++)
    if (d->indices[l] < 0 || d->indices[l] >= d->size)
      return fail(why, ws, "rank %d, dimension %d: index %lld (local %lld) outside 0 .. size %lld",
                  rank, i, LL(d->indices[l]), LL(l), LL(d->size));
  struct piece p = { d->indices, d->extent, rank };
  int64_t distinct, dup;
  if (scan_indices(&p, 1, d->size, &distinct, &dup) != 0)
    return fail(why, ws, "rank %d, dimension %d: out of memory checking its %lld indices", rank,
                i, LL(d->extent));
  if (dup >= 0) {
    int64_t a = local_of(d->indices, d->extent, dup, 0);
    int64_t b = local_of(d->indices, d->extent, dup, a + 1);
    return fail(why, ws, "rank %d, dimension %d: index %lld twice (local %lld and %lld)", rank, i,
                LL(dup), LL(a), LL(b));
  }
  return 0;
}

int paradbg_dap_check_one(const struct paradbg_dap_dim *dim, int ndim, int rank, int nprocs,
                          char *why, size_t whysize)
{
  say(why, whysize, "%s", "");
  if (ndim < 0 || ndim > PARADBG_DAP_MAX_DIMS)
    return fail(why, whysize, "rank %d: %d dimensions, not 0 .. %d", rank, ndim,
                PARADBG_DAP_MAX_DIMS);
  if (nprocs < 1)
    return fail(why, whysize, "rank %d: %d processes", rank, nprocs);
  if (rank < 0 || rank >= nprocs)
    return fail(why, whysize, "rank %d outside 0 .. %d", rank, nprocs - 1);
  if (ndim > 0 && !dim)
    return fail(why, whysize, "rank %d: no dimension records", rank);
  for (int i = 0; i < ndim; i++)
    if (check_dim(&dim[i], i, rank, why, whysize) != 0)
      return -1;
  /* The grid: its product is nprocs (all sizes >= 1, so the product only
     grows: stop at the first step past nprocs). */
  int64_t prod = 1;
  for (int i = 0; i < ndim; i++)
    if (__builtin_mul_overflow(prod, dim[i].proc_grid_size, &prod) || prod > nprocs)
      return fail(why, whysize, "rank %d: the proc_grid_sizes multiply to more than the %d "
                  "processes (dimension %d's is %lld)", rank, nprocs, i,
                  LL(dim[i].proc_grid_size));
  if (prod != nprocs)
    return fail(why, whysize, "rank %d: the proc_grid_sizes multiply to %lld, not the %d "
                "processes", rank, LL(prod), nprocs);
  /* Its coordinates: rank in C order. */
  int64_t rest = rank;
  for (int i = ndim; i-- > 0;) {
    int64_t c = rest % dim[i].proc_grid_size;
    rest /= dim[i].proc_grid_size;
    if (dim[i].proc_grid_rank != c)
      return fail(why, whysize, "rank %d, dimension %d: proc_grid_rank %lld, but rank %d's grid "
                  "coordinate is %lld (C order)", rank, i, LL(dim[i].proc_grid_rank), rank,
                  LL(c));
  }
  return 0;
}

/* ---- several processes ---- */

/* The keys of a dimension that every process shares. */
static int check_shared(const struct paradbg_dap_dim *a, int ra, const struct paradbg_dap_dim *b,
                        int rb, int i, char *why, size_t ws)
{
  if (a->dist_type != b->dist_type)
    return fail(why, ws, "rank %d, dimension %d: dist_type '%c' but rank %d has '%c'", rb, i,
                b->dist_type, ra, a->dist_type);
  if (a->size != b->size)
    return fail(why, ws, "rank %d, dimension %d: size %lld but rank %d has %lld", rb, i,
                LL(b->size), ra, LL(a->size));
  if (a->proc_grid_size != b->proc_grid_size)
    return fail(why, ws, "rank %d, dimension %d: proc_grid_size %lld but rank %d has %lld", rb, i,
                LL(b->proc_grid_size), ra, LL(a->proc_grid_size));
  if (a->dist_type == 'b' && !a->periodic != !b->periodic)
    return fail(why, ws, "rank %d, dimension %d: periodic %d but rank %d has %d", rb, i,
                !!b->periodic, ra, !!a->periodic);
  if (a->dist_type == 'c' && block_of(a) != block_of(b))
    return fail(why, ws, "rank %d, dimension %d: block_size %lld but rank %d has %lld", rb, i,
                LL(block_of(b)), ra, LL(block_of(a)));
  if (a->dist_type == 'u' && !a->one_to_one != !b->one_to_one)
    return fail(why, ws, "rank %d, dimension %d: one_to_one %d but rank %d has %d", rb, i,
                !!b->one_to_one, ra, !!a->one_to_one);
  return 0;
}

/* Two processes at the same coordinate along axis i: the same record but
   for a block dimension's boundary padding (both checked alone, and
   check_shared already passed). */
static int check_same(const struct paradbg_dap_dim *a, int ra, const struct paradbg_dap_dim *b,
                      int rb, int i, char *why, size_t ws)
{
  const char *tail = "the records of one grid coordinate differ";
  if (a->start != b->start && a->dist_type != 'u')
    return fail(why, ws, "rank %d, dimension %d: start %lld but rank %d has %lld: %s", rb, i,
                LL(b->start), ra, LL(a->start), tail);
  if (a->dist_type == 'b') {
    if (a->stop != b->stop)
      return fail(why, ws, "rank %d, dimension %d: stop %lld but rank %d has %lld: %s", rb, i,
                  LL(b->stop), ra, LL(a->stop), tail);
    int64_t r = a->proc_grid_rank, last = a->proc_grid_size - 1;
    if ((r > 0 && a->padding[0] != b->padding[0]) || (r < last && a->padding[1] != b->padding[1]))
      return fail(why, ws, "rank %d, dimension %d: padding (%lld, %lld) but rank %d has "
                  "(%lld, %lld): %s", rb, i, LL(b->padding[0]), LL(b->padding[1]), ra,
                  LL(a->padding[0]), LL(a->padding[1]), tail);
  }
  if (a->extent != b->extent)
    return fail(why, ws, "rank %d, dimension %d: extent %lld but rank %d has %lld: %s", rb, i,
                LL(b->extent), ra, LL(a->extent), tail);
  if (a->dist_type == 'u')
    for (int64_t l = 0; l < a->extent; l++)
      if (a->indices[l] != b->indices[l])
        return fail(why, ws, "rank %d, dimension %d: index %lld at local %lld but rank %d has "
                    "%lld: %s", rb, i, LL(b->indices[l]), LL(l), ra, LL(a->indices[l]), tail);
  return 0;
}

/* Block neighbours a (coordinate c) and b (c + 1) along axis i. */
static int check_neighbours(const struct paradbg_dap_dim *a, int ra, const struct paradbg_dap_dim *b,
                            int rb, int i, char *why, size_t ws)
{
  if (a->padding[1] != b->padding[0])
    return fail(why, ws, "rank %d, dimension %d: padding (%lld, %lld) but rank %d has "
                "(%lld, %lld): the halo widths disagree", ra, i, LL(a->padding[0]),
                LL(a->padding[1]), rb, LL(b->padding[0]), LL(b->padding[1]));
  /* Both are inner sides: communication padding. */
  int64_t a_end = a->stop - a->padding[1], b_begin = b->start + b->padding[0];
  if (a_end < b_begin)
    return fail(why, ws, "rank %d, dimension %d: a gap: it owns up to %lld, rank %d (next along "
                "it) from %lld", ra, i, LL(a_end), rb, LL(b_begin));
  if (a_end > b_begin)
    return fail(why, ws, "rank %d, dimension %d: an overlap: it owns up to %lld, rank %d (next "
                "along it) from %lld", ra, i, LL(a_end), rb, LL(b_begin));
  int64_t a_owned = paradbg_dap_owned(a), b_owned = paradbg_dap_owned(b);
  if (a->padding[1] > b_owned)
    return fail(why, ws, "rank %d, dimension %d: its halo of %lld after it is wider than the "
                "%lld indices rank %d owns", ra, i, LL(a->padding[1]), LL(b_owned), rb);
  if (b->padding[0] > a_owned)
    return fail(why, ws, "rank %d, dimension %d: its halo of %lld before it is wider than the "
                "%lld indices rank %d owns", rb, i, LL(b->padding[0]), LL(a_owned), ra);
  return 0;
}

/* The two lowest-numbered pieces (by position) holding v, for a message. */
static void holders(const struct piece *p, int np, int64_t v, int *r1, int *r2)
{
  *r1 = *r2 = -1;
  for (int k = 0; k < np && *r2 < 0; k++)
    if (local_of(p[k].idx, p[k].n, v, 0) >= 0) {
      if (*r1 < 0)
        *r1 = p[k].rank;
      else
        *r2 = p[k].rank;
    }
}

/* Unstructured axis i: the representatives' indices (one per grid
   coordinate present) disjoint if one_to_one, covering if complete. */
static int check_unstructured(const struct piece *p, int np, const struct paradbg_dap_dim *d, int i,
                              int complete, char *why, size_t ws)
{
  uint64_t total = 0;
  for (int k = 0; k < np; k++)
    total += (uint64_t)p[k].n;
  if (complete && total < (uint64_t)d->size) {
    /* Too few indices to cover: say which is missing when that is cheap. */
    if ((uint64_t)d->size / 8 <= total + 4096) {
      int64_t g = first_missing(p, np, d->size);
      if (g >= 0)
        return fail(why, ws, "dimension %d: index %lld is on no process (the %" PRIu64 " indices "
                    "do not cover size %lld)", i, LL(g), total, LL(d->size));
    }
    return fail(why, ws, "dimension %d: %" PRIu64 " indices cannot cover size %lld", i, total,
                LL(d->size));
  }
  if (!d->one_to_one && !complete)
    return 0;
  int64_t distinct, dup;
  if (scan_indices(p, np, d->size, &distinct, &dup) != 0)
    return fail(why, ws, "dimension %d: out of memory checking its %" PRIu64 " indices", i, total);
  if (d->one_to_one && dup >= 0) {
    int r1, r2;
    holders(p, np, dup, &r1, &r2);
    return fail(why, ws, "ranks %d and %d, dimension %d: both have index %lld, but it is "
                "one_to_one", r1, r2, i, LL(dup));
  }
  if (complete && distinct != d->size) {
    int64_t g = first_missing(p, np, d->size);
    if (g < 0)
      return fail(why, ws, "dimension %d: out of memory checking its coverage", i);
    return fail(why, ws, "dimension %d: index %lld is on no process", i, LL(g));
  }
  return 0;
}

int paradbg_dap_check_set(const struct paradbg_dap_dim *const *dims, const int *ranks, int n,
                          int ndim, int nprocs, int complete, char *why, size_t whysize)
{
  say(why, whysize, "%s", "");
  if (ndim < 0 || ndim > PARADBG_DAP_MAX_DIMS)
    return fail(why, whysize, "%d dimensions, not 0 .. %d", ndim, PARADBG_DAP_MAX_DIMS);
  if (nprocs < 1)
    return fail(why, whysize, "%d processes", nprocs);
  if (n < 0 || n > nprocs)
    return fail(why, whysize, "%d records for %d processes", n, nprocs);
  if (complete && n != nprocs)
    return fail(why, whysize, "the records of %d of the %d processes", n, nprocs);
  if (n == 0)
    return 0;
  if (!dims || !ranks)
    return fail(why, whysize, "no records");
  for (int k = 0; k < n; k++)
    if (paradbg_dap_check_one(dims[k], ndim, ranks[k], nprocs, why, whysize) != 0)
      return -1;

  int rc = -1;
  int64_t *key = malloc((size_t)n * sizeof *key);
  struct piece *p = malloc((size_t)n * sizeof *p);
  if (!key || !p) {
    fail(why, whysize, "out of memory checking the records of %d processes", n);
    goto out;
  }
  /* Each rank once. */
  for (int k = 0; k < n; k++)
    key[k] = ranks[k];
  sort64(key, (size_t)n);
  for (int k = 1; k < n; k++)
    if (key[k] == key[k - 1]) {
      fail(why, whysize, "rank %lld: two records", LL(key[k]));
      goto out;
    }
  for (int i = 0; i < ndim; i++) {
    /* The keys every process shares. */
    for (int k = 1; k < n; k++)
      if (check_shared(&dims[0][i], ranks[0], &dims[k][i], ranks[k], i, why, whysize) != 0)
        goto out;
    /* The records in order of their coordinate along i (then position):
       coordinate * n + position, below nprocs * n < 2^62. */
    for (int k = 0; k < n; k++)
      key[k] = dims[k][i].proc_grid_rank * n + k;
    sort64(key, (size_t)n);
    const struct paradbg_dap_dim *d0 = &dims[0][i];
    int np = 0, prev = -1;
    for (int j = 0; j < n;) {
      int rep = (int)(key[j] % n);
      int64_t c = key[j] / n;
      const struct paradbg_dap_dim *a = &dims[rep][i];
      int e = j + 1;
      for (; e < n && key[e] / n == c; e++) {
        int k = (int)(key[e] % n);
        if (check_same(a, ranks[rep], &dims[k][i], ranks[k], i, why, whysize) != 0)
          goto out;
      }
      if (prev >= 0 && d0->dist_type == 'b' && dims[prev][i].proc_grid_rank == c - 1 &&
          check_neighbours(&dims[prev][i], ranks[prev], a, ranks[rep], i, why, whysize) != 0)
        goto out;
      if (d0->dist_type == 'u') {
        p[np].idx = a->indices;
        p[np].n = a->extent;
        p[np].rank = ranks[rep];
        np++;
      }
      prev = rep;
      j = e;
    }
    if (d0->dist_type == 'u' && check_unstructured(p, np, d0, i, complete, why, whysize) != 0)
      goto out;
  }
  rc = 0;
out:
  free(key);
  free(p);
  return rc;
}

int paradbg_dap_owner(const struct paradbg_dap_dim *const *dims, const int *ranks, int n, int ndim,
                      const int64_t *global, int *rank, int64_t *local)
{
  if (ndim < 0 || ndim > PARADBG_DAP_MAX_DIMS || n < 1 || !dims || !ranks || !rank ||
      (ndim > 0 && (!global || !local)))
    return -1;
  for (int k = 0; k < n; k++)
    if (ndim > 0 && !dims[k])
      return -1;
  int64_t coord[PARADBG_DAP_MAX_DIMS], where[PARADBG_DAP_MAX_DIMS];
  for (int i = 0; i < ndim; i++) {
    const struct paradbg_dap_dim *d0 = &dims[0][i];
    int64_t g = global[i], best = -1, at = -1;
    if (g < 0 || g >= d0->size || d0->proc_grid_size < 1)
      return -1;
    if (d0->dist_type == 'c') {
      if (d0->block_size < 0)
        return -1;
      int64_t bs = block_of(d0), blk = g / bs;
      best = blk % d0->proc_grid_size;
      at = (blk / d0->proc_grid_size) * bs + g % bs;
    } else if (d0->dist_type == 'b') {
      for (int k = 0; k < n; k++) {
        const struct paradbg_dap_dim *d = &dims[k][i];
        int64_t before, after;
        if (d->dist_type != 'b' || comm_pads(d, &before, &after) != 0 || d->start < 0 ||
            d->stop < d->start || before > d->stop - d->start ||
            after > d->stop - d->start - before)
          return -1;
        if (best >= 0 && d->proc_grid_rank >= best)
          continue;
        if (g >= d->start + before && g < d->stop - after) {
          best = d->proc_grid_rank;
          at = g - d->start;
        }
      }
    } else if (d0->dist_type == 'u') {
      for (int k = 0; k < n; k++) {
        const struct paradbg_dap_dim *d = &dims[k][i];
        if (d->dist_type != 'u' || d->extent < 0 || (d->extent > 0 && !d->indices))
          return -1;
        if (best >= 0 && d->proc_grid_rank >= best)
          continue;
        int64_t l = local_of(d->indices, d->extent, g, 0);
        if (l >= 0) {
          best = d->proc_grid_rank;
          at = l;
        }
      }
    } else
      return -1;
    if (best < 0)
      return -1;
    coord[i] = best;
    where[i] = at;
  }
  /* C order; the set was checked, but keep the sum in range anyway. */
  int64_t r = 0;
  for (int i = 0; i < ndim; i++)
    if (__builtin_mul_overflow(r, dims[0][i].proc_grid_size, &r) ||
        __builtin_add_overflow(r, coord[i], &r) || r > INT_MAX)
      return -1;
  *rank = (int)r;
  for (int i = 0; i < ndim; i++)
    local[i] = where[i];
  return 0;
}
