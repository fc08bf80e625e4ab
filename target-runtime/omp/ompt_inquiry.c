/* The OMPT entry points a tool looks up by name: inquiry about the calling
   thread, its tasks and regions, places, and the states and mutex kinds the
   runtime has.  They may run inside a callback or a signal handler, so they
   take no lock and never make the caller an OpenMP thread. */
#include "config.h"

#include <sched.h>
#include <stddef.h>
#include <string.h>

#include "paradbg/omp-states.h"
#include "paromp.h"
#include "ompt.h"

/* A chain longer than this is not a chain (nesting is bounded far below). */
#define ANCESTOR_LIMIT 4096

static const struct {
  int value;
  const char *name;
} states[] = {
#define STATE_ENTRY(s) { s, #s },
  PARADBG_OMP_STATES(STATE_ENTRY)
#undef STATE_ENTRY
};

static int enumerate_states(int current, int *next, const char **name)
{
  size_t n = sizeof states / sizeof states[0];
  size_t i = 0;
  if (current != ompt_state_undefined) {
    while (i < n && states[i].value != current)
      i++;
    if (i == n)
      return 0;
  } else {
    i = 0;
  }
  /* ompt_state_undefined starts the walk; it is listed first */
  if (++i >= n)
    return 0;
  *next = states[i].value;
  *name = states[i].name;
  return 1;
}

static int enumerate_mutex_impls(int current, int *next, const char **name)
{
  if (current != ompt_mutex_impl_none)
    return 0;
  *next = PAROMP_MUTEX_IMPL;
  *name = "futex";     /* spins, then sleeps in the kernel */
  return 1;
}

static ompt_data_t *get_thread_data(void)
{
  struct paromp_thread *self = paromp_self_tls;
  return self != NULL ? &self->ompt_data : NULL;
}

static int get_state(ompt_wait_id_t *wait_id)
{
  struct paromp_thread *self = paromp_self_tls;
  if (self == NULL)
    return ompt_state_undefined;
  int state = __atomic_load_n(&self->state, __ATOMIC_RELAXED);
  if (wait_id != NULL)
    *wait_id = (state & 0xf0) != 0 ? (ompt_wait_id_t)(uintptr_t)self->wait_id : 0;
  return state;
}

static int get_parallel_info(int level, ompt_data_t **parallel_data, int *team_size)
{
  struct paromp_thread *self = paromp_self_tls;
  if (self == NULL || level < 0)
    return 0;
  struct paromp_team *team = self->ts.team;
  for (int i = 0; i < level && team != NULL && i < ANCESTOR_LIMIT; i++)
    team = team->parent;
  if (team == NULL)
    return 0;
  if (parallel_data != NULL)
    *parallel_data = &team->ompt_data;
  if (team_size != NULL)
    *team_size = (int)team->nthreads;
  return 2;
}

int paromp_ompt_task_flags(const struct paromp_task *t)
{
  /* the empty task of a taskwait with depend has type taskwait, not explicit */
  int flags = t->kind == PAROMP_TASK_INITIAL ? ompt_task_initial
              : t->kind == PAROMP_TASK_IMPLICIT ? ompt_task_implicit
              : t->taskwait ? ompt_task_taskwait
                            : ompt_task_explicit;
  /* a serialized region's implicit task is included in the task that met
     the construct, so undeferred (as libomp reports it too) */
  if (t->kind == PAROMP_TASK_IMPLICIT && t->team != NULL && t->team->nthreads == 1)
    flags |= ompt_task_undeferred;
  if (t->kind == PAROMP_TASK_EXPLICIT) {
    if (t->undeferred)
      flags |= ompt_task_undeferred;
    if (t->untied)
      flags |= ompt_task_untied;
    if (t->final)
      flags |= ompt_task_final;
    if (t->mergeable)
      flags |= ompt_task_mergeable;
  }
  return flags;
}

/* The tasks on the calling thread's stack (5.1, ompt_get_task_info_t):
   level 0 is the current task; one level up from an explicit task is the
   task the thread suspended to run it (its generating task when it ran
   undeferred or at once in a team of one, but the thread's own implicit
   task, say, when it took a deferred task at a barrier); up from an implicit task is the task that
   met the parallel construct, on the team's primary thread.  thread_num
   is the number, in its team, of the thread that runs the task at that
   level: the caller's within its own team, the primary's beyond. */
static int get_task_info(int level, int *flags, ompt_data_t **task_data,
                         ompt_frame_t **task_frame, ompt_data_t **parallel_data,
                         int *thread_num)
{
  struct paromp_thread *self = paromp_self_tls;
  if (self == NULL || level < 0)
    return 0;
  struct paromp_task *t = self->ts.task;
  unsigned num = self->ts.num;
  for (int i = 0; i < level && t != NULL && i < ANCESTOR_LIMIT; i++) {
    if (t->kind == PAROMP_TASK_EXPLICIT && t->scheduler != NULL) {
      t = t->scheduler;
    } else {
      if (t->kind == PAROMP_TASK_IMPLICIT && t->team != NULL)
        num = t->team->parent_num;
      t = t->parent;
    }
  }
  if (t == NULL)
    return 0;
  struct paromp_team *team = t->team;
  if (flags != NULL)
    *flags = paromp_ompt_task_flags(t);
  if (task_data != NULL)
    *task_data = &t->ompt_data;
  if (task_frame != NULL)
    *task_frame = &t->frame;
  if (parallel_data != NULL)
    *parallel_data = team != NULL ? &team->ompt_data : NULL;
  if (thread_num != NULL)
    *thread_num = (int)num;
  return 2;
}

static int get_task_memory(void **addr, size_t *size, int block)
{
  (void)block;
  if (addr != NULL)
    *addr = NULL;
  if (size != NULL)
    *size = 0;
  return 0;
}

static int get_target_info(uint64_t *device_num, ompt_id_t *target_id, ompt_id_t *host_op_id)
{
  (void)device_num;
  (void)target_id;
  (void)host_op_id;
  return 0;         /* no target region: the host is the only device */
}

static int get_num_devices(void)
{
  return 0;
}

static uint64_t get_unique_id(void)
{
  return paromp_next_id();
}

static int get_num_procs(void)
{
  return (int)paromp_nprocs;
}

/* -1 where the runtime cannot tell: for a thread it does not know (one the
   program started, or the initial thread before its first OpenMP call),
   like the other inquiries here and like libomp, and where the kernel does
   not say. */
static int get_proc_id(void)
{
  if (paromp_self_tls == NULL)
    return -1;
  int cpu = sched_getcpu();
  return cpu >= 0 ? cpu : -1;
}

static int get_num_places(void)
{
  return (int)paromp_num_places();
}

static int get_place_proc_ids(int place, int ids_size, int *ids)
{
  int n = omp_get_place_num_procs(place);
  if (n > 0 && ids != NULL && ids_size >= n)
    omp_get_place_proc_ids(place, ids);
  return n;
}

static int get_place_num(void)
{
  struct paromp_thread *self = paromp_self_tls;
  return self != NULL ? self->place : -1;
}

static int get_partition_place_nums(int size, int *nums)
{
  struct paromp_thread *self = paromp_self_tls;
  if (self == NULL || self->place < 0)
    return 0;
  int n = (int)paromp_num_places();
  for (int p = 0; p < n && p < size && nums != NULL; p++)
    nums[p] = p;
  return n;
}

static const struct {
  const char *name;
  ompt_interface_fn_t fn;
} entries[] = {
  { "ompt_enumerate_states", (ompt_interface_fn_t)enumerate_states },
  { "ompt_enumerate_mutex_impls", (ompt_interface_fn_t)enumerate_mutex_impls },
  { "ompt_get_thread_data", (ompt_interface_fn_t)get_thread_data },
  { "ompt_get_state", (ompt_interface_fn_t)get_state },
  { "ompt_get_parallel_info", (ompt_interface_fn_t)get_parallel_info },
  { "ompt_get_task_info", (ompt_interface_fn_t)get_task_info },
  { "ompt_get_task_memory", (ompt_interface_fn_t)get_task_memory },
  { "ompt_get_target_info", (ompt_interface_fn_t)get_target_info },
  { "ompt_get_num_devices", (ompt_interface_fn_t)get_num_devices },
  { "ompt_get_unique_id", (ompt_interface_fn_t)get_unique_id },
  { "ompt_get_num_procs", (ompt_interface_fn_t)get_num_procs },
  { "ompt_get_proc_id", (ompt_interface_fn_t)get_proc_id },
  { "ompt_get_num_places", (ompt_interface_fn_t)get_num_places },
  { "ompt_get_place_proc_ids", (ompt_interface_fn_t)get_place_proc_ids },
  { "ompt_get_place_num", (ompt_interface_fn_t)get_place_num },
  { "ompt_get_partition_place_nums", (ompt_interface_fn_t)get_partition_place_nums },
};

ompt_interface_fn_t paromp_ompt_inquiry(const char *name)
{
  for (size_t i = 0; i < sizeof entries / sizeof entries[0]; i++)
    if (strcmp(entries[i].name, name) == 0)
      return entries[i].fn;
  return NULL;
}
