/* Moving array elements between two element sets, with conversion. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "transfer.h"

static bool vector_values(ptrdiff_t *out, const caf_vector_t *v, gfc_index_t lb, ptrdiff_t step)
{
  for (size_t i = 0; i < v->nvec; i++) {
    long long x;
    switch (v->u.v.kind) {
    case 1: x = ((const signed char *)v->u.v.vector)[i]; break;
    case 2: x = ((const short *)v->u.v.vector)[i]; break;
    case 4: x = ((const int *)v->u.v.vector)[i]; break;
    case 8: x = ((const long long *)v->u.v.vector)[i]; break;
    default: return false;
    }
    out[i] = (ptrdiff_t)(x - lb) * step;
  }
  return true;
}

bool parcaf_elems_from_desc(struct parcaf_elems *e, const gfc_desc_t *d, char *base,
                            const caf_vector_t *vec, int kind, char *err, size_t errlen)
{
  memset(e, 0, sizeof *e);
  e->base = base;
  e->rank = d->dtype.rank;
  e->et.type = d->dtype.type;
  e->et.len = d->dtype.elem_len;
  e->et.kind = kind;
  e->count = 1;
  gfc_index_t span = gfc_desc_span(d);
  for (int k = 0; k < e->rank; k++) {
    gfc_index_t n = d->dim[k].ubound - d->dim[k].lbound + 1;
    e->step[k] = d->dim[k].stride * span;
    if (vec && vec[k].nvec == 0) {
      /* With a vector in some dimension, every dimension's section is in
         the vector array; the descriptor then only spans the extents. */
      gfc_index_t lo = vec[k].u.triplet.lower_bound, hi = vec[k].u.triplet.upper_bound;
      gfc_index_t st = vec[k].u.triplet.stride ? vec[k].u.triplet.stride : 1;
      base += (lo - d->dim[k].lbound) * e->step[k];
      e->base = base;
      e->step[k] *= st;
      n = (hi - lo + st) / st;
    } else if (vec && vec[k].nvec > 0) {
      n = (gfc_index_t)vec[k].nvec;
      e->voff[k] = malloc(vec[k].nvec * sizeof(ptrdiff_t));
      if (!e->voff[k] || !vector_values(e->voff[k], &vec[k], d->dim[k].lbound, e->step[k])) {
        snprintf(err, errlen, "vector subscript of kind %d is not supported", vec[k].u.v.kind);
        parcaf_elems_free(e);
        return false;
      }
    }
    e->extent[k] = n > 0 ? (size_t)n : 0;
    e->count *= e->extent[k];
  }
  return true;
}

void parcaf_elems_free(struct parcaf_elems *e)
{
  for (int k = 0; k < GFC_MAX_DIMENSIONS; k++) {
    free(e->voff[k]);
    e->voff[k] = NULL;
  }
}

bool parcaf_elems_contiguous(const struct parcaf_elems *e)
{
  ptrdiff_t want = (ptrdiff_t)e->et.len;
  for (int k = 0; k < e->rank; k++) {
    if (e->voff[k] || (e->extent[k] > 1 && e->step[k] != want))
      return false;
    want *= (ptrdiff_t)e->extent[k];
  }
  return true;
}

ptrdiff_t parcaf_elems_offset(const struct parcaf_elems *e, size_t i)
{
  ptrdiff_t off = 0;
  for (int k = 0; k < e->rank; k++) {
    size_t j = e->extent[k] ? i % e->extent[k] : 0;
    i = e->extent[k] ? i / e->extent[k] : 0;
    off += e->voff[k] ? e->voff[k][j] : (ptrdiff_t)j * e->step[k];
  }
  return off;
}

/* Walks the elements in order without a division per element. */
struct cursor {
  const struct parcaf_elems *e;
  size_t idx[GFC_MAX_DIMENSIONS];
  char *p;
};

static void cursor_start(struct cursor *c, const struct parcaf_elems *e)
{
  memset(c, 0, sizeof *c);
  c->e = e;
  c->p = e->base + parcaf_elems_offset(e, 0);
}

static void cursor_next(struct cursor *c)
{
  const struct parcaf_elems *e = c->e;
  for (int k = 0; k < e->rank; k++) {
    size_t j = c->idx[k];
    ptrdiff_t here = e->voff[k] ? e->voff[k][j] : (ptrdiff_t)j * e->step[k];
    if (j + 1 < e->extent[k]) {
      c->idx[k] = j + 1;
      c->p += (e->voff[k] ? e->voff[k][j + 1] : (ptrdiff_t)(j + 1) * e->step[k]) - here;
      return;
    }
    c->idx[k] = 0;
    c->p -= here - (e->voff[k] ? e->voff[k][0] : 0);
  }
}

static inline void copy_elem(void *d, const void *s, size_t n)
{
  switch (n) {
  case 4: memcpy(d, s, 4); break;
  case 8: memcpy(d, s, 8); break;
  default: memmove(d, s, n);
  }
}

int parcaf_transfer(struct parcaf_elems *dst, const struct parcaf_elems *src, bool may_overlap,
                    char *err, size_t errlen)
{
  bool broadcast = src->count == 1 && dst->count != 1;
  if (!broadcast && src->count != dst->count) {
    snprintf(err, errlen, "the two sides have %zu and %zu elements", dst->count, src->count);
    return -1;
  }
  if (dst->count == 0)
    return 0;
  bool conv = parcaf_needs_convert(&dst->et, &src->et);
  if (!conv && !broadcast && parcaf_elems_contiguous(dst) && parcaf_elems_contiguous(src)) {
    memmove(dst->base, src->base, dst->count * dst->et.len);
    return 0;
  }
  if (!conv && src->et.len != dst->et.len) {
    snprintf(err, errlen, "elements of %zu and %zu bytes cannot be assigned", dst->et.len, src->et.len);
    return -1;
  }
  /* An overlapping source is gathered first, so no element is read after
     it has been written. */
  struct parcaf_elems tmp;
  char *buf = NULL;
  if (may_overlap && !broadcast) {
    buf = malloc(src->count * src->et.len + 1);
    if (!buf) {
      snprintf(err, errlen, "no memory for a temporary of %zu bytes", src->count * src->et.len);
      return -1;
    }
    struct cursor s;
    cursor_start(&s, src);
    for (size_t i = 0; i < src->count; i++, cursor_next(&s))
      copy_elem(buf + i * src->et.len, s.p, src->et.len);
    memset(&tmp, 0, sizeof tmp);
    tmp.base = buf;
    tmp.rank = 1;
    tmp.count = tmp.extent[0] = src->count;
    tmp.step[0] = (ptrdiff_t)src->et.len;
    tmp.et = src->et;
    src = &tmp;
  }
  struct cursor d, s;
  cursor_start(&d, dst);
  cursor_start(&s, src);
  int rc = 0;
  for (size_t i = 0; i < dst->count; i++) {
    if (!conv)
      copy_elem(d.p, s.p, dst->et.len);
    else if (!parcaf_convert(d.p, &dst->et, s.p, &src->et)) {
      snprintf(err, errlen, "cannot assign %s(kind=%d) to %s(kind=%d)", parcaf_type_name(src->et.type),
               src->et.kind, parcaf_type_name(dst->et.type), dst->et.kind);
      rc = -1;
      break;
    }
    cursor_next(&d);
    if (!broadcast)
      cursor_next(&s);
  }
  free(buf);
  return rc;
}
