/* What a debugger plugin reads from libparcaf, written down once (see
   paradbg/layout.h for the kit).  The runtime expands these lists into the
   exported table paradbg_caf_layout, checks each field's C type against its
   kind, and finds the arrays of the mapping through PARADBG_CAF_ARRAYS; the
   plugin expands the same lists to read.  All coarray state lives in one
   shared mapping, and every place in it is an offset (PARADBG_CAF_OFFSETS
   says from where), so one image's core decodes every image. */
#ifndef PARADBG_CAF_LAYOUT_H
#define PARADBG_CAF_LAYOUT_H

#include <stdint.h>

#include "paradbg/layout.h"

#define PARADBG_CAF_LAYOUT_MAGIC 0x50434146u   /* "PCAF" */
/* 2: shared.version joined the fields.  3: image.wait_count,
   image.wait_operation, token.token_var and token.desc.  4: segment.dap. */
#define PARADBG_CAF_LAYOUT_VERSION 4
#define PARADBG_CAF_SHARED_MAGIC 0x43414653u   /* "CAFS" at the mapping start */
#define PARADBG_CAF_SEGMENT_MAGIC 0x43414647u  /* "CAFG" at each segment start */
#define PARADBG_CAF_TOKEN_MAGIC 0x43414654u    /* "CAFT" in each token record */

#define PARADBG_CAF_TYPES(X) \
  X(shared) X(image) X(team) X(segment) X(heap) X(block) X(token) X(lock) X(event)

/* The fields, with what each holds (paradbg/layout.h's kinds):
   A(X, struct, field, kind).  PARADBG_CAF_FIELDS(X) gives X(s, f),
   PARADBG_CAF_FIELD_KINDS(X) X(s, f, kind).
   - image.status is a PARADBG_CAF_IMAGE_*, image.wait_kind a
     PARADBG_CAF_WAIT_*; wait_image is the global image number the wait
     concerns (0: none), wait_offset the object waited on (OFFSETS);
     wait_count the count an EVENT WAIT needs (UNTIL_COUNT, at least 1),
     wait_operation the PARADBG_CAF_COLLECTIVE_* a collective wait is in.
   - segment.sym and segment.asym are heaps: collective allocations (the
     same offsets on every image) and per-image ones.
   - token.lbound and token.ubound hold `rank` bounds; token.token_var is
     the address, in the image's own address space, of the program's token
     variable (the caf_token_t it passed to _gfortran_caf_register), and
     token.desc that of the program's descriptor of an ALLOCATE'd coarray
     (0 for others); lock.owner is the global image number of the holder,
     0 when unlocked.
   - segment.dap is the address, in the image's own view of its segment,
     of its registry of distributed arrays (paradbg/dap-layout.h), 0 none. */
#define PARADBG_CAF_FIELD_LIST(A, X)                                             \
  A(X, shared, magic, U32) A(X, shared, version, U32)                            \
  A(X, shared, num_images, U32) A(X, shared, max_teams, U32)                     \
  A(X, shared, map_size, U64) A(X, shared, segment_size, U64)                    \
  A(X, shared, segments_off, OFF64) A(X, shared, images_off, OFF64)              \
  A(X, shared, sync_off, OFF64) A(X, shared, teams_off, OFF64)                   \
  A(X, shared, team_stride, U64) A(X, shared, error_code, S32)                   \
  A(X, shared, error_image, S32) A(X, shared, supervisor_pid, S64)               \
  A(X, shared, failures, U32)                                                    \
  A(X, image, pid, S32) A(X, image, status, S32) A(X, image, stop_code, S32)     \
  A(X, image, signal, S32) A(X, image, wait_kind, S32) A(X, image, wait_image, S32) \
  A(X, image, wait_offset, OFF64) A(X, image, team, S32) A(X, image, team_index, S32) \
  A(X, image, wait_count, S32) A(X, image, wait_operation, S32)                  \
  A(X, team, refs, S32) A(X, team, number, S32) A(X, team, parent, S32)          \
  A(X, team, size, S32) A(X, team, members_off, OFF64) A(X, team, epochs_off, OFF64) \
  A(X, segment, magic, U32) A(X, segment, image, S32) A(X, segment, sym, BYTES)  \
  A(X, segment, asym, BYTES) A(X, segment, registry, OFF64) A(X, segment, ntokens, U64) \
  A(X, segment, dap, U64)                                                        \
  A(X, heap, start, OFF64) A(X, heap, end, OFF64) A(X, heap, first, OFF64)       \
  A(X, heap, used, U64)                                                          \
  A(X, block, size, U64) A(X, block, next, OFF64) A(X, block, free, U32)         \
  A(X, token, magic, U32) A(X, token, regtype, S32) A(X, token, nbytes, U64)     \
  A(X, token, nelem, U64) A(X, token, data, OFF64) A(X, token, next, OFF64)      \
  A(X, token, rank, S32) A(X, token, type, S32) A(X, token, elem_len, U64)       \
  A(X, token, lbound, S64S) A(X, token, ubound, S64S) A(X, token, serial, U64)   \
  A(X, token, token_var, U64) A(X, token, desc, U64)                             \
  A(X, lock, owner, S32) A(X, lock, waiters, U32)                                \
  A(X, event, count, S32) A(X, event, waiters, U32)

#define PARADBG_CAF_FIELDS(X) PARADBG_CAF_FIELD_LIST(PARADBG_LAYOUT_NO_KIND, X)
#define PARADBG_CAF_FIELD_KINDS(X) PARADBG_CAF_FIELD_LIST(PARADBG_LAYOUT_WITH_KIND, X)

/* What each offset (OFF64 field) counts from, and what it leads to:
   X(struct, field, from, to).
   from: MAP, the mapping's start (the value of parcaf_shared); SEGMENT, the
   start of the segment the structure lies in; WAIT_SEGMENT, the segment of
   image wait_image (of the waiting image itself when wait_image is 0).
   to: a type of the table; U32, an array of uint32_t (PARADBG_CAF_ARRAYS);
   DATA, the program's bytes; OBJECT, the lock or event of wait_kind; END,
   one past the heap.  A SEGMENT offset of 0 means none: offset 0 is the
   segment's own header.  Every OFF64 field is listed here. */
#define PARADBG_CAF_OFFSETS(X)                                                   \
  X(shared, segments_off, MAP, segment) X(shared, images_off, MAP, image)        \
  X(shared, sync_off, MAP, U32) X(shared, teams_off, MAP, team)                  \
  X(team, members_off, MAP, U32) X(team, epochs_off, MAP, U32)                   \
  X(image, wait_offset, WAIT_SEGMENT, OBJECT)                                    \
  X(segment, registry, SEGMENT, token) X(token, next, SEGMENT, token)            \
  X(token, data, SEGMENT, DATA)                                                  \
  X(heap, start, SEGMENT, block) X(heap, first, SEGMENT, block)                  \
  X(heap, end, SEGMENT, END) X(block, next, SEGMENT, block)

/* The arrays of the mapping.  Element [i][j] (from 0) of an array lies at
       mapping + holder.offset + (i * cols + j) * stride,   i < rows, j < cols
   where holder is the shared header, or for a team's arrays that team's
   record; rows and cols are fields of the shared header (ONE: 1); the
   stride is the size of a type of the table (TYPE, t), of a kind (KIND, k)
   or a field of the shared header (FIELD, f).
   X(name, holder, offset, rows, cols, stride_how, stride_what)
   - images[g - 1]: global image g.
   - segments[g - 1]: image g's segment.  An address p in an image's own
     local view (parcaf_local_view up to segment_size bytes on) is, on image
     g, segments[g - 1] + (p - parcaf_local_view).
   - sync[a - 1][b - 1]: how many SYNC IMAGES image a has announced to b.
   - teams[slot]: team slots; a team's parent and image.team are slots.
   - members[k - 1]: the global image number of team index k (k <= size);
     epochs[k - 1]: the barriers team index k has arrived at. */
#define PARADBG_CAF_ARRAYS(X)                                                    \
  X(images, shared, images_off, num_images, ONE, TYPE, image)                    \
  X(segments, shared, segments_off, num_images, ONE, FIELD, segment_size)        \
  X(sync, shared, sync_off, num_images, num_images, KIND, U32)                   \
  X(teams, shared, teams_off, max_teams, ONE, FIELD, team_stride)                \
  X(members, team, members_off, num_images, ONE, KIND, U32)                      \
  X(epochs, team, epochs_off, num_images, ONE, KIND, U32)

/* Values a reader checks before it trusts a structure: X(struct, field,
   value).  shared.version is the layout version the mapping was laid out
   by, which must be the table's. */
#define PARADBG_CAF_CHECKS(X)                                                    \
  X(shared, magic, PARADBG_CAF_SHARED_MAGIC)                                     \
  X(shared, version, PARADBG_CAF_LAYOUT_VERSION)                                 \
  X(segment, magic, PARADBG_CAF_SEGMENT_MAGIC)                                   \
  X(token, magic, PARADBG_CAF_TOKEN_MAGIC)

/* Exported symbols a plugin looks up by name (all in .dynsym), with what
   each holds: A(X, name, kind).  parcaf_shared points to the mapping;
   parcaf_local_view to this image's own view of its segment;
   parcaf_this_image is this image's number (0 in the supervisor and before
   the images start). */
#define PARADBG_CAF_SYMBOL_LIST(A, X)                                            \
  A(X, paradbg_caf_layout, BYTES) A(X, parcaf_shared, PTR)                       \
  A(X, parcaf_local_view, PTR) A(X, parcaf_this_image, INT)                      \
  A(X, caf_debugger_plugin, BYTES)

#define PARADBG_CAF_SYMBOLS(X) PARADBG_CAF_SYMBOL_LIST(PARADBG_LAYOUT_SYM_NO_KIND, X)
#define PARADBG_CAF_SYMBOL_KINDS(X) PARADBG_CAF_SYMBOL_LIST(PARADBG_LAYOUT_SYM_WITH_KIND, X)

/* image.status: X(name, value, text) */
#define PARADBG_CAF_IMAGE_STATES(X)          \
  X(UNUSED, 0, "not started")                \
  X(RUNNING, 1, "running")                   \
  X(STOPPED, 2, "stopped")                   \
  X(FAILED, 3, "failed")                     \
  X(ERROR_STOPPED, 4, "error stop")

/* image.wait_kind: what a blocked image waits for (wait_image and
   wait_offset say whose and which object). */
#define PARADBG_CAF_WAITS(X)                 \
  X(NONE, 0, "-")                            \
  X(SYNC_ALL, 1, "sync all")                 \
  X(SYNC_IMAGES, 2, "sync images")           \
  X(LOCK, 3, "lock")                         \
  X(CRITICAL, 4, "critical")                 \
  X(EVENT, 5, "event wait")                  \
  X(COLLECTIVE, 6, "collective")             \
  X(TERMINATION, 7, "normal termination")    \
  X(TEAM, 8, "team synchronisation")

/* image.wait_operation: the collective a COLLECTIVE wait is in. */
#define PARADBG_CAF_COLLECTIVES(X)           \
  X(NONE, 0, "")                             \
  X(BROADCAST, 1, "co_broadcast")            \
  X(SUM, 2, "co_sum")                        \
  X(MIN, 3, "co_min")                        \
  X(MAX, 4, "co_max")                        \
  X(REDUCE, 5, "co_reduce")

enum paradbg_caf_collective {
#define PARADBG_CAF_COLLECTIVE_ENUM(n, v, t) PARADBG_CAF_COLLECTIVE_##n = v,
  PARADBG_CAF_COLLECTIVES(PARADBG_CAF_COLLECTIVE_ENUM)
#undef PARADBG_CAF_COLLECTIVE_ENUM
};

enum paradbg_caf_image_state {
#define PARADBG_CAF_STATE_ENUM(n, v, t) PARADBG_CAF_IMAGE_##n = v,
  PARADBG_CAF_IMAGE_STATES(PARADBG_CAF_STATE_ENUM)
#undef PARADBG_CAF_STATE_ENUM
};

enum paradbg_caf_wait {
#define PARADBG_CAF_WAIT_ENUM(n, v, t) PARADBG_CAF_WAIT_##n = v,
  PARADBG_CAF_WAITS(PARADBG_CAF_WAIT_ENUM)
#undef PARADBG_CAF_WAIT_ENUM
};

enum paradbg_caf_type {
#define PARADBG_CAF_TYPE_ENUM(s) PARADBG_CAF_TYPE_##s,
  PARADBG_CAF_TYPES(PARADBG_CAF_TYPE_ENUM)
#undef PARADBG_CAF_TYPE_ENUM
  PARADBG_CAF_NTYPES
};

enum paradbg_caf_field {
#define PARADBG_CAF_FIELD_ENUM(s, f) PARADBG_CAF_FIELD_##s##_##f,
  PARADBG_CAF_FIELDS(PARADBG_CAF_FIELD_ENUM)
#undef PARADBG_CAF_FIELD_ENUM
  PARADBG_CAF_NFIELDS
};

/* struct paradbg_caf_layout, the exported table (paradbg/layout.h). */
PARADBG_LAYOUT_TABLE(paradbg_caf, PARADBG_CAF_NTYPES, PARADBG_CAF_NFIELDS);

/* For PARADBG_LAYOUT_SPEC(name, PARADBG_CAF): a field's type. */
#define PARADBG_CAF_FIELD_TYPE_OF_(s, f, k) PARADBG_CAF_TYPE_##s,

#endif
