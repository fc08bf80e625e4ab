/* paradbg-inspect: what every OpenMP thread, coarray image and atomic
   lock of a core file or a live process is doing, and how its distributed
   arrays lie across processes (from the cores of several processes too),
   without GDB. */
#define _GNU_SOURCE
#include "config.h"

#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <json.h>

#include "paradbg/paradbg.h"
#include "paradbg/plugins.h"

#include "callbacks.h"
#include "hang.h"
#include "messages.h"
#include "report.h"
#include "status.h"
#include "symbols.h"
#include "target.h"

#define MAX_PLUGIN_DIRS 32
#define MAX_SOURCES 65536       /* cores read together, at most */

static const char usage_text[] =
  "Usage: paradbg-inspect [OPTION]... CORE [EXECUTABLE] [WHAT]\n"
  "   or: paradbg-inspect [OPTION]... -p PID [WHAT]\n"
  "   or: paradbg-inspect [OPTION]... CORE [EXECUTABLE] CORE [EXECUTABLE]... [distarrays|stacks]\n"
  "Show what the OpenMP threads and the coarray images of a core file or of a\n"
  "running process are doing: their states, what they wait for, their parallel\n"
  "regions and tasks, the coarrays, locks, events and teams of every image;\n"
  "who holds the locks of the atomic lock table (libatomic), who waits for them;\n"
  "how the distributed arrays lie across processes, whole: from the core or\n"
  "process of one coarray image, or from the cores of all the ranks of a job;\n"
  "and why a program does not move: who waits for whom, with a verdict, and\n"
  "the stacks of all its threads and images merged into one tree.\n"
  "\n"
  "WHAT is one of:\n"
  "  threads        one row per thread: OpenMP thread number, state, what it\n"
  "                 waits for, region, task and the innermost frame of the\n"
  "                 program's own code (the default; for a coarray program\n"
  "                 without OpenMP, images is; for a program with neither\n"
  "                 that uses libatomic, atomic-locks, and threads lists\n"
  "                 its threads with their atomic waits)\n"
  "  parallel       the live parallel regions, as a tree\n"
  "  tasks          each OpenMP thread's task and the tasks that generated it\n"
  "  icvs           internal control variables, at every scope\n"
  "  control-vars   the OMP_* settings the program runs with\n"
  "  images         one row per coarray image: its process, status, team and\n"
  "                 what it waits for (a core or process of any one image, or\n"
  "                 of the launcher, shows every image)\n"
  "  coarrays       the coarrays: name, kind, type, bounds and cobounds, size,\n"
  "                 address\n"
  "  coarray-locks  coarray locks and critical constructs held or awaited:\n"
  "                 holder and waiting images\n"
  "  events         event variables with a count or a waiting image\n"
  "  teams          the teams, as a tree, with their members\n"
  "  atomic-locks   one row per held lock of the atomic lock table (atomics\n"
  "                 wider than the processor's, through libatomic): owner,\n"
  "                 object, every lock it spans, the waiting threads; e.g.\n"
  "                   Lock  Owner     Object                Locks  Waiting\n"
  "                   2     LWP 1234  counter40 (40 bytes)  2      LWP 1236\n"
  "  all            all of the above that the program has\n"
  "  distarrays     the distributed arrays: the ones the program registered\n"
  "                 (paradbg/dap.h) and every coarray: one row per array\n"
  "                 (origin, type, global shape, processes, valid or the\n"
  "                 rule it breaks), then per rank its buffer, whether it\n"
  "                 could be read, the global indices it owns and its\n"
  "                 dim_data, as GDB's info distarray shows them (not part\n"
  "                 of all; the default of a program with nothing else, and\n"
  "                 the one WHAT of several cores)\n"
  "  waits          the wait-for graph: who waits for whom (OpenMP locks,\n"
  "                 critical sections, barriers, taskwaits; coarray LOCK,\n"
  "                 CRITICAL, EVENT WAIT, SYNC IMAGES/ALL, collectives; atomic\n"
  "                 locks), each wait pointing at its holder or at the\n"
  "                 members that have not arrived, and the verdict in words:\n"
  "                 a deadlock (a cycle), a wait on what can never come (a\n"
  "                 holder or member that exited or crashed, an event no\n"
  "                 live image can post), or no deadlock; a thread is named\n"
  "                 by its LWP, as threads shows it (not part of all)\n"
  "  stacks         the stacks of all threads merged into one call tree,\n"
  "                 outermost frame first: each function with the number of\n"
  "                 threads through it and who they are (OMP threads 0-3,\n"
  "                 images 2,4), and where stacks end, what those threads\n"
  "                 wait for; from several cores (one per image or rank),\n"
  "                 from every image of a live coarray program\n"
  "                 (--all-images), sampled over time (--samples) (not part\n"
  "                 of all)\n"
  "\n"
  "Options:\n"
  "  -p, --pid=PID         inspect a running process: its threads are stopped\n"
  "                        while it is read, then it goes on as it was\n"
  "      --json            print JSON (see docs/inspect.md for the schema)\n"
  "      --backtrace       add each thread's stack\n"
  "      --coarray=NAME    print the values of the coarray NAME (its Fortran\n"
  "                        name, or #SERIAL), instead of a WHAT\n"
  "      --image=N         with --coarray: its values on image N (default:\n"
  "                        the image whose core or process is read)\n"
  "      --max-values=N    print at most N values (default 1000)\n"
  "      --dump=NAME       assemble the distributed array NAME from its pieces\n"
  "      --npy=FILE        ... and write it to FILE as a NumPy .npy file; one\n"
  "                        line says whether the halos agree, what is missing\n"
  "      --map=NAME        draw which rank owns each element of the 1-D or 2-D\n"
  "      --svg=FILE        distributed array NAME, halos hatched, into FILE (SVG);\n"
  "                        NAME#K: the K-th of the arrays called NAME;\n"
  "                        with waits or stacks: the graph or tree as SVG\n"
  "                        (drawn by Graphviz's dot, which must be installed)\n"
  "      --dot=FILE        waits, stacks: also write the graph or tree to FILE\n"
  "                        in Graphviz's DOT language\n"
  "      --all-images      stacks of -p PID, a coarray image or its launcher:\n"
  "                        stop every image in turn (PID's records give their\n"
  "                        processes), read it, let it go; one tree of all\n"
  "      --samples=N       stacks of -p PID: read it N times (2 to 1000), the\n"
  "                        process running in between, and count in the tree\n"
  "                        the threads whose stacks changed: slow progress, or\n"
  "                        a hang (the tree is the last sample's)\n"
  "      --interval=S      seconds between samples (more than 0, at most 3600,\n"
  "                        e.g. 0.5; default 1)\n"
  "      --plugin-dir=DIR  also look for the plugins in DIR\n"
  "                        (searched first; may be given more than once)\n"
  "      --stats           print the count of memory reads on stderr\n"
  "  -h, --help            show this help and exit\n"
  "  -V, --version         show the version and exit\n"
  "\n"
  "Exit status:\n"
#define ST_HELP(name, value, text) "  " #value "  " text "\n"
  INSPECT_STATUSES(ST_HELP)
#undef ST_HELP
  "\n"
  "The program names its debugger plugins; only " PARADBG_OMPD_PLUGIN ", LLVM's\n"
  PARADBG_LLVM_OMPD_PLUGIN " and " PARADBG_CAF_PLUGIN " (coarrays, atomic locks, distributed\n"
  "arrays) are loaded, only from the --plugin-dir directories, the build tree (when\n"
  "run from it) and\n"
  PLUGINDIR ",\n"
  "and only if it exports the entry points of its kind.\n"
  "Any other name, and any path the program gives, is refused.\n"
  "\n"
  "Several cores (each followed by its executable, or not) are read together\n"
  "for distributed arrays and merged stacks only: the cores of the ranks or\n"
  "images of one job, each with its own part of the arrays and its own threads.\n"
  "Live processes are read one at a time (stacks --all-images: one after another).\n";

static const struct {
  const char *name;
  int want;
} whats[] = {
  { "threads", PDB_WANT_THREADS },   { "parallel", PDB_WANT_PARALLEL },
  { "tasks", PDB_WANT_TASKS },       { "icvs", PDB_WANT_ICVS },
  { "control-vars", PDB_WANT_CONTROL_VARS },
  { "images", CAF_WANT_IMAGES },     { "coarrays", CAF_WANT_COARRAYS },
  { "coarray-locks", CAF_WANT_LOCKS }, { "events", CAF_WANT_EVENTS },
  { "teams", CAF_WANT_TEAMS },      { "atomic-locks", ATOMIC_WANT_LOCKS },
  { "all", PDB_WANT_ALL | CAF_WANT_ALL | ATOMIC_WANT_LOCKS },
  { "distarrays", DAP_WANT_ARRAYS },
  { "waits", WAITS_WANT },          { "stacks", STACKS_WANT },
};
#define WHAT_LIST "threads, parallel, tasks, icvs, control-vars, images, coarrays, " \
  "coarray-locks, events, teams, atomic-locks, all, distarrays, waits nor stacks"
#define HANG_WANT (WAITS_WANT | STACKS_WANT)
#define DEFAULT_MAX_VALUES 1000

static int what_of(const char *s)
{
  for (unsigned i = 0; i < sizeof whats / sizeof whats[0]; i++)
    if (strcmp(s, whats[i].name) == 0)
      return whats[i].want;
  return 0;
}

/* The build tree's plugin directory, if this is the build tree's binary. */
static const char *build_plugin_dir(void)
{
  char self[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  if (n <= 0)
    return NULL;
  self[n] = '\0';
  char *slash = strrchr(self, '/');
  if (slash == NULL)
    return NULL;
  *slash = '\0';
  /* libtool runs the build tree's binary from .libs */
  char built[PATH_MAX], libs[PATH_MAX];
  if (realpath(INSPECT_BUILDDIR, built) == NULL)
    return NULL;
  snprintf(libs, sizeof libs, "%s/.libs", built);
  return strcmp(built, self) == 0 || strcmp(libs, self) == 0 ? INSPECT_BUILD_PLUGINDIR : NULL;
}

/* The same for the coarray plugin.  (A binary built by hand without the
   directory trusts no build tree's coarray plugin.) */
static const char *build_caf_plugin_dir(void)
{
#ifdef INSPECT_BUILD_CAF_PLUGINDIR
  return build_plugin_dir() != NULL ? INSPECT_BUILD_CAF_PLUGINDIR : NULL;
#else
  return NULL;
#endif
}

/* Which session a status is of. */
enum { OF_OPENMP, OF_COARRAYS, OF_ATOMICS, OF_DISTARRAYS };

/* libparadbg's status as an inspect status, its message printed; of: the
   session's kind. */
static int from_pdb_of(int pdb_status, const char *msg, const struct target *t, int of)
{
  static const int statuses[] = {
    [PDB_OK] = ST_OK, [PDB_NO_RUNTIME] = ST_NO_RUNTIME, [PDB_PLUGIN] = ST_PLUGIN,
    [PDB_FAILED] = ST_FAILED,
  };
  if (pdb_status == PDB_OK)
    return ST_OK;
  if (pdb_status == PDB_NO_RUNTIME && (of == OF_OPENMP || of == OF_COARRAYS)) {
    /* Say which other runtime it is, if one is mapped.  (Any libatomic
       is one libparadbg reads.) */
    char other[2048];
    if (of == OF_COARRAYS ? other_caf_runtime(t, other, sizeof other)
                          : other_runtime(t, other, sizeof other))
      return fail(ST_NO_RUNTIME, "%s runs on %s", t->name, other);
  }
  return fail((unsigned)pdb_status < sizeof statuses / sizeof statuses[0] ? statuses[pdb_status]
                                                                          : ST_FAILED, "%s", msg);
}

static int from_pdb(int pdb_status, const char *msg, const struct target *t)
{
  return from_pdb_of(pdb_status, msg, t, OF_OPENMP);
}

/* A part of "all" that could not be read: a warning (unless quiet), and
   its status. */
static int part_failed_quiet(int pdb_status, const char *msg, int quiet)
{
  static const int statuses[] = {
    [PDB_OK] = ST_OK, [PDB_NO_RUNTIME] = ST_NO_RUNTIME, [PDB_PLUGIN] = ST_PLUGIN,
    [PDB_FAILED] = ST_FAILED,
  };
  if (!quiet)
    warn("%s", msg);
  return (unsigned)pdb_status < sizeof statuses / sizeof statuses[0] ? statuses[pdb_status]
                                                                     : ST_FAILED;
}

static int part_failed(int pdb_status, const char *msg)
{
  return part_failed_quiet(pdb_status, msg, 0);
}

/* Each thread's innermost frame, the innermost of the user's code, and its
   stack if asked for: libdw's part of the records. */
static void add_frames(struct target *t, const char *runtime, struct pdb_records *r, int backtraces)
{
  r->backtraces = backtraces;
  for (unsigned i = 0; i < r->nthreads && i < t->nthreads; i++) {
    struct pdb_thread *tr = &r->threads[i];
    tr->has_frames = 1;
    tr->current = i == t->current;
    tr->signal = t->threads[i].signal;
    frame_describe(t->dwfl, t->threads[i].pc, 0, &tr->frame);
    tr->user_level = user_frame(t, t->threads[i].lwp, runtime, MAX_FRAMES, &tr->user);
    if (backtraces) {
      tr->backtrace = calloc(MAX_FRAMES, sizeof *tr->backtrace);
      tr->nbacktrace = tr->backtrace != NULL ? unwind_stack(t, t->threads[i].lwp, tr->backtrace,
                                                            MAX_FRAMES) : -1;
    }
  }
}

/* A signal while a live process is stopped must not leave it stopped. */
static void on_signal(int sig)
{
  live_release();
  signal(sig, SIG_DFL);
  raise(sig);
}

static int usage_error(const char *fmt, const char *arg)
{
  fputs("paradbg-inspect: ", stderr);
  fprintf(stderr, fmt, arg);
  fputs("\nTry 'paradbg-inspect --help' for more information.\n", stderr);
  return ST_USAGE;
}

/* What main reads and prints. */
struct run {
  struct target *t;
  int want, defaulted, json, backtraces;
  const char *coarray;           /* --coarray, or NULL */
  long image;                    /* --image, 0 for the image read */
  unsigned max_values;
  pdb_session *s;                /* the OpenMP session, or NULL */
  struct pdb_records r;
  int host_threads;              /* r is the target's threads, without OpenMP (no s) */
  pdb_caf_session *cs;           /* the coarray session, or NULL */
  struct pdb_caf_records cr;
  int have_cr;
  char *values;                  /* pdb_caf_values_json's text */
  pdb_atomic_session *as;        /* the atomic session, or NULL */
  struct pdb_atomic_records ar;
  int have_ar;
  /* Distributed arrays: one source per target (t is ts[0]). */
  struct target **ts;
  unsigned nts;
  struct pdb_dap_source *src;    /* nts of them, NULL until read */
  const char **labels;
  struct pdb_dap_records dr;
  int have_dr;
  const char *dump, *npy, *map, *svg;   /* --dump/--npy, --map/--svg */
  const struct pdb_distarray *dump_a, *map_a;   /* the arrays they name, in dr */
  void *dumped;                  /* the assembled array */
  size_t dumped_size;
  struct pdb_dap_assembly report;
  int have_report;
};

/* Opens and reads the OpenMP part: an inspect status (ST_NO_RUNTIME with
   *status PDB_NO_RUNTIME when the program has no OpenMP runtime).  With
   no OpenMP part wanted, the threads alone are read: they name the owners
   of atomic locks. */
static int read_openmp(struct run *u, const struct pdb_host *h, const struct pdb_options *o,
                       int quiet, int *status, char *msg, size_t msgsize)
{
  struct target *t = u->t;
  /* waits and stacks: what the wait-for graph needs, no frames (stacks
     unwinds every thread itself) */
  int hang = (u->want & HANG_WANT) != 0;
  int want = hang ? HANG_OMP_WANT : u->want & PDB_WANT_ALL;
  *status = pdb_open(h, target_context(t), o, &u->s, msg, msgsize);
  if (*status == PDB_OK) {
    int64_t *lwps = calloc(t->nthreads ? t->nthreads : 1, sizeof *lwps);
    for (unsigned i = 0; lwps != NULL && i < t->nthreads; i++)
      lwps[i] = t->threads[i].lwp;
    if (lwps == NULL)
      *status = PDB_FAILED, snprintf(msg, msgsize, "out of memory");
    else
      *status = pdb_gather(u->s, lwps, t->nthreads, want ? want : PDB_WANT_THREADS, &u->r, msg,
                           msgsize);
    free(lwps);
  }
  if (*status == PDB_OK) {
    if (want && !hang)
      add_frames(t, pdb_runtime_module(u->s), &u->r, u->backtraces);
    return ST_OK;
  }
  pdb_records_free(&u->r);
  memset(&u->r, 0, sizeof u->r);
  pdb_close(u->s);
  u->s = NULL;
  return quiet ? ST_NO_RUNTIME : from_pdb(*status, msg, t);
}

/* The target's threads as records without OpenMP, for the threads view
   of a program that has none: each with its frames, and (once the atomic
   records mark them) its atomic wait.  0, or -1 if out of memory. */
static int read_host_threads(struct run *u)
{
  struct target *t = u->t;
  memset(&u->r, 0, sizeof u->r);
  u->r.threads = calloc(t->nthreads ? t->nthreads : 1, sizeof *u->r.threads);
  if (u->r.threads == NULL)
    return -1;
  u->r.nthreads = t->nthreads;
  u->r.want = PDB_WANT_THREADS;
  for (unsigned i = 0; i < t->nthreads; i++) {
    struct pdb_thread *tr = &u->r.threads[i];
    tr->lwp = t->threads[i].lwp;
    tr->thread_num = -1;
    tr->state = "";
    tr->level = -1;
  }
  add_frames(t, NULL, &u->r, u->backtraces);
  u->host_threads = 1;
  return 0;
}

/* Opens and reads the coarray part, as read_openmp (with no coarray part
   wanted, the images alone, which name atomic lock owners). */
static int read_coarrays(struct run *u, const struct pdb_host *h, const struct pdb_options *o,
                         int quiet, int *status, char *msg, size_t msgsize)
{
  struct target *t = u->t;
  *status = pdb_caf_open(h, target_context(t), o, &u->cs, msg, msgsize);
  int want = CAF_WANTED(u->want);
  if (want == 0 && (u->want & ATOMIC_WANT_LOCKS))
    want = PDB_CAF_WANT_IMAGES;
  if (u->want & HANG_WANT)
    want = HANG_CAF_WANT;
  /* The values of one coarray on a named image need no records. */
  int records = want != 0 || (u->coarray != NULL && u->image == 0);
  if (*status == PDB_OK && records) {
    *status = pdb_caf_gather(u->cs, want, &u->cr, msg, msgsize);
    u->have_cr = *status == PDB_OK;
  }
  if (*status == PDB_OK && u->coarray != NULL) {
    int image = u->image > 0 ? (int)u->image : u->cr.this_image > 0 ? u->cr.this_image : 1;
    u->values = pdb_caf_values_json(u->cs, image, u->coarray, u->max_values, msg, msgsize);
    if (u->values == NULL)
      *status = PDB_FAILED;
  }
  if (*status == PDB_OK)
    return ST_OK;
  if (u->have_cr)
    pdb_caf_records_free(&u->cr);
  u->have_cr = 0;
  if (u->cs != NULL)
    pdb_caf_close(u->cs);
  u->cs = NULL;
  return quiet ? ST_NO_RUNTIME : from_pdb_of(*status, msg, t, OF_COARRAYS);
}

/* Opens the atomic runtime (libparatomic's lock table through
   libcafdbg.so, or a libatomic without owners), as read_openmp. */
static int open_atomics(struct run *u, const struct pdb_host *h, const struct pdb_options *o,
                        int quiet, int *status, char *msg, size_t msgsize)
{
  *status = pdb_atomic_open(h, target_context(u->t), o, &u->as, msg, msgsize);
  if (*status == PDB_OK)
    return ST_OK;
  u->as = NULL;
  return quiet ? ST_NO_RUNTIME : from_pdb_of(*status, msg, u->t, OF_ATOMICS);
}

/* Reads the atomic records, naming threads by what the OpenMP and
   coarray records say, and marks the atomic waits in those records.  A
   runtime without owners is read from the stacks: each thread is unwound.
   An inspect status as read_openmp's. */
static int read_atomics(struct run *u, int quiet, int *status, char *msg, size_t msgsize)
{
  struct target *t = u->t;
  unsigned n = t->nthreads;
  int stacks = !pdb_atomic_records_owners(u->as);
  struct pdb_atomic_thread *th = calloc(n ? n : 1, sizeof *th);
  struct pdb_frame *frames = stacks ? calloc((size_t)(n ? n : 1) * MAX_FRAMES, sizeof *frames) : NULL;
  if (th == NULL || (stacks && frames == NULL)) {
    *status = PDB_FAILED;
    snprintf(msg, msgsize, "out of memory");
  } else {
    for (unsigned i = 0; i < n; i++) {
      th[i].lwp = t->threads[i].lwp;
      if (!stacks)
        continue;
      int k = unwind_stack(t, t->threads[i].lwp, frames + (size_t)i * MAX_FRAMES, MAX_FRAMES);
      th[i].frames = k > 0 ? frames + (size_t)i * MAX_FRAMES : NULL;
      th[i].nframes = k > 0 ? k : 0;
    }
    *status = pdb_atomic_gather(u->as, th, n, u->s != NULL ? &u->r : NULL,
                                u->have_cr ? &u->cr : NULL, &u->ar, msg, msgsize);
  }
  for (unsigned i = 0; th != NULL && i < n; i++)
    for (int k = 0; k < th[i].nframes; k++)
      pdb_frame_free(&frames[(size_t)i * MAX_FRAMES + (size_t)k]);
  free(frames);
  free(th);
  if (*status == PDB_OK) {
    u->have_ar = 1;
    pdb_atomic_mark(&u->ar, u->s != NULL || u->host_threads ? &u->r : NULL,
                    u->have_cr ? &u->cr : NULL);
    return ST_OK;
  }
  pdb_atomic_close(u->as);
  u->as = NULL;
  return quiet ? ST_NO_RUNTIME : from_pdb_of(*status, msg, t, OF_ATOMICS);
}

/* The atomic waits for the threads and images views: read when the
   program has an atomic runtime; one that cannot be read is a warning. */
static void mark_atomic_waits(struct run *u, const struct pdb_host *h, const struct pdb_options *o)
{
  char msg[4096];
  int st;
  if (open_atomics(u, h, o, 1, &st, msg, sizeof msg) == ST_OK)
    read_atomics(u, 1, &st, msg, sizeof msg);
  if (st != PDB_OK && st != PDB_NO_RUNTIME)
    warn("atomic lock waits are not shown: %s", msg);
}

/* Opens the distributed-array registry and the coarray session of each
   target (hosts[i] and opts[i] its own) as a source, and gathers their
   arrays.  A target with neither is no source: with one target that is
   the failure (ST_NO_RUNTIME), with several a warning, as is a part of a
   target that cannot be read while the other part can.  An inspect status
   as read_openmp's (quiet: ST_NO_RUNTIME with *status PDB_NO_RUNTIME and
   no line when the one target has neither). */
static int read_dap(struct run *u, const struct pdb_host *hosts, const struct pdb_options *opts,
                    int quiet, int *status, char *msg, size_t msgsize)
{
  unsigned n = u->nts, usable = 0;
  int last = PDB_NO_RUNTIME;
  char lastmsg[4096] = "", cmsg[4096];
  u->src = calloc(n, sizeof *u->src);
  u->labels = calloc(n, sizeof *u->labels);
  if (u->src == NULL || u->labels == NULL) {
    *status = PDB_FAILED;
    return fail(ST_FAILED, "out of memory");
  }
  for (unsigned i = 0; i < n; i++) {
    struct target *t = u->ts[i];
    u->labels[i] = u->src[i].label = t->name;
    int dst = pdb_dap_open(&hosts[i], target_context(t), &opts[i], &u->src[i].dap, msg, msgsize);
    if (dst != PDB_OK)
      u->src[i].dap = NULL;
    int cst = pdb_caf_open(&hosts[i], target_context(t), &opts[i], &u->src[i].caf, cmsg,
                           sizeof cmsg);
    if (cst != PDB_OK)
      u->src[i].caf = NULL;
    if (u->src[i].dap != NULL || u->src[i].caf != NULL) {
      usable++;
      /* One part read, the other failed: say so, go on. */
      if (dst != PDB_OK && dst != PDB_NO_RUNTIME)
        warn("%s: the registered arrays are not read: %s", t->name, msg);
      if (cst != PDB_OK && cst != PDB_NO_RUNTIME)
        warn("%s: the coarrays are not read: %s", t->name, cmsg);
      continue;
    }
    /* Neither: the registry's failure, or else the coarrays'. */
    last = dst != PDB_NO_RUNTIME ? dst : cst;
    if (dst == PDB_NO_RUNTIME && cst == PDB_NO_RUNTIME)
      snprintf(lastmsg, sizeof lastmsg, "%s: no distributed arrays: the program keeps no registry "
               "(libparcaf) and has no coarrays", t->name);
    else
      snprintf(lastmsg, sizeof lastmsg, "%s", dst != PDB_NO_RUNTIME ? msg : cmsg);
    if (n > 1)
      warn("%s%s%s; its part is missing", last == PDB_NO_RUNTIME ? "" : t->name,
           last == PDB_NO_RUNTIME ? "" : ": ", lastmsg);
  }
  if (usable == 0) {
    *status = last;
    if (quiet && last == PDB_NO_RUNTIME && n == 1)
      return ST_NO_RUNTIME;
    return from_pdb_of(last, lastmsg, u->t, OF_DISTARRAYS);
  }
  *status = pdb_dap_gather(u->src, n, &u->dr, msg, msgsize);
  if (*status != PDB_OK)
    return from_pdb_of(*status, msg, u->t, OF_DISTARRAYS);
  u->have_dr = 1;
  return ST_OK;
}

/* The array --dump or --map names (NAME, or NAME#K where several have
   the name): valid, or NULL with its line. */
static const struct pdb_distarray *named_array(const struct run *u, const char *name, int *st)
{
  char why[1024];
  const struct pdb_distarray *a = pdb_dap_lookup(&u->dr, name, why, sizeof why);
  char *shown = pdb_printable(name);
  *st = ST_OK;
  if (a == NULL && strncmp(why, "no distributed array", 20) != 0) {
    /* several of the name, or NAME#K past them: libparadbg's line */
    *st = fail(ST_FAILED, "%s", why);
  } else if (a == NULL) {
    /* Name a few that are there. */
    char *there = NULL;
    size_t len;
    FILE *m = open_memstream(&there, &len);
    for (unsigned i = 0; m != NULL && i < u->dr.narrays && i < 8; i++)
      fprintf(m, "%s%s", i ? ", " : "", u->dr.arrays[i].name != NULL ? u->dr.arrays[i].name : "?");
    if (m != NULL && u->dr.narrays > 8)
      fputs(", ...", m);
    if (m != NULL && fclose(m) != 0)
      free(there), there = NULL;
    *st = u->dr.narrays ? fail(ST_FAILED, "no distributed array '%s' (there are: %s)", shown,
                               there != NULL ? there : "?")
                        : fail(ST_FAILED, "no distributed array '%s' (there is none)", shown);
    free(there);
  } else if (a->problem != NULL) {
    *st = fail(ST_FAILED, "distributed array '%s' is not valid: %s", shown, a->problem);
    a = NULL;
  }
  free(shown);
  return a;
}

/* What --dump and --map need from the target, read before a live process
   goes on: the assembled array; and what they can tell before writing
   anything (no such array, not valid, not 1-D or 2-D, too large). */
static int read_dap_files(struct run *u)
{
  int st;
  const struct pdb_distarray *m = u->map != NULL ? named_array(u, u->map, &st) : NULL;
  if (u->map != NULL && m == NULL)
    return st;
  if (m != NULL && (m->ndim < 1 || m->ndim > 2)) {
    char *shown = pdb_printable(u->map);
    st = fail(ST_FAILED, "distributed array '%s' is %d-D: --map draws a 1-D or 2-D array only",
              shown, m->ndim);
    free(shown);
    return st;
  }
  u->map_a = m;
  if (u->dump == NULL)
    return ST_OK;
  const struct pdb_distarray *a = named_array(u, u->dump, &st);
  if (a == NULL)
    return st;
  u->dump_a = a;
  /* Its bytes, within libparadbg's bound, before anything is allocated */
  char msg[4096];
  uint64_t bytes = 0;
  if (pdb_dap_bytes(a, &bytes, msg, sizeof msg) != PDB_OK)
    return fail(ST_FAILED, "distributed array %s", msg);
  u->dumped_size = (size_t)bytes;
  u->dumped = calloc(u->dumped_size ? u->dumped_size : 1, 1);
  if (u->dumped == NULL)
    return fail(ST_FAILED, "distributed array '%s': its %llu bytes do not fit in memory", a->name,
                (unsigned long long)bytes);
  st = pdb_dap_assemble(u->src, u->nts, a, u->dumped, u->dumped_size, &u->report, msg, sizeof msg);
  if (st != PDB_OK)
    return from_pdb_of(st, msg, u->t, OF_DISTARRAYS);
  u->have_report = 1;
  return ST_OK;
}

/* The name that picks a out of the records: NAME, or NAME#K where
   several arrays have the name (free it; NULL out of memory). */
static char *pick_name(const struct run *u, const struct pdb_distarray *a)
{
  unsigned count, k = pdb_dap_occurrence(&u->dr, (unsigned)(a - u->dr.arrays), &count);
  char *out = NULL;
  if (count > 1 ? asprintf(&out, "%s#%u", a->name, k) < 0 : (out = strdup(a->name)) == NULL)
    out = NULL;
  return out;
}

static json_object *shape_json(const struct pdb_distarray *a)
{
  json_object *v = json_object_new_array();
  for (int d = 0; v != NULL && d < a->ndim; d++)
    json_object_array_add(v, json_object_new_int64(a->shape[d]));
  return v;
}

/* Writes the files --npy and --svg name and says, in one line each (or
   one JSON object with --json), what they hold. */
static int write_dap_files(struct run *u)
{
  char msg[4096];
  json_object *doc = u->json ? json_object_new_object() : NULL;
  if (u->dump != NULL) {
    const struct pdb_distarray *a = u->dump_a;
    const struct pdb_dap_assembly *r = &u->report;
    if (write_npy(u->npy, a->typestr, a->ndim, a->shape, u->dumped, u->dumped_size, msg,
                  sizeof msg) != 0) {
      json_object_put(doc);
      return fail(ST_FAILED, "%s", msg);
    }
    char shape[PDB_DAP_TEXT_MAX], *file = pdb_printable(u->npy);
    pdb_dap_shape_text(a, shape, sizeof shape);
    if (doc != NULL) {
      json_object *o = json_object_new_object();
      json_object_object_add(o, "array", json_object_new_string(a->name));
      json_object_object_add(o, "file", json_object_new_string(file ? file : ""));
      json_object_object_add(o, "typestr", json_object_new_string(a->typestr));
      json_object_object_add(o, "shape", shape_json(a));
      json_object_object_add(o, "elements", json_object_new_uint64(r->elements));
      json_object_object_add(o, "missing", json_object_new_uint64(r->missing));
      json_object_object_add(o, "halo_checked", json_object_new_uint64(r->halo_checked));
      json_object_object_add(o, "halo_mismatches", json_object_new_uint64(r->halo_mismatches));
      json_object *fm = NULL;
      if (r->halo_mismatches > 0) {
        fm = json_object_new_object();
        json_object *g = json_object_new_array();
        for (int d = 0; d < a->ndim; d++)
          json_object_array_add(g, json_object_new_int64(r->first_mismatch[d]));
        json_object_object_add(fm, "index", g);
        json_object_object_add(fm, "rank", json_object_new_int(r->mismatch_rank));
        json_object_object_add(fm, "owner", json_object_new_int(r->mismatch_owner));
      }
      json_object_object_add(o, "first_mismatch", fm);
      json_object_object_add(o, "note", r->note != NULL ? json_object_new_string(r->note) : NULL);
      json_object_object_add(doc, "dump", o);
    } else {
      /* The report's own words: halos, what is missing or unreadable. */
      uint64_t total = 1;
      for (int d = 0; d < a->ndim; d++)
        total *= (uint64_t)a->shape[d];
      char *name = pick_name(u, a);
      printf("%s: %s %s written to %s, %llu elements; %s", name ? name : a->name, a->typestr,
             shape, file ? file : "?", (unsigned long long)total,
             r->note != NULL ? r->note : "no halos");
      putchar('\n');
      free(name);
    }
    free(file);
  }
  if (u->map != NULL) {
    const struct pdb_distarray *a = u->map_a;
    struct dap_map_info info;
    if (write_map_svg(u->svg, a, &info, msg, sizeof msg) != 0) {
      json_object_put(doc);
      return fail(ST_FAILED, "%s", msg);
    }
    char shape[PDB_DAP_TEXT_MAX], *file = pdb_printable(u->svg);
    pdb_dap_shape_text(a, shape, sizeof shape);
    if (doc != NULL) {
      json_object *o = json_object_new_object();
      json_object_object_add(o, "array", json_object_new_string(a->name));
      json_object_object_add(o, "file", json_object_new_string(file ? file : ""));
      json_object_object_add(o, "shape", shape_json(a));
      json_object *cells = json_object_new_array();
      json_object_array_add(cells, json_object_new_int64(info.rows));
      json_object_array_add(cells, json_object_new_int64(info.cols));
      json_object_object_add(o, "cells", cells);
      json_object *per = json_object_new_array();
      json_object_array_add(per, json_object_new_int64(info.per_row));
      json_object_array_add(per, json_object_new_int64(info.per_col));
      json_object_object_add(o, "elements_per_cell", per);
      json_object_object_add(o, "halo_cells", json_object_new_uint64(info.halo_cells));
      json_object_object_add(doc, "map", o);
    } else {
      char *name = pick_name(u, a);
      printf("%s: the ownership map of %s written to %s: %d ranks, %lld x %lld cells, %llu halo "
             "cells hatched", name ? name : a->name, shape, file ? file : "?", a->nprocs,
             (long long)info.rows, (long long)info.cols, (unsigned long long)info.halo_cells);
      if (info.per_row > 1 || info.per_col > 1)
        printf(" (a cell stands for %lld x %lld elements)", (long long)info.per_row,
               (long long)info.per_col);
      putchar('\n');
      free(name);
    }
    free(file);
  }
  if (doc != NULL) {
    puts(json_object_to_json_string_ext(doc, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE));
    json_object_put(doc);
  }
  return ST_OK;
}

/* Reads what u->want names, into u; an inspect status, its line printed.
   "all" reads the runtimes the program has: a missing one is no failure,
   and a part that fails is a warning while the others are still shown.
   The threads and images views carry the atomic waits when the program
   has an atomic runtime. */
static int read_all(struct run *u, const struct pdb_host *h, const struct pdb_options *omp,
                    const struct pdb_options *caf)
{
  char msg[4096], cmsg[4096], amsg[4096];
  int ost = PDB_NO_RUNTIME, cst = PDB_NO_RUNTIME, ast = PDB_NO_RUNTIME, st;
  int omp_wanted = (u->want & PDB_WANT_ALL) != 0, caf_wanted = (u->want & CAF_WANT_ALL) != 0;
  int atomic_wanted = (u->want & ATOMIC_WANT_LOCKS) != 0;
  int both = omp_wanted && caf_wanted;
  if (u->coarray != NULL)
    return read_coarrays(u, h, caf, 0, &cst, cmsg, sizeof cmsg);
  if (u->want == DAP_WANT_ARRAYS) {
    /* The registry is read through the coarray plugin. */
    st = read_dap(u, h, caf, 0, &cst, cmsg, sizeof cmsg);
    return st != ST_OK || (u->dump == NULL && u->map == NULL) ? st : read_dap_files(u);
  }
  if (atomic_wanted && !omp_wanted && !caf_wanted) {
    /* atomic-locks: the other runtimes, where the program has them, only
       say who is which OpenMP thread and image. */
    read_openmp(u, h, omp, 1, &ost, msg, sizeof msg);
    read_coarrays(u, h, caf, 1, &cst, cmsg, sizeof cmsg);
    st = open_atomics(u, h, caf, 0, &ast, amsg, sizeof amsg);
    return st != ST_OK ? st : read_atomics(u, 0, &ast, amsg, sizeof amsg);
  }
  if (caf_wanted && !both && !u->defaulted) {
    st = read_coarrays(u, h, caf, 0, &cst, cmsg, sizeof cmsg);
    if (st == ST_OK)
      mark_atomic_waits(u, h, caf);
    return st;
  }
  st = read_openmp(u, h, omp, 1, &ost, msg, sizeof msg);
  if (st == ST_OK && !both) {
    mark_atomic_waits(u, h, caf);
    return ST_OK;
  }
  if (!both && !u->defaulted) {
    /* threads of a program without OpenMP: its threads as the target
       has them, if it has an atomic runtime whose waits they show (a
       warning if that cannot be read). */
    if (ost != PDB_NO_RUNTIME || u->want != PDB_WANT_THREADS)
      return from_pdb(ost, msg, u->t);
    if (open_atomics(u, h, caf, 1, &ast, amsg, sizeof amsg) == ST_OK)
      read_atomics(u, 1, &ast, amsg, sizeof amsg);
    if (ast == PDB_NO_RUNTIME)
      return from_pdb(ost, msg, u->t);
    if (ast != PDB_OK)
      warn("atomic lock waits are not shown: %s", amsg);
    if (read_host_threads(u) != 0)
      return fail(ST_FAILED, "out of memory");
    if (u->have_ar)
      pdb_atomic_mark(&u->ar, &u->r, NULL);
    return ST_OK;
  }
  if (u->defaulted && ost == PDB_NO_RUNTIME) {
    /* No OpenMP: a coarray program shows its images instead of threads,
       a program with neither its atomic locks. */
    u->want = CAF_WANT_IMAGES;
    if (read_coarrays(u, h, caf, 1, &cst, cmsg, sizeof cmsg) == ST_OK) {
      mark_atomic_waits(u, h, caf);
      return ST_OK;
    }
    if (cst != PDB_NO_RUNTIME)
      return from_pdb_of(cst, cmsg, u->t, OF_COARRAYS);
    u->want = ATOMIC_WANT_LOCKS;
    if (open_atomics(u, h, caf, 1, &ast, amsg, sizeof amsg) == ST_OK)
      return read_atomics(u, 0, &ast, amsg, sizeof amsg);
    if (ast != PDB_NO_RUNTIME)
      return from_pdb_of(ast, amsg, u->t, OF_ATOMICS);
    /* ... and a program with none of them its distributed arrays (a
       process that registers its part of an array). */
    u->want = DAP_WANT_ARRAYS;
    int dst;
    char dmsg[4096];
    st = read_dap(u, h, caf, 1, &dst, dmsg, sizeof dmsg);
    if (st == ST_OK || dst != PDB_NO_RUNTIME)
      return st;
    return from_pdb(ost, msg, u->t);
  }
  if (!both)
    return from_pdb(ost, msg, u->t);
  read_coarrays(u, h, caf, 1, &cst, cmsg, sizeof cmsg);
  if (open_atomics(u, h, caf, 1, &ast, amsg, sizeof amsg) == ST_OK)
    read_atomics(u, 1, &ast, amsg, sizeof amsg);
  if (u->s == NULL && u->cs == NULL && u->as == NULL) {
    /* None: the OpenMP failure, unless the program lacks OpenMP and has
       another runtime that failed. */
    if (ost == PDB_NO_RUNTIME && cst != PDB_NO_RUNTIME)
      return from_pdb_of(cst, cmsg, u->t, OF_COARRAYS);
    if (ost == PDB_NO_RUNTIME && ast != PDB_NO_RUNTIME)
      return from_pdb_of(ast, amsg, u->t, OF_ATOMICS);
    return from_pdb(ost, msg, u->t);
  }
  st = ST_OK;
  if (u->s == NULL && ost != PDB_NO_RUNTIME)
    st = part_failed(ost, msg);
  if (u->cs == NULL && cst != PDB_NO_RUNTIME) {
    int cs = part_failed(cst, cmsg);
    st = st != ST_OK ? st : cs;
  }
  if (u->as == NULL && ast != PDB_NO_RUNTIME) {
    int as = part_failed(ast, amsg);
    st = st != ST_OK ? st : as;
  }
  return st;
}

/* waits and stacks: every runtime the program has (OpenMP, coarrays,
   atomics), as for all.  A missing one is no failure: its waits are not
   there.  One that fails is a warning (none if quiet: a later sample),
   and its status; what the others give is still used. */
static int read_hang(struct run *u, const struct pdb_host *h, const struct pdb_options *omp,
                     const struct pdb_options *caf, int quiet)
{
  char msg[4096], cmsg[4096], amsg[4096], other[2048];
  int ost, cst, ast = PDB_NO_RUNTIME, st = ST_OK;
  read_openmp(u, h, omp, 1, &ost, msg, sizeof msg);
  read_coarrays(u, h, caf, 1, &cst, cmsg, sizeof cmsg);
  if (open_atomics(u, h, caf, 1, &ast, amsg, sizeof amsg) == ST_OK)
    read_atomics(u, 1, &ast, amsg, sizeof amsg);
  const int sts[] = { ost, cst, ast };
  const char *const msgs[] = { msg, cmsg, amsg };
  for (unsigned i = 0; i < 3; i++)
    if (sts[i] != PDB_OK && sts[i] != PDB_NO_RUNTIME) {
      int part = part_failed_quiet(sts[i], msgs[i], quiet);
      st = st != ST_OK ? st : part;
    }
  /* A runtime paradbg cannot read: its waits are missing, say so. */
  if (!quiet && ost == PDB_NO_RUNTIME && other_runtime(u->t, other, sizeof other))
    warn("%s runs on %s; its OpenMP waits are not known", u->t->name, other);
  if (!quiet && cst == PDB_NO_RUNTIME && other_caf_runtime(u->t, other, sizeof other))
    warn("%s runs on %s; its coarray waits are not known", u->t->name, other);
  return st;
}

/* Frees what the runtimes' reading kept, and closes their sessions. */
static void forget_records(struct run *u)
{
  pdb_records_free(&u->r);
  memset(&u->r, 0, sizeof u->r);
  pdb_close(u->s);
  u->s = NULL;
  if (u->have_cr)
    pdb_caf_records_free(&u->cr);
  u->have_cr = 0;
  if (u->cs != NULL)
    pdb_caf_close(u->cs);
  u->cs = NULL;
  if (u->have_ar)
    pdb_atomic_records_free(&u->ar);
  u->have_ar = 0;
  if (u->as != NULL)
    pdb_atomic_close(u->as);
  u->as = NULL;
}

/* hang.c's reader: the runtimes of each target it opens, through a host
   and options of that target (kept until done). */
struct hang_context {
  struct run *u;
  struct pdb_host host;
  struct pdb_options omp, caf;
  const char *const *trusted, *const *caf_trusted;
  unsigned ntrusted, ncaf;
};

static int hang_read(void *data, struct target *t, int quiet, struct hang_records *out)
{
  struct hang_context *c = data;
  struct run *u = c->u;
  static const struct pdb_host host = { &inspect_callbacks, describe_address, NULL, find_pointer };
  u->t = t;
  c->host = host;
  c->host.data = t;
  c->omp = (struct pdb_options){ t->name, c->trusted, c->ntrusted, "add its directory with --plugin-dir" };
  c->caf = (struct pdb_options){ t->name, c->caf_trusted, c->ncaf, "add its directory with --plugin-dir" };
  int st = read_hang(u, &c->host, &c->omp, &c->caf, quiet);
  out->omp = u->s != NULL ? &u->r : NULL;
  out->caf = u->have_cr ? &u->cr : NULL;
  out->ar = u->have_ar ? &u->ar : NULL;
  return st;
}

static void hang_done(void *data)
{
  struct hang_context *c = data;
  forget_records(c->u);
  c->u->t = NULL;
}

/* The parts print_report shows: want's bits of the runtimes read. */
static int shown_parts(const struct run *u)
{
  int omp = u->s != NULL || u->host_threads ? u->want & PDB_WANT_ALL : 0;
  int caf = u->have_cr ? u->want & CAF_WANT_ALL : 0;
  int atomic = u->have_ar ? u->want & ATOMIC_WANT_LOCKS : 0;
  int dap = u->have_dr && u->dump == NULL && u->map == NULL ? u->want & DAP_WANT_ARRAYS : 0;
  return omp | caf | atomic | dap;
}

static int print_report(struct run *u)
{
  struct target *t = u->t;
  int shown = shown_parts(u);
  int caf_want = shown & CAF_WANT_ALL, omp_want = shown & PDB_WANT_ALL;
  int atomic_want = shown & ATOMIC_WANT_LOCKS, dap_want = shown & DAP_WANT_ARRAYS;
  const struct pdb_atomic_records *ar = u->have_ar ? &u->ar : NULL;
  if (u->values != NULL && u->json) {
    fputs(u->values, stdout), fputc('\n', stdout);
    return ST_OK;
  }
  if (u->values != NULL)
    return print_caf_values(u->values, stdout) == 0 ? ST_OK
                                                    : fail(ST_FAILED, "%s", "the coarray's values are garbled");
  if (u->json) {
    struct pdb_json_target jt = { t->is_core ? "core" : "process", t->is_core ? t->name : NULL,
                                  t->pid, (long long)t->reads };
    /* Each part adds its key to the document of the parts before it. */
    char *text = omp_want ? pdb_json(u->s, &u->r, &jt) : NULL;
    int ok = !omp_want || text != NULL;
    if (ok && caf_want) {
      char *doc = pdb_caf_json(u->cs, &u->cr, text, &jt);
      pdb_free(text);
      text = doc;
      ok = text != NULL;
    }
    if (ok && atomic_want) {
      char *doc = pdb_atomic_json(u->as, &u->ar, text, &jt);
      pdb_free(text);
      text = doc;
      ok = text != NULL;
    }
    if (ok && dap_want) {
      /* Several cores: the target is the first; each rank names its
         source by its index in the order given. */
      unsigned long long reads = 0;
      for (unsigned i = 0; i < u->nts; i++)
        reads += u->ts[i]->reads;
      jt.memory_reads = (long long)reads;
      char *doc = pdb_dap_json(&u->dr, text, &jt);
      pdb_free(text);
      text = doc;
    }
    if (text == NULL)
      return fail(ST_FAILED, "out of memory");
    fputs(text, stdout), fputc('\n', stdout);
    pdb_free(text);
    return ST_OK;
  }
  /* Titles when more than one part is shown. */
  int n = 0;
  int several = (shown & (shown - 1)) != 0;
  if (omp_want) {
    u->r.want = omp_want;
    print_text(&u->r, ar, several, &n, stdout);
  }
  if (caf_want)
    print_caf_text(&u->cr, ar, caf_want, several, &n, stdout);
  if (atomic_want)
    print_atomic_text(&u->ar, several, &n, stdout);
  if (dap_want)
    print_dap_text(&u->dr, u->labels, u->nts, several, &n, stdout);
  return ST_OK;
}

/* Whether path is an ELF core file, looked at without blocking on it. */
static int is_core_file(const char *path)
{
  int fd = pdb_open_regular(path);
  if (fd < 0)
    return 0;
  unsigned char e[18];
  ssize_t n = read(fd, e, sizeof e);
  close(fd);
  if (n != (ssize_t)sizeof e || memcmp(e, "\177ELF", 4) != 0)
    return 0;
  unsigned type = e[5] == 2 ? (unsigned)e[16] << 8 | e[17] : (unsigned)e[17] << 8 | e[16];
  return type == 4;   /* ET_CORE */
}

/* A core and its executable (NULL: the one the core names). */
struct core_arg {
  const char *core, *executable;
};

/* Several cores: args as CORE [EXECUTABLE] CORE [EXECUTABLE]...  The
   number of cores, or -1 with a usage error printed. */
static int core_args(char **args, int nargs, struct core_arg *out)
{
  int n = 0;
  for (int i = 0; i < nargs; i++) {
    if (is_core_file(args[i])) {
      if (n == MAX_SOURCES) {
        usage_error("%s", "too many cores (at most 65536 are read together)");
        return -1;
      }
      out[n].core = args[i];
      out[n++].executable = NULL;
    } else if (n > 0 && out[n - 1].executable == NULL) {
      out[n - 1].executable = args[i];
    } else {
      usage_error("'%s' is neither a core file nor the executable of the core before it", args[i]);
      return -1;
    }
  }
  return n;
}

int main(int argc, char **argv)
{
  enum { OPT_JSON = 256, OPT_BACKTRACE, OPT_PLUGIN_DIR, OPT_STATS, OPT_COARRAY, OPT_IMAGE,
         OPT_MAX_VALUES, OPT_DUMP, OPT_NPY, OPT_MAP, OPT_SVG, OPT_DOT, OPT_SAMPLES, OPT_INTERVAL,
         OPT_ALL_IMAGES };
  static const struct option options[] = {
    { "pid", required_argument, NULL, 'p' },
    { "json", no_argument, NULL, OPT_JSON },
    { "backtrace", no_argument, NULL, OPT_BACKTRACE },
    { "coarray", required_argument, NULL, OPT_COARRAY },
    { "image", required_argument, NULL, OPT_IMAGE },
    { "max-values", required_argument, NULL, OPT_MAX_VALUES },
    { "dump", required_argument, NULL, OPT_DUMP },
    { "npy", required_argument, NULL, OPT_NPY },
    { "map", required_argument, NULL, OPT_MAP },
    { "svg", required_argument, NULL, OPT_SVG },
    { "dot", required_argument, NULL, OPT_DOT },
    { "samples", required_argument, NULL, OPT_SAMPLES },
    { "interval", required_argument, NULL, OPT_INTERVAL },
    { "all-images", no_argument, NULL, OPT_ALL_IMAGES },
    { "plugin-dir", required_argument, NULL, OPT_PLUGIN_DIR },
    { "stats", no_argument, NULL, OPT_STATS },
    { "help", no_argument, NULL, 'h' },
    { "version", no_argument, NULL, 'V' },
    { NULL, 0, NULL, 0 },
  };
  struct run u = { .want = PDB_WANT_THREADS, .max_values = DEFAULT_MAX_VALUES };
  struct hang_request q = { .interval = 1 };
  const char *interval = NULL;
  int stats = 0, opt;
  long pid = 0, n;
  char *dirs[MAX_PLUGIN_DIRS];
  unsigned ndirs = 0;
  while ((opt = getopt_long(argc, argv, "p:hV", options, NULL)) != -1) {
    char *end;
    switch (opt) {
    case 'p':
      pid = strtol(optarg, &end, 10);
      if (*optarg == '\0' || *end != '\0' || pid <= 0 || pid > 0x7fffffff)
        return usage_error("'%s' is not a process id", optarg);
      break;
    case OPT_JSON: u.json = 1; break;
    case OPT_BACKTRACE: u.backtraces = 1; break;
    case OPT_STATS: stats = 1; break;
    case OPT_COARRAY:
      if (*optarg == '\0')
        return usage_error("%s", "--coarray needs a coarray's name, or #SERIAL");
      u.coarray = optarg;
      break;
    case OPT_IMAGE:
      u.image = strtol(optarg, &end, 10);
      if (*optarg == '\0' || *end != '\0' || u.image <= 0 || u.image > 0x7fffffff)
        return usage_error("'%s' is not an image number (1 or more)", optarg);
      break;
    case OPT_MAX_VALUES:
      n = strtol(optarg, &end, 10);
      if (*optarg == '\0' || *end != '\0' || n <= 0 || n > 100000000)
        return usage_error("'%s' is not a count of values (1 to 100000000)", optarg);
      u.max_values = (unsigned)n;
      break;
    case OPT_DUMP: case OPT_MAP:
      if (*optarg == '\0')
        return usage_error("--%s needs a distributed array's name", opt == OPT_DUMP ? "dump" : "map");
      *(opt == OPT_DUMP ? &u.dump : &u.map) = optarg;
      break;
    case OPT_NPY: case OPT_SVG: case OPT_DOT:
      if (*optarg == '\0')
        return usage_error("--%s needs a file name",
                           opt == OPT_NPY ? "npy" : opt == OPT_SVG ? "svg" : "dot");
      *(opt == OPT_NPY ? &u.npy : opt == OPT_SVG ? &u.svg : &q.dot) = optarg;
      break;
    case OPT_SAMPLES:
      n = strtol(optarg, &end, 10);
      if (*optarg == '\0' || *end != '\0' || n < HANG_MIN_SAMPLES || n > HANG_MAX_SAMPLES)
        return usage_error("'%s' is not a count of samples (2 to 1000)", optarg);
      q.samples = (unsigned)n;
      break;
    case OPT_INTERVAL:
      if (hang_parse_interval(optarg, &q.interval) != 0)
        return usage_error("'%s' is not an interval in seconds (a decimal number, more than 0, "
                           "at most 3600)", optarg);
      interval = optarg;
      break;
    case OPT_ALL_IMAGES: q.all_images = 1; break;
    case OPT_PLUGIN_DIR:
      if (*optarg == '\0')
        return usage_error("%s", "--plugin-dir needs a directory, not an empty name");
      if (ndirs == MAX_PLUGIN_DIRS)
        return usage_error("%s", "too many --plugin-dir options");
      dirs[ndirs++] = optarg;
      break;
    case 'h': fputs(usage_text, stdout); return ST_OK;
    case 'V': printf("paradbg-inspect (%s) %s\n", PACKAGE_NAME, PACKAGE_VERSION); return ST_OK;
    default: fputs("Try 'paradbg-inspect --help' for more information.\n", stderr); return ST_USAGE;
    }
  }
  if ((u.dump != NULL) != (u.npy != NULL))
    return usage_error("%s", u.dump != NULL ? "--dump needs --npy FILE: where to write the array"
                                            : "--npy writes the array --dump NAME names: name it");
  if (u.map != NULL && u.svg == NULL)
    return usage_error("%s", "--map needs --svg FILE: where to draw the map");
  int files = u.dump != NULL || u.map != NULL;
  int nargs = argc - optind;
  char **args = argv + optind;
  /* Several cores (distributed arrays): CORE [EXECUTABLE] CORE
     [EXECUTABLE]... [WHAT]. */
  struct core_arg *cores = NULL;
  int ncores = 0;
  if (pid == 0 && nargs >= 2) {
    int last_what = what_of(args[nargs - 1]) != 0;
    int found = 0;
    for (int i = 0; i < nargs - last_what && found < 2; i++)
      found += is_core_file(args[i]);
    if (found >= 2) {
      cores = calloc((size_t)nargs, sizeof *cores);
      if (cores == NULL)
        return fail(ST_FAILED, "out of memory");
      ncores = core_args(args, nargs - last_what, cores);
      if (ncores < 0) {
        free(cores);
        return ST_USAGE;
      }
      u.defaulted = !last_what;
      u.want = last_what ? what_of(args[nargs - 1]) : DAP_WANT_ARRAYS;
      if ((u.want != DAP_WANT_ARRAYS && u.want != STACKS_WANT) || u.coarray != NULL) {
        free(cores);
        return usage_error("%s", "several cores are read together for their distributed arrays "
                                 "or their merged stacks only: distarrays, stacks, --dump or --map");
      }
    }
  }
  if (ncores == 0) {
    int most = pid != 0 ? 1 : 3;   /* [WHAT], or CORE [EXECUTABLE] [WHAT] */
    if (nargs == most + 1)
      return usage_error("one argument too many: '%s'", args[most]);
    if (nargs > most)
      return usage_error("too many arguments, from '%s' on", args[most]);
    u.defaulted = 1;
    if (nargs > 0 && what_of(args[nargs - 1]) != 0 && (pid != 0 || nargs > 1))
      u.want = what_of(args[--nargs]), u.defaulted = 0;
    if (pid != 0 && nargs > 0)
      return usage_error("with -p, '%s' is neither " WHAT_LIST, args[0]);
    if (pid == 0 && nargs == 0)
      return usage_error("%s", "name a core file, or a process with -p PID");
    if (pid == 0 && nargs > 2)
      return usage_error("'%s' is neither " WHAT_LIST, args[2]);
  }
  if (u.image != 0 && u.coarray == NULL)
    return usage_error("%s", "--image says where --coarray's values are: name the coarray too");
  if (u.coarray != NULL && !u.defaulted)
    return usage_error("--coarray prints one coarray's values: name no WHAT with it ('%s')",
                       args[nargs]);
  if (u.coarray != NULL && files)
    return usage_error("%s", "--coarray prints one coarray's values: not with --dump or --map");
  if (files && !u.defaulted && u.want != DAP_WANT_ARRAYS)
    return usage_error("--dump and --map write files of distributed arrays: name no WHAT with "
                       "them ('%s')", args[nargs]);
  int hang = !u.defaulted && (u.want & HANG_WANT) != 0;
  if (u.svg != NULL && u.map == NULL && !hang)
    return usage_error("%s", "--svg draws the map of the array --map NAME names, or the graph of "
                             "waits or stacks: name one");
  if (q.dot != NULL && !hang)
    return usage_error("%s", "--dot writes the graph of waits or stacks: name one of them");
  if (q.samples != 0 && pid == 0)
    return usage_error("%s", "--samples reads a running process (-p PID) several times: a core "
                             "does not move");
  if (q.samples != 0 && (!hang || u.want != STACKS_WANT))
    return usage_error("%s", "--samples tells which threads moved in the merged stacks: name stacks");
  if (interval != NULL && q.samples == 0)
    return usage_error("%s", "--interval is the time between --samples: give --samples N too");
  if (q.all_images && pid == 0)
    return usage_error("%s", "--all-images reads every image of a running coarray program from "
                             "the process of one (-p PID)");
  if (q.all_images && (!hang || u.want != STACKS_WANT))
    return usage_error("%s", "--all-images merges the stacks of every image: name stacks");
  if (files)
    u.want = DAP_WANT_ARRAYS, u.defaulted = 0;
  if (u.coarray != NULL)
    u.want = 0, u.defaulted = 0;

  static const int fatal[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE };
  for (unsigned i = 0; i < sizeof fatal / sizeof fatal[0]; i++)
    signal(fatal[i], on_signal);

  /* The trusted directories: the user's, the build tree's when this is the
     build tree's binary, the installation's. */
  const char *trusted[MAX_PLUGIN_DIRS + 2], *caf_trusted[MAX_PLUGIN_DIRS + 2];
  unsigned ntrusted = 0, ncaf = 0;
  for (unsigned i = 0; i < ndirs; i++)
    trusted[ntrusted++] = caf_trusted[ncaf++] = dirs[i];
  const char *built = build_plugin_dir(), *caf_built = build_caf_plugin_dir();
  if (built != NULL)
    trusted[ntrusted++] = built;
  if (caf_built != NULL)
    caf_trusted[ncaf++] = caf_built;
  trusted[ntrusted++] = caf_trusted[ncaf++] = PLUGINDIR;

  if (hang) {
    /* waits and stacks: hang.c opens each target in turn. */
    unsigned nt = ncores > 0 ? (unsigned)ncores : 1;
    struct hang_target *targets = calloc(nt, sizeof *targets);
    if (targets == NULL) {
      free(cores);
      return fail(ST_FAILED, "out of memory");
    }
    for (unsigned i = 0; i < nt; i++)
      targets[i] = ncores > 0 ? (struct hang_target){ cores[i].core, cores[i].executable, 0, 0, 0 }
                 : pid != 0 ? (struct hang_target){ NULL, NULL, (pid_t)pid, 0, 0 }
                            : (struct hang_target){ args[0], nargs > 1 ? args[1] : NULL, 0, 0, 0 };
    q.what = u.want;
    q.json = u.json;
    q.stats = stats;
    q.svg = u.svg;
    q.targets = targets;
    q.ntargets = nt;
    struct hang_context c = { .u = &u, .trusted = trusted, .ntrusted = ntrusted,
                              .caf_trusted = caf_trusted, .ncaf = ncaf };
    struct hang_reader rd = { hang_read, hang_done, &c };
    int hst = hang_run(&q, &rd);
    free(targets);
    free(cores);
    if (fflush(stdout) != 0 || ferror(stdout))
      hst = hst != ST_OK ? hst : fail(ST_FAILED, "%s", "cannot write the output");
    return hst;
  }

  /* The targets: one process, one core, or several cores. */
  unsigned nts = ncores > 0 ? (unsigned)ncores : 1;
  u.ts = calloc(nts, sizeof *u.ts);
  struct pdb_host *hosts = calloc(nts, sizeof *hosts);
  struct pdb_options *opts = calloc(nts, sizeof *opts);
  if (u.ts == NULL || hosts == NULL || opts == NULL) {
    free(u.ts), free(hosts), free(opts), free(cores);
    return fail(ST_FAILED, "out of memory");
  }
  int st = ST_OK;
  for (unsigned i = 0; i < nts && st == ST_OK; i++) {
    st = pid != 0 ? live_open((pid_t)pid, &u.ts[i])
       : ncores > 0 ? core_open(cores[i].core, cores[i].executable, &u.ts[i])
                    : core_open(args[0], nargs > 1 ? args[1] : NULL, &u.ts[i]);
    if (st == ST_OK)
      u.nts++;
  }
  free(cores);
  if (st != ST_OK) {
    for (unsigned i = 0; i < u.nts; i++)
      u.ts[i]->close(u.ts[i]);
    free(u.ts), free(hosts), free(opts);
    return st;
  }
  struct target *t = u.t = u.ts[0];
  static const struct pdb_host host = { &inspect_callbacks, describe_address, NULL, find_pointer };
  /* Each target its own host and options (the coarray plugin's
     directories: the registry is read through it). */
  for (unsigned i = 0; i < nts; i++) {
    hosts[i] = host;
    hosts[i].data = u.ts[i];
    opts[i] = (struct pdb_options){ u.ts[i]->name, caf_trusted, ncaf,
                                    "add its directory with --plugin-dir" };
  }
  struct pdb_options o = { t->name, trusted, ntrusted, "add its directory with --plugin-dir" };
  if (nts > 1) {
    int dst;
    char dmsg[4096];
    st = read_dap(&u, hosts, opts, 0, &dst, dmsg, sizeof dmsg);
    if (st == ST_OK && files)
      st = read_dap_files(&u);
  } else {
    st = read_all(&u, &hosts[0], &o, &opts[0]);
  }
  /* Everything is read: let a live process go before printing. */
  live_release();
  /* A part of "all" may have failed while the others are shown. */
  int shown = shown_parts(&u) != 0 || u.values != NULL;
  if (shown) {
    int printed = print_report(&u);
    st = st != ST_OK ? st : printed;
    unsigned long reads = 0, threads = 0;
    for (unsigned i = 0; i < u.nts; i++)
      reads += u.ts[i]->reads, threads += u.ts[i]->nthreads;
    if (stats && u.have_cr)
      fprintf(stderr, "paradbg-inspect: %u threads, %u images, %lu memory reads\n", t->nthreads,
              u.cr.nimages, t->reads);
    else if (stats && u.nts > 1)
      fprintf(stderr, "paradbg-inspect: %u cores, %lu threads, %lu memory reads\n", u.nts, threads,
              reads);
    else if (stats)
      fprintf(stderr, "paradbg-inspect: %u threads, %lu memory reads\n", t->nthreads, t->reads);
  } else if (st == ST_OK && files) {
    shown = 1;
    st = write_dap_files(&u);
  }
  forget_records(&u);
  pdb_free(u.values);
  if (u.have_report)
    pdb_dap_assembly_free(&u.report);
  free(u.dumped);
  if (u.have_dr)
    pdb_dap_records_free(&u.dr);
  for (unsigned i = 0; u.src != NULL && i < u.nts; i++) {
    if (u.src[i].dap != NULL)
      pdb_dap_close(u.src[i].dap);
    if (u.src[i].caf != NULL)
      pdb_caf_close(u.src[i].caf);
  }
  free(u.src);
  free(u.labels);
  for (unsigned i = 0; i < u.nts; i++)
    u.ts[i]->close(u.ts[i]);
  free(u.ts), free(hosts), free(opts);
  if (shown && (fflush(stdout) != 0 || ferror(stdout)))
    st = st != ST_OK ? st : fail(ST_FAILED, "%s", "cannot write the output");
  return st;
}
