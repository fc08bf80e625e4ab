/* libparadbg's coarray view: whole records of every image, coarray, lock,
   event and team of a coarray program, read through a coarray debug
   library (cafdbg.h, docs/cafdbg-api.md) that libparadbg loads from the
   host's trusted directories as it loads an OMPD library.  Any one image's
   address space (process or core) shows every image.  Included by
   paradbg/paradbg.h. */
#ifndef PARADBG_COARRAY_H
#define PARADBG_COARRAY_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pdb_caf_session pdb_caf_session;

/* Opens the coarray runtime in the address space context names: reads the
   debug library's base name the runtime exports (caf_debugger_plugin),
   loads it as pdb_open loads an OMPD library, and opens the program.  A
   PDB_* status; PDB_NO_RUNTIME when the program has no coarray runtime or
   its images have not started.  msg gets one line on failure. */
int pdb_caf_open(const struct pdb_host *host, ompd_address_space_context_t *context,
                 const struct pdb_options *opts, pdb_caf_session **out, char *msg, size_t msgsize);
void pdb_caf_close(pdb_caf_session *s);
const char *pdb_caf_plugin_path(const pdb_caf_session *s);
const char *pdb_caf_plugin_version(const pdb_caf_session *s);

/* The longest lists a record holds; what is cut is counted in truncated.
   A gather also makes at most PDB_CAF_MAX_WORK calls to the library beyond
   one per image, so that a corrupt core whose sizes all agree still ends. */
#define PDB_CAF_MAX_ELEMENTS 4096   /* lock/event elements looked at per variable */
#define PDB_CAF_MAX_COARRAYS 4096   /* registrations listed */
#define PDB_CAF_MAX_SYNCS 4096      /* lock and event rows */
#define PDB_CAF_MAX_WORK (1 << 18)

struct pdb_caf_image {
  int image;
  int64_t pid;                   /* 0 unknown */
  const char *status;            /* "not started", "running", "stopped", "failed", "error stop" */
  int stop_code, signal;         /* where status says */
  int team_number, team_index;   /* team_number -1: the initial team */
  uint64_t team_id;
  const char *wait_kind;         /* "sync all", ... (the plugin's kinds in words); NULL: not waiting */
  char *wait;                    /* in words with the objects: "lock lk[2] (held by image 5)" */
  int *wait_images;              /* the images it still needs, ascending */
  unsigned nwait_images;
  int holder;                    /* lock, critical: who holds it, 0 none */
  char *object;                  /* the object's name ("lk", "critical", "ev"), NULL none */
  int object_coarray;            /* the object's coarray: an index of coarrays[], -1 none */
  uint64_t element;
  int object_image;
  int64_t count, until_count;    /* event */
  const char *operation;         /* collective */
};

struct pdb_caf_coarray {
  uint64_t serial;               /* registration number on its image */
  char *name;                    /* the Fortran name, NULL where symbols do not tell */
  char *module;                  /* its module, NULL for none or unknown */
  const char *kind;              /* "static", "allocatable", "lock", "event", "critical", "component" */
  const char *type;              /* "integer", "real", ... "unknown" */
  uint64_t elem_len, nbytes, nelem;
  int rank;                      /* -1 unknown */
  int64_t lbound[15], ubound[15];
  int corank;                    /* 0 unknown */
  int64_t lcobound[15], ucobound[15];
  int image;                     /* the image whose registry it is listed from */
  uint64_t *readable;            /* by image - 1: where the debugger reads it, 0 none */
  uint64_t *in_image;            /* by image - 1: the program's address there, 0 unknown */
  unsigned nimages;
};

/* One held or awaited lock or critical element, or one event element with
   a count or a waiter. */
struct pdb_caf_sync {
  const char *kind;              /* "lock", "critical" or "event" */
  char *name;                    /* as the coarray's name, or "#serial" */
  char *module;                  /* its module, NULL for none */
  int coarray;                   /* its coarray: an index of coarrays[] */
  int image;                     /* the image the element is on */
  uint64_t element;
  int holder;                    /* lock, critical */
  int64_t count;                 /* event */
  int *waiting;                  /* images waiting for it, ascending */
  unsigned nwaiting;
  int64_t *until;                /* event: what each waiting image needs, by waiting's order */
};

struct pdb_caf_team {
  uint64_t id;
  int number;                    /* -1 the initial team */
  int size;
  int has_parent;
  uint64_t parent;
  int *members;                  /* global image by team index - 1 */
};

/* What pdb_caf_gather reads (the images' numbers and statuses always). */
enum {
  PDB_CAF_WANT_IMAGES = 1,      /* waits, the images they need, teams of images */
  PDB_CAF_WANT_COARRAYS = 2,
  PDB_CAF_WANT_LOCKS = 4,       /* held and awaited locks and critical constructs */
  PDB_CAF_WANT_EVENTS = 8,
  PDB_CAF_WANT_TEAMS = 16,
  PDB_CAF_WANT_ALL = 31,
};

struct pdb_caf_records {
  int want;
  int num_images, this_image, error_image, error_code;
  int64_t launcher_pid;
  struct pdb_caf_image *images;  /* by image - 1 */
  unsigned nimages;
  struct pdb_caf_coarray *coarrays;
  unsigned ncoarrays;
  struct pdb_caf_sync *syncs;
  unsigned nsyncs;
  struct pdb_caf_team *teams;    /* the initial team first */
  unsigned nteams;
  unsigned truncated;            /* what the limits above left out: elements, coarrays, rows,
                                    team members, addresses */
};

int pdb_caf_gather(pdb_caf_session *s, int want, struct pdb_caf_records *out, char *msg, size_t msgsize);
void pdb_caf_records_free(struct pdb_caf_records *r);

/* The records as JSON: the object for the key "coarray" of
   docs/paradbg-inspect.schema.json, with the lists the records want.  If doc is not NULL it is a JSON
   document (pdb_json's) that gets the key; else a new document of format 1
   with target t.  pdb_free the text; NULL if out of memory. */
char *pdb_caf_json(const pdb_caf_session *s, const struct pdb_caf_records *r, const char *doc,
                   const struct pdb_json_target *t);
/* Gathers and renders the "coarray" object alone; NULL on failure, with msg. */
char *pdb_caf_gather_json(pdb_caf_session *s, int want, char *msg, size_t msgsize);

/* The values of the coarray called name (or "#serial") on image as JSON:
   {"name", "image", "type", "elem_len", "address", "rank", "lbound",
   "ubound", "values": [...], "truncated": N}; at most max elements.
   Integers, reals, logicals, complex and characters are decoded; other
   types are hex strings.  NULL with msg when there is no such coarray or
   its memory cannot be read. */
char *pdb_caf_values_json(pdb_caf_session *s, int image, const char *name, unsigned max,
                          char *msg, size_t msgsize);

#ifdef __cplusplus
}
#endif

#endif
