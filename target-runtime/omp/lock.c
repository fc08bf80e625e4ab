/* omp_lock_t and omp_nest_lock_t.  Their sizes are libgomp's (4 and 16
   bytes), because the program allocated them from gcc's omp.h. */
#include "config.h"

#include "paromp.h"

typedef struct { paromp_mutex_t m; } paromp_lock_t;
typedef struct {
  paromp_mutex_t m;
  int count;
  void *owner;             /* the owning task: OpenMP nest locks belong to tasks */
} paromp_nest_lock_t;

_Static_assert(sizeof(paromp_lock_t) == 4, "omp_lock_t is 4 bytes in gcc's omp.h");
_Static_assert(sizeof(paromp_nest_lock_t) == 8 + sizeof(void *),
               "omp_nest_lock_t is 8 + sizeof(void *) bytes in gcc's omp.h");

PAROMP_EXPORT void omp_init_lock(paromp_lock_t *l)
{
  l->m = 0;
}

PAROMP_EXPORT void omp_destroy_lock(paromp_lock_t *l)
{
  (void)l;
}

PAROMP_EXPORT void omp_set_lock(paromp_lock_t *l)
{
  paromp_lock_waiting(&l->m, PAROMP_STATE_WAIT_LOCK);
}

PAROMP_EXPORT void omp_unset_lock(paromp_lock_t *l)
{
  paromp_mutex_unlock(&l->m);
}

PAROMP_EXPORT int omp_test_lock(paromp_lock_t *l)
{
  return paromp_mutex_trylock(&l->m);
}

PAROMP_EXPORT void omp_init_nest_lock(paromp_nest_lock_t *l)
{
  l->m = 0;
  l->count = 0;
  l->owner = NULL;
}

PAROMP_EXPORT void omp_destroy_nest_lock(paromp_nest_lock_t *l)
{
  (void)l;
}

PAROMP_EXPORT void omp_set_nest_lock(paromp_nest_lock_t *l)
{
  void *me = paromp_self()->ts.task;
  if (__atomic_load_n(&l->owner, __ATOMIC_RELAXED) != me) {
    paromp_lock_waiting(&l->m, PAROMP_STATE_WAIT_NEST_LOCK);
    __atomic_store_n(&l->owner, me, __ATOMIC_RELAXED);
    l->count = 1;
    return;
  }
  l->count++;
}

PAROMP_EXPORT void omp_unset_nest_lock(paromp_nest_lock_t *l)
{
  if (--l->count == 0) {
    __atomic_store_n(&l->owner, NULL, __ATOMIC_RELAXED);
    paromp_mutex_unlock(&l->m);
  }
}

PAROMP_EXPORT int omp_test_nest_lock(paromp_nest_lock_t *l)
{
  void *me = paromp_self()->ts.task;
  if (__atomic_load_n(&l->owner, __ATOMIC_RELAXED) == me)
    return ++l->count;
  if (!paromp_mutex_trylock(&l->m))
    return 0;
  __atomic_store_n(&l->owner, me, __ATOMIC_RELAXED);
  l->count = 1;
  return 1;
}
