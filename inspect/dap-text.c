/* The distributed-array view as text: one row per array (its name, origin,
   type, global shape, processes, how many of them could be read, and
   whether it is a valid distribution), then, per array, one row per rank
   with its dimension records in short (the protocol's dim_data), its
   buffer and the global indices it owns.  libparadbg makes the names and
   problems printable; the typestr, read from the target, is made so
   here. */
#define _GNU_SOURCE
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

#define SHOWN_BLOCKS 4     /* blocks of a cyclic dimension named, at most */
#define SHOWN_INDICES 6    /* indices of an unstructured dimension named, at most */

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

static FILE *text_open(char **buf, size_t *len)
{
  *buf = NULL;
  return open_memstream(buf, len);
}

static char *text_close(FILE *m, char **buf)
{
  if (m == NULL)
    return NULL;
  if (fclose(m) != 0) {
    free(*buf);
    return NULL;
  }
  return *buf;
}

/* "(20, 6)", "(12,)" as NumPy writes a shape; "()" for none. */
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

/* The global blocks a grid rank of a cyclic dimension owns: "0-1,6-7,...
   (5 blocks)"; arithmetic only, so a garbled record cannot make it long. */
static void cyclic_owned(FILE *m, const struct paradbg_dap_dim *d)
{
  int64_t bs = d->block_size > 0 ? d->block_size : 1, P = d->proc_grid_size, p = d->proc_grid_rank;
  if (P <= 0 || p < 0 || p >= P || d->size <= 0 || bs > INT64_MAX / P) {
    fputs("?", m);
    return;
  }
  int64_t nblocks = (d->size - 1) / bs + 1;   /* blocks of the dimension */
  int64_t mine = nblocks > p ? (nblocks - p - 1) / P + 1 : 0;
  if (mine == 0) {
    fputs("-", m);
    return;
  }
  for (int64_t i = 0; i < mine && i < SHOWN_BLOCKS; i++) {
    int64_t first = (p + i * P) * bs, last = first + bs - 1 < d->size - 1 ? first + bs - 1 : d->size - 1;
    if (first == last)
      fprintf(m, i ? ",%" PRId64 : "%" PRId64, first);
    else
      fprintf(m, i ? ",%" PRId64 "-%" PRId64 : "%" PRId64 "-%" PRId64, first, last);
  }
  if (mine > SHOWN_BLOCKS)
    fprintf(m, ",... (%" PRId64 " %s)", mine, bs == 1 ? "indices" : "blocks");
}

/* One dimension's owned global indices: "[0,5)", "0-1,6-7", "{3,7,9}",
   "-" for none. */
static void owned_dim(FILE *m, const struct pdb_dap_piece *p, int k)
{
  const struct paradbg_dap_dim *d = &p->dim[k];
  switch (d->dist_type) {
  case 'b':
    if (p->owned_first[k] < 0 || p->owned_last[k] < p->owned_first[k])
      fputs("-", m);
    else
      fprintf(m, "[%" PRId64 ",%" PRId64 ")", p->owned_first[k], p->owned_last[k] + 1);
    break;
  case 'c':
    cyclic_owned(m, d);
    break;
  case 'u': {
    int64_t n = d->extent;
    if (n <= 0 || d->indices == NULL) {
      fputs(n == 0 ? "-" : "?", m);
      break;
    }
    fputc('{', m);
    for (int64_t i = 0; i < n && i < SHOWN_INDICES; i++)
      fprintf(m, i ? ",%" PRId64 : "%" PRId64, d->indices[i]);
    fputs(n > SHOWN_INDICES ? ",...}" : "}", m);
    break;
  }
  default:
    fputs("?", m);
  }
}

static char *owned_text(const struct pdb_distarray *a, const struct pdb_dap_piece *p)
{
  char *buf;
  size_t len;
  FILE *m = text_open(&buf, &len);
  if (m == NULL)
    return NULL;
  for (int k = 0; k < a->ndim && k < PARADBG_DAP_MAX_DIMS; k++) {
    if (k)
      fputs(" x ", m);
    owned_dim(m, p, k);
  }
  if (a->ndim == 0)
    fputs("-", m);
  return text_close(m, &buf);
}

/* The dimension records in short: "b [0,6) pad (0,1) periodic",
   "c 4/2" (start/block_size), "u 5 indices"; "; " between them. */
char *dap_dims_text(const struct paradbg_dap_dim *dim, int ndim)
{
  char *buf;
  size_t len;
  FILE *m = text_open(&buf, &len);
  if (m == NULL)
    return NULL;
  for (int k = 0; k < ndim && k < PARADBG_DAP_MAX_DIMS; k++) {
    const struct paradbg_dap_dim *d = &dim[k];
    if (k)
      fputs("; ", m);
    switch (d->dist_type) {
    case 'b':
      fprintf(m, "b [%" PRId64 ",%" PRId64 ")", d->start, d->stop);
      if (d->padding[0] != 0 || d->padding[1] != 0)
        fprintf(m, " pad (%" PRId64 ",%" PRId64 ")", d->padding[0], d->padding[1]);
      if (d->periodic)
        fputs(" periodic", m);
      break;
    case 'c':
      fprintf(m, "c %" PRId64 "/%" PRId64, d->start, d->block_size > 0 ? d->block_size : 1);
      break;
    case 'u':
      fprintf(m, "u %" PRId64 " indices%s", d->extent, d->one_to_one ? "" : " (shared)");
      break;
    default:
      fprintf(m, "'\\x%02x'?", (unsigned char)d->dist_type);
    }
  }
  if (ndim == 0)
    fputs("-", m);
  return text_close(m, &buf);
}

/* The grid coordinates: "(1,0)". */
static char *grid_text(const struct paradbg_dap_dim *dim, int ndim)
{
  char *buf;
  size_t len;
  FILE *m = text_open(&buf, &len);
  if (m == NULL)
    return NULL;
  fputc('(', m);
  for (int k = 0; k < ndim && k < PARADBG_DAP_MAX_DIMS; k++)
    fprintf(m, k ? ",%" PRId64 : "%" PRId64, dim[k].proc_grid_rank);
  fputc(')', m);
  return text_close(m, &buf);
}

static unsigned readable_count(const struct pdb_distarray *a)
{
  unsigned n = 0;
  for (unsigned i = 0; a->pieces != NULL && i < a->npieces; i++)
    n += a->pieces[i].readable != 0;
  return n;
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
  table_init(&tb, 7, "");
  table_row(&tb, (const char *[]){ "Name", "Origin", "Type", "Shape", "Procs", "Readable", "Valid" });
  for (unsigned i = 0; i < r->narrays; i++) {
    const struct pdb_distarray *a = &r->arrays[i];
    char procs[24], readable[24], *shape = dap_shape_text(a->ndim, a->shape), *valid = NULL;
    snprintf(procs, sizeof procs, "%d", a->nprocs);
    snprintf(readable, sizeof readable, "%u", readable_count(a));
    if (a->problem != NULL && asprintf(&valid, "no: %s", a->problem) < 0)
      valid = NULL;
    /* The name and problem are printable already; the typestr is not. */
    char *type = type_text(a), *name = pick_name(r, i);
    table_row_raw(&tb, (const char *[]){ name != NULL ? name : "?",
                                         a->origin != NULL ? a->origin : "?", type ? type : "?",
                                         shape ? shape : "?", procs, readable,
                                         a->problem == NULL ? "yes" : valid ? valid : "no" },
                  0x7f);
    free(type);
    free(shape);
    free(valid);
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
enum { C_RANK, C_IMAGE, C_GRID, C_SOURCE, C_BUFFER, C_OWNED, C_DIMS, NCOLS };

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
  rank_row(tb, shown, (const char *[]){ rank, NULL, NULL, NULL, "(missing)", NULL, NULL });
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
  int shown[NCOLS] = { 1, coarray, 1, nlabels > 1, 1, 1, 1 };
  struct table tb;
  table_init(&tb, (unsigned)(NCOLS - !coarray - (nlabels <= 1)), "  ");
  rank_row(&tb, shown, (const char *[]){ "Rank", "Image", "Grid", "Source", "Buffer", "Owned",
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
    snprintf(buffer, sizeof buffer, "0x%" PRIx64 "%s", p->buffer, p->readable ? "" : " (unreadable)");
    const char *label = source;
    if (nlabels > 1) {
      if (p->source < nlabels && labels[p->source] != NULL)
        label = labels[p->source];
      else
        snprintf(source, sizeof source, "#%u", p->source);
    }
    char *grid = grid_text(p->dim, a->ndim), *owned = owned_text(a, p);
    char *dims = dap_dims_text(p->dim, a->ndim);
    rank_row(&tb, shown, (const char *[]){ rank, image, grid ? grid : "?", label, buffer,
                                           owned ? owned : "?", dims ? dims : "?" });
    free(grid), free(owned), free(dims);
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
    char *shape = dap_shape_text(a->ndim, a->shape);
    char *type = type_text(a), *name = pick_name(r, i);
    fprintf(out, "\n%s: %s %s, %d process%s, %s\n", name != NULL ? name : "?", type ? type : "?",
            shape ? shape : "?", a->nprocs, a->nprocs == 1 ? "" : "es",
            a->origin != NULL ? a->origin : "?");
    free(type);
    free(name);
    free(shape);
    if (a->problem != NULL)
      fprintf(out, "  Not valid: %s\n", a->problem);
    print_ranks(a, labels, nlabels, out);
  }
}
