/* critical (unnamed and named) and the lock behind GOMP_atomic_start. */
#include "config.h"

#include "paromp.h"

static paromp_mutex_t default_critical;
static paromp_mutex_t atomic_lock;

/* Exported so that a debugger can name what a thread waits for. */
PAROMP_EXPORT void *const paromp_default_critical = &default_critical;

void paromp_lock_waiting(paromp_mutex_t *m, int state)
{
  if (PAROMP_LIKELY(paromp_mutex_trylock(m)))
    return;
  struct paromp_thread *self = paromp_self();
  int saved = self->state;
  const void *saved_wait = self->wait_id;
  paromp_set_state(self, state, m);
  paromp_mutex_lock_slow(m);
  paromp_set_state(self, saved, saved_wait);
}

PAROMP_EXPORT void GOMP_critical_start(void)
{
  paromp_lock_waiting(&default_critical, PAROMP_STATE_WAIT_CRITICAL);
}

PAROMP_EXPORT void GOMP_critical_end(void)
{
  paromp_mutex_unlock(&default_critical);
}

/* gcc gives each name a zeroed pointer-sized common symbol; the mutex lives
   in it, so the waited-for address names the critical section. */
PAROMP_EXPORT void GOMP_critical_name_start(void **pptr)
{
  paromp_lock_waiting((paromp_mutex_t *)pptr, PAROMP_STATE_WAIT_CRITICAL);
}

PAROMP_EXPORT void GOMP_critical_name_end(void **pptr)
{
  paromp_mutex_unlock((paromp_mutex_t *)pptr);
}

PAROMP_EXPORT void GOMP_atomic_start(void)
{
  paromp_lock_waiting(&atomic_lock, PAROMP_STATE_WAIT_ATOMIC);
}

PAROMP_EXPORT void GOMP_atomic_end(void)
{
  paromp_mutex_unlock(&atomic_lock);
}
