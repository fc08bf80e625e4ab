/* schedule(runtime) driven by omp_set_schedule: omp_get_schedule reports
   what was set, and the loop then follows that schedule -- static,c gives
   the exact round-robin mapping, static without chunk contiguous
   balanced blocks, dynamic,c whole chunks, guided/auto full coverage.  */
#define TEST "t_for_runtime"
#include "omp_test.h"

#define N 2000

static int owner[N], seq[N];

static int
run_loop(int monotonic)
{
  int nt = 0;
  for (int i = 0; i < N; i++)
    owner[i] = -1, seq[i] = -1;
#pragma omp parallel
  {
    int s = 0, t = omp_get_thread_num();
#pragma omp single
    nt = omp_get_num_threads();
    if (monotonic)
      {
#pragma omp for schedule(monotonic : runtime)
        for (int i = 0; i < N; i++)
          {
            if (__atomic_exchange_n(&owner[i], t, __ATOMIC_RELAXED) != -1)
              fail("monotonic:runtime: iteration %d ran twice", i);
            seq[i] = s++;
          }
      }
    else
      {
#pragma omp for schedule(runtime)
        for (int i = 0; i < N; i++)
          {
            if (__atomic_exchange_n(&owner[i], t, __ATOMIC_RELAXED) != -1)
              fail("runtime: iteration %d ran twice", i);
            seq[i] = s++;
          }
      }
  }
  for (int i = 0; i < N; i++)
    if (owner[i] < 0)
      fail("iteration %d never ran", i);
  return nt;
}

static void
expect_sched(omp_sched_t kind, int chunk)
{
  omp_sched_t k;
  int c;
  omp_get_schedule(&k, &c);
  if ((k & ~omp_sched_monotonic) != kind)
    fail("omp_get_schedule kind %d after omp_set_schedule(%d,%d)", (int) k,
         (int) kind, chunk);
  if (chunk > 0 && kind != omp_sched_auto && c != chunk)
    fail("omp_get_schedule chunk %d after omp_set_schedule(%d,%d)", c,
         (int) kind, chunk);
}

int
main(void)
{
  for (int mono = 0; mono <= 1; mono++)
    {
      const char *m = mono ? "monotonic:runtime" : "runtime";

      /* static with chunk: exact round-robin.  */
      for (int c = 1; c <= 10; c += 3)
        {
          omp_set_schedule(omp_sched_static, c);
          expect_sched(omp_sched_static, c);
          int nt = run_loop(mono);
          for (int i = 0; i < N; i++)
            if (owner[i] != (i / c) % nt)
              fail("%s static,%d: iteration %d on thread %d, expected %d", m,
                   c, i, owner[i], (i / c) % nt);
        }

      /* static without chunk: one contiguous, balanced block per thread,
         in thread order.  */
      omp_set_schedule(omp_sched_static, 0);
      int nt = run_loop(mono);
      {
        int expect_start = 0;
        for (int t = 0; t < nt; t++)
          {
            int cnt = 0, first = -1;
            for (int i = 0; i < N; i++)
              if (owner[i] == t)
                {
                  if (first < 0)
                    first = i;
                  else if (owner[i - 1] != t)
                    fail("%s static: thread %d's block not contiguous", m, t);
                  cnt++;
                }
            if (cnt && first != expect_start)
              fail("%s static: thread %d starts at %d, expected %d", m, t,
                   first, expect_start);
            if (cnt < N / nt || cnt > N / nt + 1)
              fail("%s static: thread %d got %d iterations of %d (%d "
                   "threads)",
                   m, t, cnt, N, nt);
            expect_start += cnt;
          }
      }

      /* dynamic,c: whole chunks of c in order on one thread.  */
      for (int c = 1; c <= 33; c += 16)
        {
          omp_set_schedule(omp_sched_dynamic, c);
          expect_sched(omp_sched_dynamic, c);
          run_loop(mono);
          for (int b = 0; b < N; b += c)
            for (int i = b + 1; i < b + c && i < N; i++)
              if (owner[i] != owner[b] || seq[i] != seq[i - 1] + 1)
                fail("%s dynamic,%d: chunk at %d split", m, c, b);
          if (mono)
            for (int i = 1; i < N; i++)
              for (int j = i - 1; j >= 0 && j >= i - 64; j--)
                if (owner[j] == owner[i] && seq[j] > seq[i])
                  fail("%s dynamic,%d: thread %d ran iteration %d before %d",
                       m, c, owner[i], i, j);
        }

      /* guided,c: coverage (checked in run_loop), runs >= c.  */
      omp_set_schedule(omp_sched_guided, 5);
      expect_sched(omp_sched_guided, 5);
      run_loop(mono);
      for (int i = 1, st = 0; i <= N; i++)
        if (i == N || owner[i] != owner[st])
          {
            if (i != N && i - st < 5)
              fail("%s guided,5: chunk [%d,%d) shorter than 5", m, st, i);
            st = i;
          }

      omp_set_schedule(omp_sched_auto, 0);
      expect_sched(omp_sched_auto, 0);
      run_loop(mono);
    }

  /* OpenMP guarantees the same iteration -> thread mapping for two static
     loops with the same trip count and chunk in the same region: a
     schedule(runtime) loop resolved to static by the runtime must map
     exactly like the compiler's inline schedule(static) loop (checked for
     trip counts with and without a remainder).  */
  omp_set_schedule(omp_sched_static, 0);
  static const int trips[] = { 7, 1001, 1999, N };
  for (unsigned k = 0; k < sizeof trips / sizeof trips[0]; k++)
    {
      int n = trips[k];
      static int inl[N];
      for (int i = 0; i < N; i++)
        owner[i] = inl[i] = -1;
#pragma omp parallel
      {
        int t = omp_get_thread_num();
#pragma omp for schedule(static) nowait
        for (int i = 0; i < n; i++)
          inl[i] = t;
#pragma omp for schedule(runtime) nowait
        for (int i = 0; i < n; i++)
          owner[i] = t;
      }
      for (int i = 0; i < n; i++)
        CHECK(owner[i] == inl[i],
              "n=%d: runtime(static) ran iteration %d on thread %d, inline "
              "schedule(static) on %d",
              n, i, owner[i], inl[i]);
    }

  /* A combined parallel for schedule(runtime) (GOMP_parallel_loop_*
     runtime entry points).  */
  omp_set_schedule(omp_sched_dynamic, 3);
  for (int i = 0; i < N; i++)
    owner[i] = -1;
#pragma omp parallel for schedule(runtime)
  for (int i = 0; i < N; i++)
    owner[i] = omp_get_thread_num();
  for (int b = 0; b < N; b += 3)
    for (int i = b; i < b + 3 && i < N; i++)
      CHECK(owner[i] >= 0 && owner[i] == owner[b],
            "parallel for runtime dynamic,3: chunk at %d wrong", b);
#pragma omp parallel for schedule(monotonic : runtime)
  for (int i = 0; i < N; i++)
    owner[i] = -2;
  for (int i = 0; i < N; i++)
    CHECK(owner[i] == -2, "parallel for monotonic:runtime missed %d", i);

  /* nonmonotonic:runtime, combined and not
     (GOMP_[parallel_]loop_nonmonotonic_runtime*): dynamic,3 chunks.  */
#pragma omp parallel for schedule(nonmonotonic : runtime)
  for (int i = 0; i < N; i++)
    owner[i] = omp_get_thread_num();
  for (int b = 0; b < N; b += 3)
    for (int i = b; i < b + 3 && i < N; i++)
      CHECK(owner[i] >= 0 && owner[i] == owner[b],
            "parallel for nonmonotonic:runtime dynamic,3: chunk at %d", b);
  for (int i = 0; i < N; i++)
    owner[i] = -1;
#pragma omp parallel
  {
    int t = omp_get_thread_num();
#pragma omp for schedule(nonmonotonic : runtime)
    for (int i = 0; i < N; i++)
      if (__atomic_exchange_n(&owner[i], t, __ATOMIC_RELAXED) != -1)
        fail("nonmonotonic:runtime: iteration %d ran twice", i);
  }
  for (int b = 0; b < N; b += 3)
    for (int i = b; i < b + 3 && i < N; i++)
      CHECK(owner[i] >= 0 && owner[i] == owner[b],
            "nonmonotonic:runtime dynamic,3: chunk at %d", b);
  return 0;
}
