/* libparompd.so against a live team of this very program.  Threads stop at
   known points (a barrier, a lock, critical, taskwait, nested regions, a
   running task); one thread then asks OMPD about them, and every answer is
   checked against what the program learned itself at that point through
   omp_* and through the OMPT tool below.  Corrupt layout tables and garbage
   memory must give clean error codes. */
#define _GNU_SOURCE
#include <check.h>
#include <dlfcn.h>
#include <omp.h>
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <omp-tools.h>

#include "paradbg/omp-layout.h"
#include "host.h"

/* ---- the program's own OMPT tool: it gives every thread, region and task
   data of its own, which OMPD's ompd_get_tool_data must return. -------- */

static ompt_get_parallel_info_t get_parallel_info;
static ompt_get_task_info_t get_task_info;
static ompt_get_thread_data_t get_thread_data;
static uint64_t next_value;

static uint64_t fresh(uint64_t tag)
{
  return tag | __atomic_add_fetch(&next_value, 1, __ATOMIC_RELAXED);
}

static void on_thread_begin(ompt_thread_t type, ompt_data_t *thread)
{
  (void)type;
  thread->value = fresh(0x1000000000ull);
}

static void on_parallel_begin(ompt_data_t *task, const ompt_frame_t *frame, ompt_data_t *par,
                              unsigned requested, int flags, const void *ra)
{
  (void)task, (void)frame, (void)requested, (void)flags, (void)ra;
  par->value = fresh(0x2000000000ull);
}

static void on_implicit_task(ompt_scope_endpoint_t ep, ompt_data_t *par, ompt_data_t *task,
                             unsigned n, unsigned index, int flags)
{
  (void)par, (void)n, (void)index, (void)flags;
  if (ep == ompt_scope_begin)
    task->value = fresh(0x3000000000ull);
}

static void on_task_create(ompt_data_t *parent, const ompt_frame_t *frame, ompt_data_t *task,
                           int flags, int deps, const void *ra)
{
  (void)parent, (void)frame, (void)flags, (void)deps, (void)ra;
  task->value = fresh(0x4000000000ull);
}

static int tool_init(ompt_function_lookup_t lookup, int device, ompt_data_t *data)
{
  (void)device, (void)data;
  ompt_set_callback_t set = (ompt_set_callback_t)lookup("ompt_set_callback");
  get_parallel_info = (ompt_get_parallel_info_t)lookup("ompt_get_parallel_info");
  get_task_info = (ompt_get_task_info_t)lookup("ompt_get_task_info");
  get_thread_data = (ompt_get_thread_data_t)lookup("ompt_get_thread_data");
  set(ompt_callback_thread_begin, (ompt_callback_t)on_thread_begin);
  set(ompt_callback_parallel_begin, (ompt_callback_t)on_parallel_begin);
  set(ompt_callback_implicit_task, (ompt_callback_t)on_implicit_task);
  set(ompt_callback_task_create, (ompt_callback_t)on_task_create);
  return 1;
}

static void tool_fini(ompt_data_t *data)
{
  (void)data;
}

ompt_start_tool_result_t *ompt_start_tool(unsigned int version, const char *runtime)
{
  static ompt_start_tool_result_t result = { tool_init, tool_fini, { 0 } };
  (void)version, (void)runtime;
  return &result;
}

/* ---- what each thread knows of itself -------------------------------------- */

struct self {
  pid_t lwp;
  pthread_t pthread;
  int num, level, active_level, team_size;
  uint64_t thread_data, parallel_data, task_data;
  uintptr_t code;   /* an address inside the function that called know_self */
};

static __attribute__((noinline)) void know_self(struct self *s)
{
  s->code = (uintptr_t)__builtin_return_address(0);
  ompt_data_t *par = NULL, *task = NULL;
  int size = 0, flags = 0, num = 0;
  ompt_frame_t *frame = NULL;
  s->lwp = host_gettid();
  s->pthread = pthread_self();
  s->num = omp_get_thread_num();
  s->level = omp_get_level();
  s->active_level = omp_get_active_level();
  s->team_size = omp_get_num_threads();
  s->thread_data = get_thread_data()->value;
  get_parallel_info(0, &par, &size);
  s->parallel_data = par ? par->value : 0;
  get_task_info(0, &flags, &task, &frame, &par, &num);
  s->task_data = task ? task->value : 0;
}

/* Spins outside the runtime until *flag >= want, for at most 10 s. */
static int wait_flag(int *flag, int want)
{
  struct timespec t0, t;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  while (__atomic_load_n(flag, __ATOMIC_ACQUIRE) < want) {
    clock_gettime(CLOCK_MONOTONIC, &t);
    if (t.tv_sec - t0.tv_sec > 10)
      return 0;
    sched_yield();
  }
  return 1;
}

static ompd_thread_handle_t *thread_of(ompd_address_space_handle_t *ah, pid_t lwp)
{
  ompd_thread_handle_t *th = NULL;
  ck_assert_int_eq(ompd.ompd_get_thread_handle(ah, OMPD_THREAD_ID_LWP, sizeof lwp, &lwp, &th),
                   ompd_rc_ok);
  return th;
}

static int is_barrier_state(ompd_word_t s)
{
  return s == ompt_state_wait_barrier || s == ompt_state_wait_barrier_implicit_parallel ||
         s == ompt_state_wait_barrier_implicit_workshare || s == ompt_state_wait_barrier_explicit;
}

/* Polls a thread's state through OMPD until it is `want` (or any barrier
   state for want == -1) with the wait id `want_id` (0: any), for at most
   10 s; returns its wait id. */
static int wait_state_for(ompd_address_space_handle_t *ah, pid_t lwp, ompd_word_t want,
                          ompd_wait_id_t want_id, ompd_wait_id_t *wait_id)
{
  ompd_wait_id_t w = 0;
  ompd_thread_handle_t *th = thread_of(ah, lwp);
  struct timespec t0, t;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  for (;;) {
    ompd_word_t s = 0;
    ck_assert_int_eq(ompd.ompd_get_state(th, &s, &w), ompd_rc_ok);
    if ((want == -1 ? is_barrier_state(s) : s == want) && (want_id == 0 || w == want_id))
      break;
    clock_gettime(CLOCK_MONOTONIC, &t);
    if (t.tv_sec - t0.tv_sec > 10) {
      ompd.ompd_rel_thread_handle(th);
      return 0;
    }
    sched_yield();
  }
  ompd.ompd_rel_thread_handle(th);
  if (wait_id != NULL)
    *wait_id = w;
  return 1;
}

static int wait_state(ompd_address_space_handle_t *ah, pid_t lwp, ompd_word_t want,
                      ompd_wait_id_t *wait_id)
{
  return wait_state_for(ah, lwp, want, 0, wait_id);
}

static int cmp_threads(ompd_thread_handle_t *a, ompd_thread_handle_t *b)
{
  int c = 99;
  ck_assert_int_eq(ompd.ompd_thread_handle_compare(a, b, &c), ompd_rc_ok);
  return c;
}

static int cmp_parallel(ompd_parallel_handle_t *a, ompd_parallel_handle_t *b)
{
  int c = 99;
  ck_assert_int_eq(ompd.ompd_parallel_handle_compare(a, b, &c), ompd_rc_ok);
  return c;
}

static int cmp_tasks(ompd_task_handle_t *a, ompd_task_handle_t *b)
{
  int c = 99;
  ck_assert_int_eq(ompd.ompd_task_handle_compare(a, b, &c), ompd_rc_ok);
  return c;
}

/* The address space the ICV names are enumerated in. */
static ompd_address_space_handle_t *current_ah;

/* An ICV's id, from its name. */
static ompd_icv_id_t icv_id(const char *name)
{
  ompd_icv_id_t id = 0, next;
  const char *n;
  ompd_scope_t sc;
  int more = 1;
  while (more) {
    ck_assert_int_eq(ompd.ompd_enumerate_icvs(current_ah, id, &next, &n, &sc, &more), ompd_rc_ok);
    id = next;
    if (strcmp(n, name) == 0)
      return id;
  }
  ck_abort_msg("no ICV %s", name);
  return 0;
}

/* An ICV by name, which must be readable at that scope. */
static ompd_word_t icv(void *handle, ompd_scope_t scope, const char *name)
{
  ompd_word_t v = -12345;
  ck_assert_int_eq(ompd.ompd_get_icv_from_scope(handle, scope, icv_id(name), &v), ompd_rc_ok);
  return v;
}

/* The outlined functions gcc makes are local symbols, so a task function
   is checked by lying shortly before a return address inside it (see
   know_self), in this executable. */
static int function_holds(ompd_addr_t fn, uintptr_t inside)
{
  Dl_info a, b;
  if (dladdr((void *)(uintptr_t)fn, &a) == 0 || dladdr((void *)inside, &b) == 0)
    return 0;
  return a.dli_fbase == b.dli_fbase && fn < inside && inside - fn < 65536;
}

/* ---- tests ------------------------------------------------------------------ */

START_TEST(versions)
{
  ompd_word_t v = 0;
  const char *s = NULL;
  ompd_address_space_handle_t *ah = host_process(), *dev = (void *)1;
  ck_assert_int_eq(ompd.ompd_get_api_version(&v), ompd_rc_ok);
  ck_assert_int_eq(v, 202011);
  ck_assert_int_eq(ompd.ompd_get_version_string(&s), ompd_rc_ok);
  ck_assert_ptr_nonnull(strstr(s, "layout table version 2"));
  ck_assert_int_eq(ompd.ompd_get_omp_version(ah, &v), ompd_rc_ok);
  ck_assert_int_eq(v, 202011);
  ck_assert_int_eq(ompd.ompd_get_omp_version_string(ah, &s), ompd_rc_ok);
  ck_assert_ptr_nonnull(strstr(s, "5.1"));
  int id = 0;
  ck_assert_int_eq(ompd.ompd_device_initialize(ah, host_context, OMPD_DEVICE_KIND_CUDA,
                                               sizeof id, &id, &dev),
                   ompd_rc_unsupported);
  ck_assert_ptr_null(dev);
  ck_assert_int_eq(ompd.ompd_get_api_version(NULL), ompd_rc_bad_input);
  ck_assert_int_eq(ompd.ompd_rel_address_space_handle(ah), ompd_rc_ok);
  /* 5.0 debuggers load it too; other versions are refused */
  ck_assert_int_eq(ompd.ompd_finalize(), ompd_rc_ok);
  ck_assert_int_eq(ompd.ompd_initialize(199911, host_callbacks), ompd_rc_unsupported);
  ck_assert_int_eq(ompd.ompd_initialize(201811, host_callbacks), ompd_rc_ok);
  ck_assert_int_eq(ompd.ompd_initialize(202011, NULL), ompd_rc_bad_input);
}
END_TEST

START_TEST(states)
{
  ompd_address_space_handle_t *ah = host_process();
  ompd_word_t cur = ompt_state_undefined, next, more = 1;
  const char *name;
  int n = 0, saw_barrier = 0, saw_lock = 0;
  while (more && n < 100) {
    ck_assert_int_eq(ompd.ompd_enumerate_states(ah, cur, &next, &name, &more), ompd_rc_ok);
    ck_assert_ptr_nonnull(name);
    saw_barrier |= next == ompt_state_wait_barrier_implicit_parallel &&
                   strcmp(name, "ompt_state_wait_barrier_implicit_parallel") == 0;
    saw_lock |= next == ompt_state_wait_lock && strcmp(name, "ompt_state_wait_lock") == 0;
    cur = next;
    n++;
  }
  ck_assert_int_eq(more, 0);
  ck_assert(saw_barrier && saw_lock);
  ck_assert_int_eq(ompd.ompd_enumerate_states(ah, 0x7777, &next, &name, &more),
                   ompd_rc_bad_input);
  ompd.ompd_rel_address_space_handle(ah);
}
END_TEST

/* Four threads; three wait in a barrier while thread 0 looks at the team. */
START_TEST(team_at_barrier)
{
  ompd_address_space_handle_t *ah = current_ah = host_process();
  static struct self s[4], initial;
  static int arrived;
  know_self(&initial);
#pragma omp parallel num_threads(4)
  {
    int me = omp_get_thread_num();
    know_self(&s[me]);
    if (me != 0) {
      __atomic_add_fetch(&arrived, 1, __ATOMIC_RELEASE);
#pragma omp barrier
    } else {
      ck_assert(wait_flag(&arrived, 3));
      for (int n = 1; n < 4; n++)
        ck_assert_msg(wait_state(ah, s[n].lwp, -1, NULL), "thread %d never waits at the barrier", n);
      ompd_thread_handle_t *th[4];
      ompd_parallel_handle_t *par[4], *enc, *enc2 = (void *)1;
      ompd_task_handle_t *task[4], *gen[4], *sched = (void *)1;
      for (int n = 0; n < 4; n++) {
        th[n] = thread_of(ah, s[n].lwp);
        /* ids both ways */
        pid_t lwp = 0;
        pthread_t pt = 0;
        ck_assert_int_eq(ompd.ompd_get_thread_id(th[n], OMPD_THREAD_ID_LWP, sizeof lwp, &lwp), ompd_rc_ok);
        ck_assert_int_eq(lwp, s[n].lwp);
        ck_assert_int_eq(ompd.ompd_get_thread_id(th[n], OMPD_THREAD_ID_PTHREAD, sizeof pt, &pt), ompd_rc_ok);
        ck_assert(pthread_equal(pt, s[n].pthread));
        ompd_thread_handle_t *by_pt = NULL;
        ck_assert_int_eq(ompd.ompd_get_thread_handle(ah, OMPD_THREAD_ID_PTHREAD, sizeof pt, &pt, &by_pt), ompd_rc_ok);
        ck_assert_int_eq(cmp_threads(by_pt, th[n]), 0);
        ompd.ompd_rel_thread_handle(by_pt);
        /* state */
        ompd_word_t st = 0;
        ck_assert_int_eq(ompd.ompd_get_state(th[n], &st, NULL), ompd_rc_ok);
        if (n == 0)
          ck_assert_int_eq(st, ompt_state_work_parallel);
        else
          ck_assert(is_barrier_state(st));
        /* region and task */
        ck_assert_int_eq(ompd.ompd_get_curr_parallel_handle(th[n], &par[n]), ompd_rc_ok);
        ck_assert_int_eq(ompd.ompd_get_curr_task_handle(th[n], &task[n]), ompd_rc_ok);
        ck_assert_int_eq(cmp_parallel(par[n], par[0]), 0);
        ck_assert_int_eq(icv(th[n], ompd_scope_thread, "thread-num-var"), s[n].num);
        ck_assert_int_eq(icv(par[n], ompd_scope_parallel, "team-size-var"), s[n].team_size);
        ck_assert_int_eq(icv(par[n], ompd_scope_parallel, "levels-var"), s[n].level);
        ck_assert_int_eq(icv(par[n], ompd_scope_parallel, "active-levels-var"), s[n].active_level);
        ck_assert_int_eq(icv(par[n], ompd_scope_parallel, "parallel-id-var"),
                         icv(par[0], ompd_scope_parallel, "parallel-id-var"));
        ck_assert_int_eq(icv(task[n], ompd_scope_implicit_task, "implicit-task-var"), 1);
        /* the team's view of its members */
        ompd_thread_handle_t *member = NULL;
        ompd_task_handle_t *itask = NULL;
        ck_assert_int_eq(ompd.ompd_get_thread_in_parallel(par[0], s[n].num, &member), ompd_rc_ok);
        ck_assert_int_eq(cmp_threads(member, th[n]), 0);
        ck_assert_int_eq(ompd.ompd_get_task_in_parallel(par[0], s[n].num, &itask), ompd_rc_ok);
        ck_assert_int_eq(cmp_tasks(itask, task[n]), 0);
        ompd.ompd_rel_thread_handle(member);
        ompd.ompd_rel_task_handle(itask);
        /* each implicit task runs the region's body, generated by the initial task */
        ompd_address_t fn = { 0, 0 };
        ck_assert_int_eq(ompd.ompd_get_task_function(task[n], &fn), ompd_rc_ok);
        ck_assert_msg(function_holds(fn.address, s[n].code), "task function %#lx, code at %#lx",
                      (unsigned long)fn.address, (unsigned long)s[n].code);
        ck_assert_int_eq(ompd.ompd_get_generating_task_handle(task[n], &gen[n]), ompd_rc_ok);
        ck_assert_int_eq(cmp_tasks(gen[n], gen[0]), 0);
        ompd_parallel_handle_t *tp = NULL;
        ck_assert_int_eq(ompd.ompd_get_task_parallel_handle(task[n], &tp), ompd_rc_ok);
        ck_assert_int_eq(cmp_parallel(tp, par[0]), 0);
        ompd.ompd_rel_parallel_handle(tp);
        /* what the OMPT tool gave them */
        ompd_word_t value = 0;
        ompd_address_t ptr;
        ck_assert_int_eq(ompd.ompd_get_tool_data(th[n], ompd_scope_thread, &value, &ptr), ompd_rc_ok);
        ck_assert_uint_eq((uint64_t)value, s[n].thread_data);
        ck_assert_int_eq(ompd.ompd_get_tool_data(par[n], ompd_scope_parallel, &value, &ptr), ompd_rc_ok);
        ck_assert_uint_eq((uint64_t)value, s[n].parallel_data);
        ck_assert_int_eq(ompd.ompd_get_tool_data(task[n], ompd_scope_implicit_task, &value, &ptr), ompd_rc_ok);
        ck_assert_uint_eq((uint64_t)value, s[n].task_data);
      }
      /* the generating task is the initial thread's initial task */
      ompd_word_t value = 0;
      ompd_address_t ptr;
      ck_assert_int_eq(ompd.ompd_get_tool_data(gen[0], ompd_scope_task, &value, &ptr), ompd_rc_ok);
      ck_assert_uint_eq((uint64_t)value, initial.task_data);
      ompd_address_t fn;
      ck_assert_int_eq(ompd.ompd_get_task_function(gen[0], &fn), ompd_rc_unavailable);
      /* the initial task is an implicit task */
      ck_assert_int_eq(icv(gen[0], ompd_scope_task, "implicit-task-var"), 1);
      ck_assert_int_eq(ompd.ompd_get_scheduling_task_handle(task[0], &sched), ompd_rc_unavailable);
      /* around the team: the initial thread's region of one, and nothing */
      ck_assert_int_eq(ompd.ompd_get_enclosing_parallel_handle(par[0], &enc), ompd_rc_ok);
      ck_assert_int_eq(icv(enc, ompd_scope_parallel, "team-size-var"), 1);
      ck_assert_int_eq(icv(enc, ompd_scope_parallel, "levels-var"), initial.level);
      ck_assert_int_eq(ompd.ompd_get_tool_data(enc, ompd_scope_parallel, &value, &ptr), ompd_rc_ok);
      ck_assert_uint_eq((uint64_t)value, initial.parallel_data);
      ck_assert_int_eq(ompd.ompd_get_enclosing_parallel_handle(enc, &enc2), ompd_rc_unavailable);
      ck_assert_ptr_null(enc2);
      /* thread numbers outside the team */
      ompd_thread_handle_t *none = NULL;
      ck_assert_int_eq(ompd.ompd_get_thread_in_parallel(par[0], 4, &none), ompd_rc_bad_input);
      ck_assert_int_eq(ompd.ompd_get_thread_in_parallel(par[0], -1, &none), ompd_rc_bad_input);
      ck_assert_int_eq(ompd.ompd_get_task_in_parallel(par[0], 4, (ompd_task_handle_t **)&none),
                       ompd_rc_bad_input);
      /* an LWP that is not an OpenMP thread */
      pid_t stranger = 1;
      ck_assert_int_eq(ompd.ompd_get_thread_handle(ah, OMPD_THREAD_ID_LWP, sizeof stranger,
                                                   &stranger, &none), ompd_rc_unavailable);
      for (int n = 0; n < 4; n++) {
        ompd.ompd_rel_thread_handle(th[n]);
        ompd.ompd_rel_parallel_handle(par[n]);
        ompd.ompd_rel_task_handle(task[n]);
        ompd.ompd_rel_task_handle(gen[n]);
      }
      ompd.ompd_rel_parallel_handle(enc);
#pragma omp barrier
    }
  }
  ompd.ompd_rel_address_space_handle(ah);
}
END_TEST

/* paradbg's extension: the holder of what a thread in `state` waits on
   (wait id w) must be the thread that recorded `lwp` from gettid(). */
static void check_holder(ompd_address_space_handle_t *ah, ompd_word_t state, ompd_wait_id_t w,
                         pid_t lwp)
{
  ompd_word_t holder = -1;
  ck_assert_int_eq(ompd.paradbg_ompd_get_wait_holder(ah, state, w, &holder), ompd_rc_ok);
  ck_assert_int_eq(holder, lwp);
}

/* A thread waiting for a lock, a nest lock, and for unnamed and named
   critical, each held by the other thread. */
START_TEST(lock_and_critical_waits)
{
  ompd_address_space_handle_t *ah = host_process();
  static omp_lock_t lock;
  static omp_nest_lock_t nest;
  static int go_lock, go_nest, go_critical, go_named;
  static struct self s[2];
  void **default_critical = dlsym(RTLD_DEFAULT, "paromp_default_critical");
  ck_assert_ptr_nonnull(default_critical);
  omp_init_lock(&lock);
  omp_init_nest_lock(&nest);
#pragma omp parallel num_threads(2)
  {
    int me = omp_get_thread_num();
    know_self(&s[me]);
    if (me == 0) {
      ompd_wait_id_t w = 0;
      omp_set_lock(&lock);
      __atomic_store_n(&go_lock, 1, __ATOMIC_RELEASE);
      ck_assert(wait_flag(&s[1].lwp, 1));
      ck_assert_msg(wait_state(ah, s[1].lwp, ompt_state_wait_lock, &w), "no wait_lock");
      ck_assert_uint_eq(w, (uintptr_t)&lock);
      check_holder(ah, ompt_state_wait_lock, w, s[0].lwp);
      omp_unset_lock(&lock);
      /* a nest lock, held twice: its wait id is the lock, whose first word
         is the lock word */
      omp_set_nest_lock(&nest);
      omp_set_nest_lock(&nest);
      __atomic_store_n(&go_nest, 1, __ATOMIC_RELEASE);
      ck_assert_msg(wait_state_for(ah, s[1].lwp, ompt_state_wait_lock, (uintptr_t)&nest, &w),
                    "no wait_lock for the nest lock (last wait id %#lx)", (unsigned long)w);
      check_holder(ah, ompt_state_wait_lock, w, s[0].lwp);
      omp_unset_nest_lock(&nest);
      check_holder(ah, ompt_state_wait_lock, w, s[0].lwp);
      omp_unset_nest_lock(&nest);
#pragma omp critical
      {
        __atomic_store_n(&go_critical, 1, __ATOMIC_RELEASE);
        ck_assert_msg(wait_state(ah, s[1].lwp, ompt_state_wait_critical, &w), "no wait_critical");
        ck_assert_uint_eq(w, (uintptr_t)*default_critical);
        /* the plugin names it, as no symbol of the program does */
        const char *name = NULL;
        ck_assert_int_eq(ompd.paradbg_ompd_get_wait_name(ah, ompt_state_wait_critical, w, &name),
                         ompd_rc_ok);
        ck_assert_str_eq(name, "unnamed");
        check_holder(ah, ompt_state_wait_critical, w, s[0].lwp);
      }
#pragma omp critical(named_one)
      {
        __atomic_store_n(&go_named, 1, __ATOMIC_RELEASE);
        /* gcc's lock word for the name, exported by -export-dynamic */
        void *named = dlsym(RTLD_DEFAULT, ".gomp_critical_user_named_one");
        ck_assert_ptr_nonnull(named);
        ck_assert_msg(wait_state_for(ah, s[1].lwp, ompt_state_wait_critical, (uintptr_t)named, &w),
                      "no wait_critical for the named section (last wait id %#lx)", (unsigned long)w);
        /* its symbol names it; the plugin knows no better name */
        const char *name = "none";
        ck_assert_int_eq(ompd.paradbg_ompd_get_wait_name(ah, ompt_state_wait_critical, w, &name),
                         ompd_rc_unavailable);
        ck_assert_ptr_null(name);
        check_holder(ah, ompt_state_wait_critical, w, s[0].lwp);
      }
    } else {
      wait_flag(&go_lock, 1);
      omp_set_lock(&lock);
      omp_unset_lock(&lock);
      wait_flag(&go_nest, 1);
      omp_set_nest_lock(&nest);
      omp_unset_nest_lock(&nest);
      wait_flag(&go_critical, 1);
#pragma omp critical
      ;
      wait_flag(&go_named, 1);
#pragma omp critical(named_one)
      ;
    }
  }
  omp_destroy_lock(&lock);
  omp_destroy_nest_lock(&nest);
  ompd.ompd_rel_address_space_handle(ah);
}
END_TEST

/* Two levels of teams; the inner master looks outward. */
START_TEST(nested_regions)
{
  ompd_address_space_handle_t *ah = current_ah = host_process();
  static struct self outer[2], inner[2];
  static int outer_done;
  omp_set_max_active_levels(2);
#pragma omp parallel num_threads(2)
  {
    know_self(&outer[omp_get_thread_num()]);
    if (omp_get_thread_num() == 0) {
#pragma omp parallel num_threads(2)
      {
        know_self(&inner[omp_get_thread_num()]);
#pragma omp barrier
        if (omp_get_thread_num() == 0) {
          ck_assert(wait_flag(&outer_done, 1));
          ck_assert(wait_state(ah, outer[1].lwp, -1, NULL));
          ompd_thread_handle_t *me = thread_of(ah, inner[0].lwp), *other = thread_of(ah, outer[1].lwp);
          ompd_parallel_handle_t *p, *up, *other_p;
          ck_assert_int_eq(ompd.ompd_get_curr_parallel_handle(me, &p), ompd_rc_ok);
          ck_assert_int_eq(icv(p, ompd_scope_parallel, "levels-var"), inner[0].level);
          ck_assert_int_eq(icv(p, ompd_scope_parallel, "active-levels-var"), inner[0].active_level);
          ck_assert_int_eq(icv(p, ompd_scope_parallel, "team-size-var"), inner[0].team_size);
          ck_assert_int_eq(ompd.ompd_get_enclosing_parallel_handle(p, &up), ompd_rc_ok);
          ck_assert_int_eq(icv(up, ompd_scope_parallel, "levels-var"), outer[0].level);
          ck_assert_int_eq(icv(up, ompd_scope_parallel, "team-size-var"), outer[0].team_size);
          /* the outer team is the one the other outer thread is in */
          ck_assert_int_eq(ompd.ompd_get_curr_parallel_handle(other, &other_p), ompd_rc_ok);
          ck_assert_int_eq(cmp_parallel(up, other_p), 0);
          ck_assert_int_ne(cmp_parallel(p, other_p), 0);
          ompd_word_t value;
          ompd_address_t ptr;
          ck_assert_int_eq(ompd.ompd_get_tool_data(p, ompd_scope_parallel, &value, &ptr), ompd_rc_ok);
          ck_assert_uint_eq((uint64_t)value, inner[0].parallel_data);
          ck_assert_int_eq(ompd.ompd_get_tool_data(up, ompd_scope_parallel, &value, &ptr), ompd_rc_ok);
          ck_assert_uint_eq((uint64_t)value, outer[0].parallel_data);
          /* the inner team's member 1 is a thread of its own */
          ompd_thread_handle_t *m1;
          ck_assert_int_eq(ompd.ompd_get_thread_in_parallel(p, 1, &m1), ompd_rc_ok);
          pid_t lwp = 0;
          ck_assert_int_eq(ompd.ompd_get_thread_id(m1, OMPD_THREAD_ID_LWP, sizeof lwp, &lwp), ompd_rc_ok);
          ck_assert_int_eq(lwp, inner[1].lwp);
          ompd.ompd_rel_thread_handle(m1);
          ompd.ompd_rel_thread_handle(me);
          ompd.ompd_rel_thread_handle(other);
          ompd.ompd_rel_parallel_handle(p);
          ompd.ompd_rel_parallel_handle(up);
          ompd.ompd_rel_parallel_handle(other_p);
        }
      }
    } else {
      __atomic_store_n(&outer_done, 1, __ATOMIC_RELEASE);
    }
  }
  ompd.ompd_rel_address_space_handle(ah);
}
END_TEST

/* A running explicit task A, looked at from inside it, while the thread
   that created it waits in taskwait and task B waits for A's dependence;
   then B, once A is done. */
START_TEST(task_in_taskwait)
{
  ompd_address_space_handle_t *ah = current_ah = host_process();
  static struct self s[2], in_task, in_b;
  static int created, started, dep;
  static ompd_word_t a_id;
  (void)dep;   /* only named in depend clauses */
#pragma omp parallel num_threads(2)
  {
    int me = omp_get_thread_num();
    know_self(&s[me]);
    if (me == 0) {
#pragma omp task depend(out : dep)
      {
        know_self(&in_task);
        __atomic_store_n(&started, 1, __ATOMIC_RELEASE);
        ck_assert_int_eq(in_task.lwp, s[1].lwp);
        ck_assert_msg(wait_state(ah, s[0].lwp, ompt_state_wait_taskwait, NULL), "no wait_taskwait");
        ompd_thread_handle_t *th = thread_of(ah, in_task.lwp);
        ompd_task_handle_t *t, *gen, *sched, *creator, *runner_itask;
        ompd_parallel_handle_t *p;
        ck_assert_int_eq(ompd.ompd_get_curr_task_handle(th, &t), ompd_rc_ok);
        ck_assert_int_eq(ompd.ompd_get_curr_parallel_handle(th, &p), ompd_rc_ok);
        ompd_word_t value;
        ompd_address_t ptr, fn;
        ck_assert_int_eq(ompd.ompd_get_tool_data(t, ompd_scope_task, &value, &ptr), ompd_rc_ok);
        ck_assert_uint_eq((uint64_t)value, in_task.task_data);
        a_id = icv(t, ompd_scope_task, "task-id-var");
        ck_assert_int_eq(icv(t, ompd_scope_task, "implicit-task-var"), 0);
        /* B waits for A: no thread runs it; thread 0 is in its implicit task */
        ompd_thread_handle_t *t0 = thread_of(ah, s[0].lwp);
        ompd_task_handle_t *t0_task, *t0_itask;
        ompd_parallel_handle_t *t0_par;
        ck_assert_int_eq(ompd.ompd_get_curr_task_handle(t0, &t0_task), ompd_rc_ok);
        ck_assert_int_eq(ompd.ompd_get_curr_parallel_handle(t0, &t0_par), ompd_rc_ok);
        ck_assert_int_eq(ompd.ompd_get_task_in_parallel(t0_par, 0, &t0_itask), ompd_rc_ok);
        ck_assert_int_eq(cmp_tasks(t0_task, t0_itask), 0);
        ompd.ompd_rel_task_handle(t0_task);
        ompd.ompd_rel_task_handle(t0_itask);
        ompd.ompd_rel_parallel_handle(t0_par);
        ompd.ompd_rel_thread_handle(t0);
        ck_assert_int_eq(icv(t, ompd_scope_task, "final-task-var"), omp_in_final());
        ck_assert_int_eq(ompd.ompd_get_task_function(t, &fn), ompd_rc_ok);
        ck_assert_msg(function_holds(fn.address, in_task.code), "task function %#lx, code at %#lx",
                      (unsigned long)fn.address, (unsigned long)in_task.code);
        /* generated by thread 0's implicit task, scheduled from thread 1's */
        ck_assert_int_eq(ompd.ompd_get_generating_task_handle(t, &gen), ompd_rc_ok);
        ck_assert_int_eq(ompd.ompd_get_task_in_parallel(p, 0, &creator), ompd_rc_ok);
        ck_assert_int_eq(cmp_tasks(gen, creator), 0);
        ck_assert_int_eq(ompd.ompd_get_scheduling_task_handle(t, &sched), ompd_rc_ok);
        ck_assert_int_eq(ompd.ompd_get_task_in_parallel(p, 1, &runner_itask), ompd_rc_ok);
        ck_assert_int_eq(cmp_tasks(sched, runner_itask), 0);
        /* frames: the task was entered from the runtime; its creator is
           inside the runtime (taskwait) */
        ompd_frame_info_t exit_f, enter_f;
        ck_assert_int_eq(ompd.ompd_get_task_frame(t, &exit_f, &enter_f), ompd_rc_ok);
        ck_assert(exit_f.frame_address.address != 0);
        ck_assert_uint_eq(enter_f.frame_address.address, 0);
        ck_assert_int_eq(ompd.ompd_get_task_frame(creator, &exit_f, &enter_f), ompd_rc_ok);
        ck_assert(enter_f.frame_address.address != 0);
        ck_assert_int_eq(exit_f.frame_flag & ompt_frame_runtime, ompt_frame_runtime);
        ompd.ompd_rel_task_handle(t);
        ompd.ompd_rel_task_handle(gen);
        ompd.ompd_rel_task_handle(sched);
        ompd.ompd_rel_task_handle(creator);
        ompd.ompd_rel_task_handle(runner_itask);
        ompd.ompd_rel_parallel_handle(p);
        ompd.ompd_rel_thread_handle(th);
      }
#pragma omp task depend(in : dep)
      {
        know_self(&in_b);
        ompd_thread_handle_t *th = thread_of(ah, in_b.lwp);
        ompd_task_handle_t *b, *gen, *creator;
        ompd_parallel_handle_t *p;
        ck_assert_int_eq(ompd.ompd_get_curr_task_handle(th, &b), ompd_rc_ok);
        ck_assert_int_eq(ompd.ompd_get_curr_parallel_handle(th, &p), ompd_rc_ok);
        ompd_word_t value;
        ompd_address_t ptr, fn;
        ck_assert_int_eq(ompd.ompd_get_tool_data(b, ompd_scope_task, &value, &ptr), ompd_rc_ok);
        ck_assert_uint_eq((uint64_t)value, in_b.task_data);
        ck_assert_int_ne(icv(b, ompd_scope_task, "task-id-var"), a_id);
        ck_assert_int_eq(ompd.ompd_get_task_function(b, &fn), ompd_rc_ok);
        ck_assert(function_holds(fn.address, in_b.code));
        ck_assert_int_eq(ompd.ompd_get_generating_task_handle(b, &gen), ompd_rc_ok);
        ck_assert_int_eq(ompd.ompd_get_task_in_parallel(p, 0, &creator), ompd_rc_ok);
        ck_assert_int_eq(cmp_tasks(gen, creator), 0);
        ompd.ompd_rel_task_handle(b);
        ompd.ompd_rel_task_handle(gen);
        ompd.ompd_rel_task_handle(creator);
        ompd.ompd_rel_parallel_handle(p);
        ompd.ompd_rel_thread_handle(th);
      }
      __atomic_store_n(&created, 1, __ATOMIC_RELEASE);
      ck_assert(wait_flag(&started, 1));
#pragma omp taskwait
    } else {
      wait_flag(&created, 1);
    }
  }
  ompd.ompd_rel_address_space_handle(ah);
}
END_TEST

/* A region's handle outlives the region: once libparomp reuses the team
   for the next region, the handle says so instead of describing it. */
START_TEST(stale_region_handles)
{
  ompd_address_space_handle_t *ah = host_process();
  ompd_parallel_handle_t *first = NULL, *now = NULL, *up = NULL;
  ompd_task_handle_t *first_task = NULL;
#pragma omp parallel num_threads(2)
  if (omp_get_thread_num() == 0) {
    ompd_thread_handle_t *th = thread_of(ah, host_gettid());
    ck_assert_int_eq(ompd.ompd_get_curr_parallel_handle(th, &first), ompd_rc_ok);
    ck_assert_int_eq(ompd.ompd_get_curr_task_handle(th, &first_task), ompd_rc_ok);
    ompd.ompd_rel_thread_handle(th);
  }
#pragma omp parallel num_threads(2)
  if (omp_get_thread_num() == 0) {
    ompd_thread_handle_t *th = thread_of(ah, host_gettid());
    ck_assert_int_eq(ompd.ompd_get_curr_parallel_handle(th, &now), ompd_rc_ok);
    ompd.ompd_rel_thread_handle(th);
  }
  /* the same team, a new region: the handles differ and the old one is stale */
  ck_assert_int_ne(cmp_parallel(first, now), 0);
  ck_assert_int_eq(ompd.ompd_get_enclosing_parallel_handle(first, &up), ompd_rc_stale_handle);
  ompd_thread_handle_t *m;
  ck_assert_int_eq(ompd.ompd_get_thread_in_parallel(first, 0, &m), ompd_rc_stale_handle);
  ompd_address_t fn;
  ck_assert_int_eq(ompd.ompd_get_task_function(first_task, &fn), ompd_rc_stale_handle);
  ompd.ompd_rel_parallel_handle(first);
  ompd.ompd_rel_parallel_handle(now);
  ompd.ompd_rel_task_handle(first_task);
  ompd.ompd_rel_address_space_handle(ah);
}
END_TEST

START_TEST(icvs_match_the_api)
{
  ompd_address_space_handle_t *ah = current_ah = host_process();
  omp_set_schedule(omp_sched_dynamic, 4);
  omp_set_dynamic(0);
#pragma omp parallel num_threads(3)
  {
#pragma omp critical
    {
      ompd_thread_handle_t *th = thread_of(ah, host_gettid());
      ompd_task_handle_t *t;
      ompd_parallel_handle_t *p;
      ck_assert_int_eq(ompd.ompd_get_curr_task_handle(th, &t), ompd_rc_ok);
      ck_assert_int_eq(ompd.ompd_get_curr_parallel_handle(th, &p), ompd_rc_ok);
      omp_sched_t kind;
      int chunk;
      omp_get_schedule(&kind, &chunk);
      ck_assert_int_eq(icv(t, ompd_scope_task, "nthreads-var"), omp_get_max_threads());
      ck_assert_int_eq(icv(t, ompd_scope_task, "dyn-var"), omp_get_dynamic());
      ck_assert_int_eq(icv(t, ompd_scope_task, "run-sched-var"), (int)kind);
      ck_assert_int_eq(icv(t, ompd_scope_task, "bind-var"), (int)omp_get_proc_bind());
      ck_assert_int_eq(icv(t, ompd_scope_task, "default-device-var"), omp_get_default_device());
      ck_assert_int_eq(icv(ah, ompd_scope_address_space, "max-active-levels-var"),
                       omp_get_max_active_levels());
      ck_assert_int_eq(icv(ah, ompd_scope_address_space, "thread-limit-var"), omp_get_thread_limit());
      ck_assert_int_eq(icv(ah, ompd_scope_address_space, "cancel-var"), omp_get_cancellation());
      ck_assert_int_eq(icv(ah, ompd_scope_address_space, "max-task-priority-var"),
                       omp_get_max_task_priority());
      ck_assert_int_eq(icv(p, ompd_scope_parallel, "levels-var"), omp_get_level());
      ck_assert_int_eq(icv(p, ompd_scope_parallel, "active-levels-var"), omp_get_active_level());
      ck_assert_int_eq(icv(p, ompd_scope_parallel, "team-size-var"), omp_get_num_threads());
      ck_assert_int_eq(icv(th, ompd_scope_thread, "thread-num-var"), omp_get_thread_num());
      ck_assert_int_eq(icv(ah, ompd_scope_address_space, "num-procs-var"), omp_get_num_procs());
      ck_assert_int_eq(icv(t, ompd_scope_task, "final-task-var"), omp_in_final());
      /* every ICV reads at its scope, as a number and as a string */
      ompd_icv_id_t id = 0, next;
      const char *name;
      ompd_scope_t scope;
      int more = 1, count = 0;
      while (more) {
        ck_assert_int_eq(ompd.ompd_enumerate_icvs(ah, id, &next, &name, &scope, &more), ompd_rc_ok);
        id = next;
        count++;
        void *h = scope == ompd_scope_address_space ? (void *)ah
                  : scope == ompd_scope_thread      ? (void *)th
                  : scope == ompd_scope_parallel    ? (void *)p
                                                    : (void *)t;
        ompd_word_t v;
        const char *str = NULL;
        ck_assert_int_eq(ompd.ompd_get_icv_from_scope(h, scope, id, &v), ompd_rc_ok);
        ck_assert_int_eq(ompd.ompd_get_icv_string_from_scope(h, scope, id, &str), ompd_rc_ok);
        ck_assert_msg(str != NULL && str[0] != '\0', "%s has no string", name);
        if (strcmp(name, "run-sched-var") == 0)
          ck_assert_str_eq(str, "dynamic,4");
        if (strcmp(name, "team-size-var") == 0)
          ck_assert_str_eq(str, "3");
        host_free(str);
        /* the wrong scope is refused */
        ompd_scope_t wrong = scope == ompd_scope_parallel ? ompd_scope_thread : ompd_scope_parallel;
        void *wh = wrong == ompd_scope_parallel ? (void *)p : (void *)th;
        ck_assert_int_eq(ompd.ompd_get_icv_from_scope(wh, wrong, id, &v), ompd_rc_bad_input);
      }
      ck_assert_int_ge(count, 20);
      ompd_word_t v;
      ck_assert_int_eq(ompd.ompd_get_icv_from_scope(ah, ompd_scope_address_space, 0, &v), ompd_rc_bad_input);
      ck_assert_int_eq(ompd.ompd_get_icv_from_scope(ah, ompd_scope_address_space, 9999, &v), ompd_rc_bad_input);
      ompd_icv_id_t n2;
      ck_assert_int_eq(ompd.ompd_enumerate_icvs(ah, id, &n2, &name, &scope, &more), ompd_rc_bad_input);
      ompd.ompd_rel_task_handle(t);
      ompd.ompd_rel_parallel_handle(p);
      ompd.ompd_rel_thread_handle(th);
    }
  }
  const char *const *vars = NULL;
  ck_assert_int_eq(ompd.ompd_get_display_control_vars(ah, &vars), ompd_rc_ok);
  int saw_threads = 0, n = 0;
  for (; vars[n] != NULL && n < 100; n++)
    saw_threads |= strncmp(vars[n], "OMP_NUM_THREADS=", 16) == 0;
  ck_assert(saw_threads);
  ck_assert_int_eq(ompd.ompd_rel_display_control_vars(&vars), ompd_rc_ok);
  ck_assert_ptr_null(vars);
  ompd.ompd_rel_address_space_handle(ah);
}
END_TEST

/* Listing N threads with their states: at most 2 reads per thread, plus a
   constant for reading the thread index once. */
START_TEST(listing_costs_two_reads_per_thread)
{
  enum { N = 8 };
  ompd_address_space_handle_t *ah = host_process();
  static struct self s[N];
  static int arrived;
#pragma omp parallel num_threads(N)
  {
    int me = omp_get_thread_num();
    know_self(&s[me]);
    __atomic_add_fetch(&arrived, 1, __ATOMIC_RELEASE);
    if (me == 0) {
      ck_assert(wait_flag(&arrived, N));
      for (int round = 0; round < 2; round++) {
        unsigned long before = __atomic_load_n(&host_reads, __ATOMIC_RELAXED);
        for (int n = 0; n < N; n++) {
          ompd_thread_handle_t *th = thread_of(ah, s[n].lwp);
          ompd_word_t st;
          ompd_wait_id_t w;
          ck_assert_int_eq(ompd.ompd_get_state(th, &st, &w), ompd_rc_ok);
          ompd.ompd_rel_thread_handle(th);
        }
        unsigned long reads = __atomic_load_n(&host_reads, __ATOMIC_RELAXED) - before;
        ck_assert_msg(reads <= 2 * N + (round == 0 ? 3 : 0),
                      "round %d: %lu reads for %d threads", round, reads, N);
      }
    }
  }
  ompd.ompd_rel_address_space_handle(ah);
}
END_TEST

/* paradbg's extension: a name for what a thread waits on, where the
   program's symbols give none. */
START_TEST(wait_names)
{
  ompd_address_space_handle_t *ah = host_process();
  static omp_lock_t lock;
  void **default_critical = dlsym(RTLD_DEFAULT, "paromp_default_critical");
  ompd_wait_id_t unnamed = (uintptr_t)*default_critical, other = (uintptr_t)&lock;
  const char *name = NULL;
  ck_assert_ptr_nonnull(ompd.paradbg_ompd_get_wait_name);
  ck_assert_int_eq(ompd.paradbg_ompd_get_wait_name(ah, ompt_state_wait_critical, unnamed, &name),
                   ompd_rc_ok);
  ck_assert_str_eq(name, "unnamed");
  /* any other object, or another state, has no name from the runtime */
  name = "none";
  ck_assert_int_eq(ompd.paradbg_ompd_get_wait_name(ah, ompt_state_wait_critical, other, &name),
                   ompd_rc_unavailable);
  ck_assert_ptr_null(name);
  ck_assert_int_eq(ompd.paradbg_ompd_get_wait_name(ah, ompt_state_wait_critical, 0, &name),
                   ompd_rc_unavailable);
  ck_assert_int_eq(ompd.paradbg_ompd_get_wait_name(ah, ompt_state_wait_lock, unnamed, &name),
                   ompd_rc_unavailable);
  ck_assert_int_eq(ompd.paradbg_ompd_get_wait_name(NULL, ompt_state_wait_critical, unnamed, &name),
                   ompd_rc_bad_input);
  ck_assert_int_eq(ompd.paradbg_ompd_get_wait_name(ah, ompt_state_wait_critical, unnamed, NULL),
                   ompd_rc_bad_input);
  ompd.ompd_rel_address_space_handle(ah);
  /* a runtime that does not export the address: nothing to name */
  host_fake_symbol("paromp_default_critical", NULL);
  ah = host_process();
  ck_assert_int_eq(ompd.paradbg_ompd_get_wait_name(ah, ompt_state_wait_critical, unnamed, &name),
                   ompd_rc_unavailable);
  ompd.ompd_rel_address_space_handle(ah);
  host_fake_symbol(NULL, NULL);
}
END_TEST

/* A thread the runtime did not start takes a lock: its id comes from
   gettid() at its first lock. */
static omp_lock_t foreign_lock;
static int foreign_held, foreign_release;
static pid_t foreign_lwp;

static void *foreign_thread(void *arg)
{
  (void)arg;
  omp_set_lock(&foreign_lock);
  __atomic_store_n(&foreign_lwp, host_gettid(), __ATOMIC_RELAXED);
  __atomic_store_n(&foreign_held, 1, __ATOMIC_RELEASE);
  wait_flag(&foreign_release, 1);
  omp_unset_lock(&foreign_lock);
  return NULL;
}

/* paradbg's extension: the holder of a lock-like object, from its lock
   word; a free object has none, and other waits have no holder. */
START_TEST(wait_holders)
{
  ompd_address_space_handle_t *ah = host_process();
  static omp_lock_t lock;
  static omp_nest_lock_t nest;
  static unsigned word;
  ompd_word_t lwp = -1;
  ompd_wait_id_t id = (uintptr_t)&lock;
  ck_assert_ptr_nonnull(ompd.paradbg_ompd_get_wait_holder);
  omp_init_lock(&lock);
  /* free */
  ck_assert_int_eq(ompd.paradbg_ompd_get_wait_holder(ah, ompt_state_wait_lock, id, &lwp),
                   ompd_rc_unavailable);
  ck_assert_int_eq(lwp, 0);
  /* held by this, the initial thread */
  omp_set_lock(&lock);
  check_holder(ah, ompt_state_wait_lock, id, host_gettid());
  check_holder(ah, ompt_state_wait_critical, id, host_gettid());
  check_holder(ah, ompt_state_wait_atomic, id, host_gettid());
  /* waits that have no holder, and no object */
  lwp = -1;
  ck_assert_int_eq(ompd.paradbg_ompd_get_wait_holder(ah, ompt_state_wait_barrier, id, &lwp),
                   ompd_rc_unavailable);
  ck_assert_int_eq(lwp, 0);
  ck_assert_int_eq(ompd.paradbg_ompd_get_wait_holder(ah, ompt_state_work_parallel, id, &lwp),
                   ompd_rc_unavailable);
  ck_assert_int_eq(ompd.paradbg_ompd_get_wait_holder(ah, ompt_state_wait_lock, 0, &lwp),
                   ompd_rc_unavailable);
  omp_unset_lock(&lock);
  ck_assert_int_eq(ompd.paradbg_ompd_get_wait_holder(ah, ompt_state_wait_lock, id, &lwp),
                   ompd_rc_unavailable);
  /* a nest lock, free and held */
  omp_init_nest_lock(&nest);
  ck_assert_int_eq(ompd.paradbg_ompd_get_wait_holder(ah, ompt_state_wait_lock,
                                                     (uintptr_t)&nest, &lwp),
                   ompd_rc_unavailable);
  omp_set_nest_lock(&nest);
  check_holder(ah, ompt_state_wait_lock, (uintptr_t)&nest, host_gettid());
  omp_unset_nest_lock(&nest);
  omp_destroy_nest_lock(&nest);
  /* a thread OpenMP did not start */
  pthread_t pt;
  omp_init_lock(&foreign_lock);
  ck_assert_int_eq(pthread_create(&pt, NULL, foreign_thread, NULL), 0);
  ck_assert(wait_flag(&foreign_held, 1));
  ck_assert_int_ne(foreign_lwp, host_gettid());
  check_holder(ah, ompt_state_wait_lock, (uintptr_t)&foreign_lock, foreign_lwp);
  __atomic_store_n(&foreign_release, 1, __ATOMIC_RELEASE);
  pthread_join(pt, NULL);
  ck_assert_int_eq(ompd.paradbg_ompd_get_wait_holder(ah, ompt_state_wait_lock,
                                                     (uintptr_t)&foreign_lock, &lwp),
                   ompd_rc_unavailable);
  omp_destroy_lock(&foreign_lock);
  /* the word's encoding: the waiters bit is not part of the id */
  word = PARADBG_OMP_MUTEX_WAITERS | 4321;
  check_holder(ah, ompt_state_wait_critical, (uintptr_t)&word, 4321);
  word = PARADBG_OMP_MUTEX_WAITERS;
  ck_assert_int_eq(ompd.paradbg_ompd_get_wait_holder(ah, ompt_state_wait_critical,
                                                     (uintptr_t)&word, &lwp),
                   ompd_rc_unavailable);
  /* bad input, and memory that cannot be read */
  ck_assert_int_eq(ompd.paradbg_ompd_get_wait_holder(NULL, ompt_state_wait_lock, id, &lwp),
                   ompd_rc_bad_input);
  ck_assert_int_eq(ompd.paradbg_ompd_get_wait_holder(ah, ompt_state_wait_lock, id, NULL),
                   ompd_rc_bad_input);
  ck_assert_int_ne(ompd.paradbg_ompd_get_wait_holder(ah, ompt_state_wait_lock, 8, &lwp),
                   ompd_rc_ok);
  ck_assert_int_ne(ompd.paradbg_ompd_get_wait_holder(ah, ompt_state_wait_lock, ~(ompd_wait_id_t)1,
                                                     &lwp),
                   ompd_rc_ok);
  omp_destroy_lock(&lock);
  ompd.ompd_rel_address_space_handle(ah);
}
END_TEST

/* debug-var (OMP_DEBUG) through OMPD, as this process's own runtime has
   it: the child mode of this program (--debug-var WANT) checks it in a
   fresh process, so each value can be set in the environment. */
static int debug_var_child(int want)
{
  host_load();
  ompd_address_space_handle_t *ah = current_ah = host_process();
  ompd_icv_id_t id = 0, next;
  const char *name = "", *str = NULL;
  ompd_scope_t scope = ompd_scope_thread;
  ompd_word_t v = -1;
  int more = 1;
  while (more && ompd.ompd_enumerate_icvs(ah, id, &next, &name, &scope, &more) == ompd_rc_ok) {
    id = next;
    if (strcmp(name, "debug-var") == 0)
      break;
  }
  if (strcmp(name, "debug-var") != 0 || scope != ompd_scope_address_space) {
    fprintf(stderr, "debug-var: not enumerated at address-space scope\n");
    return 1;
  }
  if (ompd.ompd_get_icv_from_scope(ah, ompd_scope_address_space, id, &v) != ompd_rc_ok ||
      ompd.ompd_get_icv_string_from_scope(ah, ompd_scope_address_space, id, &str) != ompd_rc_ok ||
      v != want || strcmp(str, want ? "enabled" : "disabled") != 0) {
    fprintf(stderr, "debug-var: %ld \"%s\", not %d\n", (long)v, str ? str : "", want);
    return 1;
  }
  host_free(str);
  ompd.ompd_rel_address_space_handle(ah);
  return 0;
}

static int run_debug_child(const char *omp_debug, int want)
{
  char arg[16];
  snprintf(arg, sizeof arg, "%d", want);
  pid_t pid = fork();
  if (pid == 0) {
    if (omp_debug != NULL)
      setenv("OMP_DEBUG", omp_debug, 1);
    else
      unsetenv("OMP_DEBUG");
    execl("/proc/self/exe", "check_ompd", "--debug-var", arg, (char *)NULL);
    _exit(127);
  }
  int status = 0;
  if (pid < 0 || waitpid(pid, &status, 0) != pid)
    return -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

START_TEST(debug_var)
{
  static int flag;
  ompd_word_t v = -1;
  const char *str = NULL;
  /* this process: as its environment says */
  const char *env = getenv("OMP_DEBUG");
  int want = env != NULL && strcasecmp(env, "enabled") == 0;
  ompd_address_space_handle_t *ah = current_ah = host_process();
  ck_assert_int_eq(icv(ah, ompd_scope_address_space, "debug-var"), want);
  ompd.ompd_rel_address_space_handle(ah);
  /* processes started with and without OMP_DEBUG=enabled */
  ck_assert_int_eq(run_debug_child("enabled", 1), 0);
  ck_assert_int_eq(run_debug_child("disabled", 0), 0);
  ck_assert_int_eq(run_debug_child(NULL, 0), 0);
  /* any nonzero flag is 1, "enabled" */
  flag = 7;
  host_fake_symbol("paromp_debug_enabled", &flag);
  ah = current_ah = host_process();
  ck_assert_int_eq(icv(ah, ompd_scope_address_space, "debug-var"), 1);
  ck_assert_int_eq(ompd.ompd_get_icv_string_from_scope(ah, ompd_scope_address_space,
                                                       icv_id("debug-var"), &str), ompd_rc_ok);
  ck_assert_str_eq(str, "enabled");
  host_free(str);
  ompd.ompd_rel_address_space_handle(ah);
  host_fake_symbol(NULL, NULL);
  /* a runtime without the flag */
  host_fake_symbol("paromp_debug_enabled", NULL);
  ah = current_ah = host_process();
  ck_assert_int_eq(ompd.ompd_get_icv_from_scope(ah, ompd_scope_address_space, icv_id("debug-var"),
                                                &v), ompd_rc_unavailable);
  ompd.ompd_rel_address_space_handle(ah);
  host_fake_symbol(NULL, NULL);
}
END_TEST

/* ---- bad input ------------------------------------------------------------- */

static ompd_rc_t init_with_layout(void (*spoil)(struct paradbg_omp_layout *))
{
  struct paradbg_omp_layout *l = malloc(sizeof *l);
  memcpy(l, dlsym(RTLD_DEFAULT, "paradbg_omp_layout"), sizeof *l);
  spoil(l);
  host_fake_symbol("paradbg_omp_layout", l);
  ompd_address_space_handle_t *ah = (void *)1;
  ompd_rc_t rc = ompd.ompd_process_initialize(host_context, &ah);
  if (rc == ompd_rc_ok)
    ompd.ompd_rel_address_space_handle(ah);
  else
    ck_assert_ptr_null(ah);
  host_fake_symbol(NULL, NULL);
  free(l);
  return rc;
}

static void keep(struct paradbg_omp_layout *l) { (void)l; }
static void bad_magic(struct paradbg_omp_layout *l) { l->magic ^= 1; }
static void next_version(struct paradbg_omp_layout *l) { l->version++; }
static void short_table(struct paradbg_omp_layout *l) { l->table_size -= 8; }
static void fewer_fields(struct paradbg_omp_layout *l) { l->nfields--; }
static void pointer_of_4(struct paradbg_omp_layout *l) { l->pointer_size = 4; }
static void field_outside(struct paradbg_omp_layout *l) { l->field[3].offset = 1u << 30; }
static void field_too_big(struct paradbg_omp_layout *l) { l->field[0].size = l->type_size[0] + 1; }
static void type_too_big(struct paradbg_omp_layout *l) { l->type_size[1] = 0xffffffffu; }
/* inside its structure, but not the size its kind (INT) says */
static void lwp_of_8(struct paradbg_omp_layout *l) { l->field[PARADBG_OMP_FIELD_thread_lwp].size = 8; }

START_TEST(corrupt_layout_tables)
{
  ck_assert_int_eq(init_with_layout(keep), ompd_rc_ok);
  ck_assert_int_eq(init_with_layout(bad_magic), ompd_rc_incompatible);
  ck_assert_int_eq(init_with_layout(next_version), ompd_rc_incompatible);
  ck_assert_int_eq(init_with_layout(short_table), ompd_rc_incompatible);
  ck_assert_int_eq(init_with_layout(fewer_fields), ompd_rc_incompatible);
  ck_assert_int_eq(init_with_layout(pointer_of_4), ompd_rc_incompatible);
  ck_assert_int_eq(init_with_layout(field_outside), ompd_rc_incompatible);
  ck_assert_int_eq(init_with_layout(field_too_big), ompd_rc_incompatible);
  ck_assert_int_eq(init_with_layout(type_too_big), ompd_rc_incompatible);
  ck_assert_int_eq(init_with_layout(lwp_of_8), ompd_rc_incompatible);
  /* a process without libparomp's symbols */
  ompd_address_space_handle_t *ah = (void *)1;
  host_fake_symbol("paradbg_omp_layout", NULL);
  ck_assert_int_eq(ompd.ompd_process_initialize(host_context, &ah), ompd_rc_incompatible);
  host_fake_symbol(NULL, NULL);
  host_fake_symbol("paromp_thread_index", NULL);
  ck_assert_int_eq(ompd.ompd_process_initialize(host_context, &ah), ompd_rc_incompatible);
  host_fake_symbol(NULL, NULL);
  /* a layout table in unmapped memory */
  host_fake_symbol("paradbg_omp_layout", (void *)8);
  ck_assert_int_eq(ompd.ompd_process_initialize(host_context, &ah), ompd_rc_device_read_error);
  host_fake_symbol(NULL, NULL);
}
END_TEST

/* A thread index full of garbage: every call returns, with some code. */
START_TEST(garbage_memory)
{
  enum { ENTRIES = 64, ROUNDS = 300 };
  static uint64_t generation;
  static unsigned count;
  static uint64_t index_words[ENTRIES * 3];
  static uint64_t *index_ptr = index_words;
  static unsigned char junk[4096];
  host_fake_symbol("paromp_generation", &generation);
  host_fake_symbol("paromp_thread_count", &count);
  host_fake_symbol("paromp_thread_index", &index_ptr);
  ompd_address_space_handle_t *ah = current_ah = host_process();
  srand(12345);
  for (int round = 0; round < ROUNDS; round++) {
    generation++;
    count = (unsigned)rand() % (ENTRIES + 1);
    if (round % 10 == 9)
      count = 0xfffffff0u;   /* claims far more threads than any process has */
    for (unsigned i = 0; i < sizeof junk; i++)
      junk[i] = (unsigned char)rand();
    for (unsigned i = 0; i < ENTRIES; i++) {
      /* threads in junk, in unmapped memory, or at random addresses */
      int how = rand() % 3;
      index_words[3 * i] = how == 0 ? (uint64_t)(uintptr_t)(junk + rand() % 2048)
                           : how == 1 ? 16 + (uint64_t)rand() % 4096
                                      : ((uint64_t)rand() << 32) | (uint64_t)rand();
      index_words[3 * i + 1] = (uint64_t)(rand() % 4);   /* LWP ids 0..3 */
      index_words[3 * i + 2] = (uint64_t)rand();
    }
    pid_t lwp = rand() % 4;
    ompd_thread_handle_t *th = NULL;
    ompd_rc_t rc = ompd.ompd_get_thread_handle(ah, OMPD_THREAD_ID_LWP, sizeof lwp, &lwp, &th);
    if (rc != ompd_rc_ok)
      continue;
    ompd_word_t st, holder;
    ompd_wait_id_t w;
    if (ompd.ompd_get_state(th, &st, &w) == ompd_rc_ok)
      (void)ompd.paradbg_ompd_get_wait_holder(ah, ompt_state_wait_lock, w, &holder);
    ompd_parallel_handle_t *p = NULL, *up;
    ompd_task_handle_t *t = NULL, *g;
    if (ompd.ompd_get_curr_parallel_handle(th, &p) == ompd_rc_ok) {
      /* walk outward; a cycle in garbage must not trap the caller either */
      ompd_parallel_handle_t *cur = p;
      for (int depth = 0; depth < 50 && ompd.ompd_get_enclosing_parallel_handle(cur, &up) == ompd_rc_ok; depth++) {
        if (cur != p)
          ompd.ompd_rel_parallel_handle(cur);
        cur = up;
      }
      if (cur != p)
        ompd.ompd_rel_parallel_handle(cur);
      ompd_thread_handle_t *m;
      if (ompd.ompd_get_thread_in_parallel(p, 0, &m) == ompd_rc_ok)
        ompd.ompd_rel_thread_handle(m);
      ompd_word_t v;
      (void)ompd.ompd_get_icv_from_scope(p, ompd_scope_parallel, icv_id("team-size-var"), &v);
      ompd.ompd_rel_parallel_handle(p);
    }
    if (ompd.ompd_get_curr_task_handle(th, &t) == ompd_rc_ok) {
      ompd_address_t fn;
      ompd_frame_info_t a, b;
      const char *str;
      (void)ompd.ompd_get_task_function(t, &fn);
      (void)ompd.ompd_get_task_frame(t, &a, &b);
      if (ompd.ompd_get_generating_task_handle(t, &g) == ompd_rc_ok)
        ompd.ompd_rel_task_handle(g);
      if (ompd.ompd_get_icv_string_from_scope(t, ompd_scope_task, icv_id("nthreads-var"), &str) ==
          ompd_rc_ok)
        host_free(str);
      ompd.ompd_rel_task_handle(t);
    }
    ompd.ompd_rel_thread_handle(th);
  }
  ompd.ompd_rel_address_space_handle(ah);
  host_fake_symbol(NULL, NULL);
}
END_TEST

int main(int argc, char **argv)
{
  if (argc == 3 && strcmp(argv[1], "--debug-var") == 0)
    return debug_var_child(atoi(argv[2]));
  host_load();
  Suite *s = suite_create("ompd");
  TCase *live = tcase_create("live team");
  tcase_set_timeout(live, 60);
  tcase_add_test(live, versions);
  tcase_add_test(live, states);
  tcase_add_test(live, team_at_barrier);
  tcase_add_test(live, lock_and_critical_waits);
  tcase_add_test(live, nested_regions);
  tcase_add_test(live, task_in_taskwait);
  tcase_add_test(live, stale_region_handles);
  tcase_add_test(live, icvs_match_the_api);
  tcase_add_test(live, listing_costs_two_reads_per_thread);
  tcase_add_test(live, wait_names);
  tcase_add_test(live, wait_holders);
  tcase_add_test(live, debug_var);
  suite_add_tcase(s, live);
  TCase *bad = tcase_create("bad input");
  tcase_set_timeout(bad, 60);
  tcase_add_test(bad, corrupt_layout_tables);
  tcase_add_test(bad, garbage_memory);
  suite_add_tcase(s, bad);
  SRunner *r = srunner_create(s);
  srunner_run_all(r, CK_NORMAL);
  int failed = srunner_ntests_failed(r);
  srunner_free(r);
  return failed == 0 ? 0 : 1;
}
