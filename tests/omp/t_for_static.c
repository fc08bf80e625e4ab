/* for schedule(static) without chunk: every iteration once; each thread
   gets at most one contiguous chunk, chunks follow thread order, sizes
   differ by at most one; two loops with the same shape map iterations to
   threads identically.  */
#define TEST "t_for_static"
#include "omp_test.h"

#define MAXN 2000

static int owner[MAXN], owner2[MAXN];

static void
check_mapping(const char *what, int n, int nt, const int *own)
{
  int first[64], last[64];
  for (int t = 0; t < nt; t++)
    first[t] = -1, last[t] = -2;
  for (int i = 0; i < n; i++)
    {
      int t = own[i];
      if (t < 0 || t >= nt)
        fail("%s n=%d: iteration %d ran %s (owner %d)", what, n, i,
             t == -1 ? "never" : "on a bad thread", t);
      if (first[t] == -1)
        first[t] = i;
      else if (last[t] != i - 1)
        fail("%s n=%d: thread %d's iterations are not contiguous (%d after "
             "%d)",
             what, n, t, i, last[t]);
      last[t] = i;
    }
  int minsz = n, maxsz = 0, prev_end = -1;
  for (int t = 0; t < nt; t++)
    {
      int sz = first[t] == -1 ? 0 : last[t] - first[t] + 1;
      if (sz < minsz)
        minsz = sz;
      if (sz > maxsz)
        maxsz = sz;
      if (sz)
        {
          if (first[t] != prev_end + 1)
            fail("%s n=%d: thread %d's chunk starts at %d, expected %d "
                 "(chunks not in thread order)",
                 what, n, t, first[t], prev_end + 1);
          prev_end = last[t];
        }
    }
  if (n >= nt && maxsz - minsz > 1)
    fail("%s n=%d nthreads=%d: chunk sizes range %d..%d, not balanced", what,
         n, nt, minsz, maxsz);
}

int
main(void)
{
  static const int ns[] = { 0, 1, 2, 3, 5, 15, 16, 17, 100, 1000, 1999 };
  for (unsigned k = 0; k < sizeof ns / sizeof ns[0]; k++)
    {
      int n = ns[k];
      int nt = 0;
      for (int i = 0; i < MAXN; i++)
        owner[i] = owner2[i] = -1;
#pragma omp parallel
      {
        int t = omp_get_thread_num();
#pragma omp single
        nt = omp_get_num_threads();
#pragma omp for schedule(static)
        for (int i = 0; i < n; i++)
          if (__atomic_exchange_n(&owner[i], t, __ATOMIC_RELAXED) != -1)
            fail("n=%d: iteration %d ran twice", n, i);
#pragma omp for schedule(static)
        for (int i = 0; i < n; i++)
          owner2[i] = t;
      }
      if (nt > 64)
        return 0;
      check_mapping("schedule(static)", n, nt, owner);
      for (int i = 0; i < n; i++)
        CHECK(owner2[i] == owner[i],
              "n=%d: second static loop ran iteration %d on thread %d, first "
              "on %d",
              n, i, owner2[i], owner[i]);
      for (int i = n; i < MAXN; i++)
        CHECK(owner[i] == -1, "n=%d: iteration %d beyond the end ran", n, i);
    }
  return 0;
}
