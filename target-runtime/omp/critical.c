/* critical (unnamed and named) and the lock behind GOMP_atomic_start. */
#include "config.h"

#include "paromp.h"
#include "ompt.h"

/* Lines of their own: next to read-mostly globals, every lock and unlock
   would take those from the threads that read them. */
static paromp_mutex_t critical_lines[2 * PAROMP_CACHE_LINE / sizeof(paromp_mutex_t)]
    __attribute__((aligned(PAROMP_CACHE_LINE)));
#define default_critical critical_lines[0]
#define atomic_lock critical_lines[PAROMP_CACHE_LINE / sizeof(paromp_mutex_t)]

/* Exported so that a debugger can name what a thread waits for. */
PAROMP_EXPORT void *const paromp_default_critical = &default_critical;

/* Out of line, so that the fast path below needs no stack frame. */
static __attribute__((noinline)) void wait_for(paromp_mutex_t *m, int state)
{
  if (paromp_tid_tls == 0 && paromp_mutex_trylock_first(m))
    return;
  struct paromp_thread *self = paromp_self();
  struct paromp_waiting w = { self, state, self->state, m, self->wait_id };
  paromp_mutex_lock_showing(m, &w);
}

void paromp_lock_waiting(paromp_mutex_t *m, int state)
{
  if (PAROMP_LIKELY(paromp_mutex_trylock_quick(m)))
    return;
  wait_for(m, state);
}

/* critical and atomic: a tool sees the mutex's address as the wait id.
   Inlined into each entry point, whatever gcc's heuristics say: without a
   tool, each is the fast path and a tail call. */
static inline __attribute__((always_inline)) void take(paromp_mutex_t *m, int state,
                                                       ompt_mutex_t kind)
{
  if (OMPT_TOOL)
    paromp_ompt_mutex_acquire(kind, 0, m);
  paromp_lock_waiting(m, state);
  if (OMPT_TOOL)
    paromp_ompt_mutex_acquired(kind, m);
}

static inline __attribute__((always_inline)) void give(paromp_mutex_t *m, ompt_mutex_t kind)
{
  paromp_mutex_unlock(m);
  if (OMPT_TOOL)
    paromp_ompt_mutex_released(kind, m);
}

PAROMP_EXPORT void GOMP_critical_start(void)
{
  OMPT_ENTRY();
  take(&default_critical, ompt_state_wait_critical, ompt_mutex_critical);
}

PAROMP_EXPORT void GOMP_critical_end(void)
{
  OMPT_ENTRY();
  give(&default_critical, ompt_mutex_critical);
}

/* gcc gives each name a zeroed pointer-sized common symbol; the mutex lives
   in it, so the waited-for address names the critical section. */
PAROMP_EXPORT void GOMP_critical_name_start(void **pptr)
{
  OMPT_ENTRY();
  take((paromp_mutex_t *)pptr, ompt_state_wait_critical, ompt_mutex_critical);
}

PAROMP_EXPORT void GOMP_critical_name_end(void **pptr)
{
  OMPT_ENTRY();
  give((paromp_mutex_t *)pptr, ompt_mutex_critical);
}

PAROMP_EXPORT void GOMP_atomic_start(void)
{
  OMPT_ENTRY();
  take(&atomic_lock, ompt_state_wait_atomic, ompt_mutex_atomic);
}

PAROMP_EXPORT void GOMP_atomic_end(void)
{
  OMPT_ENTRY();
  give(&atomic_lock, ompt_mutex_atomic);
}
