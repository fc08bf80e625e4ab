/* A process whose main thread has called pthread_exit (a zombie that
   never stops for ptrace) while a team of two OpenMP threads sleeps in a
   parallel region.  Prints "ready" when the team is asleep. */
#include <omp.h>
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

static void *team(void *arg)
{
  (void)arg;
#pragma omp parallel num_threads(2)
  {
#pragma omp barrier
    if (omp_get_thread_num() == 0) {
      printf("ready\n");
      fflush(stdout);
    }
    sleep(120);
  }
  return NULL;
}

int main(void)
{
  pthread_t t;
  pthread_create(&t, NULL, team, NULL);
  pthread_exit(NULL);
}
