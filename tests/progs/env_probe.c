/* Prints the ICVs a program sees, after checking that a parallel region and
   a dynamic loop still compute the right answer; used by env-warnings.test. */
#include <omp.h>
#include <stdio.h>

int main(void)
{
  long sum = 0;
  int team = 0;
#pragma omp parallel reduction(+ : sum)
  {
#pragma omp single
    team = omp_get_num_threads();
#pragma omp for schedule(runtime)
    for (int i = 0; i < 1000; i++)
      sum += i;
  }
  if (sum != 499500) {
    fprintf(stderr, "env_probe: sum %ld != 499500\n", sum);
    return 1;
  }
  omp_sched_t kind;
  int chunk;
  omp_get_schedule(&kind, &chunk);
  printf("max_threads=%d team=%d dynamic=%d schedule=%d,%d max_active_levels=%d "
         "thread_limit=%d proc_bind=%d\n",
         omp_get_max_threads(), team, omp_get_dynamic(), (int)kind, chunk,
         omp_get_max_active_levels(), omp_get_thread_limit(), (int)omp_get_proc_bind());
  return 0;
}
