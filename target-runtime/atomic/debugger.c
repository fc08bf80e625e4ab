/* The lock table's layout for debuggers, from include/paradbg/atomic-layout.h;
   each field's and symbol's C type is checked against the kind its list
   gives. */
#include <stddef.h>

#include "paratomic.h"

extern PAT_EXPORT const uint32_t paratomic_nlocks, paratomic_granule;

#define TYPE_SIZE(s) sizeof(struct paratomic_##s),
#define FIELD(s, f, k) PARADBG_LAYOUT_ENTRY(struct paratomic_##s, f),
PAT_EXPORT const struct paradbg_atomic_layout paradbg_atomic_layout =
    PARADBG_LAYOUT_INIT(PARADBG_ATOMIC, TYPE_SIZE, FIELD);
#define CHECK_FIELD(s, f, k) PARADBG_LAYOUT_ASSERT_FIELD(struct paratomic_##s, f, k);
PARADBG_ATOMIC_FIELD_KINDS(CHECK_FIELD)
#define CHECK_SYMBOL(name, k) PARADBG_LAYOUT_ASSERT(name, k, #name);
PARADBG_ATOMIC_SYMBOL_KINDS(CHECK_SYMBOL)
_Static_assert(sizeof paradbg_atomic_layout ==
                   PARADBG_LAYOUT_TABLE_SIZE(PARADBG_ATOMIC_NTYPES, PARADBG_ATOMIC_NFIELDS),
               "the table has padding");
/* PARADBG_ATOMIC_ARRAYS: the table is nlocks locks side by side */
_Static_assert(sizeof paratomic_locks == PAT_NLOCKS * sizeof(struct paratomic_lock),
               "the lock table is not an array of its locks");
