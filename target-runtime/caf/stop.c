/* STOP, ERROR STOP, FAIL IMAGE, and the image status inquiries. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "caf.h"
#include "gasp_events.h"

PARCAF_EXPORT void _gfortran_caf_stop_numeric(int code, bool quiet)
{
  PARCAF_GASP(GASP_CAF_STOP, GASP_ATOMIC, code);
  if (!quiet)
    fprintf(stderr, "STOP %d\n", code);
  parcaf_terminate_normally(code);
  exit(code);
}

PARCAF_EXPORT void _gfortran_caf_stop_str(const char *string, size_t len, bool quiet)
{
  PARCAF_GASP(GASP_CAF_STOP, GASP_ATOMIC, 0);
  if (!quiet && string)
    fprintf(stderr, "STOP %.*s\n", (int)len, string);
  parcaf_terminate_normally(0);
  exit(0);
}

PARCAF_EXPORT void _gfortran_caf_error_stop(int code, bool quiet)
{
  PARCAF_GASP(GASP_CAF_ERROR_STOP, GASP_ATOMIC, code);
  if (!quiet)
    fprintf(stderr, "ERROR STOP %d\n", code);
  parcaf_error_terminate(code, NULL);
}

PARCAF_EXPORT void _gfortran_caf_error_stop_str(const char *string, size_t len, bool quiet)
{
  PARCAF_GASP(GASP_CAF_ERROR_STOP, GASP_ATOMIC, 1);
  if (!quiet)
    fprintf(stderr, "ERROR STOP %.*s\n", string ? (int)len : 0, string ? string : "");
  parcaf_error_terminate(1, NULL);
}

PARCAF_EXPORT void _gfortran_caf_fail_image(void)
{
  PARCAF_GASP(GASP_CAF_FAIL_IMAGE, GASP_ATOMIC);
  fflush(NULL);
  parcaf_leaving = 1;
  if (parcaf_this_image) {
    __atomic_store_n(&parcaf_image(parcaf_this_image)->status, PARADBG_CAF_IMAGE_FAILED, __ATOMIC_SEQ_CST);
    parcaf_wake_all_images();
  }
  _exit(0);
}

PARCAF_EXPORT int _gfortran_caf_image_status(int image, caf_team_t *team)
{
  (void)team;   /* gfortran 12 passes -1 here, not a team */
  int g = parcaf_global_of(image);
  if (!g)
    parcaf_error_terminate(1, "IMAGE_STATUS: %d is not an image index of the current team (1 to %d)",
                           image, parcaf_cur_size());
  return parcaf_image_stat(g);
}

/* FAILED_IMAGES and STOPPED_IMAGES: a new array, which gfortran frees. */
static void images_with(gfc_desc_t *array, int *kind, int want)
{
  int k = kind ? *kind : 4, n = 0, size = parcaf_cur_size();
  if (k != 1 && k != 2 && k != 4 && k != 8)
    parcaf_error_terminate(1, "FAILED_IMAGES/STOPPED_IMAGES: integer kind %d is not supported", k);
  char *buf = NULL;
  for (int i = 1; i <= size; i++)
    if (parcaf_image_stat(parcaf_global_of(i)) == want)
      n++;
  if (n) {
    buf = malloc((size_t)n * (size_t)k);
    if (!buf)
      parcaf_error_terminate(1, "FAILED_IMAGES/STOPPED_IMAGES: out of memory");
    int j = 0;
    for (int i = 1; i <= size; i++) {
      if (parcaf_image_stat(parcaf_global_of(i)) != want)
        continue;
      char *p = buf + (size_t)j++ * (size_t)k;
      switch (k) {
      case 1: *(signed char *)p = (signed char)i; break;
      case 2: *(short *)p = (short)i; break;
      case 4: *(int *)p = i; break;
      case 8: *(long long *)p = i; break;
      }
    }
  }
  array->base_addr = buf;
  array->offset = (size_t)-1;
  array->dtype.elem_len = (size_t)k;
  array->dtype.rank = 1;
  array->dtype.type = GFC_BT_INTEGER;
  array->span = k;
  array->dim[0].lbound = 1;
  array->dim[0].ubound = n;
  array->dim[0].stride = 1;
}

PARCAF_EXPORT void _gfortran_caf_failed_images(gfc_desc_t *array, caf_team_t *team, int *kind)
{
  (void)team;
  images_with(array, kind, GFC_STAT_FAILED_IMAGE);
}

PARCAF_EXPORT void _gfortran_caf_stopped_images(gfc_desc_t *array, caf_team_t *team, int *kind)
{
  (void)team;
  images_with(array, kind, GFC_STAT_STOPPED_IMAGE);
}

/* RANDOM_INIT: libgfortran seeds; it needs to know the image. */
PARCAF_EXPORT void _gfortran_caf_random_init(bool repeatable, bool image_distinct)
{
  /* Its LOGICAL arguments are 4-byte integers. */
  void (*init)(int, int, int) = (void (*)(int, int, int))dlsym(RTLD_DEFAULT, "_gfortran_random_init");
  if (!init)
    parcaf_error_terminate(1, "RANDOM_INIT: libgfortran's _gfortran_random_init is not loaded");
  init((int)repeatable, (int)image_distinct, _gfortran_caf_this_image(0));
}
