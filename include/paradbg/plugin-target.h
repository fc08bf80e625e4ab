/* What every paradbg debugger plugin does with a value it read from the
   target: a field of 1, 2, 4 or 8 bytes, in the target's byte order, made a
   host number through the debugger's device_to_host callback (plain bytes
   when the debugger gives none).  Plugins only: it needs omp-tools.h's
   callback table, which the runtimes never include. */
#ifndef PARADBG_PLUGIN_TARGET_H
#define PARADBG_PLUGIN_TARGET_H

#include <stdint.h>
#include <string.h>

#include <omp-tools.h>

/* ompd_rc_incompatible for another size, ompd_rc_callback_error when the
   conversion fails. */
static inline ompd_rc_t paradbg_plugin_to_host(const ompd_callbacks_t *cb,
                                               ompd_address_space_context_t *context,
                                               const void *raw, unsigned size, uint64_t *out)
{
  union {
    uint8_t u8;
    uint16_t u16;
    uint32_t u32;
    uint64_t u64;
  } v;
  if (size != 1 && size != 2 && size != 4 && size != 8)
    return ompd_rc_incompatible;
  if (cb->device_to_host != NULL) {
    if (cb->device_to_host(context, raw, size, 1, &v) != ompd_rc_ok)
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

#endif
