/* The atomic-lock entry points of a coarray debug library (cafdbg.h), one
   PARADBG_CAFDBG_API(name) each: a host that reads atomic locks checks and
   loads these and cafdbg_initialize .. cafdbg_finalize, and nothing more,
   so a library for atomics alone can have them. */
PARADBG_CAFDBG_API(cafdbg_initialize)
PARADBG_CAFDBG_API(cafdbg_get_api_version)
PARADBG_CAFDBG_API(cafdbg_get_version_string)
PARADBG_CAFDBG_API(cafdbg_finalize)
PARADBG_CAFDBG_API(cafdbg_atomic_initialize)
PARADBG_CAFDBG_API(cafdbg_rel_atomic_handle)
PARADBG_CAFDBG_API(cafdbg_get_atomic_info)
PARADBG_CAFDBG_API(cafdbg_get_atomic_lock)
PARADBG_CAFDBG_API(cafdbg_get_atomic_waiter)
PARADBG_CAFDBG_API(cafdbg_get_atomic_locks_of)
