/* Doacross loops: depend(source) posts an iteration, depend(sink: ...) waits
   until the named iteration was posted. */
#include "config.h"

#include <stdarg.h>
#include <stdlib.h>

#include "paromp.h"
#include "ompt.h"

/* One flag per iteration of the whole nest while that stays small; beyond,
   the highest posted inner iteration per outer iteration, which is exact
   when the inner loops run in order on one thread (no collapse). */
#define DOACROSS_FLAGS_MAX (1ull << 26)

void paromp_doacross_init(struct paromp_ws *ws, unsigned ncounts, const uint64_t *counts)
{
  uint64_t total = 1;
  int fits = 1;
  ws->ncounts = ncounts;
  ws->counts = paromp_malloc(ncounts * sizeof *ws->counts);
  for (unsigned d = 0; d < ncounts; d++) {
    ws->counts[d] = counts[d];
    if (counts[d] != 0 && total > DOACROSS_FLAGS_MAX / counts[d])
      fits = 0;
    else
      total *= counts[d];
  }
  if (fits)
    ws->posted = paromp_calloc(total ? total : 1, 1);
  else
    ws->posted_max = paromp_calloc(counts[0] ? counts[0] : 1, sizeof *ws->posted_max);
}

/* The index of an iteration vector, or -1 when it is outside the nest. */
static int64_t flatten(const struct paromp_ws *ws, const uint64_t *iv, unsigned from)
{
  uint64_t flat = 0;
  for (unsigned d = from; d < ws->ncounts; d++) {
    if (iv[d] >= ws->counts[d])
      return -1;
    flat = flat * ws->counts[d] + iv[d];
  }
  return (int64_t)flat;
}

static void post(const uint64_t *iv)
{
  struct paromp_thread *self = paromp_self();
  struct paromp_ws *ws = self->ts.ws;
  if (ws == NULL || ws->ncounts == 0)
    return;
  if (ws->posted != NULL) {
    int64_t f = flatten(ws, iv, 0);
    if (f < 0)
      return;
    __atomic_store_n(&ws->posted[f], 1, __ATOMIC_SEQ_CST);
  } else {
    int64_t f = flatten(ws, iv, 1);
    if (f < 0 || iv[0] >= ws->counts[0])
      return;
    uint64_t cur = __atomic_load_n(&ws->posted_max[iv[0]], __ATOMIC_RELAXED);
    while ((uint64_t)f + 1 > cur &&
           !__atomic_compare_exchange_n(&ws->posted_max[iv[0]], &cur, (uint64_t)f + 1, 1,
                                        __ATOMIC_SEQ_CST, __ATOMIC_RELAXED))
      ;
  }
  __atomic_add_fetch(&ws->doacross_futex, 1, __ATOMIC_SEQ_CST);
  paromp_wake_all(&ws->doacross_futex, &ws->doacross_sleepers);
}

static int is_posted(struct paromp_ws *ws, const uint64_t *iv)
{
  if (ws->posted != NULL) {
    int64_t f = flatten(ws, iv, 0);
    return f < 0 || __atomic_load_n(&ws->posted[f], __ATOMIC_SEQ_CST);
  }
  int64_t f = flatten(ws, iv, 1);
  if (f < 0 || iv[0] >= ws->counts[0])
    return 1;
  return __atomic_load_n(&ws->posted_max[iv[0]], __ATOMIC_SEQ_CST) > (uint64_t)f;
}

/* 5.1 ordered construct: the doacross-source and doacross-sink events give
   the dependences callback the iteration vector, one entry per loop. */
static void ompt_doacross(struct paromp_thread *self, const uint64_t *iv, unsigned n,
                          ompt_dependence_type_t type)
{
  ompt_dependence_t deps[n];
  for (unsigned d = 0; d < n; d++) {
    deps[d].variable.value = iv[d];
    deps[d].dependence_type = type;
  }
  paromp_ompt.dependences(&self->ts.task->ompt_data, deps, (int)n);
}

static void wait_for(const uint64_t *iv)
{
  struct paromp_thread *self = paromp_self();
  struct paromp_ws *ws = self->ts.ws;
  if (ws == NULL || ws->ncounts == 0)
    return;
  if (!is_posted(ws, iv)) {
    int saved = self->state;
    const void *saved_wait = self->wait_id;
    paromp_set_state(self, ompt_state_wait_ordered, ws);
    for (;;) {
      unsigned f = __atomic_load_n(&ws->doacross_futex, __ATOMIC_SEQ_CST);
      if (is_posted(ws, iv))
        break;
      paromp_wait_while_eq(&ws->doacross_futex, f, &ws->doacross_sleepers);
    }
    paromp_set_state(self, saved, saved_wait);
  }
  if (OMPT_ON(dependences))
    ompt_doacross(self, iv, ws->ncounts, ompt_dependence_type_sink);
}

#define IV_MAX 64

PAROMP_EXPORT void GOMP_doacross_post(long *counts)
{
  struct paromp_ws *ws = paromp_self()->ts.ws;
  uint64_t iv[IV_MAX];
  unsigned n = ws && ws->ncounts < IV_MAX ? ws->ncounts : 0;
  for (unsigned d = 0; d < n; d++)
    iv[d] = (uint64_t)counts[d];
  if (n && OMPT_ON(dependences))
    ompt_doacross(paromp_self(), iv, n, ompt_dependence_type_source);
  if (n)
    post(iv);
}

PAROMP_EXPORT void GOMP_doacross_ull_post(unsigned long long *counts)
{
  GOMP_doacross_post((long *)counts);
}

PAROMP_EXPORT void GOMP_doacross_wait(long first, ...)
{
  struct paromp_ws *ws = paromp_self()->ts.ws;
  uint64_t iv[IV_MAX];
  unsigned n = ws && ws->ncounts < IV_MAX ? ws->ncounts : 0;
  va_list ap;
  va_start(ap, first);
  iv[0] = (uint64_t)first;
  for (unsigned d = 1; d < n; d++)
    iv[d] = (uint64_t)va_arg(ap, long);
  va_end(ap);
  if (n)
    wait_for(iv);
}

PAROMP_EXPORT void GOMP_doacross_ull_wait(unsigned long long first, ...)
{
  struct paromp_ws *ws = paromp_self()->ts.ws;
  uint64_t iv[IV_MAX];
  unsigned n = ws && ws->ncounts < IV_MAX ? ws->ncounts : 0;
  va_list ap;
  va_start(ap, first);
  iv[0] = first;
  for (unsigned d = 1; d < n; d++)
    iv[d] = va_arg(ap, unsigned long long);
  va_end(ap);
  if (n)
    wait_for(iv);
}
