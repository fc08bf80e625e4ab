/* The registry of distributed arrays (paradbg/dap.h): records a debugger
   reads through the lists of paradbg/dap-layout.h.

   In a coarray image the registry header and its records lie in the
   image's asymmetric heap, at addresses of its local view, and the
   segment's field dap points at the header (set once, at the first
   registration): every image's records are in the shared mapping, so one
   image's core holds them all.  Anywhere else (a plain process, an MPI
   rank, or a coarray program before caf_init) the header is the exported
   paradbg_dap_registry and the records are malloc'd.

   The header's lock word is held while a record is linked or unlinked and
   while another image reads the records for its cross-check; generation is
   odd while a change is under way and moves on with every change, so a
   live reader that sees it odd or changed reads again.  A registration in
   an image takes the locks of every image that has a registry, in image
   order (no deadlock), checks its record against theirs and links it
   before it lets go: of two images registering contradicting records, the
   second sees the first.  Threads of one process register at once safely;
   in an image the asymmetric heap is shared with ALLOCATE of coarrays,
   which must not run on another thread meanwhile. */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "../rtline.h"
#include "caf.h"
#include "paradbg/dap-layout.h"
#include "paradbg/dap-rules.h"
#include "paradbg/dap.h"

/* What dap-layout.h's lists name, field by field. */
struct parcaf_dap_registry {
  uint32_t magic;          /* PARADBG_DAP_REGISTRY_MAGIC */
  uint32_t count;          /* records linked */
  uint32_t generation;     /* odd while a change is under way */
  uint32_t lock;           /* 0 free; else the holder: its image, or its thread id */
  uint64_t first;          /* newest record (an address), 0 none */
};

struct parcaf_dap_array {
  uint32_t magic;          /* PARADBG_DAP_ARRAY_MAGIC */
  int32_t id;
  uint64_t next;           /* next older record, 0 the last */
  char name[PARADBG_DAP_NAME_MAX];
  char typestr[PARADBG_DAP_TYPESTR_MAX];
  int32_t ndim;
  int32_t rank;
  int32_t nprocs;
  int32_t image;           /* 0: not a coarray image */
  uint64_t buffer;
  uint64_t dims;           /* ndim struct parcaf_dap_dim */
};

struct parcaf_dap_dim {
  uint32_t dist_type;
  uint32_t periodic;
  uint32_t one_to_one;
  uint32_t pad;
  int64_t size;
  int64_t proc_grid_size;
  int64_t proc_grid_rank;
  int64_t start;
  int64_t stop;
  int64_t padding[2];
  int64_t block_size;
  int64_t extent;
  uint64_t indices;        /* extent int64_t of a 'u' dimension, 0 otherwise */
};

#define PARADBG_LAYOUT_STRUCT(s) struct parcaf_dap_##s
PARADBG_LAYOUT_DEFINE(PARADBG_DAP, paradbg_dap_layout, PARCAF_EXPORT);

/* The registry of a process that is not a coarray image. */
PARCAF_EXPORT struct parcaf_dap_registry paradbg_dap_registry = {
  .magic = PARADBG_DAP_REGISTRY_MAGIC,
};

#define CHECK_SYMBOL(name, k) PARADBG_LAYOUT_ASSERT(name, k, #name);
PARADBG_DAP_SYMBOL_KINDS(CHECK_SYMBOL)

/* A record, its dims and a 'u' dimension's indices are one allocation,
   in this order: one free drops them all. */
_Static_assert(sizeof(struct parcaf_dap_array) % 8 == 0 && sizeof(struct parcaf_dap_dim) % 8 == 0,
               "the indices after the records are not 8-byte aligned");

/* A walk over another image's list stops after this many records (its
   count is bounded by the heap, but a scribbled word must not hang us). */
#define MAX_WALK (1u << 20)

static int next_id;
/* The asymmetric heap and the creation of this image's header, against
   the other threads of this process. */
static pthread_mutex_t heap_mutex = PTHREAD_MUTEX_INITIALIZER;

/* ---- refusals ------------------------------------------------------------ */

/* The name as it may be printed: at most its bytes, no control characters. */
static void printable_name(const char *name, char *out, size_t outsize)
{
  size_t n = 0;
  if (!name) {
    snprintf(out, outsize, "(null)");
    return;
  }
  for (; n + 1 < outsize && n < PARADBG_DAP_NAME_MAX && name[n]; n++) {
    unsigned char c = (unsigned char)name[n];
    out[n] = c < 0x20 || c >= 0x7f ? '?' : (char)c;
  }
  out[n] = 0;
}

/* Refuses: returns 0 after the line or the stat.  what names the array
   ("'blk'", "id 7"). */
static int refuse(int *stat, char *errmsg, size_t errmsg_len, int code, const char *what,
                  const char *why)
{
  if (!stat) {
    rt_line(stderr, 0, "libparcaf: distributed array %s: %s", what, why);
    return 0;
  }
  *stat = code;
  if (errmsg && errmsg_len) {
    size_t n = strlen(why);
    if (n > errmsg_len - 1)
      n = errmsg_len - 1;
    memcpy(errmsg, why, n);
    errmsg[n] = 0;
  }
  return 0;
}

/* ---- locks ------------------------------------------------------------------- */

static uint32_t my_holder(void)
{
  if (parcaf_this_image > 0)
    return (uint32_t)parcaf_this_image;
  return (uint32_t)syscall(SYS_gettid);
}

/* Takes r's lock as `me`.  In the shared mapping the holder is an image,
   and an image that no longer runs gives it up: one that failed, was
   killed or ended in error, or that stopped and whose process is gone (a
   stopped image lives on until the others stop, and another of its
   threads may still be changing its registry).  If it died in the middle of
   a change, the generation is odd: it is made even again, so that readers
   go on telling a registry at rest (even) from one being changed. */
static void lock_registry(struct parcaf_dap_registry *r, uint32_t me, int shared)
{
  for (unsigned long i = 0;; i++) {
    uint32_t free_word = 0;
    if (__atomic_compare_exchange_n(&r->lock, &free_word, me, false, __ATOMIC_ACQUIRE,
                                    __ATOMIC_RELAXED))
      return;
    if (shared && (i & 63) == 63 && free_word >= 1 && free_word <= parcaf_shared->num_images) {
      struct parcaf_image *im = parcaf_image((int)free_word);
      int st = __atomic_load_n(&im->status, __ATOMIC_ACQUIRE);
      bool gone = st == PARADBG_CAF_IMAGE_FAILED || st == PARADBG_CAF_IMAGE_ERROR_STOPPED ||
                  im->signal ||
                  (st != PARADBG_CAF_IMAGE_RUNNING && im->pid > 0 && kill(im->pid, 0) != 0 &&
                   errno == ESRCH);
      if (gone &&
          __atomic_compare_exchange_n(&r->lock, &free_word, me, false, __ATOMIC_ACQUIRE,
                                      __ATOMIC_RELAXED)) {
        if (__atomic_load_n(&r->generation, __ATOMIC_ACQUIRE) & 1)
          __atomic_add_fetch(&r->generation, 1, __ATOMIC_RELEASE);
        return;
      }
    }
    sched_yield();
  }
}

static void unlock_registry(struct parcaf_dap_registry *r)
{
  __atomic_store_n(&r->lock, 0, __ATOMIC_RELEASE);
}

/* A change begins and ends: generation is odd in between. */
static void change_begin(struct parcaf_dap_registry *r)
{
  __atomic_add_fetch(&r->generation, 1, __ATOMIC_RELEASE);
}

static void change_end(struct parcaf_dap_registry *r)
{
  __atomic_add_fetch(&r->generation, 1, __ATOMIC_RELEASE);
}

/* ---- where records live -------------------------------------------------------- */

/* The header of image `global` in this process's view of the mapping, or
   NULL when it has none (or its word points outside its segment). */
static struct parcaf_dap_registry *image_registry(int global)
{
  uint64_t addr = __atomic_load_n(&parcaf_segment(global)->dap, __ATOMIC_ACQUIRE);
  uint64_t base = (uintptr_t)parcaf_local_view, size = parcaf_shared->segment_size;
  if (!addr || addr < base || addr - base > size - sizeof(struct parcaf_dap_registry))
    return NULL;
  return (struct parcaf_dap_registry *)parcaf_remote(global, (void *)(uintptr_t)addr);
}

/* An address image `global` wrote (its local view) in this process, if
   n bytes there lie in its segment. */
static void *image_addr(int global, uint64_t addr, uint64_t n)
{
  uint64_t base = (uintptr_t)parcaf_local_view, size = parcaf_shared->segment_size;
  if (addr < base || addr - base > size || n > size - (addr - base))
    return NULL;
  return parcaf_remote(global, (void *)(uintptr_t)addr);
}

/* This image's header, created at its first registration. */
static struct parcaf_dap_registry *own_registry(bool create)
{
  struct parcaf_segment *seg = (struct parcaf_segment *)parcaf_local_view;
  uint64_t addr = __atomic_load_n(&seg->dap, __ATOMIC_ACQUIRE);
  if (addr || !create)
    return (struct parcaf_dap_registry *)(uintptr_t)addr;
  pthread_mutex_lock(&heap_mutex);
  addr = seg->dap;
  if (!addr) {
    uint64_t off = parcaf_heap_alloc(&seg->asym, parcaf_local_view, sizeof(struct parcaf_dap_registry));
    if (off) {
      struct parcaf_dap_registry *r = (struct parcaf_dap_registry *)(parcaf_local_view + off);
      memset(r, 0, sizeof *r);
      r->magic = PARADBG_DAP_REGISTRY_MAGIC;
      addr = (uintptr_t)r;
      __atomic_store_n(&seg->dap, addr, __ATOMIC_RELEASE);
    }
  }
  pthread_mutex_unlock(&heap_mutex);
  return (struct parcaf_dap_registry *)(uintptr_t)addr;
}

static void *record_alloc(size_t n, bool image)
{
  if (!image)
    return malloc(n);
  struct parcaf_segment *seg = (struct parcaf_segment *)parcaf_local_view;
  pthread_mutex_lock(&heap_mutex);
  uint64_t off = parcaf_heap_alloc(&seg->asym, parcaf_local_view, n);
  pthread_mutex_unlock(&heap_mutex);
  return off ? parcaf_local_view + off : NULL;
}

static void record_free(void *p, bool image)
{
  if (!image) {
    free(p);
    return;
  }
  struct parcaf_segment *seg = (struct parcaf_segment *)parcaf_local_view;
  pthread_mutex_lock(&heap_mutex);
  parcaf_heap_free(&seg->asym, parcaf_local_view, (uint64_t)((char *)p - parcaf_local_view));
  pthread_mutex_unlock(&heap_mutex);
}

/* ---- the cross-check -------------------------------------------------------- */

/* The newest record named `name` in image `global`'s registry r (locked),
   or NULL. */
static const struct parcaf_dap_array *find_named(int global, const struct parcaf_dap_registry *r,
                                                 const char *name)
{
  uint64_t a = r->first;
  for (unsigned i = 0; a && i < MAX_WALK; i++) {
    const struct parcaf_dap_array *rec = image_addr(global, a, sizeof *rec);
    if (!rec || rec->magic != PARADBG_DAP_ARRAY_MAGIC)
      return NULL;
    if (strncmp(rec->name, name, PARADBG_DAP_NAME_MAX) == 0)
      return rec;
    a = rec->next;
  }
  return NULL;
}

/* Another image's dims as the rules take them (its indices read in place). */
static bool dims_of(int global, const struct parcaf_dap_array *rec, struct paradbg_dap_dim *out)
{
  const struct parcaf_dap_dim *d =
      image_addr(global, rec->dims, (uint64_t)rec->ndim * sizeof(struct parcaf_dap_dim));
  if (rec->ndim > 0 && !d)
    return false;
  for (int k = 0; k < rec->ndim; k++) {
    struct paradbg_dap_dim *o = &out[k];
    memset(o, 0, sizeof *o);
    o->dist_type = (char)d[k].dist_type;
    o->periodic = (unsigned char)d[k].periodic;
    o->one_to_one = (unsigned char)d[k].one_to_one;
    o->size = d[k].size;
    o->proc_grid_size = d[k].proc_grid_size;
    o->proc_grid_rank = d[k].proc_grid_rank;
    o->start = d[k].start;
    o->stop = d[k].stop;
    o->padding[0] = d[k].padding[0];
    o->padding[1] = d[k].padding[1];
    o->block_size = d[k].block_size;
    o->extent = d[k].extent;
    o->indices = NULL;
    if (d[k].indices) {
      if (d[k].extent < 0 || (uint64_t)d[k].extent > parcaf_shared->segment_size / 8)
        return false;
      o->indices = image_addr(global, d[k].indices, (uint64_t)d[k].extent * 8);
      if (!o->indices)
        return false;
    }
  }
  return true;
}

/* Checks a's record (this image's, as rank/nprocs) against the newest
   record of its name in every other image's registry; every registry in
   `locked` is held.  0, or -1 and why. */
static int cross_check(const struct paradbg_dap_array *a, const char *typestr, int rank,
                       int nprocs, const unsigned char *locked, char *why, size_t whysize)
{
  int n_images = (int)parcaf_shared->num_images, n = 1, ndim = a->ndim, rc = -1;
  const struct paradbg_dap_dim **dims = malloc((size_t)n_images * sizeof *dims);
  int *ranks = malloc((size_t)n_images * sizeof *ranks);
  int *images = malloc((size_t)n_images * sizeof *images);
  struct paradbg_dap_dim *copies = malloc((size_t)n_images * (size_t)(ndim ? ndim : 1) * sizeof *copies);
  if (!dims || !ranks || !images || !copies) {
    snprintf(why, whysize, "out of memory for the check against the other images");
    goto out;
  }
  dims[0] = a->dim;
  ranks[0] = rank;
  images[0] = parcaf_this_image;
  for (int j = 1; j <= n_images; j++) {
    if (j == parcaf_this_image || !locked[j])
      continue;
    struct parcaf_dap_registry *r = image_registry(j);
    const struct parcaf_dap_array *rec = r ? find_named(j, r, a->name) : NULL;
    if (!rec)
      continue;
    if (rec->ndim != ndim) {
      snprintf(why, whysize, "%d dimensions, but image %d registered it with %d", ndim, j, rec->ndim);
      goto out;
    }
    if (rec->nprocs != nprocs) {
      snprintf(why, whysize, "over %d processes, but image %d registered it over %d", nprocs, j,
               rec->nprocs);
      goto out;
    }
    if (strncmp(rec->typestr, typestr, PARADBG_DAP_TYPESTR_MAX) != 0) {
      char t[PARADBG_DAP_TYPESTR_MAX];
      printable_name(rec->typestr, t, sizeof t);
      snprintf(why, whysize, "typestr '%s', but image %d registered it as '%s'", typestr, j, t);
      goto out;
    }
    for (int k = 0; k < n; k++)
      if (ranks[k] == rec->rank) {
        snprintf(why, whysize, "rank %d, which image %d registered already", rank == rec->rank ? rank : ranks[k],
                 j);
        if (k != 0)
          snprintf(why, whysize, "images %d and %d registered it as rank %d", images[k], j, ranks[k]);
        goto out;
      }
    struct paradbg_dap_dim *c = copies + (size_t)n * (size_t)(ndim ? ndim : 1);
    if (!dims_of(j, rec, c)) {
      snprintf(why, whysize, "image %d's record of it cannot be read", j);
      goto out;
    }
    dims[n] = c;
    ranks[n] = rec->rank;
    images[n] = j;
    n++;
  }
  rc = paradbg_dap_check_set(dims, ranks, n, ndim, nprocs, n == nprocs, why, whysize);
out:
  free(dims);
  free(ranks);
  free(images);
  free(copies);
  return rc;
}

/* Takes, in image order, the lock of every image that has a registry
   (this one's included); marks them in locked.  A registry that appears
   meanwhile is one more to take: start again. */
static void lock_images(unsigned char *locked)
{
  int n_images = (int)parcaf_shared->num_images;
  uint32_t me = my_holder();
  for (;;) {
    memset(locked, 0, (size_t)n_images + 1);
    for (int j = 1; j <= n_images; j++) {
      struct parcaf_dap_registry *r = image_registry(j);
      if (r) {
        lock_registry(r, me, 1);
        locked[j] = 1;
      }
    }
    bool again = false;
    for (int j = 1; j <= n_images && !again; j++)
      if (!locked[j] && image_registry(j))
        again = true;
    if (!again)
      return;
    for (int j = n_images; j >= 1; j--)
      if (locked[j])
        unlock_registry(image_registry(j));
  }
}

static void unlock_images(const unsigned char *locked)
{
  for (int j = (int)parcaf_shared->num_images; j >= 1; j--)
    if (locked[j])
      unlock_registry(image_registry(j));
}

/* ---- the entry points -------------------------------------------------------- */

/* The checks every registration makes before it looks at other processes:
   0, or the refusal's code with why. */
static int check_alone(const struct paradbg_dap_array *a, int *rank, int *nprocs, size_t *bytes,
                       char *why, size_t whysize)
{
  bool image = parcaf_this_image > 0;
  if (!a->name || !a->name[0]) {
    snprintf(why, whysize, "no name");
    return PARADBG_DAP_EINVAL;
  }
  if (strnlen(a->name, PARADBG_DAP_NAME_MAX) >= PARADBG_DAP_NAME_MAX) {
    snprintf(why, whysize, "the name is longer than %d bytes", PARADBG_DAP_NAME_MAX - 1);
    return PARADBG_DAP_EINVAL;
  }
  if (!a->typestr || strnlen(a->typestr, PARADBG_DAP_TYPESTR_MAX) >= PARADBG_DAP_TYPESTR_MAX ||
      paradbg_dap_typestr_size(a->typestr) < 0) {
    char t[PARADBG_DAP_TYPESTR_MAX];
    printable_name(a->typestr, t, sizeof t);
    snprintf(why, whysize, "typestr '%s%s' is not a NumPy typestr such as '<f8' or '<i4'", t,
             a->typestr && strnlen(a->typestr, PARADBG_DAP_TYPESTR_MAX) >= PARADBG_DAP_TYPESTR_MAX ? "..." : "");
    return PARADBG_DAP_EINVAL;
  }
  if (a->ndim < 0 || a->ndim > PARADBG_DAP_MAX_DIMS) {
    snprintf(why, whysize, "ndim %d: from 0 to %d dimensions", a->ndim, PARADBG_DAP_MAX_DIMS);
    return PARADBG_DAP_EINVAL;
  }
  if (a->ndim > 0 && !a->dim) {
    snprintf(why, whysize, "%d dimensions but no dimension records", a->ndim);
    return PARADBG_DAP_EINVAL;
  }
  *rank = a->rank;
  *nprocs = a->nprocs;
  if (image && *rank == -1)
    *rank = parcaf_this_image - 1;
  if (image && *nprocs == -1)
    *nprocs = (int)parcaf_shared->num_images;
  if (*rank == -1 || *nprocs == -1) {
    snprintf(why, whysize, "rank and nprocs -1 mean this image, but this process is not a coarray image");
    return PARADBG_DAP_EINVAL;
  }
  if (*nprocs < 1 || *rank < 0 || *rank >= *nprocs) {
    snprintf(why, whysize, "rank %d of %d processes", *rank, *nprocs);
    return PARADBG_DAP_EINVAL;
  }
  size_t n = sizeof(struct parcaf_dap_array) + (size_t)a->ndim * sizeof(struct parcaf_dap_dim);
  uint64_t elements = 1;
  for (int k = 0; k < a->ndim; k++) {
    const struct paradbg_dap_dim *d = &a->dim[k];
    if (d->extent < 0) {
      snprintf(why, whysize, "dimension %d: extent %lld", k, (long long)d->extent);
      return PARADBG_DAP_EINVAL;
    }
    if (d->dist_type == 'u' && d->extent > 0 && !d->indices) {
      snprintf(why, whysize, "dimension %d: 'u' with %lld elements but no indices", k,
               (long long)d->extent);
      return PARADBG_DAP_EINVAL;
    }
    if (__builtin_mul_overflow(elements, (uint64_t)d->extent, &elements) ||
        (d->dist_type == 'u' &&
         ((uint64_t)d->extent > SIZE_MAX / 16 || __builtin_add_overflow(n, (size_t)d->extent * 8, &n)))) {
      snprintf(why, whysize, "dimension %d: extent %lld is too large", k, (long long)d->extent);
      return PARADBG_DAP_EINVAL;
    }
  }
  if (elements > 0 && !a->buffer) {
    snprintf(why, whysize, "no buffer for its %llu local elements", (unsigned long long)elements);
    return PARADBG_DAP_EINVAL;
  }
  if (paradbg_dap_check_one(a->dim, a->ndim, *rank, *nprocs, why, whysize) != 0)
    return PARADBG_DAP_EINVAL;
  *bytes = n;
  return 0;
}

/* The record of a, rank, nprocs in mem (bytes from check_alone); its id
   comes when it is linked. */
static struct parcaf_dap_array *fill_record(void *mem, const struct paradbg_dap_array *a, int rank,
                                            int nprocs)
{
  struct parcaf_dap_array *rec = mem;
  struct parcaf_dap_dim *dims = (struct parcaf_dap_dim *)(rec + 1);
  int64_t *idx = (int64_t *)(dims + a->ndim);
  memset(rec, 0, sizeof *rec);
  rec->magic = PARADBG_DAP_ARRAY_MAGIC;
  strncpy(rec->name, a->name, sizeof rec->name - 1);
  strncpy(rec->typestr, a->typestr, sizeof rec->typestr - 1);
  rec->ndim = a->ndim;
  rec->rank = rank;
  rec->nprocs = nprocs;
  rec->image = parcaf_this_image > 0 ? parcaf_this_image : 0;
  rec->buffer = (uintptr_t)a->buffer;
  rec->dims = a->ndim ? (uintptr_t)dims : 0;
  for (int k = 0; k < a->ndim; k++) {
    const struct paradbg_dap_dim *d = &a->dim[k];
    struct parcaf_dap_dim *o = &dims[k];
    memset(o, 0, sizeof *o);
    o->dist_type = (unsigned char)d->dist_type;
    o->periodic = d->periodic != 0;
    o->one_to_one = d->one_to_one != 0;
    o->size = d->size;
    o->proc_grid_size = d->proc_grid_size;
    o->proc_grid_rank = d->proc_grid_rank;
    o->start = d->start;
    o->stop = d->stop;
    o->padding[0] = d->padding[0];
    o->padding[1] = d->padding[1];
    o->block_size = d->block_size;
    o->extent = d->extent;
    if (d->dist_type == 'u' && d->extent > 0) {
      memcpy(idx, d->indices, (size_t)d->extent * sizeof *idx);
      o->indices = (uintptr_t)idx;
      idx += d->extent;
    }
  }
  return rec;
}

/* Links rec into r (locked), with the next id: the id, or 0 when there
   are no more. */
static int link_record(struct parcaf_dap_registry *r, struct parcaf_dap_array *rec)
{
  int id = __atomic_add_fetch(&next_id, 1, __ATOMIC_RELAXED);
  if (id <= 0) {
    __atomic_store_n(&next_id, -1, __ATOMIC_RELAXED);
    return 0;
  }
  rec->id = id;
  change_begin(r);
  rec->next = r->first;
  __atomic_store_n(&r->first, (uint64_t)(uintptr_t)rec, __ATOMIC_RELEASE);
  r->count++;
  change_end(r);
  return id;
}

PARCAF_EXPORT int paradbg_dap_register(const struct paradbg_dap_array *a, int *stat, char *errmsg,
                                       size_t errmsg_len)
{
  char why[384], what[PARADBG_DAP_NAME_MAX + 8], shown[PARADBG_DAP_NAME_MAX + 1];
  int rank = 0, nprocs = 0, code;
  size_t bytes = 0;
  if (!a) {
    snprintf(what, sizeof what, "(null)");
    return refuse(stat, errmsg, errmsg_len, PARADBG_DAP_EINVAL, what, "no array record");
  }
  printable_name(a->name, shown, sizeof shown);
  snprintf(what, sizeof what, "'%s'", shown);
  if ((code = check_alone(a, &rank, &nprocs, &bytes, why, sizeof why)) != 0)
    return refuse(stat, errmsg, errmsg_len, code, what, why);

  if (parcaf_this_image <= 0) {
    /* Only the rules that need no other process, or all of them for an
       array of one process. */
    if (nprocs == 1) {
      const struct paradbg_dap_dim *dims[1] = {a->dim};
      int ranks[1] = {rank};
      if (paradbg_dap_check_set(dims, ranks, 1, a->ndim, 1, 1, why, sizeof why) != 0)
        return refuse(stat, errmsg, errmsg_len, PARADBG_DAP_EINVAL, what, why);
    }
    void *mem = record_alloc(bytes, false);
    if (!mem)
      return refuse(stat, errmsg, errmsg_len, PARADBG_DAP_ENOMEM, what, "out of memory");
    struct parcaf_dap_array *rec = fill_record(mem, a, rank, nprocs);
    struct parcaf_dap_registry *r = &paradbg_dap_registry;
    lock_registry(r, my_holder(), 0);
    int id = link_record(r, rec);
    unlock_registry(r);
    if (!id) {
      free(mem);
      return refuse(stat, errmsg, errmsg_len, PARADBG_DAP_ENOMEM, what, "no ids left");
    }
    if (stat)
      *stat = 0;
    return id;
  }

  struct parcaf_dap_registry *own = own_registry(true);
  void *mem = own ? record_alloc(bytes, true) : NULL;
  if (!mem) {
    snprintf(why, sizeof why, "%zu bytes do not fit in the coarray heap of image %d; raise GFORTRAN_SHARED_MEMORY_SIZE",
             bytes, parcaf_this_image);
    return refuse(stat, errmsg, errmsg_len, PARADBG_DAP_ENOMEM, what, why);
  }
  struct parcaf_dap_array *rec = fill_record(mem, a, rank, nprocs);
  unsigned char locked[PARCAF_MAX_IMAGES + 1];
  lock_images(locked);
  if (cross_check(a, rec->typestr, rank, nprocs, locked, why, sizeof why) != 0) {
    unlock_images(locked);
    record_free(mem, true);
    return refuse(stat, errmsg, errmsg_len, PARADBG_DAP_EINVAL, what, why);
  }
  int id = link_record(own, rec);
  unlock_images(locked);
  if (!id) {
    record_free(mem, true);
    return refuse(stat, errmsg, errmsg_len, PARADBG_DAP_ENOMEM, what, "no ids left");
  }
  if (stat)
    *stat = 0;
  return id;
}

/* Unlinks record `id` from r (locked): the record, or NULL. */
static struct parcaf_dap_array *unlink_id(struct parcaf_dap_registry *r, int id)
{
  uint64_t *link = &r->first;
  for (unsigned i = 0; *link && i < MAX_WALK; i++) {
    struct parcaf_dap_array *rec = (struct parcaf_dap_array *)(uintptr_t)*link;
    if (rec->id == id) {
      change_begin(r);
      __atomic_store_n(link, rec->next, __ATOMIC_RELEASE);
      r->count--;
      change_end(r);
      return rec;
    }
    link = &rec->next;
  }
  return NULL;
}

PARCAF_EXPORT int paradbg_dap_drop(int id, int *stat)
{
  char what[32];
  snprintf(what, sizeof what, "id %d", id);
  /* This image's registry, then the process's (what it registered before
     caf_init). */
  if (id > 0 && parcaf_this_image > 0) {
    struct parcaf_dap_registry *r = own_registry(false);
    if (r) {
      lock_registry(r, my_holder(), 1);
      struct parcaf_dap_array *rec = unlink_id(r, id);
      unlock_registry(r);
      if (rec) {
        record_free(rec, true);
        if (stat)
          *stat = 0;
        return 0;
      }
    }
  }
  if (id > 0) {
    struct parcaf_dap_registry *r = &paradbg_dap_registry;
    lock_registry(r, my_holder(), 0);
    struct parcaf_dap_array *rec = unlink_id(r, id);
    unlock_registry(r);
    if (rec) {
      record_free(rec, false);
      if (stat)
        *stat = 0;
      return 0;
    }
  }
  refuse(stat, NULL, 0, PARADBG_DAP_EINVAL, what, "not a registered distributed array");
  return PARADBG_DAP_EINVAL;
}
