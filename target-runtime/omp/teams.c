/* Host teams (teams outside target) and the scope construct. */
#include "config.h"

#include "paromp.h"
#include "ompt.h"

/* Teams run one after another on the initial thread, as libgomp's do; a
   region inside team i sees i as its team number. */
static int teams_num = 1;
static int team_number;

PAROMP_EXPORT void GOMP_teams_reg(void (*fn)(void *), void *data, unsigned num_teams,
                                  unsigned thread_limit, unsigned flags)
{
  (void)flags;
  unsigned saved_limit = paromp_gicv.thread_limit;
  if (num_teams == 0)
    num_teams = 1;
  if (thread_limit != 0)
    paromp_gicv.thread_limit = thread_limit;
  teams_num = (int)num_teams;
  for (unsigned i = 0; i < num_teams; i++) {
    __atomic_store_n(&team_number, (int)i, __ATOMIC_RELEASE);
    fn(data);
  }
  teams_num = 1;
  team_number = 0;
  paromp_gicv.thread_limit = saved_limit;
}

PAROMP_EXPORT int omp_get_num_teams(void)
{
  return teams_num;
}

PAROMP_EXPORT int omp_get_team_num(void)
{
  return __atomic_load_n(&team_number, __ATOMIC_ACQUIRE);
}

/* scope with reduction(task, ...): the work share only hands the first
   member's reduction copies to the others; the program ends the scope with
   a barrier and GOMP_workshare_task_reduction_unregister. */
PAROMP_EXPORT void GOMP_scope_start(uintptr_t *reductions)
{
  OMPT_ENTRY();
  struct paromp_thread *self = paromp_self();
  if (paromp_ws_enter(self, PAROMP_WS_SINGLE)) {
    paromp_ws_setup_extras(self, reductions, NULL);
    paromp_ws_ready(self);
  } else {
    paromp_ws_join_extras(self, reductions, NULL);
  }
  paromp_ws_leave(self);
  if (OMPT_TOOL)
    paromp_ompt_work_open(self, ompt_work_scope);
}
