/* The WHATs waits and stacks: each target is opened, read (by the
   caller's reader: the runtimes), unwound and let go in turn, so that of
   a live coarray program only one image is stopped at a time; samples
   are such rounds, the process running between them.  libparadbg builds
   the wait-for graph and the merged stacks and writes their text, JSON
   and DOT; this file only feeds it and writes what it returns. */
#define _GNU_SOURCE
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hang.h"
#include "messages.h"
#include "status.h"
#include "symbols.h"

int hang_parse_interval(const char *s, double *out)
{
  /* Digits with at most one point: no sign, exponent, hex, inf or nan. */
  size_t digits = strspn(s, "0123456789");
  const char *rest = s + digits;
  if (*rest == '.')
    rest++, digits += strspn(rest, "0123456789"), rest += strspn(rest, "0123456789");
  if (digits == 0 || *rest != '\0' || digits > 32)
    return -1;
  char *end;
  errno = 0;
  double v = strtod(s, &end);
  if (errno != 0 || *end != '\0' || !isfinite(v) || v <= 0 || v > HANG_MAX_INTERVAL)
    return -1;
  *out = v;
  return 0;
}

/* The OpenMP record of the i-th thread of t, whose lwp it is: pdb_gather
   keeps the host's order, so it is at i unless threads went missing. */
static const struct pdb_thread *omp_thread_at(const struct pdb_records *r, unsigned i, int64_t lwp)
{
  if (r == NULL)
    return NULL;
  if (i < r->nthreads && r->threads[i].lwp == lwp)
    return &r->threads[i];
  for (unsigned k = 0; k < r->nthreads; k++)
    if (r->threads[k].lwp == lwp)
      return &r->threads[k];
  return NULL;
}

/* The image the target is: the one the records say it is, or the image
   whose process it is; 0 for none (the launcher, or no coarrays). */
static int image_of(const struct target *t, const struct pdb_caf_records *caf)
{
  if (caf == NULL)
    return 0;
  if (caf->this_image > 0)
    return caf->this_image;
  pid_t pid = t->tgid > 0 ? t->tgid : t->pid;
  for (unsigned k = 0; pid > 0 && k < caf->nimages; k++)
    if (caf->images[k].pid == pid)
      return caf->images[k].image;
  return 0;
}

/* Its record, NULL if the records do not hold it. */
static const struct pdb_caf_image *image_record(const struct pdb_caf_records *caf, int image)
{
  if (caf == NULL || image <= 0 || (unsigned)image > caf->nimages)
    return NULL;
  const struct pdb_caf_image *im = &caf->images[image - 1];
  return im->image == image ? im : NULL;
}

/* What thread lwp of an image waits for, in words: its OpenMP wait
   (atomic waits are marked there), else the image's wait if it is the
   image's main thread, else its atomic wait.  NULL: none. */
static const char *wait_of(const struct target *t, const struct hang_records *rec,
                           const struct pdb_thread *tr, int image, int64_t lwp)
{
  if (tr != NULL && tr->wait != NULL)
    return tr->wait;
  const struct pdb_caf_image *im = image_record(rec->caf, image);
  if (im != NULL && im->wait != NULL) {
    int64_t main_lwp = im->pid > 0 ? im->pid : t->tgid;
    if (lwp == main_lwp)
      return im->wait;
  }
  return rec->ar != NULL ? pdb_atomic_wait_of(rec->ar, lwp) : NULL;
}

/* The signal a thread stopped with, in a core: the kernel writes the
   dumping signal into every thread, so only the one that dumped (the
   target's current thread) has it here, whatever order the stacks are
   merged in.  A live thread's pending signal is no crash. */
static int crash_signal(const struct target *t, unsigned i)
{
  return t->is_core && i == t->current ? t->threads[i].signal : 0;
}

/* Frames unwound per thread: more than the tree keeps
   (PDB_STACKS_MAX_DEPTH), so that a deep stack keeps its outermost ones
   and the tree says how many it left out. */
#define HANG_FRAMES 1024

/* A thread's stack held across targets and samples. */
struct held {
  struct pdb_stack_thread s;     /* its frames and wait are the two below */
  struct pdb_frame *frames;
  char *wait;
};

struct held_set {
  struct held *v;
  unsigned n, cap;
};

static void held_free(struct held_set *h)
{
  for (unsigned i = 0; i < h->n; i++) {
    for (int k = 0; k < h->v[i].s.nframes; k++)
      pdb_frame_free(&h->v[i].frames[k]);
    free(h->v[i].frames);
    free(h->v[i].wait);
  }
  free(h->v);
  memset(h, 0, sizeof *h);
}

/* Each thread of t unwound (innermost first), with its OpenMP thread,
   image and wait, added to h as source.  0, or -1 out of memory. */
static int collect(struct held_set *h, unsigned source, struct target *t,
                   const struct hang_records *rec, struct pdb_frame *scratch)
{
  int image = image_of(t, rec->caf);
  for (unsigned i = 0; i < t->nthreads; i++) {
    if (h->n == h->cap) {
      unsigned cap = h->cap ? 2 * h->cap : 64;
      struct held *grown = realloc(h->v, (size_t)cap * sizeof *grown);
      if (grown == NULL)
        return -1;
      h->v = grown, h->cap = cap;
    }
    int64_t lwp = t->threads[i].lwp;
    const struct pdb_thread *tr = omp_thread_at(rec->omp, i, lwp);
    const char *wait = wait_of(t, rec, tr, image, lwp);
    struct held *e = &h->v[h->n];
    memset(e, 0, sizeof *e);
    int k = unwind_stack(t, (pid_t)lwp, scratch, HANG_FRAMES);
    if (k > 0) {
      e->frames = malloc((size_t)k * sizeof *e->frames);
      if (e->frames == NULL) {
        for (int j = 0; j < k; j++)
          pdb_frame_free(&scratch[j]);
        return -1;
      }
      memcpy(e->frames, scratch, (size_t)k * sizeof *e->frames);
    }
    if (wait != NULL && (e->wait = strdup(wait)) == NULL) {
      for (int j = 0; j < k; j++)
        pdb_frame_free(&e->frames[j]);
      free(e->frames);
      return -1;
    }
    e->s = (struct pdb_stack_thread){
      .source = source, .image = image,
      .omp_thread = tr != NULL && tr->is_omp && tr->thread_num >= 0 ? tr->thread_num : -1,
      .lwp = lwp, .frames = e->frames, .nframes = k > 0 ? k : -1, .wait = e->wait, .moved = -1,
      .signal = crash_signal(t, i),
    };
    h->n++;
  }
  return 0;
}

static int by_thread(const void *a, const void *b)
{
  const struct pdb_stack_thread *x = &((const struct held *)a)->s, *y = &((const struct held *)b)->s;
  if (x->source != y->source)
    return x->source < y->source ? -1 : 1;
  return x->lwp < y->lwp ? -1 : x->lwp > y->lwp;
}

/* cur is the sample after prev (both sorted by by_thread): a thread in
   both moved if its stack differs or it had moved before; a thread first
   seen in cur is not sampled yet. */
static void mark_moved(const struct held_set *prev, struct held_set *cur)
{
  unsigned p = 0;
  for (unsigned c = 0; c < cur->n; c++) {
    while (p < prev->n && by_thread(&prev->v[p], &cur->v[c]) < 0)
      p++;
    if (p == prev->n || by_thread(&prev->v[p], &cur->v[c]) != 0)
      continue;
    const struct pdb_stack_thread *a = &prev->v[p].s;
    struct pdb_stack_thread *b = &cur->v[c].s;
    /* A stack that could not be unwound (nframes -1) compares as empty. */
    int differs = pdb_stacks_moved(a->frames, a->nframes > 0 ? a->nframes : 0, b->frames,
                                   b->nframes > 0 ? b->nframes : 0) != 0;
    b->moved = a->moved == 1 || differs;
  }
}

/* --dot and --svg: dot is the DOT text. */
static int write_files(const struct hang_request *q, const char *dot)
{
  char msg[4096];
  if (q->dot != NULL && pdb_write_file(dot, q->dot, msg, sizeof msg) != 0)
    return fail(ST_FAILED, "%s", msg);
  if (q->svg != NULL && pdb_dot_to_svg(dot, q->svg, msg, sizeof msg) != 0)
    return fail(ST_FAILED, "%s", msg);
  return ST_OK;
}

/* Writes the files, then prints out (text or JSON); each may be NULL when
   out of memory. */
static int emit(const struct hang_request *q, char *dot, char *out)
{
  int st = ST_OK;
  if ((q->dot != NULL || q->svg != NULL) && dot == NULL)
    st = fail(ST_FAILED, "out of memory");
  else if (dot != NULL)
    st = write_files(q, dot);
  if (st == ST_OK && out == NULL)
    st = fail(ST_FAILED, "out of memory");
  if (st == ST_OK) {
    fputs(out, stdout);
    /* The JSON document has no newline of its own. */
    if (*out != '\0' && out[strlen(out) - 1] != '\n')
      fputc('\n', stdout);
  }
  pdb_free(dot);
  pdb_free(out);
  return st;
}

/* The kernel's word on process pid: its state and its parent.  0, or -1
   if it is not there. */
static int proc_stat(pid_t pid, char *state, int *ppid)
{
  char path[64], buf[1024];
  snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
  FILE *f = fopen(path, "re");
  if (f == NULL)
    return -1;
  size_t n = fread(buf, 1, sizeof buf - 1, f);
  fclose(f);
  buf[n] = '\0';
  /* pid (comm) state ppid ...: comm may hold anything, so from the last ')'. */
  const char *close = strrchr(buf, ')');
  return close != NULL && sscanf(close + 1, " %c %d", state, ppid) == 2 ? 0 : -1;
}

/* Whether process pid is there, not a zombie, and (parent > 0) a child
   of parent: an image's process, not another that took its number.  (A
   process that is there may still end before it is stopped: live_open
   then says so.) */
static int process_there(pid_t pid, pid_t parent)
{
  char state;
  int ppid;
  if (proc_stat(pid, &state, &ppid) != 0 || state == 'Z' || state == 'X' || state == 'x')
    return 0;
  return parent <= 0 || ppid == parent;
}

/* Opens a target; an image that is gone (all_images) is SKIPPED, with a
   note the first time (*noted). */
enum { SKIPPED = -1 };
static int open_target(const struct hang_target *g, int all_images, int *noted, struct target **t)
{
  if (g->core != NULL)
    return core_open(g->core, g->executable, t);
  if (all_images && !process_there(g->pid, g->parent)) {
    if (!*noted)
      warn("image %d (process %d) is gone: its stacks are left out", g->image, (int)g->pid);
    *noted = 1;
    return SKIPPED;
  }
  return live_open(g->pid, t);
}

/* The JSON document's target: the first one named. */
static struct pdb_json_target json_target(const struct hang_request *q, unsigned long reads)
{
  const struct hang_target *g = &q->targets[0];
  return (struct pdb_json_target){ g->core != NULL ? "core" : "process", g->core,
                                   g->core != NULL ? 0 : g->pid, (long long)reads };
}

/* waits: one target. */
static int run_waits(const struct hang_request *q, const struct hang_reader *rd)
{
  struct target *t;
  int noted = 0;
  int st = open_target(&q->targets[0], 0, &noted, &t);
  if (st != ST_OK)
    return st;
  struct hang_records rec = { NULL, NULL, NULL };
  int rst = rd->read(rd->data, t, 0, &rec);
  unsigned n = t->nthreads;
  struct pdb_host_thread *th = calloc(n ? n : 1, sizeof *th);
  struct pdb_waits w;
  char msg[4096] = "out of memory";
  int built = PDB_FAILED;
  memset(&w, 0, sizeof w);
  if (th != NULL) {
    /* No label: libparadbg names each "LWP n", as the threads view's
       first column does. */
    for (unsigned i = 0; i < n; i++)
      th[i] = (struct pdb_host_thread){ t->threads[i].lwp, NULL, crash_signal(t, i), NULL, 0 };
    built = pdb_waits_build(rec.omp, rec.caf, rec.ar, th, n, &w, msg, sizeof msg);
  }
  rd->done(rd->data);
  /* Everything is read: let a live process go before printing. */
  live_release();
  unsigned long reads = t->reads;
  t->close(t);
  free(th);
  if (built != PDB_OK) {
    pdb_waits_free(&w);
    return fail(ST_FAILED, "%s", msg);
  }
  struct pdb_json_target jt = json_target(q, reads);
  char *dot = q->dot != NULL || q->svg != NULL ? pdb_waits_dot(&w) : NULL;
  char *out = q->json ? pdb_waits_json(&w, NULL, &jt) : pdb_waits_text(&w);
  if (q->stats)
    fprintf(stderr, "paradbg-inspect: %u threads, %u nodes, %u edges, %lu memory reads\n", n,
            w.nnodes, w.nedges, reads);
  pdb_waits_free(&w);
  st = emit(q, dot, out);
  return rst != ST_OK ? rst : st;
}

/* The images of the coarray program of process pid, as targets: their
   processes, from the coarray records of pid (an image, or the
   launcher).  An inspect status, its line printed. */
static int image_targets(pid_t pid, const struct hang_reader *rd, struct hang_target **out,
                         unsigned *n)
{
  struct target *t;
  int st = live_open(pid, &t);
  if (st != ST_OK)
    return st;
  struct hang_records rec = { NULL, NULL, NULL };
  int rst = rd->read(rd->data, t, 0, &rec);
  const struct pdb_caf_records *caf = rec.caf;
  *n = 0;
  *out = NULL;
  if (caf == NULL) {
    st = rst != ST_OK ? fail(rst, "the images of process %d are not known: --all-images is not "
                             "possible", (int)pid)
                      : fail(ST_NO_RUNTIME, "process %d is not of a coarray program (libparcaf): "
                             "--all-images reads the images of one", (int)pid);
  } else if ((*out = calloc(caf->nimages ? caf->nimages : 1, sizeof **out)) == NULL) {
    st = fail(ST_FAILED, "out of memory");
  } else {
    /* The pids come from the target's memory, which may lie: an image is
       read only if the kernel says it is a child of the launcher, which
       is pid itself or, for an image, pid's parent. */
    char state;
    int ppid = 0;
    pid_t launcher = caf->launcher_pid == pid ? pid
                     : proc_stat(pid, &state, &ppid) == 0 && ppid > 1 ? (pid_t)ppid : 0;
    for (unsigned k = 0; launcher > 0 && k < caf->nimages; k++) {
      const struct pdb_caf_image *im = &caf->images[k];
      if (im->pid <= 0 || im->pid > 0x7fffffff) {
        warn("image %d has no process: its stacks are left out", im->image);
        continue;
      }
      (*out)[(*n)++] = (struct hang_target){ NULL, NULL, (pid_t)im->pid, im->image, launcher };
    }
    if (launcher == 0)
      warn("process %d has no launcher to check its images against", (int)pid);
    if (*n == 0)
      st = fail(ST_FAILED, "process %d: no image has a process to read", (int)pid);
  }
  rd->done(rd->data);
  live_release();
  t->close(t);
  if (st != ST_OK) {
    free(*out);
    *out = NULL;
  }
  return st;
}

/* Sleeps until start plus seconds (CLOCK_MONOTONIC): samples are that
   far apart however long a reading takes. */
static void sleep_until(const struct timespec *start, double seconds)
{
  struct timespec at = *start;
  time_t whole = (time_t)seconds;
  long ns = (long)((seconds - (double)whole) * 1e9);
  at.tv_sec += whole;
  at.tv_nsec += ns;
  if (at.tv_nsec >= 1000000000L)
    at.tv_sec++, at.tv_nsec -= 1000000000L;
  while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &at, NULL) == EINTR)
    ;
}

/* stacks: each target in turn, once or q->samples times. */
static int run_stacks(const struct hang_request *q, const struct hang_reader *rd,
                      const struct hang_target *targets, unsigned n)
{
  unsigned samples = q->samples ? q->samples : 1, nthreads = 0;
  unsigned long reads = 0;
  struct held_set prev = { NULL, 0, 0 }, cur = { NULL, 0, 0 };
  struct pdb_frame *scratch = calloc(HANG_FRAMES, sizeof *scratch);
  int *noted = calloc(n ? n : 1, sizeof *noted);
  int st = ST_OK, rst = ST_OK;
  if (scratch == NULL || noted == NULL) {
    st = fail(ST_FAILED, "out of memory");
    goto out;
  }
  struct timespec start;
  for (unsigned s = 0; s < samples; s++) {
    if (s > 0)
      sleep_until(&start, q->interval);
    clock_gettime(CLOCK_MONOTONIC, &start);
    unsigned got = 0;
    for (unsigned i = 0; i < n; i++) {
      struct target *t;
      if (s > 0 && !q->all_images && targets[i].core == NULL &&
          !process_there(targets[i].pid, 0)) {
        st = fail(ST_TARGET, "process %d has ended after %u of %u samples", (int)targets[i].pid, s,
                  samples);
        goto out;
      }
      int ost = open_target(&targets[i], q->all_images, &noted[i], &t);
      if (ost == SKIPPED)
        continue;
      if (ost != ST_OK && q->all_images) {
        /* live_open said why; the other images are still read */
        if (!noted[i])
          warn("image %d (process %d) cannot be read: its stacks are left out", targets[i].image,
               (int)targets[i].pid);
        noted[i] = 1;
        continue;
      }
      if (ost != ST_OK) {
        st = ost;
        goto out;
      }
      struct hang_records rec = { NULL, NULL, NULL };
      int r = rd->read(rd->data, t, s > 0, &rec);
      if (rst == ST_OK)
        rst = r;
      int c = collect(&cur, i, t, &rec, scratch);
      rd->done(rd->data);
      live_release();
      reads += t->reads;
      t->close(t);
      if (c != 0) {
        st = fail(ST_FAILED, "out of memory");
        goto out;
      }
      got++;
    }
    if (got == 0) {
      st = fail(ST_TARGET, "process %d: none of its images could be read", (int)q->targets[0].pid);
      goto out;
    }
    qsort(cur.v, cur.n, sizeof *cur.v, by_thread);
    if (s > 0)
      mark_moved(&prev, &cur);
    held_free(&prev);
    prev = cur;
    memset(&cur, 0, sizeof cur);
  }
  /* The tree is the last sample's. */
  nthreads = prev.n;
  struct pdb_stack_thread *in = calloc(prev.n ? prev.n : 1, sizeof *in);
  struct pdb_stacks tree;
  char msg[4096] = "out of memory";
  memset(&tree, 0, sizeof tree);
  for (unsigned i = 0; in != NULL && i < prev.n; i++)
    in[i] = prev.v[i].s;
  if (in == NULL || pdb_stacks_build(in, prev.n, &tree, msg, sizeof msg) != PDB_OK) {
    free(in);
    pdb_stacks_free(&tree);
    st = fail(ST_FAILED, "%s", msg);
    goto out;
  }
  free(in);
  struct pdb_json_target jt = json_target(q, reads);
  char *dot = q->dot != NULL || q->svg != NULL ? pdb_stacks_dot(&tree) : NULL;
  char *text = q->json ? pdb_stacks_json(&tree, NULL, &jt) : pdb_stacks_text(&tree);
  if (q->stats)
    fprintf(stderr, "paradbg-inspect: %u threads, %u sources, %u samples, %u nodes, %lu memory "
            "reads\n", nthreads, tree.nsources, samples, tree.nnodes, reads);
  pdb_stacks_free(&tree);
  st = emit(q, dot, text);
out:
  held_free(&prev);
  held_free(&cur);
  free(scratch);
  free(noted);
  return rst != ST_OK && st == ST_OK ? rst : st;
}

int hang_run(const struct hang_request *q, const struct hang_reader *rd)
{
  if (q->what == WAITS_WANT)
    return run_waits(q, rd);
  if (!q->all_images)
    return run_stacks(q, rd, q->targets, q->ntargets);
  struct hang_target *images;
  unsigned n;
  int st = image_targets(q->targets[0].pid, rd, &images, &n);
  if (st != ST_OK)
    return st;
  st = run_stacks(q, rd, images, n);
  free(images);
  return st;
}
