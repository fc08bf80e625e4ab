/* After parallel regions, the process forks; the child's own regions must
   get full teams (libgomp's child hangs here; libparomp's must not).  The
   child also checks that the runtime's registry lists only its own thread
   before its first region. */
#include <omp.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

extern unsigned paromp_thread_count __attribute__((weak));

int main(void)
{
  int n = 0;
#pragma omp parallel
  {
#pragma omp atomic
    n++;
  }
  if (n != omp_get_max_threads()) {
    fprintf(stderr, "fork_after_parallel: parent team %d != %d\n", n, omp_get_max_threads());
    return 1;
  }
  pid_t p = fork();
  if (p < 0) {
    perror("fork_after_parallel: fork");
    return 1;
  }
  if (p == 0) {
    if (&paromp_thread_count != NULL && paromp_thread_count != 1) {
      fprintf(stderr, "fork_after_parallel: child registry has %u threads\n", paromp_thread_count);
      _exit(2);
    }
    int m = 0;
    for (int round = 0; round < 3; round++) {
#pragma omp parallel num_threads(3)
      {
#pragma omp atomic
        m++;
      }
    }
    if (m != 9) {
      fprintf(stderr, "fork_after_parallel: child teams ran %d threads, want 9\n", m);
      _exit(1);
    }
    _exit(0);
  }
  int status;
  if (waitpid(p, &status, 0) != p || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    fprintf(stderr, "fork_after_parallel: child failed (status %d)\n", status);
    return 1;
  }
  return 0;
}
