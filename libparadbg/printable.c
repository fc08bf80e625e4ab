/* Strings from the target made safe to print: one set of rules for every
   host's text, warnings and (through printable_code) JSON. */
#define _GNU_SOURCE
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paradbg/paradbg.h"
#include "printable.h"

size_t utf8_char(const unsigned char *s, uint32_t *code)
{
  unsigned char c = s[0];
  size_t n;
  uint32_t v, min;
  if (c < 0x80) {
    *code = c;
    return c != 0;
  }
  if (c >= 0xc2 && c <= 0xdf)
    n = 2, v = c & 0x1f, min = 0x80;
  else if (c >= 0xe0 && c <= 0xef)
    n = 3, v = c & 0x0f, min = 0x800;
  else if (c >= 0xf0 && c <= 0xf4)
    n = 4, v = c & 0x07, min = 0x10000;
  else
    return 0;
  for (size_t i = 1; i < n; i++) {
    if ((s[i] & 0xc0) != 0x80)
      return 0;   /* also stops at the NUL */
    v = v << 6 | (s[i] & 0x3f);
  }
  if (v < min || v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff))
    return 0;     /* overlong, too large, or a surrogate */
  *code = v;
  return n;
}

int printable_code(uint32_t code)
{
  return !(code < 0x20 || (code >= 0x7f && code <= 0x9f) || code == 0x061c ||
           (code >= 0x200b && code <= 0x200f) || (code >= 0x2028 && code <= 0x202e) ||
           code == 0x2060 || (code >= 0x2066 && code <= 0x2069) || code == 0xfeff);
}

char *pdb_printable(const char *s)
{
  if (s == NULL)
    return NULL;
  size_t len = strlen(s);
  char *out = malloc(4 * len + 1), *o = out;   /* \xNN: four bytes for one */
  if (out == NULL)
    return NULL;
  for (const unsigned char *p = (const unsigned char *)s; *p;) {
    uint32_t code;
    size_t n = utf8_char(p, &code);
    if (n == 1 && code == '\\') {
      /* doubled, so that a name cannot pass for an escape */
      memcpy(o, "\\\\", 2);
      o += 2, p++;
    } else if (n > 0 && printable_code(code)) {
      memcpy(o, p, n);
      o += n, p += n;
    } else {
      /* each byte of a character that may not be shown, or of no character */
      n = n > 0 ? n : 1;
      for (size_t i = 0; i < n; i++, p++)
        o += sprintf(o, "\\x%02x", *p);
    }
  }
  *o = '\0';
  return out;
}

static void ranges_put(struct ranges *r, const char *fmt, long long a, long long b)
{
  if (r->len + 1 >= r->size)
    return;
  int w = snprintf(r->buf + r->len, r->size - r->len, fmt, a, b);
  r->len += w < 0 ? 0 : (size_t)w < r->size - r->len ? (size_t)w : r->size - r->len - 1;
}

/* Writes the open run. */
static void ranges_close(struct ranges *r)
{
  if (!r->open)
    return;
  r->open = 0;
  const char *sep = r->nranges ? r->sep : "";
  r->nranges++;
  if (r->len + strlen(sep) + 1 < r->size) {
    memcpy(r->buf + r->len, sep, strlen(sep) + 1);
    r->len += strlen(sep);
  }
  if (r->first == r->last)
    ranges_put(r, "%lld", r->first, 0);
  else if (r->last == r->first + 1 && !r->pairs) {
    ranges_put(r, "%lld", r->first, 0);
    ranges_put(r, r->sep[0] == ',' && r->sep[1] == ' ' ? ", %lld" : ",%lld", r->last, 0);
  } else
    ranges_put(r, "%lld-%lld", r->first, r->last);
}

void ranges_init(struct ranges *r, char *buf, size_t size, const char *sep, int pairs, unsigned max)
{
  memset(r, 0, sizeof *r);
  r->buf = buf, r->size = size, r->sep = sep, r->pairs = pairs, r->max = max;
  if (size > 0)
    buf[0] = '\0';
}

void ranges_add(struct ranges *r, int64_t v)
{
  if (r->more) {
    r->more++;
    return;
  }
  if (r->open && v == r->last)
    return;
  if (r->open && r->last != INT64_MAX && v == r->last + 1) {
    r->last = v;
    return;
  }
  if (r->max && r->nranges + r->open >= r->max) {
    r->more++;
    return;
  }
  ranges_close(r);
  r->first = r->last = v;
  r->open = 1;
}

size_t ranges_end(struct ranges *r)
{
  ranges_close(r);
  if (r->more)
    ranges_put(r, ", ... (%lld more)", (long long)r->more, 0);
  return r->len;
}
