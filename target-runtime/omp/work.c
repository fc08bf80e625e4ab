/* Work shares: every member meets the team's worksharing constructs in the
   same order, so construct k lives in slot k % PAROMP_WS_SLOTS; a slot is
   reused once every member has left the construct eight back. */
#include "config.h"

#include <sched.h>
#include <stdlib.h>
#include <string.h>

#include "paromp.h"
#include "ompt.h"

#define TAG(idx, state) (((uint64_t)(idx) << 2) | (state))

void paromp_ws_reset_team(struct paromp_team *team)
{
  for (unsigned k = 0; k < PAROMP_WS_SLOTS; k++) {
    team->ws[k].tag = TAG(k, PAROMP_WS_FREE);
    team->ws[k].left = 0;
  }
}

/* Forgets what the slot's last construct left behind. */
void paromp_ws_clear(struct paromp_ws *ws, int kind)
{
  ws->kind = kind;
  ws->cancelled = 0;
  ws->ordered = 0;
  ws->copyprivate = NULL;
  ws->reductions = NULL;
  ws->mem = NULL;
  ws->counts = NULL;
  ws->posted = NULL;
  ws->posted_max = NULL;
}

/* Returns 1 when the caller is first and must set the work share up, then
   call paromp_ws_ready. */
int paromp_ws_enter(struct paromp_thread *self, int kind)
{
  struct paromp_team *team = self->ts.team;
  OMPT_WORK_CLOSE(self);
  uint64_t idx = self->ts.ws_index++;
  struct paromp_ws *ws = &team->ws[idx % PAROMP_WS_SLOTS];
  self->ts.ws = ws;
  uint64_t free_tag = TAG(idx, PAROMP_WS_FREE), ready = TAG(idx, PAROMP_WS_READY);
  for (unsigned long spins = 0;; spins++) {
    uint64_t t = __atomic_load_n(&ws->tag, __ATOMIC_ACQUIRE);
    if (t == ready)
      return 0;
    if (t == free_tag &&
        __atomic_compare_exchange_n(&ws->tag, &t, TAG(idx, PAROMP_WS_INIT), 0,
                                    __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) {
      paromp_ws_clear(ws, kind);
      return 1;
    }
    /* another member is setting it up, or still leaving the old construct */
    if (spins < paromp_spin_count)
      paromp_spin_pause(spins);
    else
      sched_yield();
  }
}

void paromp_ws_ready(struct paromp_thread *self)
{
  __atomic_store_n(&self->ts.ws->tag, TAG(self->ts.ws_index - 1, PAROMP_WS_READY),
                   __ATOMIC_RELEASE);
}

void paromp_ws_leave(struct paromp_thread *self)
{
  struct paromp_ws *ws = self->ts.ws;
  struct paromp_team *team = self->ts.team;
  if (__atomic_add_fetch(&ws->left, 1, __ATOMIC_ACQ_REL) != team->nthreads)
    return;
  ws->left = 0;
  free(ws->posted);
  free(ws->posted_max);
  free(ws->counts);
  if (ws->mem != NULL && ws->mem != ws->inline_mem)
    free(ws->mem);
  uint64_t idx = ws->tag >> 2;
  __atomic_store_n(&ws->tag, TAG(idx + PAROMP_WS_SLOTS, PAROMP_WS_FREE), __ATOMIC_RELEASE);
}
