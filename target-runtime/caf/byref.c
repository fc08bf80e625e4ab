/* The _by_ref family: a chain of caf_reference_t applied on another image,
   through components (allocatable ones by their descriptor or pointer in
   that image's memory), descriptor arrays and fixed-size arrays. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "caf.h"
#include "gasp_events.h"
#include "transfer.h"

enum { RESOLVED, UNALLOCATED, BAD };

struct walk {
  char err[200];
  int g;
  bool whole;                         /* ended with a whole array: its bounds */
  gfc_index_t lbound[GFC_MAX_DIMENSIONS];
};

/* A pointer stored in image g's memory, as an address we can use here;
   NULL if it is null or points outside g's coarray heap. */
static char *translate(const struct walk *w, const void *p, size_t n, bool *bad)
{
  *bad = false;
  if (!p)
    return NULL;
  if (!parcaf_is_local_view(p, n)) {
    *bad = true;
    return NULL;
  }
  return parcaf_remote(w->g, p);
}

static bool vec_index(const caf_reference_t *r, int k, size_t i, long long *out)
{
  const void *v = r->u.a.dim[k].v.vector;
  switch (r->u.a.dim[k].v.kind) {
  case 1: *out = ((const signed char *)v)[i]; return true;
  case 2: *out = ((const short *)v)[i]; return true;
  case 4: *out = ((const int *)v)[i]; return true;
  case 8: *out = ((const long long *)v)[i]; return true;
  }
  return false;
}

/* Applies an array reference to descriptor d (elements from base). */
static int array_ref(struct walk *w, const caf_reference_t *r, const gfc_desc_t *d, char *base,
                     struct parcaf_elems *e)
{
  gfc_index_t span = gfc_desc_span(d);
  e->base = base;
  w->whole = true;
  for (int k = 0; k < d->dtype.rank; k++) {
    w->whole = w->whole && r->u.a.mode[k] == CAF_ARR_REF_FULL;
    w->lbound[k] = d->dim[k].lbound;
    gfc_index_t lb = d->dim[k].lbound, ub = d->dim[k].ubound, bstep = d->dim[k].stride * span;
    gfc_index_t first, last, stride = 1;
    switch (r->u.a.mode[k]) {
    case CAF_ARR_REF_FULL: first = lb; last = ub; break;
    case CAF_ARR_REF_RANGE: first = r->u.a.dim[k].s.start; last = r->u.a.dim[k].s.end; stride = r->u.a.dim[k].s.stride; break;
    case CAF_ARR_REF_OPEN_END: first = r->u.a.dim[k].s.start; last = ub; stride = r->u.a.dim[k].s.stride; break;
    case CAF_ARR_REF_OPEN_START: first = lb; last = r->u.a.dim[k].s.end; stride = r->u.a.dim[k].s.stride; break;
    case CAF_ARR_REF_SINGLE:
      if (r->u.a.dim[k].s.start < lb || r->u.a.dim[k].s.start > ub) {
        snprintf(w->err, sizeof w->err, "index %td of dimension %d is outside %td:%td", r->u.a.dim[k].s.start, k + 1, lb, ub);
        return BAD;
      }
      e->base += (r->u.a.dim[k].s.start - lb) * bstep;
      continue;
    case CAF_ARR_REF_VECTOR: {
      int j = e->rank++;
      size_t n = r->u.a.dim[k].v.nvec;
      e->voff[j] = malloc((n ? n : 1) * sizeof(ptrdiff_t));
      if (!e->voff[j]) {
        snprintf(w->err, sizeof w->err, "out of memory");
        return BAD;
      }
      for (size_t i = 0; i < n; i++) {
        long long x;
        if (!vec_index(r, k, i, &x) || x < lb || x > ub) {
          snprintf(w->err, sizeof w->err, "bad vector subscript in dimension %d", k + 1);
          return BAD;
        }
        e->voff[j][i] = (ptrdiff_t)(x - lb) * bstep;
      }
      e->extent[j] = n;
      e->step[j] = bstep;
      continue;
    }
    default:
      snprintf(w->err, sizeof w->err, "array reference mode %d is not supported", r->u.a.mode[k]);
      return BAD;
    }
    if (stride == 0) {
      snprintf(w->err, sizeof w->err, "zero stride in dimension %d", k + 1);
      return BAD;
    }
    gfc_index_t n = (last - first + stride) / stride;
    if (n < 0)
      n = 0;
    if (n > 0 && (first < lb || first > ub || first + (n - 1) * stride < lb || first + (n - 1) * stride > ub)) {
      snprintf(w->err, sizeof w->err, "section %td:%td:%td of dimension %d is outside %td:%td", first, last, stride, k + 1, lb, ub);
      return BAD;
    }
    int j = e->rank++;
    e->base += (first - lb) * bstep;
    e->extent[j] = (size_t)n;
    e->step[j] = stride * bstep;
  }
  return RESOLVED;
}

/* A fixed-size array component: positions are element offsets from its start. */
static int static_array_ref(struct walk *w, const caf_reference_t *r, struct parcaf_elems *e)
{
  for (int k = 0; k < GFC_MAX_DIMENSIONS && r->u.a.mode[k] != CAF_ARR_REF_NONE; k++) {
    gfc_index_t start = r->u.a.dim[k].s.start, end = r->u.a.dim[k].s.end, stride = r->u.a.dim[k].s.stride;
    ptrdiff_t item = (ptrdiff_t)r->item_size;
    if (r->u.a.mode[k] == CAF_ARR_REF_SINGLE) {
      e->base += start * item;
      continue;
    }
    bool range = r->u.a.mode[k] == CAF_ARR_REF_RANGE || r->u.a.mode[k] == CAF_ARR_REF_FULL;
    if (!range || stride == 0) {
      snprintf(w->err, sizeof w->err, "reference mode %d on a fixed-size array is not supported", r->u.a.mode[k]);
      return BAD;
    }
    int j = e->rank++;
    e->base += start * item;
    gfc_index_t n = (end - start) / stride + 1;
    e->extent[j] = n > 0 ? (size_t)n : 0;
    e->step[j] = stride * item;
  }
  return RESOLVED;
}

/* The elements refs designate on image g; e->et.len is the last item size. */
static int resolve(struct walk *w, struct parcaf_token *t, caf_reference_t *ref, struct parcaf_elems *e)
{
  memset(e, 0, sizeof *e);
  e->base = parcaf_token_data(t, w->g);
  gfc_desc_t d;
  bool have_desc = false, bad;
  if (t->rank > 0 && t->regtype == CAF_REGTYPE_COARRAY_ALLOC) {
    /* An allocated coarray array: the same bounds on every image. */
    memset(&d, 0, sizeof d);
    d.dtype.rank = (signed char)t->rank;
    d.dtype.elem_len = t->elem_len;
    d.span = (gfc_index_t)t->elem_len;
    gfc_index_t stride = 1;
    for (int k = 0; k < t->rank; k++) {
      d.dim[k].lbound = t->lbound[k];
      d.dim[k].ubound = t->ubound[k];
      d.dim[k].stride = stride;
      stride *= t->ubound[k] - t->lbound[k] + 1;
    }
    have_desc = true;
  }
  for (caf_reference_t *r = ref; r; r = r->next) {
    w->whole = false;
    switch (r->type) {
    case CAF_REF_COMPONENT:
      if (r->u.c.caf_token_offset > 0) {
        if (e->rank > 0) {
          snprintf(w->err, sizeof w->err, "an allocatable component of an array section");
          return BAD;
        }
        char *at = e->base + r->u.c.offset;
        if (r->next && r->next->type == CAF_REF_ARRAY) {
          memcpy(&d, at, offsetof(gfc_desc_t, dim));
          if (d.dtype.rank < 0 || d.dtype.rank > GFC_MAX_DIMENSIONS) {
            snprintf(w->err, sizeof w->err, "the component's descriptor is corrupt");
            return BAD;
          }
          memcpy(d.dim, at + offsetof(gfc_desc_t, dim), (size_t)d.dtype.rank * sizeof(gfc_dim_t));
          e->base = translate(w, d.base_addr, 1, &bad);
          have_desc = true;
        } else {
          void *p;
          memcpy(&p, at, sizeof p);
          e->base = translate(w, p, r->item_size, &bad);
        }
        if (bad) {
          snprintf(w->err, sizeof w->err, "the component on image %d points outside its coarray memory", w->g);
          return BAD;
        }
        if (!e->base)
          return UNALLOCATED;
      } else {
        e->base += r->u.c.offset;
        have_desc = false;
      }
      break;
    case CAF_REF_ARRAY: {
      if (!have_desc || e->rank > 0) {
        snprintf(w->err, sizeof w->err, "an array reference without an array");
        return BAD;
      }
      int rc = array_ref(w, r, &d, e->base, e);
      if (rc != RESOLVED)
        return rc;
      have_desc = false;
      break;
    }
    case CAF_REF_STATIC_ARRAY: {
      int rc = static_array_ref(w, r, e);
      if (rc != RESOLVED)
        return rc;
      break;
    }
    default:
      snprintf(w->err, sizeof w->err, "reference type %d is not supported", r->type);
      return BAD;
    }
    e->et.len = r->item_size;
  }
  e->count = 1;
  for (int k = 0; k < e->rank; k++)
    e->count *= e->extent[k];
  return RESOLVED;
}

static int resolve_or_report(struct walk *w, struct parcaf_token *t, int image_index, caf_reference_t *refs,
                             struct parcaf_elems *e, int type, int kind, const char *op, int *stat)
{
  w->g = parcaf_image_arg(image_index, op, stat);
  if (!w->g)
    return BAD;
  if (parcaf_report_if_failed(w->g, image_index, op, stat, NULL, 0))
    return BAD;
  int rc = resolve(w, t, refs, e);
  if (rc == UNALLOCATED)
    parcaf_report(stat, NULL, 0, 1, "%s: the component on image %d is not allocated", op, image_index);
  else if (rc == BAD)
    parcaf_report(stat, NULL, 0, 1, "%s: %s", op, w->err);
  if (rc != RESOLVED) {
    parcaf_elems_free(e);
    return rc;
  }
  e->et.type = type;
  e->et.kind = kind;
  return RESOLVED;
}

/* Gives an unallocated or differently shaped allocatable destination the
   shape of the source, as intrinsic assignment to an allocatable does; the
   bounds are the source's when it is a whole array (lb), else from 1. */
static bool reallocate(gfc_desc_t *dst, const struct parcaf_elems *s, const gfc_index_t *lb)
{
  int rank = dst->dtype.rank;
  bool same = dst->base_addr != NULL && rank == s->rank;
  for (int k = 0; same && k < rank; k++)
    same = (size_t)(dst->dim[k].ubound - dst->dim[k].lbound + 1) == s->extent[k];
  if (same || rank != s->rank)
    return true;
  size_t bytes = (s->count ? s->count : 1) * dst->dtype.elem_len;
  void *p = realloc(dst->base_addr, bytes);
  if (!p)
    return false;
  dst->base_addr = p;
  gfc_index_t stride = 1, offset = 0;
  for (int k = 0; k < rank; k++) {
    dst->dim[k].lbound = lb ? lb[k] : 1;
    dst->dim[k].ubound = dst->dim[k].lbound + (gfc_index_t)s->extent[k] - 1;
    dst->dim[k].stride = stride;
    offset -= stride * dst->dim[k].lbound;
    stride *= (gfc_index_t)s->extent[k];
  }
  dst->offset = (size_t)offset;
  dst->span = (gfc_index_t)dst->dtype.elem_len;
  return true;
}

static void finish(struct parcaf_elems *d, struct parcaf_elems *s, bool tmp, const char *op, int *stat)
{
  char err[200];
  int rc = parcaf_transfer(d, s, tmp, err, sizeof err);
  parcaf_elems_free(d);
  parcaf_elems_free(s);
  if (rc)
    parcaf_report(stat, NULL, 0, 1, "%s: %s", op, err);
  else if (stat)
    *stat = 0;
}

PARCAF_EXPORT void _gfortran_caf_get_by_ref(caf_token_t token, int image_index, gfc_desc_t *dst,
                                            caf_reference_t *refs, int dst_kind, int src_kind, bool may_require_tmp,
                                            bool dst_reallocatable, int *stat, int src_type)
{
  const char *op = "coindexed reference";
  struct parcaf_token *t = parcaf_token_check(token, op);
  struct walk w;
  struct parcaf_elems s, d;
  if (resolve_or_report(&w, t, image_index, refs, &s, src_type, src_kind, op, stat) != RESOLVED)
    return;
  if (dst_reallocatable && !reallocate(dst, &s, w.whole ? w.lbound : NULL)) {
    parcaf_elems_free(&s);
    parcaf_report(stat, NULL, 0, 1, "%s: out of memory", op);
    return;
  }
  char err[200];
  if (!parcaf_elems_from_desc(&d, dst, dst->base_addr, NULL, dst_kind, err, sizeof err)) {
    parcaf_elems_free(&s);
    parcaf_report(stat, NULL, 0, 1, "%s: %s", op, err);
    return;
  }
  size_t bytes = s.count * s.et.len;
  PARCAF_GASP(GASP_CAF_GET, GASP_START, w.g, bytes);
  finish(&d, &s, may_require_tmp && w.g == parcaf_this_image, op, stat);
  PARCAF_GASP(GASP_CAF_GET, GASP_END, w.g, bytes);
}

PARCAF_EXPORT void _gfortran_caf_send_by_ref(caf_token_t token, int image_index, gfc_desc_t *src,
                                             caf_reference_t *refs, int dst_kind, int src_kind,
                                             bool may_require_tmp, bool dst_reallocatable, int *stat, int dst_type)
{
  (void)dst_reallocatable;   /* another image's allocation is that image's business */
  const char *op = "coindexed assignment";
  struct parcaf_token *t = parcaf_token_check(token, op);
  struct walk w;
  struct parcaf_elems s, d;
  if (resolve_or_report(&w, t, image_index, refs, &d, dst_type, dst_kind, op, stat) != RESOLVED)
    return;
  char err[200];
  if (!parcaf_elems_from_desc(&s, src, src->base_addr, NULL, src_kind, err, sizeof err)) {
    parcaf_elems_free(&d);
    parcaf_report(stat, NULL, 0, 1, "%s: %s", op, err);
    return;
  }
  size_t bytes = d.count * d.et.len;
  PARCAF_GASP(GASP_CAF_PUT, GASP_START, w.g, bytes);
  finish(&d, &s, may_require_tmp && w.g == parcaf_this_image, op, stat);
  PARCAF_GASP(GASP_CAF_PUT, GASP_END, w.g, bytes);
}

PARCAF_EXPORT void _gfortran_caf_sendget_by_ref(caf_token_t dst_token, int dst_image_index, caf_reference_t *dst_refs,
                                                caf_token_t src_token, int src_image_index, caf_reference_t *src_refs,
                                                int dst_kind, int src_kind, bool may_require_tmp, int *dst_stat,
                                                int *src_stat, int dst_type, int src_type)
{
  const char *op = "coindexed assignment between images";
  struct parcaf_token *dt = parcaf_token_check(dst_token, op), *st = parcaf_token_check(src_token, op);
  struct walk dw, sw;
  struct parcaf_elems s, d;
  if (resolve_or_report(&sw, st, src_image_index, src_refs, &s, src_type, src_kind, op, src_stat) != RESOLVED)
    return;
  if (resolve_or_report(&dw, dt, dst_image_index, dst_refs, &d, dst_type, dst_kind, op, dst_stat) != RESOLVED) {
    parcaf_elems_free(&s);
    return;
  }
  size_t bytes = d.count * d.et.len;
  if (src_stat)
    *src_stat = 0;
  PARCAF_GASP(GASP_CAF_SENDGET, GASP_START, dw.g, sw.g, bytes);
  finish(&d, &s, may_require_tmp && dw.g == sw.g, op, dst_stat);
  PARCAF_GASP(GASP_CAF_SENDGET, GASP_END, dw.g, sw.g, bytes);
}

PARCAF_EXPORT int _gfortran_caf_is_present(caf_token_t token, int image_index, caf_reference_t *refs)
{
  const char *op = "ALLOCATED of a coindexed component";
  struct parcaf_token *t = parcaf_token_check(token, op);
  struct walk w;
  struct parcaf_elems e;
  memset(&w, 0, sizeof w);
  w.g = parcaf_image_arg(image_index, op, NULL);
  int rc = resolve(&w, t, refs, &e);
  parcaf_elems_free(&e);
  if (rc == BAD)
    parcaf_error_terminate(1, "%s: %s", op, w.err);
  return rc == RESOLVED;
}
