/* The lock table's layout for debuggers, from include/paradbg/atomic-layout.h;
   each field's and symbol's C type is checked against the kind its list
   gives. */
#include <stddef.h>

#include "paratomic.h"

extern PAT_EXPORT const uint32_t paratomic_nlocks, paratomic_granule, paratomic_nwaits;

/* The debug library's base name; a debugger loads it only from its own
   trusted directories. */
PAT_EXPORT const char atomic_debugger_plugin[] = PARADBG_ATOMIC_PLUGIN;

#define PARADBG_LAYOUT_STRUCT(s) struct paratomic_##s
PARADBG_LAYOUT_DEFINE(PARADBG_ATOMIC, paradbg_atomic_layout, PAT_EXPORT);
#define CHECK_SYMBOL(name, k) PARADBG_LAYOUT_ASSERT(name, k, #name);
PARADBG_ATOMIC_SYMBOL_KINDS(CHECK_SYMBOL)
/* PARADBG_ATOMIC_ARRAYS: the table is nlocks locks side by side */
_Static_assert(sizeof paratomic_locks == PAT_NLOCKS * sizeof(struct paratomic_lock),
               "the lock table is not an array of its locks");
_Static_assert(sizeof paratomic_waits == PAT_NWAITS * sizeof(struct paratomic_wait),
               "the wait table is not an array of its slots");
