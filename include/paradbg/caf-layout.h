/* What a debugger plugin reads from libparcaf, written down once.  The
   runtime expands these lists into the exported table paradbg_caf_layout and
   the plugin indexes it with the same lists.  All coarray state lives in one
   shared mapping; every offset stored in it is relative to the mapping's
   start (shared.*_off) or to the owning image's segment (segment, heap and
   token fields), so one image's core decodes every image. */
#ifndef PARADBG_CAF_LAYOUT_H
#define PARADBG_CAF_LAYOUT_H

#include <stdint.h>

#define PARADBG_CAF_LAYOUT_MAGIC 0x50434146u   /* "PCAF" */
#define PARADBG_CAF_LAYOUT_VERSION 1
#define PARADBG_CAF_SHARED_MAGIC 0x43414653u   /* "CAFS" at the mapping start */
#define PARADBG_CAF_SEGMENT_MAGIC 0x43414647u  /* "CAFG" at each segment start */
#define PARADBG_CAF_TOKEN_MAGIC 0x43414654u    /* "CAFT" in each token record */

#define PARADBG_CAF_TYPES(X) \
  X(shared) X(image) X(team) X(segment) X(heap) X(block) X(token) X(lock) X(event)

#define PARADBG_CAF_FIELDS(X)                                                  \
  X(shared, magic) X(shared, num_images) X(shared, max_teams)                  \
  X(shared, map_size) X(shared, segment_size) X(shared, segments_off)          \
  X(shared, images_off) X(shared, sync_off) X(shared, teams_off)               \
  X(shared, team_stride) X(shared, error_code) X(shared, error_image)          \
  X(shared, supervisor_pid) X(shared, failures)                                \
  X(image, pid) X(image, status) X(image, stop_code) X(image, signal)          \
  X(image, wait_kind) X(image, wait_image) X(image, wait_offset)               \
  X(image, team) X(image, team_index)                                          \
  X(team, refs) X(team, number) X(team, parent) X(team, size)                  \
  X(team, members_off) X(team, epochs_off)                                     \
  X(segment, magic) X(segment, image) X(segment, sym) X(segment, asym)         \
  X(segment, registry) X(segment, ntokens)                                     \
  X(heap, start) X(heap, end) X(heap, first) X(heap, used)                     \
  X(block, size) X(block, next) X(block, free)                                 \
  X(token, magic) X(token, regtype) X(token, nbytes) X(token, nelem)           \
  X(token, data) X(token, next) X(token, rank) X(token, type)                  \
  X(token, elem_len) X(token, lbound) X(token, ubound) X(token, serial)        \
  X(lock, owner) X(lock, waiters)                                              \
  X(event, count) X(event, waiters)

/* Exported symbols a plugin looks up by name (all in .dynsym). */
#define PARADBG_CAF_SYMBOLS(X) \
  X(paradbg_caf_layout) X(parcaf_shared) X(parcaf_local_view) X(parcaf_this_image) \
  X(caf_debugger_plugin)

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

struct paradbg_caf_field_layout {
  uint32_t offset;
  uint32_t size;
};

/* A reader checks magic and version first and reads at most table_size bytes. */
struct paradbg_caf_layout {
  uint32_t magic;
  uint32_t version;
  uint32_t table_size;
  uint32_t ntypes;
  uint32_t nfields;
  uint32_t pointer_size;
  uint32_t type_size[PARADBG_CAF_NTYPES];
  struct paradbg_caf_field_layout field[PARADBG_CAF_NFIELDS];
};

#endif
