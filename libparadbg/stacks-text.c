/* The merged stacks (paradbg/stacks.h) as text, JSON and DOT: the same
   in every host.  Every function, file, module and wait came from a
   target, so each is made printable (text, DOT) or escaped (JSON). */
#define _GNU_SOURCE
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jsonkit.h"
#include "paradbg/paradbg.h"
#include "waits-private.h"

/* What precedes a class's wait: a crash says what happened itself. */
static const char *class_word(const struct pdb_stack_class *cl)
{
  return strncmp(cl->wait, WAITS_CRASHED_PREFIX, sizeof WAITS_CRASHED_PREFIX - 1) == 0 ? "" : "waiting: ";
}

static void sb_put(struct wstr *o, const char *s, size_t n)
{
  wstr_add(o, "%.*s", (int)n, s);
}

static void sb_str(struct wstr *o, const char *s)
{
  wstr_add(o, "%s", s);
}

/* A target's string, made printable. */
static void sb_shown(struct wstr *o, const char *s)
{
  char *p = pdb_printable(s);
  if (p == NULL) {
    o->failed = 1;
    return;
  }
  sb_str(o, p);
  free(p);
}

static unsigned moved_total(const struct pdb_stacks *t)
{
  unsigned m = 0;
  for (unsigned i = 0; i < t->nnodes; i++)
    if (t->nodes[i].parent < 0)
      m += t->nodes[i].moved;
  return m;
}

/* "4 threads, 1 process", with what could not be unwound or was cut and,
   sampled, how many moved. */
static void headline(struct wstr *o, const struct pdb_stacks *t)
{
  wstr_add(o, "%u thread%s", t->nthreads, t->nthreads == 1 ? "" : "s");
  if (t->nsources > 0)
    wstr_add(o, ", %u process%s", t->nsources, t->nsources == 1 ? "" : "es");
  if (t->unwound_not)
    wstr_add(o, ", %u not unwound", t->unwound_not);
  if (t->truncated)
    wstr_add(o, ", %u frame%s left out (the tree's bounds: %d deep, %u nodes)", t->truncated,
              t->truncated == 1 ? "" : "s", PDB_STACKS_MAX_DEPTH, PDB_STACKS_MAX_NODES);
  if (t->sampled)
    wstr_add(o, ", sampled: %u of %u moved", moved_total(t), t->nthreads);
}

/* Sampled: "stuck" if none of them moved, else how many did. */
static void mark(struct wstr *o, const struct pdb_stacks *t, unsigned moved, unsigned count)
{
  if (!t->sampled)
    return;
  if (moved == 0)
    sb_str(o, "  stuck");
  else
    wstr_add(o, "  moved %u/%u", moved, count);
}

/* The prefix of a line at depth d is 3 d bytes: "|  " where the parent
   has siblings still to come, else blanks. */
#define PREFIX_MAX (3 * (PDB_STACKS_MAX_DEPTH + 2) + 1)

static void text_node(struct wstr *o, const struct pdb_stacks *t, unsigned i, unsigned d, int last,
                      char *prefix)
{
  const struct pdb_stack_node *nd = &t->nodes[i];
  sb_put(o, prefix, 3 * d);
  sb_str(o, "+- ");
  sb_shown(o, nd->function != NULL ? nd->function : "??");
  wstr_add(o, "  [%u: ", nd->count);
  sb_str(o, nd->members != NULL ? nd->members : "");
  sb_str(o, "]");
  if (nd->where != NULL) {
    sb_str(o, " at ");
    sb_shown(o, nd->where);
  }
  mark(o, t, nd->moved, nd->count);
  sb_str(o, "\n");
  if (d + 1 >= PDB_STACKS_MAX_DEPTH + 2)
    return;   /* deeper than any tree pdb_stacks_build makes */
  memcpy(prefix + 3 * d, last ? "   " : "|  ", 3);
  for (unsigned c = 0; c < nd->nclasses; c++) {
    const struct pdb_stack_class *cl = &nd->classes[c];
    sb_put(o, prefix, 3 * (d + 1));
    wstr_add(o, "= %u ", cl->count);
    if (cl->wait != NULL) {
      sb_str(o, class_word(cl));
      sb_shown(o, cl->wait);
    } else {
      sb_str(o, "running");
    }
    sb_str(o, "  [");
    sb_str(o, cl->members != NULL ? cl->members : "");
    sb_str(o, "]");
    mark(o, t, cl->moved, cl->count);
    sb_str(o, "\n");
  }
  for (unsigned c = 0; c < nd->nchildren; c++)
    if (nd->children[c] < t->nnodes && nd->children[c] > i)
      text_node(o, t, nd->children[c], d + 1, c + 1 == nd->nchildren, prefix);
}

char *pdb_stacks_text(const struct pdb_stacks *t)
{
  struct wstr o = {0};
  char prefix[PREFIX_MAX];
  headline(&o, t);
  sb_str(&o, "\n");
  unsigned last = 0, any = 0;
  for (unsigned i = 0; i < t->nnodes; i++)
    if (t->nodes[i].parent < 0)
      last = i, any = 1;
  for (unsigned i = 0; any && i < t->nnodes; i++)
    if (t->nodes[i].parent < 0)
      text_node(&o, t, i, 0, i == last, prefix);
  return wstr_take(&o);
}

/* ---- JSON ---- */

static J *json_node(const struct pdb_stacks *t, unsigned i, unsigned d)
{
  const struct pdb_stack_node *nd = &t->nodes[i];
  J *o = jk_obj();
  jk_put(o, "function", jk_str(nd->function));
  jk_put(o, "where", jk_str(nd->where));
  jk_put(o, "count", jk_uint(nd->count));
  jk_put(o, "members", jk_str(nd->members));
  if (t->sampled)
    jk_put(o, "moved", jk_uint(nd->moved));
  J *a = jk_arr();
  for (unsigned c = 0; c < nd->nclasses; c++) {
    const struct pdb_stack_class *cl = &nd->classes[c];
    J *w = jk_obj();
    jk_put(w, "wait", jk_str(cl->wait));
    jk_put(w, "count", jk_uint(cl->count));
    jk_put(w, "members", jk_str(cl->members));
    if (t->sampled)
      jk_put(w, "moved", jk_uint(cl->moved));
    jk_add(a, w);
  }
  jk_put(o, "waits", a);
  a = jk_arr();
  for (unsigned c = 0; c < nd->nchildren && d < PDB_STACKS_MAX_DEPTH + 1; c++)
    if (nd->children[c] < t->nnodes && nd->children[c] > i)
      jk_add(a, json_node(t, nd->children[c], d + 1));
  jk_put(o, "children", a);
  return o;
}

static J *stacks_object(const struct pdb_stacks *t)
{
  J *o = jk_obj();
  jk_put(o, "threads", jk_uint(t->nthreads));
  jk_put(o, "sources", jk_uint(t->nsources));
  jk_put(o, "sampled", json_object_new_boolean(t->sampled != 0));
  jk_put(o, "truncated", jk_uint(t->truncated));
  J *a = jk_arr();
  for (unsigned i = 0; i < t->nnodes; i++)
    if (t->nodes[i].parent < 0)
      jk_add(a, json_node(t, i, 0));
  jk_put(o, "roots", a);
  return o;
}

/* stacks.c's, for pdb_stacks_from_json: the object alone. */
char *stacks_json_object(const struct pdb_stacks *t);
char *stacks_json_object(const struct pdb_stacks *t)
{
  jk_out_of_memory = 0;
  return jk_render(stacks_object(t));
}

char *pdb_stacks_json(const struct pdb_stacks *t, const char *doc, const struct pdb_json_target *jt)
{
  J *root = jk_doc_root(doc, jt);
  if (root == NULL)
    return NULL;
  jk_put(root, "stacks", stacks_object(t));
  return jk_render(root);
}

/* ---- DOT ---- */

/* A target's string, printable, inside a DOT string: its quotes and
   backslashes escaped, so that none becomes an escape of Graphviz's. */
static void dot_shown(struct wstr *o, const char *s)
{
  char *p = pdb_printable(s);
  if (p == NULL) {
    o->failed = 1;
    return;
  }
  wstr_dot(o, p);
  free(p);
}

char *pdb_stacks_dot(const struct pdb_stacks *t)
{
  struct wstr o = {0};
  sb_str(&o, "digraph stacks {\n  graph [label=\"");
  headline(&o, t);
  sb_str(&o, "\", labelloc=t, fontname=\"monospace\"];\n"
             "  node [shape=box, fontname=\"monospace\"];\n");
  for (unsigned i = 0; i < t->nnodes; i++) {
    const struct pdb_stack_node *nd = &t->nodes[i];
    wstr_add(&o, "  n%u [label=\"", i);
    dot_shown(&o, nd->function != NULL ? nd->function : "??");
    wstr_add(&o, "\\n%u: ", nd->count);
    sb_str(&o, nd->members != NULL ? nd->members : "");
    if (nd->where != NULL) {
      sb_str(&o, "\\nat ");
      dot_shown(&o, nd->where);
    }
    for (unsigned c = 0; c < nd->nclasses; c++) {
      const struct pdb_stack_class *cl = &nd->classes[c];
      wstr_add(&o, "\\n= %u ", cl->count);
      if (cl->wait != NULL) {
        sb_str(&o, class_word(cl));
        dot_shown(&o, cl->wait);
      } else {
        sb_str(&o, "running");
      }
      sb_str(&o, " [");
      sb_str(&o, cl->members != NULL ? cl->members : "");
      sb_str(&o, "]");
    }
    if (t->sampled && nd->moved == 0)
      sb_str(&o, "\\nstuck");
    else if (t->sampled)
      wstr_add(&o, "\\nmoved %u/%u", nd->moved, nd->count);
    sb_str(&o, "\"");
    if (t->sampled && nd->moved == 0)
      sb_str(&o, ", color=red, fontcolor=red");
    sb_str(&o, "];\n");
  }
  for (unsigned i = 0; i < t->nnodes; i++)
    for (unsigned c = 0; c < t->nodes[i].nchildren; c++)
      wstr_add(&o, "  n%u -> n%u;\n", i, t->nodes[i].children[c]);
  sb_str(&o, "}\n");
  return wstr_take(&o);
}
