/* Opening a target's OpenMP runtime.  The plugin a target names is loaded
   only if its base name is one paradbg knows (paradbg/plugins.h), only from
   a directory the host trusts or paradbg's own plugin directory, and only
   once the file is seen to export the OMPD entry points: a core from
   someone else must not be able to make a debugger load code of its
   choosing, a runtime included (its constructor would run in there). */
#define _GNU_SOURCE
#include "config.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "paradbg/plugins.h"

#include "session.h"

#define MAX_NAMES 16     /* entries of ompd_dll_locations looked at */
#define MAX_NAME PDB_MAX_NAME

/* The OMPD libraries paradbg loads, by exact file name. */
static const char *const known[] = { PARADBG_OMPD_PLUGIN, PARADBG_LLVM_OMPD_PLUGIN };
#define KNOWN_TEXT PARADBG_OMPD_PLUGIN " and LLVM's " PARADBG_LLVM_OMPD_PLUGIN

int say_status(char *msg, size_t size, int status, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  if (msg != NULL && size > 0)
    vsnprintf(msg, size, fmt, ap);
  va_end(ap);
  return status;
}

int pdb_api_version(void)
{
  return PDB_API_VERSION;
}

void pdb_free(void *p)
{
  free(p);
}

static const char *base_of(const char *path)
{
  const char *slash = strrchr(path, '/');
  return slash != NULL ? slash + 1 : path;
}

static int read_pointer(const pdb_session *s, unsigned psize, uint64_t addr, uint64_t *out)
{
  uint64_t v = 0;
  ompd_address_t a = { OMPD_SEGMENT_UNSPECIFIED, addr };
  if (s->host->ompd->read_memory(s->context, NULL, &a, psize, &v) != ompd_rc_ok)
    return -1;
  *out = psize == 4 ? (uint32_t)v : v;
  return 0;
}

static int lookup(const pdb_session *s, const char *name, uint64_t *addr)
{
  ompd_address_t a = { 0, 0 };
  if (s->host->ompd->symbol_addr_lookup(s->context, NULL, name, &a, NULL) != ompd_rc_ok)
    return -1;
  *addr = a.address;
  return 0;
}

/* The base name, in printable ASCII, of at most MAX_NAME bytes at addr, or
   -1: plugin names are plain file names, so nothing else is ever shown. */
int read_plugin_name(const struct pdb_host *host, ompd_address_space_context_t *context,
                       uint64_t addr, char *buf)
{
  size_t n = 0;
  for (;; n++) {
    ompd_address_t a = { OMPD_SEGMENT_UNSPECIFIED, addr + n };
    if (n == MAX_NAME || host->ompd->read_memory(context, NULL, &a, 1, &buf[n]) != ompd_rc_ok)
      return -1;
    if (buf[n] == '\0')
      break;
    if ((unsigned char)buf[n] < 0x20 || (unsigned char)buf[n] >= 0x7f)
      return -1;
  }
  const char *base = base_of(buf);
  memmove(buf, base, strlen(base) + 1);
  return strcmp(buf, "") == 0 || strcmp(buf, ".") == 0 || strcmp(buf, "..") == 0 ? -1 : 0;
}

static int read_base_name(const pdb_session *s, uint64_t addr, char *buf)
{
  return read_plugin_name(s->host, s->context, addr, buf);
}

/* Fills names; their count, or -1 if the target names no plugin at all.
   *where: the address of the symbol that named them. */
static int plugin_names(pdb_session *s, char names[][MAX_NAME + 1], uint64_t *where)
{
  ompd_device_type_sizes_t sizes = { 0 };
  unsigned psize = s->host->ompd->sizeof_type(s->context, &sizes) == ompd_rc_ok &&
                   (sizes.sizeof_pointer == 4 || sizes.sizeof_pointer == 8) ? sizes.sizeof_pointer : 8;
  uint64_t list, str;
  int n = 0, named = 0;
  if (lookup(s, "ompd_dll_locations", where) == 0) {
    named = 1;
    if (read_pointer(s, psize, *where, &list) == 0 && list != 0)
      for (int i = 0; i < MAX_NAMES; i++) {
        if (read_pointer(s, psize, list + (uint64_t)i * psize, &str) != 0 || str == 0)
          break;
        if (read_base_name(s, str, names[n]) == 0)
          n++;
      }
  }
  /* The 2013 report's name, set from the start (ompd_dll_locations is set
     when the runtime initializes). */
  if (n == 0 && lookup(s, "ompt_debugger_plugin", where) == 0) {
    named = 1;
    if (read_pointer(s, psize, *where, &str) == 0 && str != 0 &&
        read_base_name(s, str, names[0]) == 0)
      n = 1;
  }
  return named ? n : -1;
}

int pdb_open_regular(const char *path)
{
  struct stat sb;
  if (stat(path, &sb) != 0)
    return -1;
  int fd = S_ISREG(sb.st_mode) ? open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK) : -1;
  if (fd >= 0 && (fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode))) {   /* replaced meanwhile */
    close(fd);
    fd = -1;
  }
  if (!S_ISREG(sb.st_mode))
    errno = EINVAL;
  return fd;
}

/* Whether the ELF file open as fd defines every function of wanted in its
   dynamic symbol table: read before dlopen, which would run its code. */
int elf_exports(int fd, const char *const *wanted, unsigned nwanted)
{
  unsigned found = 0;
  char *seen = calloc(nwanted ? nwanted : 1, 1);
  if (seen == NULL)
    return 0;
  elf_version(EV_CURRENT);
  Elf *e = elf_begin(fd, ELF_C_READ_MMAP, NULL);
  Elf_Scn *scn = NULL;
  GElf_Shdr sh;
  while (e != NULL && elf_kind(e) == ELF_K_ELF && (scn = elf_nextscn(e, scn)) != NULL) {
    if (gelf_getshdr(scn, &sh) == NULL || sh.sh_type != SHT_DYNSYM || sh.sh_entsize == 0)
      continue;
    Elf_Data *d = elf_getdata(scn, NULL);
    size_t count = d != NULL ? d->d_size / sh.sh_entsize : 0;
    for (size_t i = 1; i < count && found < nwanted; i++) {
      GElf_Sym sym;
      const char *name;
      if (gelf_getsym(d, (int)i, &sym) == NULL || sym.st_shndx == SHN_UNDEF ||
          GELF_ST_TYPE(sym.st_info) != STT_FUNC ||
          (name = elf_strptr(e, sh.sh_link, sym.st_name)) == NULL)
        continue;
      for (unsigned k = 0; k < nwanted; k++)
        if (!seen[k] && strcmp(name, wanted[k]) == 0) {
          seen[k] = 1;
          found++;
        }
    }
    break;
  }
  if (e != NULL)
    elf_end(e);
  free(seen);
  return found == nwanted;
}

static int exports_ompd(int fd)
{
  static const char *const wanted[] = {
#define PARADBG_OMPD_API(name) #name,
#include "paradbg/ompd-api.h"
#undef PARADBG_OMPD_API
  };
  return elf_exports(fd, wanted, sizeof wanted / sizeof wanted[0]);
}

ompd_rc_t same_byte_order(ompd_address_space_context_t *c, const void *in, ompd_size_t size,
                             ompd_size_t count, void *out)
{
  (void)c;
  if (in == NULL || out == NULL || (count != 0 && size > SIZE_MAX / count))
    return ompd_rc_bad_input;
  memmove(out, in, size * count);
  return ompd_rc_ok;
}

/* The host's callbacks as a plugin gets them: a host whose target has its
   byte order may leave the conversions out; some libraries call them
   regardless. */
void plugin_callbacks(const ompd_callbacks_t *host, ompd_callbacks_t *out)
{
  *out = *host;
  if (out->device_to_host == NULL)
    out->device_to_host = same_byte_order;
  if (out->host_to_device == NULL)
    out->host_to_device = same_byte_order;
}

/* ---- the callbacks an OMPD library gets ---------------------------------- */

static struct pdb_context *ctx_of(ompd_address_space_context_t *c)
{
  struct pdb_context *x = (struct pdb_context *)c;
  return x != NULL && x->magic == PDB_CONTEXT_MAGIC ? x : NULL;
}

static void cache_drop(struct read_cache *k)
{
  for (unsigned i = 0; i < k->nblocks; i++)
    free(k->blocks[i].data);
  free(k->blocks);
  free(k->keys);
  free(k->block_of);
  unsigned depth = k->depth;
  memset(k, 0, sizeof *k);
  k->depth = depth;
}

/* The slot of line: its own, or the empty one where it would go. */
static unsigned cache_slot(const struct read_cache *k, uint64_t line)
{
  uint64_t h = (line / CACHE_LINE) * 0x9e3779b97f4a7c15ull;
  unsigned mask = k->nslots - 1, i = (unsigned)(h >> 32) & mask;
  while (k->keys[i] != 0 && k->keys[i] != line + 1)   /* never full: at most half used */
    i = (i + 1) & mask;
  return i;
}

/* The kept block that covers line, or NULL. */
static const struct cache_block *cache_find(const struct read_cache *k, uint64_t line)
{
  if (k->nslots == 0)
    return NULL;
  unsigned i = cache_slot(k, line);
  return k->keys[i] != 0 ? &k->blocks[k->block_of[i]] : NULL;
}

static int cache_grow(struct read_cache *k)
{
  unsigned n = k->nslots ? k->nslots * 2 : 4096;
  uint64_t *old_keys = k->keys;
  unsigned *old_of = k->block_of, oldn = k->nslots;
  k->keys = calloc(n, sizeof *k->keys);
  k->block_of = calloc(n, sizeof *k->block_of);
  if (k->keys == NULL || k->block_of == NULL) {
    free(k->keys);
    free(k->block_of);
    k->keys = old_keys;
    k->block_of = old_of;
    return -1;
  }
  k->nslots = n;
  for (unsigned i = 0; i < oldn; i++)
    if (old_keys[i] != 0) {
      unsigned j = cache_slot(k, old_keys[i] - 1);
      k->keys[j] = old_keys[i];
      k->block_of[j] = old_of[i];
    }
  free(old_keys);
  free(old_of);
  return 0;
}

/* Keeps len bytes read at addr (both line-aligned); each line they cover
   is found in this block from now on.  Nothing is kept if memory runs
   short; past CACHE_MAX_BYTES everything kept is dropped first. */
static void cache_put(struct read_cache *k, uint64_t addr, const unsigned char *data, size_t len)
{
  unsigned lines = (unsigned)(len / CACHE_LINE);
  if (k->bytes + len > CACHE_MAX_BYTES)
    cache_drop(k);
  while ((k->nused + lines) * 2 > k->nslots)
    if (cache_grow(k) != 0)
      return;
  if (k->nblocks == k->blocks_cap) {
    unsigned cap = k->blocks_cap ? k->blocks_cap * 2 : 1024;
    struct cache_block *grown = realloc(k->blocks, cap * sizeof *grown);
    if (grown == NULL)
      return;
    k->blocks = grown;
    k->blocks_cap = cap;
  }
  unsigned char *copy = malloc(len);
  if (copy == NULL)
    return;
  memcpy(copy, data, len);
  k->blocks[k->nblocks] = (struct cache_block){ addr, len, copy };
  for (unsigned l = 0; l < lines; l++) {
    unsigned i = cache_slot(k, addr + (uint64_t)l * CACHE_LINE);
    if (k->keys[i] == 0)
      k->nused++;
    k->keys[i] = addr + (uint64_t)l * CACHE_LINE + 1;
    k->block_of[i] = k->nblocks;
  }
  k->nblocks++;
  k->bytes += len;
}

static ompd_rc_t host_read(struct pdb_context *x, ompd_thread_context_t *tc,
                           uint64_t addr, ompd_size_t n, void *buf)
{
  ompd_address_t a = { OMPD_SEGMENT_UNSPECIFIED, addr };
  return x->cb->read_memory(x->host, tc, &a, n, buf);
}

#define CACHE_MAX_READ (64 * CACHE_LINE)   /* longer reads go to the host as they are */

/* Inside pdb_gather, a read that lies within a block the host read
   before costs the host nothing; else the aligned lines it spans are read
   in one go, and kept.  Lines never cross a page, so they read wherever
   the bytes asked for do; if not (a cut core), the bytes asked for are
   read alone, and not kept. */
static ompd_rc_t lib_read(ompd_address_space_context_t *c, ompd_thread_context_t *tc,
                          const ompd_address_t *addr, ompd_size_t n, void *buf)
{
  struct pdb_context *x = ctx_of(c);
  if (x == NULL || addr == NULL || buf == NULL)
    return ompd_rc_bad_input;
  uint64_t at = addr->address;
  struct read_cache *k = &x->cache;
  if (k->depth == 0 || tc != NULL || n == 0 || n > CACHE_MAX_READ || at + n < at ||
      at + n > UINT64_MAX - CACHE_LINE)
    return host_read(x, tc, at, n, buf);
  const struct cache_block *b = cache_find(k, at & ~(uint64_t)(CACHE_LINE - 1));
  if (b != NULL && b->addr <= at && at + n <= b->addr + b->len) {
    memcpy(buf, b->data + (at - b->addr), n);
    return ompd_rc_ok;
  }
  uint64_t first = at & ~(uint64_t)(CACHE_LINE - 1);
  uint64_t last = (at + n - 1) & ~(uint64_t)(CACHE_LINE - 1);
  unsigned char block[CACHE_MAX_READ + 2 * CACHE_LINE];
  size_t len = (size_t)(last - first) + CACHE_LINE;
  if (host_read(x, NULL, first, len, block) != ompd_rc_ok)
    return host_read(x, NULL, at, n, buf);
  cache_put(k, first, block, len);
  memcpy(buf, block + (at - first), n);
  return ompd_rc_ok;
}

void cache_begin(pdb_session *s)
{
  if (s != NULL && s->ctx != NULL)
    s->ctx->cache.depth++;
}

void cache_end(pdb_session *s)
{
  if (s != NULL && s->ctx != NULL && s->ctx->cache.depth > 0 && --s->ctx->cache.depth == 0)
    cache_drop(&s->ctx->cache);
}

/* A write changes what was read: nothing kept holds after it. */
static ompd_rc_t lib_write(ompd_address_space_context_t *c, ompd_thread_context_t *tc,
                           const ompd_address_t *addr, ompd_size_t n, const void *buf)
{
  struct pdb_context *x = ctx_of(c);
  if (x == NULL)
    return ompd_rc_bad_input;
  cache_drop(&x->cache);
  return x->cb->write_memory != NULL ? x->cb->write_memory(x->host, tc, addr, n, buf)
                                     : ompd_rc_unsupported;
}

static ompd_rc_t lib_read_string(ompd_address_space_context_t *c, ompd_thread_context_t *tc,
                                 const ompd_address_t *addr, ompd_size_t n, void *buf)
{
  struct pdb_context *x = ctx_of(c);
  if (x == NULL)
    return ompd_rc_bad_input;
  return x->cb->read_string != NULL ? x->cb->read_string(x->host, tc, addr, n, buf)
                                    : ompd_rc_unsupported;
}

static ompd_rc_t lib_sizeof(ompd_address_space_context_t *c, ompd_device_type_sizes_t *sizes)
{
  struct pdb_context *x = ctx_of(c);
  return x != NULL ? x->cb->sizeof_type(x->host, sizes) : ompd_rc_bad_input;
}

static ompd_rc_t lib_symbol(ompd_address_space_context_t *c, ompd_thread_context_t *tc,
                            const char *name, ompd_address_t *addr, const char *file)
{
  struct pdb_context *x = ctx_of(c);
  return x != NULL ? x->cb->symbol_addr_lookup(x->host, tc, name, addr, file) : ompd_rc_bad_input;
}

static ompd_rc_t lib_to_host(ompd_address_space_context_t *c, const void *in, ompd_size_t size,
                             ompd_size_t count, void *out)
{
  struct pdb_context *x = ctx_of(c);
  if (x == NULL)
    return ompd_rc_bad_input;
  return x->cb->device_to_host != NULL ? x->cb->device_to_host(x->host, in, size, count, out)
                                       : same_byte_order(c, in, size, count, out);
}

static ompd_rc_t lib_to_device(ompd_address_space_context_t *c, const void *in, ompd_size_t size,
                               ompd_size_t count, void *out)
{
  struct pdb_context *x = ctx_of(c);
  if (x == NULL)
    return ompd_rc_bad_input;
  return x->cb->host_to_device != NULL ? x->cb->host_to_device(x->host, in, size, count, out)
                                       : same_byte_order(c, in, size, count, out);
}

static ompd_rc_t lib_thread_context(ompd_address_space_context_t *c, ompd_thread_id_t kind,
                                    ompd_size_t size, const void *id, ompd_thread_context_t **tc)
{
  struct pdb_context *x = ctx_of(c);
  if (x == NULL)
    return ompd_rc_bad_input;
  return x->cb->get_thread_context_for_thread_id != NULL
             ? x->cb->get_thread_context_for_thread_id(x->host, kind, size, id, tc)
             : ompd_rc_unsupported;
}

/* The library's memory is libparadbg's (records.c frees its strings with
   free): a host's allocator may cost a call into another language. */
static ompd_rc_t lib_alloc(ompd_size_t n, void **p)
{
  if (p == NULL)
    return ompd_rc_bad_input;
  *p = malloc(n ? n : 1);
  return *p != NULL ? ompd_rc_ok : ompd_rc_nomem;
}

static ompd_rc_t lib_free(void *p)
{
  free(p);
  return ompd_rc_ok;
}

/* What an OMPD library is initialized with: libparadbg's, over a
   struct pdb_context; only print_string is the (first) host's, with no
   context to tell hosts apart. */
static void library_callbacks(const ompd_callbacks_t *host, ompd_callbacks_t *out)
{
  memset(out, 0, sizeof *out);
  out->alloc_memory = lib_alloc;
  out->free_memory = lib_free;
  out->print_string = host->print_string;
  out->sizeof_type = lib_sizeof;
  out->symbol_addr_lookup = lib_symbol;
  out->read_memory = lib_read;
  out->write_memory = lib_write;
  out->read_string = lib_read_string;
  out->device_to_host = lib_to_host;
  out->host_to_device = lib_to_device;
  out->get_thread_context_for_thread_id = lib_thread_context;
}

static struct ompd_library *libraries;   /* loaded, by path */
static pthread_mutex_t libraries_lock = PTHREAD_MUTEX_INITIALIZER;

/* The library at path, loaded and initialized with the host's callbacks.
   fd: the file at path, open, which this closes.  It is loaded by its path,
   not through /proc/self/fd, so that a debugger of this process sees its
   real name; whoever could swap the file between the check and dlopen
   could write a bad plugin there anyway. */
static int load(const struct pdb_host *host, const char *path, int fd, struct ompd_library **out,
                char *msg, size_t size)
{
  for (struct ompd_library *l = libraries; l != NULL; l = l->next)
    if (strcmp(l->path, path) == 0) {
      close(fd);
      *out = l;
      return PDB_OK;
    }
  int ompd = exports_ompd(fd);
  close(fd);
  if (!ompd)
    return say_status(msg, size, PDB_PLUGIN, "%s is not an OMPD library: it does not export the OMPD "
                   "entry points; not loaded", path);
  struct ompd_library *l = calloc(1, sizeof *l);
  if (l == NULL || (l->path = strdup(path)) == NULL) {
    free(l);
    return say_status(msg, size, PDB_FAILED, "out of memory");
  }
  l->lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (l->lib == NULL) {
    say_status(msg, size, PDB_PLUGIN, "cannot load the OMPD library %s: %s", path, dlerror());
    goto fail;
  }
#define PARADBG_OMPD_API(name)                                                          \
  if ((l->name = (__typeof__(name) *)dlsym(l->lib, #name)) == NULL) {                   \
    say_status(msg, size, PDB_PLUGIN, "%s is not an OMPD library: it has no %s", path, #name); \
    goto fail;                                                                          \
  }
#include "paradbg/ompd-api.h"
#undef PARADBG_OMPD_API
#define PARADBG_OMPD_EXT(name) l->name = (__typeof__(name) *)dlsym(l->lib, #name);
#include "paradbg/ompd-ext.h"
#undef PARADBG_OMPD_EXT
  library_callbacks(host->ompd, &l->callbacks);
  /* OpenMP 5.1's version, else 5.0's: LLVM 14's libompd knows only that. */
  ompd_rc_t rc = l->ompd_initialize(202011, &l->callbacks);
  int tried_50 = rc == ompd_rc_unsupported;
  if (tried_50)
    rc = l->ompd_initialize(201811, &l->callbacks);
  if (rc != ompd_rc_ok) {
    say_status(msg, size, PDB_PLUGIN, tried_50 ? "%s supports neither OMPD API version 202011 "
               "(OpenMP 5.1) nor 201811 (5.0): %s" : "%s refuses OMPD API version 202011 "
               "(OpenMP 5.1): %s", path, pdb_rc_name(rc) != NULL ? pdb_rc_name(rc) : "unknown error");
    goto fail;
  }
  if (l->ompd_get_version_string(&l->version) != ompd_rc_ok || l->version == NULL)
    l->version = "unknown version";
  l->next = libraries;
  libraries = l;
  *out = l;
  return PDB_OK;
fail:
  if (l->lib != NULL)
    dlclose(l->lib);
  free(l->path);
  free(l);
  return msg != NULL && size > 0 && strncmp(msg, "out of", 6) == 0 ? PDB_FAILED : PDB_PLUGIN;
}

static int open_with(pdb_session *s, const struct pdb_options *o, char *msg, size_t size)
{
  char names[MAX_NAMES][MAX_NAME + 1];
  const char *target = o != NULL && o->target_name != NULL ? o->target_name : "the program";
  uint64_t where = 0;
  int n = plugin_names(s, names, &where);
  if (n < 0)
    return say_status(msg, size, PDB_NO_RUNTIME, "No OpenMP runtime in %s names an OMPD library (no "
                   "ompd_dll_locations or ompt_debugger_plugin): run the program with paradbg-run",
                   target);
  if (n == 0)
    return say_status(msg, size, PDB_NO_RUNTIME, "%s has no usable OMPD library name: its "
                   "runtime's ompd_dll_locations is not set yet (the runtime starts at the first "
                   "OpenMP call) or unreadable", target);
  struct pdb_place place = { 0 };
  if (s->host->describe != NULL && s->host->describe(s->host->data, where, &place) == 0 &&
      place.module[0] != '\0')
    s->runtime = strndup(place.module, sizeof place.module);
  int pick = -1;
  for (int i = 0; i < n && pick < 0; i++)
    for (unsigned k = 0; k < sizeof known / sizeof known[0]; k++)
      if (strcmp(names[i], known[k]) == 0)
        pick = i;
  if (pick < 0)
    return say_status(msg, size, PDB_PLUGIN, "%s names '%s' as its OMPD library, which is not a "
                   "plugin paradbg loads (it loads only " KNOWN_TEXT "); not loaded", target,
                   names[0]);
  char path[PATH_MAX];
  int fd;
  int st = find_plugin(o, names[pick], "OMPD library", path, sizeof path, &fd, msg, size);
  if (st != PDB_OK)
    return st;
  pthread_mutex_lock(&libraries_lock);
  st = load(s->host, path, fd, &s->ompd, msg, size);
  pthread_mutex_unlock(&libraries_lock);
  if (st != PDB_OK)
    return st;
  if ((s->ctx = calloc(1, sizeof *s->ctx)) == NULL)
    return say_status(msg, size, PDB_FAILED, "out of memory");
  *s->ctx = (struct pdb_context){ PDB_CONTEXT_MAGIC, s->context, s->host->ompd, { 0 } };
  ompd_rc_t rc = s->ompd->ompd_process_initialize((ompd_address_space_context_t *)s->ctx, &s->ah);
  if (rc == ompd_rc_incompatible) {
    s->ah = NULL;
    return say_status(msg, size, PDB_PLUGIN, "%s (%s) does not match the OpenMP runtime of %s",
                   path, s->ompd->version, target);
  }
  if (rc != ompd_rc_ok || s->ah == NULL) {
    s->ah = NULL;
    return say_status(msg, size, PDB_FAILED, "%s cannot read the OpenMP runtime of %s: %s", path,
                   target, pdb_rc_name(rc) != NULL ? pdb_rc_name(rc) : "unknown error");
  }
  return PDB_OK;
}

/* name (a base name paradbg knows) in the first trusted directory that has
   it as a regular file: PDB_OK with *fd open on path, or a status. */
int find_plugin(const struct pdb_options *o, const char *name, const char *what, char *path,
                    size_t pathsize, int *fd, char *msg, size_t size)
{
  const char *trusted[64];
  unsigned ntrusted = 0;
  for (unsigned i = 0; o != NULL && i < o->ndirs && ntrusted < 64; i++)
    if (o->dirs[i] != NULL && o->dirs[i][0] != '\0')
      trusted[ntrusted++] = o->dirs[i];
  for (unsigned d = 0; d < ntrusted; d++)
    if ((size_t)snprintf(path, pathsize, "%s/%s", trusted[d], name) < pathsize &&
        (*fd = pdb_open_regular(path)) >= 0)
      return PDB_OK;
  char where_text[2048] = "";
  for (unsigned d = 0; d < ntrusted; d++)
    snprintf(where_text + strlen(where_text), sizeof where_text - strlen(where_text), "%s%s",
             d ? ", " : "", trusted[d]);
  return say_status(msg, size, PDB_PLUGIN, "%s %s not found in %s; %s", what, name,
                 ntrusted > 0 ? where_text : "(no directory)", o != NULL && o->dir_advice != NULL ? o->dir_advice
                                                                : "add its directory");
}

int open_checks(const char *function, const struct pdb_host *host, int allocates, int has_out,
                char *msg, size_t msgsize)
{
  if (msg != NULL && msgsize > 0)
    msg[0] = '\0';
  if (!has_out)
    return say_status(msg, msgsize, PDB_FAILED, "%s: no place for the session", function);
  if (host == NULL || host->ompd == NULL || host->ompd->read_memory == NULL ||
      host->ompd->symbol_addr_lookup == NULL || host->ompd->sizeof_type == NULL ||
      (allocates && (host->ompd->alloc_memory == NULL || host->ompd->free_memory == NULL)))
    return say_status(msg, msgsize, PDB_FAILED, "%s: the host gave no OMPD callbacks", function);
  return PDB_OK;
}

PDB_DEFINE_OPEN(pdb_open, pdb_session, 0, open_with, pdb_close)

void pdb_close(pdb_session *s)
{
  if (s == NULL)
    return;
  if (s->ah != NULL) {
    release_kept(s);
    s->ompd->ompd_rel_address_space_handle(s->ah);
  }
  if (s->ctx != NULL) {
    cache_drop(&s->ctx->cache);
    free(s->ctx);
  }
  free(s->runtime);
  free(s);
}

const char *pdb_runtime_module(const pdb_session *s)
{
  return s->runtime;
}

const char *pdb_plugin_path(const pdb_session *s)
{
  return s->ompd->path;
}

const char *pdb_plugin_version(const pdb_session *s)
{
  return s->ompd->version;
}
