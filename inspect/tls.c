/* Thread-local storage through glibc's libthread_db.  libthread_db knows
   where glibc keeps each thread's TLS blocks; it reads the target through
   the proc_service functions below, which this program defines and exports
   for it (inspect/Makefile.am: -export-dynamic).  It is loaded, as GDB
   loads it, on the first thread-local lookup: a program that does not
   export them (a build of its own) finds thread-local variables unknown
   and nothing else changes.  Nothing it reads is trusted: every read comes
   out of a budget, so a corrupt core cannot keep it walking a cycle. */
#define _GNU_SOURCE
#include "config.h"

#include <dlfcn.h>
#include <limits.h>
#include <link.h>
#include <proc_service.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <thread_db.h>
#if defined(__x86_64__)
#include <sys/reg.h>
#endif

#include "paradbg/paradbg.h"

#include "messages.h"
#include "tls.h"

#define MAX_LINK_MAPS 4096       /* files in the dynamic linker's list */
#define READ_BUDGET 100000       /* target reads one libthread_db call may make */

/* libthread_db leaves this type to its user. */
struct ps_prochandle {
  struct target *t;
  unsigned long budget;
};

/* libthread_db's entry points, once loaded. */
static struct {
  int state;             /* 0 not tried, 1 loaded, -1 not loadable (why) */
  char why[256];
  __typeof__(td_init) *init;
  __typeof__(td_ta_new) *ta_new;
  __typeof__(td_ta_delete) *ta_delete;
  __typeof__(td_ta_map_lwp2thr) *map_lwp2thr;
  __typeof__(td_thr_tls_get_addr) *tls_get_addr;
} db;

static int load_thread_db(void)
{
  if (db.state != 0)
    return db.state;
  db.state = -1;
  /* RTLD_NOW: if this program does not export a proc_service function,
     the library is refused here rather than failing in a call. */
  void *h = dlopen("libthread_db.so.1", RTLD_NOW | RTLD_LOCAL);
  if (h == NULL) {
    const char *e = dlerror();
    snprintf(db.why, sizeof db.why, "glibc's libthread_db.so.1 cannot be loaded (%.200s)",
             e != NULL ? e : "?");
    return -1;
  }
  *(void **)&db.init = dlsym(h, "td_init");
  *(void **)&db.ta_new = dlsym(h, "td_ta_new");
  *(void **)&db.ta_delete = dlsym(h, "td_ta_delete");
  *(void **)&db.map_lwp2thr = dlsym(h, "td_ta_map_lwp2thr");
  *(void **)&db.tls_get_addr = dlsym(h, "td_thr_tls_get_addr");
  if (db.init == NULL || db.ta_new == NULL || db.ta_delete == NULL || db.map_lwp2thr == NULL ||
      db.tls_get_addr == NULL || db.init() != TD_OK) {
    snprintf(db.why, sizeof db.why, "glibc's libthread_db.so.1 lacks what it should have");
    dlclose(h);
    return -1;
  }
  db.state = 1;
  return 1;   /* kept loaded: its agents live as long as their targets */
}

struct tls {
  struct ps_prochandle ph;
  int tried;             /* td_ta_new was called */
  td_thragent_t *ta;     /* NULL: td_ta_new failed with err */
  td_err_e err;
  int warned;
};

static const struct inspect_thread *thread_of(const struct target *t, lwpid_t lwp)
{
  for (unsigned i = 0; i < t->nthreads; i++)
    if (t->threads[i].lwp == lwp)
      return t->threads[i].has_regs ? &t->threads[i] : NULL;
  return NULL;
}

ps_err_e ps_pglobal_lookup(struct ps_prochandle *ph, const char *object, const char *name,
                           psaddr_t *addr)
{
  (void)object;   /* like GDB: the name in any file (glibc moves them between files) */
  uint64_t a;
  if (sym_lookup(ph->t->dwfl, name, &a) != 0)
    return PS_NOSYM;
  *addr = (psaddr_t)(uintptr_t)a;
  return PS_OK;
}

ps_err_e ps_pdread(struct ps_prochandle *ph, psaddr_t addr, void *buf, size_t n)
{
  if (ph->budget == 0)
    return PS_ERR;
  ph->budget--;
  return ph->t->read(ph->t, (uint64_t)(uintptr_t)addr, buf, n) == 0 ? PS_OK : PS_ERR;
}

ps_err_e ps_pdwrite(struct ps_prochandle *ph, psaddr_t addr, const void *buf, size_t n)
{
  (void)ph, (void)addr, (void)buf, (void)n;
  return PS_ERR;   /* inspecting never changes the target */
}

ps_err_e ps_lgetregs(struct ps_prochandle *ph, lwpid_t lwp, prgregset_t regs)
{
  _Static_assert(sizeof(prgregset_t) == sizeof(struct user_regs_struct),
                 "prgregset_t is NT_PRSTATUS's register set");
  const struct inspect_thread *th = thread_of(ph->t, lwp);
  if (th == NULL)
    return PS_ERR;
  memcpy(regs, &th->regs, sizeof th->regs);
  return PS_OK;
}

ps_err_e ps_lsetregs(struct ps_prochandle *ph, lwpid_t lwp, const prgregset_t regs)
{
  (void)ph, (void)lwp, (void)regs;
  return PS_ERR;
}

ps_err_e ps_lgetfpregs(struct ps_prochandle *ph, lwpid_t lwp, prfpregset_t *regs)
{
  (void)ph, (void)lwp, (void)regs;
  return PS_ERR;   /* not kept: thread-local storage needs none */
}

ps_err_e ps_lsetfpregs(struct ps_prochandle *ph, lwpid_t lwp, const prfpregset_t *regs)
{
  (void)ph, (void)lwp, (void)regs;
  return PS_ERR;
}

pid_t ps_getpid(struct ps_prochandle *ph)
{
  return ph->t->tgid;
}

/* x86_64's libthread_db finds a thread's descriptor at its fs_base. */
ps_err_e ps_get_thread_area(struct ps_prochandle *ph, lwpid_t lwp, int which, psaddr_t *base)
{
  const struct inspect_thread *th = thread_of(ph->t, lwp);
  if (th == NULL)
    return PS_ERR;
#if defined(__x86_64__)
  if (which == FS) {
    *base = (psaddr_t)(uintptr_t)th->tp;
    return PS_OK;
  }
  if (which == GS) {
    *base = (psaddr_t)(uintptr_t)th->regs.gs_base;
    return PS_OK;
  }
#endif
  (void)which, (void)base;
  return PS_ERR;
}

static const char *td_reason(td_err_e e)
{
  switch (e) {
  case TD_NOLIBTHREAD: return "the process's glibc thread data are not found (libc.so.6's _thread_db symbols are missing)";
  case TD_VERSION: return "its glibc is another version than this machine's libthread_db";
  case TD_NOTHR: return "glibc does not know the thread";
  case TD_TLSDEFER: return "the thread has not allocated that module's TLS block yet";
  case TD_NOTLS: return "the module has no TLS block";
  case TD_NOCAPAB: return "libthread_db cannot do it here";
  case TD_MALLOC: return "out of memory";
  default: return "libthread_db could not read glibc's thread data";
  }
}

static void say(struct tls *s, const char *name, const struct inspect_thread *th, const char *why)
{
  if (s != NULL && s->warned++)
    return;
  char *shown = pdb_printable(name);   /* a module name from the target */
  warn("thread-local %s of thread %d: %s", shown != NULL ? shown : "?", (int)th->lwp, why);
  free(shown);
}

/* What tls_address keeps of t (NULL if out of memory); its agent is made
   on the first call after libthread_db is loaded. */
static struct tls *state_of(struct target *t)
{
  if (t->tls == NULL) {
    struct tls *s = calloc(1, sizeof *s);
    if (s == NULL)
      return NULL;
    s->ph.t = t;
    t->tls = s;
  }
  return t->tls;
}

/* Whether the target's string at addr ends in the same file name as path. */
static int same_file_name(struct target *t, uint64_t addr, const char *path)
{
  char name[PATH_MAX];
  size_t n = 0;
  for (; n < sizeof name; n++)
    if (t->read(t, addr + n, &name[n], 1) != 0 || name[n] == '\0')
      break;
  if (n == 0 || n == sizeof name || name[n] != '\0')
    return 0;
  return strcmp(path_base(name), path_base(path)) == 0;
}

/* The address of mod's entry in the dynamic linker's list of loaded files
   (<link.h>: _r_debug.r_map, l_next), found by its load bias and, where
   several share one, its file name; 0, or -1 with why. */
static int link_map_of(struct target *t, Dwfl_Module *mod, uint64_t *out, const char **why)
{
  Dwarf_Addr bias;
  const char *path = dwfl_module_info(mod, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
  uint64_t r, lm = 0, first = 0;
  unsigned matches = 0;
  *why = "the dynamic linker's list of loaded files is not readable";
  if (dwfl_module_getelf(mod, &bias) == NULL || path == NULL) {
    *why = "its file is not known";
    return -1;
  }
  if (sym_lookup(t->dwfl, "_r_debug", &r) != 0) {
    *why = "the dynamic linker's _r_debug is not found";
    return -1;
  }
  if (t->read(t, r + offsetof(struct r_debug, r_map), &lm, sizeof lm) != 0)
    return -1;
  for (unsigned i = 0; lm != 0 && i < MAX_LINK_MAPS; i++) {
    struct link_map m;
    if (t->read(t, lm, &m, sizeof m) != 0)
      return -1;
    if ((uint64_t)m.l_addr == bias) {
      if (same_file_name(t, (uint64_t)(uintptr_t)m.l_name, path)) {
        *out = lm;
        return 0;
      }
      if (matches++ == 0)
        first = lm;
    }
    lm = (uint64_t)(uintptr_t)m.l_next;
  }
  if (matches != 1) {
    *why = "the dynamic linker's list of loaded files does not have its file";
    return -1;
  }
  *out = first;
  return 0;
}

int tls_address(struct target *t, const struct inspect_thread *th, const char *name,
                const struct sym_found *f, uint64_t *addr)
{
  const char *file = dwfl_module_info(f->mod, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
  char sym[300];
  snprintf(sym, sizeof sym, "%.200s (%.80s)", name, file != NULL ? path_base(file) : "?");
  struct tls *s = state_of(t);
  if (s == NULL) {
    say(NULL, sym, th, "out of memory");
    return -1;
  }
#if !defined(__x86_64__)
  /* Other machines keep the thread pointer elsewhere (aarch64: tpidr_el0). */
  say(s, sym, th, "not supported on this machine");
  return -1;
#endif
  if (load_thread_db() < 0) {
    say(s, sym, th, db.why);
    return -1;
  }
  if (!s->tried) {
    s->tried = 1;
    s->ph.budget = READ_BUDGET;
    s->err = db.ta_new(&s->ph, &s->ta);
    if (s->err != TD_OK)
      s->ta = NULL;
  }
  if (s->ta == NULL) {
    say(s, sym, th, td_reason(s->err));
    return -1;
  }
  uint64_t lm;
  const char *why;
  if (link_map_of(t, f->mod, &lm, &why) != 0) {
    say(s, sym, th, why);
    return -1;
  }
  td_thrhandle_t h;
  psaddr_t a;
  s->ph.budget = READ_BUDGET;
  td_err_e e = db.map_lwp2thr(s->ta, th->lwp, &h);
  if (e == TD_OK) {
    s->ph.budget = READ_BUDGET;
    e = db.tls_get_addr(&h, (psaddr_t)(uintptr_t)lm, (size_t)f->value, &a);
  }
  if (e != TD_OK) {
    say(s, sym, th, td_reason(e));
    return -1;
  }
  *addr = (uint64_t)(uintptr_t)a;
  return 0;
}

void tls_forget(struct target *t)
{
  struct tls *s = t->tls;
  if (s == NULL)
    return;
  if (s->ta != NULL) {
    s->ph.budget = READ_BUDGET;
    db.ta_delete(s->ta);
  }
  free(s);
  t->tls = NULL;
}
