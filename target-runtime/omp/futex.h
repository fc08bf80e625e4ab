/* Futex waits, spinning and the small mutex every libparomp lock is built on. */
#ifndef PAROMP_FUTEX_H
#define PAROMP_FUTEX_H

#include <limits.h>
#include <linux/futex.h>
#include <sched.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "paradbg/omp-layout.h"

static inline void paromp_futex_wait(unsigned *addr, unsigned expected)
{
  syscall(SYS_futex, addr, FUTEX_WAIT_PRIVATE, expected, NULL, NULL, 0);
}

static inline void paromp_futex_wake(unsigned *addr, int count)
{
  syscall(SYS_futex, addr, FUTEX_WAKE_PRIVATE, count, NULL, NULL, 0);
}

static inline void paromp_cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  __asm__ __volatile__("yield" ::: "memory");
#else
  __asm__ __volatile__("" ::: "memory");
#endif
}

/* How long a waiter spins before it sleeps, and how often it yields its
   processor meanwhile (every yield_mask + 1 spins); set from
   OMP_WAIT_POLICY and the number of runtime threads (paromp_tune_spin). */
union paromp_spin_line {
  struct {
    unsigned long count;
    unsigned long yield_mask;
  } s;
  char line[64];   /* alone on its line: every spinning thread reads it */
};
extern union paromp_spin_line paromp_spin_line;
#define paromp_spin_count (paromp_spin_line.s.count)

/* A spinning waiter yields its processor now and then: on a loaded machine
   the thread it waits for may be waiting for that very processor.  With
   more runtime threads than processors it yields at every turn: the
   thread it waits for most likely needs that processor. */
#define PAROMP_SPINS_PER_YIELD 1024u

static inline void paromp_spin_pause(unsigned long i)
{
  unsigned long mask = __atomic_load_n(&paromp_spin_line.s.yield_mask, __ATOMIC_RELAXED);
  if ((i & mask) == mask)
    sched_yield();
  else
    paromp_cpu_relax();
}

/* Spin until *addr differs from old or the spin budget runs out; returns the
   last value seen. */
static inline unsigned paromp_spin_while_eq(unsigned *addr, unsigned old)
{
  unsigned v;
  unsigned long spins = __atomic_load_n(&paromp_spin_count, __ATOMIC_RELAXED);
  for (unsigned long i = 0; i < spins; i++) {
    v = __atomic_load_n(addr, __ATOMIC_ACQUIRE);
    if (v != old)
      return v;
    paromp_spin_pause(i);
  }
  return __atomic_load_n(addr, __ATOMIC_ACQUIRE);
}

/* Wait until *addr differs from old: spin first, then sleep in the kernel.
   A sleeper counts itself in *sleepers first, so that a waker (which changes
   *addr, then reads *sleepers) makes a system call only when one is needed. */
static inline unsigned paromp_wait_while_eq(unsigned *addr, unsigned old, unsigned *sleepers)
{
  unsigned v;
  while ((v = paromp_spin_while_eq(addr, old)) == old) {
    __atomic_add_fetch(sleepers, 1, __ATOMIC_SEQ_CST);
    if (__atomic_load_n(addr, __ATOMIC_SEQ_CST) == old)
      paromp_futex_wait(addr, old);
    __atomic_sub_fetch(sleepers, 1, __ATOMIC_SEQ_CST);
  }
  return v;
}

/* Call after changing *addr with a sequentially consistent operation. */
static inline void paromp_wake_all(unsigned *addr, unsigned *sleepers)
{
  if (__atomic_load_n(sleepers, __ATOMIC_SEQ_CST) != 0)
    paromp_futex_wake(addr, INT_MAX);
}

/* The calling thread's kernel thread id: set when a runtime thread starts,
   and at the first lock of a thread the runtime did not create. */
extern __thread unsigned paromp_tid_tls __attribute__((tls_model("initial-exec")));
unsigned paromp_tid_init(void);

static inline unsigned paromp_tid(void)
{
  unsigned t = paromp_tid_tls;
  if (__builtin_expect(t == 0, 0))
    t = paromp_tid_init();
  return t;
}

/* A mutex in one int that names its holder, as a PI futex does: 0 free,
   else the holder's thread id, with PARADBG_OMP_MUTEX_WAITERS once a thread
   may sleep on it.  A debugger reads the holder from the word (the
   encoding is in paradbg/omp-layout.h).  It fits in omp_lock_t (4 bytes)
   and in the pointer gcc reserves for a named critical. */
typedef unsigned paromp_mutex_t;

/* The fast path: one compare-and-swap of 0 with the caller's id.  It fails
   without a call for a thread whose id is not known yet, so that callers
   need no frame for it; paromp_mutex_trylock then learns the id. */
static inline int paromp_mutex_trylock_quick(paromp_mutex_t *m)
{
  unsigned me = paromp_tid_tls, z = 0;
  return __builtin_expect(me != 0, 1) &&
         __atomic_compare_exchange_n(m, &z, me, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED);
}

int paromp_mutex_trylock_first(paromp_mutex_t *m);

static inline int paromp_mutex_trylock(paromp_mutex_t *m)
{
  if (__builtin_expect(paromp_tid_tls == 0, 0))
    return paromp_mutex_trylock_first(m);
  return paromp_mutex_trylock_quick(m);
}

void paromp_mutex_lock_slow(paromp_mutex_t *m);

static inline void paromp_mutex_lock(paromp_mutex_t *m)
{
  if (!paromp_mutex_trylock_quick(m))
    paromp_mutex_lock_slow(m);   /* it learns the id */
}

static inline void paromp_mutex_unlock(paromp_mutex_t *m)
{
  if (__atomic_exchange_n(m, 0, __ATOMIC_RELEASE) & PARADBG_OMP_MUTEX_WAITERS)
    paromp_futex_wake(m, 1);
}

#endif
