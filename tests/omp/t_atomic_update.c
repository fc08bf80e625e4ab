/* atomic update on int/long/unsigned/double/float/char with + - * / & |
   ^ << >> and ++/-- forms: exact final values after concurrent updates.  */
#define TEST "t_atomic_update"
#include "omp_test.h"

#define PER 1000

int
main(void)
{
  int i_add = 0, i_sub = 0, i_inc = 0, i_dec = 0;
  long l_add = 0;
  unsigned u_or = 0, u_and = ~0u, u_xor = 0;
  double d_add = 0.0;
  float f_add = 0.0f;
  unsigned char c_add = 0;
  long l_mul = 1;
  unsigned long sh = 1;
  double d_div = 1 << 20;
  int n = 0;
#pragma omp parallel
  {
    int t = omp_get_thread_num();
#pragma omp single
    n = omp_get_num_threads();
    for (int k = 0; k < PER; k++)
      {
#pragma omp atomic
        i_add += 3;
#pragma omp atomic update
        i_sub -= 2;
#pragma omp atomic
        i_inc++;
#pragma omp atomic
        --i_dec;
#pragma omp atomic
        l_add += 1000000007L;
#pragma omp atomic
        d_add += 0.5;
#pragma omp atomic
        f_add += 1.0f;
#pragma omp atomic
        c_add += 1;
#pragma omp atomic
        u_xor ^= 1u << (k % 32);
      }
#pragma omp atomic
    u_or |= 1u << (t % 32);
#pragma omp atomic
    u_and &= ~(1u << (t % 32));
    if (t < 20)
      {
#pragma omp atomic
        l_mul *= 3;
#pragma omp atomic
        sh <<= 1;
#pragma omp atomic
        d_div /= 2.0;
      }
  }
  long tot = (long) n * PER;
  CHECK(i_add == 3 * tot, "int += : %d != %ld", i_add, 3 * tot);
  CHECK(i_sub == -2 * tot, "int -= : %d != %ld", i_sub, -2 * tot);
  CHECK(i_inc == tot, "int ++ : %d != %ld", i_inc, tot);
  CHECK(i_dec == -tot, "int -- : %d != %ld", i_dec, -tot);
  CHECK(l_add == 1000000007L * tot, "long += : %ld", l_add);
  CHECK(d_add == 0.5 * tot, "double += : %.17g != %.17g", d_add, 0.5 * tot);
  CHECK(f_add == (float) tot, "float += : %g != %ld", (double) f_add, tot);
  CHECK(c_add == (unsigned char) tot, "unsigned char += : %u != %u",
        (unsigned) c_add, (unsigned) (unsigned char) tot);
  /* Each thread XORs each bit PER/32 (+1 for low bits) times.  */
  unsigned want_xor = 0;
  for (int k = 0; k < PER; k++)
    want_xor ^= 1u << (k % 32);
  if (n % 2 == 0)
    want_xor = 0;
  CHECK(u_xor == want_xor, "unsigned ^= : %#x != %#x", u_xor, want_xor);
  unsigned want_or = 0;
  for (int t = 0; t < n; t++)
    want_or |= 1u << (t % 32);
  CHECK(u_or == want_or, "unsigned |= : %#x != %#x", u_or, want_or);
  CHECK(u_and == ~want_or, "unsigned &= : %#x != %#x", u_and, ~want_or);
  int m = n < 20 ? n : 20;
  long want_mul = 1;
  for (int k = 0; k < m; k++)
    want_mul *= 3;
  CHECK(l_mul == want_mul, "long *= : %ld != %ld", l_mul, want_mul);
  CHECK(sh == 1UL << m, "unsigned long <<= : %#lx != %#lx", sh, 1UL << m);
  CHECK(d_div == (double) (1 << 20) / (double) (1L << m),
        "double /= : %.17g", d_div);
  return 0;
}
