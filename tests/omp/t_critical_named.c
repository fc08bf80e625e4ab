/* Named critical sections: each name excludes itself (counters exact),
   the same name in different functions is the same lock, and two
   different names do not exclude each other -- checked without any risk
   of hanging: a thread holding critical(alpha) waits, with a time limit,
   for another thread to get through critical(beta).  Nesting two
   different names must not deadlock.  */
#define TEST "t_critical_named"
#include "omp_test.h"

#define PER_THREAD 1500

static long ca, cb;

/* Read-modify-write with an occasional sleep in the middle, so that a
   critical section that does not exclude loses updates.  */
static void
bump(long *p, long by, int k)
{
  long v = *p;
  __asm__ volatile("" ::: "memory");
  if (k < 400 && k % 8 == 0)
    sleep_us(20);
  *p = v + by;
}

static void
bump_alpha(int k)
{
#pragma omp critical(alpha)
  bump(&ca, 1, k);
}

int
main(void)
{
  int n = 0;
  long cnested = 0;
#pragma omp parallel
  {
#pragma omp single
    n = omp_get_num_threads();
    /* (single's barrier: all threads start the loop together) */
    for (int k = 0; k < PER_THREAD; k++)
      {
        if ((k + omp_get_thread_num()) & 1)
          bump_alpha(k);
        else
          {
#pragma omp critical(alpha)
            bump(&ca, 1, k + 32);
          }
#pragma omp critical(beta)
        bump(&cb, 2, k + 16);
        if (k % 100 == 0)
          {
#pragma omp critical(alpha)
#pragma omp critical(gamma)
            cnested++;
          }
      }
  }
  CHECK(ca == (long) n * PER_THREAD, "critical(alpha) counter %ld != %ld", ca,
        (long) n * PER_THREAD);
  CHECK(cb == 2L * n * PER_THREAD, "critical(beta) counter %ld != %ld", cb,
        2L * n * PER_THREAD);
  CHECK(cnested == (long) n * (PER_THREAD / 100),
        "nested critical(alpha)/critical(gamma) counter %ld", cnested);

  /* Independence: thread 0 enters alpha and waits (max 5 s) for thread 1
     to pass through beta.  If beta were excluded by alpha, thread 1 could
     not, and thread 0 reports it after the timeout instead of hanging.  */
  int passed = 0, timed_out = 0, team = 0;
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 0)
      team = omp_get_num_threads();
#pragma omp barrier
    if (team == 2)
      {
        if (omp_get_thread_num() == 0)
          {
#pragma omp critical(alpha)
            {
              double t0 = omp_get_wtime();
              while (!__atomic_load_n(&passed, __ATOMIC_ACQUIRE))
                {
                  if (omp_get_wtime() - t0 > 5.0)
                    {
                      timed_out = 1;
                      break;
                    }
                  sleep_us(100);
                }
            }
          }
        else
          {
#pragma omp critical(beta)
            __atomic_store_n(&passed, 1, __ATOMIC_RELEASE);
          }
      }
  }
  CHECK(!timed_out,
        "critical(beta) was blocked while critical(alpha) was held");
  return 0;
}
