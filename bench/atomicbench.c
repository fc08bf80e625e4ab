/* Throughput of C11 atomic load, store and compare-exchange on structs of
   16, 24, 40, 64 and 256 bytes, which gcc turns into libatomic calls
   (__atomic_load_16 and friends for 16 bytes, the generic functions for the
   others).  One thread alone, then two threads on the same object.  Prints
   "op size threads Mops" lines; run-atomic-bench.sh runs it on the system
   libatomic and on libparatomic. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define SECONDS 0.2

static double now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static atomic_int go, done;

#define KERNELS(N)                                                                 \
  typedef struct { unsigned char b[N]; } s##N;                                     \
  static _Atomic s##N obj##N;                                                      \
  static long run_load_##N(void)                                                   \
  {                                                                                \
    long n = 0;                                                                    \
    s##N v;                                                                        \
    while (!atomic_load_explicit(&done, memory_order_relaxed)) {                   \
      for (int i = 0; i < 64; i++)                                                 \
        v = atomic_load(&obj##N);                                                  \
      n += 64;                                                                     \
    }                                                                              \
    if (v.b[0] == 255 && v.b[N - 1] == 254)                                        \
      n++;                                                                         \
    return n;                                                                      \
  }                                                                                \
  static long run_store_##N(void)                                                  \
  {                                                                                \
    long n = 0;                                                                    \
    s##N v;                                                                        \
    memset(&v, 1, sizeof v);                                                       \
    while (!atomic_load_explicit(&done, memory_order_relaxed)) {                   \
      for (int i = 0; i < 64; i++) {                                               \
        v.b[0] = (unsigned char)i;                                                 \
        atomic_store(&obj##N, v);                                                  \
      }                                                                            \
      n += 64;                                                                     \
    }                                                                              \
    return n;                                                                      \
  }                                                                                \
  static long run_cas_##N(void)                                                    \
  {                                                                                \
    long n = 0;                                                                    \
    s##N e = atomic_load(&obj##N), d;                                              \
    while (!atomic_load_explicit(&done, memory_order_relaxed)) {                   \
      for (int i = 0; i < 64; i++) {                                               \
        d = e;                                                                     \
        d.b[0]++;                                                                  \
        atomic_compare_exchange_strong(&obj##N, &e, d);                            \
      }                                                                            \
      n += 64;                                                                     \
    }                                                                              \
    return n;                                                                      \
  }

KERNELS(16)
KERNELS(24)
KERNELS(40)
KERNELS(64)
KERNELS(256)

typedef long (*kernel)(void);
struct row {
  const char *op;
  int size;
  kernel k;
};

static const struct row rows[] = {
#define ROWS(N) {"load", N, run_load_##N}, {"store", N, run_store_##N}, {"cas", N, run_cas_##N},
  ROWS(16) ROWS(24) ROWS(40) ROWS(64) ROWS(256)
};

static kernel current;
static long counts[2];

static void *worker(void *arg)
{
  long *out = arg;
  while (!atomic_load(&go))
    ;
  *out = current();
  return NULL;
}

/* No arguments: every row; "ROW THREADS": that one measurement, so that a
   driver can alternate runtimes row by row on a noisy machine. */
int main(int argc, char **argv)
{
  size_t first = 0, last = sizeof rows / sizeof *rows;
  int t_first = 1, t_last = 2;
  if (argc == 2 && argv[1][0] == 'n') {
    printf("%zu\n", last);
    return 0;
  }
  if (argc == 3) {
    first = (size_t)atoi(argv[1]);
    last = first + 1;
    t_first = t_last = atoi(argv[2]);
    if (first >= sizeof rows / sizeof *rows || t_first < 1 || t_first > 2) {
      fprintf(stderr, "atomicbench: no row %s with %s threads\n", argv[1], argv[2]);
      return 2;
    }
  }
  for (size_t r = first; r < last; r++)
    for (int threads = t_first; threads <= t_last; threads++) {
      pthread_t t[2];
      current = rows[r].k;
      atomic_store(&go, 0);
      atomic_store(&done, 0);
      for (int i = 0; i < threads; i++)
        pthread_create(&t[i], NULL, worker, &counts[i]);
      double t0 = now();
      atomic_store(&go, 1);
      /* Sleep rather than spin: the workers get the processors. */
      struct timespec nap = {0, (long)(SECONDS * 1e9)};
      nanosleep(&nap, NULL);
      atomic_store(&done, 1);
      long total = 0;
      for (int i = 0; i < threads; i++) {
        pthread_join(t[i], NULL);
        total += counts[i];
      }
      printf("%s %d %d %.3f\n", rows[r].op, rows[r].size, threads, (double)total / (now() - t0) / 1e6);
    }
  return 0;
}
