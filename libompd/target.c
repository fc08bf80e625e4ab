/* Reading the target: memory through the debugger's callbacks, values in
   the target's byte order and sizes, and the runtime's layout table, which
   is checked before anything else is read. */
#include "config.h"

#include <stddef.h>
#include <string.h>

#include "paradbg/plugin-target.h"

#include "ompd-private.h"

const ompd_callbacks_t *pd_cb;

/* What this library expects of the table: each field's structure and
   kind, from the lists the runtime's table is built from. */
PARADBG_LAYOUT_SPEC(omp_spec, PARADBG_OMP);

/* What each symbol holds, from the same header. */
static const unsigned char symbol_kind[PD_NSYMBOLS] = {
#define PD_SYMBOL_KIND(name, k) PARADBG_LAYOUT_KIND_##k,
  PARADBG_OMP_SYMBOL_KINDS(PD_SYMBOL_KIND)
#undef PD_SYMBOL_KIND
};

ompd_rc_t pd_alloc(ompd_size_t n, void **p)
{
  *p = NULL;
  if (pd_cb == NULL)
    return ompd_rc_error;
  ompd_rc_t rc = pd_cb->alloc_memory(n ? n : 1, p);
  if (rc != ompd_rc_ok || *p == NULL)
    return ompd_rc_nomem;
  return ompd_rc_ok;
}

void pd_free(void *p)
{
  if (p != NULL && pd_cb != NULL)
    pd_cb->free_memory(p);
}

ompd_rc_t pd_read(ompd_address_space_handle_t *ah, ompd_addr_t addr, ompd_size_t n, void *buf)
{
  if (addr == 0)
    return ompd_rc_unavailable;
  if (addr + n < addr)
    return ompd_rc_bad_input;
  ompd_address_t a = { OMPD_SEGMENT_UNSPECIFIED, addr };
  ompd_rc_t rc = pd_cb->read_memory(ah->context, NULL, &a, n, buf);
  return rc == ompd_rc_ok ? ompd_rc_ok : ompd_rc_device_read_error;
}

ompd_rc_t pd_to_host(ompd_address_space_handle_t *ah, const void *raw, unsigned size,
                     uint64_t *out)
{
  return paradbg_plugin_to_host(pd_cb, ah->context, raw, size, out);
}

unsigned pd_field_offset(ompd_address_space_handle_t *ah, enum paradbg_omp_field f)
{
  return ah->layout.field[f].offset;
}

unsigned pd_field_size(ompd_address_space_handle_t *ah, enum paradbg_omp_field f)
{
  return ah->layout.field[f].size;
}

unsigned pd_type_size(ompd_address_space_handle_t *ah, enum paradbg_omp_type t)
{
  return ah->layout.type_size[t];
}

/* A value of kind k, in host order, widened with its sign. */
static ompd_rc_t to_host_kind(ompd_address_space_handle_t *ah, const void *raw, unsigned size,
                              unsigned k, uint64_t *out)
{
  ompd_rc_t rc = pd_to_host(ah, raw, size, out);
  if (rc == ompd_rc_ok)
    *out = paradbg_layout_widen(k, *out, size);
  return rc;
}

/* A field is read with every field of its record around it, in one read
   of the record's span: a debugger that keeps what it read while the
   target stands still (libparadbg does) then answers the record's other
   fields without reading again.  If the span does not read (a garbage
   pointer near the end of a mapping), the field alone is tried. */
ompd_rc_t pd_read_field(ompd_address_space_handle_t *ah, ompd_addr_t base,
                        enum paradbg_omp_field f, uint64_t *out)
{
  unsigned char span[PD_MAX_SPAN];
  unsigned size = pd_field_size(ah, f), off = pd_field_offset(ah, f);
  unsigned lo = ah->span_lo[f], hi = ah->span_hi[f];
  if (size > 8)
    return ompd_rc_incompatible;
  if (base == 0)
    return ompd_rc_unavailable;
  if (hi > lo && hi - lo <= sizeof span && off >= lo && off + size <= hi &&
      base + hi > base && pd_read(ah, base + lo, hi - lo, span) == ompd_rc_ok)
    return to_host_kind(ah, span + (off - lo), size, omp_spec_field_kind[f], out);
  ompd_rc_t rc = pd_read(ah, base + off, size, span);
  return rc != ompd_rc_ok ? rc : to_host_kind(ah, span, size, omp_spec_field_kind[f], out);
}

/* The value of a scalar symbol, read as its kind says. */
ompd_rc_t pd_read_symbol(ompd_address_space_handle_t *ah, enum pd_symbol sym, uint64_t *out)
{
  unsigned char raw[8];
  struct paradbg_layout_target t = { ah->sizes.sizeof_int, ah->sizes.sizeof_long,
                                     ah->sizes.sizeof_pointer };
  unsigned k = symbol_kind[sym], size = paradbg_layout_kind_size(k, &t);
  if (size == 0 || size > sizeof raw || paradbg_layout_kind_array(k))
    return ompd_rc_bad_input;   /* not a number: read it by its fields */
  ompd_rc_t rc = pd_read(ah, ah->sym[sym], size, raw);
  return rc != ompd_rc_ok ? rc : to_host_kind(ah, raw, size, k, out);
}

/* Reads fields first..last of one structure (they must lie in that order)
   in a single callback, within the record's span as pd_read_field does
   when cap allows; pd_field_from then picks them out. */
ompd_rc_t pd_read_fields(ompd_address_space_handle_t *ah, ompd_addr_t base,
                         enum paradbg_omp_field first, enum paradbg_omp_field last,
                         unsigned char *buf, unsigned cap, unsigned *buf_base)
{
  unsigned lo = pd_field_offset(ah, first);
  unsigned hi = pd_field_offset(ah, last) + pd_field_size(ah, last);
  unsigned slo = ah->span_lo[first], shi = ah->span_hi[first];
  if (hi <= lo || hi - lo > cap)
    return ompd_rc_incompatible;
  if (shi > slo && shi - slo <= cap && slo <= lo && hi <= shi &&
      base + shi > base && pd_read(ah, base + slo, shi - slo, buf) == ompd_rc_ok) {
    *buf_base = slo;
    return ompd_rc_ok;
  }
  *buf_base = lo;
  return pd_read(ah, base + lo, hi - lo, buf);
}

ompd_rc_t pd_field_from(ompd_address_space_handle_t *ah, const unsigned char *buf,
                        unsigned buf_base, enum paradbg_omp_field f, uint64_t *out)
{
  unsigned off = pd_field_offset(ah, f);
  if (off < buf_base)
    return ompd_rc_incompatible;
  return to_host_kind(ah, buf + (off - buf_base), pd_field_size(ah, f), omp_spec_field_kind[f], out);
}

/* The layout kit reads through the debugger's memory callback. */
struct layout_reader {
  ompd_address_space_handle_t *ah;
  ompd_rc_t rc;
};

static int read_for_layout(void *ctx, uint64_t addr, size_t n, void *buf)
{
  struct layout_reader *r = ctx;
  r->rc = pd_read(r->ah, addr, n, buf);
  return r->rc != ompd_rc_ok;
}

/* The table must be the one this library was built for: paradbg/layout.h's
   validator checks magic, version, size, the debugger's pointer size, and
   every field inside its structure and of its kind's size.  Anything else
   is another runtime: refuse it. */
ompd_rc_t pd_load_layout(ompd_address_space_handle_t *ah)
{
  ompd_addr_t at = ah->sym[PD_SYM_paradbg_omp_layout];
  struct paradbg_layout_target t = { ah->sizes.sizeof_int, ah->sizes.sizeof_long,
                                     ah->sizes.sizeof_pointer };
  struct layout_reader r = { ah, ompd_rc_ok };
  struct paradbg_omp_layout table;
  if (at == 0)
    return ompd_rc_incompatible;
  int v = paradbg_layout_read(&omp_spec, read_for_layout, &r, at, &t, &table, sizeof table);
  if (v == PARADBG_LAYOUT_UNREADABLE)
    return r.rc;
  if (v != PARADBG_LAYOUT_OK)
    return ompd_rc_incompatible;
  ah->layout = table;
  /* Each field's span grows by the fields of its type that overlap it or
     lie within PD_SPAN_GAP bytes, until none is left to add (the
     validator saw every field inside its type). */
  for (unsigned f = 0; f < PARADBG_OMP_NFIELDS; f++) {
    unsigned lo = table.field[f].offset, hi = lo + table.field[f].size, grew = 1;
    for (unsigned pass = 0; grew && pass < PARADBG_OMP_NFIELDS; pass++) {
      grew = 0;
      for (unsigned g = 0; g < PARADBG_OMP_NFIELDS; g++) {
        unsigned glo = table.field[g].offset, ghi = glo + table.field[g].size;
        if (omp_spec_field_type[g] != omp_spec_field_type[f] || (glo >= lo && ghi <= hi) ||
            glo > hi + PD_SPAN_GAP || ghi + PD_SPAN_GAP < lo)
          continue;
        lo = glo < lo ? glo : lo;
        hi = ghi > hi ? ghi : hi;
        grew = 1;
      }
    }
    ah->span_lo[f] = lo;
    ah->span_hi[f] = hi;
  }
  return ompd_rc_ok;
}
