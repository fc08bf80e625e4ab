/* A team of four where three threads wait, each on something else: thread
   0 holds a lock and the critical section "report", thread 1 waits for the
   lock, thread 2 for the critical section, thread 3 at the barrier.  Once
   they all wait, thread 0 calls all_waiting() (the demo stops GDB there),
   then lets everyone go.  Build: gcc -fopenmp -g -o waits waits.c */
#include <omp.h>
#include <stdio.h>
#include <unistd.h>

static omp_lock_t qlock;
static volatile int holding;
static int waiting;

__attribute__((noinline)) void all_waiting(void)
{
  __asm__ volatile("" ::: "memory");
}

static void hold_then_release(void)
{
  omp_set_lock(&qlock);
#pragma omp critical(report)
  {
    holding = 1;
    while (__atomic_load_n(&waiting, __ATOMIC_ACQUIRE) < 3)
      usleep(1000);
    usleep(200 * 1000);   /* the others are in their waits by now */
    all_waiting();
  }
  omp_unset_lock(&qlock);
}

int main(void)
{
  omp_init_lock(&qlock);
  omp_set_dynamic(0);
#pragma omp parallel num_threads(4)
  {
    int me = omp_get_thread_num();
    if (me == 0) {
      hold_then_release();
    } else {
      while (!holding)
        usleep(1000);
      __atomic_add_fetch(&waiting, 1, __ATOMIC_RELEASE);
      if (me == 1) {
        omp_set_lock(&qlock);
        omp_unset_lock(&qlock);
      } else if (me == 2) {
#pragma omp critical(report)
        me = 2;
      }
    }
#pragma omp barrier
  }
  omp_destroy_lock(&qlock);
  printf("waits: done\n");
  return 0;
}
