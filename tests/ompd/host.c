/* The OMPD test host: callbacks over the test's own process. */
#define _GNU_SOURCE
#include "host.h"

#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

struct ompd_api ompd;
unsigned long host_reads;

/* The context is opaque to the library; any distinct address does. */
static int context_token;
ompd_address_space_context_t *host_context = (ompd_address_space_context_t *)&context_token;

#define MAX_FAKES 16
static struct {
  char name[64];
  const void *address;
} fakes[MAX_FAKES];
static unsigned nfakes;

pid_t host_gettid(void)
{
  return (pid_t)syscall(SYS_gettid);
}

void host_fake_symbol(const char *name, const void *address)
{
  if (name == NULL) {
    nfakes = 0;
    return;
  }
  if (nfakes == MAX_FAKES)
    abort();
  snprintf(fakes[nfakes].name, sizeof fakes[nfakes].name, "%s", name);
  fakes[nfakes++].address = address;
}

static ompd_rc_t cb_alloc(ompd_size_t n, void **p)
{
  *p = malloc(n);
  return *p ? ompd_rc_ok : ompd_rc_nomem;
}

static ompd_rc_t cb_free(void *p)
{
  free(p);
  return ompd_rc_ok;
}

static ompd_rc_t cb_print(const char *s, int category)
{
  (void)category;
  fputs(s, stderr);
  return ompd_rc_ok;
}

static ompd_rc_t cb_sizeof(ompd_address_space_context_t *c, ompd_device_type_sizes_t *s)
{
  if (c != host_context)
    return ompd_rc_bad_input;
  s->sizeof_char = sizeof(char);
  s->sizeof_short = sizeof(short);
  s->sizeof_int = sizeof(int);
  s->sizeof_long = sizeof(long);
  s->sizeof_long_long = sizeof(long long);
  s->sizeof_pointer = sizeof(void *);
  return ompd_rc_ok;
}

static ompd_rc_t cb_symbol(ompd_address_space_context_t *c, ompd_thread_context_t *t,
                           const char *name, ompd_address_t *addr, const char *file)
{
  (void)t, (void)file;
  if (c != host_context)
    return ompd_rc_bad_input;
  for (unsigned i = nfakes; i-- > 0;)
    if (strcmp(fakes[i].name, name) == 0) {
      if (fakes[i].address == NULL)
        return ompd_rc_error;
      addr->segment = OMPD_SEGMENT_UNSPECIFIED;
      addr->address = (ompd_addr_t)(uintptr_t)fakes[i].address;
      return ompd_rc_ok;
    }
  void *p = dlsym(RTLD_DEFAULT, name);
  if (p == NULL)
    return ompd_rc_error;
  addr->segment = OMPD_SEGMENT_UNSPECIFIED;
  addr->address = (ompd_addr_t)(uintptr_t)p;
  return ompd_rc_ok;
}

/* process_vm_readv on ourselves: an unmapped address is EFAULT, not a
   crash, as it would be for a debugger reading another process. */
static ompd_rc_t cb_read(ompd_address_space_context_t *c, ompd_thread_context_t *t,
                         const ompd_address_t *addr, ompd_size_t n, void *buf)
{
  (void)t;
  __atomic_add_fetch(&host_reads, 1, __ATOMIC_RELAXED);
  if (c != host_context)
    return ompd_rc_bad_input;
  struct iovec local = { buf, n }, remote = { (void *)(uintptr_t)addr->address, n };
  ssize_t got = process_vm_readv(getpid(), &local, 1, &remote, 1, 0);
  return got == (ssize_t)n ? ompd_rc_ok : ompd_rc_error;
}

static ompd_rc_t cb_write(ompd_address_space_context_t *c, ompd_thread_context_t *t,
                          const ompd_address_t *addr, ompd_size_t n, const void *buf)
{
  (void)c, (void)t, (void)addr, (void)n, (void)buf;
  return ompd_rc_unsupported;   /* the library must never write */
}

static ompd_rc_t cb_convert(ompd_address_space_context_t *c, const void *in, ompd_size_t size,
                            ompd_size_t count, void *out)
{
  (void)c;
  memcpy(out, in, size * count);
  return ompd_rc_ok;
}

static ompd_rc_t cb_thread_context(ompd_address_space_context_t *c, ompd_thread_id_t kind,
                                   ompd_size_t size, const void *id, ompd_thread_context_t **tc)
{
  (void)c, (void)kind, (void)size, (void)id, (void)tc;
  return ompd_rc_unsupported;
}

static const ompd_callbacks_t callbacks = {
  cb_alloc, cb_free, cb_print, cb_sizeof, cb_symbol, cb_read,
  cb_write, cb_read, cb_convert, cb_convert, cb_thread_context,
};

const ompd_callbacks_t *host_callbacks = &callbacks;

void host_load(void)
{
  const char *path = getenv("PARADBG_OMPD_LIB");
  if (path == NULL) {
    fprintf(stderr, "host: set PARADBG_OMPD_LIB to libparompd.so\n");
    abort();
  }
  void *lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (lib == NULL) {
    fprintf(stderr, "host: %s\n", dlerror());
    abort();
  }
#define PARADBG_OMPD_API(name)                                                  \
  if ((ompd.name = (__typeof__(name) *)dlsym(lib, #name)) == NULL) {    \
    fprintf(stderr, "host: %s does not export %s\n", path, #name);      \
    abort();                                                            \
  }
#include "paradbg/ompd-api.h"
#undef PARADBG_OMPD_API
#define PARADBG_OMPD_EXT(name) ompd.name = (__typeof__(name) *)dlsym(lib, #name);
#include "paradbg/ompd-ext.h"
#undef PARADBG_OMPD_EXT
  if (ompd.ompd_initialize(202011, &callbacks) != ompd_rc_ok) {
    fprintf(stderr, "host: ompd_initialize failed\n");
    abort();
  }
}

ompd_address_space_handle_t *host_process(void)
{
  ompd_address_space_handle_t *ah = NULL;
  ompd_rc_t rc = ompd.ompd_process_initialize(host_context, &ah);
  if (rc != ompd_rc_ok || ah == NULL) {
    fprintf(stderr, "host: ompd_process_initialize: %d\n", (int)rc);
    abort();
  }
  return ah;
}

void host_free(const void *p)
{
  free((void *)p);
}
