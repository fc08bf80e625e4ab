/* The C side of caf-atomic.f90 (see README): each image's record, and
   image 2's atomic lock, held by its main thread and awaited by a thread
   this file starts.  As in locks.c, the object lies in a page of its own,
   made read-only; the main thread's atomic store takes the lock in
   libatomic and faults, and the SIGSEGV handler, on that thread, with the
   lock held, records "hold", starts the waiter, waits until it sleeps in
   futex(), records "ready" and stays there. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

struct s40 { uint64_t v[5]; };

/* The object alone in its page: the section starts and ends on page
   boundaries (no_reorder keeps the order). */
#define OBJ __attribute__((section("caf_atomics"), no_reorder, used))
OBJ __attribute__((aligned(4096))) _Atomic struct s40 image_counter;
OBJ __attribute__((aligned(4096))) char caf_atomics_end[8];

static int record_fd = -1;
static int holder_tid, waiter_tid;

/* One line, one write (O_APPEND): the threads' lines never mix.  snprintf
   of numbers and strings allocates nothing, so the handler may use it. */
static void record(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void record(const char *fmt, ...)
{
  char buf[256];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(buf, sizeof buf - 1, fmt, ap);
  va_end(ap);
  if (n < 0 || n > (int)sizeof buf - 2)
    n = (int)sizeof buf - 2;
  buf[n++] = '\n';
  if (record_fd < 0 || write(record_fd, buf, (size_t)n) != n)
    _exit(3);
}

static int gettid_(void)
{
  return (int)syscall(SYS_gettid);
}

static void sleep_ms(long ms)
{
  struct timespec t = {ms / 1000, ms % 1000 * 1000000L};
  nanosleep(&t, NULL);
}

static void store(void)
{
  struct s40 v;
  memset(&v, 0x5a, sizeof v);
  __atomic_store((struct s40 *)&image_counter, &v, __ATOMIC_SEQ_CST);
}

/* Opens rec.<image> in the current directory and writes who this is. */
void caf_atomic_start(int image, int nimages)
{
  char name[32];
  snprintf(name, sizeof name, "rec.%d", image);
  record_fd = open(name, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND, 0644);
  if (record_fd < 0) {
    perror(name);
    exit(2);
  }
  record("image %d", image);
  record("pid %d", (int)getpid());
  record("num_images %d", nimages);
  record("runtime %s", dlsym(RTLD_DEFAULT, "paradbg_atomic_layout") ? "libparatomic" : "other");
}

/* Image 1 (and any but 2): about to wait in SYNC ALL. */
void caf_atomic_sync(void)
{
  record("sync all %d", gettid_());
  record("ready");
}

static void *waiter(void *arg)
{
  (void)arg;
  struct s40 e, d;
  memset(&e, 0, sizeof e);
  memset(&d, 0x33, sizeof d);
  __atomic_store_n(&waiter_tid, gettid_(), __ATOMIC_SEQ_CST);
  record("wait %d %p 40 image_counter %d cas", waiter_tid, (void *)&image_counter, holder_tid);
  __atomic_compare_exchange((struct s40 *)&image_counter, &e, &d, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
  record("error: the waiter's compare-exchange returned");
  _exit(1);
}

static int in_futex(int tid)
{
  char path[64], buf[512];
  snprintf(path, sizeof path, "/proc/self/task/%d/stat", tid);
  int fd = open(path, O_RDONLY);
  ssize_t n = fd < 0 ? -1 : read(fd, buf, sizeof buf - 1);
  if (fd >= 0)
    close(fd);
  if (n <= 0)
    return 0;
  buf[n] = 0;
  char *p = strrchr(buf, ')');
  if (!p || p[1] != ' ' || p[2] != 'S')
    return 0;
  snprintf(path, sizeof path, "/proc/self/task/%d/syscall", tid);
  fd = open(path, O_RDONLY);
  n = fd < 0 ? -1 : read(fd, buf, sizeof buf - 1);
  if (fd >= 0)
    close(fd);
  if (n <= 0)
    return 0;
  buf[n] = 0;
  return strtol(buf, NULL, 10) == SYS_futex;
}

static void on_segv(int sig, siginfo_t *si, void *uc)
{
  (void)sig;
  (void)uc;
  uintptr_t a = (uintptr_t)si->si_addr;
  if (gettid_() != holder_tid || a < (uintptr_t)&image_counter || a >= (uintptr_t)caf_atomics_end) {
    signal(SIGSEGV, SIG_DFL);   /* not ours: fault again, for a core */
    return;
  }
  record("hold %d %p 40 image_counter", holder_tid, (void *)&image_counter);
  /* The lock is held: the waiter may come.  (This thread was stopped
     inside libatomic's copy, holding none of libc's locks.) */
  pthread_t t;
  if (pthread_create(&t, NULL, waiter, NULL) != 0) {
    record("error: pthread_create failed");
    _exit(1);
  }
  int i;
  for (i = 0; i < 1000 && !(__atomic_load_n(&waiter_tid, __ATOMIC_SEQ_CST) && in_futex(waiter_tid)); i++)
    sleep_ms(10);
  if (i == 1000) {
    record("error: the waiter is not asleep in futex() after 10 s");
    _exit(1);
  }
  record("ready");
  for (;;)
    pause();
}

/* Image 2: holds image_counter's lock in its main thread, forever. */
void caf_atomic_hold(void)
{
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = on_segv;
  sa.sa_flags = SA_SIGINFO;
  sigemptyset(&sa.sa_mask);
  holder_tid = gettid_();
  uintptr_t lo = (uintptr_t)&image_counter, hi = (uintptr_t)caf_atomics_end;
  if (sigaction(SIGSEGV, &sa, NULL) != 0 || lo % 4096 || hi % 4096 || hi <= lo ||
      mprotect((void *)lo, hi - lo, PROT_READ) != 0) {
    record("error: cannot make image_counter's page read-only");
    _exit(1);
  }
  store();
  record("error: the holder's store returned");
  _exit(1);
}
