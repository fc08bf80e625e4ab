/* The names of ompd_rc_t values: the one list every host uses (the GDB
   package reads it through pdb_rc_name rather than keeping its own). */
#include "config.h"

#include "paradbg/paradbg.h"

static const char *const rc_names[] = {
  [ompd_rc_ok] = "ompd_rc_ok",
  [ompd_rc_unavailable] = "ompd_rc_unavailable",
  [ompd_rc_stale_handle] = "ompd_rc_stale_handle",
  [ompd_rc_bad_input] = "ompd_rc_bad_input",
  [ompd_rc_error] = "ompd_rc_error",
  [ompd_rc_unsupported] = "ompd_rc_unsupported",
  [ompd_rc_needs_state_tracking] = "ompd_rc_needs_state_tracking",
  [ompd_rc_incompatible] = "ompd_rc_incompatible",
  [ompd_rc_device_read_error] = "ompd_rc_device_read_error",
  [ompd_rc_device_write_error] = "ompd_rc_device_write_error",
  [ompd_rc_nomem] = "ompd_rc_nomem",
  [ompd_rc_incomplete] = "ompd_rc_incomplete",
  [ompd_rc_callback_error] = "ompd_rc_callback_error",
};

const char *pdb_rc_name(int rc)
{
  return rc >= 0 && (unsigned)rc < sizeof rc_names / sizeof rc_names[0] ? rc_names[rc] : NULL;
}
