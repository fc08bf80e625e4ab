/* single, with and without copyprivate. */
#include "config.h"

#include <stdbool.h>

#include "paromp.h"
#include "ompt.h"

/* The first member to reach its k-th single moves the team's count from
   k-1 to k; everyone else finds it moved. */
/* The executor's end is reported later (paromp_ompt_work_close); the
   others skip the block at once. */
static void ompt_single(struct paromp_thread *self, int executor)
{
  OMPT_WORK_CLOSE(self);
  if (executor) {
    paromp_ompt_work_open(self, ompt_work_single_executor);
  } else {
    paromp_ompt_work(self, ompt_work_single_other, ompt_scope_begin, 1);
    paromp_ompt_work(self, ompt_work_single_other, ompt_scope_end, 1);
  }
}

PAROMP_EXPORT bool GOMP_single_start(void)
{
  OMPT_ENTRY();
  struct paromp_thread *self = paromp_self();
  struct paromp_team *team = self->ts.team;
  unsigned mine = ++self->ts.single_count;
  bool won = true;
  if (team->nthreads > 1) {
    unsigned expected = mine - 1;
    won = __atomic_compare_exchange_n(&team->single_count, &expected, mine, 0,
                                      __ATOMIC_ACQ_REL, __ATOMIC_RELAXED);
  }
  if (OMPT_TOOL)
    ompt_single(self, won);
  return won;
}

/* NULL for the member that runs the block; the others get, after it is done,
   the address it passed to GOMP_single_copy_end. */
PAROMP_EXPORT void *GOMP_single_copy_start(void)
{
  OMPT_ENTRY();
  struct paromp_thread *self = paromp_self();
  if (paromp_ws_enter(self, PAROMP_WS_SINGLE)) {
    paromp_ws_ready(self);
    if (OMPT_TOOL)
      ompt_single(self, 1);
    return NULL;
  }
  if (OMPT_TOOL)
    ompt_single(self, 0);
  paromp_barrier_wait(self, &self->ts.team->bar, ompt_sync_region_barrier_implicit_workshare, 0);
  void *data = self->ts.ws->copyprivate;
  paromp_ws_leave(self);
  return data;
}

PAROMP_EXPORT void GOMP_single_copy_end(void *data)
{
  OMPT_ENTRY();
  struct paromp_thread *self = paromp_self();
  self->ts.ws->copyprivate = data;
  paromp_barrier_wait(self, &self->ts.team->bar, ompt_sync_region_barrier_implicit_workshare, 0);
  paromp_ws_leave(self);
}
