/* A set of array elements, in array element order, somewhere in memory: how
   send, get, sendget and the _by_ref family describe both sides. */
#ifndef PARCAF_TRANSFER_H
#define PARCAF_TRANSFER_H

#include <stdbool.h>
#include <stddef.h>

#include "convert.h"
#include "gfc_abi.h"

struct parcaf_elems {
  char *base;                        /* the first element */
  int rank;
  size_t count;
  size_t extent[GFC_MAX_DIMENSIONS];
  ptrdiff_t step[GFC_MAX_DIMENSIONS];       /* bytes per index step */
  ptrdiff_t *voff[GFC_MAX_DIMENSIONS];      /* vector subscripts: byte offsets */
  struct parcaf_etype et;
};

/* From a descriptor whose elements start at base (the descriptor's own
   base_addr is not used) and an optional vector per dimension.  Returns
   false, with a message in err, on a bad vector kind or allocation failure. */
bool parcaf_elems_from_desc(struct parcaf_elems *e, const gfc_desc_t *d, char *base,
                            const caf_vector_t *vec, int kind, char *err, size_t errlen);
void parcaf_elems_free(struct parcaf_elems *e);
bool parcaf_elems_contiguous(const struct parcaf_elems *e);
/* Byte offset of element number i (array element order). */
ptrdiff_t parcaf_elems_offset(const struct parcaf_elems *e, size_t i);

/* Copies src into dst element by element with conversion; a one-element src
   fills all of dst.  may_overlap asks for a temporary.  0, or -1 with err. */
int parcaf_transfer(struct parcaf_elems *dst, const struct parcaf_elems *src, bool may_overlap,
                    char *err, size_t errlen);

static inline int parcaf_kind_of(const gfc_desc_t *d, int kind_arg)
{
  return kind_arg > 0 ? kind_arg : (int)d->dtype.elem_len;
}

#endif
