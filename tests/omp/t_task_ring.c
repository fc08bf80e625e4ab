/* Ready tasks wait in the ring of the thread that made them (or released
   their dependences), and other threads take from the far end.  Every
   count is checked exactly, each case with every thread making tasks at
   once: rings that overflow with tasks that cannot run at once (detached,
   fulfilled only after all are made), dependences released onto the
   thread that ran the predecessor while the parent waits in taskwait,
   a taskgroup that waits for grandchildren other threads made, tasks
   with and without priority mixed, taskyield, and a nested team making
   tasks while the outer team's rings hold some.  Repeated so that the
   rings fill and empty many times. */
#define TEST "t_task_ring"
#include "omp_test.h"
#include <pthread.h>
#include <sched.h>

#define ROUNDS 6
#define DETACHED 300          /* more than a ring holds (256) */
#define FLAT 700
#define CHAINS 6
#define LINKS 24
#define GROUP_KIDS 40
#define GROUP_GRANDKIDS 6
#define MAX_THREADS 64

static long detached_by[MAX_THREADS], grouped_by[MAX_THREADS];

/* Detached tasks hand their events to a thread outside OpenMP, which
   fulfils them in order: a runtime that runs a detachable task at once
   (libgomp, past its queue's length) then still makes progress. */
#define EVENTS (MAX_THREADS * DETACHED)
static omp_event_handle_t events[EVENTS];
static int published[EVENTS];
static unsigned npublished, nfulfilled, stop;

static void
publish(omp_event_handle_t ev)
{
  unsigned i = __atomic_fetch_add(&npublished, 1, __ATOMIC_RELAXED);
  if (i >= EVENTS)
    fail("more than %d events", EVENTS);
  events[i] = ev;
  __atomic_store_n(&published[i], 1, __ATOMIC_RELEASE);
}

static void *
fulfiller(void *arg)
{
  (void)arg;
  unsigned idle = 0;
  for (;;)
    {
      unsigned i = nfulfilled;
      if (i < EVENTS && __atomic_load_n(&published[i], __ATOMIC_ACQUIRE))
        {
          __atomic_store_n(&published[i], 0, __ATOMIC_RELAXED);
          omp_fulfill_event(events[i]);
          __atomic_store_n(&nfulfilled, i + 1, __ATOMIC_RELEASE);
        }
      else if (__atomic_load_n(&stop, __ATOMIC_ACQUIRE))
        return NULL;
      else if (++idle % 256 == 0)
        sched_yield();
    }
}

int
main(void)
{
  for (int r = 0; r < ROUNDS; r++)
    {
      pthread_t helper;
      npublished = nfulfilled = stop = 0;
      if (pthread_create(&helper, NULL, fulfiller, NULL) != 0)
        fail("pthread_create");
      long flat = 0, prio = 0, yielded = 0, inner = 0, inner_expected = 0;
      int bad = 0, nthr = 1;
#pragma omp parallel shared(flat, prio, yielded, inner, inner_expected, bad, nthr)
      {
        int me = omp_get_thread_num();
#pragma omp single nowait
        nthr = omp_get_num_threads();
        CHECK(me < MAX_THREADS, "thread %d", me);
        detached_by[me] = grouped_by[me] = 0;

        /* more detachable tasks than a ring holds; each ends when the
           helper thread has fulfilled its event */
#pragma omp taskgroup
        {
          for (int i = 0; i < DETACHED; i++)
            {
              omp_event_handle_t ev;
#pragma omp task detach(ev) firstprivate(me)
              {
                __atomic_add_fetch(&detached_by[me], 1, __ATOMIC_RELAXED);
                publish(ev);
              }
            }
        }
        CHECK(__atomic_load_n(&detached_by[me], __ATOMIC_RELAXED) == DETACHED,
              "round %d thread %d: %ld detached tasks ran before their taskgroup ended", r, me,
              __atomic_load_n(&detached_by[me], __ATOMIC_RELAXED));

        /* more plain tasks than a ring holds: some run at once */
        for (int i = 0; i < FLAT; i++)
          {
#pragma omp task shared(flat)
            __atomic_add_fetch(&flat, 1, __ATOMIC_RELAXED);
          }
#pragma omp taskwait

        /* chains: each link released by whoever ran the one before */
        {
          long links[CHAINS];
          for (int c = 0; c < CHAINS; c++)
            links[c] = 0;
          for (int k = 0; k < LINKS; k++)
            for (int c = 0; c < CHAINS; c++)
              {
#pragma omp task depend(inout : links[c]) firstprivate(k, c) shared(links, bad)
                {
                  if (links[c] != k)
                    __atomic_store_n(&bad, 1, __ATOMIC_RELAXED);
                  links[c] = k + 1;
                }
              }
#pragma omp taskwait
          for (int c = 0; c < CHAINS; c++)
            CHECK(links[c] == LINKS, "round %d thread %d: chain %d at %ld", r, me, c,
                  links[c]);
        }

        /* a taskgroup waits for grandchildren that other threads made */
#pragma omp taskgroup
        {
          for (int i = 0; i < GROUP_KIDS; i++)
            {
#pragma omp task firstprivate(me)
              for (int j = 0; j < GROUP_GRANDKIDS; j++)
                {
#pragma omp task firstprivate(me)
                  __atomic_add_fetch(&grouped_by[me], 1, __ATOMIC_RELAXED);
                }
            }
        }
        CHECK(__atomic_load_n(&grouped_by[me], __ATOMIC_RELAXED) == GROUP_KIDS * GROUP_GRANDKIDS,
              "round %d thread %d: %ld grandchildren ran before their taskgroup ended", r, me,
              __atomic_load_n(&grouped_by[me], __ATOMIC_RELAXED));

        /* priority and plain tasks mixed, and taskyield */
        for (int i = 0; i < 60; i++)
          {
#pragma omp task priority(i % 3) shared(prio)
            __atomic_add_fetch(&prio, 1, __ATOMIC_RELAXED);
#pragma omp task shared(yielded)
            __atomic_add_fetch(&yielded, 1, __ATOMIC_RELAXED);
            if (i % 10 == 0)
              {
#pragma omp taskyield
              }
          }

        /* a nested team makes and waits for its own tasks */
        if (me == 0)
          {
#pragma omp parallel num_threads(2) shared(inner, inner_expected)
            {
#pragma omp single
              inner_expected = 50L * omp_get_num_threads();
              for (int i = 0; i < 50; i++)
                {
#pragma omp task shared(inner)
                  __atomic_add_fetch(&inner, 1, __ATOMIC_RELAXED);
                }
#pragma omp taskwait
            }
          }
      }
      __atomic_store_n(&stop, 1, __ATOMIC_RELEASE);
      pthread_join(helper, NULL);
      CHECK(nfulfilled == (unsigned)DETACHED * nthr, "round %d: %u events fulfilled", r,
            nfulfilled);
      CHECK(bad == 0, "round %d: a dependent task ran before its predecessor", r);
      CHECK(flat == (long)FLAT * nthr, "round %d: %ld flat tasks ran, not %ld", r, flat,
            (long)FLAT * nthr);
      CHECK(prio == 60L * nthr && yielded == 60L * nthr, "round %d: %ld/%ld of %ld tasks ran", r,
            prio, yielded, 60L * nthr);
      CHECK(inner == inner_expected, "round %d: %ld nested tasks ran, not %ld", r, inner,
            inner_expected);
    }
  return 0;
}
