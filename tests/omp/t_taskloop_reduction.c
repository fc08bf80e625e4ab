/* taskloop reduction(+ * max : ...) and taskloop in_reduction inside a
   taskgroup task_reduction; results equal the serial ones.  */
#define TEST "t_taskloop_reduction"
#include "omp_test.h"

#define N 5000

int
main(void)
{
  long sum = 3;
  double prod = 1.0;
  int mx = -1;
#pragma omp parallel
#pragma omp single
#pragma omp taskloop grainsize(64) reduction(+ : sum) reduction(* : prod)  \
  reduction(max : mx)
  for (int i = 0; i < N; i++)
    {
      sum += i;
      if (i % 1000 == 0)
        prod *= 3.0;
      int v = (i * 7919) % N;
      mx = v > mx ? v : mx;
    }
  CHECK(sum == 3 + (long) N * (N - 1) / 2, "taskloop reduction + : %ld", sum);
  CHECK(prod == 243.0, "taskloop reduction * : %g != 243", prod);
  CHECK(mx == N - 1, "taskloop reduction max : %d != %d", mx, N - 1);

  long t = 0;
#pragma omp parallel
#pragma omp single
#pragma omp taskgroup task_reduction(+ : t)
  {
#pragma omp taskloop in_reduction(+ : t) num_tasks(10)
    for (int i = 0; i < 100; i++)
      t += i;
#pragma omp task in_reduction(+ : t)
    t += 1000;
  }
  CHECK(t == 5950, "taskloop in_reduction: %ld != 5950", t);

  /* Combined parallel master taskloop reduction (GCC 12 syntax).  */
  long c = 0;
#pragma omp parallel master taskloop reduction(+ : c)
  for (int i = 0; i < 100; i++)
    c += 2;
  CHECK(c == 200, "parallel master taskloop reduction: %ld != 200", c);
  return 0;
}
