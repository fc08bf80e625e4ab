/* A program that holds atomic locks on purpose and hangs, for the atomic
   lock tests: its threads write down what they hold and wait for, from
   what they know themselves (their LWP, &object, sizeof object, the name
   they use for it), never from the runtime's table.  See README for the
   scenarios and the record's lines.

   Build: gcc -O1 -g -pthread -o locks locks.c -latomic -ldl (no -mcx16:
   16-byte atomics must be libatomic's calls).

   How a thread holds a lock for as long as we like: the objects lie in
   pages of their own, made read-only; an atomic store takes the lock(s)
   of the object in libatomic, and the copy faults.  The SIGSEGV handler
   runs on that thread, with the lock held: it records "hold" and waits
   there forever (or exits, or waits for its own lock, or for a mutex the
   main thread holds). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#ifdef _OPENMP
#include <omp.h>
#endif

struct s16 { uint64_t v[2]; };
struct s24 { uint64_t v[3]; };
struct s40 { uint64_t v[5]; };
struct s256 { uint64_t v[32]; };

/* The objects, in source order (no_reorder) in a section of their own,
   which starts and ends on page boundaries, so that making them read-only
   touches nothing else.  The first page's 64-byte granules: 0 pair (a
   16-byte object at pair+8, not 16-byte aligned, so no runtime does it in
   hardware; a 24-byte one at pair+24 in the same granule), 1 counter24,
   2 counter40, 3-4 straddle (a 40-byte object at straddle+40 over the
   boundary of granules 3 and 4, 24-byte ones at straddle and
   straddle+80 on either side), 5-8 counter256. */
#define OBJ __attribute__((section("paradbg_atomics"), no_reorder, used))

struct pair {
  uint64_t tag;
  struct s16 val;
  struct s24 next;
};

struct straddle {
  struct s24 low;
  uint64_t gap[2];
  _Atomic struct s40 obj;
  struct s24 high;
};

OBJ __attribute__((aligned(4096))) struct pair pair;
OBJ __attribute__((aligned(64))) _Atomic struct s24 counter24;
OBJ __attribute__((aligned(64))) _Atomic struct s40 counter40;
OBJ __attribute__((aligned(64))) struct straddle straddle;
OBJ __attribute__((aligned(64))) _Atomic struct s256 counter256;
OBJ __attribute__((aligned(4096))) char atomics_end[8];

_Static_assert(sizeof(_Atomic struct s24) == 24 && sizeof(_Atomic struct s40) == 40 &&
               sizeof(_Atomic struct s256) == 256, "an _Atomic struct is not its struct's size");
_Static_assert(__builtin_offsetof(struct straddle, obj) == 40, "straddle.obj is not at +40");

/* What a thread does to an object: a store, a compare-exchange or an
   exchange, through libatomic whatever the size. */
enum op { STORE, CAS, XCHG };
static const char *const op_names[] = {"store", "cas", "exchange"};

struct object {
  void *addr;
  size_t size;
  const char *name;   /* as a debugger should name it from the symbols */
};

/* One thread's part. */
struct job {
  struct object obj;
  enum op op;
  int holder;          /* it takes the lock and faults; else it waits */
  int tid;             /* its LWP, once it runs */
  int held;            /* a holder: set by its handler once "hold" is written */
  struct job *waits_for; /* a waiter: its holder */
  int omp_num;         /* omp: the OpenMP thread that runs it */
  int go;              /* omp: set when it may start */
  pthread_t thread;
};

enum mode { NORMAL, DEAD, SELF, MUTEX };

static int record_fd = -1;
static enum mode mode = NORMAL;
static uintptr_t guarded_lo, guarded_hi;
static __thread struct job *my_job;
/* gnu mutex: the main thread holds it for good; each holder's handler
   blocks on it, so a holder sleeps in futex() under pthread_mutex_lock as
   the waiters do, but in its handler, above libatomic's frames. */
static pthread_mutex_t handler_mutex = PTHREAD_MUTEX_INITIALIZER;

/* ---- the record: whole lines, each one write (O_APPEND), formatted by
   hand so the signal handler may write too ---- */
struct line {
  char buf[512];
  size_t n;
};

static void put_s(struct line *l, const char *s)
{
  while (*s && l->n < sizeof l->buf - 2)
    l->buf[l->n++] = *s++;
}

static void put_u(struct line *l, uint64_t v, unsigned base)
{
  char tmp[24];
  int k = 0;
  do {
    tmp[k++] = "0123456789abcdef"[v % base];
    v /= base;
  } while (v && k < (int)sizeof tmp);
  if (base == 16)
    put_s(l, "0x");
  while (k > 0 && l->n < sizeof l->buf - 2)
    l->buf[l->n++] = tmp[--k];
}

static void put_d(struct line *l, int64_t v)
{
  if (v < 0) {
    put_s(l, "-");
    v = -v;
  }
  put_u(l, (uint64_t)v, 10);
}

static void emit(struct line *l)
{
  l->buf[l->n++] = '\n';
  if (record_fd >= 0 && write(record_fd, l->buf, l->n) != (ssize_t)l->n)
    _exit(3);
}

/* "hold LWP ADDR SIZE NAME" or "wait LWP ADDR SIZE NAME HOLDER OP" */
static void record_object(const char *what, int tid, const struct object *o, int holder, const char *op)
{
  struct line l = {.n = 0};
  put_s(&l, what);
  put_s(&l, " ");
  put_d(&l, tid);
  put_s(&l, " ");
  put_u(&l, (uintptr_t)o->addr, 16);
  put_s(&l, " ");
  put_u(&l, o->size, 10);
  put_s(&l, " ");
  put_s(&l, o->name);
  if (holder) {
    put_s(&l, " ");
    put_d(&l, holder);
    put_s(&l, " ");
    put_s(&l, op);
  }
  emit(&l);
}

static void record_text(const char *a, const char *b)
{
  struct line l = {.n = 0};
  put_s(&l, a);
  if (b) {
    put_s(&l, " ");
    put_s(&l, b);
  }
  emit(&l);
}

static void record_num(const char *a, int64_t v)
{
  struct line l = {.n = 0};
  put_s(&l, a);
  put_s(&l, " ");
  put_d(&l, v);
  emit(&l);
}

static void die(const char *what)
{
  record_text("error", what);
  fprintf(stderr, "locks: %s\n", what);
  exit(1);
}

static int gettid_(void)
{
  return (int)syscall(SYS_gettid);
}

/* The operation, through libatomic: sizes 16, 24, 40 and 256 are its calls
   (__atomic_store_16 or the generic __atomic_store, and so on). */
#define DO_OP(T, p, op)                                                           \
  do {                                                                            \
    T v_, e_;                                                                     \
    memset(&v_, 0x5a, sizeof v_);                                                 \
    memset(&e_, 0, sizeof e_);                                                    \
    switch (op) {                                                                 \
    case STORE: __atomic_store((T *)(p), &v_, __ATOMIC_SEQ_CST); break;           \
    case CAS:                                                                     \
      __atomic_compare_exchange((T *)(p), &e_, &v_, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST); \
      break;                                                                      \
    case XCHG: __atomic_exchange((T *)(p), &v_, &e_, __ATOMIC_SEQ_CST); break;    \
    }                                                                             \
  } while (0)

static void do_op(const struct object *o, enum op op)
{
  switch (o->size) {
  case 16: DO_OP(struct s16, o->addr, op); break;
  case 24: DO_OP(struct s24, o->addr, op); break;
  case 40: DO_OP(struct s40, o->addr, op); break;
  case 256: DO_OP(struct s256, o->addr, op); break;
  default: abort();
  }
}

/* The fault of a holder's copy: it holds the lock(s) now. */
static void on_segv(int sig, siginfo_t *si, void *uc)
{
  (void)sig;
  (void)uc;
  struct job *j = my_job;
  uintptr_t a = (uintptr_t)si->si_addr;
  if (!j || !j->holder || a < guarded_lo || a >= guarded_hi) {
    /* not ours: fault again without the handler, for a core */
    signal(SIGSEGV, SIG_DFL);
    return;
  }
  record_object("hold", j->tid, &j->obj, 0, NULL);
  if (mode == SELF)   /* it will wait for the lock it holds */
    record_object("wait", j->tid, &j->obj, j->tid, op_names[j->op]);
  __atomic_store_n(&j->held, 1, __ATOMIC_SEQ_CST);
  if (mode == DEAD)
    syscall(SYS_exit, 0);   /* this thread alone ends; the lock stays held */
  if (mode == SELF)
    do_op(&j->obj, j->op);
  if (mode == MUTEX) {
    record_num("block", j->tid);
    pthread_mutex_lock(&handler_mutex);   /* never returns: main keeps it */
    record_num("error: the handler's mutex was given in LWP", j->tid);
    _exit(1);
  }
  for (;;)
    pause();
}

static void *run_job(void *arg)
{
  struct job *j = arg;
  my_job = j;
  int tid = gettid_();
  if (j->omp_num >= 0) {
    struct line l = {.n = 0};
    put_s(&l, "omp ");
    put_d(&l, tid);
    put_s(&l, " ");
    put_d(&l, j->omp_num);
    emit(&l);
  }
  __atomic_store_n(&j->tid, tid, __ATOMIC_SEQ_CST);
  if (!j->holder)
    record_object("wait", j->tid, &j->obj, j->waits_for->tid, op_names[j->op]);
  do_op(&j->obj, j->op);
  /* a holder never comes back; a waiter only if the lock was free */
  record_num("error: the atomic call returned in LWP", j->tid);
  _exit(1);
}

static void sleep_ms(long ms)
{
  struct timespec t = {ms / 1000, ms % 1000 * 1000000L};
  nanosleep(&t, NULL);
}

/* Whether LWP tid of this process sleeps in futex(): its state is S and
   the system call it is in is futex's number. */
static int in_futex(int tid)
{
  char path[64], buf[512];
  snprintf(path, sizeof path, "/proc/self/task/%d/stat", tid);
  int fd = open(path, O_RDONLY);
  if (fd < 0)
    return 0;
  ssize_t n = read(fd, buf, sizeof buf - 1);
  close(fd);
  if (n <= 0)
    return 0;
  buf[n] = 0;
  char *p = strrchr(buf, ')');   /* the name may hold anything */
  if (!p || p[1] != ' ' || p[2] != 'S')
    return 0;
  snprintf(path, sizeof path, "/proc/self/task/%d/syscall", tid);
  fd = open(path, O_RDONLY);
  if (fd < 0)
    return 0;
  n = read(fd, buf, sizeof buf - 1);
  close(fd);
  if (n <= 0)
    return 0;
  buf[n] = 0;
  return strtol(buf, NULL, 10) == SYS_futex;
}

static int task_exists(int tid)
{
  char path[64];
  snprintf(path, sizeof path, "/proc/self/task/%d", tid);
  return access(path, F_OK) == 0;
}

static int in_omp;   /* the jobs are OpenMP threads of a team, not pthreads */

static void start(struct job *j)
{
  if (in_omp)
    __atomic_store_n(&j->go, 1, __ATOMIC_SEQ_CST);
  else if (pthread_create(&j->thread, NULL, run_job, j) != 0)
    die("pthread_create failed");
  for (int i = 0; i < 2000 && !__atomic_load_n(&j->tid, __ATOMIC_SEQ_CST); i++)
    sleep_ms(5);
  if (!j->tid)
    die("a thread did not start within 10 s");
}

/* Waits (at most 10 s) until LWP tid sleeps in futex(). */
static void await_futex(int tid)
{
  for (int i = 0; i < 1000; i++) {
    if (in_futex(tid))
      return;
    sleep_ms(10);
  }
  char msg[96];
  snprintf(msg, sizeof msg, "LWP %d is not asleep in futex() after 10 s", tid);
  die(msg);
}

#define MAXJOBS 32
static struct job jobs[MAXJOBS];
static int njobs;

static struct job *add(void *addr, size_t size, const char *name, enum op op, struct job *holder)
{
  if (njobs == MAXJOBS)
    die("too many threads");
  struct job *j = &jobs[njobs++];
  j->obj = (struct object){addr, size, name};
  j->op = op;
  j->holder = holder == NULL;
  j->waits_for = holder;
  j->omp_num = -1;
  return j;
}

/* One holder and its waiters, for the object of size: waiters on the same
   object and, for 16 bytes, one on another object of the same granule. */
static void group(int size)
{
  struct job *h;
  switch (size) {
  case 16:
    h = add(&pair.val, 16, "pair+8", STORE, NULL);
    add(&pair.val, 16, "pair+8", STORE, h);
    add(&pair.val, 16, "pair+8", CAS, h);
    add(&pair.next, 24, "pair+24", STORE, h);
    break;
  case 24:
    h = add(&counter24, 24, "counter24", STORE, NULL);
    add(&counter24, 24, "counter24", STORE, h);
    add(&counter24, 24, "counter24", CAS, h);
    break;
  case 40:
    h = add(&counter40, 40, "counter40", STORE, NULL);
    add(&counter40, 40, "counter40", STORE, h);
    add(&counter40, 40, "counter40", XCHG, h);
    break;
  case 256:
    h = add(&counter256, 256, "counter256", STORE, NULL);
    add(&counter256, 256, "counter256", STORE, h);
    add(&counter256, 256, "counter256", CAS, h);
    break;
  default:
    die("wait: the size is 16, 24, 40, 256 or all");
  }
}

/* Runs the jobs: every holder until it holds (for dead, until its LWP is
   gone), then every waiter until it sleeps. */
static void run_all(void)
{
  for (int i = 0; i < njobs; i++) {
    struct job *j = &jobs[i];
    if (!j->holder)
      continue;
    start(j);
    for (int k = 0; k < 2000 && !__atomic_load_n(&j->held, __ATOMIC_SEQ_CST); k++)
      sleep_ms(5);
    if (!j->held)
      die("a holder did not fault within 10 s");
    if (mode == DEAD) {
      for (int k = 0; k < 2000 && task_exists(j->tid); k++)
        sleep_ms(5);
      if (task_exists(j->tid))
        die("a holder that exited is still there after 10 s");
      record_num("dead", j->tid);
    }
    if (mode == SELF || mode == MUTEX)
      await_futex(j->tid);
  }
  for (int i = 0; i < njobs; i++)
    if (!jobs[i].holder)
      start(&jobs[i]);
  for (int i = 0; i < njobs; i++)
    if (!jobs[i].holder)
      await_futex(jobs[i].tid);
}

#ifdef _OPENMP
/* The jobs of group(40) run by the OpenMP threads 1..3 of a team; thread
   0 (the main thread) starts them in turn, as run_all does, then writes
   ready and waits in the parallel region. */
static void omp_scenario(void)
{
  group(40);
  for (int i = 0; i < njobs; i++)
    jobs[i].omp_num = i + 1;
  in_omp = 1;
#pragma omp parallel num_threads(njobs + 1)
  {
    int t = omp_get_thread_num();
    if (t == 0) {
      if (omp_get_num_threads() != njobs + 1)
        die("omp: the team is smaller than asked for");
      run_all();
      record_text("ready", NULL);
      for (;;)
        pause();
    } else if (t <= njobs) {
      struct job *j = &jobs[t - 1];
      for (int k = 0; k < 4000 && !__atomic_load_n(&j->go, __ATOMIC_SEQ_CST); k++)
        sleep_ms(5);
      if (j->go)
        run_job(j);
    }
  }
}
#endif

/* ---- garbage: libparatomic's tables scribbled over ---- */
static uint64_t rnd_state;

static uint64_t rnd(void)
{
  uint64_t x = rnd_state;   /* xorshift64* */
  x ^= x >> 12;
  x ^= x << 25;
  x ^= x >> 27;
  rnd_state = x;
  return x * 0x2545f4914f6cdd1dull;
}

/* Random words, many of them plausible: small numbers (lock states, lock
   indexes), this process's LWPs, the objects' addresses, extremes. */
static void scribble(void *p, size_t n)
{
  unsigned char *b = p;
  for (size_t k = 0; k + 8 <= n; k += 8) {
    uint64_t w;
    switch (rnd() % 10) {
    case 0: case 1: w = rnd(); break;
    case 2: w = rnd() % 4 | (rnd() % 4) << 32; break;
    case 3: w = (uint64_t)(uint32_t)getpid() | (rnd() % 70) << 32; break;
    case 4: w = (uintptr_t)&counter40 + rnd() % 512; break;
    case 5: w = rnd() % 2 ? ~0ull : 1ull << 63; break;
    case 6: w = 0x7fffffff | (uint64_t)0x80000000 << 32; break;
    case 7: w = rnd() % 300; break;
    case 8: w = (uint64_t)(uint32_t)gettid_() << (rnd() % 2 * 32); break;
    default: w = 0;
    }
    memcpy(b + k, &w, 8);
  }
  for (size_t k = n / 8 * 8; k < n; k++)
    b[k] = (unsigned char)rnd();
}

/* The symbol's address and size, as the dynamic linker has them. */
static void *symbol(const char *name, size_t *size)
{
  void *p = dlsym(RTLD_DEFAULT, name);
  const ElfW(Sym) *sym = NULL;
  Dl_info info;
  if (!p || !dladdr1(p, &info, (void **)&sym, RTLD_DL_SYMENT) || !sym || sym->st_size == 0) {
    fprintf(stderr, "locks: garbage: %s is not defined: the program does not run on libparatomic\n",
            name);
    record_text("error: not libparatomic: no", name);
    exit(2);
  }
  *size = sym->st_size;
  return p;
}

/* Makes [p, p+n) writable, keeping what else its pages allow. */
static void writable(void *p, size_t n)
{
  long pg = sysconf(_SC_PAGESIZE);
  uintptr_t lo = (uintptr_t)p & ~(uintptr_t)(pg - 1), hi = ((uintptr_t)p + n + pg - 1) & ~(uintptr_t)(pg - 1);
  int prot = PROT_READ | PROT_WRITE;
  FILE *f = fopen("/proc/self/maps", "r");
  char ln[512];
  for (int i = 0; f && i < 100000 && fgets(ln, sizeof ln, f); i++) {
    unsigned long a, b;
    char perms[8];
    if (sscanf(ln, "%lx-%lx %7s", &a, &b, perms) == 3 && a <= lo && lo < b && perms[2] == 'x')
      prot |= PROT_EXEC;
  }
  if (f)
    fclose(f);
  if (mprotect((void *)lo, hi - lo, prot) != 0)
    die("mprotect of the runtime's read-only tables failed");
}

/* What garbage scribbles over: the lock and wait tables alone; also the
   layout table and the counts; or the tables and the counts, the layout
   left whole and the counts wrong but within what a reader accepts. */
enum garbage_kind { G_TABLES, G_LAYOUT, G_COUNTS };

/* counts: nlocks, granule and nwaits that pass a reader's bounds (at most
   65536 locks and wait slots, a granule up to 2^30), none of them the
   runtime's (64, 64, 256) all at once: far more than the tables hold,
   none to wait in, fewer, one more each, another granule, the limits. */
static const uint32_t wrong_counts[][3] = {
  {32768, 64, 32768}, {65536, 64, 0}, {1, 4096, 3}, {65, 64, 257}, {64, 1, 256},
  {4096, 1u << 30, 65536},
};
#define NWRONG (sizeof wrong_counts / sizeof wrong_counts[0])

static void garbage(uint64_t seed, enum garbage_kind kind)
{
  static const char *const names[] = {"paratomic_locks", "paratomic_waits", "paradbg_atomic_layout",
                                      "paratomic_nlocks", "paratomic_granule", "paratomic_nwaits"};
  void *p[6];
  size_t n[6];
  int count = kind == G_TABLES ? 2 : 6;
  /* everything looked up before a byte changes */
  for (int i = 0; i < count; i++)
    p[i] = symbol(names[i], &n[i]);
  rnd_state = seed * 0x9e3779b97f4a7c15ull + 1;
  for (int i = 0; i < 2; i++)
    scribble(p[i], n[i]);
  if (kind == G_TABLES)
    return;
  if (kind == G_COUNTS) {
    const uint32_t *c = wrong_counts[seed % NWRONG];
    struct line l = {.n = 0};
    put_s(&l, "counts");
    for (int i = 3; i < 6; i++) {
      if (n[i] != 4)
        die("garbage: a count is not 4 bytes");
      writable(p[i], n[i]);
      memcpy(p[i], &c[i - 3], 4);
      put_s(&l, " ");
      put_u(&l, c[i - 3], 10);
    }
    emit(&l);
    return;
  }
  for (int i = 2; i < 6; i++)
    writable(p[i], n[i]);
  /* the layout table: an odd seed keeps its six header words (magic,
     version, sizes), so a reader believes what follows; a seed of 2
     modulo 4 keeps it all, so a reader goes on to the counts */
  size_t keep = seed % 4 == 2 ? n[2] : seed % 2 ? 24 : 0;
  if (n[2] > keep)
    scribble((char *)p[2] + keep, n[2] - keep);
  /* the counts: numbers a reader must not trust */
  static const uint32_t counts[] = {0, 1, 3, 63, 64, 65, 4096, 0x7fffffff, 0x80000000u, 0xffffffffu};
  for (int i = 3; i < 6; i++) {
    uint32_t v = rnd() % 3 ? counts[rnd() % (sizeof counts / sizeof counts[0])] : (uint32_t)rnd();
    if (n[i] >= 4)
      memcpy(p[i], &v, 4);
  }
}

static void usage(void)
{
  fprintf(stderr,
          "usage: locks [-r RECORD] [-a] SCENARIO [ARG]\n"
          "  wait [16|24|40|256|all]  holders and their waiters (default all)\n"
          "  span                     a holder of two locks, waiters on each\n"
          "  dead                     the holder's LWP exits, its lock held\n"
          "  self                     the holder waits for its own lock\n"
          "  gnu [mutex]              wait 24, 40 and 256 (for GNU libatomic); mutex:\n"
          "                           each holder blocks in its handler on a mutex\n"
          "  omp                      wait 40 in OpenMP threads (built with -fopenmp)\n"
          "  garbage SEED [tables|layout|counts]  libparatomic's tables scribbled over\n"
          "  -r RECORD  the record (default $ATOMIC_RECORD, else ./record)\n"
          "  -a         abort (SIGABRT, a core) once ready\n");
  exit(2);
}

int main(int argc, char **argv)
{
  const char *path = getenv("ATOMIC_RECORD");
  int abort_when_ready = 0, c;
  while ((c = getopt(argc, argv, "+r:a")) != -1) {
    switch (c) {
    case 'r': path = optarg; break;
    case 'a': abort_when_ready = 1; break;
    default: usage();
    }
  }
  if (optind >= argc)
    usage();
  const char *scen = argv[optind], *arg = optind + 1 < argc ? argv[optind + 1] : NULL;
  if (!path || !*path)
    path = "record";
  record_fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND, 0644);
  if (record_fd < 0) {
    perror(path);
    return 2;
  }
  {
    struct line l = {.n = 0};
    put_s(&l, "start ");
    put_d(&l, getpid());
    put_s(&l, " ");
    put_s(&l, scen);
    put_s(&l, " ");
    put_s(&l, dlsym(RTLD_DEFAULT, "paradbg_atomic_layout") ? "libparatomic" : "other");
    emit(&l);
  }

  if (strcmp(scen, "garbage") == 0) {
    if (!arg)
      usage();
    const char *how = optind + 2 < argc ? argv[optind + 2] : "tables";
    enum garbage_kind kind = G_TABLES;
    if (strcmp(how, "layout") == 0)
      kind = G_LAYOUT;
    else if (strcmp(how, "counts") == 0)
      kind = G_COUNTS;
    else if (strcmp(how, "tables") != 0)
      usage();
    struct line l = {.n = 0};
    put_s(&l, "garbage ");
    put_s(&l, how);
    put_s(&l, " ");
    put_s(&l, arg);
    emit(&l);
    garbage(strtoull(arg, NULL, 10), kind);
  } else {
    if (strcmp(scen, "wait") == 0) {
      if (!arg || strcmp(arg, "all") == 0) {
        group(16);
        group(24);
        group(40);
        group(256);
      } else {
        group(atoi(arg));
      }
    } else if (strcmp(scen, "gnu") == 0) {
      if (arg && strcmp(arg, "mutex") == 0) {
        mode = MUTEX;
        /* held from now on: every holder's handler blocks on it */
        if (pthread_mutex_lock(&handler_mutex) != 0)
          die("pthread_mutex_lock failed");
      } else if (arg) {
        usage();
      }
      group(24);
      group(40);
      group(256);
    } else if (strcmp(scen, "span") == 0) {
      struct job *h = add(&straddle.obj, 40, "straddle+40", STORE, NULL);
      add(&straddle.low, 24, "straddle", STORE, h);         /* the first lock only */
      add(&straddle.high, 24, "straddle+80", CAS, h);       /* the second lock only */
      add(&straddle.obj, 40, "straddle+40", XCHG, h);       /* both */
    } else if (strcmp(scen, "dead") == 0) {
      mode = DEAD;
      group(40);
    } else if (strcmp(scen, "self") == 0) {
      mode = SELF;
      group(24);
    } else if (strcmp(scen, "omp") == 0) {
#ifndef _OPENMP
      die("omp: this program is built without -fopenmp");
#endif
    } else {
      usage();
    }

    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_segv;
    sa.sa_flags = SA_SIGINFO;
    sigemptyset(&sa.sa_mask);
    if (sigaction(SIGSEGV, &sa, NULL) != 0)
      die("sigaction failed");
    guarded_lo = (uintptr_t)&pair;
    guarded_hi = (uintptr_t)atomics_end;
    if (guarded_lo % 4096 || guarded_hi % 4096 || guarded_hi <= guarded_lo ||
        (uintptr_t)&counter256 + sizeof counter256 > guarded_hi)
      die("the objects' section is not laid out as expected");
    if (mprotect(&pair, guarded_hi - guarded_lo, PROT_READ) != 0)
      die("mprotect failed");
#ifdef _OPENMP
    if (strcmp(scen, "omp") == 0)
      omp_scenario();   /* never returns */
#endif
    run_all();
  }
  record_text("ready", NULL);
  if (abort_when_ready)
    raise(SIGABRT);
  for (;;)
    pause();
}
