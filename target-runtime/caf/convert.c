/* Numeric type and kind conversion, and character kind conversion with blank
   padding, for assignments between images (Fortran 2018 10.2.1.3). */
#include <string.h>

#include "convert.h"
#include "gfc_abi.h"

typedef __int128 wide_int;
typedef _Float128 wide_real;

const char *parcaf_type_name(int type)
{
  static const char *const names[] = {"unknown", "integer", "logical", "real",
                                      "complex", "derived", "character", "class"};
  return type >= 0 && type <= GFC_BT_CLASS ? names[type] : "unknown";
}

bool parcaf_needs_convert(const struct parcaf_etype *d, const struct parcaf_etype *s)
{
  if (d->type == GFC_BT_DERIVED || s->type == GFC_BT_DERIVED || d->type == GFC_BT_CLASS)
    return false;
  return d->type != s->type || d->kind != s->kind || d->len != s->len;
}

static bool get_int(const void *p, int kind, wide_int *v)
{
  switch (kind) {
  case 1: *v = *(const signed char *)p; return true;
  case 2: *v = *(const short *)p; return true;
  case 4: *v = *(const int *)p; return true;
  case 8: *v = *(const long long *)p; return true;
  case 16: memcpy(v, p, 16); return true;
  }
  return false;
}

static bool put_int(void *p, int kind, wide_int v)
{
  switch (kind) {
  case 1: *(signed char *)p = (signed char)v; return true;
  case 2: *(short *)p = (short)v; return true;
  case 4: *(int *)p = (int)v; return true;
  case 8: *(long long *)p = (long long)v; return true;
  case 16: memcpy(p, &v, 16); return true;
  }
  return false;
}

static bool get_real(const void *p, int kind, wide_real *v)
{
  switch (kind) {
  case 4: *v = *(const float *)p; return true;
  case 8: *v = *(const double *)p; return true;
  case 10: *v = *(const long double *)p; return true;
  case 16: *v = *(const _Float128 *)p; return true;
  }
  return false;
}

static bool put_real(void *p, int kind, wide_real v)
{
  switch (kind) {
  case 4: *(float *)p = (float)v; return true;
  case 8: *(double *)p = (double)v; return true;
  case 10: *(long double *)p = (long double)v; return true;
  case 16: *(_Float128 *)p = v; return true;
  }
  return false;
}

/* The byte size of one real part of a complex of this kind. */
static size_t part_size(int kind)
{
  return kind == 10 ? 16 : (size_t)kind;
}

/* Reads any numeric element as a complex value (imaginary 0 if not complex). */
static bool get_num(const void *p, int type, int kind, wide_real *re, wide_real *im)
{
  wide_int i;
  *im = 0;
  switch (type) {
  case GFC_BT_INTEGER:
  case GFC_BT_LOGICAL:
    if (!get_int(p, kind, &i))
      return false;
    *re = (wide_real)i;
    return true;
  case GFC_BT_REAL:
    return get_real(p, kind, re);
  case GFC_BT_COMPLEX:
    return get_real(p, kind, re) && get_real((const char *)p + part_size(kind), kind, im);
  }
  return false;
}

static bool convert_char(void *dst, const struct parcaf_etype *dt, const void *src,
                         const struct parcaf_etype *st)
{
  if ((dt->kind != 1 && dt->kind != 4) || (st->kind != 1 && st->kind != 4))
    return false;
  size_t dn = dt->len / (size_t)dt->kind, sn = st->len / (size_t)st->kind;
  for (size_t i = 0; i < dn; i++) {
    unsigned c = ' ';
    if (i < sn)
      c = st->kind == 1 ? ((const unsigned char *)src)[i] : ((const unsigned *)src)[i];
    if (dt->kind == 1)
      ((unsigned char *)dst)[i] = (unsigned char)(c > 255 ? '?' : c);
    else
      ((unsigned *)dst)[i] = c;
  }
  return true;
}

bool parcaf_convert(void *dst, const struct parcaf_etype *dt, const void *src, const struct parcaf_etype *st)
{
  if (dt->type == GFC_BT_CHARACTER || st->type == GFC_BT_CHARACTER)
    return dt->type == st->type && convert_char(dst, dt, src, st);
  if ((dt->type == GFC_BT_INTEGER || dt->type == GFC_BT_LOGICAL) &&
      (st->type == GFC_BT_INTEGER || st->type == GFC_BT_LOGICAL)) {
    wide_int v;   /* integer to integer stays exact beyond 64 bits */
    return get_int(src, st->kind, &v) && put_int(dst, dt->kind, v);
  }
  wide_real re, im;
  if (!get_num(src, st->type, st->kind, &re, &im))
    return false;
  switch (dt->type) {
  case GFC_BT_INTEGER:
  case GFC_BT_LOGICAL:
    return put_int(dst, dt->kind, (wide_int)re);
  case GFC_BT_REAL:
    return put_real(dst, dt->kind, re);
  case GFC_BT_COMPLEX:
    return put_real(dst, dt->kind, re) && put_real((char *)dst + part_size(dt->kind), dt->kind, im);
  }
  return false;
}
