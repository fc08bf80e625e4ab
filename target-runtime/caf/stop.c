/* STOP, ERROR STOP, FAIL IMAGE, and the image status inquiries. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../rtline.h"
#include "caf.h"
#include "gasp_events.h"

PARCAF_EXPORT void _gfortran_caf_stop_numeric(int code, bool quiet)
{
  PARCAF_GASP(GASP_CAF_STOP, GASP_ATOMIC, code);
  if (!quiet)
    rt_line(stderr, RT_LINE_VERBATIM, "STOP %d", code);
  parcaf_terminate_normally(code);
  exit(code);
}

PARCAF_EXPORT void _gfortran_caf_stop_str(const char *string, size_t len, bool quiet)
{
  PARCAF_GASP(GASP_CAF_STOP, GASP_ATOMIC, 0);
  if (!quiet && string)
    rt_line(stderr, RT_LINE_VERBATIM, "STOP %.*s", (int)len, string);
  parcaf_terminate_normally(0);
  exit(0);
}

PARCAF_EXPORT void _gfortran_caf_error_stop(int code, bool quiet)
{
  PARCAF_GASP(GASP_CAF_ERROR_STOP, GASP_ATOMIC, code);
  if (!quiet)
    rt_line(stderr, RT_LINE_VERBATIM, "ERROR STOP %d", code);
  parcaf_error_terminate(code, NULL);
}

PARCAF_EXPORT void _gfortran_caf_error_stop_str(const char *string, size_t len, bool quiet)
{
  PARCAF_GASP(GASP_CAF_ERROR_STOP, GASP_ATOMIC, 1);
  if (!quiet)
    rt_line(stderr, RT_LINE_VERBATIM, "ERROR STOP %.*s", string ? (int)len : 0, string ? string : "");
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
  array->offset = 0;
  array->dtype.elem_len = (size_t)k;
  array->dtype.rank = 1;
  array->dtype.type = GFC_BT_INTEGER;
  array->span = k;
  /* gfortran 12 adds one to the upper bound it gets back. */
  array->dim[0].lbound = 0;
  array->dim[0].ubound = n - 1;
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

typedef void (*seed_fn)(int *size, gfc_desc_t *put, gfc_desc_t *get);

/* Mixes `salt` into the current seed of libgfortran's generator, or with
   replace, makes the seed a function of salt alone. */
static void salt_seed(seed_fn seed, uint64_t salt, bool replace)
{
  int n = 0;
  seed(&n, NULL, NULL);
  if (n <= 0 || n > 4096)
    return;
  int s[n];
  gfc_desc_t d;
  memset(&d, 0, sizeof d);
  d.base_addr = s;
  d.offset = (size_t)-1;
  d.dtype.elem_len = sizeof(int);
  d.dtype.rank = 1;
  d.dtype.type = GFC_BT_INTEGER;
  d.span = sizeof(int);
  d.dim[0].stride = 1;
  d.dim[0].lbound = 1;
  d.dim[0].ubound = n;
  seed(NULL, NULL, &d);
  for (int i = 0; i < n; i++) {
    salt = salt * 6364136223846793005ULL + 1442695040888963407ULL;
    s[i] = (replace ? 0 : s[i]) ^ (int)(salt >> 33);
  }
  seed(NULL, &d, NULL);
}

/* RANDOM_INIT.  libgfortran 12 seeds a repeatable generator from one
   constant whatever the image, and an unrepeatable one from the system on
   each image, so the image (or the program's run) is mixed in here. */
PARCAF_EXPORT void _gfortran_caf_random_init(bool repeatable, bool image_distinct)
{
  /* Their LOGICAL arguments are 4-byte integers. */
  void (*init)(int, int, int) = (void (*)(int, int, int))dlsym(RTLD_DEFAULT, "_gfortran_random_init");
  seed_fn seed = (seed_fn)dlsym(RTLD_DEFAULT, "_gfortran_random_seed_i4");
  if (!init || !seed)
    parcaf_error_terminate(1, "RANDOM_INIT: libgfortran's random number generator is not loaded");
  int image = _gfortran_caf_this_image(0);
  init((int)repeatable, (int)image_distinct, image);
  if (repeatable && image_distinct)
    salt_seed(seed, (uint64_t)parcaf_this_image, false);
  else if (!repeatable && !image_distinct && parcaf_shared)
    salt_seed(seed, (uint64_t)parcaf_shared->supervisor_pid << 20, true);
}
