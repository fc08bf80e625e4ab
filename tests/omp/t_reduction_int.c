/* reduction on int with every operator: + * max min && || & | ^ (and -),
   on parallel and on for; results equal the serial ones whatever the
   team size.  */
#define TEST "t_reduction_int"
#include "omp_test.h"

#define N 1000

static int v[N];

int
main(void)
{
  for (int i = 0; i < N; i++)
    v[i] = (i * 7919) % 1013 - 300;

  int s_sum = 0, s_max = -1000000, s_min = 1000000, s_and = ~0, s_or = 0,
      s_xor = 0, s_prod = 1, s_land = 1, s_lor = 0, s_sub = 0;
  for (int i = 0; i < N; i++)
    {
      s_sum += v[i];
      s_sub -= v[i];
      if (v[i] > s_max)
        s_max = v[i];
      if (v[i] < s_min)
        s_min = v[i];
      s_and &= v[i] | 0x100;
      s_or |= v[i] & 0x7ff;
      s_xor ^= v[i];
      if (i % 100 == 0)
        s_prod *= (i % 3) + 1;
      s_land = s_land && (v[i] != 9999);
      s_lor = s_lor || (v[i] == v[N / 2]);
    }

  int sum = 0, mx = -1000000, mn = 1000000, an = ~0, o = 0, x = 0, prod = 1,
      land = 1, lor = 0, sub = 0;
#pragma omp parallel for schedule(dynamic, 7)                                 \
  reduction(+ : sum) reduction(max : mx) reduction(min : mn)                  \
  reduction(& : an) reduction(| : o) reduction(^ : x) reduction(* : prod)     \
  reduction(&& : land) reduction(|| : lor) reduction(- : sub)
  for (int i = 0; i < N; i++)
    {
      sum += v[i];
      sub -= v[i];
      mx = v[i] > mx ? v[i] : mx;
      mn = v[i] < mn ? v[i] : mn;
      an &= v[i] | 0x100;
      o |= v[i] & 0x7ff;
      x ^= v[i];
      if (i % 100 == 0)
        prod *= (i % 3) + 1;
      land = land && (v[i] != 9999);
      lor = lor || (v[i] == v[N / 2]);
    }
  CHECK(sum == s_sum, "+ : %d != %d", sum, s_sum);
  CHECK(sub == s_sub, "- : %d != %d", sub, s_sub);
  CHECK(mx == s_max, "max : %d != %d", mx, s_max);
  CHECK(mn == s_min, "min : %d != %d", mn, s_min);
  CHECK(an == s_and, "& : %#x != %#x", an, s_and);
  CHECK(o == s_or, "| : %#x != %#x", o, s_or);
  CHECK(x == s_xor, "^ : %#x != %#x", x, s_xor);
  CHECK(prod == s_prod, "* : %d != %d", prod, s_prod);
  CHECK(land == s_land, "&& : %d != %d", land, s_land);
  CHECK(lor == s_lor, "|| : %d != %d", lor, s_lor);

  /* && that must come out false, || that must stay false.  */
  land = 1;
  lor = 0;
#pragma omp parallel for reduction(&& : land) reduction(|| : lor)
  for (int i = 0; i < N; i++)
    {
      land = land && (i != N - 3);
      lor = lor || (v[i] > 100000);
    }
  CHECK(land == 0, "&& with one false term gave %d", land);
  CHECK(lor == 0, "|| with all false terms gave %d", lor);

  /* Reduction on the parallel construct itself: per-thread
     contributions.  */
  int cnt = 0, tsum = 0, tmax = -1;
  int n = 0;
#pragma omp parallel reduction(+ : cnt, tsum) reduction(max : tmax)
  {
    cnt += 1;
    tsum += omp_get_thread_num();
    tmax = omp_get_thread_num();
    if (omp_get_thread_num() == 0)
      n = omp_get_num_threads();
  }
  CHECK(cnt == n, "parallel reduction count %d != team %d", cnt, n);
  CHECK(tsum == n * (n - 1) / 2, "parallel reduction sum %d", tsum);
  CHECK(tmax == n - 1, "parallel reduction max %d != %d", tmax, n - 1);

  /* The original value participates.  */
  int start = 1000;
#pragma omp parallel for reduction(+ : start)
  for (int i = 0; i < 10; i++)
    start += i;
  CHECK(start == 1045, "reduction with initial value: %d != 1045", start);
  return 0;
}
