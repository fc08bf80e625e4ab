/* Worksharing loops over long: the GOMP_loop_* entry points, the loop end
   calls, and the combined parallel loops. */
#include "config.h"

#include <stdbool.h>

#include "paromp.h"
#include "loopsched.h"
#include "ompt.h"

#define T long
#define P(name) GOMP_loop_##name
#define UP_DECL
#define UP_ARG 1
#define INIT(ws, up, start, end, incr, sched, chunk, n) \
  paromp_loop_init_l(ws, start, end, incr, sched, chunk, n)
#define VALUE(ws, i) paromp_iter_value_l((ws)->start_l, (ws)->end_l, (ws)->incr_l, (ws)->n, i)
#define LOOP_NEXT_TARGET "GOMP_loop_static_next"
#include "loop_tmpl.h"

/* The loop is over for this member: its ordered turn passes on, and the
   work share may be reused once every member has left. */
static struct paromp_thread *loop_leave(void)
{
  struct paromp_thread *self = paromp_self();
  paromp_ordered_chunk_done(self);
  if (OMPT_TOOL)
    paromp_ompt_work(self, ompt_work_loop, ompt_scope_end, self->ts.ws->n);
  paromp_ws_leave(self);
  return self;
}

PAROMP_EXPORT void GOMP_loop_end(void)
{
  OMPT_ENTRY();
  struct paromp_thread *self = loop_leave();
  paromp_barrier_wait(self, &self->ts.team->bar, ompt_sync_region_barrier_implicit_workshare, 0);
}

PAROMP_EXPORT bool GOMP_loop_end_cancel(void)
{
  OMPT_ENTRY();
  struct paromp_thread *self = loop_leave();
  return paromp_barrier_wait(self, &self->ts.team->bar,
                             ompt_sync_region_barrier_implicit_workshare, 1);
}

PAROMP_EXPORT void GOMP_loop_end_nowait(void)
{
  OMPT_ENTRY();
  loop_leave();
}

/* Combined parallel loops: the master sets work share 0 up before the
   members start, and the outlined body goes straight to _next. */
struct prep_loop {
  long start, end, incr, chunk;
  int sched;
};

static void prep_loop(struct paromp_ws *ws, void *arg, unsigned nthreads)
{
  struct prep_loop *p = arg;
  ws->tag = PAROMP_WS_READY;
  paromp_ws_clear(ws, PAROMP_WS_LOOP);
  paromp_loop_init_l(ws, p->start, p->end, p->incr, p->sched, p->chunk, nthreads);
}

static void parallel_loop(void (*fn)(void *), void *data, unsigned num_threads, long start,
                          long end, long incr, int sched, long chunk, unsigned flags, int split)
{
  struct paromp_thread *self = paromp_self();
  struct prep_loop p = { start, end, incr, chunk, 0 };
  p.sched = paromp_resolve_sched(self, sched, &p.chunk);
  paromp_team_begin(fn, data, num_threads, split ? PAROMP_PARALLEL_SPLIT : flags, prep_loop, &p);
  if (split)
    return;
  OMPT_SET_EXIT_FRAME(self->ts.task);
  fn(data);
  paromp_team_end();
}

#define PARALLEL_LOOP_CHUNK(name, sched)                                                   \
  PAROMP_EXPORT void GOMP_parallel_loop_##name(void (*fn)(void *), void *data,            \
                                               unsigned num_threads, long start, long end, \
                                               long incr, long chunk, unsigned flags)      \
  {                                                                                        \
    OMPT_ENTRY();                                                                          \
    parallel_loop(fn, data, num_threads, start, end, incr, sched, chunk, flags, 0);        \
  }
#define PARALLEL_LOOP_RUNTIME(name)                                                        \
  PAROMP_EXPORT void GOMP_parallel_loop_##name(void (*fn)(void *), void *data,            \
                                               unsigned num_threads, long start, long end, \
                                               long incr, unsigned flags)                 \
  {                                                                                        \
    OMPT_ENTRY();                                                                          \
    parallel_loop(fn, data, num_threads, start, end, incr, 0, 0, flags, 0);                \
  }
#define PARALLEL_LOOP_SPLIT(name, sched)                                                   \
  PAROMP_EXPORT void GOMP_parallel_loop_##name##_start(void (*fn)(void *), void *data,    \
                                                       unsigned num_threads, long start,   \
                                                       long end, long incr, long chunk)    \
  {                                                                                        \
    OMPT_ENTRY();                                                                          \
    parallel_loop(fn, data, num_threads, start, end, incr, sched, chunk, 0, 1);            \
  }

PARALLEL_LOOP_CHUNK(static, PAROMP_SCHED_STATIC)
PARALLEL_LOOP_CHUNK(dynamic, PAROMP_SCHED_DYNAMIC)
PARALLEL_LOOP_CHUNK(guided, PAROMP_SCHED_GUIDED)
PARALLEL_LOOP_CHUNK(nonmonotonic_dynamic, PAROMP_SCHED_DYNAMIC)
PARALLEL_LOOP_CHUNK(nonmonotonic_guided, PAROMP_SCHED_GUIDED)
PARALLEL_LOOP_RUNTIME(runtime)
PARALLEL_LOOP_RUNTIME(nonmonotonic_runtime)
PARALLEL_LOOP_RUNTIME(maybe_nonmonotonic_runtime)
PARALLEL_LOOP_SPLIT(static, PAROMP_SCHED_STATIC)
PARALLEL_LOOP_SPLIT(dynamic, PAROMP_SCHED_DYNAMIC)
PARALLEL_LOOP_SPLIT(guided, PAROMP_SCHED_GUIDED)

PAROMP_EXPORT void GOMP_parallel_loop_runtime_start(void (*fn)(void *), void *data,
                                                    unsigned num_threads, long start,
                                                    long end, long incr)
{
  OMPT_ENTRY();
  parallel_loop(fn, data, num_threads, start, end, incr, 0, 0, 0, 1);
}
