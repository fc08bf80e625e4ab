/* paradbg-inspect's exit statuses: one list, used by the code, the man page
   and docs/inspect.md (a test checks they agree). */
#ifndef PARADBG_INSPECT_STATUS_H
#define PARADBG_INSPECT_STATUS_H

/* X(enumerator, value, what it means) */
#define INSPECT_STATUSES(X)                                                   \
  X(ST_OK, 0, "success")                                                      \
  X(ST_USAGE, 1, "the command line is wrong")                                 \
  X(ST_TARGET, 2, "the core or process cannot be read (missing, not a core, truncated,"  \
    " corrupt, or not traceable)") \
  X(ST_EXECUTABLE, 3, "the executable is missing or does not match the core") \
  X(ST_NO_RUNTIME, 4, "the program has no OpenMP runtime that names an OMPD library"     \
    " (for the coarray views: no coarray runtime; for atomic-locks: no libatomic;"          \
    " for distarrays: no registry of distributed arrays and no coarrays)")                  \
  X(ST_PLUGIN, 5, "the OMPD, coarray or atomic plugin is missing, unloadable, or does not"     \
    " match the runtime")                                                     \
  X(ST_FAILED, 6, "reading the program's OpenMP, coarray, atomic or distributed-array state"  \
    " failed; or the array --dump or --map names is not there, not valid or cannot be"          \
    " drawn, or the file cannot be written")

enum inspect_status {
#define ST_ENUM(name, value, text) name = value,
  INSPECT_STATUSES(ST_ENUM)
#undef ST_ENUM
};

#endif
