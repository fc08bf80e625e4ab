/* The files paradbg-inspect writes for a distributed array: the global
   array as a NumPy .npy file, and the ownership map of a 1-D or 2-D array
   as SVG.  Each is written to a temporary file next to the one named, then
   renamed over it, so a reader never sees half a file. */
#define _GNU_SOURCE
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "report.h"

/* ---- writing a file whole ---- */

struct out_file {
  char *tmp;
  FILE *f;
};

/* Opens a temporary file next to path; 0, or -1 with why in msg.  What
   path names, if it exists, must be a regular file: renaming over a
   device or a FIFO would replace it. */
static int out_open(struct out_file *o, const char *path, char *msg, size_t msgsize)
{
  struct stat sb;
  o->tmp = NULL;
  o->f = NULL;
  if (stat(path, &sb) == 0 && !S_ISREG(sb.st_mode)) {
    snprintf(msg, msgsize, "cannot write %s: %s", path,
             S_ISDIR(sb.st_mode) ? "it is a directory" : "not a regular file");
    return -1;
  }
  if (asprintf(&o->tmp, "%s.XXXXXX", path) < 0) {
    o->tmp = NULL;
    snprintf(msg, msgsize, "out of memory");
    return -1;
  }
  int fd = mkstemp(o->tmp);
  if (fd < 0) {
    snprintf(msg, msgsize, "cannot write %s: %s", path, strerror(errno));
    free(o->tmp);
    o->tmp = NULL;
    return -1;
  }
  /* mkstemp makes it 0600: give it the mode a new file gets. */
  mode_t mask = umask(0);
  umask(mask);
  fchmod(fd, 0666 & ~mask);
  o->f = fdopen(fd, "w");
  if (o->f == NULL) {
    snprintf(msg, msgsize, "cannot write %s: %s", path, strerror(errno));
    close(fd);
    unlink(o->tmp);
    free(o->tmp);
    o->tmp = NULL;
    return -1;
  }
  return 0;
}

/* Ends the file: renamed to path when ok and everything was written. */
static int out_close(struct out_file *o, const char *path, int ok, char *msg, size_t msgsize)
{
  int err = 0;
  if (fflush(o->f) != 0 || ferror(o->f) || fsync(fileno(o->f)) != 0)
    err = errno ? errno : EIO;
  if (fclose(o->f) != 0 && err == 0)
    err = errno ? errno : EIO;
  if (ok && err == 0 && rename(o->tmp, path) != 0)
    err = errno;
  if (!ok || err != 0)
    unlink(o->tmp);
  free(o->tmp);
  o->tmp = NULL;
  if (ok && err != 0) {
    snprintf(msg, msgsize, "cannot write %s: %s", path, strerror(err));
    return -1;
  }
  return ok ? 0 : -1;
}

/* ---- .npy ---- */

/* NumPy's format 1.0: the magic, the version, a little-endian 16-bit
   header length, then a Python dict literal padded with spaces and ended
   by a newline so that the data begins at a multiple of 64 bytes. */
int write_npy(const char *path, const char *typestr, int ndim, const int64_t *shape,
              const void *data, size_t size, char *msg, size_t msgsize)
{
  /* The descr goes into a Python literal: only a typestr's characters. */
  char descr[PARADBG_DAP_TYPESTR_MAX];
  size_t n = strnlen(typestr, sizeof descr);
  if (n == 0 || n == sizeof descr || strspn(typestr, "<>|=abcdefghijklmnopqrstuvwxyz"
                                            "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") != n) {
    snprintf(msg, msgsize, "cannot write %s: the element type is not a NumPy typestr", path);
    return -1;
  }
  memcpy(descr, typestr, n + 1);
  if (descr[0] == '=')   /* native: say which */
    descr[0] = __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ ? '<' : '>';
  char *shape_text = dap_shape_text(ndim, shape), *header = NULL;
  int len = shape_text != NULL
              ? asprintf(&header, "{'descr': '%s', 'fortran_order': False, 'shape': %s, }", descr,
                         shape_text)
              : -1;
  free(shape_text);
  if (len < 0) {
    snprintf(msg, msgsize, "out of memory");
    return -1;
  }
  /* magic (6) + version (2) + length (2) + header + padding + newline */
  size_t total = 10 + (size_t)len + 1;
  size_t padded = (total + 63) / 64 * 64;
  size_t hlen = padded - 10;
  if (hlen > 0xffff) {
    free(header);
    snprintf(msg, msgsize, "cannot write %s: the header is too long for format 1.0", path);
    return -1;
  }
  struct out_file o;
  if (out_open(&o, path, msg, msgsize) != 0) {
    free(header);
    return -1;
  }
  unsigned char pre[10] = { 0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, (unsigned char)(hlen & 0xff),
                            (unsigned char)(hlen >> 8) };
  fwrite(pre, 1, sizeof pre, o.f);
  fputs(header, o.f);
  for (size_t i = 10 + (size_t)len; i < padded - 1; i++)
    fputc(' ', o.f);
  fputc('\n', o.f);
  free(header);
  if (size > 0 && fwrite(data, 1, size, o.f) != size) {
    snprintf(msg, msgsize, "cannot write %s: %s", path, strerror(errno ? errno : EIO));
    out_close(&o, path, 0, msg, msgsize);
    return -1;
  }
  return out_close(&o, path, 1, msg, msgsize);
}

/* ---- the ownership map ---- */

#define MAP_MAX_CELLS 512       /* drawn along a dimension, at most */
#define MAP_WIDTH 960           /* pixels the cells take at most, along a side */
#define MAP_LEGEND_MAX 64       /* ranks named in the legend, at most */

/* Colours a reader tells apart; neighbouring ranks differ.  Ranks beyond
   the palette reuse it in turn. */
static const char *const palette[] = {
  "#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948",
  "#b07aa1", "#ff9da7", "#9c755f", "#8cd17d", "#86bcb6", "#d4a6c8",
};
#define NCOLOURS (sizeof palette / sizeof palette[0])

static const char *colour(int rank)
{
  return rank < 0 ? "#ffffff" : palette[(unsigned)rank % NCOLOURS];
}

/* One drawn axis: n elements in cells of `per` elements each. */
struct axis {
  int64_t n, per, cells;
};

static void axis_init(struct axis *x, int64_t n)
{
  x->n = n;
  x->per = n > MAP_MAX_CELLS ? (n + MAP_MAX_CELLS - 1) / MAP_MAX_CELLS : 1;
  x->cells = n > 0 ? (n + x->per - 1) / x->per : 0;
}

/* Marks the cells of global indices [first, last] in bits (clamped). */
static void mark(unsigned char *bits, const struct axis *x, int64_t first, int64_t last)
{
  if (first < 0)
    first = 0;
  if (last >= x->n)
    last = x->n - 1;
  for (int64_t c = first <= last ? first / x->per : 1, e = last / x->per; first <= last && c <= e; c++)
    bits[c] = 1;
}

/* The cells of dimension k a piece holds (held) and holds as a halo, a
   copy of what another rank owns (halo): for 'b', [start, stop) and its
   part outside the owned range; cyclic and unstructured dimensions have
   no padding.  Whether any halo cell was marked. */
static int piece_cells(const struct pdb_dap_piece *p, int k, const struct axis *x,
                       unsigned char *held, unsigned char *halo)
{
  const struct paradbg_dap_dim *d = &p->dim[k];
  memset(held, 0, (size_t)x->cells);
  memset(halo, 0, (size_t)x->cells);
  int any = 0;
  switch (d->dist_type) {
  case 'b': {
    int64_t first = p->owned_first[k], last = p->owned_last[k];
    mark(held, x, d->start, d->stop - 1);
    if (first < 0 || last < first) {   /* owns nothing: all of it is a copy */
      mark(halo, x, d->start, d->stop - 1);
      return d->stop > d->start;
    }
    if (d->start < first)
      mark(halo, x, d->start, first - 1), any = 1;
    if (d->stop - 1 > last)
      mark(halo, x, last + 1, d->stop - 1), any = 1;
    break;
  }
  case 'c': {
    /* Cell by cell, not block by block: a cell holds blocks kb..ke, and
       the rank holds one of them if round-robin gives it any. */
    int64_t bs = d->block_size > 0 ? d->block_size : 1, P = d->proc_grid_size, r = d->proc_grid_rank;
    if (P < 1 || r < 0 || r >= P)
      break;
    for (int64_t c = 0; c < x->cells; c++) {
      int64_t first = c * x->per, last = first + x->per - 1 < x->n - 1 ? first + x->per - 1 : x->n - 1;
      int64_t kb = first / bs, ke = last / bs;
      held[c] = ke - kb + 1 >= P || (r - kb % P + P) % P <= ke - kb;
    }
    break;
  }
  case 'u':
    /* the indices libparadbg read (it bounds them all together) */
    for (int64_t i = 0; d->indices != NULL && i < d->extent; i++)
      mark(held, x, d->indices[i], d->indices[i]);
    break;
  }
  return any;
}

/* Runs of equal value along a row of cells, drawn as one rectangle each. */
static void rect(FILE *f, double x, double y, double w, double h, const char *attrs)
{
  fprintf(f, "<rect x=\"%g\" y=\"%g\" width=\"%g\" height=\"%g\" %s/>\n", x, y, w, h, attrs);
}

/* An axis' labels: the first global index of every step-th cell. */
static void axis_labels(FILE *f, const struct axis *x, double cell, double origin, double at,
                        int vertical)
{
  int64_t step = 1;
  while (step * cell < 48 && step < x->cells)
    step *= 2;
  for (int64_t c = 0; c < x->cells; c += step) {
    double pos = origin + (double)c * cell + (x->per == 1 ? cell / 2 : 0);
    if (vertical)
      fprintf(f, "<text x=\"%g\" y=\"%g\" text-anchor=\"end\" dominant-baseline=\"middle\">%" PRId64
              "</text>\n", at, pos, c * x->per);
    else
      fprintf(f, "<text x=\"%g\" y=\"%g\" text-anchor=\"%s\">%" PRId64 "</text>\n", pos, at,
              x->per == 1 ? "middle" : "start", c * x->per);
  }
}

/* Text for SVG: <, >, & and quotes escaped (the name is printable). */
static void xml_text(FILE *f, const char *s)
{
  for (; s != NULL && *s; s++)
    switch (*s) {
    case '<': fputs("&lt;", f); break;
    case '>': fputs("&gt;", f); break;
    case '&': fputs("&amp;", f); break;
    case '"': fputs("&quot;", f); break;
    default: fputc(*s, f);
    }
}

int write_map_svg(const char *path, const struct pdb_distarray *a, struct dap_map_info *info,
                  char *msg, size_t msgsize)
{
  memset(info, 0, sizeof *info);
  if (a->ndim < 1 || a->ndim > 2) {
    snprintf(msg, msgsize, "%s is %d-D: an ownership map is drawn for a 1-D or 2-D array only",
             a->name, a->ndim);
    return -1;
  }
  /* Rows and columns: a 1-D array is one row. */
  struct axis rows, cols;
  axis_init(&rows, a->ndim == 2 ? a->shape[0] : 1);
  axis_init(&cols, a->shape[a->ndim - 1]);
  if (rows.cells <= 0 || cols.cells <= 0) {
    snprintf(msg, msgsize, "%s has no elements to draw", a->name);
    return -1;
  }
  int *owner = malloc((size_t)(rows.cells * cols.cells) * sizeof *owner);
  unsigned char *bits = malloc(4 * MAP_MAX_CELLS);
  if (owner == NULL || bits == NULL) {
    free(owner), free(bits);
    snprintf(msg, msgsize, "out of memory");
    return -1;
  }
  /* Each cell shows the owner of the first element it stands for:
     libparadbg's map of the sample, each dimension's owners found once. */
  int64_t step[2] = { rows.per, cols.per }, ncells[2] = { rows.cells, cols.cells };
  if (pdb_dap_owner_map(a, a->ndim == 2 ? step : step + 1, a->ndim == 2 ? ncells : ncells + 1, owner,
                        (size_t)(rows.cells * cols.cells)) != 0) {
    free(owner), free(bits);
    snprintf(msg, msgsize, "%s: its owners cannot be mapped (out of memory)", a->name);
    return -1;
  }

  /* The geometry: square cells, large for a small array, at least a
     pixel; a 1-D array's row is tall enough to see. */
  int64_t most = rows.cells > cols.cells ? rows.cells : cols.cells;
  double cell = (double)(MAP_WIDTH / most);
  cell = cell > 32 ? 32 : cell < 1 ? 1 : cell;
  double cw = cell, ch = a->ndim == 1 && cell < 32 ? 32 : cell;
  double left = 64, top = 56, gw = cw * (double)cols.cells, gh = ch * (double)rows.cells;
  int nranks = a->nprocs > 0 ? a->nprocs : 0;
  int legend = nranks < MAP_LEGEND_MAX ? nranks : MAP_LEGEND_MAX;
  double lx = left + gw + 32, width = lx + 200 > 720 ? lx + 200 : 720, height = top + gh + 32;
  if (height < top + 22.0 * (legend + 4))
    height = top + 22.0 * (legend + 4);
  int numbers = cell >= 16 && rows.per == 1 && cols.per == 1;

  struct out_file o;
  if (out_open(&o, path, msg, msgsize) != 0) {
    free(owner), free(bits);
    return -1;
  }
  FILE *f = o.f;
  fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
          "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%g\" height=\"%g\" viewBox=\"0 0 %g %g\""
          " font-family=\"sans-serif\" font-size=\"12\">\n", width, height, width, height);
  fputs("<title>", f);
  xml_text(f, a->name);
  fputs(": which rank owns each element</title>\n<defs>\n", f);
  /* One hatch per colour: diagonal stripes of the rank that holds the
     copy, in three phases so that the copies of two or three ranks in one
     cell all show. */
  for (unsigned c = 0; c < NCOLOURS; c++)
    fprintf(f, "<pattern id=\"halo%u\" patternUnits=\"userSpaceOnUse\" width=\"6\" height=\"6\" "
            "patternTransform=\"rotate(45)\"><line x1=\"%u\" y1=\"0\" x2=\"%u\" y2=\"6\" "
            "stroke=\"%s\" stroke-width=\"2\"/><line x1=\"%g\" y1=\"0\" x2=\"%g\" y2=\"6\" "
            "stroke=\"#000\" stroke-width=\"0.4\"/></pattern>\n", c, 1 + 2 * (c % 3), 1 + 2 * (c % 3),
            palette[c], 2.2 + 2 * (c % 3), 2.2 + 2 * (c % 3));
  fputs("</defs>\n<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n", f);
  fprintf(f, "<text x=\"%g\" y=\"20\" font-size=\"14\" font-weight=\"bold\">", left);
  xml_text(f, a->name);
  char shape[PDB_DAP_TEXT_MAX];
  pdb_dap_shape_text(a, shape, sizeof shape);
  fprintf(f, " %s ", shape);
  xml_text(f, a->typestr);
  fprintf(f, ", %d ranks</text>\n<text x=\"%g\" y=\"38\">each element in the colour of the rank "
          "that owns it</text>\n", a->nprocs, left);
  if (rows.per > 1 || cols.per > 1)
    fprintf(f, "<text x=\"%g\" y=\"%g\">each cell: %" PRId64 " x %" PRId64 " elements, coloured by "
            "the owner of its first</text>\n", left, top + gh + 18, rows.per, cols.per);
  /* Index labels */
  axis_labels(f, &cols, cw, left, top - 4, 0);
  if (a->ndim == 2)
    axis_labels(f, &rows, ch, top, left - 4, 1);

  /* The owners, one rectangle per run of one owner along a row. */
  /* Small cells are told apart by a thin line. */
  /* The geometry is written down for a reader (a test, a script). */
  fprintf(f, "<g id=\"owners\" data-cell-width=\"%g\" data-cell-height=\"%g\" data-cells=\"%" PRId64
          " %" PRId64 "\" data-elements-per-cell=\"%" PRId64 " %" PRId64 "\" data-left=\"%g\" "
          "data-top=\"%g\" %s>\n", cw, ch, rows.cells, cols.cells, rows.per, cols.per, left, top,
          numbers ? "stroke=\"#fff\" stroke-width=\"0.5\"" : "stroke=\"none\"");
  for (int64_t i = 0; i < rows.cells; i++)
    for (int64_t j = 0; j < cols.cells;) {
      int r = owner[i * cols.cells + j];
      int64_t e = j;
      while (!numbers && e + 1 < cols.cells && owner[i * cols.cells + e + 1] == r)
        e++;
      char attrs[64];
      snprintf(attrs, sizeof attrs, "fill=\"%s\" data-rank=\"%d\"", colour(r), r);
      rect(f, left + cw * (double)j, top + ch * (double)i, cw * (double)(e - j + 1), ch, attrs);
      info->cells[r >= 0 ? 0 : 1] += (uint64_t)(e - j + 1);
      j = e + 1;
    }
  fputs("</g>\n", f);

  /* The halos: per piece, the cells it holds outside what it owns, held
     x halo along one dimension and halo along the other. */
  fputs("<g id=\"halos\" stroke=\"none\">\n", f);
  unsigned char *held0 = bits, *halo0 = bits + MAP_MAX_CELLS, *held1 = bits + 2 * MAP_MAX_CELLS,
                *halo1 = bits + 3 * MAP_MAX_CELLS;
  for (unsigned n = 0; a->pieces != NULL && n < a->npieces; n++) {
    const struct pdb_dap_piece *p = &a->pieces[n];
    int any;
    if (a->ndim == 1) {
      memset(held0, 1, 1), memset(halo0, 0, 1);
      any = piece_cells(p, 0, &cols, held1, halo1);
    } else {
      any = piece_cells(p, 0, &rows, held0, halo0);
      any |= piece_cells(p, 1, &cols, held1, halo1);
    }
    if (!any)
      continue;
    char attrs[64];
    snprintf(attrs, sizeof attrs, "fill=\"url(#halo%u)\" data-halo=\"%d\"",
             (unsigned)p->rank % (unsigned)NCOLOURS, p->rank);
    for (int64_t i = 0; i < rows.cells; i++) {
      if (!halo0[i] && !held0[i])
        continue;
      const unsigned char *row = halo0[i] ? held1 : halo1;
      for (int64_t j = 0; j < cols.cells;) {
        if (!row[j]) {
          j++;
          continue;
        }
        int64_t e = j;
        while (!numbers && e + 1 < cols.cells && row[e + 1])
          e++;
        rect(f, left + cw * (double)j, top + ch * (double)i, cw * (double)(e - j + 1), ch, attrs);
        info->halo_cells += (uint64_t)(e - j + 1);
        j = e + 1;
      }
    }
  }
  fputs("</g>\n", f);

  /* Rank numbers in cells large enough to read them. */
  if (numbers) {
    fputs("<g id=\"numbers\" text-anchor=\"middle\" dominant-baseline=\"central\" fill=\"#000\">\n", f);
    for (int64_t i = 0; i < rows.cells; i++)
      for (int64_t j = 0; j < cols.cells; j++)
        if (owner[i * cols.cells + j] >= 0)
          fprintf(f, "<text x=\"%g\" y=\"%g\">%d</text>\n", left + cw * ((double)j + 0.5),
                  top + ch * ((double)i + 0.5), owner[i * cols.cells + j]);
    fputs("</g>\n", f);
  }
  fprintf(f, "<rect x=\"%g\" y=\"%g\" width=\"%g\" height=\"%g\" fill=\"none\" stroke=\"#333\"/>\n",
          left, top, gw, gh);

  /* The legend: a swatch and the rank (and image) per rank. */
  fprintf(f, "<g id=\"legend\">\n<text x=\"%g\" y=\"%g\" font-weight=\"bold\">Rank</text>\n", lx,
          top + 4);
  int coarray = a->origin != NULL && strcmp(a->origin, "coarray") == 0;
  for (int r = 0; r < legend; r++) {
    double y = top + 14 + 22.0 * r;
    fprintf(f, "<rect x=\"%g\" y=\"%g\" width=\"16\" height=\"16\" fill=\"%s\" stroke=\"#333\" "
            "data-legend=\"%d\"/>\n", lx, y, colour(r), r);
    if (coarray)
      fprintf(f, "<text x=\"%g\" y=\"%g\">%d (image %d)</text>\n", lx + 22, y + 12, r, r + 1);
    else
      fprintf(f, "<text x=\"%g\" y=\"%g\">%d</text>\n", lx + 22, y + 12, r);
  }
  double y = top + 14 + 22.0 * legend;
  if (nranks > legend)
    fprintf(f, "<text x=\"%g\" y=\"%g\">... %d ranks: the colours repeat every %u</text>\n", lx,
            y + 12, nranks, (unsigned)NCOLOURS), y += 22;
  if (info->halo_cells > 0)
    fprintf(f, "<rect x=\"%g\" y=\"%g\" width=\"16\" height=\"16\" fill=\"url(#halo0)\" "
            "stroke=\"#333\"/>\n<text x=\"%g\" y=\"%g\">hatched: a halo copy, in the</text>\n"
            "<text x=\"%g\" y=\"%g\">colour of the rank holding it</text>\n", lx, y + 4, lx + 22, y + 16,
            lx + 22, y + 30);
  fputs("</g>\n", f);
  fputs("</svg>\n", f);
  info->rows = rows.cells, info->cols = cols.cells;
  info->per_row = rows.per, info->per_col = cols.per;
  free(owner), free(bits);
  return out_close(&o, path, 1, msg, msgsize);
}
