/* libparadbg's distributed-array view: every distributed array of a
   program, whole, in the Distributed Array Protocol's words.  Two kinds:
   - registered: what the program registered (paradbg/dap.h), read through
     the debug library's distributed-array entry points (cafdbg.h);
   - coarray: every coarray of a coarray program, as the local array with
     one leading 'b' dimension of num_images, one index per image (the
     gfortran ABI tells the runtime no cobounds: a coarray of corank > 1
     is seen with its codimensions flattened in image-index order), and
     its own dimensions reversed into C order (docs/distributed-arrays.md).
   A program's arrays may come from several sources: the cores (or live
   processes) of several ranks of one job.  Pieces of one array from all
   sources are joined by name; the rules of the protocol
   (paradbg/dap-rules.h) are checked on what was read, never trusted.
   Included by paradbg/paradbg.h. */
#ifndef PARADBG_DISTARRAY_H
#define PARADBG_DISTARRAY_H

#include <stddef.h>
#include <stdint.h>

#include "paradbg/dap.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pdb_dap_session pdb_dap_session;

/* Opens the registry of the address space context names, loading the
   debug library as pdb_caf_open does.  PDB_NO_RUNTIME when the program
   has no runtime that keeps one; PDB_PLUGIN / PDB_FAILED with one line in
   msg otherwise. */
int pdb_dap_open(const struct pdb_host *host, ompd_address_space_context_t *context,
                 const struct pdb_options *opts, pdb_dap_session **out, char *msg, size_t msgsize);
void pdb_dap_close(pdb_dap_session *s);

/* One process, core or live: gather's input.  dap and caf may each be
   NULL (a process with no registry; a program with no coarrays); label
   names the source in messages ("core.123", "pid 77"). */
struct pdb_dap_source {
  pdb_dap_session *dap;
  pdb_caf_session *caf;
  const char *label;
};

#define PDB_DAP_MAX_ARRAYS 4096

/* One process's part of an array. */
struct pdb_dap_piece {
  int rank;                        /* the process's rank in the array */
  int image;                       /* coarray image, 0: none */
  unsigned source;                 /* index of the source it was read from */
  struct paradbg_dap_dim dim[PARADBG_DAP_MAX_DIMS];   /* 'u' indices owned by the records */
  uint64_t buffer;                 /* the buffer as the process sees it */
  uint64_t readable;               /* where source `readable_source` reads it, 0: nowhere */
  unsigned readable_source;
  int64_t owned_first[PARADBG_DAP_MAX_DIMS], owned_last[PARADBG_DAP_MAX_DIMS];
                                   /* 'b' and 'c': the first and last global index owned (-1: none) */
};

struct pdb_distarray {
  char *name;                      /* printable; a coarray's as the coarray view names it */
  const char *origin;              /* "registered" or "coarray" */
  char typestr[PARADBG_DAP_TYPESTR_MAX];
  uint64_t elem_size;              /* from the typestr */
  int ndim;
  int64_t shape[PARADBG_DAP_MAX_DIMS];   /* the global shape (the sizes) */
  int nprocs;
  struct pdb_dap_piece *pieces;    /* by rank; a rank no source holds is missing */
  unsigned npieces;
  char *problem;                   /* the first rule broken, or what is missing; NULL: valid */
};

struct pdb_dap_records {
  struct pdb_distarray *arrays;
  unsigned narrays;
  unsigned truncated;
};

/* The most bytes an array is assembled into (pdb_dap_assemble), and the
   most a host reads of one rank's buffer: one bound for every host. */
#define PDB_DAP_MAX_ASSEMBLED (1ull << 30)
uint64_t pdb_dap_max_assembled(void);   /* PDB_DAP_MAX_ASSEMBLED, for hosts without the header */

/* Reads every source and joins the pieces.  0 (PDB_OK), or a status with
   one line in msg when nothing could be read. */
int pdb_dap_gather(const struct pdb_dap_source *src, unsigned nsrc, struct pdb_dap_records *out,
                   char *msg, size_t msgsize);
void pdb_dap_records_free(struct pdb_dap_records *r);
/* The array a name picks out.  Names need not be unique: NAME picks the
   array of that name (a coarray's in any case when no array has the name
   exactly) when it is the only one; "NAME#K" picks the K-th (from 1, in
   the records' order) of the arrays of that name.  NULL when there is no
   such array or several have the name; msg then says which, in one line
   (for several: how to pick one).  pdb_dap_find is pdb_dap_lookup
   without msg. */
const struct pdb_distarray *pdb_dap_lookup(const struct pdb_dap_records *r, const char *name,
                                           char *msg, size_t msgsize);
const struct pdb_distarray *pdb_dap_find(const struct pdb_dap_records *r, const char *name);
/* How many arrays of r have the name of r->arrays[i] (*count), and which
   of them it is (the K of "NAME#K", 1-based; 0 when i is not an array). */
unsigned pdb_dap_occurrence(const struct pdb_dap_records *r, unsigned i, unsigned *count);

/* The owner of a global index of a valid array: its rank, the piece, and
   the local index there.  0, or -1 (outside the array, or invalid). */
int pdb_dap_owner(const struct pdb_distarray *a, const int64_t *global, int *rank,
                  const struct pdb_dap_piece **piece, int64_t *local);

/* The owners of a sample of a valid array's elements, for a map: along
   dimension d the global indices 0, step[d], 2 * step[d], ... (cells[d]
   of them, all inside the shape); owner gets the rank that owns each
   sampled element, C order, -1 where none does (nowner at least the
   product of cells).  Each dimension's owners are found once, in one
   pass over the records, whatever the size of the array: no element is
   looked at that is not sampled.  0, or -1 (an invalid array, a sample
   outside the array or larger than nowner, out of memory). */
int pdb_dap_owner_map(const struct pdb_distarray *a, const int64_t *step, const int64_t *cells,
                      int *owner, size_t nowner);

/* The bytes a valid array takes whole (prod(shape) * elem_size) into
   *bytes: 0, or a status with one line in msg when it is not valid or
   beyond PDB_DAP_MAX_ASSEMBLED.  What a host allocates before
   pdb_dap_assemble. */
int pdb_dap_bytes(const struct pdb_distarray *a, uint64_t *bytes, char *msg, size_t msgsize);

/* What assembling found. */
struct pdb_dap_assembly {
  uint64_t elements;               /* global elements written */
  uint64_t missing;                /* global elements no readable piece gave (left zero) */
  uint64_t halo_checked;           /* halo (communication padding or duplicate) elements compared */
  uint64_t halo_mismatches;        /* ... that differ from their owner's value */
  int64_t first_mismatch[PARADBG_DAP_MAX_DIMS];   /* its global index, when there is one */
  int mismatch_rank, mismatch_owner;
  char *note;                      /* the halos and missing pieces in words, NULL none */
};

/* Assembles a valid array into out (C order, prod(shape) * elem_size
   bytes, at most outsize), reading each piece through its source; padding
   is left out and compared with its owner's value.  0, or a status with
   msg. */
int pdb_dap_assemble(const struct pdb_dap_source *src, unsigned nsrc, const struct pdb_distarray *a,
                     void *out, size_t outsize, struct pdb_dap_assembly *report, char *msg,
                     size_t msgsize);
void pdb_dap_assembly_free(struct pdb_dap_assembly *report);

/* The text both hosts show, written here once; each is bounded by size
   (PDB_DAP_TEXT_MAX holds any of them whole: a text cut short ends in
   "..."), printable ASCII, and returns its length.
   - pdb_dap_shape_text: the global shape, "18x3"; "scalar" for none.
   - pdb_dap_owned_text: the global indices piece p of a owns, per
     dimension, " x " between them: runs of indices, "0-4", "7",
     "0-1,6-7,...,30-31 (12)" (past PDB_DAP_TEXT_RUNS runs: the first
     ones, the last, and how many indices), "-" for none; padding and
     halos are not owned.  A 'c' dimension's runs are its blocks (from
     start, every proc_grid_size blocks; counted, not walked), a 'u'
     dimension's its distinct indices.  "-" for an array of no dimension.
   - pdb_dap_dims_text: piece p's dimension dictionaries, compact,
     " | " between them:
       b START:STOP/SIZE @GRIDRANK/GRIDSIZE [pad(L,R)] [periodic]
       c START/SIZE @GRIDRANK/GRIDSIZE [bs BLOCKSIZE]
       u N idx/SIZE @GRIDRANK/GRIDSIZE [1:1]
     (another dist_type as \xNN SIZE @GRIDRANK/GRIDSIZE); "-" for an
     array of no dimension. */
#define PDB_DAP_TEXT_MAX 4096
#define PDB_DAP_TEXT_RUNS 4
size_t pdb_dap_shape_text(const struct pdb_distarray *a, char *buf, size_t size);
size_t pdb_dap_owned_text(const struct pdb_distarray *a, const struct pdb_dap_piece *p, char *buf,
                          size_t size);
size_t pdb_dap_dims_text(const struct pdb_distarray *a, const struct pdb_dap_piece *p, char *buf,
                         size_t size);

/* The records as the JSON key "distarrays" (docs/paradbg-inspect.schema.json):
     [{"name", "origin", "typestr", "shape": [..], "nprocs", "valid",
       "problem" (null valid),
       "ranks": [{"rank", "image" (null), "source", "buffer": "0x..",
                  "readable" (bool), "owned": [[first, last] or null per dim],
                  "dim_data": [DIM...]}]}]
   DIM is the protocol's dimension dictionary, spelled as the protocol
   spells it: {"dist_type": "b", "size", "proc_grid_size",
   "proc_grid_rank", "start", "stop", "padding": [l, r], "periodic"} for
   'b' ("padding" and "periodic" always present), {"dist_type": "c",
   "size", "proc_grid_size", "proc_grid_rank", "start", "block_size"},
   {"dist_type": "u", "size", "proc_grid_size", "proc_grid_rank",
   "indices": [..], "one_to_one"}.
   doc/t as pdb_atomic_json.  pdb_free the text; NULL if out of memory. */
char *pdb_dap_json(const struct pdb_dap_records *r, const char *doc, const struct pdb_json_target *t);

/* For a host that reads JSON (the GDB package): gathers the one source
   and renders "distarrays" alone.  NULL on failure, with msg. */
char *pdb_dap_gather_json(pdb_dap_session *dap, pdb_caf_session *caf, char *msg, size_t msgsize);
/* Assembles the array name picks (pdb_dap_lookup: NAME, or NAME#K where
   several have the name) of the one source into out; the report as JSON
   {"elements", "missing", "halo_checked", "halo_mismatches",
   "first_mismatch" (null), "note" (null)} in *report_json (pdb_free).
   0, or a status with msg. */
int pdb_dap_assemble_named(pdb_dap_session *dap, pdb_caf_session *caf, const char *name, void *out,
                           size_t outsize, char **report_json, char *msg, size_t msgsize);
/* The same for the array at index in the records pdb_dap_gather gives of
   the one source: the very array a host read, whatever its name.  It is
   read again, and must still have expect's name, origin, typestr, shape
   and number of processes (expect NULL: not checked); else a status and
   msg (the arrays changed: read them again). */
int pdb_dap_assemble_at(pdb_dap_session *dap, pdb_caf_session *caf, unsigned index,
                        const struct pdb_distarray *expect, void *out, size_t outsize,
                        char **report_json, char *msg, size_t msgsize);

#ifdef __cplusplus
}
#endif

#endif
