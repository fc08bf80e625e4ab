/* Which mapped files are whose: the user's code, the system's, or another
   OpenMP runtime's.  Both hosts ask here, so the lists exist once. */
#define _GNU_SOURCE
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paradbg/paradbg.h"

static const char *base_of(const char *path)
{
  const char *slash = path != NULL ? strrchr(path, '/') : NULL;
  return slash != NULL ? slash + 1 : path != NULL ? path : "";
}

/* The C library, the dynamic loader, the vDSO, and the libraries the
   runtime's waits and atomics go through. */
static const char *const system_prefixes[] = {
  "libc.so", "libc-", "ld-linux", "ld64.so", "ld.so", "linux-vdso", "linux-gate", "[vdso]",
  "libpthread.so", "libpthread-", "libatomic.so", "libparatomic.so",
  "system-supplied DSO",   /* GDB's name for the vDSO */
};

int pdb_module_is_users(const char *module, const char *runtime)
{
  const char *base = base_of(module);
  if (module == NULL || *base == '\0' || (runtime != NULL && strcmp(base, base_of(runtime)) == 0))
    return 0;
  for (unsigned i = 0; i < sizeof system_prefixes / sizeof system_prefixes[0]; i++)
    if (strncmp(module, system_prefixes[i], strlen(system_prefixes[i])) == 0 ||
        strncmp(base, system_prefixes[i], strlen(system_prefixes[i])) == 0)
      return 0;
  return 1;
}

/* OpenMP runtimes that name no plugin a debugger could load, by the start
   of their file names, and what the user can do instead. */
#define ON_LIBPAROMP "run the program on libparomp, with paradbg-run or with LD_LIBRARY_PATH=%s"
#define REBUILD "libparomp stands in for libgomp only: build the program with gcc -fopenmp and run it " \
  "with paradbg-run, or use an LLVM libomp built with LIBOMP_OMPD_SUPPORT (tests/build-llvm-ompd.sh) " \
  "and trust a directory holding its libompd.so"
static const struct {
  const char *prefix, *what, *advice;
} other_runtimes[] = {
  { "libgomp.so", "GNU libgomp", ON_LIBPAROMP },
  { "libomp.so", "LLVM libomp", REBUILD },
  { "libomp-", "LLVM libomp", REBUILD },
  { "libiomp5", "Intel's libiomp5", REBUILD },
};

int pdb_other_runtime(const char *file, const char *runtimedir, char *buf, size_t n)
{
  const char *base = base_of(file);
  for (unsigned i = 0; i < sizeof other_runtimes / sizeof other_runtimes[0]; i++) {
    if (strncmp(base, other_runtimes[i].prefix, strlen(other_runtimes[i].prefix)) != 0)
      continue;
    char *shown = pdb_printable(base), advice[1024];
    snprintf(advice, sizeof advice, other_runtimes[i].advice,
             runtimedir != NULL ? runtimedir : "paradbg's runtime directory");
    snprintf(buf, n, "%s (%.256s), which paradbg cannot read: %s", other_runtimes[i].what,
             shown != NULL ? shown : other_runtimes[i].prefix, advice);
    free(shown);
    return 1;
  }
  return 0;
}

void pdb_frame_text(const struct pdb_frame *f, char *buf, size_t n)
{
  if (f->function != NULL && f->file != NULL)
    snprintf(buf, n, "%s () at %s:%d", f->function, base_of(f->file), f->line);
  else if (f->function != NULL && f->module != NULL)
    snprintf(buf, n, "%s () from %s", f->function, f->module);
  else if (f->function != NULL)
    snprintf(buf, n, "%s ()", f->function);
  else
    snprintf(buf, n, "0x%llx in ?? ()", (unsigned long long)f->pc);
}
