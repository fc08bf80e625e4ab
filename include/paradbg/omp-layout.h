/* What a debugger plugin reads from libparomp, written down once.  The
   runtime expands these lists into the exported table paradbg_omp_layout;
   the plugin expands the same lists to index it, so the two cannot disagree.
   A plugin that finds another magic or version must refuse the target. */
#ifndef PARADBG_OMP_LAYOUT_H
#define PARADBG_OMP_LAYOUT_H

#include <stdint.h>

#define PARADBG_OMP_LAYOUT_MAGIC 0x504f4d50u   /* "POMP" */
#define PARADBG_OMP_LAYOUT_VERSION 1

/* The runtime's structures a plugin reads: X(struct tag without paromp_). */
#define PARADBG_OMP_TYPES(X) \
  X(thread)                  \
  X(tstate)                  \
  X(team)                    \
  X(task)                    \
  X(taskgroup)               \
  X(icvs)                    \
  X(global_icvs)             \
  X(thread_ref)

/* Their fields: X(struct, field). */
#define PARADBG_OMP_FIELDS(X)                                                \
  X(thread, reg_next) X(thread, lwp) X(thread, pthread) X(thread, serial)    \
  X(thread, is_worker) X(thread, place) X(thread, state) X(thread, wait_id)  \
  X(thread, ts) X(thread, ompt_data)                                        \
  X(tstate, team) X(tstate, num) X(tstate, task) X(tstate, ws)               \
  X(team, nthreads) X(team, level) X(team, active_level) X(team, id)         \
  X(team, parent) X(team, parent_num) X(team, master) X(team, fn)            \
  X(team, threads) X(team, itasks) X(team, child_icv) X(team, task_count)    \
  X(team, cancelled) X(team, ompt_data)                                      \
  X(task, parent) X(task, team) X(task, taskgroup) X(task, icv) X(task, fn)  \
  X(task, data) X(task, id) X(task, kind) X(task, final) X(task, undeferred) \
  X(task, untied) X(task, state) X(task, priority) X(task, children)        \
  X(task, npred) X(task, ompt_data) X(task, frame) X(task, scheduler)      \
  X(taskgroup, prev) X(taskgroup, pending) X(taskgroup, cancelled)           \
  X(icvs, nthreads) X(icvs, dyn) X(icvs, sched) X(icvs, sched_chunk)         \
  X(icvs, bind) X(icvs, default_device) X(icvs, nthreads_pos)              \
  X(icvs, bind_pos)                                                          \
  X(global_icvs, thread_limit) X(global_icvs, max_active_levels)            \
  X(global_icvs, cancel) X(global_icvs, stacksize) X(global_icvs, wait_policy) \
  X(global_icvs, max_task_priority) X(global_icvs, display_env)              \
  X(global_icvs, nthreads_list) X(global_icvs, nthreads_len)                 \
  X(global_icvs, bind_list) X(global_icvs, bind_len)                         \
  X(thread_ref, thread) X(thread_ref, lwp) X(thread_ref, pthread)

/* Exported symbols a plugin looks up by name (all in .dynsym). */
#define PARADBG_OMP_SYMBOLS(X)                                                \
  X(paradbg_omp_layout) X(paromp_thread_list) X(paromp_thread_count)         \
  X(paromp_thread_index)                                                     \
  X(paromp_generation) X(paromp_debug_enabled) X(paromp_gicv)               \
  X(paromp_initial_icv) X(paromp_nprocs)                                     \
  X(paromp_default_critical) X(ompt_debugger_plugin) X(ompd_dll_locations)  \
  X(ompd_dll_locations_valid) X(ompd_bp_parallel_begin)                     \
  X(ompd_bp_parallel_end) X(ompd_bp_task_begin) X(ompd_bp_task_end)          \
  X(ompd_bp_thread_begin) X(ompd_bp_thread_end)

/* The values of task.kind. */
enum paradbg_omp_task_kind {
  PARADBG_OMP_TASK_INITIAL,
  PARADBG_OMP_TASK_IMPLICIT,
  PARADBG_OMP_TASK_EXPLICIT
};

/* Indexes into the table. */
enum paradbg_omp_type {
#define PARADBG_OMP_TYPE_ENUM(s) PARADBG_OMP_TYPE_##s,
  PARADBG_OMP_TYPES(PARADBG_OMP_TYPE_ENUM)
#undef PARADBG_OMP_TYPE_ENUM
  PARADBG_OMP_NTYPES
};

enum paradbg_omp_field {
#define PARADBG_OMP_FIELD_ENUM(s, f) PARADBG_OMP_FIELD_##s##_##f,
  PARADBG_OMP_FIELDS(PARADBG_OMP_FIELD_ENUM)
#undef PARADBG_OMP_FIELD_ENUM
  PARADBG_OMP_NFIELDS
};

struct paradbg_omp_field_layout {
  uint32_t offset;
  uint32_t size;
};

/* The exported table.  A reader checks magic and version first, and reads no
   more than table_size bytes (a newer runtime may append entries). */
struct paradbg_omp_layout {
  uint32_t magic;
  uint32_t version;
  uint32_t table_size;
  uint32_t ntypes;
  uint32_t nfields;
  uint32_t pointer_size;
  uint32_t type_size[PARADBG_OMP_NTYPES];
  struct paradbg_omp_field_layout field[PARADBG_OMP_NFIELDS];
};

#endif
