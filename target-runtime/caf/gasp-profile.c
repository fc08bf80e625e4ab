/* libgasp-profile.so: a sample GASP tool.  Each image counts the events
   libparcaf sends, with the time between START and END and the bytes moved,
   and writes a summary when it exits to PARADBG_GASP_PROFILE.<image>
   (default gasp-profile.<image>).  Load it with PARADBG_GASP_TOOL. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../rtline.h"
#include "gasp_caf.h"

#define TOOL_EXPORT __attribute__((visibility("default")))
#define NEVENTS (GASP_CAF_LAST_EVENT - GASP_CAF_FIRST_EVENT + 1)
#define MAX_USER 64
#define MAX_DEPTH 64

struct stat_row {
  unsigned long long count, bytes;
  double seconds;
};

struct _gasp_context_S {
  int on;
  int depth;
  struct {
    unsigned tag;
    double start;
  } open[MAX_DEPTH];
  struct stat_row caf[NEVENTS];
  struct stat_row user[MAX_USER];
  char *user_name[MAX_USER];
  unsigned nuser;
};

static const char *const names[NEVENTS] = {
#define NAME(name, value, types, args) [value - GASP_CAF_FIRST_EVENT] = #name,
  GASP_CAF_EVENTS(NAME)
#undef NAME
};

#define USER_BASE 0x80000000u

static struct _gasp_context_S *the_context;   /* one image per process */

static double now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int caf_query(const char *fn, int a, int b, int nargs)
{
  void *p = dlsym(RTLD_DEFAULT, fn);
  if (!p)
    return 0;
  return nargs == 1 ? ((int (*)(int))p)(a) : ((int (*)(int, int))p)(a, b);
}

static void write_row(FILE *f, const char *name, const struct stat_row *r)
{
  if (r->count)
    fprintf(f, "%-24s %10llu %12.6f %14llu\n", name, r->count, r->seconds, r->bytes);
}

static void summary(void)
{
  struct _gasp_context_S *c = the_context;
  if (!c)
    return;
  int image = caf_query("_gfortran_caf_this_image", 0, 0, 1);
  int n = caf_query("_gfortran_caf_num_images", 0, -1, 2);
  const char *prefix = getenv("PARADBG_GASP_PROFILE");
  char path[4096];
  snprintf(path, sizeof path, "%s.%d", prefix && *prefix ? prefix : "gasp-profile", image);
  FILE *f = fopen(path, "w");
  if (!f) {
    rt_line(stderr, 0, "libgasp-profile: cannot write %s", path);
    return;
  }
  fprintf(f, "# gasp-profile: image %d of %d (GASP %d)\n", image, n, GASP_VERSION);
  fprintf(f, "%-24s %10s %12s %14s\n", "event", "count", "seconds", "bytes");
  for (int i = 0; i < NEVENTS; i++)
    write_row(f, names[i] ? names[i] : "?", &c->caf[i]);
  for (unsigned i = 0; i < c->nuser; i++)
    write_row(f, c->user_name[i], &c->user[i]);
  fclose(f);
}

TOOL_EXPORT gasp_context_t gasp_init(gasp_model_t model, int *argc, char ***argv)
{
  (void)argc;
  (void)argv;
  struct _gasp_context_S *c = calloc(1, sizeof *c);
  if (!c || model != GASP_MODEL_CAF)
    return c;
  c->on = 1;
  the_context = c;
  atexit(summary);
  return c;
}

static struct stat_row *row_of(struct _gasp_context_S *c, unsigned tag)
{
  if (tag >= GASP_CAF_FIRST_EVENT && tag <= GASP_CAF_LAST_EVENT)
    return &c->caf[tag - GASP_CAF_FIRST_EVENT];
  if (tag >= USER_BASE && tag - USER_BASE < c->nuser)
    return &c->user[tag - USER_BASE];
  return NULL;
}

/* The bytes an event carries, read from its arguments (gasp_caf.h). */
static unsigned long long bytes_of(unsigned tag, va_list ap)
{
  switch (tag) {
  case GASP_CAF_REGISTER:
    return va_arg(ap, size_t);
  case GASP_CAF_PUT:
  case GASP_CAF_GET:
  case GASP_CAF_CO_SUM:
  case GASP_CAF_CO_MIN:
  case GASP_CAF_CO_MAX:
  case GASP_CAF_CO_REDUCE:
  case GASP_CAF_CO_BROADCAST:
    (void)va_arg(ap, int);
    return va_arg(ap, size_t);
  case GASP_CAF_SENDGET:
    (void)va_arg(ap, int);
    (void)va_arg(ap, int);
    return va_arg(ap, size_t);
  }
  return 0;
}

TOOL_EXPORT void gasp_event_notifyVA(gasp_context_t c, unsigned int tag, gasp_evttype_t type,
                                     const char *filename, int linenum, int colnum, va_list ap)
{
  (void)filename;
  (void)linenum;
  (void)colnum;
  if (!c || !c->on)
    return;
  struct stat_row *r = row_of(c, tag);
  if (!r)
    return;
  if (type == GASP_START) {
    if (c->depth < MAX_DEPTH) {
      c->open[c->depth].tag = tag;
      c->open[c->depth].start = now();
    }
    c->depth++;
    return;
  }
  r->count++;
  r->bytes += bytes_of(tag, ap);
  if (type == GASP_END && c->depth > 0) {
    c->depth--;
    if (c->depth < MAX_DEPTH && c->open[c->depth].tag == tag)
      r->seconds += now() - c->open[c->depth].start;
  }
}

TOOL_EXPORT void gasp_event_notify(gasp_context_t c, unsigned int tag, gasp_evttype_t type, const char *filename,
                                   int linenum, int colnum, ...)
{
  va_list ap;
  va_start(ap, colnum);
  gasp_event_notifyVA(c, tag, type, filename, linenum, colnum, ap);
  va_end(ap);
}

TOOL_EXPORT int gasp_control(gasp_context_t c, int on)
{
  if (!c)
    return 1;
  int was = c->on;
  c->on = on;
  return was;
}

TOOL_EXPORT unsigned int gasp_create_event(gasp_context_t c, const char *name, const char *desc)
{
  (void)desc;
  if (!c || c->nuser >= MAX_USER)
    return 0;
  c->user_name[c->nuser] = strdup(name ? name : "user");
  return USER_BASE + c->nuser++;
}
