/* Symbol lookups and stack unwinding over the target's Dwfl. */
#define _GNU_SOURCE
#include "config.h"

#include <dwarf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "symbols.h"

struct lookup {
  const char *name;
  int locals;            /* the second pass: local symbols */
  struct sym_found *out;
  int found;
};

static int look_in(Dwfl_Module *mod, void **user, const char *modname, Dwarf_Addr start, void *arg)
{
  (void)user, (void)modname, (void)start;
  struct lookup *q = arg;
  int n = dwfl_module_getsymtab(mod);
  int first = dwfl_module_getsymtab_first_global(mod);
  if (n <= 0)
    return DWARF_CB_OK;
  if (first <= 0 || first > n)
    first = 1;   /* no split known: every symbol counts as global, looked at once */
  int from = q->locals ? 1 : first, to = q->locals ? first : n;
  for (int i = from; i < to; i++) {
    GElf_Sym sym;
    GElf_Addr addr;
    GElf_Word shndx;
    const char *name = dwfl_module_getsym_info(mod, i, &sym, &addr, &shndx, NULL, NULL);
    if (name == NULL || name[0] != q->name[0] || strcmp(name, q->name) != 0)
      continue;
    if (shndx == SHN_UNDEF || GELF_ST_TYPE(sym.st_info) == STT_SECTION ||
        GELF_ST_TYPE(sym.st_info) == STT_FILE)
      continue;
    q->out->tls = GELF_ST_TYPE(sym.st_info) == STT_TLS;
    q->out->addr = addr;
    q->out->value = sym.st_value;
    q->out->mod = mod;
    q->found = 1;
    return DWARF_CB_ABORT;
  }
  return DWARF_CB_OK;
}

int sym_find(Dwfl *dwfl, const char *name, struct sym_found *out)
{
  if (dwfl == NULL || name == NULL || name[0] == '\0')
    return -1;
  /* Exported symbols first, in every file; a runtime's debugger symbols
     may be local ones (LLVM's libomp keeps them out of .dynsym). */
  for (int locals = 0; locals < 2; locals++) {
    struct lookup q = { name, locals, out, 0 };
    dwfl_getmodules(dwfl, look_in, &q, 0);
    if (q.found)
      return 0;
  }
  return -1;
}

int sym_lookup(Dwfl *dwfl, const char *name, uint64_t *addr)
{
  struct sym_found f;
  if (sym_find(dwfl, name, &f) != 0 || f.tls)
    return -1;
  *addr = f.addr;
  return 0;
}

/* The module that begins nearest below addr (dwfl_getmodules' callback). */
struct below {
  uint64_t addr, start;
  Dwfl_Module *mod;
  unsigned seen;
};

static int nearest_below(Dwfl_Module *mod, void **user, const char *name, Dwarf_Addr start, void *arg)
{
  (void)user, (void)name;
  struct below *b = arg;
  if (++b->seen > 65536)
    return DWARF_CB_ABORT;
  if (start <= b->addr && (b->mod == NULL || start > b->start))
    b->mod = mod, b->start = start;
  return DWARF_CB_OK;
}

char *sym_name(Dwfl *dwfl, uint64_t addr, uint64_t *offset)
{
  Dwfl_Module *mod = dwfl != NULL ? dwfl_addrmodule(dwfl, addr) : NULL;
  GElf_Off off = 0;
  GElf_Sym sym;
  const char *name = mod != NULL ? dwfl_module_addrinfo(mod, addr, &off, &sym, NULL, NULL, NULL) : NULL;
  if (name == NULL && mod == NULL && dwfl != NULL) {
    /* The zeroed tail of a file's .bss is anonymous memory, which no
       module's mapped range covers: ask the module just below, and
       believe only a symbol whose size holds addr. */
    struct below b = { addr, 0, NULL, 0 };
    dwfl_getmodules(dwfl, nearest_below, &b, 0);
    name = b.mod != NULL ? dwfl_module_addrinfo(b.mod, addr, &off, &sym, NULL, NULL, NULL) : NULL;
    if (name != NULL && (GELF_ST_TYPE(sym.st_info) != STT_OBJECT || off >= sym.st_size))
      name = NULL;
  }
  if (name == NULL)
    return NULL;
  if (offset != NULL)
    *offset = off;
  /* "clock_nanosleep@GLIBC_2.2.5" is shown as GDB shows it. */
  const char *at = strchr(name + 1, '@');
  return at != NULL ? strndup(name, (size_t)(at - name)) : strdup(name);
}

const char *path_base(const char *path)
{
  const char *slash = strrchr(path, '/');
  return slash != NULL ? slash + 1 : path;
}

/* The base name of mod's file (caller frees), or NULL. */
static char *module_name(Dwfl_Module *mod)
{
  const char *name = dwfl_module_info(mod, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
  return name != NULL ? strdup(path_base(name)) : NULL;
}

/* The line GDB shows for a row that covers an address: when several rows
   share that address (optimised code), the last of them that begins a
   statement, not the last of all. */
static Dwarf_Line *statement_row(Dwarf_Line *row, Dwarf_Die *cu)
{
  Dwarf_Addr addr, a;
  Dwarf_Lines *lines;
  size_t n;
  bool stmt;
  if (row == NULL || dwarf_linebeginstatement(row, &stmt) != 0 || stmt || cu == NULL ||
      dwarf_lineaddr(row, &addr) != 0 || dwarf_getsrclines(cu, &lines, &n) != 0)
    return row;
  /* Rows are sorted by address: find the first at addr, then row. */
  size_t lo = 0, hi = n, at;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (dwarf_lineaddr(dwarf_onesrcline(lines, mid), &a) == 0 && a < addr)
      lo = mid + 1;
    else
      hi = mid;
  }
  for (at = lo; at < n && dwarf_onesrcline(lines, at) != row; at++)
    if (dwarf_lineaddr(dwarf_onesrcline(lines, at), &a) != 0 || a != addr)
      return row;
  if (at == n)
    return row;
  while (at-- > lo) {
    Dwarf_Line *prev = dwarf_onesrcline(lines, at);
    bool end;
    int lineno;
    if (dwarf_lineendsequence(prev, &end) != 0 || end || dwarf_lineno(prev, &lineno) != 0 ||
        lineno == 0)
      break;
    if (dwarf_linebeginstatement(prev, &stmt) == 0 && stmt)
      return prev;
  }
  return row;
}

/* The row for addr in a module whose DWARF has no .debug_aranges (clang
   emits none, and libdw then finds no line): the compile unit is the one
   whose own ranges hold addr.  cudie is the caller's, to outlive the row. */
#define MAX_UNITS 100000
static Dwarf_Line *row_without_aranges(Dwfl_Module *mod, uint64_t addr, Dwarf_Die *cudie)
{
  Dwarf_Addr bias;
  Dwarf *dw = dwfl_module_getdwarf(mod, &bias);
  Dwarf_Off off = 0, next;
  size_t header;
  for (unsigned n = 0; dw != NULL && n < MAX_UNITS &&
                       dwarf_nextcu(dw, off, &next, &header, NULL, NULL, NULL) == 0;
       n++, off = next) {
    if (dwarf_offdie(dw, off + header, cudie) == NULL || dwarf_haspc(cudie, addr - bias) <= 0)
      continue;
    Dwarf_Line *row = dwarf_getsrc_die(cudie, addr - bias);
    return row != NULL ? statement_row(row, cudie) : NULL;
  }
  return NULL;
}

static void describe(Dwfl *dwfl, uint64_t pc, int call, struct pdb_frame *f)
{
  memset(f, 0, sizeof *f);
  f->pc = pc;
  uint64_t at = call && pc > 0 ? pc - 1 : pc;
  Dwfl_Module *mod = dwfl != NULL ? dwfl_addrmodule(dwfl, at) : NULL;
  if (mod == NULL) {
    uint64_t off;
    if (!call && (f->function = sym_name(dwfl, at, &off)) != NULL)   /* data in a .bss tail */
      f->offset = off;
    return;
  }
  f->module = module_name(mod);
  uint64_t off;
  f->function = sym_name(dwfl, at, &off);
  if (f->function != NULL)
    f->offset = off + (at != pc);
  Dwfl_Line *line = dwfl_module_getsrc(mod, at);
  Dwarf_Addr bias;
  Dwarf_Die cudie;
  Dwarf_Line *row = line != NULL ? statement_row(dwfl_dwarf_line(line, &bias), dwfl_linecu(line))
                                 : row_without_aranges(mod, at, &cudie);
  int lineno = 0;
  const char *file = row != NULL && dwarf_lineno(row, &lineno) == 0 ? dwarf_linesrc(row, NULL, NULL) : NULL;
  if (file != NULL && lineno > 0) {
    f->file = strdup(file);
    f->line = lineno;
  }
}

static char *dup_or_null(const char *s)
{
  return s != NULL ? strdup(s) : NULL;
}

/* Threads of a team mostly stop at the same few places, and a symbol
   lookup scans a whole symbol table: remember the last answers, by the
   module's build id and the pc's offset in it where the module has one
   (the same for every process of a program: the images of a coarray
   program describe their frames once, not once each, which decompressing
   debug sections made cost 50 ms an image), else by Dwfl and pc. */
#define FRAME_CACHE 1024
#define BUILD_ID_MAX 32
static struct {
  Dwfl *dwfl;                    /* NULL: keyed by build id */
  unsigned char id[BUILD_ID_MAX];
  int idlen;
  uint64_t key;                  /* pc, or its offset in the module */
  int call, valid;
  struct pdb_frame f;
} cache[FRAME_CACHE];

/* The cache's entries of a Dwfl about to end; those keyed by build id
   stay. */
void frame_forget(void)
{
  for (unsigned i = 0; i < FRAME_CACHE; i++)
    if (cache[i].valid && cache[i].dwfl != NULL) {
      pdb_frame_free(&cache[i].f);
      cache[i].valid = 0;
    }
}

void frame_describe(Dwfl *dwfl, uint64_t pc, int call, struct pdb_frame *f)
{
  uint64_t at = call && pc > 0 ? pc - 1 : pc;
  Dwfl_Module *mod = dwfl != NULL ? dwfl_addrmodule(dwfl, at) : NULL;
  const unsigned char *id = NULL;
  GElf_Addr id_at;
  Dwarf_Addr start = 0;
  int idlen = mod != NULL ? dwfl_module_build_id(mod, &id, &id_at) : 0;
  if (idlen > BUILD_ID_MAX || (idlen > 0 && dwfl_module_info(mod, NULL, &start, NULL, NULL, NULL, NULL,
                                                             NULL) == NULL))
    idlen = 0;
  Dwfl *owner = idlen > 0 ? NULL : dwfl;
  uint64_t key = idlen > 0 ? pc - start : pc;
  uint64_t h = key * 0x9e3779b97f4a7c15ull;
  for (int i = 0; i < idlen; i++)
    h = (h ^ id[i]) * 0x100000001b3ull;
  unsigned slot = (unsigned)(h >> 54) % FRAME_CACHE;
  struct pdb_frame *c = &cache[slot].f;
  if (!cache[slot].valid || cache[slot].dwfl != owner || cache[slot].call != call ||
      cache[slot].key != key || cache[slot].idlen != idlen ||
      (idlen > 0 && memcmp(cache[slot].id, id, (size_t)idlen) != 0)) {
    if (cache[slot].valid)
      pdb_frame_free(c);
    describe(dwfl, pc, call, c);
    cache[slot].dwfl = owner, cache[slot].call = call, cache[slot].valid = 1;
    cache[slot].key = key, cache[slot].idlen = idlen;
    if (idlen > 0)
      memcpy(cache[slot].id, id, (size_t)idlen);
  }
  *f = *c;
  f->pc = pc;
  f->function = dup_or_null(c->function);
  f->file = dup_or_null(c->file);
  f->module = dup_or_null(c->module);
}

/* libparadbg's describe service: what the target's symbols say of addr. */
int describe_address(void *data, uint64_t addr, struct pdb_place *out)
{
  struct target *t = data;
  struct pdb_frame f;
  frame_describe(t->dwfl, addr, 0, &f);
  if (f.function != NULL)
    snprintf(out->function, sizeof out->function, "%s", f.function);
  out->offset = f.offset;
  if (f.file != NULL)
    snprintf(out->file, sizeof out->file, "%s", f.file);
  out->line = f.line;
  if (f.module != NULL)
    snprintf(out->module, sizeof out->module, "%s", f.module);
  int known = f.function != NULL || f.module != NULL;
  pdb_frame_free(&f);
  return known ? 0 : -1;
}

static int find_other(Dwfl_Module *mod, void **user, const char *name, Dwarf_Addr start, void *arg)
{
  (void)mod, (void)user, (void)start;
  struct { char *buf; size_t n; int found; } *q = arg;
  q->found = name != NULL && pdb_other_runtime(name, RUNTIMEDIR, q->buf, q->n);
  return q->found ? DWARF_CB_ABORT : DWARF_CB_OK;
}

int other_runtime(const struct target *t, char *buf, size_t n)
{
  struct { char *buf; size_t n; int found; } q = { buf, n, 0 };
  if (t->dwfl != NULL)
    dwfl_getmodules(t->dwfl, find_other, &q, 0);
  return q.found;
}

struct unwind {
  Dwfl *dwfl;
  struct pdb_frame *frames;
  unsigned n, max;
  int find_user;         /* user_frame: keep only the first frame of the user's */
  const char *runtime;
  int users;
};

/* The unwinder reads the target through t->read and takes the registers
   the target kept of each thread.  libdwfl's own core reader finds each
   word through libelf, which (elfutils 0.188) searches every chunk it has
   made before, so unwinding the 4096 threads of a core took minutes; and
   its live one attaches each thread again. */
static pid_t unwind_next_thread(Dwfl *dwfl, void *arg, void **thread_argp)
{
  (void)dwfl;
  struct target *t = arg;
  /* The thread's argument is its inspect_thread; NULL before the first. */
  const struct inspect_thread *prev = *thread_argp;
  size_t next = prev == NULL ? 0 : (size_t)(prev - t->threads) + 1;
  if (next >= t->nthreads)
    return 0;
  *thread_argp = &t->threads[next];
  return t->threads[next].lwp;
}

static bool unwind_memory_read(Dwfl *dwfl, Dwarf_Addr addr, Dwarf_Word *result, void *arg)
{
  (void)dwfl;
  struct target *t = arg;
  uint64_t word;
  if (t->read(t, addr, &word, sizeof word) != 0)
    return false;
  *result = word;
  return true;
}

static bool unwind_registers(Dwfl_Thread *thread, void *thread_arg)
{
  const struct inspect_thread *th = thread_arg;
  if (!th->has_regs)
    return false;
  const struct user_regs_struct *r = &th->regs;
#if defined(__x86_64__)
  /* DWARF's numbering: rax rdx rcx rbx rsi rdi rbp rsp r8..r15, then the
     return address column, rip. */
  Dwarf_Word w[17] = { r->rax, r->rdx, r->rcx, r->rbx, r->rsi, r->rdi, r->rbp, r->rsp,
                       r->r8,  r->r9,  r->r10, r->r11, r->r12, r->r13, r->r14, r->r15, r->rip };
  return dwfl_thread_state_registers(thread, 0, 17, w);
#else
  /* x0..x30, sp; the pc apart. */
  Dwarf_Word w[32];
  for (int i = 0; i < 31; i++)
    w[i] = r->regs[i];
  w[31] = r->sp;
  if (!dwfl_thread_state_registers(thread, 0, 32, w))
    return false;
  dwfl_thread_state_register_pc(thread, r->pc);
  return true;
#endif
}

int unwind_attach(struct target *t, Elf *elf)
{
  static const Dwfl_Thread_Callbacks callbacks = {
    .next_thread = unwind_next_thread,
    .memory_read = unwind_memory_read,
    .set_initial_registers = unwind_registers,
  };
  if (t->nthreads == 0)
    return -1;
  pid_t pid = t->tgid > 0 ? t->tgid : t->pid > 0 ? t->pid : t->threads[0].lwp;
  return dwfl_attach_state(t->dwfl, elf, pid, &callbacks, t) ? 0 : -1;
}

/* Every thread's stack as program counters, unwound in one pass over the
   threads: libdwfl finds one thread by walking them all, so unwinding
   them one at a time costs the square of their number (minutes for 4096
   threads of a core).  Frames are described when asked for. */
#define UNWIND_DEPTH 1024       /* the deepest any caller asks for (hang.c) */
#define UNWIND_THREADS (1u << 20)

struct pcs {
  pid_t lwp;
  unsigned n, cap;
  uint64_t *pc;
  unsigned char *call;          /* a return address, not the frame's own pc */
};

struct unwound {
  struct pcs *v;
  unsigned n, cap;
  int oom;
};

static int each_pc(Dwfl_Frame *state, void *arg)
{
  struct pcs *p = arg;
  Dwarf_Addr pc;
  bool activation;
  if (!dwfl_frame_pc(state, &pc, &activation) || pc == 0)
    return DWARF_CB_ABORT;
  if (p->n == p->cap) {
    unsigned cap = p->cap ? 2 * p->cap : 16;
    uint64_t *v = realloc(p->pc, cap * sizeof *v);
    if (v != NULL)
      p->pc = v;
    unsigned char *c = v != NULL ? realloc(p->call, cap) : NULL;
    if (c == NULL)
      return DWARF_CB_ABORT;
    p->call = c;
    p->cap = cap;
  }
  p->pc[p->n] = pc;
  p->call[p->n] = !activation;
  p->n++;
  return p->n == UNWIND_DEPTH ? DWARF_CB_ABORT : DWARF_CB_OK;
}

static int each_thread(Dwfl_Thread *thread, void *arg)
{
  struct unwound *u = arg;
  if (u->n == UNWIND_THREADS)
    return DWARF_CB_ABORT;   /* a corrupt core's notes: enough */
  if (u->n == u->cap) {
    unsigned cap = u->cap ? 2 * u->cap : 64;
    struct pcs *v = realloc(u->v, cap * sizeof *v);
    if (v == NULL) {
      u->oom = 1;
      return DWARF_CB_ABORT;
    }
    u->v = v;
    u->cap = cap;
  }
  struct pcs *p = &u->v[u->n++];
  memset(p, 0, sizeof *p);
  p->lwp = dwfl_thread_tid(thread);
  /* An unwind that stops early still gives the frames it found. */
  dwfl_thread_getframes(thread, each_pc, p);
  return DWARF_CB_OK;
}

static int by_lwp(const void *a, const void *b)
{
  pid_t x = ((const struct pcs *)a)->lwp, y = ((const struct pcs *)b)->lwp;
  return x < y ? -1 : x > y;
}

void unwind_forget(struct target *t)
{
  struct unwound *u = t->unwound;
  for (unsigned i = 0; u != NULL && i < u->n; i++)
    free(u->v[i].pc), free(u->v[i].call);
  if (u != NULL)
    free(u->v);
  free(u);
  t->unwound = NULL;
}

/* The program counters of thread lwp, unwinding every thread the first
   time; NULL if it cannot be unwound. */
static const struct pcs *pcs_of(struct target *t, pid_t lwp)
{
  if (t->unwinder == 0)
    t->unwinder = t->attach_unwinder(t) == 0 ? 1 : -1;
  if (t->unwinder < 0)
    return NULL;
  struct unwound *u = t->unwound;
  if (u == NULL) {
    if ((u = calloc(1, sizeof *u)) == NULL)
      return NULL;
    dwfl_getthreads(t->dwfl, each_thread, u);
    qsort(u->v, u->n, sizeof *u->v, by_lwp);
    t->unwound = u;
  }
  struct pcs key = { .lwp = lwp };
  return u->n > 0 ? bsearch(&key, u->v, u->n, sizeof *u->v, by_lwp) : NULL;
}

static int unwind(struct target *t, pid_t lwp, struct unwind *u)
{
  const struct pcs *p = u->max > 0 ? pcs_of(t, lwp) : NULL;
  if (p == NULL)
    return -1;
  for (unsigned i = 0; i < p->n && u->n < u->max; i++) {
    struct pdb_frame *f = &u->frames[u->find_user ? 0 : u->n];
    frame_describe(u->dwfl, p->pc[i], p->call[i], f);
    u->n++;
    if (u->find_user) {
      if (pdb_module_is_users(f->module, u->runtime)) {
        u->users = 1;
        break;
      }
      pdb_frame_free(f);
    }
  }
  return 0;
}

int unwind_stack(struct target *t, pid_t lwp, struct pdb_frame *frames, unsigned max)
{
  struct unwind u = { t->dwfl, frames, 0, max, 0, NULL, 0 };
  return unwind(t, lwp, &u) == 0 && u.n > 0 ? (int)u.n : -1;
}

int user_frame(struct target *t, pid_t lwp, const char *runtime, unsigned max, struct pdb_frame *f)
{
  struct unwind u = { t->dwfl, f, 0, max, 1, runtime, 0 };
  memset(f, 0, sizeof *f);
  return unwind(t, lwp, &u) == 0 && u.users ? (int)u.n - 1 : -1;
}

/* GCC's and OpenCoarrays' coarray libraries: libcaf_single, libcaf_mpi,
   libcaf_shmem, libcaf_openmpi ... */
static int find_other_caf(Dwfl_Module *mod, void **user, const char *name, Dwarf_Addr start,
                          void *arg)
{
  (void)mod, (void)user, (void)start;
  struct { char *buf; size_t n; int found; } *q = arg;
  const char *base = name != NULL ? path_base(name) : "";
  if (strncmp(base, "libcaf_", 7) != 0)
    return DWARF_CB_OK;
  /* The file's name comes from the target: printed made printable. */
  char *shown = pdb_printable(base);
  size_t len = shown != NULL ? strcspn(shown, ".") : 0;
  snprintf(q->buf, q->n, "%.*s (%s), which paradbg cannot read: build the program with "
           "paradbg-caf, on libparcaf", (int)len, shown ? shown : "", shown ? shown : "?");
  pdb_free(shown);
  q->found = 1;
  return DWARF_CB_ABORT;
}

int other_caf_runtime(const struct target *t, char *buf, size_t n)
{
  struct { char *buf; size_t n; int found; } q = { buf, n, 0 };
  if (t->dwfl != NULL)
    dwfl_getmodules(t->dwfl, find_other_caf, &q, 0);
  return q.found;
}
