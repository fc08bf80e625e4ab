/* A coarray's values on one image, read through the session's address
   space (any image's memory shows every image's copy) and decoded by the
   element type the runtime was told. */
#define _GNU_SOURCE
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "caf.h"
#include "jsonkit.h"

#define CHUNK 65536                  /* bytes per read */
#define MAX_BYTES (16u << 20)         /* read for one request at most */
#define MAX_ELEMENT (64u << 10)       /* bytes of one element shown at most */

static int read_bytes(pdb_caf_session *s, uint64_t addr, unsigned char *buf, uint64_t n)
{
  for (uint64_t done = 0; done < n;) {
    uint64_t k = n - done < CHUNK ? n - done : CHUNK;
    ompd_address_t a = { OMPD_SEGMENT_UNSPECIFIED, addr + done };
    if (s->host->ompd->read_memory(s->context, NULL, &a, k, buf + done) != ompd_rc_ok)
      return -1;
    done += k;
  }
  return 0;
}

static J *hex(const unsigned char *p, uint64_t n)
{
  char *t = malloc(2 * n + 3);
  if (t == NULL) {
    jk_out_of_memory = 1;
    return NULL;
  }
  strcpy(t, "0x");
  /* Little-endian: the element's value, most significant byte first. */
  for (uint64_t i = 0; i < n; i++)
    sprintf(t + 2 + 2 * i, "%02x", p[n - 1 - i]);
  J *v = jk_str(t);
  free(t);
  return v;
}

static J *real(const unsigned char *p, uint64_t len)
{
  if (len == 4) {
    float f;
    memcpy(&f, p, 4);
    return json_object_new_double(f);
  }
  if (len == 8) {
    double d;
    memcpy(&d, p, 8);
    return json_object_new_double(d);
  }
  return hex(p, len);
}

static J *element(const char *type, const unsigned char *p, uint64_t len)
{
  if (strcmp(type, "integer") == 0 && (len == 1 || len == 2 || len == 4 || len == 8)) {
    int64_t v = len == 1 ? *(const int8_t *)p : 0;
    if (len == 2) { int16_t x; memcpy(&x, p, 2); v = x; }
    if (len == 4) { int32_t x; memcpy(&x, p, 4); v = x; }
    if (len == 8) memcpy(&v, p, 8);
    return jk_int(v);
  }
  if (strcmp(type, "logical") == 0 && len >= 1 && len <= 8) {
    int any = 0;
    for (uint64_t i = 0; i < len; i++)
      any |= p[i] != 0;
    return json_object_new_boolean(any);
  }
  if (strcmp(type, "real") == 0)
    return real(p, len);
  if (strcmp(type, "complex") == 0 && (len == 8 || len == 16)) {
    J *a = jk_arr();
    jk_add(a, real(p, len / 2));
    jk_add(a, real(p + len / 2, len / 2));
    return a;
  }
  if (strcmp(type, "character") == 0) {
    char *t = malloc(len + 1);
    if (t == NULL) {
      jk_out_of_memory = 1;
      return NULL;
    }
    memcpy(t, p, len);
    t[len] = '\0';
    /* A NUL inside ends the text: say so rather than cut it silently. */
    J *v = strlen(t) == len ? jk_str(t) : hex(p, len);
    free(t);
    return v;
  }
  return hex(p, len);
}

static J *bounds(const int64_t *v, int n)
{
  J *a = jk_arr();
  for (int i = 0; i < n; i++)
    jk_add(a, jk_int(v[i]));
  return a;
}

char *pdb_caf_values_json(pdb_caf_session *s, int image, const char *name, unsigned max, char *msg,
                          size_t msgsize)
{
  struct pdb_caf_records r;
  if (name == NULL)
    return say_status(msg, msgsize, PDB_FAILED, "no coarray named"), NULL;
  if (pdb_caf_gather(s, PDB_CAF_WANT_COARRAYS, &r, msg, msgsize) != PDB_OK)
    return NULL;
  char *out = NULL;
  const struct pdb_caf_coarray *c = caf_find(&r, name);
  if (image < 1 || image > r.num_images) {
    say_status(msg, msgsize, PDB_FAILED, "There is no image %d: the program has %d images", image, r.num_images);
    goto done;
  }
  if (c == NULL) {
    char *p = pdb_printable(name);
    say_status(msg, msgsize, PDB_FAILED, "No coarray named '%s' (names come from the program's "
               "symbols; '#N' names registration N)", p != NULL ? p : "?");
    free(p);
    goto done;
  }
  if ((unsigned)image > c->nimages || c->readable[image - 1] == 0) {
    say_status(msg, msgsize, PDB_FAILED, "%s has no copy on image %d that can be read here", name, image);
    goto done;
  }
  uint64_t len = c->elem_len, n = len ? c->nbytes / len : 0;
  if (len == 0 || strcmp(c->kind, "lock") == 0 || strcmp(c->kind, "event") == 0 ||
      strcmp(c->kind, "critical") == 0) {
    say_status(msg, msgsize, PDB_FAILED, "%s is a %s variable: see its state with the locks and events "
               "views", name, c->kind);
    goto done;
  }
  if (len > MAX_ELEMENT) {
    say_status(msg, msgsize, PDB_FAILED, "%s has elements of %llu bytes, more than paradbg shows (%u)", name,
               (unsigned long long)len, MAX_ELEMENT);
    goto done;
  }
  /* The sizes come from the target: the bytes read are bounded too. */
  uint64_t shown = n < max ? n : max;
  if (shown > MAX_BYTES / len)
    shown = MAX_BYTES / len;
  unsigned char *buf = malloc(shown * len > 0 ? shown * len : 1);
  if (buf == NULL) {
    say_status(msg, msgsize, PDB_FAILED, "out of memory");
    goto done;
  }
  if (read_bytes(s, c->readable[image - 1], buf, shown * len) != 0) {
    say_status(msg, msgsize, PDB_FAILED, "cannot read %s on image %d at 0x%llx", name, image,
               (unsigned long long)c->readable[image - 1]);
    free(buf);
    goto done;
  }
  jk_out_of_memory = 0;
  J *o = jk_obj();
  jk_put(o, "name", jk_str(c->name));
  jk_put(o, "serial", jk_uint(c->serial));
  jk_put(o, "image", jk_int(image));
  jk_put(o, "type", jk_str(c->type));
  jk_put(o, "elem_len", jk_uint(len));
  jk_put(o, "address", jk_addr(c->in_image[image - 1] ? c->in_image[image - 1] : c->readable[image - 1]));
  jk_put(o, "rank", c->rank >= 0 ? jk_int(c->rank) : NULL);
  jk_put(o, "lbound", bounds(c->lbound, c->rank > 0 ? c->rank : 0));
  jk_put(o, "ubound", bounds(c->ubound, c->rank > 0 ? c->rank : 0));
  J *values = jk_arr();
  for (uint64_t i = 0; i < shown; i++)
    jk_add(values, element(c->type, buf + i * len, len));
  jk_put(o, "values", values);
  jk_put(o, "truncated", jk_uint(n - shown));
  free(buf);
  out = jk_render(o);
  if (out == NULL)
    say_status(msg, msgsize, PDB_FAILED, "out of memory");
done:
  pdb_caf_records_free(&r);
  return out;
}
