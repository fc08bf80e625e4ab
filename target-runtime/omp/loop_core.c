/* The part of every worksharing loop that does not depend on the loop
   variable's type: handing out logical iterations 0..n-1 by schedule. */
#include "config.h"

#include "paromp.h"
#include "loopsched.h"
#include "ompt.h"

/* The schedule a loop really uses: runtime resolves to run-sched-var, auto
   to static; returns the kind without the monotonic bit. */
int paromp_resolve_sched(struct paromp_thread *self, int sched, long *chunk)
{
  sched &= ~PAROMP_SCHED_MONOTONIC;
  if (sched == 0) {                        /* schedule(runtime) */
    const struct paromp_icvs *icv = &self->ts.task->icv;
    sched = icv->sched & ~PAROMP_SCHED_MONOTONIC;
    *chunk = icv->sched_chunk;
  }
  if (sched == PAROMP_SCHED_AUTO) {
    sched = PAROMP_SCHED_STATIC;
    *chunk = 0;
  }
  if (sched != PAROMP_SCHED_STATIC && *chunk < 1)
    *chunk = 1;
  if (*chunk < 0)
    *chunk = 0;
  return sched;
}

static void loop_init(struct paromp_ws *ws, uint64_t n, int sched, uint64_t chunk)
{
  ws->kind = PAROMP_WS_LOOP;
  ws->n = n;
  ws->next = 0;
  ws->sched = sched;
  ws->chunk = chunk;
  ws->ordered_next = 0;
}

void paromp_loop_init_l(struct paromp_ws *ws, long start, long end, long incr,
                        int sched, long chunk, unsigned nthreads)
{
  (void)nthreads;
  ws->is_ull = 0;
  ws->start_l = start;
  ws->end_l = end;
  ws->incr_l = incr;
  loop_init(ws, paromp_trip_count_l(start, end, incr), sched, (uint64_t)chunk);
}

void paromp_loop_init_ull(struct paromp_ws *ws, int up, unsigned long long start,
                          unsigned long long end, unsigned long long incr,
                          int sched, unsigned long long chunk, unsigned nthreads)
{
  (void)nthreads;
  ws->is_ull = 1;
  ws->ull_up = up;
  ws->start_u = start;
  ws->end_u = end;
  ws->incr_u = incr;
  loop_init(ws, paromp_trip_count_ull(up, start, end, incr), sched, chunk);
}

static int next_dynamic(struct paromp_ws *ws, unsigned nthreads, uint64_t *lo, uint64_t *hi)
{
  uint64_t n = ws->n, chunk = ws->chunk;
  /* fetch_add may overshoot n by nthreads chunks; use it only when that
     cannot wrap around */
  if (chunk <= UINT64_MAX / (nthreads + 1u) && n <= UINT64_MAX - chunk * (nthreads + 1u)) {
    if (__atomic_load_n(&ws->next, __ATOMIC_RELAXED) >= n)
      return 0;
    uint64_t i = __atomic_fetch_add(&ws->next, chunk, __ATOMIC_RELAXED);
    if (i >= n)
      return 0;
    *lo = i;
    *hi = n - i > chunk ? i + chunk : n;
    return 1;
  }
  uint64_t cur = __atomic_load_n(&ws->next, __ATOMIC_RELAXED);
  do {
    if (cur >= n)
      return 0;
    *hi = n - cur > chunk ? cur + chunk : n;
  } while (!__atomic_compare_exchange_n(&ws->next, &cur, *hi, 1, __ATOMIC_RELAXED,
                                        __ATOMIC_RELAXED));
  *lo = cur;
  return 1;
}

static int next_guided(struct paromp_ws *ws, unsigned nthreads, uint64_t *lo, uint64_t *hi)
{
  uint64_t n = ws->n;
  uint64_t cur = __atomic_load_n(&ws->next, __ATOMIC_RELAXED);
  do {
    if (cur >= n)
      return 0;
    *hi = cur + paromp_guided_size(n - cur, nthreads, ws->chunk);
  } while (!__atomic_compare_exchange_n(&ws->next, &cur, *hi, 1, __ATOMIC_RELAXED,
                                        __ATOMIC_RELAXED));
  *lo = cur;
  return 1;
}

/* The calling member's next chunk of logical iterations [lo, hi). */
int paromp_loop_next_logical(struct paromp_thread *self, uint64_t *lo, uint64_t *hi)
{
  struct paromp_ws *ws = self->ts.ws;
  unsigned nth = self->ts.team->nthreads;
  if (__atomic_load_n(&ws->cancelled, __ATOMIC_RELAXED))
    return 0;
  switch (ws->sched) {
  case PAROMP_SCHED_DYNAMIC:
    return next_dynamic(ws, nth, lo, hi);
  case PAROMP_SCHED_GUIDED:
    return next_guided(ws, nth, lo, hi);
  default: {
    uint64_t trip = self->ts.static_trip++;
    if (ws->chunk == 0)
      return trip == 0 && paromp_static_block(ws->n, nth, self->ts.num, lo, hi);
    return paromp_static_chunk(ws->n, nth, self->ts.num, ws->chunk, trip, lo, hi);
  }
  }
}

/* ordered: the member whose chunk starts at ws->ordered_next may run its
   ordered regions; finishing a chunk passes that right on. */
static void ordered_wait_turn(struct paromp_thread *self)
{
  struct paromp_ws *ws = self->ts.ws;
  uint64_t want = self->ts.ord_lo;
  if (__atomic_load_n(&ws->ordered_next, __ATOMIC_ACQUIRE) == want)
    return;
  int saved = self->state;
  const void *saved_wait = self->wait_id;
  paromp_set_state(self, ompt_state_wait_ordered, ws);
  for (;;) {
    unsigned f = __atomic_load_n(&ws->ordered_futex, __ATOMIC_SEQ_CST);
    if (__atomic_load_n(&ws->ordered_next, __ATOMIC_SEQ_CST) == want)
      break;
    paromp_wait_while_eq(&ws->ordered_futex, f, &ws->ordered_sleepers);
  }
  paromp_set_state(self, saved, saved_wait);
}

void paromp_ordered_chunk_done(struct paromp_thread *self)
{
  struct paromp_ws *ws = self->ts.ws;
  if (!self->ts.ord_live)
    return;
  self->ts.ord_live = 0;
  ordered_wait_turn(self);
  __atomic_store_n(&ws->ordered_next, self->ts.ord_hi, __ATOMIC_SEQ_CST);
  __atomic_add_fetch(&ws->ordered_futex, 1, __ATOMIC_SEQ_CST);
  paromp_wake_all(&ws->ordered_futex, &ws->ordered_sleepers);
}

/* A tool sees the loop's work share as the ordered region's wait id. */
PAROMP_EXPORT void GOMP_ordered_start(void)
{
  OMPT_ENTRY();
  struct paromp_thread *self = paromp_self();
  if (OMPT_TOOL)
    paromp_ompt_mutex_acquire(ompt_mutex_ordered, 0, self->ts.ws);
  if (self->ts.ord_live && self->ts.ws != NULL && self->ts.ws->ordered)
    ordered_wait_turn(self);
  if (OMPT_TOOL)
    paromp_ompt_mutex_acquired(ompt_mutex_ordered, self->ts.ws);
}

PAROMP_EXPORT void GOMP_ordered_end(void)
{
  OMPT_ENTRY();
  if (OMPT_TOOL)
    paromp_ompt_mutex_released(ompt_mutex_ordered, paromp_self()->ts.ws);
}
