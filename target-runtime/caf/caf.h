/* libparcaf's internals: the shared mapping, the per-process view of it, and
   the functions the _gfortran_caf_* entry points are built from. */
#ifndef PARCAF_CAF_H
#define PARCAF_CAF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "gfc_abi.h"
#include "paradbg/caf-layout.h"

#define PARCAF_EXPORT __attribute__((visibility("default")))
#define PARCAF_MAX_IMAGES 1024
#define PARCAF_MAX_TEAMS 64
#define PARCAF_MAX_DEPTH 32       /* teams nested in teams */
#define PARCAF_DEFAULT_SEGMENT (64u << 20)   /* per image, documented */
#define PARCAF_ALIGN 64

/* The mapping starts with this header; the arrays it names follow it.
   Where each array lies and what each offset counts from is written down
   in paradbg/caf-layout.h (PARADBG_CAF_ARRAYS, PARADBG_CAF_OFFSETS). */
struct parcaf_shared {
  uint32_t magic;
  uint32_t version;        /* PARADBG_CAF_LAYOUT_VERSION (PARADBG_CAF_CHECKS) */
  uint32_t num_images;
  uint32_t max_teams;
  uint64_t map_size;
  uint64_t segment_size;
  uint64_t segments_off;   /* num_images segments of segment_size bytes */
  uint64_t images_off;     /* struct parcaf_image[num_images] */
  uint64_t sync_off;       /* uint32_t[num_images][num_images]: sync images counts */
  uint64_t teams_off;      /* max_teams records of team_stride bytes */
  uint64_t team_stride;
  int32_t error_code;      /* first error termination: its exit code, and */
  int32_t error_image;     /* the image (0: none yet) */
  int64_t supervisor_pid;
  uint32_t failures;       /* futex word: bumped whenever an image fails or stops */
  uint32_t failure_sleepers;
  uint32_t team_lock;
  uint32_t message_printed;
};

struct parcaf_image {
  int32_t pid;
  int32_t status;          /* PARADBG_CAF_IMAGE_* */
  int32_t stop_code;
  int32_t signal;          /* what killed it, 0 if nothing */
  uint32_t wake;           /* futex word it sleeps on */
  uint32_t sleeping;
  int32_t wait_kind;       /* PARADBG_CAF_WAIT_* */
  int32_t wait_image;      /* global image number the wait concerns, 0 none */
  uint64_t wait_offset;    /* segment offset of the lock or event waited on */
  int32_t team;            /* current team slot */
  int32_t team_index;      /* this image's index in it */
  int32_t wait_count;      /* EVENT WAIT's UNTIL_COUNT */
  int32_t wait_operation;  /* PARADBG_CAF_COLLECTIVE_* */
  /* Collective buffers (segment offsets), two per team nesting depth: an
     image never writes a buffer that members of an enclosing team may
     still be reading. */
  uint64_t coll_off[PARCAF_MAX_DEPTH][2];
  uint64_t coll_size[PARCAF_MAX_DEPTH][2];
};

/* A team; members and epochs are uint32_t[num_images] at the given offsets
   (from the mapping start), indexed by team index - 1 (PARADBG_CAF_ARRAYS). */
struct parcaf_team {
  int32_t refs;            /* images that formed it and have not left it */
  int32_t number;          /* TEAM_NUMBER, -1 for the initial team */
  int32_t parent;          /* parent slot, -1 for the initial team */
  int32_t size;
  uint64_t key;            /* the parent's generation and FORM TEAM count */
  uint64_t members_off;
  uint64_t epochs_off;     /* barriers each member has arrived at */
  uint32_t joined;         /* images that have registered in FORM TEAM */
  uint32_t bar_word;       /* futex word, bumped by an arrival that sees a sleeper */
  uint32_t bar_sleepers;
  uint32_t gen;            /* bumped each time the slot is given to a team */
};

struct parcaf_heap {
  uint64_t start, end;     /* segment offsets */
  uint64_t first;          /* first block */
  uint64_t used;           /* bytes in allocated blocks */
};

struct parcaf_block {
  uint64_t size;           /* bytes including this header */
  uint64_t next;           /* next block in address order, 0 at the end */
  uint32_t free;
  uint32_t pad[11];        /* data after the header stays 64-byte aligned */
};

struct parcaf_segment {
  uint32_t magic;
  int32_t image;
  struct parcaf_heap sym;  /* collective allocations: same offsets on every image */
  struct parcaf_heap asym; /* per-image allocations (components, buffers) */
  uint64_t registry;       /* first token record (segment offset), 0 none */
  uint64_t ntokens;
  uint64_t dap;            /* its registry of distributed arrays (dap-layout.h): an
                              address in the image's own view, 0 none */
};

struct parcaf_token {
  uint32_t magic;
  int32_t regtype;         /* caf_register_t */
  uint64_t nbytes;
  uint64_t nelem;          /* locks, events, critical: elements */
  uint64_t data;           /* segment offset of the data, 0 none */
  uint64_t next;           /* registry chain, segment offsets */
  uint64_t prev;
  int32_t rank;
  int32_t type;            /* dtype.type at registration */
  uint64_t elem_len;
  int64_t lbound[GFC_MAX_DIMENSIONS];
  int64_t ubound[GFC_MAX_DIMENSIONS];
  uint64_t serial;         /* registration order in this image */
  uint64_t desc;           /* the program's descriptor of an ALLOCATE'd
                              coarray (this process's address): gfortran fills
                              its bounds after registering, and END TEAM
                              deallocates through it */
  uint64_t token_var;      /* the program's caf_token_t variable (this process's address) */
  int32_t depth;           /* team nesting depth it was allocated at */
  int32_t pad;
};

struct parcaf_lock {
  int32_t owner;           /* global image number, 0 unlocked */
  uint32_t waiters;
};

struct parcaf_event {
  int32_t count;
  uint32_t waiters;
};

/* This process's view. */
extern PARCAF_EXPORT struct parcaf_shared *parcaf_shared;
extern PARCAF_EXPORT char *parcaf_local_view;  /* own segment, mapped again */
extern PARCAF_EXPORT int parcaf_this_image;    /* global number, 0 before fork */
extern char *parcaf_base;                      /* == (char *)parcaf_shared */

/* The arrays of the mapping, found as PARADBG_CAF_ARRAYS says a debugger
   finds them: parcaf_<name>_at(holder, i, j) is element [i][j]. */
#define PARCAF_COUNT_ONE 1
#define PARCAF_COUNT_num_images parcaf_shared->num_images
#define PARCAF_COUNT_max_teams parcaf_shared->max_teams
#define PARCAF_STRIDE_TYPE(t) sizeof(struct parcaf_##t)
#define PARCAF_STRIDE_FIELD(f) parcaf_shared->f
#define PARCAF_STRIDE_KIND(k) PARCAF_KIND_BYTES_##k
#define PARCAF_KIND_BYTES_U32 sizeof(uint32_t)
#define PARCAF_ARRAY_AT(name, holder, off, rows, cols, how, what)                       \
  static inline void *parcaf_##name##_at(const struct parcaf_##holder *h, uint64_t i,  \
                                         uint64_t j)                                   \
  {                                                                                    \
    return parcaf_base + h->off + (i * PARCAF_COUNT_##cols + j) * PARCAF_STRIDE_##how(what); \
  }
PARADBG_CAF_ARRAYS(PARCAF_ARRAY_AT)
#undef PARCAF_ARRAY_AT

/* shared.c */
void parcaf_ensure_shared(void);
struct parcaf_image *parcaf_image(int global);
struct parcaf_segment *parcaf_segment(int global);
static inline char *parcaf_segment_base(int global)
{
  return parcaf_segments_at(parcaf_shared, (uint64_t)(global - 1), 0);
}
/* The address on image `global` of the object at local address p.  This
   image's own objects keep their local address, so that an overlap between
   the two sides of an assignment is seen as one. */
static inline void *parcaf_remote(int global, const void *p)
{
  if (global == parcaf_this_image)
    return (void *)p;
  return parcaf_segment_base(global) + ((const char *)p - parcaf_local_view);
}
bool parcaf_is_local_view(const void *p, size_t n);
uint64_t parcaf_heap_alloc(struct parcaf_heap *h, char *seg, size_t n);
void parcaf_heap_free(struct parcaf_heap *h, char *seg, uint64_t off);
size_t parcaf_parse_size(const char *s, bool *ok);

/* init.c */
void parcaf_supervise(int n) __attribute__((noreturn));
void parcaf_become_image(int image);

/* team.c: current team, index translation */
struct parcaf_team *parcaf_team(int slot);
uint32_t *parcaf_team_members(struct parcaf_team *t);
uint32_t *parcaf_team_epochs(struct parcaf_team *t);
int parcaf_cur_size(void);
int parcaf_cur_index(void);
int parcaf_cur_slot(void);
int parcaf_global_of(int team_index);   /* team index -> global, 0 if invalid */
void parcaf_team_init(void);            /* the initial team, in the mapping */
void parcaf_team_start(int image);      /* this image's team stack */

/* wait.c */
void parcaf_futex_wait(uint32_t *addr, uint32_t val, int timeout_ms);
void parcaf_futex_wake(uint32_t *addr, int n);
void parcaf_wake_image(int global);
void parcaf_wake_all_images(void);
void parcaf_wait_begin(int kind, int image, const void *obj);
void parcaf_wait_end(void);
/* 0, or the STAT an operation involving image `global` must report. */
int parcaf_image_stat(int global);

/* barrier.c: waits for every member of team slot `slot`, in which this
   image has index `index`.  Returns 0 or a STAT (*who: the image). */
int parcaf_barrier(int slot, int index, int kind, int *who);

/* error.c: STAT/ERRMSG reporting */
void parcaf_report(int *stat, char *errmsg, size_t errmsg_len, int code, const char *fmt, ...)
  __attribute__((format(printf, 5, 6)));
void parcaf_error_terminate(int code, const char *fmt, ...) __attribute__((noreturn, format(printf, 2, 3)));
void parcaf_set_ok(int *stat, char *errmsg, size_t errmsg_len);

/* transfer.c */
struct parcaf_elems;   /* see transfer.h */

/* token helpers (register.c) */
struct parcaf_token *parcaf_token_check(caf_token_t token, const char *op);
static inline char *parcaf_token_data(struct parcaf_token *t, int global)
{
  return (char *)parcaf_remote(global, parcaf_local_view + t->data);
}
int parcaf_image_arg(int team_index, const char *op, int *stat);
/* Copies the bounds of coarrays just allocated from the program's
   descriptors (gfortran's SYNC ALL after ALLOCATE is the moment). */
void parcaf_refresh_pending(void);
/* END TEAM: deallocates what this image allocated at that depth. */
void parcaf_free_team_coarrays(int depth);
int parcaf_cur_depth(void);

#endif

/* wait.c, continued */
void parcaf_wait_setup(int nimages);
bool parcaf_wake_one_waiter(int kind, int image, const void *obj);
bool parcaf_others_gone(void);
unsigned long parcaf_spin_budget(void);   /* spins before a wait sleeps */
void parcaf_spin_pause(unsigned long i);
void parcaf_wait_word(uint32_t *word, uint32_t old, uint32_t *sleepers, int timeout_ms);
void parcaf_sleep_word(uint32_t *word, uint32_t old, uint32_t *sleepers, int timeout_ms);
void parcaf_bump_word(uint32_t *word, uint32_t *sleepers);
#define PARCAF_RECHECK_MS 100   /* longest sleep before re-checking failures */

/* A wait that can never end (docs/coarrays.md says which STAT each wait
   gets).  STAT values Fortran 2018 leaves to the processor, or names
   where gfortran 12's ISO_FORTRAN_ENV does not: */
#define PARCAF_STAT_UNLOCKED_FAILED_IMAGE 6002  /* F2018's STAT_UNLOCKED_FAILED_IMAGE */
#define PARCAF_STAT_NO_POSTER 6100              /* EVENT WAIT that no image can end */
/* Their messages (docs/coarrays.md states them; tests/caf-nowake.test
   holds the runtime to that text): */
#define PARCAF_MSG_EVENT_NEVER \
  "EVENT WAIT: it needs %d more post(s) and none can come: every other image has stopped or failed"
#define PARCAF_MSG_LOCK_STOPPED \
  "LOCK: the lock variable on image %d is held by image %d, which has stopped: it can never be unlocked"
#define PARCAF_MSG_LOCK_FAILED "%s: the lock was held by image %d, which %s"   /* LOCK or CRITICAL; a fate */
#define PARCAF_MSG_CRITICAL_STOPPED \
  "CRITICAL: image %d, which has stopped, is inside the construct: it can never leave it"

/* error.c, continued */
const char *parcaf_image_fate(int global, char *buf, size_t len);
/* "OP: image N <fate>" as STAT/ERRMSG (or error termination); N is the
   index the program used, global the image it names. */
void parcaf_report_image(int *stat, char *errmsg, size_t len, int code, const char *op, int shown, int global);
/* Reports STAT_FAILED_IMAGE and returns true when that image has failed. */
bool parcaf_report_if_failed(int global, int shown, const char *op, int *stat, char *errmsg, size_t len);
void parcaf_check_terminating(void);
extern int parcaf_leaving;   /* set once this image has begun to end */
void parcaf_terminate_normally(int code);
int _gfortran_caf_this_image(int distance);
unsigned *parcaf_coll_seq(int *level);
