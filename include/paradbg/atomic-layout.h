/* What a debugger plugin reads from libparatomic's lock table, written down
   once: the runtime expands these lists into the exported table
   paradbg_atomic_layout, and a plugin indexes it with the same lists. */
#ifndef PARADBG_ATOMIC_LAYOUT_H
#define PARADBG_ATOMIC_LAYOUT_H

#include <stdint.h>

#define PARADBG_ATOMIC_LAYOUT_MAGIC 0x50415443u   /* "PATC" */
#define PARADBG_ATOMIC_LAYOUT_VERSION 1

/* paratomic_locks is an array of paratomic_nlocks locks; an object at
   address a of n bytes is protected by the locks of the granules
   a / paratomic_granule ... (a + n - 1) / paratomic_granule, each granule g
   mapping to lock g % paratomic_nlocks, taken in increasing lock order. */
#define PARADBG_ATOMIC_TYPES(X) X(lock)

/* owner, addr and size describe the holder while state is not FREE. */
#define PARADBG_ATOMIC_FIELDS(X)                                   \
  X(lock, state) X(lock, waiters) X(lock, owner) X(lock, addr)     \
  X(lock, size)

#define PARADBG_ATOMIC_SYMBOLS(X) \
  X(paradbg_atomic_layout) X(paratomic_locks) X(paratomic_nlocks) X(paratomic_granule)

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

struct paradbg_atomic_field_layout {
  uint32_t offset;
  uint32_t size;
};

/* A reader checks magic and version first and reads at most table_size bytes. */
struct paradbg_atomic_layout {
  uint32_t magic;
  uint32_t version;
  uint32_t table_size;
  uint32_t ntypes;
  uint32_t nfields;
  uint32_t pointer_size;
  uint32_t type_size[PARADBG_ATOMIC_NTYPES];
  struct paradbg_atomic_field_layout field[PARADBG_ATOMIC_NFIELDS];
};

#endif
