/* Unnamed critical: mutual exclusion of a non-atomic read-modify-write
   (counter and a two-field invariant), and at most one thread inside at
   any time.  */
#define TEST "t_critical"
#include "omp_test.h"
#include <sched.h>

#define PER_THREAD 2000

int
main(void)
{
  volatile long counter = 0;
  volatile long a = 0, b = 0; /* invariant inside: a == b */
  int inside = 0, max_inside = 0, n = 0, broken = 0;
#pragma omp parallel
  {
#pragma omp single
    n = omp_get_num_threads();
    /* (single's barrier: all threads start the loop together) */
    for (int k = 0; k < PER_THREAD; k++)
      {
#pragma omp critical
        {
          int now = ++inside;
          if (now > max_inside)
            max_inside = now;
          long c = counter;
          if (a != b)
            broken = 1;
          a = a + 1;
          if ((k & 63) == 0)
            sched_yield(); /* widen the window */
          counter = c + 1;
          b = b + 1;
          inside--;
        }
      }
  }
  CHECK(max_inside == 1, "%d threads were inside the critical at once",
        max_inside);
  CHECK(!broken, "invariant a==b broken inside the critical");
  CHECK(counter == (long) n * PER_THREAD, "counter %ld != %ld", counter,
        (long) n * PER_THREAD);
  return 0;
}
