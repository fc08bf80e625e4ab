/* The distributed-array view as text: one row per array (its name, origin,
   type, global shape, processes, and "valid" or the first rule it
   breaks), then, per array, one row per rank with its buffer, whether it
   could be read, the global indices it owns and its dimension records in
   short (the protocol's dim_data).  The shape, owned indices and
   dim_data are libparadbg's text (pdb_dap_shape_text, ...), the same as
   GDB's "info distarray"; libparadbg makes the names and problems
   printable; the typestr, read from the target, is made so here. */
#define _GNU_SOURCE
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

/* The typestr made printable (read from the target: it may be anything,
   even unterminated). */
static char *type_text(const struct pdb_distarray *a)
{
  char t[PARADBG_DAP_TYPESTR_MAX + 1];
  size_t n = strnlen(a->typestr, PARADBG_DAP_TYPESTR_MAX);
  memcpy(t, a->typestr, n);
  t[n] = '\0';
  return pdb_printable(t);
}

/* "(20, 6)", "(12,)" as NumPy writes a shape; "()" for none: the .npy
   header's (what is shown is libparadbg's pdb_dap_shape_text). */
char *dap_shape_text(int ndim, const int64_t *shape)
{
  char *buf;
  size_t len;
  FILE *m = text_open(&buf, &len);
  if (m == NULL)
    return NULL;
  fputc('(', m);
  for (int d = 0; d < ndim && d < PARADBG_DAP_MAX_DIMS; d++)
    fprintf(m, d ? ", %" PRId64 : "%" PRId64, shape[d]);
  fputs(ndim == 1 ? ",)" : ")", m);
  return text_close(m, &buf);
}

/* The name that picks array i out: NAME, or NAME#K where several have
   the name (what --dump and --map take). */
static char *pick_name(const struct pdb_dap_records *r, unsigned i)
{
  const char *name = r->arrays[i].name != NULL ? r->arrays[i].name : "?";
  unsigned count, k = pdb_dap_occurrence(r, i, &count);
  char *out = NULL;
  if (count > 1 ? asprintf(&out, "%s#%u", name, k) < 0 : (out = strdup(name)) == NULL)
    out = NULL;
  return out;
}

static void print_list(const struct pdb_dap_records *r, FILE *out)
{
  struct table tb;
  table_init(&tb, 6, "");
  table_row(&tb, (const char *[]){ "Name", "Origin", "Type", "Shape", "Procs", "Status" });
  for (unsigned i = 0; i < r->narrays; i++) {
    const struct pdb_distarray *a = &r->arrays[i];
    char procs[24], shape[PDB_DAP_TEXT_MAX];
    snprintf(procs, sizeof procs, "%d", a->nprocs);
    pdb_dap_shape_text(a, shape, sizeof shape);
    /* The name and problem are printable already; the typestr is not. */
    char *type = type_text(a), *name = pick_name(r, i);
    table_row_raw(&tb, (const char *[]){ name != NULL ? name : "?",
                                         a->origin != NULL ? a->origin : "?", type ? type : "?",
                                         shape, procs, a->problem == NULL ? "valid" : a->problem },
                  0x3f);
    free(type);
    free(name);
  }
  table_print(&tb, out);
  if (r->truncated > 0)
    fprintf(out, "(%u more arrays not looked at: at most %d are)\n", r->truncated,
            PDB_DAP_MAX_ARRAYS);
}

static int by_rank(const void *x, const void *y)
{
  const struct pdb_dap_piece *a = *(const struct pdb_dap_piece *const *)x;
  const struct pdb_dap_piece *b = *(const struct pdb_dap_piece *const *)y;
  return a->rank < b->rank ? -1 : a->rank > b->rank;
}

/* The columns of the per-rank table; Image and Source only where they
   say something. */
enum { C_RANK, C_IMAGE, C_SOURCE, C_BUFFER, C_READABLE, C_OWNED, C_DIMS, NCOLS };

/* Appends the cells of the columns shown. */
static void rank_row(struct table *tb, const int *shown, const char *const *cells)
{
  const char *row[NCOLS];
  unsigned n = 0;
  for (int c = 0; c < NCOLS; c++)
    if (shown[c])
      row[n++] = cells[c];
  table_row(tb, row);
}

/* A row for the ranks first..last that no source holds. */
static void missing_row(struct table *tb, const int *shown, int first, int last)
{
  char rank[32];
  if (first == last)
    snprintf(rank, sizeof rank, "%d", first);
  else
    snprintf(rank, sizeof rank, "%d-%d", first, last);
  rank_row(tb, shown, (const char *[]){ rank, NULL, NULL, "(missing)", NULL, NULL, NULL });
}

static void print_ranks(const struct pdb_distarray *a, const char *const *labels, unsigned nlabels,
                        FILE *out)
{
  /* The Image column where the ranks are coarray images. */
  int coarray = 0;
  for (unsigned i = 0; a->pieces != NULL && i < a->npieces && !coarray; i++)
    coarray = a->pieces[i].image > 0;
  const struct pdb_dap_piece **order = calloc(a->npieces ? a->npieces : 1, sizeof *order);
  if (order == NULL) {
    fprintf(out, "  (out of memory)\n");
    return;
  }
  for (unsigned i = 0; a->pieces != NULL && i < a->npieces; i++)
    order[i] = &a->pieces[i];
  unsigned npieces = a->pieces != NULL ? a->npieces : 0;
  qsort(order, npieces, sizeof *order, by_rank);
  int shown[NCOLS] = { 1, coarray, nlabels > 1, 1, 1, 1, 1 };
  struct table tb;
  table_init(&tb, (unsigned)(NCOLS - !coarray - (nlabels <= 1)), "  ");
  rank_row(&tb, shown, (const char *[]){ "Rank", "Image", "Source", "Buffer", "Readable", "Owned",
                                         "dim_data" });
  /* Ranks in order; a run of ranks no source holds is one row (a garbled
     count of processes must not print a line per rank). */
  int next = 0;
  for (unsigned i = 0; i < npieces; i++) {
    const struct pdb_dap_piece *p = order[i];
    if (p->rank >= 0 && p->rank < a->nprocs && p->rank > next)
      missing_row(&tb, shown, next, p->rank - 1);
    if (p->rank >= next)
      next = p->rank < INT32_MAX ? p->rank + 1 : p->rank;
    char rank[16], image[16] = "", buffer[48], source[16] = "";
    snprintf(rank, sizeof rank, "%d", p->rank);
    if (coarray)
      snprintf(image, sizeof image, p->image > 0 ? "%d" : "-", p->image);
    snprintf(buffer, sizeof buffer, "0x%" PRIx64, p->buffer);
    const char *label = source;
    if (nlabels > 1) {
      if (p->source < nlabels && labels[p->source] != NULL)
        label = labels[p->source];
      else
        snprintf(source, sizeof source, "#%u", p->source);
    }
    char owned[PDB_DAP_TEXT_MAX], dims[PDB_DAP_TEXT_MAX];
    pdb_dap_owned_text(a, p, owned, sizeof owned);
    pdb_dap_dims_text(a, p, dims, sizeof dims);
    rank_row(&tb, shown, (const char *[]){ rank, image, label, buffer, p->readable ? "yes" : "no",
                                           owned, dims });
  }
  if (next < a->nprocs)
    missing_row(&tb, shown, next, a->nprocs - 1);
  free(order);
  table_print(&tb, out);
}

void print_dap_text(const struct pdb_dap_records *r, const char *const *labels, unsigned nlabels,
                    int several, int *n, FILE *out)
{
  if (several)
    fprintf(out, "%s== %s ==\n", (*n)++ ? "\n" : "", "Distributed arrays");
  if (r->narrays == 0) {
    fprintf(out, "No distributed arrays.\n");
    return;
  }
  print_list(r, out);
  for (unsigned i = 0; i < r->narrays; i++) {
    const struct pdb_distarray *a = &r->arrays[i];
    char shape[PDB_DAP_TEXT_MAX];
    pdb_dap_shape_text(a, shape, sizeof shape);
    char *type = type_text(a), *name = pick_name(r, i);
    /* As GDB's "info distarray NAME" heads it */
    size_t plen = a->problem != NULL ? strlen(a->problem) : 0;
    plen -= plen > 0 && a->problem[plen - 1] == '.';
    fprintf(out, "\n%s (%s): %s, shape %s, %d process%s, %s%.*s.\n", name != NULL ? name : "?",
            a->origin != NULL ? a->origin : "?", type ? type : "?", shape, a->nprocs,
            a->nprocs == 1 ? "" : "es", a->problem == NULL ? "valid" : "invalid: ", (int)plen,
            a->problem != NULL ? a->problem : "");
    free(type);
    free(name);
    print_ranks(a, labels, nlabels, out);
  }
}
