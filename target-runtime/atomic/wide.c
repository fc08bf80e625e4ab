/* 16 bytes: hardware where the processor has cmpxchg16b (chosen once, when
   the library loads), the lock table otherwise or for an object that is
   not 16-byte aligned.  With AVX, loads and stores are aligned vector moves
   (as in GCC's libatomic); everything else is cmpxchg16b. */
#include <cpuid.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../rtline.h"
#include "paratomic.h"

typedef unsigned __int128 u128;

bool pat_have_cx16;
/* Intel and AMD document aligned 16-byte vector loads and stores as atomic
   on their processors with AVX; other vendors promise nothing.  There, as
   GCC's libatomic does, we use them: a load does not write, and a store
   does not loop on a contended cmpxchg16b. */
static bool have_avx;

static bool avx_usable(unsigned ecx1)
{
  unsigned a, b, c, d, xlo, xhi;
  if (!(ecx1 & bit_AVX) || !(ecx1 & bit_OSXSAVE))
    return false;
  __asm__("xgetbv" : "=a"(xlo), "=d"(xhi) : "c"(0));
  if ((xlo & 6) != 6)   /* the system saves no SSE and AVX state */
    return false;
  __cpuid(0, a, b, c, d);
  bool intel = b == 0x756e6547 && d == 0x49656e69 && c == 0x6c65746e;   /* "GenuineIntel" */
  bool amd = b == 0x68747541 && d == 0x69746e65 && c == 0x444d4163;     /* "AuthenticAMD" */
  (void)xhi;
  return intel || amd;
}

/* PARADBG_ATOMIC_HW lets a user (or a test) give up what the processor
   offers: "cmpxchg16b" keeps 16 bytes off the vector unit, "none" sends them
   to the lock table.  This runs before any user of the library can call it:
   constructors of a library run before those of what depends on it. */
__attribute__((constructor)) static void detect(void)
{
  unsigned a, b, c, d;
  bool ok = __get_cpuid(1, &a, &b, &c, &d);
  bool cx16 = ok && (c & bit_CMPXCHG16B), avx = cx16 && avx_usable(c);
  const char *want = getenv("PARADBG_ATOMIC_HW");
  /* Set but empty is a bad value too: it most likely comes from an unset
     shell variable, and saying so is better than a silent "auto". */
  if (want && strcmp(want, "auto") != 0) {
    if (strcmp(want, "none") == 0) {
      cx16 = avx = false;
    } else if (strcmp(want, "cmpxchg16b") == 0) {
      avx = false;
    } else {
      rt_line(stderr, 0, "libparatomic: PARADBG_ATOMIC_HW: expected auto, cmpxchg16b or none; using auto");
    }
  }
  pat_have_cx16 = cx16;
  have_avx = avx;
}

static inline u128 vload(const u128 *p)
{
  u128 v;
  __asm__ __volatile__("vmovdqa %1, %%xmm0\n\tvmovq %%xmm0, %%rax\n\tvpextrq $1, %%xmm0, %%rdx"
                       : "=A"(v) : "m"(*p) : "xmm0", "memory");
  return v;
}

/* A seq_cst store must not pass a later load: a locked no-op on the stack
   orders it, and costs less than mfence (measured: bench/).  An order the
   library does not know gets the fence too. */
static inline void vstore(u128 *p, u128 v, int mo)
{
  __asm__ __volatile__("vmovq %1, %%xmm0\n\tvpinsrq $1, %2, %%xmm0, %%xmm0\n\tvmovdqa %%xmm0, %0"
                       : "=m"(*p) : "r"((uint64_t)v), "r"((uint64_t)(v >> 64)) : "xmm0", "memory");
  if (PAT_MO(mo) != __ATOMIC_RELAXED && PAT_MO(mo) != __ATOMIC_RELEASE)
    __asm__ __volatile__("lock orq $0, (%%rsp)" ::: "memory", "cc");
}

static inline __attribute__((always_inline)) bool cas16(u128 *p, u128 *expected, u128 desired)
{
  uint64_t lo = (uint64_t)*expected, hi = (uint64_t)(*expected >> 64);
  bool ok;
  __asm__ __volatile__("lock cmpxchg16b %1"
                       : "=@ccz"(ok), "+m"(*p), "+a"(lo), "+d"(hi)
                       : "b"((uint64_t)desired), "c"((uint64_t)(desired >> 64))
                       : "memory");
  if (!ok)   /* on success it already holds the old value */
    *expected = ((u128)hi << 64) | lo;
  return ok;
}

static inline bool hw(const void *p)
{
  return __builtin_expect(pat_hardware(16, p), 1);
}

/* A plain guess at the current value, which the first CAS corrects. */
static inline u128 guess(const u128 *p)
{
  u128 v;
  memcpy(&v, (const void *)p, sizeof v);
  return v;
}

/* The slow paths are out of line, so that the vector paths need no stack
   frame. */
static __attribute__((noinline, cold)) u128 load_locked(const u128 *p)
{
  u128 v;
  pat_read(p, 16, &v);
  return v;
}

static __attribute__((noinline, cold)) void store_locked(u128 *p, u128 v)
{
  pat_locked_store(p, &v, 16);
}

static __attribute__((noinline, cold)) bool cas_locked(u128 *p, u128 *e, u128 d)
{
  return pat_locked_compare_exchange(p, e, &d, 16);
}

/* Exchange by cmpxchg16b: guess, and let each failure correct the guess. */
static u128 xchg16(u128 *p, u128 v)
{
  u128 old = guess(p);
  while (!cas16(p, &old, v))
    ;
  return old;
}

static __attribute__((noinline)) u128 load_cas(u128 *p)
{
  u128 v = 0;
  cas16(p, &v, 0);   /* writes back what it read: the seed's N3.2 */
  return v;
}

static __attribute__((noinline)) void store_cas(u128 *p, u128 v)
{
  (void)xchg16(p, v);
}

PAT_EXPORT u128 pat_load_16(u128 *p, int mo) PAT_AS("__atomic_load_16");
u128 pat_load_16(u128 *p, int mo)
{
  (void)mo;
  if (hw(p)) {
    if (have_avx)
      return vload(p);
    return load_cas(p);
  }
  return load_locked(p);
}

PAT_EXPORT void pat_store_16(u128 *p, u128 v, int mo) PAT_AS("__atomic_store_16");
void pat_store_16(u128 *p, u128 v, int mo)
{
  if (hw(p)) {
    if (have_avx)
      vstore(p, v, mo);
    else
      store_cas(p, v);
    return;
  }
  store_locked(p, v);
}

PAT_EXPORT u128 pat_exchange_16(u128 *p, u128 v, int mo) PAT_AS("__atomic_exchange_16");
u128 pat_exchange_16(u128 *p, u128 v, int mo)
{
  (void)mo;
  if (hw(p))
    return xchg16(p, v);
  u128 old;
  pat_locked_exchange(p, &v, &old, 16);
  return old;
}

PAT_EXPORT bool pat_compare_exchange_16(u128 *p, u128 *e, u128 d, int smo, int fmo)
  PAT_AS("__atomic_compare_exchange_16");
bool pat_compare_exchange_16(u128 *p, u128 *e, u128 d, int smo, int fmo)
{
  (void)smo;
  (void)fmo;
  if (hw(p))
    return cas16(p, e, d);
  return cas_locked(p, e, d);
}

PAT_EXPORT bool pat_test_and_set_16(u128 *p, int mo) PAT_AS("__atomic_test_and_set_16");
bool pat_test_and_set_16(u128 *p, int mo)
{
  (void)mo;
  /* One byte is affected; a byte exchange is atomic against cmpxchg16b,
     but not against the lock table's read-modify-write of all 16. */
  if (hw(p))
    return __atomic_exchange_n((unsigned char *)p, 1, __ATOMIC_SEQ_CST) != 0;
  struct span s = pat_lock_range(p, 16);
  bool was = *(unsigned char *)p != 0;
  *(unsigned char *)p = 1;
  pat_unlock_span(s);
  return was;
}

#define RMW16(op, expr)                                                        \
  static u128 rmw_##op(u128 *p, u128 v, bool after)                            \
  {                                                                            \
    u128 a, r;                                                                 \
    if (hw(p)) {                                                               \
      a = guess(p);                                                            \
      do                                                                       \
        r = (expr);                                                            \
      while (!cas16(p, &a, r));                                            \
    } else {                                                                   \
      struct span s = pat_lock_range(p, 16);                                   \
      a = guess(p);                                                            \
      r = (expr);                                                              \
      memcpy(p, &r, sizeof r);                                                 \
      pat_unlock_span(s);                                                      \
    }                                                                          \
    return after ? r : a;                                                      \
  }                                                                            \
  PAT_EXPORT u128 pat_fetch_##op##_16(u128 *p, u128 v, int mo) PAT_AS("__atomic_fetch_" #op "_16"); \
  u128 pat_fetch_##op##_16(u128 *p, u128 v, int mo)                            \
  {                                                                            \
    (void)mo;                                                                  \
    return rmw_##op(p, v, false);                                              \
  }                                                                            \
  PAT_EXPORT u128 pat_##op##_fetch_16(u128 *p, u128 v, int mo) PAT_AS("__atomic_" #op "_fetch_16"); \
  u128 pat_##op##_fetch_16(u128 *p, u128 v, int mo)                            \
  {                                                                            \
    (void)mo;                                                                  \
    return rmw_##op(p, v, true);                                               \
  }

RMW16(add, a + v)
RMW16(sub, a - v)
RMW16(and, a & v)
RMW16(or, a | v)
RMW16(xor, a ^ v)
RMW16(nand, ~(a & v))
