/* Sections: a dynamic loop over the section numbers 1..count, one at a time. */
#include "config.h"

#include <stdbool.h>

#include "paromp.h"

static unsigned next_section(struct paromp_thread *self)
{
  uint64_t lo, hi;
  return paromp_loop_next_logical(self, &lo, &hi) ? (unsigned)lo + 1 : 0;
}

static unsigned sections_start(unsigned count, uintptr_t *reductions, void **mem)
{
  struct paromp_thread *self = paromp_self();
  if (paromp_ws_enter(self, PAROMP_WS_SECTIONS)) {
    paromp_loop_init_l(self->ts.ws, 0, count, 1, PAROMP_SCHED_DYNAMIC, 1,
                       self->ts.team->nthreads);
    self->ts.ws->kind = PAROMP_WS_SECTIONS;
    paromp_ws_setup_extras(self, reductions, mem);
    paromp_ws_ready(self);
  } else {
    paromp_ws_join_extras(self, reductions, mem);
  }
  return next_section(self);
}

PAROMP_EXPORT unsigned GOMP_sections_start(unsigned count)
{
  return sections_start(count, NULL, NULL);
}

PAROMP_EXPORT unsigned GOMP_sections2_start(unsigned count, uintptr_t *reductions, void **mem)
{
  return sections_start(count, reductions, mem);
}

PAROMP_EXPORT unsigned GOMP_sections_next(void)
{
  return next_section(paromp_self());
}

PAROMP_EXPORT void GOMP_sections_end(void)
{
  struct paromp_thread *self = paromp_self();
  paromp_ws_leave(self);
  paromp_barrier_wait(self, &self->ts.team->bar, 0);
}

PAROMP_EXPORT bool GOMP_sections_end_cancel(void)
{
  struct paromp_thread *self = paromp_self();
  paromp_ws_leave(self);
  return paromp_barrier_wait(self, &self->ts.team->bar, 1);
}

PAROMP_EXPORT void GOMP_sections_end_nowait(void)
{
  paromp_ws_leave(paromp_self());
}

struct prep_sections {
  unsigned count;
};

static void prep_sections(struct paromp_ws *ws, void *arg, unsigned nthreads)
{
  struct prep_sections *p = arg;
  ws->tag = PAROMP_WS_READY;
  paromp_ws_clear(ws, PAROMP_WS_SECTIONS);
  paromp_loop_init_l(ws, 0, p->count, 1, PAROMP_SCHED_DYNAMIC, 1, nthreads);
  ws->kind = PAROMP_WS_SECTIONS;
}

PAROMP_EXPORT void GOMP_parallel_sections(void (*fn)(void *), void *data, unsigned num_threads,
                                          unsigned count, unsigned flags)
{
  struct prep_sections p = { count };
  paromp_parallel_run(fn, data, num_threads, flags, prep_sections, &p);
}

PAROMP_EXPORT void GOMP_parallel_sections_start(void (*fn)(void *), void *data,
                                                unsigned num_threads, unsigned count)
{
  struct prep_sections p = { count };
  paromp_team_begin(fn, data, num_threads, 0, prep_sections, &p);
}
