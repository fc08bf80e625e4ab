/* The scope construct (OpenMP 5.1): private copies per thread, reductions
   combined at its end (its implicit barrier makes them visible), and a
   task reduction scope (GOMP_scope_start) with tasks in_reduction.  */
#define TEST "t_scope"
#include "omp_test.h"

int
main(void)
{
  int s = 0, p = 5, n = 0, bad = 0;
  long ts = 0;
#pragma omp parallel shared(s, ts, n, bad)
  {
#pragma omp single
    n = omp_get_num_threads();
#pragma omp scope private(p) reduction(+ : s)
    {
      p = omp_get_thread_num();
      s += 1;
      if (p != omp_get_thread_num())
#pragma omp atomic write
        bad = 1;
    }
    /* end of scope: reduction complete for everyone */
    if (__atomic_load_n(&s, __ATOMIC_RELAXED) != n)
#pragma omp atomic write
      bad = 2;
#pragma omp scope reduction(task, + : ts)
    {
      ts += 1;
#pragma omp task in_reduction(+ : ts)
      ts += 10;
    }
  }
  CHECK(bad != 1, "scope private copy shared between threads");
  CHECK(bad != 2, "scope reduction not complete at the end of the scope");
  CHECK(s == n, "scope reduction %d != team %d", s, n);
  CHECK(ts == 11L * n, "scope task reduction %ld != %ld", ts, 11L * n);
  return 0;
}
