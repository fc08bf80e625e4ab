/* The ICVs' defaults and their values from OMP_* environment variables. */
#include "config.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../rtline.h"
#include "env.h"
#include "paromp.h"

PAROMP_EXPORT struct paromp_global_icvs paromp_gicv;
PAROMP_EXPORT struct paromp_icvs paromp_initial_icv;
PAROMP_EXPORT unsigned paromp_nprocs = 1;

/* One line per bad value, naming the variable and what is used instead. */
static void warn_env(const char *name, const char *value, const char *used)
{
  rt_line(stderr, 0, "libparomp: warning: %s='%s' is not valid; using %s", name, value, used);
}

static const char *bind_name(int b)
{
  static const char *const names[] = { "false", "true", "primary", "close", "spread" };
  return b >= 0 && b <= PAROMP_BIND_SPREAD ? names[b] : "unknown";
}

static const char *sched_name(int s)
{
  switch (s & ~PAROMP_SCHED_MONOTONIC) {
  case PAROMP_SCHED_STATIC: return "static";
  case PAROMP_SCHED_DYNAMIC: return "dynamic";
  case PAROMP_SCHED_GUIDED: return "guided";
  case PAROMP_SCHED_AUTO: return "auto";
  }
  return "unknown";
}

static void read_ulong_env(const char *name, unsigned long min, unsigned long max,
                           unsigned long *value, int *given)
{
  const char *s = getenv(name);
  char used[32];
  if (s == NULL)
    return;
  if (paromp_parse_ulong(s, min, max, value) == 0) {
    if (given)
      *given = 1;
    return;
  }
  snprintf(used, sizeof used, "%lu", *value);
  warn_env(name, s, used);
}

static void read_bool_env(const char *name, int *value, int *given)
{
  const char *s = getenv(name);
  if (s == NULL)
    return;
  if (paromp_parse_bool(s, value) == 0) {
    if (given)
      *given = 1;
    return;
  }
  warn_env(name, s, *value ? "true" : "false");
}

void paromp_icv_init(void)
{
  struct paromp_global_icvs *g = &paromp_gicv;
  struct paromp_icvs *i = &paromp_initial_icv;
  const char *s;
  char used[64];
  long np = sysconf(_SC_NPROCESSORS_ONLN);
  paromp_nprocs = np > 0 ? (unsigned)np : 1;

  memset(g, 0, sizeof *g);
  memset(i, 0, sizeof *i);
  g->thread_limit = INT_MAX;
  g->max_active_levels = 1;
  g->stacksize = 0;                       /* 0: the system's default */
  g->nthreads_list[0] = paromp_nprocs;
  g->nthreads_len = 1;
  g->bind_list[0] = PAROMP_BIND_FALSE;
  g->bind_len = 1;
  i->sched = PAROMP_SCHED_DYNAMIC;
  i->sched_chunk = 1;

  if ((s = getenv("OMP_NUM_THREADS")) != NULL &&
      paromp_parse_uint_list(s, g->nthreads_list, PAROMP_LIST_MAX, &g->nthreads_len) != 0) {
    snprintf(used, sizeof used, "%u", g->nthreads_list[0]);
    warn_env("OMP_NUM_THREADS", s, used);
  }
  if ((s = getenv("OMP_SCHEDULE")) != NULL &&
      paromp_parse_schedule(s, &i->sched, &i->sched_chunk) != 0)
    warn_env("OMP_SCHEDULE", s, "dynamic,1");
  if ((s = getenv("OMP_PROC_BIND")) != NULL &&
      paromp_parse_proc_bind(s, g->bind_list, PAROMP_LIST_MAX, &g->bind_len) != 0)
    warn_env("OMP_PROC_BIND", s, "false");
  if ((s = getenv("OMP_WAIT_POLICY")) != NULL &&
      paromp_parse_wait_policy(s, &g->wait_policy) != 0)
    warn_env("OMP_WAIT_POLICY", s, "the default policy");
  if ((s = getenv("OMP_STACKSIZE")) != NULL &&
      paromp_parse_stacksize(s, &g->stacksize) != 0)
    warn_env("OMP_STACKSIZE", s, "the system default");

  read_bool_env("OMP_DYNAMIC", &i->dyn, NULL);
  read_bool_env("OMP_CANCELLATION", &g->cancel, NULL);

  int nested = 0, nested_given = 0, levels_given = 0;
  read_bool_env("OMP_NESTED", &nested, &nested_given);
  unsigned long levels = g->max_active_levels;
  if (g->nthreads_len > 1 || g->bind_len > 1)
    levels = g->nthreads_len > g->bind_len ? g->nthreads_len : g->bind_len;
  if (nested_given)
    levels = nested ? UCHAR_MAX : 1;
  read_ulong_env("OMP_MAX_ACTIVE_LEVELS", 0, INT_MAX, &levels, &levels_given);
  g->max_active_levels = levels > UCHAR_MAX ? UCHAR_MAX : (unsigned)levels;
  g->nested_set = nested_given || levels_given;

  unsigned long limit = g->thread_limit;
  read_ulong_env("OMP_THREAD_LIMIT", 1, INT_MAX, &limit, NULL);
  g->thread_limit = (unsigned)limit;
  unsigned long prio = 0;
  read_ulong_env("OMP_MAX_TASK_PRIORITY", 0, INT_MAX, &prio, NULL);
  g->max_task_priority = (int)prio;
  unsigned long dev = 0;
  read_ulong_env("OMP_DEFAULT_DEVICE", 0, INT_MAX, &dev, NULL);
  i->default_device = (int)dev;

  i->nthreads = g->nthreads_list[0];
  i->bind = g->bind_list[0];

  if ((s = getenv("OMP_DISPLAY_ENV")) != NULL) {
    if (strcasecmp(s, "verbose") == 0)
      g->display_env = 2;
    else if (paromp_parse_bool(s, &g->display_env) != 0)
      warn_env("OMP_DISPLAY_ENV", s, "false");
  }
}

/* The child's data environment: the next element of each list, if any. */
void paromp_icv_for_child(const struct paromp_icvs *parent, struct paromp_icvs *child)
{
  const struct paromp_global_icvs *g = &paromp_gicv;
  *child = *parent;
  if (parent->nthreads_pos + 1 < g->nthreads_len) {
    child->nthreads_pos = parent->nthreads_pos + 1;
    child->nthreads = g->nthreads_list[child->nthreads_pos];
  }
  if (parent->bind_pos + 1 < g->bind_len) {
    child->bind_pos = parent->bind_pos + 1;
    child->bind = g->bind_list[child->bind_pos];
  }
}

void paromp_display_env(int verbose)
{
  const struct paromp_global_icvs *g = &paromp_gicv;
  const struct paromp_icvs *i = &paromp_initial_icv;
  FILE *f = stderr;
  /* Each line whole: images of a coarray program print theirs at once. */
  char list[512];
  size_t n = 0;
  list[0] = '\0';
  for (unsigned k = 0; k < g->nthreads_len && n < sizeof list; k++)
    n += (size_t)snprintf(list + n, sizeof list - n, "%s%u", k ? "," : "", g->nthreads_list[k]);
  rt_line(f, 0, "%s", "");
  rt_line(f, 0, "OPENMP DISPLAY ENVIRONMENT BEGIN");
  rt_line(f, 0, "  _OPENMP = '201511'");
  rt_line(f, 0, "  OMP_DYNAMIC = '%s'", i->dyn ? "TRUE" : "FALSE");
  rt_line(f, 0, "  OMP_NESTED = '%s'", g->max_active_levels > 1 ? "TRUE" : "FALSE");
  rt_line(f, 0, "  OMP_NUM_THREADS = '%s'", list);
  char chunk[24] = "";
  if (i->sched_chunk > 0)
    snprintf(chunk, sizeof chunk, ",%d", i->sched_chunk);
  rt_line(f, 0, "  OMP_SCHEDULE = '%s%s%s'", i->sched & PAROMP_SCHED_MONOTONIC ? "MONOTONIC:" : "",
          sched_name(i->sched), chunk);
  n = 0;
  list[0] = '\0';
  for (unsigned k = 0; k < g->bind_len && n < sizeof list; k++)
    n += (size_t)snprintf(list + n, sizeof list - n, "%s%s", k ? "," : "", bind_name(g->bind_list[k]));
  rt_line(f, 0, "  OMP_PROC_BIND = '%s'", list);
  rt_line(f, 0, "  OMP_STACKSIZE = '%zu'", g->stacksize);
  rt_line(f, 0, "  OMP_WAIT_POLICY = '%s'", g->wait_policy == PAROMP_WAIT_ACTIVE ? "ACTIVE" : "PASSIVE");
  rt_line(f, 0, "  OMP_THREAD_LIMIT = '%u'", g->thread_limit);
  rt_line(f, 0, "  OMP_MAX_ACTIVE_LEVELS = '%u'", g->max_active_levels);
  rt_line(f, 0, "  OMP_CANCELLATION = '%s'", g->cancel ? "TRUE" : "FALSE");
  rt_line(f, 0, "  OMP_DEFAULT_DEVICE = '%d'", i->default_device);
  rt_line(f, 0, "  OMP_MAX_TASK_PRIORITY = '%d'", g->max_task_priority);
  if (verbose)
    rt_line(f, 0, "  PARADBG_RUNTIME = 'libparomp'");
  rt_line(f, 0, "OPENMP DISPLAY ENVIRONMENT END");
}
