/* env: OMP_PROC_BIND=spread,close OMP_NUM_THREADS=2,2 OMP_MAX_ACTIVE_LEVELS=2 */
/* OMP_PROC_BIND as a list: the initial task has spread, implicit tasks of
   the first level have close (and so do deeper ones).  */
#define TEST "t_env_proc_bind_list"
#include "omp_test.h"

int
main(void)
{
  CHECK(omp_get_proc_bind() == omp_proc_bind_spread,
        "initial task omp_get_proc_bind() %d != spread",
        (int) omp_get_proc_bind());
  int l1 = -1, l2 = -1;
#pragma omp parallel
  {
    if (omp_get_thread_num() == 0)
      l1 = omp_get_proc_bind();
#pragma omp parallel
    if (omp_get_thread_num() == 0 && omp_get_ancestor_thread_num(1) == 0)
      l2 = omp_get_proc_bind();
  }
  CHECK(l1 == omp_proc_bind_close, "level-1 omp_get_proc_bind() %d != close",
        l1);
  CHECK(l2 == omp_proc_bind_close, "level-2 omp_get_proc_bind() %d != close",
        l2);
  return 0;
}
