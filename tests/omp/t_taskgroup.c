/* taskgroup: at its end all tasks created in it AND their descendants
   (grandchildren...) have completed; nested taskgroups; tasks created
   before the taskgroup are not waited for by it (only checked to finish
   by the end of the region).  */
#define TEST "t_taskgroup"
#include "omp_test.h"

static int leaves;

static void
spawn(int depth)
{
  if (depth == 0)
    {
      sleep_us(leaves % 97 == 0 ? 100 : 0);
      __atomic_add_fetch(&leaves, 1, __ATOMIC_SEQ_CST);
      return;
    }
  for (int k = 0; k < 3; k++)
    {
#pragma omp task
      spawn(depth - 1);
    }
  /* no taskwait: only the taskgroup waits for these */
}

int
main(void)
{
  int bad = 0, inner_bad = 0, before = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task shared(before)
    {
      sleep_us(200);
#pragma omp atomic
      before++;
    }
    for (int round = 0; round < 10; round++)
      {
        __atomic_store_n(&leaves, 0, __ATOMIC_SEQ_CST);
#pragma omp taskgroup
        {
#pragma omp task
          spawn(4); /* 81 leaves */
#pragma omp taskgroup
          {
#pragma omp task
            spawn(2); /* 9 leaves */
          }
          /* the inner group is done: at least its 9 leaves */
          if (__atomic_load_n(&leaves, __ATOMIC_SEQ_CST) < 9)
            inner_bad = 1;
        }
        if (__atomic_load_n(&leaves, __ATOMIC_SEQ_CST) != 90)
          bad = round + 1;
      }
  }
  CHECK(!inner_bad, "inner taskgroup ended before its descendants");
  CHECK(!bad, "round %d: taskgroup ended with %d of 90 descendants done",
        bad - 1, leaves);
  CHECK(before == 1, "task created before the taskgroup ran %d times",
        before);
  return 0;
}
