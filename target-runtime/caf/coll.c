/* CO_SUM, CO_MIN, CO_MAX, CO_REDUCE and CO_BROADCAST.  Each image packs its
   operand into a buffer in its own segment; after a barrier, image k of n
   reduces the k-th n-th of the elements across all buffers; after a second
   barrier everyone gathers the result.  Two buffers alternate, so that a
   third barrier is not needed before a buffer is written again. */
#include <limits.h>
#include <string.h>

#include "caf.h"
#include "gasp_events.h"
#include "transfer.h"

enum red_op { RED_SUM, RED_MIN, RED_MAX, RED_USER };

struct red {
  enum red_op op;
  int type, kind;
  size_t len;                         /* element bytes */
  void *(*opr)(void *, void *);       /* CO_REDUCE's function */
  int flags;
  int a_len;
};

/* out = EXPR, and out2 too when it is not NULL, in one pass.  a and b are
   acc and x; out and out2 may each be acc. */
#define LOOP(T, EXPR)                                                         \
  do {                                                                        \
    T *o = (T *)out, *o2 = (T *)out2;                                         \
    const T *a = (const T *)acc, *b = (const T *)x;                           \
    if (o2) {                                                                 \
      _Pragma("GCC ivdep") for (size_t i = 0; i < n; i++) {                   \
        T v = EXPR;                                                           \
        o[i] = v;                                                             \
        o2[i] = v;                                                            \
      }                                                                       \
    } else {                                                                  \
      _Pragma("GCC ivdep") for (size_t i = 0; i < n; i++) o[i] = EXPR;        \
    }                                                                         \
  } while (0)
#define SUM(T) LOOP(T, a[i] + b[i])
#define MIN(T) LOOP(T, b[i] < a[i] ? b[i] : a[i])
#define MAX(T) LOOP(T, b[i] > a[i] ? b[i] : a[i])
#define NUMERIC_KINDS(X, type, kind)                                          \
  if (type == GFC_BT_INTEGER) {                                               \
    switch (kind) {                                                           \
    case 1: X(signed char); return true;                                      \
    case 2: X(short); return true;                                            \
    case 4: X(int); return true;                                              \
    case 8: X(long long); return true;                                        \
    case 16: X(__int128); return true;                                        \
    }                                                                         \
  } else if (type == GFC_BT_REAL) {                                           \
    switch (kind) {                                                           \
    case 4: X(float); return true;                                            \
    case 8: X(double); return true;                                           \
    case 10: X(long double); return true;                                     \
    case 16: X(_Float128); return true;                                       \
    }                                                                         \
  }

static int char_cmp(const void *a, const void *b, size_t len, int kind)
{
  if (kind == 1)
    return memcmp(a, b, len);
  const unsigned *x = a, *y = b;
  for (size_t i = 0; i < len / 4; i++)
    if (x[i] != y[i])
      return x[i] < y[i] ? -1 : 1;
  return 0;
}

/* Calls CO_REDUCE's function in the convention gfortran chose for it. */
static void user_op(const struct red *r, char *acc, char *x)
{
  /* Through void (*)(void): the real type is known only here. */
  void (*fn)(void) = (void (*)(void))r->opr;
  if (r->type == GFC_BT_CHARACTER) {
    char res[r->len];
    size_t l = (size_t)r->a_len;
    ((void (*)(char *, size_t, char *, char *, size_t, size_t))fn)(res, l, acc, x, l, l);
    memcpy(acc, res, r->len);
    return;
  }
  bool byval = r->flags & GFC_CAF_ARG_VALUE;
#define CALL(T)                                                                                \
  do {                                                                                         \
    T v = byval ? ((T(*)(T, T))fn)(*(T *)acc, *(T *)x) : ((T(*)(T *, T *))fn)((T *)acc, (T *)x); \
    memcpy(acc, &v, sizeof v);                                                                 \
    return;                                                                                    \
  } while (0)
  switch (r->type) {
  case GFC_BT_INTEGER:
  case GFC_BT_LOGICAL:
    switch (r->kind) {
    case 1: CALL(signed char);
    case 2: CALL(short);
    case 4: CALL(int);
    case 8: CALL(long long);
    case 16: CALL(__int128);
    }
    break;
  case GFC_BT_REAL:
    switch (r->kind) {
    case 4: CALL(float);
    case 8: CALL(double);
    case 10: CALL(long double);
    case 16: CALL(_Float128);
    }
    break;
  case GFC_BT_COMPLEX:
    switch (r->kind) {
    case 4: CALL(_Complex float);
    case 8: CALL(_Complex double);
    case 10: CALL(_Complex long double);
    case 16: CALL(_Complex _Float128);
    }
    break;
  }
#undef CALL
  parcaf_error_terminate(1, "CO_REDUCE: %s(kind=%d) operands are not supported", parcaf_type_name(r->type), r->kind);
}

/* out = acc OP x, element-wise, and out2 = the same when out2 is not NULL
   (the caller's own array, saving a copy after); out and out2 may each be
   acc.  The loops run over megabytes: they are vectorised even when the
   library is built with -O2, whose cost model leaves loops of unknown
   length scalar, and built twice, for AVX2 and for any x86-64, where the
   compiler supports choosing between the two when the library loads. */
#if defined(__x86_64__) && defined(__has_attribute)
#if __has_attribute(target_clones)
#define COMBINE_CLONES __attribute__((target_clones("avx2", "default")))
#endif
#endif
#ifndef COMBINE_CLONES
#define COMBINE_CLONES
#endif
__attribute__((optimize("O3"))) COMBINE_CLONES
static bool combine_to(const struct red *r, char *out, const char *acc, const char *x, size_t n, char *out2)
{
  if (out != acc && (r->op == RED_USER || r->type == GFC_BT_CHARACTER)) {
    memcpy(out, acc, n * r->len);
    acc = out;
  }
  char *accw = out;
  if (r->op == RED_USER) {
    for (size_t i = 0; i < n; i++)
      user_op(r, accw + i * r->len, (char *)x + i * r->len);
    if (out2)
      memcpy(out2, out, n * r->len);
    return true;
  }
  if (r->type == GFC_BT_CHARACTER && r->op != RED_SUM) {
    for (size_t i = 0; i < n; i++) {
      int c = char_cmp(x + i * r->len, acc + i * r->len, r->len, r->kind);
      if (r->op == RED_MIN ? c < 0 : c > 0)
        memcpy(accw + i * r->len, x + i * r->len, r->len);
    }
    if (out2)
      memcpy(out2, out, n * r->len);
    return true;
  }
  if (r->op == RED_SUM && r->type == GFC_BT_COMPLEX) {
    n *= 2;
    switch (r->kind) {
    case 4: SUM(float); return true;
    case 8: SUM(double); return true;
    case 10: SUM(long double); return true;
    case 16: SUM(_Float128); return true;
    }
    return false;
  }
  switch (r->op) {
  case RED_SUM: NUMERIC_KINDS(SUM, r->type, r->kind); break;
  case RED_MIN: NUMERIC_KINDS(MIN, r->type, r->kind); break;
  case RED_MAX: NUMERIC_KINDS(MAX, r->type, r->kind); break;
  default: break;
  }
  return false;
}

/* This image's collective buffer of the current parity, at least n bytes. */
static char *buffer(int level, int parity, size_t n)
{
  struct parcaf_image *me = parcaf_image(parcaf_this_image);
  struct parcaf_segment *seg = (struct parcaf_segment *)parcaf_local_view;
  if (me->coll_size[level][parity] < n) {
    if (me->coll_off[level][parity])
      parcaf_heap_free(&seg->asym, parcaf_local_view, me->coll_off[level][parity]);
    me->coll_size[level][parity] = 0;
    me->coll_off[level][parity] = parcaf_heap_alloc(&seg->asym, parcaf_local_view, n);
    if (!me->coll_off[level][parity])
      return NULL;
    me->coll_size[level][parity] = n;
  }
  return parcaf_local_view + me->coll_off[level][parity];
}

static char *buffer_of(int global, int level, int parity)
{
  return parcaf_segment_base(global) + parcaf_image(global)->coll_off[level][parity];
}

/* Packs the operand into buf (to_buf) or unpacks buf into it. */
static void pack(gfc_desc_t *a, char *buf, bool to_buf)
{
  struct parcaf_elems e, b;
  char err[100];
  parcaf_elems_from_desc(&e, a, a->base_addr, NULL, 0, err, sizeof err);
  memset(&b, 0, sizeof b);
  b.base = buf;
  b.rank = 1;
  b.count = b.extent[0] = e.count;
  b.step[0] = (ptrdiff_t)e.et.len;
  b.et = e.et;
  if (to_buf)
    parcaf_transfer(&b, &e, false, err, sizeof err);
  else
    parcaf_transfer(&e, &b, false, err, sizeof err);
}

static bool contiguous(gfc_desc_t *a)
{
  struct parcaf_elems e;
  char err[100];
  if (!parcaf_elems_from_desc(&e, a, a->base_addr, NULL, 0, err, sizeof err))
    return false;
  bool c = parcaf_elems_contiguous(&e);
  parcaf_elems_free(&e);
  return c;
}

/* operation: the PARADBG_CAF_COLLECTIVE_* a debugger is shown. */
static void collective(const char *op, int operation, gfc_desc_t *a, int root, struct red *r, int *stat,
                       char *errmsg, size_t errmsg_len)
{
  int n = parcaf_cur_size(), idx = parcaf_cur_index(), slot = parcaf_cur_slot(), who = 0;
  int g_root = 0;
  if (root && !(g_root = parcaf_global_of(root))) {
    parcaf_report(stat, errmsg, errmsg_len, 1, "%s: %d is not an image index of the current team (1 to %d)", op,
                  root, n);
    return;
  }
  size_t count = gfc_desc_elem_count(a), len = a->dtype.elem_len, bytes = count * len;
  if (r)
    r->len = len;
  int level;
  unsigned *seq = parcaf_coll_seq(&level);
  int parity = (int)(*seq)++ & 1;
  char *mine = buffer(level, parity, bytes ? bytes : 1);
  /* Every image must learn of an allocation failure, so it still meets
     the others at the barriers. */
  bool ok = mine != NULL;
  /* A contiguous operand is read and written in place: this image's own
     slice never goes through its buffer. */
  bool direct = contiguous(a);
  char *user = a->base_addr;
  size_t lo = count * (size_t)(idx - 1) / (size_t)n, hi = count * (size_t)idx / (size_t)n;
  if (ok && (r || parcaf_this_image == g_root)) {
    if (r && direct) {
      memcpy(mine, user, lo * len);
      memcpy(mine + hi * len, user + hi * len, (count - hi) * len);
    } else {
      pack(a, mine, true);
    }
  }
  parcaf_image(parcaf_this_image)->wait_operation = operation;
  parcaf_wait_begin(PARADBG_CAF_WAIT_COLLECTIVE, g_root, NULL);
  int rc = parcaf_barrier(slot, idx, PARADBG_CAF_WAIT_COLLECTIVE, &who);
  uint32_t *mem = parcaf_team_members(parcaf_team(slot));
  if (r) {
    /* Reduce this image's slice across every image's contribution.  Both
       barriers are always met, so every image's count of arrivals stays
       the same even when one of them reports a failure. */
    int rc1 = rc;
    const char *acc = (direct ? user : mine) + lo * len;
    int last = idx == n ? n - 1 : n;   /* the last other image */
    for (int j = 1; j <= n && ok && !rc1 && hi > lo; j++) {
      if (j == idx)
        continue;
      struct parcaf_image *other = parcaf_image((int)mem[j - 1]);
      if (!other->coll_off[level][parity] || other->coll_size[level][parity] < bytes) {
        ok = false;
        break;
      }
      /* The last pass writes a contiguous operand's own slice too, where
         the result goes (the others' operands stay as they were). */
      char *out2 = direct && j == last && (!root || parcaf_this_image == g_root) ? user + lo * len : NULL;
      if (!combine_to(r, mine + lo * len, acc, buffer_of((int)mem[j - 1], level, parity) + lo * len, hi - lo, out2))
        parcaf_error_terminate(1, "%s: %s(kind=%d) operands are not supported", op, parcaf_type_name(r->type), r->kind);
      acc = mine + lo * len;
    }
    int who2 = 0;
    rc = parcaf_barrier(slot, idx, PARADBG_CAF_WAIT_COLLECTIVE, &who2);
    if (rc1)
      rc = rc1;
    else
      who = who2;
    if (!rc && ok && n > 1 && (!root || parcaf_this_image == g_root) && bytes) {
      /* Gather the other n - 1 reduced slices, each from the image that
         made it; this image's own is in place already. */
      char *to = direct ? user : mine;
      for (int j = 1; j <= n; j++) {
        size_t jlo = count * (size_t)(j - 1) / (size_t)n, jhi = count * (size_t)j / (size_t)n;
        if (j != idx)
          memcpy(to + jlo * len, buffer_of((int)mem[j - 1], level, parity) + jlo * len, (jhi - jlo) * len);
      }
      if (!direct)
        pack(a, mine, false);
    }
  } else if (!rc && !r && parcaf_this_image != g_root && bytes) {
    if (parcaf_image(g_root)->coll_size[level][parity] < bytes)
      ok = false;
    else
      pack(a, buffer_of(g_root, level, parity), false);
  }
  parcaf_wait_end();
  if (rc) {
    parcaf_report_image(stat, errmsg, errmsg_len, rc, op, who, who);
  } else if (!ok) {
    parcaf_report(stat, errmsg, errmsg_len, 1, "%s: %zu bytes do not fit in the coarray heap of an image; raise "
                  "GFORTRAN_SHARED_MEMORY_SIZE", op, bytes);
  } else {
    parcaf_set_ok(stat, errmsg, errmsg_len);
  }
}

/* gfortran 12 passes a collective's ERRMSG= variable by value, as an
   aggregate of its length: up to 16 bytes in one or two registers (the
   characters arrive where errmsg should be), longer on the stack (the
   next argument arrives there instead).  Either way the arguments after
   it are moved, and no address of the variable reaches the library, so
   the message is dropped (STAT= still says what happened).  The character
   length CO_MIN, CO_MAX and CO_REDUCE need is then the first of these
   that the element size confirms: errmsg's place when it holds a number
   no address can be (Linux maps nothing below 64 KiB), a_len's, or
   errmsg_len's.  It is an int, so only the low 32 bits of a register
   that carries it are set. */
static bool is_char_len(const gfc_desc_t *a, uint32_t l)
{
  return l > 0 && l <= INT_MAX && (a->dtype.elem_len == l || a->dtype.elem_len == 4 * (size_t)l);
}

static void unshift_errmsg(const gfc_desc_t *a, char **errmsg, size_t *errmsg_len, int *a_len)
{
  uintptr_t slot = (uintptr_t)*errmsg;
  uint32_t moved = (uint32_t)*errmsg_len;
  *errmsg = NULL;
  *errmsg_len = 0;
  if (!a_len || slot == 0 || a->dtype.type != GFC_BT_CHARACTER)
    return;
  if ((uint32_t)slot < 65536 && is_char_len(a, (uint32_t)slot))
    *a_len = (int)(uint32_t)slot;
  else if (!is_char_len(a, (uint32_t)*a_len) && is_char_len(a, moved))
    *a_len = (int)moved;
}

/* The descriptor gives only byte sizes: 16-byte reals are taken as
   real(10), which shares that size with real(16) (documented). */
static int kind_of(const gfc_desc_t *a, int a_len)
{
  int len = (int)a->dtype.elem_len;
  switch (a->dtype.type) {
  case GFC_BT_COMPLEX: return len / 2 == 16 ? 10 : len / 2;
  case GFC_BT_REAL: return len == 16 ? 10 : len;
  case GFC_BT_CHARACTER: return a_len > 0 && (size_t)a_len * 4 == a->dtype.elem_len ? 4 : 1;
  default: return len;
  }
}

#define REDUCTION(name, OP, OPERATION, EVENT, has_len)                                          \
  do {                                                                                          \
    struct red r = {OP, a->dtype.type, kind_of(a, has_len), 0, NULL, 0, has_len};               \
    PARCAF_GASP(EVENT, GASP_START, result_image, gfc_desc_elem_count(a) * a->dtype.elem_len);   \
    collective(name, OPERATION, a, result_image, &r, stat, errmsg, errmsg_len);                 \
    PARCAF_GASP(EVENT, GASP_END, result_image, gfc_desc_elem_count(a) * a->dtype.elem_len);     \
  } while (0)

PARCAF_EXPORT void _gfortran_caf_co_sum(gfc_desc_t *a, int result_image, int *stat, char *errmsg, size_t errmsg_len)
{
  unshift_errmsg(a, &errmsg, &errmsg_len, NULL);
  REDUCTION("CO_SUM", RED_SUM, PARADBG_CAF_COLLECTIVE_SUM, GASP_CAF_CO_SUM, 0);
}

PARCAF_EXPORT void _gfortran_caf_co_min(gfc_desc_t *a, int result_image, int *stat, char *errmsg, int a_len,
                                        size_t errmsg_len)
{
  unshift_errmsg(a, &errmsg, &errmsg_len, &a_len);
  REDUCTION("CO_MIN", RED_MIN, PARADBG_CAF_COLLECTIVE_MIN, GASP_CAF_CO_MIN, a_len);
}

PARCAF_EXPORT void _gfortran_caf_co_max(gfc_desc_t *a, int result_image, int *stat, char *errmsg, int a_len,
                                        size_t errmsg_len)
{
  unshift_errmsg(a, &errmsg, &errmsg_len, &a_len);
  REDUCTION("CO_MAX", RED_MAX, PARADBG_CAF_COLLECTIVE_MAX, GASP_CAF_CO_MAX, a_len);
}

PARCAF_EXPORT void _gfortran_caf_co_reduce(gfc_desc_t *a, void *(*opr)(void *, void *), int opr_flags,
                                           int result_image, int *stat, char *errmsg, int a_len, size_t errmsg_len)
{
  unshift_errmsg(a, &errmsg, &errmsg_len, &a_len);
  struct red r = {RED_USER, a->dtype.type, kind_of(a, a_len), 0, opr, opr_flags, a_len};
  size_t bytes = gfc_desc_elem_count(a) * a->dtype.elem_len;
  PARCAF_GASP(GASP_CAF_CO_REDUCE, GASP_START, result_image, bytes);
  collective("CO_REDUCE", PARADBG_CAF_COLLECTIVE_REDUCE, a, result_image, &r, stat, errmsg, errmsg_len);
  PARCAF_GASP(GASP_CAF_CO_REDUCE, GASP_END, result_image, bytes);
}

PARCAF_EXPORT void _gfortran_caf_co_broadcast(gfc_desc_t *a, int source_image, int *stat, char *errmsg,
                                              size_t errmsg_len)
{
  unshift_errmsg(a, &errmsg, &errmsg_len, NULL);
  size_t bytes = gfc_desc_elem_count(a) * a->dtype.elem_len;
  PARCAF_GASP(GASP_CAF_CO_BROADCAST, GASP_START, source_image, bytes);
  if (source_image < 1 || !parcaf_global_of(source_image))
    parcaf_report(stat, errmsg, errmsg_len, 1, "CO_BROADCAST: %d is not an image index of the current team (1 to %d)",
                  source_image, parcaf_cur_size());
  else
    collective("CO_BROADCAST", PARADBG_CAF_COLLECTIVE_BROADCAST, a, source_image, NULL, stat, errmsg, errmsg_len);
  PARCAF_GASP(GASP_CAF_CO_BROADCAST, GASP_END, source_image, bytes);
}
