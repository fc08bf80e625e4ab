/* The coarray records as JSON: the "coarray" object of
   docs/paradbg-inspect.schema.json. */
#define _GNU_SOURCE
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "caf.h"
#include "jsonkit.h"

static J *ints(const int *v, unsigned n)
{
  J *a = jk_arr();
  for (unsigned i = 0; i < n; i++)
    jk_add(a, jk_int(v[i]));
  return a;
}

static J *bounds(const int64_t *v, int n)
{
  J *a = jk_arr();
  for (int i = 0; i < n; i++)
    jk_add(a, jk_int(v[i]));
  return a;
}

static J *image(const struct pdb_caf_image *im)
{
  J *o = jk_obj();
  jk_put(o, "image", jk_int(im->image));
  jk_put(o, "pid", im->pid ? jk_int(im->pid) : NULL);
  jk_put(o, "status", jk_str(im->status));
  int stopped = strcmp(im->status, "stopped") == 0 || strcmp(im->status, "error stop") == 0;
  jk_put(o, "stop_code", stopped ? jk_int(im->stop_code) : NULL);
  jk_put(o, "signal", strcmp(im->status, "failed") == 0 && im->signal ? jk_int(im->signal) : NULL);
  jk_put(o, "team_number", jk_int(im->team_number));
  jk_put(o, "team_index", jk_int(im->team_index));
  jk_put(o, "team_id", jk_addr(im->team_id));
  if (im->wait_kind == NULL) {
    jk_put(o, "wait", NULL);
    return o;
  }
  J *w = jk_obj();
  int object = im->object_image != 0;
  int event = strcmp(im->wait_kind, "event wait") == 0;
  int lock = strcmp(im->wait_kind, "lock") == 0 || strcmp(im->wait_kind, "critical") == 0;
  jk_put(w, "kind", jk_str(im->wait_kind));
  jk_put(w, "text", jk_str(im->wait));
  jk_put(w, "images", ints(im->wait_images, im->nwait_images));
  jk_put(w, "holder", lock && im->holder ? jk_int(im->holder) : NULL);
  jk_put(w, "object", jk_str(im->object));
  jk_put(w, "element", object ? jk_uint(im->element) : NULL);
  jk_put(w, "object_image", object ? jk_int(im->object_image) : NULL);
  jk_put(w, "count", event ? jk_int(im->count) : NULL);
  jk_put(w, "until_count", event ? jk_int(im->until_count) : NULL);
  jk_put(w, "operation", jk_str(im->operation));
  jk_put(o, "wait", w);
  return o;
}

static J *coarray(const struct pdb_caf_coarray *c)
{
  J *o = jk_obj();
  jk_put(o, "serial", jk_uint(c->serial));
  jk_put(o, "name", jk_str(c->name));
  jk_put(o, "module", jk_str(c->module));
  jk_put(o, "kind", jk_str(c->kind));
  jk_put(o, "type", jk_str(c->type));
  jk_put(o, "elem_len", jk_uint(c->elem_len));
  jk_put(o, "nbytes", jk_uint(c->nbytes));
  jk_put(o, "nelem", jk_uint(c->nelem));
  jk_put(o, "rank", c->rank >= 0 ? jk_int(c->rank) : NULL);
  jk_put(o, "lbound", bounds(c->lbound, c->rank > 0 ? c->rank : 0));
  jk_put(o, "ubound", bounds(c->ubound, c->rank > 0 ? c->rank : 0));
  jk_put(o, "corank", c->corank > 0 ? jk_int(c->corank) : NULL);
  jk_put(o, "lcobound", bounds(c->lcobound, c->corank));
  jk_put(o, "ucobound", bounds(c->ucobound, c->corank));
  jk_put(o, "image", jk_int(c->image));
  J *a = jk_arr();
  for (unsigned g = 1; g <= c->nimages; g++) {
    if (c->readable[g - 1] == 0 && c->in_image[g - 1] == 0)
      continue;
    J *x = jk_obj();
    jk_put(x, "image", jk_int(g));
    jk_put(x, "readable", c->readable[g - 1] ? jk_addr(c->readable[g - 1]) : NULL);
    jk_put(x, "in_image", c->in_image[g - 1] ? jk_addr(c->in_image[g - 1]) : NULL);
    jk_add(a, x);
  }
  jk_put(o, "addresses", a);
  return o;
}

static J *sync_(const struct pdb_caf_sync *y)
{
  J *o = jk_obj();
  int event = strcmp(y->kind, "event") == 0;
  if (!event)
    jk_put(o, "kind", jk_str(y->kind));
  jk_put(o, "name", jk_str(y->name));
  jk_put(o, "module", jk_str(y->module));
  jk_put(o, "image", jk_int(y->image));
  jk_put(o, "element", jk_uint(y->element));
  if (event) {
    jk_put(o, "count", jk_int(y->count));
    J *a = jk_arr();
    for (unsigned i = 0; i < y->nwaiting; i++) {
      J *x = jk_obj();
      jk_put(x, "image", jk_int(y->waiting[i]));
      jk_put(x, "until_count", y->until != NULL ? jk_int(y->until[i]) : NULL);
      jk_add(a, x);
    }
    jk_put(o, "waiting", a);
  } else {
    jk_put(o, "holder", y->holder ? jk_int(y->holder) : NULL);
    jk_put(o, "waiting", ints(y->waiting, y->nwaiting));
  }
  return o;
}

static J *team(const struct pdb_caf_team *t)
{
  J *o = jk_obj();
  jk_put(o, "id", jk_addr(t->id));
  jk_put(o, "number", jk_int(t->number));
  jk_put(o, "size", jk_int(t->size));
  jk_put(o, "parent", t->has_parent ? jk_addr(t->parent) : NULL);
  jk_put(o, "members", ints(t->members, t->members != NULL ? (unsigned)t->size : 0));
  return o;
}

static J *coarray_object(const pdb_caf_session *s, const struct pdb_caf_records *r)
{
  J *o = jk_obj();
  J *plugin = jk_obj();
  jk_put(plugin, "path", jk_str(pdb_caf_plugin_path(s)));
  jk_put(plugin, "version", jk_str(pdb_caf_plugin_version(s)));
  jk_put(o, "plugin", plugin);
  jk_put(o, "num_images", jk_int(r->num_images));
  jk_put(o, "this_image", jk_int(r->this_image));
  jk_put(o, "error_image", jk_int(r->error_image));
  jk_put(o, "error_code", jk_int(r->error_code));
  jk_put(o, "launcher_pid", r->launcher_pid ? jk_int(r->launcher_pid) : NULL);
  J *a;
  if (r->want & PDB_CAF_WANT_IMAGES) {
    a = jk_arr();
    for (unsigned i = 0; i < r->nimages; i++)
      jk_add(a, image(&r->images[i]));
    jk_put(o, "images", a);
  }
  if (r->want & PDB_CAF_WANT_COARRAYS) {
    a = jk_arr();
    for (unsigned i = 0; i < r->ncoarrays; i++)
      jk_add(a, coarray(&r->coarrays[i]));
    jk_put(o, "coarrays", a);
  }
  for (int k = 0; k < 2; k++) {
    int event = k == 1;
    if (!(r->want & (event ? PDB_CAF_WANT_EVENTS : PDB_CAF_WANT_LOCKS)))
      continue;
    a = jk_arr();
    for (unsigned i = 0; i < r->nsyncs; i++)
      if ((strcmp(r->syncs[i].kind, "event") == 0) == event)
        jk_add(a, sync_(&r->syncs[i]));
    jk_put(o, event ? "events" : "locks", a);
  }
  if (r->want & PDB_CAF_WANT_TEAMS) {
    a = jk_arr();
    for (unsigned i = 0; i < r->nteams; i++)
      jk_add(a, team(&r->teams[i]));
    jk_put(o, "teams", a);
  }
  jk_put(o, "truncated", jk_uint(r->truncated));
  return o;
}

char *pdb_caf_json(const pdb_caf_session *s, const struct pdb_caf_records *r, const char *doc,
                   const struct pdb_json_target *t)
{
  J *root = jk_doc_root(doc, t);
  if (root == NULL)
    return NULL;
  jk_put(root, "coarray", coarray_object(s, r));
  return jk_render(root);
}

char *caf_object_text(const pdb_caf_session *s, const struct pdb_caf_records *r, char *msg,
                      size_t msgsize)
{
  jk_out_of_memory = 0;
  char *text = jk_render(coarray_object(s, r));
  if (text == NULL)
    say_status(msg, msgsize, PDB_FAILED, "out of memory");
  return text;
}

char *pdb_caf_gather_json(pdb_caf_session *s, int want, char *msg, size_t msgsize)
{
  struct pdb_caf_records r;
  if (pdb_caf_gather(s, want, &r, msg, msgsize) != PDB_OK)
    return NULL;
  char *text = caf_object_text(s, &r, msg, msgsize);
  pdb_caf_records_free(&r);
  return text;
}
