/* reduction on long / unsigned long / long long / short / char with
   + * max min & | ^ && ||, including values that overflow int.  */
#define TEST "t_reduction_long"
#include "omp_test.h"
#include <limits.h>

#define N 3000

int
main(void)
{
  long sum = 0, mx = LONG_MIN, mn = LONG_MAX, prod = 1;
  unsigned long an = ~0UL, o = 0, x = 0;
  long land = 1, lor = 0;
  long long ll = 0;
  unsigned short us = 0;
  signed char sc_max = -128;
  long s_sum = 0, s_mx = LONG_MIN, s_mn = LONG_MAX;
  unsigned long s_an = ~0UL, s_o = 0, s_x = 0;
  for (int i = 0; i < N; i++)
    {
      long val = (long) i * 3000000000L - 4500000000000L;
      s_sum += val;
      s_mx = val > s_mx ? val : s_mx;
      s_mn = val < s_mn ? val : s_mn;
      s_an &= (unsigned long) val | 0xff00000000UL;
      s_o |= (unsigned long) i << 33;
      s_x ^= (unsigned long) val * 0x9e3779b97f4a7c15UL;
    }
#pragma omp parallel for schedule(static, 3) reduction(+ : sum, ll)          \
  reduction(max : mx, sc_max) reduction(min : mn) reduction(* : prod)        \
  reduction(& : an) reduction(| : o) reduction(^ : x) reduction(&& : land)   \
  reduction(|| : lor) reduction(+ : us)
  for (int i = 0; i < N; i++)
    {
      long val = (long) i * 3000000000L - 4500000000000L;
      sum += val;
      ll += (long long) i * i;
      mx = val > mx ? val : mx;
      mn = val < mn ? val : mn;
      if (i % 1000 == 7)
        prod *= 100000L;
      an &= (unsigned long) val | 0xff00000000UL;
      o |= (unsigned long) i << 33;
      x ^= (unsigned long) val * 0x9e3779b97f4a7c15UL;
      land = land && val != 1;
      lor = lor || val == 0;
      us += 30; /* wraps modulo 65536 */
      signed char c = (signed char) (i % 120);
      sc_max = c > sc_max ? c : sc_max;
    }
  CHECK(sum == s_sum, "long + : %ld != %ld", sum, s_sum);
  CHECK(mx == s_mx, "long max : %ld != %ld", mx, s_mx);
  CHECK(mn == s_mn, "long min : %ld != %ld", mn, s_mn);
  CHECK(prod == 1000000000000000L, "long * : %ld", prod);
  CHECK(an == s_an, "unsigned long & : %#lx != %#lx", an, s_an);
  CHECK(o == s_o, "unsigned long | : %#lx != %#lx", o, s_o);
  CHECK(x == s_x, "unsigned long ^ : %#lx != %#lx", x, s_x);
  CHECK(land == 1, "long && : %ld", land);
  CHECK(lor == 1, "long || : %ld (val==0 at i=1500)", lor);
  long long wll = (long long) (N - 1) * N * (2 * N - 1) / 6;
  CHECK(ll == wll, "long long + : %lld != %lld", ll, wll);
  CHECK(us == (unsigned short) (30 * N), "unsigned short + : %u != %u",
        (unsigned) us, (unsigned) (unsigned short) (30 * N));
  CHECK(sc_max == 119, "signed char max : %d != 119", sc_max);
  return 0;
}
