/* Unit tests of libparadbg's merged stacks (paradbg/stacks.h), on stacks
   made here: the tree, members as compact ranges, classes by wait,
   sampling marks, the text, JSON and DOT, the JSON input and what it
   refuses, and 4096 threads against the clock. */
#define _GNU_SOURCE
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "paradbg/paradbg.h"

/* A thread as a test writes it: its stack outermost first, words
   separated by blanks: "f", "f@file.c:12", "?libfoo.so" (no function, a
   module), "??" (nothing known); NULL: could not be unwound. */
struct spec {
  unsigned source;
  int image;
  int64_t omp, lwp;
  const char *wait;
  int moved;
  const char *stack;
};

struct made {
  struct pdb_stack_thread *th;
  unsigned n;
  char **words;               /* what the frames point into */
  unsigned nwords;
};

static void made_free(struct made *m)
{
  for (unsigned i = 0; i < m->n; i++)
    free((void *)m->th[i].frames);
  for (unsigned i = 0; i < m->nwords; i++)
    free(m->words[i]);
  free(m->words);
  free(m->th);
}

static char *keep(struct made *m, char *s)
{
  m->words = realloc(m->words, (m->nwords + 1) * sizeof *m->words);
  ck_assert_ptr_nonnull(m->words);
  return m->words[m->nwords++] = s;
}

static void make(struct made *m, const struct spec *s, unsigned n)
{
  memset(m, 0, sizeof *m);
  m->th = calloc(n, sizeof *m->th);
  m->n = n;
  for (unsigned i = 0; i < n; i++) {
    struct pdb_stack_thread *t = &m->th[i];
    t->source = s[i].source, t->image = s[i].image, t->omp_thread = s[i].omp, t->lwp = s[i].lwp;
    t->wait = s[i].wait, t->moved = s[i].moved;
    if (s[i].stack == NULL) {
      t->nframes = -1;
      continue;
    }
    char *copy = keep(m, strdup(s[i].stack)), *save = NULL;
    unsigned k = 0;
    char *words[512];
    for (char *w = strtok_r(copy, " ", &save); w != NULL && k < 512; w = strtok_r(NULL, " ", &save))
      words[k++] = w;
    struct pdb_frame *f = calloc(k, sizeof *f);
    for (unsigned j = 0; j < k; j++) {
      struct pdb_frame *x = &f[k - 1 - j];   /* innermost first */
      char *w = words[j], *at = strchr(w, '@');
      x->pc = 0x401000 + 16 * j;
      if (strcmp(w, "??") == 0)
        continue;
      if (w[0] == '?') {
        x->module = w + 1;
        continue;
      }
      if (at != NULL) {
        *at = '\0';
        char *colon = strrchr(at + 1, ':');
        if (colon != NULL)
          *colon = '\0', x->line = atoi(colon + 1);
        x->file = at + 1;
      }
      x->function = w;
      x->module = "prog";
    }
    t->frames = f, t->nframes = (int)k;
  }
}

static void build(struct pdb_stacks *t, const struct made *m)
{
  char msg[256];
  ck_assert_int_eq(pdb_stacks_build(m->th, m->n, t, msg, sizeof msg), PDB_OK);
}

/* The node reached from the roots through the functions of path ("a/b/c"). */
static const struct pdb_stack_node *find(const struct pdb_stacks *t, const char *path)
{
  char copy[1024], *save = NULL;
  snprintf(copy, sizeof copy, "%s", path);
  int at = -1;
  for (char *w = strtok_r(copy, "/", &save); w != NULL; w = strtok_r(NULL, "/", &save)) {
    int found = -1;
    if (at < 0) {
      for (unsigned i = 0; i < t->nnodes && found < 0; i++)
        if (t->nodes[i].parent < 0 && strcmp(t->nodes[i].function, w) == 0)
          found = (int)i;
    } else {
      for (unsigned c = 0; c < t->nodes[at].nchildren && found < 0; c++)
        if (strcmp(t->nodes[t->nodes[at].children[c]].function, w) == 0)
          found = (int)t->nodes[at].children[c];
    }
    ck_assert_msg(found >= 0, "no node %s in %s", w, path);
    at = found;
  }
  return &t->nodes[at];
}

#define WORKER "clone3 start_thread gomp_thread_start main._omp_fn.0@prog.c:14"
#define LOCK_A "lock `a` (held by OpenMP thread 0)"
#define BARRIER "barrier (region 1)"

static const struct spec team[] = {
  {0, 0, 0, 1000, NULL, -1, "_start main@prog.c:20 GOMP_parallel main._omp_fn.0@prog.c:16 compute@prog.c:5"},
  {0, 0, 1, 1001, LOCK_A, -1, WORKER " omp_set_lock"},
  {0, 0, 2, 1002, LOCK_A, -1, WORKER " omp_set_lock"},
  {0, 0, 3, 1003, LOCK_A, -1, WORKER " omp_set_lock"},
  {0, 0, 4, 1004, BARRIER, -1, WORKER " GOMP_barrier"},
  {0, 0, 5, 1005, BARRIER, -1, WORKER " GOMP_barrier"},
  {0, 0, 6, 1006, BARRIER, -1, WORKER " GOMP_barrier"},
  {0, 0, 7, 1007, BARRIER, -1, WORKER " GOMP_barrier"},
};

START_TEST(openmp_team)
{
  struct made m;
  struct pdb_stacks t;
  make(&m, team, 8);
  build(&t, &m);
  ck_assert_uint_eq(t.nthreads, 8);
  ck_assert_uint_eq(t.nsources, 1);
  ck_assert_int_eq(t.sampled, 0);
  ck_assert_uint_eq(t.unwound_not, 0);
  ck_assert_uint_eq(t.truncated, 0);
  /* The largest root first. */
  ck_assert_str_eq(t.nodes[0].function, "clone3");
  ck_assert_int_eq(t.nodes[0].parent, -1);
  const struct pdb_stack_node *fn = find(&t, "clone3/start_thread/gomp_thread_start/main._omp_fn.0");
  ck_assert_uint_eq(fn->count, 7);
  ck_assert_str_eq(fn->members, "OMP threads 1-7");
  ck_assert_str_eq(fn->where, "prog.c:14");
  ck_assert_uint_eq(fn->nchildren, 2);
  const struct pdb_stack_node *bar = &t.nodes[fn->children[0]], *lock = &t.nodes[fn->children[1]];
  ck_assert_str_eq(bar->function, "GOMP_barrier");
  ck_assert_uint_eq(bar->count, 4);
  ck_assert_str_eq(bar->members, "OMP threads 4-7");
  ck_assert_str_eq(bar->where, "prog");
  ck_assert_uint_eq(bar->nclasses, 1);
  ck_assert_str_eq(bar->classes[0].wait, BARRIER);
  ck_assert_uint_eq(bar->classes[0].count, 4);
  ck_assert_str_eq(lock->function, "omp_set_lock");
  ck_assert_str_eq(lock->members, "OMP threads 1-3");
  ck_assert_str_eq(lock->classes[0].members, "OMP threads 1-3");
  const struct pdb_stack_node *run = find(&t, "_start/main/GOMP_parallel/main._omp_fn.0/compute");
  ck_assert_str_eq(run->members, "OMP thread 0");
  ck_assert_str_eq(run->where, "prog.c:5");
  ck_assert_uint_eq(run->nclasses, 1);
  ck_assert_ptr_null(run->classes[0].wait);
  /* Nodes with threads passing through and none ending have no class. */
  ck_assert_uint_eq(fn->nclasses, 0);

  char *text = pdb_stacks_text(&t);
  ck_assert_str_eq(text,
    "8 threads, 1 process\n"
    "+- clone3  [7: OMP threads 1-7] at prog\n"
    "|  +- start_thread  [7: OMP threads 1-7] at prog\n"
    "|     +- gomp_thread_start  [7: OMP threads 1-7] at prog\n"
    "|        +- main._omp_fn.0  [7: OMP threads 1-7] at prog.c:14\n"
    "|           +- GOMP_barrier  [4: OMP threads 4-7] at prog\n"
    "|           |  = 4 waiting: barrier (region 1)  [OMP threads 4-7]\n"
    "|           +- omp_set_lock  [3: OMP threads 1-3] at prog\n"
    "|              = 3 waiting: lock `a` (held by OpenMP thread 0)  [OMP threads 1-3]\n"
    "+- _start  [1: OMP thread 0] at prog\n"
    "   +- main  [1: OMP thread 0] at prog.c:20\n"
    "      +- GOMP_parallel  [1: OMP thread 0] at prog\n"
    "         +- main._omp_fn.0  [1: OMP thread 0] at prog.c:16\n"
    "            +- compute  [1: OMP thread 0] at prog.c:5\n"
    "               = 1 running  [OMP thread 0]\n");
  pdb_free(text);

  char *dot = pdb_stacks_dot(&t);
  ck_assert_ptr_nonnull(strstr(dot, "digraph stacks {"));
  ck_assert_ptr_nonnull(strstr(dot, "[label=\"omp_set_lock\\n3: OMP threads 1-3\\nat prog"
                                    "\\n= 3 waiting: lock `a` (held by OpenMP thread 0) [OMP threads 1-3]\"];"));
  ck_assert_ptr_nonnull(strstr(dot, "  n0 -> n1;\n"));
  ck_assert_ptr_null(strstr(dot, "red"));   /* not sampled */
  pdb_free(dot);

  char *json = pdb_stacks_json(&t, NULL, NULL);
  ck_assert_ptr_nonnull(json);
  ck_assert_ptr_nonnull(strstr(json, "\"stacks\": {"));
  ck_assert_ptr_nonnull(strstr(json, "\"threads\": 8"));
  ck_assert_ptr_nonnull(strstr(json, "\"sampled\": false"));
  ck_assert_ptr_nonnull(strstr(json, "\"wait\": \"lock `a` (held by OpenMP thread 0)\""));
  ck_assert_ptr_null(strstr(json, "\"moved\""));
  pdb_free(json);
  /* Added to another view's document; refused for one that is not an object. */
  json = pdb_stacks_json(&t, "{\"format\": 1, \"threads\": []}", NULL);
  ck_assert_ptr_nonnull(strstr(json, "\"format\": 1"));
  ck_assert_ptr_nonnull(strstr(json, "\"stacks\": {"));
  pdb_free(json);
  ck_assert_ptr_null(pdb_stacks_json(&t, "[1]", NULL));
  pdb_stacks_free(&t);
  made_free(&m);
}
END_TEST

START_TEST(images)
{
  static const struct spec s[] = {
    {0, 1, 0, 11, "sync all", -1, "main MAIN__ _gfortran_caf_sync_all"},
    {1, 2, 0, 21, BARRIER, -1, "main MAIN__ GOMP_barrier"},
    {1, 2, 1, 22, BARRIER, -1, "main MAIN__ GOMP_barrier"},
    {2, 3, 0, 31, "sync all", -1, "main MAIN__ _gfortran_caf_sync_all"},
    {3, 4, -1, 41, "sync all", -1, "main MAIN__ _gfortran_caf_sync_all"},
    {4, 5, 0, 51, "sync all", -1, "main MAIN__ _gfortran_caf_sync_all"},
    {4, 0, -1, 52, NULL, -1, "clone3 helper"},
  };
  struct made m;
  struct pdb_stacks t;
  make(&m, s, 7);
  build(&t, &m);
  ck_assert_uint_eq(t.nsources, 5);
  const struct pdb_stack_node *sync = find(&t, "main/MAIN__/_gfortran_caf_sync_all");
  ck_assert_str_eq(sync->members, "images 1,3-5");
  ck_assert_str_eq(find(&t, "main/MAIN__/GOMP_barrier")->members, "image 2: OMP threads 0-1");
  ck_assert_str_eq(find(&t, "main")->members, "images 1,3,5: OMP thread 0; image 2: OMP threads 0-1; "
                                              "image 4: LWP 41");
  ck_assert_str_eq(find(&t, "clone3")->members, "LWP 52");
  ck_assert_str_eq(sync->classes[0].members, "images 1,3-5");
  pdb_stacks_free(&t);
  made_free(&m);
}
END_TEST

START_TEST(sources)
{
  static const struct spec s[] = {
    {0, 0, 0, 100, NULL, -1, "main f"},
    {0, 0, 1, 101, NULL, -1, "main f"},
    {1, 0, 0, 200, NULL, -1, "main f"},
    {1, 0, 1, 201, NULL, -1, "main f"},
    {2, 0, 0, 300, NULL, -1, "main f"},
    {2, 0, 1, 301, NULL, -1, "main f"},
    {2, 0, -1, 4242, NULL, -1, "main g"},
    {2, 0, -1, 4240, NULL, -1, "main g"},
  };
  struct made m;
  struct pdb_stacks t;
  make(&m, s, 8);
  build(&t, &m);
  ck_assert_uint_eq(t.nsources, 3);
  ck_assert_str_eq(find(&t, "main")->members, "#0-1: OMP threads 0-1; #2: OMP threads 0-1; LWPs 4240,4242");
  ck_assert_str_eq(find(&t, "main/f")->members, "#0-2: OMP threads 0-1");
  ck_assert_str_eq(find(&t, "main/g")->members, "#2: LWPs 4240,4242");
  char *text = pdb_stacks_text(&t);
  ck_assert_ptr_nonnull(strstr(text, "8 threads, 3 processes\n"));
  pdb_free(text);
  pdb_stacks_free(&t);
  made_free(&m);
}
END_TEST

START_TEST(unknown_and_not_unwound)
{
  static const struct spec s[] = {
    {0, 0, 0, 1, NULL, -1, "main ?libfoo.so ?libfoo.so"},
    {0, 0, 1, 2, NULL, -1, "main ?libfoo.so ??"},
    {0, 0, 2, 3, "lock x", -1, NULL},
    {0, 0, 3, 4, NULL, -1, NULL},
    {0, 0, 4, 5, NULL, -1, "main ?libbar.so"},
    {0, 0, 5, 6, NULL, -1, NULL},
  };
  struct made m;
  struct pdb_stacks t;
  make(&m, s, 6);
  /* A function whose name is the not-unwound node's text stays apart. */
  struct pdb_frame odd = {.pc = 1, .function = "?? (not unwound)"};
  m.th[5].nframes = 0;
  struct pdb_stack_thread extra = m.th[5];
  extra.frames = &odd, extra.nframes = 1;
  build(&t, &m);
  ck_assert_uint_eq(t.unwound_not, 3);   /* nframes -1 twice, 0 once */
  const struct pdb_stack_node *foo = find(&t, "main/?? in libfoo.so");
  ck_assert_uint_eq(foo->count, 2);
  ck_assert_ptr_null(foo->where);
  ck_assert_uint_eq(foo->nchildren, 2);
  find(&t, "main/?? in libfoo.so/??");
  find(&t, "main/?? in libfoo.so/?? in libfoo.so");
  find(&t, "main/?? in libbar.so");
  const struct pdb_stack_node *nu = find(&t, "?? (not unwound)");
  ck_assert_uint_eq(nu->count, 3);
  ck_assert_str_eq(nu->members, "OMP threads 2-3,5");
  ck_assert_uint_eq(nu->nchildren, 0);
  ck_assert_uint_eq(nu->nclasses, 2);
  ck_assert_str_eq(nu->classes[0].members, "OMP threads 3,5");   /* running: the larger */
  ck_assert_str_eq(nu->classes[1].wait, "lock x");
  pdb_stacks_free(&t);

  struct pdb_stack_thread two[2] = {m.th[2], extra};
  ck_assert_int_eq(pdb_stacks_build(two, 2, &t, NULL, 0), PDB_OK);
  ck_assert_uint_eq(t.nnodes, 2);
  ck_assert_uint_eq(t.unwound_not, 1);
  pdb_stacks_free(&t);
  made_free(&m);
}
END_TEST

START_TEST(printable_names)
{
  static const struct spec s[] = {
    {0, 0, 0, 1, "lock \"q\\\x1b[2J", -1, "main evil\x1b[31m@a\"b.c:3 quote\"d"},
  };
  struct made m;
  struct pdb_stacks t;
  make(&m, s, 1);
  build(&t, &m);
  char *text = pdb_stacks_text(&t);
  ck_assert_ptr_null(strchr(text, '\x1b'));
  ck_assert_ptr_nonnull(strstr(text, "+- evil\\x1b[31m  [1: OMP thread 0] at a\"b.c:3\n"));
  ck_assert_ptr_nonnull(strstr(text, "= 1 waiting: lock \"q\\\\\\x1b[2J  [OMP thread 0]"));
  pdb_free(text);
  char *dot = pdb_stacks_dot(&t);
  ck_assert_ptr_null(strchr(dot, '\x1b'));
  ck_assert_ptr_nonnull(strstr(dot, "label=\"evil\\\\x1b[31m\\n1: OMP thread 0\\nat a\\\"b.c:3\"];"));
  ck_assert_ptr_nonnull(strstr(dot, "label=\"quote\\\"d\\n"));
  pdb_free(dot);
  char *json = pdb_stacks_json(&t, NULL, NULL);
  ck_assert_ptr_null(strchr(json, '\x1b'));
  ck_assert_ptr_nonnull(strstr(json, "\"function\": \"evil\\u001b[31m\""));
  pdb_free(json);
  pdb_stacks_free(&t);
  made_free(&m);
}
END_TEST

START_TEST(sampling)
{
  struct spec s[8];
  memcpy(s, team, sizeof s);
  for (unsigned i = 0; i < 8; i++)
    s[i].moved = i >= 4 && i != 7;   /* the lock waiters stuck, 3 of 4 at the barrier moved */
  s[0].moved = -1;
  struct made m;
  struct pdb_stacks t;
  make(&m, s, 8);
  build(&t, &m);
  ck_assert_int_eq(t.sampled, 1);
  const struct pdb_stack_node *fn = find(&t, "clone3/start_thread/gomp_thread_start/main._omp_fn.0");
  ck_assert_uint_eq(fn->moved, 3);
  ck_assert_uint_eq(find(&t, "clone3/start_thread/gomp_thread_start/main._omp_fn.0/omp_set_lock")->moved, 0);
  char *text = pdb_stacks_text(&t);
  ck_assert_ptr_nonnull(strstr(text, "8 threads, 1 process, sampled: 3 of 8 moved\n"));
  ck_assert_ptr_nonnull(strstr(text, "+- GOMP_barrier  [4: OMP threads 4-7] at prog  moved 3/4\n"));
  ck_assert_ptr_nonnull(strstr(text, "+- omp_set_lock  [3: OMP threads 1-3] at prog  stuck\n"));
  ck_assert_ptr_nonnull(strstr(text, "= 3 waiting: lock `a` (held by OpenMP thread 0)  [OMP threads 1-3]  stuck\n"));
  pdb_free(text);
  char *dot = pdb_stacks_dot(&t);
  ck_assert_ptr_nonnull(strstr(dot, "[OMP threads 1-3]\\nstuck\", color=red, fontcolor=red];"));
  pdb_free(dot);
  char *json = pdb_stacks_json(&t, NULL, NULL);
  ck_assert_ptr_nonnull(strstr(json, "\"sampled\": true"));
  ck_assert_ptr_nonnull(strstr(json, "\"moved\": 3"));
  pdb_free(json);
  pdb_stacks_free(&t);
  made_free(&m);

  struct pdb_frame a[2] = {{.pc = 10}, {.pc = 20}}, b[2] = {{.pc = 10}, {.pc = 20}};
  ck_assert_int_eq(pdb_stacks_moved(a, 2, b, 2), 0);
  b[0].pc = 12;
  ck_assert_int_eq(pdb_stacks_moved(a, 2, b, 2), 1);
  ck_assert_int_eq(pdb_stacks_moved(a, 2, b, 1), 1);
  ck_assert_int_eq(pdb_stacks_moved(a, -1, b, 2), -1);
  ck_assert_int_eq(pdb_stacks_moved(NULL, 0, NULL, 0), 0);
}
END_TEST

/* JSON of the input form: a string or null. */
static void json_string(FILE *f, const char *v)
{
  if (v == NULL) {
    fputs("null", f);
    return;
  }
  fputc('"', f);
  for (const char *p = v; *p; p++)
    if (*p == '"' || *p == '\\')
      fprintf(f, "\\%c", *p);
    else if ((unsigned char)*p < 0x20)
      fprintf(f, "\\u%04x", *p);
    else
      fputc(*p, f);
  fputc('"', f);
}

static char *input_json(const struct made *m)
{
  char *s = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&s, &len);
  fputc('[', f);
  for (unsigned i = 0; i < m->n; i++) {
    const struct pdb_stack_thread *t = &m->th[i];
    fprintf(f, "%s{\"source\": %u, \"image\": %d, \"omp_thread\": %lld, \"lwp\": %lld, \"wait\": ",
            i ? ", " : "", t->source, t->image, (long long)t->omp_thread, (long long)t->lwp);
    json_string(f, t->wait);
    fprintf(f, ", \"moved\": %d, \"frames\": ", t->moved);
    if (t->nframes < 0) {
      fputs("null}", f);
      continue;
    }
    fputc('[', f);
    for (int k = 0; k < t->nframes; k++) {
      const struct pdb_frame *x = &t->frames[k];
      fprintf(f, "%s{\"pc\": %llu, \"function\": ", k ? ", " : "", (unsigned long long)x->pc);
      json_string(f, x->function);
      fputs(", \"file\": ", f);
      json_string(f, x->file);
      fprintf(f, ", \"line\": %d, \"module\": ", x->line);
      json_string(f, x->module);
      fputc('}', f);
    }
    fputs("]}", f);
  }
  fputc(']', f);
  fclose(f);
  return s;
}

START_TEST(json_round_trip)
{
  struct spec s[10];
  memcpy(s, team, sizeof team);
  s[1].moved = 0, s[4].moved = 1;
  s[8] = (struct spec){1, 0, -1, 77, "event \"e\"", 0, NULL};
  s[9] = (struct spec){1, 0, 0, 78, NULL, 1, "main ?libfoo.so ?? evil\x1b"};
  struct made m;
  struct pdb_stacks t;
  make(&m, s, 10);
  build(&t, &m);
  char *in = input_json(&m), msg[256];
  char *text = pdb_stacks_text(&t), *dot = pdb_stacks_dot(&t);
  char *text2 = pdb_stacks_from_json(in, 0, msg, sizeof msg);
  ck_assert_msg(text2 != NULL, "%s", msg);
  ck_assert_str_eq(text2, text);
  char *dot2 = pdb_stacks_from_json(in, 2, msg, sizeof msg);
  ck_assert_str_eq(dot2, dot);
  /* JSON: the object alone, the one pdb_stacks_json puts under "stacks". */
  char *json = pdb_stacks_from_json(in, 1, msg, sizeof msg), *doc = pdb_stacks_json(&t, "{}", NULL);
  ck_assert_ptr_nonnull(json);
  ck_assert_int_eq(json[0], '{');
  ck_assert_ptr_null(strstr(json, "\"stacks\""));
  ck_assert_ptr_nonnull(strstr(json, "\"threads\": 10"));
  ck_assert_ptr_nonnull(strstr(json, "\"sources\": 2"));
  ck_assert_ptr_nonnull(strstr(json, "\"function\": \"?? (not unwound)\""));
  ck_assert_ptr_nonnull(strstr(json, "\"wait\": \"event \\\"e\\\"\""));
  ck_assert_ptr_nonnull(strstr(doc, "\"roots\""));
  pdb_free(json), pdb_free(doc);
  pdb_free(text), pdb_free(text2), pdb_free(dot), pdb_free(dot2);
  free(in);
  pdb_stacks_free(&t);
  made_free(&m);

  /* Absent fields take their defaults; pcs take all 64 bits; an empty array is no threads. */
  text = pdb_stacks_from_json("[{\"frames\": [{\"pc\": 18446744073709551615, \"function\": \"f\"},"
                              " {\"pc\": \"0xffffffffff600000\", \"function\": \"main\", \"line\": null}]}]",
                              0, msg, sizeof msg);
  ck_assert_msg(text != NULL, "%s", msg);
  ck_assert_str_eq(text, "1 thread, 1 process\n+- main  [1: LWP 0]\n   +- f  [1: LWP 0]\n"
                         "      = 1 running  [LWP 0]\n");
  pdb_free(text);
  text = pdb_stacks_from_json(" [ ] \n", 0, msg, sizeof msg);
  ck_assert_str_eq(text, "0 threads\n");
  pdb_free(text);
}
END_TEST

START_TEST(json_refused)
{
  static const char *bad[] = {
    "", "[", "{}", "[1]", "[null]", "[] x", "[][]", "nul",
    "[{\"frames\": 3}]",
    "[{\"frames\": [3]}]",
    "[{\"frames\": [{\"pc\": -5}]}]",
    "[{\"frames\": [{\"pc\": 1.5}]}]",
    "[{\"frames\": [{\"pc\": \"12\"}]}]",
    "[{\"frames\": [{\"pc\": \"0x\"}]}]",
    "[{\"frames\": [{\"pc\": \"0x1g\"}]}]",
    "[{\"frames\": [{\"function\": 7}]}]",
    "[{\"frames\": [{\"function\": \"f\\u0000g\"}]}]",
    "[{\"wait\": \"x\\u0000\"}]",
    "[{\"signal\": 999}]",
    "[{\"frames\": [{\"file\": []}]}]",
    "[{\"frames\": [{\"module\": {}}]}]",
    "[{\"frames\": [{\"line\": -1}]}]",
    "[{\"frames\": [{\"line\": 3000000000}]}]",
    "[{\"frames\": [{\"offset\": \"x\"}]}]",
    "[{\"image\": -1}]",
    "[{\"image\": 2147483648}]",
    "[{\"image\": \"1\"}]",
    "[{\"source\": -1}]",
    "[{\"source\": 99999999999}]",
    "[{\"source\": null}]",
    "[{\"omp_thread\": -2}]",
    "[{\"omp_thread\": true}]",
    "[{\"lwp\": 1.5}]",
    "[{\"lwp\": -7}]",
    "[{\"moved\": 2}]",
    "[{\"moved\": null}]",
    "[{\"wait\": true}]",
    "[{\"wait\": 1}]",
    "[{}, {\"frames\": [{}, {\"pc\": []}]}]",
  };
  for (unsigned i = 0; i < sizeof bad / sizeof *bad; i++) {
    char msg[256] = "";
    char *r = pdb_stacks_from_json(bad[i], i % 3, msg, sizeof msg);
    ck_assert_msg(r == NULL, "accepted %s", bad[i]);
    ck_assert_msg(msg[0] != '\0' && strchr(msg, '\n') == NULL, "message for %s: '%s'", bad[i], msg);
  }
  char msg[256];
  ck_assert_ptr_null(pdb_stacks_from_json("[]", 3, msg, sizeof msg));
  ck_assert_ptr_nonnull(strstr(msg, "format"));
  ck_assert_ptr_null(pdb_stacks_from_json("[]", -1, NULL, 0));
  ck_assert_ptr_null(pdb_stacks_from_json(NULL, 0, msg, sizeof msg));
  char *r = pdb_stacks_from_json("[{}, {\"frames\": [{}, {\"pc\": []}]}]", 0, msg, sizeof msg);
  ck_assert_ptr_null(r);
  ck_assert_str_eq(msg, "stacks JSON: thread 1, frame 1: \"pc\" is not an integer from 0 to 2^64 - 1 "
                        "or a \"0x...\" string");
  /* Deeply nested garbage: refused by the parser, never a crash. */
  char deep[4096];
  memset(deep, '[', sizeof deep - 1);
  deep[sizeof deep - 1] = '\0';
  ck_assert_ptr_null(pdb_stacks_from_json(deep, 0, msg, sizeof msg));
}
END_TEST

START_TEST(bounds)
{
  /* Members: at most 200 ranges, then the rest counted. */
  enum { N = 1000 };
  struct pdb_frame f = {.pc = 1, .function = "main"};
  struct pdb_stack_thread *th = calloc(N, sizeof *th);
  for (unsigned i = 0; i < N; i++)
    th[i] = (struct pdb_stack_thread){.omp_thread = 2 * i, .lwp = 1, .frames = &f, .nframes = 1, .moved = -1};
  struct pdb_stacks t;
  ck_assert_int_eq(pdb_stacks_build(th, N, &t, NULL, 0), PDB_OK);
  ck_assert_ptr_nonnull(strstr(t.nodes[0].members, ",398, ... (800 more)"));
  ck_assert(strncmp(t.nodes[0].members, "OMP threads 0,2,4,", 18) == 0);
  pdb_stacks_free(&t);
  free(th);

  /* Depth: the outermost PDB_STACKS_MAX_DEPTH frames, the others counted. */
  enum { DEEP = PDB_STACKS_MAX_DEPTH + 44 };
  struct pdb_frame deep[DEEP];
  for (unsigned i = 0; i < DEEP; i++)
    deep[i] = (struct pdb_frame){.pc = i, .function = i == DEEP - 1 ? "main" : "recurse"};
  struct pdb_stack_thread one = {.omp_thread = 0, .frames = deep, .nframes = DEEP, .moved = -1};
  ck_assert_int_eq(pdb_stacks_build(&one, 1, &t, NULL, 0), PDB_OK);
  ck_assert_uint_eq(t.nnodes, PDB_STACKS_MAX_DEPTH);
  ck_assert_uint_eq(t.truncated, 44);
  ck_assert_uint_eq(t.nodes[t.nnodes - 1].nclasses, 1);
  char *text = pdb_stacks_text(&t);
  ck_assert_ptr_nonnull(strstr(text, "1 thread, 1 process, 44 frames left out (the tree's bounds: 256 deep,"));
  pdb_free(text);
  text = pdb_stacks_json(&t, NULL, NULL);
  ck_assert_ptr_nonnull(strstr(text, "\"truncated\": 44"));
  /* A document holding the deepest tree still takes another view's key. */
  struct pdb_waits none;
  ck_assert_int_eq(pdb_waits_build(NULL, NULL, NULL, NULL, 0, &none, NULL, 0), PDB_OK);
  char *both = pdb_waits_json(&none, text, NULL);
  ck_assert_ptr_nonnull(both);
  ck_assert_ptr_nonnull(strstr(both, "\"waits\""));
  ck_assert_ptr_nonnull(strstr(both, "\"truncated\": 44"));
  pdb_free(both);
  pdb_waits_free(&none);
  pdb_free(text);
  pdb_stacks_free(&t);

  /* Nothing at all, and arguments that are not a tree. */
  ck_assert_int_eq(pdb_stacks_build(NULL, 0, &t, NULL, 0), PDB_OK);
  ck_assert_uint_eq(t.nnodes, 0);
  text = pdb_stacks_text(&t);
  ck_assert_str_eq(text, "0 threads\n");
  pdb_free(text);
  pdb_stacks_free(&t);
  char msg[128];
  ck_assert_int_eq(pdb_stacks_build(NULL, 3, &t, msg, sizeof msg), PDB_FAILED);
  ck_assert_int_eq(pdb_stacks_build(&one, 1, NULL, msg, sizeof msg), PDB_FAILED);
  pdb_stacks_free(NULL);
}
END_TEST

/* A core's crashed thread is classed by its signal where it waits for
   nothing: when every thread of a core carries the signal (Linux writes
   it into all), only the first, the one that dumped. */
START_TEST(crashed)
{
  struct pdb_frame f = {.pc = 1, .function = "main"};
  struct pdb_stack_thread th[5] = {
    {.source = 0, .omp_thread = 2, .lwp = 12, .frames = &f, .nframes = 1, .moved = -1, .signal = SIGSEGV},
    {.source = 0, .omp_thread = 0, .lwp = 10, .frames = &f, .nframes = 1, .moved = -1, .signal = SIGSEGV,
     .wait = "barrier"},
    {.source = 0, .omp_thread = 1, .lwp = 11, .frames = &f, .nframes = 1, .moved = -1, .signal = SIGSEGV},
    /* another core: one thread stopped by SIGBUS, one by nothing */
    {.source = 1, .omp_thread = 0, .lwp = 20, .frames = &f, .nframes = 1, .moved = -1},
    {.source = 1, .omp_thread = 1, .lwp = 21, .frames = &f, .nframes = 1, .moved = -1, .signal = SIGBUS},
  };
  struct pdb_stacks t;
  ck_assert_int_eq(pdb_stacks_build(th, 5, &t, NULL, 0), PDB_OK);
  ck_assert_uint_eq(t.nnodes, 1);
  const struct pdb_stack_node *m = &t.nodes[0];
  ck_assert_uint_eq(m->nclasses, 4);
  unsigned seen = 0;
  for (unsigned i = 0; i < m->nclasses; i++) {
    const struct pdb_stack_class *c = &m->classes[i];
    if (c->wait != NULL && strcmp(c->wait, "crashed (SIGSEGV)") == 0)
      { ck_assert_str_eq(c->members, "#0: OMP thread 2"); seen |= 1; }
    else if (c->wait != NULL && strcmp(c->wait, "crashed (SIGBUS)") == 0)
      { ck_assert_str_eq(c->members, "#1: OMP thread 1"); seen |= 2; }
    else if (c->wait != NULL && strcmp(c->wait, "barrier") == 0)
      { ck_assert_str_eq(c->members, "#0: OMP thread 0"); seen |= 4; }
    else if (c->wait == NULL)
      { ck_assert_str_eq(c->members, "#0: OMP thread 1; #1: OMP thread 0"); seen |= 8; }
  }
  ck_assert_uint_eq(seen, 15);
  char *text = pdb_stacks_text(&t);
  ck_assert_ptr_nonnull(strstr(text, "crashed (SIGSEGV)"));
  pdb_free(text);
  pdb_stacks_free(&t);
}
END_TEST

static double ms_since(const struct timespec *a)
{
  struct timespec b;
  clock_gettime(CLOCK_MONOTONIC, &b);
  return (double)(b.tv_sec - a->tv_sec) * 1e3 + (double)(b.tv_nsec - a->tv_nsec) / 1e6;
}

/* 4096 threads of 30 frames: a shared prefix, four ways at depth 20, each
   thread a leaf of its own at depth 29 (a node of 1024 children). */
START_TEST(threads_4096)
{
  enum { N = 4096, DEPTH = 30 };
  static char names[N][16];
  static const char *ways[4] = {"GOMP_barrier", "omp_set_lock", "GOMP_critical_start", "compute"};
  struct pdb_frame *frames = calloc((size_t)N * DEPTH, sizeof *frames);
  struct pdb_stack_thread *th = calloc(N, sizeof *th);
  char fn[DEPTH][16];
  for (unsigned d = 0; d < DEPTH; d++)
    snprintf(fn[d], sizeof fn[d], "level%u", d);
  for (unsigned i = 0; i < N; i++) {
    snprintf(names[i], sizeof names[i], "leaf%u", i);
    struct pdb_frame *f = frames + (size_t)i * DEPTH;
    for (unsigned d = 0; d < DEPTH; d++) {
      struct pdb_frame *x = &f[DEPTH - 1 - d];
      x->pc = 0x400000 + d * 64 + i % 4;
      x->function = d == DEPTH - 1 ? names[i] : d >= 20 ? (char *)ways[i % 4] : fn[d];
      x->file = "prog.c", x->line = (int)d + 1;
      x->module = "prog";
    }
    th[i] = (struct pdb_stack_thread){.omp_thread = i, .lwp = 10000 + i, .frames = f, .nframes = DEPTH,
                                      .wait = i % 4 == 3 ? NULL : ways[i % 4], .moved = i % 2};
  }
  struct pdb_stacks t;
  struct timespec start;
  clock_gettime(CLOCK_MONOTONIC, &start);
  ck_assert_int_eq(pdb_stacks_build(th, N, &t, NULL, 0), PDB_OK);
  double ms = ms_since(&start);
  clock_gettime(CLOCK_MONOTONIC, &start);
  char *text = pdb_stacks_text(&t);
  double ms_text = ms_since(&start);
  clock_gettime(CLOCK_MONOTONIC, &start);
  char *json = pdb_stacks_json(&t, NULL, NULL);
  double ms_json = ms_since(&start);
  clock_gettime(CLOCK_MONOTONIC, &start);
  char *dot = pdb_stacks_dot(&t);
  double ms_dot = ms_since(&start);
  fprintf(stderr, "check_stacks: 4096 threads x 30 frames: built in %.1f ms, %u nodes; "
          "text %.1f ms (%zu bytes), JSON %.1f ms (%zu), DOT %.1f ms (%zu)\n", ms, t.nnodes,
          ms_text, strlen(text), ms_json, strlen(json), ms_dot, strlen(dot));
  ck_assert_msg(ms < 1000, "building took %.1f ms", ms);
  ck_assert_ptr_nonnull(text);
  ck_assert_ptr_nonnull(json);
  ck_assert_ptr_nonnull(dot);
  ck_assert_uint_eq(t.nnodes, 20 + 4 * 9 + N);
  ck_assert_uint_eq(t.nodes[0].count, N);
  ck_assert_str_eq(t.nodes[0].members, "OMP threads 0-4095");
  ck_assert_uint_eq(t.nodes[0].moved, N / 2);
  ck_assert_uint_eq(t.sampled, 1);
  const struct pdb_stack_node *n19 = &t.nodes[19];
  ck_assert_str_eq(n19->function, "level19");
  ck_assert_uint_eq(n19->nchildren, 4);
  unsigned total = 0;
  for (unsigned c = 0; c < 4; c++) {
    const struct pdb_stack_node *w = &t.nodes[n19->children[c]];
    ck_assert_uint_eq(w->count, N / 4);
    total += w->count;
    /* Its chain of 9, then 1024 leaves, each one thread, sorted by name. */
    const struct pdb_stack_node *x = w;
    for (unsigned d = 21; d < DEPTH - 1; d++) {
      ck_assert_uint_eq(x->nchildren, 1);
      x = &t.nodes[x->children[0]];
      ck_assert_uint_eq(x->count, N / 4);
    }
    ck_assert_uint_eq(x->nchildren, N / 4);
    const struct pdb_stack_node *leaf = &t.nodes[x->children[0]];
    ck_assert_uint_eq(leaf->count, 1);
    ck_assert_uint_eq(leaf->nclasses, 1);
    ck_assert_uint_eq(leaf->classes[0].count, 1);
    for (unsigned k = 1; k < x->nchildren; k++)
      ck_assert_int_lt(strcmp(t.nodes[x->children[k - 1]].function, t.nodes[x->children[k]].function), 0);
  }
  ck_assert_uint_eq(total, N);
  const struct pdb_stack_node *bar = find(&t, "level0/level1/level2/level3/level4/level5/level6/level7/level8/"
                                              "level9/level10/level11/level12/level13/level14/level15/"
                                              "level16/level17/level18/level19/GOMP_barrier");
  char want[64];
  ck_assert(strncmp(bar->members, "OMP threads 0,4,8,12,", 21) == 0);
  snprintf(want, sizeof want, ", ... (%u more)", 1024 - 200);
  ck_assert_ptr_nonnull(strstr(bar->members, want));
  ck_assert_ptr_nonnull(strstr(text, "4096 threads, 1 process, sampled: 2048 of 4096 moved\n"));
  pdb_free(text), pdb_free(json), pdb_free(dot);
  pdb_stacks_free(&t);
  free(th);
  free(frames);
}
END_TEST

int main(void)
{
  Suite *s = suite_create("stacks");
  TCase *tc = tcase_create("merged stacks");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, openmp_team);
  tcase_add_test(tc, images);
  tcase_add_test(tc, sources);
  tcase_add_test(tc, unknown_and_not_unwound);
  tcase_add_test(tc, printable_names);
  tcase_add_test(tc, sampling);
  tcase_add_test(tc, json_round_trip);
  tcase_add_test(tc, json_refused);
  tcase_add_test(tc, bounds);
  tcase_add_test(tc, threads_4096);
  tcase_add_test(tc, crashed);
  suite_add_tcase(s, tc);
  SRunner *sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
