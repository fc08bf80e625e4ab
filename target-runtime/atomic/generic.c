/* The generic functions: any size, through pointers.  Naturally aligned
   1, 2, 4, 8 and 16 bytes go to the hardware like the sized functions (a
   compiler may inline those very objects); everything else is copied under
   the locks that cover it: memcmp and memcpy semantics, strong. */
#include <string.h>

#include "paratomic.h"

typedef unsigned __int128 u128;

/* The sized functions, by their exported names. */
#define DECLARE(n, T)                                                          \
  T pat_load_##n(T *, int) PAT_AS("__atomic_load_" #n);                        \
  void pat_store_##n(T *, T, int) PAT_AS("__atomic_store_" #n);                 \
  T pat_exchange_##n(T *, T, int) PAT_AS("__atomic_exchange_" #n);              \
  bool pat_compare_exchange_##n(T *, T *, T, int, int) PAT_AS("__atomic_compare_exchange_" #n);
DECLARE(1, uint8_t)
DECLARE(2, uint16_t)
DECLARE(4, uint32_t)
DECLARE(8, uint64_t)
DECLARE(16, u128)
#undef DECLARE

/* Calls the sized function for n bytes on values passed through memory. */
#define BY_SIZE(n, CALL)                                  \
  switch (n) {                                            \
  case 1: CALL(1, uint8_t); break;                        \
  case 2: CALL(2, uint16_t); break;                       \
  case 4: CALL(4, uint32_t); break;                       \
  case 8: CALL(8, uint64_t); break;                       \
  case 16: CALL(16, u128); break;                         \
  }

PAT_EXPORT void pat_load(size_t n, void *obj, void *ret, int mo) PAT_AS("__atomic_load");
void pat_load(size_t n, void *obj, void *ret, int mo)
{
  if (pat_hardware(n, obj)) {
#define LOAD(k, T) { T v = pat_load_##k(obj, mo); memcpy(ret, &v, k); }
    BY_SIZE(n, LOAD)
#undef LOAD
    return;
  }
  pat_read(obj, n, ret);
}

PAT_EXPORT void pat_store(size_t n, void *obj, void *val, int mo) PAT_AS("__atomic_store");
void pat_store(size_t n, void *obj, void *val, int mo)
{
  if (pat_hardware(n, obj)) {
#define STORE(k, T) { T v; memcpy(&v, val, k); pat_store_##k(obj, v, mo); }
    BY_SIZE(n, STORE)
#undef STORE
    return;
  }
  pat_locked_store(obj, val, n);
}

PAT_EXPORT void pat_exchange(size_t n, void *obj, void *val, void *ret, int mo) PAT_AS("__atomic_exchange");
void pat_exchange(size_t n, void *obj, void *val, void *ret, int mo)
{
  if (pat_hardware(n, obj)) {
#define XCHG(k, T) { T v; memcpy(&v, val, k); v = pat_exchange_##k(obj, v, mo); memcpy(ret, &v, k); }
    BY_SIZE(n, XCHG)
#undef XCHG
    return;
  }
  pat_locked_exchange(obj, val, ret, n);
}

PAT_EXPORT bool pat_compare_exchange(size_t n, void *obj, void *expected, void *desired, int smo, int fmo)
  PAT_AS("__atomic_compare_exchange");
bool pat_compare_exchange(size_t n, void *obj, void *expected, void *desired, int smo, int fmo)
{
  if (pat_hardware(n, obj)) {
    bool ok = false;
#define CAS(k, T) { T e, d; memcpy(&e, expected, k); memcpy(&d, desired, k); \
                    ok = pat_compare_exchange_##k(obj, &e, d, smo, fmo); memcpy(expected, &e, k); }
    BY_SIZE(n, CAS)
#undef CAS
    return ok;
  }
  return pat_locked_compare_exchange(obj, expected, desired, n);
}
