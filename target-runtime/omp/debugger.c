/* What libparomp exports for debuggers: the plugin names, the OMPD
   breakpoint functions, the layout table built from the shared list in
   include/paradbg/omp-layout.h, and a generation counter for caches. */
#include "config.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <strings.h>

#include <omp-tools.h>

#include "paradbg/omp-layout.h"
#include "paradbg/plugins.h"
#include "../rtline.h"
#include "paromp.h"
#include "ompt.h"

/* The base name of our OMPD plugin.  A debugger loads it only by a name it
   knows, from directories it trusts; it never loads a path the target names. */
PAROMP_EXPORT const char *ompt_debugger_plugin = PARADBG_OMPD_PLUGIN;
static const char *plugin_names[] = { PARADBG_OMPD_PLUGIN, NULL };
PAROMP_EXPORT const char **ompd_dll_locations;

/* Bumped when threads, or teams, appear or go: a plugin may keep what it
   read while this is unchanged. */
PAROMP_EXPORT uint64_t paromp_generation;

/* OMP_DEBUG=enabled: call the breakpoint functions. */
PAROMP_EXPORT int paromp_debug_enabled;

/* The table, from the lists; each field's and symbol's C type is checked
   against the kind its list gives, so the lists cannot drift from the
   structures. */
#define PARADBG_LAYOUT_STRUCT(s) struct paromp_##s
PARADBG_LAYOUT_DEFINE(PARADBG_OMP, paradbg_omp_layout, PAROMP_EXPORT);
#define CHECK_SYMBOL(name, k) PARADBG_LAYOUT_ASSERT(name, k, #name);
PARADBG_OMP_SYMBOL_KINDS(CHECK_SYMBOL)

/* Empty, and never inlined or merged: a debugger sets breakpoints on them. */
#define BREAKPOINT(name) \
  PAROMP_EXPORT __attribute__((noinline, noclone)) void name(void) { __asm__ volatile("" ::: "memory"); }
BREAKPOINT(ompd_dll_locations_valid)
BREAKPOINT(ompd_bp_parallel_begin)
BREAKPOINT(ompd_bp_parallel_end)
BREAKPOINT(ompd_bp_task_begin)
BREAKPOINT(ompd_bp_task_end)
BREAKPOINT(ompd_bp_thread_begin)
BREAKPOINT(ompd_bp_thread_end)

void paromp_generation_bump(void)
{
  __atomic_add_fetch(&paromp_generation, 1, __ATOMIC_RELEASE);
}

void paromp_debugger_init(void)
{
  const char *s = getenv("OMP_DEBUG");
  if (s != NULL) {
    if (strcasecmp(s, "enabled") == 0)
      paromp_debug_enabled = paromp_ompt_frames = 1;
    else if (strcasecmp(s, "disabled") != 0)
      rt_line(stderr, 0, "libparomp: warning: OMP_DEBUG='%s' is not valid; using disabled", s);
  }
  ompd_dll_locations = plugin_names;
  ompd_dll_locations_valid();
}
