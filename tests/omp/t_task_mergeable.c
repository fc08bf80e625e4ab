/* mergeable tasks (which the runtime may execute in the parent's data
   environment when undeferred or included): results must be right both
   when merged (final/if(0)) and when deferred.  */
#define TEST "t_task_mergeable"
#include "omp_test.h"

int
main(void)
{
  long sum = 0;
  int cnt = 0;
#pragma omp parallel
#pragma omp single
  {
    for (int i = 0; i < 500; i++)
      {
        int v = i; /* read-only inside: safe even when merged */
#pragma omp task mergeable shared(sum)
        {
#pragma omp atomic
          sum += v;
        }
#pragma omp task mergeable final(i % 2) shared(cnt)
        {
#pragma omp task mergeable shared(cnt)
          {
#pragma omp atomic
            cnt++;
          }
        }
#pragma omp task mergeable if(0) shared(cnt)
        {
#pragma omp atomic
          cnt++;
        }
      }
  }
  CHECK(sum == 500L * 499 / 2, "mergeable tasks sum %ld", sum);
  CHECK(cnt == 1000, "mergeable final/if(0) tasks ran %d, expected 1000", cnt);
  return 0;
}
