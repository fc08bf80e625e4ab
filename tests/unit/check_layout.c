/* Unit tests of paradbg/layout.h, the layout kit every runtime and plugin
   shares: a small layout of its own, written as the runtimes write theirs,
   whose table the validator must accept as built and refuse when spoiled
   (another magic, another version, a short table, ...); the arithmetic
   helpers; and the three runtimes' real tables, read as a plugin reads
   them. */
#include <check.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paradbg/atomic-layout.h"
#include "paradbg/caf-layout.h"
#include "paradbg/dap-layout.h"
#include "paradbg/layout.h"
#include "paradbg/omp-layout.h"

/* ---- a layout of the test's own --------------------------------------------- */

struct tl_item {
  int count;
  unsigned flags;
  void *next;
  uint64_t id;
  int64_t bounds[3];
  char name[12];
};

struct tl_head {
  uint32_t magic;
  int32_t signed_word;
  unsigned long word;
};

#define PARADBG_TL_LAYOUT_MAGIC 0x54455354u   /* "TEST" */
#define PARADBG_TL_LAYOUT_VERSION 3
#define PARADBG_TL_TYPES(X) X(item) X(head)
#define PARADBG_TL_FIELD_LIST(A, X)                                               \
  A(X, item, count, INT) A(X, item, flags, UINT) A(X, item, next, PTR)            \
  A(X, item, id, U64) A(X, item, bounds, S64S) A(X, item, name, BYTES)            \
  A(X, head, magic, U32) A(X, head, signed_word, S32) A(X, head, word, ULONG)
#define PARADBG_TL_FIELDS(X) PARADBG_TL_FIELD_LIST(PARADBG_LAYOUT_NO_KIND, X)
#define PARADBG_TL_FIELD_KINDS(X) PARADBG_TL_FIELD_LIST(PARADBG_LAYOUT_WITH_KIND, X)

enum tl_type {
#define TL_TYPE(s) PARADBG_TL_TYPE_##s,
  PARADBG_TL_TYPES(TL_TYPE)
#undef TL_TYPE
  PARADBG_TL_NTYPES
};

enum tl_field {
#define TL_FIELD(s, f) PARADBG_TL_FIELD_##s##_##f,
  PARADBG_TL_FIELDS(TL_FIELD)
#undef TL_FIELD
  PARADBG_TL_NFIELDS
};

PARADBG_LAYOUT_TABLE(paradbg_tl, PARADBG_TL_NTYPES, PARADBG_TL_NFIELDS);
#define PARADBG_TL_FIELD_TYPE_OF_(s, f, k) PARADBG_TL_TYPE_##s,

/* The runtime's side: the table and its compile-time checks. */
#define TYPE_SIZE(s) sizeof(struct tl_##s),
#define FIELD(s, f, k) PARADBG_LAYOUT_ENTRY(struct tl_##s, f),
static const struct paradbg_tl_layout built = PARADBG_LAYOUT_INIT(PARADBG_TL, TYPE_SIZE, FIELD);
#define CHECK_FIELD(s, f, k) PARADBG_LAYOUT_ASSERT_FIELD(struct tl_##s, f, k);
PARADBG_TL_FIELD_KINDS(CHECK_FIELD)

/* The plugin's side. */
PARADBG_LAYOUT_SPEC(tl_spec, PARADBG_TL);

static const struct paradbg_layout_target here = { sizeof(int), sizeof(long), sizeof(void *) };

static int check(const struct paradbg_tl_layout *t, size_t n, struct paradbg_tl_layout *out)
{
  return paradbg_layout_check(&tl_spec, t, n, &here, out, sizeof *out);
}

static int check_copy(void (*spoil)(struct paradbg_tl_layout *))
{
  struct paradbg_tl_layout t = built, out;
  spoil(&t);
  return check(&t, sizeof t, &out);
}

static void bad_magic(struct paradbg_tl_layout *t) { t->magic ^= 0x100; }
static void other_version(struct paradbg_tl_layout *t) { t->version++; }
static void older_version(struct paradbg_tl_layout *t) { t->version = 1; }
static void shorter(struct paradbg_tl_layout *t) { t->table_size -= 8; }
static void longer(struct paradbg_tl_layout *t) { t->table_size += 8; }
static void fewer_types(struct paradbg_tl_layout *t) { t->ntypes--; }
static void more_fields(struct paradbg_tl_layout *t) { t->nfields++; }
static void pointer_4(struct paradbg_tl_layout *t) { t->pointer_size = 4; }
static void type_zero(struct paradbg_tl_layout *t) { t->type_size[PARADBG_TL_TYPE_head] = 0; }
static void type_huge(struct paradbg_tl_layout *t) { t->type_size[PARADBG_TL_TYPE_item] = 0xffffffffu; }
static void field_outside(struct paradbg_tl_layout *t) { t->field[PARADBG_TL_FIELD_item_id].offset = 4096; }
static void field_wraps(struct paradbg_tl_layout *t)
{
  t->field[PARADBG_TL_FIELD_item_id].offset = 8;
  t->field[PARADBG_TL_FIELD_item_id].size = 0xfffffffcu;
}
static void field_empty(struct paradbg_tl_layout *t) { t->field[PARADBG_TL_FIELD_item_name].size = 0; }
static void int_of_8(struct paradbg_tl_layout *t) { t->field[PARADBG_TL_FIELD_item_count].size = 8; }
static void pointer_of_4(struct paradbg_tl_layout *t) { t->field[PARADBG_TL_FIELD_item_next].size = 4; }
static void array_ragged(struct paradbg_tl_layout *t) { t->field[PARADBG_TL_FIELD_item_bounds].size = 20; }
static void array_of_two(struct paradbg_tl_layout *t) { t->field[PARADBG_TL_FIELD_item_bounds].size = 16; }
static void bytes_of_one(struct paradbg_tl_layout *t) { t->field[PARADBG_TL_FIELD_item_name].size = 1; }

START_TEST(built_table_is_accepted)
{
  struct paradbg_tl_layout out;
  memset(&out, 0xee, sizeof out);
  ck_assert_uint_eq(sizeof built, paradbg_layout_spec_size(&tl_spec));
  ck_assert_uint_eq(built.table_size, sizeof built);
  ck_assert_int_eq(check(&built, sizeof built, &out), PARADBG_LAYOUT_OK);
  ck_assert_int_eq(memcmp(&out, &built, sizeof out), 0);
  ck_assert_uint_eq(out.field[PARADBG_TL_FIELD_item_id].offset, offsetof(struct tl_item, id));
  ck_assert_uint_eq(out.type_size[PARADBG_TL_TYPE_head], sizeof(struct tl_head));
  /* an array of one element and a byte field of any size are still fine */
  ck_assert_int_eq(check_copy(array_of_two), PARADBG_LAYOUT_OK);
  ck_assert_int_eq(check_copy(bytes_of_one), PARADBG_LAYOUT_OK);
}
END_TEST

START_TEST(spoiled_tables_are_refused)
{
  ck_assert_int_eq(check_copy(bad_magic), PARADBG_LAYOUT_BAD_MAGIC);
  ck_assert_int_eq(check_copy(other_version), PARADBG_LAYOUT_BAD_VERSION);
  ck_assert_int_eq(check_copy(older_version), PARADBG_LAYOUT_BAD_VERSION);
  ck_assert_int_eq(check_copy(shorter), PARADBG_LAYOUT_BAD_SHAPE);
  ck_assert_int_eq(check_copy(longer), PARADBG_LAYOUT_BAD_SHAPE);
  ck_assert_int_eq(check_copy(fewer_types), PARADBG_LAYOUT_BAD_SHAPE);
  ck_assert_int_eq(check_copy(more_fields), PARADBG_LAYOUT_BAD_SHAPE);
  ck_assert_int_eq(check_copy(pointer_4), PARADBG_LAYOUT_BAD_POINTER);
  ck_assert_int_eq(check_copy(type_zero), PARADBG_LAYOUT_BAD_TYPE);
  ck_assert_int_eq(check_copy(type_huge), PARADBG_LAYOUT_BAD_TYPE);
  ck_assert_int_eq(check_copy(field_outside), PARADBG_LAYOUT_BAD_FIELD);
  ck_assert_int_eq(check_copy(field_wraps), PARADBG_LAYOUT_BAD_FIELD);
  ck_assert_int_eq(check_copy(field_empty), PARADBG_LAYOUT_BAD_FIELD);
  ck_assert_int_eq(check_copy(int_of_8), PARADBG_LAYOUT_BAD_KIND);
  ck_assert_int_eq(check_copy(pointer_of_4), PARADBG_LAYOUT_BAD_KIND);
  ck_assert_int_eq(check_copy(array_ragged), PARADBG_LAYOUT_BAD_KIND);
  ck_assert_str_eq(paradbg_layout_verdict_text(PARADBG_LAYOUT_BAD_VERSION),
                   "another version of the runtime's layout");
}
END_TEST

/* Fewer bytes than a header or a table: refused, nothing written. */
START_TEST(short_reads_are_refused)
{
  struct paradbg_tl_layout out;
  memset(&out, 0xee, sizeof out);
  ck_assert_int_eq(check(&built, 0, &out), PARADBG_LAYOUT_SHORT);
  ck_assert_int_eq(check(&built, PARADBG_LAYOUT_HEADER_SIZE - 1, &out), PARADBG_LAYOUT_SHORT);
  ck_assert_int_eq(check(&built, PARADBG_LAYOUT_HEADER_SIZE, &out), PARADBG_LAYOUT_SHORT);
  ck_assert_int_eq(check(&built, sizeof built - 4, &out), PARADBG_LAYOUT_SHORT);
  ck_assert_int_eq(paradbg_layout_check(&tl_spec, &built, sizeof built, &here, &out, sizeof out - 4),
                   PARADBG_LAYOUT_SHORT);
  ck_assert_uint_eq(out.magic, 0xeeeeeeeeu);
  /* the header alone is enough to know the table is not ours */
  struct paradbg_tl_layout t = built;
  t.version = 9;
  ck_assert_int_eq(paradbg_layout_check_header(&tl_spec, &t, PARADBG_LAYOUT_HEADER_SIZE, &here, NULL),
                   PARADBG_LAYOUT_BAD_VERSION);
  ck_assert_int_eq(paradbg_layout_check_header(&tl_spec, &built, PARADBG_LAYOUT_HEADER_SIZE, &here, NULL),
                   PARADBG_LAYOUT_OK);
}
END_TEST

/* A target of the other byte order: the magic says so, and the table is
   handed back in the host's order. */
START_TEST(other_byte_order)
{
  uint32_t words[sizeof built / 4];
  struct paradbg_tl_layout out;
  int swap = -1;
  memcpy(words, &built, sizeof words);
  for (size_t i = 0; i < sizeof words / 4; i++)
    words[i] = __builtin_bswap32(words[i]);
  ck_assert_int_eq(paradbg_layout_check_header(&tl_spec, words, sizeof words, &here, &swap),
                   PARADBG_LAYOUT_OK);
  ck_assert_int_eq(swap, 1);
  ck_assert_int_eq(check((const void *)words, sizeof words, &out), PARADBG_LAYOUT_OK);
  ck_assert_int_eq(memcmp(&out, &built, sizeof out), 0);
  words[1] = __builtin_bswap32(PARADBG_TL_LAYOUT_VERSION + 1);
  ck_assert_int_eq(check((const void *)words, sizeof words, &out), PARADBG_LAYOUT_BAD_VERSION);
}
END_TEST

/* paradbg_layout_read: header first, then the table, through a callback. */
struct fake_target {
  const unsigned char *bytes;
  size_t size;
  unsigned reads;
  size_t fail_above;   /* reads of more bytes than this fail */
};

static int fake_read(void *ctx, uint64_t addr, size_t n, void *buf)
{
  struct fake_target *t = ctx;
  t->reads++;
  if (n > t->fail_above || addr > t->size || n > t->size - addr)
    return -1;
  memcpy(buf, t->bytes + addr, n);
  return 0;
}

START_TEST(reading_through_a_callback)
{
  unsigned char mem[sizeof built + 32];
  struct paradbg_tl_layout out;
  memset(mem, 0, sizeof mem);
  memcpy(mem + 16, &built, sizeof built);
  struct fake_target t = { mem, sizeof mem, 0, (size_t)-1 };
  ck_assert_int_eq(paradbg_layout_read(&tl_spec, fake_read, &t, 16, &here, &out, sizeof out),
                   PARADBG_LAYOUT_OK);
  ck_assert_uint_eq(t.reads, 2);
  ck_assert_int_eq(memcmp(&out, &built, sizeof out), 0);
  /* nothing at that address, a table that cannot be read whole, one that
     is not ours (one read: the header) */
  ck_assert_int_eq(paradbg_layout_read(&tl_spec, fake_read, &t, sizeof mem - 8, &here, &out,
                                       sizeof out),
                   PARADBG_LAYOUT_UNREADABLE);
  t.fail_above = PARADBG_LAYOUT_HEADER_SIZE;
  ck_assert_int_eq(paradbg_layout_read(&tl_spec, fake_read, &t, 16, &here, &out, sizeof out),
                   PARADBG_LAYOUT_UNREADABLE);
  t.fail_above = (size_t)-1;
  t.reads = 0;
  ck_assert_int_eq(paradbg_layout_read(&tl_spec, fake_read, &t, 0, &here, &out, sizeof out),
                   PARADBG_LAYOUT_BAD_MAGIC);
  ck_assert_uint_eq(t.reads, 1);
}
END_TEST

START_TEST(kinds)
{
  struct paradbg_layout_target ilp32 = { 4, 4, 4 };
  ck_assert_uint_eq(paradbg_layout_kind_size(PARADBG_LAYOUT_KIND_PTR, &here), sizeof(void *));
  ck_assert_uint_eq(paradbg_layout_kind_size(PARADBG_LAYOUT_KIND_PTR, &ilp32), 4);
  ck_assert_uint_eq(paradbg_layout_kind_size(PARADBG_LAYOUT_KIND_ULONG, &ilp32), 4);
  ck_assert_uint_eq(paradbg_layout_kind_size(PARADBG_LAYOUT_KIND_U8, &ilp32), 1);
  ck_assert_uint_eq(paradbg_layout_kind_size(PARADBG_LAYOUT_KIND_S64S, &ilp32), 8);
  ck_assert_uint_eq(paradbg_layout_kind_size(PARADBG_LAYOUT_KIND_BYTES, &here), 0);
  ck_assert_uint_eq(paradbg_layout_kind_size(PARADBG_LAYOUT_NKINDS + 5, &here), 0);
  ck_assert_int_eq(paradbg_layout_kind_signed(PARADBG_LAYOUT_KIND_INT), 1);
  ck_assert_int_eq(paradbg_layout_kind_signed(PARADBG_LAYOUT_KIND_UINT), 0);
  ck_assert_int_eq(paradbg_layout_kind_array(PARADBG_LAYOUT_KIND_UINTS), 1);
  ck_assert_int_eq(paradbg_layout_kind_array(PARADBG_LAYOUT_KIND_U64), 0);
  /* widening: signed kinds keep their sign, unsigned ones do not */
  ck_assert_uint_eq(paradbg_layout_widen(PARADBG_LAYOUT_KIND_INT, 0xffffffffu, 4), (uint64_t)-1);
  ck_assert_uint_eq(paradbg_layout_widen(PARADBG_LAYOUT_KIND_UINT, 0xffffffffu, 4), 0xffffffffu);
  ck_assert_uint_eq(paradbg_layout_widen(PARADBG_LAYOUT_KIND_S32, 0x7fffffffu, 4), 0x7fffffffu);
  ck_assert_uint_eq(paradbg_layout_widen(PARADBG_LAYOUT_KIND_U8, 0x1ff, 1), 0xff);
  ck_assert_uint_eq(paradbg_layout_widen(PARADBG_LAYOUT_KIND_S64, 0x8000000000000000ull, 8),
                    0x8000000000000000ull);
}
END_TEST

START_TEST(array_elements)
{
  uint64_t at = 0;
  /* 4 x 4 uint32_t at offset 64 of a 1024-byte area at 0x1000 */
  ck_assert(paradbg_layout_element(0x1000, 1024, 64, 4, 4, 4, 2, 3, &at));
  ck_assert_uint_eq(at, 0x1000 + 64 + (2 * 4 + 3) * 4);
  ck_assert(paradbg_layout_element(0x1000, 1024, 64, 4, 1, 100, 3, 0, &at));
  ck_assert_uint_eq(at, 0x1000 + 64 + 300);
  at = 7;
  ck_assert(!paradbg_layout_element(0x1000, 1024, 64, 4, 4, 4, 4, 0, &at));   /* row */
  ck_assert(!paradbg_layout_element(0x1000, 1024, 64, 4, 4, 4, 0, 4, &at));   /* column */
  ck_assert(!paradbg_layout_element(0x1000, 1024, 64, 1000, 1, 4, 0, 0, &at));   /* past the area */
  ck_assert(!paradbg_layout_element(0x1000, 1024, 2000, 1, 1, 4, 0, 0, &at));
  ck_assert(!paradbg_layout_element(0x1000, ~0ull, 64, 1ull << 40, 1ull << 40, 4, 1, 1, &at));
  ck_assert(!paradbg_layout_element(0x1000, ~0ull, ~0ull - 2, 1, 1, 4, 0, 0, &at));
  ck_assert(!paradbg_layout_element(~0ull - 8, ~0ull, 64, 1, 1, 4, 0, 0, &at));   /* address wraps */
  ck_assert_uint_eq(at, 7);
  /* the coarray lists name fields that exist, and the atomic lock rule */
  ck_assert_uint_eq(paradbg_atomic_lock_of(64 * 65 + 3, 64, 64), 1);
  ck_assert_uint_eq(paradbg_atomic_lock_of(63, 64, 64), 0);
#define CAF_ARRAY(name, holder, off, rows, cols, how, what) \
  ck_assert_int_lt(PARADBG_CAF_FIELD_##holder##_##off, PARADBG_CAF_NFIELDS);
  PARADBG_CAF_ARRAYS(CAF_ARRAY)
#undef CAF_ARRAY
}
END_TEST

/* ---- the runtimes' real tables ------------------------------------------------- */

PARADBG_LAYOUT_SPEC(omp_spec, PARADBG_OMP);
PARADBG_LAYOUT_SPEC(caf_spec, PARADBG_CAF);
PARADBG_LAYOUT_SPEC(atomic_spec, PARADBG_ATOMIC);
PARADBG_LAYOUT_SPEC(dap_spec, PARADBG_DAP);

static int mem_read(void *ctx, uint64_t addr, size_t n, void *buf)
{
  (void)ctx;
  memcpy(buf, (const void *)(uintptr_t)addr, n);
  return 0;
}

/* The table a built runtime exports, read as a plugin reads it. */
static int runtime_table(const char *lib, const char *symbol, const struct paradbg_layout_spec *spec,
                         void *out, size_t size)
{
  const char *top = getenv("top_builddir");
  char path[4096];
  snprintf(path, sizeof path, "%s/target-runtime/%s", top ? top : "..", lib);
  void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  ck_assert_msg(h != NULL, "%s", dlerror());
  void *table = dlsym(h, symbol);
  ck_assert_ptr_nonnull(table);
  int v = paradbg_layout_read(spec, mem_read, NULL, (uintptr_t)table, &here, out, size);
  dlclose(h);
  return v;
}

START_TEST(runtime_tables)
{
  struct paradbg_omp_layout omp;
  struct paradbg_caf_layout caf;
  struct paradbg_atomic_layout atomic;
  struct paradbg_dap_layout dap;
  ck_assert_int_eq(runtime_table("omp/.libs/libparomp.so.1", "paradbg_omp_layout", &omp_spec, &omp,
                                 sizeof omp),
                   PARADBG_LAYOUT_OK);
  ck_assert_int_eq(runtime_table("caf/.libs/libparcaf.so.1", "paradbg_caf_layout", &caf_spec, &caf,
                                 sizeof caf),
                   PARADBG_LAYOUT_OK);
  ck_assert_uint_eq(caf.version, 4);   /* a bump is a decision: it changes this line too */
  ck_assert_int_eq(runtime_table("caf/.libs/libparcaf.so.1", "paradbg_dap_layout", &dap_spec, &dap,
                                 sizeof dap),
                   PARADBG_LAYOUT_OK);
  ck_assert_uint_eq(dap.version, 1);
  ck_assert_int_eq(runtime_table("atomic/.libs/libparatomic.so.1", "paradbg_atomic_layout",
                                 &atomic_spec, &atomic, sizeof atomic),
                   PARADBG_LAYOUT_OK);
  /* each runtime's table is refused by another runtime's reader */
  ck_assert_int_eq(runtime_table("atomic/.libs/libparatomic.so.1", "paradbg_atomic_layout",
                                 &caf_spec, &caf, sizeof caf),
                   PARADBG_LAYOUT_BAD_MAGIC);
}
END_TEST

int main(void)
{
  Suite *s = suite_create("layout");
  TCase *tc = tcase_create("validator");
  tcase_add_test(tc, built_table_is_accepted);
  tcase_add_test(tc, spoiled_tables_are_refused);
  tcase_add_test(tc, short_reads_are_refused);
  tcase_add_test(tc, other_byte_order);
  tcase_add_test(tc, reading_through_a_callback);
  tcase_add_test(tc, kinds);
  tcase_add_test(tc, array_elements);
  suite_add_tcase(s, tc);
  TCase *rt = tcase_create("runtimes");
  tcase_add_test(rt, runtime_tables);
  suite_add_tcase(s, rt);
  SRunner *sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
