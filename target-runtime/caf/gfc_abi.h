/* The types gfortran 12 passes to _gfortran_caf_* (-fcoarray=lib), as its
   generated code lays them out.  Values and layouts are gfortran's; see
   docs/coarray-runtime.md for where each was checked. */
#ifndef PARCAF_GFC_ABI_H
#define PARCAF_GFC_ABI_H

#include <stddef.h>
#include <stdint.h>

#define GFC_MAX_DIMENSIONS 15

typedef ptrdiff_t gfc_index_t;

typedef struct {
  size_t elem_len;
  int version;
  signed char rank;
  signed char type;
  signed short attribute;
} gfc_dtype_t;

typedef struct {
  gfc_index_t stride;
  gfc_index_t lbound;
  gfc_index_t ubound;
} gfc_dim_t;

/* Any rank: callers never rely on more dims than dtype.rank. */
typedef struct {
  void *base_addr;
  size_t offset;
  gfc_dtype_t dtype;
  gfc_index_t span;
  gfc_dim_t dim[GFC_MAX_DIMENSIONS];
} gfc_desc_t;

/* dtype.type */
enum {
  GFC_BT_UNKNOWN = 0, GFC_BT_INTEGER, GFC_BT_LOGICAL, GFC_BT_REAL,
  GFC_BT_COMPLEX, GFC_BT_DERIVED, GFC_BT_CHARACTER, GFC_BT_CLASS
};

typedef enum {
  CAF_REGTYPE_COARRAY_STATIC,
  CAF_REGTYPE_COARRAY_ALLOC,
  CAF_REGTYPE_LOCK_STATIC,
  CAF_REGTYPE_LOCK_ALLOC,
  CAF_REGTYPE_CRITICAL,
  CAF_REGTYPE_EVENT_STATIC,
  CAF_REGTYPE_EVENT_ALLOC,
  CAF_REGTYPE_COARRAY_ALLOC_REGISTER_ONLY,
  CAF_REGTYPE_COARRAY_ALLOC_ALLOCATE_ONLY
} caf_register_t;

typedef enum {
  CAF_DEREGTYPE_COARRAY_DEREGISTER,
  CAF_DEREGTYPE_COARRAY_DEALLOCATE_ONLY
} caf_deregister_t;

typedef void *caf_token_t;
typedef void *caf_team_t;

/* One per dimension: a vector subscript (nvec > 0) or the triplet. */
typedef struct {
  size_t nvec;
  union {
    struct {
      void *vector;
      int kind;
    } v;
    struct {
      gfc_index_t lower_bound, upper_bound, stride;
    } triplet;
  } u;
} caf_vector_t;

typedef enum { CAF_REF_COMPONENT, CAF_REF_ARRAY, CAF_REF_STATIC_ARRAY } caf_ref_type_t;

typedef enum {
  CAF_ARR_REF_NONE = 0,
  CAF_ARR_REF_VECTOR,
  CAF_ARR_REF_FULL,
  CAF_ARR_REF_RANGE,
  CAF_ARR_REF_SINGLE,
  CAF_ARR_REF_OPEN_END,
  CAF_ARR_REF_OPEN_START
} caf_array_ref_t;

typedef struct caf_reference_t {
  struct caf_reference_t *next;
  caf_ref_type_t type;
  size_t item_size;
  union {
    struct {
      ptrdiff_t offset;
      ptrdiff_t caf_token_offset;
    } c;
    struct {
      unsigned char mode[GFC_MAX_DIMENSIONS];
      int static_array_type;
      union {
        struct {
          gfc_index_t start, end, stride;
        } s;
        struct {
          void *vector;
          size_t nvec;
          int kind;
        } v;
      } dim[GFC_MAX_DIMENSIONS];
    } a;
  } u;
} caf_reference_t;

/* ISO_FORTRAN_ENV's values, as gfortran 12 prints them. */
enum {
  GFC_STAT_UNLOCKED = 0,
  GFC_STAT_LOCKED = 1,
  GFC_STAT_LOCKED_OTHER_IMAGE = 2,
  GFC_STAT_STOPPED_IMAGE = 6000,
  GFC_STAT_FAILED_IMAGE = 6001
};

/* atomic_op's op. */
enum { GFC_CAF_ATOMIC_ADD = 1, GFC_CAF_ATOMIC_AND, GFC_CAF_ATOMIC_OR, GFC_CAF_ATOMIC_XOR };

/* co_reduce's opr_flags. */
enum { GFC_CAF_BYREF = 1, GFC_CAF_HIDDENLEN = 2, GFC_CAF_ARG_VALUE = 4, GFC_CAF_ARG_DESC = 8 };

static inline size_t gfc_desc_elem_count(const gfc_desc_t *d)
{
  size_t n = 1;
  for (int i = 0; i < d->dtype.rank; i++) {
    gfc_index_t e = d->dim[i].ubound - d->dim[i].lbound + 1;
    if (e <= 0)
      return 0;
    n *= (size_t)e;
  }
  return n;
}

/* Byte distance between consecutive elements along dim i. */
static inline gfc_index_t gfc_desc_span(const gfc_desc_t *d)
{
  return d->span > 0 ? d->span : (gfc_index_t)d->dtype.elem_len;
}

#endif
