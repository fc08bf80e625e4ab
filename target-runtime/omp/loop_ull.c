/* Worksharing loops over unsigned long long: the GOMP_loop_ull_* entry
   points (the end calls are shared with long loops). */
#include "config.h"

#include <stdbool.h>

#include "paromp.h"
#include "loopsched.h"
#include "ompt.h"

#define T unsigned long long
#define P(name) GOMP_loop_ull_##name
#define UP_DECL bool up,
#define UP_ARG up
#define INIT(ws, up, start, end, incr, sched, chunk, n) \
  paromp_loop_init_ull(ws, up, start, end, incr, sched, chunk, n)
#define VALUE(ws, i) \
  paromp_iter_value_ull((ws)->start_u, (ws)->end_u, (ws)->incr_u, (ws)->n, i)
#define LOOP_NEXT_TARGET "GOMP_loop_ull_static_next"
#include "loop_tmpl.h"
