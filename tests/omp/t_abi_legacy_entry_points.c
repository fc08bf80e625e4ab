/* GOMP entry points that GCC 12 no longer emits but that binaries built by
   older GCCs still call, which a drop-in libgomp.so.1 must therefore
   keep: GOMP_parallel_loop_static (combined parallel + static loop, GCC
   4.9-era), GOMP_parallel_start/GOMP_parallel_end (GCC <= 4.8 parallel),
   GOMP_parallel_loop_{static,dynamic,guided,runtime}_start and
   GOMP_parallel_sections_start (GCC <= 4.8 combined constructs),
   GOMP_loop_static_start/next with GOMP_loop_end.  Called directly with the
   libgomp ABI; every iteration/section runs once, static chunks follow the
   exact round-robin mapping and dynamic chunks stay whole.  */
#define TEST "t_abi_legacy_entry_points"
#include "omp_test.h"
#include <stdbool.h>

extern void GOMP_parallel_loop_static(void (*)(void *), void *, unsigned,
                                      long, long, long, long, unsigned);
extern bool GOMP_loop_static_start(long, long, long, long, long *, long *);
extern bool GOMP_loop_static_next(long *, long *);
extern void GOMP_loop_end(void);
extern void GOMP_loop_end_nowait(void);
extern void GOMP_parallel_start(void (*)(void *), void *, unsigned);
extern void GOMP_parallel_end(void);
typedef void (*outlined_fn)(void *);
extern void GOMP_parallel_loop_static_start(outlined_fn, void *, unsigned,
                                            long, long, long, long);
extern void GOMP_parallel_loop_dynamic_start(outlined_fn, void *, unsigned,
                                             long, long, long, long);
extern void GOMP_parallel_loop_guided_start(outlined_fn, void *, unsigned,
                                            long, long, long, long);
extern void GOMP_parallel_loop_runtime_start(outlined_fn, void *, unsigned,
                                             long, long, long);
extern bool GOMP_loop_dynamic_next(long *, long *);
extern bool GOMP_loop_guided_next(long *, long *);
extern bool GOMP_loop_runtime_next(long *, long *);
extern void GOMP_parallel_sections_start(outlined_fn, void *, unsigned,
                                         unsigned);
extern unsigned GOMP_sections_next(void);
extern void GOMP_sections_end_nowait(void);

#define N 1000

struct data
{
  int owner[N];
  int nthreads;
  long chunk;
  int runs;
  bool (*next)(long *, long *);
  int sections[8];
};

/* Outlined body of a combined parallel loop: the work share was set up by
   GOMP_parallel_loop_static, threads only fetch chunks.  */
static void
combined_body(void *p)
{
  struct data *d = p;
  long s, e;
  if (omp_get_thread_num() == 0)
    d->nthreads = omp_get_num_threads();
  while (GOMP_loop_static_next(&s, &e))
    for (long i = s; i < e; i++)
      if (__atomic_exchange_n(&d->owner[i], omp_get_thread_num(),
                              __ATOMIC_RELAXED)
          != -1)
        fail("GOMP_parallel_loop_static: iteration %ld ran twice", i);
  GOMP_loop_end_nowait();
}

/* Outlined body of a parallel region containing an orphaned-style static
   loop, old ABI.  */
static void
region_body(void *p)
{
  struct data *d = p;
  long s, e;
  __atomic_add_fetch(&d->runs, 1, __ATOMIC_RELAXED);
  if (omp_get_thread_num() == 0)
    d->nthreads = omp_get_num_threads();
  if (GOMP_loop_static_start(0, N, 1, d->chunk, &s, &e))
    do
      for (long i = s; i < e; i++)
        if (__atomic_exchange_n(&d->owner[i], omp_get_thread_num(),
                                __ATOMIC_RELAXED)
            != -1)
          fail("GOMP_loop_static_start: iteration %ld ran twice", i);
    while (GOMP_loop_static_next(&s, &e));
  GOMP_loop_end();
}

/* Outlined body of an old-style combined loop: fetch chunks with the
   matching GOMP_loop_*_next.  */
static void
old_combined_body(void *p)
{
  struct data *d = p;
  long s, e;
  __atomic_add_fetch(&d->runs, 1, __ATOMIC_RELAXED);
  if (omp_get_thread_num() == 0)
    d->nthreads = omp_get_num_threads();
  while (d->next(&s, &e))
    for (long i = s; i < e; i++)
      if (__atomic_exchange_n(&d->owner[i], omp_get_thread_num(),
                              __ATOMIC_RELAXED)
          != -1)
        fail("old combined loop: iteration %ld ran twice", i);
  GOMP_loop_end_nowait();
}

static void
sections_body(void *p)
{
  struct data *d = p;
  __atomic_add_fetch(&d->runs, 1, __ATOMIC_RELAXED);
  for (unsigned s = GOMP_sections_next(); s; s = GOMP_sections_next())
    {
      if (s > 8)
        fail("GOMP_sections_next returned section %u of 8", s);
      __atomic_add_fetch(&d->sections[s - 1], 1, __ATOMIC_RELAXED);
    }
  GOMP_sections_end_nowait();
}

static void
verify_whole_chunks(const char *what, struct data *d, long c)
{
  for (int i = 0; i < N; i++)
    if (d->owner[i] < 0)
      fail("%s: iteration %d never ran", what, i);
  for (int b = 0; b < N; b += c)
    for (int i = b; i < b + c && i < N; i++)
      if (d->owner[i] != d->owner[b])
        fail("%s chunk %ld: chunk at %d split", what, c, b);
}

static void
reset_data(struct data *d)
{
  for (int i = 0; i < N; i++)
    d->owner[i] = -1;
  d->runs = 0;
  d->nthreads = 0;
}

static void
verify(const char *what, struct data *d)
{
  int nt = d->nthreads;
  if (nt < 1)
    fail("%s: team size %d", what, nt);
  for (int i = 0; i < N; i++)
    {
      int want = d->chunk > 0 ? (int) ((i / d->chunk) % nt) : -1;
      if (d->owner[i] < 0 || d->owner[i] >= nt)
        fail("%s: iteration %d ran on %d", what, i, d->owner[i]);
      if (want >= 0 && d->owner[i] != want)
        fail("%s chunk %ld: iteration %d on thread %d, expected %d", what,
             d->chunk, i, d->owner[i], want);
    }
}

int
main(void)
{
  static struct data d;
  for (long chunk = 0; chunk <= 7; chunk += 7)
    {
      for (int i = 0; i < N; i++)
        d.owner[i] = -1;
      d.chunk = chunk;
      d.nthreads = 0;
      GOMP_parallel_loop_static(combined_body, &d, 0, 0, N, 1, chunk, 0);
      verify("GOMP_parallel_loop_static", &d);

      for (int i = 0; i < N; i++)
        d.owner[i] = -1;
      d.runs = 0;
      d.nthreads = 0;
      GOMP_parallel_start(region_body, &d, 0);
      region_body(&d);
      GOMP_parallel_end();
      verify("GOMP_parallel_start/end + GOMP_loop_static_start", &d);
      CHECK(d.runs == d.nthreads,
            "GOMP_parallel_start: body ran %d times in a team of %d", d.runs,
            d.nthreads);
    }

  /* Old-style combined loops: GOMP_parallel_loop_*_start + body in the
     master + GOMP_parallel_end.  */
  reset_data(&d);
  d.chunk = 5;
  d.next = GOMP_loop_static_next;
  GOMP_parallel_loop_static_start(old_combined_body, &d, 0, 0, N, 1, 5);
  old_combined_body(&d);
  GOMP_parallel_end();
  verify("GOMP_parallel_loop_static_start", &d);

  reset_data(&d);
  d.next = GOMP_loop_dynamic_next;
  GOMP_parallel_loop_dynamic_start(old_combined_body, &d, 0, 0, N, 1, 4);
  old_combined_body(&d);
  GOMP_parallel_end();
  verify_whole_chunks("GOMP_parallel_loop_dynamic_start", &d, 4);

  reset_data(&d);
  d.next = GOMP_loop_guided_next;
  GOMP_parallel_loop_guided_start(old_combined_body, &d, 0, 0, N, 1, 2);
  old_combined_body(&d);
  GOMP_parallel_end();
  verify_whole_chunks("GOMP_parallel_loop_guided_start", &d, 1);

  omp_set_schedule(omp_sched_dynamic, 6);
  reset_data(&d);
  d.next = GOMP_loop_runtime_next;
  GOMP_parallel_loop_runtime_start(old_combined_body, &d, 0, 0, N, 1);
  old_combined_body(&d);
  GOMP_parallel_end();
  verify_whole_chunks("GOMP_parallel_loop_runtime_start", &d, 6);
  CHECK(d.runs == d.nthreads, "old combined loop ran in %d of %d threads",
        d.runs, d.nthreads);

  /* Old-style combined sections.  */
  reset_data(&d);
  memset(d.sections, 0, sizeof d.sections);
  GOMP_parallel_sections_start(sections_body, &d, 0, 8);
  sections_body(&d);
  GOMP_parallel_end();
  for (int k = 0; k < 8; k++)
    CHECK(d.sections[k] == 1, "GOMP_parallel_sections_start: section %d ran "
          "%d times",
          k + 1, d.sections[k]);
  return 0;
}
