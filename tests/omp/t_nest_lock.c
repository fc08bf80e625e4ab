/* Nestable locks: the owner may re-acquire; omp_test_nest_lock returns the
   new nesting count (and 0 when another thread owns it); the lock is free
   only after as many unsets as sets; mutual exclusion between threads.  */
#define TEST "t_nest_lock"
#include "omp_test.h"

static omp_nest_lock_t nl;
static long counter;

static void
recurse(int depth)
{
  omp_set_nest_lock(&nl);
  counter++;
  if (depth > 0)
    recurse(depth - 1);
  omp_unset_nest_lock(&nl);
}

int
main(void)
{
  omp_init_nest_lock(&nl);
  for (int k = 1; k <= 5; k++)
    {
      int c = omp_test_nest_lock(&nl);
      CHECK(c == k, "omp_test_nest_lock returned %d, expected nesting %d", c,
            k);
    }
  omp_set_nest_lock(&nl);
  CHECK(omp_test_nest_lock(&nl) == 7, "nesting count after set != 7");
  for (int k = 0; k < 7; k++)
    omp_unset_nest_lock(&nl);

  /* Now free: another thread can take it (team of 2 if available).  */
  int other = -1, team = 0;
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 0)
      team = omp_get_num_threads();
#pragma omp barrier
    if (omp_get_thread_num() == 1)
      {
        other = omp_test_nest_lock(&nl);
        if (other)
          omp_unset_nest_lock(&nl);
      }
  }
  if (team == 2)
    CHECK(other == 1, "after 7 unsets another thread's test got %d, "
          "expected 1 (lock still held?)",
          other);

  /* test_nest_lock from a non-owner fails while held.  */
  int held = 0, release = 0, res = -1;
#pragma omp parallel num_threads(2)
  {
    if (team == 2 && omp_get_num_threads() == 2)
      {
        if (omp_get_thread_num() == 0)
          {
            omp_set_nest_lock(&nl);
            omp_set_nest_lock(&nl);
            __atomic_store_n(&held, 1, __ATOMIC_SEQ_CST);
            double t0 = omp_get_wtime();
            while (!__atomic_load_n(&release, __ATOMIC_SEQ_CST)
                   && omp_get_wtime() - t0 < 5.0)
              sleep_us(50);
            omp_unset_nest_lock(&nl);
            omp_unset_nest_lock(&nl);
          }
        else
          {
            while (!__atomic_load_n(&held, __ATOMIC_SEQ_CST))
              sleep_us(50);
            res = omp_test_nest_lock(&nl);
            if (res)
              omp_unset_nest_lock(&nl);
            __atomic_store_n(&release, 1, __ATOMIC_SEQ_CST);
          }
      }
  }
  if (team == 2)
    CHECK(res == 0, "omp_test_nest_lock by a non-owner returned %d", res);

  /* Contention with recursion.  */
  int n = 0;
#pragma omp parallel
  {
#pragma omp single
    n = omp_get_num_threads();
    for (int k = 0; k < 300; k++)
      recurse(k % 4);
  }
  long want = 0;
  for (int k = 0; k < 300; k++)
    want += k % 4 + 1;
  CHECK(counter == want * n, "nest-lock counter %ld != %ld", counter,
        want * n);
  omp_destroy_nest_lock(&nl);

  return 0;
}
