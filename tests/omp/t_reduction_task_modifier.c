/* The task reduction modifier (OpenMP 5.0): parallel reduction(task, +:x),
   for reduction(task, +:x) and sections reduction(task, +:x) with explicit
   tasks participating via in_reduction; results equal the serial ones.  */
#define TEST "t_reduction_task_modifier"
#include "omp_test.h"

#define N 300

int
main(void)
{
  /* parallel reduction(task,...): every implicit task contributes, and
     explicit tasks contribute via in_reduction.  */
  long x = 7;
  int n = 0;
#pragma omp parallel reduction(task, + : x)
  {
#pragma omp single
    n = omp_get_num_threads();
    x += 1;
    for (int i = 0; i < 10; i++)
      {
#pragma omp task in_reduction(+ : x) firstprivate(i)
        x += i;
      }
  }
  CHECK(x == 7 + n + 45L * n,
        "parallel reduction(task,+): %ld != %ld (team %d)", x,
        7 + n + 45L * n, n);

  /* for reduction(task,...).  */
  long y = 0;
  long z = 0;
#pragma omp parallel
  {
#pragma omp for reduction(task, + : y) schedule(dynamic, 4)
    for (int i = 0; i < N; i++)
      {
        y += 1;
#pragma omp task in_reduction(+ : y) firstprivate(i)
        y += i;
      }
#pragma omp for reduction(task, + : z) schedule(static)
    for (int i = 0; i < N; i++)
      {
#pragma omp task in_reduction(+ : z) firstprivate(i)
        z += 2 * i;
      }
  }
  CHECK(y == N + (long) N * (N - 1) / 2, "for reduction(task,+): %ld != %ld",
        y, N + (long) N * (N - 1) / 2);
  CHECK(z == (long) N * (N - 1), "static for reduction(task,+): %ld != %ld", z,
        (long) N * (N - 1));

  /* unsigned long long loop with a task reduction (GOMP_loop_ull_start).  */
  volatile unsigned long long vb = 1ULL << 63;
  unsigned long long b = vb;
  long u = 0;
#pragma omp parallel
#pragma omp for reduction(task, + : u) schedule(dynamic)
  for (unsigned long long i = b; i < b + 100; i++)
    {
#pragma omp task in_reduction(+ : u) firstprivate(i)
      u += (long) (i - b);
    }
  CHECK(u == 4950, "ull for reduction(task,+): %ld != 4950", u);

  /* ordered loop with a task reduction (GOMP_loop_ordered_start).  */
  long o = 0;
  int last = -1, order_bad = 0;
#pragma omp parallel
#pragma omp for reduction(task, + : o) ordered schedule(dynamic)
  for (int i = 0; i < 100; i++)
    {
      jitter((long) i);
#pragma omp ordered
      {
        if (i != last + 1)
          order_bad = 1;
        last = i;
      }
#pragma omp task in_reduction(+ : o) firstprivate(i)
      o += i;
    }
  CHECK(!order_bad, "ordered for with task reduction ran out of order");
  CHECK(o == 4950, "ordered for reduction(task,+): %ld != 4950", o);

  /* ordered loop over unsigned long long above LONG_MAX with a task
     reduction (GOMP_loop_ull_ordered_start).  */
  long uo = 0;
  unsigned long long ulast = 0;
  int uorder_bad = 0;
#pragma omp parallel
#pragma omp for reduction(task, + : uo) ordered schedule(static, 3)
  for (unsigned long long i = b; i < b + 100; i++)
    {
      jitter((long) i);
#pragma omp ordered
      {
        if (i != b && i != ulast + 1)
          uorder_bad = 1;
        ulast = i;
      }
#pragma omp task in_reduction(+ : uo) firstprivate(i)
      uo += (long) (i - b);
    }
  CHECK(!uorder_bad, "ull ordered for with task reduction out of order");
  CHECK(uo == 4950, "ull ordered for reduction(task,+): %ld != 4950", uo);

  /* sections reduction(task,...) (GOMP_sections2_start).  */
  long s = 0;
#pragma omp parallel
#pragma omp sections reduction(task, + : s)
  {
#pragma omp section
    {
      s += 1;
#pragma omp task in_reduction(+ : s)
      s += 10;
    }
#pragma omp section
    {
      s += 100;
#pragma omp task in_reduction(+ : s)
      s += 1000;
    }
#pragma omp section
    s += 10000;
  }
  CHECK(s == 11111, "sections reduction(task,+): %ld != 11111", s);
  return 0;
}
