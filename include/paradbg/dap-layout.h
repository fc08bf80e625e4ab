/* What a debugger plugin reads of libparcaf's registry of distributed arrays
   (paradbg/dap.h), written down once (see paradbg/layout.h for the kit):
   the runtime expands these lists into the exported table
   paradbg_dap_layout and checks each field's C type against its kind; a
   plugin reads with the same lists.

   Where the registry is.  In a coarray image it lies in that image's
   segment of the shared mapping, and the segment's field `dap` (caf-layout.h)
   is the address of its registry header, so one image's core holds every
   image's registry.  In any other process it is the exported structure
   paradbg_dap_registry in that process's memory.

   Every address in the registry (ADDR below) is one the registering
   process uses: in a coarray image, an address in its own view of its
   segment, which a reader in another image translates by caf-layout.h's
   rule for local views; a buffer outside the segment is readable only in
   that image's own process or core. */
#ifndef PARADBG_DAP_LAYOUT_H
#define PARADBG_DAP_LAYOUT_H

#include <stdint.h>

#include "paradbg/layout.h"

#define PARADBG_DAP_LAYOUT_MAGIC 0x50444150u     /* "PDAP" */
#define PARADBG_DAP_LAYOUT_VERSION 1
#define PARADBG_DAP_REGISTRY_MAGIC 0x44415052u   /* "DAPR" */
#define PARADBG_DAP_ARRAY_MAGIC 0x44415041u      /* "DAPA" */

#define PARADBG_DAP_TYPES(X) X(registry) X(array) X(dim)

/* A(X, struct, field, kind).
   - registry: first is the ADDR of the newest array record (0: none),
     count how many are linked; generation is odd while a change is under
     way and even at rest (a reader that sees it odd, or changed while it
     read, reads again); lock is the runtime's (0 free).
   - array: next is the ADDR of the next older record (0: the last); name
     and typestr are NUL-terminated within their bytes (PARADBG_DAP_NAME_MAX,
     PARADBG_DAP_TYPESTR_MAX); rank/nprocs the process's rank in the array
     and how many processes it spans; image the coarray image that
     registered it (0: not an image); buffer the ADDR of the local buffer,
     dims the ADDR of ndim dim records; id the registration's id.
   - dim: dist_type is 'b', 'c' or 'u'; periodic and one_to_one 0 or 1;
     padding holds two values; indices is the ADDR of extent int64_t
     global indices of a 'u' dimension (0 otherwise). */
#define PARADBG_DAP_FIELD_LIST(A, X)                                             \
  A(X, registry, magic, U32) A(X, registry, count, U32)                          \
  A(X, registry, generation, U32) A(X, registry, lock, U32)                      \
  A(X, registry, first, U64)                                                     \
  A(X, array, magic, U32) A(X, array, id, S32) A(X, array, next, U64)            \
  A(X, array, name, BYTES) A(X, array, typestr, BYTES)                           \
  A(X, array, ndim, S32) A(X, array, rank, S32) A(X, array, nprocs, S32)         \
  A(X, array, image, S32) A(X, array, buffer, U64) A(X, array, dims, U64)        \
  A(X, dim, dist_type, U32) A(X, dim, periodic, U32) A(X, dim, one_to_one, U32)  \
  A(X, dim, size, S64) A(X, dim, proc_grid_size, S64)                            \
  A(X, dim, proc_grid_rank, S64) A(X, dim, start, S64) A(X, dim, stop, S64)      \
  A(X, dim, padding, S64S) A(X, dim, block_size, S64) A(X, dim, extent, S64)     \
  A(X, dim, indices, U64)

#define PARADBG_DAP_FIELDS(X) PARADBG_DAP_FIELD_LIST(PARADBG_LAYOUT_NO_KIND, X)
#define PARADBG_DAP_FIELD_KINDS(X) PARADBG_DAP_FIELD_LIST(PARADBG_LAYOUT_WITH_KIND, X)

/* Exported symbols: A(X, name, kind).  paradbg_dap_registry is the
   registry of a process that is not a coarray image. */
#define PARADBG_DAP_SYMBOL_LIST(A, X) \
  A(X, paradbg_dap_layout, BYTES) A(X, paradbg_dap_registry, BYTES)

#define PARADBG_DAP_SYMBOLS(X) PARADBG_DAP_SYMBOL_LIST(PARADBG_LAYOUT_SYM_NO_KIND, X)
#define PARADBG_DAP_SYMBOL_KINDS(X) PARADBG_DAP_SYMBOL_LIST(PARADBG_LAYOUT_SYM_WITH_KIND, X)

/* Values a reader checks before it trusts a structure. */
#define PARADBG_DAP_CHECKS(X)                                                    \
  X(registry, magic, PARADBG_DAP_REGISTRY_MAGIC)                                 \
  X(array, magic, PARADBG_DAP_ARRAY_MAGIC)

enum paradbg_dap_type {
#define PARADBG_DAP_TYPE_ENUM(s) PARADBG_DAP_TYPE_##s,
  PARADBG_DAP_TYPES(PARADBG_DAP_TYPE_ENUM)
#undef PARADBG_DAP_TYPE_ENUM
  PARADBG_DAP_NTYPES
};

enum paradbg_dap_field {
#define PARADBG_DAP_FIELD_ENUM(s, f) PARADBG_DAP_FIELD_##s##_##f,
  PARADBG_DAP_FIELDS(PARADBG_DAP_FIELD_ENUM)
#undef PARADBG_DAP_FIELD_ENUM
  PARADBG_DAP_NFIELDS
};

/* struct paradbg_dap_layout, the exported table (paradbg/layout.h). */
PARADBG_LAYOUT_TABLE(paradbg_dap, PARADBG_DAP_NTYPES, PARADBG_DAP_NFIELDS);

/* For PARADBG_LAYOUT_SPEC(name, PARADBG_DAP): a field's type. */
#define PARADBG_DAP_FIELD_TYPE_OF_(s, f, k) PARADBG_DAP_TYPE_##s,

#endif
