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

__thread int pat_my_tid __attribute__((tls_model("initial-exec")));

static void forget_tid(void)
{
  pat_my_tid = 0;   /* the child of fork() is another LWP */
}

__attribute__((constructor)) static void setup(void)
{
  pthread_atfork(NULL, NULL, forget_tid);
}

int pat_tid_slow(void)
{
  return pat_my_tid = (int)syscall(SYS_gettid);
}

/* A waiter sleeps at once, as a pthread mutex does: measured on two
   threads, any spinning before it only trades the holder's run of
   operations for cache-line ping-pong. */
void pat_lock_slow(struct paratomic_lock *l)
{
  __atomic_add_fetch(&l->waiters, 1, __ATOMIC_RELAXED);
  while (__atomic_exchange_n(&l->state, PARADBG_ATOMIC_LOCK_CONTENDED, __ATOMIC_ACQUIRE) != 0)
    syscall(SYS_futex, &l->state, FUTEX_WAIT_PRIVATE, PARADBG_ATOMIC_LOCK_CONTENDED, NULL, NULL, 0);
  __atomic_sub_fetch(&l->waiters, 1, __ATOMIC_RELAXED);
}

void pat_wake(struct paratomic_lock *l)
{
  syscall(SYS_futex, &l->state, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
}
