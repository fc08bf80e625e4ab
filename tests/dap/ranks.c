/* ranks N SCENARIO: N processes (ranks 0 .. N-1, as an MPI job's; a plain C
   program on libparcaf, not a coarray program), each registering the
   distributed arrays of SCENARIO through paradbg/dap.h.  Run it in a
   directory of its own: each rank writes there

     records.RANK   JSON: what it registered ({"rank", "nprocs", "pid",
                    "scenario", "arrays": [{"name", "id", "typestr", "rank",
                    "nprocs", "buffer" (the address, a number), "shape",
                    "dim_data": [the protocol's dicts, with "extent"]}],
                    and for "halo" "bad_halo": the element it broke)
     registry.RANK  JSON: its registry as a debugger reads it, through the
                    exported layout table (dap_reader.c)
     pid.RANK       its pid, last: once it is there the other two are

   then pause()s until killed, or with SCENARIO ending in "-abort" calls
   abort() (a kernel core in the directory with ulimit -c unlimited), or
   with "-exit" exits 0.  The parent waits for the ranks, kills them when it
   gets SIGTERM/SIGINT, and exits 0 when every rank did what it should (was
   killed, aborted or exited 0); a rank dies with it.  Linked with
   libparadbg/dap-rules.c (the test links it), the parent first checks the
   records of all the ranks of "all" or "halo" together with the rules
   (paradbg_dap_check_set) and exits 3 if they break one: libparcaf can
   only check each rank's own record, the others being other processes.

   Every element holds the value of its global index (g0, ..., g_{n-1}):
   1 + sum_k g_k * 100^(n-1-k), as int32 ("<i4") or double ("<f8"); halo
   elements hold their owner's value, except the one "halo" breaks.

   Scenarios (arrays by name):
   all      blk   1-D irregular block, size 23, <i4 (rank r owns a share
                  growing with r)
            pad   1-D padded block, <i4: boundary padding 4 before rank 0 and
                  0 after the last, communication padding 1 + r % 3 between
                  ranks r and r+1 (N = 4: the protocol's (4,1) (1,2) (2,3)
                  (3,0)); rank r owns 5 + r (rank 0's boundary included)
            per   2-D periodic padded stencil field, <f8, over a P0 x P1
                  grid (N = P0 * P1, P0 the largest divisor <= sqrt N):
                  padding (1, 1) in both dimensions (boundary at the
                  ends, halos between), 4 and 3 owned per rank inside
            cyc   1-D cyclic, size 17, block_size 1, <i4
            bcyc  1-D block-cyclic, size 29, block_size 4 (a partial last
                  block), <f8
            mat   2-D block-cyclic matrix 10 x 7, blocks 3 x 2, over the
                  P0 x P1 grid, <f8
            mesh  1-D unstructured one_to_one, size 20, shuffled indices, <f8
   halo     per only, rank 1's buffer has one wrong halo element: -1
            (records.1 "bad_halo": array, rank, local and global index,
            value, owner's value); N >= 2
   bad      bad records, each registered with stat and printed on stdout
            as "rank R: bad KIND: stat S id I: ERRMSG"; then the first once
            without stat (one line on stderr: "libparcaf: distributed
            array 'bad-extent': ..."), "rank R: went on"; then "ok"
            (1-D block, size 8) registered, dropped, registered again; a
            drop of id 9999 with stat ("rank R: drop 9999: stat S") and
            without (a second line on stderr); the registry keeps only "ok"
   threads  4 threads each register and drop 200 arrays at once, and keep
            one ("thr.T", 1-D of one process) */
#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "paradbg/dap.h"

int dap_reader_dump(const char *path);

#define MAX_ARRAYS 16

struct array {
  char name[PARADBG_DAP_NAME_MAX];
  const char *typestr;     /* "<i4" or "<f8" */
  int ndim;
  struct paradbg_dap_dim dim[PARADBG_DAP_MAX_DIMS];
  int64_t *indices[PARADBG_DAP_MAX_DIMS];
  void *buffer;
  int64_t nelem;
  int id;
};

static int rank, nprocs;
static struct array arrays[MAX_ARRAYS];
static int narrays;
static char bad_halo[512];

static void die(const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "ranks: rank %d: ", rank);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  exit(3);
}

/* ---- the distributions ---------------------------------------------------- */

static struct paradbg_dap_dim block(int64_t size, int64_t grid, int64_t coord, int64_t start, int64_t stop,
                                   int64_t pad0, int64_t pad1, int periodic)
{
  struct paradbg_dap_dim d = {0};
  d.dist_type = 'b';
  d.size = size;
  d.proc_grid_size = grid;
  d.proc_grid_rank = coord;
  d.start = start;
  d.stop = stop;
  d.padding[0] = pad0;
  d.padding[1] = pad1;
  d.periodic = (unsigned char)periodic;
  d.extent = stop - start;
  return d;
}

static struct paradbg_dap_dim cyclic(int64_t size, int64_t grid, int64_t coord, int64_t bs)
{
  struct paradbg_dap_dim d = {0};
  d.dist_type = 'c';
  d.size = size;
  d.proc_grid_size = grid;
  d.proc_grid_rank = coord;
  d.block_size = bs;
  d.start = coord * bs < size ? coord * bs : size;
  /* blocks coord, coord + grid, ...: count their elements */
  for (int64_t b = coord; b * bs < size; b += grid)
    d.extent += (b + 1) * bs <= size ? bs : size - b * bs;
  return d;
}

/* The grid of "per" and "mat": P0 the largest divisor of N up to sqrt N. */
static void grid2(int n, int *p0, int *p1)
{
  int best = 1;
  for (int d = 1; d * d <= n; d++)
    if (n % d == 0)
      best = d;
  *p0 = best;
  *p1 = n / best;
}

/* The global index of local index l of a dimension, computed here (not by
   libparcaf's rules). */
static int64_t global_of(const struct paradbg_dap_dim *d, const int64_t *idx, int64_t l)
{
  switch (d->dist_type) {
  case 'b':
    return d->start + l;
  case 'c': {
    int64_t bs = d->block_size ? d->block_size : 1;
    return ((l / bs) * d->proc_grid_size + d->proc_grid_rank) * bs + l % bs;
  }
  default:
    return idx[l];
  }
}

static double value_of(const int64_t *g, int ndim)
{
  double v = 1;
  for (int k = 0; k < ndim; k++)
    v += (double)g[k] * pow(100, ndim - 1 - k);
  return v;
}

/* Adds an array: allocates its buffer and fills it by the formula. */
static struct array *add(const char *name, const char *typestr, int ndim, const struct paradbg_dap_dim *dims)
{
  if (narrays == MAX_ARRAYS)
    die("too many arrays");
  struct array *a = &arrays[narrays++];
  snprintf(a->name, sizeof a->name, "%s", name);
  a->typestr = typestr;
  a->ndim = ndim;
  a->nelem = 1;
  for (int k = 0; k < ndim; k++) {
    a->dim[k] = dims[k];
    a->nelem *= dims[k].extent;
  }
  size_t esize = strcmp(typestr, "<i4") == 0 ? 4 : 8;
  a->buffer = calloc((size_t)(a->nelem ? a->nelem : 1), esize);
  if (!a->buffer)
    die("out of memory");
  int64_t l[PARADBG_DAP_MAX_DIMS] = {0}, g[PARADBG_DAP_MAX_DIMS];
  for (int64_t e = 0; e < a->nelem; e++) {
    int64_t rest = e;
    for (int k = ndim - 1; k >= 0; k--) {
      l[k] = rest % a->dim[k].extent;
      rest /= a->dim[k].extent;
    }
    for (int k = 0; k < ndim; k++)
      g[k] = global_of(&a->dim[k], a->dim[k].indices, l[k]);
    double v = value_of(g, ndim);
    if (esize == 4)
      ((int32_t *)a->buffer)[e] = (int32_t)v;
    else
      ((double *)a->buffer)[e] = v;
  }
  return a;
}

/* Registers every array added so far, as rank arank of anprocs. */
static void register_all(int arank, int anprocs)
{
  for (int i = 0; i < narrays; i++) {
    struct array *a = &arrays[i];
    struct paradbg_dap_array r = {a->name, a->typestr, a->buffer, a->ndim, a->dim, arank, anprocs};
    char msg[256] = "";
    int stat = -1;
    a->id = paradbg_dap_register(&r, &stat, msg, sizeof msg);
    if (a->id <= 0 || stat != 0)
      die("'%s' refused: stat %d: %s", a->name, stat, msg);
  }
}

static void scenario_all(void)
{
  struct paradbg_dap_dim d[2];
  /* blk: rank r's share grows with r (weights r + 1). */
  int64_t tot = (int64_t)nprocs * (nprocs + 1) / 2;
  int64_t s = 23 * ((int64_t)rank * (rank + 1) / 2) / tot, e = 23 * ((int64_t)(rank + 1) * (rank + 2) / 2) / tot;
  d[0] = block(23, nprocs, rank, s, e, 0, 0, 0);
  add("blk", "<i4", 1, d);

  /* pad: owned 5 + q on rank q, widths 4 / 1 + q % 3 / 0. */
  int64_t a = 0, size = 0;
  for (int q = 0; q < nprocs; q++)
    size += 5 + q;
  for (int q = 0; q < rank; q++)
    a += 5 + q;
  int64_t b = a + 5 + rank;
  int64_t p0 = rank == 0 ? 4 : 1 + (rank - 1) % 3, p1 = rank == nprocs - 1 ? 0 : 1 + rank % 3;
  d[0] = block(size, nprocs, rank, rank == 0 ? 0 : a - p0, rank == nprocs - 1 ? b : b + p1, p0, p1, 0);
  add("pad", "<i4", 1, d);

  int g0, g1;
  grid2(nprocs, &g0, &g1);
  int c0 = rank / g1, c1 = rank % g1;
  d[0] = block(4 * g0 + 2, g0, c0, 4 * c0, 4 * c0 + 6, 1, 1, 1);
  d[1] = block(3 * g1 + 2, g1, c1, 3 * c1, 3 * c1 + 5, 1, 1, 1);
  add("per", "<f8", 2, d);

  d[0] = cyclic(17, nprocs, rank, 1);
  add("cyc", "<i4", 1, d);
  d[0] = cyclic(29, nprocs, rank, 4);
  add("bcyc", "<f8", 1, d);
  d[0] = cyclic(10, g0, c0, 3);
  d[1] = cyclic(7, g1, c1, 2);
  add("mat", "<f8", 2, d);

  /* mesh: 0..19 shuffled (a fixed LCG), position p dealt to rank p % N. */
  int64_t perm[20], *mine = calloc(20, sizeof *mine), n = 0;
  uint32_t x = 21;
  for (int i = 0; i < 20; i++)
    perm[i] = i;
  for (int i = 19; i > 0; i--) {
    x = x * 1103515245u + 12345u;
    int j = (int)((x >> 16) % (uint32_t)(i + 1));
    int64_t t = perm[i];
    perm[i] = perm[j];
    perm[j] = t;
  }
  for (int p = rank; p < 20; p += nprocs)
    mine[n++] = perm[p];
  memset(&d[0], 0, sizeof d[0]);
  d[0].dist_type = 'u';
  d[0].size = 20;
  d[0].proc_grid_size = nprocs;
  d[0].proc_grid_rank = rank;
  d[0].one_to_one = 1;
  d[0].indices = mine;
  d[0].extent = n;
  add("mesh", "<f8", 1, d);
}

static void scenario_halo(void)
{
  struct paradbg_dap_dim d[2];
  int g0, g1;
  if (nprocs < 2)
    die("halo needs at least 2 ranks");
  grid2(nprocs, &g0, &g1);
  int c0 = rank / g1, c1 = rank % g1;
  d[0] = block(4 * g0 + 2, g0, c0, 4 * c0, 4 * c0 + 6, 1, 1, 1);
  d[1] = block(3 * g1 + 2, g1, c1, 3 * c1, 3 * c1 + 5, 1, 1, 1);
  struct array *a = add("per", "<f8", 2, d);
  if (rank == 1) {
    /* Rank 1 is at (0, 1): its first column (local 0 in dimension 1) is
       the halo rank 0 owns. */
    int64_t l0 = 1, l1 = 0, e = l0 * a->dim[1].extent + l1;
    int64_t g[2] = {a->dim[0].start + l0, a->dim[1].start + l1};
    double *v = a->buffer, right = v[e];
    v[e] = -1;
    snprintf(bad_halo, sizeof bad_halo,
             "{\"array\": \"per\", \"rank\": 1, \"owner\": 0, \"local\": [%" PRId64 ", %" PRId64
             "], \"global\": [%" PRId64 ", %" PRId64 "], \"value\": -1.0, \"owner_value\": %.1f}",
             l0, l1, g[0], g[1], right);
  }
}

static void build(const char *base)
{
  if (strcmp(base, "all") == 0)
    scenario_all();
  else
    scenario_halo();
}

/* The rules' check of a whole set (libparadbg/dap-rules.c), when the
   program was linked with them (the test does): libparcaf checks one
   rank's record alone, since the others are other processes. */
int paradbg_dap_check_set(const struct paradbg_dap_dim *const *dims, const int *ranks, int n, int ndim,
                          int nprocs, int complete, char *why, size_t whysize) __attribute__((weak));

/* Builds every rank's arrays of an "all" or "halo" scenario and checks
   each array's records together: 0, or 1 after a line on stderr. */
static int check_sets(const char *base)
{
  static struct array all[256][MAX_ARRAYS];
  const struct paradbg_dap_dim *dims[256];
  int ranks[256], n = 0, bad = 0;
  for (int r = 0; r < nprocs; r++) {
    rank = r;
    narrays = 0;
    bad_halo[0] = 0;
    build(base);
    memcpy(all[r], arrays, sizeof arrays);
    n = narrays;
  }
  rank = 0;
  narrays = 0;
  bad_halo[0] = 0;
  for (int i = 0; i < n; i++) {
    for (int r = 0; r < nprocs; r++) {
      dims[r] = all[r][i].dim;
      ranks[r] = r;
    }
    char why[256];
    if (paradbg_dap_check_set(dims, ranks, nprocs, all[0][i].ndim, nprocs, 1, why, sizeof why) != 0) {
      fprintf(stderr, "ranks: the records of '%s' break the rules: %s\n", all[0][i].name, why);
      bad = 1;
    }
  }
  for (int r = 0; r < nprocs; r++)
    for (int i = 0; i < n; i++)
      free(all[r][i].buffer);
  return bad;
}

/* ---- bad records ------------------------------------------------------------- */

static void try_bad(const char *kind, const char *name, const char *typestr, int ndim,
                    const struct paradbg_dap_dim *d, void *buffer, int with_stat)
{
  struct paradbg_dap_array r = {name, typestr, buffer, ndim, d, rank, nprocs};
  char msg[256];
  int stat = -1;
  memset(msg, 'x', sizeof msg);
  int id = with_stat ? paradbg_dap_register(&r, &stat, msg, sizeof msg)
                     : paradbg_dap_register(&r, NULL, NULL, 0);
  if (with_stat) {
    if (!memchr(msg, 0, sizeof msg))
      snprintf(msg, sizeof msg, "(errmsg not NUL-terminated)");
    printf("rank %d: bad %s: stat %d id %d: %s\n", rank, kind, stat, id, msg);
  } else {
    printf("rank %d: bad %s without stat: id %d\n", rank, kind, id);
  }
  fflush(stdout);
}

static void scenario_bad(void)
{
  static double buf[64];
  struct paradbg_dap_dim d[PARADBG_DAP_MAX_DIMS + 1];
  int64_t n = 5 * (int64_t)nprocs;

  d[0] = block(n, nprocs, rank, 5 * rank, 5 * rank + 5, 0, 0, 0);
  d[0].extent = 4;
  try_bad("extent", "bad-extent", "<f8", 1, d, buf, 1);
  d[0] = block(n, nprocs, rank, 5 * rank + 4, 5 * rank + 2, 0, 0, 0);
  d[0].extent = 0;
  try_bad("start>=stop", "bad-range", "<f8", 1, d, buf, 1);
  d[0] = block(n, nprocs, rank, 5 * rank, 5 * rank + 5, 0, 7, 0);
  try_bad("padding", "bad-padding", "<f8", 1, d, buf, 1);
  d[0] = cyclic(100, nprocs, rank, 2);
  d[0].start = 2 * (int64_t)nprocs + 1;
  try_bad("cyclic-start", "bad-cyclic", "<f8", 1, d, buf, 1);
  int64_t dup[3] = {1, 3, 1}, out[2] = {0, 25};
  memset(&d[0], 0, sizeof d[0]);
  d[0].dist_type = 'u';
  d[0].size = 10;
  d[0].proc_grid_size = nprocs;
  d[0].proc_grid_rank = rank;
  d[0].indices = dup;
  d[0].extent = 3;
  try_bad("duplicate-index", "bad-dup", "<f8", 1, d, buf, 1);
  d[0].indices = out;
  d[0].extent = 2;
  try_bad("index-range", "bad-index", "<f8", 1, d, buf, 1);
  d[0] = block(n, nprocs, rank, 5 * rank, 5 * rank + 5, 0, 0, 0);
  try_bad("typestr", "bad-type", "<f3", 1, d, buf, 1);
  try_bad("typestr-word", "bad-type2", "double", 1, d, buf, 1);
  for (int k = 0; k <= PARADBG_DAP_MAX_DIMS; k++)
    d[k] = block(1, 1, 0, 0, 1, 0, 0, 0);
  d[0] = block(n, nprocs, rank, 5 * rank, 5 * rank + 5, 0, 0, 0);
  try_bad("ndim", "bad-ndim", "<f8", PARADBG_DAP_MAX_DIMS + 1, d, buf, 1);
  d[0] = block(n, nprocs, rank, 5 * rank, 5 * rank + 5, 0, 0, 0);
  d[0].proc_grid_rank = nprocs;
  try_bad("grid-rank", "bad-grid", "<f8", 1, d, buf, 1);
  d[0] = block(n, nprocs, rank, 5 * rank, 5 * rank + 5, 0, 0, 0);
  try_bad("name", "a-name-of-sixty-four-characters-which-is-one-more-than-it-may-be", "<f8", 1, d, buf,
          1);
  try_bad("no-buffer", "bad-buffer", "<f8", 1, d, NULL, 1);

  /* Once without stat: one line on stderr, and the rank goes on. */
  d[0] = block(n, nprocs, rank, 5 * rank, 5 * rank + 5, 0, 0, 0);
  d[0].extent = 4;
  try_bad("extent", "bad-extent", "<f8", 1, d, buf, 0);
  printf("rank %d: went on\n", rank);

  /* A good one: registered, dropped, registered again. */
  d[0] = block(8 * (int64_t)nprocs, nprocs, rank, 8 * rank, 8 * rank + 8, 0, 0, 0);
  struct array *a = add("ok", "<f8", 1, d);
  struct paradbg_dap_array r = {a->name, a->typestr, a->buffer, 1, a->dim, rank, nprocs};
  int stat = -1;
  int id = paradbg_dap_register(&r, &stat, NULL, 0);
  int dropped = paradbg_dap_drop(id, &stat);
  printf("rank %d: ok registered as %d, dropped: %d stat %d\n", rank, id, dropped, stat);
  a->id = paradbg_dap_register(&r, &stat, NULL, 0);
  printf("rank %d: ok registered again as %d (stat %d)\n", rank, a->id, stat);
  stat = -1;
  int rc = paradbg_dap_drop(9999, &stat);
  printf("rank %d: drop 9999: stat %d rc %d\n", rank, stat, rc);
  rc = paradbg_dap_drop(9999, NULL);
  printf("rank %d: drop 9999 without stat: rc %d\n", rank, rc);
  fflush(stdout);
  if (a->id <= 0)
    die("'ok' was refused");
}

/* ---- threads ------------------------------------------------------------------ */

static double thread_buf[4][3];

static void *thread_main(void *arg)
{
  int t = (int)(intptr_t)arg;
  struct paradbg_dap_dim d = block(3, 1, 0, 0, 3, 0, 0, 0);
  char name[32];
  int ids[200];
  for (int i = 0; i < 200; i++) {
    snprintf(name, sizeof name, "thr.%d.%d", t, i);
    struct paradbg_dap_array r = {name, "<f8", thread_buf[t], 1, &d, 0, 1};
    int stat = -1;
    ids[i] = paradbg_dap_register(&r, &stat, NULL, 0);
    if (ids[i] <= 0 || stat != 0)
      die("thread %d: registration %d refused", t, i);
    if (i % 2 == 1) {
      if (paradbg_dap_drop(ids[i - 1], &stat) != 0 || stat != 0 || paradbg_dap_drop(ids[i], &stat) != 0)
        die("thread %d: drop %d failed", t, i);
    }
  }
  return NULL;
}

static void scenario_threads(void)
{
  pthread_t th[4];
  for (int t = 0; t < 4; t++)
    if (pthread_create(&th[t], NULL, thread_main, (void *)(intptr_t)t) != 0)
      die("pthread_create");
  for (int t = 0; t < 4; t++)
    pthread_join(th[t], NULL);
  /* Each thread's array, kept (registered after all the others). */
  for (int t = 0; t < 4; t++) {
    struct paradbg_dap_dim d = block(3, 1, 0, 0, 3, 0, 0, 0);
    char name[16];
    snprintf(name, sizeof name, "thr.%d", t);
    add(name, "<f8", 1, &d);
  }
  register_all(0, 1);   /* each a whole array of one process */
}

/* ---- records --------------------------------------------------------------------- */

static void write_dim(FILE *o, const struct paradbg_dap_dim *d)
{
  fprintf(o, "{\"dist_type\": \"%c\", \"size\": %" PRId64 ", \"proc_grid_size\": %" PRId64
             ", \"proc_grid_rank\": %" PRId64,
          d->dist_type, d->size, d->proc_grid_size, d->proc_grid_rank);
  if (d->dist_type == 'b')
    fprintf(o, ", \"start\": %" PRId64 ", \"stop\": %" PRId64 ", \"padding\": [%" PRId64 ", %" PRId64
               "], \"periodic\": %s",
            d->start, d->stop, d->padding[0], d->padding[1], d->periodic ? "true" : "false");
  else if (d->dist_type == 'c')
    fprintf(o, ", \"start\": %" PRId64 ", \"block_size\": %" PRId64, d->start, d->block_size);
  else {
    fprintf(o, ", \"indices\": [");
    for (int64_t i = 0; i < d->extent; i++)
      fprintf(o, "%s%" PRId64, i ? ", " : "", d->indices[i]);
    fprintf(o, "], \"one_to_one\": %s", d->one_to_one ? "true" : "false");
  }
  fprintf(o, ", \"extent\": %" PRId64 "}", d->extent);
}

static void write_file(const char *base, const char *text)
{
  char path[64], tmp[72];
  snprintf(path, sizeof path, "%s.%d", base, rank);
  snprintf(tmp, sizeof tmp, "%s.tmp", path);
  FILE *f = fopen(tmp, "w");
  if (!f || fputs(text, f) < 0 || fclose(f) != 0 || rename(tmp, path) != 0)
    die("cannot write %s", path);
}

static void write_records(const char *scenario, int array_nprocs, int array_rank)
{
  char *text;
  size_t len;
  FILE *o = open_memstream(&text, &len);
  fprintf(o, "{\"rank\": %d, \"nprocs\": %d, \"pid\": %d, \"scenario\": \"%s\", \"arrays\": [", rank, nprocs,
          (int)getpid(), scenario);
  for (int i = 0; i < narrays; i++) {
    struct array *a = &arrays[i];
    fprintf(o, "%s{\"name\": \"%s\", \"id\": %d, \"typestr\": \"%s\", \"rank\": %d, \"nprocs\": %d, "
               "\"buffer\": %" PRIuPTR ", \"shape\": [",
            i ? ", " : "", a->name, a->id, a->typestr, array_rank, array_nprocs, (uintptr_t)a->buffer);
    for (int k = 0; k < a->ndim; k++)
      fprintf(o, "%s%" PRId64, k ? ", " : "", a->dim[k].extent);
    fprintf(o, "], \"dim_data\": [");
    for (int k = 0; k < a->ndim; k++) {
      if (k)
        fprintf(o, ", ");
      write_dim(o, &a->dim[k]);
    }
    fprintf(o, "]}");
  }
  fprintf(o, "]");
  if (bad_halo[0])
    fprintf(o, ", \"bad_halo\": %s", bad_halo);
  fprintf(o, "}\n");
  fclose(o);
  write_file("records", text);
  free(text);
}

static int run_rank(const char *scenario)
{
  char base[32];
  snprintf(base, sizeof base, "%s", scenario);
  char *dash = strchr(base, '-');
  const char *end = "pause";
  if (dash) {
    end = dash + 1;
    *dash = 0;
  }
  int array_nprocs = nprocs, array_rank = rank;
  if (strcmp(base, "all") == 0 || strcmp(base, "halo") == 0) {
    build(base);
    register_all(rank, nprocs);
  } else if (strcmp(base, "bad") == 0)
    scenario_bad();
  else if (strcmp(base, "threads") == 0) {
    scenario_threads();
    array_nprocs = 1;
    array_rank = 0;
  } else
    die("unknown scenario '%s'", base);
  write_records(scenario, array_nprocs, array_rank);
  char path[32];
  snprintf(path, sizeof path, "registry.%d", rank);
  if (dap_reader_dump(path) != 0)
    die("the registry read through the layout table did not add up (%s)", path);
  char pid[32];
  snprintf(pid, sizeof pid, "%d\n", (int)getpid());
  write_file("pid", pid);
  if (strcmp(end, "abort") == 0) {
    /* Each rank's core in a directory of its own: with core_pattern
       "core" the ranks' cores would overwrite each other. */
    char dir[32];
    snprintf(dir, sizeof dir, "rank.%d", rank);
    if ((mkdir(dir, 0755) == 0 || errno == EEXIST) && chdir(dir) != 0)
      die("cannot enter %s: %s", dir, strerror(errno));
    abort();
  }
  if (strcmp(end, "exit") == 0)
    return 0;
  if (strcmp(end, "pause") != 0)
    die("unknown ending '%s' (abort, exit)", end);
  for (;;)
    pause();
}

static pid_t children[256];
static int nchildren;

static void forward(int sig)
{
  for (int i = 0; i < nchildren; i++)
    kill(children[i], sig);
}

int main(int argc, char **argv)
{
  if (argc != 3 || atoi(argv[1]) < 1 || atoi(argv[1]) > 256) {
    fprintf(stderr, "usage: ranks N SCENARIO (N 1..256; SCENARIO all|halo|bad|threads[-abort|-exit])\n");
    return 2;
  }
  nprocs = atoi(argv[1]);
  setvbuf(stdout, NULL, _IOLBF, 0);
  if (paradbg_dap_check_set && (strncmp(argv[2], "all", 3) == 0 || strncmp(argv[2], "halo", 4) == 0) &&
      (nprocs >= 2 || strncmp(argv[2], "halo", 4) != 0) && check_sets(strncmp(argv[2], "all", 3) == 0 ? "all" : "halo"))
    return 3;
  signal(SIGTERM, forward);
  signal(SIGINT, forward);
  pid_t parent = getpid();
  for (int r = 0; r < nprocs; r++) {
    pid_t p = fork();
    if (p < 0) {
      perror("fork");
      forward(SIGKILL);
      return 1;
    }
    if (p == 0) {
      signal(SIGTERM, SIG_DFL);
      signal(SIGINT, SIG_DFL);
      prctl(PR_SET_PDEATHSIG, SIGKILL);
      if (getppid() != parent)
        _exit(1);
      rank = r;
      exit(run_rank(argv[2]));
    }
    children[nchildren++] = p;
  }
  int bad = 0;
  for (int i = 0; i < nchildren;) {
    int st;
    pid_t p = waitpid(-1, &st, 0);
    if (p < 0) {
      if (errno == EINTR)
        continue;
      break;
    }
    i++;
    if (WIFEXITED(st) && WEXITSTATUS(st) != 0) {
      fprintf(stderr, "ranks: pid %d exited with %d\n", (int)p, WEXITSTATUS(st));
      bad = 1;
    }
  }
  return bad;
}
