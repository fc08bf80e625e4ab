/* reduction on double (+ * max min) and on double with && ||; sums of
   exactly representable values so any combination order is exact.  */
#define TEST "t_reduction_double"
#include "omp_test.h"

#define N 4096

int
main(void)
{
  double sum = 0.5, prod = 1.0, mx = -1e300, mn = 1e300;
  double land = 1.0, lor = 0.0;
#pragma omp parallel for schedule(guided) reduction(+ : sum)                 \
  reduction(* : prod) reduction(max : mx) reduction(min : mn)                 \
  reduction(&& : land) reduction(|| : lor)
  for (int i = 0; i < N; i++)
    {
      sum += i * 0.25; /* exact in binary */
      if (i % 512 == 0)
        prod *= 2.0; /* 8 factors of two */
      double val = (i * 37 % N) - 1000.5;
      if (val > mx)
        mx = val;
      if (val < mn)
        mn = val;
      land = land && (val != 0.0);
      lor = lor || (val > 3000.0);
    }
  double want = 0.5 + 0.25 * ((double) N * (N - 1) / 2);
  CHECK(sum == want, "+ : %.17g != %.17g", sum, want);
  CHECK(prod == 256.0, "* : %.17g != 256", prod);
  CHECK(mx == (N - 1) - 1000.5, "max : %.17g != %.17g", mx,
        (N - 1) - 1000.5);
  CHECK(mn == -1000.5, "min : %.17g != -1000.5", mn);
  CHECK(land == 1.0, "&& : %g != 1", land);
  CHECK(lor == 1.0, "|| : %g != 1", lor);

  /* float too.  */
  float fs = 0.0f;
#pragma omp parallel for reduction(+ : fs)
  for (int i = 0; i < 256; i++)
    fs += 0.5f;
  CHECK(fs == 128.0f, "float + : %g != 128", (double) fs);

  /* Negative-zero / sign: min over all-positive values stays positive.  */
  double pm = 1e300;
#pragma omp parallel for reduction(min : pm)
  for (int i = 1; i <= 100; i++)
    pm = pm < 1.0 / i ? pm : 1.0 / i;
  CHECK(pm == 0.01, "min of 1/i: %.17g != 0.01", pm);
  return 0;
}
