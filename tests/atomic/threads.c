/* libparatomic under threads: no torn 16/24/40/256-byte reads, exact
   compare_exchange counts and untorn loads and stores at 16 (aligned and
   not), 24, 40, 64 and 256 bytes across a granule's end, and in two
   objects that share a lock, atomic updates
   through overlapping objects with no deadlock, 16-byte read-modify-writes,
   16-byte seq_cst stores that later loads cannot pass, test_and_set_16
   against 16-byte read-modify-writes, misaligned 16-byte objects, fork
   while another thread holds a lock, is_lock_free answers that match what
   the library does, and a lock table
   that names the holder and the object while a generic store is under way
   (read through the exported layout table, as a debugger would), also
   while the holder waits for its object's next lock. */
#define _GNU_SOURCE
#include <cpuid.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "lib.h"
#include "paradbg/atomic-layout.h"

extern const struct paradbg_atomic_layout paradbg_atomic_layout;
extern unsigned char paratomic_locks[];
extern const uint32_t paratomic_nlocks, paratomic_granule;

static int failures;
#define FAIL(...) do { failures++; printf("FAIL: "); printf(__VA_ARGS__); putchar('\n'); } while (0)

/* --- torn reads ---------------------------------------------------- */
static size_t obj_size;
static uint64_t shared_obj[32] __attribute__((aligned(64)));
static volatile int stop_flag;
static long torn;

static void *writer(void *arg)
{
  uint64_t v[32];
  for (uint64_t k = (uintptr_t)arg; !stop_flag; k += 2) {
    for (size_t i = 0; i < obj_size / 8; i++)
      v[i] = k;
    lib_store(obj_size, shared_obj, v, 5);
  }
  return NULL;
}

static void *reader(void *arg)
{
  (void)arg;
  uint64_t v[32];
  for (int it = 0; it < 200000; it++) {
    lib_load(obj_size, shared_obj, v, 2);
    for (size_t i = 1; i < obj_size / 8; i++)
      if (v[i] != v[0]) {
        __atomic_add_fetch(&torn, 1, __ATOMIC_RELAXED);
        break;
      }
  }
  return NULL;
}

static void torn_reads(size_t n)
{
  pthread_t t[4];
  obj_size = n;
  stop_flag = 0;
  torn = 0;
  memset(shared_obj, 0, sizeof shared_obj);
  pthread_create(&t[0], NULL, writer, (void *)1);
  pthread_create(&t[1], NULL, writer, (void *)2);
  pthread_create(&t[2], NULL, reader, NULL);
  pthread_create(&t[3], NULL, reader, NULL);
  pthread_join(t[2], NULL);
  pthread_join(t[3], NULL);
  stop_flag = 1;
  pthread_join(t[0], NULL);
  pthread_join(t[1], NULL);
  if (torn)
    FAIL("%ld torn reads of a %zu-byte object", torn, n);
  else
    printf("ok: no torn read of a %zu-byte object in 400000 loads against 2 writers\n", n);
}

/* --- overlapping objects -------------------------------------------- */
#define WORDS 640
#define THREADS 8
#define ROUNDS 20000
/* 5 KiB, more than the 64 locks x 64 bytes the table covers, starting
   just before a multiple of 4 KiB: objects' lock sets overlap all around
   the table and some wrap past its end, so only one global order avoids
   a cycle of waiting threads. */
static unsigned char region[3 * 4096] __attribute__((aligned(4096)));
#define words ((uint64_t *)(region + 4096 - 384))
static uint64_t expect[THREADS][WORDS];

static void *overlapper(void *arg)
{
  unsigned t = (unsigned)(uintptr_t)arg, seed = t * 2654435761u + 1;
  uint64_t old[WORDS], new[WORDS];
  for (int r = 0; r < ROUNDS; r++) {
    seed = seed * 1103515245u + 12345u;
    size_t len = 3 + (seed >> 8) % 198;              /* 24 to 1600 bytes */
    size_t start = (seed >> 16) % (WORDS - len + 1), target = start + (seed >> 4) % len;
    lib_load(len * 8, &words[start], old, 0);
    do {
      memcpy(new, old, len * 8);
      new[target - start]++;
    } while (!lib_compare_exchange(len * 8, &words[start], old, new, 5, 5));
    expect[t][target]++;
  }
  return NULL;
}

static void overlapping(void)
{
  pthread_t t[THREADS];
  for (uintptr_t i = 0; i < THREADS; i++)
    pthread_create(&t[i], NULL, overlapper, (void *)i);
  for (int i = 0; i < THREADS; i++)
    pthread_join(t[i], NULL);
  int bad = 0;
  for (int w = 0; w < WORDS; w++) {
    uint64_t sum = 0;
    for (int i = 0; i < THREADS; i++)
      sum += expect[i][w];
    if (words[w] != sum)
      bad++;
  }
  if (bad)
    FAIL("%d words lost increments through overlapping compare_exchange", bad);
  else
    printf("ok: %d threads, %d compare_exchange each on overlapping 24-1600 byte objects: no deadlock, no lost update\n",
           THREADS, ROUNDS);
}

/* --- 16 bytes --------------------------------------------------------- */
static u128 wide __attribute__((aligned(16)));

static void *adder16(void *arg)
{
  (void)arg;
  for (int i = 0; i < 100000; i++)
    lib_fetch_add_16(&wide, ((u128)1 << 64) | 1, 5);
  return NULL;
}

static void sixteen(void)
{
  pthread_t t[4];
  for (int i = 0; i < 4; i++)
    pthread_create(&t[i], NULL, adder16, NULL);
  for (int i = 0; i < 4; i++)
    pthread_join(t[i], NULL);
  if (wide != (((u128)400000 << 64) | 400000))
    FAIL("16-byte fetch_add lost updates: %llx %llx", (unsigned long long)(wide >> 64), (unsigned long long)wide);
  else
    printf("ok: 4 threads x 100000 16-byte fetch_add, both halves exact\n");
}

/* Store buffering: each thread stores its flag (seq_cst) and then loads the
   other's.  Sequential consistency forbids both loads seeing 0; without a
   fence after the store, x86 shows that outcome within a few thousand
   rounds. */
#define SB_ROUNDS 200000
/* Each flag on its own cache line, so that a load cannot be answered by the
   line its own store is waiting for. */
static struct { u128 v __attribute__((aligned(64))); } sb_flag[2];
static unsigned char sb_missed[2][SB_ROUNDS + 1];
static unsigned sb_round[2] __attribute__((aligned(64)));

static void *sb_side(void *arg)
{
  int me = (int)(intptr_t)arg;
  unsigned seed = 2463534242u + (unsigned)me;
  for (unsigned r = 1; r <= SB_ROUNDS; r++) {
    /* Both sides start round r together: each has finished round r - 1. */
    __atomic_store_n(&sb_round[me], r, __ATOMIC_SEQ_CST);
    for (int spin = 0; __atomic_load_n(&sb_round[!me], __ATOMIC_SEQ_CST) < r; spin++)
      if (spin > 1000)
        sched_yield();
    /* The side that saw the other last is behind by a cache transfer; a
       short random delay on each side lets the two meet often. */
    seed ^= seed << 13, seed ^= seed >> 17, seed ^= seed << 5;
    for (volatile unsigned d = seed % 64; d; d--)
      ;
    lib_store_16(&sb_flag[me].v, r, 5);
    sb_missed[me][r] = lib_load_16(&sb_flag[!me].v, 5) < r;
  }
  return NULL;
}

static void store_buffering(void)
{
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], NULL, sb_side, (void *)(intptr_t)i);
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], NULL);
  long both = 0;
  for (unsigned r = 1; r <= SB_ROUNDS; r++)
    both += sb_missed[0][r] && sb_missed[1][r];
  if (both)
    FAIL("16-byte seq_cst stores: in %ld of %d rounds both threads missed the other's store", both, SB_ROUNDS);
  else
    printf("ok: 16-byte seq_cst store then load, %d rounds on 2 threads: never both missed\n", SB_ROUNDS);
}

/* Does the library do 16 bytes in hardware?  The processor says, unless
   PARADBG_ATOMIC_HW=none gives it up. */
static bool hw16(void)
{
  unsigned a, b, c, d;
  const char *want = getenv("PARADBG_ATOMIC_HW");
  return __get_cpuid(1, &a, &b, &c, &d) && (c & bit_CMPXCHG16B) && !(want && strcmp(want, "none") == 0);
}

/* --- test_and_set against 16-byte read-modify-writes ------------------ */
/* One thread sets and clears byte 0 of a 16-byte object, another adds to
   its high half.  Whether the object is done in hardware or under the lock
   table, neither may undo the other's change. */
#define TAS_ROUNDS 1000000   /* fewer missed the lock-table bug at times */
static unsigned char tas_buf[48] __attribute__((aligned(16)));
static u128 *tas_obj;

static volatile int adder_running;

static void *high_adder(void *arg)
{
  long *adds = arg;
  adder_running = 1;
  while (!stop_flag) {   /* for as long as the other side runs */
    lib_fetch_add_16(tas_obj, (u128)1 << 64, 5);
    ++*adds;
  }
  return NULL;
}

static void flag_in_16(size_t offset)
{
  tas_obj = (u128 *)(tas_buf + offset);
  memset(tas_buf, 0, sizeof tas_buf);
  pthread_t t;
  long adds = 0, lost = 0, wrong = 0;
  stop_flag = 0;
  adder_running = 0;
  pthread_create(&t, NULL, high_adder, &adds);
  while (!adder_running)
    sched_yield();
  for (int i = 0; i < TAS_ROUNDS; i++) {
    if (lib_test_and_set_16(tas_obj, 5))
      wrong++;                          /* we cleared it ourselves */
    if (!(lib_load_16(tas_obj, 5) & 0xff))
      lost++;                           /* our set was undone */
    lib_fetch_and_16(tas_obj, ~(u128)0xff, 5);
  }
  stop_flag = 1;
  pthread_join(t, NULL);
  u128 end = lib_load_16(tas_obj, 5);
  if (lost || wrong || (uint64_t)(end >> 64) != (uint64_t)adds)
    FAIL("test_and_set_16 at offset %zu: %ld sets lost, %ld found set, high half %llu of %ld", offset, lost,
         wrong, (unsigned long long)(end >> 64), adds);
  else
    printf("ok: test_and_set_16 against %ld fetch_add_16 on one %s object: nothing lost in %d rounds\n", adds,
           offset % 16 ? "misaligned (lock table)" : "aligned", TAS_ROUNDS);
}

/* A misaligned 16-byte object is undefined behaviour by the ABI; this
   library sends it to the lock table rather than fault. */
static void misaligned_cas16(void)
{
  static unsigned char buf[32] __attribute__((aligned(16)));
  u128 *p = (u128 *)(buf + 8), e = 0, want = ((u128)0x1122334455667788 << 64) | 0x99aabbccddeeff00;
  memset(buf, 0, sizeof buf);
  bool ok1 = lib_compare_exchange_16(p, &e, want, 5, 5);
  e = 0;
  bool ok2 = lib_compare_exchange_16(p, &e, 0, 5, 5);
  u128 now;
  memcpy(&now, buf + 8, sizeof now);
  if (!ok1 || ok2 || e != want || now != want)
    FAIL("compare_exchange_16 on a misaligned object: %d %d", ok1, ok2);
  else
    printf("ok: compare_exchange_16 on a misaligned object goes through the lock table\n");
}

/* --- fork while another thread holds a lock --------------------------- */
static uint64_t fork_obj[5];

static void *fork_storer(void *arg)
{
  uint64_t v[5] = {0};
  (void)arg;
  while (!stop_flag) {
    v[0]++;
    lib_store(sizeof fork_obj, fork_obj, v, 5);
  }
  return NULL;
}

static void fork_while_locked(void)
{
  pthread_t t;
  stop_flag = 0;
  pthread_create(&t, NULL, fork_storer, NULL);
  int hung = 0, bad = 0;
  for (int i = 0; i < 50; i++) {
    pid_t pid = fork();
    if (pid == 0) {
      alarm(5);   /* a lock left held would make the child wait forever */
      uint64_t v[5] = {1};
      lib_load(sizeof fork_obj, fork_obj, v, 5);
      lib_store(sizeof fork_obj, fork_obj, v, 5);
      _exit(0);
    }
    int st = 0;
    if (pid < 0 || waitpid(pid, &st, 0) != pid)
      bad++;
    else if (WIFSIGNALED(st) && WTERMSIG(st) == SIGALRM && ++hung)
      break;
    else if (!WIFEXITED(st) || WEXITSTATUS(st) != 0)
      bad++;
  }
  stop_flag = 1;
  pthread_join(t, NULL);
  if (hung || bad)
    FAIL("fork while a thread stores: %s, %d children failed", hung ? "a child hung on a lock" : "no child hung", bad);
  else
    printf("ok: 50 forks while a thread stores a 40-byte object: every child's atomics work\n");
}

static void lock_free_answers(void)
{
  bool cx16 = hw16();
  static char buf[64] __attribute__((aligned(64)));
  /* libparatomic uses the lock table for these, so they are not lock-free. */
  size_t locked[] = {3, 5, 24, 40};
  for (size_t i = 0; i < 4; i++)
    if (lib_is_lock_free(locked[i], buf) || lib_is_lock_free(locked[i], NULL))
      FAIL("is_lock_free(%zu) says yes, but it takes a lock", locked[i]);
  if (lib_is_lock_free(4, buf + 2) || lib_is_lock_free(8, buf + 4))
    FAIL("is_lock_free says yes for a misaligned object");
  if (lib_is_lock_free(16, buf) != cx16 || lib_is_lock_free(16, NULL) != cx16)
    FAIL("is_lock_free(16) does not follow cmpxchg16b (%d)", cx16);
  printf("ok: is_lock_free follows what the library does (cmpxchg16b: %s)\n", cx16 ? "yes" : "no");
}

/* --- counters in wide objects ------------------------------------------ */
/* Every word of the object holds the same count: two threads add 1 to it
   by compare_exchange while a third loads it (never torn, never going
   back); the count must come out exact.  Then two threads store uniform
   values of their own under the same loads.  At 16 bytes (aligned: the
   hardware; and not: the lock table), 24, 40, 64 and 256, placed across a
   lock granule's end where they are smaller than one. */
#define CNT_ROUNDS 20000
static unsigned char cnt_buf[512] __attribute__((aligned(64)));
static uint64_t *cnt_obj;
static size_t cnt_size;
static volatile int cnt_stop;
static long cnt_bad;

static bool uniform(const uint64_t *v, size_t n)
{
  for (size_t i = 1; i < n / 8; i++)
    if (v[i] != v[0])
      return false;
  return true;
}

static void *cnt_adder(void *arg)
{
  (void)arg;
  uint64_t old[32], new[32];
  lib_load(cnt_size, cnt_obj, old, 5);
  for (int r = 0; r < CNT_ROUNDS; r++) {
    do {
      if (!uniform(old, cnt_size))
        __atomic_add_fetch(&cnt_bad, 1, __ATOMIC_RELAXED);
      for (size_t i = 0; i < cnt_size / 8; i++)
        new[i] = old[0] + 1;
    } while (!lib_compare_exchange(cnt_size, cnt_obj, old, new, 5, 5));
  }
  return NULL;
}

/* arg 0: the count only grows; else any uniform value */
static void *cnt_loader(void *arg)
{
  uint64_t v[32], last = 0;
  while (!cnt_stop) {
    lib_load(cnt_size, cnt_obj, v, 5);
    if (!uniform(v, cnt_size) || (!arg && v[0] < last))
      __atomic_add_fetch(&cnt_bad, 1, __ATOMIC_RELAXED);
    last = v[0];
  }
  return NULL;
}

static void *cnt_storer(void *arg)
{
  uint64_t v[32];
  for (uint64_t k = (uintptr_t)arg; k < (uintptr_t)arg + 2 * CNT_ROUNDS; k += 2) {
    for (size_t i = 0; i < cnt_size / 8; i++)
      v[i] = k;
    lib_store(cnt_size, cnt_obj, v, 5);
  }
  return NULL;
}

static void counters(size_t n, size_t offset)
{
  pthread_t t[3];
  uint64_t v[32];
  cnt_size = n;
  cnt_obj = (uint64_t *)(cnt_buf + offset);
  cnt_stop = 0;
  cnt_bad = 0;
  memset(cnt_buf, 0, sizeof cnt_buf);
  pthread_create(&t[0], NULL, cnt_adder, NULL);
  pthread_create(&t[1], NULL, cnt_adder, NULL);
  pthread_create(&t[2], NULL, cnt_loader, NULL);
  pthread_join(t[0], NULL);
  pthread_join(t[1], NULL);
  cnt_stop = 1;
  pthread_join(t[2], NULL);
  lib_load(n, cnt_obj, v, 5);
  uint64_t count = v[0];
  bool count_ok = uniform(v, n) && count == 2 * CNT_ROUNDS;
  long bad_cas = cnt_bad;
  cnt_stop = 0;
  pthread_create(&t[0], NULL, cnt_storer, (void *)(uintptr_t)1);
  pthread_create(&t[1], NULL, cnt_storer, (void *)(uintptr_t)2);
  pthread_create(&t[2], NULL, cnt_loader, (void *)(uintptr_t)1);
  pthread_join(t[0], NULL);
  pthread_join(t[1], NULL);
  cnt_stop = 1;
  pthread_join(t[2], NULL);
  lib_load(n, cnt_obj, v, 5);
  /* the last store of either thread */
  bool last_ok = uniform(v, n) && (v[0] == 2 * CNT_ROUNDS - 1 || v[0] == 2 * CNT_ROUNDS);
  if (bad_cas || !count_ok || cnt_bad || !last_ok)
    FAIL("%zu-byte object at granule offset %zu: %ld torn or backward loads under compare_exchange, count %llu "
         "(want %d); %ld torn loads under stores, final word %llu",
         n, offset, bad_cas, (unsigned long long)count, 2 * CNT_ROUNDS, cnt_bad, (unsigned long long)v[0]);
  else
    printf("ok: %zu-byte object at granule offset %zu: 2 threads x %d compare_exchange (count exact), then 2 storing, "
           "loads never torn\n", n, offset, CNT_ROUNDS);
}

/* Two objects that share a lock: a 24-byte one across a granule's end
   (locks g and g + 1) and a 40-byte one in the next granule (lock g + 1
   only).  Two threads count in the first and one in the second, so a
   holder of g often waits for g + 1 while another waits for g, and locks
   are given back while others wait for them; every count must be exact. */
struct nb_arg {
  uint64_t *obj;
  size_t size;
};

static void *nb_adder(void *arg)
{
  const struct nb_arg *a = arg;
  uint64_t old[8], new[8];
  lib_load(a->size, a->obj, old, 5);
  for (int r = 0; r < CNT_ROUNDS; r++) {
    do {
      if (!uniform(old, a->size))
        __atomic_add_fetch(&cnt_bad, 1, __ATOMIC_RELAXED);
      for (size_t i = 0; i < a->size / 8; i++)
        new[i] = old[0] + 1;
    } while (!lib_compare_exchange(a->size, a->obj, old, new, 5, 5));
  }
  return NULL;
}

static void neighbours(void)
{
  struct nb_arg x = {(uint64_t *)(cnt_buf + 48), 24}, y = {(uint64_t *)(cnt_buf + 64 + 16), 40};
  pthread_t t[3];
  uint64_t vx[3], vy[5];
  memset(cnt_buf, 0, sizeof cnt_buf);
  cnt_bad = 0;
  pthread_create(&t[0], NULL, nb_adder, &x);
  pthread_create(&t[1], NULL, nb_adder, &y);
  pthread_create(&t[2], NULL, nb_adder, &x);
  for (int i = 0; i < 3; i++)
    pthread_join(t[i], NULL);
  lib_load(24, x.obj, vx, 5);
  lib_load(40, y.obj, vy, 5);
  if (cnt_bad || !uniform(vx, 24) || !uniform(vy, 40) || vx[0] != 2 * CNT_ROUNDS || vy[0] != CNT_ROUNDS)
    FAIL("objects sharing a lock: %ld torn loads, counts %llu (want %d) and %llu (want %d)", cnt_bad,
         (unsigned long long)vx[0], 2 * CNT_ROUNDS, (unsigned long long)vy[0], CNT_ROUNDS);
  else
    printf("ok: a 24-byte object across a granule's end and a 40-byte one sharing its second lock: "
           "3 threads x %d compare_exchange, counts exact\n", CNT_ROUNDS);
}

/* --- the lock table while a generic store runs -------------------------- */
#define BIG (1 << 20)
static unsigned char *big;
static volatile int storer_tid;

static void *storer(void *arg)
{
  unsigned char *src = arg;
  storer_tid = (int)syscall(SYS_gettid);
  while (!stop_flag)
    lib_store(BIG, big, src, 5);
  return NULL;
}

static uint64_t field(unsigned lock, enum paradbg_atomic_field f)
{
  const struct paradbg_atomic_layout *l = &paradbg_atomic_layout;
  uint64_t v = 0;
  memcpy(&v, paratomic_locks + (size_t)lock * l->type_size[PARADBG_ATOMIC_TYPE_lock] + l->field[f].offset,
         l->field[f].size);
  return v;
}

static void lock_table(void)
{
  const struct paradbg_atomic_layout *l = &paradbg_atomic_layout;
  if (l->magic != PARADBG_ATOMIC_LAYOUT_MAGIC || l->version != PARADBG_ATOMIC_LAYOUT_VERSION) {
    FAIL("paradbg_atomic_layout: magic %#x version %u", l->magic, l->version);
    return;
  }
  big = aligned_alloc(64, BIG);
  unsigned char *src = calloc(1, BIG);
  pthread_t t[2];
  stop_flag = 0;
  storer_tid = 0;
  pthread_create(&t[0], NULL, storer, src);
  pthread_create(&t[1], NULL, storer, src);
  int seen_owner = 0, seen_waiter = 0;
  for (long poll = 0; poll < 20000000 && !(seen_owner && seen_waiter); poll++) {
    unsigned i = (unsigned)(poll % paratomic_nlocks);
    if (field(i, PARADBG_ATOMIC_FIELD_lock_state) == PARADBG_ATOMIC_LOCK_FREE)
      continue;
    int owner = (int)field(i, PARADBG_ATOMIC_FIELD_lock_owner);
    if (owner > 0 && field(i, PARADBG_ATOMIC_FIELD_lock_addr) == (uintptr_t)big &&
        field(i, PARADBG_ATOMIC_FIELD_lock_size) == BIG) {
      char path[64];
      snprintf(path, sizeof path, "/proc/self/task/%d", owner);
      if (access(path, F_OK) == 0)   /* a thread of ours */
        seen_owner = 1;
    }
    if (field(i, PARADBG_ATOMIC_FIELD_lock_waiters) > 0 &&
        field(i, PARADBG_ATOMIC_FIELD_lock_state) == PARADBG_ATOMIC_LOCK_CONTENDED)
      seen_waiter = 1;
  }
  stop_flag = 1;
  pthread_join(t[0], NULL);
  pthread_join(t[1], NULL);
  if (!seen_owner)
    FAIL("no lock ever named a storing thread and the 1 MiB object %p", (void *)big);
  else
    printf("ok: a held lock names its owner (one of our LWPs) and the object %p, %d bytes\n", (void *)big, BIG);
  if (!seen_waiter)
    FAIL("no lock ever showed a waiting thread while two threads stored the same object");
  else
    printf("ok: a contended lock counts its waiters\n");
  for (unsigned i = 0; i < paratomic_nlocks; i++)
    if (field(i, PARADBG_ATOMIC_FIELD_lock_state) != PARADBG_ATOMIC_LOCK_FREE ||
        field(i, PARADBG_ATOMIC_FIELD_lock_waiters) != 0) {
      FAIL("lock %u still held after every thread finished", i);
      break;
    }
  free(big);
  free(src);
}

/* --- a holder that waits for its object's next lock ------------------ */
/* A 24-byte object across a granule's end needs two locks.  With the
   second held (its state word set from here), the storer takes the first
   and waits: the first must name it, whole (seq odd), while it waits.
   Freeing the second without a wake also shows that a sleeper looks again
   by itself. */
static unsigned char hw_buf[128] __attribute__((aligned(64)));
static volatile int hw_tid;

static void *hw_storer(void *arg)
{
  (void)arg;
  uint64_t v[3] = {7, 7, 7};
  hw_tid = (int)syscall(SYS_gettid);
  lib_store(24, hw_buf + 48, v, 5);
  return NULL;
}

static void holder_while_waiting(void)
{
  const struct paradbg_atomic_layout *l = &paradbg_atomic_layout;
  unsigned first = (unsigned)((uintptr_t)(hw_buf + 48) / paratomic_granule % paratomic_nlocks);
  unsigned second = (first + 1) % paratomic_nlocks;
  uint32_t *state2 = (uint32_t *)(void *)(paratomic_locks + (size_t)second * l->type_size[PARADBG_ATOMIC_TYPE_lock] +
                                          l->field[PARADBG_ATOMIC_FIELD_lock_state].offset);
  __atomic_store_n(state2, PARADBG_ATOMIC_LOCK_HELD, __ATOMIC_SEQ_CST);
  pthread_t t;
  pthread_create(&t, NULL, hw_storer, NULL);
  for (int i = 0; i < 5000 && field(second, PARADBG_ATOMIC_FIELD_lock_waiters) == 0; i++)
    usleep(1000);
  uint64_t st = field(first, PARADBG_ATOMIC_FIELD_lock_state), owner = field(first, PARADBG_ATOMIC_FIELD_lock_owner),
           seq = field(first, PARADBG_ATOMIC_FIELD_lock_seq), addr = field(first, PARADBG_ATOMIC_FIELD_lock_addr),
           size = field(first, PARADBG_ATOMIC_FIELD_lock_size);
  __atomic_store_n(state2, PARADBG_ATOMIC_LOCK_FREE, __ATOMIC_SEQ_CST);   /* no wake: it must look again */
  pthread_join(t, NULL);
  uint64_t v[3];
  lib_load(24, hw_buf + 48, v, 5);
  if (st == PARADBG_ATOMIC_LOCK_FREE || (int)owner != hw_tid || !(seq & 1) || addr != (uintptr_t)(hw_buf + 48) ||
      size != 24 || v[0] != 7 || v[2] != 7)
    FAIL("a storer waiting for lock %u: lock %u says state %llu, owner %llu (want %d), seq %llu, addr %s, size %llu; "
         "then stored %llu",
         second, first, (unsigned long long)st, (unsigned long long)owner, hw_tid, (unsigned long long)seq,
         addr == (uintptr_t)(hw_buf + 48) ? "right" : "wrong", (unsigned long long)size, (unsigned long long)v[0]);
  else
    printf("ok: a storer waiting for its object's second lock is named the holder of the first; freed without a "
           "wake, it went on\n");
}

int main(void)
{
  const char *hw = getenv("PARADBG_ATOMIC_HW");
  printf("PARADBG_ATOMIC_HW=%s\n", hw ? hw : "(unset)");
  torn_reads(16);
  torn_reads(24);
  torn_reads(40);
  torn_reads(256);
  counters(16, 0);
  counters(16, 56);
  counters(24, 48);
  counters(40, 32);
  counters(64, 32);
  counters(256, 16);
  neighbours();
  overlapping();
  sixteen();
  store_buffering();
  flag_in_16(0);
  flag_in_16(8);
  misaligned_cas16();
  fork_while_locked();
  lock_free_answers();
  lock_table();
  holder_while_waiting();
  printf("%d failures\n", failures);
  return failures != 0;
}
