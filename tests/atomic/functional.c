/* Every libatomic function, single-threaded, at every size and memory
   order, and the generic functions at odd sizes and addresses.  Expected
   values come from plain C arithmetic.  The same program runs against the
   system's libatomic, which shows the checks themselves are right. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fenv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib.h"

static int failures, checks;
#define CHECK(cond, ...)                        \
  do {                                          \
    checks++;                                   \
    if (!(cond)) {                              \
      failures++;                               \
      printf("FAIL line %d: ", __LINE__);       \
      printf(__VA_ARGS__);                      \
      putchar('\n');                            \
    }                                           \
  } while (0)

static const int all_orders[] = {0, 1, 2, 3, 4, 5};  /* relaxed .. seq_cst */
static const int load_orders[] = {0, 1, 2, 5};
static const int store_orders[] = {0, 3, 5};

static u128 pattern(int n, unsigned seed)
{
  u128 v = 0;
  for (int i = 0; i < n; i++)
    v |= (u128)(unsigned char)(seed * 37 + i * 11 + 1) << (8 * i);
  return v;
}

#define NOPS 6
/* What each operation computes, in plain C. */
static u128 apply(int op, u128 a, u128 v, u128 mask)
{
  switch (op) {
  case 0: return (a + v) & mask;
  case 1: return (a - v) & mask;
  case 2: return a & v;
  case 3: return a | v;
  case 4: return a ^ v;
  default: return ~(a & v) & mask;
  }
}

#define TEST_OP(op, n, T)                                                                         \
  for (size_t k = 0; k < 6; k++) {                                                                \
    T x = (T)a, r = lib_fetch_##op##_##n(&x, (T)v, all_orders[k]);                                \
    CHECK(r == (T)a && x == (T)apply(opi, a, v, mask), "fetch_" #op "_" #n " order %d", all_orders[k]); \
    x = (T)a;                                                                                     \
    r = lib_##op##_fetch_##n(&x, (T)v, all_orders[k]);                                            \
    CHECK(r == (T)apply(opi, a, v, mask) && x == r, #op "_fetch_" #n " order %d", all_orders[k]); \
  }                                                                                               \
  opi++;

#define TEST_SIZE(n, T)                                                                           \
  {                                                                                               \
    u128 mask = n == 16 ? ~(u128)0 : (((u128)1 << (8 * n)) - 1);                                  \
    u128 a = pattern(n, 1), v = pattern(n, 2), b = pattern(n, 3);                                 \
    static T obj __attribute__((aligned(16)));                                                    \
    for (size_t k = 0; k < sizeof load_orders / sizeof *load_orders; k++) {                       \
      obj = (T)a;                                                                                 \
      CHECK(lib_load_##n(&obj, load_orders[k]) == (T)a, "load_" #n " order %d", load_orders[k]);   \
    }                                                                                             \
    for (size_t k = 0; k < sizeof store_orders / sizeof *store_orders; k++) {                     \
      lib_store_##n(&obj, (T)b, store_orders[k]);                                                 \
      CHECK(obj == (T)b, "store_" #n " order %d", store_orders[k]);                               \
    }                                                                                             \
    for (size_t k = 0; k < 6; k++) {                                                              \
      obj = (T)a;                                                                                 \
      CHECK(lib_exchange_##n(&obj, (T)b, all_orders[k]) == (T)a && obj == (T)b, "exchange_" #n);   \
    }                                                                                             \
    for (size_t k = 0; k < 6; k++)                                                                \
      for (size_t f = 0; f < sizeof load_orders / sizeof *load_orders && load_orders[f] <= all_orders[k]; f++) { \
        obj = (T)a;                                                                               \
        T e = (T)b;                                                                               \
        CHECK(!lib_compare_exchange_##n(&obj, &e, (T)v, all_orders[k], load_orders[f]) && e == (T)a && obj == (T)a, \
              "compare_exchange_" #n " failing, orders %d/%d", all_orders[k], load_orders[f]);   \
        CHECK(lib_compare_exchange_##n(&obj, &e, (T)v, all_orders[k], load_orders[f]) && obj == (T)v, \
              "compare_exchange_" #n " succeeding, orders %d/%d", all_orders[k], load_orders[f]); \
      }                                                                                           \
    for (size_t k = 0; k < 6; k++) {                                                              \
      obj = 0;                                                                                    \
      CHECK(!lib_test_and_set_##n(&obj, all_orders[k]) && lib_test_and_set_##n(&obj, all_orders[k]), \
            "test_and_set_" #n);                                                                  \
      CHECK(((unsigned char *)&obj)[0] != 0 && (n == 1 || memcmp((char *)&obj + 1, "\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0", n - 1) == 0), \
            "test_and_set_" #n " touched more than one byte");                                    \
    }                                                                                             \
    int opi = 0;                                                                                  \
    FOR_OPS(TEST_OP, n, T)                                                                        \
    /* 16 bytes are lock-free or not as the implementation decides (GCC's \
       libatomic says no although it uses cmpxchg16b). */                                        \
    CHECK(n == 16 || lib_is_lock_free(n, NULL), "is_lock_free(%d, NULL)", n);                     \
    CHECK(n == 16 || lib_is_lock_free(n, &obj), "is_lock_free(%d, aligned object)", n);           \
  }

static void sized(void)
{
  FOR_SIZES(TEST_SIZE)
}

/* The generic functions: sizes that no instruction covers, at aligned and
   odd addresses, and the sizes that have one. */
static void generic(void)
{
  static const size_t sizes[] = {1, 2, 3, 4, 5, 8, 16, 24, 40, 64, 256};
  static unsigned char buf[1024] __attribute__((aligned(64)));
  unsigned char a[256], b[256], r[256], e[256];
  for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++)
    for (size_t off = 0; off < 2; off++) {
      size_t n = sizes[s];
      void *obj = buf + 64 + off * 3;   /* aligned, then at an odd address */
      for (size_t i = 0; i < n; i++) {
        a[i] = (unsigned char)(i * 7 + n);
        b[i] = (unsigned char)(i * 13 + 5 + n);
      }
      memset(buf, 0xee, sizeof buf);
      for (size_t k = 0; k < sizeof store_orders / sizeof *store_orders; k++) {
        lib_store(n, obj, a, store_orders[k]);
        CHECK(memcmp(obj, a, n) == 0 && buf[63] == 0xee && ((unsigned char *)obj)[n] == 0xee,
              "store(%zu) at +%zu, order %d", n, off * 3, store_orders[k]);
      }
      for (size_t k = 0; k < sizeof load_orders / sizeof *load_orders; k++) {
        memset(r, 0, n);
        lib_load(n, obj, r, load_orders[k]);
        CHECK(memcmp(r, a, n) == 0, "load(%zu) at +%zu, order %d", n, off * 3, load_orders[k]);
      }
      for (size_t k = 0; k < 6; k++) {
        lib_store(n, obj, a, 5);
        lib_exchange(n, obj, b, r, all_orders[k]);
        CHECK(memcmp(r, a, n) == 0 && memcmp(obj, b, n) == 0, "exchange(%zu) at +%zu", n, off * 3);
        memcpy(r, a, n);   /* the new value and the result in one buffer */
        lib_exchange(n, obj, r, r, all_orders[k]);
        CHECK(memcmp(r, b, n) == 0 && memcmp(obj, a, n) == 0, "exchange(%zu) in place at +%zu", n, off * 3);
      }
      for (size_t k = 0; k < 6; k++) {
        lib_store(n, obj, a, 5);
        memcpy(e, b, n);
        e[n - 1] ^= 1;
        CHECK(!lib_compare_exchange(n, obj, e, b, all_orders[k], 0) && memcmp(e, a, n) == 0 && memcmp(obj, a, n) == 0,
              "compare_exchange(%zu) failing at +%zu", n, off * 3);
        CHECK(lib_compare_exchange(n, obj, e, b, all_orders[k], 0) && memcmp(obj, b, n) == 0,
              "compare_exchange(%zu) succeeding at +%zu", n, off * 3);
        /* memcmp semantics: a difference in the first byte only is seen too */
        memcpy(e, b, n);
        e[0] ^= 0x80;
        CHECK(!lib_compare_exchange(n, obj, e, a, all_orders[k], 0), "compare_exchange(%zu) first byte", n);
      }
      /* What the ABI requires of is_lock_free; other sizes are up to the
         implementation (libparatomic's answers are checked in threads.c). */
      bool inline_size = n == 1 || n == 2 || n == 4 || n == 8;
      if (inline_size && off == 0)
        CHECK(lib_is_lock_free(n, obj), "is_lock_free(%zu) of an aligned object", n);
      if (inline_size)   /* a fake address that only says "aligned to 8" */
        CHECK(lib_is_lock_free(n, (void *)(uintptr_t)8), "is_lock_free(%zu, (void *)8)", n);
    }
}

static void flags_and_fences(void)
{
  volatile unsigned char flag = 0;
  CHECK(!lib_flag_test_and_set(&flag) && lib_flag_test_and_set(&flag), "atomic_flag_test_and_set");
  lib_flag_clear(&flag);
  CHECK(flag == 0, "atomic_flag_clear");
  for (size_t k = 0; k < 6; k++) {
    CHECK(!lib_flag_test_and_set_explicit(&flag, all_orders[k]) && flag, "test_and_set_explicit order %zu", k);
    lib_flag_clear_explicit(&flag, k == 3 || k == 5 ? (int)k : 0);
    CHECK(flag == 0, "clear_explicit");
    lib_thread_fence(all_orders[k]);
    lib_signal_fence(all_orders[k]);
  }
  static const int ex[] = {FE_INVALID, FE_DIVBYZERO, FE_OVERFLOW, FE_UNDERFLOW, FE_INEXACT};
  for (size_t k = 0; k < 5; k++) {
    feclearexcept(FE_ALL_EXCEPT);
    lib_feraiseexcept(ex[k]);
    CHECK(fetestexcept(ex[k]) == ex[k], "feraiseexcept(%#x)", ex[k]);
  }
  feclearexcept(FE_ALL_EXCEPT);
  lib_feraiseexcept(0);
  CHECK(fetestexcept(FE_ALL_EXCEPT) == 0, "feraiseexcept(0) raised something");
}

int main(void)
{
  Dl_info info;
  if (dladdr((void *)lib_load, &info))
    printf("library: %s\n", info.dli_fname);
  sized();
  generic();
  flags_and_fences();
  printf("%d checks, %d failures\n", checks, failures);
  return failures != 0;
}
