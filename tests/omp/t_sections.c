/* sections: every section runs exactly once, also with more sections
   than threads and fewer; the implicit barrier at the end makes all
   results visible; nowait sections complete before a later barrier.  */
#define TEST "t_sections"
#include "omp_test.h"

int
main(void)
{
  int hit[9];
  for (int round = 0; round < 200; round++)
    {
      memset(hit, 0, sizeof hit);
#pragma omp parallel
      {
#pragma omp sections
        {
#pragma omp section
          __atomic_add_fetch(&hit[0], 1, __ATOMIC_RELAXED);
#pragma omp section
          __atomic_add_fetch(&hit[1], 1, __ATOMIC_RELAXED);
#pragma omp section
          __atomic_add_fetch(&hit[2], 1, __ATOMIC_RELAXED);
#pragma omp section
          __atomic_add_fetch(&hit[3], 1, __ATOMIC_RELAXED);
#pragma omp section
          __atomic_add_fetch(&hit[4], 1, __ATOMIC_RELAXED);
#pragma omp section
          __atomic_add_fetch(&hit[5], 1, __ATOMIC_RELAXED);
#pragma omp section
          {
            if (round % 4 == 0)
              sleep_us(300); /* a slow last section */
            __atomic_add_fetch(&hit[6], 1, __ATOMIC_RELAXED);
          }
        }
        /* implicit barrier: all seven are done */
        for (int s = 0; s < 7; s++)
          if (__atomic_load_n(&hit[s], __ATOMIC_RELAXED) != 1)
            fail("round %d: after sections, section %d ran %d times", round,
                 s, hit[s]);
#pragma omp sections nowait
        {
#pragma omp section
          __atomic_add_fetch(&hit[7], 1, __ATOMIC_RELAXED);
#pragma omp section
          __atomic_add_fetch(&hit[8], 1, __ATOMIC_RELAXED);
        }
#pragma omp barrier
        if (__atomic_load_n(&hit[7], __ATOMIC_RELAXED) != 1
            || __atomic_load_n(&hit[8], __ATOMIC_RELAXED) != 1)
          fail("round %d: nowait sections ran %d/%d times", round, hit[7],
               hit[8]);
      }
    }

  /* A single section.  */
  int one = 0;
#pragma omp parallel
#pragma omp sections
  {
#pragma omp section
#pragma omp atomic
    one++;
  }
  CHECK(one == 1, "lone section ran %d times", one);
  return 0;
}
