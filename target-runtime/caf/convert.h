/* Element conversion between Fortran intrinsic types and kinds. */
#ifndef PARCAF_CONVERT_H
#define PARCAF_CONVERT_H

#include <stdbool.h>
#include <stddef.h>

/* What one element is: dtype.type, kind, and its size in bytes. */
struct parcaf_etype {
  int type;
  int kind;
  size_t len;
};

/* True when the two need more than a byte copy. */
bool parcaf_needs_convert(const struct parcaf_etype *dst, const struct parcaf_etype *src);
/* Converts one element; false when the pair is not convertible. */
bool parcaf_convert(void *dst, const struct parcaf_etype *dt, const void *src, const struct parcaf_etype *st);
const char *parcaf_type_name(int type);

#endif
