/* Internal control variables: the per-task data environment and the global
   ones, with their values from the environment. */
#ifndef PAROMP_ICV_H
#define PAROMP_ICV_H

#include <stddef.h>

/* omp_sched_t and omp_proc_bind_t values, as the OpenMP API defines them. */
enum {
  PAROMP_SCHED_STATIC = 1,
  PAROMP_SCHED_DYNAMIC = 2,
  PAROMP_SCHED_GUIDED = 3,
  PAROMP_SCHED_AUTO = 4,
  PAROMP_SCHED_MONOTONIC = 0x80000000
};
enum {
  PAROMP_BIND_FALSE = 0, PAROMP_BIND_TRUE = 1, PAROMP_BIND_PRIMARY = 2,
  PAROMP_BIND_CLOSE = 3, PAROMP_BIND_SPREAD = 4
};
enum { PAROMP_WAIT_DEFAULT = 0, PAROMP_WAIT_ACTIVE = 1, PAROMP_WAIT_PASSIVE = 2 };

#define PAROMP_LIST_MAX 16

/* The data environment every task carries. */
struct paromp_icvs {
  unsigned nthreads;       /* nthreads-var */
  unsigned nthreads_pos;   /* position in the OMP_NUM_THREADS list */
  int dyn;                 /* dyn-var */
  int sched;               /* run-sched-var (omp_sched_t, may carry the monotonic bit) */
  int sched_chunk;
  int bind;                /* bind-var */
  unsigned bind_pos;
  int default_device;
};

struct paromp_global_icvs {
  unsigned thread_limit;
  unsigned max_active_levels;
  int cancel;
  size_t stacksize;
  int wait_policy;
  int max_task_priority;
  int display_env;         /* 0 no, 1 true, 2 verbose */
  unsigned nthreads_list[PAROMP_LIST_MAX];
  unsigned nthreads_len;
  int bind_list[PAROMP_LIST_MAX];
  unsigned bind_len;
  int nested_set;          /* OMP_NESTED or OMP_MAX_ACTIVE_LEVELS was given */
};

extern struct paromp_global_icvs paromp_gicv;
extern struct paromp_icvs paromp_initial_icv;

void paromp_icv_init(void);
void paromp_icv_for_child(const struct paromp_icvs *parent, struct paromp_icvs *child);
void paromp_display_env(int verbose);

#endif
