/* ICVs at the scope OpenMP gives each, as numbers and as strings; the
   control variables a debugger shows its user; the OMPT tool data. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "ompd-private.h"

#define F(s, f) PARADBG_OMP_FIELD_##s##_##f

/* X(id, name, scope, field): the field holds the value.  Task-scope ICVs
   live in each task's data environment (final-task-var, implicit-task-var
   and task-id-var in the task itself); address-space ones in paromp_gicv;
   parallel ones in the team.  NONE marks those read another way
   (value_at).  parallel-id-var and task-id-var are paradbg's: the
   runtime's own ids, which hosts show to name regions and tasks.
   debug-var is OpenMP 5.1's (OMP_DEBUG): 1 when the runtime runs with
   OMP_DEBUG=enabled, read from the runtime's own flag so that no host
   has to. */
#define NONE PARADBG_OMP_NFIELDS
#define PD_ICVS(X)                                                              \
  X(dyn, "dyn-var", ompd_scope_task, F(icvs, dyn))                              \
  X(nthreads, "nthreads-var", ompd_scope_task, F(icvs, nthreads))               \
  X(run_sched, "run-sched-var", ompd_scope_task, F(icvs, sched))                \
  X(bind, "bind-var", ompd_scope_task, F(icvs, bind))                           \
  X(default_device, "default-device-var", ompd_scope_task, F(icvs, default_device)) \
  X(final_task, "final-task-var", ompd_scope_task, F(task, final))              \
  X(implicit_task, "implicit-task-var", ompd_scope_task, NONE)                  \
  X(task_id, "task-id-var", ompd_scope_task, F(task, id))                       \
  X(max_active_levels, "max-active-levels-var", ompd_scope_address_space,       \
    F(global_icvs, max_active_levels))                                          \
  X(thread_limit, "thread-limit-var", ompd_scope_address_space,                 \
    F(global_icvs, thread_limit))                                               \
  X(cancel, "cancel-var", ompd_scope_address_space, F(global_icvs, cancel))     \
  X(stacksize, "stacksize-var", ompd_scope_address_space, F(global_icvs, stacksize)) \
  X(wait_policy, "wait-policy-var", ompd_scope_address_space,                   \
    F(global_icvs, wait_policy))                                                \
  X(max_task_priority, "max-task-priority-var", ompd_scope_address_space,       \
    F(global_icvs, max_task_priority))                                          \
  X(num_procs, "num-procs-var", ompd_scope_address_space, NONE)                 \
  X(debug, "debug-var", ompd_scope_address_space, NONE)                         \
  X(levels, "levels-var", ompd_scope_parallel, F(team, level))                  \
  X(active_levels, "active-levels-var", ompd_scope_parallel, F(team, active_level)) \
  X(team_size, "team-size-var", ompd_scope_parallel, F(team, nthreads))         \
  X(parallel_id, "parallel-id-var", ompd_scope_parallel, F(team, id))           \
  X(thread_num, "thread-num-var", ompd_scope_thread, NONE)

enum pd_icv {
  PD_ICV_undefined,   /* ompd_icv_id_t 0 means none */
#define PD_ICV_ENUM(id, name, scope, field) PD_ICV_##id,
  PD_ICVS(PD_ICV_ENUM)
#undef PD_ICV_ENUM
  PD_NICVS
};

static const struct {
  const char *name;
  ompd_scope_t scope;
  enum paradbg_omp_field field;
} icvs[PD_NICVS] = {
  { NULL, 0, NONE },
#define PD_ICV_ENTRY(id, name, scope, field) { name, scope, field },
  PD_ICVS(PD_ICV_ENTRY)
#undef PD_ICV_ENTRY
};

/* Values as the OpenMP API spells them (omp_sched_t, omp_proc_bind_t). */
static const char *const sched_names[] = { "?", "static", "dynamic", "guided", "auto" };
static const char *const bind_names[] = { "false", "true", "primary", "close", "spread" };
static const char *const wait_names[] = { "default", "active", "passive" };
#define MONOTONIC_BIT 0x80000000u

static const char *name_of(const char *const *names, size_t n, uint64_t v)
{
  return v < n ? names[v] : "?";
}

PD_EXPORT ompd_rc_t ompd_enumerate_icvs(ompd_address_space_handle_t *handle,
                                        ompd_icv_id_t current, ompd_icv_id_t *next_id,
                                        const char **next_icv_name, ompd_scope_t *next_scope,
                                        int *more)
{
  if (handle == NULL || next_id == NULL || next_icv_name == NULL || next_scope == NULL ||
      more == NULL)
    return ompd_rc_bad_input;
  if (current >= PD_NICVS - 1)
    return ompd_rc_bad_input;
  *next_id = current + 1;
  *next_icv_name = icvs[current + 1].name;
  *next_scope = icvs[current + 1].scope;
  *more = current + 2 < PD_NICVS;
  return ompd_rc_ok;
}

/* Where the handle of a scope points, and its address space. */
static ompd_rc_t scope_base(void *handle, ompd_scope_t scope, ompd_address_space_handle_t **ah,
                            ompd_addr_t *base)
{
  ompd_rc_t rc = ompd_rc_ok;
  switch (scope) {
  case ompd_scope_address_space:
    *ah = handle;
    *base = (*ah)->sym[PD_SYM_paromp_gicv];
    break;
  case ompd_scope_thread:
    *ah = ((ompd_thread_handle_t *)handle)->ah;
    *base = ((ompd_thread_handle_t *)handle)->thread;
    break;
  case ompd_scope_parallel:
    *ah = ((ompd_parallel_handle_t *)handle)->ah;
    *base = ((ompd_parallel_handle_t *)handle)->team;
    rc = pd_check_parallel(handle);
    break;
  case ompd_scope_task:
  case ompd_scope_implicit_task:
    *ah = ((ompd_task_handle_t *)handle)->ah;
    *base = ((ompd_task_handle_t *)handle)->task;
    rc = pd_check_task(handle);
    break;
  default:
    return ompd_rc_bad_input;
  }
  return rc != ompd_rc_ok ? rc : *base == 0 ? ompd_rc_unavailable : ompd_rc_ok;
}

static int is_task_scope(ompd_scope_t s)
{
  return s == ompd_scope_task || s == ompd_scope_implicit_task;
}

/* ICVs of the task itself rather than of its data environment. */
static int task_itself(ompd_icv_id_t id)
{
  return id == PD_ICV_final_task || id == PD_ICV_implicit_task || id == PD_ICV_task_id;
}

/* An ICV's value; base is the data environment (struct paromp_icvs) for
   task ICVs, paromp_gicv for address-space ones, the team or the thread. */
static ompd_rc_t value_at(ompd_address_space_handle_t *ah, enum pd_icv id, ompd_addr_t base,
                          uint64_t *v)
{
  ompd_rc_t rc;
  switch (id) {
  case PD_ICV_undefined:
  case PD_NICVS:
    return ompd_rc_bad_input;
  case PD_ICV_implicit_task:
    /* The initial task is an implicit task too (OpenMP's glossary). */
    rc = pd_read_field(ah, base, F(task, kind), v);
    *v = *v != PARADBG_OMP_TASK_EXPLICIT;
    return rc;
  case PD_ICV_num_procs:
    return pd_read_symbol(ah, PD_SYM_paromp_nprocs, v);
  case PD_ICV_debug:
    if ((rc = pd_read_symbol(ah, PD_SYM_paromp_debug_enabled, v)) == ompd_rc_ok)
      *v = *v != 0;
    return rc;
  case PD_ICV_thread_num:
    return pd_read_field(ah, base + pd_field_offset(ah, F(thread, ts)), F(tstate, num), v);
  default:
    return pd_read_field(ah, base, icvs[id].field, v);
  }
}

/* Checks the id against the scope, and finds the ICV's base. */
static ompd_rc_t read_icv(void *handle, ompd_scope_t scope, ompd_icv_id_t id,
                          ompd_address_space_handle_t **ahp, ompd_addr_t *basep, uint64_t *v)
{
  ompd_address_space_handle_t *ah;
  ompd_addr_t base;
  ompd_rc_t rc;
  if (handle == NULL)
    return ompd_rc_bad_input;
  if (id == PD_ICV_undefined || id >= PD_NICVS)
    return ompd_rc_bad_input;
  if (!(icvs[id].scope == scope || (is_task_scope(scope) && icvs[id].scope == ompd_scope_task)))
    return ompd_rc_bad_input;
  if ((rc = scope_base(handle, scope, &ah, &base)) != ompd_rc_ok)
    return rc;
  if (is_task_scope(scope) && !task_itself(id))
    base += pd_field_offset(ah, F(task, icv));
  *ahp = ah;
  *basep = base;
  return value_at(ah, (enum pd_icv)id, base, v);
}

PD_EXPORT ompd_rc_t ompd_get_icv_from_scope(void *handle, ompd_scope_t scope,
                                            ompd_icv_id_t icv_id, ompd_word_t *icv_value)
{
  ompd_address_space_handle_t *ah;
  ompd_addr_t base;
  uint64_t v;
  ompd_rc_t rc;
  if (icv_value == NULL)
    return ompd_rc_bad_input;
  if ((rc = read_icv(handle, scope, icv_id, &ah, &base, &v)) != ompd_rc_ok)
    return rc;
  /* stacksize-var and the ids are 64 bits; the others ints, signed in the runtime */
  *icv_value = icv_id == PD_ICV_stacksize || icv_id == PD_ICV_parallel_id || icv_id == PD_ICV_task_id
                   ? (ompd_word_t)v
                   : (ompd_word_t)(int32_t)v;
  return ompd_rc_ok;
}

/* Appends the rest of a global list (nthreads_list or bind_list) after
   position pos, as ",v" items. */
static ompd_rc_t append_list(ompd_address_space_handle_t *ah, enum paradbg_omp_field list,
                             enum paradbg_omp_field len_field, uint64_t pos, int names,
                             char *buf, size_t cap)
{
  ompd_addr_t g = ah->sym[PD_SYM_paromp_gicv];
  uint64_t len, item;
  ompd_rc_t rc;
  unsigned isz = ah->sizes.sizeof_int;
  if ((rc = pd_read_field(ah, g, len_field, &len)) != ompd_rc_ok)
    return rc;
  /* the list's size in the layout bounds its length */
  if (len > pd_field_size(ah, list) / isz)
    return ompd_rc_error;
  for (uint64_t i = pos + 1; i < len; i++) {
    unsigned char raw[8];
    if ((rc = pd_read(ah, g + pd_field_offset(ah, list) + i * isz, isz, raw)) != ompd_rc_ok ||
        (rc = pd_to_host(ah, raw, isz, &item)) != ompd_rc_ok)
      return rc;
    size_t used = strlen(buf);
    if (names)
      snprintf(buf + used, cap - used, ",%s", name_of(bind_names, 5, item));
    else
      snprintf(buf + used, cap - used, ",%llu", (unsigned long long)item);
  }
  return ompd_rc_ok;
}

/* The string form of an ICV whose value v was read at base (value_at). */
static ompd_rc_t format_icv(ompd_address_space_handle_t *ah, enum pd_icv id, ompd_addr_t base,
                           uint64_t v, char *buf, size_t cap)
{
  uint64_t pos, chunk;
  ompd_rc_t rc;
  buf[0] = '\0';
  switch (id) {
  case PD_ICV_dyn:
  case PD_ICV_cancel:
  case PD_ICV_final_task:
  case PD_ICV_implicit_task:
    snprintf(buf, cap, "%s", v ? "true" : "false");
    break;
  case PD_ICV_nthreads:
    snprintf(buf, cap, "%llu", (unsigned long long)v);
    if ((rc = pd_read_field(ah, base, F(icvs, nthreads_pos), &pos)) != ompd_rc_ok ||
        (rc = append_list(ah, F(global_icvs, nthreads_list), F(global_icvs, nthreads_len), pos,
                          0, buf, cap)) != ompd_rc_ok)
      return rc;
    break;
  case PD_ICV_bind:
    snprintf(buf, cap, "%s", name_of(bind_names, 5, v));
    if ((rc = pd_read_field(ah, base, F(icvs, bind_pos), &pos)) != ompd_rc_ok ||
        (rc = append_list(ah, F(global_icvs, bind_list), F(global_icvs, bind_len), pos, 1, buf,
                          cap)) != ompd_rc_ok)
      return rc;
    break;
  case PD_ICV_run_sched:
    if ((rc = pd_read_field(ah, base, F(icvs, sched_chunk), &chunk)) != ompd_rc_ok)
      return rc;
    snprintf(buf, cap, "%s%s,%d", (v & MONOTONIC_BIT) ? "monotonic:" : "",
             name_of(sched_names, 5, v & ~(uint64_t)MONOTONIC_BIT), (int)(int32_t)chunk);
    break;
  case PD_ICV_wait_policy:
    snprintf(buf, cap, "%s", name_of(wait_names, 3, v));
    break;
  case PD_ICV_debug:
    snprintf(buf, cap, "%s", v ? "enabled" : "disabled");   /* as OMP_DEBUG says it */
    break;
  case PD_ICV_stacksize:
  case PD_ICV_parallel_id:
  case PD_ICV_task_id:
    snprintf(buf, cap, "%llu", (unsigned long long)v);
    break;
  default:
    snprintf(buf, cap, "%d", (int)(int32_t)v);
    break;
  }
  return ompd_rc_ok;
}

/* The string is allocated with the alloc_memory callback; the debugger
   releases it with free_memory. */
PD_EXPORT ompd_rc_t ompd_get_icv_string_from_scope(void *handle, ompd_scope_t scope,
                                                   ompd_icv_id_t icv_id, const char **icv_string)
{
  ompd_address_space_handle_t *ah;
  ompd_addr_t base;
  uint64_t v;
  char buf[256];
  ompd_rc_t rc;
  if (icv_string == NULL)
    return ompd_rc_bad_input;
  *icv_string = NULL;
  if ((rc = read_icv(handle, scope, icv_id, &ah, &base, &v)) != ompd_rc_ok ||
      (rc = format_icv(ah, (enum pd_icv)icv_id, base, v, buf, sizeof buf)) != ompd_rc_ok)
    return rc;
  char *out;
  if ((rc = pd_alloc(strlen(buf) + 1, (void **)&out)) != ompd_rc_ok)
    return rc;
  memcpy(out, buf, strlen(buf) + 1);
  *icv_string = out;
  return ompd_rc_ok;
}

/* ---- control variables to show the user --------------------------------- */

/* "NAME=value" lines for every address-space ICV and the initial data
   environment, in one block that ompd_rel_display_control_vars frees. */
PD_EXPORT ompd_rc_t ompd_get_display_control_vars(ompd_address_space_handle_t *address_space_handle,
                                                  const char *const **control_vars)
{
  static const struct {
    const char *env;
    enum pd_icv icv;
  } shown[] = {
    { "OMP_DYNAMIC", PD_ICV_dyn },
    { "OMP_NUM_THREADS", PD_ICV_nthreads },
    { "OMP_SCHEDULE", PD_ICV_run_sched },
    { "OMP_PROC_BIND", PD_ICV_bind },
    { "OMP_DEFAULT_DEVICE", PD_ICV_default_device },
    { "OMP_MAX_ACTIVE_LEVELS", PD_ICV_max_active_levels },
    { "OMP_THREAD_LIMIT", PD_ICV_thread_limit },
    { "OMP_CANCELLATION", PD_ICV_cancel },
    { "OMP_STACKSIZE", PD_ICV_stacksize },
    { "OMP_WAIT_POLICY", PD_ICV_wait_policy },
    { "OMP_MAX_TASK_PRIORITY", PD_ICV_max_task_priority },
    { "OMP_DEBUG", PD_ICV_debug },
  };
  enum { N = sizeof shown / sizeof shown[0], LINE = 160 };
  ompd_address_space_handle_t *ah = address_space_handle;
  ompd_rc_t rc;
  if (ah == NULL || control_vars == NULL)
    return ompd_rc_bad_input;
  *control_vars = NULL;
  ompd_addr_t initial = ah->sym[PD_SYM_paromp_initial_icv], global = ah->sym[PD_SYM_paromp_gicv];
  char **block;
  if ((rc = pd_alloc((N + 1) * sizeof(char *) + N * LINE, (void **)&block)) != ompd_rc_ok)
    return rc;
  char *text = (char *)(block + N + 1);
  for (unsigned i = 0; i < N; i++) {
    char value[LINE - 32];
    uint64_t v;
    ompd_addr_t base = icvs[shown[i].icv].scope == ompd_scope_task ? initial : global;
    rc = base == 0 ? ompd_rc_unavailable : value_at(ah, shown[i].icv, base, &v);
    if (rc == ompd_rc_ok)
      rc = format_icv(ah, shown[i].icv, base, v, value, sizeof value);
    block[i] = text + i * LINE;
    snprintf(block[i], LINE, "%s=%s", shown[i].env, rc == ompd_rc_ok ? value : "(unreadable)");
  }
  block[N] = NULL;
  *control_vars = (const char *const *)block;
  return ompd_rc_ok;
}

PD_EXPORT ompd_rc_t ompd_rel_display_control_vars(const char *const **control_vars)
{
  if (control_vars == NULL || *control_vars == NULL)
    return ompd_rc_bad_input;
  pd_free((void *)*control_vars);
  *control_vars = NULL;
  return ompd_rc_ok;
}

/* ---- OMPT tool data --------------------------------------------------------- */

PD_EXPORT ompd_rc_t ompd_get_tool_data(void *handle, ompd_scope_t scope, ompd_word_t *value,
                                       ompd_address_t *ptr)
{
  ompd_address_space_handle_t *ah;
  ompd_addr_t base;
  enum paradbg_omp_field f;
  uint64_t v;
  ompd_rc_t rc;
  if (handle == NULL || value == NULL || ptr == NULL)
    return ompd_rc_bad_input;
  switch (scope) {
  case ompd_scope_thread: f = F(thread, ompt_data); break;
  case ompd_scope_parallel: f = F(team, ompt_data); break;
  case ompd_scope_task:
  case ompd_scope_implicit_task: f = F(task, ompt_data); break;
  default: return ompd_rc_bad_input;
  }
  if ((rc = scope_base(handle, scope, &ah, &base)) != ompd_rc_ok ||
      (rc = pd_read_field(ah, base, f, &v)) != ompd_rc_ok)
    return rc;
  /* ompt_data_t is a union of a 64-bit value and a pointer */
  *value = (ompd_word_t)v;
  ptr->segment = OMPD_SEGMENT_UNSPECIFIED;
  ptr->address = v;
  return ompd_rc_ok;
}
