/* ompd_callbacks_t over a target.  The address-space context is the target
   itself; a thread context is one of its threads. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "callbacks.h"
#include "paradbg/paradbg.h"
#include "symbols.h"
#include "tls.h"

ompd_address_space_context_t *target_context(struct target *t)
{
  return (ompd_address_space_context_t *)t;
}

ompd_thread_context_t *target_thread_context(struct target *t, pid_t lwp)
{
  for (unsigned i = 0; i < t->nthreads; i++)
    if (t->threads[i].lwp == lwp)
      return (ompd_thread_context_t *)&t->threads[i];
  return NULL;
}

static ompd_rc_t cb_alloc(ompd_size_t n, void **p)
{
  *p = malloc(n ? n : 1);
  return *p != NULL ? ompd_rc_ok : ompd_rc_nomem;
}

static ompd_rc_t cb_free(void *p)
{
  free(p);
  return ompd_rc_ok;
}

static ompd_rc_t cb_print(const char *s, int category)
{
  (void)category;
  /* One line each, its own newline dropped and anything else made printable. */
  char *shown = s != NULL ? strndup(s, 4096) : NULL;
  size_t n = shown != NULL ? strlen(shown) : 0;
  if (n > 0 && shown[n - 1] == '\n')
    shown[n - 1] = '\0';
  char *safe = pdb_printable(shown);
  fprintf(stderr, "paradbg-inspect: plugin: %s\n", safe != NULL ? safe : "");
  free(safe);
  free(shown);
  return ompd_rc_ok;
}

static ompd_rc_t cb_sizeof(ompd_address_space_context_t *c, ompd_device_type_sizes_t *s)
{
  struct target *t = (struct target *)c;
  if (t == NULL || s == NULL)
    return ompd_rc_bad_input;
  /* LP64 or ILP32, by the target's ELF class. */
  s->sizeof_char = 1;
  s->sizeof_short = 2;
  s->sizeof_int = 4;
  s->sizeof_long = (uint8_t)t->pointer_size;
  s->sizeof_long_long = 8;
  s->sizeof_pointer = (uint8_t)t->pointer_size;
  return ompd_rc_ok;
}

static ompd_rc_t cb_symbol(ompd_address_space_context_t *c, ompd_thread_context_t *tc,
                           const char *name, ompd_address_t *addr, const char *file)
{
  (void)file;
  struct target *t = (struct target *)c;
  struct sym_found f;
  uint64_t a;
  if (t == NULL || name == NULL || addr == NULL)
    return ompd_rc_bad_input;
  if (sym_find(t->dwfl, name, &f) != 0)
    return ompd_rc_error;
  a = f.addr;
  /* A thread-local variable has an address only in a thread: its own. */
  if (f.tls && (tc == NULL || tls_address(t, (const struct inspect_thread *)tc, name, &f, &a) != 0))
    return ompd_rc_error;
  addr->segment = OMPD_SEGMENT_UNSPECIFIED;
  addr->address = a;
  return ompd_rc_ok;
}

static ompd_rc_t cb_read(ompd_address_space_context_t *c, ompd_thread_context_t *tc,
                         const ompd_address_t *addr, ompd_size_t n, void *buf)
{
  (void)tc;
  struct target *t = (struct target *)c;
  if (t == NULL || addr == NULL || buf == NULL)
    return ompd_rc_bad_input;
  t->reads++;
  return t->read(t, addr->address, buf, n) == 0 ? ompd_rc_ok : ompd_rc_error;
}

/* A string of at most n bytes with its NUL; read in pieces so that a short
   string near the end of a mapping still reads. */
static ompd_rc_t cb_read_string(ompd_address_space_context_t *c, ompd_thread_context_t *tc,
                                const ompd_address_t *addr, ompd_size_t n, void *buf)
{
  (void)tc;
  struct target *t = (struct target *)c;
  if (t == NULL || addr == NULL || buf == NULL || n == 0)
    return ompd_rc_bad_input;
  t->reads++;
  char *out = buf;
  for (ompd_size_t i = 0; i < n; i++) {
    if (t->read(t, addr->address + i, out + i, 1) != 0)
      return ompd_rc_error;
    if (out[i] == '\0')
      return ompd_rc_ok;
  }
  out[n - 1] = '\0';
  return ompd_rc_incomplete;
}

static ompd_rc_t cb_write(ompd_address_space_context_t *c, ompd_thread_context_t *tc,
                          const ompd_address_t *addr, ompd_size_t n, const void *buf)
{
  (void)c, (void)tc, (void)addr, (void)n, (void)buf;
  return ompd_rc_unsupported;   /* inspecting never changes the target */
}

static ompd_rc_t cb_thread_context(ompd_address_space_context_t *c, ompd_thread_id_t kind,
                                   ompd_size_t size, const void *id, ompd_thread_context_t **tc)
{
  struct target *t = (struct target *)c;
  if (t == NULL || id == NULL || tc == NULL)
    return ompd_rc_bad_input;
  if (kind != OMPD_THREAD_ID_LWP)
    return ompd_rc_unsupported;
  int64_t lwp;
  if (size == 4) {
    int32_t v;
    memcpy(&v, id, 4);
    lwp = v;
  } else if (size == 8) {
    memcpy(&lwp, id, 8);
  } else {
    return ompd_rc_bad_input;
  }
  *tc = target_thread_context(t, (pid_t)lwp);
  return *tc != NULL ? ompd_rc_ok : ompd_rc_unavailable;
}

const ompd_callbacks_t inspect_callbacks = {
  .alloc_memory = cb_alloc,
  .free_memory = cb_free,
  .print_string = cb_print,
  .sizeof_type = cb_sizeof,
  .symbol_addr_lookup = cb_symbol,
  .read_memory = cb_read,
  .write_memory = cb_write,
  .read_string = cb_read_string,
  /* Cores and processes of this machine only: the byte order is ours, and
     libparadbg gives a library a plain copy where these are NULL. */
  .device_to_host = NULL,
  .host_to_device = NULL,
  .get_thread_context_for_thread_id = cb_thread_context,
};
