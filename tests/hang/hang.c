/* An OpenMP program that hangs on purpose, for the wait-for graph and
   merged stacks tests (tests/waits-inspect.test, stacks-inspect.test).
   Every thread of the team writes down what it holds and what it is about
   to wait for, from what it knows itself (its gettid(), its
   omp_get_thread_num(), the object's name as this source spells it),
   never from the runtime's state; then it blocks.  See README.md for the
   scenarios and the record's lines.

   Build: gcc -fopenmp -O1 -g -o hang hang.c; run on libparomp
   (LD_LIBRARY_PATH=<build>/target-runtime/omp/gompdir, or paradbg-run).

   Readiness: a watcher, a plain pthread started before the team, waits
   until every waiter sleeps in futex() (its /proc/self/task/TID/stat says
   S, its syscall is futex's) and every thread that leaves has gone, then
   writes "ready" as the record's last line, prints "ready" and ends, so
   that once its task is gone only the team's threads remain. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <omp.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

/* The objects, by the names the record gives them: global, so that the
   symbols name them too. */
omp_lock_t a, b, c;

#define MAXTHREADS 4096

static int record_fd = -1;
static int nthreads = 4;
static int tids[MAXTHREADS];        /* LWP by OpenMP thread number, once known */
static int flags[MAXTHREADS];       /* per-scenario steps, by thread number */
static int go_crash;                /* barrier-crash: the watcher has written ready */
static int task_started;            /* taskwait: the task runs, in thread task_tid */
static int task_tid;
static volatile int *volatile nowhere;  /* barrier-crash: the fault's address */
volatile unsigned long sink;        /* busy: the computation's result, kept */

/* One line of the record, written whole (one write, O_APPEND). */
static void record(const char *fmt, ...)
{
  char buf[512];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(buf, sizeof buf - 1, fmt, ap);
  va_end(ap);
  if (n < 0)
    _exit(3);
  if (n > (int)sizeof buf - 2)
    n = sizeof buf - 2;
  buf[n++] = '\n';
  if (record_fd >= 0 && write(record_fd, buf, n) != n)
    _exit(3);
}

static void die(const char *fmt, ...)
{
  char msg[256];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  record("error %s", msg);
  fprintf(stderr, "hang: %s\n", msg);
  exit(1);
}

static int my_tid(void)
{
  return (int)syscall(SYS_gettid);
}

static void sleep_ms(long ms)
{
  struct timespec t = {ms / 1000, ms % 1000 * 1000000L};
  nanosleep(&t, NULL);
}

static int get(int *p)
{
  return __atomic_load_n(p, __ATOMIC_SEQ_CST);
}

static void set(int *p, int v)
{
  __atomic_store_n(p, v, __ATOMIC_SEQ_CST);
}

/* Waits (at most 10 s) until *p is non-zero. */
static void await_flag(int *p, const char *what)
{
  for (int i = 0; i < 2000 && !get(p); i++)
    sleep_ms(5);
  if (!get(p))
    die("%s did not happen within 10 s", what);
}

/* Reads /proc/self/task/TID/FILE into buf; 0 if it cannot. */
static int read_task(int tid, const char *file, char *buf, size_t size)
{
  char path[64];
  snprintf(path, sizeof path, "/proc/self/task/%d/%s", tid, file);
  int fd = open(path, O_RDONLY);
  if (fd < 0)
    return 0;
  ssize_t n = read(fd, buf, size - 1);
  close(fd);
  if (n <= 0)
    return 0;
  buf[n] = 0;
  return 1;
}

/* Whether LWP tid sleeps in futex(). */
static int asleep_in_futex(int tid)
{
  char buf[512];
  if (!read_task(tid, "stat", buf, sizeof buf))
    return 0;
  const char *p = strrchr(buf, ')');   /* the command may hold anything */
  if (!p || strncmp(p, ") S", 3) != 0)
    return 0;
  if (!read_task(tid, "syscall", buf, sizeof buf))
    return 0;
  return strtol(buf, NULL, 10) == SYS_futex;
}

static int task_gone(int tid)
{
  char path[64];
  snprintf(path, sizeof path, "/proc/self/task/%d", tid);
  return access(path, F_OK) != 0;
}

/* What the watcher waits for: by OpenMP thread number, 'w' asleep in
   futex(), 'x' gone, 0 nothing (it computes, or will crash). */
static char awaited[MAXTHREADS];

static void *watch(void *arg)
{
  (void)arg;
  record("watcher %d", my_tid());
  for (int t = 0; t < nthreads; t++) {
    if (!awaited[t])
      continue;
    for (int i = 0; i < 4000 && !get(&tids[t]); i++)
      sleep_ms(5);
    if (!get(&tids[t]))
      die("OpenMP thread %d did not start within 20 s", t);
    int ok = 0;
    for (int i = 0; i < 1000 && !ok; i++) {
      ok = awaited[t] == 'w' ? asleep_in_futex(tids[t]) : task_gone(tids[t]);
      if (!ok)
        sleep_ms(10);
    }
    if (!ok)
      die("LWP %d (OpenMP thread %d) is not %s after 10 s", tids[t], t,
          awaited[t] == 'w' ? "asleep in futex()" : "gone");
  }
  /* a little grace, so a sleeper does not just pass through futex() */
  sleep_ms(100);
  record("ready");
  printf("ready\n");
  fflush(stdout);
  set(&go_crash, 1);
  return NULL;
}

/* Every thread of the team: who it is. */
static int enter(void)
{
  int t = omp_get_thread_num(), tid = my_tid();
  if (omp_get_num_threads() != nthreads)
    die("the team has %d threads, not %d", omp_get_num_threads(), nthreads);
  record("thread %d %d", tid, t);
  set(&tids[t], tid);
  return t;
}

/* Waits until every thread of the team has recorded itself. */
static void all_entered(void)
{
  for (int t = 0; t < nthreads; t++)
    await_flag(&tids[t], "a team member's start");
}

static void abba(void)
{
#pragma omp parallel num_threads(nthreads)
  {
    int t = enter();
    all_entered();
    omp_lock_t *mine = t == 0 ? &a : &b, *other = t == 0 ? &b : &a;
    const char *mine_s = t == 0 ? "a" : "b", *other_s = t == 0 ? "b" : "a";
    omp_set_lock(mine);
    record("hold %d lock %s", tids[t], mine_s);
    set(&flags[t], 1);
    await_flag(&flags[1 - t], "the other thread's lock");
    record("wait %d lock %s %d", tids[t], other_s, tids[1 - t]);
    omp_set_lock(other);
    die("thread %d took lock %s", t, other_s);
  }
}

static void lockcrit(void)
{
#pragma omp parallel num_threads(nthreads)
  {
    int t = enter();
    all_entered();
    if (t == 0) {
      omp_set_lock(&a);
      record("hold %d lock a", tids[0]);
      set(&flags[0], 1);
      await_flag(&flags[1], "thread 1's critical");
      record("wait %d critical log %d", tids[0], tids[1]);
#pragma omp critical(log)
      die("thread 0 entered critical log");
    } else {
#pragma omp critical(log)
      {
        record("hold %d critical log", tids[1]);
        set(&flags[1], 1);
        await_flag(&flags[0], "thread 0's lock");
        record("wait %d lock a %d", tids[1], tids[0]);
        omp_set_lock(&a);
        die("thread 1 took lock a");
      }
    }
  }
}

/* The LWPs of the team but thread `gone`, for a barrier's waiters. */
static void barrier_waits(int gone)
{
  int t = omp_get_thread_num();
  record("wait %d barrier - %d", tids[t], tids[gone]);
}

/* The last thread leaves the region (pthread_exit: it ends), or faults
   once the others wait; the others wait at a barrier for it. */
static void barrier_scenario(int crash)
{
  int last = nthreads - 1;
#pragma omp parallel num_threads(nthreads)
  {
    int t = enter();
    all_entered();
    if (t == last) {
      if (!crash) {
        record("exit %d", tids[t]);
        pthread_exit(NULL);
      }
      record("crash %d 11", tids[t]);
      /* until every other member sleeps in the barrier */
      for (int i = 0; i < 6000 && !get(&go_crash); i++)
        sleep_ms(5);
      *nowhere = 1;   /* SIGSEGV: the kernel's core */
      die("thread %d did not fault", t);
    }
    barrier_waits(last);
#pragma omp barrier
    die("thread %d passed the barrier", t);
  }
}

/* busy: the computation.  mix is some 4000 instructions of straight-line
   code (1024 rounds, each depending on the one before), so that two
   samples of the computing thread's stack almost never find the same
   program counter: it is seen to move. */
#define ROUND x = x * 6364136223846793005ul + 1442695040888963407ul, x ^= x >> 29;
#define ROUND16 ROUND ROUND ROUND ROUND ROUND ROUND ROUND ROUND \
  ROUND ROUND ROUND ROUND ROUND ROUND ROUND ROUND
#define ROUND256 ROUND16 ROUND16 ROUND16 ROUND16 ROUND16 ROUND16 ROUND16 ROUND16 \
  ROUND16 ROUND16 ROUND16 ROUND16 ROUND16 ROUND16 ROUND16 ROUND16

__attribute__((noinline)) static unsigned long mix(unsigned long x)
{
  ROUND256 ROUND256 ROUND256 ROUND256
  return x;
}

__attribute__((noinline)) static void compute_forever(void)
{
  unsigned long x = 1;
  for (;;) {
    x = mix(x);
    sink = x;
  }
}

static void busy(void)
{
#pragma omp parallel num_threads(nthreads)
  {
    int t = enter();
    all_entered();
    if (t == 0) {
#pragma omp critical(log)
      {
        record("hold %d critical log", tids[0]);
        record("compute %d", tids[0]);
        set(&flags[0], 1);
        compute_forever();
      }
    } else {
      await_flag(&flags[0], "thread 0's critical");
      record("wait %d critical log %d", tids[t], tids[0]);
#pragma omp critical(log)
      die("thread %d entered critical log", t);
    }
  }
}

/* taskwait: thread 0 holds lock c and waits in taskwait for a task that
   thread 1 runs (from the region's closing barrier), which waits for c. */
static void taskwait_scenario(void)
{
#pragma omp parallel num_threads(nthreads)
  {
    int t = enter();
    all_entered();
    if (t == 0) {
      omp_set_lock(&c);
      record("hold %d lock c", tids[0]);
#pragma omp task
      {
        if (omp_get_thread_num() == 0)
          die("the task runs in thread 0");
        int me = my_tid();
        record("wait %d lock c %d", me, tids[0]);
        set(&task_tid, me);
        set(&task_started, 1);
        omp_set_lock(&c);
        die("the task took lock c");
      }
      await_flag(&task_started, "the task's start in thread 1");
      record("wait %d taskwait - %d", tids[0], get(&task_tid));
#pragma omp taskwait
      die("the taskwait ended");
    }
  }
}

static void usage(void)
{
  fprintf(stderr,
          "usage: hang [-r RECORD] [-n THREADS] SCENARIO\n"
          "  abba           threads 0 and 1: each holds one of locks a, b, waits for the other\n"
          "  lockcrit       thread 0 holds lock a, waits for critical log; thread 1 the reverse\n"
          "  barrier-exit   the last thread leaves the region (pthread_exit); the others wait\n"
          "                 at a barrier\n"
          "  barrier-crash  the others wait at a barrier; the last thread faults (SIGSEGV)\n"
          "  busy           thread 0 computes inside critical log; the others wait for it\n"
          "  taskwait       thread 0 holds lock c, waits in taskwait for a task (in thread 1)\n"
          "                 that waits for c\n"
          "  -r RECORD  the record (default $HANG_RECORD, else ./record)\n"
          "  -n THREADS the team (barrier-exit, barrier-crash, busy: 2 to %d, default 4)\n",
          MAXTHREADS);
  exit(2);
}

int main(int argc, char **argv)
{
  const char *path = getenv("HANG_RECORD");
  int opt, n_given = 0;
  while ((opt = getopt(argc, argv, "+r:n:")) != -1) {
    switch (opt) {
    case 'r': path = optarg; break;
    case 'n':
      nthreads = atoi(optarg);
      n_given = 1;
      if (nthreads < 2 || nthreads > MAXTHREADS)
        usage();
      break;
    default: usage();
    }
  }
  if (optind + 1 != argc)
    usage();
  const char *scen = argv[optind];
  if (!path || !*path)
    path = "record";
  record_fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND, 0644);
  if (record_fd < 0) {
    perror(path);
    return 2;
  }

  void (*run)(void) = NULL;
  const char *expect = NULL;
  int crash = 0;
  if (strcmp(scen, "abba") == 0 || strcmp(scen, "lockcrit") == 0 || strcmp(scen, "taskwait") == 0) {
    if (n_given)
      usage();
    nthreads = 2;
    expect = "deadlock";
    run = scen[0] == 'a' ? abba : scen[0] == 'l' ? lockcrit : taskwait_scenario;
    for (int t = 0; t < nthreads; t++)
      awaited[t] = 'w';
  } else if (strcmp(scen, "barrier-exit") == 0 || strcmp(scen, "barrier-crash") == 0) {
    crash = scen[8] == 'c';
    expect = "never";
    for (int t = 0; t < nthreads - 1; t++)
      awaited[t] = 'w';
    awaited[nthreads - 1] = crash ? 0 : 'x';
  } else if (strcmp(scen, "busy") == 0) {
    expect = "no deadlock";
    run = busy;
    for (int t = 1; t < nthreads; t++)
      awaited[t] = 'w';
  } else {
    usage();
  }
  record("start %d %s %d", getpid(), scen, nthreads);
  record("expect %s", expect);

  omp_init_lock(&a);
  omp_init_lock(&b);
  omp_init_lock(&c);
  pthread_t w;
  if (pthread_create(&w, NULL, watch, NULL) != 0 || pthread_detach(w) != 0)
    die("cannot start the watcher");
  if (run)
    run();
  else
    barrier_scenario(crash);
  die("the team ended");
}
