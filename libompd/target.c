/* Reading the target: memory through the debugger's callbacks, values in
   the target's byte order and sizes, and the runtime's layout table, which
   is checked before anything else is read. */
#include "config.h"

#include <stddef.h>
#include <string.h>

#include "ompd-private.h"

const ompd_callbacks_t *pd_cb;

/* Which structure each field belongs to, from the same list. */
static const unsigned char field_type[PARADBG_OMP_NFIELDS] = {
#define PD_FIELD_TYPE(s, f) PARADBG_OMP_TYPE_##s,
  PARADBG_OMP_FIELDS(PD_FIELD_TYPE)
#undef PD_FIELD_TYPE
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
  union {
    uint8_t u8;
    uint16_t u16;
    uint32_t u32;
    uint64_t u64;
  } v;
  if (size != 1 && size != 2 && size != 4 && size != 8)
    return ompd_rc_incompatible;
  if (pd_cb->device_to_host != NULL) {
    if (pd_cb->device_to_host(ah->context, raw, size, 1, &v) != ompd_rc_ok)
      return ompd_rc_callback_error;
  } else {
    memcpy(&v, raw, size);
  }
  switch (size) {
  case 1: *out = v.u8; break;
  case 2: *out = v.u16; break;
  case 4: *out = v.u32; break;
  default: *out = v.u64; break;
  }
  return ompd_rc_ok;
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

ompd_rc_t pd_read_field(ompd_address_space_handle_t *ah, ompd_addr_t base,
                        enum paradbg_omp_field f, uint64_t *out)
{
  unsigned char raw[8];
  unsigned size = pd_field_size(ah, f);
  if (size > sizeof raw)
    return ompd_rc_incompatible;
  if (base == 0)
    return ompd_rc_unavailable;
  ompd_rc_t rc = pd_read(ah, base + pd_field_offset(ah, f), size, raw);
  return rc != ompd_rc_ok ? rc : pd_to_host(ah, raw, size, out);
}

/* Reads fields first..last of one structure (they must lie in that order)
   in a single callback; pd_field_from then picks them out. */
ompd_rc_t pd_read_fields(ompd_address_space_handle_t *ah, ompd_addr_t base,
                         enum paradbg_omp_field first, enum paradbg_omp_field last,
                         unsigned char *buf, unsigned cap, unsigned *buf_base)
{
  unsigned lo = pd_field_offset(ah, first);
  unsigned hi = pd_field_offset(ah, last) + pd_field_size(ah, last);
  if (hi <= lo || hi - lo > cap)
    return ompd_rc_incompatible;
  *buf_base = lo;
  return pd_read(ah, base + lo, hi - lo, buf);
}

ompd_rc_t pd_field_from(ompd_address_space_handle_t *ah, const unsigned char *buf,
                        unsigned buf_base, enum paradbg_omp_field f, uint64_t *out)
{
  unsigned off = pd_field_offset(ah, f);
  if (off < buf_base)
    return ompd_rc_incompatible;
  return pd_to_host(ah, buf + (off - buf_base), pd_field_size(ah, f), out);
}

static ompd_rc_t u32_at(ompd_address_space_handle_t *ah, const void *raw, uint32_t *out)
{
  uint64_t v;
  ompd_rc_t rc = pd_to_host(ah, raw, 4, &v);
  *out = (uint32_t)v;
  return rc;
}

/* The table must be the one this library was built for: same magic and
   version, the same lists, the debugger's pointer size, and every field
   inside its structure.  Anything else is another runtime: refuse it. */
ompd_rc_t pd_load_layout(ompd_address_space_handle_t *ah)
{
  ompd_addr_t at = ah->sym[PD_SYM_paradbg_omp_layout];
  struct paradbg_omp_layout raw;
  uint32_t *words = (uint32_t *)&raw;
  size_t nwords = sizeof raw / sizeof(uint32_t);
  ompd_rc_t rc;
  if (at == 0)
    return ompd_rc_incompatible;
  /* the header first: a table of another version may be shorter */
  if ((rc = pd_read(ah, at, 6 * sizeof(uint32_t), &raw)) != ompd_rc_ok)
    return rc;
  for (size_t i = 0; i < 6; i++)
    if ((rc = u32_at(ah, &words[i], &words[i])) != ompd_rc_ok)
      return rc;
  if (raw.magic != PARADBG_OMP_LAYOUT_MAGIC || raw.version != PARADBG_OMP_LAYOUT_VERSION)
    return ompd_rc_incompatible;
  if (raw.table_size != sizeof raw || raw.ntypes != PARADBG_OMP_NTYPES ||
      raw.nfields != PARADBG_OMP_NFIELDS || raw.pointer_size != ah->sizes.sizeof_pointer)
    return ompd_rc_incompatible;
  if ((rc = pd_read(ah, at, sizeof raw, &raw)) != ompd_rc_ok)
    return rc;
  for (size_t i = 0; i < nwords; i++)
    if ((rc = u32_at(ah, &words[i], &words[i])) != ompd_rc_ok)
      return rc;
  for (unsigned t = 0; t < PARADBG_OMP_NTYPES; t++)
    if (raw.type_size[t] == 0 || raw.type_size[t] > PD_MAX_TYPE_SIZE)
      return ompd_rc_incompatible;
  for (unsigned f = 0; f < PARADBG_OMP_NFIELDS; f++) {
    uint32_t off = raw.field[f].offset, size = raw.field[f].size;
    if (size == 0 || off > raw.type_size[field_type[f]] ||
        size > raw.type_size[field_type[f]] - off)
      return ompd_rc_incompatible;
  }
  ah->layout = raw;
  return ompd_rc_ok;
}
