/* untied tasks (which may resume on another thread after a scheduling
   point) still compute correct results, including with taskwait and
   taskyield inside and nested untied children.  */
#define TEST "t_task_untied"
#include "omp_test.h"

static long
sum_range(int lo, int hi)
{
  if (hi - lo <= 64)
    {
      long s = 0;
      for (int i = lo; i < hi; i++)
        s += i;
      return s;
    }
  long a = 0, b = 0;
  int mid = lo + (hi - lo) / 2;
#pragma omp task untied shared(a)
  a = sum_range(lo, mid);
#pragma omp task untied shared(b)
  b = sum_range(mid, hi);
#pragma omp taskyield
#pragma omp taskwait
  return a + b;
}

int
main(void)
{
  long r = 0;
  int cnt = 0, n = 0;
#pragma omp parallel
  {
#pragma omp single
    {
      n = omp_get_num_threads();
#pragma omp task untied shared(r)
      r = sum_range(0, 100000);
    }
    for (int k = 0; k < 20; k++)
      {
#pragma omp task untied
        {
#pragma omp taskyield
#pragma omp atomic
          cnt++;
        }
      }
  }
  CHECK(r == 100000L * 99999 / 2, "untied recursive sum %ld", r);
  CHECK(cnt == 20 * n, "untied tasks ran %d times, expected %d", cnt, 20 * n);
  return 0;
}
