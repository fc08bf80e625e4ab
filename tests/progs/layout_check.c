/* Loads a libparomp (possibly stripped) with dlopen and checks, from the
   shared list in include/paradbg/omp-layout.h, that every symbol a debugger
   plugin needs is exported and that the layout table is sane.
   Usage: layout_check LIBRARY */
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include "paradbg/omp-layout.h"

static const char *const symbols[] = {
#define SYMBOL_NAME(name) #name,
  PARADBG_OMP_SYMBOLS(SYMBOL_NAME)
#undef SYMBOL_NAME
};

/* Which type each field belongs to, from the same list. */
static const int field_type[] = {
#define FIELD_TYPE(s, f) PARADBG_OMP_TYPE_##s,
  PARADBG_OMP_FIELDS(FIELD_TYPE)
#undef FIELD_TYPE
};

static const char *const field_name[] = {
#define FIELD_NAME(s, f) #s "." #f,
  PARADBG_OMP_FIELDS(FIELD_NAME)
#undef FIELD_NAME
};

int main(int argc, char **argv)
{
  int bad = 0;
  if (argc != 2) {
    fprintf(stderr, "usage: layout_check LIBRARY\n");
    return 2;
  }
  void *lib = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (lib == NULL) {
    fprintf(stderr, "layout_check: %s\n", dlerror());
    return 1;
  }
  for (size_t i = 0; i < sizeof symbols / sizeof symbols[0]; i++)
    if (dlsym(lib, symbols[i]) == NULL) {
      fprintf(stderr, "layout_check: %s is not exported\n", symbols[i]);
      bad = 1;
    }
  const struct paradbg_omp_layout *l = dlsym(lib, "paradbg_omp_layout");
  if (l == NULL)
    return 1;
  if (l->magic != PARADBG_OMP_LAYOUT_MAGIC || l->version != PARADBG_OMP_LAYOUT_VERSION ||
      l->table_size != sizeof *l || l->ntypes != PARADBG_OMP_NTYPES ||
      l->nfields != PARADBG_OMP_NFIELDS || l->pointer_size != sizeof(void *)) {
    fprintf(stderr, "layout_check: table header %#x v%u size %u types %u fields %u\n",
            l->magic, l->version, l->table_size, l->ntypes, l->nfields);
    bad = 1;
  }
  for (unsigned t = 0; t < PARADBG_OMP_NTYPES; t++)
    if (l->type_size[t] == 0 || l->type_size[t] > (1u << 20)) {
      fprintf(stderr, "layout_check: type %u has size %u\n", t, l->type_size[t]);
      bad = 1;
    }
  for (unsigned f = 0; f < PARADBG_OMP_NFIELDS; f++) {
    const struct paradbg_omp_field_layout *fl = &l->field[f];
    if (fl->size == 0 || fl->offset + fl->size > l->type_size[field_type[f]]) {
      fprintf(stderr, "layout_check: %s at %u+%u lies outside its %u-byte type\n",
              field_name[f], fl->offset, fl->size, l->type_size[field_type[f]]);
      bad = 1;
    }
  }
  const char *const *plugin = dlsym(lib, "ompt_debugger_plugin");
  const char **const *locations = dlsym(lib, "ompd_dll_locations");
  if (plugin == NULL || *plugin == NULL || strcmp(*plugin, "libparompd.so") != 0) {
    fprintf(stderr, "layout_check: ompt_debugger_plugin is not \"libparompd.so\"\n");
    bad = 1;
  }
  if (locations == NULL || *locations == NULL || (*locations)[0] == NULL ||
      strcmp((*locations)[0], "libparompd.so") != 0 || (*locations)[1] != NULL) {
    fprintf(stderr, "layout_check: ompd_dll_locations is not { \"libparompd.so\", NULL }\n");
    bad = 1;
  }
  if (!bad)
    printf("layout_check: %zu symbols, %u types, %u fields, plugin %s\n",
           sizeof symbols / sizeof symbols[0], l->ntypes, l->nfields, *plugin);
  return bad;
}
