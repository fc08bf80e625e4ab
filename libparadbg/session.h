/* libparadbg's own view of a session: the OMPD library it loaded and the
   catalog of that library's names, read once per address space. */
#ifndef PARADBG_LIB_SESSION_H
#define PARADBG_LIB_SESSION_H

#include <stdarg.h>

#include "paradbg/paradbg.h"
#include "paradbg/ompd-ext.h"

#define MAX_ICVS 256
#define MAX_STATES 256

/* One loaded OMPD library: loaded and initialized once per process, never
   unloaded (a handle of it may outlive any one session). */
struct ompd_library {
  void *lib;
  char *path;
  const char *version;                 /* ompd_get_version_string's */
  ompd_callbacks_t callbacks;          /* the host's, as the library was given them */
#define PARADBG_OMPD_API(name) __typeof__(name) *name;
#include "paradbg/ompd-api.h"
#undef PARADBG_OMPD_API
  /* The paradbg extensions it has, NULL for those it lacks. */
#define PARADBG_OMPD_EXT(name) __typeof__(name) *name;
#include "paradbg/ompd-ext.h"
#undef PARADBG_OMPD_EXT
  struct ompd_library *next;
};

struct icv_info {
  ompd_icv_id_t id;
  const char *name;
  ompd_scope_t scope;
};

/* What the library enumerates once per address space. */
struct catalog {
  struct icv_info icvs[MAX_ICVS];
  unsigned nicvs;
  ompd_icv_id_t levels, parallel_id, team_size, thread_num, task_id, implicit;
  struct {
    int64_t value;
    const char *name;
  } states[MAX_STATES];
  unsigned nstates;
  int read;
};

/* Regions and tasks of a library without id ICVs are told apart by
   comparing handles: the first seen of each is kept for the session, with
   the number it was given. */
struct kept {
  void **handles;
  uint64_t *ids;
  unsigned n;
};

/* The target's memory as read during one pdb_gather: the target stands
   still meanwhile, and the library reads the same records (the team, the
   generation, a lock word) for many threads, and one record's fields one
   after another.  Each read the host made is kept as a block, found by
   any aligned line it covers. */
#define CACHE_LINE 64
#define CACHE_MAX_BYTES (64u << 20)     /* kept, then it starts again */
struct cache_block {
  uint64_t addr;
  size_t len;
  unsigned char *data;
};
struct read_cache {
  uint64_t *keys;                       /* line address + 1; 0: empty */
  unsigned *block_of;                   /* the block (index) that covers the line */
  unsigned nslots, nused;               /* open addressing; nslots a power of two */
  struct cache_block *blocks;
  unsigned nblocks, blocks_cap;
  size_t bytes;
  unsigned depth;                       /* > 0: inside pdb_gather, reads are kept */
};

/* The context an OMPD library gets: the host's, with the cache.  The
   library's callbacks are libparadbg's, which read through the cache and
   hand everything else to the host's with its own context. */
#define PDB_CONTEXT_MAGIC 0x70646263u   /* "pdbc" */
struct pdb_context {
  uint32_t magic;
  ompd_address_space_context_t *host;
  const ompd_callbacks_t *cb;           /* the host's */
  struct read_cache cache;
};

struct pdb_session {
  const struct pdb_host *host;
  ompd_address_space_context_t *context;
  struct pdb_context *ctx;              /* what the library was given */
  struct ompd_library *ompd;
  ompd_address_space_handle_t *ah;
  struct catalog catalog;
  char *runtime;                       /* base name of the runtime's module, or NULL */
  struct kept parallels, tasks;
};

/* Keeps the library's reads from here to the matching cache_end, which
   drops them once no pdb_gather is running (the host may resume then). */
void cache_begin(pdb_session *s);
void cache_end(pdb_session *s);

/* Releases the handles the session kept (records.c). */
void release_kept(pdb_session *s);

/* The checks every pdb_*_open begins with: clears msg; PDB_FAILED with a
   line naming function when there is no place for the session (has_out
   0) or the host lacks the callbacks a plugin needs (alloc_memory and
   free_memory too when allocates). */
int open_checks(const char *function, const struct pdb_host *host, int allocates, int has_out,
                char *msg, size_t msgsize);

/* Defines a pdb_*_open: open_checks, a zeroed TYPE with host and context
   set, then WITH(s, opts, msg, msgsize), which does the session's own
   work; if it fails, CLOSE(s) and its status. */
#define PDB_DEFINE_OPEN(NAME, TYPE, ALLOCATES, WITH, CLOSE)                                   \
  int NAME(const struct pdb_host *host, ompd_address_space_context_t *context,               \
           const struct pdb_options *opts, TYPE **out, char *msg, size_t msgsize)            \
  {                                                                                          \
    if (out != NULL)                                                                         \
      *out = NULL;                                                                           \
    int checked = open_checks(#NAME, host, ALLOCATES, out != NULL, msg, msgsize);            \
    if (checked != PDB_OK)                                                                   \
      return checked;                                                                        \
    TYPE *s = calloc(1, sizeof *s);                                                          \
    if (s == NULL)                                                                           \
      return say_status(msg, msgsize, PDB_FAILED, "out of memory");                          \
    s->host = host;                                                                          \
    s->context = context;                                                                    \
    int st = WITH(s, opts, msg, msgsize);                                                    \
    if (st != PDB_OK) {                                                                      \
      CLOSE(s);                                                                              \
      return st;                                                                             \
    }                                                                                        \
    *out = s;                                                                                \
    return PDB_OK;                                                                           \
  }

/* Formats one line into msg and returns status. */
int say_status(char *msg, size_t size, int status, const char *fmt, ...)
  __attribute__((format(printf, 4, 5)));

/* Shared with the coarray session (caf.c). */
int read_plugin_name(const struct pdb_host *host, ompd_address_space_context_t *context,
                       uint64_t addr, char *buf);
int elf_exports(int fd, const char *const *wanted, unsigned nwanted);
int find_plugin(const struct pdb_options *o, const char *name, const char *what, char *path,
                    size_t pathsize, int *fd, char *msg, size_t size);
/* The byte-order conversion for a host that left it out: the target's
   order is the host's (both hosts refuse any other). */
ompd_rc_t same_byte_order(ompd_address_space_context_t *c, const void *in, ompd_size_t size,
                          ompd_size_t count, void *out);
void plugin_callbacks(const ompd_callbacks_t *host, ompd_callbacks_t *out);
#define PDB_MAX_NAME 256   /* bytes of a plugin's base name */

#endif
