/* paradbg-inspect's one-line messages: every part of it says what went
   wrong through these, so each line starts the same way. */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>

#include "messages.h"

int fail(int status, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  fputs("paradbg-inspect: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  return status;
}

void warn(const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  fputs("paradbg-inspect: warning: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
}
