/* libparadbg's coarray session: the coarray debug library it loaded
   (cafdbg.h) and the program handle it opened; the same library serves
   the atomic-lock view (atomic.c) and the distributed-array view
   (distarray.c). */
#ifndef PARADBG_LIB_CAF_H
#define PARADBG_LIB_CAF_H

#include <cafdbg.h>

#include "session.h"

/* One loaded coarray debug library: loaded and initialized once per
   process, whichever use asked first, never unloaded.  The entry points
   of every list are looked up at load; those the file lacks are NULL,
   and a use checks its own list (caf_library_open). */
struct caf_library {
  void *lib;
  char *path;
  const char *version;
  ompd_callbacks_t callbacks;
#define PARADBG_CAFDBG_API(name) __typeof__(name) *name;
#include "paradbg/cafdbg-api.h"
  /* cafdbg-atomic-api.h's and cafdbg-dap-api.h's, apart: the lists share
     the entry points from cafdbg_initialize to cafdbg_finalize. */
  struct {
#include "paradbg/cafdbg-atomic-api.h"
  } atomic;
  struct {
#include "paradbg/cafdbg-dap-api.h"
  } dap;
#undef PARADBG_CAFDBG_API
  struct caf_library *next;
};

/* What a library is loaded for: which runtime symbol names it, and which
   list of entry points it must have. */
enum caf_use { CAF_FOR_COARRAYS, CAF_FOR_ATOMICS, CAF_FOR_DAP };

/* The debug library whose base name the runtime's exported name symbol
   (caf_debugger_plugin, atomic_debugger_plugin; distributed arrays use
   caf_debugger_plugin) at name_addr gives: a name paradbg knows, found in
   a trusted directory, checked for use's entry points, loaded.  A status,
   with one line in msg. */
int caf_library_open(const struct pdb_host *host, ompd_address_space_context_t *context,
                     const struct pdb_options *o, enum caf_use use, uint64_t name_addr,
                     struct caf_library **out, char *msg, size_t size);

struct pdb_caf_session {
  const struct pdb_host *host;
  ompd_address_space_context_t *context;
  struct caf_library *lib;
  cafdbg_program_handle_t *program;
  /* The names the host's symbols gave, by the token variable's address
     (they do not change while the program lives). */
  struct caf_name {
    uint64_t key;
    char *name, *module;
  } *names;
  unsigned nnames, names_cap;
  unsigned long work;            /* library calls left in this gather (PDB_CAF_MAX_WORK) */
};

/* The words of the library's kinds (caf.c). */
const char *caf_status_text(cafdbg_image_status_t s);
const char *caf_wait_text(cafdbg_wait_kind_t k);
const char *caf_kind_text(cafdbg_coarray_kind_t k);
const char *caf_type_text(cafdbg_type_t t);

/* The "coarray" object of r alone, rendered (caf-json.c); NULL with msg
   if out of memory. */
char *caf_object_text(const pdb_caf_session *s, const struct pdb_caf_records *r, char *msg,
                      size_t msgsize);

/* The coarray of the records called name ("x", or "#3" for serial 3), or NULL. */
const struct pdb_caf_coarray *caf_find(const struct pdb_caf_records *r, const char *name);

#endif
