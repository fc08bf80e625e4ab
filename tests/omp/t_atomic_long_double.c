/* atomic on types with no lock-free instruction (long double, __int128):
   GCC implements these with GOMP_atomic_start/GOMP_atomic_end, so the
   runtime's global atomic lock must really exclude.  Update, capture,
   read and write forms; exact totals.  */
#define TEST "t_atomic_long_double"
#include "omp_test.h"

#define PER 3000
#define MAXT 512

static long double ld_sum;
static __int128 big;
static long double ticket;
static unsigned char seen[MAXT * PER];
static int arrived;
static long updates;

int
main(void)
{
  int n = 0;
#pragma omp parallel
  {
#pragma omp single
    n = omp_get_num_threads();
    if (omp_get_num_threads() > MAXT)
      fail("team too large for the test");
    /* The sums are hammered by all threads at once for at least 30 ms
       (long enough for the scheduler to spread the threads over the
       cores), so that lost updates -- a lock that does not exclude --
       show up reliably.  Each thread counts its own updates.  */
    spin_rendezvous(&arrived, omp_get_num_threads());
    double t0 = omp_get_wtime();
    long mine = 0;
    do
      for (int k = 0; k < 1024; k++, mine++)
        {
#pragma omp atomic
          ld_sum += 0.25L;
#pragma omp atomic
          big += ((__int128) 1 << 70) + 1;
        }
    while (omp_get_wtime() - t0 < 0.03);
    __atomic_add_fetch(&updates, mine, __ATOMIC_SEQ_CST);
    for (int k = 0; k < PER; k++)
      {
        long double v;
#pragma omp atomic capture
        {
          v = ticket;
          ticket += 1.0L;
        }
        long idx = (long) v;
        if (idx < 0 || idx >= MAXT * PER || (long double) idx != v)
          fail("long double ticket %Lg invalid", v);
        __atomic_add_fetch(&seen[idx], 1, __ATOMIC_RELAXED);
      }
  }
  long tot = (long) n * PER;
  CHECK(ld_sum == 0.25L * updates, "long double += : %.21Lg != %.21Lg "
        "(lost updates)",
        ld_sum, 0.25L * updates);
  __int128 want = ((__int128) 1 << 70) * updates + updates;
  CHECK(big == want, "__int128 += lost updates (low word %llu, want %llu)",
        (unsigned long long) big, (unsigned long long) want);
  CHECK(ticket == (long double) tot, "long double capture counter %.21Lg != %ld",
        ticket, tot);
  for (long i = 0; i < tot; i++)
    CHECK(seen[i] == 1, "long double ticket %ld handed out %d times", i,
          seen[i]);

  long double r;
#pragma omp atomic write
  ld_sum = 1.5L;
#pragma omp atomic read
  r = ld_sum;
  CHECK(r == 1.5L, "long double atomic write/read: %Lg", r);
  return 0;
}
