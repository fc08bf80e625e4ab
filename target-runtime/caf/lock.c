/* LOCK, UNLOCK, CRITICAL, and EVENT POST/WAIT/QUERY.  A lock element holds
   its owner's image number; an event element its count; both are futex
   words in the owning image's segment. */
#include <limits.h>

#include "caf.h"
#include "gasp_events.h"

static void *element(struct parcaf_token *t, size_t index, int g, const char *op)
{
  if (t->nelem == 0 || index >= t->nelem)
    parcaf_error_terminate(1, "%s: element %zu of a variable with %llu elements", op, index,
                           (unsigned long long)t->nelem);
  return parcaf_token_data(t, g) + index * sizeof(struct parcaf_lock);
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
  parcaf_wait_begin(critical ? PARADBG_CAF_WAIT_CRITICAL : PARADBG_CAF_WAIT_LOCK, g, lk);
  for (unsigned long i = 0;; i++) {
    zero = 0;
    if (__atomic_compare_exchange_n(&lk->owner, &zero, me, false, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
      break;
    owner = zero;
    /* A lock held by a failed image is given up (F2018 11.6.10). */
    if (parcaf_image_stat(owner) == GFC_STAT_FAILED_IMAGE &&
        __atomic_compare_exchange_n(&lk->owner, &zero, 0, false, __ATOMIC_ACQ_REL, __ATOMIC_RELAXED)) {
      parcaf_wait_end();
      char fate[96];
      parcaf_report(stat, errmsg, errmsg_len, GFC_STAT_FAILED_IMAGE, "%s: the lock was held by image %d, which %s",
                    op, owner, parcaf_image_fate(owner, fate, sizeof fate));
      return;
    }
    if (!critical && parcaf_report_if_failed(g, image_index, op, stat, errmsg, errmsg_len)) {
      parcaf_wait_end();
      return;
    }
    parcaf_check_terminating();
    if (i < 64) {
      parcaf_spin_pause(i);
      continue;
    }
    __atomic_add_fetch(&lk->waiters, 1, __ATOMIC_SEQ_CST);
    parcaf_futex_wait((uint32_t *)&lk->owner, (uint32_t)owner, PARCAF_RECHECK_MS);
    __atomic_sub_fetch(&lk->waiters, 1, __ATOMIC_SEQ_CST);
  }
  parcaf_wait_end();
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
  if (!__atomic_compare_exchange_n(&lk->owner, &owner, 0, false, __ATOMIC_RELEASE, __ATOMIC_RELAXED)) {
    if (owner == 0)
      parcaf_report(stat, errmsg, errmsg_len, GFC_STAT_UNLOCKED, "%s: the lock variable is not locked", op);
    else
      parcaf_report(stat, errmsg, errmsg_len, GFC_STAT_LOCKED_OTHER_IMAGE,
                    "%s: the lock variable is locked by image %d", op, owner);
    return;
  }
  if (__atomic_load_n(&lk->waiters, __ATOMIC_SEQ_CST))
    parcaf_futex_wake((uint32_t *)&lk->owner, 1);
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
    parcaf_futex_wake((uint32_t *)&ev->count, INT_MAX);
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
  for (unsigned long i = 0;; i++) {
    int c = __atomic_load_n(&ev->count, __ATOMIC_ACQUIRE);
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
    __atomic_add_fetch(&ev->waiters, 1, __ATOMIC_SEQ_CST);
    parcaf_futex_wait((uint32_t *)&ev->count, (uint32_t)c, PARCAF_RECHECK_MS);
    __atomic_sub_fetch(&ev->waiters, 1, __ATOMIC_SEQ_CST);
  }
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
