/* N OpenMP threads in known states, for timing paradbg-inspect: thread 0
   holds a lock and sleeps; every odd thread waits for that lock; every
   other even thread waits at a barrier.  Prints "ready" once all have
   arrived (plus a moment to settle), then sleeps until killed.

   usage: manythreads N */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static omp_lock_t qlock;
static int arrived;

int main(int argc, char **argv)
{
  int n = argc > 1 ? atoi(argv[1]) : 1024;
  if (n < 2) {
    fprintf(stderr, "usage: manythreads N (N >= 2)\n");
    return 2;
  }
  omp_set_dynamic(0);
  omp_init_lock(&qlock);
  omp_set_lock(&qlock);
#pragma omp parallel num_threads(n)
  {
    int me = omp_get_thread_num();
    if (omp_get_num_threads() != n && me == 0) {
      fprintf(stderr, "manythreads: got %d threads, not %d\n", omp_get_num_threads(), n);
      exit(1);
    }
    __atomic_add_fetch(&arrived, 1, __ATOMIC_RELEASE);
    if (me == 0) {
      while (__atomic_load_n(&arrived, __ATOMIC_ACQUIRE) < n)
        usleep(1000);
      usleep(500 * 1000);
      printf("ready\n");
      fflush(stdout);
      pause();
    } else if (me % 2 == 1) {
      omp_set_lock(&qlock);
    } else {
#pragma omp barrier
    }
  }
  return 0;
}
