/* Registering a distributed array, so that a debugger can show it whole.

   A program tells libparcaf how an array lies across its processes, in the
   words of the Distributed Array Protocol (DAP 0.10: dim_data with block
   'b', cyclic 'c' and unstructured 'u' dimensions): its name, the element
   type, the local buffer and one dimension record per dimension.  The
   runtime keeps the record where a debugger finds it: in a coarray image,
   in the mapping every image shares (so one image's core holds every
   image's records); in any other process (an MPI rank, say) in that
   process's own memory (the host then assembles from the cores of all the
   ranks).  Nothing is copied but the metadata (and a 'u' dimension's
   indices): the buffer must stay where it is until the array is dropped.

   The record is checked when it is registered (one rank's own rules, and
   in a coarray image against the other images' records of the same name):
   a bad one is refused with one line.  Link with -lparcaf (paradbg-caf
   does); Fortran programs use the module paradbg_dap (paradbg_dap.f90).
   docs/distributed-arrays.md says more. */
#ifndef PARADBG_DAP_H
#define PARADBG_DAP_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* At most this many dimensions, and this many bytes of name and typestr
   (with the terminating NUL). */
#define PARADBG_DAP_MAX_DIMS 16
#define PARADBG_DAP_NAME_MAX 64
#define PARADBG_DAP_TYPESTR_MAX 16

/* One dimension, as the protocol's dimension dictionary has it, plus the
   buffer's extent in that dimension (its shape[i]). */
struct paradbg_dap_dim {
  char dist_type;            /* 'b', 'c' or 'u' */
  unsigned char periodic;    /* 'b': the dimension wraps around */
  unsigned char one_to_one;  /* 'u': every global index is on exactly one process */
  int64_t size;              /* global elements in this dimension */
  int64_t proc_grid_size;    /* processes along this dimension (>= 1) */
  int64_t proc_grid_rank;    /* this process's coordinate (0 .. proc_grid_size - 1) */
  int64_t start;             /* 'b', 'c': first global index here */
  int64_t stop;              /* 'b': one past the last (padding included) */
  int64_t padding[2];        /* 'b': padding before and after ({0, 0}: none) */
  int64_t block_size;        /* 'c': indices per block (0 means 1) */
  const int64_t *indices;    /* 'u': the global indices here, in local order */
  int64_t extent;            /* the buffer's elements in this dimension */
};

/* The element type is a NumPy array-interface typestr: byte order ('<'
   little, '>' big, '|' none), kind (i, u, f, c, b, S, V) and size in
   bytes: "<f8" a double, "<i4" an int32_t, "<c16" a double complex,
   "|S8" eight characters, "|V24" 24 opaque bytes.  The local buffer is
   C-ordered (the last dimension varies fastest); a Fortran array of shape
   (n1, n2) is registered with its dimensions reversed, as (n2, n1). */
struct paradbg_dap_array {
  const char *name;          /* what debuggers show; need not be unique */
  const char *typestr;
  void *buffer;
  int ndim;                  /* 0 .. PARADBG_DAP_MAX_DIMS */
  const struct paradbg_dap_dim *dim;
  int rank;                  /* this process's rank (0 .. nprocs - 1); -1 in a coarray
                                image: this_image() - 1 */
  int nprocs;                /* processes of the array; -1 in a coarray image: num_images() */
};

/* Registers the array; returns its id (> 0).  A record that breaks the
   protocol, or that another image's record of the same name contradicts,
   is refused: the return is 0 and, with stat NULL, one line
   "libparcaf: distributed array 'NAME': WHY" goes to stderr; with stat,
   *stat gets PARADBG_DAP_EINVAL (ENOMEM: out of memory) and errmsg (if
   not NULL) the line's WHY, NUL-terminated within errmsg_len bytes.  On
   success *stat is 0.  Safe to call from several threads. */
int paradbg_dap_register(const struct paradbg_dap_array *array, int *stat, char *errmsg,
                         size_t errmsg_len);
/* Drops a registered array (its buffer is the program's: not freed).
   An id that is not registered: PARADBG_DAP_EINVAL (or, with stat NULL, a
   line). */
int paradbg_dap_drop(int id, int *stat);

#define PARADBG_DAP_EINVAL 1
#define PARADBG_DAP_ENOMEM 2

#ifdef __cplusplus
}
#endif

#endif
