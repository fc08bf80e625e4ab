/* What a debugger plugin reads from libparatomic's lock table, written down
   once (see paradbg/layout.h for the kit): the runtime expands these lists
   into the exported table paradbg_atomic_layout and checks each field's C
   type against its kind; a plugin reads the table with the same lists. */
#ifndef PARADBG_ATOMIC_LAYOUT_H
#define PARADBG_ATOMIC_LAYOUT_H

#include <stdint.h>

#include "paradbg/layout.h"

#define PARADBG_ATOMIC_LAYOUT_MAGIC 0x50415443u   /* "PATC" */
#define PARADBG_ATOMIC_LAYOUT_VERSION 3

/* The debug library libparatomic names (atomic_debugger_plugin): the
   coarray library reads the lock table too (docs/atomics.md says why). */
#define PARADBG_ATOMIC_PLUGIN "libcafdbg.so"

#define PARADBG_ATOMIC_TYPES(X) X(lock) X(wait)

/* The fields, with what each holds: A(X, struct, field, kind).
   PARADBG_ATOMIC_FIELDS(X) gives X(s, f), PARADBG_ATOMIC_FIELD_KINDS(X)
   X(s, f, kind).  state is a PARADBG_ATOMIC_LOCK_*; owner (an LWP id),
   addr and size describe the holder while state is not FREE and seq is
   odd (a new holder writes them just after it takes the lock, then makes
   seq odd; they are not cleared on release).  A wait slot with lwp > 0 is a thread (that LWP)
   that waits for lock number `lock` to work on the addr/size object; lwp 0
   is a free slot, -1 one being filled.  A waiter that finds every slot in
   use is counted in its lock's waiters only. */
#define PARADBG_ATOMIC_FIELD_LIST(A, X)                                          \
  A(X, lock, state, U32) A(X, lock, waiters, U32) A(X, lock, owner, S32)          \
  A(X, lock, addr, U64) A(X, lock, size, U64) A(X, lock, seq, U32)                \
  A(X, wait, lwp, S32) A(X, wait, lock, U32) A(X, wait, addr, U64) A(X, wait, size, U64)

#define PARADBG_ATOMIC_FIELDS(X) PARADBG_ATOMIC_FIELD_LIST(PARADBG_LAYOUT_NO_KIND, X)
#define PARADBG_ATOMIC_FIELD_KINDS(X) PARADBG_ATOMIC_FIELD_LIST(PARADBG_LAYOUT_WITH_KIND, X)

/* Exported symbols, with what each holds: A(X, name, kind). */
#define PARADBG_ATOMIC_SYMBOL_LIST(A, X)                                         \
  A(X, paradbg_atomic_layout, BYTES) A(X, paratomic_locks, BYTES)                \
  A(X, paratomic_nlocks, U32) A(X, paratomic_granule, U32)                        \
  A(X, paratomic_waits, BYTES) A(X, paratomic_nwaits, U32)                        \
  A(X, atomic_debugger_plugin, BYTES)

#define PARADBG_ATOMIC_SYMBOLS(X) PARADBG_ATOMIC_SYMBOL_LIST(PARADBG_LAYOUT_SYM_NO_KIND, X)
#define PARADBG_ATOMIC_SYMBOL_KINDS(X) \
  PARADBG_ATOMIC_SYMBOL_LIST(PARADBG_LAYOUT_SYM_WITH_KIND, X)

/* The lock table: X(name, base symbol, count symbol, element type).  Lock
   i lies at base + i * type_size[lock], i < the count.  An object at
   address a of n bytes is protected by the locks of the granules
   a / paratomic_granule ... (a + n - 1) / paratomic_granule (all of them
   once it spans paratomic_nlocks granules), granule g by lock
   paradbg_atomic_lock_of(g * granule, ...); they are taken in increasing
   lock order.  The wait slots lie likewise. */
#define PARADBG_ATOMIC_ARRAYS(X)                                  \
  X(locks, paratomic_locks, paratomic_nlocks, lock)               \
  X(waits, paratomic_waits, paratomic_nwaits, wait)

/* The lock that protects the byte at addr. */
static inline uint64_t paradbg_atomic_lock_of(uint64_t addr, uint64_t granule, uint64_t nlocks)
{
  return addr / granule % nlocks;
}

/* The locks an operation on the n bytes at addr takes (n 0: one byte):
   count of them from first on, modulo nlocks; all nlocks (from 0) when the
   object spans nlocks granules or more, or wraps past the end of the
   address space.  The runtime and the plugin both use this (returned by
   value: that compiles as well as the runtime's own arithmetic did). */
struct paradbg_atomic_span {
  uint64_t first, count;
};

static inline struct paradbg_atomic_span paradbg_atomic_span_of(uint64_t addr, uint64_t n,
                                                                uint64_t granule, uint64_t nlocks)
{
  uint64_t g0 = addr / granule, g1 = (addr + (n ? n - 1 : 0)) / granule;
  /* one compare (nlocks >= 1): a wrap makes g1 - g0 huge */
  if (g1 - g0 >= nlocks - 1)
    return (struct paradbg_atomic_span){ 0, nlocks };
  return (struct paradbg_atomic_span){ paradbg_atomic_lock_of(addr, granule, nlocks), g1 - g0 + 1 };
}

/* lock.state: X(name, value, text) */
#define PARADBG_ATOMIC_LOCK_STATES(X) \
  X(FREE, 0, "free")                  \
  X(HELD, 1, "held")                  \
  X(CONTENDED, 2, "held, threads waiting")

enum paradbg_atomic_lock_state {
#define PARADBG_ATOMIC_STATE_ENUM(n, v, t) PARADBG_ATOMIC_LOCK_##n = v,
  PARADBG_ATOMIC_LOCK_STATES(PARADBG_ATOMIC_STATE_ENUM)
#undef PARADBG_ATOMIC_STATE_ENUM
};

enum paradbg_atomic_type {
#define PARADBG_ATOMIC_TYPE_ENUM(s) PARADBG_ATOMIC_TYPE_##s,
  PARADBG_ATOMIC_TYPES(PARADBG_ATOMIC_TYPE_ENUM)
#undef PARADBG_ATOMIC_TYPE_ENUM
  PARADBG_ATOMIC_NTYPES
};

enum paradbg_atomic_field {
#define PARADBG_ATOMIC_FIELD_ENUM(s, f) PARADBG_ATOMIC_FIELD_##s##_##f,
  PARADBG_ATOMIC_FIELDS(PARADBG_ATOMIC_FIELD_ENUM)
#undef PARADBG_ATOMIC_FIELD_ENUM
  PARADBG_ATOMIC_NFIELDS
};

/* struct paradbg_atomic_layout, the exported table (paradbg/layout.h). */
PARADBG_LAYOUT_TABLE(paradbg_atomic, PARADBG_ATOMIC_NTYPES, PARADBG_ATOMIC_NFIELDS);

/* For PARADBG_LAYOUT_SPEC(name, PARADBG_ATOMIC): a field's type. */
#define PARADBG_ATOMIC_FIELD_TYPE_OF_(s, f, k) PARADBG_ATOMIC_TYPE_##s,

#endif
