/* What a debugger plugin reads from libparomp, written down once (see
   paradbg/layout.h for the kit).  The runtime expands these lists into the
   exported table paradbg_omp_layout and checks each field's C type against
   its kind; the plugin expands the same lists to read the table, so the
   two cannot disagree.  A plugin that finds another magic or version must
   refuse the target. */
#ifndef PARADBG_OMP_LAYOUT_H
#define PARADBG_OMP_LAYOUT_H

#include <stdint.h>

#include "paradbg/layout.h"

#define PARADBG_OMP_LAYOUT_MAGIC 0x504f4d50u   /* "POMP" */
#define PARADBG_OMP_LAYOUT_VERSION 2

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

/* Their fields, with what each holds (paradbg/layout.h's kinds):
   A(X, struct, field, kind).  Expand PARADBG_OMP_FIELDS(X) for X(s, f) and
   PARADBG_OMP_FIELD_KINDS(X) for X(s, f, kind).
   - thread.ts is the thread's tstate; team.threads points to nthreads
     thread pointers and team.itasks to nthreads tasks (the implicit tasks),
     both indexed by thread number; task.icv and team.child_icv are icvs.
   - global_icvs.nthreads_list and bind_list hold nthreads_len and bind_len
     entries; icvs.nthreads_pos and bind_pos are positions in them.
   - task.kind is a paradbg_omp_task_kind; thread.state an ompt_state_t;
     thread.wait_id what the thread waits for while its state is a wait. */
#define PARADBG_OMP_FIELD_LIST(A, X)                                             \
  A(X, thread, reg_next, PTR) A(X, thread, lwp, INT) A(X, thread, pthread, ULONG) \
  A(X, thread, serial, UINT) A(X, thread, is_worker, INT) A(X, thread, place, INT) \
  A(X, thread, state, INT) A(X, thread, wait_id, PTR) A(X, thread, ts, BYTES)     \
  A(X, thread, ompt_data, WORD64)                                                \
  A(X, tstate, team, PTR) A(X, tstate, num, UINT) A(X, tstate, task, PTR)         \
  A(X, tstate, ws, PTR)                                                          \
  A(X, team, nthreads, UINT) A(X, team, level, UINT) A(X, team, active_level, UINT) \
  A(X, team, id, U64) A(X, team, parent, PTR) A(X, team, parent_num, UINT)        \
  A(X, team, master, PTR) A(X, team, fn, PTR) A(X, team, threads, PTR)            \
  A(X, team, itasks, PTR) A(X, team, child_icv, BYTES) A(X, team, task_count, UINT) \
  A(X, team, cancelled, INT) A(X, team, ompt_data, WORD64)                        \
  A(X, task, parent, PTR) A(X, task, team, PTR) A(X, task, taskgroup, PTR)        \
  A(X, task, icv, BYTES) A(X, task, fn, PTR) A(X, task, data, PTR)                \
  A(X, task, id, U64) A(X, task, kind, U8) A(X, task, final, U8)                  \
  A(X, task, undeferred, U8) A(X, task, untied, U8) A(X, task, state, INT)        \
  A(X, task, priority, INT) A(X, task, children, UINT) A(X, task, npred, UINT)    \
  A(X, task, ompt_data, WORD64) A(X, task, frame, BYTES) A(X, task, scheduler, PTR) \
  A(X, taskgroup, prev, PTR) A(X, taskgroup, pending, UINT)                      \
  A(X, taskgroup, cancelled, INT)                                                \
  A(X, icvs, nthreads, UINT) A(X, icvs, dyn, INT) A(X, icvs, sched, INT)          \
  A(X, icvs, sched_chunk, INT) A(X, icvs, bind, INT) A(X, icvs, default_device, INT) \
  A(X, icvs, nthreads_pos, UINT) A(X, icvs, bind_pos, UINT)                       \
  A(X, global_icvs, thread_limit, UINT) A(X, global_icvs, max_active_levels, UINT) \
  A(X, global_icvs, cancel, INT) A(X, global_icvs, stacksize, SIZE)               \
  A(X, global_icvs, wait_policy, INT) A(X, global_icvs, max_task_priority, INT)   \
  A(X, global_icvs, display_env, INT) A(X, global_icvs, nthreads_list, UINTS)     \
  A(X, global_icvs, nthreads_len, UINT) A(X, global_icvs, bind_list, INTS)        \
  A(X, global_icvs, bind_len, UINT)                                              \
  A(X, thread_ref, thread, PTR) A(X, thread_ref, lwp, S64) A(X, thread_ref, pthread, U64)

#define PARADBG_OMP_FIELDS(X) PARADBG_OMP_FIELD_LIST(PARADBG_LAYOUT_NO_KIND, X)
#define PARADBG_OMP_FIELD_KINDS(X) PARADBG_OMP_FIELD_LIST(PARADBG_LAYOUT_WITH_KIND, X)

/* Exported symbols a plugin looks up by name (all in .dynsym), with what
   each holds: A(X, name, kind).  PARADBG_OMP_SYMBOLS(X) gives X(name),
   PARADBG_OMP_SYMBOL_KINDS(X) X(name, kind).
   - paromp_thread_list heads the registry (thread.reg_next links it);
     paromp_thread_index points to paromp_thread_count thread_refs.
   - paromp_gicv is a global_icvs, paromp_initial_icv an icvs.
   - paromp_debug_enabled (OMP_DEBUG=enabled) and paromp_default_critical
     (the lock behind unnamed critical, a thread's wait_id while it waits
     for it) are the runtime's own: a plugin reads them, a host must not. */
#define PARADBG_OMP_SYMBOL_LIST(A, X)                                            \
  A(X, paradbg_omp_layout, BYTES) A(X, paromp_thread_list, PTR)                  \
  A(X, paromp_thread_count, UINT) A(X, paromp_thread_index, PTR)                 \
  A(X, paromp_generation, U64) A(X, paromp_debug_enabled, INT)                   \
  A(X, paromp_gicv, BYTES) A(X, paromp_initial_icv, BYTES) A(X, paromp_nprocs, UINT) \
  A(X, paromp_default_critical, PTR) A(X, ompt_debugger_plugin, PTR)             \
  A(X, ompd_dll_locations, PTR) A(X, ompd_dll_locations_valid, FUNC)             \
  A(X, ompd_bp_parallel_begin, FUNC) A(X, ompd_bp_parallel_end, FUNC)            \
  A(X, ompd_bp_task_begin, FUNC) A(X, ompd_bp_task_end, FUNC)                    \
  A(X, ompd_bp_thread_begin, FUNC) A(X, ompd_bp_thread_end, FUNC)

#define PARADBG_OMP_SYMBOLS(X) PARADBG_OMP_SYMBOL_LIST(PARADBG_LAYOUT_SYM_NO_KIND, X)
#define PARADBG_OMP_SYMBOL_KINDS(X) PARADBG_OMP_SYMBOL_LIST(PARADBG_LAYOUT_SYM_WITH_KIND, X)

/* The lock word of every OpenMP lock and nest lock (the lock's first 4
   bytes), critical section and the lock behind atomic: the 4 bytes at a
   thread's wait_id while its state is wait_lock, wait_critical or
   wait_atomic.  0 when free, else the holder's kernel thread id (LWP) in
   the PARADBG_OMP_MUTEX_TID bits, with PARADBG_OMP_MUTEX_WAITERS set once
   a thread may sleep on it (unlocking then wakes one).  Layout version 2
   brought the holder in; version 1's words held 1 or 2. */
#define PARADBG_OMP_MUTEX_TID 0x3fffffffu
#define PARADBG_OMP_MUTEX_WAITERS 0x80000000u

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

/* struct paradbg_omp_layout, the exported table (paradbg/layout.h). */
PARADBG_LAYOUT_TABLE(paradbg_omp, PARADBG_OMP_NTYPES, PARADBG_OMP_NFIELDS);

/* For PARADBG_LAYOUT_SPEC(name, PARADBG_OMP): a field's type. */
#define PARADBG_OMP_FIELD_TYPE_OF_(s, f, k) PARADBG_OMP_TYPE_##s,

#endif
