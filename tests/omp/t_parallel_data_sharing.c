/* Data sharing on parallel: shared variables are the same object,
   private ones are per thread, firstprivate ones start with the
   original value; the master's outlined data reaches every thread.  */
#define TEST "t_parallel_data_sharing"
#include "omp_test.h"

int
main(void)
{
  int shared_v = 0;
  int priv = 0;
  int fp = 77;
  double fpd = 2.5;
  long arr[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
  int *addr_seen = NULL;
  int bad = 0, n = 0;

#pragma omp parallel shared(shared_v, addr_seen, bad, n) private(priv)        \
  firstprivate(fp, fpd, arr)
  {
    int t = omp_get_thread_num();
#pragma omp atomic
    shared_v += 1;
#pragma omp critical
    {
      if (addr_seen == NULL)
        addr_seen = &shared_v;
      else if (addr_seen != &shared_v)
        bad |= 1;
    }
    if (fp != 77 || fpd != 2.5)
#pragma omp atomic
      bad |= 2;
    for (int i = 0; i < 8; i++)
      if (arr[i] != i + 1)
#pragma omp atomic
        bad |= 4;
    priv = t * 1000;
    fp = t;
    arr[0] = t;
#pragma omp barrier
    if (priv != t * 1000 || fp != t || arr[0] != t)
#pragma omp atomic
      bad |= 8;
    if (t == 0)
      n = omp_get_num_threads();
  }
  CHECK(!(bad & 1), "shared variable has different addresses in threads");
  CHECK(!(bad & 2), "firstprivate scalar not initialised from original");
  CHECK(!(bad & 4), "firstprivate array not initialised from original");
  CHECK(!(bad & 8), "private copies were clobbered by other threads");
  CHECK(shared_v == n, "shared counter %d != team size %d", shared_v, n);
  return 0;
}
