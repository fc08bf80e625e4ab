/* Array reductions: whole arrays and array sections (reduction(+:a[lo:len]),
   pointer-based sections), histogram style, on for and on parallel.  */
#define TEST "t_reduction_array"
#include "omp_test.h"

#define N 5000
#define B 16

int
main(void)
{
  int hist[B] = { 0 };
  long sec[40];
  for (int k = 0; k < 40; k++)
    sec[k] = 1000 + k; /* outside the section must stay untouched */

#pragma omp parallel for schedule(dynamic, 9) reduction(+ : hist)
  for (int i = 0; i < N; i++)
    hist[(i * 13) % B] += 1;
  int total = 0;
  for (int b = 0; b < B; b++)
    {
      int want = 0;
      for (int i = 0; i < N; i++)
        want += (i * 13) % B == b;
      CHECK(hist[b] == want, "whole-array +: hist[%d]=%d != %d", b, hist[b],
            want);
      total += hist[b];
    }
  CHECK(total == N, "whole-array +: total %d != %d", total, N);

  /* Section sec[10:20] (elements 10..29).  */
#pragma omp parallel for reduction(+ : sec[10 : 20])
  for (int i = 0; i < N; i++)
    sec[10 + i % 20] += i;
  for (int k = 0; k < 40; k++)
    {
      long want = 1000 + k;
      if (k >= 10 && k < 30)
        for (int i = k - 10; i < N; i += 20)
          want += i;
      CHECK(sec[k] == want, "section +: sec[%d]=%ld != %ld", k, sec[k], want);
    }

  /* Section through a pointer, max operator.  */
  double *p = malloc(32 * sizeof *p);
  for (int k = 0; k < 32; k++)
    p[k] = -1.0;
#pragma omp parallel for reduction(max : p[0 : 32])
  for (int i = 0; i < N; i++)
    if (p[i % 32] < (double) i)
      p[i % 32] = (double) i;
  for (int k = 0; k < 32; k++)
    {
      int last = k + ((N - 1 - k) / 32) * 32;
      CHECK(p[k] == (double) last, "pointer section max: p[%d]=%g != %d", k,
            p[k], last);
    }
  free(p);

  /* Array reduction on a parallel region: each thread adds its id+1 to
     every element.  */
  long acc[8] = { 0 };
  int n = 0;
#pragma omp parallel reduction(+ : acc)
  {
    for (int k = 0; k < 8; k++)
      acc[k] += (omp_get_thread_num() + 1) * (k + 1);
    if (omp_get_thread_num() == 0)
      n = omp_get_num_threads();
  }
  for (int k = 0; k < 8; k++)
    CHECK(acc[k] == (long) n * (n + 1) / 2 * (k + 1),
          "parallel array reduction: acc[%d]=%ld", k, acc[k]);
  return 0;
}
