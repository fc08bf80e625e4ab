/* Simple locks: omp_init/set/unset/test/destroy_lock.  Mutual exclusion under contention (exact
   counter, at most one holder), omp_test_lock fails while another thread
   holds the lock and succeeds when it is free.  */
#define TEST "t_lock"
#include "omp_test.h"

#define PER 3000

int
main(void)
{
  omp_lock_t lk;
  omp_init_lock(&lk);

  /* Sequential semantics.  */
  CHECK(omp_test_lock(&lk) == 1, "omp_test_lock on a free lock failed");
  omp_unset_lock(&lk);
  omp_set_lock(&lk);
  omp_unset_lock(&lk);

  long counter = 0;
  int holders = 0, max_holders = 0, n = 0;
  long test_success = 0;
#pragma omp parallel
  {
#pragma omp single
    n = omp_get_num_threads();
    for (int k = 0; k < PER; k++)
      {
        if (k % 3 == 0)
          {
            while (!omp_test_lock(&lk))
              ;
#pragma omp atomic
            test_success++;
          }
        else
          omp_set_lock(&lk);
        int h = __atomic_add_fetch(&holders, 1, __ATOMIC_SEQ_CST);
        if (h > max_holders)
          max_holders = h;
        long c = counter;
        __asm__ volatile("" ::: "memory");
        counter = c + 1;
        __atomic_sub_fetch(&holders, 1, __ATOMIC_SEQ_CST);
        omp_unset_lock(&lk);
      }
  }
  CHECK(max_holders == 1, "%d threads held the lock at once", max_holders);
  CHECK(counter == (long) n * PER, "lock-protected counter %ld != %ld",
        counter, (long) n * PER);
  CHECK(test_success == (long) n * ((PER + 2) / 3),
        "omp_test_lock acquisitions %ld", test_success);

  /* omp_test_lock must fail while another thread holds the lock.  */
  int held = 0, release = 0, test_result = -1, team = 0;
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 0)
      team = omp_get_num_threads();
#pragma omp barrier
    if (team == 2)
      {
        if (omp_get_thread_num() == 0)
          {
            omp_set_lock(&lk);
            __atomic_store_n(&held, 1, __ATOMIC_SEQ_CST);
            double t0 = omp_get_wtime();
            while (!__atomic_load_n(&release, __ATOMIC_SEQ_CST)
                   && omp_get_wtime() - t0 < 5.0)
              sleep_us(50);
            omp_unset_lock(&lk);
          }
        else
          {
            while (!__atomic_load_n(&held, __ATOMIC_SEQ_CST))
              sleep_us(50);
            test_result = omp_test_lock(&lk);
            if (test_result)
              omp_unset_lock(&lk);
            __atomic_store_n(&release, 1, __ATOMIC_SEQ_CST);
          }
      }
  }
  if (team == 2)
    CHECK(test_result == 0,
          "omp_test_lock succeeded while another thread held the lock");
  omp_destroy_lock(&lk);

  /* (omp_init_lock_with_hint is declared by GCC 12's omp.h but not
     exported by its libgomp, so it cannot be used here.)  */

  /* Re-initialised lock is usable.  */
  omp_init_lock(&lk);
  CHECK(omp_test_lock(&lk), "re-initialised lock not free");
  omp_unset_lock(&lk);
  omp_destroy_lock(&lk);
  return 0;
}
