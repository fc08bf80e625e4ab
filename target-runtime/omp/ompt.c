/* OMPT tool discovery, callback registration, and the tool's start and end
   (OpenMP 5.1, section 4.2).  The entry points a tool looks up are in
   ompt_inquiry.c; the event helpers in ompt_events.c. */
#include "config.h"

#include <dlfcn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../rtline.h"
#include "paromp.h"
#include "ompt.h"

/* The OpenMP version the runtime reports to ompt_start_tool: 5.1. */
#define PAROMP_OMPT_OPENMP_VERSION 202011u

struct paromp_ompt_callbacks paromp_ompt;
int paromp_ompt_frames;
int paromp_ompt_tool;

static ompt_start_tool_result_t *tool;  /* the tool that is or was active */
static int tool_active;
static FILE *verbose;

static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void say(const char *fmt, ...)
{
  if (verbose == NULL)
    return;
  va_list ap;
  va_start(ap, fmt);
  rt_prefixed_vline(verbose, 0, "libparomp: OMPT: ", fmt, ap);
  va_end(ap);
}

static ompt_set_result_t set_callback(ompt_callbacks_t which, ompt_callback_t cb)
{
  switch (which) {
#define PAROMP_OMPT_SET(name, type, level)                                 \
  case ompt_callback_##name:                                               \
    __atomic_store_n(&paromp_ompt.name, (ompt_callback_##type##_t)cb, __ATOMIC_RELEASE); \
    return cb == NULL ? ompt_set_always : level;
    PAROMP_OMPT_CALLBACKS(PAROMP_OMPT_SET)
#undef PAROMP_OMPT_SET
  /* These events do occur, but gcc compiles them without a runtime call:
     masked and master become a test of omp_get_thread_num() against the
     filter, flush a fence (__sync_synchronize).  The runtime never sees
     them, so it can never call back: ompt_set_impossible ("the event may
     occur but cannot be traced"), not ompt_set_never, which would tell the
     tool the program has none.  Nothing is stored, so ompt_get_callback
     answers 0 for them. */
  case ompt_callback_masked:
  case ompt_callback_flush:
    return ompt_set_impossible;
  case ompt_callback_target:
  case ompt_callback_target_data_op:
  case ompt_callback_target_submit:
  case ompt_callback_device_initialize:
  case ompt_callback_device_finalize:
  case ompt_callback_device_load:
  case ompt_callback_device_unload:
  case ompt_callback_target_map:
  case ompt_callback_target_emi:
  case ompt_callback_target_data_op_emi:
  case ompt_callback_target_submit_emi:
  case ompt_callback_target_map_emi:
    return ompt_set_never;            /* the host is the only device */
  }
  return ompt_set_error;
}

static int get_callback(ompt_callbacks_t which, ompt_callback_t *cb)
{
  ompt_callback_t found = NULL;
  switch (which) {
#define PAROMP_OMPT_GET(name, type, level)                                   \
  case ompt_callback_##name:                                                 \
    found = (ompt_callback_t)__atomic_load_n(&paromp_ompt.name, __ATOMIC_ACQUIRE); \
    break;
    PAROMP_OMPT_CALLBACKS(PAROMP_OMPT_GET)
#undef PAROMP_OMPT_GET
  default:
    break;
  }
  if (cb != NULL)
    *cb = found;
  return found != NULL;
}

static void finalize_tool(void);

static ompt_interface_fn_t lookup(const char *name)
{
  if (name == NULL)
    return NULL;
  if (strcmp(name, "ompt_set_callback") == 0)
    return (ompt_interface_fn_t)set_callback;
  if (strcmp(name, "ompt_get_callback") == 0)
    return (ompt_interface_fn_t)get_callback;
  if (strcmp(name, "ompt_finalize_tool") == 0)
    return (ompt_interface_fn_t)finalize_tool;
  return paromp_ompt_inquiry(name);
}

/* Where a function came from, for the verbose log. */
static const char *object_of(void *fn)
{
  Dl_info info;
  if (dladdr(fn, &info) != 0 && info.dli_fname != NULL && info.dli_fname[0] != '\0')
    return info.dli_fname;
  return "the program";
}

typedef ompt_start_tool_result_t *start_tool_fn(unsigned int, const char *);

static ompt_start_tool_result_t *call_start(start_tool_fn *start)
{
  return start(PAROMP_OMPT_OPENMP_VERSION, "libparomp " PACKAGE_VERSION);
}

/* The first library of the colon-separated list whose ompt_start_tool
   returns non-NULL; the others are unloaded again. */
static ompt_start_tool_result_t *from_libraries(const char *list)
{
  char *copy = strdup(list);
  ompt_start_tool_result_t *found = NULL;
  if (copy == NULL)
    return NULL;
  char *save = NULL;
  for (char *lib = strtok_r(copy, ":", &save); lib != NULL && found == NULL;
       lib = strtok_r(NULL, ":", &save)) {
    say("trying OMP_TOOL_LIBRARIES entry '%s'", lib);
    void *h = dlopen(lib, RTLD_NOW | RTLD_LOCAL);
    if (h == NULL) {
      say("cannot load '%s': %s", lib, dlerror());
      continue;
    }
    start_tool_fn *start = (start_tool_fn *)dlsym(h, "ompt_start_tool");
    if (start == NULL) {
      say("'%s' has no ompt_start_tool", lib);
      dlclose(h);
      continue;
    }
    found = call_start(start);
    if (found == NULL) {
      say("ompt_start_tool in '%s' returned NULL", lib);
      dlclose(h);
    } else {
      say("using the tool in '%s'", lib);
    }
  }
  free(copy);
  return found;
}

static void open_verbose(void)
{
  const char *v = getenv("OMP_TOOL_VERBOSE_INIT");
  if (v == NULL || v[0] == '\0' || strcasecmp(v, "disabled") == 0)
    return;
  if (strcasecmp(v, "stdout") == 0) {
    verbose = stdout;
  } else if (strcasecmp(v, "stderr") == 0) {
    verbose = stderr;
  } else {
    verbose = fopen(v, "w");
    if (verbose == NULL)
      rt_line(stderr, 0, "libparomp: warning: OMP_TOOL_VERBOSE_INIT: cannot write '%s'; "
              "not logging tool start-up", v);
  }
}

static void close_verbose(void)
{
  if (verbose != NULL && verbose != stdout && verbose != stderr)
    fclose(verbose);
  verbose = NULL;
}

static void finish(void);

/* At exit the idle workers end too; ompt_finalize_tool leaves them be,
   since the program goes on. */
static void fini_at_exit(void)
{
  if (tool_active && OMPT_ON(thread_end))
    paromp_workers_end();
  finish();
}

/* In the library's constructor, before the initial thread exists. */
void paromp_ompt_init(void)
{
  const char *v = getenv("OMP_TOOL");
  open_verbose();
  if (v != NULL && strcasecmp(v, "disabled") == 0) {
    say("OMP_TOOL=disabled: not looking for a tool");
    close_verbose();
    return;
  }
  if (v != NULL && strcasecmp(v, "enabled") != 0)
    rt_line(stderr, 0, "libparomp: warning: OMP_TOOL='%s' is not valid; using enabled", v);

  say("looking for ompt_start_tool in the program and the libraries it loaded");
  start_tool_fn *start = (start_tool_fn *)dlsym(RTLD_DEFAULT, "ompt_start_tool");
  ompt_start_tool_result_t *found = NULL;
  if (start != NULL) {
    found = call_start(start);
    say("ompt_start_tool in %s returned %s", object_of((void *)start),
        found ? "a tool" : "NULL");
  } else {
    say("none found");
  }
  const char *libs = getenv("OMP_TOOL_LIBRARIES");
  if (found == NULL && libs != NULL && libs[0] != '\0')
    found = from_libraries(libs);
  if (found == NULL || found->initialize == NULL) {
    /* the last line says why, so a user need not read the ones above */
    if (found != NULL)
      say("no tool: ompt_start_tool returned no initialize function");
    else if (libs == NULL || libs[0] == '\0')
      say("no tool: none in the program started, and OMP_TOOL_LIBRARIES is not set");
    else
      say("no tool: none in the program or in OMP_TOOL_LIBRARIES started");
    close_verbose();
    return;
  }

  tool = found;
  if (found->initialize(lookup, omp_get_initial_device(), &found->tool_data) == 0) {
    say("the tool's initialize returned 0: it stays inactive");
    memset(&paromp_ompt, 0, sizeof paromp_ompt);
    tool = NULL;
    close_verbose();
    return;
  }
  tool_active = 1;
  paromp_ompt_tool = 1;
  paromp_ompt_frames = 1;
  say("tool initialized");
  close_verbose();
  /* before any atexit handler the program registers, so it runs after them */
  atexit(fini_at_exit);
}

/* The initial thread's implicit task and the thread itself end, then the
   tool's finalize runs; no event is reported after it. */
static void finish(void)
{
  if (!__atomic_exchange_n(&tool_active, 0, __ATOMIC_ACQ_REL))
    return;
  struct paromp_thread *self = paromp_self_tls;
  if (self != NULL && !self->is_worker && self->ts.team == &self->root_team) {
    OMPT_WORK_CLOSE(self);
    if (OMPT_ON(implicit_task))
      paromp_ompt.implicit_task(ompt_scope_end, NULL, &self->root_task.ompt_data, 0, 1,
                                ompt_task_initial);
    if (OMPT_ON(thread_end))
      paromp_ompt.thread_end(&self->ompt_data);
  }
  memset(&paromp_ompt, 0, sizeof paromp_ompt);
  paromp_ompt_tool = 0;
  paromp_ompt_frames = paromp_debug_enabled;
  if (tool->finalize != NULL)
    tool->finalize(&tool->tool_data);
}

static void finalize_tool(void)
{
  finish();
}

/* A thread the runtime knows from now on: the initial thread also begins
   its initial task. */
void paromp_ompt_thread_begin(struct paromp_thread *t, ompt_thread_t type)
{
  if (OMPT_ON(thread_begin))
    paromp_ompt.thread_begin(type, &t->ompt_data);
  if (type == ompt_thread_initial && OMPT_ON(implicit_task))
    paromp_ompt.implicit_task(ompt_scope_begin, &t->root_team.ompt_data,
                              &t->root_task.ompt_data, 1, 1, ompt_task_initial);
}
