/* The error directive at(execution) (OpenMP 5.1; GOMP_warning /
   GOMP_error): severity(warning) displays the message and execution
   continues; severity(fatal) displays it and terminates the program with a
   failure status (checked in a child process).  */
#define TEST "t_error_directive"
#include "omp_test.h"
#include <fcntl.h>
#include <sys/wait.h>

/* Run FN with stderr redirected to a temporary file; return what it
   printed (static buffer).  */
static const char *
capture_stderr(void (*fn)(void))
{
  static char buf[4096];
  char path[] = "/tmp/t_error_directive.XXXXXX";
  int fd = mkstemp(path);
  if (fd < 0)
    fail("mkstemp failed");
  unlink(path);
  fflush(stderr);
  int saved = dup(2);
  dup2(fd, 2);
  fn();
  fflush(stderr);
  dup2(saved, 2);
  close(saved);
  lseek(fd, 0, SEEK_SET);
  ssize_t n = read(fd, buf, sizeof buf - 1);
  close(fd);
  buf[n > 0 ? n : 0] = '\0';
  return buf;
}

static int after_warning;

static void
warn_once(void)
{
#pragma omp error at(execution) severity(warning) message("paromp-warning-42")
  after_warning = 1;
}

static int cont;

static void
warn_in_region(void)
{
#pragma omp parallel num_threads(2)
  {
#pragma omp masked
    {
#pragma omp error at(execution) severity(warning) message("paromp-in-region")
#pragma omp atomic
      cont++;
    }
  }
}

int
main(void)
{
  /* fatal, in a child (before this process starts any threads).  */
  int pipefd[2];
  if (pipe(pipefd) != 0)
    fail("pipe failed");
  pid_t pid = fork();
  if (pid < 0)
    fail("fork failed");
  if (pid == 0)
    {
      dup2(pipefd[1], 2);
      close(pipefd[0]);
#pragma omp error at(execution) severity(fatal) message("paromp-fatal-17")
      _exit(0); /* must not be reached */
    }
  close(pipefd[1]);
  char out[4096];
  size_t got = 0;
  ssize_t r;
  while (got < sizeof out - 1
         && (r = read(pipefd[0], out + got, sizeof out - 1 - got)) > 0)
    got += r;
  out[got] = '\0';
  close(pipefd[0]);
  int status;
  waitpid(pid, &status, 0);
  CHECK(!(WIFEXITED(status) && WEXITSTATUS(status) == 0),
        "severity(fatal) error directive did not stop the program");
  CHECK(strstr(out, "paromp-fatal-17") != NULL,
        "severity(fatal) error directive did not display its message");

  /* warning: message shown, execution continues, also inside a region.  */
  const char *w = capture_stderr(warn_once);
  CHECK(after_warning == 1, "execution did not continue after a warning");
  CHECK(strstr(w, "paromp-warning-42") != NULL,
        "severity(warning) error directive did not display its message");
  w = capture_stderr(warn_in_region);
  CHECK(cont == 1, "execution did not continue after a warning in a region");
  CHECK(strstr(w, "paromp-in-region") != NULL,
        "warning in a parallel region did not display its message");
  return 0;
}
