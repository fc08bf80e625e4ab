/* What paradbg-inspect learns about a target, gathered once (while a live
   process is stopped) and then printed as text or JSON. */
#ifndef PARADBG_INSPECT_REPORT_H
#define PARADBG_INSPECT_REPORT_H

#include <stdint.h>

#include "plugin.h"
#include "symbols.h"
#include "target.h"

/* Which parts to gather and print. */
enum {
  WANT_THREADS = 1,
  WANT_PARALLEL = 2,
  WANT_TASKS = 4,
  WANT_ICVS = 8,
  WANT_CONTROL_VARS = 16,
  WANT_ALL = 31,
};

#define MAX_FRAMES 64

struct icv_value {
  const char *name;       /* the plugin's */
  char *value;            /* its string form */
};

struct icv_set {
  struct icv_value *v;
  unsigned n;
};

struct task_report {
  uint64_t id;
  const char *kind;       /* "initial", "implicit" or "explicit" */
  int has_function;
  struct frame function;
  int has_generating, has_scheduling;
  uint64_t generating, scheduling;
  uint64_t exit_frame, enter_frame;
  struct icv_set icvs;
};

struct region_report {
  uint64_t id;
  int64_t level, team_size;
  int has_parent;
  uint64_t parent;
  int has_function;
  struct frame function;  /* the outlined body */
  pid_t *members;         /* LWP by thread number; 0 where unknown */
  unsigned nmembers;
  struct icv_set icvs;
};

struct thread_report {
  pid_t lwp;
  int current, signal;
  int is_omp;
  int64_t thread_num;
  const char *state;      /* without "ompt_state_", e.g. "wait_lock" */
  int64_t state_value;
  int waiting;
  uint64_t wait_id;
  char *wait;             /* e.g. "lock 0x4010a0 <qlock>", NULL if not waiting */
  int has_region;
  uint64_t region_id;
  int64_t level;
  int has_task;
  uint64_t task_id;
  struct frame frame;     /* the innermost frame */
  struct frame user;      /* the innermost frame of the user's code (symbols.h) */
  int user_level;         /* its number in the stack; -1: none in MAX_FRAMES */
  struct frame *backtrace;
  int nbacktrace;         /* -1: could not unwind */
  struct task_report *tasks;   /* the task, then the tasks that generated it */
  unsigned ntasks;
  struct icv_set icvs;    /* thread scope */
};

struct report {
  struct target *t;
  struct plugin *p;
  int want, backtraces;
  struct thread_report *threads;
  unsigned nthreads;
  struct region_report *regions;   /* outermost first */
  unsigned nregions;
  struct icv_set icvs;             /* address-space scope */
  const char *const *control_vars;
};

/* An inspect status. */
int report_gather(struct report *r);
void report_free(struct report *r);

void print_text(const struct report *r, FILE *out);
void print_json(const struct report *r, FILE *out);

#endif
