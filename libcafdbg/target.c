/* Reading the target: memory through the debugger's callbacks, values in
   the target's byte order and sizes, and libparcaf's layout table, which is
   checked before anything else is read. */
#include "config.h"

#include <stddef.h>
#include <string.h>

#include "paradbg/plugin-target.h"

#include "cafdbg-private.h"

const ompd_callbacks_t *cd_cb;

/* What this library expects of the table: each field's structure and
   kind, from the lists the runtime's table is built from. */
PARADBG_LAYOUT_SPEC(caf_spec, PARADBG_CAF);

/* What each symbol holds, from the same header. */
static const unsigned char symbol_kind[CD_NSYMBOLS] = {
#define CD_SYMBOL_KIND(name, k) PARADBG_LAYOUT_KIND_##k,
  PARADBG_CAF_SYMBOL_KINDS(CD_SYMBOL_KIND)
#undef CD_SYMBOL_KIND
};

ompd_rc_t cd_alloc(uint64_t n, void **p)
{
  *p = NULL;
  if (cd_cb == NULL)
    return ompd_rc_error;
  if (n != (ompd_size_t)n)
    return ompd_rc_nomem;
  ompd_rc_t rc = cd_cb->alloc_memory(n ? n : 1, p);
  if (rc != ompd_rc_ok || *p == NULL)
    return ompd_rc_nomem;
  return ompd_rc_ok;
}

void cd_free(void *p)
{
  if (p != NULL && cd_cb != NULL)
    cd_cb->free_memory(p);
}

ompd_rc_t cd_read_in(ompd_address_space_context_t *context, uint64_t addr, uint64_t n, void *buf)
{
  if (addr == 0)
    return ompd_rc_unavailable;
  if (addr + n < addr)
    return ompd_rc_error;
  if (n == 0)
    return ompd_rc_ok;
  ompd_address_t a = { OMPD_SEGMENT_UNSPECIFIED, addr };
  ompd_rc_t rc = cd_cb->read_memory(context, NULL, &a, n, buf);
  return rc == ompd_rc_ok ? ompd_rc_ok : ompd_rc_device_read_error;
}

ompd_rc_t cd_read(cafdbg_program_handle_t *ph, uint64_t addr, uint64_t n, void *buf)
{
  return cd_read_in(ph->context, addr, n, buf);
}

ompd_rc_t cd_to_host(cafdbg_program_handle_t *ph, const void *raw, unsigned size, uint64_t *out)
{
  return paradbg_plugin_to_host(cd_cb, ph->context, raw, size, out);
}

ompd_rc_t cd_value_in(ompd_address_space_context_t *context, const void *raw, unsigned size,
                      unsigned k, uint64_t *out)
{
  ompd_rc_t rc = paradbg_plugin_to_host(cd_cb, context, raw, size, out);
  if (rc == ompd_rc_ok)
    *out = paradbg_layout_widen(k, *out, size);
  return rc;
}

ompd_rc_t cd_target_in(ompd_address_space_context_t *context, struct paradbg_layout_target *t)
{
  ompd_device_type_sizes_t sizes;
  if (cd_cb->sizeof_type(context, &sizes) != ompd_rc_ok)
    return ompd_rc_callback_error;
  t->sizeof_int = sizes.sizeof_int;
  t->sizeof_long = sizes.sizeof_long;
  t->sizeof_pointer = sizes.sizeof_pointer;
  return ompd_rc_ok;
}

uint64_t cd_symbol_in(ompd_address_space_context_t *context, const char *name)
{
  ompd_address_t a = { OMPD_SEGMENT_UNSPECIFIED, 0 };
  if (cd_cb->symbol_addr_lookup(context, NULL, name, &a, NULL) != ompd_rc_ok)
    return 0;
  return a.address;
}

unsigned cd_type_size(const cafdbg_program_handle_t *ph, unsigned type)
{
  return ph->layout.type_size[type];
}

/* One read fetches every field of the structure this library knows. */
ompd_rc_t cd_read_rec(cafdbg_program_handle_t *ph, uint64_t addr, unsigned type, struct cd_rec *r)
{
  unsigned lo = ph->span_lo[type], hi = ph->span_hi[type];
  r->type = type;
  if (addr == 0)
    return ompd_rc_unavailable;
  if (addr + lo < addr)
    return ompd_rc_error;
  return cd_read(ph, addr + lo, hi - lo, r->b);
}

/* The same from a structure already read (part of a larger read). */
ompd_rc_t cd_rec_from(cafdbg_program_handle_t *ph, const unsigned char *record, unsigned type,
                      struct cd_rec *r)
{
  unsigned lo = ph->span_lo[type], hi = ph->span_hi[type];
  r->type = type;
  memcpy(r->b, record + lo, hi - lo);
  return ompd_rc_ok;
}

/* A value of kind k, in host order, widened with its sign. */
static ompd_rc_t to_host_kind(cafdbg_program_handle_t *ph, const void *raw, unsigned size,
                              unsigned k, uint64_t *out)
{
  return cd_value_in(ph->context, raw, size, k, out);
}

unsigned cd_field_count(const cafdbg_program_handle_t *ph, enum paradbg_caf_field f)
{
  unsigned es = (unsigned)cd_kind_size(ph, caf_spec_field_kind[f]);
  return es ? ph->layout.field[f].size / es : 0;
}

ompd_rc_t cd_get_elem(cafdbg_program_handle_t *ph, const struct cd_rec *r,
                      enum paradbg_caf_field f, unsigned i, uint64_t *out)
{
  unsigned k = caf_spec_field_kind[f];
  unsigned es = (unsigned)cd_kind_size(ph, k);
  if (caf_spec_field_type[f] != r->type || es == 0 || es > 8)
    return ompd_rc_bad_input;   /* not a number: a structure or bytes */
  if (i >= ph->layout.field[f].size / es)
    return ompd_rc_bad_input;
  unsigned off = ph->layout.field[f].offset + i * es;
  /* the table was checked: every field lies inside the span read */
  return to_host_kind(ph, r->b + (off - ph->span_lo[r->type]), es, k, out);
}

ompd_rc_t cd_get(cafdbg_program_handle_t *ph, const struct cd_rec *r, enum paradbg_caf_field f,
                 uint64_t *out)
{
  return cd_get_elem(ph, r, f, 0, out);
}

/* Whether v is what PARADBG_CAF_CHECKS says field f must hold (fields it
   does not name hold anything). */
int cd_check_value(enum paradbg_caf_field f, uint64_t v)
{
  switch (f) {
#define CD_CHECK(s, fld, value) \
  case CD_F(s, fld): return v == (uint64_t)(value);
    PARADBG_CAF_CHECKS(CD_CHECK)
#undef CD_CHECK
  default:
    return 1;
  }
}

/* The value of a scalar symbol, read as its kind says. */
ompd_rc_t cd_read_symbol(cafdbg_program_handle_t *ph, enum cd_symbol sym, uint64_t *out)
{
  unsigned char raw[8];
  unsigned k = symbol_kind[sym], size = (unsigned)cd_kind_size(ph, k);
  if (size == 0 || size > sizeof raw || paradbg_layout_kind_array(k))
    return ompd_rc_bad_input;   /* not a number */
  ompd_rc_t rc = cd_read(ph, ph->sym[sym], size, raw);
  return rc != ompd_rc_ok ? rc : to_host_kind(ph, raw, size, k, out);
}

/* n uint32_t values (PARADBG_CAF_ARRAYS' U32 arrays) in host order. */
ompd_rc_t cd_read_u32s(cafdbg_program_handle_t *ph, uint64_t addr, uint64_t n, uint32_t *out)
{
  ompd_rc_t rc = cd_read(ph, addr, n * 4, out);
  if (rc != ompd_rc_ok)
    return rc;
  for (uint64_t i = 0; i < n; i++) {
    uint64_t v;
    if ((rc = cd_to_host(ph, &out[i], 4, &v)) != ompd_rc_ok)
      return rc;
    out[i] = (uint32_t)v;
  }
  return ompd_rc_ok;
}

/* n bytes at offset off of image `image`'s segment: 1 with their address
   when they lie inside it. */
int cd_segment_addr(const cafdbg_program_handle_t *ph, int image, uint64_t off, uint64_t n,
                    uint64_t *addr)
{
  uint64_t seg, end;
  if (image < 1 || !cd_segments_at(ph, &ph->shared, (uint64_t)(image - 1), 0, &seg))
    return 0;
  if (__builtin_add_overflow(off, n, &end) || end > ph->shared.segment_size)
    return 0;
  *addr = seg + off;
  return 1;
}

int cd_local_addr(const cafdbg_program_handle_t *ph, int image, uint64_t p, uint64_t n,
                  uint64_t *addr)
{
  uint64_t view = ph->local_view;
  if (view == 0 || p < view || p - view >= ph->shared.segment_size)
    return 0;
  return cd_segment_addr(ph, image, p - view, n, addr) ? 1 : -1;
}

/* n bytes at addr, read once for the program handle's life into b.  *out
   is NULL (and the answer ok) when they are more than one read may fetch,
   or could not be read whole (a core that left a page out): the caller
   then reads what it needs piece by piece. */
ompd_rc_t cd_cached(cafdbg_program_handle_t *ph, struct cd_block *b, uint64_t addr, uint64_t n,
                    const unsigned char **out)
{
  *out = NULL;
  if (b->state > 0) {
    *out = b->buf;
    return ompd_rc_ok;
  }
  if (b->state < 0)
    return ompd_rc_ok;
  if (n == 0 || n > CD_READ_MAX) {
    b->state = -1;
    return ompd_rc_ok;
  }
  ompd_rc_t rc = cd_alloc(n, (void **)&b->buf);
  if (rc != ompd_rc_ok)
    return rc;   /* nothing kept: the next need tries again */
  if (cd_read(ph, addr, n, b->buf) != ompd_rc_ok) {
    cd_free(b->buf);
    b->buf = NULL;
    b->state = -1;
    return ompd_rc_ok;
  }
  b->state = 1;
  *out = b->buf;
  return ompd_rc_ok;
}

/* Image g's record: from the program handle's copy of the images array,
   else read alone. */
ompd_rc_t cd_image_rec(cafdbg_program_handle_t *ph, int g, struct cd_rec *r)
{
  uint64_t at, first, n = ph->shared.num_images, esize = cd_type_size(ph, CD_T(image));
  const unsigned char *all;
  if (g < 1 || !cd_images_at(ph, &ph->shared, (uint64_t)(g - 1), 0, &at) ||
      !cd_images_at(ph, &ph->shared, 0, 0, &first))
    return ompd_rc_error;
  ompd_rc_t rc = cd_cached(ph, &ph->images, first, n * esize, &all);
  if (rc != ompd_rc_ok)
    return rc;
  if (all != NULL)
    return cd_rec_from(ph, all + (uint64_t)(g - 1) * esize, CD_T(image), r);
  return cd_read_rec(ph, at, CD_T(image), r);
}

/* How much of each image's segment the program handle keeps at once:
   as much as CD_PIECES_MAX allows for all images, at most CD_PIECE_MAX. */
static uint64_t piece_size(cafdbg_program_handle_t *ph)
{
  if (ph->piece_size == 0) {
    uint64_t p = CD_PIECE_MAX;
    while (p >= CD_PIECE_MIN && p * ph->shared.num_images > CD_PIECES_MAX)
      p /= 2;
    ph->piece_size = p >= CD_PIECE_MIN ? p : UINT64_MAX;
  }
  return ph->piece_size;
}

/* The structure of the given type at offset off of image g's segment,
   with its address: from the piece of that segment the program handle
   keeps when it lies in one, else read alone.  Registry records, their
   segment's header and the locks and events of the coarrays a host looks
   at usually lie in the first piece of each segment, so that looking at
   every coarray on every image costs one read per image. */
ompd_rc_t cd_segment_rec(cafdbg_program_handle_t *ph, int g, uint64_t off, unsigned type,
                         uint64_t *addr, struct cd_rec *r)
{
  uint64_t p = piece_size(ph), lo = off + ph->span_lo[type], hi = off + ph->span_hi[type];
  ompd_rc_t rc;
  if (!cd_segment_addr(ph, g, off, cd_type_size(ph, type), addr))
    return ompd_rc_error;
  /* within the segment: cd_segment_addr checked off + the type's size */
  if (p != UINT64_MAX && hi > lo && lo / p == (hi - 1) / p) {
    uint64_t k = lo / p, len = ph->shared.segment_size - k * p, at;
    if (len > p)
      len = p;
    if (ph->pieces == NULL) {
      uint64_t n = ph->shared.num_images;
      if ((rc = cd_alloc(n * sizeof *ph->pieces, (void **)&ph->pieces)) != ompd_rc_ok)
        return rc;
      memset(ph->pieces, 0, n * sizeof *ph->pieces);
    }
    struct cd_piece *pc = &ph->pieces[g - 1];
    if (pc->key != k + 1) {
      if (pc->buf == NULL && (rc = cd_alloc(p, (void **)&pc->buf)) != ompd_rc_ok)
        return rc;
      pc->key = k + 1;
      pc->ok = cd_segment_addr(ph, g, k * p, len, &at) && cd_read(ph, at, len, pc->buf) == ompd_rc_ok;
    }
    if (pc->ok)
      return cd_rec_from(ph, pc->buf + (off - k * p), type, r);
  }
  return cd_read_rec(ph, *addr, type, r);
}

/* Every image's status, once per program handle. */
ompd_rc_t cd_statuses(cafdbg_program_handle_t *ph)
{
  uint64_t n = ph->shared.num_images;
  int8_t *status;
  ompd_rc_t rc;
  if (ph->status != NULL)
    return ompd_rc_ok;
  if ((rc = cd_alloc(n, (void **)&status)) != ompd_rc_ok)
    return rc;
  for (uint64_t g = 1; g <= n; g++) {
    struct cd_rec r;
    uint64_t st;
    if ((rc = cd_image_rec(ph, (int)g, &r)) != ompd_rc_ok ||
        (rc = cd_get(ph, &r, CD_F(image, status), &st)) != ompd_rc_ok) {
      cd_free(status);
      return rc;
    }
    status[g - 1] = (int64_t)st >= 0 && st <= PARADBG_CAF_IMAGE_ERROR_STOPPED ? (int8_t)st : -1;
  }
  ph->status = status;
  return ompd_rc_ok;
}

/* Lets go of everything the program handle keeps. */
void cd_forget(cafdbg_program_handle_t *ph)
{
  cd_free(ph->images.buf);
  cd_free(ph->teams.buf);
  cd_free(ph->sync.buf);
  if (ph->slots != NULL)
    for (uint64_t s = 0; s < ph->shared.max_teams; s++) {
      cd_free(ph->slots[s].members);
      cd_free(ph->slots[s].epochs);
    }
  cd_free(ph->slots);
  cd_free(ph->status);
  if (ph->pieces != NULL)
    for (uint64_t g = 0; g < ph->shared.num_images; g++)
      cd_free(ph->pieces[g].buf);
  cd_free(ph->pieces);
}

/* The layout kit reads through the debugger's memory callback. */
struct layout_reader {
  ompd_address_space_context_t *context;
  ompd_rc_t rc;
};

static int read_for_layout(void *ctx, uint64_t addr, size_t n, void *buf)
{
  struct layout_reader *r = ctx;
  r->rc = cd_read_in(r->context, addr, n, buf);
  return r->rc != ompd_rc_ok;
}

ompd_rc_t cd_layout_read(ompd_address_space_context_t *context, const struct paradbg_layout_spec *spec,
                         uint64_t addr, const struct paradbg_layout_target *t, void *out, size_t size)
{
  struct layout_reader r = { context, ompd_rc_ok };
  if (addr == 0)
    return ompd_rc_incompatible;
  int v = paradbg_layout_read(spec, read_for_layout, &r, addr, t, out, size);
  if (v == PARADBG_LAYOUT_UNREADABLE)
    return r.rc;
  return v == PARADBG_LAYOUT_OK ? ompd_rc_ok : ompd_rc_incompatible;
}

/* The table must be the one this library was built for: paradbg/layout.h's
   validator checks magic, version, size, the debugger's pointer size, and
   every field inside its structure and of its kind's size.  Anything else
   is another runtime or another version: refuse it, never guess. */
ompd_rc_t cd_load_layout(cafdbg_program_handle_t *ph)
{
  ompd_addr_t at = ph->sym[CD_SYM_paradbg_caf_layout];
  struct paradbg_layout_target t = { ph->sizes.sizeof_int, ph->sizes.sizeof_long,
                                     ph->sizes.sizeof_pointer };
  struct paradbg_caf_layout table;
  ompd_rc_t rc = cd_layout_read(ph->context, &caf_spec, at, &t, &table, sizeof table);
  if (rc != ompd_rc_ok)
    return rc;
  ph->layout = table;
  /* Where the fields of each structure lie, so that one read gets them. */
  for (unsigned i = 0; i < PARADBG_CAF_NTYPES; i++) {
    ph->span_lo[i] = UINT32_MAX;
    ph->span_hi[i] = 0;
  }
  for (unsigned f = 0; f < PARADBG_CAF_NFIELDS; f++) {
    unsigned s = caf_spec_field_type[f];
    unsigned lo = table.field[f].offset, hi = lo + table.field[f].size;
    if (lo < ph->span_lo[s])
      ph->span_lo[s] = lo;
    if (hi > ph->span_hi[s])
      ph->span_hi[s] = hi;
  }
  for (unsigned i = 0; i < PARADBG_CAF_NTYPES; i++) {
    if (ph->span_hi[i] <= ph->span_lo[i])
      ph->span_lo[i] = ph->span_hi[i] = 0;
    else if (ph->span_hi[i] - ph->span_lo[i] > CD_SPAN_MAX)
      return ompd_rc_incompatible;   /* not the structures this library knows */
  }
  /* The numbers this library widens: at most 8 bytes each. */
  for (unsigned f = 0; f < PARADBG_CAF_NFIELDS; f++) {
    unsigned es = (unsigned)paradbg_layout_kind_size(caf_spec_field_kind[f], &t);
    if (es > 8)
      return ompd_rc_incompatible;
  }
  return ompd_rc_ok;
}
