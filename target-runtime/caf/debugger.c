/* What a debugger reads: the layout table, built from the shared lists in
   include/paradbg/caf-layout.h, and the plugin's base name. */
#include <stddef.h>

#include "caf.h"
#include "paradbg/plugins.h"

/* The table, from the lists; each field's and symbol's C type is checked
   against the kind its list gives. */
#define PARADBG_LAYOUT_STRUCT(s) struct parcaf_##s
PARADBG_LAYOUT_DEFINE(PARADBG_CAF, paradbg_caf_layout, PARCAF_EXPORT);

/* Every offset says where it counts from: each OFFSETS entry is an OFF64
   field, and there are as many entries as OFF64 fields. */
#define CHECK_OFFSET(s, f, from, to) PARADBG_LAYOUT_ASSERT_FIELD(struct parcaf_##s, f, OFF64);
PARADBG_CAF_OFFSETS(CHECK_OFFSET)
#define COUNT_OFFSET(s, f, from, to) +1
#define COUNT_OFF64(s, f, k) +(PARADBG_LAYOUT_KIND_##k == PARADBG_LAYOUT_KIND_OFF64)
_Static_assert(0 PARADBG_CAF_OFFSETS(COUNT_OFFSET) == 0 PARADBG_CAF_FIELD_KINDS(COUNT_OFF64),
               "an OFF64 field is missing from PARADBG_CAF_OFFSETS");

/* Base name only: a debugger looks for it in directories it trusts. */
PARCAF_EXPORT const char caf_debugger_plugin[] = PARADBG_CAF_PLUGIN;

#define CHECK_SYMBOL(name, k) PARADBG_LAYOUT_ASSERT(name, k, #name);
PARADBG_CAF_SYMBOL_KINDS(CHECK_SYMBOL)
