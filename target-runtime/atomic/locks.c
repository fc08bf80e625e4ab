/* The lock table behind atomics that the hardware cannot do.  Every lock
   records who holds it and for which object, so a debugger can say "LWP 5
   holds the lock for 0x7f..40 (40 bytes), 1 thread waits".  An object that
   covers several locks takes them in increasing index order, one global
   order, so overlapping objects cannot deadlock. */
#define _GNU_SOURCE
#include <linux/futex.h>
#include <pthread.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "paratomic.h"

PAT_EXPORT struct paratomic_lock paratomic_locks[PAT_NLOCKS];
PAT_EXPORT const uint32_t paratomic_nlocks = PAT_NLOCKS;
PAT_EXPORT const uint32_t paratomic_granule = PAT_GRANULE;
PAT_EXPORT struct paratomic_wait paratomic_waits[PAT_NWAITS];
PAT_EXPORT const uint32_t paratomic_nwaits = PAT_NWAITS;

__thread int pat_my_tid __attribute__((tls_model("initial-exec")));
__thread const void *pat_want_addr __attribute__((tls_model("initial-exec")));
__thread size_t pat_want_size __attribute__((tls_model("initial-exec")));

/* fork() copies the table as it is: a lock another thread held would stay
   held in the child, with no thread left to give it back, and the child's
   next atomic on those bytes would wait forever.  So fork waits until it
   can hold every lock itself. */
static void before_fork(void)
{
  for (unsigned i = 0; i < PAT_NLOCKS; i++)
    pat_take(&paratomic_locks[i], NULL, 0);
}

static void after_fork_parent(void)
{
  for (unsigned i = PAT_NLOCKS; i-- > 0;)
    pat_give(&paratomic_locks[i]);
}

static void after_fork_child(void)
{
  pat_my_tid = 0;   /* the child is another LWP */
  for (unsigned i = PAT_NLOCKS; i-- > 0;) {
    paratomic_locks[i].waiters = 0;   /* they were the parent's threads */
    pat_give(&paratomic_locks[i]);
  }
  for (unsigned i = 0; i < PAT_NWAITS; i++)
    paratomic_waits[i].lwp = 0;
}

__attribute__((constructor)) static void setup(void)
{
  pthread_atfork(before_fork, after_fork_parent, after_fork_child);
}

int pat_tid_slow(void)
{
  return pat_my_tid = (int)syscall(SYS_gettid);
}

/* Takes a wait slot for the caller, or NULL when all are in use (its
   lock's count still tells).  Probing starts at a place of the caller's
   own, so waiters rarely meet; a slot reads -1 until it is whole. */
static struct paratomic_wait *wait_begin(struct paratomic_lock *l, const void *p, size_t n)
{
  int tid = pat_my_tid ? pat_my_tid : pat_tid_slow();
  unsigned start = (unsigned)tid * 2654435761u % PAT_NWAITS;
  for (unsigned k = 0; k < PAT_NWAITS; k++) {
    struct paratomic_wait *w = &paratomic_waits[(start + k) % PAT_NWAITS];
    int32_t free_slot = 0;
    if (__atomic_load_n(&w->lwp, __ATOMIC_RELAXED) != 0 ||
        !__atomic_compare_exchange_n(&w->lwp, &free_slot, -1, false, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
      continue;
    w->lock = (uint32_t)(l - paratomic_locks);
    w->addr = (uintptr_t)p;
    w->size = n;
    __atomic_store_n(&w->lwp, tid, __ATOMIC_RELEASE);
    return w;
  }
  return NULL;
}

/* A thread that found the lock held first stays away from it for
   PAT_BACKOFF_TICKS (time-stamp counter ticks, about 2 us at 2 GHz)
   without reading it, then tries once more, then sleeps.  A lock is held
   for tens of nanoseconds, so a waiter that asked again at once mostly
   got it, and two threads on one object then took turns at every
   operation, each paying for the lock's and the object's cache lines
   (two threads ran 3-4 times slower than one).  Away, it lets the holder
   run on with both lines in its cache, as a pthread mutex's sleeper does
   (spinning on the lock instead was measured to slow the holder down).
   A sleeper counts itself in waiters before it looks at the lock (a
   locked add: the holder's release reads the count after its store), and
   sleeps at most PAT_RECHECK_NS before it looks again: pat_give's plain
   store can, in a window x86 does not close, be seen after the sleeper's
   last look. */
#define PAT_BACKOFF_TICKS 4096
#define PAT_RECHECK_NS 1000000
void pat_lock_slow(struct paratomic_lock *l)
{
  static const struct timespec recheck = {0, PAT_RECHECK_NS};
  uint64_t t0 = __builtin_ia32_rdtsc();
  do
    __builtin_ia32_pause();
  while (__builtin_ia32_rdtsc() - t0 < PAT_BACKOFF_TICKS);
  if (pat_try(l))
    return;
  __atomic_add_fetch(&l->waiters, 1, __ATOMIC_SEQ_CST);
  struct paratomic_wait *w = NULL;
  bool named = false;
  while (__atomic_exchange_n(&l->state, PARADBG_ATOMIC_LOCK_CONTENDED, __ATOMIC_ACQUIRE) != 0) {
    /* Only a thread about to sleep says who it is: a lock often comes
       free by the time it is asked for again, and then this costs nothing. */
    if (!named) {
      w = wait_begin(l, pat_want_addr, pat_want_size);
      named = true;
    }
    syscall(SYS_futex, &l->state, FUTEX_WAIT_PRIVATE, PARADBG_ATOMIC_LOCK_CONTENDED, &recheck, NULL, 0);
  }
  if (w)
    __atomic_store_n(&w->lwp, 0, __ATOMIC_RELEASE);
  __atomic_sub_fetch(&l->waiters, 1, __ATOMIC_RELAXED);
}

void pat_wake(struct paratomic_lock *l)
{
  syscall(SYS_futex, &l->state, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
}
