/* The error directive at(execution): a warning is printed and the program
   goes on; a fatal error is printed and the program stops with a failure. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "paromp.h"

static void print_message(const char *what, const char *msg, size_t len)
{
  if (msg == NULL)
    fprintf(stderr, "libparomp: %s\n", what);
  else if (len == (size_t)-1)
    fprintf(stderr, "libparomp: %s: %s\n", what, msg);
  else
    fprintf(stderr, "libparomp: %s: %.*s\n", what, (int)(len > 0x7fffffff ? 0x7fffffff : len),
            msg);
}

PAROMP_EXPORT void GOMP_warning(const char *msg, size_t len)
{
  print_message("error directive encountered", msg, len);
}

PAROMP_EXPORT void GOMP_error(const char *msg, size_t len)
{
  print_message("fatal error: error directive encountered", msg, len);
  exit(EXIT_FAILURE);
}
