/* Sections: a dynamic loop over the section numbers 1..count, one at a time. */
#include "config.h"

#include <stdbool.h>

#include "paromp.h"
#include "ompt.h"

static unsigned next_section(struct paromp_thread *self)
{
  uint64_t lo, hi;
  if (!paromp_loop_next_logical(self, &lo, &hi))
    return 0;
  if (OMPT_TOOL)
    paromp_ompt_dispatch(self, ompt_dispatch_section, lo + 1);
  return (unsigned)lo + 1;
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
  if (OMPT_TOOL)
    paromp_ompt_work(self, ompt_work_sections, ompt_scope_begin, count);
  return next_section(self);
}

PAROMP_EXPORT unsigned GOMP_sections_start(unsigned count)
{
  OMPT_ENTRY();
  return sections_start(count, NULL, NULL);
}

PAROMP_EXPORT unsigned GOMP_sections2_start(unsigned count, uintptr_t *reductions, void **mem)
{
  OMPT_ENTRY();
  return sections_start(count, reductions, mem);
}

PAROMP_EXPORT unsigned GOMP_sections_next(void)
{
  OMPT_ENTRY();
  return next_section(paromp_self());
}

static struct paromp_thread *sections_leave(void)
{
  struct paromp_thread *self = paromp_self();
  if (OMPT_TOOL)
    paromp_ompt_work(self, ompt_work_sections, ompt_scope_end, self->ts.ws->n);
  paromp_ws_leave(self);
  return self;
}

PAROMP_EXPORT void GOMP_sections_end(void)
{
  OMPT_ENTRY();
  struct paromp_thread *self = sections_leave();
  paromp_barrier_wait(self, &self->ts.team->bar, ompt_sync_region_barrier_implicit_workshare, 0);
}

PAROMP_EXPORT bool GOMP_sections_end_cancel(void)
{
  OMPT_ENTRY();
  struct paromp_thread *self = sections_leave();
  return paromp_barrier_wait(self, &self->ts.team->bar,
                             ompt_sync_region_barrier_implicit_workshare, 1);
}

PAROMP_EXPORT void GOMP_sections_end_nowait(void)
{
  OMPT_ENTRY();
  sections_leave();
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
  OMPT_ENTRY();
  struct prep_sections p = { count };
  paromp_parallel_run(fn, data, num_threads, flags, prep_sections, &p);
}

PAROMP_EXPORT void GOMP_parallel_sections_start(void (*fn)(void *), void *data,
                                                unsigned num_threads, unsigned count)
{
  OMPT_ENTRY();
  struct prep_sections p = { count };
  paromp_team_begin(fn, data, num_threads, PAROMP_PARALLEL_SPLIT, prep_sections, &p);
}
