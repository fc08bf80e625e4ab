/* What the distributed-array view's files share: distarray.c (the
   session, gathering, names), distarray-assemble.c (owners, the global
   array) and distarray-text.c (short texts). */
#ifndef PARADBG_LIBPARADBG_DISTARRAY_PRIVATE_H
#define PARADBG_LIBPARADBG_DISTARRAY_PRIVATE_H

#include <stdint.h>

#include "paradbg/paradbg.h"

struct caf_library;

struct pdb_dap_session {
  const struct pdb_host *host;
  ompd_address_space_context_t *context;
  struct caf_library *lib;
};

#define MAX_RANGES 8   /* rank ranges named in one line */

/* "3", "2-3", "1, 3, 5-7": the k ranks first[i]..last[i] as ranges into
   buf (n bytes), at most MAX_RANGES of them, then ", ...". */
void dap_rank_ranges(char *buf, size_t n, const int64_t *first, const int64_t *last, unsigned k);

#endif
