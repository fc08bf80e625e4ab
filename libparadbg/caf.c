/* The coarray view: opening a program's coarray runtime through the debug
   library it names (loaded as an OMPD library is: exact name, trusted
   directory, entry points checked first), and whole records of its
   images, coarrays, locks, events and teams.  The loader serves the
   atomic-lock view (atomic.c) and the distributed-array view
   (distarray.c) too, which the same library answers. */
#define _GNU_SOURCE
#include "config.h"

#include <ctype.h>
#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "paradbg/atomic-layout.h"
#include "paradbg/plugins.h"

#include "caf.h"
#include "printable.h"

#define MAX_TEAMS 4096        /* teams looked at */

static struct caf_library *libraries;
static pthread_mutex_t libraries_lock = PTHREAD_MUTEX_INITIALIZER;

/* Each use in words: the symbol that names the library, the one name
   paradbg loads, and how messages call it. */
static const struct {
  const char *symbol, *plugin, *what, *a_what, *list;
} uses[] = {
  [CAF_FOR_COARRAYS] = { "caf_debugger_plugin", PARADBG_CAF_PLUGIN, "coarray debug library",
                         "a coarray debug library", "cafdbg" },
  [CAF_FOR_ATOMICS] = { "atomic_debugger_plugin", PARADBG_ATOMIC_PLUGIN, "atomic debug library",
                        "an atomic debug library", "cafdbg atomic" },
  [CAF_FOR_DAP] = { "caf_debugger_plugin", PARADBG_CAF_PLUGIN, "coarray debug library",
                    "a distributed-array debug library", "cafdbg distributed-array" },
};

static const char *const coarray_api[] = {
#define PARADBG_CAFDBG_API(name) #name,
#include "paradbg/cafdbg-api.h"
#undef PARADBG_CAFDBG_API
};

static const char *const atomic_api[] = {
#define PARADBG_CAFDBG_API(name) #name,
#include "paradbg/cafdbg-atomic-api.h"
#undef PARADBG_CAFDBG_API
};

static const char *const dap_api[] = {
#define PARADBG_CAFDBG_API(name) #name,
#include "paradbg/cafdbg-dap-api.h"
#undef PARADBG_CAFDBG_API
};

/* Each use's list, by name. */
static const struct {
  const char *const *names;
  unsigned n;
} lists[] = {
  [CAF_FOR_COARRAYS] = { coarray_api, sizeof coarray_api / sizeof coarray_api[0] },
  [CAF_FOR_ATOMICS] = { atomic_api, sizeof atomic_api / sizeof atomic_api[0] },
  [CAF_FOR_DAP] = { dap_api, sizeof dap_api / sizeof dap_api[0] },
};

/* Every entry point of every list the library has; NULL for the others. */
static void resolve(struct caf_library *l)
{
#define PARADBG_CAFDBG_API(name) l->name = (__typeof__(name) *)dlsym(l->lib, #name);
#include "paradbg/cafdbg-api.h"
#undef PARADBG_CAFDBG_API
#define PARADBG_CAFDBG_API(name) l->atomic.name = (__typeof__(name) *)dlsym(l->lib, #name);
#include "paradbg/cafdbg-atomic-api.h"
#undef PARADBG_CAFDBG_API
#define PARADBG_CAFDBG_API(name) l->dap.name = (__typeof__(name) *)dlsym(l->lib, #name);
#include "paradbg/cafdbg-dap-api.h"
#undef PARADBG_CAFDBG_API
}

/* The first entry point of use's list the library lacks, or NULL. */
static const char *missing(const struct caf_library *l, enum caf_use use)
{
  if (use == CAF_FOR_ATOMICS) {
#define PARADBG_CAFDBG_API(name) if (l->atomic.name == NULL) return #name;
#include "paradbg/cafdbg-atomic-api.h"
#undef PARADBG_CAFDBG_API
    return NULL;
  }
  if (use == CAF_FOR_DAP) {
#define PARADBG_CAFDBG_API(name) if (l->dap.name == NULL) return #name;
#include "paradbg/cafdbg-dap-api.h"
#undef PARADBG_CAFDBG_API
    return NULL;
  }
#define PARADBG_CAFDBG_API(name) if (l->name == NULL) return #name;
#include "paradbg/cafdbg-api.h"
#undef PARADBG_CAFDBG_API
  return NULL;
}

/* The library at path for use, loaded and initialized at its first use of
   any kind; a later use of another kind checks its own entry points.
   fd: the file at path, open, which this closes. */
static int load(const struct pdb_host *host, const char *path, int fd, enum caf_use use,
                struct caf_library **out, char *msg, size_t size)
{
  const char *lacks;
  for (struct caf_library *l = libraries; l != NULL; l = l->next)
    if (strcmp(l->path, path) == 0) {
      close(fd);
      if ((lacks = missing(l, use)) != NULL)
        return say_status(msg, size, PDB_PLUGIN, "%s is not %s: it has no %s", path, uses[use].a_what,
                          lacks);
      *out = l;
      return PDB_OK;
    }
  int ok = elf_exports(fd, lists[use].names, lists[use].n);
  close(fd);
  if (!ok)
    return say_status(msg, size, PDB_PLUGIN, "%s is not %s: it does not export the %s entry points; "
                      "not loaded", path, uses[use].a_what, uses[use].list);
  struct caf_library *l = calloc(1, sizeof *l);
  if (l == NULL || (l->path = strdup(path)) == NULL) {
    free(l);
    return say_status(msg, size, PDB_FAILED, "out of memory");
  }
  int st = PDB_PLUGIN;
  l->lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (l->lib == NULL) {
    say_status(msg, size, st, "cannot load the %s %s: %s", uses[use].what, path, dlerror());
    goto fail;
  }
  resolve(l);
  if ((lacks = missing(l, use)) != NULL) {
    say_status(msg, size, st, "%s is not %s: it has no %s", path, uses[use].a_what, lacks);
    goto fail;
  }
  plugin_callbacks(host->ompd, &l->callbacks);
  /* Every list has these (use's list was checked: resolved here too). */
  ompd_rc_t rc = l->atomic.cafdbg_initialize(CAFDBG_API_VERSION, &l->callbacks);
  if (rc != ompd_rc_ok) {
    say_status(msg, size, st, "%s refuses coarray debug API version %d: %s", path, CAFDBG_API_VERSION,
               pdb_rc_name(rc) != NULL ? pdb_rc_name(rc) : "unknown error");
    goto fail;
  }
  if (l->atomic.cafdbg_get_version_string(&l->version) != ompd_rc_ok || l->version == NULL)
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
  return st;
}

int caf_library_open(const struct pdb_host *host, ompd_address_space_context_t *context,
                     const struct pdb_options *o, enum caf_use use, uint64_t name_addr,
                     struct caf_library **out, char *msg, size_t size)
{
  const char *target = o != NULL && o->target_name != NULL ? o->target_name : "the program";
  char name[PDB_MAX_NAME + 1];
  if (read_plugin_name(host, context, name_addr, name) != 0)
    return say_status(msg, size, PDB_PLUGIN, "%s has no readable %s name (%s)", target, uses[use].what,
                      uses[use].symbol);
  if (strcmp(name, uses[use].plugin) != 0)
    return say_status(msg, size, PDB_PLUGIN, "%s names '%s' as its %s, which is not a plugin paradbg "
                      "loads (it loads only %s); not loaded", target, name, uses[use].what,
                      uses[use].plugin);
  char path[PATH_MAX];
  int fd;
  int st = find_plugin(o, name, uses[use].what, path, sizeof path, &fd, msg, size);
  if (st != PDB_OK)
    return st;
  pthread_mutex_lock(&libraries_lock);
  st = load(host, path, fd, use, out, msg, size);
  pthread_mutex_unlock(&libraries_lock);
  return st;
}

static int open_with(pdb_caf_session *s, const struct pdb_options *o, char *msg, size_t size)
{
  const char *target = o != NULL && o->target_name != NULL ? o->target_name : "the program";
  ompd_address_t a = { 0, 0 };
  if (s->host->ompd->symbol_addr_lookup(s->context, NULL, "caf_debugger_plugin", &a, NULL) != ompd_rc_ok)
    return say_status(msg, size, PDB_NO_RUNTIME, "No coarray runtime in %s (no caf_debugger_plugin): "
                      "build it with paradbg-caf, or link libparcaf", target);
  int st = caf_library_open(s->host, s->context, o, CAF_FOR_COARRAYS, a.address, &s->lib, msg, size);
  if (st != PDB_OK)
    return st;
  const char *path = s->lib->path;
  ompd_rc_t rc = s->lib->cafdbg_process_initialize(s->context, &s->program);
  if (rc == ompd_rc_ok && s->program != NULL)
    return PDB_OK;
  s->program = NULL;
  if (rc == ompd_rc_unavailable)
    return say_status(msg, size, PDB_NO_RUNTIME, "%s has no coarray runtime that %s can read yet "
                      "(a libparcaf program's starts before its main program)", target, PARADBG_CAF_PLUGIN);
  if (rc == ompd_rc_incompatible)
    return say_status(msg, size, PDB_PLUGIN, "%s (%s) does not match the coarray runtime of %s", path,
                      s->lib->version, target);
  return say_status(msg, size, PDB_FAILED, "%s cannot read the coarray runtime of %s: %s", path, target,
                    pdb_rc_name(rc) != NULL ? pdb_rc_name(rc) : "unknown error");
}

PDB_DEFINE_OPEN(pdb_caf_open, pdb_caf_session, 1, open_with, pdb_caf_close)

void pdb_caf_close(pdb_caf_session *s)
{
  if (s == NULL)
    return;
  if (s->program != NULL)
    s->lib->cafdbg_rel_program_handle(s->program);
  for (unsigned i = 0; i < s->nnames; i++) {
    free(s->names[i].name);
    free(s->names[i].module);
  }
  free(s->names);
  free(s);
}

const char *pdb_caf_plugin_path(const pdb_caf_session *s)
{
  return s->lib->path;
}

const char *pdb_caf_plugin_version(const pdb_caf_session *s)
{
  return s->lib->version;
}

/* The words of each list, written once. */
const char *caf_status_text(cafdbg_image_status_t st)
{
  switch (st) {
  case cafdbg_image_not_started: return "not started";
  case cafdbg_image_running: return "running";
  case cafdbg_image_stopped: return "stopped";
  case cafdbg_image_failed: return "failed";
  case cafdbg_image_error_stopped: return "error stop";
  }
  return "unknown";
}

const char *caf_wait_text(cafdbg_wait_kind_t k)
{
  switch (k) {
  case cafdbg_wait_none: return NULL;
  case cafdbg_wait_sync_all: return "sync all";
  case cafdbg_wait_sync_images: return "sync images";
  case cafdbg_wait_lock: return "lock";
  case cafdbg_wait_critical: return "critical";
  case cafdbg_wait_event: return "event wait";
  case cafdbg_wait_collective: return "collective";
  case cafdbg_wait_termination: return "normal termination";
  case cafdbg_wait_team: return "team synchronisation";
  }
  return "unknown wait";
}

const char *caf_kind_text(cafdbg_coarray_kind_t k)
{
  switch (k) {
  case cafdbg_coarray_static: return "static";
  case cafdbg_coarray_allocatable: return "allocatable";
  case cafdbg_coarray_lock: return "lock";
  case cafdbg_coarray_event: return "event";
  case cafdbg_coarray_critical: return "critical";
  case cafdbg_coarray_component: return "component";
  }
  return "unknown";
}

const char *caf_type_text(cafdbg_type_t t)
{
  static const char *const names[] = { "unknown", "integer", "logical", "real", "complex", "derived",
                                       "character", "class", "procedure", "hollerith", "void",
                                       "assumed", "union" };
  return (unsigned)t < sizeof names / sizeof names[0] ? names[t] : "unknown";
}

/* --- Names, from the host's symbols ---------------------------------- */

/* A Fortran name: a letter, then letters, digits and underscores. */
static int is_identifier(const char *s, size_t n)
{
  if (n == 0 || n > 63 || !isalpha((unsigned char)s[0]))
    return 0;
  for (size_t i = 1; i < n; i++)
    if (!isalnum((unsigned char)s[i]) && s[i] != '_')
      return 0;
  return 1;
}

/* Decodes a symbol gfortran gave a variable: "x", "x.5" (a main-program
   static), "__m_MOD_x" (module m), with "_F.caf_token" or "caf_token" in
   front for a token.  Returns 0 with name (and module or "") filled. */
static int decode_symbol(const char *sym, char *name, char *module, size_t n)
{
  const char *p = sym;
  name[0] = module[0] = '\0';
  if (strncmp(p, "_F.", 3) == 0)
    p += 3;
  if (strncmp(p, "caf_token", 9) == 0) {
    p += 9;
    if (strncmp(p, "__", 2) != 0)
      return -1;   /* caf_token.N: a main program's token says nothing */
  }
  const char *mod = strstr(p, "_MOD_");
  if (strncmp(p, "__", 2) == 0 && mod != NULL) {
    size_t ml = (size_t)(mod - (p + 2));
    if (!is_identifier(p + 2, ml) || ml >= n)
      return -1;
    memcpy(module, p + 2, ml);
    module[ml] = '\0';
    p = mod + 5;
  }
  /* The name, then only ".N" suffixes. */
  size_t len = strcspn(p, ".");
  for (const char *q = p + len; *q != '\0';) {
    if (q[0] != '.' || q[1] < '0' || q[1] > '9')
      return -1;
    q += 1 + strspn(q + 1, "0123456789");
  }
  if (!is_identifier(p, len) || len >= n)
    return -1;
  memcpy(name, p, len);
  name[len] = '\0';
  return 0;
}

static int name_from(const struct pdb_place *pl, char *name, char *module, size_t n)
{
  return pl->offset == 0 && pl->function[0] != '\0' ? decode_symbol(pl->function, name, module, n) : -1;
}

/* Names the coarray from the program's token variable, its descriptor, or
   the pointer that holds its data. */
static void give_name(pdb_caf_session *s, struct pdb_caf_coarray *c, const cafdbg_coarray_info_t *info,
                      uint64_t data)
{
  uint64_t key = info->token_var.address ? info->token_var.address : data;
  for (unsigned i = 0; i < s->nnames; i++)
    if (s->names[i].key == key) {
      c->name = s->names[i].name ? strdup(s->names[i].name) : NULL;
      c->module = s->names[i].module ? strdup(s->names[i].module) : NULL;
      return;
    }
  char name[64], module[64];
  int found = -1;
  struct pdb_place pl;
  const struct pdb_host *h = s->host;
  if (h->describe != NULL && info->token_var.address != 0) {
    memset(&pl, 0, sizeof pl);
    if (h->describe(h->data, info->token_var.address, &pl) == 0)
      found = name_from(&pl, name, module, sizeof name);
  }
  if (found != 0 && h->describe != NULL && info->descriptor.address != 0) {
    memset(&pl, 0, sizeof pl);
    if (h->describe(h->data, info->descriptor.address, &pl) == 0)
      found = name_from(&pl, name, module, sizeof name);
  }
  if (found != 0 && h->find_pointer != NULL && data != 0) {
    memset(&pl, 0, sizeof pl);
    if (h->find_pointer(h->data, data, &pl) == 0 && pl.function[0] != '\0' &&
        decode_symbol(pl.function, name, module, sizeof name) == 0)
      found = 0;
  }
  if (found == 0) {
    c->name = strdup(name);
    c->module = module[0] ? strdup(module) : NULL;
  }
  if (s->nnames == s->names_cap) {
    unsigned cap = s->names_cap ? 2 * s->names_cap : 16;
    struct caf_name *n = realloc(s->names, cap * sizeof *n);
    if (n == NULL)
      return;
    s->names = n;
    s->names_cap = cap;
  }
  s->names[s->nnames].key = key;
  s->names[s->nnames].name = c->name ? strdup(c->name) : NULL;
  s->names[s->nnames].module = c->module ? strdup(c->module) : NULL;
  s->nnames++;
}

/* --- Records ------------------------------------------------------- */

static int add_int(int **v, unsigned *n, int x)
{
  int *p = realloc(*v, (*n + 1) * sizeof *p);
  if (p == NULL)
    return -1;
  p[(*n)++] = x;
  *v = p;
  return 0;
}

/* "2, 3, 5-9": images as compact ranges. */
static void ranges(char *buf, size_t n, const int *v, unsigned k)
{
  struct ranges r;
  ranges_init(&r, buf, n, ", ", 0, 0);
  for (unsigned i = 0; i < k; i++)
    ranges_add(&r, v[i]);
  ranges_end(&r);
}

const struct pdb_caf_coarray *caf_find(const struct pdb_caf_records *r, const char *name)
{
  char *end;
  if (name[0] == '#') {
    unsigned long long serial = strtoull(name + 1, &end, 10);
    for (unsigned i = 0; *end == '\0' && end != name + 1 && i < r->ncoarrays; i++)
      if (r->coarrays[i].serial == serial)
        return &r->coarrays[i];
    return NULL;
  }
  /* "m::x": x of module m; "x": the first x (Fortran names have no case). */
  const char *sep = strstr(name, "::");
  size_t ml = sep != NULL ? (size_t)(sep - name) : 0;
  const char *base = sep != NULL ? sep + 2 : name;
  for (unsigned i = 0; i < r->ncoarrays; i++) {
    const struct pdb_caf_coarray *c = &r->coarrays[i];
    if (c->name == NULL || strcasecmp(c->name, base) != 0)
      continue;
    if (sep == NULL || (c->module != NULL && strlen(c->module) == ml && strncasecmp(c->module, name, ml) == 0))
      return c;
  }
  return NULL;
}

/* The index of the coarray whose copy on image holds readable address a,
   or -1. */
static int holding(const struct pdb_caf_records *r, int image, uint64_t a, uint64_t *element)
{
  for (unsigned i = 0; i < r->ncoarrays; i++) {
    const struct pdb_caf_coarray *c = &r->coarrays[i];
    if (image < 1 || (unsigned)image > c->nimages || c->readable[image - 1] == 0)
      continue;
    uint64_t base = c->readable[image - 1];
    if (a >= base && a - base < c->nbytes) {
      uint64_t size = c->nelem ? c->nbytes / c->nelem : 0;
      *element = size ? (a - base) / size : 0;
      return (int)i;
    }
  }
  return -1;
}

/* "lk", "lk(3)", "lk (element 2 of 4)": how a wait names its object. */
static void object_text(char *buf, size_t n, const struct pdb_caf_coarray *c, uint64_t element)
{
  const char *name = c->name;
  char serial[32];
  if (name == NULL) {
    snprintf(serial, sizeof serial, "#%llu", (unsigned long long)c->serial);
    name = serial;
  }
  if (c->nelem <= 1)
    snprintf(buf, n, "%s", name);
  else if (c->rank == 1)
    snprintf(buf, n, "%s(%lld)", name, (long long)(c->lbound[0] + (int64_t)element));
  else
    snprintf(buf, n, "%s (element %llu of %llu)", name, (unsigned long long)element + 1,
             (unsigned long long)c->nelem);
}

/* The wait in words, with its objects and the images it needs. */
static void wait_words(struct pdb_caf_image *im, const struct pdb_caf_records *r, const cafdbg_wait_t *w)
{
  char who[512], obj[160] = "", buf[1024];
  ranges(who, sizeof who, im->wait_images, im->nwait_images);
  const char *one = im->nwait_images == 1 ? "image" : "images";
  uint64_t element = w->element;
  im->object_coarray = w->object.address != 0 ? holding(r, w->object_image, w->object.address, &element) : -1;
  if (im->object_coarray >= 0) {
    const struct pdb_caf_coarray *c = &r->coarrays[im->object_coarray];
    object_text(obj, sizeof obj, c, element);
    im->object = c->name ? strdup(c->name) : NULL;
    im->element = element;   /* one answer for the text and the record */
  }
  switch (w->kind) {
  case cafdbg_wait_sync_images:
    snprintf(buf, sizeof buf, "sync images (%s)", im->nwait_images ? who : "-");
    break;
  case cafdbg_wait_lock:
  case cafdbg_wait_critical: {
    char held[48] = "free now";
    if (w->holder)
      snprintf(held, sizeof held, "held by image %d", w->holder);
    if (w->kind == cafdbg_wait_critical)
      snprintf(buf, sizeof buf, "%s (%s)", obj[0] ? obj : "critical", held);
    else
      snprintf(buf, sizeof buf, "lock %s[%d] (%s)", obj[0] ? obj : "?", w->object_image, held);
    break;
  }
  case cafdbg_wait_event: {
    int64_t need = w->until_count - w->count;
    snprintf(buf, sizeof buf, "event wait %s (count %lld, %lld post%s needed)", obj[0] ? obj : "?",
             (long long)w->count, (long long)(need > 0 ? need : 0), need == 1 ? "" : "s");
    break;
  }
  default: {
    /* A collective is named by its operation. */
    const char *what = w->kind == cafdbg_wait_collective && w->operation != NULL ? w->operation
                                                                                : caf_wait_text(w->kind);
    if (im->nwait_images)
      snprintf(buf, sizeof buf, "%s (waiting for %s %s)", what, one, who);
    else
      snprintf(buf, sizeof buf, "%s", what);
  }
  }
  im->wait = strdup(buf);
}

static void coarray_free(struct pdb_caf_coarray *c)
{
  free(c->name);
  free(c->module);
  free(c->readable);
  free(c->in_image);
}

void pdb_caf_records_free(struct pdb_caf_records *r)
{
  if (r == NULL)
    return;
  for (unsigned i = 0; i < r->nimages; i++) {
    free(r->images[i].wait);
    free(r->images[i].wait_images);
    free(r->images[i].object);
  }
  for (unsigned i = 0; i < r->ncoarrays; i++)
    coarray_free(&r->coarrays[i]);
  for (unsigned i = 0; i < r->nsyncs; i++) {
    free(r->syncs[i].name);
    free(r->syncs[i].module);
    free(r->syncs[i].waiting);
    free(r->syncs[i].until);
  }
  for (unsigned i = 0; i < r->nteams; i++)
    free(r->teams[i].members);
  free(r->images);
  free(r->coarrays);
  free(r->syncs);
  free(r->teams);
  memset(r, 0, sizeof *r);
}

static int team_id(struct caf_library *l, cafdbg_team_handle_t *t, uint64_t *id, cafdbg_team_info_t *info)
{
  cafdbg_team_info_t ti;
  if (l->cafdbg_get_team_info(t, &ti) != ompd_rc_ok)
    return -1;
  *id = ti.id;
  if (info != NULL)
    *info = ti;
  return 0;
}

/* Takes one call from the gather's budget: 0 when it is spent (what is
   left out is counted). */
static int spend(pdb_caf_session *s, struct pdb_caf_records *r)
{
  if (s->work == 0) {
    if (r->truncated < UINT_MAX)
      r->truncated++;
    return 0;
  }
  s->work--;
  return 1;
}

static int gather_teams(pdb_caf_session *s, struct pdb_caf_records *r)
{
  struct caf_library *l = s->lib;
  for (int nth = 0; nth < MAX_TEAMS && spend(s, r); nth++) {
    cafdbg_team_handle_t *t = NULL;
    if (l->cafdbg_get_team(s->program, nth, &t) != ompd_rc_ok || t == NULL)
      break;
    struct pdb_caf_team *tm = realloc(r->teams, (r->nteams + 1) * sizeof *tm);
    if (tm == NULL) {
      l->cafdbg_rel_team_handle(t);
      return -1;
    }
    r->teams = tm;
    tm = &r->teams[r->nteams];
    memset(tm, 0, sizeof *tm);
    cafdbg_team_info_t ti;
    if (team_id(l, t, &tm->id, &ti) == 0) {
      tm->number = ti.team_number;
      int size = ti.size >= 0 && ti.size <= r->num_images ? ti.size : 0;
      tm->members = calloc(size ? (size_t)size : 1, sizeof *tm->members);
      /* The members read, up to the first that cannot be: a list by team
         index has no holes. */
      for (int k = 1; tm->members != NULL && k <= size && spend(s, r); k++) {
        int g = 0;
        if (l->cafdbg_get_team_member(t, k, &g) != ompd_rc_ok || g < 1 || g > r->num_images)
          break;
        tm->members[tm->size++] = g;
      }
      cafdbg_team_handle_t *p = NULL;
      if (l->cafdbg_get_team_parent(t, &p) == ompd_rc_ok && p != NULL) {
        tm->has_parent = team_id(l, p, &tm->parent, NULL) == 0;
        l->cafdbg_rel_team_handle(p);
      }
      r->nteams++;
    }
    l->cafdbg_rel_team_handle(t);
  }
  return 0;
}

/* Names the CRITICAL constructs, which have no names of their own:
   "critical", or "critical #serial" when there are several. */
static void name_criticals(struct pdb_caf_records *r)
{
  unsigned n = 0;
  for (unsigned i = 0; i < r->ncoarrays; i++)
    n += strcmp(r->coarrays[i].kind, "critical") == 0 && r->coarrays[i].name == NULL;
  for (unsigned i = 0; i < r->ncoarrays; i++) {
    struct pdb_caf_coarray *c = &r->coarrays[i];
    if (strcmp(c->kind, "critical") != 0 || c->name != NULL)
      continue;
    char buf[48];
    if (n > 1)
      snprintf(buf, sizeof buf, "critical #%llu", (unsigned long long)c->serial);
    else
      snprintf(buf, sizeof buf, "critical");
    c->name = strdup(buf);
  }
}

static int gather_coarrays(pdb_caf_session *s, struct pdb_caf_records *r, cafdbg_image_handle_t *from)
{
  struct caf_library *l = s->lib;
  cafdbg_coarray_handle_t *c = NULL;
  for (;;) {
    cafdbg_coarray_handle_t *next = NULL;
    ompd_rc_t rc = spend(s, r) ? l->cafdbg_get_next_coarray(from, c, &next) : ompd_rc_unavailable;
    if (c != NULL)
      l->cafdbg_rel_coarray_handle(c);
    c = next;
    if (rc != ompd_rc_ok || c == NULL)
      break;
    if (r->ncoarrays == PDB_CAF_MAX_COARRAYS) {
      r->truncated++;
      break;
    }
    cafdbg_coarray_info_t info;
    if (l->cafdbg_get_coarray_info(c, &info) != ompd_rc_ok)
      continue;
    /* A registration met again: the registry runs in a circle. */
    int again = 0;
    for (unsigned i = 0; i < r->ncoarrays && !again; i++)
      again = r->coarrays[i].serial == info.serial && r->coarrays[i].image == info.image;
    if (again)
      break;
    struct pdb_caf_coarray *v = realloc(r->coarrays, (r->ncoarrays + 1) * sizeof *v);
    if (v == NULL)
      break;
    r->coarrays = v;
    v = &r->coarrays[r->ncoarrays];
    memset(v, 0, sizeof *v);
    v->serial = info.serial;
    v->kind = caf_kind_text(info.kind);
    v->type = caf_type_text(info.type);
    v->elem_len = info.elem_len;
    v->nbytes = info.nbytes;
    v->nelem = info.nelem;
    v->rank = info.rank >= -1 && info.rank <= 15 ? info.rank : -1;
    for (int d = 0; d < v->rank; d++) {
      v->lbound[d] = info.lbound[d];
      v->ubound[d] = info.ubound[d];
    }
    v->corank = info.corank >= 0 && info.corank <= 15 ? info.corank : 0;
    for (int d = 0; d < v->corank; d++) {
      v->lcobound[d] = info.lcobound[d];
      v->ucobound[d] = info.ucobound[d];
    }
    v->image = info.image;
    v->nimages = (unsigned)r->num_images;
    v->readable = calloc(v->nimages ? v->nimages : 1, sizeof *v->readable);
    v->in_image = calloc(v->nimages ? v->nimages : 1, sizeof *v->in_image);
    if (v->readable == NULL || v->in_image == NULL) {
      coarray_free(v);
      break;
    }
    for (unsigned g = 1; g <= v->nimages && spend(s, r); g++) {
      ompd_address_t here = { 0, 0 }, there = { 0, 0 };
      if (l->cafdbg_get_coarray_address(c, (int)g, &here, &there) == ompd_rc_ok) {
        v->readable[g - 1] = here.address;
        v->in_image[g - 1] = there.address;
      }
    }
    int own = info.image >= 1 && (unsigned)info.image <= v->nimages ? info.image : 1;
    give_name(s, v, &info, v->in_image[own - 1]);
    r->ncoarrays++;
  }
  if (c != NULL)
    l->cafdbg_rel_coarray_handle(c);
  name_criticals(r);
  return 0;
}

/* The row of element on image of coarrays[index], made if new; NULL past
   PDB_CAF_MAX_SYNCS.  Rows are told apart by registration, never by name:
   a stripped program's variables have none, and modules may share one. */
static struct pdb_caf_sync *sync_of(struct pdb_caf_records *r, int index, int image, uint64_t element)
{
  const struct pdb_caf_coarray *c = &r->coarrays[index];
  for (unsigned i = 0; i < r->nsyncs; i++) {
    struct pdb_caf_sync *y = &r->syncs[i];
    if (y->coarray == index && y->image == image && y->element == element)
      return y;
  }
  if (r->nsyncs == PDB_CAF_MAX_SYNCS) {
    r->truncated++;
    return NULL;
  }
  struct pdb_caf_sync *y = realloc(r->syncs, (r->nsyncs + 1) * sizeof *y);
  if (y == NULL)
    return NULL;
  r->syncs = y;
  y = &r->syncs[r->nsyncs++];
  memset(y, 0, sizeof *y);
  y->kind = strcmp(c->kind, "event") == 0 ? "event" : strcmp(c->kind, "critical") == 0 ? "critical" : "lock";
  y->coarray = index;
  char serial[32];
  snprintf(serial, sizeof serial, "#%llu", (unsigned long long)c->serial);
  y->name = strdup(c->name ? c->name : serial);
  y->module = c->module != NULL ? strdup(c->module) : NULL;
  y->image = image;
  y->element = element;
  return y;
}

static void gather_syncs(pdb_caf_session *s, struct pdb_caf_records *r, cafdbg_image_handle_t *from)
{
  struct caf_library *l = s->lib;
  /* The state of every element of every lock, critical and event variable:
     the coarray handles again, matched to the records by registration. */
  cafdbg_coarray_handle_t *c = NULL;
  for (;;) {
    cafdbg_coarray_handle_t *next = NULL;
    ompd_rc_t rc = spend(s, r) ? l->cafdbg_get_next_coarray(from, c, &next) : ompd_rc_unavailable;
    if (c != NULL)
      l->cafdbg_rel_coarray_handle(c);
    c = next;
    if (rc != ompd_rc_ok || c == NULL)
      break;
    cafdbg_coarray_info_t info;
    if (l->cafdbg_get_coarray_info(c, &info) != ompd_rc_ok ||
        (info.kind != cafdbg_coarray_lock && info.kind != cafdbg_coarray_event &&
         info.kind != cafdbg_coarray_critical))
      continue;
    int index = -1;
    for (unsigned i = 0; i < r->ncoarrays && index < 0; i++)
      if (r->coarrays[i].serial == info.serial && r->coarrays[i].image == info.image)
        index = (int)i;
    if (index < 0)
      break;   /* not among the records: the walk has gone beyond them */
    int last = info.kind == cafdbg_coarray_critical ? 1 : r->num_images;
    uint64_t n = info.nelem;
    if (n > PDB_CAF_MAX_ELEMENTS) {
      r->truncated += (unsigned)(n - PDB_CAF_MAX_ELEMENTS > UINT_MAX ? UINT_MAX : n - PDB_CAF_MAX_ELEMENTS);
      n = PDB_CAF_MAX_ELEMENTS;
    }
    for (int g = 1; g <= last; g++)
      for (uint64_t e = 0; e < n && spend(s, r); e++) {
        cafdbg_sync_state_t st;
        if (l->cafdbg_get_sync_state(c, g, e, &st) != ompd_rc_ok)
          continue;
        if ((info.kind == cafdbg_coarray_event && st.count != 0) ||
            (info.kind != cafdbg_coarray_event && st.holder != 0)) {
          struct pdb_caf_sync *y = sync_of(r, index, g, e);
          if (y != NULL) {
            y->holder = st.holder;
            y->count = st.count;
          }
        }
      }
  }
  if (c != NULL)
    l->cafdbg_rel_coarray_handle(c);
  /* The waiters, from each image's wait: its object is the coarray the
     wait's address lies in. */
  for (unsigned i = 0; i < r->nimages; i++) {
    struct pdb_caf_image *im = &r->images[i];
    if (im->wait_kind == NULL || im->object_coarray < 0)
      continue;
    struct pdb_caf_sync *y = sync_of(r, im->object_coarray, im->object_image, im->element);
    if (y == NULL)
      continue;
    if (strcmp(y->kind, "event") == 0) {
      int64_t *u = realloc(y->until, (y->nwaiting + 1) * sizeof *u);
      if (u == NULL)
        continue;
      y->until = u;
      u[y->nwaiting] = im->until_count;
      y->count = im->count;
    } else if (im->holder != 0) {
      y->holder = im->holder;
    }
    add_int(&y->waiting, &y->nwaiting, im->image);
  }
}

int pdb_caf_gather(pdb_caf_session *s, int want, struct pdb_caf_records *r, char *msg, size_t msgsize)
{
  struct caf_library *l = s->lib;
  memset(r, 0, sizeof *r);
  /* A program handle is a snapshot (docs/cafdbg-api.md): a new one for
     every gather, so that the library may read once and keep. */
  cafdbg_program_handle_t *fresh = NULL;
  ompd_rc_t orc = l->cafdbg_process_initialize(s->context, &fresh);
  if (orc != ompd_rc_ok || fresh == NULL)
    return say_status(msg, msgsize, PDB_FAILED, "reading the coarray program failed: %s",
                      pdb_rc_name(orc) != NULL ? pdb_rc_name(orc) : "unknown error");
  if (s->program != NULL)
    l->cafdbg_rel_program_handle(s->program);
  s->program = fresh;
  r->want = want & PDB_CAF_WANT_ALL;
  s->work = PDB_CAF_MAX_WORK;
  /* Who waits for a lock or an event comes from the images' waits. */
  int waits = want & (PDB_CAF_WANT_IMAGES | PDB_CAF_WANT_LOCKS | PDB_CAF_WANT_EVENTS);
  cafdbg_program_info_t pi;
  ompd_rc_t rc = l->cafdbg_get_program_info(s->program, &pi);
  if (rc != ompd_rc_ok)
    return say_status(msg, msgsize, PDB_FAILED, "reading the coarray program failed: %s",
                      pdb_rc_name(rc) != NULL ? pdb_rc_name(rc) : "unknown error");
  if (pi.num_images < 1 || pi.num_images > (1 << 16))
    return say_status(msg, msgsize, PDB_FAILED, "the coarray runtime says it has %d images", pi.num_images);
  r->num_images = pi.num_images;
  r->this_image = pi.this_image;
  r->error_image = pi.error_image;
  r->error_code = pi.error_code;
  r->launcher_pid = pi.launcher_pid;
  r->images = calloc((size_t)pi.num_images, sizeof *r->images);
  int *buf = malloc((size_t)pi.num_images * sizeof *buf);
  cafdbg_image_handle_t **handles = calloc((size_t)pi.num_images, sizeof *handles);
  struct { cafdbg_wait_t w; int ok; } *wait = calloc((size_t)pi.num_images, sizeof *wait);
  if (r->images == NULL || buf == NULL || handles == NULL || wait == NULL) {
    free(buf), free(handles), free(wait);
    pdb_caf_records_free(r);
    return say_status(msg, msgsize, PDB_FAILED, "out of memory");
  }
  r->nimages = (unsigned)pi.num_images;
  for (int g = 1; g <= pi.num_images; g++) {
    struct pdb_caf_image *im = &r->images[g - 1];
    im->image = g;
    im->status = "unknown";
    im->object_coarray = -1;
    cafdbg_image_handle_t *h = NULL;
    if (l->cafdbg_get_image(s->program, g, &h) != ompd_rc_ok || h == NULL)
      continue;
    handles[g - 1] = h;
    cafdbg_image_info_t ii;
    if (l->cafdbg_get_image_info(h, &ii) == ompd_rc_ok) {
      im->pid = ii.pid;
      im->status = caf_status_text(ii.status);
      im->stop_code = ii.stop_code;
      im->signal = ii.signal;
      im->team_number = ii.team_number;
      im->team_index = ii.team_index;
    }
    cafdbg_team_handle_t *t = NULL;
    if ((want & PDB_CAF_WANT_IMAGES) && l->cafdbg_get_image_team(h, &t) == ompd_rc_ok && t != NULL) {
      team_id(l, t, &im->team_id, NULL);
      l->cafdbg_rel_team_handle(t);
    }
    cafdbg_wait_t *w = &wait[g - 1].w;
    if (!waits || l->cafdbg_get_image_wait(h, w) != ompd_rc_ok)
      continue;
    if (w->kind == cafdbg_wait_none) {
      l->cafdbg_rel_wait(w);
      continue;
    }
    wait[g - 1].ok = 1;
    im->wait_kind = caf_wait_text(w->kind);
    im->holder = w->holder;
    im->element = w->element;
    im->object_image = w->object_image;
    im->count = w->count;
    im->until_count = w->until_count;
    im->operation = w->operation;
    int count = 0;
    if ((want & PDB_CAF_WANT_IMAGES) && l->cafdbg_get_wait_images(h, buf, pi.num_images, &count) == ompd_rc_ok)
      for (int k = 0; k < count && k < pi.num_images; k++)
        if (buf[k] >= 1 && buf[k] <= pi.num_images)
          add_int(&im->wait_images, &im->nwait_images, buf[k]);
  }
  /* Coarrays from the registry of the image whose memory this is (each
     image registers the same ones), else image 1's. */
  int from = pi.this_image >= 1 && pi.this_image <= pi.num_images && handles[pi.this_image - 1] ? pi.this_image : 1;
  int objects = 0;   /* a wait names a variable */
  for (int g = 1; g <= pi.num_images; g++)
    objects |= wait[g - 1].ok && wait[g - 1].w.object.address != 0;
  if (handles[from - 1] != NULL && ((want & (PDB_CAF_WANT_COARRAYS | PDB_CAF_WANT_LOCKS | PDB_CAF_WANT_EVENTS)) ||
                                    objects))
    gather_coarrays(s, r, handles[from - 1]);
  for (int g = 1; g <= pi.num_images; g++)
    if (wait[g - 1].ok) {
      wait_words(&r->images[g - 1], r, &wait[g - 1].w);
      l->cafdbg_rel_wait(&wait[g - 1].w);
    }
  if (handles[from - 1] != NULL && (want & (PDB_CAF_WANT_LOCKS | PDB_CAF_WANT_EVENTS)))
    gather_syncs(s, r, handles[from - 1]);
  if (want & PDB_CAF_WANT_TEAMS)
    gather_teams(s, r);
  for (int g = 1; g <= pi.num_images; g++)
    if (handles[g - 1] != NULL)
      l->cafdbg_rel_image_handle(handles[g - 1]);
  free(buf);
  free(handles);
  free(wait);
  return PDB_OK;
}
