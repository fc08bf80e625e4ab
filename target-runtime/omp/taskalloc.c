/* Task memory: a per-thread cache of fixed-size task blocks.  A block freed
   by another thread goes back to its owner through a lock-free stack that
   only the owner empties (all at once), so there is no ABA problem. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "paromp.h"

#define TASK_BLOCK 512            /* bytes: the task and small argument blocks */
#define CACHE_MAX 4096            /* blocks a thread keeps */

/* Zeroes a task record with plain 16-byte stores: gcc expands a memset of
   this size into rep stos, whose start-up costs more than the stores (it
   took 8% of the TASK benchmark's samples).  The empty asm keeps gcc from
   turning the loop back into that memset. */
typedef uint64_t task_words __attribute__((vector_size(16), may_alias));
_Static_assert(sizeof(struct paromp_task) % sizeof(task_words) == 0, "task record size");

static inline void task_zero(struct paromp_task *t)
{
  task_words *w = (task_words *)t;
#pragma GCC unroll 32
  for (size_t i = 0; i < sizeof *t / sizeof *w; i++) {
    w[i] = (task_words){ 0, 0 };
    __asm__("" : : "r"(w) : "memory");
  }
}

struct paromp_task *paromp_task_alloc(struct paromp_thread *self, size_t arg_size, size_t align)
{
  size_t need = sizeof(struct paromp_task) + arg_size + align - 1;
  struct paromp_task *t = NULL;
  if (need <= TASK_BLOCK) {
    if (self->task_cache == NULL && __atomic_load_n(&self->task_remote, __ATOMIC_RELAXED)) {
      self->task_cache = __atomic_exchange_n(&self->task_remote, NULL, __ATOMIC_ACQUIRE);
      self->task_cached = CACHE_MAX / 2;      /* an estimate; it only bounds growth */
    }
    t = self->task_cache;
    if (t != NULL) {
      self->task_cache = t->qnext;
      if (self->task_cached)
        self->task_cached--;
    } else {
      t = paromp_calloc_lines(1, TASK_BLOCK);
    }
    task_zero(t);
    t->owner = self;
  } else {
    t = paromp_calloc_lines(1, need);
  }
  uintptr_t p = (uintptr_t)(t + 1);
  t->data = (void *)((p + align - 1) & ~(uintptr_t)(align - 1));
  return t;
}

static void block_free(struct paromp_task *t)
{
  struct paromp_thread *owner = t->owner;
  if (owner == NULL) {
    free(t);
    return;
  }
  if (owner == paromp_self_tls) {
    if (owner->task_cached >= CACHE_MAX) {
      free(t);
      return;
    }
    t->qnext = owner->task_cache;
    owner->task_cache = t;
    owner->task_cached++;
    return;
  }
  struct paromp_task *head = __atomic_load_n(&owner->task_remote, __ATOMIC_RELAXED);
  do
    t->qnext = head;
  while (!__atomic_compare_exchange_n(&owner->task_remote, &head, t, 1, __ATOMIC_RELEASE,
                                      __ATOMIC_RELAXED));
}

/* Drops one reference; the last one frees the task.  Who sees the count
   at 1 holds the only reference, and none can be added (only the task's
   own body adds them, for its children, while it holds its own), so it
   frees without a read-modify-write: most tasks never have children. */
void paromp_task_release(struct paromp_task *t)
{
  if (t->kind != PAROMP_TASK_EXPLICIT)
    return;
  if (__atomic_load_n(&t->refs, __ATOMIC_ACQUIRE) != 1 &&
      __atomic_sub_fetch(&t->refs, 1, __ATOMIC_ACQ_REL) != 0)
    return;
  if (t->depmap != NULL)
    paromp_depmap_free(t);
  /* only a task with dependences has these, on a line the others' runners
     need not read */
  if (t->ndeps != 0) {
    free(t->succ);
    free(t->dep_addrs);
  }
  block_free(t);
}
