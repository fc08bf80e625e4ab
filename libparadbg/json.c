/* The records as JSON, in the schema of docs/paradbg-inspect.schema.json
   (format 1), built with json-c.  Addresses are "0x..." strings; ids and
   numbers are numbers. */
#define _GNU_SOURCE
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "paradbg/paradbg.h"
#include "printable.h"
#include "session.h"

#define JSON_FORMAT 1

typedef struct json_object J;

/* Set when json-c could not allocate: pdb_json then returns NULL rather
   than a document with holes. */
static __thread int out_of_memory;

/* A string value: a byte that is not UTF-8 is the text "\xNN" and a
   backslash is two, as pdb_printable() shows them, so that the one cannot
   pass for the other.  Characters it would escape stay characters here and
   become \u escapes in the text (see escape_unprintable). */
static J *str(const char *s)
{
  if (s == NULL)
    return NULL;
  size_t len = strlen(s);
  char *out = malloc(4 * len + 1), *o = out;
  if (out == NULL) {
    out_of_memory = 1;
    return NULL;
  }
  for (const unsigned char *p = (const unsigned char *)s; *p;) {
    uint32_t code;
    size_t n = utf8_char(p, &code);
    if (n == 0) {
      o += sprintf(o, "\\x%02x", *p++);
    } else if (code == '\\') {
      memcpy(o, "\\\\", 2);
      o += 2, p++;
    } else {
      memcpy(o, p, n);
      o += n, p += n;
    }
  }
  *o = '\0';
  J *v = json_object_new_string(out);
  free(out);
  return v;
}

static J *addr(uint64_t v)
{
  char buf[24];
  snprintf(buf, sizeof buf, "0x%llx", (unsigned long long)v);
  return json_object_new_string(buf);
}

static J *uint_(uint64_t v)
{
  return json_object_new_uint64(v);
}

static J *int_(int64_t v)
{
  return json_object_new_int64(v);
}

static J *obj(void)
{
  J *o = json_object_new_object();
  out_of_memory |= o == NULL;
  return o;
}

static J *arr(void)
{
  J *a = json_object_new_array();
  out_of_memory |= a == NULL;
  return a;
}

/* v NULL is a JSON null; a NULL container is out of memory already. */
static void put(J *o, const char *key, J *v)
{
  if (o == NULL || json_object_object_add(o, key, v) != 0) {
    out_of_memory = 1;
    json_object_put(v);
  }
}

static void add(J *a, J *v)
{
  if (a == NULL || json_object_array_add(a, v) != 0) {
    out_of_memory = 1;
    json_object_put(v);
  }
}

/* level: the frame's number in its stack, or -1 to leave it out. */
static J *frame(const struct pdb_frame *f, int level)
{
  J *o = obj();
  if (level >= 0)
    put(o, "level", int_(level));
  put(o, "pc", addr(f->pc));
  put(o, "function", str(f->function));
  if (f->function != NULL)
    put(o, "offset", uint_(f->offset));
  put(o, "file", str(f->file));
  if (f->file != NULL)
    put(o, "line", int_(f->line));
  put(o, "module", str(f->module));
  return o;
}

static J *icvs(const struct pdb_icvs *s)
{
  J *o = obj();
  for (unsigned i = 0; i < s->n; i++)
    put(o, s->v[i].name, str(s->v[i].value));
  return o;
}

static J *task(const struct pdb_records *r, const struct pdb_task *t)
{
  J *o = obj();
  put(o, "id", uint_(t->id));
  put(o, "kind", str(t->kind));
  put(o, "function", t->has_function ? frame(&t->function, -1) : NULL);
  put(o, "region", t->has_region ? uint_(t->region) : NULL);
  put(o, "generated_by", t->has_generating ? uint_(t->generating) : NULL);
  put(o, "scheduled_after", t->has_scheduling ? uint_(t->scheduling) : NULL);
  put(o, "exit_frame", t->has_frames ? addr(t->exit_frame) : NULL);
  put(o, "enter_frame", t->has_frames ? addr(t->enter_frame) : NULL);
  if (r->want & PDB_WANT_ICVS)
    put(o, "icvs", icvs(&t->icvs));
  return o;
}

static J *thread(const struct pdb_records *r, const struct pdb_thread *tr)
{
  J *o = obj();
  put(o, "lwp", int_(tr->lwp));
  put(o, "current", json_object_new_boolean(tr->current));
  put(o, "signal", int_(tr->signal));
  put(o, "openmp", json_object_new_boolean(tr->is_omp));
  if (tr->is_omp) {
    put(o, "thread_num", tr->thread_num >= 0 ? int_(tr->thread_num) : NULL);
    put(o, "state", tr->has_state ? str(tr->state) : NULL);
    put(o, "state_value", tr->has_state ? int_(tr->state_value) : NULL);
    J *wait = NULL;
    if (tr->waiting) {
      wait = obj();
      put(wait, "id", addr(tr->wait_id));
      put(wait, "text", str(tr->wait));
    }
    put(o, "wait", wait);
    J *region = NULL;
    if (tr->has_region) {
      region = obj();
      put(region, "id", uint_(tr->region_id));
      put(region, "level", int_(tr->level));
    }
    put(o, "region", region);
    put(o, "task", tr->has_task ? uint_(tr->task_id) : NULL);
  }
  if (tr->has_frames) {
    put(o, "frame", frame(&tr->frame, -1));
    put(o, "user_frame", tr->user_level >= 0 ? frame(&tr->user, tr->user_level) : NULL);
  }
  if (r->backtraces) {
    J *bt = NULL;
    if (tr->nbacktrace >= 0) {
      bt = arr();
      for (int k = 0; k < tr->nbacktrace; k++)
        add(bt, frame(&tr->backtrace[k], -1));
    }
    put(o, "backtrace", bt);
  }
  if (tr->is_omp && (r->want & PDB_WANT_TASKS)) {
    J *tasks = arr();
    for (unsigned k = 0; k < tr->ntasks; k++)
      add(tasks, task(r, &tr->tasks[k]));
    put(o, "tasks", tasks);
  }
  if (tr->is_omp && (r->want & PDB_WANT_ICVS))
    put(o, "icvs", icvs(&tr->icvs));
  return o;
}

static J *region(const struct pdb_records *r, const struct pdb_region *reg)
{
  J *o = obj();
  put(o, "id", uint_(reg->id));
  put(o, "level", int_(reg->level));
  put(o, "team_size", int_(reg->team_size));
  put(o, "parent", reg->has_parent ? uint_(reg->parent) : NULL);
  put(o, "function", reg->has_function ? frame(&reg->function, -1) : NULL);
  J *members = arr();
  for (unsigned k = 0; k < reg->nmembers; k++)
    add(members, reg->members[k] != 0 ? int_(reg->members[k]) : NULL);
  put(o, "threads", members);
  if (r->want & PDB_WANT_ICVS)
    put(o, "icvs", icvs(&reg->icvs));
  return o;
}

/* text with every character that printable_code() refuses (json-c escapes
   only the C0 controls) as a \u escape, so that the JSON text itself can go
   to a terminal.  Such characters occur only inside strings. */
static char *escape_unprintable(const char *text)
{
  size_t len = strlen(text);
  char *out = malloc(6 * len + 1), *o = out;   /* \uNNNN: six bytes for at least one */
  if (out == NULL)
    return NULL;
  for (const unsigned char *p = (const unsigned char *)text; *p;) {
    uint32_t code;
    size_t n = utf8_char(p, &code);
    if (n == 0)
      n = 1, code = *p;   /* json-c wrote only UTF-8; keep anything else as it is */
    if (code >= 0x7f && !printable_code(code))
      o += sprintf(o, "\\u%04x", (unsigned)code);   /* all of them are in the BMP */
    else
      memcpy(o, p, n), o += n;
    p += n;
  }
  *o = '\0';
  return out;
}

char *pdb_json(const pdb_session *s, const struct pdb_records *r, const struct pdb_json_target *t)
{
  out_of_memory = 0;
  J *root = obj();
  put(root, "format", int_(JSON_FORMAT));
  J *target = obj();
  if (t != NULL && t->kind != NULL) {
    put(target, "kind", str(t->kind));
    if (t->core != NULL)
      put(target, "core", str(t->core));
    else
      put(target, "pid", int_(t->pid));
  }
  if (s != NULL) {
    J *plugin = obj();
    put(plugin, "path", str(pdb_plugin_path(s)));
    put(plugin, "version", str(pdb_plugin_version(s)));
    put(target, "plugin", plugin);
  }
  if (t != NULL && t->memory_reads >= 0)
    put(target, "memory_reads", int_(t->memory_reads));
  put(root, "target", target);
  /* Threads are listed whenever tasks or ICVs are asked for: those hang
     off their threads. */
  if (r->want & (PDB_WANT_THREADS | PDB_WANT_TASKS | PDB_WANT_ICVS)) {
    J *threads = arr();
    for (unsigned i = 0; i < r->nthreads; i++)
      add(threads, thread(r, &r->threads[i]));
    put(root, "threads", threads);
  }
  if (r->want & (PDB_WANT_PARALLEL | PDB_WANT_ICVS)) {
    J *regions = arr();
    for (unsigned i = 0; i < r->nregions; i++)
      add(regions, region(r, &r->regions[i]));
    put(root, "parallel", regions);
  }
  if (r->want & PDB_WANT_ICVS)
    put(root, "icvs", icvs(&r->icvs));
  if (r->want & PDB_WANT_CONTROL_VARS) {
    J *vars = arr();
    for (unsigned i = 0; r->control_vars != NULL && r->control_vars[i] != NULL; i++)
      add(vars, str(r->control_vars[i]));
    put(root, "control_vars", vars);
  }
  const char *text = json_object_to_json_string_ext(
      root, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED | JSON_C_TO_STRING_NOSLASHESCAPE);
  char *out = text != NULL && !out_of_memory ? escape_unprintable(text) : NULL;
  json_object_put(root);
  return out;
}

char *pdb_gather_json(pdb_session *s, const int64_t *lwps, unsigned n, int want, char *msg,
                      size_t msgsize)
{
  struct pdb_records r;
  if (pdb_gather(s, lwps, n, want, &r, msg, msgsize) != PDB_OK)
    return NULL;
  char *text = pdb_json(s, &r, NULL);
  pdb_records_free(&r);
  if (text == NULL)
    say_status(msg, msgsize, PDB_FAILED, "out of memory");
  return text;
}
