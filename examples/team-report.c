/* The quick-start demo: an OpenMP program that makes its threads share a
   loop, a critical section and some tasks, then reports who did what.
   With --stuck it then hangs on purpose, for paradbg-inspect to look at:
   thread 0 keeps critical(report) while the others wait for it. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <string.h>
#include <omp.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <unistd.h>

#define MAX_THREADS 256

struct report {
  long lwp;
  long iterations;
  long tasks;
  long critical;
};

static struct report reports[MAX_THREADS];

/* Enough work per item that every thread gets a share. */
static double work(long i)
{
  double x = (double)i;
  for (int k = 0; k < 2000; k++)
    x = x * 0.999 + 1.0;
  return x;
}

static volatile double sink;

static void task_work(long i)
{
  int me = omp_get_thread_num();
  sink = work(i);
  if (me < MAX_THREADS)
    __atomic_add_fetch(&reports[me].tasks, 1, __ATOMIC_RELAXED);
}

static void stuck(void)
{
  static volatile int inside;
#pragma omp parallel
  {
    if (omp_get_thread_num() == 0) {
#pragma omp critical(report)
      {
        inside = 1;
        printf("stuck: process %d, OpenMP thread 0 keeps critical(report)\n", (int)getpid());
        fflush(stdout);
        for (;;)
          pause();
      }
    } else {
      while (!inside)
        ;
#pragma omp critical(report)
      sink = 0;
    }
  }
}

int main(int argc, char **argv)
{
  Dl_info info;
  double t0 = omp_get_wtime();
  long sum = 0;
  int team = 0;

#pragma omp parallel reduction(+ : sum)
  {
    int me = omp_get_thread_num();
    struct report *r = me < MAX_THREADS ? &reports[me] : NULL;
    if (r)
      r->lwp = (long)syscall(SYS_gettid);
#pragma omp single
    team = omp_get_num_threads();
#pragma omp for schedule(dynamic, 64)
    for (long i = 0; i < 100000; i++) {
      sum += i;
      if (i % 16 == 0)
        sink = work(i);
      if (r)
        r->iterations++;
    }
#pragma omp critical(report)
    if (r)
      r->critical++;
#pragma omp single
    for (long i = 0; i < 200; i++) {
#pragma omp task firstprivate(i)
      task_work(i);
    }
  }

  const char *runtime = dladdr((void *)omp_get_thread_num, &info) && info.dli_fname
                            ? info.dli_fname : "unknown";
  printf("OpenMP runtime: %s\n", runtime);
  printf("team of %d threads, %.3f ms\n\n", team, (omp_get_wtime() - t0) * 1e3);
  printf("  OMP  LWP       loop iterations  tasks  critical\n");
  long total_iter = 0, total_tasks = 0;
  for (int t = 0; t < team && t < MAX_THREADS; t++) {
    printf("  %-4d %-9ld %15ld  %5ld  %8ld\n", t, reports[t].lwp, reports[t].iterations,
           reports[t].tasks, reports[t].critical);
    total_iter += reports[t].iterations;
    total_tasks += reports[t].tasks;
  }
  int ok = sum == 4999950000L && total_iter == 100000 && total_tasks == 200;
  printf("\nsum %ld (%s), %ld iterations, %ld tasks\n", sum, ok ? "correct" : "WRONG",
         total_iter, total_tasks);
  fflush(stdout);
  if (argc > 1 && strcmp(argv[1], "--stuck") == 0)
    stuck();
  return ok ? 0 : 1;
}
