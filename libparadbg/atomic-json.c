/* The atomic-lock records as JSON: the "atomic" object of
   docs/paradbg-inspect.schema.json. */
#define _GNU_SOURCE
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "caf.h"
#include "jsonkit.h"

static J *who(const struct pdb_atomic_who *w)
{
  J *o = jk_obj();
  jk_put(o, "lwp", w->lwp ? jk_int(w->lwp) : NULL);
  jk_put(o, "text", jk_str(w->text));
  jk_put(o, "omp_thread", w->omp_thread >= 0 ? jk_int(w->omp_thread) : NULL);
  jk_put(o, "image", w->image > 0 ? jk_int(w->image) : NULL);
  jk_put(o, "alive", json_object_new_boolean(w->alive));
  return o;
}

/* null where the object is unknown. */
static J *object(const struct pdb_atomic_object *x)
{
  if (x->addr == 0)
    return NULL;
  J *o = jk_obj();
  jk_put(o, "address", jk_addr(x->addr));
  jk_put(o, "size", jk_uint(x->size));
  jk_put(o, "name", jk_str(x->name));
  J *a = jk_arr();
  for (unsigned i = 0; i < x->nlocks; i++)
    jk_add(a, jk_uint(x->locks[i]));
  jk_put(o, "locks", a);
  return o;
}

static J *lock(const struct pdb_atomic_records *r, const struct pdb_atomic_lock *l)
{
  J *o = jk_obj();
  jk_put(o, "index", jk_uint(l->index));
  jk_put(o, "state", jk_str(l->state));
  jk_put(o, "owner", who(&l->owner));
  jk_put(o, "object", object(&l->object));
  jk_put(o, "counted_waiters", l->counted_waiters >= 0 ? jk_int(l->counted_waiters) : NULL);
  J *a = jk_arr();
  for (unsigned i = 0; i < l->nwaiters; i++)
    if (l->waiters[i] < r->nwaiters)
      jk_add(a, jk_int(r->waiters[l->waiters[i]].who.lwp));
  jk_put(o, "waiters", a);
  jk_put(o, "note", jk_str(l->note));
  return o;
}

static J *waiter(const struct pdb_atomic_waiter *w)
{
  J *o = jk_obj();
  jk_put(o, "thread", who(&w->who));
  jk_put(o, "lock", w->lock != UINT64_MAX ? jk_uint(w->lock) : NULL);
  jk_put(o, "object", object(&w->object));
  jk_put(o, "self", json_object_new_boolean(w->self));
  jk_put(o, "wait", jk_str(w->wait));
  return o;
}

static J *atomic_object(const pdb_atomic_session *s, const struct pdb_atomic_records *r)
{
  J *o = jk_obj();
  jk_put(o, "runtime", jk_str(r->runtime));
  jk_put(o, "owners_recorded", json_object_new_boolean(r->owners_recorded));
  jk_put(o, "note", jk_str(r->note));
  if (s != NULL && pdb_atomic_plugin_path(s) != NULL) {
    J *plugin = jk_obj();
    jk_put(plugin, "path", jk_str(pdb_atomic_plugin_path(s)));
    jk_put(plugin, "version", jk_str(pdb_atomic_plugin_version(s)));
    jk_put(o, "plugin", plugin);
  }
  jk_put(o, "nlocks", r->nlocks_table ? jk_uint(r->nlocks_table) : NULL);
  jk_put(o, "granule", r->granule ? jk_uint(r->granule) : NULL);
  jk_put(o, "truncated", jk_uint(r->truncated));
  J *a = jk_arr();
  for (unsigned i = 0; i < r->nlocks; i++)
    jk_add(a, lock(r, &r->locks[i]));
  jk_put(o, "locks", a);
  a = jk_arr();
  for (unsigned i = 0; i < r->nwaiters; i++)
    jk_add(a, waiter(&r->waiters[i]));
  jk_put(o, "waiters", a);
  return o;
}

char *pdb_atomic_json(const pdb_atomic_session *s, const struct pdb_atomic_records *r,
                      const char *doc, const struct pdb_json_target *t)
{
  J *root = jk_doc_root(doc, t);
  if (root == NULL)
    return NULL;
  jk_put(root, "atomic", atomic_object(s, r));
  return jk_render(root);
}

char *pdb_atomic_gather_json(pdb_atomic_session *s, const struct pdb_atomic_thread *threads,
                             unsigned n, pdb_session *omp, pdb_caf_session *caf, char *msg,
                             size_t msgsize)
{
  if (msg != NULL && msgsize > 0)
    msg[0] = '\0';
  /* Who is which OpenMP thread and image: labels only, so a failure
     drops them and nothing else. */
  struct pdb_records orec;
  struct pdb_caf_records crec;
  int have_omp = 0, have_caf = 0;
  if (omp != NULL && threads != NULL && n > 0) {
    int64_t *lwps = malloc(n * sizeof *lwps);
    if (lwps != NULL) {
      for (unsigned i = 0; i < n; i++)
        lwps[i] = threads[i].lwp;
      have_omp = pdb_gather(omp, lwps, n, PDB_WANT_THREADS, &orec, NULL, 0) == PDB_OK;
      free(lwps);
    }
  }
  if (caf != NULL)
    have_caf = pdb_caf_gather(caf, PDB_CAF_WANT_IMAGES, &crec, NULL, 0) == PDB_OK;
  struct pdb_atomic_records r;
  char *text = NULL;
  if (pdb_atomic_gather(s, threads, n, have_omp ? &orec : NULL, have_caf ? &crec : NULL, &r, msg,
                        msgsize) == PDB_OK) {
    jk_out_of_memory = 0;
    text = jk_render(atomic_object(s, &r));
    pdb_atomic_records_free(&r);
    if (text == NULL)
      say_status(msg, msgsize, PDB_FAILED, "out of memory");
  }
  if (have_omp)
    pdb_records_free(&orec);
  if (have_caf)
    pdb_caf_records_free(&crec);
  return text;
}

/* The atomic records of a gather of as, or 0 (the waits then stay
   unmarked: the view itself did not fail). */
static int gather_for_marks(pdb_atomic_session *as, const struct pdb_atomic_thread *threads,
                            unsigned nthreads, const struct pdb_records *omp,
                            const struct pdb_caf_records *caf, struct pdb_atomic_records *out)
{
  char msg[256];
  return pdb_atomic_gather(as, threads, nthreads, omp, caf, out, msg, sizeof msg) == PDB_OK;
}

char *pdb_gather_json_marked(pdb_session *s, const int64_t *lwps, unsigned n, int want,
                             pdb_atomic_session *as, const struct pdb_atomic_thread *threads,
                             unsigned nthreads, char *msg, size_t msgsize)
{
  if (as == NULL)
    return pdb_gather_json(s, lwps, n, want, msg, msgsize);
  struct pdb_records r;
  if (pdb_gather(s, lwps, n, want, &r, msg, msgsize) != PDB_OK)
    return NULL;
  struct pdb_atomic_records ar;
  if (gather_for_marks(as, threads, nthreads, &r, NULL, &ar)) {
    pdb_atomic_mark(&ar, &r, NULL);
    pdb_atomic_records_free(&ar);
  }
  char *text = pdb_json(s, &r, NULL);
  pdb_records_free(&r);
  if (text == NULL)
    say_status(msg, msgsize, PDB_FAILED, "out of memory");
  return text;
}

char *pdb_caf_gather_json_marked(pdb_caf_session *s, int want, pdb_atomic_session *as,
                                 const struct pdb_atomic_thread *threads, unsigned nthreads,
                                 char *msg, size_t msgsize)
{
  if (as == NULL)
    return pdb_caf_gather_json(s, want, msg, msgsize);
  struct pdb_caf_records cr;
  if (pdb_caf_gather(s, want, &cr, msg, msgsize) != PDB_OK)
    return NULL;
  struct pdb_atomic_records ar;
  if (gather_for_marks(as, threads, nthreads, NULL, &cr, &ar)) {
    pdb_atomic_mark(&ar, NULL, &cr);
    pdb_atomic_records_free(&ar);
  }
  char *text = caf_object_text(s, &cr, msg, msgsize);   /* as pdb_caf_gather_json's */
  pdb_caf_records_free(&cr);
  return text;
}
