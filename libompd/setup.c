/* The library's life, its versions, and address spaces: a process holding
   libparomp, and (never) a device. */
#include "config.h"

#include <string.h>

#include "ompd-private.h"

#define PD_API_VERSION 202011
#define PD_OMP_VERSION 202011   /* the OpenMP version libparomp implements */
#define STR_(x) #x
#define STR(x) STR_(x)

/* Says which runtime layout this library reads, so that a debugger whose
   process_initialize got ompd_rc_incompatible can tell the user why. */
static const char version_string[] =
    "libparompd " PACKAGE_VERSION " (OpenMP 5.1 OMPD, API " STR(PD_API_VERSION)
    "): reads libparomp layout table version " STR(PARADBG_OMP_LAYOUT_VERSION)
    " (magic 0x504f4d50, \"POMP\") only; any other runtime or table version is"
    " incompatible";

static const char omp_version_string[] = "OpenMP 5.1 (libparomp " PACKAGE_VERSION ")";

PD_EXPORT ompd_rc_t ompd_initialize(ompd_word_t api_version, const ompd_callbacks_t *callbacks)
{
  if (callbacks == NULL)
    return ompd_rc_bad_input;
  /* 201811 is 5.0's: its entry points are a subset of 5.1's. */
  if (api_version != PD_API_VERSION && api_version != 201811)
    return ompd_rc_unsupported;
  if (callbacks->alloc_memory == NULL || callbacks->free_memory == NULL ||
      callbacks->sizeof_type == NULL || callbacks->symbol_addr_lookup == NULL ||
      callbacks->read_memory == NULL)
    return ompd_rc_bad_input;
  pd_cb = callbacks;
  return ompd_rc_ok;
}

PD_EXPORT ompd_rc_t ompd_get_api_version(ompd_word_t *version)
{
  if (version == NULL)
    return ompd_rc_bad_input;
  *version = PD_API_VERSION;
  return ompd_rc_ok;
}

PD_EXPORT ompd_rc_t ompd_get_version_string(const char **string)
{
  if (string == NULL)
    return ompd_rc_bad_input;
  *string = version_string;
  return ompd_rc_ok;
}

PD_EXPORT ompd_rc_t ompd_finalize(void)
{
  if (pd_cb == NULL)
    return ompd_rc_unsupported;
  pd_cb = NULL;
  return ompd_rc_ok;
}

static ompd_rc_t lookup_symbols(ompd_address_space_handle_t *ah)
{
  static const char *const names[PD_NSYMBOLS] = {
#define PD_SYMBOL_NAME(name) #name,
    PARADBG_OMP_SYMBOLS(PD_SYMBOL_NAME)
#undef PD_SYMBOL_NAME
  };
  for (unsigned i = 0; i < PD_NSYMBOLS; i++) {
    ompd_address_t a = { OMPD_SEGMENT_UNSPECIFIED, 0 };
    if (pd_cb->symbol_addr_lookup(ah->context, NULL, names[i], &a, NULL) == ompd_rc_ok)
      ah->sym[i] = a.address;
  }
  /* Without these the target has no libparomp (or one we cannot read). */
  if (ah->sym[PD_SYM_paradbg_omp_layout] == 0 || ah->sym[PD_SYM_paromp_thread_index] == 0 ||
      ah->sym[PD_SYM_paromp_thread_count] == 0 || ah->sym[PD_SYM_paromp_generation] == 0)
    return ompd_rc_incompatible;
  return ompd_rc_ok;
}

PD_EXPORT ompd_rc_t ompd_process_initialize(ompd_address_space_context_t *context,
                                            ompd_address_space_handle_t **handle)
{
  ompd_address_space_handle_t *ah;
  ompd_rc_t rc;
  if (pd_cb == NULL)
    return ompd_rc_error;
  if (context == NULL || handle == NULL)
    return ompd_rc_bad_input;
  *handle = NULL;
  if ((rc = pd_alloc(sizeof *ah, (void **)&ah)) != ompd_rc_ok)
    return rc;
  memset(ah, 0, sizeof *ah);
  ah->context = context;
  if (pd_cb->sizeof_type(context, &ah->sizes) != ompd_rc_ok) {
    pd_free(ah);
    return ompd_rc_callback_error;
  }
  if ((rc = lookup_symbols(ah)) != ompd_rc_ok || (rc = pd_load_layout(ah)) != ompd_rc_ok) {
    pd_free(ah);
    return rc;
  }
  *handle = ah;
  return ompd_rc_ok;
}

/* libparomp runs on the host only: there is no device to inspect. */
PD_EXPORT ompd_rc_t ompd_device_initialize(ompd_address_space_handle_t *process_handle,
                                           ompd_address_space_context_t *device_context,
                                           ompd_device_t kind, ompd_size_t sizeof_id, void *id,
                                           ompd_address_space_handle_t **device_handle)
{
  (void)device_context, (void)kind, (void)sizeof_id, (void)id;
  if (process_handle == NULL || device_handle == NULL)
    return ompd_rc_bad_input;
  *device_handle = NULL;
  return ompd_rc_unsupported;
}

PD_EXPORT ompd_rc_t ompd_rel_address_space_handle(ompd_address_space_handle_t *handle)
{
  if (handle == NULL)
    return ompd_rc_bad_input;
  pd_free(handle->threads);
  pd_free(handle);
  return ompd_rc_ok;
}

PD_EXPORT ompd_rc_t ompd_get_omp_version(ompd_address_space_handle_t *address_space,
                                         ompd_word_t *omp_version)
{
  if (address_space == NULL || omp_version == NULL)
    return ompd_rc_bad_input;
  *omp_version = PD_OMP_VERSION;
  return ompd_rc_ok;
}

PD_EXPORT ompd_rc_t ompd_get_omp_version_string(ompd_address_space_handle_t *address_space,
                                                const char **string)
{
  if (address_space == NULL || string == NULL)
    return ompd_rc_bad_input;
  *string = omp_version_string;
  return ompd_rc_ok;
}
