/* paradbg's layout kit: what every runtime's debugger layout has in common.

   Each runtime writes down, once, what a debugger plugin reads from it, as
   X-macro lists in its own header (omp-layout.h, caf-layout.h,
   atomic-layout.h): its structures, their fields and what each field holds
   (a kind, below: size and signedness), the symbols a plugin looks up and
   what each holds, and the facts a reader needs beyond offsets (how arrays
   lie, what an offset counts from, which values to check).  The runtime
   expands the lists into an exported table of type sizes and field offsets
   and checks, when it is compiled, that each field's C type is what its
   list says (PARADBG_LAYOUT_INIT, PARADBG_LAYOUT_ASSERT).  A plugin
   expands the same lists to read (PARADBG_LAYOUT_SPEC), reads the table
   through the debugger's memory callback and hands the bytes to the one
   validator here (paradbg_layout_read or paradbg_layout_check); anything
   but PARADBG_LAYOUT_OK is another runtime or another version, which the
   plugin refuses (OMPD: ompd_rc_incompatible) and never guesses at.

   Header-only: nothing here needs linking, and nothing here depends on
   OMPD, so a runtime includes it too. */
#ifndef PARADBG_LAYOUT_H
#define PARADBG_LAYOUT_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* ---- the table ---------------------------------------------------------- */

/* Every table begins with these six words, in the target's byte order:
   the runtime's magic number, the version of its lists, the table's own
   size in bytes, its numbers of types and fields, the target's pointer
   size.  Then a size per type and an offset and size per field, in the
   order of the lists. */
#define PARADBG_LAYOUT_HEADER_MEMBERS \
  uint32_t magic;                     \
  uint32_t version;                   \
  uint32_t table_size;                \
  uint32_t ntypes;                    \
  uint32_t nfields;                   \
  uint32_t pointer_size;

struct paradbg_layout_header {
  PARADBG_LAYOUT_HEADER_MEMBERS
};

#define PARADBG_LAYOUT_HEADER_SIZE ((uint32_t)sizeof(struct paradbg_layout_header))

/* The bytes of a table with nt types and nf fields. */
#define PARADBG_LAYOUT_TABLE_SIZE(nt, nf) \
  ((uint32_t)(PARADBG_LAYOUT_HEADER_SIZE + 4u * (uint32_t)(nt) + 8u * (uint32_t)(nf)))

/* Declares struct <prefix>_field_layout and struct <prefix>_layout, the
   table of a layout with nt types and nf fields. */
#define PARADBG_LAYOUT_TABLE(prefix, nt, nf) \
  struct prefix##_field_layout {             \
    uint32_t offset;                         \
    uint32_t size;                           \
  };                                         \
  struct prefix##_layout {                   \
    PARADBG_LAYOUT_HEADER_MEMBERS            \
    uint32_t type_size[nt];                  \
    struct prefix##_field_layout field[nf];  \
  }

/* A reader believes no type larger than this: a corrupt core may claim
   anything. */
#define PARADBG_LAYOUT_MAX_TYPE_SIZE (1u << 20)

/* ---- what a field or a symbol holds ------------------------------------------

   X(kind, size, signed, array).  size is in bytes, or the target's C int,
   long or pointer (PARADBG_LAYOUT_SIZE_*), which a reader takes from the
   debugger (OMPD's sizeof_type callback); 0 for kinds a reader never widens
   as one number.  A reader widens a signed kind with its sign.  array: one
   or more elements of that size (the field's size says how many). */
#define PARADBG_LAYOUT_SIZE_INT 0x41
#define PARADBG_LAYOUT_SIZE_LONG 0x42
#define PARADBG_LAYOUT_SIZE_POINTER 0x43

#define PARADBG_LAYOUT_KINDS(X)                                                                  \
  X(U8, 1, 0, 0)                              /* uint8_t, unsigned char */                    \
  X(U32, 4, 0, 0)                             /* uint32_t */                                  \
  X(S32, 4, 1, 0)                             /* int32_t */                                   \
  X(U64, 8, 0, 0)                             /* uint64_t */                                  \
  X(S64, 8, 1, 0)                             /* int64_t */                                   \
  X(INT, PARADBG_LAYOUT_SIZE_INT, 1, 0)       /* int, pid_t */                                \
  X(UINT, PARADBG_LAYOUT_SIZE_INT, 0, 0)      /* unsigned */                                  \
  X(ULONG, PARADBG_LAYOUT_SIZE_LONG, 0, 0)    /* unsigned long, pthread_t */                  \
  X(SIZE, PARADBG_LAYOUT_SIZE_POINTER, 0, 0)  /* size_t */                                    \
  X(PTR, PARADBG_LAYOUT_SIZE_POINTER, 0, 0)   /* an address in the target */                  \
  X(WORD64, 8, 0, 0)   /* 8 bytes read as one unsigned number whatever their C type (a union \
                          of a number and a pointer, as ompt_data_t) */                       \
  X(OFF64, 8, 0, 0)    /* uint64_t offset, not an address: the layout's lists say from where */ \
  X(INTS, PARADBG_LAYOUT_SIZE_INT, 1, 1)      /* int[] */                                     \
  X(UINTS, PARADBG_LAYOUT_SIZE_INT, 0, 1)     /* unsigned[] */                                \
  X(S64S, 8, 1, 1)                            /* int64_t[] */                                 \
  X(BYTES, 0, 0, 0)    /* a structure (read by its own fields), a string, an array of records */ \
  X(FUNC, 0, 0, 0)     /* a function: symbols only (a breakpoint) */

enum paradbg_layout_kind {
#define PARADBG_LAYOUT_KIND_ENUM_(k, size, sgn, array) PARADBG_LAYOUT_KIND_##k,
  PARADBG_LAYOUT_KINDS(PARADBG_LAYOUT_KIND_ENUM_)
#undef PARADBG_LAYOUT_KIND_ENUM_
  PARADBG_LAYOUT_NKINDS
};

/* The target's C sizes, as the debugger reports them (OMPD:
   ompd_device_type_sizes_t has the same fields). */
struct paradbg_layout_target {
  uint8_t sizeof_int;
  uint8_t sizeof_long;
  uint8_t sizeof_pointer;
};

/* What the kind list says of kind k. */
static inline int paradbg_layout_kind_signed(unsigned k)
{
  switch (k) {
#define PARADBG_LAYOUT_KIND_SIGNED_(kind, size, sgn, array) \
  case PARADBG_LAYOUT_KIND_##kind: return sgn;
    PARADBG_LAYOUT_KINDS(PARADBG_LAYOUT_KIND_SIGNED_)
#undef PARADBG_LAYOUT_KIND_SIGNED_
  }
  return 0;
}

static inline int paradbg_layout_kind_array(unsigned k)
{
  switch (k) {
#define PARADBG_LAYOUT_KIND_ARRAY_(kind, size, sgn, array) \
  case PARADBG_LAYOUT_KIND_##kind: return array;
    PARADBG_LAYOUT_KINDS(PARADBG_LAYOUT_KIND_ARRAY_)
#undef PARADBG_LAYOUT_KIND_ARRAY_
  }
  return 0;
}

/* The bytes one element of kind k takes on the target t; 0 for a kind of
   any size (BYTES, FUNC) and for an unknown kind. */
static inline unsigned paradbg_layout_kind_size(unsigned k, const struct paradbg_layout_target *t)
{
  unsigned s = 0;
  switch (k) {
#define PARADBG_LAYOUT_KIND_SIZE_(kind, size, sgn, array) \
  case PARADBG_LAYOUT_KIND_##kind: s = size; break;
    PARADBG_LAYOUT_KINDS(PARADBG_LAYOUT_KIND_SIZE_)
#undef PARADBG_LAYOUT_KIND_SIZE_
  }
  switch (s) {
  case PARADBG_LAYOUT_SIZE_INT: return t->sizeof_int;
  case PARADBG_LAYOUT_SIZE_LONG: return t->sizeof_long;
  case PARADBG_LAYOUT_SIZE_POINTER: return t->sizeof_pointer;
  }
  return s;
}

/* Widens the n bytes of a value of kind k (already in host byte order and
   read into the low bytes of raw) to 64 bits, with its sign. */
static inline uint64_t paradbg_layout_widen(unsigned k, uint64_t raw, unsigned n)
{
  if (n == 0 || n >= 8)
    return raw;
  uint64_t mask = ((uint64_t)1 << (8 * n)) - 1;
  raw &= mask;
  if (paradbg_layout_kind_signed(k) && (raw >> (8 * n - 1)) != 0)
    raw |= ~mask;
  return raw;
}

/* ---- writing a list once, with kinds ---------------------------------------------

   A layout writes its fields and symbols once, with their kinds, as
   LIST(A, X) whose entries are A(X, struct, field, kind) or A(X, symbol,
   kind); these adapters hand the entries to X with the kind (X(s, f, k),
   X(name, k)) or without it (X(s, f), X(name)). */
#define PARADBG_LAYOUT_WITH_KIND(X, s, f, k) X(s, f, k)
#define PARADBG_LAYOUT_NO_KIND(X, s, f, k) X(s, f)
#define PARADBG_LAYOUT_SYM_WITH_KIND(X, name, k) X(name, k)
#define PARADBG_LAYOUT_SYM_NO_KIND(X, name, k) X(name)

/* ---- for a runtime: the exported table, checked against the C types ---------- */

/* The table of layout P (PARADBG_OMP, PARADBG_CAF, ...) as an initializer.
   TYPE_SIZE(s) expands to "sizeof(struct <the runtime's s>),", FIELD(s, f, k)
   to "PARADBG_LAYOUT_ENTRY(struct <the runtime's s>, f),". */
#define PARADBG_LAYOUT_INIT(P, TYPE_SIZE, FIELD)                                \
  {                                                                             \
    P##_LAYOUT_MAGIC, P##_LAYOUT_VERSION, PARADBG_LAYOUT_TABLE_SIZE(P##_NTYPES, P##_NFIELDS), \
    P##_NTYPES, P##_NFIELDS, sizeof(void *), { P##_TYPES(TYPE_SIZE) },           \
    { P##_FIELD_KINDS(FIELD) },                                                   \
  }

#define PARADBG_LAYOUT_ENTRY(T, f) { offsetof(T, f), sizeof(((T *)0)->f) }

/* Whether the C object x (never evaluated) is what kind k says it is. */
#define PARADBG_LAYOUT_SIGNED_(x) ((__typeof__(x))-1 < 1)
#define PARADBG_LAYOUT_FITS_U8(x) (sizeof(x) == 1 && !PARADBG_LAYOUT_SIGNED_(x))
#define PARADBG_LAYOUT_FITS_U32(x) (sizeof(x) == 4 && !PARADBG_LAYOUT_SIGNED_(x))
#define PARADBG_LAYOUT_FITS_S32(x) (sizeof(x) == 4 && PARADBG_LAYOUT_SIGNED_(x))
#define PARADBG_LAYOUT_FITS_U64(x) (sizeof(x) == 8 && !PARADBG_LAYOUT_SIGNED_(x))
#define PARADBG_LAYOUT_FITS_S64(x) (sizeof(x) == 8 && PARADBG_LAYOUT_SIGNED_(x))
#define PARADBG_LAYOUT_FITS_INT(x) (sizeof(x) == sizeof(int) && PARADBG_LAYOUT_SIGNED_(x))
#define PARADBG_LAYOUT_FITS_UINT(x) (sizeof(x) == sizeof(int) && !PARADBG_LAYOUT_SIGNED_(x))
#define PARADBG_LAYOUT_FITS_ULONG(x) (sizeof(x) == sizeof(long) && !PARADBG_LAYOUT_SIGNED_(x))
#define PARADBG_LAYOUT_FITS_SIZE(x) (sizeof(x) == sizeof(void *) && !PARADBG_LAYOUT_SIGNED_(x))
#define PARADBG_LAYOUT_FITS_PTR(x) (sizeof(x) == sizeof(void *) && __builtin_classify_type(x) == 5)
#define PARADBG_LAYOUT_FITS_WORD64(x) (sizeof(x) == 8)
#define PARADBG_LAYOUT_FITS_OFF64(x) PARADBG_LAYOUT_FITS_U64(x)
#define PARADBG_LAYOUT_FITS_INTS(x) PARADBG_LAYOUT_FITS_INT((x)[0])
#define PARADBG_LAYOUT_FITS_UINTS(x) PARADBG_LAYOUT_FITS_UINT((x)[0])
#define PARADBG_LAYOUT_FITS_S64S(x) PARADBG_LAYOUT_FITS_S64((x)[0])
#define PARADBG_LAYOUT_FITS_BYTES(x) (sizeof(x) > 0)
#define PARADBG_LAYOUT_FITS_FUNC(x) 1

/* A compile-time check that x is of kind k ("what" names it). */
#define PARADBG_LAYOUT_ASSERT(x, k, what) \
  _Static_assert(PARADBG_LAYOUT_FITS_##k(x), what " is not of kind " #k " in the layout list")

/* The same for field f of structure T. */
#define PARADBG_LAYOUT_ASSERT_FIELD(T, f, k) PARADBG_LAYOUT_ASSERT(((T *)0)->f, k, #T "." #f)

/* A runtime's exported table, in one line: with PARADBG_LAYOUT_STRUCT(s)
   defined as the runtime's C structure for list entry s,
     PARADBG_LAYOUT_DEFINE(PARADBG_OMP, paradbg_omp_layout, PAROMP_EXPORT);
   builds the table from the lists and checks at compile time every field
   against the kind its list gives, and the table against padding. */
#define PARADBG_LAYOUT_TYPE_SIZE_(s) sizeof(PARADBG_LAYOUT_STRUCT(s)),
#define PARADBG_LAYOUT_FIELD_(s, f, k) PARADBG_LAYOUT_ENTRY(PARADBG_LAYOUT_STRUCT(s), f),
#define PARADBG_LAYOUT_CHECK_FIELD_(s, f, k) \
  PARADBG_LAYOUT_ASSERT_FIELD(PARADBG_LAYOUT_STRUCT(s), f, k);
#define PARADBG_LAYOUT_DEFINE(P, name, attr)                                          \
  attr const struct name name =                                                       \
      PARADBG_LAYOUT_INIT(P, PARADBG_LAYOUT_TYPE_SIZE_, PARADBG_LAYOUT_FIELD_);        \
  P##_FIELD_KINDS(PARADBG_LAYOUT_CHECK_FIELD_)                                        \
  _Static_assert(sizeof name == PARADBG_LAYOUT_TABLE_SIZE(P##_NTYPES, P##_NFIELDS),   \
                 "the table has padding")

/* ---- for a plugin: what it expects, and the one validator ----------------------- */

/* What a reader expects of a table, from its lists. */
struct paradbg_layout_spec {
  uint32_t magic;
  uint32_t version;
  uint32_t ntypes;
  uint32_t nfields;
  const unsigned char *field_type;   /* [nfields]: the type each field lies in */
  const unsigned char *field_kind;   /* [nfields]: enum paradbg_layout_kind */
};

#define PARADBG_LAYOUT_KIND_OF_(s, f, k) PARADBG_LAYOUT_KIND_##k,

/* Defines `static const struct paradbg_layout_spec name` for layout P from
   its lists (P##_FIELD_TYPE_OF_(s, f, k) gives a field's type index). */
#define PARADBG_LAYOUT_SPEC(name, P)                                              \
  static const unsigned char name##_field_type[P##_NFIELDS] = {                   \
    P##_FIELD_KINDS(P##_FIELD_TYPE_OF_)                                            \
  };                                                                              \
  static const unsigned char name##_field_kind[P##_NFIELDS] = {                   \
    P##_FIELD_KINDS(PARADBG_LAYOUT_KIND_OF_)                                       \
  };                                                                              \
  static const struct paradbg_layout_spec name = {                                \
    P##_LAYOUT_MAGIC, P##_LAYOUT_VERSION, P##_NTYPES, P##_NFIELDS, name##_field_type, \
    name##_field_kind                                                             \
  }

/* Why a table was refused; PARADBG_LAYOUT_OK (0) when it was not. */
#define PARADBG_LAYOUT_VERDICTS(X)                                                    \
  X(OK, "a table of the expected version")                                            \
  X(UNREADABLE, "the table cannot be read")                                           \
  X(SHORT, "fewer bytes than the table needs")                                        \
  X(BAD_MAGIC, "not this runtime's table (another magic number)")                     \
  X(BAD_VERSION, "another version of the runtime's layout")                           \
  X(BAD_SHAPE, "table size or numbers of types and fields not this version's")         \
  X(BAD_POINTER, "the target's pointer size is not the debugger's")                   \
  X(BAD_TYPE, "a structure of size 0 or larger than a reader believes")               \
  X(BAD_FIELD, "a field outside its structure")                                       \
  X(BAD_KIND, "a field whose size is not what its kind says")

enum paradbg_layout_verdict {
#define PARADBG_LAYOUT_VERDICT_ENUM_(v, text) PARADBG_LAYOUT_##v,
  PARADBG_LAYOUT_VERDICTS(PARADBG_LAYOUT_VERDICT_ENUM_)
#undef PARADBG_LAYOUT_VERDICT_ENUM_
};

static inline const char *paradbg_layout_verdict_text(int v)
{
  switch (v) {
#define PARADBG_LAYOUT_VERDICT_TEXT_(v, text) \
  case PARADBG_LAYOUT_##v: return text;
    PARADBG_LAYOUT_VERDICTS(PARADBG_LAYOUT_VERDICT_TEXT_)
#undef PARADBG_LAYOUT_VERDICT_TEXT_
  }
  return "unknown verdict";
}

static inline uint32_t paradbg_layout_spec_size(const struct paradbg_layout_spec *spec)
{
  return PARADBG_LAYOUT_TABLE_SIZE(spec->ntypes, spec->nfields);
}

/* Word i of raw, in host order (swap: the target's order is the other). */
static inline uint32_t paradbg_layout_word_(const unsigned char *raw, size_t i, int swap)
{
  uint32_t w;
  memcpy(&w, raw + 4 * i, 4);
  return swap ? __builtin_bswap32(w) : w;
}

/* Checks the header at raw (n bytes as read from the target; the magic
   tells its byte order).  *swap, if not NULL, says whether it is the other
   order than the host's. */
static inline int paradbg_layout_check_header(const struct paradbg_layout_spec *spec,
                                              const void *raw, size_t n,
                                              const struct paradbg_layout_target *t, int *swap)
{
  const unsigned char *b = raw;
  struct paradbg_layout_header h;
  int sw;
  if (n < PARADBG_LAYOUT_HEADER_SIZE)
    return PARADBG_LAYOUT_SHORT;
  h.magic = paradbg_layout_word_(b, 0, 0);
  if (h.magic == spec->magic)
    sw = 0;
  else if (h.magic == __builtin_bswap32(spec->magic))
    sw = 1;
  else
    return PARADBG_LAYOUT_BAD_MAGIC;
  h.version = paradbg_layout_word_(b, 1, sw);
  h.table_size = paradbg_layout_word_(b, 2, sw);
  h.ntypes = paradbg_layout_word_(b, 3, sw);
  h.nfields = paradbg_layout_word_(b, 4, sw);
  h.pointer_size = paradbg_layout_word_(b, 5, sw);
  if (h.version != spec->version)
    return PARADBG_LAYOUT_BAD_VERSION;
  if (h.table_size != paradbg_layout_spec_size(spec) || h.ntypes != spec->ntypes ||
      h.nfields != spec->nfields)
    return PARADBG_LAYOUT_BAD_SHAPE;
  if (h.pointer_size != t->sizeof_pointer)
    return PARADBG_LAYOUT_BAD_POINTER;
  if (swap != NULL)
    *swap = sw;
  return PARADBG_LAYOUT_OK;
}

/* Checks a whole table (n bytes as read from the target) against spec and
   the target's sizes: the header, every type's size, every field inside
   its type and of the size its kind says.  Only then writes the table, in
   host byte order, to out (out_size bytes, at least the table's size: the
   layout's struct <prefix>_layout). */
static inline int paradbg_layout_check(const struct paradbg_layout_spec *spec, const void *raw,
                                       size_t n, const struct paradbg_layout_target *t,
                                       void *out, size_t out_size)
{
  const unsigned char *b = raw;
  uint32_t size = paradbg_layout_spec_size(spec);
  int swap = 0;
  int v = paradbg_layout_check_header(spec, raw, n, t, &swap);
  if (v != PARADBG_LAYOUT_OK)
    return v;
  if (n < size || out_size < size)
    return PARADBG_LAYOUT_SHORT;
  size_t types = PARADBG_LAYOUT_HEADER_SIZE / 4, fields = types + spec->ntypes;
  for (uint32_t i = 0; i < spec->ntypes; i++) {
    uint32_t ts = paradbg_layout_word_(b, types + i, swap);
    if (ts == 0 || ts > PARADBG_LAYOUT_MAX_TYPE_SIZE)
      return PARADBG_LAYOUT_BAD_TYPE;
  }
  for (uint32_t f = 0; f < spec->nfields; f++) {
    uint32_t off = paradbg_layout_word_(b, fields + 2 * f, swap);
    uint32_t fs = paradbg_layout_word_(b, fields + 2 * f + 1, swap);
    if (spec->field_type[f] >= spec->ntypes)
      return PARADBG_LAYOUT_BAD_SHAPE;
    uint32_t ts = paradbg_layout_word_(b, types + spec->field_type[f], swap);
    if (fs == 0 || off > ts || fs > ts - off)
      return PARADBG_LAYOUT_BAD_FIELD;
    unsigned k = spec->field_kind[f], ks = paradbg_layout_kind_size(k, t);
    if (k >= PARADBG_LAYOUT_NKINDS)
      return PARADBG_LAYOUT_BAD_KIND;
    if (ks != 0 && (paradbg_layout_kind_array(k) ? fs % ks != 0 : fs != ks))
      return PARADBG_LAYOUT_BAD_KIND;
  }
  unsigned char *o = out;
  for (size_t i = 0; i < size / 4; i++) {
    uint32_t w = paradbg_layout_word_(b, i, swap);
    memcpy(o + 4 * i, &w, 4);
  }
  return PARADBG_LAYOUT_OK;
}

/* Reads and checks the table at addr through read (the plugin's wrapper of
   the debugger's memory callback: 0 on success): the header first, since a
   table of another version may be shorter, then the whole table.  Writes
   it to out as paradbg_layout_check does. */
typedef int paradbg_layout_read_fn(void *ctx, uint64_t addr, size_t n, void *buf);

static inline int paradbg_layout_read(const struct paradbg_layout_spec *spec,
                                      paradbg_layout_read_fn *read, void *ctx, uint64_t addr,
                                      const struct paradbg_layout_target *t, void *out,
                                      size_t out_size)
{
  unsigned char header[PARADBG_LAYOUT_HEADER_SIZE];
  uint32_t size = paradbg_layout_spec_size(spec);
  int v;
  if (out_size < size)
    return PARADBG_LAYOUT_SHORT;
  if (read(ctx, addr, sizeof header, header) != 0)
    return PARADBG_LAYOUT_UNREADABLE;
  if ((v = paradbg_layout_check_header(spec, header, sizeof header, t, NULL)) != PARADBG_LAYOUT_OK)
    return v;
  /* out holds the raw bytes until they are checked, then the host's */
  if (read(ctx, addr, size, out) != 0)
    return PARADBG_LAYOUT_UNREADABLE;
  if (memcmp(out, header, sizeof header) != 0)
    return PARADBG_LAYOUT_BAD_SHAPE;   /* it changed between the two reads */
  return paradbg_layout_check(spec, out, size, t, out, out_size);
}

/* ---- arrays ------------------------------------------------------------------------- */

/* The address of element [i][j] of an array of rows x cols elements,
   `stride` bytes apart, that begins `offset` bytes into an area of `limit`
   bytes at `base`.  0 (and *addr untouched) when the index lies outside the
   array, or the array outside the area: a corrupt core can claim anything. */
static inline int paradbg_layout_element(uint64_t base, uint64_t limit, uint64_t offset,
                                         uint64_t rows, uint64_t cols, uint64_t stride,
                                         uint64_t i, uint64_t j, uint64_t *addr)
{
  uint64_t n, bytes, end, at;
  if (i >= rows || j >= cols)
    return 0;
  if (__builtin_mul_overflow(rows, cols, &n) || __builtin_mul_overflow(n, stride, &bytes) ||
      __builtin_add_overflow(offset, bytes, &end) || end > limit)
    return 0;
  if (__builtin_add_overflow(base, offset + (i * cols + j) * stride, &at))
    return 0;
  *addr = at;
  return 1;
}

#endif
