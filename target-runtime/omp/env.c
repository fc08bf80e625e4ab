/* Parsers for the OMP_* environment variables (see env.h). */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "env.h"
#include "icv.h"

static const char *skip_space(const char *s)
{
  while (isspace((unsigned char)*s))
    s++;
  return s;
}

/* Does s, without surrounding blanks, equal word (case-insensitively)? */
static int word_is(const char *s, size_t len, const char *word)
{
  while (len > 0 && isspace((unsigned char)*s)) {
    s++;
    len--;
  }
  while (len > 0 && isspace((unsigned char)s[len - 1]))
    len--;
  return len == strlen(word) && strncasecmp(s, word, len) == 0;
}

int paromp_parse_bool(const char *s, int *out)
{
  if (word_is(s, strlen(s), "true")) {
    *out = 1;
    return 0;
  }
  if (word_is(s, strlen(s), "false")) {
    *out = 0;
    return 0;
  }
  return -1;
}

/* Reads one unsigned decimal number at *sp, advancing *sp past it. */
static int read_number(const char **sp, unsigned long min, unsigned long max, unsigned long *out)
{
  const char *s = skip_space(*sp);
  char *end;
  if (!isdigit((unsigned char)*s))
    return -1;
  errno = 0;
  unsigned long v = strtoul(s, &end, 10);
  if (errno != 0 || v < min || v > max)
    return -1;
  *sp = skip_space(end);
  *out = v;
  return 0;
}

int paromp_parse_ulong(const char *s, unsigned long min, unsigned long max, unsigned long *out)
{
  unsigned long v;
  if (read_number(&s, min, max, &v) != 0 || *s != '\0')
    return -1;
  *out = v;
  return 0;
}

int paromp_parse_uint_list(const char *s, unsigned *out, unsigned max, unsigned *len)
{
  unsigned tmp[PAROMP_LIST_MAX];
  unsigned n = 0;
  if (max > PAROMP_LIST_MAX)
    max = PAROMP_LIST_MAX;
  for (;;) {
    unsigned long v;
    if (n == max || read_number(&s, 1, 0xffffffu, &v) != 0)
      return -1;
    tmp[n++] = (unsigned)v;
    if (*s == '\0')
      break;
    if (*s != ',')
      return -1;
    s++;
  }
  memcpy(out, tmp, n * sizeof *tmp);
  *len = n;
  return 0;
}

int paromp_parse_schedule(const char *s, int *sched, int *chunk)
{
  static const struct { const char *name; int kind; } kinds[] = {
    { "static", PAROMP_SCHED_STATIC }, { "dynamic", PAROMP_SCHED_DYNAMIC },
    { "guided", PAROMP_SCHED_GUIDED }, { "auto", PAROMP_SCHED_AUTO },
  };
  int monotonic = -1;       /* -1 unspecified, 0 nonmonotonic, 1 monotonic */
  const char *colon = strchr(s, ':');
  if (colon != NULL) {
    size_t mlen = (size_t)(colon - s);
    if (word_is(s, mlen, "monotonic"))
      monotonic = 1;
    else if (word_is(s, mlen, "nonmonotonic"))
      monotonic = 0;
    else
      return -1;
    s = colon + 1;
  }
  const char *comma = strchr(s, ',');
  size_t klen = comma ? (size_t)(comma - s) : strlen(s);
  int kind = 0;
  for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
    if (word_is(s, klen, kinds[i].name))
      kind = kinds[i].kind;
  if (kind == 0)
    return -1;
  /* nonmonotonic applies only to dynamic and guided */
  if (monotonic == 0 && kind != PAROMP_SCHED_DYNAMIC && kind != PAROMP_SCHED_GUIDED)
    return -1;
  unsigned long c = 0;
  if (comma != NULL) {
    if (paromp_parse_ulong(comma + 1, 1, 0x7fffffff, &c) != 0)
      return -1;
  }
  *sched = kind | (monotonic == 1 ? (int)PAROMP_SCHED_MONOTONIC : 0);
  *chunk = (int)c;
  return 0;
}

int paromp_parse_stacksize(const char *s, size_t *out)
{
  const char *p = skip_space(s);
  char *end;
  if (!isdigit((unsigned char)*p))
    return -1;
  errno = 0;
  unsigned long long v = strtoull(p, &end, 10);
  if (errno != 0)
    return -1;
  p = skip_space(end);
  unsigned shift = 10;          /* no unit means kilobytes */
  switch (*p) {
  case 'b': case 'B': shift = 0; p++; break;
  case 'k': case 'K': shift = 10; p++; break;
  case 'm': case 'M': shift = 20; p++; break;
  case 'g': case 'G': shift = 30; p++; break;
  case '\0': break;
  default: return -1;
  }
  if (*skip_space(p) != '\0' || v == 0 || v > (~0ull >> shift))
    return -1;
  *out = (size_t)(v << shift);
  return 0;
}

int paromp_parse_proc_bind(const char *s, int *out, unsigned max, unsigned *len)
{
  static const struct { const char *name; int bind; } names[] = {
    { "false", PAROMP_BIND_FALSE }, { "true", PAROMP_BIND_TRUE },
    { "primary", PAROMP_BIND_PRIMARY }, { "master", PAROMP_BIND_PRIMARY },
    { "close", PAROMP_BIND_CLOSE }, { "spread", PAROMP_BIND_SPREAD },
  };
  int tmp[PAROMP_LIST_MAX];
  unsigned n = 0;
  if (max > PAROMP_LIST_MAX)
    max = PAROMP_LIST_MAX;
  for (;;) {
    const char *comma = strchr(s, ',');
    size_t l = comma ? (size_t)(comma - s) : strlen(s);
    int found = -1;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
      if (word_is(s, l, names[i].name))
        found = names[i].bind;
    if (found < 0 || n == max)
      return -1;
    /* true and false are only valid alone */
    if ((found == PAROMP_BIND_FALSE || found == PAROMP_BIND_TRUE) && (n > 0 || comma))
      return -1;
    tmp[n++] = found;
    if (!comma)
      break;
    s = comma + 1;
  }
  memcpy(out, tmp, n * sizeof *tmp);
  *len = n;
  return 0;
}

int paromp_parse_wait_policy(const char *s, int *out)
{
  if (word_is(s, strlen(s), "active"))
    *out = PAROMP_WAIT_ACTIVE;
  else if (word_is(s, strlen(s), "passive"))
    *out = PAROMP_WAIT_PASSIVE;
  else
    return -1;
  return 0;
}
