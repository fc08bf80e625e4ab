/* OpenMP events for the "catch openmp" tests: one region of three threads
   whose single thread generates one explicit task, then a second region of
   two.  It prints what it knows (region bodies by line, the task's line)
   so the test can compare the stops with it. */
#include <omp.h>
#include <stdio.h>

static volatile int sink;

static void work(int n)
{
  sink += n;
}

int main(void)
{
  omp_set_dynamic(0);
#pragma omp parallel num_threads(3)
  {
    work(omp_get_thread_num());   /* BODY1 */
#pragma omp single
    {
#pragma omp task
      work(100);                  /* TASK */
    }
  }
#pragma omp parallel num_threads(2)
  work(omp_get_thread_num());     /* BODY2 */
  printf("done\n");
  return 0;
}
