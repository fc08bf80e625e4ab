/* libparadbg's atomic-lock view: the locks of the lock table behind
   atomics wider than the hardware's (the libatomic ABI) in one address
   space, who holds each and for which object, and which threads wait, read
   through the debug library the atomic runtime names (libparatomic:
   atomic_debugger_plugin, cafdbg.h's atomic entry points), loaded as
   pdb_caf_open loads it.  A runtime that records no owners (GNU
   libatomic) is said so, and only what the host's stacks show is given.
   Included by paradbg/paradbg.h. */
#ifndef PARADBG_ATOMIC_H
#define PARADBG_ATOMIC_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pdb_atomic_session pdb_atomic_session;

/* Opens the atomic runtime of the address space context names.  PDB_OK
   also for a libatomic that records no owners (GNU's: it exports the
   libatomic ABI's __atomic_load but no atomic_debugger_plugin); its
   records then say so.  PDB_NO_RUNTIME when the program has no libatomic;
   PDB_PLUGIN / PDB_FAILED as for pdb_caf_open.  msg gets one line on
   failure. */
int pdb_atomic_open(const struct pdb_host *host, ompd_address_space_context_t *context,
                    const struct pdb_options *opts, pdb_atomic_session **out, char *msg,
                    size_t msgsize);
void pdb_atomic_close(pdb_atomic_session *s);
/* NULL when the runtime records no owners (no library was loaded). */
const char *pdb_atomic_plugin_path(const pdb_atomic_session *s);
const char *pdb_atomic_plugin_version(const pdb_atomic_session *s);
/* 1 if the runtime records owners and waiters; 0 (GNU libatomic) if
   only the host's stacks can tell, so a host unwinds its threads for
   pdb_atomic_gather only then. */
int pdb_atomic_records_owners(const pdb_atomic_session *s);

/* The most a record lists; what is cut is counted in truncated. */
#define PDB_ATOMIC_MAX_LOCKS 65536    /* locks looked at */
#define PDB_ATOMIC_MAX_WAITERS 4096   /* waiters listed */
#define PDB_ATOMIC_MAX_SPAN 64        /* locks listed for one object */

/* A thread as the host knows it: gather's input. */
struct pdb_atomic_thread {
  int64_t lwp;
  const char *label;             /* the host's name for it ("thread 3"); NULL: "LWP n" */
  /* Its frames, innermost first, or NULL: used only when the runtime
     records no owners, to find threads in libatomic's lock path. */
  const struct pdb_frame *frames;
  int nframes;
};

/* Who a thread is, as the views name it. */
struct pdb_atomic_who {
  int64_t lwp;                   /* 0 unknown */
  char *text;                    /* "thread 3 (LWP 1234, OpenMP thread 2)", "LWP 1234 (image 2)" */
  int64_t omp_thread;            /* -1: not an OpenMP thread, or unknown */
  int image;                     /* the coarray image whose main thread it is, 0 none */
  int alive;                     /* among the host's threads; 0: it no longer exists */
};

/* An object named from the host's symbols. */
struct pdb_atomic_object {
  uint64_t addr, size;
  char *name;                    /* "counter+8", or "0x7f..40" where symbols do not tell */
  uint64_t *locks;               /* every lock it spans, in the order they are taken */
  unsigned nlocks;
};

struct pdb_atomic_waiter {
  struct pdb_atomic_who who;
  uint64_t lock;                 /* the lock it waits for */
  struct pdb_atomic_object object; /* what it wants to work on; addr 0: unknown */
  int self;                      /* it holds that lock itself (re-entry, e.g. a signal handler) */
  char *wait;                    /* its wait in words, as thread views show it:
                                    "atomic lock 5 for counter+8 (held by thread 3)" */
};

struct pdb_atomic_lock {
  uint64_t index;
  const char *state;             /* "held" or "held, threads waiting" */
  struct pdb_atomic_who owner;   /* owner.lwp 0: unknown */
  struct pdb_atomic_object object; /* the holder's */
  int counted_waiters;           /* the runtime's count, -1 unknown */
  unsigned *waiters;             /* indexes of records.waiters waiting for it */
  unsigned nwaiters;
  char *note;                    /* the owner's trouble in words, NULL none: "LWP 1234 no longer
                                    exists: nothing will release this lock" */
};

struct pdb_atomic_records {
  int owners_recorded;           /* 0: the runtime keeps no owners (GNU libatomic) */
  const char *runtime;           /* "libparatomic", "GNU libatomic" */
  char *note;                    /* for a runtime without owners: what cannot be known, in words */
  uint64_t nlocks_table, granule; /* 0 where unknown */
  struct pdb_atomic_lock *locks; /* held locks, by index */
  unsigned nlocks;
  /* Every waiter: named by the runtime (a thread that waits twice, from
     a signal handler, is listed twice), or (without owners) a thread the
     stacks show in libatomic's lock path: without owners, the lock and
     the object are unknown, lock ~0 and object addr 0 (null in JSON). */
  struct pdb_atomic_waiter *waiters;
  unsigned nwaiters;
  unsigned truncated;
};

/* Reads the held locks and the waiters.  threads are the host's threads
   (all of them: an owner not among them is dead); omp and caf, when not
   NULL, tell which LWP is which OpenMP thread and which pid which image.
   A status, with msg as pdb_open's. */
int pdb_atomic_gather(pdb_atomic_session *s, const struct pdb_atomic_thread *threads, unsigned n,
                      const struct pdb_records *omp, const struct pdb_caf_records *caf,
                      struct pdb_atomic_records *out, char *msg, size_t msgsize);
void pdb_atomic_records_free(struct pdb_atomic_records *r);

/* The wait of thread lwp in the records ("atomic lock 5 for counter+8
   (held by thread 3)"), or NULL if it waits for no atomic lock. */
const char *pdb_atomic_wait_of(const struct pdb_atomic_records *r, int64_t lwp);
/* Sets the wait of each thread of omp (and of each image of caf whose pid
   waits) that waits for an atomic lock and for nothing the OpenMP or
   coarray runtime knows: a thread gets waiting, wait (the words) and
   wait_id (the object's address, 0 unknown), so a thread whose wait is
   set while its state is no wait_ state (or that is no OpenMP thread)
   waits for an atomic lock; an image gets wait and wait_kind "atomic
   lock".  With two waits of one thread, the first listed. */
void pdb_atomic_mark(const struct pdb_atomic_records *r, struct pdb_records *omp,
                     struct pdb_caf_records *caf);

/* The records as JSON: the object for the key "atomic" of
   docs/paradbg-inspect.schema.json:
     {"runtime": "libparatomic", "owners_recorded": true, "note": null,
      "plugin": {"path", "version"} (absent without one),
      "nlocks": 64, "granule": 64, "truncated": 0,
      "locks": [{"index", "state", "owner": WHO, "object": OBJECT,
                 "counted_waiters" (null unknown), "waiters": [LWP...], "note"}],
      "waiters": [{"thread": WHO, "lock" (null unknown), "object": OBJECT or
                   null, "self", "wait"}]}
   WHO = {"lwp" (null unknown), "text", "omp_thread" (null), "image" (null),
   "alive"}; OBJECT = {"address": "0x..", "size", "name", "locks": [..]}.
   If doc is not NULL it is a JSON document (pdb_json's) that gets the key;
   else a new document of format 1 with target t.  pdb_free the text; NULL
   if out of memory. */
char *pdb_atomic_json(const pdb_atomic_session *s, const struct pdb_atomic_records *r,
                      const char *doc, const struct pdb_json_target *t);
/* Gathers and renders the "atomic" object alone (the GDB package's way);
   omp and caf, when not NULL, are read for who is which OpenMP thread and
   image.  NULL on failure, with msg. */
char *pdb_atomic_gather_json(pdb_atomic_session *s, const struct pdb_atomic_thread *threads,
                             unsigned n, pdb_session *omp, pdb_caf_session *caf, char *msg,
                             size_t msgsize);

/* The thread and image views with their atomic waits, for a host that
   reads JSON (the GDB package's way): pdb_gather_json and
   pdb_caf_gather_json, with the waits of a gather of as (its threads as
   for pdb_atomic_gather; the OpenMP or coarray records just read name
   them) marked as pdb_atomic_mark marks them.  as NULL: exactly
   pdb_gather_json and pdb_caf_gather_json.  An atomic gather that fails
   only leaves the waits unmarked; msg is the view's. */
char *pdb_gather_json_marked(pdb_session *s, const int64_t *lwps, unsigned n, int want,
                             pdb_atomic_session *as, const struct pdb_atomic_thread *threads,
                             unsigned nthreads, char *msg, size_t msgsize);
char *pdb_caf_gather_json_marked(pdb_caf_session *s, int want, pdb_atomic_session *as,
                                 const struct pdb_atomic_thread *threads, unsigned nthreads,
                                 char *msg, size_t msgsize);

#ifdef __cplusplus
}
#endif

#endif
