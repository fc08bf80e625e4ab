/* task final(expr): omp_in_final() is true inside a final task and in
   all its descendants (which are included tasks, executed immediately by
   the encountering thread); false inside final(0) tasks outside any final
   task.  */
#define TEST "t_task_final"
#include "omp_test.h"

static int bad;

static void
descend(int depth, int *counter)
{
  if (!omp_in_final())
    __atomic_store_n(&bad, 1, __ATOMIC_RELAXED);
  if (depth == 0)
    return;
  int before = __atomic_load_n(counter, __ATOMIC_RELAXED);
#pragma omp task shared(counter) final(0)
  {
    __atomic_add_fetch(counter, 1, __ATOMIC_RELAXED);
    descend(depth - 1, counter);
  }
  /* Included task: already executed by now.  */
  if (__atomic_load_n(counter, __ATOMIC_RELAXED) <= before)
    __atomic_store_n(&bad, 2, __ATOMIC_RELAXED);
}

int
main(void)
{
  volatile int one = 1;
  int count = 0, outer_final = -1, nonfinal = -1;
#pragma omp parallel
#pragma omp single
  {
    outer_final = omp_in_final();
#pragma omp task final(1) shared(count)
    descend(6, &count);
#pragma omp task final(one > 0) shared(count)
    descend(3, &count);
#pragma omp task final(0) shared(nonfinal)
    nonfinal = omp_in_final();
#pragma omp taskwait
  }
  CHECK(outer_final == 0, "omp_in_final() true in a single outside tasks");
  CHECK(bad != 1, "omp_in_final() false inside a final task or descendant");
  CHECK(bad != 2, "child of a final task was deferred (not included)");
  CHECK(count == 9, "final task descendants ran %d times, expected 9", count);
  CHECK(nonfinal == 0, "omp_in_final() true inside a final(0) task");
  return 0;
}
