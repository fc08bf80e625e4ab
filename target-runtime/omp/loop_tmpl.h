/* The worksharing-loop entry points, written once for both loop-variable
   types.  loop.c includes it for long, loop_ull.c for unsigned long long;
   the includer defines:
     T          the loop variable type
     P(name)    the entry point name: GOMP_loop_##name or GOMP_loop_ull_##name
     UP_DECL    the leading "bool up," of ull start functions (or nothing)
     UP_ARG     its value (1 for long loops)
     INIT(ws, up, start, end, incr, sched, chunk, n)
     VALUE(ws, i)  the loop variable at logical iteration i */

static bool loop_next(struct paromp_thread *self, T *istart, T *iend)
{
  struct paromp_ws *ws = self->ts.ws;
  uint64_t lo, hi;
  if (ws->ordered)
    paromp_ordered_chunk_done(self);
  if (!paromp_loop_next_logical(self, &lo, &hi))
    return false;
  if (OMPT_TOOL)
    paromp_ompt_dispatch(self, ompt_dispatch_iteration, lo);
  if (ws->ordered) {
    self->ts.ord_lo = lo;
    self->ts.ord_hi = hi;
    self->ts.ord_live = 1;
  }
  *istart = VALUE(ws, lo);
  *iend = VALUE(ws, hi);
  return true;
}

static bool loop_start(int up, T start, T end, T incr, int sched, long chunk,
                       int ordered, T *istart, T *iend)
{
  struct paromp_thread *self = paromp_self();
  sched = paromp_resolve_sched(self, sched, &chunk);
  if (paromp_ws_enter(self, PAROMP_WS_LOOP)) {
    INIT(self->ts.ws, up, start, end, incr, sched, chunk, self->ts.team->nthreads);
    self->ts.ws->ordered = ordered;
    paromp_ws_ready(self);
  }
  if (OMPT_TOOL)
    paromp_ompt_work(self, ompt_work_loop, ompt_scope_begin, self->ts.ws->n);
  self->ts.static_trip = 0;
  self->ts.ord_live = 0;
  return loop_next(self, istart, iend);
}

#define LOOP_START_CHUNK(name, sched, ordered)                                            \
  PAROMP_EXPORT bool P(name)(UP_DECL T start, T end, T incr, T chunk, T *istart, T *iend) \
  {                                                                                      \
    OMPT_ENTRY();                                                                        \
    return loop_start(UP_ARG, start, end, incr, sched, (long)chunk, ordered, istart, iend); \
  }
#define LOOP_START_RUNTIME(name, ordered)                                                \
  PAROMP_EXPORT bool P(name)(UP_DECL T start, T end, T incr, T *istart, T *iend)          \
  {                                                                                      \
    OMPT_ENTRY();                                                                        \
    return loop_start(UP_ARG, start, end, incr, 0, 0, ordered, istart, iend);             \
  }

LOOP_START_CHUNK(static_start, PAROMP_SCHED_STATIC, 0)
LOOP_START_CHUNK(dynamic_start, PAROMP_SCHED_DYNAMIC, 0)
LOOP_START_CHUNK(guided_start, PAROMP_SCHED_GUIDED, 0)
LOOP_START_CHUNK(nonmonotonic_dynamic_start, PAROMP_SCHED_DYNAMIC, 0)
LOOP_START_CHUNK(nonmonotonic_guided_start, PAROMP_SCHED_GUIDED, 0)
LOOP_START_RUNTIME(runtime_start, 0)
LOOP_START_RUNTIME(nonmonotonic_runtime_start, 0)
LOOP_START_RUNTIME(maybe_nonmonotonic_runtime_start, 0)
LOOP_START_CHUNK(ordered_static_start, PAROMP_SCHED_STATIC, 1)
LOOP_START_CHUNK(ordered_dynamic_start, PAROMP_SCHED_DYNAMIC, 1)
LOOP_START_CHUNK(ordered_guided_start, PAROMP_SCHED_GUIDED, 1)
LOOP_START_RUNTIME(ordered_runtime_start, 1)

/* After entering a 5.0-style loop: share its extras, then the first chunk
   (none when istart is NULL: the program shares the loop out itself). */
static bool loop_entered(struct paromp_thread *self, int first, T *istart, T *iend,
                         uintptr_t *reductions, void **mem)
{
  if (first) {
    paromp_ws_setup_extras(self, reductions, mem);
    paromp_ws_ready(self);
  } else {
    paromp_ws_join_extras(self, reductions, mem);
  }
  if (OMPT_TOOL)
    paromp_ompt_work(self, ompt_work_loop, ompt_scope_begin, self->ts.ws->n);
  self->ts.static_trip = 0;
  self->ts.ord_live = 0;
  if (istart == NULL)
    return true;
  return loop_next(self, istart, iend);
}

/* The sched argument of the 5.0 entries: 0 is runtime, and so is 4, which
   gcc passes for nonmonotonic:runtime. */
static int gcc_sched(long sched)
{
  int kind = (int)sched & ~(int)PAROMP_SCHED_MONOTONIC;
  return kind == PAROMP_SCHED_AUTO ? 0 : kind;
}

/* OpenMP 5.0's general entry: reductions are task reductions of the loop,
   mem asks for a zeroed block shared by the team (its size in *mem). */
static bool loop_start_general(int up, T start, T end, T incr, long sched, T chunk,
                               int ordered, T *istart, T *iend, uintptr_t *reductions,
                               void **mem)
{
  struct paromp_thread *self = paromp_self();
  long c = (long)chunk;
  int kind = paromp_resolve_sched(self, gcc_sched(sched), &c);
  int first = paromp_ws_enter(self, PAROMP_WS_LOOP);
  if (first) {
    INIT(self->ts.ws, up, start, end, incr, kind, c, self->ts.team->nthreads);
    self->ts.ws->ordered = ordered;
  }
  return loop_entered(self, first, istart, iend, reductions, mem);
}

PAROMP_EXPORT bool P(start)(UP_DECL T start, T end, T incr, long sched, T chunk, T *istart,
                            T *iend, uintptr_t *reductions, void **mem)
{
  OMPT_ENTRY();
  return loop_start_general(UP_ARG, start, end, incr, sched, chunk, 0, istart, iend,
                            reductions, mem);
}

PAROMP_EXPORT bool P(ordered_start)(UP_DECL T start, T end, T incr, long sched, T chunk,
                                    T *istart, T *iend, uintptr_t *reductions, void **mem)
{
  OMPT_ENTRY();
  return loop_start_general(UP_ARG, start, end, incr, sched, chunk, 1, istart, iend,
                            reductions, mem);
}

/* Doacross loops share out the outermost loop, normalised to 0..counts[0]. */
static bool doacross_start(unsigned ncounts, T *counts, long sched, T chunk, T *istart,
                           T *iend, uintptr_t *reductions, void **mem)
{
  struct paromp_thread *self = paromp_self();
  long c = (long)chunk;
  int kind = paromp_resolve_sched(self, gcc_sched(sched), &c);
  int first = paromp_ws_enter(self, PAROMP_WS_LOOP);
  if (first) {
    INIT(self->ts.ws, 1, 0, counts[0], 1, kind, c, self->ts.team->nthreads);
    paromp_doacross_init(self->ts.ws, ncounts, (const uint64_t *)counts);
  }
  return loop_entered(self, first, istart, iend, reductions, mem);
}

PAROMP_EXPORT bool P(doacross_start)(unsigned ncounts, T *counts, long sched, T chunk,
                                     T *istart, T *iend, uintptr_t *reductions, void **mem)
{
  OMPT_ENTRY();
  return doacross_start(ncounts, counts, sched, chunk, istart, iend, reductions, mem);
}

#define DOACROSS_START_CHUNK(name, sched)                                               \
  PAROMP_EXPORT bool P(name)(unsigned ncounts, T *counts, T chunk, T *istart, T *iend)  \
  {                                                                                    \
    OMPT_ENTRY();                                                                      \
    return doacross_start(ncounts, counts, sched, chunk, istart, iend, NULL, NULL);    \
  }
DOACROSS_START_CHUNK(doacross_static_start, PAROMP_SCHED_STATIC)
DOACROSS_START_CHUNK(doacross_dynamic_start, PAROMP_SCHED_DYNAMIC)
DOACROSS_START_CHUNK(doacross_guided_start, PAROMP_SCHED_GUIDED)

PAROMP_EXPORT bool P(doacross_runtime_start)(unsigned ncounts, T *counts, T *istart, T *iend)
{
  OMPT_ENTRY();
  return doacross_start(ncounts, counts, 0, 0, istart, iend, NULL, NULL);
}

/* Every _next entry is the same: the work share knows its schedule. */
PAROMP_EXPORT bool P(static_next)(T *istart, T *iend)
{
  OMPT_ENTRY();
  return loop_next(paromp_self(), istart, iend);
}

#define LOOP_NEXT_ALIAS(name) \
  PAROMP_EXPORT bool P(name)(T *, T *) __attribute__((alias(LOOP_NEXT_TARGET)));
LOOP_NEXT_ALIAS(dynamic_next)
LOOP_NEXT_ALIAS(guided_next)
LOOP_NEXT_ALIAS(runtime_next)
LOOP_NEXT_ALIAS(nonmonotonic_dynamic_next)
LOOP_NEXT_ALIAS(nonmonotonic_guided_next)
LOOP_NEXT_ALIAS(nonmonotonic_runtime_next)
LOOP_NEXT_ALIAS(maybe_nonmonotonic_runtime_next)
LOOP_NEXT_ALIAS(ordered_static_next)
LOOP_NEXT_ALIAS(ordered_dynamic_next)
LOOP_NEXT_ALIAS(ordered_guided_next)
LOOP_NEXT_ALIAS(ordered_runtime_next)
