/* The distributed-array entry points of a coarray debug library (cafdbg.h),
   one PARADBG_CAFDBG_API(name) each: a host that reads distributed arrays
   checks and loads these and the library's life, and nothing more. */
PARADBG_CAFDBG_API(cafdbg_initialize)
PARADBG_CAFDBG_API(cafdbg_get_api_version)
PARADBG_CAFDBG_API(cafdbg_get_version_string)
PARADBG_CAFDBG_API(cafdbg_finalize)
PARADBG_CAFDBG_API(cafdbg_dap_initialize)
PARADBG_CAFDBG_API(cafdbg_rel_dap_handle)
PARADBG_CAFDBG_API(cafdbg_get_dap_count)
PARADBG_CAFDBG_API(cafdbg_get_dap_array)
PARADBG_CAFDBG_API(cafdbg_get_dap_dim)
PARADBG_CAFDBG_API(cafdbg_get_dap_indices)
