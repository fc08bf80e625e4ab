/* libparadbg's answer to "why does my program not move?": the wait-for
   graph of one address space (process or core), built from the records
   of the other views.  Nodes are threads and coarray images; an edge says
   that one waits for another, labelled with the object (an OpenMP lock or
   critical section and its holder, a barrier and the members that have
   not arrived, a taskwait and the threads running its tasks, a coarray
   LOCK, CRITICAL, EVENT WAIT, SYNC IMAGES, SYNC ALL, collective or team
   synchronisation, an atomic lock).  The diagnosis is in words: a cycle
   (deadlock), a wait on what can never come (a holder or member that
   exited, crashed or failed, an event no live image can post), or no
   deadlock.  Included by paradbg/paradbg.h; docs/hangs.md shows it in use. */
#ifndef PARADBG_WAITS_H
#define PARADBG_WAITS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A thread as the host knows it: the input of pdb_waits_build and of
   merged stacks. */
struct pdb_host_thread {
  int64_t lwp;
  const char *label;             /* the host's name ("thread 3"); NULL: "LWP n" */
  int signal;                    /* the signal it stopped with in a core (a crash), 0 none */
  const struct pdb_frame *frames; /* innermost first, NULL: not unwound */
  int nframes;
};

/* The most the graph holds; what is cut is counted in truncated. */
#define PDB_WAITS_MAX_NODES (1u << 20)
#define PDB_WAITS_MAX_EDGES (1u << 22)
#define PDB_WAITS_MAX_FINDINGS 64

enum pdb_wait_node_kind { PDB_WAIT_THREAD, PDB_WAIT_IMAGE };

struct pdb_wait_node {
  int kind;                      /* enum pdb_wait_node_kind */
  char *label;                   /* "thread 3", "image 2", "LWP 1234" (an owner that is gone) */
  int64_t lwp;                   /* a thread's, 0 for an image */
  int64_t omp_thread;            /* its OpenMP thread number, -1 none */
  int image;                     /* an image's number, or the image a thread's process is; 0 none */
  /* "running", "waiting", "exited" (a holder or member not among the
     threads), "crashed" (stopped by a signal in a core), "stopped",
     "failed", "error stop", "not started" (images), "unknown" (an LWP
     when the host gave no threads to check it against) */
  const char *status;
  int signal;                    /* crashed: the signal */
  char *wait;                    /* its wait in words, as the views show it; NULL none */
  int alive;                     /* 0: exited, crashed, stopped or failed: it will never move */
};

struct pdb_wait_edge {
  unsigned from, to;             /* indexes of nodes */
  /* "lock" (an OpenMP lock or nest lock), "critical", "atomic", "ordered", "barrier",
     "taskwait", "taskgroup", "coarray lock", "coarray critical",
     "event wait", "sync images", "sync all", "sync team", "collective",
     "team", "termination" (a stopped image waits for the others to end),
     "atomic lock", "image" (an image's main thread that waits for
     nothing itself waits as its image does) */
  const char *kind;
  char *object;                  /* the object in words: "lock `a`", "critical `log`",
                                    "the barrier of region 3", "lk[2]" */
  int in_cycle;                  /* on a cycle the findings name */
};

enum pdb_waits_verdict {
  PDB_WAITS_NOTHING,             /* nothing waits */
  PDB_WAITS_PROGRESS,            /* waits, every one on something that can still come */
  PDB_WAITS_NEVER,               /* a wait on what can never come, and no cycle */
  PDB_WAITS_DEADLOCK,            /* a cycle */
};

struct pdb_wait_finding {
  const char *kind;              /* "deadlock" or "never" */
  char *text;                    /* one sentence: "deadlock: thread 2 holds lock `a` and waits
                                    for critical `log`, held by thread 5, which waits for lock `a`" */
  unsigned *nodes;               /* the cycle in order, or the waiter then what it waits for */
  unsigned nnodes;
};

struct pdb_waits {
  int verdict;                   /* enum pdb_waits_verdict */
  const char *verdict_name;      /* "nothing waits", "no deadlock", "never", "deadlock" */
  char *summary;                 /* one line: the first finding's text, or "no deadlock: 3
                                    threads wait, all on critical `log`, which is held by
                                    thread 1, which is running" */
  struct pdb_wait_node *nodes;
  unsigned nnodes;
  struct pdb_wait_edge *edges;
  unsigned nedges;
  struct pdb_wait_finding *findings;
  unsigned nfindings;
  unsigned truncated;
};

/* Builds the graph from the records of the views (any may be NULL:
   omp gathered with at least PDB_WANT_THREADS | PDB_WANT_PARALLEL |
   PDB_WANT_TASKS, caf with PDB_CAF_WANT_IMAGES, ar as gathered) and the
   host's threads (all of them: a holder or member not among them has
   exited; their signals say which crashed: SIGSEGV, SIGBUS, SIGILL,
   SIGFPE, SIGABRT, SIGSYS, SIGXCPU, SIGXFSZ; when every thread has the
   same one, as Linux writes a core, only the first, the thread that
   dumped it).  Without threads, those of omp are taken, and an LWP
   not among them is "unknown".  Pure: it reads no target.
   A status (PDB_OK, or PDB_FAILED out of memory, with msg). */
int pdb_waits_build(const struct pdb_records *omp, const struct pdb_caf_records *caf,
                    const struct pdb_atomic_records *ar, const struct pdb_host_thread *threads,
                    unsigned n, struct pdb_waits *out, char *msg, size_t msgsize);
void pdb_waits_free(struct pdb_waits *w);

/* Gathers what the graph needs through the sessions (any may be NULL)
   and builds it. */
int pdb_waits_gather(pdb_session *s, pdb_caf_session *cs, pdb_atomic_session *as,
                     const struct pdb_host_thread *threads, unsigned n, struct pdb_waits *out,
                     char *msg, size_t msgsize);

/* The report as text, the same in every host: the summary, each finding,
   then one line per waiting node ("thread 3 -> thread 1  lock `a`").
   pdb_free it; NULL if out of memory. */
char *pdb_waits_text(const struct pdb_waits *w);

/* The graph as JSON: the object for the key "waits" of
   docs/paradbg-inspect.schema.json, added to doc (a JSON document, e.g.
   pdb_json's) or to a new document of format 1 with target t:
     {"verdict": "deadlock", "summary": "...",
      "findings": [{"kind", "text", "nodes": [0, 3]}],
      "nodes": [{"id", "kind": "thread"|"image", "label", "lwp", "omp_thread",
                 "image", "status", "signal", "wait", "alive"}],
      "edges": [{"from", "to", "kind", "object", "in_cycle"}],
      "truncated": 0}
   pdb_free it; NULL if out of memory. */
char *pdb_waits_json(const struct pdb_waits *w, const char *doc, const struct pdb_json_target *t);

/* The graph in Graphviz's DOT language (a cycle's edges drawn red, nodes
   that will never move grey).  pdb_free it; NULL if out of memory. */
char *pdb_waits_dot(const struct pdb_waits *w);

/* For a host that only wants text: gathers and returns pdb_waits_text's
   (format 0), pdb_waits_json's (1) or pdb_waits_dot's (2) text.  NULL
   on failure, with msg. */
char *pdb_waits_gather_text(pdb_session *s, pdb_caf_session *cs, pdb_atomic_session *as,
                            const struct pdb_host_thread *threads, unsigned n, int format,
                            char *msg, size_t msgsize);

/* Writes dot_text as SVG to path with Graphviz's dot (found on PATH).
   0, or -1 with one line in msg: "Graphviz's dot is not installed (Debian:
   apt-get install graphviz)", or why dot failed. */
int pdb_dot_to_svg(const char *dot_text, const char *path, char *msg, size_t msgsize);

/* Writes text to path (created or truncated, mode 0644 less the umask).
   0, or -1 with one line in msg. */
int pdb_write_file(const char *text, const char *path, char *msg, size_t msgsize);

#ifdef __cplusplus
}
#endif

#endif
