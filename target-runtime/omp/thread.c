/* Threads: the registry debuggers walk, the pool of docked workers, and the
   runtime's start-up. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../rtline.h"
#include "paromp.h"
#include "ompt.h"

__thread struct paromp_thread *paromp_self_tls __attribute__((tls_model("initial-exec")));
__thread unsigned paromp_tid_tls __attribute__((tls_model("initial-exec")));

/* A thread the runtime did not start, at its first lock. */
unsigned paromp_tid_init(void)
{
  unsigned t = (unsigned)syscall(SYS_gettid) & PARADBG_OMP_MUTEX_TID;
  paromp_tid_tls = t;
  return t;
}

int paromp_mutex_trylock_first(paromp_mutex_t *m)
{
  paromp_tid_init();
  return paromp_mutex_trylock_quick(m);
}

/* The registry: a list that only grows, in creation order.  A reader outside
   the process bounds its walk by paromp_thread_count. */
PAROMP_EXPORT struct paromp_thread *paromp_thread_list;
PAROMP_EXPORT unsigned paromp_thread_count;
static struct paromp_thread **registry_tail = &paromp_thread_list;
static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;

/* The same threads in one array with their ids, so that a debugger reads
   them all at once.  When it grows, the old array is kept (never freed):
   a reader that read the count first finds every entry it counted. */
PAROMP_EXPORT struct paromp_thread_ref *paromp_thread_index;
static unsigned index_capacity;

static void index_add(struct paromp_thread *t, unsigned n)
{
  if (n >= index_capacity) {
    unsigned cap = index_capacity ? 2 * index_capacity : 64;
    struct paromp_thread_ref *a = paromp_calloc(cap, sizeof *a);
    if (n > 0)
      memcpy(a, paromp_thread_index, n * sizeof *a);
    __atomic_store_n(&paromp_thread_index, a, __ATOMIC_RELEASE);
    index_capacity = cap;
  }
  paromp_thread_index[n].thread = t;
  paromp_thread_index[n].lwp = t->lwp;
  paromp_thread_index[n].pthread = (uint64_t)t->pthread;
}

static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static struct paromp_thread *pool_idle;

union paromp_spin_line paromp_spin_line __attribute__((aligned(PAROMP_CACHE_LINE))) = {
  .s = { 100000, PAROMP_SPINS_PER_YIELD - 1 }
};
/* On a line of its own: it is written at every region. */
static union {
  uint64_t v;
  char line[PAROMP_CACHE_LINE];
} id_line __attribute__((aligned(PAROMP_CACHE_LINE)));
#define id_counter (id_line.v)

void paromp_fatal(const char *what)
{
  rt_line(stderr, 0, "libparomp: fatal: %s", what);
  abort();
}

void *paromp_malloc(size_t n)
{
  void *p = malloc(n ? n : 1);
  if (p == NULL)
    paromp_fatal("out of memory");
  return p;
}

void *paromp_calloc(size_t n, size_t m)
{
  void *p = calloc(n ? n : 1, m ? m : 1);
  if (p == NULL)
    paromp_fatal("out of memory");
  return p;
}

/* Zeroed memory aligned to a cache line, for structures that hold tasks. */
void *paromp_calloc_lines(size_t n, size_t m)
{
  size_t size = (n ? n : 1) * (m ? m : 1);
  size = (size + PAROMP_CACHE_LINE - 1) / PAROMP_CACHE_LINE * PAROMP_CACHE_LINE;
  void *p = aligned_alloc(PAROMP_CACHE_LINE, size);
  if (p == NULL)
    paromp_fatal("out of memory");
  memset(p, 0, size);
  return p;
}

uint64_t paromp_next_id(void)
{
  return __atomic_add_fetch(&id_counter, 1, __ATOMIC_RELAXED);
}

/* The first of n new ids in a row. */
uint64_t paromp_next_ids(unsigned n)
{
  return __atomic_add_fetch(&id_counter, n, __ATOMIC_RELAXED) - n + 1;
}

/* One attempt to take m as me.  A thread that shows a wait (w) shows its
   saved state again first: a debugger that finds the word naming it must
   not also find it waiting there, which would read as a thread waiting
   for a lock it holds (a deadlock with itself). */
static int take_as(paromp_mutex_t *m, unsigned expect, unsigned me, const struct paromp_waiting *w)
{
  if (w != NULL)
    paromp_set_state(w->self, w->saved, w->saved_id);
  if (__atomic_compare_exchange_n(m, &expect, me, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
    return 1;
  if (w != NULL)
    paromp_set_state(w->self, w->state, w->id);
  return 0;
}

static void lock_slow(paromp_mutex_t *m, const struct paromp_waiting *w)
{
  unsigned tid = paromp_tid();
  /* look before each pause: the holder may be leaving right now */
  unsigned long spins = paromp_spin_count / 16;
  for (unsigned long i = 0; i < spins; i++) {
    if (__atomic_load_n(m, __ATOMIC_RELAXED) == 0 && take_as(m, 0, tid, w))
      return;
    paromp_spin_pause(i);
  }
  /* Mark the word as slept on, then sleep while it holds exactly that.
     A thread that slept takes the lock with the waiters bit: it cannot know
     whether others still sleep, so its unlock wakes one to find out. */
  unsigned me = tid | PARADBG_OMP_MUTEX_WAITERS;
  for (;;) {
    unsigned v = __atomic_load_n(m, __ATOMIC_RELAXED);
    if (v == 0) {
      if (take_as(m, 0, me, w))
        return;
      continue;
    }
    if (!(v & PARADBG_OMP_MUTEX_WAITERS) &&
        !__atomic_compare_exchange_n(m, &v, v | PARADBG_OMP_MUTEX_WAITERS, 0, __ATOMIC_RELAXED,
                                     __ATOMIC_RELAXED))
      continue;
    paromp_futex_wait(m, v | PARADBG_OMP_MUTEX_WAITERS);
  }
}

void paromp_mutex_lock_slow(paromp_mutex_t *m)
{
  lock_slow(m, NULL);
}

void paromp_mutex_lock_showing(paromp_mutex_t *m, const struct paromp_waiting *w)
{
  paromp_set_state(w->self, w->state, w->id);
  lock_slow(m, w);
}

/* Spinning on pause only pays while every runtime thread can have a
   processor.  Beyond that, a waiter yields at every turn, as libomp's do
   when oversubscribed: the thread it waits for then runs at once, where a
   futex sleep costs a wake-up at every barrier (4 threads on 2 CPUs:
   PARALLEL 36 us, against libomp's 7.6).  The budget bounds what an idle
   waiter burns, a yield costing well under a microsecond when nothing
   else wants the processor. */
#define OVERSUBSCRIBED_YIELDS 2000u

void paromp_tune_spin(void)
{
  unsigned long spin, mask = PAROMP_SPINS_PER_YIELD - 1;
  switch (paromp_gicv.wait_policy) {
  case PAROMP_WAIT_ACTIVE: spin = 30000000; break;
  case PAROMP_WAIT_PASSIVE: spin = 0; break;
  default: spin = 100000; break;
  }
  if (paromp_gicv.wait_policy != PAROMP_WAIT_ACTIVE &&
      __atomic_load_n(&paromp_thread_count, __ATOMIC_RELAXED) > paromp_nprocs) {
    spin = spin < OVERSUBSCRIBED_YIELDS ? spin : OVERSUBSCRIBED_YIELDS;
    mask = 0;
  }
  /* the count first: a waiter that saw the new mask with the old count
     would yield 100000 times */
  __atomic_store_n(&paromp_spin_count, spin, __ATOMIC_RELAXED);
  __atomic_store_n(&paromp_spin_line.s.yield_mask, mask, __ATOMIC_RELAXED);
}

void paromp_registry_add(struct paromp_thread *t)
{
  pthread_mutex_lock(&registry_lock);
  t->serial = paromp_thread_count;
  t->reg_next = NULL;
  /* publish the element before the count, so a reader never runs past it */
  __atomic_store_n(registry_tail, t, __ATOMIC_RELEASE);
  registry_tail = &t->reg_next;
  index_add(t, paromp_thread_count);
  __atomic_store_n(&paromp_thread_count, paromp_thread_count + 1, __ATOMIC_RELEASE);
  paromp_generation_bump();
  pthread_mutex_unlock(&registry_lock);
  paromp_tune_spin();
}

static void root_init(struct paromp_thread *t)
{
  struct paromp_team *team = &t->root_team;
  team->nthreads = 1;
  team->capacity = 1;
  team->threads = paromp_malloc(sizeof *team->threads);
  team->threads[0] = t;
  team->itasks = &t->root_task;
  team->master = t;
  team->id = paromp_next_id();
  paromp_barrier_init(&team->bar);
  paromp_barrier_init(&team->join);
  paromp_ws_reset_team(team);
  paromp_task_init_implicit(&t->root_task, team, NULL, &paromp_initial_icv);
  t->root_task.kind = PAROMP_TASK_INITIAL;
  t->ts.team = team;
  t->ts.num = 0;
  t->ts.task = &t->root_task;
}

static struct paromp_thread *thread_new(int worker)
{
  struct paromp_thread *t = paromp_calloc_lines(1, sizeof *t);
  t->is_worker = worker;
  t->place = -1;
  return t;
}

/* The first call from a thread the runtime did not create: it becomes an
   initial thread with a team of one.  So does the thread that loaded the
   library, at its first OpenMP call rather than at load (as with libomp):
   a tool or debugger that starts at main then sees it begin. */
struct paromp_thread *paromp_thread_init_self(void)
{
  struct paromp_thread *t = thread_new(0);
  t->lwp = (pid_t)syscall(SYS_gettid);
  t->pthread = pthread_self();
  paromp_tid_tls = (unsigned)t->lwp & PARADBG_OMP_MUTEX_TID;
  root_init(t);
  if (paromp_num_places() > 0 && paromp_initial_icv.bind != PAROMP_BIND_FALSE)
    paromp_bind_self(t, paromp_place_of_cpu());
  paromp_set_state(t, ompt_state_work_serial, NULL);
  paromp_self_tls = t;
  paromp_registry_add(t);
  if (OMPT_TOOL)
    paromp_ompt_thread_begin(t, ompt_thread_initial);
  paromp_bp(ompd_bp_thread_begin);
  return t;
}

/* At exit, with a tool: workers report thread_end on their own threads
   (then keep waiting, still usable), while the exiting thread waits for
   them.  Workers still leaving the last region's barrier get there soon;
   one that never goes idle (exit called inside a region) is given up on
   after about a second. */
static unsigned workers_ending;

static void worker_end(struct paromp_thread *t)
{
  if (OMPT_ON(thread_end))
    paromp_ompt.thread_end(&t->ompt_data);
  __atomic_sub_fetch(&workers_ending, 1, __ATOMIC_RELEASE);
}

void paromp_workers_end(void)
{
  unsigned n = __atomic_load_n(&paromp_thread_count, __ATOMIC_ACQUIRE);
  struct timespec ms = { 0, 1000000 };
  int waited = 0;
  for (;;) {
    int busy = 0;
    struct paromp_thread *t = paromp_thread_list;
    for (unsigned i = 0; i < n && t != NULL; i++, t = t->reg_next)
      if (t->is_worker && !t->ompt_ending
          && __atomic_load_n(&t->state, __ATOMIC_ACQUIRE) != ompt_state_idle)
        busy = 1;
    if (!busy || waited >= 1000)
      break;
    nanosleep(&ms, NULL);
    waited++;
  }
  struct paromp_thread *t = paromp_thread_list;
  for (unsigned i = 0; i < n && t != NULL; i++, t = t->reg_next) {
    if (!t->is_worker || t->ompt_ending
        || __atomic_load_n(&t->state, __ATOMIC_ACQUIRE) != ompt_state_idle)
      continue;
    t->ompt_ending = 1;
    __atomic_add_fetch(&workers_ending, 1, __ATOMIC_RELAXED);
    t->next_team = NULL;
    __atomic_add_fetch(&t->go, 1, __ATOMIC_SEQ_CST);
    paromp_wake_all(&t->go, &t->go_sleepers);
  }
  for (; waited < 2000 && __atomic_load_n(&workers_ending, __ATOMIC_ACQUIRE); waited++)
    nanosleep(&ms, NULL);
}

static void *worker_main(void *arg)
{
  struct paromp_thread *t = arg;
  t->lwp = (pid_t)syscall(SYS_gettid);
  t->pthread = pthread_self();   /* pthread_create may not have stored it yet */
  paromp_tid_tls = (unsigned)t->lwp & PARADBG_OMP_MUTEX_TID;
  paromp_self_tls = t;
  paromp_registry_add(t);
  if (OMPT_TOOL)
    paromp_ompt_thread_begin(t, ompt_thread_worker);
  paromp_bp(ompd_bp_thread_begin);
  unsigned seen = 0;
  for (;;) {
    paromp_set_state(t, ompt_state_idle, NULL);
    seen = paromp_wait_while_eq(&t->go, seen, &t->go_sleepers);
    if (PAROMP_UNLIKELY(t->next_team == NULL)) {
      worker_end(t);
      continue;
    }
    paromp_worker_run(t);
  }
  /* pooled workers live until the process ends: ompd_bp_thread_end is
     exported for debuggers but never reached */
  return NULL;
}

static struct paromp_thread *worker_spawn(void)
{
  static int stack_warned;
  struct paromp_thread *t = thread_new(1);
  pthread_attr_t attr;
  int rc = -1;
  if (paromp_gicv.stacksize != 0) {
    pthread_attr_init(&attr);
    if (pthread_attr_setstacksize(&attr, paromp_gicv.stacksize) == 0)
      rc = pthread_create(&t->pthread, &attr, worker_main, t);
    pthread_attr_destroy(&attr);
    if (rc != 0 && !__atomic_exchange_n(&stack_warned, 1, __ATOMIC_RELAXED))
      rt_line(stderr, 0, "libparomp: warning: cannot start a thread with OMP_STACKSIZE's %zu bytes;"
              " using the default stack size", paromp_gicv.stacksize);
  }
  if (rc != 0)
    rc = pthread_create(&t->pthread, NULL, worker_main, t);
  if (rc != 0) {
    free(t);
    return NULL;
  }
  return t;
}

/* An idle worker, new if none is docked; NULL if the system has no more. */
struct paromp_thread *paromp_pool_get(void)
{
  pthread_mutex_lock(&pool_lock);
  struct paromp_thread *t = pool_idle;
  if (t != NULL)
    pool_idle = t->pool_next;
  pthread_mutex_unlock(&pool_lock);
  return t != NULL ? t : worker_spawn();
}

void paromp_pool_put(struct paromp_thread **workers, unsigned n)
{
  if (n == 0)
    return;
  pthread_mutex_lock(&pool_lock);
  for (unsigned i = 0; i < n; i++) {
    workers[i]->pool_next = pool_idle;
    pool_idle = workers[i];
  }
  pthread_mutex_unlock(&pool_lock);
}

/* In the child of fork() only the forking thread exists: forget the pool and
   every other thread, so that the child's parallel regions start new ones
   and a debugger's view of the child lists only threads it has.  (Forking
   from inside a parallel region leaves the child's team state undefined, as
   the standard allows.) */
static void atfork_child(void)
{
  struct paromp_thread *self = paromp_self_tls;
  paromp_tid_tls = 0;   /* the child's thread has an id of its own */
  pthread_mutex_init(&pool_lock, NULL);
  pthread_mutex_init(&registry_lock, NULL);
  pool_idle = NULL;
  paromp_thread_list = NULL;
  paromp_thread_count = 0;
  registry_tail = &paromp_thread_list;
  if (self != NULL) {
    self->team_cache = NULL;
    self->team_spare = NULL;
    self->task_remote = NULL;
    self->lwp = (pid_t)syscall(SYS_gettid);
    self->pthread = pthread_self();
    paromp_registry_add(self);
  }
}

__attribute__((constructor)) static void paromp_init(void)
{
  pthread_atfork(NULL, NULL, atfork_child);
  paromp_icv_init();
  paromp_debugger_init();
  paromp_ompt_init();
  paromp_places_init();
  paromp_affinity_init();
  paromp_tune_spin();
  /* The loading thread runs bound from here, as under libgomp; it becomes
     an OpenMP thread at its first OpenMP call (paromp_self). */
  if (paromp_num_places() > 0 && paromp_initial_icv.bind != PAROMP_BIND_FALSE)
    paromp_bind_caller(paromp_place_of_cpu());
  if (paromp_gicv.display_env)
    paromp_display_env(paromp_gicv.display_env == 2);
}
