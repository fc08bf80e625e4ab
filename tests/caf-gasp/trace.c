/* A GASP tool linked into the test program: writes each event of image N,
   with its non-pointer arguments, to gasp-trace.N. */
#include <dlfcn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "gasp_caf.h"

struct _gasp_context_S {
  FILE *out;
};

static const char *name_of(unsigned tag)
{
  switch (tag) {
#define CASE(name, value, types, args) case value: return #name + 9;
    GASP_CAF_EVENTS(CASE)
#undef CASE
  }
  return "unknown";
}

gasp_context_t gasp_init(gasp_model_t model, int *argc, char ***argv)
{
  (void)argc;
  (void)argv;
  int (*this_image)(int) = (int (*)(int))dlsym(RTLD_DEFAULT, "_gfortran_caf_this_image");
  char path[64];
  snprintf(path, sizeof path, "gasp-trace.%d", this_image(0));
  struct _gasp_context_S *c = malloc(sizeof *c);
  c->out = fopen(path, "w");
  fprintf(c->out, "INIT model=%s\n", model == GASP_MODEL_CAF ? "CAF" : "other");
  return c;
}

void gasp_event_notify(gasp_context_t c, unsigned int tag, gasp_evttype_t type, const char *file, int line,
                       int col, ...)
{
  static const char *const types[] = {"START", "END", "ATOMIC"};
  va_list ap;
  va_start(ap, col);
  fprintf(c->out, "%s %s", types[type], name_of(tag));
  if (file || line || col)
    fprintf(c->out, " at %s:%d:%d", file ? file : "?", line, col);
  switch (tag) {
  case GASP_CAF_PUT:
  case GASP_CAF_GET:
  case GASP_CAF_CO_SUM: {
    int image = va_arg(ap, int);
    fprintf(c->out, " %d %zu", image, va_arg(ap, size_t));
    break;
  }
  case GASP_CAF_LOCK:
  case GASP_CAF_UNLOCK:
  case GASP_CAF_EVENT_POST:
    fprintf(c->out, " %d", va_arg(ap, int));
    break;
  case GASP_CAF_EVENT_WAIT:
    (void)va_arg(ap, void *);
    fprintf(c->out, " %d", va_arg(ap, int));
    break;
  case GASP_CAF_ATOMIC_OP: {
    int image = va_arg(ap, int);
    (void)va_arg(ap, void *);
    fprintf(c->out, " %d %d", image, va_arg(ap, int));
    break;
  }
  }
  fputc('\n', c->out);
  fflush(c->out);
  va_end(ap);
}

void gasp_event_notifyVA(gasp_context_t c, unsigned int tag, gasp_evttype_t type, const char *file, int line,
                         int col, va_list ap)
{
  (void)c; (void)tag; (void)type; (void)file; (void)line; (void)col; (void)ap;
}

int gasp_control(gasp_context_t c, int on)
{
  (void)c;
  return on;
}

unsigned int gasp_create_event(gasp_context_t c, const char *name, const char *desc)
{
  (void)c; (void)name; (void)desc;
  return 0;
}
