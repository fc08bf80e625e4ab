/* Coarrays: the token records each image keeps in its registry (a chain
   of segment offsets from segment.registry through token.next, newest
   first), what each says of its variable, where its data lies on every
   image, and the state of lock and event elements. */
#include "config.h"

#include <limits.h>
#include <string.h>

#include "cafdbg-private.h"

ompd_rc_t cd_segment_header(cafdbg_program_handle_t *ph, int g, struct cd_rec *r)
{
  uint64_t at, magic, image;
  ompd_rc_t rc;
  if ((rc = cd_segment_rec(ph, g, 0, CD_T(segment), &at, r)) != ompd_rc_ok ||
      (rc = cd_get(ph, r, CD_F(segment, magic), &magic)) != ompd_rc_ok ||
      (rc = cd_get(ph, r, CD_F(segment, image), &image)) != ompd_rc_ok)
    return rc;
  if (!cd_check_value(CD_F(segment, magic), magic) || image != (uint64_t)g)
    return ompd_rc_error;
  return ompd_rc_ok;
}

/* Where image g's registry starts, and how many records a walk may visit:
   ntokens, one more for a core taken while a record was being linked, and
   never more than CD_MAX_TOKENS. */
static ompd_rc_t registry_of(cafdbg_program_handle_t *ph, int g, uint64_t *first, uint64_t *limit)
{
  struct cd_rec r;
  uint64_t ntokens;
  ompd_rc_t rc;
  if ((rc = cd_segment_header(ph, g, &r)) != ompd_rc_ok ||
      (rc = cd_get(ph, &r, CD_F(segment, registry), first)) != ompd_rc_ok ||
      (rc = cd_get(ph, &r, CD_F(segment, ntokens), &ntokens)) != ompd_rc_ok)
    return rc;
  *limit = (ntokens < CD_MAX_TOKENS ? ntokens : CD_MAX_TOKENS) + 1;
  return ompd_rc_ok;
}

/* The token record at segment offset off of image g, as the step-th of a
   walk bounded by limit.  ompd_rc_unavailable at the chain's end. */
static ompd_rc_t read_token(cafdbg_program_handle_t *ph, int g, uint64_t off, uint64_t step,
                            uint64_t limit, struct _cafdbg_coarray_handle *h)
{
  struct cd_rec r;
  uint64_t at, v[12];
  ompd_rc_t rc;
  static const enum paradbg_caf_field fields[12] = {
    CD_F(token, magic), CD_F(token, regtype), CD_F(token, nbytes), CD_F(token, nelem),
    CD_F(token, data), CD_F(token, next), CD_F(token, rank), CD_F(token, type),
    CD_F(token, elem_len), CD_F(token, serial), CD_F(token, token_var), CD_F(token, desc)
  };
  if (off == 0)
    return ompd_rc_unavailable;
  if (step >= limit)
    return ompd_rc_error;   /* longer than the registry says: a cycle, or garbage */
  if ((rc = cd_segment_rec(ph, g, off, CD_T(token), &at, &r)) != ompd_rc_ok)
    return rc;
  for (unsigned i = 0; i < 12; i++)
    if ((rc = cd_get(ph, &r, fields[i], &v[i])) != ompd_rc_ok)
      return rc;
  if (!cd_check_value(CD_F(token, magic), v[0]))
    return ompd_rc_error;
  memset(h, 0, sizeof *h);
  h->ph = ph;
  h->image = g;
  h->record = off;
  h->step = step;
  h->limit = limit;
  h->regtype = (int)(int32_t)v[1];
  h->nbytes = v[2];
  h->nelem = v[3];
  h->data = v[4];
  h->next = v[5];
  h->rank = (int)(int32_t)v[6];
  h->type = (int)(int32_t)v[7];
  h->elem_len = v[8];
  h->serial = v[9];
  h->token_var = v[10];
  h->desc = v[11];
  /* Bounds only for a rank the record can hold; others are not believed. */
  unsigned slots = cd_field_count(ph, CD_F(token, lbound));
  unsigned uslots = cd_field_count(ph, CD_F(token, ubound));
  if (uslots < slots)
    slots = uslots;
  if (slots > CAFDBG_MAX_RANK)
    slots = CAFDBG_MAX_RANK;
  if (h->rank < 0 || h->rank > (int)slots) {
    h->rank = -1;
  } else {
    for (int k = 0; k < h->rank; k++) {
      uint64_t lo, hi;
      if ((rc = cd_get_elem(ph, &r, CD_F(token, lbound), (unsigned)k, &lo)) != ompd_rc_ok ||
          (rc = cd_get_elem(ph, &r, CD_F(token, ubound), (unsigned)k, &hi)) != ompd_rc_ok)
        return rc;
      h->lbound[k] = (int64_t)lo;
      h->ubound[k] = (int64_t)hi;
    }
  }
  return ompd_rc_ok;
}

static ompd_rc_t new_coarray_handle(const struct _cafdbg_coarray_handle *h,
                                    cafdbg_coarray_handle_t **out)
{
  cafdbg_coarray_handle_t *ch;
  ompd_rc_t rc = cd_alloc(sizeof *ch, (void **)&ch);
  if (rc != ompd_rc_ok)
    return rc;
  *ch = *h;
  cd_handle_made(ch->ph);
  *out = ch;
  return ompd_rc_ok;
}

static int is_sync(int regtype)
{
  return regtype == CD_REG_LOCK_STATIC || regtype == CD_REG_LOCK_ALLOC ||
         regtype == CD_REG_CRITICAL || regtype == CD_REG_EVENT_STATIC ||
         regtype == CD_REG_EVENT_ALLOC;
}

static int is_event(int regtype)
{
  return regtype == CD_REG_EVENT_STATIC || regtype == CD_REG_EVENT_ALLOC;
}

/* An allocatable component lives in each image's own heap: only the image
   whose registry holds the record has this copy. */
static int is_component(int regtype)
{
  return regtype == CD_REG_ALLOC_REGISTER_ONLY || regtype == CD_REG_ALLOC_ALLOCATE_ONLY;
}

/* The registered object of image g whose data holds segment offset off. */
ompd_rc_t cd_find_coarray(cafdbg_program_handle_t *ph, int g, uint64_t off,
                          cafdbg_coarray_handle_t **out)
{
  struct _cafdbg_coarray_handle h;
  uint64_t at, limit;
  ompd_rc_t rc;
  *out = NULL;
  if ((rc = registry_of(ph, g, &at, &limit)) != ompd_rc_ok)
    return rc;
  for (uint64_t step = 0;; step++) {
    if ((rc = read_token(ph, g, at, step, limit, &h)) != ompd_rc_ok)
      return rc;
    if (h.data != 0 && off >= h.data && off - h.data < h.nbytes)
      return new_coarray_handle(&h, out);
    at = h.next;
  }
}

CD_EXPORT ompd_rc_t cafdbg_get_next_coarray(cafdbg_image_handle_t *image,
                                            cafdbg_coarray_handle_t *prev,
                                            cafdbg_coarray_handle_t **next)
{
  struct _cafdbg_coarray_handle h;
  uint64_t at, limit;
  ompd_rc_t rc;
  if (image == NULL || next == NULL)
    return ompd_rc_bad_input;
  *next = NULL;
  cafdbg_program_handle_t *ph = image->ph;
  if (prev == NULL) {
    if ((rc = registry_of(ph, image->image, &at, &limit)) != ompd_rc_ok ||
        (rc = read_token(ph, image->image, at, 0, limit, &h)) != ompd_rc_ok)
      return rc;
  } else {
    if (prev->ph != ph || prev->image != image->image)
      return ompd_rc_bad_input;
    if ((rc = read_token(ph, image->image, prev->next, prev->step + 1, prev->limit, &h)) !=
        ompd_rc_ok)
      return rc;
  }
  return new_coarray_handle(&h, next);
}

CD_EXPORT ompd_rc_t cafdbg_rel_coarray_handle(cafdbg_coarray_handle_t *coarray)
{
  if (coarray == NULL)
    return ompd_rc_bad_input;
  cd_handle_gone(coarray->ph);
  cd_free(coarray);
  return ompd_rc_ok;
}

static int kind_of(int regtype, cafdbg_coarray_kind_t *out)
{
  switch (regtype) {
  case CD_REG_COARRAY_STATIC: *out = cafdbg_coarray_static; return 1;
  case CD_REG_COARRAY_ALLOC: *out = cafdbg_coarray_allocatable; return 1;
  case CD_REG_LOCK_STATIC:
  case CD_REG_LOCK_ALLOC: *out = cafdbg_coarray_lock; return 1;
  case CD_REG_CRITICAL: *out = cafdbg_coarray_critical; return 1;
  case CD_REG_EVENT_STATIC:
  case CD_REG_EVENT_ALLOC: *out = cafdbg_coarray_event; return 1;
  case CD_REG_ALLOC_REGISTER_ONLY:
  case CD_REG_ALLOC_ALLOCATE_ONLY: *out = cafdbg_coarray_component; return 1;
  }
  return 0;
}

CD_EXPORT ompd_rc_t cafdbg_get_coarray_info(cafdbg_coarray_handle_t *coarray,
                                            cafdbg_coarray_info_t *info)
{
  if (coarray == NULL || info == NULL)
    return ompd_rc_bad_input;
  memset(info, 0, sizeof *info);
  const cafdbg_coarray_handle_t *c = coarray;
  if (!kind_of(c->regtype, &info->kind))
    return ompd_rc_error;
  /* gfortran's BT_* numbers are cafdbg_type_t's */
  info->type = c->type >= cafdbg_type_unknown && c->type <= cafdbg_type_union
                   ? (cafdbg_type_t)c->type : cafdbg_type_unknown;
  info->nbytes = c->nbytes;
  if (is_sync(c->regtype)) {
    info->elem_len = 0;
    info->nelem = c->nelem;
    info->type = cafdbg_type_unknown;
  } else {
    info->elem_len = c->elem_len;
    info->nelem = c->elem_len > 0 ? c->nbytes / c->elem_len : 0;
  }
  /* gfortran registers a SAVE or module array as rank 0 with the whole
     size: a rank of 0 with more than one element is a shape not told. */
  info->rank = c->rank;
  if (info->rank == 0 && info->nelem > 1)
    info->rank = -1;
  for (int k = 0; k < info->rank; k++) {
    info->lbound[k] = c->lbound[k];
    info->ubound[k] = c->ubound[k];
  }
  info->corank = 0;   /* the gfortran ABI does not pass cobounds */
  info->serial = c->serial;
  info->image = c->image;
  info->token_var.segment = OMPD_SEGMENT_UNSPECIFIED;
  info->token_var.address = c->token_var;
  info->descriptor.segment = OMPD_SEGMENT_UNSPECIFIED;
  info->descriptor.address = c->desc;
  return ompd_rc_ok;
}

/* Whether image g registered the same object: symmetric allocations lie at
   the same segment offsets on every image, so g's record is at the same
   offset and names the same data.  An image that never allocated it (a
   coarray of a team it is not in) has something else there. */
static ompd_rc_t same_on(cafdbg_coarray_handle_t *c, int g)
{
  struct _cafdbg_coarray_handle h;
  if (g == c->image)
    return ompd_rc_ok;
  if (is_component(c->regtype))
    return ompd_rc_unavailable;
  /* Hosts ask for every element on one image, then the next: the answer
     for the last image is kept, as the handle keeps the rest of its
     record. */
  if (g == c->copy_image)
    return c->copy_rc;
  ompd_rc_t rc = read_token(c->ph, g, c->record, 0, 1, &h);
  if (rc == ompd_rc_error)
    rc = ompd_rc_unavailable;
  else if (rc == ompd_rc_ok && (h.regtype != c->regtype || h.data != c->data))
    rc = ompd_rc_unavailable;
  if (rc == ompd_rc_ok || rc == ompd_rc_unavailable) {
    c->copy_image = g;
    c->copy_rc = rc;
  }
  return rc;
}

CD_EXPORT ompd_rc_t cafdbg_get_coarray_address(cafdbg_coarray_handle_t *coarray, int image,
                                               ompd_address_t *readable, ompd_address_t *in_image)
{
  uint64_t at;
  ompd_rc_t rc;
  if (coarray == NULL || readable == NULL || in_image == NULL)
    return ompd_rc_bad_input;
  memset(readable, 0, sizeof *readable);
  memset(in_image, 0, sizeof *in_image);
  cafdbg_program_handle_t *ph = coarray->ph;
  if (image < 1 || (uint64_t)image > ph->shared.num_images)
    return ompd_rc_bad_input;
  if (coarray->data == 0)
    return ompd_rc_unavailable;   /* registered, not allocated */
  if (!cd_segment_addr(ph, image, coarray->data, coarray->nbytes, &at))
    return ompd_rc_error;
  if ((rc = same_on(coarray, image)) != ompd_rc_ok)
    return rc;
  readable->segment = OMPD_SEGMENT_UNSPECIFIED;
  readable->address = at;
  /* The local view lies at the same address in every image. */
  in_image->segment = OMPD_SEGMENT_UNSPECIFIED;
  if (ph->local_view != 0 && ph->local_view + coarray->data > ph->local_view)
    in_image->address = ph->local_view + coarray->data;
  return ompd_rc_ok;
}

CD_EXPORT ompd_rc_t cafdbg_get_sync_state(cafdbg_coarray_handle_t *coarray, int image,
                                          uint64_t element, cafdbg_sync_state_t *state)
{
  struct cd_rec r;
  uint64_t at, off, rel, v, waiters;
  ompd_rc_t rc;
  if (coarray == NULL || state == NULL)
    return ompd_rc_bad_input;
  memset(state, 0, sizeof *state);
  cafdbg_program_handle_t *ph = coarray->ph;
  int ev = is_event(coarray->regtype);
  if (!is_sync(coarray->regtype) || image < 1 || (uint64_t)image > ph->shared.num_images ||
      element >= coarray->nelem)
    return ompd_rc_bad_input;
  if (coarray->data == 0)
    return ompd_rc_unavailable;
  unsigned type = ev ? CD_T(event) : CD_T(lock), esize = cd_type_size(ph, type);
  if (__builtin_mul_overflow(element, (uint64_t)esize, &rel) || rel >= coarray->nbytes ||
      coarray->nbytes - rel < esize || __builtin_add_overflow(coarray->data, rel, &off) ||
      !cd_segment_addr(ph, image, off, esize, &at))
    return ompd_rc_error;
  if ((rc = same_on(coarray, image)) != ompd_rc_ok ||
      (rc = cd_segment_rec(ph, image, off, type, &at, &r)) != ompd_rc_ok)
    return rc;
  if (ev) {
    if ((rc = cd_get(ph, &r, CD_F(event, count), &v)) != ompd_rc_ok ||
        (rc = cd_get(ph, &r, CD_F(event, waiters), &waiters)) != ompd_rc_ok)
      return rc;
    state->count = (int64_t)v;
  } else {
    if ((rc = cd_get(ph, &r, CD_F(lock, owner), &v)) != ompd_rc_ok ||
        (rc = cd_get(ph, &r, CD_F(lock, waiters), &waiters)) != ompd_rc_ok)
      return rc;
    if ((int64_t)v < 0 || v > ph->shared.num_images)
      return ompd_rc_error;
    state->holder = (int)v;
  }
  state->waiters = waiters <= INT_MAX ? (int)waiters : -1;
  return ompd_rc_ok;
}
