/* env: OMP_SCHEDULE=sideways,zz OMP_DYNAMIC=maybe OMP_PROC_BIND=upward OMP_MAX_ACTIVE_LEVELS=-3 OMP_THREAD_LIMIT=0 OMP_STACKSIZE=lots OMP_WAIT_POLICY=idle OMP_NUM_THREADS=2,x */
/* Several malformed OpenMP variables at once: the runtime may warn and
   must use defaults; the ICVs it reports are valid and the program works.  */
#define TEST "t_env_malformed_mix"
#include "omp_test.h"

int
main(void)
{
  omp_sched_t k;
  int c;
  omp_get_schedule(&k, &c);
  int kind = k & ~omp_sched_monotonic;
  CHECK(kind >= omp_sched_static && kind <= omp_sched_auto,
        "omp_get_schedule kind %#x invalid", (unsigned) k);
  CHECK(omp_get_dynamic() == 0 || omp_get_dynamic() == 1,
        "omp_get_dynamic() %d", omp_get_dynamic());
  int pb = omp_get_proc_bind();
  CHECK(pb >= 0 && pb <= 4, "omp_get_proc_bind() %d", pb);
  CHECK(omp_get_max_active_levels() >= 0, "omp_get_max_active_levels() %d",
        omp_get_max_active_levels());
  CHECK(omp_get_thread_limit() >= 1, "omp_get_thread_limit() %d",
        omp_get_thread_limit());
  CHECK(omp_get_max_threads() >= 1, "omp_get_max_threads() %d",
        omp_get_max_threads());
  long sum = 0;
#pragma omp parallel for schedule(runtime) reduction(+ : sum)
  for (int i = 0; i < 1000; i++)
    sum += i;
  CHECK(sum == 499500, "runtime-scheduled loop sum %ld", sum);
  int cnt = 0, n = 0;
#pragma omp parallel
  {
#pragma omp atomic
    cnt++;
#pragma omp barrier
#pragma omp single
    n = omp_get_num_threads();
  }
  CHECK(cnt == n && n >= 1, "region ran %d threads in a team of %d", cnt, n);
  return 0;
}
