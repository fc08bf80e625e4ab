/* Finding a GASP tool: one linked into the program (strong definitions that
   our weak references pick up), or one named by PARADBG_GASP_TOOL. */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

#include "caf.h"
#include "gasp_events.h"

int parcaf_gasp_on;
gasp_context_t parcaf_gasp_context;
void (*parcaf_gasp_notify)(gasp_context_t, unsigned int, gasp_evttype_t, const char *, int, int, ...);

extern gasp_context_t gasp_init(gasp_model_t, int *, char ***) __attribute__((weak));
extern void gasp_event_notify(gasp_context_t, unsigned int, gasp_evttype_t, const char *, int, int,
                              ...) __attribute__((weak));

typedef gasp_context_t (*init_fn)(gasp_model_t, int *, char ***);

void parcaf_gasp_start(int *argc, char ***argv)
{
  init_fn init = gasp_init;
  parcaf_gasp_notify = gasp_event_notify;
  const char *tool = getenv("PARADBG_GASP_TOOL");
  if (tool && *tool) {
    void *h = dlopen(tool, RTLD_NOW | RTLD_LOCAL);
    if (!h)
      parcaf_error_terminate(1, "PARADBG_GASP_TOOL: cannot load '%s': %s", tool, dlerror());
    init = (init_fn)dlsym(h, "gasp_init");
    parcaf_gasp_notify = (void (*)(gasp_context_t, unsigned int, gasp_evttype_t, const char *, int,
                                   int, ...))dlsym(h, "gasp_event_notify");
    if (!init || !parcaf_gasp_notify)
      parcaf_error_terminate(1, "PARADBG_GASP_TOOL: '%s' does not define gasp_init and gasp_event_notify",
                             tool);
  }
  if (!init || !parcaf_gasp_notify)
    return;
  parcaf_gasp_context = init(GASP_MODEL_CAF, argc, argv);
  parcaf_gasp_on = 1;
}
