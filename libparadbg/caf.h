/* libparadbg's coarray session: the coarray debug library it loaded
   (cafdbg.h) and the program handle it opened. */
#ifndef PARADBG_LIB_CAF_H
#define PARADBG_LIB_CAF_H

#include <cafdbg.h>

#include "session.h"

/* One loaded coarray debug library: loaded once per process, never
   unloaded. */
struct caf_library {
  void *lib;
  char *path;
  const char *version;
  ompd_callbacks_t callbacks;
#define PARADBG_CAFDBG_API(name) __typeof__(name) *name;
#include "paradbg/cafdbg-api.h"
#undef PARADBG_CAFDBG_API
  struct caf_library *next;
};

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

/* The coarray of the records called name ("x", or "#3" for serial 3), or NULL. */
const struct pdb_caf_coarray *caf_find(const struct pdb_caf_records *r, const char *name);

#endif
