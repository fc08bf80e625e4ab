/* Combined parallel sections: every section once, more sections than
   threads, results visible after the construct.  */
#define TEST "t_parallel_sections"
#include "omp_test.h"

int
main(void)
{
  for (int round = 0; round < 300; round++)
    {
      int h[6] = { 0 };
      int tids[6];
#pragma omp parallel sections
      {
#pragma omp section
        {
          h[0]++;
          tids[0] = omp_get_thread_num();
        }
#pragma omp section
        {
          h[1]++;
          tids[1] = omp_get_thread_num();
        }
#pragma omp section
        {
          h[2]++;
          tids[2] = omp_get_thread_num();
        }
#pragma omp section
        {
          h[3]++;
          tids[3] = omp_get_thread_num();
        }
#pragma omp section
        {
          h[4]++;
          tids[4] = omp_get_thread_num();
        }
#pragma omp section
        {
          h[5]++;
          tids[5] = omp_get_thread_num();
        }
      }
      for (int s = 0; s < 6; s++)
        {
          CHECK(h[s] == 1, "round %d: section %d ran %d times", round, s,
                h[s]);
          CHECK(tids[s] >= 0 && tids[s] < omp_get_max_threads(),
                "round %d: section %d reports thread %d", round, s, tids[s]);
        }
    }
  return 0;
}
