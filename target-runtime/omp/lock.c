/* omp_lock_t and omp_nest_lock_t.  Their sizes are libgomp's (4 and 16
   bytes), because the program allocated them from gcc's omp.h.  A tool sees
   each lock by its address. */
#include "config.h"

#include "paromp.h"
#include "ompt.h"

typedef struct { paromp_mutex_t m; } paromp_lock_t;
typedef struct {
  paromp_mutex_t m;
  int count;
  void *owner;             /* the owning task: OpenMP nest locks belong to tasks */
} paromp_nest_lock_t;

_Static_assert(sizeof(paromp_lock_t) == 4, "omp_lock_t is 4 bytes in gcc's omp.h");
_Static_assert(sizeof(paromp_nest_lock_t) == 8 + sizeof(void *),
               "omp_nest_lock_t is 8 + sizeof(void *) bytes in gcc's omp.h");

static void ompt_lock_init(ompt_mutex_t kind, unsigned hint, const void *l)
{
  if (OMPT_ON(lock_init))
    paromp_ompt.lock_init(kind, hint, PAROMP_MUTEX_IMPL, (ompt_wait_id_t)(uintptr_t)l,
                          paromp_self()->ompt_ra);
}

static void ompt_lock_destroy(ompt_mutex_t kind, const void *l)
{
  if (OMPT_ON(lock_destroy))
    paromp_ompt.lock_destroy(kind, (ompt_wait_id_t)(uintptr_t)l, paromp_self()->ompt_ra);
}

static void ompt_nest(ompt_scope_endpoint_t ep, const void *l)
{
  if (OMPT_ON(nest_lock))
    paromp_ompt.nest_lock(ep, (ompt_wait_id_t)(uintptr_t)l, paromp_self()->ompt_ra);
}

/* libgomp exports no omp_init_lock_with_hint, so neither do we; a hint
   would only inform, every lock being the same futex mutex. */
static void init_lock(paromp_lock_t *l, int hint)
{
  l->m = 0;
  if (OMPT_TOOL)
    ompt_lock_init(ompt_mutex_lock, (unsigned)hint, l);
}

PAROMP_EXPORT void omp_init_lock(paromp_lock_t *l)
{
  OMPT_ENTRY();
  init_lock(l, 0);
}

PAROMP_EXPORT void omp_destroy_lock(paromp_lock_t *l)
{
  OMPT_ENTRY();
  if (OMPT_TOOL)
    ompt_lock_destroy(ompt_mutex_lock, l);
}

PAROMP_EXPORT void omp_set_lock(paromp_lock_t *l)
{
  OMPT_ENTRY();
  if (OMPT_TOOL)
    paromp_ompt_mutex_acquire(ompt_mutex_lock, 0, l);
  paromp_lock_waiting(&l->m, ompt_state_wait_lock);
  if (OMPT_TOOL)
    paromp_ompt_mutex_acquired(ompt_mutex_lock, l);
}

PAROMP_EXPORT void omp_unset_lock(paromp_lock_t *l)
{
  OMPT_ENTRY();
  paromp_mutex_unlock(&l->m);
  if (OMPT_TOOL)
    paromp_ompt_mutex_released(ompt_mutex_lock, l);
}

PAROMP_EXPORT int omp_test_lock(paromp_lock_t *l)
{
  OMPT_ENTRY();
  if (OMPT_TOOL)
    paromp_ompt_mutex_acquire(ompt_mutex_test_lock, 0, l);
  int got = paromp_mutex_trylock(&l->m);
  if (got && OMPT_TOOL)
    paromp_ompt_mutex_acquired(ompt_mutex_test_lock, l);
  return got;
}

static void init_nest_lock(paromp_nest_lock_t *l, int hint)
{
  l->m = 0;
  l->count = 0;
  l->owner = NULL;
  if (OMPT_TOOL)
    ompt_lock_init(ompt_mutex_nest_lock, (unsigned)hint, l);
}

PAROMP_EXPORT void omp_init_nest_lock(paromp_nest_lock_t *l)
{
  OMPT_ENTRY();
  init_nest_lock(l, 0);
}

PAROMP_EXPORT void omp_destroy_nest_lock(paromp_nest_lock_t *l)
{
  OMPT_ENTRY();
  if (OMPT_TOOL)
    ompt_lock_destroy(ompt_mutex_nest_lock, l);
}

PAROMP_EXPORT void omp_set_nest_lock(paromp_nest_lock_t *l)
{
  OMPT_ENTRY();
  void *me = paromp_self()->ts.task;
  /* 5.1 omp_set_nest_lock: nest-lock-acquire comes first, owned or not. */
  if (OMPT_TOOL)
    paromp_ompt_mutex_acquire(ompt_mutex_nest_lock, 0, l);
  if (__atomic_load_n(&l->owner, __ATOMIC_RELAXED) != me) {
    paromp_lock_waiting(&l->m, ompt_state_wait_lock);
    __atomic_store_n(&l->owner, me, __ATOMIC_RELAXED);
    l->count = 1;
    if (OMPT_TOOL)
      paromp_ompt_mutex_acquired(ompt_mutex_nest_lock, l);
    return;
  }
  l->count++;
  if (OMPT_TOOL)
    ompt_nest(ompt_scope_begin, l);
}

PAROMP_EXPORT void omp_unset_nest_lock(paromp_nest_lock_t *l)
{
  OMPT_ENTRY();
  if (--l->count == 0) {
    __atomic_store_n(&l->owner, NULL, __ATOMIC_RELAXED);
    paromp_mutex_unlock(&l->m);
    if (OMPT_TOOL)
      paromp_ompt_mutex_released(ompt_mutex_nest_lock, l);
  } else if (OMPT_TOOL) {
    ompt_nest(ompt_scope_end, l);
  }
}

PAROMP_EXPORT int omp_test_nest_lock(paromp_nest_lock_t *l)
{
  OMPT_ENTRY();
  void *me = paromp_self()->ts.task;
  if (OMPT_TOOL)
    paromp_ompt_mutex_acquire(ompt_mutex_test_nest_lock, 0, l);
  if (__atomic_load_n(&l->owner, __ATOMIC_RELAXED) == me) {
    if (OMPT_TOOL)
      ompt_nest(ompt_scope_begin, l);
    return ++l->count;
  }
  if (!paromp_mutex_trylock(&l->m))
    return 0;
  __atomic_store_n(&l->owner, me, __ATOMIC_RELAXED);
  l->count = 1;
  if (OMPT_TOOL)
    paromp_ompt_mutex_acquired(ompt_mutex_test_nest_lock, l);
  return 1;
}
