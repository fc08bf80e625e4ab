/* A tiny reader of libparcaf's registry of distributed arrays, as a
   debugger reads it: only through the exported layout tables
   (paradbg_dap_layout, and paradbg_caf_layout for the shared mapping),
   never the runtime's structures.  Linked into the test programs, which
   write what it read next to what they registered (registry.RANK or
   registry.IMAGE beside records.*), so a test compares the two.

   dap_reader_dump(path): writes {"registries": [...]} where each element
   is {"image": I, "count": C, "generation": G, "lock": L, "arrays": [...]}:
   every image's registry in a coarray image (read from the shared
   mapping, as another image's core would show it), else the process's
   own paradbg_dap_registry (image 0).  Returns 0, or -1 if something did
   not add up (it says what on stderr). */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "paradbg/caf-layout.h"
#include "paradbg/dap-layout.h"
#include "paradbg/dap.h"

extern const struct paradbg_dap_layout paradbg_dap_layout;
extern const struct paradbg_caf_layout paradbg_caf_layout;
extern unsigned char paradbg_dap_registry[];
extern void *parcaf_shared;
extern char *parcaf_local_view;
extern int parcaf_this_image;

static int problems;

static void problem(const char *what)
{
  fprintf(stderr, "dap_reader: %s\n", what);
  problems++;
}

/* Field f of a structure at p, widened: its offset and size from the table. */
static uint64_t dap_field(const void *p, enum paradbg_dap_field f)
{
  const struct paradbg_dap_field_layout *l = &paradbg_dap_layout.field[f];
  uint64_t v = 0;
  if (l->size > 8) {
    problem("a number field wider than 8 bytes");
    return 0;
  }
  memcpy(&v, (const char *)p + l->offset, l->size);
  if (l->size == 4 && (f == PARADBG_DAP_FIELD_array_id || f == PARADBG_DAP_FIELD_array_ndim ||
                       f == PARADBG_DAP_FIELD_array_rank || f == PARADBG_DAP_FIELD_array_nprocs ||
                       f == PARADBG_DAP_FIELD_array_image))
    v = (uint64_t)(int64_t)(int32_t)v;
  return v;
}

static const char *dap_bytes(const void *p, enum paradbg_dap_field f, size_t *n)
{
  *n = paradbg_dap_layout.field[f].size;
  return (const char *)p + paradbg_dap_layout.field[f].offset;
}

static uint64_t caf_field(const void *p, enum paradbg_caf_field f)
{
  const struct paradbg_caf_field_layout *l = &paradbg_caf_layout.field[f];
  uint64_t v = 0;
  memcpy(&v, (const char *)p + l->offset, l->size < 8 ? l->size : 8);
  return v;
}

static void json_string(FILE *o, const char *s, size_t n)
{
  fputc('"', o);
  for (size_t i = 0; i < n && s[i]; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c == '"' || c == '\\')
      fprintf(o, "\\%c", c);
    else if (c < 0x20 || c >= 0x7f)
      fprintf(o, "\\u%04x", c);
    else
      fputc(c, o);
  }
  fputc('"', o);
}

/* Translates an address the registering image wrote into this process's
   view (coarray case); NULL outside its segment. */
struct view {
  int images;            /* 0: the process's own registry */
  const char *segment;   /* this process's view of the registering image's segment */
  uint64_t size;
};

static const void *at(const struct view *v, uint64_t addr, uint64_t n)
{
  if (!v->images)
    return (const void *)(uintptr_t)addr;
  uint64_t base = (uintptr_t)parcaf_local_view;
  if (addr < base || addr - base > v->size || n > v->size - (addr - base))
    return NULL;
  return v->segment + (addr - base);
}

static void dump_registry(FILE *o, const struct view *v, const void *reg, int image)
{
  if (dap_field(reg, PARADBG_DAP_FIELD_registry_magic) != PARADBG_DAP_REGISTRY_MAGIC) {
    problem("a registry without its magic number");
    fprintf(o, "null");
    return;
  }
  uint64_t count = dap_field(reg, PARADBG_DAP_FIELD_registry_count);
  fprintf(o, "{\"image\": %d, \"count\": %" PRIu64 ", \"generation\": %" PRIu64 ", \"lock\": %" PRIu64
             ", \"arrays\": [",
          image, count, dap_field(reg, PARADBG_DAP_FIELD_registry_generation),
          dap_field(reg, PARADBG_DAP_FIELD_registry_lock));
  uint64_t a = dap_field(reg, PARADBG_DAP_FIELD_registry_first), seen = 0;
  uint32_t asize = paradbg_dap_layout.type_size[PARADBG_DAP_TYPE_array];
  uint32_t dsize = paradbg_dap_layout.type_size[PARADBG_DAP_TYPE_dim];
  for (; a && seen <= count; seen++) {
    const void *rec = at(v, a, asize);
    if (!rec || dap_field(rec, PARADBG_DAP_FIELD_array_magic) != PARADBG_DAP_ARRAY_MAGIC) {
      problem("a record outside the segment or without its magic number");
      break;
    }
    size_t n;
    const char *s;
    fprintf(o, "%s{\"name\": ", seen ? ", " : "");
    s = dap_bytes(rec, PARADBG_DAP_FIELD_array_name, &n);
    json_string(o, s, n);
    fprintf(o, ", \"typestr\": ");
    s = dap_bytes(rec, PARADBG_DAP_FIELD_array_typestr, &n);
    json_string(o, s, n);
    int64_t ndim = (int64_t)dap_field(rec, PARADBG_DAP_FIELD_array_ndim);
    fprintf(o, ", \"id\": %" PRId64 ", \"rank\": %" PRId64 ", \"nprocs\": %" PRId64 ", \"image\": %" PRId64
               ", \"buffer\": %" PRIu64 ", \"ndim\": %" PRId64 ", \"dim_data\": [",
            (int64_t)dap_field(rec, PARADBG_DAP_FIELD_array_id),
            (int64_t)dap_field(rec, PARADBG_DAP_FIELD_array_rank),
            (int64_t)dap_field(rec, PARADBG_DAP_FIELD_array_nprocs),
            (int64_t)dap_field(rec, PARADBG_DAP_FIELD_array_image),
            dap_field(rec, PARADBG_DAP_FIELD_array_buffer), ndim);
    if (ndim < 0 || ndim > PARADBG_DAP_MAX_DIMS) {
      problem("ndim out of range");
      ndim = 0;
    }
    const char *dims = at(v, dap_field(rec, PARADBG_DAP_FIELD_array_dims), (uint64_t)ndim * dsize);
    if (ndim && !dims) {
      problem("dims outside the segment");
      ndim = 0;
    }
    for (int64_t k = 0; k < ndim; k++) {
      const char *d = dims + k * dsize;
      int t = (int)dap_field(d, PARADBG_DAP_FIELD_dim_dist_type);
      int64_t pad[2];
      memcpy(pad, d + paradbg_dap_layout.field[PARADBG_DAP_FIELD_dim_padding].offset, sizeof pad);
      fprintf(o, "%s{\"dist_type\": \"%c\", \"size\": %" PRId64 ", \"proc_grid_size\": %" PRId64
                 ", \"proc_grid_rank\": %" PRId64,
              k ? ", " : "", t >= 0x20 && t < 0x7f && t != '"' && t != '\\' ? t : '?',
              (int64_t)dap_field(d, PARADBG_DAP_FIELD_dim_size),
              (int64_t)dap_field(d, PARADBG_DAP_FIELD_dim_proc_grid_size),
              (int64_t)dap_field(d, PARADBG_DAP_FIELD_dim_proc_grid_rank));
      int64_t extent = (int64_t)dap_field(d, PARADBG_DAP_FIELD_dim_extent);
      if (t == 'b')
        fprintf(o, ", \"start\": %" PRId64 ", \"stop\": %" PRId64 ", \"padding\": [%" PRId64 ", %" PRId64
                   "], \"periodic\": %s",
                (int64_t)dap_field(d, PARADBG_DAP_FIELD_dim_start),
                (int64_t)dap_field(d, PARADBG_DAP_FIELD_dim_stop), pad[0], pad[1],
                dap_field(d, PARADBG_DAP_FIELD_dim_periodic) ? "true" : "false");
      else if (t == 'c')
        fprintf(o, ", \"start\": %" PRId64 ", \"block_size\": %" PRId64,
                (int64_t)dap_field(d, PARADBG_DAP_FIELD_dim_start),
                (int64_t)dap_field(d, PARADBG_DAP_FIELD_dim_block_size));
      else if (t == 'u') {
        fprintf(o, ", \"indices\": [");
        const int64_t *idx = NULL;
        if (extent > 0 && extent < (1 << 24))
          idx = at(v, dap_field(d, PARADBG_DAP_FIELD_dim_indices), (uint64_t)extent * 8);
        if (extent > 0 && !idx)
          problem("indices outside the segment");
        for (int64_t i = 0; idx && i < extent; i++)
          fprintf(o, "%s%" PRId64, i ? ", " : "", idx[i]);
        fprintf(o, "], \"one_to_one\": %s",
                dap_field(d, PARADBG_DAP_FIELD_dim_one_to_one) ? "true" : "false");
      }
      fprintf(o, ", \"extent\": %" PRId64 "}", extent);
    }
    fprintf(o, "]}");
    a = dap_field(rec, PARADBG_DAP_FIELD_array_next);
  }
  if (seen != count)
    problem("the list does not hold count records");
  fprintf(o, "]}");
}

int dap_reader_dump(const char *path)
{
  FILE *o = fopen(path, "w");
  if (!o) {
    perror(path);
    return -1;
  }
  problems = 0;
  if (paradbg_dap_layout.magic != PARADBG_DAP_LAYOUT_MAGIC ||
      paradbg_dap_layout.version != PARADBG_DAP_LAYOUT_VERSION ||
      paradbg_dap_layout.table_size != sizeof paradbg_dap_layout)
    problem("paradbg_dap_layout is not this version's table");
  static const int type_of[] = {
#define TYPE_OF(s, f, k) PARADBG_DAP_TYPE_##s,
    PARADBG_DAP_FIELD_KINDS(TYPE_OF)
#undef TYPE_OF
  };
  for (unsigned f = 0; f < PARADBG_DAP_NFIELDS; f++)
    if (paradbg_dap_layout.field[f].size == 0 ||
        paradbg_dap_layout.field[f].offset + paradbg_dap_layout.field[f].size >
            paradbg_dap_layout.type_size[type_of[f]])
      problem("a field of paradbg_dap_layout outside its structure");
  fprintf(o, "{\"registries\": [");
  if (parcaf_this_image > 0 && parcaf_shared) {
    const char *shared = parcaf_shared;
    uint64_t n = caf_field(shared, PARADBG_CAF_FIELD_shared_num_images);
    uint64_t segs = caf_field(shared, PARADBG_CAF_FIELD_shared_segments_off);
    uint64_t size = caf_field(shared, PARADBG_CAF_FIELD_shared_segment_size);
    int first = 1;
    for (uint64_t g = 1; g <= n; g++) {
      const char *seg = shared + segs + (g - 1) * size;
      uint64_t dap = caf_field(seg, PARADBG_CAF_FIELD_segment_dap);
      if (!dap)
        continue;
      struct view v = {1, seg, size};
      const void *reg = at(&v, dap, paradbg_dap_layout.type_size[PARADBG_DAP_TYPE_registry]);
      if (!reg) {
        problem("segment.dap outside the segment");
        continue;
      }
      fprintf(o, "%s", first ? "" : ", ");
      first = 0;
      dump_registry(o, &v, reg, (int)g);
    }
  } else {
    struct view v = {0, NULL, 0};
    dump_registry(o, &v, paradbg_dap_registry, 0);
  }
  fprintf(o, "], \"problems\": %d}\n", problems);
  fclose(o);
  return problems ? -1 : 0;
}
