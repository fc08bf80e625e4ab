/* The OMPT 5.1 tool of the event-sequence tests: it registers every host
   callback and prints one line per event on stdout, "<thread id>: <event>
   key=value ...", which ompt-check.py matches against a test's CHECK lines.
   It is linked into a test program (built with -rdynamic, so the runtime
   finds ompt_start_tool there) or named in OMP_TOOL_LIBRARIES.
   Every id printed is one this tool took from ompt_get_unique_id and stored
   in the runtime's ompt_data_t, so a 0 means the runtime lost the data. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <limits.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <omp-tools.h>

#include "tool-names.h"
#include "tool.h"

typedef unsigned long ul;
#define ADDR(p) ((ul)(uintptr_t)(p))

/* Each event is one printf, so lines never interleave; the flush keeps the
   output of a program that crashes or hangs. */
#define emit(...) (printf(__VA_ARGS__), fflush(stdout))

/* Entry points, looked up at initialize. */
static ompt_set_callback_t set_callback;
static ompt_get_unique_id_t get_unique_id;
static ompt_get_thread_data_t get_thread_data;
static ompt_get_task_info_t get_task_info;
static ompt_get_parallel_info_t get_parallel_info;
static ompt_get_state_t get_state;
static ompt_enumerate_states_t enumerate_states;
static ompt_enumerate_mutex_impls_t enumerate_mutex_impls;
static ompt_get_proc_id_t get_proc_id;

static int verbose; /* PARADBG_OMPT_VERBOSE_REG=1 */

/* The runtime's state names, for ompt_print_state. */
#define MAX_STATES 64
static struct {
  int value;
  const char *name;
} states[MAX_STATES];
static int nstates;

static ul id_of(const ompt_data_t *d) { return d ? (ul)d->value : 0; }

static ul tid(void) { return get_thread_data ? id_of(get_thread_data()) : 0; }

static void give_id(ompt_data_t *d)
{
  if (d && get_unique_id)
    d->value = get_unique_id();
}

static const char *endpoint_word(ompt_scope_endpoint_t ep)
{
  return ep == ompt_scope_begin ? "begin"
         : ep == ompt_scope_end ? "end"
                                : "beginend";
}

/* ---- Callbacks ------------------------------------------------------- */

/* The ompt_data_t the runtime gave this thread at thread_begin, which
   ompt_get_thread_data must return from then on. */
static __thread ompt_data_t *begun_thread_data;

static void on_thread_begin(ompt_thread_t type, ompt_data_t *thread_data)
{
  char b[16];
  give_id(thread_data);
  begun_thread_data = thread_data;
  emit("%lu: thread_begin type=%s\n", id_of(thread_data),
       enum_name(b, thread_type_names, type));
}

static void on_thread_end(ompt_data_t *thread_data)
{
  emit("%lu: thread_end\n", id_of(thread_data));
}

static void on_parallel_begin(ompt_data_t *task, const ompt_frame_t *frame,
                              ompt_data_t *par, unsigned int requested,
                              int flags, const void *ra)
{
  char f[96];
  give_id(par);
  emit("%lu: parallel_begin parent_task_id=%lu parent_exit_frame=0x%lx "
       "parent_enter_frame=0x%lx parallel_id=%lu requested_team_size=%u "
       "flags=%s codeptr_ra=0x%lx\n",
       tid(), id_of(task), frame ? ADDR(frame->exit_frame.ptr) : 0,
       frame ? ADDR(frame->enter_frame.ptr) : 0, id_of(par), requested,
       flag_words(f, parallel_flag_names, flags), ADDR(ra));
}

static void on_parallel_end(ompt_data_t *par, ompt_data_t *task, int flags,
                            const void *ra)
{
  char f[96];
  emit("%lu: parallel_end parallel_id=%lu task_id=%lu flags=%s "
       "codeptr_ra=0x%lx\n",
       tid(), id_of(par), id_of(task),
       flag_words(f, parallel_flag_names, flags), ADDR(ra));
}

static void on_implicit_task(ompt_scope_endpoint_t ep, ompt_data_t *par,
                             ompt_data_t *task, unsigned int team_size,
                             unsigned int thread_num, int flags)
{
  char f[128];
  if (ep == ompt_scope_begin) {
    give_id(task);
    /* No parallel_begin announces the implicit parallel region of an
       initial task, so its id is given here. */
    if ((flags & ompt_task_initial) && par && par->value == 0)
      give_id(par);
  }
  emit("%lu: implicit_task_%s parallel_id=%lu task_id=%lu team_size=%u "
       "thread_num=%u flags=%s\n",
       tid(), endpoint_word(ep), id_of(par), id_of(task), team_size,
       thread_num, flag_words(f, task_flag_names, flags));
}

static void on_task_create(ompt_data_t *task, const ompt_frame_t *frame,
                           ompt_data_t *new_task, int flags,
                           int has_dependences, const void *ra)
{
  char f[128];
  give_id(new_task);
  emit("%lu: task_create parent_task_id=%lu parent_exit_frame=0x%lx "
       "parent_enter_frame=0x%lx new_task_id=%lu type=%s "
       "has_dependences=%d codeptr_ra=0x%lx\n",
       tid(), id_of(task), frame ? ADDR(frame->exit_frame.ptr) : 0,
       frame ? ADDR(frame->enter_frame.ptr) : 0, id_of(new_task),
       flag_words(f, task_flag_names, flags), has_dependences, ADDR(ra));
}

static void on_task_schedule(ompt_data_t *prior, ompt_task_status_t status,
                             ompt_data_t *next)
{
  char b[16];
  emit("%lu: task_schedule prior_task_id=%lu status=%s next_task_id=%lu\n",
       tid(), id_of(prior), enum_name(b, task_status_names, status),
       id_of(next));
}

static void on_dependences(ompt_data_t *task, const ompt_dependence_t *deps,
                           int ndeps)
{
  char list[2048], b[16];
  size_t len = 0;
  list[0] = '\0';
  for (int i = 0; deps && i < ndeps && len < sizeof list; i++)
    len += (size_t)snprintf(
        list + len, sizeof list - len, "%s0x%lx:%s", i ? "," : "",
        ADDR(deps[i].variable.ptr),
        enum_name(b, dependence_type_names, deps[i].dependence_type));
  emit("%lu: dependences task_id=%lu ndeps=%d deps=%s\n", tid(), id_of(task),
       ndeps, list);
}

static void on_task_dependence(ompt_data_t *src, ompt_data_t *sink)
{
  emit("%lu: task_dependence src_task_id=%lu sink_task_id=%lu\n", tid(),
       id_of(src), id_of(sink));
}

static void print_sync(const char *event, ompt_sync_region_t kind,
                       ompt_scope_endpoint_t ep, ompt_data_t *par,
                       ompt_data_t *task, const void *ra)
{
  char b[16];
  ompt_frame_t *frame = NULL;
  /* The frames of the task that is at the construct now: at an implicit
     barrier its exit_frame must be NULL (5.1, 4.4.4.28). */
  if (get_task_info)
    get_task_info(0, NULL, NULL, &frame, NULL, NULL);
  emit("%lu: %s_%s kind=%s parallel_id=%lu task_id=%lu codeptr_ra=0x%lx "
       "cur_exit_frame=0x%lx cur_enter_frame=0x%lx\n",
       tid(), event, endpoint_word(ep), enum_name(b, sync_region_names, kind),
       id_of(par), id_of(task), ADDR(ra),
       frame ? ADDR(frame->exit_frame.ptr) : 0,
       frame ? ADDR(frame->enter_frame.ptr) : 0);
}

static void on_sync_region(ompt_sync_region_t kind, ompt_scope_endpoint_t ep,
                           ompt_data_t *par, ompt_data_t *task,
                           const void *ra)
{
  print_sync("sync_region", kind, ep, par, task, ra);
}

static void on_sync_region_wait(ompt_sync_region_t kind,
                                ompt_scope_endpoint_t ep, ompt_data_t *par,
                                ompt_data_t *task, const void *ra)
{
  print_sync("sync_region_wait", kind, ep, par, task, ra);
}

static void on_reduction(ompt_sync_region_t kind, ompt_scope_endpoint_t ep,
                         ompt_data_t *par, ompt_data_t *task, const void *ra)
{
  (void)kind; /* always ompt_sync_region_reduction */
  emit("%lu: reduction_%s parallel_id=%lu task_id=%lu codeptr_ra=0x%lx\n",
       tid(), endpoint_word(ep), id_of(par), id_of(task), ADDR(ra));
}

/* mutex_acquire and lock_init */
static void print_mutex_acquire(const char *event, ompt_mutex_t kind,
                                unsigned int hint, unsigned int impl,
                                ompt_wait_id_t wait_id, const void *ra)
{
  char b[16];
  emit("%lu: %s kind=%s hint=%u impl=%u wait_id=0x%lx codeptr_ra=0x%lx\n",
       tid(), event, enum_name(b, mutex_names, kind), hint, impl,
       (ul)wait_id, ADDR(ra));
}

static void on_mutex_acquire(ompt_mutex_t kind, unsigned int hint,
                             unsigned int impl, ompt_wait_id_t wait_id,
                             const void *ra)
{
  print_mutex_acquire("mutex_acquire", kind, hint, impl, wait_id, ra);
}

static void on_lock_init(ompt_mutex_t kind, unsigned int hint,
                         unsigned int impl, ompt_wait_id_t wait_id,
                         const void *ra)
{
  print_mutex_acquire("lock_init", kind, hint, impl, wait_id, ra);
}

/* mutex_acquired, mutex_released and lock_destroy */
static void print_mutex(const char *event, ompt_mutex_t kind,
                        ompt_wait_id_t wait_id, const void *ra)
{
  char b[16];
  emit("%lu: %s kind=%s wait_id=0x%lx codeptr_ra=0x%lx\n", tid(), event,
       enum_name(b, mutex_names, kind), (ul)wait_id, ADDR(ra));
}

static void on_mutex_acquired(ompt_mutex_t kind, ompt_wait_id_t wait_id,
                              const void *ra)
{
  print_mutex("mutex_acquired", kind, wait_id, ra);
}

static void on_mutex_released(ompt_mutex_t kind, ompt_wait_id_t wait_id,
                              const void *ra)
{
  print_mutex("mutex_released", kind, wait_id, ra);
}

static void on_lock_destroy(ompt_mutex_t kind, ompt_wait_id_t wait_id,
                            const void *ra)
{
  print_mutex("lock_destroy", kind, wait_id, ra);
}

static void on_nest_lock(ompt_scope_endpoint_t ep, ompt_wait_id_t wait_id,
                         const void *ra)
{
  emit("%lu: nest_lock_%s wait_id=0x%lx codeptr_ra=0x%lx\n", tid(),
       endpoint_word(ep), (ul)wait_id, ADDR(ra));
}

static void on_flush(ompt_data_t *thread_data, const void *ra)
{
  emit("%lu: flush codeptr_ra=0x%lx\n", id_of(thread_data), ADDR(ra));
}

static void on_cancel(ompt_data_t *task, int flags, const void *ra)
{
  char f[128];
  emit("%lu: cancel task_id=%lu flags=%s codeptr_ra=0x%lx\n", tid(),
       id_of(task), flag_words(f, cancel_flag_names, flags), ADDR(ra));
}

static void on_work(ompt_work_t kind, ompt_scope_endpoint_t ep,
                    ompt_data_t *par, ompt_data_t *task, uint64_t count,
                    const void *ra)
{
  char b[16];
  emit("%lu: work_%s kind=%s parallel_id=%lu task_id=%lu count=%lu "
       "codeptr_ra=0x%lx\n",
       tid(), endpoint_word(ep), enum_name(b, work_names, kind), id_of(par),
       id_of(task), (ul)count, ADDR(ra));
}

static void on_masked(ompt_scope_endpoint_t ep, ompt_data_t *par,
                      ompt_data_t *task, const void *ra)
{
  emit("%lu: masked_%s parallel_id=%lu task_id=%lu codeptr_ra=0x%lx\n",
       tid(), endpoint_word(ep), id_of(par), id_of(task), ADDR(ra));
}

static void on_dispatch(ompt_data_t *par, ompt_data_t *task,
                        ompt_dispatch_t kind, ompt_data_t instance)
{
  char b[16];
  emit("%lu: dispatch kind=%s parallel_id=%lu task_id=%lu instance=0x%lx\n",
       tid(), enum_name(b, dispatch_names, kind), id_of(par), id_of(task),
       (ul)instance.value);
}

/* Returns the command, so a test can see it come back from
   omp_control_tool. */
static int on_control_tool(uint64_t command, uint64_t modifier, void *arg,
                           const void *ra)
{
  emit("%lu: control_tool command=%lu modifier=%lu arg=0x%lx "
       "codeptr_ra=0x%lx\n",
       tid(), (ul)command, (ul)modifier, ADDR(arg), ADDR(ra));
  return (int)command;
}

static void on_error(ompt_severity_t severity, const char *message,
                     size_t length, const void *ra)
{
  char b[16];
  emit("%lu: error severity=%s message=%.*s codeptr_ra=0x%lx\n", tid(),
       enum_name(b, severity_names, severity),
       message ? (int)(length < 512 ? length : 512) : 0,
       message ? message : "", ADDR(ra));
}

/* ---- Start-up -------------------------------------------------------- */

#define CALLBACK(event, fn) {ompt_callback_##event, #event, (ompt_callback_t)(void (*)(void))(fn)}

/* Every host callback of OpenMP 5.1 (the target and device ones aside). */
static const struct {
  ompt_callbacks_t event;
  const char *name;
  ompt_callback_t fn;
} callbacks[] = {
    CALLBACK(thread_begin, on_thread_begin),
    CALLBACK(thread_end, on_thread_end),
    CALLBACK(parallel_begin, on_parallel_begin),
    CALLBACK(parallel_end, on_parallel_end),
    CALLBACK(task_create, on_task_create),
    CALLBACK(task_schedule, on_task_schedule),
    CALLBACK(implicit_task, on_implicit_task),
    CALLBACK(control_tool, on_control_tool),
    CALLBACK(sync_region_wait, on_sync_region_wait),
    CALLBACK(mutex_released, on_mutex_released),
    CALLBACK(dependences, on_dependences),
    CALLBACK(task_dependence, on_task_dependence),
    CALLBACK(work, on_work),
    CALLBACK(masked, on_masked),
    CALLBACK(sync_region, on_sync_region),
    CALLBACK(lock_init, on_lock_init),
    CALLBACK(lock_destroy, on_lock_destroy),
    CALLBACK(mutex_acquire, on_mutex_acquire),
    CALLBACK(mutex_acquired, on_mutex_acquired),
    CALLBACK(nest_lock, on_nest_lock),
    CALLBACK(flush, on_flush),
    CALLBACK(cancel, on_cancel),
    CALLBACK(reduction, on_reduction),
    CALLBACK(dispatch, on_dispatch),
    CALLBACK(error, on_error),
};

/* A missing entry point is always reported: the tests must see it. */
static ompt_interface_fn_t find(ompt_function_lookup_t lookup,
                                const char *name)
{
  ompt_interface_fn_t fn = lookup(name);
  if (!fn)
    emit("0: lookup %s = NULL\n", name);
  return fn;
}

/* Bounded, so a runtime whose enumeration never ends cannot hang us. */
static void remember_states(void)
{
  int cur = ompt_state_undefined, next;
  const char *name;
  for (int i = 0; enumerate_states && i < 1024 && nstates < MAX_STATES; i++) {
    if (!enumerate_states(cur, &next, &name))
      break;
    states[nstates].value = next;
    states[nstates++].name = name;
    if (verbose)
      emit("0: state 0x%x %s\n", (unsigned)next, name ? name : "(null)");
    cur = next;
  }
}

static void list_mutex_impls(void)
{
  int cur = ompt_mutex_impl_none, next;
  const char *name;
  for (int i = 0; enumerate_mutex_impls && i < 64; i++) {
    if (!enumerate_mutex_impls(cur, &next, &name))
      break;
    if (verbose)
      emit("0: mutex_impl %d %s\n", next, name ? name : "(null)");
    cur = next;
  }
}

static int fail_init; /* PARADBG_OMPT_START=fail-init */

static int tool_initialize(ompt_function_lookup_t lookup,
                           int initial_device_num, ompt_data_t *tool_data)
{
  (void)tool_data;
  emit("0: initialize initial_device_num=%d\n", initial_device_num);
  if (fail_init)
    return 0; /* the runtime must now behave as if there were no tool */
  set_callback = (ompt_set_callback_t)find(lookup, "ompt_set_callback");
  get_unique_id = (ompt_get_unique_id_t)find(lookup, "ompt_get_unique_id");
  get_thread_data =
      (ompt_get_thread_data_t)find(lookup, "ompt_get_thread_data");
  get_task_info = (ompt_get_task_info_t)find(lookup, "ompt_get_task_info");
  get_parallel_info =
      (ompt_get_parallel_info_t)find(lookup, "ompt_get_parallel_info");
  get_state = (ompt_get_state_t)find(lookup, "ompt_get_state");
  enumerate_states =
      (ompt_enumerate_states_t)find(lookup, "ompt_enumerate_states");
  enumerate_mutex_impls = (ompt_enumerate_mutex_impls_t)find(
      lookup, "ompt_enumerate_mutex_impls");
  get_proc_id = (ompt_get_proc_id_t)find(lookup, "ompt_get_proc_id");
  remember_states();
  list_mutex_impls();
  for (size_t i = 0; set_callback && i < NAME_COUNT(callbacks); i++) {
    char b[16];
    ompt_set_result_t rc =
        set_callback(callbacks[i].event, callbacks[i].fn);
    if (verbose)
      emit("0: set_callback %s = %s\n", callbacks[i].name,
           enum_name(b, set_result_names, rc));
  }
  return 1;
}

static void tool_finalize(ompt_data_t *tool_data)
{
  (void)tool_data;
  emit("0: finalize\n");
}

ompt_start_tool_result_t *ompt_start_tool(unsigned int omp_version,
                                          const char *runtime_version)
{
  static ompt_start_tool_result_t result = {tool_initialize, tool_finalize,
                                            {0}};
  const char *start = getenv("PARADBG_OMPT_START");
  const char *v = getenv("PARADBG_OMPT_VERBOSE_REG");
  verbose = v && strcmp(v, "1") == 0;
  emit("0: start_tool omp_version=%u runtime_version=%s\n", omp_version,
       runtime_version ? runtime_version : "(null)");
  if (start && strcmp(start, "decline") == 0)
    return NULL;
  fail_init = start && strcmp(start, "fail-init") == 0;
  return &result;
}

/* Names the file that provides the OpenMP API, so the runner can tell that
   a test ran on the runtime it meant (before any OMPT event, and even when
   the runtime never starts the tool). */
__attribute__((constructor)) static void report_runtime(void)
{
  void *fn = dlsym(RTLD_DEFAULT, "omp_get_thread_num");
  char path[PATH_MAX];
  const char *where = "none";
  Dl_info info;
  if (fn && dladdr(fn, &info) && info.dli_fname)
    where = realpath(info.dli_fname, path) ? path : info.dli_fname;
  emit("0: tool_loaded runtime=%s\n", where);
}

/* ---- Helpers for the test programs (tool.h) -------------------------- */

void ompt_print_task_info(int level)
{
  int flags = 0, thread_num = -1, team_size = -1, rc;
  ompt_data_t *task = NULL, *par = NULL, *team_par = NULL;
  ompt_frame_t *frame = NULL;
  char f[128];
  if (!get_task_info || !get_parallel_info) {
    emit("%lu: task_info level=%d rc=-1 (no tool)\n", tid(), level);
    return;
  }
  rc = get_task_info(level, &flags, &task, &frame, &par, &thread_num);
  get_parallel_info(level, &team_par, &team_size);
  emit("%lu: task_info level=%d rc=%d task_id=%lu parallel_id=%lu type=%s "
       "exit_frame=0x%lx enter_frame=0x%lx exit_frame_flags=0x%x "
       "enter_frame_flags=0x%x thread_num=%d team_size=%d\n",
       tid(), level, rc, id_of(task), id_of(par),
       flag_words(f, task_flag_names, flags),
       frame ? ADDR(frame->exit_frame.ptr) : 0,
       frame ? ADDR(frame->enter_frame.ptr) : 0,
       frame ? (unsigned)frame->exit_frame_flags : 0,
       frame ? (unsigned)frame->enter_frame_flags : 0, thread_num, team_size);
}

void ompt_print_state(void)
{
  ompt_wait_id_t wait_id = 0;
  char b[16];
  const char *name = b;
  int s;
  if (!get_state) {
    emit("%lu: state name=(no tool) wait_id=0x0\n", tid());
    return;
  }
  s = get_state(&wait_id);
  snprintf(b, sizeof b, "0x%x", (unsigned)s);
  for (int i = 0; i < nstates; i++)
    if (states[i].value == s && states[i].name)
      name = states[i].name;
  emit("%lu: state name=%s wait_id=0x%lx\n", tid(), name, (ul)wait_id);
}

void ompt_print_frame(const char *label, void *addr)
{
  emit("%lu: frame %s=0x%lx\n", tid(), label, ADDR(addr));
}

void ompt_print_addr(const char *label, const void *addr)
{
  emit("%lu: addr %s=0x%lx\n", tid(), label, ADDR(addr));
}

void ompt_wait_flag(int *flag)
{
  struct timespec t0, t;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  while (!__atomic_load_n(flag, __ATOMIC_ACQUIRE)) {
    clock_gettime(CLOCK_MONOTONIC, &t);
    if (t.tv_sec - t0.tv_sec > 10)
      return;
    sched_yield();
  }
}

void ompt_print_thread_data(void)
{
  ompt_data_t *d = get_thread_data ? get_thread_data() : NULL;
  emit("%lu: thread_data id=%lu same_as_thread_begin=%d\n", tid(), id_of(d),
       d != NULL && d == begun_thread_data);
}

void ompt_print_proc_id(void)
{
  int id = -2, before = -1, after = -1;
  if (!get_proc_id) {
    emit("%lu: proc_id (no tool)\n", tid());
    return;
  }
  /* The thread may move between the calls (and back): try again until
     all three agree. */
  for (int i = 0; i < 100; i++) {
    before = sched_getcpu();
    id = get_proc_id();
    after = sched_getcpu();
    if (before == after && id == before)
      break;
  }
  emit("%lu: proc_id id=%d same_as_sched_getcpu=%d\n", tid(), id,
       before == after && id == before);
}

void ompt_print_parallel_info(int level)
{
  ompt_data_t *par = NULL;
  int team_size = -1, rc;
  if (!get_parallel_info) {
    emit("%lu: parallel_info level=%d rc=-1 (no tool)\n", tid(), level);
    return;
  }
  rc = get_parallel_info(level, &par, &team_size);
  emit("%lu: parallel_info level=%d rc=%d parallel_id=%lu team_size=%d\n",
       tid(), level, rc, id_of(par), team_size);
}

void ompt_print_inquiry(int levels)
{
  ompt_print_thread_data();
  for (int level = 0; level <= levels; level++) {
    ompt_print_task_info(level);
    ompt_print_parallel_info(level);
  }
}
