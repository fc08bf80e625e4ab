/* firstprivate on for: every thread's copy starts with the value the
   variable had before the construct, private changes do not leak between
   threads; firstprivate+lastprivate on the same variable.  */
#define TEST "t_for_firstprivate"
#include "omp_test.h"

#define N 2000

int
main(void)
{
  int base = 1000;
  double scale = 0.5;
  int arr[4] = { 5, 6, 7, 8 };
  long total = 0;
  int bad = 0;

#pragma omp parallel shared(total, bad)
  {
    /* base is shared here; firstprivate copies it per thread.  */
#pragma omp for schedule(dynamic, 13) firstprivate(base, scale, arr)         \
  reduction(+ : total)
    for (int i = 0; i < N; i++)
      {
        /* base grows per iteration within one thread; it must start at
           1000 in each thread and never see other threads' increments.  */
        if (base < 1000 || scale != 0.5 || arr[0] + arr[3] < 13)
#pragma omp atomic write
          bad = 1;
        total += 1;
        base++;
        arr[0]++;
      }
  }
  CHECK(!bad, "firstprivate copy not initialised from the original");
  CHECK(total == N, "loop ran %ld iterations", total);
  CHECK(base == 1000, "firstprivate increments leaked to original: %d", base);

  /* Each thread records its first-seen value: must be 1000 exactly.  */
  int firsts_bad = 0;
#pragma omp parallel
  {
    int seen_first = 1;
#pragma omp for schedule(static, 1) firstprivate(base)
    for (int i = 0; i < N; i++)
      {
        if (seen_first && base != 1000)
#pragma omp atomic write
          firsts_bad = base;
        seen_first = 0;
        base += 7;
      }
  }
  CHECK(!firsts_bad, "a thread's firstprivate copy started at %d, not 1000",
        firsts_bad);

  /* firstprivate + lastprivate together.  */
  int v = 42;
#pragma omp parallel
#pragma omp for schedule(guided) firstprivate(v) lastprivate(v)
  for (int i = 0; i < N; i++)
    {
      if (v < 42)
#pragma omp atomic write
        bad = 2;
      if (i == N - 1)
        v = -v;
      else
        v++;
    }
  CHECK(!bad, "firstprivate+lastprivate: copy started below 42");
  CHECK(v < 0, "firstprivate+lastprivate: final v=%d not from last iteration",
        v);
  return 0;
}
