/* Finding and loading the OMPD plugin a target names. */
#ifndef PARADBG_INSPECT_PLUGIN_H
#define PARADBG_INSPECT_PLUGIN_H

#include <omp-tools.h>

#include "target.h"

struct plugin {
  void *lib;
  char *path;
  const char *version;                 /* ompd_get_version_string's */
  ompd_address_space_handle_t *ah;     /* the target's address space */
#define PARADBG_OMPD_API(name) __typeof__(name) *name;
#include "paradbg/ompd-api.h"
#undef PARADBG_OMPD_API
};

/* Reads the plugin names from t (ompd_dll_locations, else
   ompt_debugger_plugin), looks for each base name in the trusted
   directories (dirs first, then the build tree's when run from it, then
   the install directory), loads the first found and opens t's address
   space with it.  An inspect status, having printed one line. */
int plugin_open(struct target *t, char *const *dirs, unsigned ndirs, struct plugin *p);
void plugin_close(struct plugin *p);

/* The name of an ompd_rc_t, for messages. */
const char *ompd_rc_name(ompd_rc_t rc);

#endif
