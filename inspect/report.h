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

/* The held atomic locks, their objects and waiters, as print_text prints
   its parts. */
void print_atomic_text(const struct pdb_atomic_records *r, int several, int *n, FILE *out);

/* One coarray's values on one image: json is pdb_caf_values_json's text.
   0, or -1 if it is not such an object. */
int print_caf_values(const char *json, FILE *out);

#endif
