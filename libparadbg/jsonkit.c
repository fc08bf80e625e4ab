/* The few json-c helpers every JSON view of libparadbg builds with
   (jsonkit.h). */
#define _GNU_SOURCE
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jsonkit.h"
#include "printable.h"


/* Set when json-c could not allocate: pdb_json then returns NULL rather
   than a document with holes. */
__thread int jk_out_of_memory;

/* A string value: a byte that is not UTF-8 is the text "\xNN" and a
   backslash is two, as pdb_printable() shows them, so that the one cannot
   pass for the other.  Characters it would escape stay characters here and
   become \u escapes in the text (see escape_unprintable). */
J *jk_str(const char *s)
{
  if (s == NULL)
    return NULL;
  size_t len = strlen(s);
  char *out = malloc(4 * len + 1), *o = out;
  if (out == NULL) {
    jk_out_of_memory = 1;
    return NULL;
  }
  for (const unsigned char *p = (const unsigned char *)s; *p;) {
    uint32_t code;
    size_t n = utf8_char(p, &code);
    if (n == 0) {
      o += sprintf(o, "\\x%02x", *p++);
    } else if (code == '\\') {
      memcpy(o, "\\\\", 2);
      o += 2, p++;
    } else {
      memcpy(o, p, n);
      o += n, p += n;
    }
  }
  *o = '\0';
  J *v = json_object_new_string(out);
  free(out);
  return v;
}

J *jk_addr(uint64_t v)
{
  char buf[24];
  snprintf(buf, sizeof buf, "0x%llx", (unsigned long long)v);
  return json_object_new_string(buf);
}

J *jk_uint(uint64_t v)
{
  return json_object_new_uint64(v);
}

J *jk_int(int64_t v)
{
  return json_object_new_int64(v);
}

J *jk_obj(void)
{
  J *o = json_object_new_object();
  jk_out_of_memory |= o == NULL;
  return o;
}

J *jk_arr(void)
{
  J *a = json_object_new_array();
  jk_out_of_memory |= a == NULL;
  return a;
}

/* v NULL is a JSON null; a NULL container is out of memory already. */
void jk_put(J *o, const char *key, J *v)
{
  if (o == NULL || json_object_object_add(o, key, v) != 0) {
    jk_out_of_memory = 1;
    json_object_put(v);
  }
}

void jk_add(J *a, J *v)
{
  if (a == NULL || json_object_array_add(a, v) != 0) {
    jk_out_of_memory = 1;
    json_object_put(v);
  }
}

/* text with every character that printable_code() refuses (json-c escapes
   only the C0 controls) as a \u escape, so that the JSON text itself can go
   to a terminal.  Such characters occur only inside strings. */
char *jk_escape_unprintable(const char *text)
{
  size_t len = strlen(text);
  char *out = malloc(6 * len + 1), *o = out;   /* \uNNNN: six bytes for at least one */
  if (out == NULL)
    return NULL;
  for (const unsigned char *p = (const unsigned char *)text; *p;) {
    uint32_t code;
    size_t n = utf8_char(p, &code);
    if (n == 0)
      n = 1, code = *p;   /* json-c wrote only UTF-8; keep anything else as it is */
    if (code >= 0x7f && !printable_code(code))
      o += sprintf(o, "\\u%04x", (unsigned)code);   /* all of them are in the BMP */
    else
      memcpy(o, p, n), o += n;
    p += n;
  }
  *o = '\0';
  return out;
}

