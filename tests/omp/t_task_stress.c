/* Tasks under contention, every result checked exactly: every thread
   creates tasks at once (some nested, waited for with taskwait), tasks in
   taskgroups from every thread, sibling chains ordered by dependences,
   short rounds of create-then-taskwait as syncbench's TASK row does, and
   more detachable tasks than the queue's length before the runtime runs
   tasks at once, fulfilled by their creator only after it made them all.
   Repeated so that the queues empty and fill many times. */
#define TEST "t_task_stress"
#include "omp_test.h"

#define ROUNDS 30
#define PER_THREAD 300
#define CHAIN 64
#define NCHAINS 8
#define DETACHED_PER_THREAD 24   /* more than libparomp queues per thread */
#define MAX_THREADS 64

static long
nested(int depth)
{
  if (depth == 0)
    return 1;
  long a = 0, b = 0;
#pragma omp task shared(a) firstprivate(depth)
  a = nested(depth - 1);
#pragma omp task shared(b) firstprivate(depth)
  b = nested(depth - 1);
#pragma omp taskwait
  return a + b + 1;
}

int
main(void)
{
  for (int r = 0; r < ROUNDS; r++)
    {
      long flat = 0, tree = 0, grouped = 0, rounds_done = 0, detached = 0, ndetached = 0;
      static omp_event_handle_t events[DETACHED_PER_THREAD * MAX_THREADS];
      long chains[NCHAINS];
      int bad_order = 0, nthr = 0;
      for (int c = 0; c < NCHAINS; c++)
        chains[c] = 0;
#pragma omp parallel shared(flat, tree, grouped, chains, bad_order, nthr, rounds_done, \
                                detached, ndetached)
      {
#pragma omp single nowait
        nthr = omp_get_num_threads();
        int me = omp_get_thread_num();
        /* flat tasks from every thread, with a wait for our own children */
        for (int i = 0; i < PER_THREAD; i++)
          {
#pragma omp task shared(flat)
            __atomic_add_fetch(&flat, 1, __ATOMIC_RELAXED);
            if (i % 50 == 49)
              {
#pragma omp taskwait
              }
          }
        /* a small tree of tasks, each waiting for its two children */
#pragma omp task shared(tree)
        {
          long v = nested(5);
          __atomic_add_fetch(&tree, v, __ATOMIC_RELAXED);
        }
        /* a taskgroup must see all its descendants done */
        long mine = 0;
#pragma omp taskgroup
        {
          for (int i = 0; i < 40; i++)
            {
#pragma omp task shared(mine)
              {
#pragma omp task shared(mine)
                __atomic_add_fetch(&mine, 1, __ATOMIC_RELAXED);
                __atomic_add_fetch(&mine, 1, __ATOMIC_RELAXED);
              }
            }
        }
        if (__atomic_load_n(&mine, __ATOMIC_RELAXED) != 80)
          __atomic_store_n(&bad_order, 1000 + me, __ATOMIC_RELAXED);
        __atomic_add_fetch(&grouped, mine, __ATOMIC_RELAXED);
#pragma omp barrier
        /* dependence chains, each link seeing its predecessor's value */
#pragma omp single
        for (int k = 0; k < CHAIN; k++)
          for (int c = 0; c < NCHAINS; c++)
            {
#pragma omp task depend(inout : chains[c]) firstprivate(k, c) \
    shared(chains, bad_order)
              {
                if (chains[c] != k)
                  __atomic_store_n(&bad_order, 1, __ATOMIC_RELAXED);
                chains[c] = k + 1;
              }
            }
        /* create-then-taskwait rounds from one thread, run by all */
#pragma omp single
        for (int k = 0; k < 100; k++)
          {
            long cnt = 0;
            for (int i = 0; i < 2 * nthr; i++)
              {
#pragma omp task shared(cnt)
                __atomic_add_fetch(&cnt, 1, __ATOMIC_RELAXED);
              }
#pragma omp taskwait
            if (cnt == 2 * nthr)
              rounds_done++;
          }
        /* detachable tasks: a runtime that ran one at once, because the
           queue is long, would hold its creator until the event it has
           not yet fulfilled */
#pragma omp single
        {
          int n = DETACHED_PER_THREAD * (nthr < MAX_THREADS ? nthr : MAX_THREADS);
          for (int i = 0; i < n; i++)
            {
              omp_event_handle_t ev;
#pragma omp task detach(ev) shared(detached)
              __atomic_add_fetch(&detached, 1, __ATOMIC_RELAXED);
              events[i] = ev;
            }
          for (int i = 0; i < n; i++)
            omp_fulfill_event(events[i]);
#pragma omp taskwait
          ndetached = n;
        }
      }
      CHECK(flat == (long) PER_THREAD * nthr, "round %d: %ld flat tasks ran, expected %ld",
            r, flat, (long) PER_THREAD * nthr);
      CHECK(tree == 63L * nthr, "round %d: tree sum %ld, expected %ld", r, tree, 63L * nthr);
      CHECK(grouped == 80L * nthr, "round %d: %ld tasks in taskgroups, expected %ld", r,
            grouped, 80L * nthr);
      CHECK(bad_order == 0, "round %d: %s (%d)", r,
            bad_order >= 1000 ? "a taskgroup ended before its tasks"
                              : "a dependence chain ran out of order", bad_order);
      for (int c = 0; c < NCHAINS; c++)
        CHECK(chains[c] == CHAIN, "round %d: chain %d reached %ld", r, c, chains[c]);
      CHECK(detached == ndetached, "round %d: %ld of %ld detachable tasks ran", r, detached,
            ndetached);
      CHECK(rounds_done == 100, "round %d: %ld of 100 taskwait rounds saw all tasks", r,
            rounds_done);
    }
  return 0;
}
