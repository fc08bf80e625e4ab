/* single, with and without copyprivate. */
#include "config.h"

#include <stdbool.h>

#include "paromp.h"

/* The first member to reach its k-th single moves the team's count from
   k-1 to k; everyone else finds it moved. */
PAROMP_EXPORT bool GOMP_single_start(void)
{
  struct paromp_thread *self = paromp_self();
  struct paromp_team *team = self->ts.team;
  unsigned mine = ++self->ts.single_count;
  if (team->nthreads == 1)
    return true;
  unsigned expected = mine - 1;
  return __atomic_compare_exchange_n(&team->single_count, &expected, mine, 0,
                                     __ATOMIC_ACQ_REL, __ATOMIC_RELAXED);
}

/* NULL for the member that runs the block; the others get, after it is done,
   the address it passed to GOMP_single_copy_end. */
PAROMP_EXPORT void *GOMP_single_copy_start(void)
{
  struct paromp_thread *self = paromp_self();
  if (paromp_ws_enter(self, PAROMP_WS_SINGLE)) {
    paromp_ws_ready(self);
    return NULL;
  }
  paromp_barrier_wait(self, &self->ts.team->bar, 0);
  void *data = self->ts.ws->copyprivate;
  paromp_ws_leave(self);
  return data;
}

PAROMP_EXPORT void GOMP_single_copy_end(void *data)
{
  struct paromp_thread *self = paromp_self();
  self->ts.ws->copyprivate = data;
  paromp_barrier_wait(self, &self->ts.team->bar, 0);
  paromp_ws_leave(self);
}
