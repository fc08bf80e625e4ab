/* A barrier that survives failed and stopped images: each member counts its
   arrivals in the team's epoch array; a barrier is complete for an image
   when every other member has arrived as often, or can no longer arrive.

   Waiters spin on the epochs themselves, so an arrival costs one store and
   reaches a spinning waiter in one cache-line transfer.  bar_word is only
   for waiters that sleep: an arrival bumps it when bar_sleepers says some
   do.  A sleeper counts itself, then reads bar_word, then checks the
   epochs; the arrival stores its epoch, then reads bar_sleepers (all
   sequentially consistent), so either the sleeper sees the epoch or the
   arrival sees the sleeper and its bump ends the futex wait.

   A member that stops or fails has its status set and then the shared
   failures count bumped (parcaf_wake_all_images), so while that count is
   0 no status needs reading; after it, every member's is checked. */
#include "caf.h"

/* Whether the barrier at epoch e is complete for this image; says who
   stopped before arriving, or failed, in *stopped and *failed. */
static bool barrier_done(const uint32_t *ep, const uint32_t *mem, int n, uint32_t e, int *stopped,
                         int *failed)
{
  *stopped = *failed = 0;
  if (__atomic_load_n(&parcaf_shared->failures, __ATOMIC_ACQUIRE) == 0) {
    for (int j = 0; j < n; j++)
      if ((int32_t)(__atomic_load_n(&ep[j], __ATOMIC_ACQUIRE) - e) < 0)
        return false;
    return true;
  }
  bool done = true;
  for (int j = 0; j < n; j++) {
    bool arrived = (int32_t)(__atomic_load_n(&ep[j], __ATOMIC_ACQUIRE) - e) >= 0;
    int st = parcaf_image_stat((int)mem[j]);
    /* Seen stopped: whether it arrived before it stopped is in the epoch
       read after. */
    if (st && !arrived)
      arrived = (int32_t)(__atomic_load_n(&ep[j], __ATOMIC_SEQ_CST) - e) >= 0;
    if (st == GFC_STAT_FAILED_IMAGE && !*failed)
      *failed = (int)mem[j];
    else if (st == GFC_STAT_STOPPED_IMAGE && !arrived && !*stopped)
      *stopped = (int)mem[j];
    else if (!st && !arrived)
      done = false;
  }
  return done;
}

int parcaf_barrier(int slot, int index, int kind, int *who)
{
  struct parcaf_team *t = parcaf_team(slot);
  uint32_t *ep = parcaf_team_epochs(t), *mem = parcaf_team_members(t);
  int n = t->size;
  uint32_t e = ep[index - 1] + 1;
  __atomic_store_n(&ep[index - 1], e, __ATOMIC_SEQ_CST);
  if (__atomic_load_n(&t->bar_sleepers, __ATOMIC_SEQ_CST))
    parcaf_bump_word(&t->bar_word, &t->bar_sleepers);
  /* A collective has already said what it waits for (its operation and
     root), and that stays until the collective is over. */
  bool own_wait = kind != PARADBG_CAF_WAIT_COLLECTIVE;
  if (own_wait)
    parcaf_wait_begin(kind, 0, NULL);
  int stopped = 0, failed = 0;
  unsigned long budget = parcaf_spin_budget();
  for (unsigned long i = 0; !barrier_done(ep, mem, n, e, &stopped, &failed); i++) {
    parcaf_check_terminating();
    if (i < budget) {
      parcaf_spin_pause(i);
      continue;
    }
    __atomic_add_fetch(&t->bar_sleepers, 1, __ATOMIC_SEQ_CST);
    /* barrier_done's acquire loads must not pass the count: C11 asks for
       the fence that x86's locked add already is */
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
    uint32_t w = __atomic_load_n(&t->bar_word, __ATOMIC_SEQ_CST);
    if (!barrier_done(ep, mem, n, e, &stopped, &failed))
      parcaf_futex_wait(&t->bar_word, w, PARCAF_RECHECK_MS);
    __atomic_sub_fetch(&t->bar_sleepers, 1, __ATOMIC_SEQ_CST);
  }
  if (own_wait)
    parcaf_wait_end();
  if (stopped || failed)
    parcaf_check_terminating();   /* not images killed by an error termination */
  if (stopped) {
    *who = stopped;
    return GFC_STAT_STOPPED_IMAGE;
  }
  if (failed) {
    *who = failed;
    return GFC_STAT_FAILED_IMAGE;
  }
  return 0;
}
