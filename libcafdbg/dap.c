/* Distributed arrays: the registry libparcaf keeps of the arrays a program
   registered (paradbg/dap.h), read as paradbg/dap-layout.h and the table
   the runtime exports (paradbg_dap_layout) describe it.  In a coarray
   program every image's registry lies in its segment of the shared mapping
   (segment.dap), so one address space reads them all; in any other process
   it is the exported structure paradbg_dap_registry.  A handle is a
   snapshot of every record, read once when it is made; only the indices of
   'u' dimensions are read when asked for. */
#include "config.h"

#include <string.h>

#include "paradbg/dap-layout.h"

#include "cafdbg-private.h"

/* What this library expects of the table, from the lists the runtime's
   table is built from. */
PARADBG_LAYOUT_SPEC(dap_spec, PARADBG_DAP);

#define DD_F(s, f) PARADBG_DAP_FIELD_##s##_##f
#define DD_T(s) PARADBG_DAP_TYPE_##s

/* How many times a registry is read when the runtime changed it (its
   generation) while it was being read: after that (a core taken in the
   middle of a change, say), the last reading is kept. */
#define DD_TRIES 3
/* Records are read through a window of this many bytes of the target
   (aligned), so that records that lie together cost one read. */
#define DD_WINDOW (16u << 10)

/* One dimension as read, and where its 'u' indices are read. */
struct dd_dim {
  cafdbg_dap_dim_t d;
  uint64_t indices;                   /* readable here; 0 none */
  ompd_rc_t indices_rc;               /* why they cannot be read, if they cannot */
};

struct dd_array {
  cafdbg_dap_array_t a;
  uint64_t record;                    /* where its record was read (a cycle returns to it) */
  uint32_t dim0;                      /* its first dimension in the handle's dims */
};

struct _cafdbg_dap_handle {
  ompd_address_space_context_t *context;
  struct paradbg_layout_target target;
  struct paradbg_dap_layout layout;   /* checked, in host byte order */
  struct dd_array *arrays;
  uint32_t narrays, arrays_cap;
  struct dd_dim *dims;
  uint32_t ndims, dims_cap;
};

/* What reading one registry needs: whose it is and how its addresses are
   reached from here. */
struct dd_reader {
  cafdbg_dap_handle_t *h;
  cafdbg_program_handle_t *ph;        /* NULL: a process that is not a coarray program */
  uint64_t me;                        /* this address space's image, 0 none */
  int g;                              /* the image whose registry is read (0: ph NULL) */
  unsigned char *window;
  uint64_t window_at;
  int window_state;                   /* 0 nothing, 1 read, -1 the read failed */
};

/* Where the n bytes at p, an address of the registering process, are read
   from this address space: in a coarray program, an address in image g's
   local view lies in its segment of the mapping; any other address only
   in image g itself.  ompd_rc_unavailable when they cannot be read from
   here, ompd_rc_error when they run past the end of the segment or of the
   address space. */
static ompd_rc_t where(const struct dd_reader *rd, uint64_t p, uint64_t n, uint64_t *addr)
{
  uint64_t end;
  *addr = 0;
  if (p == 0)
    return ompd_rc_unavailable;
  if (rd->ph != NULL) {
    int in = cd_local_addr(rd->ph, rd->g, p, n, addr);
    if (in != 0)
      return in > 0 ? ompd_rc_ok : ompd_rc_error;
    if (rd->me != (uint64_t)rd->g)
      return ompd_rc_unavailable;
  }
  if (__builtin_add_overflow(p, n, &end))
    return ompd_rc_error;
  *addr = p;
  return ompd_rc_ok;
}

/* n bytes at addr (n at most CD_SPAN_MAX): from the window when they lie
   in it, else the window is moved there; a window that cannot be read
   whole (the end of a mapping) leaves the bytes to a read of their own. */
static ompd_rc_t dd_read(struct dd_reader *rd, uint64_t addr, uint64_t n, void *buf)
{
  uint64_t base = addr & ~(uint64_t)(DD_WINDOW - 1);
  ompd_rc_t rc;
  if (base != 0 && addr - base + n <= DD_WINDOW) {
    if (rd->window_state == 0 || rd->window_at != base) {
      if (rd->window == NULL && (rc = cd_alloc(DD_WINDOW, (void **)&rd->window)) != ompd_rc_ok)
        return rc;
      rd->window_at = base;
      rd->window_state = cd_read_in(rd->h->context, base, DD_WINDOW, rd->window) == ompd_rc_ok ? 1 : -1;
    }
    if (rd->window_state > 0) {
      memcpy(buf, rd->window + (addr - base), n);
      return ompd_rc_ok;
    }
  }
  return cd_read_in(rd->h->context, addr, n, buf);
}

/* Field f of a record read whole (the table was checked: the field lies
   inside its record and has its kind's size), element i of an array. */
static ompd_rc_t field_elem(cafdbg_dap_handle_t *h, const unsigned char *rec,
                            enum paradbg_dap_field f, unsigned i, uint64_t *out)
{
  unsigned k = dap_spec_field_kind[f], es = paradbg_layout_kind_size(k, &h->target);
  return cd_value_in(h->context, rec + h->layout.field[f].offset + i * es, es, k, out);
}

static ompd_rc_t field(cafdbg_dap_handle_t *h, const unsigned char *rec, enum paradbg_dap_field f,
                       uint64_t *out)
{
  return field_elem(h, rec, f, 0, out);
}

/* A string field, NUL-terminated within out (its bytes after the first
   NUL are not copied). */
static void string_field(cafdbg_dap_handle_t *h, const unsigned char *rec,
                         enum paradbg_dap_field f, char *out, size_t size)
{
  size_t n = h->layout.field[f].size;
  const unsigned char *s = rec + h->layout.field[f].offset;
  if (n > size - 1)
    n = size - 1;
  memset(out, 0, size);
  for (size_t i = 0; i < n && s[i] != 0; i++)
    out[i] = (char)s[i];
}

/* Room for one more array and ndim more dimensions: both grow by
   doubling, within CAFDBG_DAP_MAX_ARRAYS and that many times
   CAFDBG_DAP_MAX_DIMS. */
static ompd_rc_t grow(cafdbg_dap_handle_t *h, uint32_t ndim)
{
  ompd_rc_t rc;
  if (h->narrays == h->arrays_cap) {
    uint32_t cap = h->arrays_cap ? 2 * h->arrays_cap : 16;
    struct dd_array *a;
    if (cap > CAFDBG_DAP_MAX_ARRAYS)
      cap = CAFDBG_DAP_MAX_ARRAYS;
    if ((rc = cd_alloc((uint64_t)cap * sizeof *a, (void **)&a)) != ompd_rc_ok)
      return rc;
    if (h->narrays > 0)
      memcpy(a, h->arrays, (uint64_t)h->narrays * sizeof *a);
    cd_free(h->arrays);
    h->arrays = a;
    h->arrays_cap = cap;
  }
  if (h->ndims + ndim > h->dims_cap) {
    uint32_t cap = h->dims_cap ? h->dims_cap : 32;
    struct dd_dim *d;
    while (cap < h->ndims + ndim)
      cap *= 2;
    if ((rc = cd_alloc((uint64_t)cap * sizeof *d, (void **)&d)) != ompd_rc_ok)
      return rc;
    if (h->ndims > 0)
      memcpy(d, h->dims, (uint64_t)h->ndims * sizeof *d);
    cd_free(h->dims);
    h->dims = d;
    h->dims_cap = cap;
  }
  return ompd_rc_ok;
}

/* One dimension record, read whole into rec. */
static ompd_rc_t decode_dim(struct dd_reader *rd, const unsigned char *rec, struct dd_dim *out)
{
  cafdbg_dap_handle_t *h = rd->h;
  uint64_t v[13];
  ompd_rc_t rc;
  static const enum paradbg_dap_field fields[11] = {
    DD_F(dim, dist_type), DD_F(dim, periodic), DD_F(dim, one_to_one), DD_F(dim, size),
    DD_F(dim, proc_grid_size), DD_F(dim, proc_grid_rank), DD_F(dim, start), DD_F(dim, stop),
    DD_F(dim, block_size), DD_F(dim, extent), DD_F(dim, indices)
  };
  for (unsigned i = 0; i < 11; i++)
    if ((rc = field(h, rec, fields[i], &v[i])) != ompd_rc_ok)
      return rc;
  if ((rc = field_elem(h, rec, DD_F(dim, padding), 0, &v[11])) != ompd_rc_ok ||
      (rc = field_elem(h, rec, DD_F(dim, padding), 1, &v[12])) != ompd_rc_ok)
    return rc;
  memset(out, 0, sizeof *out);
  cafdbg_dap_dim_t *d = &out->d;
  /* a value that is no character is none of 'b', 'c', 'u' */
  d->dist_type = v[0] > 0 && v[0] < 0x80 ? (char)v[0] : (v[0] == 0 ? 0 : '?');
  d->periodic = (int)(uint32_t)v[1];
  d->one_to_one = (int)(uint32_t)v[2];
  d->size = (int64_t)v[3];
  d->proc_grid_size = (int64_t)v[4];
  d->proc_grid_rank = (int64_t)v[5];
  d->start = (int64_t)v[6];
  d->stop = (int64_t)v[7];
  d->block_size = (int64_t)v[8];
  d->extent = (int64_t)v[9];
  d->padding[0] = (int64_t)v[11];
  d->padding[1] = (int64_t)v[12];
  /* where a 'u' dimension's indices are read, checked now: read later */
  out->indices_rc = ompd_rc_ok;
  if (d->dist_type == 'u') {
    if (d->extent < 0 || (uint64_t)d->extent > CAFDBG_DAP_MAX_INDICES)
      out->indices_rc = ompd_rc_error;
    else if (v[10] == 0)
      out->indices_rc = d->extent == 0 ? ompd_rc_ok : ompd_rc_error;
    else
      out->indices_rc = where(rd, v[10], (uint64_t)d->extent * 8, &out->indices);
  }
  return ompd_rc_ok;
}

/* The array record at at (an address of the registering process) and its
   dimensions, appended to the handle.  ompd_rc_nomem and the callbacks'
   failures are the caller's; anything else that is wrong with the record
   (unreadable, another magic, more dimensions than a record holds) ends
   the chain: ompd_rc_unavailable. */
static ompd_rc_t read_array(struct dd_reader *rd, uint64_t at, uint64_t *next)
{
  cafdbg_dap_handle_t *h = rd->h;
  unsigned char rec[CD_SPAN_MAX];
  uint64_t asize = h->layout.type_size[DD_T(array)], dsize = h->layout.type_size[DD_T(dim)];
  uint64_t addr, daddr = 0, v[9];
  ompd_rc_t rc;
  static const enum paradbg_dap_field fields[9] = {
    DD_F(array, magic), DD_F(array, id), DD_F(array, next), DD_F(array, ndim),
    DD_F(array, rank), DD_F(array, nprocs), DD_F(array, image), DD_F(array, buffer),
    DD_F(array, dims)
  };
  if (where(rd, at, asize, &addr) != ompd_rc_ok)
    return ompd_rc_unavailable;
  if ((rc = dd_read(rd, addr, asize, rec)) != ompd_rc_ok)
    return rc == ompd_rc_nomem ? rc : ompd_rc_unavailable;
  for (unsigned i = 0; i < 9; i++)
    if ((rc = field(h, rec, fields[i], &v[i])) != ompd_rc_ok)
      return rc;
  int64_t ndim = (int32_t)v[3];
  if (v[0] != PARADBG_DAP_ARRAY_MAGIC || ndim < 0 || ndim > CAFDBG_DAP_MAX_DIMS)
    return ompd_rc_unavailable;
  if (ndim > 0 && where(rd, v[8], (uint64_t)ndim * dsize, &daddr) != ompd_rc_ok)
    return ompd_rc_unavailable;
  if ((rc = grow(h, (uint32_t)ndim)) != ompd_rc_ok)
    return rc;
  struct dd_array *a = &h->arrays[h->narrays];
  memset(a, 0, sizeof *a);
  a->record = at;
  a->dim0 = h->ndims;
  for (int64_t k = 0; k < ndim; k++) {
    unsigned char drec[CD_SPAN_MAX];
    if ((rc = dd_read(rd, daddr + (uint64_t)k * dsize, dsize, drec)) != ompd_rc_ok)
      return rc == ompd_rc_nomem ? rc : ompd_rc_unavailable;
    if ((rc = decode_dim(rd, drec, &h->dims[h->ndims + k])) != ompd_rc_ok)
      return rc;
  }
  string_field(h, rec, DD_F(array, name), a->a.name, sizeof a->a.name);
  string_field(h, rec, DD_F(array, typestr), a->a.typestr, sizeof a->a.typestr);
  a->a.id = (int)(int32_t)v[1];
  a->a.ndim = (int)ndim;
  a->a.rank = (int)(int32_t)v[4];
  a->a.nprocs = (int)(int32_t)v[5];
  /* an image's registry holds that image's arrays, whatever a record says */
  a->a.image = rd->ph != NULL ? rd->g : (int)(int32_t)v[6];
  a->a.buffer.segment = OMPD_SEGMENT_UNSPECIFIED;
  a->a.buffer.address = v[7];
  a->a.readable.segment = OMPD_SEGMENT_UNSPECIFIED;
  uint64_t readable;
  if (where(rd, v[7], 0, &readable) == ompd_rc_ok)
    a->a.readable.address = readable;
  h->ndims += (uint32_t)ndim;
  h->narrays++;
  *next = v[2];
  return ompd_rc_ok;
}

/* The registry header at p: its magic, generation and first record. */
static ompd_rc_t read_header(struct dd_reader *rd, uint64_t p, int direct, uint64_t *magic,
                             uint64_t *generation, uint64_t *first)
{
  cafdbg_dap_handle_t *h = rd->h;
  unsigned char rec[CD_SPAN_MAX];
  uint64_t size = h->layout.type_size[DD_T(registry)], addr;
  ompd_rc_t rc = where(rd, p, size, &addr);
  if (rc != ompd_rc_ok)
    return rc;
  if ((rc = direct ? cd_read_in(h->context, addr, size, rec) : dd_read(rd, addr, size, rec)) !=
          ompd_rc_ok ||
      (rc = field(h, rec, DD_F(registry, magic), magic)) != ompd_rc_ok ||
      (rc = field(h, rec, DD_F(registry, generation), generation)) != ompd_rc_ok ||
      (rc = field(h, rec, DD_F(registry, first), first)) != ompd_rc_ok)
    return rc;
  return ompd_rc_ok;
}

/* Every record of the registry at p, newest first, appended to the
   handle.  A record that cannot be read ends the chain with what was read
   before it; a chain that comes back to one of its records ends there.
   When the registry's generation changed while it was read, or was odd
   (the runtime was changing it), it is read again.  ompd_rc_error for a header with another magic (one all zero is
   a registry never used: empty). */
static ompd_rc_t read_registry(struct dd_reader *rd, uint64_t p)
{
  cafdbg_dap_handle_t *h = rd->h;
  uint32_t start = h->narrays, dstart = h->ndims;
  ompd_rc_t rc;
  for (int attempt = 0; attempt < DD_TRIES; attempt++) {
    uint64_t magic, gen, gen_after, first, magic_after, first_after;
    h->narrays = start;
    h->ndims = dstart;
    rd->window_state = 0;   /* the target may have changed: read anew */
    if ((rc = read_header(rd, p, 0, &magic, &gen, &first)) != ompd_rc_ok)
      return rc;
    if (magic != PARADBG_DAP_REGISTRY_MAGIC)
      return magic == 0 && first == 0 ? ompd_rc_ok : ompd_rc_error;
    uint64_t at = first;
    while (at != 0 && h->narrays < CAFDBG_DAP_MAX_ARRAYS) {
      uint32_t i;
      for (i = start; i < h->narrays && h->arrays[i].record != at; i++)
        ;
      if (i < h->narrays)
        break;   /* a cycle */
      rc = read_array(rd, at, &at);
      if (rc == ompd_rc_unavailable)
        break;
      if (rc != ompd_rc_ok)
        return rc;
    }
    /* odd: a change was under way */
    if (read_header(rd, p, 1, &magic_after, &gen_after, &first_after) != ompd_rc_ok ||
        (gen_after == gen && (gen & 1) == 0))
      return ompd_rc_ok;
  }
  return ompd_rc_ok;   /* it kept changing: the last reading */
}

/* A coarray program: every image's registry, image by image.  An image
   whose segment or registry cannot be read gives no arrays; the others
   still do. */
static ompd_rc_t read_images(cafdbg_dap_handle_t *h, cafdbg_program_handle_t *ph)
{
  struct dd_reader rd = { h, ph, 0, 0, NULL, 0, 0 };
  ompd_rc_t rc = cd_this_image(ph, &rd.me);
  for (uint64_t g = 1; rc == ompd_rc_ok && g <= ph->shared.num_images; g++) {
    struct cd_rec r;
    uint64_t p;
    rd.g = (int)g;
    if ((rc = cd_segment_header(ph, (int)g, &r)) == ompd_rc_ok &&
        (rc = cd_get(ph, &r, CD_F(segment, dap), &p)) == ompd_rc_ok && p != 0)
      rc = read_registry(&rd, p);
    if (rc != ompd_rc_nomem && rc != ompd_rc_callback_error)
      rc = ompd_rc_ok;
  }
  cd_free(rd.window);
  return rc;
}

/* Any other process: its own registry. */
static ompd_rc_t read_process(cafdbg_dap_handle_t *h)
{
  struct dd_reader rd = { h, NULL, 0, 0, NULL, 0, 0 };
  uint64_t p = cd_symbol_in(h->context, "paradbg_dap_registry");
  if (p == 0)
    return ompd_rc_unavailable;
  ompd_rc_t rc = read_registry(&rd, p);
  cd_free(rd.window);
  return rc;
}

/* The table must be the one this library was built for (paradbg/layout.h's
   validator), with structures small enough to be read whole and a padding
   of two values. */
static ompd_rc_t load_layout(cafdbg_dap_handle_t *h, uint64_t at)
{
  ompd_rc_t rc = cd_layout_read(h->context, &dap_spec, at, &h->target, &h->layout, sizeof h->layout);
  if (rc != ompd_rc_ok)
    return rc;
  for (unsigned t = 0; t < PARADBG_DAP_NTYPES; t++)
    if (h->layout.type_size[t] > CD_SPAN_MAX)
      return ompd_rc_incompatible;
  if (h->layout.field[DD_F(dim, padding)].size < 16)
    return ompd_rc_incompatible;
  return ompd_rc_ok;
}

static void release(cafdbg_dap_handle_t *h)
{
  cd_free(h->arrays);
  cd_free(h->dims);
  cd_free(h);
}

CD_EXPORT ompd_rc_t cafdbg_dap_initialize(ompd_address_space_context_t *context,
                                          cafdbg_dap_handle_t **handle)
{
  cafdbg_dap_handle_t *h;
  cafdbg_program_handle_t *ph = NULL;
  ompd_rc_t rc;
  if (cd_cb == NULL)
    return ompd_rc_error;
  if (context == NULL || handle == NULL)
    return ompd_rc_bad_input;
  *handle = NULL;
  if ((rc = cd_alloc(sizeof *h, (void **)&h)) != ompd_rc_ok)
    return rc;
  memset(h, 0, sizeof *h);
  h->context = context;
  if ((rc = cd_target_in(context, &h->target)) != ompd_rc_ok) {
    release(h);
    return rc;
  }
  uint64_t table = cd_symbol_in(context, "paradbg_dap_layout");
  if (table == 0)
    rc = ompd_rc_unavailable;   /* no runtime that keeps a registry */
  else if ((rc = load_layout(h, table)) == ompd_rc_ok) {
    /* a coarray program whose images have started, or any other process */
    rc = cafdbg_process_initialize(context, &ph);
    if (rc == ompd_rc_ok) {
      rc = read_images(h, ph);
      cafdbg_rel_program_handle(ph);
    } else if (rc == ompd_rc_unavailable) {
      rc = read_process(h);
    }
  }
  if (rc != ompd_rc_ok) {
    release(h);
    return rc;
  }
  *handle = h;
  return ompd_rc_ok;
}

CD_EXPORT ompd_rc_t cafdbg_rel_dap_handle(cafdbg_dap_handle_t *handle)
{
  if (handle == NULL)
    return ompd_rc_bad_input;
  release(handle);
  return ompd_rc_ok;
}

CD_EXPORT ompd_rc_t cafdbg_get_dap_count(cafdbg_dap_handle_t *handle, int *count)
{
  if (handle == NULL || count == NULL)
    return ompd_rc_bad_input;
  *count = (int)handle->narrays;
  return ompd_rc_ok;
}

CD_EXPORT ompd_rc_t cafdbg_get_dap_array(cafdbg_dap_handle_t *handle, int nth,
                                         cafdbg_dap_array_t *array)
{
  if (handle == NULL || array == NULL)
    return ompd_rc_bad_input;
  memset(array, 0, sizeof *array);
  if (nth < 0 || (uint32_t)nth >= handle->narrays)
    return ompd_rc_bad_input;
  *array = handle->arrays[nth].a;
  return ompd_rc_ok;
}

/* Dimension dim of array nth, or NULL when there is none. */
static const struct dd_dim *dim_of(const cafdbg_dap_handle_t *h, int nth, int dim)
{
  if (nth < 0 || (uint32_t)nth >= h->narrays)
    return NULL;
  const struct dd_array *a = &h->arrays[nth];
  if (dim < 0 || dim >= a->a.ndim)
    return NULL;
  return &h->dims[a->dim0 + (uint32_t)dim];
}

CD_EXPORT ompd_rc_t cafdbg_get_dap_dim(cafdbg_dap_handle_t *handle, int nth, int dim,
                                       cafdbg_dap_dim_t *out)
{
  if (handle == NULL || out == NULL)
    return ompd_rc_bad_input;
  memset(out, 0, sizeof *out);
  const struct dd_dim *d = dim_of(handle, nth, dim);
  if (d == NULL)
    return ompd_rc_bad_input;
  *out = d->d;
  return ompd_rc_ok;
}

/* Read in pieces of at most CD_CHUNK_MAX bytes, each made host numbers in
   one conversion. */
CD_EXPORT ompd_rc_t cafdbg_get_dap_indices(cafdbg_dap_handle_t *handle, int nth, int dim,
                                           uint64_t first, uint64_t n, int64_t *out)
{
  uint64_t end;
  ompd_rc_t rc;
  if (handle == NULL || (out == NULL && n > 0))
    return ompd_rc_bad_input;
  const struct dd_dim *d = dim_of(handle, nth, dim);
  if (d == NULL || d->d.dist_type != 'u')
    return ompd_rc_bad_input;
  if (d->indices_rc != ompd_rc_ok)
    return d->indices_rc;
  /* extent was checked against CAFDBG_DAP_MAX_INDICES */
  if (__builtin_add_overflow(first, n, &end) || end > (uint64_t)d->d.extent)
    return ompd_rc_bad_input;
  if (n == 0)
    return ompd_rc_ok;
  uint64_t chunk = n * 8 < CD_CHUNK_MAX ? n * 8 : CD_CHUNK_MAX;
  unsigned char *buf;
  if ((rc = cd_alloc(chunk, (void **)&buf)) != ompd_rc_ok)
    return rc;
  for (uint64_t done = 0; done < n && rc == ompd_rc_ok;) {
    uint64_t k = n - done < chunk / 8 ? n - done : chunk / 8;
    if ((rc = cd_read_in(handle->context, d->indices + (first + done) * 8, k * 8, buf)) !=
        ompd_rc_ok)
      break;
    if (cd_cb->device_to_host != NULL) {
      if (cd_cb->device_to_host(handle->context, buf, 8, k, out + done) != ompd_rc_ok)
        rc = ompd_rc_callback_error;
    } else {
      memcpy(out + done, buf, k * 8);
    }
    done += k;
  }
  cd_free(buf);
  return rc;
}
