/* omp_test.h - tiny helper shared by the tests/omp/t_*.c corpus.
 *
 * Every test defines TEST (its own name, e.g. "t_critical") before
 * including this header.  On failure a test calls fail()/CHECK(), which
 * prints exactly one line "TEST: message" on stderr and ends the process
 * with status 1 -- from any thread, without running exit handlers, so a
 * broken runtime cannot turn a failure into a hang.
 *
 * A watchdog (SIGALRM) ends a test that runs longer than
 * TEST_ALARM_SECONDS (default 20) with "TEST: timed out ..." and status 2,
 * so a hanging runtime is reported by name before the runner's timeout.
 *
 * This header deliberately uses no OpenMP directives, only plain C and
 * GCC __atomic builtins, so that the GOMP entry points a test binary
 * imports come from the test itself.
 */
#ifndef OMP_TEST_H
#define OMP_TEST_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <omp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#ifndef TEST
#error "define TEST (the test's name) before including omp_test.h"
#endif

static int omp_test_failed;

static void fail(const char *fmt, ...)
  __attribute__((format(printf, 1, 2), noreturn, unused));

static void
fail(const char *fmt, ...)
{
  char buf[600];
  int n = snprintf(buf, sizeof buf, "%s: ", TEST);
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf + n, sizeof buf - n - 1, fmt, ap);
  va_end(ap);
  size_t len = strlen(buf);
  buf[len++] = '\n';
  if (__atomic_exchange_n(&omp_test_failed, 1, __ATOMIC_SEQ_CST) == 0)
    {
      ssize_t w = write(2, buf, len);
      (void) w;
      _exit(1);
    }
  /* Another thread already reported; it is about to end the process.  */
  for (;;)
    pause();
}

#define CHECK(cond, ...)                                                       \
  do                                                                           \
    {                                                                          \
      if (!(cond))                                                             \
        fail(__VA_ARGS__);                                                     \
    }                                                                          \
  while (0)

static void
omp_test_alarm(int sig)
{
  (void) sig;
  static const char msg[] = ": timed out (hang or far too slow)\n";
  ssize_t w = write(2, TEST, strlen(TEST));
  w = write(2, msg, sizeof msg - 1);
  (void) w;
  _exit(2);
}

__attribute__((constructor)) static void
omp_test_watchdog(void)
{
  unsigned secs = 20;
  const char *e = getenv("TEST_ALARM_SECONDS");
  if (e && atoi(e) > 0)
    secs = (unsigned) atoi(e);
  signal(SIGALRM, omp_test_alarm);
  alarm(secs);
}

/* Sleep for about US microseconds (lets other threads run).  */
static void __attribute__((unused))
sleep_us(long us)
{
  struct timespec ts = { us / 1000000, (us % 1000000) * 1000 };
  nanosleep(&ts, NULL);
}

/* Make about one call in 16 (depending on I) take some tens of
   microseconds longer -- and one in 256 sleep, so that other threads get
   to run meanwhile even on a loaded machine -- so that threads reach a
   following synchronisation point (ordered, barrier, ...) out of their
   natural order.  */
static void __attribute__((unused))
jitter(long i)
{
  unsigned long h = ((unsigned long) i * 2654435761u) >> 4;
  if (h % 256 == 0)
    sleep_us(20);
  else if (h % 16 == 0)
    for (volatile int k = 0; k < 20000; k++)
      ;
}

/* Wait (sleeping, at most about a second) until *ARRIVED reaches WANT
   after adding this thread to it.  Threads call it on their first
   iteration of a loop so that the first chunks are spread over the whole
   team even on a loaded machine -- otherwise one thread may run a whole
   loop alone and chunk boundaries could not be observed.  Never fails:
   the time limit only bounds the wait.  */
static void __attribute__((unused))
rendezvous(int *arrived, int want)
{
  __atomic_add_fetch(arrived, 1, __ATOMIC_SEQ_CST);
  double t0 = omp_get_wtime();
  while (__atomic_load_n(arrived, __ATOMIC_SEQ_CST) < want
         && omp_get_wtime() - t0 < 1.0)
    sleep_us(20);
}

/* Like rendezvous, but spinning (at most about a second), so that the
   threads leave it within microseconds of each other -- for short bursts
   of work that must really overlap in time.  */
static void __attribute__((unused))
spin_rendezvous(int *arrived, int want)
{
  __atomic_add_fetch(arrived, 1, __ATOMIC_SEQ_CST);
  double t0 = omp_get_wtime();
  while (__atomic_load_n(arrived, __ATOMIC_SEQ_CST) < want
         && omp_get_wtime() - t0 < 1.0)
    __builtin_ia32_pause();
}

/* Atomic helpers (no OpenMP directives).  */
#define ATOMIC_INC(p) __atomic_add_fetch((p), 1, __ATOMIC_SEQ_CST)
#define ATOMIC_ADD(p, v) __atomic_add_fetch((p), (v), __ATOMIC_SEQ_CST)
#define ATOMIC_LOAD(p) __atomic_load_n((p), __ATOMIC_SEQ_CST)
#define ATOMIC_STORE(p, v) __atomic_store_n((p), (v), __ATOMIC_SEQ_CST)

#endif /* OMP_TEST_H */
