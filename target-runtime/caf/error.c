/* STAT=/ERRMSG= reporting, and error termination of all images. */
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../rtline.h"
#include "caf.h"
#include "gasp_events.h"

void parcaf_set_ok(int *stat, char *errmsg, size_t errmsg_len)
{
  (void)errmsg;
  (void)errmsg_len;
  if (stat)
    *stat = 0;
}

/* ERRMSG= is a character assignment: truncate, or pad with blanks. */
static void set_errmsg(char *errmsg, size_t len, const char *msg)
{
  size_t n = strlen(msg);
  if (n > len)
    n = len;
  memcpy(errmsg, msg, n);
  memset(errmsg + n, ' ', len - n);
}

void parcaf_report(int *stat, char *errmsg, size_t errmsg_len, int code, const char *fmt, ...)
{
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  if (!stat)
    parcaf_error_terminate(1, "%s", msg);
  *stat = code;
  if (errmsg && errmsg_len)
    set_errmsg(errmsg, errmsg_len, msg);
}

/* "killed by signal 9 (Killed)", "executed FAIL IMAGE", "has stopped". */
const char *parcaf_image_fate(int global, char *buf, size_t len)
{
  struct parcaf_image *im = parcaf_image(global);
  if (im->signal)
    snprintf(buf, len, "was killed by signal %d (%s)", im->signal, strsignal(im->signal));
  else if (im->status == PARADBG_CAF_IMAGE_FAILED)
    snprintf(buf, len, "executed FAIL IMAGE");
  else if (im->status == PARADBG_CAF_IMAGE_STOPPED)
    snprintf(buf, len, "has stopped");
  else
    snprintf(buf, len, "has ended in error");
  return buf;
}

void parcaf_report_image(int *stat, char *errmsg, size_t len, int code, const char *op, int shown, int global)
{
  char fate[96];
  parcaf_report(stat, errmsg, len, code, "%s: image %d %s", op, shown, parcaf_image_fate(global, fate, sizeof fate));
}

bool parcaf_report_if_failed(int global, int shown, const char *op, int *stat, char *errmsg, size_t len)
{
  if (parcaf_image_stat(global) != GFC_STAT_FAILED_IMAGE)
    return false;
  /* An image that an error termination killed looks failed: this image
     ends quietly with it, and reports nothing. */
  parcaf_check_terminating();
  parcaf_report_image(stat, errmsg, len, GFC_STAT_FAILED_IMAGE, op, shown, global);
  return true;
}

void parcaf_error_terminate(int code, const char *fmt, ...)
{
  struct parcaf_shared *s = parcaf_shared;
  if (!s || parcaf_this_image == 0) {
    exit(code);
  }
  int none = 0;
  bool first = __atomic_compare_exchange_n(&s->error_image, &none, parcaf_this_image, false,
                                           __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
  if (first) {
    s->error_code = code;
    if (fmt && *fmt) {
      char prefix[48];
      snprintf(prefix, sizeof prefix, "libparcaf: image %d: ", parcaf_this_image);
      va_list ap;
      va_start(ap, fmt);
      rt_prefixed_vline(stderr, 0, prefix, fmt, ap);
      va_end(ap);
    }
  } else {
    code = s->error_code;
  }
  __atomic_store_n(&parcaf_image(parcaf_this_image)->status, PARADBG_CAF_IMAGE_ERROR_STOPPED,
                   __ATOMIC_SEQ_CST);
  parcaf_wake_all_images();
  parcaf_leaving = 1;
  exit(code);
}

/* Another image began error termination: this one ends too, quietly. */
void parcaf_check_terminating(void)
{
  struct parcaf_shared *s = parcaf_shared;
  if (__atomic_load_n(&s->error_image, __ATOMIC_ACQUIRE) != 0 &&
      s->error_image != parcaf_this_image) {
    parcaf_leaving = 1;
    exit(s->error_code);
  }
}
