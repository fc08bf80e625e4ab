/* The error directive at(execution): a warning is printed and the program
   goes on; a fatal error is printed and the program stops with a failure. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../rtline.h"
#include "paromp.h"
#include "ompt.h"

static void print_message(const char *what, const char *msg, size_t len)
{
  if (msg == NULL)
    rt_line(stderr, 0, "libparomp: %s", what);
  else if (len == (size_t)-1)
    rt_line(stderr, 0, "libparomp: %s: %s", what, msg);
  else
    rt_line(stderr, 0, "libparomp: %s: %.*s", what, (int)(len > 0x7fffffff ? 0x7fffffff : len), msg);
}

static void ompt_error(ompt_severity_t severity, const char *msg, size_t len)
{
  if (OMPT_ON(error))
    paromp_ompt.error(severity, msg, msg != NULL && len == (size_t)-1 ? strlen(msg) : len,
                      paromp_self()->ompt_ra);
}

PAROMP_EXPORT void GOMP_warning(const char *msg, size_t len)
{
  OMPT_ENTRY();
  if (OMPT_TOOL)
    ompt_error(ompt_warning, msg, len);
  print_message("error directive encountered", msg, len);
}

PAROMP_EXPORT void GOMP_error(const char *msg, size_t len)
{
  OMPT_ENTRY();
  if (OMPT_TOOL)
    ompt_error(ompt_fatal, msg, len);
  print_message("fatal error: error directive encountered", msg, len);
  exit(EXIT_FAILURE);
}
