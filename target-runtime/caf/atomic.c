/* ATOMIC_DEFINE, ATOMIC_REF, ATOMIC_CAS and ATOMIC_ADD/AND/OR/XOR (and the
   FETCH forms) on integer and logical variables of any kind up to 8. */
#include <string.h>

#include "caf.h"
#include "gasp_events.h"

static void *atomic_addr(caf_token_t token, size_t offset, int image_index, int kind, const char *op,
                         int *stat, int *g)
{
  struct parcaf_token *t = parcaf_token_check(token, op);
  if (kind != 1 && kind != 2 && kind != 4 && kind != 8)
    parcaf_error_terminate(1, "%s: kind %d is not supported", op, kind);
  *g = parcaf_image_arg(image_index, op, stat);
  if (!*g)
    return NULL;
  if (parcaf_report_if_failed(*g, image_index, op, stat, NULL, 0))
    return NULL;
  if (offset % (size_t)kind || offset + (size_t)kind > t->nbytes)
    parcaf_error_terminate(1, "%s: offset %zu is not an atomic variable in the coarray", op, offset);
  return parcaf_token_data(t, *g) + offset;
}

#define ATOMIC_SIZES(X) X(1, int8_t) X(2, int16_t) X(4, int32_t) X(8, int64_t)

PARCAF_EXPORT void _gfortran_caf_atomic_define(caf_token_t token, size_t offset, int image_index, void *value,
                                               int *stat, int type, int kind)
{
  (void)type;
  int g;
  void *p = atomic_addr(token, offset, image_index, kind, "ATOMIC_DEFINE", stat, &g);
  if (!p)
    return;
  PARCAF_GASP(GASP_CAF_ATOMIC_DEFINE, GASP_ATOMIC, g, (const void *)p);
  switch (kind) {
#define DEFINE(k, T) case k: __atomic_store_n((T *)p, *(T *)value, __ATOMIC_SEQ_CST); break;
    ATOMIC_SIZES(DEFINE)
#undef DEFINE
  }
  if (stat)
    *stat = 0;
}

PARCAF_EXPORT void _gfortran_caf_atomic_ref(caf_token_t token, size_t offset, int image_index, void *value,
                                            int *stat, int type, int kind)
{
  (void)type;
  int g;
  void *p = atomic_addr(token, offset, image_index, kind, "ATOMIC_REF", stat, &g);
  if (!p)
    return;
  PARCAF_GASP(GASP_CAF_ATOMIC_REF, GASP_ATOMIC, g, (const void *)p);
  switch (kind) {
#define REF(k, T) case k: *(T *)value = __atomic_load_n((T *)p, __ATOMIC_SEQ_CST); break;
    ATOMIC_SIZES(REF)
#undef REF
  }
  if (stat)
    *stat = 0;
}

PARCAF_EXPORT void _gfortran_caf_atomic_cas(caf_token_t token, size_t offset, int image_index, void *old,
                                            void *compare, void *new_val, int *stat, int type, int kind)
{
  (void)type;
  int g;
  void *p = atomic_addr(token, offset, image_index, kind, "ATOMIC_CAS", stat, &g);
  if (!p)
    return;
  PARCAF_GASP(GASP_CAF_ATOMIC_CAS, GASP_ATOMIC, g, (const void *)p);
  switch (kind) {
#define CAS(k, T)                                                                              \
  case k: {                                                                                    \
    T expected = *(T *)compare;                                                                \
    __atomic_compare_exchange_n((T *)p, &expected, *(T *)new_val, false, __ATOMIC_SEQ_CST,      \
                                __ATOMIC_SEQ_CST);                                             \
    *(T *)old = expected;                                                                      \
    break;                                                                                     \
  }
    ATOMIC_SIZES(CAS)
#undef CAS
  }
  if (stat)
    *stat = 0;
}

PARCAF_EXPORT void _gfortran_caf_atomic_op(int op, caf_token_t token, size_t offset, int image_index,
                                           void *value, void *old, int *stat, int type, int kind)
{
  (void)type;
  int g;
  void *p = atomic_addr(token, offset, image_index, kind, "ATOMIC_OP", stat, &g);
  if (!p)
    return;
  PARCAF_GASP(GASP_CAF_ATOMIC_OP, GASP_ATOMIC, g, (const void *)p, op);
  switch (kind) {
#define OP(k, T)                                                                                \
  case k: {                                                                                     \
    T v = *(T *)value, prev;                                                                    \
    switch (op) {                                                                               \
    case GFC_CAF_ATOMIC_ADD: prev = __atomic_fetch_add((T *)p, v, __ATOMIC_SEQ_CST); break;     \
    case GFC_CAF_ATOMIC_AND: prev = __atomic_fetch_and((T *)p, v, __ATOMIC_SEQ_CST); break;     \
    case GFC_CAF_ATOMIC_OR: prev = __atomic_fetch_or((T *)p, v, __ATOMIC_SEQ_CST); break;       \
    case GFC_CAF_ATOMIC_XOR: prev = __atomic_fetch_xor((T *)p, v, __ATOMIC_SEQ_CST); break;     \
    default: parcaf_error_terminate(1, "ATOMIC_OP: unknown operation %d", op);                  \
    }                                                                                           \
    if (old)                                                                                    \
      *(T *)old = prev;                                                                         \
    break;                                                                                      \
  }
    ATOMIC_SIZES(OP)
#undef OP
  }
  if (stat)
    *stat = 0;
}
