/* A hang with known roles, for paradbg-inspect's tests.  Six OpenMP threads
   at level 1 and a nested team of two at level 2 each take a role: a lock
   holder and a lock waiter, a holder and a waiter of critical(alpha), the
   runner of an explicit task, a barrier waiter and a worker in the nested
   team.  A thread outside OpenMP watches: once every role has been taken,
   it writes RECORD (what each thread knows of itself), prints "ready", and
   waits for SIGUSR1, which releases everyone; the program then ends 0.

   Record lines: lwp=N openmp=1 role=R num=N level=N ancestor=N state=S
   wait=W (W is "-" or the words the wait should be shown with; "@region"
   means "barrier of region" plus the thread's own region id), and
   task=explicit for the task runner.  The watcher is openmp=0. */
#define _GNU_SOURCE
#include <omp.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define ROLES 7

static omp_lock_t qlock;
static volatile int released, lock_taken, critical_taken;
static int arrived;
static char lines[ROLES + 1][256];
static const char *record;

static pid_t gettid_(void)
{
  return (pid_t)syscall(SYS_gettid);
}

/* Notes this thread's role; the wait itself comes right after. */
static void take_role(const char *role, const char *state, const char *wait, int is_task)
{
  int i = __atomic_fetch_add(&arrived, 1, __ATOMIC_ACQ_REL);
  if (i >= ROLES)
    abort();
  snprintf(lines[i], sizeof lines[i],
           "lwp=%d openmp=1 role=%s num=%d level=%d ancestor=%d state=%s wait=%s%s\n",
           (int)gettid_(), role, omp_get_thread_num(), omp_get_level(),
           omp_get_ancestor_thread_num(1), state, wait, is_task ? " task=explicit" : "");
}

static void spin_until_released(void)
{
  while (!released)
    __asm__ volatile("" ::: "memory");
}

static void *watcher(void *arg)
{
  (void)arg;
  struct timespec tick = { 0, 10 * 1000 * 1000 };
  for (int i = 0; __atomic_load_n(&arrived, __ATOMIC_ACQUIRE) < ROLES; i++) {
    if (i > 6000) {
      fprintf(stderr, "scene: the roles were not all taken in 60 s\n");
      exit(3);
    }
    nanosleep(&tick, NULL);
  }
  /* The waiters announced themselves just before waiting: give them time
     to be in their waits. */
  struct timespec settle = { 0, 300 * 1000 * 1000 };
  nanosleep(&settle, NULL);
  FILE *f = fopen(record, "w");
  if (f == NULL) {
    perror(record);
    exit(3);
  }
  for (int i = 0; i < ROLES; i++)
    fputs(lines[i], f);
  fprintf(f, "lwp=%d openmp=0 role=watcher\n", (int)gettid_());
  fprintf(f, "qlock=%p\n", (void *)&qlock);
  fclose(f);
  printf("ready\n");
  fflush(stdout);
  sigset_t usr1;
  sigemptyset(&usr1);
  sigaddset(&usr1, SIGUSR1);
  int sig;
  sigwait(&usr1, &sig);
  released = 1;
  return NULL;
}

int main(int argc, char **argv)
{
  if (argc != 2) {
    fprintf(stderr, "usage: scene RECORD\n");
    return 2;
  }
  record = argv[1];
  sigset_t usr1;
  sigemptyset(&usr1);
  sigaddset(&usr1, SIGUSR1);
  pthread_sigmask(SIG_BLOCK, &usr1, NULL);   /* only the watcher takes it */
  omp_init_lock(&qlock);
  omp_set_max_active_levels(2);
  omp_set_dynamic(0);
  pthread_t w;
  pthread_create(&w, NULL, watcher, NULL);
  int sum = 0;
#pragma omp parallel num_threads(6) reduction(+ : sum)
  {
    switch (omp_get_thread_num()) {
    case 0:
      omp_set_lock(&qlock);
      lock_taken = 1;
      take_role("lock-holder", "work_parallel", "-", 0);
      spin_until_released();
      omp_unset_lock(&qlock);
      break;
    case 1:
      while (!lock_taken)
        ;
      take_role("lock-waiter", "wait_lock", "lock", 0);
      omp_set_lock(&qlock);
      omp_unset_lock(&qlock);
      break;
    case 2:
#pragma omp critical(alpha)
      {
        critical_taken = 1;
        take_role("critical-holder", "work_parallel", "-", 0);
        spin_until_released();
      }
      break;
    case 3:
      while (!critical_taken)
        ;
      take_role("critical-waiter", "wait_critical", "critical alpha", 0);
#pragma omp critical(alpha)
      sum += 0;
      break;
    case 4:
#pragma omp task
      {
        take_role("task-runner", "work_parallel", "-", 1);
        spin_until_released();
      }
#pragma omp taskwait
      break;
    case 5:
#pragma omp parallel num_threads(2)
      {
        if (omp_get_thread_num() == 0) {
          take_role("nested-barrier", "wait_barrier*", "@region", 0);
        } else {
          take_role("nested-worker", "work_parallel", "-", 0);
          spin_until_released();
        }
#pragma omp barrier
      }
      break;
    }
    sum += 1;
  }
  pthread_join(w, NULL);
  if (sum != 6) {
    fprintf(stderr, "scene: sum is %d, not 6\n", sum);
    return 1;
  }
  printf("done\n");
  return 0;
}
