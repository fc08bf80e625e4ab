/* libparomp's internal model: threads, teams, tasks and work shares, and the
   functions the construct files share.  Nothing here is part of the ABI. */
#ifndef PAROMP_H
#define PAROMP_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include <omp-tools.h>

#include "paradbg/omp-layout.h"
#include "futex.h"
#include "icv.h"

#define PAROMP_EXPORT __attribute__((visibility("default")))
#define PAROMP_CACHE_LINE 64
#define PAROMP_LIKELY(x) __builtin_expect(!!(x), 1)
#define PAROMP_UNLIKELY(x) __builtin_expect(!!(x), 0)

struct paromp_team;
struct paromp_task;

/* ---- tasks -------------------------------------------------------------- */

/* Values debuggers read: include/paradbg/omp-layout.h. */
enum paromp_task_kind {
  PAROMP_TASK_INITIAL = PARADBG_OMP_TASK_INITIAL,
  PAROMP_TASK_IMPLICIT = PARADBG_OMP_TASK_IMPLICIT,
  PAROMP_TASK_EXPLICIT = PARADBG_OMP_TASK_EXPLICIT
};

enum paromp_task_state {
  PAROMP_TASK_WAITING,   /* deferred, waiting on dependences or in the queue */
  PAROMP_TASK_RUNNING,
  PAROMP_TASK_DONE,
};

struct paromp_taskgroup {
  struct paromp_taskgroup *prev;     /* enclosing taskgroup of the same task */
  unsigned pending;                  /* unfinished tasks counted in this group */
  int cancelled;
  uintptr_t *reductions;             /* task_reduction data registered here */
};

struct paromp_depmap;

struct paromp_task {
  /* Ordered by who touches what: a deferred task is made on one thread and
     run and freed on another, and each cache line that both touch crosses
     between them twice per task.  The thread that runs a task without
     dependences touches only its first two lines, and of its parent the
     line of the children count, which the parent's own thread does not
     touch while it makes children, and of an explicit parent refs; the
     rest is written at creation (frame excepted) and read by debuggers,
     tools and the dependence code. */
  struct paromp_task *parent;        /* generating task */
  struct paromp_team *team;
  struct paromp_taskgroup *taskgroup;/* innermost taskgroup this task counts in */
  void (*fn)(void *);
  void *data;
  struct paromp_thread *owner;       /* whose task cache its memory returns to */
  struct paromp_task *scheduler;     /* the task its thread ran before it, while it runs */
  struct paromp_depmap *depmap;      /* as a parent: dependences of its children */
  /* The team's list of ready tasks that no member's ring holds (doubly
     linked, highest priority first); qnext also links free blocks. */
  struct paromp_task *qnext, *qprev;
  int state;
  unsigned refs;                     /* itself while unfinished, and each unfinished child */
  unsigned ndeps;
  /* A single or scope block it executes, whose end gcc does not call:
     reported at its next barrier or work share (paromp_ompt_work_close). */
  ompt_work_t ompt_work_open;        /* 0 when none */
  unsigned char kind;
  unsigned char undeferred;
  unsigned char detached;            /* detach clause: ends at omp_fulfill_event */
  unsigned char fulfilled;
  unsigned char parent_explicit;     /* so its runner need not read the parent's kind */
  /* -- written at creation; read while it runs only in rarer cases -- */
  unsigned char body_done;           /* detached or with dependences only */
  unsigned char taskwait;            /* stands for a taskwait with depend (undeferred) */
  unsigned char final;
  /* Where it left and entered the runtime (OMP_DEBUG=enabled or a tool).
     Its own thread writes the enter frame at every runtime entry, each
     GOMP_task too, so it is kept off the children line, which the
     runners of those tasks write; of an implicit parent they read
     nothing on this line (parent_explicit tells them its kind).  Beside
     children, it made OMP_DEBUG=enabled's TASK row 2.3x plain. */
  ompt_frame_t frame;
  /* -- creation, tools and debuggers -- */
  unsigned char untied;
  unsigned char mergeable;           /* as created, for tools */
  int priority;
  struct paromp_taskgroup *cur_group;/* innermost taskgroup opened in this task */
  uint64_t id;                       /* unique, for debuggers and tools */
  unsigned child_credit;             /* counted in children ahead of making them */
  struct paromp_icvs icv;
  /* As a parent: what its children's runners write, on a line its own
     thread does not read while it makes them */
  unsigned children __attribute__((aligned(PAROMP_CACHE_LINE)));  /* unfinished, plus child_credit */
  /* Dependences: predecessors left, successors to release. */
  unsigned npred;
  unsigned nsucc, succ_cap;
  struct paromp_task **succ;
  void **dep_addrs;                  /* addresses this task named, for cleanup */
  ompt_data_t ompt_data;             /* the tool's task data */
  const void *ompt_work_ra;
} __attribute__((aligned(PAROMP_CACHE_LINE)));  /* members' implicit tasks sit side by side */

/* Beside gcc's GOMP_TASK_FLAG_* bits: the task stands for taskwait depend. */
#define PAROMP_TASK_FLAG_TASKWAIT (1u << 31)

/* ---- work shares ---------------------------------------------------------- */

#define PAROMP_WS_SLOTS 8u
#define PAROMP_WS_FREE 0u
#define PAROMP_WS_INIT 1u
#define PAROMP_WS_READY 2u

enum paromp_ws_kind { PAROMP_WS_LOOP = 1, PAROMP_WS_SECTIONS, PAROMP_WS_SINGLE };

struct paromp_ws {
  uint64_t tag;             /* (construct index << 2) | PAROMP_WS_* state */
  unsigned left;            /* members that are done with it */
  int kind;
  int sched;                /* omp_sched_t without the monotonic bit */
  int ordered;
  int cancelled;
  uint64_t n;               /* logical iteration count */
  uint64_t next;            /* first unassigned logical iteration */
  uint64_t chunk;
  int is_ull;
  int ull_up;
  long start_l, incr_l, end_l;
  unsigned long long start_u, incr_u, end_u;
  /* ordered: logical iteration whose chunk may enter the ordered region */
  uint64_t ordered_next;
  unsigned ordered_futex;
  unsigned ordered_sleepers;
  /* doacross */
  unsigned ncounts;
  uint64_t *counts;
  unsigned char *posted;    /* one flag per iteration, or NULL */
  uint64_t *posted_max;     /* per outer iteration, when the space is huge */
  unsigned doacross_futex;
  unsigned doacross_sleepers;
  void *copyprivate;
  uintptr_t *reductions;
  void *mem;
  unsigned char inline_mem[128];
};

/* What a thread is doing in its current team; saved and restored around a
   nested region it leads. */
struct paromp_tstate {
  struct paromp_team *team;
  unsigned num;
  struct paromp_task *task;
  struct paromp_ws *ws;
  uint64_t ws_index;
  uint64_t static_trip;
  uint64_t ord_lo, ord_hi;
  int ord_live;
  unsigned single_count;
};

/* ---- teams ---------------------------------------------------------------- */

/* A barrier in one 64-bit word: the low half counts arrivals, the high half
   is the futex word: generation << 2 | BAR_CANCEL | BAR_TASK. */
#define PAROMP_BAR_TASK 1u
#define PAROMP_BAR_CANCEL 2u
#define PAROMP_BAR_GEN 4u

struct paromp_barrier {
  uint64_t word;
  unsigned sleepers;
};

struct paromp_thread;

/* A member's ready tasks (task.c).  The owner pushes at the tail without a
   lock; it takes at the tail, and other members at the head, under the
   lock.  The lock and head are the takers' line, tail and the first slots
   the owner's. */
#define PAROMP_RING_SIZE 256u

struct paromp_ring {
  paromp_mutex_t lock;
  unsigned head;                     /* oldest task */
  struct paromp_ring *older;         /* the team's array before it grew */
  unsigned tail __attribute__((aligned(PAROMP_CACHE_LINE)));  /* next free slot */
  unsigned head_seen;                /* the owner's last look at head */
  unsigned full_skip;                /* tasks to run at once before looking again */
  unsigned credit;                   /* counted in the team's task_count ahead */
  /* Who drew that credit, until it gave it back: a member still leaving
     the last region's barrier may find its old ring another's now (a
     spare team refilled from the pool in another order). */
  struct paromp_thread *credit_owner;
  struct paromp_task *slot[PAROMP_RING_SIZE];
};

struct paromp_team {
  unsigned nthreads;
  unsigned level;                 /* nesting level, 0 for an initial thread */
  unsigned active_level;
  uint64_t id;                    /* parallel region id */
  struct paromp_team *parent;     /* the master's team before this one */
  unsigned parent_num;            /* the master's thread number there */
  struct paromp_thread *master;
  void (*fn)(void *);             /* outlined region body */
  void *data;
  struct paromp_thread **threads; /* members, index = thread number */
  struct paromp_task *itasks;     /* implicit tasks, index = thread number */
  unsigned capacity;              /* allocated size of threads/itasks */
  struct paromp_icvs child_icv;   /* data environment of the implicit tasks */
  /* What the master writes at a fork stays above, on the team's first
     lines, away from the task queue's. */
  int in_use;                     /* a region runs on it now */
  int prepped;                    /* work share 0 was set up by the master */
  struct paromp_tstate saved;     /* the master's state outside the region */
  struct paromp_barrier bar;      /* explicit and worksharing barriers */
  struct paromp_barrier join;     /* the barrier that ends the region */
  struct paromp_barrier *bar_all_in;  /* a barrier every member reached, held by tasks */
  unsigned single_count;
  int cancelled;
  struct paromp_ws ws[PAROMP_WS_SLOTS];
  /* Deferred tasks.  Ready ones wait in their makers' rings; the list
     holds those with a priority and those no ring had room for.  This
     line is read at every task and written rarely. */
  paromp_mutex_t task_lock __attribute__((aligned(PAROMP_CACHE_LINE)));
  struct paromp_task *queue_head, *queue_tail;
  unsigned listed;                /* tasks in the list */
  struct paromp_ring *rings;      /* nrings of them, one per member, made at the */
  unsigned nrings;                /* first deferred task of a region that lacked them */
  unsigned task_futex;            /* bumped when a task finishes or is queued */
  unsigned task_sleepers;
  unsigned task_waiters;          /* threads in a task-waiting loop */
  /* Written by the runner of every task: deferred tasks not yet finished,
     plus the members' ring credits */
  unsigned task_count __attribute__((aligned(PAROMP_CACHE_LINE)));
  uintptr_t *task_reductions;     /* parallel reduction(task, ...) */
  int implicit_depmaps;           /* an implicit task has a dependence map */
  struct paromp_team *spare_next;
  ompt_data_t ompt_data;          /* the tool's parallel data */
  const void *ompt_ra;            /* the user's call that began the region */
  int ompt_flags;                 /* ompt_parallel_flag_t it began with */
};

/* ---- threads ---------------------------------------------------------------- */

/* A thread's state is an ompt_state_t: the standard's values, so that OMPT
   and OMPD report it unchanged.  ompt_state_wait_barrier (the undetailed
   kind) is what GOMP_barrier shows, because gcc calls it both for the
   barrier directive and for a static loop's implicit barrier. */

struct paromp_thread {
  /* The registry that debuggers walk: append-only, never freed. */
  struct paromp_thread *reg_next;
  pid_t lwp;
  pthread_t pthread;
  unsigned serial;                /* registry order, from 0 */
  int is_worker;
  int place;                      /* the place it is bound to, or -1 */
  int state;                      /* ompt_state_t */
  const void *wait_id;            /* what it waits for, when waiting */
  struct paromp_tstate ts;
  /* Pool docking: the master fills next_* and bumps go.  They hold all
     that a member needs to begin, on two lines of the worker's own, so
     that it reads no line of the team before it runs the body.  While it
     waits, the master writes them, and the worker only go_sleepers before
     it sleeps (pool_next changes only while the worker is in no team). */
  unsigned go __attribute__((aligned(PAROMP_CACHE_LINE)));
  unsigned go_sleepers;
  struct paromp_team *next_team;
  unsigned next_num;
  int next_place;
  void (*next_fn)(void *);
  void *next_data;
  struct paromp_task *next_itask;     /* its implicit task */
  struct paromp_task *next_parent;    /* that task's parent */
  uint64_t next_id;                   /* that task's id */
  struct paromp_icvs next_icv;        /* that task's data environment */
  int next_prepped;                   /* team->prepped */
  struct paromp_thread *pool_next;
  /* Each thread keeps the team it last led, to reuse it. */
  struct paromp_team *team_cache;
  struct paromp_team *team_spare;
  struct paromp_team *team_being_formed;
  struct paromp_task *task_cache;     /* free task blocks (taskalloc.c) */
  unsigned included_depth;            /* tasks run where they were made, nested */
  /* While it waits at a barrier: that barrier's futex word and the
     generation it waits to see pass.  It takes no task once the barrier
     has passed: its master may already have reused the team for the next
     region, whose tasks are not this thread's to run (paromp_task_take). */
  const unsigned *take_until;
  unsigned take_gen;
  unsigned task_cached;
  uint64_t task_serial;
  /* Blocks other threads freed: on a line of its own, which those threads
     write once per task and the owner reads only when its cache is empty
     (beside task_serial, it crossed cores twice per task). */
  struct paromp_task *task_remote __attribute__((aligned(PAROMP_CACHE_LINE)));
  struct paromp_team root_team;   /* the team of one of an initial thread */
  struct paromp_task root_task;
  ompt_data_t ompt_data;          /* the tool's thread data */
  const void *ompt_ra;            /* return address of the outermost runtime call */
  int ompt_ending;                /* asked at exit to report thread_end */
  const void *ompt_reduction_ra;  /* codeptr_ra of the task reduction under way */
};

/* ---- globals and helpers ---------------------------------------------------- */

extern __thread struct paromp_thread *paromp_self_tls;
extern struct paromp_thread *paromp_thread_list;   /* registry head */
extern unsigned paromp_thread_count;               /* registry length */
extern unsigned paromp_nprocs;

struct paromp_thread *paromp_thread_init_self(void);

/* An entry of paromp_thread_index (thread.c). */
struct paromp_thread_ref {
  struct paromp_thread *thread;
  int64_t lwp;
  uint64_t pthread;
};
extern struct paromp_thread_ref *paromp_thread_index;

static inline struct paromp_thread *paromp_self(void)
{
  struct paromp_thread *t = paromp_self_tls;
  if (PAROMP_UNLIKELY(t == NULL))
    t = paromp_thread_init_self();
  return t;
}

static inline void paromp_set_state(struct paromp_thread *t, int state, const void *wait_id)
{
  t->wait_id = wait_id;
  __atomic_store_n(&t->state, state, __ATOMIC_RELAXED);
}

/* Takes m the slow way while self shows state with wait id id, and
   shows saved/saved_id again once it holds m (never both at once: a
   debugger reads the holder from the lock word). */
struct paromp_waiting {
  struct paromp_thread *self;
  int state, saved;
  const void *id, *saved_id;
};
void paromp_mutex_lock_showing(paromp_mutex_t *m, const struct paromp_waiting *w);

/* Registry and pool (thread.c) */
void paromp_registry_add(struct paromp_thread *t);
struct paromp_thread *paromp_pool_get(void);
void paromp_pool_put(struct paromp_thread **workers, unsigned n);
void paromp_tune_spin(void);
void paromp_workers_end(void);
uint64_t paromp_next_id(void);
uint64_t paromp_next_ids(unsigned n);

/* Teams (parallel.c).  Beside gcc's flags: the program, not the runtime,
   calls the region's body on the master (the split GOMP_*_start forms). */
#define PAROMP_PARALLEL_SPLIT (1u << 31)
typedef void paromp_prep_fn(struct paromp_ws *ws, void *arg, unsigned nthreads);
struct paromp_team *paromp_team_begin(void (*fn)(void *), void *data, unsigned num_threads,
                                      unsigned flags, paromp_prep_fn *prep, void *prep_arg);
void paromp_team_end(void);
void paromp_parallel_run(void (*fn)(void *), void *data, unsigned num_threads,
                         unsigned flags, paromp_prep_fn *prep, void *prep_arg);
void paromp_worker_run(struct paromp_thread *self);
void paromp_task_init_implicit(struct paromp_task *t, struct paromp_team *team,
                               struct paromp_task *parent, const struct paromp_icvs *icv);

/* Barriers (barrier.c) */
void paromp_barrier_init(struct paromp_barrier *b);
int paromp_barrier_wait(struct paromp_thread *self, struct paromp_barrier *b,
                        ompt_sync_region_t kind, int cancellable);
void paromp_barrier_notify_tasks(struct paromp_team *team);
void paromp_barrier_notify_cancel(struct paromp_team *team);
void paromp_barrier_clear_cancel(struct paromp_barrier *b);
void paromp_barrier_try_release_after_tasks(struct paromp_team *team);

/* Work shares (work.c) */
int paromp_ws_enter(struct paromp_thread *self, int kind);
void paromp_ws_clear(struct paromp_ws *ws, int kind);
void paromp_ws_ready(struct paromp_thread *self);
void paromp_ws_leave(struct paromp_thread *self);
void paromp_ws_reset_team(struct paromp_team *team);

/* Loops (loop_core.c) */
void paromp_loop_init_l(struct paromp_ws *ws, long start, long end, long incr,
                        int sched, long chunk, unsigned nthreads);
void paromp_loop_init_ull(struct paromp_ws *ws, int up, unsigned long long start,
                          unsigned long long end, unsigned long long incr,
                          int sched, unsigned long long chunk, unsigned nthreads);
int paromp_loop_next_logical(struct paromp_thread *self, uint64_t *lo, uint64_t *hi);
void paromp_ordered_chunk_done(struct paromp_thread *self);
int paromp_resolve_sched(struct paromp_thread *self, int sched, long *chunk);
void paromp_doacross_init(struct paromp_ws *ws, unsigned ncounts, const uint64_t *counts);
void paromp_ws_setup_extras(struct paromp_thread *self, uintptr_t *reductions, void **mem);
void paromp_ws_join_extras(struct paromp_thread *self, uintptr_t *reductions, void **mem);

/* Tasks (task.c, taskdep.c, taskgroup.c) */
void paromp_task_run_one(struct paromp_thread *self, struct paromp_task *t);
struct paromp_task *paromp_task_alloc(struct paromp_thread *self, size_t arg_size, size_t align);
void paromp_task_release(struct paromp_task *t);
void paromp_task_run_chain(struct paromp_thread *self, struct paromp_task *t,
                           struct paromp_task *parent, struct paromp_taskgroup *group,
                           int chain);
struct paromp_task *paromp_task_take(struct paromp_thread *self, struct paromp_task *parent,
                                     struct paromp_taskgroup *group);
int paromp_task_ready_any(struct paromp_team *team);
void paromp_task_credit_return(struct paromp_thread *self);
void paromp_task_wait_children(struct paromp_thread *self, struct paromp_task *task);
void paromp_task_enqueue_locked(struct paromp_team *team, struct paromp_task *t);
void paromp_task_wake_waiters(struct paromp_team *team);
void paromp_task_waiting(struct paromp_team *team, int delta);
void paromp_task_sleep(struct paromp_team *team, unsigned seen);
unsigned paromp_deps_add_locked(struct paromp_task *parent, struct paromp_task *t, void **depend);
void paromp_deps_release_locked(struct paromp_team *team, struct paromp_task *t);
void paromp_depmap_free(struct paromp_task *parent);
int paromp_taskgroup_cancelled(struct paromp_task *t);
struct paromp_taskgroup *paromp_group_for_children(struct paromp_task *t);
void paromp_task_create(void (*fn)(void *), void *data, void (*cpyfn)(void *, void *),
                        long arg_size, long arg_align, _Bool if_clause, unsigned flags,
                        void **depend, int priority,
                        void (*init)(void *task_data, void *arg), void *init_arg,
                        void *detach);
struct paromp_taskgroup *paromp_taskgroup_open(struct paromp_task *task);
uintptr_t *paromp_taskgroup_close(struct paromp_thread *self);
uintptr_t *paromp_taskgroup_end_ompt(struct paromp_thread *self);
void paromp_reductions_register_team(uintptr_t *d, struct paromp_team *team);
void GOMP_taskgroup_start(void);
void GOMP_taskgroup_end(void);
void GOMP_taskgroup_reduction_register(uintptr_t *d);

/* Takes m, showing state (and m as what it waits for) while blocked. */
void paromp_lock_waiting(paromp_mutex_t *m, int state);

/* Affinity reports (affinity.c), and the routines they use */
void paromp_affinity_init(void);
int omp_get_team_num(void);
int omp_get_num_teams(void);

/* Debugger support (debugger.c) */
extern int paromp_debug_enabled;
extern void *const paromp_default_critical;   /* critical.c */
void paromp_debugger_init(void);
void paromp_generation_bump(void);
void ompd_bp_parallel_begin(void);
void ompd_bp_parallel_end(void);
void ompd_bp_task_begin(void);
void ompd_bp_task_end(void);
void ompd_bp_thread_begin(void);
void ompd_bp_thread_end(void);

/* One untaken branch unless OMP_DEBUG=enabled. */
static inline void paromp_bp(void (*bp)(void))
{
  if (PAROMP_UNLIKELY(paromp_debug_enabled))
    bp();
}

/* Places (places.c) */
int omp_get_place_num_procs(int place);
void omp_get_place_proc_ids(int place, int *ids);
int omp_get_initial_device(void);
void paromp_places_init(void);
unsigned paromp_num_places(void);
int paromp_place_for(int bind, int p0, unsigned i, unsigned n);
void paromp_bind_self(struct paromp_thread *self, int place);
void paromp_bind_caller(int place);   /* the calling thread, without a record */
int paromp_place_of_cpu(void);

/* Small time-and-allocation helpers */
void *paromp_malloc(size_t n);
void *paromp_calloc(size_t n, size_t m);
void *paromp_calloc_lines(size_t n, size_t m);
void paromp_fatal(const char *what) __attribute__((noreturn));

#endif
