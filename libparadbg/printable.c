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
