/* The sized functions for 1, 2, 4 and 8 bytes: hardware instructions, the
   same the compiler inlines for these objects (seed section 3). */
#include "paratomic.h"

/* x86: every load is acquire, and every read-modify-write is a locked
   instruction whatever the order; only a seq_cst store needs a fence. */
#define LOAD(p, mo) (PAT_MO(mo) == __ATOMIC_RELAXED ? __atomic_load_n(p, __ATOMIC_RELAXED) : __atomic_load_n(p, __ATOMIC_SEQ_CST))
#define STORE(p, v, mo)                                   \
  do {                                                    \
    if (PAT_MO(mo) == __ATOMIC_SEQ_CST)                   \
      __atomic_store_n(p, v, __ATOMIC_SEQ_CST);           \
    else if (PAT_MO(mo) == __ATOMIC_RELAXED)              \
      __atomic_store_n(p, v, __ATOMIC_RELAXED);           \
    else                                                  \
      __atomic_store_n(p, v, __ATOMIC_RELEASE);           \
  } while (0)

#define NAME(op, n) "__atomic_" #op "_" #n

#define SIZED(n, T)                                                                          \
  PAT_EXPORT T pat_load_##n(const T *p, int mo) PAT_AS(NAME(load, n));                        \
  T pat_load_##n(const T *p, int mo) { return LOAD(p, mo); }                                  \
  PAT_EXPORT void pat_store_##n(T *p, T v, int mo) PAT_AS(NAME(store, n));                    \
  void pat_store_##n(T *p, T v, int mo) { STORE(p, v, mo); }                                  \
  PAT_EXPORT T pat_exchange_##n(T *p, T v, int mo) PAT_AS(NAME(exchange, n));                 \
  T pat_exchange_##n(T *p, T v, int mo)                                                       \
  {                                                                                           \
    (void)mo;                                                                                 \
    return __atomic_exchange_n(p, v, __ATOMIC_SEQ_CST);                                       \
  }                                                                                           \
  PAT_EXPORT bool pat_compare_exchange_##n(T *p, T *e, T d, int smo, int fmo)                 \
    PAT_AS(NAME(compare_exchange, n));                                                        \
  bool pat_compare_exchange_##n(T *p, T *e, T d, int smo, int fmo)                            \
  {                                                                                           \
    (void)smo;                                                                                \
    (void)fmo;                                                                                \
    return __atomic_compare_exchange_n(p, e, d, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);   \
  }                                                                                           \
  PAT_EXPORT bool pat_test_and_set_##n(T *p, int mo) PAT_AS(NAME(test_and_set, n));           \
  bool pat_test_and_set_##n(T *p, int mo)                                                     \
  {                                                                                           \
    (void)mo;                                                                                 \
    return __atomic_exchange_n((unsigned char *)p, 1, __ATOMIC_SEQ_CST) != 0;                 \
  }                                                                                           \
  RMW(n, T, add, a + v) RMW(n, T, sub, a - v) RMW(n, T, and, a & v)                           \
  RMW(n, T, or, a | v) RMW(n, T, xor, a ^ v) RMW(n, T, nand, (T)~(a & v))

/* fetch_OP returns the value before, OP_fetch the value after. */
#define RMW(n, T, op, expr)                                                                  \
  PAT_EXPORT T pat_fetch_##op##_##n(T *p, T v, int mo) PAT_AS(NAME(fetch_##op, n));           \
  T pat_fetch_##op##_##n(T *p, T v, int mo)                                                   \
  {                                                                                           \
    (void)mo;                                                                                 \
    return __atomic_fetch_##op(p, v, __ATOMIC_SEQ_CST);                                       \
  }                                                                                           \
  PAT_EXPORT T pat_##op##_fetch_##n(T *p, T v, int mo) PAT_AS(NAME(op##_fetch, n));           \
  T pat_##op##_fetch_##n(T *p, T v, int mo)                                                   \
  {                                                                                           \
    (void)mo;                                                                                 \
    return __atomic_##op##_fetch(p, v, __ATOMIC_SEQ_CST);                                     \
  }

SIZED(1, uint8_t)
SIZED(2, uint16_t)
SIZED(4, uint32_t)
SIZED(8, uint64_t)
