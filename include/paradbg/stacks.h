/* libparadbg's merged stacks: the stacks of many threads, of one process
   or of several (the images of a coarray program, the ranks of a job),
   merged into one call prefix tree, in the manner of LLNL's STAT, so
   that the few odd threads stand out.  Each node is a function with the
   number of threads whose stacks pass through it and those threads as
   compact ranges ("OMP threads 0-1021", "images 3,7"); where stacks end,
   the threads are grouped by their wait.  Sampled over time, a thread is
   marked as having moved or not, which tells a hang from slow progress.
   Included by paradbg/paradbg.h. */
#ifndef PARADBG_STACKS_H
#define PARADBG_STACKS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One thread's stack: the input. */
struct pdb_stack_thread {
  unsigned source;               /* which process or core it is from: an index the host gives */
  int image;                     /* its coarray image, 0 none */
  int64_t omp_thread;            /* its OpenMP thread number, -1 none */
  int64_t lwp;
  const struct pdb_frame *frames; /* innermost first; nframes -1: could not unwind */
  int nframes;
  const char *wait;              /* its wait in words (the threads or images view's), NULL none */
  int moved;                     /* sampled: 1 its stack changed between samples, 0 it did not,
                                    -1 not sampled */
  int signal;                    /* the signal it stopped with in a core, 0 none: a thread that
                                    crashed and waits for nothing is classed "crashed (SIGSEGV)"
                                    (when every thread of its source carries the signal, as in
                                    a Linux core, only the source's first) */
};

/* The most the tree holds; what is cut is counted in truncated. */
#define PDB_STACKS_MAX_DEPTH 256
#define PDB_STACKS_MAX_NODES (1u << 22)

/* Threads that end at a node with the same wait. */
struct pdb_stack_class {
  char *wait;                    /* NULL: not waiting */
  unsigned count;
  char *members;                 /* compact ranges */
  unsigned moved;                /* how many of them moved (sampled) */
};

struct pdb_stack_node {
  char *function;                /* "main", "GOMP_barrier", "0x7f.. in libfoo.so": how frames merge */
  char *where;                   /* "prog.c:14" or the module, NULL unknown: the first member's */
  unsigned count;                /* threads through it */
  char *members;                 /* "OMP threads 0-3", "images 1,3-5", "image 2: OMP threads 0-1;
                                    image 3: OMP thread 0", "LWPs 1234,1240" */
  unsigned moved;                /* how many of them moved (sampled) */
  int parent;                    /* index, -1 for a root */
  unsigned *children;            /* indexes, by count, the largest first */
  unsigned nchildren;
  struct pdb_stack_class *classes; /* the threads whose stack ends here, by wait */
  unsigned nclasses;
};

struct pdb_stacks {
  struct pdb_stack_node *nodes;  /* roots are the nodes with parent -1 */
  unsigned nnodes;
  unsigned nthreads;
  unsigned nsources;
  int sampled;                   /* some input thread had moved >= 0 */
  unsigned unwound_not;          /* threads that could not be unwound (a node "??") */
  unsigned truncated;
};

/* Builds the tree from n threads' stacks.  A status (PDB_OK, or
   PDB_FAILED out of memory, with msg). */
int pdb_stacks_build(const struct pdb_stack_thread *threads, unsigned n, struct pdb_stacks *out,
                     char *msg, size_t msgsize);
void pdb_stacks_free(struct pdb_stacks *t);

/* Whether two samples of a thread's stack differ (its program counters). */
int pdb_stacks_moved(const struct pdb_frame *a, int na, const struct pdb_frame *b, int nb);

/* The tree as text, outermost frame first, the same in every host:
     4 threads
     +- clone3
     |  +- start_thread
     ...  [3: OMP threads 1-3]  wait: lock `a` (held by thread 1)
   pdb_free it; NULL if out of memory. */
char *pdb_stacks_text(const struct pdb_stacks *t);

/* The tree as JSON: the object for the key "stacks" of
   docs/paradbg-inspect.schema.json, added to doc or to a new document
   with target t:
     {"threads": 4, "sources": 1, "sampled": false, "truncated": 0,
      "roots": [{"function", "where", "count", "members", "moved" (sampled only),
                 "waits": [{"wait", "count", "members", "moved"}],
                 "children": [...]}]}
   pdb_free it; NULL if out of memory. */
char *pdb_stacks_json(const struct pdb_stacks *t, const char *doc, const struct pdb_json_target *jt);

/* The tree in DOT (a node per function, its count and members; threads
   that did not move drawn red when sampled).  pdb_free it. */
char *pdb_stacks_dot(const struct pdb_stacks *t);

/* For a host that passes JSON (the GDB package): stacks_json is
     [{"source": 0, "image": 0, "omp_thread": 2, "lwp": 1234, "wait": "..." or null,
       "moved": -1, "signal": 0 (optional), "frames": [{"pc": N, "function": "f" or null, "file", "line",
                                "module"}, ...innermost first]}, ...]
   Builds the tree and returns its text (format 0), JSON (1) or DOT (2);
   NULL with msg if the input is not such JSON or out of memory. */
char *pdb_stacks_from_json(const char *stacks_json, int format, char *msg, size_t msgsize);

#ifdef __cplusplus
}
#endif

#endif
