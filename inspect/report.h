/* What paradbg-inspect prints: libparadbg's records, with the frames that
   the inspector adds from libdw. */
#ifndef PARADBG_INSPECT_REPORT_H
#define PARADBG_INSPECT_REPORT_H

#include <stdio.h>

#include "paradbg/paradbg.h"

#define MAX_FRAMES 64

/* A text table in the manner of GDB's "info threads": columns as wide as
   their widest cell, no trailing blanks. */
#define MAX_COLS 10
struct table {
  unsigned ncols, nrows, cap;
  char **cells;   /* nrows * ncols, row 0 the heading */
  const char *indent;
};
void table_init(struct table *tb, unsigned ncols, const char *indent);
/* Appends a row of ncols cells (NULL for ""), each made printable. */
void table_row(struct table *tb, const char *const *cells);
/* The same, but the cells whose bit is set in raw (1u << column) are
   taken as they are: libparadbg's atomic records are made printable
   already, and a second pass would double their backslashes. */
void table_row_raw(struct table *tb, const char *const *cells, unsigned raw);
/* Prints the table and frees its cells. */
void table_print(struct table *tb, FILE *out);

/* A cell's text written piece by piece: text_open, fprintf to the stream,
   text_close gives the text (free it), NULL if out of memory. */
FILE *text_open(char **buf, size_t *len);
char *text_close(FILE *m, char **buf);

/* The OpenMP parts r->want names.  With several parts, each has a title,
   and *n counts the parts printed so far (a blank line between them).
   ar, if not NULL, is what marked the threads' atomic waits (their text
   is printable already). */
void print_text(const struct pdb_records *r, const struct pdb_atomic_records *ar, int several,
                int *n, FILE *out);

/* The coarray views, as WHATs: libparadbg's PDB_CAF_WANT_* moved beyond
   its PDB_WANT_*. */
#define CAF_SHIFT 8
enum {
  CAF_WANT_IMAGES = PDB_CAF_WANT_IMAGES << CAF_SHIFT,
  CAF_WANT_COARRAYS = PDB_CAF_WANT_COARRAYS << CAF_SHIFT,
  CAF_WANT_LOCKS = PDB_CAF_WANT_LOCKS << CAF_SHIFT,
  CAF_WANT_EVENTS = PDB_CAF_WANT_EVENTS << CAF_SHIFT,
  CAF_WANT_TEAMS = PDB_CAF_WANT_TEAMS << CAF_SHIFT,
  CAF_WANT_ALL = PDB_CAF_WANT_ALL << CAF_SHIFT,
};
#define CAF_WANTED(want) (((want) >> CAF_SHIFT) & PDB_CAF_WANT_ALL)

/* The coarray parts want names, as print_text prints its parts (ar as
   there). */
void print_caf_text(const struct pdb_caf_records *r, const struct pdb_atomic_records *ar, int want,
                    int several, int *n, FILE *out);

/* The atomic-lock view, as a WHAT: the bit beyond the coarray views. */
enum { ATOMIC_WANT_LOCKS = (PDB_CAF_WANT_ALL + 1) << CAF_SHIFT };

/* The distributed-array view, as a WHAT: the bit beyond the atomic one. */
enum { DAP_WANT_ARRAYS = ATOMIC_WANT_LOCKS << 1 };

/* The held atomic locks, their objects and waiters, as print_text prints
   its parts. */
void print_atomic_text(const struct pdb_atomic_records *r, int several, int *n, FILE *out);

/* One coarray's values on one image: json is pdb_caf_values_json's text.
   0, or -1 if it is not such an object. */
int print_caf_values(const char *json, FILE *out);

/* The distributed-array view (WHAT distarrays): the list of arrays, then
   per array one row per rank.  labels name the sources (cores, processes)
   a piece came from; a Source column is shown when there are several. */
void print_dap_text(const struct pdb_dap_records *r, const char *const *labels, unsigned nlabels,
                    int several, int *n, FILE *out);
/* "(20, 6)", "(12,)": a shape as NumPy writes it, for a .npy header
   (what is shown is pdb_dap_shape_text's); malloc'd, NULL if out of
   memory. */
char *dap_shape_text(int ndim, const int64_t *shape);

/* Writes size bytes of data, C-ordered elements of typestr in shape, as a
   NumPy .npy file (format 1.0) at path: a temporary file next to it, then
   renamed over it (path, if it exists, must be a regular file).  0, or -1
   with one line in msg. */
int write_npy(const char *path, const char *typestr, int ndim, const int64_t *shape,
              const void *data, size_t size, char *msg, size_t msgsize);

/* What the ownership map drew. */
struct dap_map_info {
  int64_t rows, cols;          /* cells drawn */
  int64_t per_row, per_col;    /* elements a cell stands for, along each */
  uint64_t cells[2];           /* cells with an owner, and without */
  uint64_t halo_cells;         /* hatched cells (one per rank holding a copy) */
};
/* Draws which rank owns each element of a valid 1-D or 2-D array as SVG
   at path, written as write_npy writes.  0, or -1 with one line in msg
   (also for an array of another dimensionality). */
int write_map_svg(const char *path, const struct pdb_distarray *a, struct dap_map_info *info,
                  char *msg, size_t msgsize);

#endif
