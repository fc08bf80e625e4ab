/* libparadbg's find_pointer service: which variable of the program holds
   a given pointer.  gfortran keeps a coarray as a static pointer to its
   memory (a main program's "x" as the local symbol "x.5", a module's as
   "__m_MOD_x"), or, when allocatable, as a descriptor whose first word is
   that pointer; the coarray runtime knows only the memory.  The candidate
   variables are found once per target, in the symbol tables of the
   program and of the other files that are the user's, and their values
   read once, in a few large reads.  The answer is the symbol as it is
   ("x.5", "__m_MOD_x"): libparadbg alone makes a Fortran name of it, for
   both hosts.  Which symbol answers is chosen as gdb-plugin/paradbg/
   target.py's PointerIndex chooses, so that GDB and paradbg-inspect name
   a coarray alike: keep the lists and the ranking the same in both. */
#define _GNU_SOURCE
#include "config.h"

#include <gelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "symbols.h"

#define MAX_CANDIDATES 65536
#define MAX_SYMBOLS_PER_FILE (1u << 22)
#define MAX_MODULES 4096
#define READ_WINDOW 65536      /* bytes read at once when several candidates are near */

struct candidate {
  uint64_t addr, value;
  int rank;                    /* lower wins: a pointer before a descriptor, the program first */
  unsigned order;              /* the order found, to break ties */
  char *name;                  /* the symbol's name */
  int valid;                   /* value was read */
};

struct pointers {
  struct candidate *c;         /* sorted by value once read */
  unsigned n, cap;
};

struct scan {
  struct target *t;
  struct pointers *p;
  unsigned modules;
};

/* Files whose variables are not the user's: runtimes and system libraries
   (target.py's _RUNTIME_FILES). */
static int is_runtime_file(const char *base)
{
  static const char *const prefixes[] = {
    "libgfortran.", "libparcaf.", "libparomp.", "libparatomic.", "libgomp.", "libquadmath.",
    "libgcc_s.", "libm.", "libstdc++.", "libmvec.", "libcafdbg.", "libparadbg.",
  };
  if (!pdb_module_is_users(base, NULL))
    return 1;
  for (unsigned i = 0; i < sizeof prefixes / sizeof prefixes[0]; i++)
    if (strncmp(base, prefixes[i], strlen(prefixes[i])) == 0)
      return 1;
  return 0;
}

/* Whether mod is a program (it names a dynamic loader), not a library. */
static int is_program(Dwfl_Module *mod)
{
  GElf_Addr bias;
  Elf *elf = dwfl_module_getelf(mod, &bias);
  size_t n;
  if (elf == NULL || elf_getphdrnum(elf, &n) != 0)
    return 0;
  for (size_t i = 0; i < n && i < 4096; i++) {
    GElf_Phdr ph;
    if (gelf_getphdr(elf, (int)i, &ph) != NULL && ph.p_type == PT_INTERP)
      return 1;
  }
  return 0;
}

/* Whether section shndx of elf holds data the program writes: .data*,
   .bss*, but not .data.rel.ro*, which no pointer is stored in once the
   program runs. */
static int in_data(Elf *elf, GElf_Word shndx)
{
  size_t strndx;
  GElf_Shdr sh;
  Elf_Scn *scn = elf != NULL ? elf_getscn(elf, shndx) : NULL;
  if (scn == NULL || gelf_getshdr(scn, &sh) == NULL || elf_getshdrstrndx(elf, &strndx) != 0)
    return 0;
  const char *name = elf_strptr(elf, strndx, sh.sh_name);
  return name != NULL && ((strncmp(name, ".data", 5) == 0 && strncmp(name, ".data.rel.ro", 12) != 0) ||
                          strncmp(name, ".bss", 4) == 0);
}

/* gfortran's descriptor of an allocatable coarray: base address, offset,
   dtype (16), span, rank + corank dimensions of 3 words, and the token. */
static int is_coarray_descriptor(uint64_t size, unsigned ptr)
{
  return ptr == 8 && size >= 48 + 24 && (size - 48) % 24 == 0 && (size - 48) / 24 <= 30;
}

/* gfortran's own variables beside a coarray: its token, never its data
   (target.py's _COMPILERS). */
static int is_compilers(const char *name)
{
  return strncmp(name, "caf_token", 9) == 0 || strncmp(name, "_F.", 3) == 0;
}

static int add_candidate(struct pointers *p, uint64_t addr, int rank, const char *name)
{
  if (p->n == MAX_CANDIDATES)
    return -1;
  if (p->n == p->cap) {
    unsigned cap = p->cap ? 2 * p->cap : 64;
    struct candidate *grown = realloc(p->c, cap * sizeof *grown);
    if (grown == NULL)
      return -1;
    p->c = grown, p->cap = cap;
  }
  char *copy = strdup(name);
  if (copy == NULL)
    return -1;
  p->c[p->n] = (struct candidate){ addr, 0, rank, p->n, copy, 0 };
  p->n++;
  return 0;
}

static int scan_module(Dwfl_Module *mod, void **user, const char *modname, Dwarf_Addr start,
                       void *arg)
{
  (void)user, (void)start;
  struct scan *sc = arg;
  if (++sc->modules > MAX_MODULES || modname == NULL)
    return DWARF_CB_ABORT;
  int program = is_program(mod);
  if (!program && is_runtime_file(path_base(modname)))
    return DWARF_CB_OK;
  int n = dwfl_module_getsymtab(mod);
  unsigned ptr = sc->t->pointer_size;
  for (int i = 1; i < n && (unsigned)i < MAX_SYMBOLS_PER_FILE; i++) {
    GElf_Sym sym;
    GElf_Addr addr;
    GElf_Word shndx;
    Elf *elf = NULL;
    const char *name = dwfl_module_getsym_info(mod, i, &sym, &addr, &shndx, &elf, NULL);
    if (name == NULL || name[0] == '\0' || GELF_ST_TYPE(sym.st_info) != STT_OBJECT ||
        shndx == SHN_UNDEF || shndx == SHN_ABS || shndx == SHN_COMMON || is_compilers(name))
      continue;
    int descriptor = is_coarray_descriptor(sym.st_size, ptr);
    if ((sym.st_size != ptr && !descriptor) || !in_data(elf, shndx))
      continue;
    /* A pointer before a descriptor, the program's before a library's,
       an exported name before a local one. */
    int rank = descriptor * 4 + !program * 2 + (GELF_ST_BIND(sym.st_info) == STB_LOCAL);
    if (add_candidate(sc->p, addr, rank, name) != 0)
      return DWARF_CB_ABORT;
  }
  return DWARF_CB_OK;
}

static int by_addr(const void *a, const void *b)
{
  const struct candidate *x = a, *y = b;
  return x->addr < y->addr ? -1 : x->addr > y->addr;
}

static int by_value(const void *a, const void *b)
{
  const struct candidate *x = a, *y = b;
  if (x->valid != y->valid)
    return x->valid ? -1 : 1;
  if (x->value != y->value)
    return x->value < y->value ? -1 : 1;
  if (x->rank != y->rank)
    return x->rank - y->rank;
  return x->order < y->order ? -1 : x->order > y->order;
}

static uint64_t word(const unsigned char *b, unsigned size)
{
  if (size == 4) {
    uint32_t v;
    memcpy(&v, b, 4);
    return v;
  }
  uint64_t v;
  memcpy(&v, b, 8);
  return v;
}

/* Reads the first word of every candidate: the ones within READ_WINDOW of
   each other in one read, each alone if that read fails (a page the core
   left out). */
static void read_values(struct target *t, struct pointers *p)
{
  static unsigned char buf[READ_WINDOW];
  unsigned ptr = t->pointer_size == 4 ? 4 : 8;
  qsort(p->c, p->n, sizeof *p->c, by_addr);
  for (unsigned i = 0; i < p->n;) {
    unsigned j = i + 1;
    while (j < p->n && p->c[j].addr >= p->c[i].addr &&
           p->c[j].addr - p->c[i].addr <= READ_WINDOW - ptr)
      j++;
    uint64_t len = p->c[j - 1].addr - p->c[i].addr + ptr;
    t->reads++;
    if (t->read(t, p->c[i].addr, buf, (size_t)len) == 0) {
      for (unsigned k = i; k < j; k++)
        p->c[k].value = word(buf + (p->c[k].addr - p->c[i].addr), ptr), p->c[k].valid = 1;
    } else {
      for (unsigned k = i; k < j; k++) {
        unsigned char w[8];
        t->reads++;
        if (t->read(t, p->c[k].addr, w, ptr) == 0)
          p->c[k].value = word(w, ptr), p->c[k].valid = 1;
      }
    }
    i = j;
  }
  qsort(p->c, p->n, sizeof *p->c, by_value);
  while (p->n > 0 && !p->c[p->n - 1].valid)
    free(p->c[--p->n].name);
}

static struct pointers *pointers_of(struct target *t)
{
  if (t->pointers != NULL)
    return t->pointers;
  struct pointers *p = calloc(1, sizeof *p);
  if (p == NULL)
    return NULL;
  struct scan sc = { t, p, 0 };
  if (t->dwfl != NULL)
    dwfl_getmodules(t->dwfl, scan_module, &sc, 0);
  read_values(t, p);
  t->pointers = p;
  return p;
}

void pointers_forget(struct target *t)
{
  struct pointers *p = t->pointers;
  if (p == NULL)
    return;
  for (unsigned i = 0; i < p->n; i++)
    free(p->c[i].name);
  free(p->c);
  free(p);
  t->pointers = NULL;
}

int find_pointer(void *data, uint64_t value, struct pdb_place *out)
{
  struct target *t = data;
  struct pointers *p = t != NULL && value != 0 ? pointers_of(t) : NULL;
  if (p == NULL || p->n == 0)
    return -1;
  /* The first candidate holding value: the best ranked, by_value's order. */
  unsigned lo = 0, hi = p->n;
  while (lo < hi) {
    unsigned mid = lo + (hi - lo) / 2;
    if (p->c[mid].value < value)
      lo = mid + 1;
    else
      hi = mid;
  }
  if (lo == p->n || p->c[lo].value != value)
    return -1;
  /* The symbol as it is, module left empty: libparadbg decodes it. */
  snprintf(out->function, sizeof out->function, "%s", p->c[lo].name);
  return 0;
}
