/* libparatomic's internals: the lock table and the 16-byte primitives. */
#ifndef PARATOMIC_H
#define PARATOMIC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "paradbg/atomic-layout.h"

#define PAT_EXPORT __attribute__((visibility("default")))
/* The name a function is exported under: the C names of libatomic's
   functions are GCC built-ins, so ours are spelled differently in C. */
#define PAT_AS(name) __asm__(name)

/* A memory order without the HLE hint bits (1 << 16 and up) that x86
   compilers may add to it. */
#define PAT_MO(mo) ((mo) & 0xffff)

#define PAT_NLOCKS 64
#define PAT_GRANULE 64   /* bytes of address space per lock */
#define PAT_NWAITS 256   /* wait slots: threads a debugger can name as waiting */

/* One lock of the table; what a debugger reads is in atomic-layout.h. */
struct paratomic_lock {
  uint32_t state;          /* PARADBG_ATOMIC_LOCK_*: the futex word */
  uint32_t waiters;        /* threads sleeping or about to */
  int32_t owner;           /* LWP id of the holder; meaningful while held */
  uint32_t seq;            /* odd while a writer holds it (and owner, addr, size are its):
                              loads retry */
  uint64_t addr;           /* the object the holder works on */
  uint64_t size;           /* its size in bytes */
} __attribute__((aligned(64)));

extern PAT_EXPORT struct paratomic_lock paratomic_locks[PAT_NLOCKS];

/* Who waits for which lock, and for what object: filled by a waiter before
   it sleeps, so a debugger can say which threads wait, not only how many.
   Only the slow path touches it. */
struct paratomic_wait {
  int32_t lwp;             /* the waiter's LWP id; 0 free, -1 being filled */
  uint32_t lock;           /* the index of the lock it waits for */
  uint64_t addr;           /* the object it wants to work on */
  uint64_t size;
  uint64_t unused;
};

extern PAT_EXPORT struct paratomic_wait paratomic_waits[PAT_NWAITS];

/* locks.c */
extern __thread int pat_my_tid __attribute__((tls_model("initial-exec")));
int pat_tid_slow(void);
/* The object a thread entering pat_lock_slow wants, for its wait slot:
   passed here rather than as arguments, which measured as a spill on the
   generic load's fast path. */
extern __thread const void *pat_want_addr __attribute__((tls_model("initial-exec")));
extern __thread size_t pat_want_size __attribute__((tls_model("initial-exec")));
void pat_lock_slow(struct paratomic_lock *l);
void pat_wake(struct paratomic_lock *l);

static inline bool pat_try(struct paratomic_lock *l)
{
  uint32_t z = 0;
  return __atomic_compare_exchange_n(&l->state, &z, PARADBG_ATOMIC_LOCK_HELD, false, __ATOMIC_ACQUIRE,
                                     __ATOMIC_RELAXED);
}

static inline void pat_wait_for(struct paratomic_lock *l, const void *p, size_t n)
{
  pat_want_addr = p;
  pat_want_size = n;
  pat_lock_slow(l);
}

static inline void pat_acquire(struct paratomic_lock *l, const void *p, size_t n)
{
  if (!pat_try(l))
    pat_wait_for(l, p, n);
}

/* The holder's record, written once the lock is taken; seq odd says it
   is whole (and that the data may change). */
static inline void pat_record(struct paratomic_lock *l, int tid, const void *p, size_t n)
{
  l->owner = tid;
  l->addr = (uintptr_t)p;
  l->size = n;
  /* release: the compiler may not sink the fields below it, so a debugger
     that sees seq odd sees this holder (a plain store on x86) */
  __atomic_store_n(&l->seq, l->seq + 1, __ATOMIC_RELEASE);
}

static inline int pat_tid(void)
{
  return pat_my_tid ? pat_my_tid : pat_tid_slow();
}

static inline void pat_take(struct paratomic_lock *l, const void *p, size_t n)
{
  pat_acquire(l, p, n);
  pat_record(l, pat_tid(), p, n);
  __atomic_thread_fence(__ATOMIC_RELEASE);   /* seq odd before the data changes */
}

/* Release.  A lock nobody waits for is given back with plain stores: a
   locked exchange here cost as much as the acquiring compare-exchange, and
   an object across two granules paid four locked instructions where GNU
   libatomic pays two.  waiters is read before and again after the store:
   a thread that counted itself in between is woken.  What x86 still
   allows (the second read done before the store is seen, and the sleeper's
   kernel check done before it is seen too) would leave a sleeper with a
   free lock: pat_lock_slow's sleeps are bounded, so it then looks again.
   With waiters, the exchange says whether one sleeps (the sleeper marks
   the lock CONTENDED), as a futex mutex does.  (Waking whenever waiters
   is not 0 also covers a CONTENDED that the window above overwrote, but
   cost two threads on one object a third to two thirds of their
   throughput: that rare sleeper waits for its 1 ms look instead.) */
static inline void pat_give(struct paratomic_lock *l)
{
  __atomic_store_n(&l->seq, l->seq + 1, __ATOMIC_RELEASE);
  if (__builtin_expect(__atomic_load_n(&l->waiters, __ATOMIC_RELAXED) == 0, 1)) {
    __atomic_store_n(&l->state, PARADBG_ATOMIC_LOCK_FREE, __ATOMIC_RELEASE);
    __atomic_signal_fence(__ATOMIC_SEQ_CST);   /* the compiler keeps the read after the store */
    if (__builtin_expect(__atomic_load_n(&l->waiters, __ATOMIC_RELAXED) != 0, 0))
      pat_wake(l);
  } else if (__atomic_exchange_n(&l->state, PARADBG_ATOMIC_LOCK_FREE, __ATOMIC_RELEASE) ==
             PARADBG_ATOMIC_LOCK_CONTENDED) {
    pat_wake(l);
  }
}

/* The lock table's copies.  Objects of 8 to 64 bytes are moved inline,
   every load before any store, so that a lock is held for as short a time
   as can be and overlap does no harm; larger ones call memmove where the
   two may overlap and memcpy (measured faster here) where they cannot. */
static inline void pat_copy(void *dst, const void *src, size_t n, bool may_overlap)
{
  typedef uint64_t u64u __attribute__((may_alias, aligned(1)));
  typedef char u128u __attribute__((vector_size(16), may_alias, aligned(1)));
  unsigned char *d = dst;
  const unsigned char *s = src;
  if (n - 8 > 56) {   /* not 8 to 64 bytes: one test for the large ones */
    if (may_overlap)
      __builtin_memmove(d, s, n);
    else
      __builtin_memcpy(d, s, n);
  } else if (n <= 16) {
    uint64_t a = *(const u64u *)s, b = *(const u64u *)(s + n - 8);
    *(u64u *)d = a;
    *(u64u *)(d + n - 8) = b;
  } else if (n <= 32) {
    u128u a = *(const u128u *)s, b = *(const u128u *)(s + n - 16);
    *(u128u *)d = a;
    *(u128u *)(d + n - 16) = b;
  } else {
    u128u a = *(const u128u *)s, b = *(const u128u *)(s + 16), c = *(const u128u *)(s + n - 32),
          e = *(const u128u *)(s + n - 16);
    *(u128u *)d = a;
    *(u128u *)(d + 16) = b;
    *(u128u *)(d + n - 32) = c;
    *(u128u *)(d + n - 16) = e;
  }
}

/* memcmp(a, b, n) == 0, inline for 8 to 64 bytes as pat_copy copies
   them (a call to memcmp was a tenth of a 24-byte compare-exchange). */
static inline bool pat_equal(const void *a, const void *b, size_t n)
{
  typedef uint64_t u64u __attribute__((may_alias, aligned(1)));
  typedef uint64_t v2u __attribute__((vector_size(16), may_alias, aligned(1)));
  const unsigned char *x = a, *y = b;
  if (n - 8 > 56)
    return __builtin_memcmp(x, y, n) == 0;
  if (n <= 16)
    return ((*(const u64u *)x ^ *(const u64u *)y) | (*(const u64u *)(x + n - 8) ^ *(const u64u *)(y + n - 8))) == 0;
  /* the same places pat_copy moves: two or four 16-byte pieces */
  v2u d = (*(const v2u *)x ^ *(const v2u *)y) | (*(const v2u *)(x + n - 16) ^ *(const v2u *)(y + n - 16));
  if (n > 32)
    d |= (*(const v2u *)(x + 16) ^ *(const v2u *)(y + 16)) | (*(const v2u *)(x + n - 32) ^ *(const v2u *)(y + n - 32));
  return (d[0] | d[1]) == 0;
}

/* The locks of [p, p + n): indexes [lo, hi) and, when the range wraps
   around the table, also [0, wrap). */
struct span {
  unsigned lo, hi, wrap;
};

static inline struct span span_of(const void *p, size_t n)
{
  /* the rule a debugger reads them by, from atomic-layout.h */
  struct paradbg_atomic_span a = paradbg_atomic_span_of((uintptr_t)p, n, PAT_GRANULE, PAT_NLOCKS);
  unsigned first = (unsigned)a.first, count = (unsigned)a.count;
  if (first + count <= PAT_NLOCKS)
    return (struct span){first, first + count, 0};
  return (struct span){first, PAT_NLOCKS, first + count - PAT_NLOCKS};
}

/* The k-th lock of a span, in the order they are taken. */
static inline struct paratomic_lock *span_lock(struct span s, unsigned k)
{
  return &paratomic_locks[k < s.wrap ? k : s.lo + (k - s.wrap)];
}

/* Takes the locks of [p, p + n) and returns them, for pat_unlock_span:
   the span is worked out once per operation.  All the locks first, then
   the holder records: each locked instruction waits for the stores before
   it, so none are left for the second.  Except when a lock must be waited
   for: then the locks already taken get their records first, so that a
   debugger names their holder while it waits.  One or two locks (objects
   up to a granule) are written out without loops. */
static inline __attribute__((always_inline)) struct span pat_lock_range(const void *p, size_t n)
{
  struct span s = span_of(p, n);
  int tid = pat_tid();
  if (__builtin_expect(s.wrap == 0 && s.hi - s.lo <= 2, 1)) {
    struct paratomic_lock *a = &paratomic_locks[s.lo], *b = &paratomic_locks[s.hi - 1];
    pat_acquire(a, p, n);
    if (b != a && !pat_try(b)) {
      pat_record(a, tid, p, n);
      pat_wait_for(b, p, n);
      a = b;   /* only b's record is left */
    }
    pat_record(a, tid, p, n);
    if (b != a)
      pat_record(b, tid, p, n);
    __atomic_thread_fence(__ATOMIC_RELEASE);   /* seq odd before the data changes */
    return s;
  }
  unsigned total = s.wrap + (s.hi - s.lo), recorded = 0;
  for (unsigned k = 0; k < total; k++) {     /* the low indexes first */
    struct paratomic_lock *l = span_lock(s, k);
    if (!pat_try(l)) {
      for (; recorded < k; recorded++)
        pat_record(span_lock(s, recorded), tid, p, n);
      pat_wait_for(l, p, n);
    }
  }
  for (; recorded < total; recorded++)
    pat_record(span_lock(s, recorded), tid, p, n);
  __atomic_thread_fence(__ATOMIC_RELEASE);   /* seq odd before the data changes */
  return s;
}

/* Gives the locks back in the reverse of the order they were taken, the
   first last.  So whoever takes the first next finds the others of the
   object free: given back first to last, a waiter woken on the first took
   it while the holder still held the second (during the first's wake
   system call) and slept on the second holding the first; the holder's
   next operation then slept on the first (a fifth to a third of the
   sleeps of two threads on one 24-byte object across a granule's end). */
static inline __attribute__((always_inline)) void pat_unlock_span(struct span s)
{
  if (__builtin_expect(s.wrap == 0 && s.hi - s.lo <= 2, 1)) {
    if (s.hi - s.lo == 2)
      pat_give(&paratomic_locks[s.lo + 1]);
    pat_give(&paratomic_locks[s.lo]);
    return;
  }
  for (unsigned i = s.hi; i-- > s.lo;)
    pat_give(&paratomic_locks[i]);
  for (unsigned i = s.wrap; i-- > 0;)
    pat_give(&paratomic_locks[i]);
}

/* A load copies the object between two readings of its locks' sequence
   counts and keeps the copy if no writer was in between: loads never take
   a lock, so readers do not stop one another.  Falls back to the locks
   after a few tries. */
static inline bool pat_try_read(const void *p, size_t n, void *out)
{
  struct span s = span_of(p, n);
  uint32_t before[PAT_NLOCKS];
  unsigned k = 0;
  for (unsigned i = 0; i < s.wrap; i++)
    if ((before[k++] = __atomic_load_n(&paratomic_locks[i].seq, __ATOMIC_ACQUIRE)) & 1)
      return false;
  for (unsigned i = s.lo; i < s.hi; i++)
    if ((before[k++] = __atomic_load_n(&paratomic_locks[i].seq, __ATOMIC_ACQUIRE)) & 1)
      return false;
  if (n > 64)
    __builtin_memcpy(out, p, n);   /* measured: faster here than through pat_copy */
  else
    pat_copy(out, p, n, false);
  __atomic_thread_fence(__ATOMIC_ACQUIRE);
  k = 0;
  for (unsigned i = 0; i < s.wrap; i++)
    if (__atomic_load_n(&paratomic_locks[i].seq, __ATOMIC_RELAXED) != before[k++])
      return false;
  for (unsigned i = s.lo; i < s.hi; i++)
    if (__atomic_load_n(&paratomic_locks[i].seq, __ATOMIC_RELAXED) != before[k++])
      return false;
  return true;
}

static inline void pat_read(const void *p, size_t n, void *out)
{
  for (int tries = 0; tries < 8; tries++)
    if (pat_try_read(p, n, out))
      return;
  struct span s = pat_lock_range(p, n);
  pat_copy(out, p, n, false);
  pat_unlock_span(s);
}

/* Store, exchange and compare-exchange under the lock table, for the
   generic functions and for 16 bytes the hardware cannot do: memcmp and
   memcpy semantics, strong.  An exchange whose new value and result are one
   buffer swaps them byte by byte. */
static inline void pat_locked_store(void *obj, const void *val, size_t n)
{
  struct span s = pat_lock_range(obj, n);
  pat_copy(obj, val, n, true);
  pat_unlock_span(s);
}

static inline void pat_locked_exchange(void *obj, const void *val, void *ret, size_t n)
{
  struct span s = pat_lock_range(obj, n);
  if (ret == val) {
    unsigned char *a = obj, *b = ret;
    for (size_t i = 0; i < n; i++) {
      unsigned char t = a[i];
      a[i] = b[i];
      b[i] = t;
    }
  } else {
    pat_copy(ret, obj, n, false);
    pat_copy(obj, val, n, true);
  }
  pat_unlock_span(s);
}

static inline bool pat_locked_compare_exchange(void *obj, void *expected, const void *desired, size_t n)
{
  struct span s = pat_lock_range(obj, n);
  bool ok = pat_equal(obj, expected, n);
  if (ok)
    pat_copy(obj, desired, n, true);
  else
    pat_copy(expected, obj, n, false);
  pat_unlock_span(s);
  return ok;
}

/* wide.c */
extern bool pat_have_cx16;

static inline bool pat_aligned(const void *p, size_t n)
{
  return ((uintptr_t)p & (n - 1)) == 0;
}

/* Sizes and places done with hardware instructions. */
static inline bool pat_hardware(size_t n, const void *p)
{
  switch (n) {
  case 1: case 2: case 4: case 8:
    return pat_aligned(p, n);
  case 16:
    return pat_have_cx16 && pat_aligned(p, 16);
  }
  return false;
}

#endif
