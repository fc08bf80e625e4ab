/* Why a program does not move: the WHATs waits (libparadbg's wait-for
   graph) and stacks (its merged stacks), read from one target, from
   several cores, from every image of a live coarray program, or sampled
   over time.  The host reads and unwinds; libparadbg builds and prints. */
#ifndef PARADBG_INSPECT_HANG_H
#define PARADBG_INSPECT_HANG_H

#include <sys/types.h>

#include "paradbg/paradbg.h"
#include "report.h"
#include "target.h"

/* The WHATs, as bits beyond the distributed-array one. */
enum { WAITS_WANT = DAP_WANT_ARRAYS << 1, STACKS_WANT = DAP_WANT_ARRAYS << 2 };

/* What they read of each runtime. */
#define HANG_OMP_WANT (PDB_WANT_THREADS | PDB_WANT_PARALLEL | PDB_WANT_TASKS)
#define HANG_CAF_WANT (PDB_CAF_WANT_IMAGES | PDB_CAF_WANT_LOCKS | PDB_CAF_WANT_EVENTS)

/* --samples and --interval. */
#define HANG_MIN_SAMPLES 2
#define HANG_MAX_SAMPLES 1000
#define HANG_MAX_INTERVAL 3600.0

/* One target's records, as the caller read them: NULL where the program
   has no such runtime or it could not be read. */
struct hang_records {
  const struct pdb_records *omp;
  const struct pdb_caf_records *caf;
  const struct pdb_atomic_records *ar;
};

/* The caller reads the runtimes: read fills out (an inspect status; a
   part that could not be read is a warning it has printed unless quiet,
   and what was read is still used), done frees what read kept. */
struct hang_reader {
  int (*read)(void *data, struct target *t, int quiet, struct hang_records *out);
  void (*done)(void *data);
  void *data;
};

/* A target named on the command line: a core (and its executable, NULL
   for the one the core names) or a live process. */
struct hang_target {
  const char *core, *executable;
  pid_t pid;
  int image;                     /* --all-images: the image the process is */
  pid_t parent;                  /* --all-images: its parent (the launcher), 0 unknown */
};

struct hang_request {
  int what;                      /* WAITS_WANT or STACKS_WANT */
  int json, stats;
  const char *dot, *svg;         /* files to write, or NULL */
  unsigned samples;              /* stacks of a live process: 0 reads once */
  double interval;               /* seconds between samples */
  int all_images;                /* stacks of every image of the coarray program of targets[0].pid */
  const struct hang_target *targets;
  unsigned ntargets;             /* several: cores, for stacks */
};

/* Reads, builds, writes the files and prints; an inspect status, every
   failure said in one line. */
int hang_run(const struct hang_request *q, const struct hang_reader *rd);

/* --interval's seconds: a decimal number, more than 0 and at most
   HANG_MAX_INTERVAL.  0, or -1. */
int hang_parse_interval(const char *s, double *out);

#endif
