/* libcafdbg.so against coarray programs that this test lays out itself.
   The test is its own "runtime": structures of its own, with the fields of
   paradbg/caf-layout.h in another order and with other padding than
   libparcaf's, an exported table built from the same lists (so the plugin
   can only be right by reading the table), and a shared mapping placed at
   a made-up address that the test's read_memory callback serves.  Known
   states (a hang in SYNC ALL behind a lock and an event, teams and SYNC
   IMAGES, normal and error termination, coarrays of every kind) must be
   described exactly; then garbage (spoiled tables, every field set to
   hostile values, random bytes, cyclic registries, offsets out of range,
   failing reads and allocations) must give return codes, never a crash, a
   hang or a leaked allocation.  The same for an atomic lock table of the
   test's own (libparatomic's lists, other structures), with a coarray
   program beside it or alone; and for registries of distributed arrays
   (paradbg/dap-layout.h), in a plain process and in every image of a
   coarray program. */
#define _GNU_SOURCE
#include <check.h>
#include <dlfcn.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cafdbg.h>

#include "paradbg/atomic-layout.h"
#include "paradbg/caf-layout.h"
#include "paradbg/dap-layout.h"

/* ---- the test's runtime: its structures and its table ------------------ */

struct t_shared {
  uint64_t map_size;
  uint32_t version;
  uint32_t magic;
  uint64_t spare[3];
  uint32_t max_teams;
  uint32_t num_images;
  uint64_t teams_off, sync_off, images_off, segments_off;
  uint64_t team_stride, segment_size;
  int64_t supervisor_pid;
  int32_t error_image, error_code;
  uint32_t failures;
};

struct t_image {
  int32_t status;
  int32_t spare0;
  int32_t pid;
  int32_t wait_image;
  int32_t wait_kind;
  int32_t team_index;
  int32_t team;
  int32_t stop_code;
  uint64_t wait_offset;
  int32_t signal;
  int32_t wait_operation;
  int32_t wait_count;
  unsigned char private_part[196];   /* what a debugger never reads */
};

struct t_team {
  uint64_t epochs_off;
  int32_t size;
  int32_t number;
  uint64_t members_off;
  int32_t parent;
  int32_t refs;
};

struct t_heap {
  uint64_t first, used, start, end;
};

struct t_block {
  uint64_t next;
  uint32_t free;
  uint32_t spare;
  uint64_t size;
};

struct t_segment {
  uint64_t ntokens;
  uint64_t dap;
  struct t_heap asym;
  int32_t image;
  uint32_t magic;
  struct t_heap sym;
  uint64_t registry;
};

struct t_token {
  uint64_t next;
  uint64_t serial;
  int32_t type;
  uint32_t magic;
  int64_t ubound[15];
  uint64_t data;
  int32_t rank;
  int32_t regtype;
  int64_t lbound[15];
  uint64_t elem_len, nelem, nbytes;
  uint64_t desc, token_var;
};

struct t_lock {
  uint32_t waiters;
  int32_t owner;
};

struct t_event {
  uint32_t waiters;
  int32_t count;
};

#define PARADBG_LAYOUT_STRUCT(s) struct t_##s
PARADBG_LAYOUT_DEFINE(PARADBG_CAF, paradbg_caf_layout, static);
#undef PARADBG_LAYOUT_STRUCT

/* The test's libparatomic: a lock and a wait slot with the fields of
   paradbg/atomic-layout.h in another order and other sizes than the
   runtime's, and its table from the same lists. */
struct ta_lock {
  uint64_t size;
  uint32_t spare0;
  int32_t owner;
  uint64_t addr;
  unsigned char spare1[12];
  uint32_t waiters;
  uint32_t seq;
  uint32_t state;
};

struct ta_wait {
  uint64_t addr;
  uint32_t lock;
  uint32_t spare;
  uint64_t size;
  int32_t lwp;
  uint32_t spare2[3];
};

#define PARADBG_LAYOUT_STRUCT(s) struct ta_##s
PARADBG_LAYOUT_DEFINE(PARADBG_ATOMIC, paradbg_atomic_layout, static);
#undef PARADBG_LAYOUT_STRUCT

/* The test's registry of distributed arrays: the fields of
   paradbg/dap-layout.h in another order and with other padding than
   libparcaf's, and its table from the same lists. */
struct td_registry {
  uint64_t first;
  uint32_t lock;
  uint32_t spare;
  uint32_t generation;
  uint32_t count;
  uint64_t spare2;
  uint32_t magic;
  uint32_t spare3;
};

struct td_array {
  char typestr[16];
  uint64_t dims;
  int32_t ndim;
  int32_t image;
  uint64_t buffer;
  char name[64];
  int32_t nprocs;
  int32_t rank;
  uint64_t next;
  uint64_t spare[3];
  int32_t id;
  uint32_t magic;
};

struct td_dim {
  int64_t extent;
  uint64_t indices;
  int64_t padding[2];
  uint32_t one_to_one;
  uint32_t dist_type;
  int64_t block_size;
  int64_t stop, start;
  int64_t proc_grid_rank, proc_grid_size, size;
  uint32_t periodic;
  uint32_t spare;
};

#define PARADBG_LAYOUT_STRUCT(s) struct td_##s
PARADBG_LAYOUT_DEFINE(PARADBG_DAP, paradbg_dap_layout, static);
#undef PARADBG_LAYOUT_STRUCT

/* ---- the plugin ----------------------------------------------------------- */

#define CAFDBG_FUNCS(X)                                                                   \
  X(initialize) X(get_api_version) X(get_version_string) X(finalize)                      \
  X(process_initialize) X(rel_program_handle) X(get_program_info) X(get_image)             \
  X(rel_image_handle) X(get_image_info) X(get_image_wait) X(rel_wait) X(get_wait_images)   \
  X(get_image_team) X(get_team) X(get_team_parent) X(rel_team_handle) X(get_team_info)     \
  X(get_team_member) X(get_next_coarray) X(rel_coarray_handle) X(get_coarray_info)         \
  X(get_coarray_address) X(get_sync_state)                                                \
  X(atomic_initialize) X(rel_atomic_handle) X(get_atomic_info) X(get_atomic_lock)          \
  X(get_atomic_waiter) X(get_atomic_locks_of)                                             \
  X(dap_initialize) X(rel_dap_handle) X(get_dap_count) X(get_dap_array) X(get_dap_dim)     \
  X(get_dap_indices)

static struct {
#define CAF_MEMBER(n) __typeof__(cafdbg_##n) *n;
  CAFDBG_FUNCS(CAF_MEMBER)
#undef CAF_MEMBER
} caf;

/* ---- the made-up target ------------------------------------------------- */

#define MAXT 8                       /* team slots */
#define SEG (64u << 10)              /* segment bytes */
#define MAP_BASE 0x7f3300000000ull
#define VIEW_BASE 0x7f4400000000ull
#define TABLE_AT 0x500000ull
#define SYMS_AT 0x600000ull

struct syms {
  uint64_t shared;
  uint64_t view;
  int32_t this_image;
  char plugin[20];
};

enum { S_TABLE, S_SHARED, S_VIEW, S_THIS, S_PLUGIN, S_N };
static const char *const sym_names[S_N] = {
  "paradbg_caf_layout", "parcaf_shared", "parcaf_local_view", "parcaf_this_image",
  "caf_debugger_plugin"
};

static struct world {
  int n;
  unsigned char *map;
  uint64_t map_size, map_region;     /* map_region: what read_memory serves of it */
  struct paradbg_caf_layout table;
  uint64_t table_region;
  struct syms syms;
  int hide[S_N];
  uint64_t images_off, sync_off, teams_off, team_stride, segments_off;
  /* the host's accounting */
  unsigned long reads, allocs_live, allocs;
  long fail_reads_after, fail_allocs_after;   /* -1: never */
} W;

/* The atomic lock table of the same address space (build_atomic): its own
   symbols and memory, served beside the coarray runtime's or alone. */
#define ATABLE_AT 0x700000ull
#define ASYMS_AT 0x710000ull
#define ALOCKS_AT 0x720000ull
#define AWAITS_AT 0x740000ull
#define A_MAXLOCKS 64
#define A_MAXWAITS 32

struct asyms {
  uint32_t nlocks;
  uint32_t granule;
  uint32_t nwaits;
  char plugin[16];
};

enum { AS_TABLE, AS_LOCKS, AS_NLOCKS, AS_GRANULE, AS_WAITS, AS_NWAITS, AS_PLUGIN, AS_N };
static const char *const asym_names[AS_N] = {
  "paradbg_atomic_layout", "paratomic_locks", "paratomic_nlocks", "paratomic_granule",
  "paratomic_waits", "paratomic_nwaits", "atomic_debugger_plugin"
};

static struct aworld {
  int present;                       /* 0: no atomic symbols at all */
  int hide[AS_N];
  struct paradbg_atomic_layout table;
  uint64_t table_region, locks_region, waits_region;
  struct asyms syms;
  struct ta_lock locks[A_MAXLOCKS];
  struct ta_wait waits[A_MAXWAITS];
  unsigned long lock_reads, wait_reads;
} AW;

/* The registry of distributed arrays of the same address space
   (dap_reset): its table and, for a process that is not a coarray image,
   the exported registry and the process's memory ("heap") where the
   records, dimensions, indices and buffers lie.  In a coarray program an
   image's records lie in its segment (dalloc), at addresses of its local
   view, which read_memory does not serve: the library must translate. */
#define DTABLE_AT 0x800000ull
#define DREG_AT 0x810000ull
#define DHEAP_AT 0x1000000ull
#define DHEAP_SIZE (8u << 20)
#define DSEG_AREA 20480u             /* where the test lays out an image's records */
#define D_MAXIMAGES 8

enum { DS_TABLE, DS_REGISTRY, DS_N };

static struct dworld {
  int present;                       /* 0: no DAP symbols at all */
  int hide[DS_N];
  struct paradbg_dap_layout table;
  uint64_t table_region;
  struct td_registry reg;            /* paradbg_dap_registry */
  uint64_t reg_region;
  unsigned char *heap;
  uint64_t heap_used, heap_region;
  uint64_t seg_used[D_MAXIMAGES + 1];
  struct td_registry *regs[D_MAXIMAGES + 1];   /* image g's; [0] the process's */
  uint64_t reg_at[D_MAXIMAGES + 1];
  /* a registry that changes while the library reads it: each read that
     covers watch_at calls change (while changes > 0) */
  uint64_t watch_at;
  int changes;
  void (*change)(void);
  unsigned long watched_reads;
} DW;

/* The largest allocation the library asked for. */
static uint64_t largest_alloc;

static int context_token;
#define CTX ((ompd_address_space_context_t *)&context_token)

static ompd_rc_t cb_alloc(ompd_size_t n, void **p)
{
  *p = NULL;
  if (W.fail_allocs_after >= 0 && (long)W.allocs >= W.fail_allocs_after)
    return ompd_rc_nomem;
  W.allocs++;
  if (n > largest_alloc)
    largest_alloc = n;
  *p = malloc(n);
  if (*p == NULL)
    return ompd_rc_nomem;
  W.allocs_live++;
  return ompd_rc_ok;
}

static ompd_rc_t cb_free(void *p)
{
  if (p != NULL)
    W.allocs_live--;
  free(p);
  return ompd_rc_ok;
}

static ompd_rc_t cb_sizeof(ompd_address_space_context_t *c, ompd_device_type_sizes_t *s)
{
  ck_assert_ptr_eq(c, CTX);
  s->sizeof_char = 1;
  s->sizeof_short = sizeof(short);
  s->sizeof_int = sizeof(int);
  s->sizeof_long = sizeof(long);
  s->sizeof_long_long = sizeof(long long);
  s->sizeof_pointer = sizeof(void *);
  return ompd_rc_ok;
}

static ompd_rc_t cb_symbol(ompd_address_space_context_t *c, ompd_thread_context_t *t,
                           const char *name, ompd_address_t *addr, const char *file)
{
  static const uint64_t at[S_N] = { TABLE_AT, SYMS_AT + offsetof(struct syms, shared),
                                    SYMS_AT + offsetof(struct syms, view),
                                    SYMS_AT + offsetof(struct syms, this_image),
                                    SYMS_AT + offsetof(struct syms, plugin) };
  (void)t, (void)file;
  ck_assert_ptr_eq(c, CTX);
  for (int i = 0; i < S_N; i++)
    if (strcmp(name, sym_names[i]) == 0 && !W.hide[i]) {
      addr->segment = OMPD_SEGMENT_UNSPECIFIED;
      addr->address = at[i];
      return ompd_rc_ok;
    }
  static const uint64_t aat[AS_N] = { ATABLE_AT, ALOCKS_AT, ASYMS_AT + offsetof(struct asyms, nlocks),
                                      ASYMS_AT + offsetof(struct asyms, granule), AWAITS_AT,
                                      ASYMS_AT + offsetof(struct asyms, nwaits),
                                      ASYMS_AT + offsetof(struct asyms, plugin) };
  for (int i = 0; i < AS_N && AW.present; i++)
    if (strcmp(name, asym_names[i]) == 0 && !AW.hide[i]) {
      addr->segment = OMPD_SEGMENT_UNSPECIFIED;
      addr->address = aat[i];
      return ompd_rc_ok;
    }
  static const char *const dsym_names[DS_N] = { "paradbg_dap_layout", "paradbg_dap_registry" };
  static const uint64_t dat[DS_N] = { DTABLE_AT, DREG_AT };
  for (int i = 0; i < DS_N && DW.present; i++)
    if (strcmp(name, dsym_names[i]) == 0 && !DW.hide[i]) {
      addr->segment = OMPD_SEGMENT_UNSPECIFIED;
      addr->address = dat[i];
      return ompd_rc_ok;
    }
  return ompd_rc_error;
}

/* Only what the test laid out is readable; anything else fails, as memory
   missing from a core does. */
static ompd_rc_t cb_read(ompd_address_space_context_t *c, ompd_thread_context_t *t,
                         const ompd_address_t *addr, ompd_size_t n, void *buf)
{
  struct {
    uint64_t at, size;
    const void *host;
    unsigned long *count;
  } regions[10] = {
    { TABLE_AT, W.table_region, &W.table, NULL },
    { SYMS_AT, sizeof W.syms, &W.syms, NULL },
    { MAP_BASE, W.map_region, W.map, NULL },
    { ATABLE_AT, AW.table_region, &AW.table, NULL },
    { ASYMS_AT, sizeof AW.syms, &AW.syms, NULL },
    { ALOCKS_AT, AW.locks_region, AW.locks, &AW.lock_reads },
    { AWAITS_AT, AW.waits_region, AW.waits, &AW.wait_reads },
    { DTABLE_AT, DW.table_region, &DW.table, NULL },
    { DREG_AT, DW.reg_region, &DW.reg, NULL },
    { DHEAP_AT, DW.heap_region, DW.heap, NULL },
  };
  (void)t;
  ck_assert_ptr_eq(c, CTX);
  ck_assert_msg(n <= (64u << 20), "a read of %llu bytes", (unsigned long long)n);
  W.reads++;
  if (W.fail_reads_after >= 0 && (long)W.reads > W.fail_reads_after)
    return ompd_rc_error;
  for (int i = 0; i < 10; i++) {
    uint64_t a = addr->address;
    if (regions[i].host != NULL && a >= regions[i].at && a - regions[i].at <= regions[i].size &&
        n <= regions[i].size - (a - regions[i].at)) {
      memcpy(buf, (const unsigned char *)regions[i].host + (a - regions[i].at), n);
      if (regions[i].count != NULL)
        ++*regions[i].count;
      if (DW.watch_at != 0 && a <= DW.watch_at && DW.watch_at - a < n) {
        DW.watched_reads++;
        if (DW.changes > 0) {
          DW.changes--;
          DW.change();
        }
      }
      return ompd_rc_ok;
    }
  }
  return ompd_rc_error;
}

static const ompd_callbacks_t callbacks = {
  .alloc_memory = cb_alloc,
  .free_memory = cb_free,
  .sizeof_type = cb_sizeof,
  .symbol_addr_lookup = cb_symbol,
  .read_memory = cb_read,
};

static uint64_t align(uint64_t v, uint64_t a)
{
  return (v + a - 1) / a * a;
}

static struct t_shared *sh(void) { return (struct t_shared *)W.map; }
static struct t_image *img(int g) { return (struct t_image *)(W.map + W.images_off) + (g - 1); }
static struct t_team *team(int s) { return (struct t_team *)(W.map + W.teams_off + (uint64_t)s * W.team_stride); }
static uint32_t *members(int s) { return (uint32_t *)(W.map + team(s)->members_off); }
static uint32_t *epochs(int s) { return (uint32_t *)(W.map + team(s)->epochs_off); }
static uint32_t *sync_cell(int a, int b) { return (uint32_t *)(W.map + W.sync_off) + (uint64_t)(a - 1) * W.n + (b - 1); }
static uint64_t seg_off(int g) { return W.segments_off + (uint64_t)(g - 1) * SEG; }
static unsigned char *segb(int g) { return W.map + seg_off(g); }
static struct t_segment *seg(int g) { return (struct t_segment *)segb(g); }
static uint64_t seg_addr(int g, uint64_t off) { return MAP_BASE + seg_off(g) + off; }
static struct t_token *tok(int g, uint64_t rec) { return (struct t_token *)(segb(g) + rec); }
static struct t_lock *lock_at(int g, uint64_t off) { return (struct t_lock *)(segb(g) + off); }
static struct t_event *event_at(int g, uint64_t off) { return (struct t_event *)(segb(g) + off); }

/* A fresh program of n running images, all in the initial team. */
static void build_world(int n)
{
  free(W.map);
  memset(&W, 0, sizeof W);
  W.fail_reads_after = W.fail_allocs_after = -1;
  W.n = n;
  uint64_t off = 256;
  W.images_off = off;
  off = align(off + (uint64_t)n * sizeof(struct t_image), 64);
  W.sync_off = off;
  off = align(off + (uint64_t)n * n * 4, 64);
  W.teams_off = off;
  W.team_stride = align(sizeof(struct t_team) + 8u * (uint64_t)n, 64);
  off += MAXT * W.team_stride;
  W.segments_off = align(off, 4096);
  W.map_size = W.map_region = W.segments_off + (uint64_t)n * SEG;
  W.map = calloc(1, W.map_size);
  ck_assert_ptr_nonnull(W.map);
  struct t_shared *s = sh();
  s->magic = PARADBG_CAF_SHARED_MAGIC;
  s->version = PARADBG_CAF_LAYOUT_VERSION;
  s->num_images = (uint32_t)n;
  s->max_teams = MAXT;
  s->map_size = W.map_size;
  s->segment_size = SEG;
  s->segments_off = W.segments_off;
  s->images_off = W.images_off;
  s->sync_off = W.sync_off;
  s->teams_off = W.teams_off;
  s->team_stride = W.team_stride;
  s->supervisor_pid = 999;
  for (int t = 0; t < MAXT; t++) {
    struct t_team *tm = team(t);
    tm->members_off = W.teams_off + (uint64_t)t * W.team_stride + sizeof *tm;
    tm->epochs_off = tm->members_off + 4u * (uint64_t)n;
  }
  team(0)->refs = n;
  team(0)->number = -1;
  team(0)->parent = -1;
  team(0)->size = n;
  for (int g = 1; g <= n; g++) {
    members(0)[g - 1] = (uint32_t)g;
    img(g)->pid = 1000 + g;
    img(g)->status = PARADBG_CAF_IMAGE_RUNNING;
    img(g)->team = 0;
    img(g)->team_index = g;
    seg(g)->magic = PARADBG_CAF_SEGMENT_MAGIC;
    seg(g)->image = g;
  }
  W.table = paradbg_caf_layout;
  W.table_region = sizeof W.table;
  W.syms.shared = MAP_BASE;
  W.syms.view = VIEW_BASE;
  W.syms.this_image = 1;
  strcpy(W.syms.plugin, "libcafdbg.so");
}

/* A token record at segment offset rec of image g, its data right after
   it, linked at the head of g's registry (newest first). */
static struct t_token *add_token(int g, uint64_t rec, int regtype, int type, uint64_t elem_len,
                                 uint64_t nbytes, uint64_t nelem, uint64_t serial)
{
  struct t_token *t = tok(g, rec);
  memset(t, 0, sizeof *t);
  t->magic = PARADBG_CAF_TOKEN_MAGIC;
  t->regtype = regtype;
  t->type = type;
  t->elem_len = elem_len;
  t->nbytes = nbytes;
  t->nelem = nelem;
  t->serial = serial;
  t->data = rec + 512;
  t->next = seg(g)->registry;
  seg(g)->registry = rec;
  seg(g)->ntokens++;
  return t;
}

/* The coarrays of the hang: on every image, oldest first,
     a: real(8), SAVE, 10 elements (gfortran tells no shape: rank 0)
     b: integer, allocatable (1:3, 0:1)
     L: lock_type, 4 elements; E: event_type; C: a critical construct's lock
   and on images 1 and 2 only (a team's), T: integer; on image 1 only, an
   allocatable component K: real(8) (1:2) in the image's own heap. */
enum { REC_A = 1024, REC_B = 2048, REC_L = 3072, REC_E = 4096, REC_C = 5120, REC_T = 6144,
       REC_K = 7168 };
#define DATA(rec) ((uint64_t)(rec) + 512)

static void add_coarrays(void)
{
  for (int g = 1; g <= W.n; g++) {
    add_token(g, REC_A, 0, cafdbg_type_real, 8, 80, 0, 1);
    struct t_token *b = add_token(g, REC_B, 1, cafdbg_type_integer, 4, 24, 0, 2);
    b->rank = 2;
    b->lbound[0] = 1, b->ubound[0] = 3, b->lbound[1] = 0, b->ubound[1] = 1;
    b->desc = 0x7000 + (uint64_t)g;
    b->token_var = 0x6000;
    add_token(g, REC_L, 2, 0, 0, 32, 4, 3);
    add_token(g, REC_E, 5, 0, 0, 8, 1, 4);
    add_token(g, REC_C, 4, 0, 0, 8, 1, 5);
    if (g <= 2)
      add_token(g, REC_T, 0, cafdbg_type_integer, 4, 4, 0, 6);
  }
  struct t_token *k = add_token(1, REC_K, 7, cafdbg_type_real, 8, 16, 0, 7);
  k->rank = 1;
  k->lbound[0] = 1, k->ubound[0] = 2;
  k->data = 40000;   /* the image's own heap */
}

/* Four images: 1 and 3 in SYNC ALL; 2 waits for element 2 of L on image 3,
   which image 4 holds; 4 waits for E on itself (count 1, until 2). */
static void build_hang(void)
{
  build_world(4);
  add_coarrays();
  img(1)->wait_kind = PARADBG_CAF_WAIT_SYNC_ALL;
  img(3)->wait_kind = PARADBG_CAF_WAIT_SYNC_ALL;
  epochs(0)[0] = 1;
  epochs(0)[2] = 1;
  img(2)->wait_kind = PARADBG_CAF_WAIT_LOCK;
  img(2)->wait_image = 3;
  img(2)->wait_offset = DATA(REC_L) + 2 * 8;
  lock_at(3, DATA(REC_L) + 2 * 8)->owner = 4;
  lock_at(3, DATA(REC_L) + 2 * 8)->waiters = 1;
  img(4)->wait_kind = PARADBG_CAF_WAIT_EVENT;
  img(4)->wait_image = 4;
  img(4)->wait_offset = DATA(REC_E);
  img(4)->wait_count = 2;
  event_at(4, DATA(REC_E))->count = 1;
}

static ompd_rc_t open_program(cafdbg_program_handle_t **p)
{
  *p = NULL;
  return caf.process_initialize(CTX, p);
}

static cafdbg_program_handle_t *program(void)
{
  cafdbg_program_handle_t *p;
  ck_assert_int_eq(open_program(&p), ompd_rc_ok);
  ck_assert_ptr_nonnull(p);
  return p;
}

static cafdbg_image_handle_t *image(cafdbg_program_handle_t *p, int g)
{
  cafdbg_image_handle_t *h = NULL;
  ck_assert_int_eq(caf.get_image(p, g, &h), ompd_rc_ok);
  return h;
}

/* The images image g still needs, as a string "2,4". */
static const char *needs(cafdbg_program_handle_t *p, int g)
{
  static char out[256];
  int list[64], count = -1;
  cafdbg_image_handle_t *h = image(p, g);
  ck_assert_int_eq(caf.get_wait_images(h, list, 64, &count), ompd_rc_ok);
  ck_assert_int_le(count, 64);
  out[0] = 0;
  for (int i = 0; i < count; i++)
    snprintf(out + strlen(out), sizeof out - strlen(out), "%s%d", i ? "," : "", list[i]);
  caf.rel_image_handle(h);
  return out;
}

static void done(cafdbg_program_handle_t *p)
{
  ck_assert_int_eq(caf.rel_program_handle(p), ompd_rc_ok);
  ck_assert_uint_eq(W.allocs_live, 0);
}

/* A program handle is a snapshot: after the test changes the target (as
   the target running would), a host makes a new one. */
static cafdbg_program_handle_t *again(cafdbg_program_handle_t *p)
{
  done(p);
  return program();
}

/* The registered object of image g with registration number serial. */
static cafdbg_coarray_handle_t *coarray(cafdbg_image_handle_t *h, uint64_t serial)
{
  cafdbg_coarray_handle_t *c = NULL, *next;
  for (int i = 0; i < 100; i++) {
    ompd_rc_t rc = caf.get_next_coarray(h, c, &next);
    if (c != NULL)
      caf.rel_coarray_handle(c);
    c = NULL;
    if (rc != ompd_rc_ok)
      break;
    cafdbg_coarray_info_t info;
    ck_assert_int_eq(caf.get_coarray_info(next, &info), ompd_rc_ok);
    if (info.serial == serial)
      return next;
    c = next;
  }
  ck_abort_msg("no coarray #%llu", (unsigned long long)serial);
  return NULL;
}

/* ---- known states ---------------------------------------------------------- */

START_TEST(versions)
{
  ompd_word_t v = 0;
  const char *s = NULL;
  ck_assert_int_eq(caf.get_api_version(&v), ompd_rc_ok);
  ck_assert_int_eq(v, CAFDBG_API_VERSION);
  ck_assert_int_eq(caf.get_version_string(&s), ompd_rc_ok);
  ck_assert_ptr_nonnull(strstr(s, "layout table version 3"));
  ck_assert_int_eq(caf.get_api_version(NULL), ompd_rc_bad_input);
  ck_assert_int_eq(caf.get_version_string(NULL), ompd_rc_bad_input);
  ck_assert_int_eq(caf.initialize(2, &callbacks), ompd_rc_unsupported);
  ck_assert_int_eq(caf.initialize(CAFDBG_API_VERSION, NULL), ompd_rc_bad_input);
  ompd_callbacks_t partial = callbacks;
  partial.read_memory = NULL;
  ck_assert_int_eq(caf.initialize(CAFDBG_API_VERSION, &partial), ompd_rc_bad_input);
  ck_assert_int_eq(caf.finalize(), ompd_rc_ok);
  ck_assert_int_eq(caf.finalize(), ompd_rc_unsupported);
  cafdbg_program_handle_t *p;
  ck_assert_int_eq(caf.process_initialize(CTX, &p), ompd_rc_error);   /* not initialized */
  ck_assert_int_eq(caf.initialize(CAFDBG_API_VERSION, &callbacks), ompd_rc_ok);
}
END_TEST

START_TEST(program_info)
{
  build_hang();
  cafdbg_program_handle_t *p = program();
  cafdbg_program_info_t info;
  ck_assert_int_eq(caf.get_program_info(p, &info), ompd_rc_ok);
  ck_assert_int_eq(info.num_images, 4);
  ck_assert_int_eq(info.this_image, 1);
  ck_assert_int_eq(info.error_image, 0);
  ck_assert_int_eq(info.error_code, 0);
  ck_assert_int_eq(info.launcher_pid, 999);
  /* a launcher: no image of its own */
  W.syms.this_image = 0;
  p = again(p);
  ck_assert_int_eq(caf.get_program_info(p, &info), ompd_rc_ok);
  ck_assert_int_eq(info.this_image, 0);
  done(p);
}
END_TEST

START_TEST(images_in_a_hang)
{
  build_hang();
  cafdbg_program_handle_t *p = program();
  cafdbg_image_info_t info;
  for (int g = 1; g <= 4; g++) {
    cafdbg_image_handle_t *h = image(p, g);
    ck_assert_int_eq(caf.get_image_info(h, &info), ompd_rc_ok);
    ck_assert_int_eq(info.image, g);
    ck_assert_int_eq(info.pid, 1000 + g);
    ck_assert_int_eq(info.status, cafdbg_image_running);
    ck_assert_int_eq(info.team_number, -1);
    ck_assert_int_eq(info.team_index, g);
    caf.rel_image_handle(h);
  }
  ck_assert_str_eq(needs(p, 1), "2,4");
  ck_assert_str_eq(needs(p, 3), "2,4");
  ck_assert_str_eq(needs(p, 2), "4");
  ck_assert_str_eq(needs(p, 4), "");

  /* count all, write at most max */
  int two[2] = { -1, -1 }, count = -1;
  cafdbg_image_handle_t *h = image(p, 1);
  ck_assert_int_eq(caf.get_wait_images(h, two, 1, &count), ompd_rc_ok);
  ck_assert_int_eq(count, 2);
  ck_assert_int_eq(two[0], 2);
  ck_assert_int_eq(two[1], -1);
  ck_assert_int_eq(caf.get_wait_images(h, NULL, 0, &count), ompd_rc_ok);
  ck_assert_int_eq(count, 2);
  cafdbg_wait_t w;
  ck_assert_int_eq(caf.get_image_wait(h, &w), ompd_rc_ok);
  ck_assert_int_eq(w.kind, cafdbg_wait_sync_all);
  ck_assert_ptr_null(w.coarray);
  caf.rel_wait(&w);
  caf.rel_image_handle(h);

  /* image 2 waits for L(3)[3], held by image 4 */
  h = image(p, 2);
  ck_assert_int_eq(caf.get_image_wait(h, &w), ompd_rc_ok);
  ck_assert_int_eq(w.kind, cafdbg_wait_lock);
  ck_assert_int_eq(w.image, 3);
  ck_assert_int_eq(w.holder, 4);
  ck_assert_int_eq(w.object_image, 3);
  ck_assert_uint_eq(w.element, 2);
  ck_assert_uint_eq(w.object.address, seg_addr(3, DATA(REC_L) + 16));
  ck_assert_ptr_nonnull(w.coarray);
  cafdbg_coarray_info_t ci;
  ck_assert_int_eq(caf.get_coarray_info(w.coarray, &ci), ompd_rc_ok);
  ck_assert_int_eq(ci.kind, cafdbg_coarray_lock);
  ck_assert_uint_eq(ci.serial, 3);
  ck_assert_int_eq(ci.image, 3);
  ck_assert_int_eq(caf.rel_wait(&w), ompd_rc_ok);
  ck_assert_ptr_null(w.coarray);
  caf.rel_image_handle(h);

  /* image 4 waits for E on itself: count 1, until 2 */
  h = image(p, 4);
  ck_assert_int_eq(caf.get_image_wait(h, &w), ompd_rc_ok);
  ck_assert_int_eq(w.kind, cafdbg_wait_event);
  ck_assert_int_eq(w.object_image, 4);
  ck_assert_int_eq(w.count, 1);
  ck_assert_int_eq(w.until_count, 2);
  ck_assert_uint_eq(w.element, 0);
  ck_assert_int_eq(w.holder, 0);
  ck_assert_ptr_nonnull(w.coarray);
  ck_assert_int_eq(caf.get_coarray_info(w.coarray, &ci), ompd_rc_ok);
  ck_assert_int_eq(ci.kind, cafdbg_coarray_event);
  caf.rel_wait(&w);
  caf.rel_image_handle(h);
  done(p);
}
END_TEST

START_TEST(critical)
{
  build_hang();
  /* image 3 waits to enter the critical construct, whose lock (on image 1)
     image 2 holds */
  img(3)->wait_kind = PARADBG_CAF_WAIT_CRITICAL;
  img(3)->wait_image = 1;
  img(3)->wait_offset = DATA(REC_C);
  epochs(0)[2] = 0;
  lock_at(1, DATA(REC_C))->owner = 2;
  cafdbg_program_handle_t *p = program();
  cafdbg_image_handle_t *h = image(p, 3);
  cafdbg_wait_t w;
  ck_assert_int_eq(caf.get_image_wait(h, &w), ompd_rc_ok);
  ck_assert_int_eq(w.kind, cafdbg_wait_critical);
  ck_assert_int_eq(w.holder, 2);
  ck_assert_int_eq(w.object_image, 1);
  ck_assert_uint_eq(w.element, 0);
  cafdbg_coarray_info_t ci;
  ck_assert_ptr_nonnull(w.coarray);
  ck_assert_int_eq(caf.get_coarray_info(w.coarray, &ci), ompd_rc_ok);
  ck_assert_int_eq(ci.kind, cafdbg_coarray_critical);
  ck_assert_int_eq(ci.image, 1);
  caf.rel_wait(&w);
  caf.rel_image_handle(h);
  ck_assert_str_eq(needs(p, 3), "2");
  ck_assert_str_eq(needs(p, 1), "2,3,4");
  /* a lock wait with no object recorded: no holder, nobody needed */
  img(2)->wait_offset = 0;
  p = again(p);
  h = image(p, 2);
  ck_assert_int_eq(caf.get_image_wait(h, &w), ompd_rc_ok);
  ck_assert_int_eq(w.holder, 0);
  ck_assert_uint_eq(w.object.address, 0);
  ck_assert_ptr_null(w.coarray);
  caf.rel_wait(&w);
  caf.rel_image_handle(h);
  ck_assert_str_eq(needs(p, 2), "");
  done(p);
}
END_TEST

START_TEST(coarrays)
{
  build_hang();
  cafdbg_program_handle_t *p = program();
  cafdbg_image_handle_t *h = image(p, 1);
  /* newest first: K T C E L b a */
  static const uint64_t order[] = { 7, 6, 5, 4, 3, 2, 1 };
  cafdbg_coarray_handle_t *c = NULL, *next;
  cafdbg_coarray_info_t info;
  for (unsigned i = 0; i < 7; i++) {
    ck_assert_int_eq(caf.get_next_coarray(h, c, &next), ompd_rc_ok);
    ck_assert_int_eq(caf.get_coarray_info(next, &info), ompd_rc_ok);
    ck_assert_uint_eq(info.serial, order[i]);
    ck_assert_int_eq(info.image, 1);
    if (c)
      caf.rel_coarray_handle(c);
    c = next;
  }
  ck_assert_int_eq(caf.get_next_coarray(h, c, &next), ompd_rc_unavailable);
  ck_assert_ptr_null(next);
  caf.rel_coarray_handle(c);

  ompd_address_t r, in;
  c = coarray(h, 1);   /* a */
  ck_assert_int_eq(caf.get_coarray_info(c, &info), ompd_rc_ok);
  ck_assert_int_eq(info.kind, cafdbg_coarray_static);
  ck_assert_int_eq(info.type, cafdbg_type_real);
  ck_assert_uint_eq(info.elem_len, 8);
  ck_assert_uint_eq(info.nbytes, 80);
  ck_assert_uint_eq(info.nelem, 10);
  ck_assert_int_eq(info.rank, -1);
  ck_assert_int_eq(info.corank, 0);
  ck_assert_uint_eq(info.token_var.address, 0);
  for (int g = 1; g <= 4; g++) {
    ck_assert_int_eq(caf.get_coarray_address(c, g, &r, &in), ompd_rc_ok);
    ck_assert_uint_eq(r.address, seg_addr(g, DATA(REC_A)));
    ck_assert_uint_eq(in.address, VIEW_BASE + DATA(REC_A));
  }
  ck_assert_int_eq(caf.get_coarray_address(c, 0, &r, &in), ompd_rc_bad_input);
  ck_assert_int_eq(caf.get_coarray_address(c, 5, &r, &in), ompd_rc_bad_input);
  cafdbg_sync_state_t st;
  ck_assert_int_eq(caf.get_sync_state(c, 1, 0, &st), ompd_rc_bad_input);   /* not a lock */
  caf.rel_coarray_handle(c);

  c = coarray(h, 2);   /* b */
  ck_assert_int_eq(caf.get_coarray_info(c, &info), ompd_rc_ok);
  ck_assert_int_eq(info.kind, cafdbg_coarray_allocatable);
  ck_assert_int_eq(info.type, cafdbg_type_integer);
  ck_assert_int_eq(info.rank, 2);
  ck_assert_int_eq(info.lbound[0], 1);
  ck_assert_int_eq(info.ubound[0], 3);
  ck_assert_int_eq(info.lbound[1], 0);
  ck_assert_int_eq(info.ubound[1], 1);
  ck_assert_uint_eq(info.nelem, 6);
  ck_assert_uint_eq(info.descriptor.address, 0x7001);
  ck_assert_uint_eq(info.token_var.address, 0x6000);
  caf.rel_coarray_handle(c);

  c = coarray(h, 3);   /* L */
  ck_assert_int_eq(caf.get_coarray_info(c, &info), ompd_rc_ok);
  ck_assert_int_eq(info.kind, cafdbg_coarray_lock);
  ck_assert_uint_eq(info.nelem, 4);
  ck_assert_uint_eq(info.elem_len, 0);
  ck_assert_int_eq(info.rank, -1);
  ck_assert_int_eq(caf.get_sync_state(c, 3, 2, &st), ompd_rc_ok);
  ck_assert_int_eq(st.holder, 4);
  ck_assert_int_eq(st.waiters, 1);
  ck_assert_int_eq(caf.get_sync_state(c, 3, 1, &st), ompd_rc_ok);
  ck_assert_int_eq(st.holder, 0);
  ck_assert_int_eq(caf.get_sync_state(c, 3, 4, &st), ompd_rc_bad_input);
  ck_assert_int_eq(caf.get_sync_state(c, 5, 0, &st), ompd_rc_bad_input);
  caf.rel_coarray_handle(c);

  c = coarray(h, 4);   /* E */
  ck_assert_int_eq(caf.get_coarray_info(c, &info), ompd_rc_ok);
  ck_assert_int_eq(info.kind, cafdbg_coarray_event);
  ck_assert_int_eq(info.rank, 0);
  ck_assert_int_eq(caf.get_sync_state(c, 4, 0, &st), ompd_rc_ok);
  ck_assert_int_eq(st.count, 1);
  caf.rel_coarray_handle(c);

  c = coarray(h, 6);   /* T: images 1 and 2 only */
  ck_assert_int_eq(caf.get_coarray_address(c, 2, &r, &in), ompd_rc_ok);
  ck_assert_int_eq(caf.get_coarray_address(c, 3, &r, &in), ompd_rc_unavailable);
  caf.rel_coarray_handle(c);

  c = coarray(h, 7);   /* K: a component, image 1's own */
  ck_assert_int_eq(caf.get_coarray_info(c, &info), ompd_rc_ok);
  ck_assert_int_eq(info.kind, cafdbg_coarray_component);
  ck_assert_int_eq(info.rank, 1);
  ck_assert_uint_eq(info.nelem, 2);
  ck_assert_int_eq(caf.get_coarray_address(c, 1, &r, &in), ompd_rc_ok);
  ck_assert_uint_eq(r.address, seg_addr(1, 40000));
  ck_assert_int_eq(caf.get_coarray_address(c, 2, &r, &in), ompd_rc_unavailable);
  caf.rel_coarray_handle(c);

  /* a component registered but not allocated */
  tok(1, REC_K)->data = 0;
  caf.rel_image_handle(h);
  p = again(p);
  h = image(p, 1);
  c = coarray(h, 7);
  ck_assert_int_eq(caf.get_coarray_address(c, 1, &r, &in), ompd_rc_unavailable);
  caf.rel_coarray_handle(c);

  /* an image with nothing registered */
  seg(4)->registry = 0;
  seg(4)->ntokens = 0;
  caf.rel_image_handle(h);
  p = again(p);
  h = image(p, 1);
  cafdbg_image_handle_t *h4 = image(p, 4);
  ck_assert_int_eq(caf.get_next_coarray(h4, NULL, &next), ompd_rc_unavailable);
  /* another image's coarray is not a walk of this image */
  c = coarray(h, 1);
  ck_assert_int_eq(caf.get_next_coarray(h4, c, &next), ompd_rc_bad_input);
  caf.rel_coarray_handle(c);
  caf.rel_image_handle(h4);
  caf.rel_image_handle(h);
  done(p);
}
END_TEST

/* Teams 1 {1,2} and 2 {3,4} of the initial team, and a slot no longer in
   use: image 1 in SYNC TEAM, image 2 in SYNC IMAGES with 1, 3 and 4,
   image 3 in a co_sum, image 4 failed. */
static void build_teams(void)
{
  build_world(4);
  for (int s = 1; s <= 3; s++) {
    team(s)->refs = s == 3 ? 0 : 2;
    team(s)->number = s == 3 ? 9 : s;
    team(s)->parent = 0;
    team(s)->size = s == 3 ? 1 : 2;
  }
  members(1)[0] = 1, members(1)[1] = 2;
  members(2)[0] = 3, members(2)[1] = 4;
  members(3)[0] = 1;
  for (int g = 1; g <= 4; g++) {
    img(g)->team = g <= 2 ? 1 : 2;
    img(g)->team_index = g <= 2 ? g : g - 2;
  }
  img(1)->wait_kind = PARADBG_CAF_WAIT_TEAM;
  epochs(1)[0] = 1;
  img(2)->wait_kind = PARADBG_CAF_WAIT_SYNC_IMAGES;
  img(2)->wait_image = 3;
  *sync_cell(2, 3) = 2, *sync_cell(3, 2) = 1;   /* not heard from 3 */
  *sync_cell(2, 4) = 1, *sync_cell(4, 2) = 0;   /* nor from 4, which failed */
  *sync_cell(2, 1) = 1, *sync_cell(1, 2) = 1;   /* heard from 1 */
  img(3)->wait_kind = PARADBG_CAF_WAIT_COLLECTIVE;
  img(3)->wait_image = 3;
  img(3)->wait_operation = PARADBG_CAF_COLLECTIVE_SUM;
  epochs(2)[0] = 5, epochs(2)[1] = 4;
  img(4)->status = PARADBG_CAF_IMAGE_FAILED;
  img(4)->signal = 9;
  sh()->failures = 1;
}

START_TEST(teams)
{
  build_teams();
  cafdbg_program_handle_t *p = program();
  cafdbg_image_info_t info;
  cafdbg_image_handle_t *h = image(p, 4);
  ck_assert_int_eq(caf.get_image_info(h, &info), ompd_rc_ok);
  ck_assert_int_eq(info.status, cafdbg_image_failed);
  ck_assert_int_eq(info.signal, 9);
  ck_assert_int_eq(info.team_number, 2);
  ck_assert_int_eq(info.team_index, 2);
  caf.rel_image_handle(h);

  ck_assert_str_eq(needs(p, 1), "2");
  ck_assert_str_eq(needs(p, 2), "3");
  ck_assert_str_eq(needs(p, 3), "");
  cafdbg_wait_t w;
  h = image(p, 2);
  ck_assert_int_eq(caf.get_image_wait(h, &w), ompd_rc_ok);
  ck_assert_int_eq(w.kind, cafdbg_wait_sync_images);
  ck_assert_int_eq(w.image, 3);
  caf.rel_wait(&w);
  caf.rel_image_handle(h);
  h = image(p, 3);
  ck_assert_int_eq(caf.get_image_wait(h, &w), ompd_rc_ok);
  ck_assert_int_eq(w.kind, cafdbg_wait_collective);
  ck_assert_int_eq(w.image, 3);
  ck_assert_str_eq(w.operation, "co_sum");
  caf.rel_wait(&w);

  cafdbg_team_handle_t *t, *parent, *grand;
  cafdbg_team_info_t ti;
  ck_assert_int_eq(caf.get_image_team(h, &t), ompd_rc_ok);
  ck_assert_int_eq(caf.get_team_info(t, &ti), ompd_rc_ok);
  ck_assert_int_eq(ti.team_number, 2);
  ck_assert_int_eq(ti.size, 2);
  ck_assert_uint_eq(ti.id, 2);
  int g = 0;
  ck_assert_int_eq(caf.get_team_member(t, 1, &g), ompd_rc_ok);
  ck_assert_int_eq(g, 3);
  ck_assert_int_eq(caf.get_team_member(t, 2, &g), ompd_rc_ok);
  ck_assert_int_eq(g, 4);
  ck_assert_int_eq(caf.get_team_member(t, 3, &g), ompd_rc_bad_input);
  ck_assert_int_eq(caf.get_team_member(t, 0, &g), ompd_rc_bad_input);
  ck_assert_int_eq(caf.get_team_parent(t, &parent), ompd_rc_ok);
  ck_assert_int_eq(caf.get_team_info(parent, &ti), ompd_rc_ok);
  ck_assert_int_eq(ti.team_number, -1);
  ck_assert_int_eq(ti.size, 4);
  ck_assert_uint_eq(ti.id, 0);
  ck_assert_int_eq(caf.get_team_parent(parent, &grand), ompd_rc_unavailable);
  ck_assert_ptr_null(grand);
  caf.rel_team_handle(parent);
  caf.rel_team_handle(t);
  caf.rel_image_handle(h);

  /* the teams alive, in slot order; slot 3 is free */
  static const int numbers[] = { -1, 1, 2 };
  for (int nth = 0; nth < 3; nth++) {
    ck_assert_int_eq(caf.get_team(p, nth, &t), ompd_rc_ok);
    ck_assert_int_eq(caf.get_team_info(t, &ti), ompd_rc_ok);
    ck_assert_int_eq(ti.team_number, numbers[nth]);
    caf.rel_team_handle(t);
  }
  ck_assert_int_eq(caf.get_team(p, 3, &t), ompd_rc_unavailable);
  ck_assert_int_eq(caf.get_team(p, -1, &t), ompd_rc_bad_input);
  /* a parent whose slot was let go */
  team(0)->refs = 0;
  p = again(p);
  ck_assert_int_eq(caf.get_team(p, 0, &t), ompd_rc_ok);
  ck_assert_int_eq(caf.get_team_info(t, &ti), ompd_rc_ok);
  ck_assert_int_eq(ti.team_number, 1);
  ck_assert_int_eq(caf.get_team_parent(t, &parent), ompd_rc_unavailable);
  caf.rel_team_handle(t);
  done(p);
}
END_TEST

START_TEST(termination)
{
  build_world(4);
  img(1)->status = PARADBG_CAF_IMAGE_STOPPED;
  img(1)->wait_kind = PARADBG_CAF_WAIT_TERMINATION;
  img(3)->status = PARADBG_CAF_IMAGE_ERROR_STOPPED;
  img(3)->stop_code = 5;
  sh()->error_image = 3;
  sh()->error_code = 5;
  sh()->failures = 2;
  cafdbg_program_handle_t *p = program();
  cafdbg_program_info_t pi;
  ck_assert_int_eq(caf.get_program_info(p, &pi), ompd_rc_ok);
  ck_assert_int_eq(pi.error_image, 3);
  ck_assert_int_eq(pi.error_code, 5);
  cafdbg_image_info_t info;
  cafdbg_image_handle_t *h = image(p, 3);
  ck_assert_int_eq(caf.get_image_info(h, &info), ompd_rc_ok);
  ck_assert_int_eq(info.status, cafdbg_image_error_stopped);
  ck_assert_int_eq(info.stop_code, 5);
  caf.rel_image_handle(h);
  ck_assert_str_eq(needs(p, 1), "2,4");
  /* image 4 stops: the runtime bumps failures, and the library sees it */
  img(4)->status = PARADBG_CAF_IMAGE_STOPPED;
  sh()->failures++;
  p = again(p);
  ck_assert_str_eq(needs(p, 1), "2");
  /* an image not started yet, then started */
  img(2)->status = PARADBG_CAF_IMAGE_UNUSED;
  p = again(p);
  ck_assert_str_eq(needs(p, 1), "");
  img(2)->status = PARADBG_CAF_IMAGE_RUNNING;
  p = again(p);
  ck_assert_str_eq(needs(p, 1), "2");
  done(p);
}
END_TEST

/* What a host shows of a program through program handle p: the error
   termination, each image's status, team, wait and the images it needs,
   the teams alive, and who holds element 2 of L on image 3. */
static const char *describe(cafdbg_program_handle_t *p)
{
  static char out[2048];
  size_t len = 0;
  cafdbg_program_info_t pi;
  ck_assert_int_eq(caf.get_program_info(p, &pi), ompd_rc_ok);
  len += (size_t)snprintf(out + len, sizeof out - len, "error %d:%d;", pi.error_image, pi.error_code);
  for (int g = 1; g <= pi.num_images; g++) {
    cafdbg_image_handle_t *h = image(p, g);
    cafdbg_image_info_t info;
    cafdbg_wait_t w;
    ck_assert_int_eq(caf.get_image_info(h, &info), ompd_rc_ok);
    ck_assert_int_eq(caf.get_image_wait(h, &w), ompd_rc_ok);
    len += (size_t)snprintf(out + len, sizeof out - len, " %d:%d/%d/w%d,h%d,c%lld", g, info.status,
                            info.team_number, w.kind, w.holder, (long long)w.count);
    caf.rel_wait(&w);
    caf.rel_image_handle(h);
    len += (size_t)snprintf(out + len, sizeof out - len, "[%s]", needs(p, g));
  }
  len += (size_t)snprintf(out + len, sizeof out - len, "; teams");
  cafdbg_team_handle_t *t;
  for (int nth = 0; caf.get_team(p, nth, &t) == ompd_rc_ok; nth++) {
    cafdbg_team_info_t ti;
    ck_assert_int_eq(caf.get_team_info(t, &ti), ompd_rc_ok);
    len += (size_t)snprintf(out + len, sizeof out - len, " %d", ti.team_number);
    caf.rel_team_handle(t);
  }
  cafdbg_image_handle_t *h = image(p, 3);
  cafdbg_coarray_handle_t *c = coarray(h, 3);
  cafdbg_sync_state_t st;
  ck_assert_int_eq(caf.get_sync_state(c, 3, 2, &st), ompd_rc_ok);
  len += (size_t)snprintf(out + len, sizeof out - len, "; L(3)[3] %d", st.holder);
  caf.rel_coarray_handle(c);
  caf.rel_image_handle(h);
  ck_assert_uint_lt(len, sizeof out);
  return out;
}

/* A program handle describes the program as it was when it was made (and
   read): changes to the target after that show only through a new one. */
START_TEST(snapshots)
{
  static const char before[] =
    "error 0:0; 1:1/-1/w1,h0,c0[2,4] 2:1/-1/w3,h4,c0[4] 3:1/-1/w1,h0,c0[2,4]"
    " 4:1/-1/w5,h0,c1[]; teams -1; L(3)[3] 4";
  static const char after[] =
    "error 3:5; 1:1/-1/w1,h0,c0[2,4] 2:1/-1/w3,h0,c0[] 3:4/-1/w0,h0,c0[]"
    " 4:1/-1/w0,h0,c0[]; teams -1 7; L(3)[3] 0";
  build_hang();
  cafdbg_program_handle_t *old = program();
  ck_assert_str_eq(describe(old), before);
  cafdbg_image_handle_t *h3 = image(old, 3);
  /* the target runs on: image 3 begins error termination, image 4 lets
     go of the lock and gets past its event wait, and images 1 and 2 form
     a team */
  img(3)->status = PARADBG_CAF_IMAGE_ERROR_STOPPED;
  img(3)->stop_code = 5;
  img(3)->wait_kind = PARADBG_CAF_WAIT_NONE;
  sh()->error_image = 3;
  sh()->error_code = 5;
  sh()->failures++;
  lock_at(3, DATA(REC_L) + 2 * 8)->owner = 0;
  event_at(4, DATA(REC_E))->count = 0;
  img(4)->wait_kind = PARADBG_CAF_WAIT_NONE;
  team(1)->refs = 2;
  team(1)->number = 7;
  team(1)->parent = 0;
  team(1)->size = 2;
  members(1)[0] = 1, members(1)[1] = 2;
  ck_assert_str_eq(describe(old), before);
  cafdbg_image_info_t info;
  ck_assert_int_eq(caf.get_image_info(h3, &info), ompd_rc_ok);
  ck_assert_int_eq(info.status, cafdbg_image_running);
  cafdbg_program_handle_t *now = program();
  ck_assert_str_eq(describe(now), after);
  cafdbg_image_handle_t *h3now = image(now, 3);
  ck_assert_int_eq(caf.get_image_info(h3now, &info), ompd_rc_ok);
  ck_assert_int_eq(info.status, cafdbg_image_error_stopped);
  ck_assert_int_eq(info.stop_code, 5);
  caf.rel_image_handle(h3now);
  caf.rel_image_handle(h3);
  ck_assert_int_eq(caf.rel_program_handle(old), ompd_rc_ok);
  done(now);
}
END_TEST

/* Listing every image with its status, team, wait and the images it
   needs, then every coarray with its address on every image, as a host's
   view of a hang does: 64 images, all but two in SYNC ALL, the last
   waiting for a lock image 1 holds, image 1 in SYNC IMAGES with the last.
   The program handle reads each array once: the images, the team slots,
   the sync matrix, and one piece of image 1's segment (the lock and
   image 1's registry).  Each coarray on each other image is a record in
   that image's segment: one read of a piece of it serves all. */
START_TEST(reads_per_image)
{
  enum { N = 64 };
  build_world(N);
  add_coarrays();
  for (int g = 2; g < N; g++) {
    img(g)->wait_kind = PARADBG_CAF_WAIT_SYNC_ALL;
    epochs(0)[g - 1] = 7;
  }
  epochs(0)[0] = epochs(0)[N - 1] = 6;
  img(1)->wait_kind = PARADBG_CAF_WAIT_SYNC_IMAGES;
  img(1)->wait_image = N;
  *sync_cell(1, N) = 1;
  img(N)->wait_kind = PARADBG_CAF_WAIT_LOCK;
  img(N)->wait_image = 1;
  img(N)->wait_offset = DATA(REC_L);
  lock_at(1, DATA(REC_L))->owner = 1;
  cafdbg_program_handle_t *p = program();
  W.reads = 0;
  for (int g = 1; g <= N; g++) {
    cafdbg_image_handle_t *h = image(p, g);
    cafdbg_image_info_t info;
    cafdbg_team_handle_t *t;
    cafdbg_wait_t w;
    int list[4], count;
    ck_assert_int_eq(caf.get_image_info(h, &info), ompd_rc_ok);
    ck_assert_int_eq(caf.get_image_team(h, &t), ompd_rc_ok);
    caf.rel_team_handle(t);
    ck_assert_int_eq(caf.get_image_wait(h, &w), ompd_rc_ok);
    ck_assert_int_eq(caf.get_wait_images(h, list, 4, &count), ompd_rc_ok);
    if (g == 1 || g == N) {
      ck_assert_int_eq(count, 1);
      ck_assert_int_eq(list[0], g == 1 ? N : 1);
    } else {
      ck_assert_int_eq(w.kind, cafdbg_wait_sync_all);
      ck_assert_int_eq(count, 2);
      ck_assert_int_eq(list[0], 1);
      ck_assert_int_eq(list[1], N);
    }
    if (g == N) {
      ck_assert_int_eq(w.kind, cafdbg_wait_lock);
      ck_assert_int_eq(w.holder, 1);
      ck_assert_ptr_nonnull(w.coarray);
    }
    caf.rel_wait(&w);
    caf.rel_image_handle(h);
  }
  ck_assert_msg(W.reads <= 4, "%lu reads to list %d images", W.reads, N);
  W.reads = 0;
  cafdbg_image_handle_t *h = image(p, 1);
  cafdbg_coarray_handle_t *c = NULL, *next;
  int seen = 0;
  while (caf.get_next_coarray(h, c, &next) == ompd_rc_ok) {
    if (c != NULL)
      caf.rel_coarray_handle(c);
    c = next;
    seen++;
    for (int g = 1; g <= N; g++) {
      ompd_address_t r, in;
      ompd_rc_t rc = caf.get_coarray_address(c, g, &r, &in);
      ck_assert(rc == ompd_rc_ok || rc == ompd_rc_unavailable);
    }
  }
  caf.rel_coarray_handle(c);
  caf.rel_image_handle(h);
  ck_assert_int_eq(seen, 7);
  ck_assert_msg(W.reads <= N - 1, "%lu reads for %d coarrays on %d images", W.reads, seen, N);
  done(p);
}
END_TEST

/* ---- garbage ---------------------------------------------------------------- */

static int valid_rc(ompd_rc_t rc)
{
  return rc >= ompd_rc_ok && rc <= ompd_rc_callback_error;
}

#define RC(call)                                                                    \
  ({                                                                                \
    ompd_rc_t rc_ = (call);                                                         \
    ck_assert_msg(valid_rc(rc_), "%s gave %d", #call, (int)rc_);                    \
    rc_;                                                                            \
  })

/* Every entry point on every object the library will give, with
   arguments in and out of range.  Whatever the target holds, each call
   returns a code, each walk ends, and every handle is given back. */
static void exercise(void)
{
  cafdbg_program_handle_t *p = NULL;
  ompd_rc_t rc = RC(caf.process_initialize(CTX, &p));
  if (rc != ompd_rc_ok) {
    ck_assert_ptr_null(p);
    ck_assert_uint_eq(W.allocs_live, 0);
    return;
  }
  cafdbg_program_info_t pi;
  RC(caf.get_program_info(p, &pi));
  for (int g = 0; g <= W.n + 1; g++) {
    cafdbg_image_handle_t *h = NULL;
    if (RC(caf.get_image(p, g, &h)) != ompd_rc_ok) {
      ck_assert_ptr_null(h);
      continue;
    }
    cafdbg_image_info_t info;
    RC(caf.get_image_info(h, &info));
    cafdbg_wait_t w;
    if (RC(caf.get_image_wait(h, &w)) == ompd_rc_ok) {
      if (w.coarray) {
        cafdbg_coarray_info_t ci;
        RC(caf.get_coarray_info(w.coarray, &ci));
      }
      ck_assert_int_eq(caf.rel_wait(&w), ompd_rc_ok);
    }
    int list[3], count = 0;
    if (RC(caf.get_wait_images(h, list, 3, &count)) == ompd_rc_ok)
      ck_assert(count >= 0 && count <= W.n);
    cafdbg_team_handle_t *t = NULL;
    if (RC(caf.get_image_team(h, &t)) == ompd_rc_ok) {
      for (int depth = 0; t != NULL && depth < 100; depth++) {
        cafdbg_team_info_t ti;
        cafdbg_team_handle_t *parent = NULL;
        int m;
        if (RC(caf.get_team_info(t, &ti)) == ompd_rc_ok)
          for (int k = 0; k <= ti.size + 1 && k < 100; k++)
            RC(caf.get_team_member(t, k, &m));
        RC(caf.get_team_parent(t, &parent));
        caf.rel_team_handle(t);
        t = parent;
      }
      if (t != NULL)
        caf.rel_team_handle(t);
    }
    cafdbg_coarray_handle_t *c = NULL, *next = NULL;
    for (int i = 0; i < 70000; i++) {
      rc = RC(caf.get_next_coarray(h, c, &next));
      if (c != NULL)
        caf.rel_coarray_handle(c);
      c = NULL;
      if (rc != ompd_rc_ok) {
        ck_assert_ptr_null(next);
        break;
      }
      ck_assert_int_lt(i, 66000);   /* the library's walks are bounded */
      c = next;
      if (i > 20)
        continue;   /* a long chain of garbage: only walk it */
      cafdbg_coarray_info_t ci;
      ompd_address_t r, in;
      cafdbg_sync_state_t st;
      if (RC(caf.get_coarray_info(c, &ci)) != ompd_rc_ok)
        continue;
      for (int j = 0; j <= W.n + 1; j++)
        RC(caf.get_coarray_address(c, j, &r, &in));
      for (uint64_t e = 0; e < 3; e++)
        for (int j = 1; j <= W.n; j++)
          RC(caf.get_sync_state(c, j, e, &st));
      RC(caf.get_sync_state(c, 1, ci.nelem, &st));
    }
    caf.rel_image_handle(h);
  }
  for (int nth = 0; nth < 10000; nth++) {
    cafdbg_team_handle_t *t = NULL;
    if (RC(caf.get_team(p, nth, &t)) != ompd_rc_ok)
      break;
    cafdbg_team_info_t ti;
    RC(caf.get_team_info(t, &ti));
    caf.rel_team_handle(t);
  }
  ck_assert_int_eq(caf.rel_program_handle(p), ompd_rc_ok);
  ck_assert_uint_eq(W.allocs_live, 0);
}

static ompd_rc_t init_rc(void)
{
  cafdbg_program_handle_t *p = NULL;
  ompd_rc_t rc = caf.process_initialize(CTX, &p);
  if (rc == ompd_rc_ok)
    ck_assert_int_eq(caf.rel_program_handle(p), ompd_rc_ok);
  else
    ck_assert_ptr_null(p);
  ck_assert_uint_eq(W.allocs_live, 0);
  return rc;
}

START_TEST(bad_input)
{
  build_hang();
  cafdbg_program_handle_t *p = program();
  cafdbg_image_handle_t *h = NULL;
  cafdbg_team_handle_t *t = NULL;
  cafdbg_coarray_handle_t *c = NULL;
  int count, list[2];
  ck_assert_int_eq(caf.process_initialize(NULL, &p), ompd_rc_bad_input);
  ck_assert_int_eq(caf.process_initialize(CTX, NULL), ompd_rc_bad_input);
  ck_assert_int_eq(caf.get_program_info(NULL, NULL), ompd_rc_bad_input);
  ck_assert_int_eq(caf.get_image(p, 0, &h), ompd_rc_bad_input);
  ck_assert_ptr_null(h);
  ck_assert_int_eq(caf.get_image(p, 5, &h), ompd_rc_bad_input);
  ck_assert_int_eq(caf.get_image(NULL, 1, &h), ompd_rc_bad_input);
  h = image(p, 1);
  ck_assert_int_eq(caf.get_image_info(h, NULL), ompd_rc_bad_input);
  ck_assert_int_eq(caf.get_image_wait(NULL, NULL), ompd_rc_bad_input);
  ck_assert_int_eq(caf.rel_wait(NULL), ompd_rc_bad_input);
  ck_assert_int_eq(caf.get_wait_images(h, NULL, 1, &count), ompd_rc_bad_input);
  ck_assert_int_eq(caf.get_wait_images(h, list, -1, &count), ompd_rc_bad_input);
  ck_assert_int_eq(caf.get_wait_images(h, list, 2, NULL), ompd_rc_bad_input);
  ck_assert_int_eq(caf.get_image_team(h, NULL), ompd_rc_bad_input);
  ck_assert_int_eq(caf.get_team(p, 0, NULL), ompd_rc_bad_input);
  ck_assert_int_eq(caf.get_team_parent(NULL, &t), ompd_rc_bad_input);
  ck_assert_int_eq(caf.get_team_info(NULL, NULL), ompd_rc_bad_input);
  ck_assert_int_eq(caf.get_team_member(NULL, 1, list), ompd_rc_bad_input);
  ck_assert_int_eq(caf.rel_team_handle(NULL), ompd_rc_bad_input);
  ck_assert_int_eq(caf.get_next_coarray(h, NULL, NULL), ompd_rc_bad_input);
  ck_assert_int_eq(caf.get_next_coarray(NULL, NULL, &c), ompd_rc_bad_input);
  ck_assert_int_eq(caf.rel_coarray_handle(NULL), ompd_rc_bad_input);
  ck_assert_int_eq(caf.get_coarray_info(NULL, NULL), ompd_rc_bad_input);
  ck_assert_int_eq(caf.get_coarray_address(NULL, 1, NULL, NULL), ompd_rc_bad_input);
  ck_assert_int_eq(caf.get_sync_state(NULL, 1, 0, NULL), ompd_rc_bad_input);
  ck_assert_int_eq(caf.rel_image_handle(NULL), ompd_rc_bad_input);
  ck_assert_int_eq(caf.rel_program_handle(NULL), ompd_rc_bad_input);
  /* the program handle goes last */
  ck_assert_int_eq(caf.rel_program_handle(p), ompd_rc_bad_input);
  caf.rel_image_handle(h);
  done(p);
}
END_TEST

START_TEST(no_runtime)
{
  build_hang();
  for (int i = 0; i < S_N; i++)
    W.hide[i] = 1;
  ck_assert_int_eq(init_rc(), ompd_rc_unavailable);
  W.hide[S_TABLE] = 0;   /* a table alone: not a libparcaf this library reads */
  ck_assert_int_eq(init_rc(), ompd_rc_incompatible);
  memset(W.hide, 0, sizeof W.hide);
  W.hide[S_VIEW] = 1;
  ck_assert_int_eq(init_rc(), ompd_rc_incompatible);
  W.hide[S_VIEW] = 0;
  W.hide[S_THIS] = 1;
  W.hide[S_PLUGIN] = 1;
  cafdbg_program_handle_t *p = program();
  cafdbg_program_info_t pi;
  ck_assert_int_eq(caf.get_program_info(p, &pi), ompd_rc_ok);
  ck_assert_int_eq(pi.this_image, 0);
  done(p);
  W.hide[S_THIS] = 0;
  W.syms.shared = 0;   /* the runtime has not made its mapping yet */
  ck_assert_int_eq(init_rc(), ompd_rc_unavailable);
}
END_TEST

START_TEST(tables)
{
  build_hang();
  ck_assert_int_eq(init_rc(), ompd_rc_ok);
  W.table.magic ^= 1;
  ck_assert_int_eq(init_rc(), ompd_rc_incompatible);
  W.table = paradbg_caf_layout;
  W.table.version = 2;
  ck_assert_int_eq(init_rc(), ompd_rc_incompatible);
  W.table = paradbg_caf_layout;
  W.table.pointer_size = 4;
  ck_assert_int_eq(init_rc(), ompd_rc_incompatible);
  W.table = paradbg_caf_layout;
  W.table.nfields--;
  ck_assert_int_eq(init_rc(), ompd_rc_incompatible);
  W.table = paradbg_caf_layout;
  W.table.field[PARADBG_CAF_FIELD_token_desc].offset = 4000;
  ck_assert_int_eq(init_rc(), ompd_rc_incompatible);   /* outside the structure */
  /* inside a structure of 4000 bytes, but its fields spread further than
     one read of a record fetches: not the structures this library knows */
  W.table.type_size[PARADBG_CAF_TYPE_token] = 4100;
  ck_assert_int_eq(init_rc(), ompd_rc_incompatible);
  W.table = paradbg_caf_layout;
  W.table.field[PARADBG_CAF_FIELD_image_pid].size = 8;
  ck_assert_int_eq(init_rc(), ompd_rc_incompatible);
  W.table = paradbg_caf_layout;
  W.table_region = 20;   /* a core holding part of the table */
  ck_assert_int_ne(init_rc(), ompd_rc_ok);
  W.table_region = sizeof W.table - 4;
  ck_assert_int_ne(init_rc(), ompd_rc_ok);
}
END_TEST

START_TEST(headers)
{
  build_hang();
  sh()->magic = 0;
  ck_assert_int_eq(init_rc(), ompd_rc_error);
  build_hang();
  sh()->version = 2;
  ck_assert_int_eq(init_rc(), ompd_rc_incompatible);
  static const struct {
    size_t off, size;
    uint64_t value;
  } bad[] = {
    { offsetof(struct t_shared, num_images), 4, 0 },
    { offsetof(struct t_shared, num_images), 4, 1u << 20 },
    { offsetof(struct t_shared, num_images), 4, 5 },   /* the arrays no longer fit */
    { offsetof(struct t_shared, max_teams), 4, 0 },
    { offsetof(struct t_shared, max_teams), 4, 1u << 30 },
    { offsetof(struct t_shared, map_size), 8, 4096 },
    { offsetof(struct t_shared, map_size), 8, UINT64_MAX },
    { offsetof(struct t_shared, segment_size), 8, 0 },
    { offsetof(struct t_shared, segment_size), 8, UINT64_MAX / 2 },
    { offsetof(struct t_shared, segments_off), 8, UINT64_MAX - 100 },
    { offsetof(struct t_shared, images_off), 8, 1ull << 62 },
    { offsetof(struct t_shared, sync_off), 8, UINT64_MAX },
    { offsetof(struct t_shared, teams_off), 8, 1ull << 40 },
    { offsetof(struct t_shared, team_stride), 8, 0 },
    { offsetof(struct t_shared, team_stride), 8, 1ull << 61 },
  };
  for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    build_hang();
    memcpy(W.map + bad[i].off, &bad[i].value, bad[i].size);
    ck_assert_msg(init_rc() == ompd_rc_error, "header case %u accepted", i);
  }
  /* the whole header outside what the core holds */
  build_hang();
  W.map_region = 16;
  ck_assert_int_ne(init_rc(), ompd_rc_ok);
}
END_TEST

START_TEST(offsets_out_of_range)
{
  build_hang();
  cafdbg_program_handle_t *p = program();
  cafdbg_image_handle_t *h;
  cafdbg_wait_t w;
  cafdbg_image_info_t info;
  int list[4], count;
  img(2)->wait_offset = SEG - 4;   /* the lock would end past the segment */
  p = again(p);
  h = image(p, 2);
  ck_assert_int_eq(caf.get_image_wait(h, &w), ompd_rc_error);
  ck_assert_ptr_null(w.coarray);
  ck_assert_int_eq(caf.get_wait_images(h, list, 4, &count), ompd_rc_error);
  caf.rel_image_handle(h);
  img(2)->wait_offset = UINT64_MAX - 2;
  p = again(p);
  h = image(p, 2);
  ck_assert_int_eq(caf.get_image_wait(h, &w), ompd_rc_error);
  caf.rel_image_handle(h);
  img(2)->wait_offset = DATA(REC_L) + 16;
  img(2)->wait_image = 99;
  p = again(p);
  h = image(p, 2);
  ck_assert_int_eq(caf.get_image_wait(h, &w), ompd_rc_error);
  caf.rel_image_handle(h);
  img(2)->wait_image = 3;
  lock_at(3, DATA(REC_L) + 16)->owner = 77;
  p = again(p);
  h = image(p, 2);
  ck_assert_int_eq(caf.get_image_wait(h, &w), ompd_rc_error);
  caf.rel_image_handle(h);
  lock_at(3, DATA(REC_L) + 16)->owner = 4;
  /* a lock between two elements: the variable cannot be told */
  img(2)->wait_offset = DATA(REC_L) + 12;
  p = again(p);
  h = image(p, 2);
  ck_assert_int_eq(caf.get_image_wait(h, &w), ompd_rc_ok);
  ck_assert_ptr_null(w.coarray);
  caf.rel_image_handle(h);
  img(2)->wait_offset = DATA(REC_L) + 16;
  img(1)->team = 99;
  p = again(p);
  h = image(p, 1);
  ck_assert_int_eq(caf.get_image_info(h, &info), ompd_rc_error);
  ck_assert_int_eq(caf.get_wait_images(h, list, 4, &count), ompd_rc_error);
  caf.rel_image_handle(h);
  img(1)->team = 0;
  team(0)->size = 5;
  p = again(p);
  h = image(p, 1);
  ck_assert_int_eq(caf.get_image_info(h, &info), ompd_rc_error);
  caf.rel_image_handle(h);
  team(0)->size = 4;
  members(0)[2] = 0;
  p = again(p);
  h = image(p, 1);
  ck_assert_int_eq(caf.get_wait_images(h, list, 4, &count), ompd_rc_error);
  caf.rel_image_handle(h);
  members(0)[2] = 3;
  team(0)->members_off = W.map_size - 8;   /* the array would end past the mapping */
  p = again(p);
  h = image(p, 1);
  ck_assert_int_eq(caf.get_image_info(h, &info), ompd_rc_error);
  caf.rel_image_handle(h);
  team(0)->members_off = W.teams_off + sizeof(struct t_team);
  members(0)[0] = 2;   /* image 1 is not in its own team */
  p = again(p);
  h = image(p, 1);
  ck_assert_int_eq(caf.get_wait_images(h, list, 4, &count), ompd_rc_error);
  caf.rel_image_handle(h);
  members(0)[0] = 1;
  img(1)->status = 17;
  p = again(p);
  h = image(p, 1);
  ck_assert_int_eq(caf.get_image_info(h, &info), ompd_rc_error);
  caf.rel_image_handle(h);
  img(1)->status = PARADBG_CAF_IMAGE_RUNNING;
  img(1)->wait_kind = 42;
  p = again(p);
  h = image(p, 1);
  ck_assert_int_eq(caf.get_image_wait(h, &w), ompd_rc_error);
  ck_assert_int_eq(caf.get_wait_images(h, list, 4, &count), ompd_rc_error);
  caf.rel_image_handle(h);
  img(1)->wait_kind = PARADBG_CAF_WAIT_SYNC_ALL;

  /* registry and data out of the segment */
  cafdbg_coarray_handle_t *c = NULL;
  seg(3)->registry = SEG - 8;
  p = again(p);
  h = image(p, 3);
  ck_assert_int_eq(caf.get_next_coarray(h, NULL, &c), ompd_rc_error);
  caf.rel_image_handle(h);
  seg(3)->registry = REC_C;
  seg(3)->magic = 1;
  p = again(p);
  h = image(p, 3);
  ck_assert_int_eq(caf.get_next_coarray(h, NULL, &c), ompd_rc_error);
  caf.rel_image_handle(h);
  seg(3)->magic = PARADBG_CAF_SEGMENT_MAGIC;
  seg(3)->image = 2;
  p = again(p);
  h = image(p, 3);
  ck_assert_int_eq(caf.get_next_coarray(h, NULL, &c), ompd_rc_error);
  caf.rel_image_handle(h);
  seg(3)->image = 3;
  tok(3, REC_C)->data = SEG - 4;
  p = again(p);
  h = image(p, 3);
  ompd_address_t r, in;
  cafdbg_sync_state_t st;
  ck_assert_int_eq(caf.get_next_coarray(h, NULL, &c), ompd_rc_ok);
  ck_assert_int_eq(caf.get_coarray_address(c, 3, &r, &in), ompd_rc_error);
  ck_assert_int_eq(caf.get_sync_state(c, 3, 0, &st), ompd_rc_error);
  caf.rel_coarray_handle(c);
  tok(3, REC_C)->data = DATA(REC_C);
  tok(3, REC_C)->magic = 0;
  caf.rel_image_handle(h);
  p = again(p);
  h = image(p, 3);
  ck_assert_int_eq(caf.get_next_coarray(h, NULL, &c), ompd_rc_error);
  caf.rel_image_handle(h);
  done(p);
}
END_TEST

START_TEST(cyclic_registry)
{
  build_hang();
  /* image 1's oldest record points back to its newest: 7 records, a cycle */
  tok(1, REC_A)->next = REC_K;
  cafdbg_program_handle_t *p = program();
  cafdbg_image_handle_t *h = image(p, 1);
  cafdbg_coarray_handle_t *c = NULL, *next;
  int steps = 0;
  ompd_rc_t rc;
  while ((rc = caf.get_next_coarray(h, c, &next)) == ompd_rc_ok) {
    if (c)
      caf.rel_coarray_handle(c);
    c = next;
    ck_assert_int_lt(++steps, 100);
  }
  ck_assert_int_eq(rc, ompd_rc_error);
  ck_assert_int_le(steps, 8);
  caf.rel_coarray_handle(c);
  /* and a count that claims anything: the hard bound ends the walk */
  seg(1)->ntokens = UINT64_MAX;
  caf.rel_image_handle(h);
  p = again(p);
  h = image(p, 1);
  c = NULL;
  steps = 0;
  while ((rc = caf.get_next_coarray(h, c, &next)) == ompd_rc_ok) {
    if (c)
      caf.rel_coarray_handle(c);
    c = next;
    ck_assert_int_lt(++steps, 1 << 17);
  }
  ck_assert_int_eq(rc, ompd_rc_error);
  caf.rel_coarray_handle(c);
  caf.rel_image_handle(h);
  /* a lock on an image whose registry is a cycle: the holder is still
     told, the variable is not */
  tok(3, REC_E)->next = REC_C;
  seg(3)->ntokens = UINT64_MAX;
  p = again(p);
  h = image(p, 2);
  cafdbg_wait_t w;
  ck_assert_int_eq(caf.get_image_wait(h, &w), ompd_rc_ok);
  ck_assert_int_eq(w.holder, 4);
  ck_assert_ptr_null(w.coarray);
  caf.rel_image_handle(h);
  done(p);
}
END_TEST

/* Sets the n bytes of a field to v (a signed value sign-extended). */
static void poke(unsigned char *at, unsigned n, uint64_t v)
{
  memcpy(at, &v, n < 8 ? n : 8);
  for (unsigned i = 8; i < n; i++)
    at[i] = (unsigned char)(v >> (8 * (i % 8)));
}

/* Hostile values for a field, one after the other, every field of every
   structure the library reads (one instance of each), each time a whole
   exercise. */
START_TEST(every_field)
{
  static const uint64_t values[] = { 0, 1, 2, 3, 4, 5, 7, 8, 64, 4096, SEG - 1, SEG,
                                     UINT32_MAX, INT32_MAX, (uint64_t)INT32_MIN,
                                     (uint64_t)-1, (uint64_t)-2, UINT64_MAX / 2, 1ull << 40,
                                     0x0123456789abcdefull };
  build_hang();
  /* where one instance of each structure lies in the mapping */
  uint64_t where[PARADBG_CAF_NTYPES];
  where[PARADBG_CAF_TYPE_shared] = 0;
  where[PARADBG_CAF_TYPE_image] = (uint64_t)((unsigned char *)img(2) - W.map);
  where[PARADBG_CAF_TYPE_team] = (uint64_t)((unsigned char *)team(0) - W.map);
  where[PARADBG_CAF_TYPE_segment] = seg_off(3);
  where[PARADBG_CAF_TYPE_heap] = seg_off(3) + offsetof(struct t_segment, sym);
  where[PARADBG_CAF_TYPE_block] = seg_off(3) + 512;
  where[PARADBG_CAF_TYPE_token] = seg_off(3) + REC_L;
  where[PARADBG_CAF_TYPE_lock] = seg_off(3) + DATA(REC_L) + 16;
  where[PARADBG_CAF_TYPE_event] = seg_off(4) + DATA(REC_E);
  static const unsigned char type_of[] = {
#define TYPE_OF(s, f) PARADBG_CAF_TYPE_##s,
    PARADBG_CAF_FIELDS(TYPE_OF)
#undef TYPE_OF
  };
  unsigned char *saved = malloc(W.map_size);
  ck_assert_ptr_nonnull(saved);
  memcpy(saved, W.map, W.map_size);
  for (unsigned f = 0; f < PARADBG_CAF_NFIELDS; f++) {
    unsigned char *at = W.map + where[type_of[f]] + paradbg_caf_layout.field[f].offset;
    unsigned n = paradbg_caf_layout.field[f].size;
    for (unsigned v = 0; v < sizeof values / sizeof values[0]; v++) {
      poke(at, n, values[v]);
      exercise();
      memcpy(W.map, saved, W.map_size);
    }
  }
  free(saved);
}
END_TEST

static uint64_t rnd_state = 0x9e3779b97f4a7c15ull;

static uint64_t rnd(void)
{
  rnd_state ^= rnd_state << 13;
  rnd_state ^= rnd_state >> 7;
  rnd_state ^= rnd_state << 17;
  return rnd_state;
}

/* Random bytes where the library reads: the header, the image records,
   the team slots, the sync matrix, and the start of each segment (its
   header, the token records and their data). */
START_TEST(random_bytes)
{
  for (int round = 0; round < 300; round++) {
    build_hang();
    if (round % 3 == 1)
      build_teams();
    int nbytes = 1 + (int)(rnd() % 48);
    for (int i = 0; i < nbytes; i++) {
      uint64_t at;
      if (rnd() % 2)
        at = rnd() % W.segments_off;
      else
        at = seg_off(1 + (int)(rnd() % (uint64_t)W.n)) + rnd() % 8192;
      W.map[at] = (unsigned char)rnd();
    }
    if (round % 10 == 0)   /* and now and then the table */
      ((unsigned char *)&W.table)[rnd() % sizeof W.table] = (unsigned char)rnd();
    exercise();
  }
}
END_TEST

/* A core that holds less than the mapping claims, and reads that fail
   after any number of reads: each call gives a code. */
START_TEST(short_reads)
{
  build_hang();
  for (uint64_t cut = 0; cut < W.map_size; cut += 997) {
    W.map_region = cut;
    exercise();
  }
  W.map_region = W.map_size;
  for (long k = 0; k < 400; k++) {
    W.reads = 0;
    W.fail_reads_after = k;
    exercise();
  }
  build_teams();
  for (long k = 0; k < 200; k++) {
    W.reads = 0;
    W.fail_reads_after = k;
    exercise();
  }
}
END_TEST

/* The host's allocator failing after any number of allocations: nothing
   leaks, every call gives a code. */
START_TEST(no_memory)
{
  build_hang();
  for (long k = 0; k < 300; k++) {
    W.allocs = 0;
    W.fail_allocs_after = k;
    exercise();
  }
}
END_TEST

/* ---- atomic locks ------------------------------------------------------------ */

/* A lock table of nlocks locks of granule bytes and nwaits wait slots, all
   free, in an image of a two-image coarray program (build_world). */
static void build_atomic(uint32_t nlocks, uint32_t granule, uint32_t nwaits)
{
  build_world(2);
  memset(&AW, 0, sizeof AW);
  largest_alloc = 0;
  AW.present = 1;
  AW.table = paradbg_atomic_layout;
  AW.table_region = sizeof AW.table;
  AW.syms.nlocks = nlocks;
  AW.syms.granule = granule;
  AW.syms.nwaits = nwaits;
  strcpy(AW.syms.plugin, "libcafdbg.so");
  AW.locks_region = (uint64_t)(nlocks < A_MAXLOCKS ? nlocks : A_MAXLOCKS) * sizeof(struct ta_lock);
  AW.waits_region = (uint64_t)(nwaits < A_MAXWAITS ? nwaits : A_MAXWAITS) * sizeof(struct ta_wait);
}

static void hold(unsigned i, uint32_t state, int32_t owner, uint64_t addr, uint64_t size,
                 uint32_t waiters)
{
  AW.locks[i].state = state;
  AW.locks[i].owner = owner;
  AW.locks[i].addr = addr;
  AW.locks[i].size = size;
  AW.locks[i].waiters = waiters;
  AW.locks[i].seq = state != PARADBG_ATOMIC_LOCK_FREE ? 7 : 8;   /* odd: its holder's fields */
}

static void waits_in(unsigned slot, int32_t lwp, uint32_t lock, uint64_t addr, uint64_t size)
{
  AW.waits[slot].lwp = lwp;
  AW.waits[slot].lock = lock;
  AW.waits[slot].addr = addr;
  AW.waits[slot].size = size;
}

/* 16 locks of 32 bytes, 8 wait slots (not the runtime's 64, 64, 256: the
   library must read them).  Lock 3 is held by LWP 4242 for 40 bytes at
   0x5000060; lock 5 is held by LWP 4343 for 16 bytes at 0x50000a8 and two
   threads wait for it, 5001 and 5003; lock 7 was held and given back (its
   holder's fields are not cleared); lock 9 has just been taken, and its
   taker has not yet written itself in (seq even: the fields are the last
   holder's).  Slot 2 is being filled, slot 3 names
   a lock out of range, slot 5 holds -7. */
static void build_atomic_hang(void)
{
  build_atomic(16, 32, 8);
  hold(3, PARADBG_ATOMIC_LOCK_HELD, 4242, 0x5000060, 40, 0);
  hold(5, PARADBG_ATOMIC_LOCK_CONTENDED, 4343, 0x50000a8, 16, 2);
  hold(7, PARADBG_ATOMIC_LOCK_FREE, 4444, 0x50000e0, 8, 0);
  hold(9, PARADBG_ATOMIC_LOCK_HELD, 4545, 0x5000120, 24, 0);
  AW.locks[9].seq = 10;
  waits_in(1, 5001, 5, 0x50000a0, 16);
  waits_in(2, -1, 5, 0x50000a0, 16);
  waits_in(3, 5002, 99, 0x50000a0, 16);
  waits_in(4, 5003, 5, 0x50000b0, 8);
  waits_in(5, -7, 5, 0x50000b0, 8);
}

static cafdbg_atomic_handle_t *atomics(void)
{
  cafdbg_atomic_handle_t *h = NULL;
  ck_assert_int_eq(caf.atomic_initialize(CTX, &h), ompd_rc_ok);
  ck_assert_ptr_nonnull(h);
  return h;
}

static void atomics_done(cafdbg_atomic_handle_t *h)
{
  ck_assert_int_eq(caf.rel_atomic_handle(h), ompd_rc_ok);
  ck_assert_uint_eq(W.allocs_live, 0);
}

static ompd_rc_t atomic_init_rc(void)
{
  cafdbg_atomic_handle_t *h = NULL;
  ompd_rc_t rc = caf.atomic_initialize(CTX, &h);
  if (rc == ompd_rc_ok)
    atomics_done(h);
  else
    ck_assert_ptr_null(h);
  ck_assert_uint_eq(W.allocs_live, 0);
  return rc;
}

START_TEST(atomic_table)
{
  build_atomic_hang();
  W.reads = 0;
  cafdbg_atomic_handle_t *h = atomics();
  unsigned long opened = W.reads;
  cafdbg_atomic_info_t info;
  ck_assert_int_eq(caf.get_atomic_info(h, &info), ompd_rc_ok);
  ck_assert_uint_eq(info.nlocks, 16);
  ck_assert_uint_eq(info.granule, 32);
  ck_assert_uint_eq(info.nwait_slots, 8);
  ck_assert_uint_eq(W.reads, opened);   /* the arrays are read at first need */

  cafdbg_atomic_lock_t l;
  for (uint64_t i = 0; i < 16; i++) {
    ck_assert_int_eq(caf.get_atomic_lock(h, i, &l), ompd_rc_ok);
    if (i == 3) {
      ck_assert_int_eq(l.state, cafdbg_atomic_held);
      ck_assert_int_eq(l.owner, 4242);
      ck_assert_uint_eq(l.object.address, 0x5000060);
      ck_assert_uint_eq(l.size, 40);
      ck_assert_int_eq(l.waiters, 0);
    } else if (i == 5) {
      ck_assert_int_eq(l.state, cafdbg_atomic_contended);
      ck_assert_int_eq(l.owner, 4343);
      ck_assert_uint_eq(l.object.address, 0x50000a8);
      ck_assert_uint_eq(l.size, 16);
      ck_assert_int_eq(l.waiters, 2);
    } else if (i == 9) {
      /* held, but the stale holder is not reported as its owner */
      ck_assert_int_eq(l.state, cafdbg_atomic_held);
      ck_assert_int_eq(l.owner, 0);
      ck_assert_uint_eq(l.object.address, 0);
      ck_assert_uint_eq(l.size, 0);
    } else {
      /* free: lock 7's stale holder is not reported */
      ck_assert_int_eq(l.state, cafdbg_atomic_free);
      ck_assert_int_eq(l.owner, 0);
      ck_assert_uint_eq(l.object.address, 0);
      ck_assert_uint_eq(l.size, 0);
      ck_assert_int_eq(l.waiters, 0);
    }
  }
  ck_assert_int_eq(caf.get_atomic_lock(h, 16, &l), ompd_rc_bad_input);
  ck_assert_int_eq(caf.get_atomic_lock(h, UINT64_MAX, &l), ompd_rc_bad_input);

  /* the named waiters, in slot order: -1, -7, a lock out of range and free
     slots are skipped */
  cafdbg_atomic_waiter_t w;
  ck_assert_int_eq(caf.get_atomic_waiter(h, 0, &w), ompd_rc_ok);
  ck_assert_int_eq(w.lwp, 5001);
  ck_assert_uint_eq(w.lock, 5);
  ck_assert_uint_eq(w.object.address, 0x50000a0);
  ck_assert_uint_eq(w.size, 16);
  ck_assert_int_eq(caf.get_atomic_waiter(h, 1, &w), ompd_rc_ok);
  ck_assert_int_eq(w.lwp, 5003);
  ck_assert_uint_eq(w.lock, 5);
  ck_assert_uint_eq(w.object.address, 0x50000b0);
  ck_assert_uint_eq(w.size, 8);
  ck_assert_int_eq(caf.get_atomic_waiter(h, 2, &w), ompd_rc_unavailable);
  ck_assert_int_eq(caf.get_atomic_waiter(h, UINT64_MAX, &w), ompd_rc_unavailable);
  ck_assert_int_eq(caf.get_atomic_waiter(h, 0, &w), ompd_rc_ok);
  ck_assert_int_eq(w.lwp, 5001);

  /* one read of each array, however often asked; a snapshot */
  ck_assert_uint_eq(AW.lock_reads, 1);
  ck_assert_uint_eq(AW.wait_reads, 1);
  hold(3, PARADBG_ATOMIC_LOCK_FREE, 4242, 0x5000060, 40, 0);
  waits_in(1, 0, 5, 0x50000a0, 16);
  ck_assert_int_eq(caf.get_atomic_lock(h, 3, &l), ompd_rc_ok);
  ck_assert_int_eq(l.owner, 4242);
  ck_assert_int_eq(caf.get_atomic_waiter(h, 0, &w), ompd_rc_ok);
  ck_assert_int_eq(w.lwp, 5001);
  ck_assert_uint_eq(AW.lock_reads, 1);
  ck_assert_uint_eq(AW.wait_reads, 1);
  atomics_done(h);
  h = atomics();   /* a new handle sees the target as it is now */
  ck_assert_int_eq(caf.get_atomic_lock(h, 3, &l), ompd_rc_ok);
  ck_assert_int_eq(l.state, cafdbg_atomic_free);
  ck_assert_int_eq(caf.get_atomic_waiter(h, 0, &w), ompd_rc_ok);
  ck_assert_int_eq(w.lwp, 5003);
  atomics_done(h);

  /* no wait slots at all */
  AW.syms.nwaits = 0;
  h = atomics();
  ck_assert_int_eq(caf.get_atomic_info(h, &info), ompd_rc_ok);
  ck_assert_uint_eq(info.nwait_slots, 0);
  ck_assert_int_eq(caf.get_atomic_waiter(h, 0, &w), ompd_rc_unavailable);
  atomics_done(h);
}
END_TEST

/* The locks of [addr, addr + size), as a model byte by byte: the lock of
   each byte's granule, ascending (size 0 counts as one byte). */
static unsigned model_locks_of(uint64_t addr, uint64_t size, uint64_t nlocks, uint64_t granule,
                               uint64_t *out)
{
  unsigned char taken[A_MAXLOCKS] = { 0 };
  unsigned n = 0;
  for (uint64_t b = 0; b < (size ? size : 1); b++)
    taken[(addr + b) / granule % nlocks] = 1;
  for (uint64_t i = 0; i < nlocks; i++)
    if (taken[i])
      out[n++] = i;
  return n;
}

static const char *locks_of(cafdbg_atomic_handle_t *h, uint64_t addr, uint64_t size)
{
  static char out[512];
  uint64_t list[A_MAXLOCKS + 1];
  int count = -1;
  ompd_address_t a = { OMPD_SEGMENT_UNSPECIFIED, addr };
  ck_assert_int_eq(caf.get_atomic_locks_of(h, a, size, list, A_MAXLOCKS + 1, &count), ompd_rc_ok);
  ck_assert(count >= 1 && count <= A_MAXLOCKS);
  out[0] = 0;
  for (int i = 0; i < count; i++)
    snprintf(out + strlen(out), sizeof out - strlen(out), "%s%llu", i ? "," : "",
             (unsigned long long)list[i]);
  return out;
}

START_TEST(atomic_locks_of)
{
  build_atomic(16, 32, 8);
  cafdbg_atomic_handle_t *h = atomics();
  uint64_t high = 0x7f0000000000ull;   /* a multiple of 16 * 32 */
  ck_assert_str_eq(locks_of(h, high + 5 * 32 + 4, 8), "5");        /* inside one granule */
  ck_assert_str_eq(locks_of(h, high + 5 * 32 + 28, 8), "5,6");     /* across two */
  ck_assert_str_eq(locks_of(h, high + 15 * 32 + 20, 20), "0,15");  /* around the table's end */
  ck_assert_str_eq(locks_of(h, high + 14 * 32, 3 * 32), "0,14,15");
  ck_assert_str_eq(locks_of(h, high + 7 * 32 + 31, 0), "7");       /* size 0: one byte */
  ck_assert_str_eq(locks_of(h, high + 7 * 32 + 31, 1), "7");
  ck_assert_str_eq(locks_of(h, high + 7 * 32 + 31, 2), "7,8");
  ck_assert_str_eq(locks_of(h, high + 32, 15 * 32), "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15");
  static const char all[] = "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15";
  ck_assert_str_eq(locks_of(h, high + 32, 16 * 32), all);           /* 16 granules */
  ck_assert_str_eq(locks_of(h, high + 33, 15 * 32), all);           /* 16 granules, unaligned */
  ck_assert_str_eq(locks_of(h, high, 1ull << 40), all);
  ck_assert_str_eq(locks_of(h, UINT64_MAX - 3, 8), all);            /* wraps the address space */
  ck_assert_str_eq(locks_of(h, 1, UINT64_MAX), all);
  ck_assert_str_eq(locks_of(h, 0, 0), "0");
  ck_assert_str_eq(locks_of(h, UINT64_MAX, 0), "15");

  /* against the byte-by-byte model, sizes up to 20 granules */
  uint64_t s = 0x2545f4914f6cdd1dull;
  for (int i = 0; i < 3000; i++) {
    s ^= s << 13, s ^= s >> 7, s ^= s << 17;
    uint64_t addr = high + s % 4096, size = (s >> 20) % 641, want[A_MAXLOCKS], got[A_MAXLOCKS];
    unsigned n = model_locks_of(addr, size, 16, 32, want);
    int count = -1;
    ompd_address_t a = { OMPD_SEGMENT_UNSPECIFIED, addr };
    ck_assert_int_eq(caf.get_atomic_locks_of(h, a, size, got, A_MAXLOCKS, &count), ompd_rc_ok);
    ck_assert_int_eq(count, (int)n);
    for (unsigned k = 0; k < n; k++)
      ck_assert_uint_eq(got[k], want[k]);
  }

  /* *count is the full number; at most max are written */
  uint64_t two[2] = { 99, 99 };
  int count = -1;
  ompd_address_t a = { OMPD_SEGMENT_UNSPECIFIED, high + 15 * 32 + 20 };
  ck_assert_int_eq(caf.get_atomic_locks_of(h, a, 20, two, 1, &count), ompd_rc_ok);
  ck_assert_int_eq(count, 2);
  ck_assert_uint_eq(two[0], 0);
  ck_assert_uint_eq(two[1], 99);
  ck_assert_int_eq(caf.get_atomic_locks_of(h, a, 20, NULL, 0, &count), ompd_rc_ok);
  ck_assert_int_eq(count, 2);
  ck_assert_int_eq(caf.get_atomic_locks_of(h, a, 20, NULL, 1, &count), ompd_rc_bad_input);
  ck_assert_int_eq(caf.get_atomic_locks_of(h, a, 20, two, -1, &count), ompd_rc_bad_input);
  ck_assert_int_eq(caf.get_atomic_locks_of(h, a, 20, two, 2, NULL), ompd_rc_bad_input);
  ck_assert_int_eq(caf.get_atomic_locks_of(NULL, a, 20, two, 2, &count), ompd_rc_bad_input);
  ck_assert_uint_eq(AW.lock_reads + AW.wait_reads, 0);   /* the table's geometry is enough */
  atomics_done(h);

  /* the runtime's own geometry: 64 locks of 64 bytes */
  build_atomic(64, 64, 8);
  h = atomics();
  ck_assert_str_eq(locks_of(h, 0x601000 + 63 * 64 + 48, 32), "0,63");
  ck_assert_str_eq(locks_of(h, 0x601000, 40), "0");
  atomics_done(h);
}
END_TEST

START_TEST(atomic_no_table)
{
  build_atomic_hang();
  cafdbg_atomic_handle_t *h = NULL;
  cafdbg_atomic_info_t info;
  cafdbg_atomic_lock_t l;
  cafdbg_atomic_waiter_t w;
  ck_assert_int_eq(caf.atomic_initialize(NULL, &h), ompd_rc_bad_input);
  ck_assert_int_eq(caf.atomic_initialize(CTX, NULL), ompd_rc_bad_input);
  ck_assert_int_eq(caf.rel_atomic_handle(NULL), ompd_rc_bad_input);
  ck_assert_int_eq(caf.get_atomic_info(NULL, &info), ompd_rc_bad_input);
  h = atomics();
  ck_assert_int_eq(caf.get_atomic_info(h, NULL), ompd_rc_bad_input);
  ck_assert_int_eq(caf.get_atomic_lock(h, 0, NULL), ompd_rc_bad_input);
  ck_assert_int_eq(caf.get_atomic_lock(NULL, 0, &l), ompd_rc_bad_input);
  ck_assert_int_eq(caf.get_atomic_waiter(h, 0, NULL), ompd_rc_bad_input);
  ck_assert_int_eq(caf.get_atomic_waiter(NULL, 0, &w), ompd_rc_bad_input);
  atomics_done(h);

  /* an OpenMP program linked with -latomic: no coarray runtime at all */
  for (int i = 0; i < S_N; i++)
    W.hide[i] = 1;
  h = atomics();
  ck_assert_int_eq(caf.get_atomic_lock(h, 3, &l), ompd_rc_ok);
  ck_assert_int_eq(l.owner, 4242);
  atomics_done(h);
  cafdbg_program_handle_t *p = NULL;
  ck_assert_int_eq(open_program(&p), ompd_rc_unavailable);
  memset(W.hide, 0, sizeof W.hide);

  /* another libatomic (GNU's): none of the symbols */
  AW.present = 0;
  ck_assert_int_eq(atomic_init_rc(), ompd_rc_unavailable);
  AW.present = 1;
  /* the table without the arrays and counts of version 2 */
  for (int i = AS_LOCKS; i <= AS_NWAITS; i++) {
    AW.hide[i] = 1;
    ck_assert_int_eq(atomic_init_rc(), ompd_rc_incompatible);
    AW.hide[i] = 0;
  }
  AW.hide[AS_PLUGIN] = 1;   /* not read */
  ck_assert_int_eq(atomic_init_rc(), ompd_rc_ok);
  AW.hide[AS_TABLE] = 1;
  ck_assert_int_eq(atomic_init_rc(), ompd_rc_unavailable);
}
END_TEST

START_TEST(atomic_tables)
{
  build_atomic_hang();
  ck_assert_int_eq(atomic_init_rc(), ompd_rc_ok);
  AW.table.magic ^= 1;
  ck_assert_int_eq(atomic_init_rc(), ompd_rc_incompatible);
  AW.table = paradbg_atomic_layout;
  AW.table.magic = PARADBG_CAF_LAYOUT_MAGIC;   /* another runtime's table */
  ck_assert_int_eq(atomic_init_rc(), ompd_rc_incompatible);
  AW.table = paradbg_atomic_layout;
  AW.table.version = PARADBG_ATOMIC_LAYOUT_VERSION - 1;
  ck_assert_int_eq(atomic_init_rc(), ompd_rc_incompatible);
  AW.table.version = PARADBG_ATOMIC_LAYOUT_VERSION + 1;
  ck_assert_int_eq(atomic_init_rc(), ompd_rc_incompatible);
  AW.table = paradbg_atomic_layout;
  AW.table.table_size += 8;   /* a size the table does not have */
  ck_assert_int_eq(atomic_init_rc(), ompd_rc_incompatible);
  AW.table.table_size -= 16;
  ck_assert_int_eq(atomic_init_rc(), ompd_rc_incompatible);
  AW.table = paradbg_atomic_layout;
  AW.table.nfields--;
  ck_assert_int_eq(atomic_init_rc(), ompd_rc_incompatible);
  AW.table = paradbg_atomic_layout;
  AW.table.pointer_size = 4;
  ck_assert_int_eq(atomic_init_rc(), ompd_rc_incompatible);
  AW.table = paradbg_atomic_layout;
  AW.table.field[PARADBG_ATOMIC_FIELD_lock_state].offset = sizeof(struct ta_lock);
  ck_assert_int_eq(atomic_init_rc(), ompd_rc_incompatible);   /* outside its structure */
  AW.table = paradbg_atomic_layout;
  AW.table.field[PARADBG_ATOMIC_FIELD_wait_lwp].size = 8;
  ck_assert_int_eq(atomic_init_rc(), ompd_rc_incompatible);   /* not its kind's size */
  AW.table = paradbg_atomic_layout;
  AW.table.type_size[PARADBG_ATOMIC_TYPE_lock] = 0;
  ck_assert_int_eq(atomic_init_rc(), ompd_rc_incompatible);
  AW.table.type_size[PARADBG_ATOMIC_TYPE_lock] = UINT32_MAX;
  ck_assert_int_eq(atomic_init_rc(), ompd_rc_incompatible);
  AW.table = paradbg_atomic_layout;
  AW.table_region = 20;   /* a core holding part of the table */
  ck_assert_int_eq(atomic_init_rc(), ompd_rc_device_read_error);
  AW.table_region = sizeof AW.table - 4;
  ck_assert_int_eq(atomic_init_rc(), ompd_rc_device_read_error);
  AW.table_region = sizeof AW.table;
  ck_assert_int_eq(atomic_init_rc(), ompd_rc_ok);
}
END_TEST

/* Counts and granule a corrupt core may claim: ompd_rc_error, and no
   allocation or read larger than the library's bound. */
START_TEST(atomic_geometry)
{
  static const struct {
    uint32_t nlocks, granule, nwaits;
    ompd_rc_t rc;
  } cases[] = {
    { 0, 32, 8, ompd_rc_error },
    { UINT32_MAX, 32, 8, ompd_rc_error },
    { (1u << 16) + 1, 32, 8, ompd_rc_error },
    { 16, 0, 8, ompd_rc_error },
    { 16, (1u << 30) + 1, 8, ompd_rc_error },
    { 16, UINT32_MAX, 8, ompd_rc_error },
    { 16, 32, UINT32_MAX, ompd_rc_error },
    { 16, 32, (1u << 16) + 1, ompd_rc_error },
    /* within each bound, but more than one read may fetch together */
    { 1u << 16, 32, 1u << 16, ompd_rc_error },
    { 16, 1u << 30, 0, ompd_rc_ok },
    { 1, 1, 0, ompd_rc_ok },
  };
  for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    build_atomic_hang();
    AW.syms.nlocks = cases[i].nlocks;
    AW.syms.granule = cases[i].granule;
    AW.syms.nwaits = cases[i].nwaits;
    ck_assert_msg(atomic_init_rc() == cases[i].rc, "case %u", i);
  }
  /* the largest table the bounds allow: answered, or refused, never a
     read or allocation past 4 MiB */
  build_atomic_hang();
  AW.syms.nlocks = 1u << 16;
  AW.syms.nwaits = 0;
  AW.table.type_size[PARADBG_ATOMIC_TYPE_lock] = 64;
  cafdbg_atomic_handle_t *h = NULL;
  if (RC(caf.atomic_initialize(CTX, &h)) == ompd_rc_ok) {
    cafdbg_atomic_lock_t l;
    RC(caf.get_atomic_lock(h, 65535, &l));   /* the region is shorter: a read error */
    atomics_done(h);
  }
  ck_assert_uint_le(largest_alloc, 4u << 20);
}
END_TEST

/* Arrays that cannot be read: the calls that need them fail with the read's
   code, each time, without reading again; the rest still answer. */
START_TEST(atomic_unreadable)
{
  build_atomic_hang();
  AW.locks_region = 0;
  cafdbg_atomic_handle_t *h = atomics();
  cafdbg_atomic_lock_t l;
  cafdbg_atomic_waiter_t w;
  cafdbg_atomic_info_t info;
  int count;
  uint64_t list[4];
  ompd_address_t a = { OMPD_SEGMENT_UNSPECIFIED, 0x1000 };
  ck_assert_int_eq(caf.get_atomic_lock(h, 3, &l), ompd_rc_device_read_error);
  unsigned long reads = W.reads;
  ck_assert_int_eq(caf.get_atomic_lock(h, 5, &l), ompd_rc_device_read_error);
  ck_assert_uint_eq(W.reads, reads);
  ck_assert_int_eq(caf.get_atomic_waiter(h, 1, &w), ompd_rc_ok);
  ck_assert_int_eq(w.lwp, 5003);
  ck_assert_int_eq(caf.get_atomic_info(h, &info), ompd_rc_ok);
  ck_assert_int_eq(caf.get_atomic_locks_of(h, a, 8, list, 4, &count), ompd_rc_ok);
  atomics_done(h);
  build_atomic_hang();
  AW.waits_region = 3 * sizeof(struct ta_wait);   /* a core that left part out */
  h = atomics();
  ck_assert_int_eq(caf.get_atomic_waiter(h, 0, &w), ompd_rc_device_read_error);
  ck_assert_int_eq(caf.get_atomic_waiter(h, 0, &w), ompd_rc_device_read_error);
  ck_assert_int_eq(caf.get_atomic_lock(h, 3, &l), ompd_rc_ok);
  ck_assert_uint_eq(AW.wait_reads, 0);
  atomics_done(h);
}
END_TEST

/* Every entry point on whatever the table holds: a code from each call,
   a bounded iteration, sane values, nothing leaked. */
static void exercise_atomic(void)
{
  cafdbg_atomic_handle_t *h = NULL;
  ompd_rc_t rc = RC(caf.atomic_initialize(CTX, &h));
  if (rc != ompd_rc_ok) {
    ck_assert_ptr_null(h);
    ck_assert_uint_eq(W.allocs_live, 0);
    return;
  }
  cafdbg_atomic_info_t info;
  ck_assert_int_eq(caf.get_atomic_info(h, &info), ompd_rc_ok);
  ck_assert(info.nlocks >= 1 && info.nlocks <= (1u << 16));
  ck_assert(info.granule >= 1 && info.granule <= (1u << 30));
  ck_assert(info.nwait_slots <= (1u << 16));
  for (uint64_t i = 0; i <= info.nlocks && i < 100; i++) {
    cafdbg_atomic_lock_t l;
    if (RC(caf.get_atomic_lock(h, i, &l)) != ompd_rc_ok)
      continue;
    ck_assert(l.state == cafdbg_atomic_free || l.state == cafdbg_atomic_held ||
              l.state == cafdbg_atomic_contended);
    ck_assert(l.owner >= 0 && l.waiters >= -1);
    if (l.state == cafdbg_atomic_free)
      ck_assert(l.owner == 0 && l.object.address == 0 && l.size == 0);
  }
  cafdbg_atomic_lock_t l;
  ck_assert_int_eq(caf.get_atomic_lock(h, info.nlocks, &l), ompd_rc_bad_input);
  for (uint64_t nth = 0; nth < 70000; nth++) {
    cafdbg_atomic_waiter_t w;
    if (RC(caf.get_atomic_waiter(h, nth, &w)) != ompd_rc_ok)
      break;
    ck_assert_uint_lt(nth, info.nwait_slots);
    ck_assert(w.lwp > 0 && w.lock < info.nlocks);
  }
  static const uint64_t addrs[] = { 0, 1, 63, 0x5000060, 0x7fffffffffffull, UINT64_MAX - 1,
                                    UINT64_MAX };
  static const uint64_t sizes[] = { 0, 1, 40, 4096, 1ull << 40, UINT64_MAX };
  for (unsigned i = 0; i < sizeof addrs / sizeof addrs[0]; i++)
    for (unsigned j = 0; j < sizeof sizes / sizeof sizes[0]; j++) {
      uint64_t list[8];
      int count = -1;
      ompd_address_t a = { OMPD_SEGMENT_UNSPECIFIED, addrs[i] };
      if (RC(caf.get_atomic_locks_of(h, a, sizes[j], list, 8, &count)) != ompd_rc_ok)
        continue;
      ck_assert(count >= 1 && (uint64_t)count <= info.nlocks);
      for (int k = 0; k < count && k < 8; k++) {
        ck_assert_uint_lt(list[k], info.nlocks);
        if (k > 0)
          ck_assert_uint_lt(list[k - 1], list[k]);
      }
    }
  atomics_done(h);
  ck_assert_uint_le(largest_alloc, 4u << 20);
}

/* Hostile values in each field of one lock and one wait slot. */
START_TEST(atomic_every_field)
{
  static const uint64_t values[] = { 0, 1, 2, 3, 4, 15, 16, 17, 99, UINT32_MAX, INT32_MAX,
                                     (uint64_t)INT32_MIN, (uint64_t)-1, (uint64_t)-2,
                                     UINT64_MAX / 2, 1ull << 40, 0x0123456789abcdefull };
  static const unsigned char type_of[] = {
#define ATYPE_OF(s, f) PARADBG_ATOMIC_TYPE_##s,
    PARADBG_ATOMIC_FIELDS(ATYPE_OF)
#undef ATYPE_OF
  };
  for (unsigned f = 0; f < PARADBG_ATOMIC_NFIELDS; f++)
    for (unsigned v = 0; v < sizeof values / sizeof values[0]; v++) {
      build_atomic_hang();
      unsigned char *rec = type_of[f] == PARADBG_ATOMIC_TYPE_lock ? (unsigned char *)&AW.locks[5]
                                                                  : (unsigned char *)&AW.waits[1];
      poke(rec + paradbg_atomic_layout.field[f].offset, paradbg_atomic_layout.field[f].size,
           values[v]);
      exercise_atomic();
    }
  /* a garbage state or waiter count is an error; a garbage owner too */
  build_atomic_hang();
  AW.locks[5].state = 3;
  AW.locks[6].waiters = UINT32_MAX;
  AW.locks[3].owner = -5;
  cafdbg_atomic_handle_t *h = atomics();
  cafdbg_atomic_lock_t l;
  ck_assert_int_eq(caf.get_atomic_lock(h, 5, &l), ompd_rc_error);
  ck_assert_int_eq(caf.get_atomic_lock(h, 6, &l), ompd_rc_error);
  ck_assert_int_eq(caf.get_atomic_lock(h, 3, &l), ompd_rc_error);
  ck_assert_int_eq(caf.get_atomic_lock(h, 4, &l), ompd_rc_ok);
  atomics_done(h);
}
END_TEST

/* Random bytes in every lock and every wait slot, and now and then in the
   table and the counts, over several seeds. */
START_TEST(atomic_random_bytes)
{
  static const uint64_t seeds[] = { 1, 0x9e3779b97f4a7c15ull, 0xdeadbeefcafef00dull, 42, 7 };
  for (unsigned s = 0; s < sizeof seeds / sizeof seeds[0]; s++) {
    rnd_state = seeds[s];
    for (int round = 0; round < 60; round++) {
      build_atomic_hang();
      if (round % 2)
        build_atomic(A_MAXLOCKS, 64, A_MAXWAITS);
      unsigned char *locks = (unsigned char *)AW.locks, *waits = (unsigned char *)AW.waits;
      for (size_t i = 0; i < sizeof AW.locks; i++)
        locks[i] = (unsigned char)rnd();
      for (size_t i = 0; i < sizeof AW.waits; i++)
        waits[i] = (unsigned char)rnd();
      if (round % 5 == 0)
        ((unsigned char *)&AW.table)[rnd() % sizeof AW.table] = (unsigned char)rnd();
      if (round % 7 == 0)
        ((unsigned char *)&AW.syms)[rnd() % 12] = (unsigned char)rnd();
      exercise_atomic();
      /* small states, so that records are decoded, not refused */
      for (unsigned i = 0; i < A_MAXLOCKS; i++)
        AW.locks[i].state %= 3;
      exercise_atomic();
    }
  }
}
END_TEST

/* Reads that fail after any number of reads, and the allocator failing
   after any number of allocations. */
START_TEST(atomic_failures)
{
  build_atomic_hang();
  for (long k = 0; k < 20; k++) {
    W.reads = 0;
    W.fail_reads_after = k;
    exercise_atomic();
  }
  W.fail_reads_after = -1;
  for (long k = 0; k < 20; k++) {
    W.allocs = 0;
    W.fail_allocs_after = k;
    exercise_atomic();
  }
}
END_TEST

/* ---- distributed arrays ------------------------------------------------------ */

/* The DAP table and an empty registry of the process (valid, no arrays),
   beside whatever W holds (build_world first); nothing in any image. */
static void dap_reset(void)
{
  unsigned char *heap = DW.heap;
  if (heap == NULL) {
    heap = calloc(1, DHEAP_SIZE);
    ck_assert_ptr_nonnull(heap);
  } else {
    memset(heap, 0, DW.heap_used);
  }
  memset(&DW, 0, sizeof DW);
  DW.heap = heap;
  DW.present = 1;
  DW.table = paradbg_dap_layout;
  DW.table_region = sizeof DW.table;
  DW.reg.magic = PARADBG_DAP_REGISTRY_MAGIC;
  DW.reg_region = sizeof DW.reg;
  DW.heap_region = DHEAP_SIZE;
  DW.regs[0] = &DW.reg;
  DW.reg_at[0] = DREG_AT;
  largest_alloc = 0;
}

/* n bytes of the memory of image g (0: the process's own memory), with
   the address the registering process uses for them: in an image, an
   address of its local view. */
static void *dalloc(int g, uint64_t n, uint64_t *addr)
{
  uint64_t off;
  if (g == 0) {
    off = align(DW.heap_used, 16);
    ck_assert_uint_le(off + n, DHEAP_SIZE);
    DW.heap_used = off + n;
    *addr = DHEAP_AT + off;
    return DW.heap + off;
  }
  ck_assert(g >= 1 && g <= W.n && g <= D_MAXIMAGES);
  off = align(DSEG_AREA + DW.seg_used[g], 16);
  ck_assert_uint_le(off + n, SEG);
  DW.seg_used[g] = off + n - DSEG_AREA;
  *addr = VIEW_BASE + off;
  return segb(g) + off;
}

/* The address the registering process (0, or image g) uses for host bytes. */
static uint64_t daddr(int g, const void *host)
{
  const unsigned char *p = host;
  return g == 0 ? DHEAP_AT + (uint64_t)(p - DW.heap) : VIEW_BASE + (uint64_t)(p - segb(g));
}

/* Where the library reads an image's local-view address: its segment. */
static uint64_t dmapped(int g, uint64_t view_addr)
{
  return seg_addr(g, view_addr - VIEW_BASE);
}

/* Image g's registry, empty, in its segment. */
static void dap_image_registry(int g)
{
  uint64_t at;
  struct td_registry *r = dalloc(g, sizeof *r, &at);
  memset(r, 0, sizeof *r);
  r->magic = PARADBG_DAP_REGISTRY_MAGIC;
  DW.regs[g] = r;
  DW.reg_at[g] = at;
  seg(g)->dap = at;
}

/* A process that is not a coarray image: libparcaf is there but has made
   no mapping (parcaf_shared 0). */
static void build_dap_process(void)
{
  build_world(2);
  W.syms.shared = 0;
  dap_reset();
}

/* n images, this address space image me (0: the launcher), each with an
   empty registry in its segment. */
static void build_dap_images(int n, int me)
{
  build_world(n);
  W.syms.this_image = me;
  dap_reset();
  for (int g = 1; g <= n; g++)
    dap_image_registry(g);
}

static struct td_dim bdim(int64_t size, int64_t pgs, int64_t pgr, int64_t start, int64_t stop,
                          int64_t pad0, int64_t pad1, uint32_t periodic)
{
  struct td_dim d;
  memset(&d, 0, sizeof d);
  d.dist_type = 'b';
  d.size = size;
  d.proc_grid_size = pgs;
  d.proc_grid_rank = pgr;
  d.start = start;
  d.stop = stop;
  d.padding[0] = pad0;
  d.padding[1] = pad1;
  d.periodic = periodic;
  d.extent = stop - start;
  return d;
}

static struct td_dim cdim(int64_t size, int64_t pgs, int64_t pgr, int64_t start, int64_t block_size,
                          int64_t extent)
{
  struct td_dim d;
  memset(&d, 0, sizeof d);
  d.dist_type = 'c';
  d.size = size;
  d.proc_grid_size = pgs;
  d.proc_grid_rank = pgr;
  d.start = start;
  d.block_size = block_size;
  d.extent = extent;
  return d;
}

/* A 'u' dimension whose n indices lie in the memory of g. */
static struct td_dim udim(int g, int64_t size, int64_t pgs, int64_t pgr, const int64_t *idx,
                          int64_t n)
{
  struct td_dim d;
  memset(&d, 0, sizeof d);
  d.dist_type = 'u';
  d.one_to_one = 1;
  d.size = size;
  d.proc_grid_size = pgs;
  d.proc_grid_rank = pgr;
  d.extent = n;
  if (n > 0) {
    int64_t *p = dalloc(g, (uint64_t)n * 8, &d.indices);
    memcpy(p, idx, (size_t)n * 8);
  }
  return d;
}

/* An array record and its dimensions in the memory of g, linked at the
   head of g's registry (newest first), as the runtime does. */
static struct td_array *dadd(int g, const char *name, const char *typestr, int id, int rank,
                             int nprocs, uint64_t buffer, int ndim, const struct td_dim *dims)
{
  uint64_t at, dat = 0;
  struct td_array *a = dalloc(g, sizeof *a, &at);
  memset(a, 0, sizeof *a);
  a->magic = PARADBG_DAP_ARRAY_MAGIC;
  snprintf(a->name, sizeof a->name, "%s", name);
  snprintf(a->typestr, sizeof a->typestr, "%s", typestr);
  a->id = id;
  a->rank = rank;
  a->nprocs = nprocs;
  a->image = g;
  a->buffer = buffer;
  a->ndim = ndim;
  if (ndim > 0) {
    struct td_dim *d = dalloc(g, (uint64_t)ndim * sizeof *d, &dat);
    memcpy(d, dims, (size_t)ndim * sizeof *d);
  }
  a->dims = dat;
  struct td_registry *r = DW.regs[g];
  a->next = r->first;
  r->first = at;
  r->count++;
  r->generation += 2;   /* odd while the runtime changes it */
  return a;
}

static struct td_dim *ddims(int g, const struct td_array *a)
{
  return (struct td_dim *)(g == 0 ? DW.heap + (a->dims - DHEAP_AT) : segb(g) + (a->dims - VIEW_BASE));
}

/* The process's arrays, oldest first: field, a 2-D padded block <f8
   periodic in its last dimension; matrix, a block-cyclic <i4; mesh, an
   unstructured <f8 of four elements. */
static const int64_t mesh_idx[4] = { 7, 3, 8, 0 };
static uint64_t buf_field, buf_matrix, buf_mesh;
static struct td_dim field_dims[2], matrix_dims[2], mesh_dims[1];

static void add_process_arrays(int g)
{
  dalloc(g, 8 * 8 * 12, &buf_field);
  dalloc(g, 4 * 6 * 7, &buf_matrix);
  dalloc(g, 8 * 4, &buf_mesh);
  field_dims[0] = bdim(12, 2, 1, 5, 12, 1, 0, 0);
  field_dims[1] = bdim(10, 1, 0, 0, 12, 1, 1, 1);
  matrix_dims[0] = cdim(10, 2, 1, 3, 3, 4);
  matrix_dims[1] = cdim(7, 1, 0, 0, 1, 7);
  mesh_dims[0] = udim(g, 9, 3, 2, mesh_idx, 4);
  dadd(g, "field", "<f8", 1, 1, 2, buf_field, 2, field_dims);
  dadd(g, "matrix", "<i4", 2, 1, 2, buf_matrix, 2, matrix_dims);
  dadd(g, "mesh", "<f8", 3, 2, 3, buf_mesh, 1, mesh_dims);
}

static cafdbg_dap_handle_t *daps(void)
{
  cafdbg_dap_handle_t *h = NULL;
  ck_assert_int_eq(caf.dap_initialize(CTX, &h), ompd_rc_ok);
  ck_assert_ptr_nonnull(h);
  return h;
}

static void daps_done(cafdbg_dap_handle_t *h)
{
  ck_assert_int_eq(caf.rel_dap_handle(h), ompd_rc_ok);
  ck_assert_uint_eq(W.allocs_live, 0);
}

static ompd_rc_t dap_init_rc(void)
{
  cafdbg_dap_handle_t *h = NULL;
  ompd_rc_t rc = caf.dap_initialize(CTX, &h);
  if (rc == ompd_rc_ok)
    daps_done(h);
  else
    ck_assert_ptr_null(h);
  ck_assert_uint_eq(W.allocs_live, 0);
  return rc;
}

static int dcount(cafdbg_dap_handle_t *h)
{
  int n = -1;
  ck_assert_int_eq(caf.get_dap_count(h, &n), ompd_rc_ok);
  return n;
}

static int dap_count_now(void)
{
  cafdbg_dap_handle_t *h = daps();
  int n = dcount(h);
  daps_done(h);
  return n;
}

static cafdbg_dap_array_t darray(cafdbg_dap_handle_t *h, int nth)
{
  cafdbg_dap_array_t a;
  ck_assert_int_eq(caf.get_dap_array(h, nth, &a), ompd_rc_ok);
  return a;
}

static void check_dim(cafdbg_dap_handle_t *h, int nth, int k, const struct td_dim *w)
{
  cafdbg_dap_dim_t d;
  ck_assert_int_eq(caf.get_dap_dim(h, nth, k, &d), ompd_rc_ok);
  ck_assert_int_eq(d.dist_type, (char)w->dist_type);
  ck_assert_int_eq(d.periodic, (int)w->periodic);
  ck_assert_int_eq(d.one_to_one, (int)w->one_to_one);
  ck_assert_int_eq(d.size, w->size);
  ck_assert_int_eq(d.proc_grid_size, w->proc_grid_size);
  ck_assert_int_eq(d.proc_grid_rank, w->proc_grid_rank);
  ck_assert_int_eq(d.start, w->start);
  ck_assert_int_eq(d.stop, w->stop);
  ck_assert_int_eq(d.padding[0], w->padding[0]);
  ck_assert_int_eq(d.padding[1], w->padding[1]);
  ck_assert_int_eq(d.block_size, w->block_size);
  ck_assert_int_eq(d.extent, w->extent);
}

static void check_array(cafdbg_dap_handle_t *h, int nth, const char *name, const char *typestr,
                        int id, int rank, int nprocs, int image, uint64_t buffer, uint64_t readable,
                        int ndim, const struct td_dim *dims)
{
  cafdbg_dap_array_t a = darray(h, nth);
  ck_assert_str_eq(a.name, name);
  ck_assert_str_eq(a.typestr, typestr);
  ck_assert_int_eq(a.id, id);
  ck_assert_int_eq(a.rank, rank);
  ck_assert_int_eq(a.nprocs, nprocs);
  ck_assert_int_eq(a.image, image);
  ck_assert_uint_eq(a.buffer.address, buffer);
  ck_assert_uint_eq(a.readable.address, readable);
  ck_assert_int_eq(a.ndim, ndim);
  for (int k = 0; k < ndim; k++)
    check_dim(h, nth, k, &dims[k]);
  cafdbg_dap_dim_t d;
  ck_assert_int_eq(caf.get_dap_dim(h, nth, ndim, &d), ompd_rc_bad_input);
  ck_assert_int_eq(caf.get_dap_dim(h, nth, -1, &d), ompd_rc_bad_input);
}

static void check_process_arrays(cafdbg_dap_handle_t *h, int first)
{
  check_array(h, first, "mesh", "<f8", 3, 2, 3, 0, buf_mesh, buf_mesh, 1, mesh_dims);
  check_array(h, first + 1, "matrix", "<i4", 2, 1, 2, 0, buf_matrix, buf_matrix, 2, matrix_dims);
  check_array(h, first + 2, "field", "<f8", 1, 1, 2, 0, buf_field, buf_field, 2, field_dims);
}

START_TEST(dap_process)
{
  build_dap_process();
  add_process_arrays(0);
  W.reads = 0;
  cafdbg_dap_handle_t *h = daps();
  /* the coarray runtime's table and its two pointers (no mapping), the
     DAP table (two), the registry (a window that runs past its memory
     fails: read alone) before and after the records, a window of records */
  ck_assert_uint_le(W.reads, 10);
  unsigned long reads = W.reads;
  ck_assert_int_eq(dcount(h), 3);
  check_process_arrays(h, 0);
  cafdbg_dap_array_t a;
  ck_assert_int_eq(caf.get_dap_array(h, 3, &a), ompd_rc_bad_input);
  ck_assert_int_eq(caf.get_dap_array(h, -1, &a), ompd_rc_bad_input);
  ck_assert_uint_eq(W.reads, reads);   /* a snapshot: read when made */

  /* the target changes: the handle does not, a new one does */
  dadd(0, "late", "<i4", 4, 0, 1, 0, 0, NULL);
  ck_assert_int_eq(dcount(h), 3);
  daps_done(h);
  h = daps();
  ck_assert_int_eq(dcount(h), 4);
  check_array(h, 0, "late", "<i4", 4, 0, 1, 0, 0, 0, 0, NULL);
  check_process_arrays(h, 1);
  daps_done(h);

  /* no coarray runtime at all: the same registry */
  for (int i = 0; i < S_N; i++)
    W.hide[i] = 1;
  h = daps();
  ck_assert_int_eq(dcount(h), 4);
  check_process_arrays(h, 1);
  daps_done(h);

  /* an empty registry; and one the runtime never set up (all zero) */
  DW.reg.first = 0;
  ck_assert_int_eq(dap_count_now(), 0);
  memset(&DW.reg, 0, sizeof DW.reg);
  ck_assert_int_eq(dap_count_now(), 0);
}
END_TEST

static unsigned long d2h_units;

static ompd_rc_t cb_d2h(ompd_address_space_context_t *c, const void *input, ompd_size_t unit_size,
                        ompd_size_t count, void *output)
{
  ck_assert_ptr_eq(c, CTX);
  memcpy(output, input, unit_size * count);
  d2h_units += count;
  return ompd_rc_ok;
}

START_TEST(dap_indices)
{
  build_dap_process();
  add_process_arrays(0);
  cafdbg_dap_handle_t *h = daps();
  int64_t out[8];
  ck_assert_int_eq(caf.get_dap_indices(h, 0, 0, 0, 4, out), ompd_rc_ok);
  for (int i = 0; i < 4; i++)
    ck_assert_int_eq(out[i], mesh_idx[i]);
  memset(out, 0, sizeof out);
  ck_assert_int_eq(caf.get_dap_indices(h, 0, 0, 1, 2, out), ompd_rc_ok);
  ck_assert_int_eq(out[0], 3);
  ck_assert_int_eq(out[1], 8);
  ck_assert_int_eq(out[2], 0);
  ck_assert_int_eq(caf.get_dap_indices(h, 0, 0, 4, 0, out), ompd_rc_ok);
  ck_assert_int_eq(caf.get_dap_indices(h, 0, 0, 0, 0, NULL), ompd_rc_ok);
  ck_assert_int_eq(caf.get_dap_indices(h, 0, 0, 3, 2, out), ompd_rc_bad_input);
  ck_assert_int_eq(caf.get_dap_indices(h, 0, 0, 5, 0, out), ompd_rc_bad_input);
  ck_assert_int_eq(caf.get_dap_indices(h, 0, 0, UINT64_MAX, 2, out), ompd_rc_bad_input);
  ck_assert_int_eq(caf.get_dap_indices(h, 0, 0, 1, UINT64_MAX, out), ompd_rc_bad_input);
  ck_assert_int_eq(caf.get_dap_indices(h, 0, 0, 0, 1, NULL), ompd_rc_bad_input);
  ck_assert_int_eq(caf.get_dap_indices(h, 0, 1, 0, 1, out), ompd_rc_bad_input);
  ck_assert_int_eq(caf.get_dap_indices(h, 1, 0, 0, 1, out), ompd_rc_bad_input);   /* 'c' */
  ck_assert_int_eq(caf.get_dap_indices(h, 2, 1, 0, 1, out), ompd_rc_bad_input);   /* 'b' */
  ck_assert_int_eq(caf.get_dap_indices(h, 3, 0, 0, 1, out), ompd_rc_bad_input);
  ck_assert_int_eq(caf.get_dap_indices(h, -1, 0, 0, 1, out), ompd_rc_bad_input);
  ck_assert_int_eq(caf.get_dap_indices(NULL, 0, 0, 0, 1, out), ompd_rc_bad_input);
  daps_done(h);

  /* more indices than one read fetches: in pieces of 4 MiB */
  enum { BIG = 600001 };
  int64_t *idx = malloc(BIG * 8), *got = malloc(BIG * 8);
  ck_assert(idx != NULL && got != NULL);
  for (int64_t i = 0; i < BIG; i++)
    idx[i] = 7 * i + 1;
  struct td_dim big = udim(0, 7 * (int64_t)BIG + 1, 2, 0, idx, BIG);
  dadd(0, "big", "<i4", 9, 0, 2, 0, 1, &big);
  h = daps();
  W.reads = 0;
  ck_assert_int_eq(caf.get_dap_indices(h, 0, 0, 0, BIG, got), ompd_rc_ok);
  ck_assert_uint_eq(W.reads, 2);
  ck_assert(memcmp(got, idx, BIG * 8) == 0);
  ck_assert_int_eq(caf.get_dap_indices(h, 0, 0, BIG - 3, 3, got), ompd_rc_ok);
  ck_assert_int_eq(got[2], 7 * (int64_t)(BIG - 1) + 1);
  ck_assert_uint_le(largest_alloc, 4u << 20);
  daps_done(h);

  /* with the debugger's conversion of the target's byte order: one call
     per piece */
  ompd_callbacks_t with = callbacks;
  with.device_to_host = cb_d2h;
  ck_assert_int_eq(caf.initialize(CAFDBG_API_VERSION, &with), ompd_rc_ok);
  h = daps();
  d2h_units = 0;
  memset(got, 0, BIG * 8);
  ck_assert_int_eq(caf.get_dap_indices(h, 0, 0, 0, BIG, got), ompd_rc_ok);
  ck_assert_uint_eq(d2h_units, BIG);
  ck_assert(memcmp(got, idx, BIG * 8) == 0);
  check_process_arrays(h, 1);
  daps_done(h);
  ck_assert_int_eq(caf.initialize(CAFDBG_API_VERSION, &callbacks), ompd_rc_ok);
  free(idx);
  free(got);
}
END_TEST

/* Three images, this address space image 2's: each registered t, a block
   of its segment (its local view); image 1 also u1, its buffer outside
   the segment and a 'u' dimension whose indices lie in the segment; image
   2 own and image 3 far, buffers and indices outside their segments. */
static uint64_t ib_t[4], ib_u1, ib_own, ib_far;
static struct td_dim it_dims[4][1], iu1_dims[1], iown_dims[1], ifar_dims[1];
static const int64_t u1_idx[3] = { 4, 0, 2 }, own_idx[2] = { 5, 1 }, far_idx[2] = { 3, 6 };

static void add_image_arrays(void)
{
  for (int g = 1; g <= 3; g++) {
    dalloc(g, 8 * 4, &ib_t[g]);
    it_dims[g][0] = bdim(12, 3, g - 1, 4 * (g - 1), 4 * g, 0, 0, 0);
    dadd(g, "t", "<f8", 1, g - 1, 3, ib_t[g], 1, it_dims[g]);
  }
  dalloc(0, 4 * 3, &ib_u1);
  iu1_dims[0] = udim(1, 7, 3, 0, u1_idx, 3);
  dadd(1, "u1", "<i4", 2, 0, 3, ib_u1, 1, iu1_dims);
  dalloc(0, 4 * 2, &ib_own);
  iown_dims[0] = udim(0, 7, 3, 1, own_idx, 2);
  dadd(2, "own", "<i4", 2, 1, 3, ib_own, 1, iown_dims);
  dalloc(0, 4 * 2, &ib_far);
  ifar_dims[0] = udim(0, 7, 3, 2, far_idx, 2);
  dadd(3, "far", "<i4", 2, 2, 3, ib_far, 1, ifar_dims);
}

START_TEST(dap_images)
{
  build_dap_images(3, 2);
  add_image_arrays();
  /* the process's own registry is not an image's: not listed */
  dadd(0, "stray", "<i4", 1, 0, 1, 0, 0, NULL);
  W.reads = 0;
  cafdbg_dap_handle_t *h = daps();
  ck_assert_uint_le(W.reads, 20);
  ck_assert_int_eq(dcount(h), 6);
  /* image by image, newest first; a buffer in an image's local view is
     read in its segment of the mapping, from any image; one outside only
     in its own image */
  check_array(h, 0, "u1", "<i4", 2, 0, 3, 1, ib_u1, 0, 1, iu1_dims);
  check_array(h, 1, "t", "<f8", 1, 0, 3, 1, ib_t[1], dmapped(1, ib_t[1]), 1, it_dims[1]);
  check_array(h, 2, "own", "<i4", 2, 1, 3, 2, ib_own, ib_own, 1, iown_dims);
  check_array(h, 3, "t", "<f8", 1, 1, 3, 2, ib_t[2], dmapped(2, ib_t[2]), 1, it_dims[2]);
  check_array(h, 4, "far", "<i4", 2, 2, 3, 3, ib_far, 0, 1, ifar_dims);
  check_array(h, 5, "t", "<f8", 1, 2, 3, 3, ib_t[3], dmapped(3, ib_t[3]), 1, it_dims[3]);
  int64_t out[4];
  /* image 1's indices in its segment: through the mapping */
  ck_assert_int_eq(caf.get_dap_indices(h, 0, 0, 0, 3, out), ompd_rc_ok);
  ck_assert(out[0] == 4 && out[1] == 0 && out[2] == 2);
  /* this image's own memory */
  ck_assert_int_eq(caf.get_dap_indices(h, 2, 0, 0, 2, out), ompd_rc_ok);
  ck_assert(out[0] == 5 && out[1] == 1);
  /* another image's own memory: not from here */
  ck_assert_int_eq(caf.get_dap_indices(h, 4, 0, 0, 2, out), ompd_rc_unavailable);
  ck_assert_int_eq(caf.get_dap_indices(h, 4, 0, 0, 0, out), ompd_rc_unavailable);
  daps_done(h);

  /* the launcher: every image's segment, no image's own memory */
  W.syms.this_image = 0;
  h = daps();
  ck_assert_int_eq(dcount(h), 6);
  check_array(h, 2, "own", "<i4", 2, 1, 3, 2, ib_own, 0, 1, iown_dims);
  check_array(h, 3, "t", "<f8", 1, 1, 3, 2, ib_t[2], dmapped(2, ib_t[2]), 1, it_dims[2]);
  ck_assert_int_eq(caf.get_dap_indices(h, 0, 0, 0, 3, out), ompd_rc_ok);
  ck_assert_int_eq(caf.get_dap_indices(h, 2, 0, 0, 2, out), ompd_rc_unavailable);
  daps_done(h);

  /* image 3's core */
  W.syms.this_image = 3;
  h = daps();
  check_array(h, 2, "own", "<i4", 2, 1, 3, 2, ib_own, 0, 1, iown_dims);
  check_array(h, 4, "far", "<i4", 2, 2, 3, 3, ib_far, ib_far, 1, ifar_dims);
  ck_assert_int_eq(caf.get_dap_indices(h, 4, 0, 1, 1, out), ompd_rc_ok);
  ck_assert_int_eq(out[0], 6);
  daps_done(h);

  /* an image without a registry; one whose registry lies outside its
     segment, read only in that image itself */
  W.syms.this_image = 2;
  seg(3)->dap = 0;
  ck_assert_int_eq(dap_count_now(), 4);
  uint64_t at;
  struct td_registry *r = dalloc(0, sizeof *r, &at);
  *r = *DW.regs[2];
  seg(2)->dap = at;
  ck_assert_int_eq(dap_count_now(), 4);
  W.syms.this_image = 1;
  ck_assert_int_eq(dap_count_now(), 2);

  /* the images have not started: the process's registry */
  W.syms.shared = 0;
  h = daps();
  ck_assert_int_eq(dcount(h), 1);
  check_array(h, 0, "stray", "<i4", 1, 0, 1, 0, 0, 0, 0, NULL);
  daps_done(h);
}
END_TEST

START_TEST(dap_tables)
{
  cafdbg_dap_handle_t *h = NULL;
  int n;
  cafdbg_dap_array_t a;
  cafdbg_dap_dim_t d;
  int64_t out[2];
  build_dap_process();
  add_process_arrays(0);
  ck_assert_int_eq(caf.dap_initialize(NULL, &h), ompd_rc_bad_input);
  ck_assert_int_eq(caf.dap_initialize(CTX, NULL), ompd_rc_bad_input);
  ck_assert_int_eq(caf.rel_dap_handle(NULL), ompd_rc_bad_input);
  ck_assert_int_eq(caf.get_dap_count(NULL, &n), ompd_rc_bad_input);
  ck_assert_int_eq(caf.get_dap_array(NULL, 0, &a), ompd_rc_bad_input);
  ck_assert_int_eq(caf.get_dap_dim(NULL, 0, 0, &d), ompd_rc_bad_input);
  ck_assert_int_eq(caf.get_dap_indices(NULL, 0, 0, 0, 1, out), ompd_rc_bad_input);
  h = daps();
  ck_assert_int_eq(caf.get_dap_count(h, NULL), ompd_rc_bad_input);
  ck_assert_int_eq(caf.get_dap_array(h, 0, NULL), ompd_rc_bad_input);
  ck_assert_int_eq(caf.get_dap_dim(h, 0, 0, NULL), ompd_rc_bad_input);
  ck_assert_int_eq(caf.get_dap_dim(h, 3, 0, &d), ompd_rc_bad_input);
  daps_done(h);
  ck_assert_int_eq(caf.finalize(), ompd_rc_ok);
  ck_assert_int_eq(caf.dap_initialize(CTX, &h), ompd_rc_error);   /* not initialized */
  ck_assert_int_eq(caf.initialize(CAFDBG_API_VERSION, &callbacks), ompd_rc_ok);

  /* no runtime that keeps a registry; a table without the registry */
  DW.present = 0;
  ck_assert_int_eq(dap_init_rc(), ompd_rc_unavailable);
  DW.present = 1;
  DW.hide[DS_TABLE] = 1;
  ck_assert_int_eq(dap_init_rc(), ompd_rc_unavailable);
  DW.hide[DS_TABLE] = 0;
  DW.hide[DS_REGISTRY] = 1;
  ck_assert_int_eq(dap_init_rc(), ompd_rc_unavailable);
  DW.hide[DS_REGISTRY] = 0;
  ck_assert_int_eq(dap_init_rc(), ompd_rc_ok);

  /* other tables */
  DW.table.magic ^= 1;
  ck_assert_int_eq(dap_init_rc(), ompd_rc_incompatible);
  DW.table = paradbg_dap_layout;
  DW.table.version = PARADBG_DAP_LAYOUT_VERSION + 1;
  ck_assert_int_eq(dap_init_rc(), ompd_rc_incompatible);
  DW.table.version = PARADBG_DAP_LAYOUT_VERSION - 1;
  ck_assert_int_eq(dap_init_rc(), ompd_rc_incompatible);
  DW.table = paradbg_dap_layout;
  DW.table.nfields--;
  ck_assert_int_eq(dap_init_rc(), ompd_rc_incompatible);
  DW.table = paradbg_dap_layout;
  DW.table.field[PARADBG_DAP_FIELD_array_name].offset = sizeof(struct td_array);
  ck_assert_int_eq(dap_init_rc(), ompd_rc_incompatible);
  DW.table = paradbg_dap_layout;
  DW.table.field[PARADBG_DAP_FIELD_dim_padding].size = 8;   /* one value, not two */
  ck_assert_int_eq(dap_init_rc(), ompd_rc_incompatible);
  DW.table = paradbg_dap_layout;
  DW.table.type_size[PARADBG_DAP_TYPE_dim] = 4096;   /* larger than a record this library reads */
  ck_assert_int_eq(dap_init_rc(), ompd_rc_incompatible);
  DW.table = paradbg_dap_layout;
  DW.table_region = 20;
  ck_assert_int_eq(dap_init_rc(), ompd_rc_device_read_error);
  DW.table_region = sizeof DW.table;

  /* the registry itself */
  DW.reg_region = 4;
  ck_assert_int_eq(dap_init_rc(), ompd_rc_device_read_error);
  DW.reg_region = sizeof DW.reg;
  DW.reg.magic = PARADBG_DAP_ARRAY_MAGIC;
  ck_assert_int_eq(dap_init_rc(), ompd_rc_error);
  DW.reg.magic = 0;   /* not set up, but with records: garbage */
  ck_assert_int_eq(dap_init_rc(), ompd_rc_error);
  DW.reg.magic = PARADBG_DAP_REGISTRY_MAGIC;
  ck_assert_int_eq(dap_count_now(), 3);

  /* a coarray runtime this library cannot read: no registry found */
  build_dap_images(2, 1);
  W.table.version++;
  ck_assert_int_eq(dap_init_rc(), ompd_rc_incompatible);
  W.table.version--;
  sh()->magic ^= 1;
  ck_assert_int_eq(dap_init_rc(), ompd_rc_error);
}
END_TEST

/* Records that end a chain: what came before is kept. */
START_TEST(dap_chains)
{
  struct td_array *rec[6];
  build_dap_process();
  for (int i = 0; i < 6; i++) {
    char name[8];
    struct td_dim d[2] = { bdim(12, 1, 0, 0, 12, 0, 0, 0), cdim(9, 3, 1, 1, 1, 3) };
    snprintf(name, sizeof name, "a%d", i);
    rec[i] = dadd(0, name, "<i4", i + 1, 0, 1, 0x1000, 2, d);
  }
  ck_assert_int_eq(dap_count_now(), 6);
  /* newest first: a5 .. a0; another magic in a2 */
  rec[2]->magic = PARADBG_DAP_REGISTRY_MAGIC;
  ck_assert_int_eq(dap_count_now(), 3);
  rec[2]->magic = PARADBG_DAP_ARRAY_MAGIC;
  /* cycles: the oldest back to the newest, a record to itself */
  rec[0]->next = DW.reg.first;
  ck_assert_int_eq(dap_count_now(), 6);
  rec[3]->next = daddr(0, rec[3]);
  ck_assert_int_eq(dap_count_now(), 3);
  rec[3]->next = daddr(0, rec[2]);
  rec[0]->next = daddr(0, rec[3]);
  ck_assert_int_eq(dap_count_now(), 6);
  rec[0]->next = 0;
  /* dimensions a record cannot hold */
  static const int32_t bad_ndim[] = { CAFDBG_DAP_MAX_DIMS + 1, -1, INT32_MAX, INT32_MIN };
  for (unsigned i = 0; i < sizeof bad_ndim / sizeof bad_ndim[0]; i++) {
    rec[4]->ndim = bad_ndim[i];
    ck_assert_int_eq(dap_count_now(), 1);
  }
  rec[4]->ndim = 0;   /* none: its dims are not read */
  rec[4]->dims = 0xdead0000;
  ck_assert_int_eq(dap_count_now(), 6);
  rec[4]->ndim = 2;
  ck_assert_int_eq(dap_count_now(), 1);   /* dims that cannot be read */
  rec[4]->dims = 0;
  ck_assert_int_eq(dap_count_now(), 1);
  rec[4]->dims = DHEAP_AT + DHEAP_SIZE - sizeof(struct td_dim);   /* the second past the end */
  ck_assert_int_eq(dap_count_now(), 1);
  rec[4]->dims = UINT64_MAX - 8;
  ck_assert_int_eq(dap_count_now(), 1);
  rec[4]->dims = daddr(0, ddims(0, rec[3]));
  rec[4]->ndim = 2;
  /* records that cannot be read */
  rec[1]->next = 0xdead0000;
  ck_assert_int_eq(dap_count_now(), 5);
  rec[1]->next = UINT64_MAX - 16;
  ck_assert_int_eq(dap_count_now(), 5);
  rec[1]->next = DHEAP_AT + DHEAP_SIZE - 8;
  ck_assert_int_eq(dap_count_now(), 5);
  rec[1]->next = daddr(0, rec[0]);

  /* names and typestrs without their NUL */
  memset(rec[5]->name, 'A', sizeof rec[5]->name);
  memset(rec[5]->typestr, 'B', sizeof rec[5]->typestr);
  cafdbg_dap_handle_t *h = daps();
  cafdbg_dap_array_t a = darray(h, 0);
  ck_assert_uint_eq(strlen(a.name), sizeof a.name - 1);
  ck_assert_uint_eq(strlen(a.typestr), sizeof a.typestr - 1);
  ck_assert_int_eq(a.name[0], 'A');
  ck_assert_int_eq(a.typestr[14], 'B');
  /* a dist_type that is no character */
  ddims(0, rec[5])[1].dist_type = 0x162;
  daps_done(h);
  h = daps();
  cafdbg_dap_dim_t d;
  ck_assert_int_eq(caf.get_dap_dim(h, 0, 1, &d), ompd_rc_ok);
  ck_assert(d.dist_type != 'b' && d.dist_type != 'c' && d.dist_type != 'u');
  int64_t out[2];
  ck_assert_int_eq(caf.get_dap_indices(h, 0, 1, 0, 1, out), ompd_rc_bad_input);
  daps_done(h);

  /* images: an image whose segment or registry is garbage gives nothing;
     the others still do */
  build_dap_images(3, 1);
  for (int g = 1; g <= 3; g++)
    dadd(g, "x", "<i4", 1, g - 1, 3, 0, 0, NULL);
  ck_assert_int_eq(dap_count_now(), 3);
  DW.regs[2]->magic = 0x12345678;
  ck_assert_int_eq(dap_count_now(), 2);
  DW.regs[2]->magic = PARADBG_DAP_REGISTRY_MAGIC;
  seg(2)->magic ^= 1;
  ck_assert_int_eq(dap_count_now(), 2);
  seg(2)->magic ^= 1;
  seg(2)->dap = VIEW_BASE + SEG - 8;   /* runs past the segment */
  ck_assert_int_eq(dap_count_now(), 2);
  seg(2)->dap = 0xdead0000;   /* another image's own memory, unreadable */
  ck_assert_int_eq(dap_count_now(), 2);
  seg(2)->dap = DW.reg_at[2];
  DW.regs[2]->first = VIEW_BASE + SEG - 16;   /* a record past the segment's end */
  ck_assert_int_eq(dap_count_now(), 2);
  DW.regs[2]->first = VIEW_BASE + SEG;        /* just after it */
  ck_assert_int_eq(dap_count_now(), 2);
  DW.regs[2]->first = DW.reg_at[2];           /* the registry is no record */
  ck_assert_int_eq(dap_count_now(), 2);
}
END_TEST

START_TEST(dap_bad_indices)
{
  static const int64_t idx[3] = { 1, 2, 0 };
  build_dap_process();
  struct td_dim u = udim(0, 3, 1, 0, idx, 3);
  struct td_array *a = dadd(0, "u", "<i4", 1, 0, 1, 0, 1, &u);
  struct td_dim *d = ddims(0, a);
  int64_t out[4];
  static const struct {
    int64_t extent;
    uint64_t indices;
    ompd_rc_t rc;
  } cases[] = {
    { (int64_t)CAFDBG_DAP_MAX_INDICES + 1, 1, ompd_rc_error },
    { -1, 1, ompd_rc_error },
    { INT64_MAX, 1, ompd_rc_error },
    { INT64_MIN, 1, ompd_rc_error },
    { 3, 0, ompd_rc_error },                         /* indices nowhere */
    { 3, UINT64_MAX - 8, ompd_rc_error },            /* past the address space's end */
    { 3, 0xdead0000, ompd_rc_device_read_error },
    { 3, DHEAP_AT + DHEAP_SIZE - 16, ompd_rc_device_read_error },
    { CAFDBG_DAP_MAX_INDICES, 1, ompd_rc_ok },       /* the most: only 3 are read */
  };
  for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    d->extent = cases[i].extent;
    d->indices = cases[i].indices == 1 ? u.indices : cases[i].indices;
    cafdbg_dap_handle_t *h = daps();
    ck_assert_int_eq(dcount(h), 1);
    ck_assert_msg(caf.get_dap_indices(h, 0, 0, 0, 3, out) == cases[i].rc, "case %u", i);
    daps_done(h);
  }
  d->extent = 0;
  d->indices = 0;
  cafdbg_dap_handle_t *h = daps();
  ck_assert_int_eq(caf.get_dap_indices(h, 0, 0, 0, 0, out), ompd_rc_ok);
  ck_assert_int_eq(caf.get_dap_indices(h, 0, 0, 0, 1, out), ompd_rc_bad_input);
  daps_done(h);

  /* in an image: indices that run past its segment */
  build_dap_images(2, 1);
  u = udim(2, 3, 1, 0, idx, 3);
  a = dadd(2, "u", "<i4", 1, 0, 1, 0, 1, &u);
  d = ddims(2, a);
  h = daps();
  ck_assert_int_eq(caf.get_dap_indices(h, 0, 0, 0, 3, out), ompd_rc_ok);
  ck_assert_int_eq(out[2], 0);
  daps_done(h);
  d->extent = SEG / 8;
  h = daps();
  ck_assert_int_eq(caf.get_dap_indices(h, 0, 0, 0, 3, out), ompd_rc_error);
  daps_done(h);
}
END_TEST

/* More records than the library keeps: the first CAFDBG_DAP_MAX_ARRAYS. */
START_TEST(dap_many)
{
  build_dap_process();
  struct td_dim d = bdim(4, 1, 0, 0, 4, 0, 0, 0);
  for (int i = 0; i < CAFDBG_DAP_MAX_ARRAYS + 100; i++)
    dadd(0, "many", "<i4", i + 1, 0, 1, 0x1000, (i % 3) ? 1 : 0, &d);
  W.reads = 0;
  cafdbg_dap_handle_t *h = daps();
  ck_assert_int_eq(dcount(h), CAFDBG_DAP_MAX_ARRAYS);
  ck_assert_int_eq(darray(h, 0).id, CAFDBG_DAP_MAX_ARRAYS + 100);
  ck_assert_int_eq(darray(h, CAFDBG_DAP_MAX_ARRAYS - 1).id, 101);
  /* records that lie together are read together */
  ck_assert_uint_le(W.reads, CAFDBG_DAP_MAX_ARRAYS / 16);
  daps_done(h);
  ck_assert_uint_le(largest_alloc, 8u << 20);
}
END_TEST

/* A registry that changes while it is read (a live target): read again
   while its generation moves, a few times at most. */
static int moving_image;

static void register_one_more(void)
{
  dadd(moving_image, "new", "<i4", 99, 0, 1, 0, 0, NULL);
}

START_TEST(dap_generation)
{
  build_dap_process();
  add_process_arrays(0);
  moving_image = 0;
  DW.watch_at = DREG_AT + offsetof(struct td_registry, generation);
  DW.change = register_one_more;
  DW.changes = 1;
  cafdbg_dap_handle_t *h = daps();
  ck_assert_int_eq(dcount(h), 4);   /* the state after the change */
  check_array(h, 0, "new", "<i4", 99, 0, 1, 0, 0, 0, 0, NULL);
  check_process_arrays(h, 1);
  ck_assert_uint_eq(DW.watched_reads, 4);
  daps_done(h);
  /* it never settles: the last reading, after three */
  DW.watched_reads = 0;
  DW.changes = 1000;
  h = daps();
  ck_assert_uint_eq(DW.watched_reads, 6);
  ck_assert_int_ge(dcount(h), 4);
  daps_done(h);
  /* a core taken while the runtime changed the registry (generation odd):
     read three times, the last reading kept */
  DW.changes = 0;
  DW.watched_reads = 0;
  DW.reg.generation |= 1;
  ck_assert_int_eq(dap_count_now(), 10);
  ck_assert_uint_eq(DW.watched_reads, 6);
  /* the lock and the count are the runtime's: not what a reader needs */
  DW.reg.lock = 1;
  DW.reg.count = 1000;
  ck_assert_int_eq(dap_count_now(), 10);   /* 3, 1 and 6 registered while read */

  /* an image's registry, in the mapping */
  build_dap_images(3, 1);
  add_image_arrays();
  moving_image = 2;
  DW.watch_at = seg_addr(2, DW.reg_at[2] - VIEW_BASE) + offsetof(struct td_registry, generation);
  DW.change = register_one_more;
  DW.changes = 1;
  h = daps();
  ck_assert_int_eq(dcount(h), 7);
  check_array(h, 2, "new", "<i4", 99, 0, 1, 2, 0, 0, 0, NULL);
  daps_done(h);
}
END_TEST

/* Every entry point on whatever the registry holds: a code from each
   call, values within the bounds, nothing leaked. */
static void exercise_dap(void)
{
  cafdbg_dap_handle_t *h = NULL;
  ompd_rc_t rc = RC(caf.dap_initialize(CTX, &h));
  if (rc != ompd_rc_ok) {
    ck_assert_ptr_null(h);
    ck_assert_uint_eq(W.allocs_live, 0);
    return;
  }
  int count = -1;
  ck_assert_int_eq(caf.get_dap_count(h, &count), ompd_rc_ok);
  ck_assert(count >= 0 && count <= CAFDBG_DAP_MAX_ARRAYS);
  cafdbg_dap_array_t a;
  ck_assert_int_eq(caf.get_dap_array(h, -1, &a), ompd_rc_bad_input);
  ck_assert_int_eq(caf.get_dap_array(h, count, &a), ompd_rc_bad_input);
  for (int i = 0; i < count && i < 64; i++) {
    ck_assert_int_eq(caf.get_dap_array(h, i, &a), ompd_rc_ok);
    ck_assert(a.ndim >= 0 && a.ndim <= CAFDBG_DAP_MAX_DIMS);
    ck_assert_ptr_nonnull(memchr(a.name, 0, sizeof a.name));
    ck_assert_ptr_nonnull(memchr(a.typestr, 0, sizeof a.typestr));
    cafdbg_dap_dim_t d;
    ck_assert_int_eq(caf.get_dap_dim(h, i, -1, &d), ompd_rc_bad_input);
    ck_assert_int_eq(caf.get_dap_dim(h, i, a.ndim, &d), ompd_rc_bad_input);
    for (int k = 0; k < a.ndim; k++) {
      int64_t idx[16];
      ck_assert_int_eq(caf.get_dap_dim(h, i, k, &d), ompd_rc_ok);
      uint64_t n = d.extent > 0 ? (d.extent < 16 ? (uint64_t)d.extent : 16) : 0;
      rc = RC(caf.get_dap_indices(h, i, k, 0, n, idx));
      if (d.dist_type != 'u')
        ck_assert_int_eq(rc, ompd_rc_bad_input);
      ck_assert_int_ne(RC(caf.get_dap_indices(h, i, k, (uint64_t)d.extent, 1, idx)), ompd_rc_ok);
      ck_assert_int_ne(RC(caf.get_dap_indices(h, i, k, UINT64_MAX, 2, idx)), ompd_rc_ok);
    }
  }
  daps_done(h);
  ck_assert_uint_le(largest_alloc, 8u << 20);
}

/* The worlds the garbage goes into: the process's arrays, or the images'. */
static void build_dap_world(int images)
{
  if (images) {
    build_dap_images(3, 2);
    add_image_arrays();
  } else {
    build_dap_process();
    add_process_arrays(0);
  }
}

/* Hostile values in each field of one registry, one array record and one
   dimension ('u'), in a process and in an image. */
START_TEST(dap_every_field)
{
  static const uint64_t values[] = { 0, 1, 2, 3, 'b', 'u', 16, 17, 4096, SEG, UINT32_MAX,
                                     INT32_MAX, (uint64_t)INT32_MIN, (uint64_t)-1, (uint64_t)-2,
                                     UINT64_MAX / 2, 1ull << 40, 0x0123456789abcdefull,
                                     DHEAP_AT + 64, VIEW_BASE + DSEG_AREA, VIEW_BASE + SEG - 4 };
  static const unsigned char type_of[] = {
#define DTYPE_OF(s, f) PARADBG_DAP_TYPE_##s,
    PARADBG_DAP_FIELDS(DTYPE_OF)
#undef DTYPE_OF
  };
  for (int images = 0; images < 2; images++)
    for (unsigned f = 0; f < PARADBG_DAP_NFIELDS; f++)
      for (unsigned v = 0; v < sizeof values / sizeof values[0]; v++) {
        build_dap_world(images);
        int g = images ? 1 : 0;
        /* the newest array of g (u1 / mesh), its first dimension */
        uint64_t first = DW.regs[g]->first;
        struct td_array *u1 = (struct td_array *)(g ? segb(g) + (first - VIEW_BASE) : DW.heap + (first - DHEAP_AT));
        unsigned char *rec = type_of[f] == PARADBG_DAP_TYPE_registry ? (unsigned char *)DW.regs[g]
                             : type_of[f] == PARADBG_DAP_TYPE_array ? (unsigned char *)u1
                                                                    : (unsigned char *)ddims(g, u1);
        poke(rec + paradbg_dap_layout.field[f].offset, paradbg_dap_layout.field[f].size, values[v]);
        exercise_dap();
      }
}
END_TEST

/* Random bytes over the records (and now and then the table), in a
   process and in the images. */
START_TEST(dap_random_bytes)
{
  static const uint64_t seeds[] = { 3, 0x9e3779b97f4a7c15ull, 0xfeedfacecafebeefull };
  for (unsigned s = 0; s < sizeof seeds / sizeof seeds[0]; s++) {
    rnd_state = seeds[s];
    for (int round = 0; round < 100; round++) {
      int images = round % 2;
      build_dap_world(images);
      int nbytes = 1 + (int)(rnd() % 32);
      for (int i = 0; i < nbytes; i++) {
        if (images) {
          int g = 1 + (int)(rnd() % 3);
          segb(g)[DSEG_AREA + rnd() % DW.seg_used[g]] = (unsigned char)rnd();
        } else {
          DW.heap[rnd() % DW.heap_used] = (unsigned char)rnd();
        }
      }
      if (round % 5 == 0)
        ((unsigned char *)&DW.reg)[rnd() % sizeof DW.reg] = (unsigned char)rnd();
      if (round % 9 == 0)
        ((unsigned char *)&DW.table)[rnd() % sizeof DW.table] = (unsigned char)rnd();
      exercise_dap();
    }
  }
}
END_TEST

/* Reads that fail after any number of reads, and the allocator failing
   after any number of allocations. */
START_TEST(dap_failures)
{
  for (int images = 0; images < 2; images++) {
    build_dap_world(images);
    for (long k = 0; k < 40; k++) {
      W.reads = 0;
      W.fail_reads_after = k;
      exercise_dap();
    }
    W.fail_reads_after = -1;
    for (long k = 0; k < 40; k++) {
      W.allocs = 0;
      W.fail_allocs_after = k;
      exercise_dap();
    }
    W.fail_allocs_after = -1;
  }
}
END_TEST

static Suite *suite(void)
{
  Suite *s = suite_create("cafdbg");
  TCase *known = tcase_create("known");
  tcase_add_test(known, versions);
  tcase_add_test(known, program_info);
  tcase_add_test(known, images_in_a_hang);
  tcase_add_test(known, critical);
  tcase_add_test(known, coarrays);
  tcase_add_test(known, teams);
  tcase_add_test(known, termination);
  tcase_add_test(known, snapshots);
  tcase_add_test(known, reads_per_image);
  suite_add_tcase(s, known);
  TCase *garbage = tcase_create("garbage");
  tcase_set_timeout(garbage, 300);
  tcase_add_test(garbage, bad_input);
  tcase_add_test(garbage, no_runtime);
  tcase_add_test(garbage, tables);
  tcase_add_test(garbage, headers);
  tcase_add_test(garbage, offsets_out_of_range);
  tcase_add_test(garbage, cyclic_registry);
  tcase_add_test(garbage, every_field);
  tcase_add_test(garbage, random_bytes);
  tcase_add_test(garbage, short_reads);
  tcase_add_test(garbage, no_memory);
  suite_add_tcase(s, garbage);
  TCase *atomic = tcase_create("atomic");
  tcase_set_timeout(atomic, 300);
  tcase_add_test(atomic, atomic_table);
  tcase_add_test(atomic, atomic_locks_of);
  tcase_add_test(atomic, atomic_no_table);
  tcase_add_test(atomic, atomic_tables);
  tcase_add_test(atomic, atomic_geometry);
  tcase_add_test(atomic, atomic_unreadable);
  tcase_add_test(atomic, atomic_every_field);
  tcase_add_test(atomic, atomic_random_bytes);
  tcase_add_test(atomic, atomic_failures);
  suite_add_tcase(s, atomic);
  TCase *dap = tcase_create("dap");
  tcase_set_timeout(dap, 300);
  tcase_add_test(dap, dap_process);
  tcase_add_test(dap, dap_indices);
  tcase_add_test(dap, dap_images);
  tcase_add_test(dap, dap_tables);
  tcase_add_test(dap, dap_chains);
  tcase_add_test(dap, dap_bad_indices);
  tcase_add_test(dap, dap_many);
  tcase_add_test(dap, dap_generation);
  tcase_add_test(dap, dap_every_field);
  tcase_add_test(dap, dap_random_bytes);
  tcase_add_test(dap, dap_failures);
  suite_add_tcase(s, dap);
  return s;
}

int main(void)
{
  const char *path = getenv("PARADBG_CAF_LIB");
  if (path == NULL || *path == 0) {
    fprintf(stderr, "check_cafdbg: PARADBG_CAF_LIB names no plugin\n");
    return 77;
  }
  void *lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (lib == NULL) {
    fprintf(stderr, "check_cafdbg: %s\n", dlerror());
    return 1;
  }
#define CAF_LOAD(n)                                                        \
  if ((*(void **)&caf.n = dlsym(lib, "cafdbg_" #n)) == NULL) {             \
    fprintf(stderr, "check_cafdbg: %s does not export cafdbg_%s\n", path, #n); \
    return 1;                                                              \
  }
  CAFDBG_FUNCS(CAF_LOAD)
#undef CAF_LOAD
  if (caf.initialize(CAFDBG_API_VERSION, &callbacks) != ompd_rc_ok) {
    fprintf(stderr, "check_cafdbg: cafdbg_initialize failed\n");
    return 1;
  }
  SRunner *sr = srunner_create(suite());
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? 1 : 0;
}
