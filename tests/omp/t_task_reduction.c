/* taskgroup task_reduction(op: vars) with tasks in_reduction(op: vars):
   results equal the serial ones for + * max and with several variables,
   nested taskgroup reductions, and participating tasks created by
   other tasks.  */
#define TEST "t_task_reduction"
#include "omp_test.h"

int
main(void)
{
  long sum = 100;
  double prod = 1.0;
  int mx = -5;
#pragma omp parallel
#pragma omp single
  {
#pragma omp taskgroup task_reduction(+ : sum) task_reduction(* : prod)     \
  task_reduction(max : mx)
    {
      for (int i = 0; i < 200; i++)
        {
#pragma omp task in_reduction(+ : sum) in_reduction(* : prod)              \
  in_reduction(max : mx) firstprivate(i)
          {
            sum += i;
            if (i % 25 == 0)
              prod *= 2.0;
            mx = i * 3 % 401 > mx ? i * 3 % 401 : mx;
          }
        }
      /* The taskgroup's own task may participate too.  */
#pragma omp task in_reduction(+ : sum)
      {
        sum += 1000;
        /* A grandchild participating in the same reduction.  */
#pragma omp task in_reduction(+ : sum)
        sum += 5000;
      }
    }
  }
  CHECK(sum == 100 + 19900 + 6000, "task_reduction +: %ld != %ld", sum,
        100L + 19900 + 6000);
  CHECK(prod == 256.0, "task_reduction *: %g != 256", prod);
  int want_mx = -5;
  for (int i = 0; i < 200; i++)
    want_mx = i * 3 % 401 > want_mx ? i * 3 % 401 : want_mx;
  CHECK(mx == want_mx, "task_reduction max: %d != %d", mx, want_mx);

  /* Nested taskgroups reducing different variables; repeated.  */
  for (int round = 0; round < 20; round++)
    {
      long outer = 0, inner = 0;
#pragma omp parallel
#pragma omp single
#pragma omp taskgroup task_reduction(+ : outer)
      {
        for (int i = 0; i < 10; i++)
          {
#pragma omp task in_reduction(+ : outer) firstprivate(i)
            outer += i;
          }
#pragma omp taskgroup task_reduction(+ : inner)
        {
          for (int i = 0; i < 10; i++)
            {
#pragma omp task in_reduction(+ : inner, outer) firstprivate(i)
              {
                inner += 2 * i;
                outer += 1;
              }
            }
        }
      }
      CHECK(outer == 45 + 10 && inner == 90,
            "round %d: nested task reductions outer=%ld inner=%ld", round,
            outer, inner);
    }
  return 0;
}
