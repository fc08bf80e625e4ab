/* SYNC ALL, SYNC IMAGES, SYNC MEMORY. */
#include <stdlib.h>

#include "caf.h"
#include "gasp_events.h"

/* gfortran 12 passes ERRMSG= of SYNC ALL and SYNC IMAGES as the address
   of a pointer to the variable (it takes the address of the string's
   address), where LOCK, EVENT WAIT and the others pass the variable.
   Writing the message where that pointer is would overwrite the caller's
   stack.  A compiler that passes the variable itself is told apart by what
   is there: Fortran pads text with blanks, so its first eight bytes are
   never a user-space address (64 KiB to 2^47). */
static char *sync_errmsg(char *errmsg, size_t errmsg_len)
{
  if (!errmsg || !errmsg_len)
    return NULL;
  char *p;
  memcpy(&p, errmsg, sizeof p);
  uintptr_t v = (uintptr_t)p;
  return v >= 65536 && v < ((uintptr_t)1 << 47) ? p : errmsg;
}

PARCAF_EXPORT void _gfortran_caf_sync_all(int *stat, char *errmsg, size_t errmsg_len)
{
  errmsg = sync_errmsg(errmsg, errmsg_len);
  PARCAF_GASP(GASP_CAF_SYNC_ALL, GASP_START);
  parcaf_refresh_pending();   /* gfortran syncs right after ALLOCATE */
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
  int who = 0;
  int rc = parcaf_barrier(parcaf_cur_slot(), parcaf_cur_index(), PARADBG_CAF_WAIT_SYNC_ALL, &who);
  if (rc)
    parcaf_report_image(stat, errmsg, errmsg_len, rc, "SYNC ALL", who, who);
  else
    parcaf_set_ok(stat, errmsg, errmsg_len);
  PARCAF_GASP(GASP_CAF_SYNC_ALL, GASP_END);
}

/* How many SYNC IMAGES this image has done with each other image; the
   shared matrix holds what each image has announced to each other one. */
static uint32_t *done_with;

static uint32_t *sync_cell(int from, int to)
{
  return parcaf_sync_at(parcaf_shared, (uint64_t)(from - 1), (uint64_t)(to - 1));
}

PARCAF_EXPORT void _gfortran_caf_sync_images(int count, int images[], int *stat, char *errmsg,
                                             size_t errmsg_len)
{
  PARCAF_GASP(GASP_CAF_SYNC_IMAGES, GASP_START, count, images);
  errmsg = sync_errmsg(errmsg, errmsg_len);
  int size = parcaf_cur_size(), me = parcaf_this_image;
  if (!done_with && !(done_with = calloc(parcaf_shared->num_images, sizeof *done_with)))
    parcaf_error_terminate(1, "SYNC IMAGES: out of memory");
  int n = count < 0 ? size : count;
  int *list = malloc(((size_t)n + 1) * sizeof *list);
  if (!list)
    parcaf_error_terminate(1, "SYNC IMAGES: out of memory");
  for (int i = 0; i < n; i++) {
    int idx = count < 0 ? i + 1 : images[i];
    int g = parcaf_global_of(idx);
    if (!g) {
      free(list);
      parcaf_report(stat, errmsg, errmsg_len, 1, "SYNC IMAGES: %d is not an image index of the current team (1 to %d)",
                    idx, size);
      return;
    }
    for (int j = 0; j < i; j++)
      if (list[j] == g) {
        free(list);
        parcaf_report(stat, errmsg, errmsg_len, 1, "SYNC IMAGES: image %d is listed twice", idx);
        return;
      }
    list[i] = g;
  }
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
  for (int i = 0; i < n; i++) {
    if (list[i] == me)
      continue;
    __atomic_add_fetch(sync_cell(me, list[i]), 1, __ATOMIC_SEQ_CST);
    done_with[list[i] - 1]++;
    parcaf_wake_image(list[i]);
  }
  struct parcaf_image *self = parcaf_image(me);
  int rc = 0, who = 0;
  for (int i = 0; i < n; i++) {
    int g = list[i];
    if (g == me)
      continue;
    parcaf_wait_begin(PARADBG_CAF_WAIT_SYNC_IMAGES, g, NULL);
    for (;;) {
      uint32_t w = __atomic_load_n(&self->wake, __ATOMIC_SEQ_CST);
      if ((int32_t)(__atomic_load_n(sync_cell(g, me), __ATOMIC_ACQUIRE) - done_with[g - 1]) >= 0)
        break;
      int st = parcaf_image_stat(g);
      /* Seen stopped or failed: its side of this sync, if it did it
         before that, is in the count read after. */
      if (st && (int32_t)(__atomic_load_n(sync_cell(g, me), __ATOMIC_SEQ_CST) - done_with[g - 1]) >= 0)
        break;
      if (st) {
        /* A stopped image comes before a failed one (F2018 11.6.11);
           the first of them in the list is named. */
        if (!rc || (st == GFC_STAT_STOPPED_IMAGE && rc != GFC_STAT_STOPPED_IMAGE)) {
          rc = st;
          who = g;
        }
        break;
      }
      parcaf_check_terminating();
      parcaf_wait_word(&self->wake, w, &self->sleeping, PARCAF_RECHECK_MS);
    }
  }
  parcaf_wait_end();
  free(list);
  if (rc) {
    parcaf_check_terminating();   /* not images killed by an error termination */
    parcaf_report_image(stat, errmsg, errmsg_len, rc, "SYNC IMAGES", who, who);
  } else {
    parcaf_set_ok(stat, errmsg, errmsg_len);
  }
  PARCAF_GASP(GASP_CAF_SYNC_IMAGES, GASP_END, count, images);
}

PARCAF_EXPORT void _gfortran_caf_sync_memory(int *stat, char *errmsg, size_t errmsg_len)
{
  PARCAF_GASP(GASP_CAF_SYNC_MEMORY, GASP_ATOMIC);
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
  parcaf_set_ok(stat, errmsg, errmsg_len);
}
