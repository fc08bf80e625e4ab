/* A core file as a target, read with libelf: memory from PT_LOAD segments
   and, for file-backed pages the core left out, from the mapped files that
   NT_FILE names (also the modules libdwfl gets, for symbols and unwinding);
   threads from NT_PRSTATUS.  Nothing in the core is trusted:
   every offset and count is checked against the file's size. */
#define _GNU_SOURCE
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <stdlib.h>
#include <string.h>
#include <sys/procfs.h>
#include <sys/stat.h>
#include <unistd.h>

#include <elfutils/libdwelf.h>

#include "files.h"
#include "messages.h"
#include "paradbg/paradbg.h"
#include "status.h"
#include "symbols.h"
#include "target.h"
#include "tls.h"

#ifndef NT_FILE
#define NT_FILE 0x46494c45
#endif

#define MAX_MAPPINGS 65536
#define MAX_BUILD_ID 64

struct segment {
  uint64_t vaddr, memsz, offset, filesz;
};

struct mapping {
  uint64_t start, end, offset;
  const char *path;          /* inside the NT_FILE note, or the user's executable */
  int fd;                    /* -1: not opened yet; -2: unusable */
};

struct core {
  int fd;
  Elf *elf;
  const unsigned char *raw;
  size_t size;
  struct segment *segs;
  size_t nsegs;
  struct mapping *maps;
  size_t nmaps;
  uint64_t entry;            /* AT_ENTRY, 0 if unknown */
};

static int by_vaddr(const void *a, const void *b)
{
  const struct segment *x = a, *y = b;
  return x->vaddr < y->vaddr ? -1 : x->vaddr > y->vaddr;
}

static const struct segment *segment_at(const struct core *c, uint64_t addr)
{
  size_t lo = 0, hi = c->nsegs;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    const struct segment *s = &c->segs[mid];
    if (addr < s->vaddr)
      hi = mid;
    else if (addr - s->vaddr >= s->memsz)
      lo = mid + 1;
    else
      return s;
  }
  return NULL;
}

/* Bytes the core itself holds at addr: how many (up to n) were copied. */
static size_t read_dumped(const struct core *c, uint64_t addr, void *buf, size_t n)
{
  const struct segment *s = segment_at(c, addr);
  if (s == NULL)
    return 0;
  uint64_t off = addr - s->vaddr;
  if (off >= s->filesz)
    return 0;
  size_t k = s->filesz - off < n ? (size_t)(s->filesz - off) : n;
  memcpy(buf, c->raw + s->offset + off, k);
  return k;
}

/* The GNU build-id of the ELF image whose header is at base, from the
   bytes the core holds (0 if it holds none). */
static size_t dumped_build_id(const struct core *c, uint64_t base, unsigned char *id)
{
  Elf64_Ehdr eh;
  if (read_dumped(c, base, &eh, sizeof eh) != sizeof eh ||
      memcmp(eh.e_ident, ELFMAG, SELFMAG) != 0 || eh.e_ident[EI_CLASS] != ELFCLASS64 ||
      eh.e_phentsize != sizeof(Elf64_Phdr) || eh.e_phnum > 64)
    return 0;
  for (unsigned i = 0; i < eh.e_phnum; i++) {
    Elf64_Phdr ph;
    if (read_dumped(c, base + eh.e_phoff + i * sizeof ph, &ph, sizeof ph) != sizeof ph)
      return 0;
    if (ph.p_type != PT_NOTE || ph.p_filesz > 4096)
      continue;
    unsigned char notes[4096];
    /* Notes lie in the first page of the image, at their file offset. */
    size_t got = read_dumped(c, base + ph.p_offset, notes, ph.p_filesz);
    for (size_t at = 0; at + 12 <= got;) {
      uint32_t namesz, descsz, type;
      memcpy(&namesz, notes + at, 4);
      memcpy(&descsz, notes + at + 4, 4);
      memcpy(&type, notes + at + 8, 4);
      size_t name_at = at + 12, desc_at = name_at + ((namesz + 3) & ~3u);
      if (namesz > got || descsz > got || desc_at + descsz > got)
        break;
      if (type == NT_GNU_BUILD_ID && namesz == 4 && memcmp(notes + name_at, "GNU", 4) == 0 &&
          descsz <= MAX_BUILD_ID) {
        memcpy(id, notes + desc_at, descsz);
        return descsz;
      }
      at = desc_at + ((descsz + 3) & ~3u);
    }
  }
  return 0;
}

static void hex(const unsigned char *id, size_t n, char *out)
{
  for (size_t i = 0; i < n && i < MAX_BUILD_ID; i++)
    sprintf(out + 2 * i, "%02x", id[i]);
  out[2 * (n < MAX_BUILD_ID ? n : MAX_BUILD_ID)] = '\0';
}

/* Where the image that maps path begins (its mapping at file offset 0). */
static uint64_t image_base(const struct core *c, const char *path)
{
  for (size_t i = 0; i < c->nmaps; i++)
    if (c->maps[i].offset == 0 && strcmp(c->maps[i].path, path) == 0)
      return c->maps[i].start;
  return 0;
}

/* 1 if the file at fd is the image the core mapped from path, 0 if it is
   not, with why saying how they differ. */
static int same_image(const struct core *c, const char *path, int fd, char *why, size_t whylen)
{
  unsigned char want[MAX_BUILD_ID];
  size_t nwant = dumped_build_id(c, image_base(c, path), want);
  if (nwant == 0)
    return 1;   /* the core kept no header to compare with */
  Elf *e = elf_begin(fd, ELF_C_READ_MMAP, NULL);
  const void *have = NULL;
  ssize_t nhave = e != NULL ? dwelf_elf_gnu_build_id(e, &have) : -1;
  int same = nhave == (ssize_t)nwant && memcmp(have, want, nwant) == 0;
  if (!same && why != NULL) {
    char a[2 * MAX_BUILD_ID + 1], b[2 * MAX_BUILD_ID + 1] = "none";
    hex(want, nwant, a);
    if (nhave > 0)
      hex(have, (size_t)nhave, b);
    snprintf(why, whylen, "build-id %s, the core's has %s", b, a);
  }
  if (e != NULL)
    elf_end(e);
  return same;
}

/* Shared anonymous memory (MAP_SHARED | MAP_ANONYMOUS, as a coarray
   runtime keeps every image's state; System V and memfd segments) is named
   like a file but is none: its pages are in the core or nowhere. */
static int is_anonymous_shared(const char *path)
{
  size_t n = strlen(path);
  int deleted = n > 10 && strcmp(path + n - 10, " (deleted)") == 0;
  return strcmp(path, "/dev/zero (deleted)") == 0 || (deleted && strncmp(path, "/SYSV", 5) == 0) ||
         strncmp(path, "/memfd:", 7) == 0;
}

/* Opens each file the core maps, once, if it is still the file that was
   mapped; every mapping of a file shares its verdict (fd, or -2). */
static void open_mapped_files(struct core *c)
{
  size_t missing = 0;
  const char *first_missing = NULL;
  for (size_t i = 0; i < c->nmaps; i++) {
    struct mapping *m = &c->maps[i];
    if (m->fd != -1)
      continue;
    char why[300];
    m->fd = is_anonymous_shared(m->path) ? -2 : pdb_open_regular(m->path);
    if (m->fd == -2) {
      /* nothing to open, and nothing missing */
    } else if (m->fd < 0) {
      m->fd = -2;
      if (missing++ == 0)
        first_missing = m->path;
    } else if (!same_image(c, m->path, m->fd, why, sizeof why)) {
      char *shown = pdb_printable(m->path);   /* a path the core names */
      warn("%s has changed since the core was made (%s); not using it", shown ? shown : "?", why);
      free(shown);
      close(m->fd);
      m->fd = -2;
    }
    for (size_t j = i + 1; j < c->nmaps; j++)
      if (c->maps[j].fd == -1 && strcmp(c->maps[j].path, m->path) == 0)
        c->maps[j].fd = m->fd < 0 ? -2 : dup(m->fd);
  }
  if (missing > 0) {
    char *shown = pdb_printable(first_missing);
    warn("%zu mapped file%s missing (%s%s); their symbols and read-only pages are unknown",
         missing, missing > 1 ? "s are" : " is", shown ? shown : "?", missing > 1 ? ", ..." : "");
    free(shown);
  }
}

/* Pages the core left out: read them from the file mapped there. */
static size_t read_mapped(struct core *c, uint64_t addr, void *buf, size_t n)
{
  for (size_t i = 0; i < c->nmaps; i++) {
    struct mapping *m = &c->maps[i];
    if (addr < m->start || addr >= m->end || m->fd < 0)
      continue;
    size_t k = m->end - addr < n ? (size_t)(m->end - addr) : n;
    ssize_t got = pread(m->fd, buf, k, (off_t)(m->offset + (addr - m->start)));
    return got > 0 ? (size_t)got : 0;
  }
  return 0;
}

/* libdwfl opens a module's file by the name we report it under. */
static int find_mapped_file(Dwfl_Module *mod, void **user, const char *name, Dwarf_Addr base,
                            char **file_name, Elf **elfp)
{
  (void)mod, (void)user, (void)base, (void)elfp;
  int fd = pdb_open_regular(name);
  if (fd >= 0)
    *file_name = strdup(name);
  return fd;
}

/* One module per usable mapped file, from its first mapping to its last. */
static int report_modules(struct target *t, struct core *c)
{
  dwfl_report_begin(t->dwfl);
  for (size_t i = 0; i < c->nmaps; i++) {
    const struct mapping *m = &c->maps[i];
    if (m->offset != 0 || m->fd < 0)
      continue;
    uint64_t end = m->end;
    for (size_t j = i + 1; j < c->nmaps && strcmp(c->maps[j].path, m->path) == 0; j++)
      end = c->maps[j].end > end ? c->maps[j].end : end;
    if (dwfl_report_module(t->dwfl, m->path, m->start, end) == NULL)
      return -1;
  }
  return dwfl_report_end(t->dwfl, NULL, NULL);
}

static int core_read(struct target *t, uint64_t addr, void *buf, size_t n)
{
  struct core *c = t->priv;
  unsigned char *out = buf;
  while (n > 0) {
    size_t k = read_dumped(c, addr, out, n);
    if (k == 0)
      k = read_mapped(c, addr, out, n);
    if (k == 0)
      return -1;
    out += k, addr += k, n -= k;
  }
  return 0;
}

static int core_attach_unwinder(struct target *t)
{
  struct core *c = t->priv;
  return unwind_attach(t, c->elf);
}

static void core_close(struct target *t)
{
  struct core *c = t->priv;
  tls_forget(t);
  pointers_forget(t);
  unwind_forget(t);
  frame_forget();
  if (t->dwfl != NULL)
    dwfl_end(t->dwfl);
  for (size_t i = 0; i < c->nmaps; i++)
    if (c->maps[i].fd >= 0)
      close(c->maps[i].fd);
  if (c->elf != NULL)
    elf_end(c->elf);
  if (c->fd >= 0)
    close(c->fd);
  free(c->segs);
  free(c->maps);
  free(c);
  free(t->threads);
  free(t->name);
  free(t);
}

static int add_thread(struct target *t, const void *desc, size_t size)
{
  if (size != sizeof(struct elf_prstatus))
    return -1;
  struct elf_prstatus st;
  memcpy(&st, desc, sizeof st);
  if (st.pr_pid <= 0)
    return -1;
  struct inspect_thread *grown = realloc(t->threads, (t->nthreads + 1) * sizeof *grown);
  if (grown == NULL)
    return -1;
  t->threads = grown;
  struct inspect_thread *th = &t->threads[t->nthreads++];
  th->lwp = st.pr_pid;
  th->signal = st.pr_cursig;
  regs_keep(th, &st.pr_reg, sizeof st.pr_reg);
  return 0;
}

/* NT_FILE: count, page size, count (start, end, page) triples, then count
   NUL-terminated paths. */
static int add_mappings(struct core *c, const unsigned char *desc, size_t size)
{
  uint64_t count, page;
  if (size < 16)
    return -1;
  memcpy(&count, desc, 8);
  memcpy(&page, desc + 8, 8);
  if (count > MAX_MAPPINGS || count > (size - 16) / 24 || page == 0 || page > (1u << 30))
    return -1;
  free(c->maps);
  c->maps = calloc(count ? count : 1, sizeof *c->maps);
  if (c->maps == NULL)
    return -1;
  const char *name = (const char *)desc + 16 + count * 24, *end = (const char *)desc + size;
  for (uint64_t i = 0; i < count; i++) {
    struct mapping *m = &c->maps[i];
    uint64_t v[3];
    memcpy(v, desc + 16 + i * 24, sizeof v);
    const char *nul = memchr(name, '\0', (size_t)(end - name));
    if (nul == NULL || v[1] < v[0] || v[2] > UINT64_MAX / page)
      return -1;
    m->start = v[0], m->end = v[1], m->offset = v[2] * page, m->path = name, m->fd = -1;
    name = nul + 1;
  }
  c->nmaps = count;
  return 0;
}

static void read_auxv(struct core *c, const unsigned char *desc, size_t size)
{
  for (size_t at = 0; at + 16 <= size; at += 16) {
    uint64_t kv[2];
    memcpy(kv, desc + at, sizeof kv);
    if (kv[0] == AT_ENTRY)
      c->entry = kv[1];
  }
}

static int read_notes(struct target *t, struct core *c, const GElf_Phdr *ph)
{
  Elf_Data *d = elf_getdata_rawchunk(c->elf, (int64_t)ph->p_offset, ph->p_filesz, ELF_T_NHDR);
  if (d == NULL)
    return -1;
  GElf_Nhdr nh;
  size_t at = 0, name_at, desc_at, next;
  while ((next = gelf_getnote(d, at, &nh, &name_at, &desc_at)) > 0) {
    const unsigned char *desc = (const unsigned char *)d->d_buf + desc_at;
    const char *owner = (const char *)d->d_buf + name_at;
    if (nh.n_namesz == 5 && memcmp(owner, "CORE", 5) == 0) {
      if (nh.n_type == NT_PRSTATUS && add_thread(t, desc, nh.n_descsz) != 0)
        return -1;
      if (nh.n_type == NT_FILE && add_mappings(c, desc, nh.n_descsz) != 0)
        return -1;
      if (nh.n_type == NT_AUXV)
        read_auxv(c, desc, nh.n_descsz);
      if (nh.n_type == NT_PRPSINFO && nh.n_descsz == sizeof(struct elf_prpsinfo)) {
        struct elf_prpsinfo ps;
        memcpy(&ps, desc, sizeof ps);
        t->tgid = ps.pr_pid > 0 ? ps.pr_pid : 0;
      }
    }
    at = next;
  }
  return 0;
}

/* The path under which the core mapped the program: the file whose mapping
   holds the entry point. */
static const char *program_path(const struct core *c)
{
  for (size_t i = 0; c->entry != 0 && i < c->nmaps; i++)
    if (c->entry >= c->maps[i].start && c->entry < c->maps[i].end)
      return c->maps[i].path;
  return NULL;
}

static int check_executable(struct core *c, const char *core, const char *exe)
{
  const char *mapped = program_path(c);
  int fd = pdb_open_regular(exe);
  if (fd < 0)
    return fail(ST_EXECUTABLE, "%s: %s", exe, errno == EINVAL ? "not a regular file" : strerror(errno));
  Elf *e = elf_begin(fd, ELF_C_READ_MMAP, NULL);
  GElf_Ehdr eh;
  int is_program = e != NULL && elf_kind(e) == ELF_K_ELF && gelf_getehdr(e, &eh) != NULL &&
                   (eh.e_type == ET_EXEC || eh.e_type == ET_DYN);
  if (e != NULL)
    elf_end(e);
  if (!is_program) {
    close(fd);
    return fail(ST_EXECUTABLE, "%s: not an executable", exe);
  }
  char why[300];
  if (mapped != NULL && !same_image(c, mapped, fd, why, sizeof why)) {
    close(fd);
    return fail(ST_EXECUTABLE, "%s does not match %s: it has %s", exe, core, why);
  }
  close(fd);
  /* Read the program's pages from the file the user named. */
  for (size_t i = 0; mapped != NULL && i < c->nmaps; i++)
    if (strcmp(c->maps[i].path, mapped) == 0)
      c->maps[i].path = exe;
  return ST_OK;
}

static int open_elf(struct target *t, struct core *c, const char *path)
{
  c->fd = pdb_open_regular(path);
  if (c->fd < 0)
    return fail(ST_TARGET, "%s: %s", path, errno == EINVAL ? "not a regular file" : strerror(errno));
  c->elf = elf_begin(c->fd, ELF_C_READ_MMAP, NULL);
  GElf_Ehdr eh;
  if (c->elf == NULL || elf_kind(c->elf) != ELF_K_ELF || gelf_getehdr(c->elf, &eh) == NULL)
    return fail(ST_TARGET, "%s: not a core file (not ELF)", path);
  if (eh.e_type != ET_CORE)
    return fail(ST_TARGET, "%s: not a core file (an ELF %s)", path,
                eh.e_type == ET_EXEC || eh.e_type == ET_DYN ? "program or library" : "object");
  if (eh.e_ident[EI_CLASS] != ELFCLASS64 || eh.e_machine != PD_HOST_MACHINE)
    return fail(ST_TARGET, "%s: a core of another architecture (ELF machine %u, class %u)", path,
                (unsigned)eh.e_machine, (unsigned)eh.e_ident[EI_CLASS]);
  t->pointer_size = eh.e_ident[EI_CLASS] == ELFCLASS64 ? 8 : 4;
  c->raw = (const unsigned char *)elf_rawfile(c->elf, &c->size);
  if (c->raw == NULL)
    return fail(ST_TARGET, "%s: cannot map the file: %s", path, elf_errmsg(-1));
  return ST_OK;
}

static int read_layout(struct target *t, struct core *c, const char *path)
{
  size_t nph;
  if (elf_getphdrnum(c->elf, &nph) != 0 || nph == 0)
    return fail(ST_TARGET, "%s: corrupt core (no program headers)", path);
  c->segs = calloc(nph, sizeof *c->segs);
  if (c->segs == NULL)
    return fail(ST_FAILED, "out of memory");
  uint64_t need = 0;
  for (size_t i = 0; i < nph; i++) {
    GElf_Phdr ph;
    if (gelf_getphdr(c->elf, (int)i, &ph) == NULL)
      return fail(ST_TARGET, "%s: corrupt core (program header %zu)", path, i);
    if (ph.p_offset > UINT64_MAX - ph.p_filesz)
      return fail(ST_TARGET, "%s: corrupt core (segment %zu lies past any file)", path, i);
    if (ph.p_offset + ph.p_filesz > need)
      need = ph.p_offset + ph.p_filesz;
    if (ph.p_type == PT_LOAD && ph.p_memsz > 0) {
      if (ph.p_filesz > ph.p_memsz)
        return fail(ST_TARGET, "%s: corrupt core (segment %zu)", path, i);
      c->segs[c->nsegs++] = (struct segment){ ph.p_vaddr, ph.p_memsz, ph.p_offset, ph.p_filesz };
    }
  }
  if (need > c->size)
    return fail(ST_TARGET, "%s: truncated core: %zu of %llu bytes", path, c->size,
                (unsigned long long)need);
  for (size_t i = 0; i < nph; i++) {
    GElf_Phdr ph;
    gelf_getphdr(c->elf, (int)i, &ph);
    if (ph.p_type == PT_NOTE && read_notes(t, c, &ph) != 0)
      return fail(ST_TARGET, "%s: corrupt core (bad note in segment %zu)", path, i);
  }
  if (t->nthreads == 0)
    return fail(ST_TARGET, "%s: corrupt core (no thread: no NT_PRSTATUS note)", path);
  qsort(c->segs, c->nsegs, sizeof *c->segs, by_vaddr);
  return ST_OK;
}

int core_open(const char *path, const char *executable, struct target **out)
{
  struct target *t = calloc(1, sizeof *t);
  struct core *c = calloc(1, sizeof *c);
  if (t == NULL || c == NULL) {
    free(t), free(c);
    return fail(ST_FAILED, "out of memory");
  }
  c->fd = -1;
  t->priv = c;
  t->is_core = 1;
  t->read = core_read;
  t->attach_unwinder = core_attach_unwinder;
  t->close = core_close;
  t->name = strdup(path);
  elf_version(EV_CURRENT);
  int st = open_elf(t, c, path);
  if (st == ST_OK)
    st = read_layout(t, c, path);
  if (st == ST_OK && executable != NULL)
    st = check_executable(c, path, executable);
  if (st == ST_OK) {
    static const Dwfl_Callbacks callbacks = {
      .find_elf = find_mapped_file,
      .find_debuginfo = find_debuginfo_safely,
      .debuginfo_path = &safe_debuginfo_path,
    };
    open_mapped_files(c);
    t->dwfl = dwfl_begin(&callbacks);
    if (t->dwfl == NULL || report_modules(t, c) != 0)
      st = fail(ST_FAILED, "%s: cannot report the files the core maps: %s", path, dwfl_errmsg(-1));
  }
  if (st != ST_OK) {
    core_close(t);
    return st;
  }
  *out = t;
  return ST_OK;
}
