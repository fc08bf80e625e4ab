/* env: OMP_THREAD_LIMIT=3 OMP_NUM_THREADS=8 OMP_MAX_ACTIVE_LEVELS=3 */
/* OMP_THREAD_LIMIT=3: omp_get_thread_limit() is 3 and no contention group
   ever runs more than 3 threads at once, even with nested regions asking
   for more.  */
#define TEST "t_env_thread_limit"
#include "omp_test.h"

int
main(void)
{
  CHECK(omp_get_thread_limit() == 3, "omp_get_thread_limit() %d != 3",
        omp_get_thread_limit());
  int size = 0, cnt = 0;
#pragma omp parallel
  {
#pragma omp atomic
    cnt++;
    if (omp_get_thread_num() == 0)
      size = omp_get_num_threads();
  }
  CHECK(size >= 1 && size <= 3 && cnt == size,
        "OMP_NUM_THREADS=8 under limit 3 gave a team of %d", size);

  int live = 0, max_live = 0;
#pragma omp parallel num_threads(3)
  {
#pragma omp parallel num_threads(3)
    {
      int now = __atomic_add_fetch(&live, 1, __ATOMIC_SEQ_CST);
      int m = __atomic_load_n(&max_live, __ATOMIC_SEQ_CST);
      while (now > m
             && !__atomic_compare_exchange_n(&max_live, &m, now, 0,
                                             __ATOMIC_SEQ_CST,
                                             __ATOMIC_SEQ_CST))
        ;
      sleep_us(2000);
      __atomic_sub_fetch(&live, 1, __ATOMIC_SEQ_CST);
    }
  }
  CHECK(max_live <= 3, "%d threads ran at once under OMP_THREAD_LIMIT=3",
        max_live);
  CHECK(max_live >= 1, "nested regions ran nothing");
  return 0;
}
