/* Task reductions.  gcc describes them in a uintptr_t array d:
     d[0] items, d[1] bytes per thread, d[2] alignment (we replace it with the
     base of the zeroed per-thread copies), d[4] the enclosing set (we fill
     it), d[6] the end of the copies (we fill it), and per item i
     d[7+3i] the original's address and d[8+3i] its offset in a thread's copy.
   The compiled code initialises and combines the copies; the runtime only
   allocates them and maps addresses to the executing thread's copy. */
#include "config.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../rtline.h"
#include "paromp.h"
#include "ompt.h"

#define CHAIN_MAX 1024   /* a guard against a corrupt d[4] chain */

static void red_alloc(uintptr_t *d, unsigned nthreads)
{
  size_t align = d[2] >= sizeof(void *) && (d[2] & (d[2] - 1)) == 0 ? d[2] : 64;
  size_t size = (size_t)nthreads * d[1];
  size = (size + align - 1) / align * align;
  void *base = aligned_alloc(align, size ? size : align);
  if (base == NULL)
    paromp_fatal("out of memory for task reductions");
  memset(base, 0, size);
  d[2] = (uintptr_t)base;
  d[6] = (uintptr_t)base + (uintptr_t)nthreads * d[1];
  d[5] = 0;
}

/* The innermost registered reduction set visible from task t. */
static uintptr_t *active_set(struct paromp_task *t)
{
  for (struct paromp_taskgroup *g = paromp_group_for_children(t); g != NULL; g = g->prev)
    if (g->reductions != NULL)
      return g->reductions;
  return t->team ? t->team->task_reductions : NULL;
}

PAROMP_EXPORT void GOMP_taskgroup_reduction_register(uintptr_t *d)
{
  struct paromp_thread *self = paromp_self();
  struct paromp_task *task = self->ts.task;
  if (task->cur_group == NULL)
    paromp_taskgroup_open(task);
  struct paromp_taskgroup *g = task->cur_group;
  d[4] = (uintptr_t)active_set(task);
  red_alloc(d, self->ts.team->nthreads);
  g->reductions = d;
}

/* The program has combined the copies (the reduction began when its
   taskgroup ended): the reduction is over. */
PAROMP_EXPORT void GOMP_taskgroup_reduction_unregister(uintptr_t *d)
{
  OMPT_ENTRY();
  free((void *)d[2]);
  if (OMPT_TOOL) {
    struct paromp_thread *self = paromp_self();
    paromp_ompt_sync(self, ompt_sync_region_reduction, ompt_scope_end, 0,
                     &self->ts.team->ompt_data, &self->ts.task->ompt_data);
  }
}

void paromp_reductions_register_team(uintptr_t *d, struct paromp_team *team)
{
  d[4] = 0;
  red_alloc(d, team->nthreads);
  team->task_reductions = d;
}

PAROMP_EXPORT void GOMP_task_reduction_remap(size_t cnt, size_t cntorig, void **ptrs)
{
  struct paromp_thread *self = paromp_self();
  uintptr_t tid = self->ts.num;
  uintptr_t *first = active_set(self->ts.task);
  for (size_t i = 0; i < cnt; i++) {
    uintptr_t p = (uintptr_t)ptrs[i], found = 0, orig = 0;
    unsigned depth = 0;
    for (uintptr_t *d = first; d != NULL && !found && depth < CHAIN_MAX;
         d = (uintptr_t *)d[4], depth++) {
      for (uintptr_t k = 0; k < d[0] && !found; k++)
        if (d[7 + 3 * k] == p) {
          found = d[2] + tid * d[1] + d[8 + 3 * k];
          orig = p;
        }
      if (!found && p >= d[2] && p < d[6] && d[1] != 0) {
        uintptr_t off = (p - d[2]) % d[1];
        found = d[2] + tid * d[1] + off;
        for (uintptr_t k = 0; k < d[0]; k++)
          if (d[8 + 3 * k] == off)
            orig = d[7 + 3 * k];
      }
    }
    if (!found) {
      rt_line(stderr, 0, "libparomp: fatal: no task_reduction or reduction(task) for %p",
              ptrs[i]);
      abort();
    }
    ptrs[i] = (void *)found;
    if (i < cntorig)
      ptrs[cnt + i] = (void *)orig;
  }
}

/* Worksharing constructs with reduction(task, ...) and lastprivate
   (conditional): the first member allocates, the others share. */
void paromp_ws_setup_extras(struct paromp_thread *self, uintptr_t *reductions, void **mem)
{
  struct paromp_ws *ws = self->ts.ws;
  if (reductions != NULL) {
    struct paromp_task *task = self->ts.task;
    uintptr_t *outer = active_set(task);
    struct paromp_taskgroup *g = paromp_taskgroup_open(task);
    reductions[4] = (uintptr_t)outer;
    red_alloc(reductions, self->ts.team->nthreads);
    g->reductions = reductions;
    ws->reductions = reductions;
  }
  if (mem != NULL) {
    size_t size = (size_t)(uintptr_t)*mem;
    ws->mem = size <= sizeof ws->inline_mem ? (void *)ws->inline_mem : paromp_malloc(size);
    memset(ws->mem, 0, size <= sizeof ws->inline_mem ? sizeof ws->inline_mem : size);
    *mem = ws->mem;
  }
}

void paromp_ws_join_extras(struct paromp_thread *self, uintptr_t *reductions, void **mem)
{
  struct paromp_ws *ws = self->ts.ws;
  if (reductions != NULL && ws->reductions != NULL) {
    struct paromp_task *task = self->ts.task;
    uintptr_t *outer = active_set(task);
    struct paromp_taskgroup *g = paromp_taskgroup_open(task);
    reductions[2] = ws->reductions[2];
    reductions[6] = ws->reductions[6];
    reductions[4] = (uintptr_t)outer;
    reductions[5] = 0;
    g->reductions = reductions;
  }
  if (mem != NULL)
    *mem = ws->mem;
}

PAROMP_EXPORT void GOMP_workshare_task_reduction_unregister(bool cancelled)
{
  OMPT_ENTRY();
  struct paromp_thread *self = paromp_self();
  uintptr_t *d = paromp_taskgroup_close(self);
  if (d != NULL && self->ts.num == 0)
    free((void *)d[2]);
  if (!cancelled)
    paromp_barrier_wait(self, &self->ts.team->bar, ompt_sync_region_barrier_implicit_workshare, 0);
}
