/* The plugin a target names is loaded only if its base name is one that
   paradbg knows (include/paradbg/plugins.h), only from a directory the user
   trusts, and only once the file is seen to export the OMPD entry points: a
   core from someone else must not be able to make us load code of its
   choosing, a runtime included (its constructor would run in here). */
#define _GNU_SOURCE
#include "config.h"

#include <dlfcn.h>
#include <gelf.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "paradbg/plugins.h"

#include "callbacks.h"
#include "files.h"
#include "plugin.h"
#include "printable.h"
#include "status.h"
#include "symbols.h"

#define MAX_NAMES 16
#define MAX_NAME 256

const char *ompd_rc_name(ompd_rc_t rc)
{
  static const char *const names[] = {
    "ok", "unavailable", "stale handle", "bad input", "error", "unsupported",
    "needs state tracking", "incompatible", "device read error", "device write error",
    "out of memory", "incomplete", "callback error",
  };
  return (unsigned)rc < sizeof names / sizeof names[0] ? names[rc] : "unknown error";
}

static int read_pointer(struct target *t, uint64_t addr, uint64_t *out)
{
  uint64_t v = 0;
  if (t->read(t, addr, &v, t->pointer_size) != 0)
    return -1;
  *out = t->pointer_size == 4 ? (uint32_t)v : v;
  return 0;
}

/* The base name, in printable ASCII, of at most MAX_NAME bytes at addr, or
   -1: plugin names are plain file names, so nothing else is ever shown. */
static int read_base_name(struct target *t, uint64_t addr, char *buf)
{
  size_t n = 0;
  for (;; n++) {
    if (n == MAX_NAME || t->read(t, addr + n, &buf[n], 1) != 0)
      return -1;
    if (buf[n] == '\0')
      break;
    if ((unsigned char)buf[n] < 0x20 || (unsigned char)buf[n] >= 0x7f)
      return -1;
  }
  const char *base = path_base(buf);
  memmove(buf, base, strlen(base) + 1);
  return strcmp(buf, "") == 0 || strcmp(buf, ".") == 0 || strcmp(buf, "..") == 0 ? -1 : 0;
}

/* Fills names; their count, or -1 if the target names no plugin at all. */
static int plugin_names(struct target *t, char names[][MAX_NAME + 1])
{
  uint64_t sym, list, str;
  int n = 0, named = 0;
  if (sym_lookup(t->dwfl, "ompd_dll_locations", &sym) == 0) {
    named = 1;
    if (read_pointer(t, sym, &list) == 0 && list != 0)
      for (int i = 0; i < MAX_NAMES; i++) {
        if (read_pointer(t, list + (uint64_t)i * t->pointer_size, &str) != 0 || str == 0)
          break;
        if (read_base_name(t, str, names[n]) == 0)
          n++;
      }
  }
  /* The 2013 report's name, set from the start (ompd_dll_locations is set
     when the runtime initializes). */
  if (n == 0 && sym_lookup(t->dwfl, "ompt_debugger_plugin", &sym) == 0) {
    named = 1;
    if (read_pointer(t, sym, &str) == 0 && str != 0 && read_base_name(t, str, names[0]) == 0)
      n = 1;
  }
  return named ? n : -1;
}

/* OpenMP runtimes that name no plugin a debugger could load, by the start
   of their file names, and what the user can do instead. */
#define ON_LIBPAROMP "run the program on libparomp, with paradbg-run or with LD_LIBRARY_PATH=" RUNTIMEDIR
#define REBUILD "libparomp stands in for libgomp only: build the program with gcc -fopenmp and run it " \
  "with paradbg-run"
static const struct {
  const char *prefix, *what, *advice;
} other_runtimes[] = {
  { "libgomp.so", "GNU libgomp", ON_LIBPAROMP },
  { "libomp.so", "LLVM libomp", REBUILD },
  { "libomp-", "LLVM libomp", REBUILD },
  { "libiomp5", "Intel's libiomp5", REBUILD },
};

struct runtime_search {
  char found[MAX_NAME + 64];
  const char *advice;
};

static int find_runtime(Dwfl_Module *mod, void **user, const char *name, Dwarf_Addr start, void *arg)
{
  (void)mod, (void)user, (void)start;
  struct runtime_search *q = arg;
  const char *base = name != NULL ? path_base(name) : "";
  for (unsigned i = 0; i < sizeof other_runtimes / sizeof other_runtimes[0]; i++)
    if (strncmp(base, other_runtimes[i].prefix, strlen(other_runtimes[i].prefix)) == 0) {
      char *shown = printable(base);
      snprintf(q->found, sizeof q->found, "%s (%.*s)", other_runtimes[i].what, MAX_NAME,
               shown != NULL ? shown : other_runtimes[i].prefix);
      free(shown);
      q->advice = other_runtimes[i].advice;
      return DWARF_CB_ABORT;
    }
  return DWARF_CB_OK;
}

/* Whether another OpenMP runtime is mapped: says which and what to do. */
static const struct runtime_search *other_runtime(Dwfl *dwfl)
{
  static struct runtime_search q;
  q.found[0] = '\0';
  if (dwfl != NULL)
    dwfl_getmodules(dwfl, find_runtime, &q, 0);
  return q.found[0] != '\0' ? &q : NULL;
}

/* The build tree's plugin directory, if this is the build tree's binary. */
static const char *build_dir(void)
{
  char self[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  if (n <= 0)
    return NULL;
  self[n] = '\0';
  char *slash = strrchr(self, '/');
  if (slash == NULL)
    return NULL;
  *slash = '\0';
  char built[PATH_MAX];
  if (realpath(INSPECT_BUILDDIR, built) == NULL || strcmp(built, self) != 0)
    return NULL;
  return INSPECT_BUILD_PLUGINDIR;
}

/* Whether the ELF file open as fd defines every OMPD entry point in its
   dynamic symbol table: read before dlopen, which would run its code. */
static int exports_ompd(int fd)
{
  static const char *const wanted[] = {
#define PARADBG_OMPD_API(name) #name,
#include "paradbg/ompd-api.h"
#undef PARADBG_OMPD_API
  };
  enum { NWANTED = sizeof wanted / sizeof wanted[0] };
  int found = 0;
  elf_version(EV_CURRENT);
  Elf *e = elf_begin(fd, ELF_C_READ_MMAP, NULL);
  Elf_Scn *scn = NULL;
  GElf_Shdr sh;
  char seen[NWANTED] = { 0 };
  while (e != NULL && elf_kind(e) == ELF_K_ELF && (scn = elf_nextscn(e, scn)) != NULL) {
    if (gelf_getshdr(scn, &sh) == NULL || sh.sh_type != SHT_DYNSYM || sh.sh_entsize == 0)
      continue;
    Elf_Data *d = elf_getdata(scn, NULL);
    size_t count = d != NULL ? d->d_size / sh.sh_entsize : 0;
    for (size_t i = 1; i < count && found < NWANTED; i++) {
      GElf_Sym sym;
      const char *name;
      if (gelf_getsym(d, (int)i, &sym) == NULL || sym.st_shndx == SHN_UNDEF ||
          GELF_ST_TYPE(sym.st_info) != STT_FUNC ||
          (name = elf_strptr(e, sh.sh_link, sym.st_name)) == NULL)
        continue;
      for (unsigned k = 0; k < NWANTED; k++)
        if (!seen[k] && strcmp(name, wanted[k]) == 0) {
          seen[k] = 1;
          found++;
        }
    }
    break;
  }
  if (e != NULL)
    elf_end(e);
  return found == NWANTED;
}

/* fd: the file at path, open, which this closes.  It is loaded by its path,
   not through /proc/self/fd, so that a debugger of this process sees its
   real name; whoever could swap the file between the check and dlopen
   could write a bad plugin there anyway. */
static int load(struct target *t, const char *path, int fd, struct plugin *p)
{
  int ompd = exports_ompd(fd);
  close(fd);
  if (!ompd)
    return fail(ST_PLUGIN, "%s is not an OMPD library: it does not export the OMPD entry points; "
                "not loaded", path);
  p->lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (p->lib == NULL)
    return fail(ST_PLUGIN, "cannot load the OMPD plugin %s: %s", path, dlerror());
  p->path = strdup(path);
#define PARADBG_OMPD_API(name)                                                     \
  if ((p->name = (__typeof__(name) *)dlsym(p->lib, #name)) == NULL)                \
    return fail(ST_PLUGIN, "%s is not an OMPD library: it has no %s", path, #name);
#include "paradbg/ompd-api.h"
#undef PARADBG_OMPD_API
  ompd_rc_t rc = p->ompd_initialize(202011, &inspect_callbacks);
  if (rc != ompd_rc_ok)
    return fail(ST_PLUGIN, "%s does not support OMPD API version 202011 (OpenMP 5.1): %s", path,
                ompd_rc_name(rc));
  if (p->ompd_get_version_string(&p->version) != ompd_rc_ok || p->version == NULL)
    p->version = "unknown version";
  rc = p->ompd_process_initialize(target_context(t), &p->ah);
  if (rc == ompd_rc_incompatible)
    return fail(ST_PLUGIN, "%s (%s) does not match the OpenMP runtime in %s", path, p->version,
                t->name);
  if (rc != ompd_rc_ok || p->ah == NULL)
    return fail(ST_FAILED, "cannot read the OpenMP runtime in %s: %s", t->name, ompd_rc_name(rc));
  return ST_OK;
}

int plugin_open(struct target *t, char *const *dirs, unsigned ndirs, struct plugin *p)
{
  memset(p, 0, sizeof *p);
  static char names[MAX_NAMES][MAX_NAME + 1];
  int n = plugin_names(t, names);
  const struct runtime_search *other = n < 0 ? other_runtime(t->dwfl) : NULL;
  if (other != NULL)
    return fail(ST_NO_RUNTIME, "%s runs on %s, which paradbg cannot read: %s", t->name,
                other->found, other->advice);
  if (n < 0)
    return fail(ST_NO_RUNTIME, "%s has no paradbg runtime: no OpenMP runtime in it names an OMPD "
                "plugin (run the program with paradbg-run)", t->name);
  if (n == 0)
    return fail(ST_NO_RUNTIME, "%s has no usable OMPD plugin name: its runtime's "
                "ompd_dll_locations is unreadable", t->name);
  const char *trusted[64];
  unsigned ntrusted = 0;
  for (unsigned i = 0; i < ndirs && ntrusted < 62; i++)
    trusted[ntrusted++] = dirs[i];
  const char *built = build_dir();
  if (built != NULL)
    trusted[ntrusted++] = built;
  trusted[ntrusted++] = PLUGINDIR;
  int known = -1;
  for (int i = 0; i < n && known < 0; i++)
    if (strcmp(names[i], PARADBG_OMPD_PLUGIN) == 0)
      known = i;
  if (known < 0)
    return fail(ST_PLUGIN, "%s names '%s' as its OMPD plugin, which is not a plugin paradbg "
                "loads (it loads only " PARADBG_OMPD_PLUGIN "); not loaded", t->name, names[0]);
  for (unsigned d = 0; d < ntrusted; d++) {
    char path[PATH_MAX];
    int fd;
    if ((size_t)snprintf(path, sizeof path, "%s/%s", trusted[d], names[known]) < sizeof path &&
        (fd = open_regular(path)) >= 0)
      return load(t, path, fd, p);
  }
  char where[1024] = "";
  for (unsigned d = 0; d < ntrusted; d++)
    snprintf(where + strlen(where), sizeof where - strlen(where), "%s%s", d ? ", " : "", trusted[d]);
  return fail(ST_PLUGIN, "the program's OMPD plugin %s is in none of the trusted directories (%s); "
              "add its directory with --plugin-dir", names[known], where);
}

void plugin_close(struct plugin *p)
{
  if (p->ah != NULL && p->ompd_rel_address_space_handle != NULL)
    p->ompd_rel_address_space_handle(p->ah);
  if (p->lib != NULL && p->ompd_finalize != NULL && p->ah != NULL)
    p->ompd_finalize();
  if (p->lib != NULL)
    dlclose(p->lib);
  free(p->path);
  memset(p, 0, sizeof *p);
}
