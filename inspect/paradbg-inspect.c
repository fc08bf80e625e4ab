/* paradbg-inspect: what every OpenMP thread of a core file or a live
   process is doing, without GDB. */
#define _GNU_SOURCE
#include "config.h"

#include <getopt.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "paradbg/paradbg.h"
#include "paradbg/plugins.h"

#include "callbacks.h"
#include "messages.h"
#include "report.h"
#include "status.h"
#include "symbols.h"
#include "target.h"

#define MAX_PLUGIN_DIRS 32

static const char usage_text[] =
  "Usage: paradbg-inspect [OPTION]... CORE [EXECUTABLE] [WHAT]\n"
  "   or: paradbg-inspect [OPTION]... -p PID [WHAT]\n"
  "Show what the OpenMP threads of a core file or of a running process are\n"
  "doing: their states, what they wait for, their parallel regions and tasks.\n"
  "\n"
  "WHAT is one of:\n"
  "  threads        one row per thread: OpenMP thread number, state, what it\n"
  "                 waits for, region, task and the innermost frame of the\n"
  "                 program's own code (the default)\n"
  "  parallel       the live parallel regions, as a tree\n"
  "  tasks          each OpenMP thread's task and the tasks that generated it\n"
  "  icvs           internal control variables, at every scope\n"
  "  control-vars   the OMP_* settings the program runs with\n"
  "  all            all of the above\n"
  "\n"
  "Options:\n"
  "  -p, --pid=PID         inspect a running process: its threads are stopped\n"
  "                        while it is read, then it goes on as it was\n"
  "      --json            print JSON (see docs/inspect.md for the schema)\n"
  "      --backtrace       add each thread's stack\n"
  "      --plugin-dir=DIR  also look for the OMPD plugin in DIR\n"
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
  "The program names its OMPD library; only " PARADBG_OMPD_PLUGIN " and LLVM's\n"
  PARADBG_LLVM_OMPD_PLUGIN " are loaded, only from the --plugin-dir directories, the\n"
  "build tree (when run from it) and " PLUGINDIR ",\n"
  "and only if it exports the OMPD entry points.\n"
  "Any other name, and any path the program gives, is refused.\n";

static const struct {
  const char *name;
  int want;
} whats[] = {
  { "threads", PDB_WANT_THREADS },   { "parallel", PDB_WANT_PARALLEL },
  { "tasks", PDB_WANT_TASKS },       { "icvs", PDB_WANT_ICVS },
  { "control-vars", PDB_WANT_CONTROL_VARS }, { "all", PDB_WANT_ALL },
};

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

/* libparadbg's status as an inspect status, its message printed. */
static int from_pdb(int pdb_status, const char *msg, const struct target *t)
{
  static const int statuses[] = {
    [PDB_OK] = ST_OK, [PDB_NO_RUNTIME] = ST_NO_RUNTIME, [PDB_PLUGIN] = ST_PLUGIN,
    [PDB_FAILED] = ST_FAILED,
  };
  if (pdb_status == PDB_OK)
    return ST_OK;
  if (pdb_status == PDB_NO_RUNTIME) {
    /* Say which other runtime it is, if one is mapped. */
    char other[2048];
    if (other_runtime(t, other, sizeof other))
      return fail(ST_NO_RUNTIME, "%s runs on %s", t->name, other);
  }
  return fail((unsigned)pdb_status < sizeof statuses / sizeof statuses[0] ? statuses[pdb_status]
                                                                          : ST_FAILED, "%s", msg);
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

int main(int argc, char **argv)
{
  enum { OPT_JSON = 256, OPT_BACKTRACE, OPT_PLUGIN_DIR, OPT_STATS };
  static const struct option options[] = {
    { "pid", required_argument, NULL, 'p' },
    { "json", no_argument, NULL, OPT_JSON },
    { "backtrace", no_argument, NULL, OPT_BACKTRACE },
    { "plugin-dir", required_argument, NULL, OPT_PLUGIN_DIR },
    { "stats", no_argument, NULL, OPT_STATS },
    { "help", no_argument, NULL, 'h' },
    { "version", no_argument, NULL, 'V' },
    { NULL, 0, NULL, 0 },
  };
  int json = 0, backtraces = 0, stats = 0, opt;
  long pid = 0;
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
    case OPT_JSON: json = 1; break;
    case OPT_BACKTRACE: backtraces = 1; break;
    case OPT_STATS: stats = 1; break;
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
  int nargs = argc - optind, want = PDB_WANT_THREADS;
  char **args = argv + optind;
  int most = pid != 0 ? 1 : 3;   /* [WHAT], or CORE [EXECUTABLE] [WHAT] */
  if (nargs == most + 1)
    return usage_error("one argument too many: '%s'", args[most]);
  if (nargs > most)
    return usage_error("too many arguments, from '%s' on", args[most]);
  if (nargs > 0 && what_of(args[nargs - 1]) != 0 && (pid != 0 || nargs > 1))
    want = what_of(args[--nargs]);
  if (pid != 0 && nargs > 0)
    return usage_error("with -p, '%s' is neither threads, parallel, tasks, icvs, control-vars "
                       "nor all", args[0]);
  if (pid == 0 && nargs == 0)
    return usage_error("%s", "name a core file, or a process with -p PID");
  if (pid == 0 && nargs > 2)
    return usage_error("'%s' is neither threads, parallel, tasks, icvs, control-vars nor all",
                       args[2]);

  static const int fatal[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE };
  for (unsigned i = 0; i < sizeof fatal / sizeof fatal[0]; i++)
    signal(fatal[i], on_signal);

  struct target *t = NULL;
  int st = pid != 0 ? live_open((pid_t)pid, &t) : core_open(args[0], nargs > 1 ? args[1] : NULL, &t);
  if (st != ST_OK)
    return st;
  static const struct pdb_host host = { &inspect_callbacks, describe_address, NULL };
  struct pdb_host h = host;
  h.data = t;
  const char *trusted[MAX_PLUGIN_DIRS + 2];
  unsigned ntrusted = 0;
  for (unsigned i = 0; i < ndirs; i++)
    trusted[ntrusted++] = dirs[i];
  const char *built = build_plugin_dir();
  if (built != NULL)
    trusted[ntrusted++] = built;
  trusted[ntrusted++] = PLUGINDIR;
  struct pdb_options o = { t->name, trusted, ntrusted, "add its directory with --plugin-dir" };
  pdb_session *s = NULL;
  struct pdb_records r = { 0 };
  char msg[4096];
  st = from_pdb(pdb_open(&h, target_context(t), &o, &s, msg, sizeof msg), msg, t);
  if (st == ST_OK) {
    int64_t *lwps = calloc(t->nthreads ? t->nthreads : 1, sizeof *lwps);
    for (unsigned i = 0; lwps != NULL && i < t->nthreads; i++)
      lwps[i] = t->threads[i].lwp;
    st = lwps == NULL ? fail(ST_FAILED, "out of memory")
                      : from_pdb(pdb_gather(s, lwps, t->nthreads, want, &r, msg, sizeof msg), msg, t);
    free(lwps);
  }
  if (st == ST_OK)
    add_frames(t, pdb_runtime_module(s), &r, backtraces);
  /* Everything is read: let a live process go before printing. */
  live_release();
  if (st == ST_OK) {
    if (json) {
      struct pdb_json_target jt = { t->is_core ? "core" : "process", t->is_core ? t->name : NULL,
                                    t->pid, (long long)t->reads };
      char *text = pdb_json(s, &r, &jt);
      if (text == NULL)
        st = fail(ST_FAILED, "out of memory");
      else
        fputs(text, stdout), fputc('\n', stdout);
      pdb_free(text);
    } else {
      print_text(&r, stdout);
    }
    if (stats)
      fprintf(stderr, "paradbg-inspect: %u threads, %lu memory reads\n", t->nthreads, t->reads);
  }
  pdb_records_free(&r);
  pdb_close(s);
  t->close(t);
  if (st == ST_OK && (fflush(stdout) != 0 || ferror(stdout)))
    st = fail(ST_FAILED, "%s", "cannot write the output");
  return st;
}
