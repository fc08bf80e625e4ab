/* The lock table behind atomics that the hardware cannot do.  Every lock
   records who holds it and for which object, so a debugger can say "LWP 5
   holds the lock for 0x7f..40 (40 bytes), 1 thread waits".  An object that
   covers several locks takes them in increasing index order, one global
   order, so overlapping objects cannot deadlock. */
#define _GNU_SOURCE
#include <linux/futex.h>
#include <pthread.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "paratomic.h"

PAT_EXPORT struct paratomic_lock paratomic_locks[PAT_NLOCKS];
PAT_EXPORT const uint32_t paratomic_nlocks = PAT_NLOCKS;
PAT_EXPORT const uint32_t paratomic_granule = PAT_GRANULE;

static __thread int my_tid __attribute__((tls_model("initial-exec")));

static void forget_tid(void)
{
  my_tid = 0;   /* the child of fork() is another LWP */
}

__attribute__((constructor)) static void setup(void)
{
  pthread_atfork(NULL, NULL, forget_tid);
}

static inline int tid(void)
{
  if (__builtin_expect(my_tid == 0, 0))
    my_tid = (int)syscall(SYS_gettid);
  return my_tid;
}

#define SPINS 200

static void lock_slow(struct paratomic_lock *l)
{
  for (int i = 0; i < SPINS; i++) {
    __builtin_ia32_pause();
    uint32_t z = 0;
    if (__atomic_load_n(&l->state, __ATOMIC_RELAXED) == 0 &&
        __atomic_compare_exchange_n(&l->state, &z, PARADBG_ATOMIC_LOCK_HELD, false, __ATOMIC_ACQUIRE,
                                    __ATOMIC_RELAXED))
      return;
  }
  __atomic_add_fetch(&l->waiters, 1, __ATOMIC_RELAXED);
  while (__atomic_exchange_n(&l->state, PARADBG_ATOMIC_LOCK_CONTENDED, __ATOMIC_ACQUIRE) != 0)
    syscall(SYS_futex, &l->state, FUTEX_WAIT_PRIVATE, PARADBG_ATOMIC_LOCK_CONTENDED, NULL, NULL, 0);
  __atomic_sub_fetch(&l->waiters, 1, __ATOMIC_RELAXED);
}

static inline void take(struct paratomic_lock *l, const void *p, size_t n)
{
  uint32_t z = 0;
  if (!__atomic_compare_exchange_n(&l->state, &z, PARADBG_ATOMIC_LOCK_HELD, false, __ATOMIC_ACQUIRE,
                                   __ATOMIC_RELAXED))
    lock_slow(l);
  l->owner = tid();
  l->addr = (uintptr_t)p;
  l->size = n;
  l->acquisitions++;
}

static inline void give(struct paratomic_lock *l)
{
  l->owner = 0;
  if (__atomic_exchange_n(&l->state, PARADBG_ATOMIC_LOCK_FREE, __ATOMIC_RELEASE) == PARADBG_ATOMIC_LOCK_CONTENDED)
    syscall(SYS_futex, &l->state, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
}

/* The locks of [p, p + n): indexes [lo, hi) and, when the range wraps
   around the table, also [0, wrap). */
struct span {
  unsigned lo, hi, wrap;
};

static inline struct span span_of(const void *p, size_t n)
{
  uintptr_t g0 = (uintptr_t)p / PAT_GRANULE, g1 = ((uintptr_t)p + (n ? n - 1 : 0)) / PAT_GRANULE;
  if (g1 - g0 + 1 >= PAT_NLOCKS)
    return (struct span){0, PAT_NLOCKS, 0};
  unsigned first = (unsigned)(g0 % PAT_NLOCKS), count = (unsigned)(g1 - g0 + 1);
  if (first + count <= PAT_NLOCKS)
    return (struct span){first, first + count, 0};
  return (struct span){first, PAT_NLOCKS, first + count - PAT_NLOCKS};
}

void pat_lock_range(const void *p, size_t n)
{
  struct span s = span_of(p, n);
  for (unsigned i = 0; i < s.wrap; i++)       /* the low indexes first */
    take(&paratomic_locks[i], p, n);
  for (unsigned i = s.lo; i < s.hi; i++)
    take(&paratomic_locks[i], p, n);
}

void pat_unlock_range(const void *p, size_t n)
{
  struct span s = span_of(p, n);
  for (unsigned i = s.lo; i < s.hi; i++)
    give(&paratomic_locks[i]);
  for (unsigned i = 0; i < s.wrap; i++)
    give(&paratomic_locks[i]);
}
