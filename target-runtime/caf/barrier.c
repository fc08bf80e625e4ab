/* A barrier that survives failed and stopped images: each member counts its
   arrivals in the team's epoch array; a barrier is complete for an image
   when every other member has arrived as often, or can no longer arrive. */
#include "caf.h"

int parcaf_barrier(int slot, int index, int kind, int *who)
{
  struct parcaf_team *t = parcaf_team(slot);
  uint32_t *ep = parcaf_team_epochs(t), *mem = parcaf_team_members(t);
  int n = t->size;
  uint32_t e = ep[index - 1] + 1;
  __atomic_store_n(&ep[index - 1], e, __ATOMIC_SEQ_CST);
  parcaf_bump_word(&t->bar_word, &t->bar_sleepers);
  /* A collective has already said what it waits for (its operation and
     root), and that stays until the collective is over. */
  bool own_wait = kind != PARADBG_CAF_WAIT_COLLECTIVE;
  if (own_wait)
    parcaf_wait_begin(kind, 0, NULL);
  int stopped = 0, failed = 0;
  for (;;) {
    uint32_t w = __atomic_load_n(&t->bar_word, __ATOMIC_SEQ_CST);
    bool done = true;
    bool any_down = __atomic_load_n(&parcaf_shared->failures, __ATOMIC_ACQUIRE) != 0;
    stopped = failed = 0;
    for (int j = 0; j < n; j++) {
      bool arrived = (int32_t)(__atomic_load_n(&ep[j], __ATOMIC_ACQUIRE) - e) >= 0;
      if (arrived && !any_down)
        continue;
      int st = parcaf_image_stat((int)mem[j]);
      /* Seen stopped: whether it arrived before it stopped is in the
         epoch read after. */
      if (st && !arrived)
        arrived = (int32_t)(__atomic_load_n(&ep[j], __ATOMIC_SEQ_CST) - e) >= 0;
      if (st == GFC_STAT_FAILED_IMAGE && !failed)
        failed = (int)mem[j];
      else if (st == GFC_STAT_STOPPED_IMAGE && !arrived && !stopped)
        stopped = (int)mem[j];
      else if (!st && !arrived)
        done = false;
    }
    if (done)
      break;
    parcaf_check_terminating();
    parcaf_wait_word(&t->bar_word, w, &t->bar_sleepers, PARCAF_RECHECK_MS);
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
