/* The lock table's layout for debuggers, from include/paradbg/atomic-layout.h. */
#include <stddef.h>

#include "paratomic.h"

#define TYPE_SIZE(s) [PARADBG_ATOMIC_TYPE_##s] = sizeof(struct paratomic_##s),
#define FIELD(s, f) \
  [PARADBG_ATOMIC_FIELD_##s##_##f] = {offsetof(struct paratomic_##s, f), sizeof(((struct paratomic_##s *)0)->f)},

PAT_EXPORT const struct paradbg_atomic_layout paradbg_atomic_layout = {
  PARADBG_ATOMIC_LAYOUT_MAGIC,
  PARADBG_ATOMIC_LAYOUT_VERSION,
  sizeof(struct paradbg_atomic_layout),
  PARADBG_ATOMIC_NTYPES,
  PARADBG_ATOMIC_NFIELDS,
  sizeof(void *),
  {PARADBG_ATOMIC_TYPES(TYPE_SIZE)},
  {PARADBG_ATOMIC_FIELDS(FIELD)},
};
