/* What a debugger reads: the layout table, built from the shared lists in
   include/paradbg/caf-layout.h, and the plugin's base name. */
#include <stddef.h>

#include "caf.h"
#include "paradbg/plugins.h"

#define TYPE_SIZE(s) [PARADBG_CAF_TYPE_##s] = sizeof(struct parcaf_##s),
#define FIELD(s, f) \
  [PARADBG_CAF_FIELD_##s##_##f] = {offsetof(struct parcaf_##s, f), sizeof(((struct parcaf_##s *)0)->f)},

PARCAF_EXPORT const struct paradbg_caf_layout paradbg_caf_layout = {
  PARADBG_CAF_LAYOUT_MAGIC,
  PARADBG_CAF_LAYOUT_VERSION,
  sizeof(struct paradbg_caf_layout),
  PARADBG_CAF_NTYPES,
  PARADBG_CAF_NFIELDS,
  sizeof(void *),
  {PARADBG_CAF_TYPES(TYPE_SIZE)},
  {PARADBG_CAF_FIELDS(FIELD)},
};

/* Base name only: a debugger looks for it in directories it trusts. */
PARCAF_EXPORT const char caf_debugger_plugin[] = PARADBG_CAF_PLUGIN;
