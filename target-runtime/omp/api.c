/* The omp_* query and setter functions (OpenMP API routines) over the ICVs
   and the calling thread's team. */
#include "config.h"

#include <limits.h>
#include <time.h>

#include "paromp.h"

#define SUPPORTED_ACTIVE_LEVELS UCHAR_MAX

static struct paromp_icvs *cur_icv(void)
{
  return &paromp_self()->ts.task->icv;
}

PAROMP_EXPORT void omp_set_num_threads(int n)
{
  if (n > 0)
    cur_icv()->nthreads = (unsigned)n;
}

PAROMP_EXPORT int omp_get_num_threads(void)
{
  return (int)paromp_self()->ts.team->nthreads;
}

PAROMP_EXPORT int omp_get_max_threads(void)
{
  return (int)cur_icv()->nthreads;
}

PAROMP_EXPORT int omp_get_thread_num(void)
{
  return (int)paromp_self()->ts.num;
}

PAROMP_EXPORT int omp_get_num_procs(void)
{
  return (int)paromp_nprocs;
}

PAROMP_EXPORT int omp_in_parallel(void)
{
  return paromp_self()->ts.team->active_level > 0;
}

PAROMP_EXPORT void omp_set_dynamic(int dyn)
{
  cur_icv()->dyn = dyn != 0;
}

PAROMP_EXPORT int omp_get_dynamic(void)
{
  return cur_icv()->dyn;
}

PAROMP_EXPORT void omp_set_nested(int nested)
{
  paromp_gicv.max_active_levels = nested ? SUPPORTED_ACTIVE_LEVELS : 1;
}

PAROMP_EXPORT int omp_get_nested(void)
{
  return paromp_gicv.max_active_levels > 1;
}

PAROMP_EXPORT void omp_set_schedule(int kind, int chunk)
{
  int base = kind & ~(int)PAROMP_SCHED_MONOTONIC;
  if (base < PAROMP_SCHED_STATIC || base > PAROMP_SCHED_AUTO)
    return;
  struct paromp_icvs *icv = cur_icv();
  icv->sched = kind;
  icv->sched_chunk = chunk < 1 ? (base == PAROMP_SCHED_STATIC ? 0 : 1) : chunk;
  if (base == PAROMP_SCHED_AUTO)
    icv->sched_chunk = 0;
}

PAROMP_EXPORT void omp_get_schedule(int *kind, int *chunk)
{
  struct paromp_icvs *icv = cur_icv();
  *kind = icv->sched;
  *chunk = icv->sched_chunk;
}

PAROMP_EXPORT int omp_get_thread_limit(void)
{
  return (int)paromp_gicv.thread_limit;
}

PAROMP_EXPORT void omp_set_max_active_levels(int levels)
{
  if (levels >= 0)
    paromp_gicv.max_active_levels =
        levels > SUPPORTED_ACTIVE_LEVELS ? SUPPORTED_ACTIVE_LEVELS : (unsigned)levels;
}

PAROMP_EXPORT int omp_get_max_active_levels(void)
{
  return (int)paromp_gicv.max_active_levels;
}

PAROMP_EXPORT int omp_get_supported_active_levels(void)
{
  return SUPPORTED_ACTIVE_LEVELS;
}

PAROMP_EXPORT int omp_get_level(void)
{
  return (int)paromp_self()->ts.team->level;
}

PAROMP_EXPORT int omp_get_active_level(void)
{
  return (int)paromp_self()->ts.team->active_level;
}

/* The team at nesting level, and the calling thread's ancestor number in it;
   NULL when level is out of range. */
static struct paromp_team *team_at(int level, unsigned *num)
{
  struct paromp_thread *self = paromp_self();
  struct paromp_team *team = self->ts.team;
  unsigned n = self->ts.num;
  if (level < 0 || (unsigned)level > team->level)
    return NULL;
  while (team->level > (unsigned)level) {
    n = team->parent_num;
    team = team->parent;
  }
  *num = n;
  return team;
}

PAROMP_EXPORT int omp_get_ancestor_thread_num(int level)
{
  unsigned num;
  return team_at(level, &num) ? (int)num : -1;
}

PAROMP_EXPORT int omp_get_team_size(int level)
{
  unsigned num;
  struct paromp_team *team = team_at(level, &num);
  return team ? (int)team->nthreads : -1;
}

PAROMP_EXPORT int omp_in_final(void)
{
  return paromp_self()->ts.task->final;
}

PAROMP_EXPORT int omp_get_cancellation(void)
{
  return paromp_gicv.cancel;
}

PAROMP_EXPORT int omp_get_proc_bind(void)
{
  return cur_icv()->bind;
}

/* The host is the only device. */
PAROMP_EXPORT void omp_set_default_device(int device)
{
  cur_icv()->default_device = device < 0 ? 0 : device;
}
PAROMP_EXPORT int omp_get_default_device(void) { return cur_icv()->default_device; }
PAROMP_EXPORT int omp_get_num_devices(void) { return 0; }
PAROMP_EXPORT int omp_is_initial_device(void) { return 1; }
PAROMP_EXPORT int omp_get_initial_device(void) { return 0; }
PAROMP_EXPORT int omp_get_device_num(void) { return 0; }

static int num_teams_var = 1;
static int teams_thread_limit_var;
PAROMP_EXPORT void omp_set_num_teams(int n) { if (n > 0) num_teams_var = n; }
PAROMP_EXPORT int omp_get_max_teams(void) { return num_teams_var; }
PAROMP_EXPORT void omp_set_teams_thread_limit(int n) { if (n >= 0) teams_thread_limit_var = n; }
PAROMP_EXPORT int omp_get_teams_thread_limit(void) { return teams_thread_limit_var; }

PAROMP_EXPORT int omp_get_max_task_priority(void)
{
  return paromp_gicv.max_task_priority;
}

/* Idle workers hold nothing worth releasing; pausing succeeds on the host. */
PAROMP_EXPORT int omp_pause_resource(int kind, int device)
{
  (void)kind;
  return device == omp_get_initial_device() && !omp_in_parallel() ? 0 : -1;
}

PAROMP_EXPORT int omp_pause_resource_all(int kind)
{
  return omp_pause_resource(kind, omp_get_initial_device());
}

PAROMP_EXPORT void omp_display_env(int verbose)
{
  paromp_display_env(verbose != 0);
}

PAROMP_EXPORT double omp_get_wtime(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

PAROMP_EXPORT double omp_get_wtick(void)
{
  struct timespec ts;
  if (clock_getres(CLOCK_MONOTONIC, &ts) != 0)
    return 1e-9;
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}
