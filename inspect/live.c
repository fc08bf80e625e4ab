/* A live process as a target: every thread stopped with PTRACE_SEIZE and
   PTRACE_INTERRUPT, memory read through /proc/PID/mem, threads taken from
   /proc/PID/task.  live_release detaches, giving back any signal a thread
   stopped with, so the process goes on as it was. */
#define _GNU_SOURCE
#include "config.h"

#include <dirent.h>
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/uio.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "files.h"
#include "messages.h"
#include "status.h"
#include "symbols.h"
#include "target.h"
#include "tls.h"

/* Bounds: a process may make threads as fast as we stop them. */
#define MAX_LIVE_THREADS (1 << 20)
#define MAX_ATTACH_ROUNDS 64
#define STOP_TIMEOUT_S 10

struct live {
  int mem;
};

/* What live_release needs, kept where a signal handler can reach it. */
static struct inspect_thread *volatile traced;
static volatile unsigned ntraced;

void live_release(void)
{
  struct inspect_thread *th = traced;
  unsigned n = ntraced;
  ntraced = 0;
  for (unsigned i = 0; th != NULL && i < n; i++)
    ptrace(PTRACE_DETACH, th[i].lwp, NULL, (void *)(long)th[i].signal);
}

static int live_read(struct target *t, uint64_t addr, void *buf, size_t n)
{
  struct live *l = t->priv;
  unsigned char *out = buf;
  while (n > 0) {
    ssize_t got = pread(l->mem, out, n, (off_t)addr);
    if (got <= 0)
      return -1;
    out += got, addr += (uint64_t)got, n -= (size_t)got;
  }
  return 0;
}

static int live_attach_unwinder(struct target *t)
{
  return unwind_attach(t, NULL);
}

static void live_close(struct target *t)
{
  struct live *l = t->priv;
  tls_forget(t);
  pointers_forget(t);
  unwind_forget(t);
  frame_forget();
  if (t->dwfl != NULL)
    dwfl_end(t->dwfl);
  live_release();
  traced = NULL;
  if (l->mem >= 0)
    close(l->mem);
  free(l);
  free(t->threads);
  free(t->name);
  free(t);
}

static int known(const struct target *t, pid_t tid)
{
  for (unsigned i = 0; i < t->nthreads; i++)
    if (t->threads[i].lwp == tid)
      return 1;
  return 0;
}

/* Waits for tid's stop, up to the deadline (a thread in uninterruptible
   sleep may never stop); records a signal it stopped with instead of our
   interrupt.  0, or -1 if the thread is gone or did not stop. */
static int wait_stop(struct inspect_thread *th, const struct timespec *deadline)
{
  for (;;) {
    int status;
    pid_t r = waitpid(th->lwp, &status, __WALL | WNOHANG);
    if (r < 0 && errno == EINTR)
      continue;
    if (r == 0) {
      struct timespec now, tick = { 0, 1000 * 1000 };
      clock_gettime(CLOCK_MONOTONIC, &now);
      if (now.tv_sec > deadline->tv_sec ||
          (now.tv_sec == deadline->tv_sec && now.tv_nsec >= deadline->tv_nsec)) {
        warn("thread %d did not stop; it is left out", (int)th->lwp);
        return -1;
      }
      nanosleep(&tick, NULL);
      continue;
    }
    if (r < 0 || WIFEXITED(status) || WIFSIGNALED(status))
      return -1;
    if (!WIFSTOPPED(status))
      continue;
    int event = status >> 16;
    if (event == PTRACE_EVENT_STOP)
      return 0;   /* our interrupt, or a group-stop that stays on detach */
    if (event == 0)
      th->signal = WSTOPSIG(status);   /* it was taking a signal: give it back later */
    return 0;
  }
}

/* A zombie (say, a main thread that called pthread_exit) never stops. */
static int is_zombie(pid_t pid, pid_t tid)
{
  char path[64], buf[512];
  snprintf(path, sizeof path, "/proc/%d/task/%d/stat", (int)pid, (int)tid);
  FILE *f = fopen(path, "re");
  if (f == NULL)
    return 1;
  size_t n = fread(buf, 1, sizeof buf - 1, f);
  fclose(f);
  buf[n] = '\0';
  const char *close = strrchr(buf, ')');
  return close == NULL || close[1] == '\0' || close[2] == 'Z' || close[2] == 'X';
}

static void read_registers(struct inspect_thread *th)
{
  struct user_regs_struct regs;
  struct iovec io = { &regs, sizeof regs };
  if (ptrace(PTRACE_GETREGSET, th->lwp, (void *)(long)NT_PRSTATUS, &io) == 0)
    regs_keep(th, &regs, io.iov_len);
}

/* Stops every thread, including those made while we stop the others. */
static int stop_all(struct target *t)
{
  char dir[64];
  snprintf(dir, sizeof dir, "/proc/%d/task", (int)t->pid);
  for (int round = 0; round < MAX_ATTACH_ROUNDS; round++) {
    DIR *d = opendir(dir);
    if (d == NULL)
      return t->nthreads ? ST_OK : fail(ST_TARGET, "no process %d", (int)t->pid);
    int added = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
      pid_t tid = (pid_t)strtol(e->d_name, NULL, 10);
      if (tid <= 0 || known(t, tid) || is_zombie(t->pid, tid))
        continue;
      if (t->nthreads == MAX_LIVE_THREADS) {
        closedir(d);
        return fail(ST_TARGET, "process %d has more than %d threads", (int)t->pid, MAX_LIVE_THREADS);
      }
      if (ptrace(PTRACE_SEIZE, tid, NULL, NULL) != 0) {
        if (errno == ESRCH)
          continue;   /* it has just ended */
        int err = errno;
        closedir(d);
        if (err == EPERM)
          return fail(ST_TARGET, "may not trace process %d: %s (another debugger may be attached, "
                      "or see /proc/sys/kernel/yama/ptrace_scope)", (int)t->pid, strerror(err));
        return fail(ST_TARGET, "cannot trace process %d: %s", (int)t->pid, strerror(err));
      }
      if ((t->nthreads & (t->nthreads - 1)) == 0) {
        size_t cap = t->nthreads ? 2 * (size_t)t->nthreads : 16;
        struct inspect_thread *grown = realloc(t->threads, cap * sizeof *grown);
        if (grown == NULL) {
          ptrace(PTRACE_DETACH, tid, NULL, NULL);
          closedir(d);
          return fail(ST_FAILED, "out of memory");
        }
        t->threads = grown;
        traced = grown;
      }
      t->threads[t->nthreads] = (struct inspect_thread){ .lwp = tid };
      ntraced = ++t->nthreads;
      ptrace(PTRACE_INTERRUPT, tid, NULL, NULL);
      added = 1;
    }
    closedir(d);
    if (!added)
      break;
  }
  /* Threads that did not stop stay traced until we exit, when the kernel
     lets them go; they are not read. */
  struct timespec deadline;
  clock_gettime(CLOCK_MONOTONIC, &deadline);
  deadline.tv_sec += STOP_TIMEOUT_S;
  unsigned kept = 0;
  for (unsigned i = 0; i < t->nthreads; i++)
    if (wait_stop(&t->threads[i], &deadline) == 0)
      t->threads[kept++] = t->threads[i];
  ntraced = t->nthreads = kept;
  if (kept == 0)
    return fail(ST_TARGET, "process %d has ended", (int)t->pid);
  for (unsigned i = 0; i < t->nthreads; i++) {
    read_registers(&t->threads[i]);
    if (t->threads[i].lwp == t->pid)
      t->current = i;
  }
  return ST_OK;
}

int live_open(pid_t pid, struct target **out)
{
  if (pid <= 0)
    return fail(ST_USAGE, "-p needs a process id greater than 0");
  if (pid == getpid())
    return fail(ST_TARGET, "cannot inspect paradbg-inspect itself");
  char path[64];
  snprintf(path, sizeof path, "/proc/%d", (int)pid);
  if (access(path, F_OK) != 0)
    return fail(ST_TARGET, "no process %d", (int)pid);
  struct target *t = calloc(1, sizeof *t);
  struct live *l = calloc(1, sizeof *l);
  if (t == NULL || l == NULL) {
    free(t), free(l);
    return fail(ST_FAILED, "out of memory");
  }
  l->mem = -1;
  t->priv = l;
  t->pid = t->tgid = pid;
  t->pointer_size = sizeof(void *);
  t->read = live_read;
  t->attach_unwinder = live_attach_unwinder;
  t->close = live_close;
  if (asprintf(&t->name, "process %d", (int)pid) < 0)
    t->name = NULL;
  int st = stop_all(t);
  /* Memory and mappings through a thread that has them: a leader that
     called pthread_exit has none. */
  pid_t mm = st == ST_OK ? t->threads[0].lwp : pid;
  if (st == ST_OK) {
    snprintf(path, sizeof path, "/proc/%d/task/%d/mem", (int)pid, (int)mm);
    l->mem = open(path, O_RDONLY | O_CLOEXEC);
    if (l->mem < 0)
      st = fail(ST_TARGET, "cannot read the memory of process %d: %s", (int)pid, strerror(errno));
  }
  if (st == ST_OK) {
    static const Dwfl_Callbacks callbacks = {
      .find_elf = find_live_elf_safely,
      .find_debuginfo = find_debuginfo_safely,
      .debuginfo_path = &safe_debuginfo_path,
    };
    t->dwfl = dwfl_begin(&callbacks);
    if (t->dwfl == NULL || dwfl_linux_proc_report(t->dwfl, mm) != 0 ||
        dwfl_report_end(t->dwfl, NULL, NULL) != 0)
      st = fail(ST_TARGET, "cannot read the mappings of process %d: %s", (int)pid, dwfl_errmsg(-1));
  }
  if (st != ST_OK) {
    live_close(t);
    return st;
  }
  *out = t;
  return ST_OK;
}
