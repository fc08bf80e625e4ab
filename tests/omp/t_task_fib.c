/* Task recursion: Fibonacci with two child tasks and taskwait per level
   (serial below a cutoff); result equals the serial computation.  */
#define TEST "t_task_fib"
#include "omp_test.h"

static long
fib_serial(int n)
{
  return n < 2 ? n : fib_serial(n - 1) + fib_serial(n - 2);
}

static long
fib(int n)
{
  if (n < 12)
    return fib_serial(n);
  long a, b;
#pragma omp task shared(a)
  a = fib(n - 1);
#pragma omp task shared(b)
  b = fib(n - 2);
#pragma omp taskwait
  return a + b;
}

int
main(void)
{
  for (int n = 10; n <= 27; n += 17)
    {
      long r = -1;
#pragma omp parallel
#pragma omp single
      r = fib(n);
      CHECK(r == fib_serial(n), "fib(%d) = %ld, expected %ld", n, r,
            fib_serial(n));
    }
  /* Fine-grained: a task per call down to n=2.  */
  long r2 = -1;
#pragma omp parallel
#pragma omp single
  {
    long a = -1;
#pragma omp task shared(a)
    a = fib(14);
#pragma omp taskwait
    r2 = a;
  }
  CHECK(r2 == 377, "fib(14) = %ld, expected 377", r2);
  return 0;
}
