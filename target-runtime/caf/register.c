/* Registering coarrays: a token record and the data, in the symmetric heap
   for coarrays every image allocates together, in the image's own heap for
   allocatable components; each image keeps its records in a registry. */
#include <stdlib.h>
#include <string.h>

#include "caf.h"
#include "gasp_events.h"

#define RECORD_SIZE ((sizeof(struct parcaf_token) + PARCAF_ALIGN - 1) / PARCAF_ALIGN * PARCAF_ALIGN)

static uint64_t serial;

static struct parcaf_segment *own_segment(void)
{
  return (struct parcaf_segment *)parcaf_local_view;
}

struct parcaf_token *parcaf_token_check(caf_token_t token, const char *op)
{
  struct parcaf_token *t = token;
  if (!t || !parcaf_is_local_view(t, sizeof *t) || t->magic != PARADBG_CAF_TOKEN_MAGIC)
    parcaf_error_terminate(1, "%s: not a registered coarray (token %p)", op, token);
  return t;
}

int parcaf_image_arg(int team_index, const char *op, int *stat)
{
  if (team_index == 0)
    return parcaf_this_image;
  int g = parcaf_global_of(team_index);
  if (!g)
    parcaf_report(stat, NULL, 0, 1, "%s: %d is not an image index of the current team (1 to %d)", op,
                  team_index, parcaf_cur_size());
  return g;
}

static void describe(struct parcaf_token *t, const gfc_desc_t *d)
{
  t->rank = d ? d->dtype.rank : 0;
  if (t->rank < 0 || t->rank > GFC_MAX_DIMENSIONS)
    t->rank = 0;
  t->type = d ? d->dtype.type : 0;
  t->elem_len = d ? d->dtype.elem_len : 0;
  for (int k = 0; k < t->rank; k++) {
    t->lbound[k] = d->dim[k].lbound;
    t->ubound[k] = d->dim[k].ubound;
  }
}

/* Registered, bounds not yet filled in by the program. */
static struct parcaf_token **pending;
static size_t npending, pending_cap;

static void add_pending(struct parcaf_token *t)
{
  if (npending == pending_cap) {
    size_t cap = pending_cap ? 2 * pending_cap : 8;
    struct parcaf_token **p = realloc(pending, cap * sizeof *p);
    if (!p)
      return;   /* only the debugger's copy of the bounds stays stale */
    pending = p;
    pending_cap = cap;
  }
  pending[npending++] = t;
}

static void drop_pending(struct parcaf_token *t)
{
  for (size_t i = 0; i < npending; i++)
    if (pending[i] == t)
      pending[i] = pending[--npending];
}

void parcaf_refresh_pending(void)
{
  for (size_t i = 0; i < npending; i++) {
    const gfc_desc_t *d = (const gfc_desc_t *)(uintptr_t)pending[i]->desc;
    if (d && d->dtype.rank == pending[i]->rank)
      describe(pending[i], d);
  }
  npending = 0;
}

static void link_record(struct parcaf_token *t)
{
  struct parcaf_segment *seg = own_segment();
  uint64_t off = (uint64_t)((char *)t - parcaf_local_view);
  t->next = seg->registry;
  t->prev = 0;
  if (seg->registry)
    ((struct parcaf_token *)(parcaf_local_view + seg->registry))->prev = off;
  seg->registry = off;
  seg->ntokens++;
}

static void unlink_record(struct parcaf_token *t)
{
  struct parcaf_segment *seg = own_segment();
  if (t->prev)
    ((struct parcaf_token *)(parcaf_local_view + t->prev))->next = t->next;
  else
    seg->registry = t->next;
  if (t->next)
    ((struct parcaf_token *)(parcaf_local_view + t->next))->prev = t->prev;
  seg->ntokens--;
}

static bool heap_full(size_t size, struct parcaf_heap *h, int *stat, char *errmsg, size_t len)
{
  parcaf_report(stat, errmsg, len, 1,
                "ALLOCATE: %zu bytes do not fit in the coarray heap of image %d (%llu of %llu bytes in use); "
                "raise GFORTRAN_SHARED_MEMORY_SIZE", size, parcaf_this_image ? parcaf_this_image : 1,
                (unsigned long long)h->used, (unsigned long long)(h->end - h->start));
  return false;
}

PARCAF_EXPORT void _gfortran_caf_register(size_t size, caf_register_t type, caf_token_t *token,
                                          gfc_desc_t *desc, int *stat, char *errmsg, size_t errmsg_len)
{
  parcaf_ensure_shared();
  PARCAF_GASP(GASP_CAF_REGISTER, GASP_START, size, (int)type, (void *)NULL);
  struct parcaf_segment *seg = own_segment();
  char *view = parcaf_local_view;
  bool sync_obj = type == CAF_REGTYPE_LOCK_STATIC || type == CAF_REGTYPE_LOCK_ALLOC ||
                  type == CAF_REGTYPE_CRITICAL || type == CAF_REGTYPE_EVENT_STATIC ||
                  type == CAF_REGTYPE_EVENT_ALLOC;
  size_t nbytes = sync_obj ? size * sizeof(struct parcaf_lock) : size;
  if (sync_obj && size && nbytes / size != sizeof(struct parcaf_lock))
    nbytes = (size_t)-1;
  struct parcaf_token *t;

  /* gfortran 12 allocates a component on assignment (s%y = [...]) with
     COARRAY_ALLOC on the component's own token, inside the coarray. */
  if (type == CAF_REGTYPE_COARRAY_ALLOC && parcaf_is_local_view(token, sizeof *token) && *token &&
      parcaf_is_local_view(*token, sizeof(struct parcaf_token)) &&
      ((struct parcaf_token *)*token)->magic == PARADBG_CAF_TOKEN_MAGIC &&
      ((struct parcaf_token *)*token)->regtype == CAF_REGTYPE_COARRAY_ALLOC_REGISTER_ONLY)
    type = CAF_REGTYPE_COARRAY_ALLOC_ALLOCATE_ONLY;

  if (type == CAF_REGTYPE_COARRAY_ALLOC_ALLOCATE_ONLY) {
    t = parcaf_token_check(*token, "ALLOCATE");
    if (t->data)
      parcaf_heap_free(&seg->asym, view, t->data);
    t->data = 0;
    uint64_t d = parcaf_heap_alloc(&seg->asym, view, nbytes ? nbytes : 1);
    if (!d) {
      heap_full(nbytes, &seg->asym, stat, errmsg, errmsg_len);
      return;
    }
    memset(view + d, 0, nbytes);
    t->data = d;
    t->nbytes = nbytes;
    describe(t, desc);
    t->token_var = (uintptr_t)token;
    desc->base_addr = view + d;
  } else if (type == CAF_REGTYPE_COARRAY_ALLOC_REGISTER_ONLY) {
    uint64_t r = parcaf_heap_alloc(&seg->asym, view, RECORD_SIZE);
    if (!r) {
      heap_full(RECORD_SIZE, &seg->asym, stat, errmsg, errmsg_len);
      return;
    }
    t = (struct parcaf_token *)(view + r);
    memset(t, 0, sizeof *t);
    t->magic = PARADBG_CAF_TOKEN_MAGIC;
    t->regtype = (int32_t)type;
    t->serial = ++serial;
    t->token_var = (uintptr_t)token;
    describe(t, desc);
    link_record(t);
    *token = t;
  } else {
    if (nbytes > ((size_t)-1) / 2 - RECORD_SIZE) {
      heap_full(nbytes, &seg->sym, stat, errmsg, errmsg_len);
      return;
    }
    uint64_t r = parcaf_heap_alloc(&seg->sym, view, RECORD_SIZE + nbytes);
    if (!r) {
      heap_full(nbytes, &seg->sym, stat, errmsg, errmsg_len);
      return;
    }
    t = (struct parcaf_token *)(view + r);
    memset(t, 0, sizeof *t);
    t->magic = PARADBG_CAF_TOKEN_MAGIC;
    t->regtype = (int32_t)type;
    t->nbytes = nbytes;
    t->nelem = sync_obj ? size : 0;
    t->data = r + RECORD_SIZE;
    t->serial = ++serial;
    t->token_var = (uintptr_t)token;
    describe(t, sync_obj ? NULL : desc);
    t->depth = parcaf_this_image ? parcaf_cur_depth() : 0;
    if ((type == CAF_REGTYPE_COARRAY_ALLOC || type == CAF_REGTYPE_LOCK_ALLOC || type == CAF_REGTYPE_EVENT_ALLOC) && desc) {
      t->desc = (uintptr_t)desc;
      if (desc->dtype.rank > 0)
        add_pending(t);
    }
    char *data = view + t->data;
    /* Memory the program already had is taken over with its contents. */
    if (!sync_obj && desc && desc->base_addr)
      memcpy(data, desc->base_addr, nbytes);
    else
      memset(data, 0, nbytes);
    link_record(t);
    if (desc)
      desc->base_addr = data;
    *token = t;
  }
  parcaf_set_ok(stat, errmsg, errmsg_len);
  PARCAF_GASP(GASP_CAF_REGISTER, GASP_END, size, (int)type, (void *)*token);
}

static void free_symmetric(struct parcaf_token *t)
{
  drop_pending(t);
  unlink_record(t);
  t->magic = 0;
  parcaf_heap_free(&own_segment()->sym, parcaf_local_view, (uint64_t)((char *)t - parcaf_local_view));
}

PARCAF_EXPORT void _gfortran_caf_deregister(caf_token_t *token, caf_deregister_t type, int *stat,
                                            char *errmsg, size_t errmsg_len)
{
  struct parcaf_token *t = parcaf_token_check(token ? *token : NULL, "DEALLOCATE");
  PARCAF_GASP(GASP_CAF_DEREGISTER, GASP_START, (void *)t);
  struct parcaf_segment *seg = own_segment();
  char *view = parcaf_local_view;
  int rc = 0, who = 0;
  if (t->regtype == CAF_REGTYPE_COARRAY_ALLOC_REGISTER_ONLY) {
    if (t->data)
      parcaf_heap_free(&seg->asym, view, t->data);
    t->data = 0;
    t->nbytes = 0;
    if (type == CAF_DEREGTYPE_COARRAY_DEREGISTER) {
      unlink_record(t);
      t->magic = 0;
      parcaf_heap_free(&seg->asym, view, (uint64_t)((char *)t - view));
      *token = NULL;
    }
  } else if (type == CAF_DEREGTYPE_COARRAY_DEREGISTER) {
    /* DEALLOCATE of a coarray synchronises the team (F2018 6.7.3.2), which
       gfortran 12 leaves to the library: no image may still be using the
       memory when it is given back. */
    if (parcaf_this_image)
      rc = parcaf_barrier(parcaf_cur_slot(), parcaf_cur_index(), PARADBG_CAF_WAIT_SYNC_ALL, &who);
    free_symmetric(t);
    *token = NULL;
  }
  if (rc) {
    parcaf_report_image(stat, errmsg, errmsg_len, rc, "DEALLOCATE", who, who);
  } else {
    parcaf_set_ok(stat, errmsg, errmsg_len);
  }
  PARCAF_GASP(GASP_CAF_DEREGISTER, GASP_END, (void *)t);
}

void parcaf_free_team_coarrays(int depth)
{
  struct parcaf_segment *seg = own_segment();
  uint64_t off = seg->registry;
  for (uint64_t n = seg->ntokens + 1; off && n; n--) {
    struct parcaf_token *t = (struct parcaf_token *)(parcaf_local_view + off);
    off = t->next;
    if (t->depth != depth || !t->desc || t->regtype == CAF_REGTYPE_COARRAY_ALLOC_REGISTER_ONLY)
      continue;
    ((gfc_desc_t *)(uintptr_t)t->desc)->base_addr = NULL;
    free_symmetric(t);
  }
}
