/* The coarray debug interface (CAFDBG), version 1: what a debugger asks a
   coarray runtime's debug library, in OMPD's manner.  The library is
   loaded into the debugger; it reads the target only through the OMPD
   callback table (omp-tools.h's ompd_callbacks_t) and answers semantic
   questions: how many images there are, an image's status and what it
   waits for, a team's parent and members, a coarray's shape and where it
   lies on each image, who holds a lock.  It never exposes a runtime's
   layout, so any coarray runtime can implement it.  docs/cafdbg-api.md is
   the specification; this header is its C binding.

   Return codes are OMPD's (ompd_rc_t), with OMPD's meanings:
   ompd_rc_ok; ompd_rc_unavailable (no such object, or past the end of an
   iteration); ompd_rc_stale_handle; ompd_rc_bad_input (a NULL or invalid
   argument); ompd_rc_error (the target's state is inconsistent: garbage or
   a corrupt core); ompd_rc_unsupported (not in this library);
   ompd_rc_incompatible (the runtime is one this library cannot read);
   ompd_rc_nomem (the host's allocator failed); a callback's own code is
   passed through. */
#ifndef CAFDBG_H
#define CAFDBG_H

#include <stdint.h>

#include <omp-tools.h>

#ifdef __cplusplus
extern "C" {
#endif

#define CAFDBG_API_VERSION 1

/* Handles: opaque, allocated with the host's alloc_memory, released with
   the matching cafdbg_rel_* call. */
typedef struct _cafdbg_program_handle cafdbg_program_handle_t;
typedef struct _cafdbg_image_handle cafdbg_image_handle_t;
typedef struct _cafdbg_team_handle cafdbg_team_handle_t;
typedef struct _cafdbg_coarray_handle cafdbg_coarray_handle_t;

/* An image's status. */
typedef enum cafdbg_image_status_t {
  cafdbg_image_not_started = 0,
  cafdbg_image_running = 1,
  cafdbg_image_stopped = 2,        /* STOP or the end of the program: stop_code */
  cafdbg_image_failed = 3,         /* FAIL IMAGE, or killed: signal */
  cafdbg_image_error_stopped = 4   /* ERROR STOP: stop_code */
} cafdbg_image_status_t;

/* What a blocked image waits for. */
typedef enum cafdbg_wait_kind_t {
  cafdbg_wait_none = 0,
  cafdbg_wait_sync_all = 1,
  cafdbg_wait_sync_images = 2,
  cafdbg_wait_lock = 3,
  cafdbg_wait_critical = 4,
  cafdbg_wait_event = 5,
  cafdbg_wait_collective = 6,
  cafdbg_wait_termination = 7,     /* the end of the program: the others' */
  cafdbg_wait_team = 8             /* FORM TEAM, CHANGE TEAM, END TEAM, SYNC TEAM */
} cafdbg_wait_kind_t;

/* What a coarray (a registered object) is. */
typedef enum cafdbg_coarray_kind_t {
  cafdbg_coarray_static = 0,       /* SAVE, module or main-program coarray */
  cafdbg_coarray_allocatable = 1,  /* ALLOCATE'd */
  cafdbg_coarray_lock = 2,         /* LOCK_TYPE variable */
  cafdbg_coarray_event = 3,        /* EVENT_TYPE variable */
  cafdbg_coarray_critical = 4,     /* a CRITICAL construct's lock */
  cafdbg_coarray_component = 5     /* an allocatable component of a derived-type coarray */
} cafdbg_coarray_kind_t;

/* The element type, as gfortran's descriptors give it (BT_*). */
typedef enum cafdbg_type_t {
  cafdbg_type_unknown = 0,
  cafdbg_type_integer = 1,
  cafdbg_type_logical = 2,
  cafdbg_type_real = 3,
  cafdbg_type_complex = 4,
  cafdbg_type_derived = 5,
  cafdbg_type_character = 6,
  cafdbg_type_class = 7,
  cafdbg_type_procedure = 8,
  cafdbg_type_hollerith = 9,
  cafdbg_type_void = 10,
  cafdbg_type_assumed = 11,
  cafdbg_type_union = 12
} cafdbg_type_t;

#define CAFDBG_MAX_RANK 15

typedef struct cafdbg_program_info_t {
  int num_images;                 /* in the initial team */
  int this_image;                 /* whose address space this is; 0: none (a launcher) */
  int error_image;                /* the first image that began error termination, 0 none */
  int error_code;                 /* its exit code */
  int64_t launcher_pid;           /* the process that started the images, 0 unknown */
} cafdbg_program_info_t;

typedef struct cafdbg_image_info_t {
  int image;                      /* global (initial team) image number */
  int64_t pid;                    /* its process, 0 unknown */
  cafdbg_image_status_t status;
  int stop_code;                  /* stopped, error_stopped */
  int signal;                     /* failed: the signal that killed it, 0 none */
  int team_number;                /* TEAM_NUMBER of its current team, -1 the initial team */
  int team_index;                 /* its image index in that team */
} cafdbg_image_info_t;

/* An image's wait.  Fields a kind does not use are 0. */
typedef struct cafdbg_wait_t {
  cafdbg_wait_kind_t kind;
  int image;                      /* sync_images: the image it waits on now; lock: the image
                                     the lock variable is on; collective: the root (0 none) */
  int holder;                     /* lock, critical: the image that holds it, 0 none */
  uint64_t element;               /* lock, event, critical: the element's index */
  int object_image;               /* lock, event, critical: the image the element is on */
  ompd_address_t object;          /* and where it is readable, as cafdbg_get_coarray_address */
  cafdbg_coarray_handle_t *coarray; /* the variable, when the library can tell (else NULL);
                                     released with the wait (cafdbg_rel_wait) */
  int64_t count;                  /* event: the count now */
  int64_t until_count;            /* event: the count the wait needs */
  const char *operation;          /* collective: "co_sum", ...; NULL else.  The library's */
} cafdbg_wait_t;

typedef struct cafdbg_team_info_t {
  int team_number;                /* TEAM_NUMBER, -1 for the initial team */
  int size;                       /* its images */
  uint64_t id;                    /* tells apart teams alive at once, stable while stopped */
} cafdbg_team_info_t;

typedef struct cafdbg_coarray_info_t {
  cafdbg_coarray_kind_t kind;
  cafdbg_type_t type;
  uint64_t elem_len;              /* bytes of an element; lock/event/critical: 0 */
  uint64_t nbytes;                /* bytes on each image */
  uint64_t nelem;                 /* elements (locks, events: variables) */
  int rank;                       /* -1: the runtime was not told (nelem still holds) */
  int64_t lbound[CAFDBG_MAX_RANK], ubound[CAFDBG_MAX_RANK];
  int corank;                     /* 0: the runtime was not told */
  int64_t lcobound[CAFDBG_MAX_RANK], ucobound[CAFDBG_MAX_RANK];   /* ucobound of the last: 0 */
  uint64_t serial;                /* registration number in the image, from 1 */
  int image;                      /* the image whose registry holds it */
  /* Where the program keeps it, in the image's address space, for a host
     to name it from its symbols: the program's token variable and, for an
     ALLOCATE'd coarray, its descriptor (0: unknown). */
  ompd_address_t token_var, descriptor;
} cafdbg_coarray_info_t;

/* A lock, critical or event element on one image. */
typedef struct cafdbg_sync_state_t {
  int holder;                     /* lock, critical: the holding image, 0 none */
  int64_t count;                  /* event: its count */
  int waiters;                    /* sleeping waiters the runtime counts, -1 unknown */
} cafdbg_sync_state_t;

/* The library's life. */
ompd_rc_t cafdbg_initialize(ompd_word_t api_version, const ompd_callbacks_t *callbacks);
ompd_rc_t cafdbg_get_api_version(ompd_word_t *version);
ompd_rc_t cafdbg_get_version_string(const char **string);
ompd_rc_t cafdbg_finalize(void);

/* The coarray runtime in an address space (one image's process or core,
   or the launcher's): ompd_rc_incompatible if the runtime is not one the
   library reads, ompd_rc_unavailable if it has not started yet. */
ompd_rc_t cafdbg_process_initialize(ompd_address_space_context_t *context,
                                    cafdbg_program_handle_t **program);
ompd_rc_t cafdbg_rel_program_handle(cafdbg_program_handle_t *program);
ompd_rc_t cafdbg_get_program_info(cafdbg_program_handle_t *program, cafdbg_program_info_t *info);

/* Images, by global number 1..num_images. */
ompd_rc_t cafdbg_get_image(cafdbg_program_handle_t *program, int image, cafdbg_image_handle_t **handle);
ompd_rc_t cafdbg_rel_image_handle(cafdbg_image_handle_t *handle);
ompd_rc_t cafdbg_get_image_info(cafdbg_image_handle_t *image, cafdbg_image_info_t *info);
ompd_rc_t cafdbg_get_image_wait(cafdbg_image_handle_t *image, cafdbg_wait_t *wait);
/* Releases what a wait holds (its coarray handle). */
ompd_rc_t cafdbg_rel_wait(cafdbg_wait_t *wait);
/* The images a waiting image still needs, in ascending order: the members
   of a barrier that have not arrived, the images a SYNC IMAGES has not
   heard from, the holder of a lock.  *count is how many there are; at
   most max are written. */
ompd_rc_t cafdbg_get_wait_images(cafdbg_image_handle_t *image, int *images, int max, int *count);
/* The team an image is in (as the program handle saw it). */
ompd_rc_t cafdbg_get_image_team(cafdbg_image_handle_t *image, cafdbg_team_handle_t **team);

/* Teams: the nth team alive (from 0; ompd_rc_unavailable past the last),
   a team's parent (ompd_rc_unavailable for the initial team), its image
   by team index (1..size: the global image number). */
ompd_rc_t cafdbg_get_team(cafdbg_program_handle_t *program, int nth, cafdbg_team_handle_t **team);
ompd_rc_t cafdbg_get_team_parent(cafdbg_team_handle_t *team, cafdbg_team_handle_t **parent);
ompd_rc_t cafdbg_rel_team_handle(cafdbg_team_handle_t *team);
ompd_rc_t cafdbg_get_team_info(cafdbg_team_handle_t *team, cafdbg_team_info_t *info);
ompd_rc_t cafdbg_get_team_member(cafdbg_team_handle_t *team, int index, int *image);

/* Coarrays an image has registered, newest first: prev NULL gives the
   first; ompd_rc_unavailable after the last.  The walk is bounded. */
ompd_rc_t cafdbg_get_next_coarray(cafdbg_image_handle_t *image, cafdbg_coarray_handle_t *prev,
                                  cafdbg_coarray_handle_t **next);
ompd_rc_t cafdbg_rel_coarray_handle(cafdbg_coarray_handle_t *coarray);
ompd_rc_t cafdbg_get_coarray_info(cafdbg_coarray_handle_t *coarray, cafdbg_coarray_info_t *info);
/* Where its data lies on image `image`: *readable, where the debugger
   reads it through this address space's callbacks (every image's copy is
   readable from any image when the runtime shares its memory; otherwise
   ompd_rc_unavailable for other images), and *in_image, the address the
   program on that image sees (0 if unknown).  ompd_rc_unavailable if that
   image has no copy. */
ompd_rc_t cafdbg_get_coarray_address(cafdbg_coarray_handle_t *coarray, int image,
                                     ompd_address_t *readable, ompd_address_t *in_image);
/* The state of element `element` of a lock, event or critical variable on
   image `image`. */
ompd_rc_t cafdbg_get_sync_state(cafdbg_coarray_handle_t *coarray, int image, uint64_t element,
                                cafdbg_sync_state_t *state);

/* ---- Atomic locks ---------------------------------------------------------
   The lock table behind atomics wider than the hardware's (the libatomic
   ABI), in one address space: each process has its own (a coarray image's
   is in that image's memory, not the shared one).  A runtime that names
   this library (libparatomic's atomic_debugger_plugin) records, for each
   held lock, its holder and the object the holder works on, and for each
   waiter the lock and the object it wants.  The handle is a snapshot,
   read once at first need: take a new one after the program has run. */
typedef struct _cafdbg_atomic_handle cafdbg_atomic_handle_t;

typedef enum cafdbg_atomic_state_t {
  cafdbg_atomic_free = 0,
  cafdbg_atomic_held = 1,
  cafdbg_atomic_contended = 2      /* held, and a thread has gone to sleep on it */
} cafdbg_atomic_state_t;

typedef struct cafdbg_atomic_info_t {
  uint64_t nlocks;                 /* locks in the table */
  uint64_t granule;                /* bytes of address space per lock */
  uint64_t nwait_slots;            /* waiters the runtime can name at once; 0: none */
} cafdbg_atomic_info_t;

typedef struct cafdbg_atomic_lock_t {
  cafdbg_atomic_state_t state;
  int64_t owner;                   /* the holder's LWP (thread) id; 0 unknown; only while held */
  ompd_address_t object;           /* the holder's object, and its size in bytes */
  uint64_t size;
  int waiters;                     /* threads the runtime counts as waiting, -1 unknown */
} cafdbg_atomic_lock_t;

typedef struct cafdbg_atomic_waiter_t {
  int64_t lwp;                     /* the waiting thread's LWP id */
  uint64_t lock;                   /* the lock it waits for */
  ompd_address_t object;           /* the object it wants to work on, and its size */
  uint64_t size;
} cafdbg_atomic_waiter_t;

/* The lock table of the address space context names: ompd_rc_unavailable
   when it has none this library reads (another libatomic, or none),
   ompd_rc_incompatible for another layout version. */
ompd_rc_t cafdbg_atomic_initialize(ompd_address_space_context_t *context,
                                   cafdbg_atomic_handle_t **handle);
ompd_rc_t cafdbg_rel_atomic_handle(cafdbg_atomic_handle_t *handle);
ompd_rc_t cafdbg_get_atomic_info(cafdbg_atomic_handle_t *handle, cafdbg_atomic_info_t *info);
/* Lock `index`, 0 .. nlocks - 1 (ompd_rc_bad_input beyond). */
ompd_rc_t cafdbg_get_atomic_lock(cafdbg_atomic_handle_t *handle, uint64_t index,
                                 cafdbg_atomic_lock_t *lock);
/* The nth named waiter, from 0, in the runtime's order; ompd_rc_unavailable
   past the last.  A waiter whose lock index is out of range is skipped. */
ompd_rc_t cafdbg_get_atomic_waiter(cafdbg_atomic_handle_t *handle, uint64_t nth,
                                   cafdbg_atomic_waiter_t *waiter);
/* The locks an atomic operation on size bytes at addr takes, in the order
   it takes them; *count is how many, at most max are written. */
ompd_rc_t cafdbg_get_atomic_locks_of(cafdbg_atomic_handle_t *handle, ompd_address_t addr,
                                     uint64_t size, uint64_t *locks, int max, int *count);

/* ---- Distributed arrays ---------------------------------------------------
   The arrays a program registered with paradbg_dap_register (paradbg/dap.h,
   the Distributed Array Protocol's dim_data), in one address space: in a
   coarray program every image's (from any image), in any other process that
   process's own.  Coarrays themselves are not listed here: a host builds
   their distribution from the coarray entry points above
   (docs/distributed-arrays.md).  The handle is a snapshot, read once,
   bounded: at most CAFDBG_DAP_MAX_ARRAYS arrays, PARADBG_DAP_MAX_DIMS
   dimensions, CAFDBG_DAP_MAX_INDICES indices of a 'u' dimension.  What it
   returns is what the target holds, checked only so far as reading it
   safely needs: a host checks the protocol's rules itself. */
typedef struct _cafdbg_dap_handle cafdbg_dap_handle_t;

#define CAFDBG_DAP_MAX_ARRAYS 4096
#define CAFDBG_DAP_MAX_DIMS 16
#define CAFDBG_DAP_MAX_INDICES (1u << 24)

typedef struct cafdbg_dap_array_t {
  char name[64];                   /* NUL-terminated, as the target holds it (not made printable) */
  char typestr[16];                /* NumPy typestr, "<f8"; NUL-terminated */
  int ndim;                        /* 0 .. CAFDBG_DAP_MAX_DIMS */
  int rank, nprocs;                /* the process's rank in the array, of nprocs */
  int image;                       /* the coarray image that registered it, 0: not an image */
  int id;                          /* the id paradbg_dap_register returned */
  ompd_address_t buffer;           /* the local buffer, as the registering process sees it */
  /* Where this address space's callbacks read the buffer: the same as
     buffer in the registering process itself (or its core), the shared
     mapping's copy for another image's buffer in coarray memory, and
     segment 0 / address 0 when it cannot be read here. */
  ompd_address_t readable;
} cafdbg_dap_array_t;

typedef struct cafdbg_dap_dim_t {
  char dist_type;                  /* 'b', 'c', 'u'; anything else as read */
  int periodic, one_to_one;
  int64_t size, proc_grid_size, proc_grid_rank;
  int64_t start, stop, padding[2], block_size;
  int64_t extent;                  /* the buffer's elements in this dimension */
} cafdbg_dap_dim_t;

/* The registry of the address space context names: ompd_rc_unavailable
   when the program keeps none (no runtime that registers), and
   ompd_rc_incompatible for another layout version. */
ompd_rc_t cafdbg_dap_initialize(ompd_address_space_context_t *context, cafdbg_dap_handle_t **handle);
ompd_rc_t cafdbg_rel_dap_handle(cafdbg_dap_handle_t *handle);
/* How many arrays the snapshot holds (every image's, newest first per image). */
ompd_rc_t cafdbg_get_dap_count(cafdbg_dap_handle_t *handle, int *count);
/* Array nth (0 .. count - 1; ompd_rc_bad_input beyond). */
ompd_rc_t cafdbg_get_dap_array(cafdbg_dap_handle_t *handle, int nth, cafdbg_dap_array_t *array);
/* Dimension dim (0 .. ndim - 1) of array nth. */
ompd_rc_t cafdbg_get_dap_dim(cafdbg_dap_handle_t *handle, int nth, int dim, cafdbg_dap_dim_t *out);
/* Indices first .. first + n - 1 of a 'u' dimension (n of them into out):
   ompd_rc_bad_input past its extent or for another dist_type. */
ompd_rc_t cafdbg_get_dap_indices(cafdbg_dap_handle_t *handle, int nth, int dim, uint64_t first,
                                 uint64_t n, int64_t *out);

#ifdef __cplusplus
}
#endif

#endif
