/* Coindexed assignment through array descriptors: send (put), get, and
   sendget between two other images. */
#include <stdio.h>

#include "caf.h"
#include "gasp_events.h"
#include "transfer.h"

/* The image an access goes to, or 0 after reporting why it cannot. */
static int target_image(int team_index, const char *op, int *stat)
{
  int g = parcaf_image_arg(team_index, op, stat);
  return g && parcaf_report_if_failed(g, team_index, op, stat, NULL, 0) ? 0 : g;
}

static int run(struct parcaf_elems *dst, struct parcaf_elems *src, bool tmp, const char *op, int *stat)
{
  char err[200];
  int rc = parcaf_transfer(dst, src, tmp, err, sizeof err);
  parcaf_elems_free(dst);
  parcaf_elems_free(src);
  if (rc) {
    parcaf_report(stat, NULL, 0, 1, "%s: %s", op, err);
    return -1;
  }
  if (stat)
    *stat = 0;
  return 0;
}

PARCAF_EXPORT void _gfortran_caf_send(caf_token_t token, size_t offset, int image_index, gfc_desc_t *dest,
                                      caf_vector_t *dst_vector, gfc_desc_t *src, int dst_kind, int src_kind,
                                      bool may_require_tmp, int *stat)
{
  struct parcaf_token *t = parcaf_token_check(token, "coindexed assignment");
  int g = target_image(image_index, "coindexed assignment", stat);
  if (!g)
    return;
  struct parcaf_elems d, s;
  char err[200];
  if (!parcaf_elems_from_desc(&d, dest, parcaf_token_data(t, g) + offset, dst_vector, dst_kind, err, sizeof err) ||
      !parcaf_elems_from_desc(&s, src, src->base_addr, NULL, src_kind, err, sizeof err)) {
    parcaf_report(stat, NULL, 0, 1, "coindexed assignment: %s", err);
    return;
  }
  size_t bytes = d.count * d.et.len;
  PARCAF_GASP(GASP_CAF_PUT, GASP_START, g, bytes);
  run(&d, &s, may_require_tmp && g == parcaf_this_image, "coindexed assignment", stat);
  PARCAF_GASP(GASP_CAF_PUT, GASP_END, g, bytes);
}

PARCAF_EXPORT void _gfortran_caf_get(caf_token_t token, size_t offset, int image_index, gfc_desc_t *src,
                                     caf_vector_t *src_vector, gfc_desc_t *dest, int src_kind, int dst_kind,
                                     bool may_require_tmp, int *stat)
{
  struct parcaf_token *t = parcaf_token_check(token, "coindexed reference");
  int g = target_image(image_index, "coindexed reference", stat);
  if (!g)
    return;
  struct parcaf_elems d, s;
  char err[200];
  if (!parcaf_elems_from_desc(&s, src, parcaf_token_data(t, g) + offset, src_vector, src_kind, err, sizeof err) ||
      !parcaf_elems_from_desc(&d, dest, dest->base_addr, NULL, dst_kind, err, sizeof err)) {
    parcaf_report(stat, NULL, 0, 1, "coindexed reference: %s", err);
    return;
  }
  size_t bytes = s.count * s.et.len;
  PARCAF_GASP(GASP_CAF_GET, GASP_START, g, bytes);
  run(&d, &s, may_require_tmp && g == parcaf_this_image, "coindexed reference", stat);
  PARCAF_GASP(GASP_CAF_GET, GASP_END, g, bytes);
}

PARCAF_EXPORT void _gfortran_caf_sendget(caf_token_t dst_token, size_t dst_offset, int dst_image_index,
                                         gfc_desc_t *dest, caf_vector_t *dst_vector, caf_token_t src_token,
                                         size_t src_offset, int src_image_index, gfc_desc_t *src,
                                         caf_vector_t *src_vector, int dst_kind, int src_kind,
                                         bool may_require_tmp, int *stat)
{
  const char *op = "coindexed assignment between images";
  struct parcaf_token *dt = parcaf_token_check(dst_token, op), *st = parcaf_token_check(src_token, op);
  int dg = target_image(dst_image_index, op, stat);
  int sg = dg ? target_image(src_image_index, op, stat) : 0;
  if (!dg || !sg)
    return;
  struct parcaf_elems d, s;
  char err[200];
  if (!parcaf_elems_from_desc(&d, dest, parcaf_token_data(dt, dg) + dst_offset, dst_vector, dst_kind, err, sizeof err) ||
      !parcaf_elems_from_desc(&s, src, parcaf_token_data(st, sg) + src_offset, src_vector, src_kind, err, sizeof err)) {
    parcaf_report(stat, NULL, 0, 1, "%s: %s", op, err);
    return;
  }
  size_t bytes = d.count * d.et.len;
  PARCAF_GASP(GASP_CAF_SENDGET, GASP_START, dg, sg, bytes);
  run(&d, &s, may_require_tmp && dg == sg, op, stat);
  PARCAF_GASP(GASP_CAF_SENDGET, GASP_END, dg, sg, bytes);
}
