/* The Distributed Array Protocol's rules, written once: what makes a set of
   dimension records a distribution, which process owns a global index and
   where, and which local elements are padding.  Pure arithmetic on
   struct paradbg_dap_dim (paradbg/dap.h): no I/O, no allocation beyond what
   a caller hands in, every count bounded by the caller.  libparcaf checks a
   registration with it; libparadbg checks what it read from a target with
   it and never trusts the target's own verdict (the target's records are
   read again and checked again).  tests/dap/ checks it against an
   independent implementation.

   Conventions (docs/distributed-arrays.md):
   - 'b': start/stop are the global range of the buffer, communication
     padding included.  The padding before the first process and after the
     last is boundary padding: counted in size and owned by that process.
     Every other padding is communication padding (a halo): owned by the
     neighbour, equal to the neighbour's counterpart, at most what the
     neighbour owns.  Owned ranges of consecutive grid ranks are adjacent,
     the first begins at 0, the last ends at size.
   - 'c': blocks of block_size indices go round-robin: block k to grid
     rank k % proc_grid_size; start = proc_grid_rank * block_size (or
     size, when it owns nothing); the last, partial block belongs to the
     rank round-robin gives it.
   - 'u': indices lie in [0, size), are unique on a process, cover the
     dimension, and with one_to_one are on one process each.
   - A process's rank is its grid coordinates in C order:
     rank = ((c0 * P1 + c1) * P2 + c2) ...; the product of the
     proc_grid_sizes is the number of processes. */
#ifndef PARADBG_DAP_RULES_H
#define PARADBG_DAP_RULES_H

#include <stddef.h>
#include <stdint.h>

#include "paradbg/dap.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The bytes of an element of a NumPy typestr ("<f8": 8), or -1 if it is
   not one ([<>|=] then one of i u f c b S V, then a size of 1 to 2^20;
   'f' 2/4/8/16, 'c' 8/16/32, 'i'/'u' 1/2/4/8, 'b' 1). */
int64_t paradbg_dap_typestr_size(const char *typestr);

/* The elements a process owns in one dimension (halos excluded). */
int64_t paradbg_dap_owned(const struct paradbg_dap_dim *d);
/* The buffer extent the protocol implies for one dimension: stop - start
   ('b'), the round-robin count ('c'), the number of indices ('u'). */
int64_t paradbg_dap_local_extent(const struct paradbg_dap_dim *d);
/* The global index of local index l (0 .. extent - 1) of a dimension, and
   whether that local element is owned here (0: a halo, or boundary of
   nothing).  -1 when l is out of range. */
int64_t paradbg_dap_global_of(const struct paradbg_dap_dim *d, int64_t l, int *owned);

/* One process's record alone: every rule that needs no other process
   (ranges, key values, extents, a 'u' dimension's indices unique and in
   range).  0 if it holds; else -1 and why (one line, no newline) in why. */
int paradbg_dap_check_one(const struct paradbg_dap_dim *dim, int ndim, int rank, int nprocs,
                          char *why, size_t whysize);

/* Several processes' records of one array: dims[k] is the ndim dimensions
   of process ranks[k] (n of them, in any order).  With complete, they are
   all the processes (nprocs of them, each rank once) and every rule is
   checked: the grid's product, each rank's coordinates, identical
   dimension records along an axis, adjacency, padding counterparts, the
   round-robin of 'c', coverage and disjointness of 'u'.  Without, only
   the rules between the records present (a registration checks against
   the others registered so far).  Each record is also checked alone.
   0 if all hold; else -1 and the first rule broken, in why, naming the
   rank(s). */
int paradbg_dap_check_set(const struct paradbg_dap_dim *const *dims, const int *ranks, int n,
                          int ndim, int nprocs, int complete, char *why, size_t whysize);

/* The owner of a global index: the rank (C order of its coordinates) and
   the local index there in each dimension.  For a 'u' dimension that is
   not one_to_one, the lowest rank holding the index.  dims/ranks/n as
   for paradbg_dap_check_set with complete (checked first by the caller).
   0, or -1 if the index is outside the array or no process has it. */
int paradbg_dap_owner(const struct paradbg_dap_dim *const *dims, const int *ranks, int n, int ndim,
                      const int64_t *global, int *rank, int64_t *local);

#ifdef __cplusplus
}
#endif

#endif
