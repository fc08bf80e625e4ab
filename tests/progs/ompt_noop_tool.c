/* An OMPT tool that registers every host callback and does nothing in
   them: what a tool's presence costs the runtime (bench/), and the whole
   corpus run with every event site active (tests/omp-corpus-ompt.test).
   Build it as a shared library and name it in OMP_TOOL_LIBRARIES. */
#include <stddef.h>

#include <omp-tools.h>

static void thread_begin(ompt_thread_t t, ompt_data_t *d) { (void)t; (void)d; }
static void thread_end(ompt_data_t *d) { (void)d; }
static void parallel_begin(ompt_data_t *t, const ompt_frame_t *f, ompt_data_t *p, unsigned n,
                           int flags, const void *ra)
{ (void)t; (void)f; (void)p; (void)n; (void)flags; (void)ra; }
static void parallel_end(ompt_data_t *p, ompt_data_t *t, int flags, const void *ra)
{ (void)p; (void)t; (void)flags; (void)ra; }
static void task_create(ompt_data_t *t, const ompt_frame_t *f, ompt_data_t *n, int flags,
                        int deps, const void *ra)
{ (void)t; (void)f; (void)n; (void)flags; (void)deps; (void)ra; }
static void task_schedule(ompt_data_t *a, ompt_task_status_t s, ompt_data_t *b)
{ (void)a; (void)s; (void)b; }
static void implicit_task(ompt_scope_endpoint_t e, ompt_data_t *p, ompt_data_t *t, unsigned n,
                          unsigned i, int flags)
{ (void)e; (void)p; (void)t; (void)n; (void)i; (void)flags; }
static void sync_region(ompt_sync_region_t k, ompt_scope_endpoint_t e, ompt_data_t *p,
                        ompt_data_t *t, const void *ra)
{ (void)k; (void)e; (void)p; (void)t; (void)ra; }
static void mutex_acquire(ompt_mutex_t k, unsigned h, unsigned impl, ompt_wait_id_t w,
                          const void *ra)
{ (void)k; (void)h; (void)impl; (void)w; (void)ra; }
static void mutex(ompt_mutex_t k, ompt_wait_id_t w, const void *ra) { (void)k; (void)w; (void)ra; }
static void nest_lock(ompt_scope_endpoint_t e, ompt_wait_id_t w, const void *ra)
{ (void)e; (void)w; (void)ra; }
static void dependences(ompt_data_t *t, const ompt_dependence_t *d, int n)
{ (void)t; (void)d; (void)n; }
static void task_dependence(ompt_data_t *a, ompt_data_t *b) { (void)a; (void)b; }
static void work(ompt_work_t k, ompt_scope_endpoint_t e, ompt_data_t *p, ompt_data_t *t,
                 uint64_t n, const void *ra)
{ (void)k; (void)e; (void)p; (void)t; (void)n; (void)ra; }
static void masked(ompt_scope_endpoint_t e, ompt_data_t *p, ompt_data_t *t, const void *ra)
{ (void)e; (void)p; (void)t; (void)ra; }
static void flush(ompt_data_t *t, const void *ra) { (void)t; (void)ra; }
static void cancel(ompt_data_t *t, int flags, const void *ra) { (void)t; (void)flags; (void)ra; }
static void dispatch(ompt_data_t *p, ompt_data_t *t, ompt_dispatch_t k, ompt_data_t i)
{ (void)p; (void)t; (void)k; (void)i; }
static int control_tool(uint64_t c, uint64_t m, void *a, const void *ra)
{ (void)c; (void)m; (void)a; (void)ra; return 0; }
static void error(ompt_severity_t s, const char *m, size_t n, const void *ra)
{ (void)s; (void)m; (void)n; (void)ra; }

static int initialize(ompt_function_lookup_t lookup, int device, ompt_data_t *data)
{
  (void)device;
  (void)data;
  ompt_set_callback_t set = (ompt_set_callback_t)lookup("ompt_set_callback");
  if (set == NULL)
    return 0;
#define SET(event, fn) set(ompt_callback_##event, (ompt_callback_t)fn)
  SET(thread_begin, thread_begin);
  SET(thread_end, thread_end);
  SET(parallel_begin, parallel_begin);
  SET(parallel_end, parallel_end);
  SET(task_create, task_create);
  SET(task_schedule, task_schedule);
  SET(implicit_task, implicit_task);
  SET(sync_region, sync_region);
  SET(sync_region_wait, sync_region);
  SET(reduction, sync_region);
  SET(mutex_acquire, mutex_acquire);
  SET(lock_init, mutex_acquire);
  SET(mutex_acquired, mutex);
  SET(mutex_released, mutex);
  SET(lock_destroy, mutex);
  SET(nest_lock, nest_lock);
  SET(dependences, dependences);
  SET(task_dependence, task_dependence);
  SET(work, work);
  SET(masked, masked);
  SET(flush, flush);
  SET(cancel, cancel);
  SET(dispatch, dispatch);
  SET(control_tool, control_tool);
  SET(error, error);
#undef SET
  return 1;
}

static void finalize(ompt_data_t *data)
{
  (void)data;
}

ompt_start_tool_result_t *ompt_start_tool(unsigned int version, const char *runtime)
{
  (void)version;
  (void)runtime;
  static ompt_start_tool_result_t result = { initialize, finalize, { 0 } };
  return &result;
}
