/* Unit tests of the wait-for graph (paradbg/waits.h): records made here,
   the graph, its diagnosis in words, and its text, JSON and DOT. */
#define _GNU_SOURCE
#include <check.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "paradbg/paradbg.h"

/* --- Records made by hand ---------------------------------------------------- */

#define MAXT 8192

struct world {
  struct pdb_host_thread host[MAXT];
  char labels[MAXT][24];
  struct pdb_thread th[MAXT];
  unsigned n;
  struct pdb_region regions[8];
  unsigned nregions;
  struct pdb_records omp;
};

static struct world *world_new(void)
{
  struct world *w = calloc(1, sizeof *w);
  ck_assert_ptr_nonnull(w);
  return w;
}

/* Thread k+1 ("thread k+1"), OpenMP thread k, in state (NULL: running). */
static struct pdb_thread *add(struct world *w, int64_t lwp, const char *state)
{
  unsigned i = w->n++;
  snprintf(w->labels[i], sizeof w->labels[i], "thread %u", i + 1);
  w->host[i].lwp = lwp;
  w->host[i].label = w->labels[i];
  struct pdb_thread *t = &w->th[i];
  t->lwp = lwp;
  t->is_omp = 1;
  t->thread_num = i;
  t->has_state = 1;
  t->state = state != NULL ? state : "work_parallel";
  t->waiting = state != NULL && strncmp(state, "wait_", 5) == 0;
  return t;
}

static void wait_on(struct pdb_thread *t, const char *state, int64_t holder, const char *name)
{
  t->state = state;
  t->waiting = 1;
  t->holder = holder;
  t->wait_name = (char *)name;
}

static struct pdb_region *region(struct world *w, uint64_t id, const int64_t *members, unsigned n)
{
  struct pdb_region *r = &w->regions[w->nregions++];
  r->id = id;
  r->level = 1;
  r->team_size = n;
  r->members = (int64_t *)members;
  r->nmembers = n;
  return r;
}

static const struct pdb_records *records(struct world *w)
{
  w->omp.want = PDB_WANT_THREADS | PDB_WANT_PARALLEL | PDB_WANT_TASKS;
  w->omp.threads = w->th;
  w->omp.nthreads = w->n;
  w->omp.regions = w->regions;
  w->omp.nregions = w->nregions;
  return &w->omp;
}

static void build(struct world *w, const struct pdb_caf_records *caf, const struct pdb_atomic_records *ar,
                  struct pdb_waits *out)
{
  char msg[256];
  int st = pdb_waits_build(w != NULL ? records(w) : NULL, caf, ar, w != NULL ? w->host : NULL,
                           w != NULL ? w->n : 0, out, msg, sizeof msg);
  ck_assert_msg(st == PDB_OK, "pdb_waits_build: %s", msg);
  ck_assert_ptr_nonnull(out->summary);
  ck_assert_ptr_nonnull(out->verdict_name);
}

static unsigned cycle_edges(const struct pdb_waits *w)
{
  unsigned n = 0;
  for (unsigned i = 0; i < w->nedges; i++)
    n += w->edges[i].in_cycle;
  return n;
}

/* --- A JSON syntax check, enough to know the text parses ------------------------ */

static const char *json_value(const char *p);

static const char *json_ws(const char *p)
{
  while (*p == ' ' || *p == '\n' || *p == '\t' || *p == '\r')
    p++;
  return p;
}

static const char *json_string(const char *p)
{
  if (*p++ != '"')
    return NULL;
  while (*p != '"') {
    if ((unsigned char)*p < 0x20)
      return NULL;
    if (*p == '\\') {
      p++;
      if (*p == 'u') {
        for (int i = 1; i <= 4; i++)
          if (!strchr("0123456789abcdefABCDEF", p[i]) || p[i] == '\0')
            return NULL;
        p += 4;
      } else if (!strchr("\"\\/bfnrt", *p) || *p == '\0') {
        return NULL;
      }
    }
    p++;
  }
  return p + 1;
}

static const char *json_value(const char *p)
{
  p = json_ws(p);
  if (*p == '{' || *p == '[') {
    char close = *p == '{' ? '}' : ']';
    int obj = *p == '{';
    p = json_ws(p + 1);
    if (*p == close)
      return p + 1;
    for (;;) {
      if (obj) {
        if ((p = json_string(json_ws(p))) == NULL)
          return NULL;
        p = json_ws(p);
        if (*p++ != ':')
          return NULL;
      }
      if ((p = json_value(p)) == NULL)
        return NULL;
      p = json_ws(p);
      if (*p == close)
        return p + 1;
      if (*p++ != ',')
        return NULL;
    }
  }
  if (*p == '"')
    return json_string(p);
  if (strncmp(p, "true", 4) == 0)
    return p + 4;
  if (strncmp(p, "false", 5) == 0)
    return p + 5;
  if (strncmp(p, "null", 4) == 0)
    return p + 4;
  const char *q = p;
  if (*q == '-')
    q++;
  while (*q >= '0' && *q <= '9')
    q++;
  return q > p ? q : NULL;
}

static int json_parses(const char *text)
{
  const char *end = json_value(text);
  return end != NULL && *json_ws(end) == '\0';
}

/* --- OpenMP -------------------------------------------------------------------- */

START_TEST(abba_between_two_locks)
{
  struct world *w = world_new();
  struct pdb_thread *a = add(w, 101, NULL), *b = add(w, 102, NULL);
  wait_on(a, "wait_lock", 102, "b");
  wait_on(b, "wait_lock", 101, "a");
  struct pdb_waits g;
  build(w, NULL, NULL, &g);
  ck_assert_int_eq(g.verdict, PDB_WAITS_DEADLOCK);
  ck_assert_str_eq(g.verdict_name, "deadlock");
  ck_assert_str_eq(g.summary, "deadlock: thread 1 holds lock `a` and waits for lock `b`, held by thread 2, "
                              "which waits for lock `a`");
  ck_assert_uint_eq(g.nfindings, 1);
  ck_assert_str_eq(g.findings[0].kind, "deadlock");
  ck_assert_uint_eq(g.findings[0].nnodes, 2);
  ck_assert_uint_eq(g.findings[0].nodes[0], 0);
  ck_assert_uint_eq(g.findings[0].nodes[1], 1);
  ck_assert_uint_eq(g.nedges, 2);
  ck_assert_uint_eq(cycle_edges(&g), 2);
  ck_assert_str_eq(g.edges[0].kind, "lock");
  ck_assert_str_eq(g.edges[0].object, "lock `b`");
  ck_assert_str_eq(g.nodes[0].status, "waiting");
  char *text = pdb_waits_text(&g);
  ck_assert_ptr_nonnull(text);
  ck_assert_ptr_nonnull(strstr(text, "thread 1 -> thread 2  lock `b`  [deadlock]"));
  pdb_free(text);
  pdb_waits_free(&g);
  ck_assert_ptr_null(g.nodes);
  free(w);
}
END_TEST

/* Without the host's threads, OpenMP's records are not all of them: a
   holder not among them is unknown, not gone. */
START_TEST(holder_unknown_without_host_threads)
{
  struct world *w = world_new();
  struct pdb_thread *a = add(w, 101, NULL);
  wait_on(a, "wait_lock", 999, "q");
  struct pdb_waits g;
  char msg[256];
  ck_assert_int_eq(pdb_waits_build(records(w), NULL, NULL, NULL, 0, &g, msg, sizeof msg), PDB_OK);
  ck_assert_int_ne(g.verdict, PDB_WAITS_NEVER);
  ck_assert_uint_eq(g.nnodes, 2);
  ck_assert_int_eq(g.nodes[1].lwp, 999);
  ck_assert_str_eq(g.nodes[1].status, "unknown");
  pdb_waits_free(&g);
  /* With them, it has exited. */
  build(w, NULL, NULL, &g);
  ck_assert_int_eq(g.verdict, PDB_WAITS_NEVER);
  ck_assert_str_eq(g.nodes[1].status, "exited");
  pdb_waits_free(&g);
  free(w);
}
END_TEST

START_TEST(lock_critical_cycle)
{
  struct world *w = world_new();
  add(w, 201, NULL);
  struct pdb_thread *t2 = add(w, 202, NULL), *t3 = add(w, 203, NULL);
  add(w, 204, NULL);
  struct pdb_thread *t5 = add(w, 205, NULL);
  wait_on(t2, "wait_critical", 205, "log");
  wait_on(t5, "wait_lock", 202, "a");
  wait_on(t3, "wait_lock", 202, "a");   /* behind the cycle */
  struct pdb_waits g;
  build(w, NULL, NULL, &g);
  ck_assert_int_eq(g.verdict, PDB_WAITS_DEADLOCK);
  ck_assert_str_eq(g.summary, "deadlock: thread 2 holds lock `a` and waits for critical `log`, held by "
                              "thread 5, which waits for lock `a`; 1 more thread waits behind it");
  ck_assert_uint_eq(cycle_edges(&g), 2);
  ck_assert_uint_eq(g.nedges, 3);
  pdb_waits_free(&g);

  /* The unnamed critical section, and a holder waiting for itself. */
  t3->state = "work_parallel";
  t3->waiting = 0;
  wait_on(t2, "wait_critical", 202, "unnamed");
  t5->state = "work_parallel";
  t5->waiting = 0;
  build(w, NULL, NULL, &g);
  ck_assert_int_eq(g.verdict, PDB_WAITS_DEADLOCK);
  ck_assert_str_eq(g.summary, "deadlock: thread 2 waits for the unnamed critical, which it holds itself");
  pdb_waits_free(&g);
  free(w);
}
END_TEST

START_TEST(barrier_member_exited_and_crashed)
{
  struct world *w = world_new();
  static const int64_t members[] = { 301, 302, 303, 399 };
  region(w, 1, members, 4);
  struct pdb_thread *t1 = add(w, 301, "wait_barrier_explicit"), *t2 = add(w, 302, "wait_barrier_explicit");
  struct pdb_thread *t3 = add(w, 303, NULL);
  add(w, 304, NULL);   /* not a member */
  t1->has_region = t2->has_region = t3->has_region = 1;
  t1->region_id = t2->region_id = t3->region_id = 1;
  w->host[2].signal = SIGSEGV;
  struct pdb_waits g;
  build(w, NULL, NULL, &g);
  ck_assert_int_eq(g.verdict, PDB_WAITS_NEVER);
  ck_assert_str_eq(g.verdict_name, "never");
  ck_assert_str_eq(g.nodes[2].status, "crashed");
  ck_assert_int_eq(g.nodes[2].alive, 0);
  ck_assert_int_eq(g.nodes[2].signal, SIGSEGV);
  ck_assert_uint_eq(g.nfindings, 2);
  ck_assert_str_eq(g.findings[0].text, "thread 1 waits at the barrier of region 1 for thread 3 (OpenMP thread 2), "
                                       "which crashed (SIGSEGV): it will never arrive; 1 more thread waits there too");
  ck_assert_str_eq(g.findings[1].text, "thread 1 waits at the barrier of region 1 for LWP 399 (OpenMP thread 3), "
                                       "which has exited: it will never arrive; 1 more thread waits there too");
  ck_assert_str_eq(g.summary, g.findings[0].text);
  ck_assert_str_eq(g.findings[0].kind, "never");
  ck_assert_uint_eq(g.findings[0].nnodes, 2);
  ck_assert_uint_eq(g.findings[0].nodes[1], 2);
  ck_assert_uint_eq(g.nnodes, 5);
  ck_assert_str_eq(g.nodes[4].label, "LWP 399");
  ck_assert_str_eq(g.nodes[4].status, "exited");
  ck_assert_int_eq(g.nodes[4].omp_thread, 3);
  ck_assert_uint_eq(g.nedges, 4);   /* two waiters, two members each */
  ck_assert_uint_eq(cycle_edges(&g), 0);
  pdb_waits_free(&g);

  /* Every member there but one that runs: no deadlock. */
  w->host[2].signal = 0;
  static const int64_t three[] = { 301, 302, 303 };
  w->regions[0].members = (int64_t *)three;
  w->regions[0].nmembers = 3;
  build(w, NULL, NULL, &g);
  ck_assert_int_eq(g.verdict, PDB_WAITS_PROGRESS);
  ck_assert_str_eq(g.summary, "no deadlock: 2 threads wait, all at the barrier of region 1, for thread 3, "
                              "which is running");
  pdb_waits_free(&g);

  /* In a core every thread carries the dumping signal: the first crashed. */
  for (unsigned i = 0; i < w->n; i++)
    w->host[i].signal = SIGSEGV;
  build(w, NULL, NULL, &g);
  ck_assert_str_eq(g.nodes[0].status, "crashed");
  ck_assert_str_eq(g.nodes[1].status, "waiting");
  ck_assert_str_eq(g.nodes[2].status, "running");
  pdb_waits_free(&g);
  free(w);
}
END_TEST

START_TEST(taskwait)
{
  struct world *w = world_new();
  struct pdb_thread *t1 = add(w, 401, "wait_taskwait"), *t2 = add(w, 402, NULL);
  add(w, 403, NULL);
  struct pdb_task t1tasks[1] = { { .id = 10 } }, t2tasks[2] = { { .id = 11 }, { .id = 10 } };
  t1->tasks = t1tasks, t1->ntasks = 1;
  t2->tasks = t2tasks, t2->ntasks = 2;
  struct pdb_waits g;
  build(w, NULL, NULL, &g);
  ck_assert_int_eq(g.verdict, PDB_WAITS_PROGRESS);
  ck_assert_str_eq(g.summary, "no deadlock: 1 thread waits, in the taskwait of task 10, for thread 2, which is running");
  ck_assert_uint_eq(g.nedges, 1);
  ck_assert_str_eq(g.edges[0].kind, "taskwait");
  ck_assert_uint_eq(g.edges[0].to, 1);
  pdb_waits_free(&g);

  /* The child task waits for a lock its parent's thread holds. */
  wait_on(t2, "wait_lock", 401, "q");
  build(w, NULL, NULL, &g);
  ck_assert_int_eq(g.verdict, PDB_WAITS_DEADLOCK);
  ck_assert_str_eq(g.summary, "deadlock: thread 1 waits in the taskwait of task 10 for thread 2, which waits "
                              "for lock `q`, held by thread 1");
  pdb_waits_free(&g);

  /* A grandchild is no child of a taskwait, but belongs to a taskgroup. */
  t2->state = "work_parallel";
  struct pdb_task t3tasks[3] = { { .id = 12 }, { .id = 11 }, { .id = 10 } };
  t2tasks[1].id = 13;   /* thread 2 runs an unrelated task */
  w->th[2].tasks = t3tasks, w->th[2].ntasks = 3;
  build(w, NULL, NULL, &g);
  ck_assert_uint_eq(g.nedges, 0);
  pdb_waits_free(&g);
  t1->state = "wait_taskgroup";
  build(w, NULL, NULL, &g);
  ck_assert_uint_eq(g.nedges, 1);
  ck_assert_uint_eq(g.edges[0].to, 2);
  ck_assert_str_eq(g.edges[0].kind, "taskgroup");
  pdb_waits_free(&g);
  free(w);
}
END_TEST

/* --- Coarrays ------------------------------------------------------------------- */

static void images(struct pdb_caf_records *caf, struct pdb_caf_image *im, unsigned n)
{
  memset(caf, 0, sizeof *caf);
  caf->num_images = (int)n;
  caf->this_image = 1;
  caf->images = im;
  caf->nimages = n;
  for (unsigned i = 0; i < n; i++) {
    memset(&im[i], 0, sizeof im[i]);
    im[i].image = (int)i + 1;
    im[i].status = "running";
    im[i].object_coarray = -1;
  }
}

START_TEST(coarray_cycle)
{
  struct pdb_caf_records caf;
  struct pdb_caf_image im[3];
  images(&caf, im, 3);
  int two = 2;
  im[0].wait_kind = "sync images";
  im[0].wait = "sync images (2)";
  im[0].wait_images = &two;
  im[0].nwait_images = 1;
  im[1].wait_kind = "lock";
  im[1].wait = "lock lk[1] (held by image 1)";
  im[1].holder = 1;
  im[1].object = "lk";
  im[1].object_image = 1;
  struct pdb_waits g;
  build(NULL, &caf, NULL, &g);
  ck_assert_int_eq(g.verdict, PDB_WAITS_DEADLOCK);
  ck_assert_str_eq(g.summary, "deadlock: image 1 waits in sync images for image 2, which waits for coarray "
                              "lock lk[1], held by image 1");
  ck_assert_uint_eq(g.nnodes, 3);
  ck_assert_int_eq(g.nodes[0].kind, PDB_WAIT_IMAGE);
  ck_assert_int_eq(g.nodes[0].image, 1);
  ck_assert_str_eq(g.nodes[0].wait, "sync images (2)");
  ck_assert_uint_eq(cycle_edges(&g), 2);
  pdb_waits_free(&g);

  /* With the host's threads: image 1's main thread (its pid) waits as
     image 1 does, and is not counted again behind the deadlock; another
     thread runs. */
  im[0].pid = 100;
  struct pdb_host_thread host[2] = { { .lwp = 100, .label = "thread 1" }, { .lwp = 101, .label = "thread 2" } };
  char msg[256];
  ck_assert_int_eq(pdb_waits_build(NULL, &caf, NULL, host, 2, &g, msg, sizeof msg), PDB_OK);
  ck_assert_int_eq(g.verdict, PDB_WAITS_DEADLOCK);
  ck_assert_str_eq(g.summary, "deadlock: image 1 waits in sync images for image 2, which waits for coarray "
                              "lock lk[1], held by image 1");
  int main_thread = -1, other = -1, image1 = -1;
  for (unsigned i = 0; i < g.nnodes; i++) {
    if (g.nodes[i].kind == PDB_WAIT_THREAD && g.nodes[i].lwp == 100)
      main_thread = (int)i;
    if (g.nodes[i].kind == PDB_WAIT_THREAD && g.nodes[i].lwp == 101)
      other = (int)i;
    if (g.nodes[i].kind == PDB_WAIT_IMAGE && g.nodes[i].image == 1)
      image1 = (int)i;
  }
  ck_assert(main_thread >= 0 && other >= 0 && image1 >= 0);
  ck_assert_str_eq(g.nodes[main_thread].status, "waiting");
  ck_assert_str_eq(g.nodes[main_thread].wait, "sync images (2)");
  ck_assert_str_eq(g.nodes[other].status, "running");
  unsigned as_image = 0;
  for (unsigned i = 0; i < g.nedges; i++)
    if (strcmp(g.edges[i].kind, "image") == 0) {
      ck_assert_int_eq(g.edges[i].from, main_thread);
      ck_assert_int_eq(g.edges[i].to, image1);
      as_image++;
    }
  ck_assert_uint_eq(as_image, 1);
  pdb_waits_free(&g);
}
END_TEST

START_TEST(event_no_live_image_can_post)
{
  struct pdb_caf_records caf;
  struct pdb_caf_image im[3];
  images(&caf, im, 3);
  im[0].wait_kind = "event wait";
  im[0].wait = "event wait ev (count 0, 1 post needed)";
  im[0].object = "ev";
  im[0].object_image = 1;
  im[1].status = "stopped";
  im[2].status = "failed";
  im[2].signal = SIGKILL;
  struct pdb_waits g;
  build(NULL, &caf, NULL, &g);
  ck_assert_int_eq(g.verdict, PDB_WAITS_NEVER);
  ck_assert_str_eq(g.summary, "image 1 waits for event ev, which no live image can post");
  ck_assert_uint_eq(g.nfindings, 1);
  ck_assert_uint_eq(g.findings[0].nnodes, 1);
  ck_assert_int_eq(g.nodes[2].alive, 0);
  ck_assert_int_eq(g.nodes[2].signal, SIGKILL);
  pdb_waits_free(&g);

  /* With an image that still runs, it may post. */
  im[1].status = "running";
  build(NULL, &caf, NULL, &g);
  ck_assert_int_eq(g.verdict, PDB_WAITS_PROGRESS);
  ck_assert_str_eq(g.summary, "no deadlock: 1 image waits, on event ev, for image 2, which is running");
  pdb_waits_free(&g);

  /* Two images that wait for each other's events: nobody else can post. */
  im[1].wait_kind = "event wait";
  im[1].object = "ev2";
  im[1].object_image = 2;
  build(NULL, &caf, NULL, &g);
  ck_assert_int_eq(g.verdict, PDB_WAITS_DEADLOCK);
  ck_assert_str_eq(g.summary, "deadlock: image 1 waits for event ev from image 2, which waits for event ev2 "
                              "from image 1");
  pdb_waits_free(&g);
}
END_TEST

/* --- Atomic locks ------------------------------------------------------------------ */

START_TEST(atomic_lock_held_by_dead_lwp)
{
  struct world *w = world_new();
  add(w, 501, NULL);
  add(w, 502, NULL);
  add(w, 503, NULL);
  for (unsigned i = 0; i < w->n; i++)
    w->th[i].is_omp = 0, w->th[i].has_state = 0, w->th[i].state = "";
  struct pdb_atomic_waiter waiter = { .who = { .lwp = 503, .omp_thread = -1, .alive = 1 }, .lock = 2,
                                      .object = { .addr = 0x4040, .size = 40, .name = "counter40" },
                                      .wait = "atomic lock 2 for counter40 (held by LWP 1234, which no "
                                              "longer exists)" };
  unsigned wi = 0;
  struct pdb_atomic_lock lock = { .index = 2, .state = "held, threads waiting",
                                  .owner = { .lwp = 1234, .omp_thread = -1, .alive = 0 },
                                  .waiters = &wi, .nwaiters = 1 };
  struct pdb_atomic_records ar = { .owners_recorded = 1, .runtime = "libparatomic", .locks = &lock,
                                   .nlocks = 1, .waiters = &waiter, .nwaiters = 1 };
  struct pdb_waits g;
  build(w, NULL, &ar, &g);
  ck_assert_int_eq(g.verdict, PDB_WAITS_NEVER);
  ck_assert_str_eq(g.summary, "thread 3 waits for atomic lock 2 for counter40, held by LWP 1234, which has "
                              "exited: nothing will release it");
  ck_assert_str_eq(g.nodes[2].status, "waiting");
  ck_assert_str_eq(g.nodes[2].wait, waiter.wait);
  ck_assert_str_eq(g.nodes[3].label, "LWP 1234");
  ck_assert_str_eq(g.edges[0].kind, "atomic lock");
  pdb_waits_free(&g);

  /* A waiter that holds the lock itself (re-entered from a handler). */
  lock.owner.lwp = 503;
  lock.owner.alive = 1;
  build(w, NULL, &ar, &g);
  ck_assert_int_eq(g.verdict, PDB_WAITS_DEADLOCK);
  ck_assert_str_eq(g.summary, "deadlock: thread 3 waits for atomic lock 2 for counter40, which it holds itself");
  pdb_waits_free(&g);

  /* Held by a thread that runs. */
  lock.owner.lwp = 501;
  build(w, NULL, &ar, &g);
  ck_assert_int_eq(g.verdict, PDB_WAITS_PROGRESS);
  ck_assert_str_eq(g.summary, "no deadlock: 1 thread waits, on atomic lock 2 for counter40, which is held by "
                              "thread 1, which is running");
  pdb_waits_free(&g);
  free(w);
}
END_TEST

/* --- Healthy programs ----------------------------------------------------------------- */

START_TEST(healthy_pileup)
{
  struct world *w = world_new();
  add(w, 601, NULL);
  for (int i = 2; i <= 4; i++)
    wait_on(add(w, 600 + i, NULL), "wait_critical", 601, "log");
  struct pdb_waits g;
  build(w, NULL, NULL, &g);
  ck_assert_int_eq(g.verdict, PDB_WAITS_PROGRESS);
  ck_assert_str_eq(g.verdict_name, "no deadlock");
  ck_assert_str_eq(g.summary, "no deadlock: 3 threads wait, all on critical `log`, which is held by thread 1, "
                              "which is running");
  ck_assert_uint_eq(g.nfindings, 0);
  ck_assert_uint_eq(g.nedges, 3);
  pdb_waits_free(&g);

  /* A holder that is not recorded: nothing to say against it. */
  for (unsigned i = 1; i < w->n; i++)
    w->th[i].holder = 0;
  build(w, NULL, NULL, &g);
  ck_assert_int_eq(g.verdict, PDB_WAITS_PROGRESS);
  ck_assert_str_eq(g.summary, "no deadlock: 3 threads wait, all on critical `log`, whose holder is not known");
  pdb_waits_free(&g);

  /* Waits of several kinds that lead to running threads. */
  w->th[1].holder = 601;
  wait_on(&w->th[2], "wait_lock", 602, "q");
  build(w, NULL, NULL, &g);
  ck_assert_int_eq(g.verdict, PDB_WAITS_PROGRESS);
  ck_assert_str_eq(g.summary, "no deadlock: 3 threads wait; the waits lead to thread 1, which is running");
  pdb_waits_free(&g);
  free(w);
}
END_TEST

START_TEST(nothing_waits)
{
  struct world *w = world_new();
  for (int i = 0; i < 4; i++)
    add(w, 700 + i, NULL);
  struct pdb_waits g;
  build(w, NULL, NULL, &g);
  ck_assert_int_eq(g.verdict, PDB_WAITS_NOTHING);
  ck_assert_str_eq(g.verdict_name, "nothing waits");
  ck_assert_str_eq(g.summary, "no deadlock: nothing waits (4 threads run)");
  ck_assert_uint_eq(g.nedges, 0);
  pdb_waits_free(&g);

  w->host[3].signal = SIGBUS;
  build(w, NULL, NULL, &g);
  ck_assert_str_eq(g.summary, "no deadlock: nothing waits (3 threads run, 1 thread crashed)");
  pdb_waits_free(&g);
  free(w);
}
END_TEST

/* --- Renderings ---------------------------------------------------------------------------- */

START_TEST(json_and_dot)
{
  struct world *w = world_new();
  struct pdb_thread *a = add(w, 801, NULL), *b = add(w, 802, NULL);
  add(w, 803, NULL);
  /* A name from the target with a quote, a backslash and an escape. */
  wait_on(a, "wait_lock", 802, "b\"\\\x1b[31m");
  wait_on(b, "wait_lock", 801, "a");
  w->labels[2][0] = '\0';   /* no host label: "LWP 803" */
  struct pdb_waits g;
  build(w, NULL, NULL, &g);
  ck_assert_str_eq(g.nodes[2].label, "LWP 803");
  ck_assert_ptr_null(strchr(g.summary, '\x1b'));

  char *json = pdb_waits_json(&g, NULL, NULL);
  ck_assert_ptr_nonnull(json);
  ck_assert_msg(json_parses(json), "JSON does not parse: %s", json);
  ck_assert_ptr_nonnull(strstr(json, "\"waits\""));
  ck_assert_ptr_nonnull(strstr(json, "\"verdict\": \"deadlock\""));
  ck_assert_ptr_nonnull(strstr(json, "\"in_cycle\": true"));
  ck_assert_ptr_nonnull(strstr(json, "\"lwp\": 803"));
  ck_assert_ptr_null(strchr(json, '\x1b'));
  /* the printable text, escaped once for JSON */
  ck_assert_ptr_nonnull(strstr(json, "\"object\": \"lock `b\\\"\\\\\\\\\\\\x1b[31m`\""));
  /* Into a document another view wrote. */
  char *doc = pdb_waits_json(&g, "{\"format\": 1, \"target\": {\"kind\": \"core\", \"core\": \"c\"}}", NULL);
  ck_assert_ptr_nonnull(doc);
  ck_assert_ptr_nonnull(strstr(doc, "\"core\": \"c\""));
  ck_assert_ptr_nonnull(strstr(doc, "\"summary\""));
  ck_assert_ptr_null(pdb_waits_json(&g, "[1, 2]", NULL));
  pdb_free(doc);
  pdb_free(json);

  char *dot = pdb_waits_dot(&g);
  ck_assert_ptr_nonnull(dot);
  ck_assert_int_eq(strncmp(dot, "digraph waits {", 15), 0);
  ck_assert_ptr_nonnull(strstr(dot, "n0 -> n1"));
  ck_assert_ptr_nonnull(strstr(dot, "color=red"));
  /* printable: `b"\\\x1b[31m`; each quote and backslash escaped for DOT */
  ck_assert_ptr_nonnull(strstr(dot, "label=\"lock `b\\\"\\\\\\\\\\\\x1b[31m`\""));
  ck_assert_ptr_nonnull(strstr(g.summary, "lock `b\"\\\\\\x1b[31m`"));
  ck_assert_ptr_null(strchr(dot, '\x1b'));

  /* SVG through Graphviz, when it is installed; the advice when not. */
  char dir[] = "/tmp/check_waits.XXXXXX", path[64], msg[256];
  ck_assert_ptr_nonnull(mkdtemp(dir));
  snprintf(path, sizeof path, "%s/g.svg", dir);
  const char *old = getenv("PATH");
  char *saved = old != NULL ? strdup(old) : NULL;
  setenv("PATH", dir, 1);
  ck_assert_int_eq(pdb_dot_to_svg(dot, path, msg, sizeof msg), -1);
  ck_assert_str_eq(msg, "Graphviz's dot is not installed (Debian: apt-get install graphviz)");
  if (saved != NULL)
    setenv("PATH", saved, 1);
  free(saved);
  if (pdb_dot_to_svg("digraph g { a -> b }", path, msg, sizeof msg) == 0 || strstr(msg, "not installed") == NULL) {
    ck_assert_int_eq(pdb_dot_to_svg(dot, path, msg, sizeof msg), 0);
    FILE *f = fopen(path, "r");
    ck_assert_ptr_nonnull(f);
    char buf[4096];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    fclose(f);
    ck_assert_ptr_nonnull(strstr(buf, "<svg"));
    /* dot refuses a graph that is not one */
    ck_assert_int_eq(pdb_dot_to_svg("digraph {", path, msg, sizeof msg), -1);
    ck_assert_ptr_nonnull(strstr(msg, "Graphviz's dot failed"));
  }
  unlink(path);
  ck_assert_int_eq(pdb_write_file("hello\n", path, msg, sizeof msg), 0);
  FILE *f = fopen(path, "r");
  char line[16] = "";
  ck_assert_ptr_nonnull(fgets(line, sizeof line, f));
  fclose(f);
  ck_assert_str_eq(line, "hello\n");
  unlink(path);
  snprintf(path, sizeof path, "%s/no/such/dir", dir);
  ck_assert_int_eq(pdb_write_file("x", path, msg, sizeof msg), -1);
  ck_assert_ptr_nonnull(strstr(msg, "No such file"));
  rmdir(dir);
  pdb_free(dot);

  char *text = pdb_waits_text(&g);
  ck_assert_ptr_nonnull(text);
  ck_assert_int_eq(strncmp(text, g.summary, strlen(g.summary)), 0);
  ck_assert_ptr_null(strchr(text, '\x1b'));
  pdb_free(text);
  pdb_waits_free(&g);
  free(w);
}
END_TEST

START_TEST(bad_input)
{
  char msg[256];
  struct pdb_waits g;
  ck_assert_int_eq(pdb_waits_build(NULL, NULL, NULL, NULL, 0, NULL, msg, sizeof msg), PDB_FAILED);
  ck_assert_int_ne(msg[0], '\0');
  ck_assert_int_eq(pdb_waits_build(NULL, NULL, NULL, NULL, 0, &g, msg, sizeof msg), PDB_OK);
  ck_assert_int_eq(g.verdict, PDB_WAITS_NOTHING);
  ck_assert_str_eq(g.summary, "no deadlock: nothing waits");
  ck_assert_uint_eq(g.nnodes, 0);
  char *t = pdb_waits_text(&g), *j = pdb_waits_json(&g, NULL, NULL), *d = pdb_waits_dot(&g);
  ck_assert_ptr_nonnull(t);
  ck_assert_ptr_nonnull(j);
  ck_assert_ptr_nonnull(d);
  ck_assert(json_parses(j));
  pdb_free(t), pdb_free(j), pdb_free(d);
  pdb_waits_free(&g);
  pdb_waits_free(&g);   /* twice is harmless */
  pdb_waits_free(NULL);
  ck_assert_ptr_null(pdb_waits_text(NULL));
  ck_assert_ptr_null(pdb_waits_dot(NULL));

  /* Threads without a host list: the OpenMP records name them; odd values
     (LWP 0, a member 0, a region not gathered, no tasks) are passed over. */
  struct world *w = world_new();
  static const int64_t members[] = { 0, 902 };
  region(w, 5, members, 2);
  struct pdb_thread *a = add(w, 901, "wait_barrier"), *b = add(w, 902, "wait_taskwait");
  a->has_region = 1, a->region_id = 77;
  add(w, 0, "wait_lock");
  wait_on(&w->th[2], "wait_lock", 901, NULL);
  (void)b;
  ck_assert_int_eq(pdb_waits_build(records(w), NULL, NULL, NULL, 0, &g, msg, sizeof msg), PDB_OK);
  ck_assert_uint_eq(g.nnodes, 2);
  ck_assert_str_eq(g.nodes[0].label, "LWP 901");
  ck_assert_int_eq(g.verdict, PDB_WAITS_PROGRESS);
  pdb_waits_free(&g);

  /* A holder not among the threads of a host that gave none is unknown,
     not exited. */
  struct pdb_atomic_waiter waiter = { .who = { .lwp = 42 }, .lock = 1, .wait = "atomic lock 1" };
  struct pdb_atomic_lock lock = { .index = 1, .owner = { .lwp = 43 } };
  struct pdb_atomic_records ar = { .locks = &lock, .nlocks = 1, .waiters = &waiter, .nwaiters = 1 };
  ck_assert_int_eq(pdb_waits_build(NULL, NULL, &ar, NULL, 0, &g, msg, sizeof msg), PDB_OK);
  ck_assert_uint_eq(g.nnodes, 2);
  ck_assert_str_eq(g.nodes[1].status, "unknown");
  ck_assert_int_eq(g.verdict, PDB_WAITS_PROGRESS);
  pdb_waits_free(&g);

  /* Unknown formats and sessions. */
  ck_assert_ptr_null(pdb_waits_gather_text(NULL, NULL, NULL, NULL, 0, 7, msg, sizeof msg));
  ck_assert_ptr_nonnull(strstr(msg, "format"));
  char *none = pdb_waits_gather_text(NULL, NULL, NULL, NULL, 0, 0, msg, sizeof msg);
  ck_assert_ptr_nonnull(none);
  ck_assert_str_eq(none, "no deadlock: nothing waits\n");
  pdb_free(none);
  free(w);
}
END_TEST

/* --- Scale ------------------------------------------------------------------------------------ */

static double ms_since(const struct timespec *t0)
{
  struct timespec t1;
  clock_gettime(CLOCK_MONOTONIC, &t1);
  return (t1.tv_sec - t0->tv_sec) * 1e3 + (t1.tv_nsec - t0->tv_nsec) / 1e6;
}

START_TEST(scale_4096)
{
  enum { N = 4096 };
  struct world *w = world_new();
  int64_t *members = malloc(N * sizeof *members);
  for (unsigned i = 0; i < N; i++) {
    members[i] = 10000 + i;
    struct pdb_thread *t = add(w, members[i], i == 0 ? NULL : "wait_barrier_explicit");
    t->has_region = 1;
    t->region_id = 1;
  }
  region(w, 1, members, N);
  struct pdb_waits g;
  struct timespec t0;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  build(w, NULL, NULL, &g);
  double barrier = ms_since(&t0);
  ck_assert_int_eq(g.verdict, PDB_WAITS_PROGRESS);
  ck_assert_uint_eq(g.nedges, N - 1);
  ck_assert_str_eq(g.summary, "no deadlock: 4095 threads wait, all at the barrier of region 1, for thread 1, "
                              "which is running");
  clock_gettime(CLOCK_MONOTONIC, &t0);
  char *text = pdb_waits_text(&g), *json = pdb_waits_json(&g, NULL, NULL), *dot = pdb_waits_dot(&g);
  double render = ms_since(&t0);
  ck_assert_ptr_nonnull(text);
  ck_assert_ptr_nonnull(json);
  ck_assert_ptr_nonnull(dot);
  pdb_free(text), pdb_free(json), pdb_free(dot);
  pdb_waits_free(&g);

  /* Half arrived, half running: each waiter's shown edges are bounded. */
  for (unsigned i = 0; i < N; i++)
    w->th[i].state = i % 2 ? "wait_barrier_explicit" : "work_parallel";
  clock_gettime(CLOCK_MONOTONIC, &t0);
  build(w, NULL, NULL, &g);
  double half = ms_since(&t0);
  ck_assert_int_eq(g.verdict, PDB_WAITS_PROGRESS);
  ck_assert_uint_eq(g.nedges, (N / 2) * 64);
  ck_assert_uint_eq(g.truncated, (N / 2) * (N / 2 - 64));
  pdb_waits_free(&g);

  /* A lock pile-up on one that crashed: one finding, all counted. */
  for (unsigned i = 0; i < N; i++) {
    w->th[i].has_region = 0;
    if (i > 0)
      wait_on(&w->th[i], "wait_lock", 10000, "big");
  }
  w->host[0].signal = SIGSEGV;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  build(w, NULL, NULL, &g);
  double lock = ms_since(&t0);
  ck_assert_int_eq(g.verdict, PDB_WAITS_NEVER);
  ck_assert_uint_eq(g.nfindings, 1);
  ck_assert_str_eq(g.summary, "thread 2 waits for lock `big`, held by thread 1 (OpenMP thread 0), which crashed "
                              "(SIGSEGV): nothing will release it; 4094 more threads wait there too");
  pdb_waits_free(&g);

  /* A ring of 4096 lock waits: one deadlock, found without recursion. */
  w->host[0].signal = 0;
  for (unsigned i = 0; i < N; i++)
    wait_on(&w->th[i], "wait_lock", 10000 + (i + 1) % N, "ring");
  clock_gettime(CLOCK_MONOTONIC, &t0);
  build(w, NULL, NULL, &g);
  double ring = ms_since(&t0);
  ck_assert_int_eq(g.verdict, PDB_WAITS_DEADLOCK);
  ck_assert_uint_eq(g.findings[0].nnodes, N);
  ck_assert_uint_eq(cycle_edges(&g), N);
  pdb_waits_free(&g);
  fprintf(stderr, "check_waits: 4096 threads: barrier %.1f ms (rendered in %.1f ms), half at the barrier "
          "%.1f ms, lock pile-up %.1f ms, ring %.1f ms\n", barrier, render, half, lock, ring);
  /* The aim is well under 100 ms; sanitizers and a loaded machine get room. */
  ck_assert(barrier < 1000 && half < 1000 && lock < 1000 && ring < 1000);
  free(members);
  free(w);
}
END_TEST

int main(void)
{
  Suite *s = suite_create("waits");
  TCase *tc = tcase_create("graph");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, abba_between_two_locks);
  tcase_add_test(tc, lock_critical_cycle);
  tcase_add_test(tc, holder_unknown_without_host_threads);
  tcase_add_test(tc, barrier_member_exited_and_crashed);
  tcase_add_test(tc, taskwait);
  tcase_add_test(tc, coarray_cycle);
  tcase_add_test(tc, event_no_live_image_can_post);
  tcase_add_test(tc, atomic_lock_held_by_dead_lwp);
  tcase_add_test(tc, healthy_pileup);
  tcase_add_test(tc, nothing_waits);
  tcase_add_test(tc, json_and_dot);
  tcase_add_test(tc, bad_input);
  tcase_add_test(tc, scale_4096);
  suite_add_tcase(s, tc);
  SRunner *sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
