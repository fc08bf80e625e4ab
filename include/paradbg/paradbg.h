/* libparadbg: what every paradbg host links or loads.  A host gives its
   debugger callbacks (the OMPD table, plus the few services below that OMPD
   lacks); libparadbg loads the plugin the target names from trusted
   directories and answers with whole records (threads, regions, tasks,
   ICVs, control variables), which the host only prints.  It speaks to an
   OpenMP plugin through the standard OMPD 5.1 entry points only, plus the
   optional extensions of paradbg/ompd-ext.h when the plugin has them.
   docs/architecture.md tells how the parts fit. */
#ifndef PARADBG_PARADBG_H
#define PARADBG_PARADBG_H

#include <stddef.h>
#include <stdint.h>

#include <omp-tools.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The version of this interface; pdb_api_version() returns the library's. */
#define PDB_API_VERSION 1

/* Lengths of the names a host writes into a pdb_place. */
#define PDB_NAME_MAX 1024
#define PDB_MODULE_MAX 256

/* What a host's symbols say of an address. */
struct pdb_place {
  char function[PDB_NAME_MAX];   /* the symbol that holds the address, or "" */
  uint64_t offset;               /* the address less that symbol's */
  char file[PDB_NAME_MAX];       /* the source file of code, or "" */
  int line;                      /* its line, 0 if unknown */
  char module[PDB_MODULE_MAX];   /* the base name of the mapped file, or "" */
};

/* The host's services beyond OMPD. */
struct pdb_host {
  /* The callbacks every plugin gets; contexts are the host's own. */
  const ompd_callbacks_t *ompd;
  /* Describes addr into *out (zeroed by the caller): 0, or -1 if the host
     knows nothing of it.  libparadbg names waits' objects ("lock 0x4010a0
     <qlock>") and the code of regions and tasks with it. */
  int (*describe)(void *data, uint64_t addr, struct pdb_place *out);
  void *data;
  /* Optional (NULL: none).  Names, into out->function, the symbol of a
     variable of the program whose stored pointer equals value, as the
     symbol table spells it ("x.5", "__m_MOD_x"): how gfortran keeps a
     main program's coarray.  libparadbg decodes the Fortran name.  0, or
     -1 if no variable holds value. */
  int (*find_pointer)(void *data, uint64_t value, struct pdb_place *out);
};

/* Statuses of pdb_open and pdb_gather. */
#define PDB_STATUSES(X)                                                    \
  X(PDB_OK, "success")                                                     \
  X(PDB_NO_RUNTIME, "the program has no OpenMP runtime that names an OMPD library") \
  X(PDB_PLUGIN, "the OMPD library is missing, untrusted, unloadable, or does not match the runtime") \
  X(PDB_FAILED, "reading the program's OpenMP state failed")

enum pdb_status {
#define PDB_STATUS_ENUM(name, text) name,
  PDB_STATUSES(PDB_STATUS_ENUM)
#undef PDB_STATUS_ENUM
};

struct pdb_options {
  const char *target_name;     /* how messages name the target: "the program", "core.1234" */
  const char *const *dirs;     /* the trusted plugin directories, searched in order */
  unsigned ndirs;
  const char *dir_advice;      /* how a user adds one: "add its directory with --plugin-dir" */
};

typedef struct pdb_session pdb_session;

/* Opens the OpenMP runtime in the address space that context names to the
   host's callbacks: reads the OMPD library names the runtime gives
   (ompd_dll_locations, else ompt_debugger_plugin), loads the first whose
   base name paradbg knows from the first of the host's trusted
   directories that has it,
   after checking that the file exports the OMPD entry points, and opens
   the address space with it.  A status; on failure *out is NULL and msg
   holds one line for the user.  host and everything it points to must
   live as long as the session. */
int pdb_open(const struct pdb_host *host, ompd_address_space_context_t *context,
             const struct pdb_options *opts, pdb_session **out, char *msg, size_t msgsize);
void pdb_close(pdb_session *s);

/* Forgets what the session knows of the program's regions and tasks: call
   it when the program has run.  (A library without id ICVs has its
   regions and tasks numbered in the order they are met; the numbers hold
   until this is called.) */
void pdb_forget(pdb_session *s);

/* The loaded OMPD library's path and version string. */
const char *pdb_plugin_path(const pdb_session *s);
const char *pdb_plugin_version(const pdb_session *s);

/* The base name of the file that holds the OpenMP runtime (the one that
   named the OMPD library), or NULL if the host could not tell. */
const char *pdb_runtime_module(const pdb_session *s);

/* What pdb_gather reads. */
enum {
  PDB_WANT_THREADS = 1,
  PDB_WANT_PARALLEL = 2,        /* the regions of every thread, and their enclosing ones */
  PDB_WANT_TASKS = 4,           /* each thread's task chain */
  PDB_WANT_ICVS = 8,            /* ICVs of every scope */
  PDB_WANT_CONTROL_VARS = 16,
  PDB_WANT_ALL = 31,
};

/* A code address described: a frame, or the code of a region or task. */
struct pdb_frame {
  uint64_t pc;
  char *function;      /* NULL where unknown */
  uint64_t offset;
  char *file;          /* NULL without line information */
  int line;
  char *module;        /* base name, NULL if none */
};

struct pdb_icv {
  const char *name;    /* the plugin's */
  char *value;         /* its string form */
};

struct pdb_icvs {
  struct pdb_icv *v;
  unsigned n;
};

struct pdb_task {
  uint64_t id;
  const char *kind;              /* "initial", "implicit" or "explicit" */
  int has_function;
  struct pdb_frame function;
  int has_region, has_generating, has_scheduling;
  uint64_t region, generating, scheduling;
  int has_frames;                 /* exit_frame and enter_frame are known */
  uint64_t exit_frame, enter_frame;
  struct pdb_icvs icvs;
};

struct pdb_region {
  uint64_t id;
  int64_t level, team_size;      /* -1 where unknown */
  int has_parent;
  uint64_t parent;
  int has_function;
  struct pdb_frame function;     /* the outlined body */
  int64_t *members;              /* LWP by thread number; 0 where unknown */
  unsigned nmembers;
  struct pdb_icvs icvs;
};

struct pdb_thread {
  int64_t lwp;
  int is_omp;
  int64_t thread_num;            /* -1 where unknown */
  const char *state;             /* without "ompt_state_", e.g. "wait_lock"; "" if unknown */
  int has_state;                 /* the library gave the state */
  int64_t state_value;
  int waiting;
  uint64_t wait_id;
  char *wait;                    /* "lock 0x4010a0 <qlock>", NULL if not waiting */
  int64_t holder;                /* the LWP that holds the lock or critical section it
                                    waits for (paradbg_ompd_get_wait_holder), 0 unknown */
  char *wait_name;               /* the object waited on, short, for sentences: "qlock",
                                    "qlock+8", "log" (a named critical), "unnamed", "0x4010a0";
                                    NULL when not waiting on a lock-like object */
  int has_region;
  uint64_t region_id;
  int64_t level;
  int has_task;
  uint64_t task_id;
  struct pdb_task *tasks;        /* its task, then those that generated it */
  unsigned ntasks;
  struct pdb_icvs icvs;          /* thread scope */
  /* The host's, filled after pdb_gather if it wants them in the JSON;
     pdb_records_free frees the strings and the backtrace. */
  int current, signal;
  int has_frames;
  struct pdb_frame frame;        /* innermost */
  struct pdb_frame user;         /* innermost of the user's code */
  int user_level;                /* its number in the stack; -1: none */
  struct pdb_frame *backtrace;   /* NULL: not asked for */
  int nbacktrace;                /* -1: could not unwind */
};

struct pdb_records {
  int want;
  struct pdb_thread *threads;
  unsigned nthreads;
  struct pdb_region *regions;    /* outermost first */
  unsigned nregions;
  struct pdb_icvs icvs;          /* address-space scope */
  char **control_vars;           /* "NAME=value", NULL-terminated; NULL if not asked for */
  int backtraces;                /* the host's: it filled each thread's backtrace */
};

/* Reads the records of the threads lwps (the host's list, in its order)
   into *out, which pdb_records_free releases.  A status, with msg as for
   pdb_open. */
int pdb_gather(pdb_session *s, const int64_t *lwps, unsigned n, int want,
               struct pdb_records *out, char *msg, size_t msgsize);
void pdb_records_free(struct pdb_records *r);
/* Frees a frame's strings, for a host that fills frames of its own. */
void pdb_frame_free(struct pdb_frame *f);

/* The records as JSON text in the schema of docs/paradbg-inspect.schema.json,
   target says what was read: {"kind": "core", "core": PATH} or
   {"kind": "process", "pid": N} (NULL for neither), plus the plugin's path
   and version and memory_reads when given (-1: leave out).  The caller
   frees the text with pdb_free; NULL if out of memory. */
struct pdb_json_target {
  const char *kind;              /* "core", "process" or NULL */
  const char *core;
  long long pid;
  long long memory_reads;
};
char *pdb_json(const pdb_session *s, const struct pdb_records *r, const struct pdb_json_target *t);

/* Shorthand for a host that only wants JSON (the GDB package): gathers,
   renders and frees.  NULL on failure, with msg. */
char *pdb_gather_json(pdb_session *s, const int64_t *lwps, unsigned n, int want, char *msg,
                      size_t msgsize);

void pdb_free(void *p);

/* One line of a frame: "f () at file.c:12", "f () from libc.so.6", "f ()"
   or "0x7f.. in ?? ()", into buf. */
void pdb_frame_text(const struct pdb_frame *f, char *buf, size_t n);

/* Whether a frame in the mapped file named module (a path or base name)
   is the user's code: a file that is neither the OpenMP runtime (runtime,
   a base name, if not NULL) nor a system library (the C library, the
   dynamic loader, the vDSO, libpthread, libatomic). */
int pdb_module_is_users(const char *module, const char *runtime);

/* If file (a path or base name) is an OpenMP runtime that names no OMPD
   library paradbg can load, writes "LLVM libomp (libomp.so.5), which
   paradbg cannot read: ADVICE" into buf and returns 1; else 0.  runtimedir
   is where paradbg's libgomp.so.1 stand-in is, for the advice. */
int pdb_other_runtime(const char *file, const char *runtimedir, char *buf, size_t n);

/* s made printable: a newly allocated string (pdb_free) in which control
   and invisible characters, and bytes that are not UTF-8, are escaped as
   \xNN or \uNNNN and a backslash is doubled.  NULL if out of memory. */
char *pdb_printable(const char *s);

/* "ompd_rc_stale_handle" for an ompd_rc_t; NULL beyond the list. */
const char *pdb_rc_name(int rc);

/* A regular file at path opened read-only and non-blocking, or -1 (errno
   EINVAL for anything else): a FIFO or device that a target's author named
   must not block a debugger. */
int pdb_open_regular(const char *path);

int pdb_api_version(void);

#ifdef __cplusplus
}
#endif

#include "paradbg/coarray.h"
#include "paradbg/atomic.h"
#include "paradbg/distarray.h"
#include "paradbg/waits.h"
#include "paradbg/stacks.h"

#endif
