/* master: only thread 0 runs it, once per encounter, no implied
   barrier (checked only for correctness, not timing).  */
#define TEST "t_master"
#include "omp_test.h"

#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

int
main(void)
{
  int runs = 0, who = -1;
#pragma omp parallel
  {
    for (int r = 0; r < 100; r++)
      {
#pragma omp master
        {
          runs++;
          if (omp_get_thread_num() != 0)
            who = omp_get_thread_num();
        }
      }
  }
  CHECK(who == -1, "master ran on thread %d", who);
  CHECK(runs == 100, "master blocks ran %d times, expected 100", runs);

  /* Inside a nested inactive region thread 0 of the inner team is the
     master of that team.  */
  int inner = 0;
#pragma omp parallel num_threads(2)
  {
#pragma omp parallel if(0)
    {
#pragma omp master
#pragma omp atomic
      inner++;
    }
  }
  CHECK(inner >= 1 && inner <= 2,
        "master in inner teams of one ran %d times", inner);
  return 0;
}
