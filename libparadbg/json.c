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
#include "jsonkit.h"

/* level: the frame's number in its stack, or -1 to leave it out. */
static J *frame(const struct pdb_frame *f, int level)
{
  J *o = jk_obj();
  if (level >= 0)
    jk_put(o, "level", jk_int(level));
  jk_put(o, "pc", jk_addr(f->pc));
  jk_put(o, "function", jk_str(f->function));
  if (f->function != NULL)
    jk_put(o, "offset", jk_uint(f->offset));
  jk_put(o, "file", jk_str(f->file));
  if (f->file != NULL)
    jk_put(o, "line", jk_int(f->line));
  jk_put(o, "module", jk_str(f->module));
  return o;
}

static J *icvs(const struct pdb_icvs *s)
{
  J *o = jk_obj();
  for (unsigned i = 0; i < s->n; i++)
    jk_put(o, s->v[i].name, jk_str(s->v[i].value));
  return o;
}

static J *task(const struct pdb_records *r, const struct pdb_task *t)
{
  J *o = jk_obj();
  jk_put(o, "id", jk_uint(t->id));
  jk_put(o, "kind", jk_str(t->kind));
  jk_put(o, "function", t->has_function ? frame(&t->function, -1) : NULL);
  jk_put(o, "region", t->has_region ? jk_uint(t->region) : NULL);
  jk_put(o, "generated_by", t->has_generating ? jk_uint(t->generating) : NULL);
  jk_put(o, "scheduled_after", t->has_scheduling ? jk_uint(t->scheduling) : NULL);
  jk_put(o, "exit_frame", t->has_frames ? jk_addr(t->exit_frame) : NULL);
  jk_put(o, "enter_frame", t->has_frames ? jk_addr(t->enter_frame) : NULL);
  if (r->want & PDB_WANT_ICVS)
    jk_put(o, "icvs", icvs(&t->icvs));
  return o;
}

static J *thread(const struct pdb_records *r, const struct pdb_thread *tr)
{
  J *o = jk_obj();
  jk_put(o, "lwp", jk_int(tr->lwp));
  jk_put(o, "current", json_object_new_boolean(tr->current));
  jk_put(o, "signal", jk_int(tr->signal));
  jk_put(o, "openmp", json_object_new_boolean(tr->is_omp));
  if (tr->is_omp) {
    jk_put(o, "thread_num", tr->thread_num >= 0 ? jk_int(tr->thread_num) : NULL);
    jk_put(o, "state", tr->has_state ? jk_str(tr->state) : NULL);
    jk_put(o, "state_value", tr->has_state ? jk_int(tr->state_value) : NULL);
    J *region = NULL;
    if (tr->has_region) {
      region = jk_obj();
      jk_put(region, "id", jk_uint(tr->region_id));
      jk_put(region, "level", jk_int(tr->level));
    }
    jk_put(o, "region", region);
    jk_put(o, "task", tr->has_task ? jk_uint(tr->task_id) : NULL);
  }
  /* Any thread may wait for an atomic lock (pdb_atomic_mark). */
  if (tr->is_omp || tr->waiting) {
    J *wait = NULL;
    if (tr->waiting) {
      wait = jk_obj();
      jk_put(wait, "id", jk_addr(tr->wait_id));
      jk_put(wait, "text", jk_str(tr->wait));
    }
    jk_put(o, "wait", wait);
    /* for the wait-for graph: who holds the lock-like object waited on,
       and its short name */
    jk_put(o, "holder", tr->holder != 0 ? jk_int(tr->holder) : NULL);
    jk_put(o, "wait_name", jk_str(tr->wait_name));
  }
  if (tr->has_frames) {
    jk_put(o, "frame", frame(&tr->frame, -1));
    jk_put(o, "user_frame", tr->user_level >= 0 ? frame(&tr->user, tr->user_level) : NULL);
  }
  if (r->backtraces) {
    J *bt = NULL;
    if (tr->nbacktrace >= 0) {
      bt = jk_arr();
      for (int k = 0; k < tr->nbacktrace; k++)
        jk_add(bt, frame(&tr->backtrace[k], -1));
    }
    jk_put(o, "backtrace", bt);
  }
  if (tr->is_omp && (r->want & PDB_WANT_TASKS)) {
    J *tasks = jk_arr();
    for (unsigned k = 0; k < tr->ntasks; k++)
      jk_add(tasks, task(r, &tr->tasks[k]));
    jk_put(o, "tasks", tasks);
  }
  if (tr->is_omp && (r->want & PDB_WANT_ICVS))
    jk_put(o, "icvs", icvs(&tr->icvs));
  return o;
}

static J *region(const struct pdb_records *r, const struct pdb_region *reg)
{
  J *o = jk_obj();
  jk_put(o, "id", jk_uint(reg->id));
  jk_put(o, "level", jk_int(reg->level));
  jk_put(o, "team_size", jk_int(reg->team_size));
  jk_put(o, "parent", reg->has_parent ? jk_uint(reg->parent) : NULL);
  jk_put(o, "function", reg->has_function ? frame(&reg->function, -1) : NULL);
  J *members = jk_arr();
  for (unsigned k = 0; k < reg->nmembers; k++)
    jk_add(members, reg->members[k] != 0 ? jk_int(reg->members[k]) : NULL);
  jk_put(o, "threads", members);
  if (r->want & PDB_WANT_ICVS)
    jk_put(o, "icvs", icvs(&reg->icvs));
  return o;
}

/* A document's root: its format and what was read (the plugin: path and
   version, NULL for none). */
J *jk_root(const char *plugin_path, const char *plugin_version, const struct pdb_json_target *t)
{
  J *root = jk_obj();
  jk_put(root, "format", jk_int(JSON_FORMAT));
  J *target = jk_obj();
  if (t != NULL && t->kind != NULL) {
    jk_put(target, "kind", jk_str(t->kind));
    if (t->core != NULL)
      jk_put(target, "core", jk_str(t->core));
    else
      jk_put(target, "pid", jk_int(t->pid));
  }
  if (plugin_path != NULL) {
    J *plugin = jk_obj();
    jk_put(plugin, "path", jk_str(plugin_path));
    jk_put(plugin, "version", jk_str(plugin_version));
    jk_put(target, "plugin", plugin);
  }
  if (t != NULL && t->memory_reads >= 0)
    jk_put(target, "memory_reads", jk_int(t->memory_reads));
  jk_put(root, "target", target);
  return root;
}

/* The text of root, which this releases; NULL if anything ran out of memory. */
J *jk_doc_root(const char *doc, const struct pdb_json_target *t)
{
  jk_out_of_memory = 0;
  if (doc == NULL)
    return jk_root(NULL, NULL, t);
  /* A document may already hold a merged stack tree, nested two levels a
     frame: json-c's default depth (32) would refuse it. */
  struct json_tokener *tok = json_tokener_new_ex(2 * PDB_STACKS_MAX_DEPTH + 32);
  if (tok == NULL)
    return NULL;
  J *root = json_tokener_parse_ex(tok, doc, -1);
  if (root != NULL && json_tokener_get_error(tok) != json_tokener_success) {
    json_object_put(root);
    root = NULL;
  }
  json_tokener_free(tok);
  if (root == NULL || !json_object_is_type(root, json_type_object)) {
    json_object_put(root);
    return NULL;
  }
  return root;
}

char *jk_render(J *root)
{
  const char *text = json_object_to_json_string_ext(
      root, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED | JSON_C_TO_STRING_NOSLASHESCAPE);
  char *out = text != NULL && !jk_out_of_memory ? jk_escape_unprintable(text) : NULL;
  json_object_put(root);
  return out;
}

char *pdb_json(const pdb_session *s, const struct pdb_records *r, const struct pdb_json_target *t)
{
  jk_out_of_memory = 0;
  J *root = jk_root(s != NULL ? pdb_plugin_path(s) : NULL, s != NULL ? pdb_plugin_version(s) : NULL, t);
  /* Threads are listed whenever tasks or ICVs are asked for: those hang
     off their threads. */
  if (r->want & (PDB_WANT_THREADS | PDB_WANT_TASKS | PDB_WANT_ICVS)) {
    J *threads = jk_arr();
    for (unsigned i = 0; i < r->nthreads; i++)
      jk_add(threads, thread(r, &r->threads[i]));
    jk_put(root, "threads", threads);
  }
  if (r->want & (PDB_WANT_PARALLEL | PDB_WANT_ICVS)) {
    J *regions = jk_arr();
    for (unsigned i = 0; i < r->nregions; i++)
      jk_add(regions, region(r, &r->regions[i]));
    jk_put(root, "parallel", regions);
  }
  if (r->want & PDB_WANT_ICVS)
    jk_put(root, "icvs", icvs(&r->icvs));
  if (r->want & PDB_WANT_CONTROL_VARS) {
    J *vars = jk_arr();
    for (unsigned i = 0; r->control_vars != NULL && r->control_vars[i] != NULL; i++)
      jk_add(vars, jk_str(r->control_vars[i]));
    jk_put(root, "control_vars", vars);
  }
  return jk_render(root);
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
