/* env: OMP_MAX_TASK_PRIORITY=7 OMP_NUM_THREADS=2 */
/* OMP_MAX_TASK_PRIORITY=7 is reported by omp_get_max_task_priority();
   prioritised tasks all run.  */
#define TEST "t_env_max_task_priority"
#include "omp_test.h"

int
main(void)
{
  CHECK(omp_get_max_task_priority() == 7,
        "omp_get_max_task_priority() %d != 7", omp_get_max_task_priority());
  int cnt = 0;
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < 100; i++)
    {
#pragma omp task priority(i % 10)
#pragma omp atomic
      cnt++;
    }
  CHECK(cnt == 100, "%d of 100 prioritised tasks ran", cnt);
  return 0;
}
