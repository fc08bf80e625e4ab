/* depend(mutexinoutset:) tasks never overlap each other but all follow
   the preceding out and precede the following in; depend(depobj:) objects
   built with the depobj construct behave like the plain dependence.  */
#define TEST "t_task_depend_mutex"
#include "omp_test.h"

int
main(void)
{
  for (int round = 0; round < 40; round++)
    {
      int x = 0, inflight = 0, overlap = 0, order_bad = 0, seen_final = -1;
      int stage = 0; /* 1 after writer, 2 after all mutex tasks */
#pragma omp parallel
#pragma omp single
      {
#pragma omp task depend(out : x) shared(x, stage)
        {
          sleep_us(200);
          x = 100;
          __atomic_store_n(&stage, 1, __ATOMIC_SEQ_CST);
        }
        for (int k = 0; k < 6; k++)
          {
#pragma omp task depend(mutexinoutset : x) shared(x, inflight, overlap,    \
                                                  order_bad, stage)
            {
              if (__atomic_load_n(&stage, __ATOMIC_SEQ_CST) != 1)
                order_bad = 1;
              if (__atomic_add_fetch(&inflight, 1, __ATOMIC_SEQ_CST) != 1)
                overlap = 1;
              int v = x;
              sleep_us(30);
              x = v + 1;
              __atomic_sub_fetch(&inflight, 1, __ATOMIC_SEQ_CST);
            }
          }
#pragma omp task depend(in : x) shared(x, seen_final)
        seen_final = x;
      }
      CHECK(!order_bad, "round %d: a mutexinoutset task ran before the out "
            "task finished", round);
      CHECK(!overlap, "round %d: two mutexinoutset tasks ran concurrently",
            round);
      CHECK(seen_final == 106,
            "round %d: in task saw x=%d, expected 106 (after all mutex tasks)",
            round, seen_final);
    }

  /* depobj.  */
  int y = 0;
  int got = -1;
  omp_depend_t obj_out, obj_in;
#pragma omp depobj(obj_out) depend(out : y)
#pragma omp depobj(obj_in) depend(in : y)
#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend(depobj : obj_out) shared(y)
    {
      sleep_us(500);
      y = 5;
    }
#pragma omp task depend(depobj : obj_in) shared(y, got)
    got = y;
  }
#pragma omp depobj(obj_out) destroy
#pragma omp depobj(obj_in) destroy
  CHECK(got == 5, "depobj: in task saw y=%d before the out task wrote 5",
        got);
  return 0;
}
