/* LOCK, UNLOCK, CRITICAL, and EVENT POST/WAIT/QUERY.  A lock element holds
   its owner's image number, an event element its count, in the owning
   image's segment.  A waiter that sleeps sleeps on its own image's wake
   word, so that an image that stops or fails wakes it too: it then sees
   whether what it waits for can still come (docs/coarrays.md). */
#include "caf.h"
#include "gasp_events.h"

static void *element(struct parcaf_token *t, size_t index, int g, const char *op)
{
  if (t->nelem == 0 || index >= t->nelem)
    parcaf_error_terminate(1, "%s: element %zu of a variable with %llu elements", op, index,
                           (unsigned long long)t->nelem);
  return parcaf_token_data(t, g) + index * sizeof(struct parcaf_lock);
}

/* A holder as the program numbers images: its index in the current team,
   or its global number if it is not a member. */
static int team_index_of(int global)
{
  int n = parcaf_cur_size();
  for (int i = 1; i <= n; i++)
    if (parcaf_global_of(i) == global)
      return i;
  return global;
}

static void lock_wait_end(struct parcaf_lock *lk, bool counted)
{
  if (counted)
    __atomic_sub_fetch(&lk->waiters, 1, __ATOMIC_SEQ_CST);
  parcaf_wait_end();
}

PARCAF_EXPORT void _gfortran_caf_lock(caf_token_t token, size_t index, int image_index, int *acquired_lock,
                                      int *stat, char *errmsg, size_t errmsg_len)
{
  struct parcaf_token *t = parcaf_token_check(token, "LOCK");
  bool critical = t->regtype == CAF_REGTYPE_CRITICAL;
  const char *op = critical ? "CRITICAL" : "LOCK";
  /* One CRITICAL construct excludes every image: its lock lives on image 1. */
  int g = critical ? 1 : parcaf_image_arg(image_index, op, stat);
  /* The critical lock's memory outlives image 1 in the shared mapping. */
  if (!g || (!critical && parcaf_report_if_failed(g, image_index, op, stat, errmsg, errmsg_len)))
    return;
  struct parcaf_lock *lk = element(t, index, g, op);
  int me = parcaf_this_image;
  int owner = __atomic_load_n(&lk->owner, __ATOMIC_ACQUIRE);
  if (owner == me) {
    parcaf_report(stat, errmsg, errmsg_len, GFC_STAT_LOCKED, "%s: the lock variable is already locked by this image", op);
    return;
  }
  if (critical)
    PARCAF_GASP(GASP_CAF_CRITICAL, GASP_START, (const void *)lk);
  else
    PARCAF_GASP(GASP_CAF_LOCK, GASP_START, g, (const void *)lk);
  int zero = 0;
  if (acquired_lock) {
    *acquired_lock = __atomic_compare_exchange_n(&lk->owner, &zero, me, false, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED);
    parcaf_set_ok(stat, errmsg, errmsg_len);
    PARCAF_GASP(GASP_CAF_LOCK, GASP_END, g, (const void *)lk);
    return;
  }
  int kind = critical ? PARADBG_CAF_WAIT_CRITICAL : PARADBG_CAF_WAIT_LOCK;
  parcaf_wait_begin(kind, g, lk);
  /* A sleeper sleeps on its own wake word: UNLOCK wakes one waiter
     through it, and an image that stops or fails wakes them all. */
  struct parcaf_image *self = parcaf_image(me);
  bool counted = false;
  for (unsigned long i = 0;; i++) {
    uint32_t w = __atomic_load_n(&self->wake, __ATOMIC_SEQ_CST);
    zero = 0;
    if (__atomic_compare_exchange_n(&lk->owner, &zero, me, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
      break;
    owner = zero;
    int gone = parcaf_image_stat(owner);
    bool lost = !critical && parcaf_image_stat(g) == GFC_STAT_FAILED_IMAGE;
    /* Images killed by another's error termination look failed, and one
       that began it has ended in error: once their status is seen, so is
       the termination, and this image ends quietly with them. */
    if (gone || lost)
      parcaf_check_terminating();
    /* A lock held by a failed image is released, not taken: this LOCK
       reports it (F2018 11.6.11), and the next one takes the lock. */
    if (gone == GFC_STAT_FAILED_IMAGE) {
      if (!__atomic_compare_exchange_n(&lk->owner, &zero, 0, false, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED))
        continue;   /* another waiter released it first */
      lock_wait_end(lk, counted);
      if (__atomic_load_n(&lk->waiters, __ATOMIC_SEQ_CST))
        parcaf_wake_one_waiter(kind, g, lk);
      char fate[96];
      parcaf_report(stat, errmsg, errmsg_len, critical ? GFC_STAT_FAILED_IMAGE : PARCAF_STAT_UNLOCKED_FAILED_IMAGE,
                    PARCAF_MSG_LOCK_FAILED, op, team_index_of(owner), parcaf_image_fate(owner, fate, sizeof fate));
      return;
    }
    /* One that has stopped never unlocks it.  Seen stopped, and still the
       holder after that: it did not unlock before it stopped. */
    if (gone == GFC_STAT_STOPPED_IMAGE && __atomic_load_n(&lk->owner, __ATOMIC_SEQ_CST) == owner) {
      lock_wait_end(lk, counted);
      if (critical)
        parcaf_report(stat, errmsg, errmsg_len, GFC_STAT_STOPPED_IMAGE, PARCAF_MSG_CRITICAL_STOPPED, team_index_of(owner));
      else
        parcaf_report(stat, errmsg, errmsg_len, GFC_STAT_STOPPED_IMAGE, PARCAF_MSG_LOCK_STOPPED, image_index, team_index_of(owner));
      return;
    }
    if (lost) {
      lock_wait_end(lk, counted);
      parcaf_report_image(stat, errmsg, errmsg_len, GFC_STAT_FAILED_IMAGE, op, image_index, g);
      return;
    }
    parcaf_check_terminating();
    if (i < 64) {
      parcaf_spin_pause(i);
      continue;
    }
    if (!counted) {
      /* Counted before the next look at the lock: an UNLOCK after that
         look sees the count and wakes a waiter. */
      __atomic_add_fetch(&lk->waiters, 1, __ATOMIC_SEQ_CST);
      counted = true;
      continue;
    }
    parcaf_sleep_word(&self->wake, w, &self->sleeping, PARCAF_RECHECK_MS);
  }
  lock_wait_end(lk, counted);
  parcaf_set_ok(stat, errmsg, errmsg_len);
  if (critical)
    PARCAF_GASP(GASP_CAF_CRITICAL, GASP_END, (const void *)lk);
  else
    PARCAF_GASP(GASP_CAF_LOCK, GASP_END, g, (const void *)lk);
}

PARCAF_EXPORT void _gfortran_caf_unlock(caf_token_t token, size_t index, int image_index, int *stat,
                                        char *errmsg, size_t errmsg_len)
{
  struct parcaf_token *t = parcaf_token_check(token, "UNLOCK");
  bool critical = t->regtype == CAF_REGTYPE_CRITICAL;
  const char *op = critical ? "END CRITICAL" : "UNLOCK";
  int g = critical ? 1 : parcaf_image_arg(image_index, op, stat);
  if (!g)
    return;
  struct parcaf_lock *lk = element(t, index, g, op);
  int me = parcaf_this_image, owner = me;
  /* Sequentially consistent, as the waiters' count read next. */
  if (!__atomic_compare_exchange_n(&lk->owner, &owner, 0, false, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED)) {
    if (owner == 0)
      parcaf_report(stat, errmsg, errmsg_len, GFC_STAT_UNLOCKED, "%s: the lock variable is not locked", op);
    else
      parcaf_report(stat, errmsg, errmsg_len, GFC_STAT_LOCKED_OTHER_IMAGE,
                    "%s: the lock variable is locked by image %d", op, owner);
    return;
  }
  if (__atomic_load_n(&lk->waiters, __ATOMIC_SEQ_CST))
    parcaf_wake_one_waiter(critical ? PARADBG_CAF_WAIT_CRITICAL : PARADBG_CAF_WAIT_LOCK, g, lk);
  if (critical)
    PARCAF_GASP(GASP_CAF_END_CRITICAL, GASP_ATOMIC, (const void *)lk);
  else
    PARCAF_GASP(GASP_CAF_UNLOCK, GASP_ATOMIC, g, (const void *)lk);
  parcaf_set_ok(stat, errmsg, errmsg_len);
}

PARCAF_EXPORT void _gfortran_caf_event_post(caf_token_t token, size_t index, int image_index, int *stat,
                                            char *errmsg, size_t errmsg_len)
{
  struct parcaf_token *t = parcaf_token_check(token, "EVENT POST");
  int g = parcaf_image_arg(image_index, "EVENT POST", stat);
  if (!g || parcaf_report_if_failed(g, image_index, "EVENT POST", stat, errmsg, errmsg_len))
    return;
  if (parcaf_image_stat(g) == GFC_STAT_STOPPED_IMAGE) {
    parcaf_report(stat, errmsg, errmsg_len, GFC_STAT_STOPPED_IMAGE, "EVENT POST: image %d has stopped", image_index);
    return;
  }
  struct parcaf_event *ev = element(t, index, g, "EVENT POST");
  PARCAF_GASP(GASP_CAF_EVENT_POST, GASP_ATOMIC, g, (const void *)ev);
  __atomic_add_fetch(&ev->count, 1, __ATOMIC_SEQ_CST);
  if (__atomic_load_n(&ev->waiters, __ATOMIC_SEQ_CST))
    parcaf_wake_image(g);   /* only image g waits on its event */
  parcaf_set_ok(stat, errmsg, errmsg_len);
}

PARCAF_EXPORT void _gfortran_caf_event_wait(caf_token_t token, size_t index, int until_count, int *stat,
                                            char *errmsg, size_t errmsg_len)
{
  struct parcaf_token *t = parcaf_token_check(token, "EVENT WAIT");
  struct parcaf_event *ev = element(t, index, parcaf_this_image, "EVENT WAIT");
  if (until_count < 1)
    until_count = 1;
  PARCAF_GASP(GASP_CAF_EVENT_WAIT, GASP_START, (const void *)ev, until_count);
  parcaf_image(parcaf_this_image)->wait_count = until_count;
  parcaf_wait_begin(PARADBG_CAF_WAIT_EVENT, parcaf_this_image, ev);
  /* It sleeps on its own wake word, which EVENT POST bumps when it sees
     a waiter, and which every image that stops or fails bumps. */
  struct parcaf_image *self = parcaf_image(parcaf_this_image);
  struct parcaf_shared *s = parcaf_shared;
  bool counted = false;
  bool looked = false;   /* for posters, when the failures count was `seen` */
  uint32_t seen = 0;
  for (unsigned long i = 0;; i++) {
    uint32_t w = __atomic_load_n(&self->wake, __ATOMIC_SEQ_CST);
    int c = __atomic_load_n(&ev->count, __ATOMIC_SEQ_CST);
    if (c >= until_count &&
        __atomic_compare_exchange_n(&ev->count, &c, c - until_count, false, __ATOMIC_ACQ_REL, __ATOMIC_RELAXED))
      break;
    if (c >= until_count)
      continue;
    parcaf_check_terminating();
    if (i < 64) {
      parcaf_spin_pause(i);
      continue;
    }
    if (!counted) {
      /* Counted before the next look at the count: a post after that
         look sees the count and wakes this image. */
      __atomic_add_fetch(&ev->waiters, 1, __ATOMIC_SEQ_CST);
      counted = true;
      continue;
    }
    /* Any other image may post, until all have stopped or failed.  Posts
       made before an image stopped are in the count read after seeing it
       stopped. */
    uint32_t f = __atomic_load_n(&s->failures, __ATOMIC_SEQ_CST);
    if (!looked || f != seen) {
      looked = true;
      seen = f;
      if (parcaf_others_gone() && (c = __atomic_load_n(&ev->count, __ATOMIC_SEQ_CST)) < until_count) {
        parcaf_check_terminating();   /* gone because killed by it */
        __atomic_sub_fetch(&ev->waiters, 1, __ATOMIC_SEQ_CST);
        parcaf_wait_end();
        parcaf_report(stat, errmsg, errmsg_len, PARCAF_STAT_NO_POSTER, PARCAF_MSG_EVENT_NEVER, until_count - c);
        return;
      }
    }
    parcaf_sleep_word(&self->wake, w, &self->sleeping, PARCAF_RECHECK_MS);
  }
  if (counted)
    __atomic_sub_fetch(&ev->waiters, 1, __ATOMIC_SEQ_CST);
  parcaf_wait_end();
  parcaf_set_ok(stat, errmsg, errmsg_len);
  PARCAF_GASP(GASP_CAF_EVENT_WAIT, GASP_END, (const void *)ev, until_count);
}

PARCAF_EXPORT void _gfortran_caf_event_query(caf_token_t token, size_t index, int image_index, int *count,
                                             int *stat)
{
  struct parcaf_token *t = parcaf_token_check(token, "EVENT_QUERY");
  int g = parcaf_image_arg(image_index, "EVENT_QUERY", stat);
  if (!g)
    return;
  struct parcaf_event *ev = element(t, index, g, "EVENT_QUERY");
  PARCAF_GASP(GASP_CAF_EVENT_QUERY, GASP_ATOMIC, g, (const void *)ev);
  *count = __atomic_load_n(&ev->count, __ATOMIC_ACQUIRE);
  if (stat)
    *stat = 0;
}
