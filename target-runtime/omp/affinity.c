/* Thread affinity reports: OMP_AFFINITY_FORMAT, OMP_DISPLAY_AFFINITY and the
   omp_*_affinity routines.  Field letters are the OpenMP 5.0 ones. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../rtline.h"
#include "paromp.h"

#define FORMAT_MAX 512

static char affinity_format[FORMAT_MAX] = "level %L thread %i affinity %A";

/* Appends s to out (size cap, used so far *len), always counting it. */
static void put(char *out, size_t cap, size_t *len, const char *s)
{
  size_t n = strlen(s);
  if (*len < cap) {
    size_t room = cap - *len - 1;
    memcpy(out + *len, s, n < room ? n : room);
  }
  *len += n;
}

static void field(struct paromp_thread *self, char c, char *buf, size_t size)
{
  struct paromp_team *team = self->ts.team;
  switch (c) {
  case 't': snprintf(buf, size, "%d", omp_get_team_num()); break;
  case 'T': snprintf(buf, size, "%d", omp_get_num_teams()); break;
  case 'L': snprintf(buf, size, "%u", team->level); break;
  case 'n': snprintf(buf, size, "%u", self->ts.num); break;
  case 'N': snprintf(buf, size, "%u", team->nthreads); break;
  case 'a': snprintf(buf, size, "%u", team->level ? team->parent_num : 0); break;
  case 'H': if (gethostname(buf, size) != 0) snprintf(buf, size, "unknown"); break;
  case 'P': snprintf(buf, size, "%d", (int)getpid()); break;
  case 'i': snprintf(buf, size, "%d", (int)self->lwp); break;
  case 'A':
    if (self->place >= 0)
      snprintf(buf, size, "place %d", self->place);
    else
      snprintf(buf, size, "unbound");
    break;
  default: snprintf(buf, size, "%%%c", c); break;
  }
}

static const struct { const char *name; char letter; } long_names[] = {
  { "team_num", 't' }, { "num_teams", 'T' }, { "nesting_level", 'L' },
  { "thread_num", 'n' }, { "num_threads", 'N' }, { "ancestor_tnum", 'a' },
  { "host", 'H' }, { "process_id", 'P' }, { "native_thread_id", 'i' },
  { "thread_affinity", 'A' },
};

PAROMP_EXPORT size_t omp_capture_affinity(char *buffer, size_t size, const char *format)
{
  struct paromp_thread *self = paromp_self();
  const char *f = format && *format ? format : affinity_format;
  size_t len = 0;
  char one[2] = { 0, 0 }, val[256];
  while (*f) {
    if (*f != '%') {
      one[0] = *f++;
      put(buffer, buffer ? size : 0, &len, one);
      continue;
    }
    f++;
    char letter = *f;
    if (*f == '{') {
      const char *end = strchr(f, '}');
      letter = '?';
      for (size_t k = 0; end && k < sizeof long_names / sizeof long_names[0]; k++)
        if ((size_t)(end - f - 1) == strlen(long_names[k].name) &&
            strncmp(f + 1, long_names[k].name, (size_t)(end - f - 1)) == 0)
          letter = long_names[k].letter;
      f = end ? end : f + strlen(f) - 1;
    }
    if (letter == '\0')
      break;
    if (letter == '%')
      put(buffer, buffer ? size : 0, &len, "%");
    else {
      field(self, letter, val, sizeof val);
      put(buffer, buffer ? size : 0, &len, val);
    }
    f++;
  }
  if (buffer && size > 0)
    buffer[len < size ? len : size - 1] = '\0';
  return len;
}

PAROMP_EXPORT void omp_set_affinity_format(const char *format)
{
  if (format != NULL)
    snprintf(affinity_format, sizeof affinity_format, "%s", format);
}

PAROMP_EXPORT size_t omp_get_affinity_format(char *buffer, size_t size)
{
  size_t n = strlen(affinity_format);
  if (buffer != NULL && size > 0)
    snprintf(buffer, size, "%s", affinity_format);
  return n;
}

PAROMP_EXPORT void omp_display_affinity(const char *format)
{
  char buf[1024];
  omp_capture_affinity(buf, sizeof buf, format);
  /* The program's own format: printed as it wrote it. */
  rt_line(stderr, RT_LINE_VERBATIM, "%s", buf);
}

void paromp_affinity_init(void)
{
  const char *f = getenv("OMP_AFFINITY_FORMAT");
  if (f != NULL)
    omp_set_affinity_format(f);
}
