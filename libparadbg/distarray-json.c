/* The distributed-array records as JSON: the "distarrays" list of
   docs/paradbg-inspect.schema.json, each rank's dimensions spelled as the
   Distributed Array Protocol spells its dimension dictionaries; and the
   one-source shorthands for the GDB package. */
#define _GNU_SOURCE
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jsonkit.h"
#include "session.h"

/* A string made printable already (names): as it is, so that the text a
   user sees is the text pdb_dap_find takes. */
static J *printable_str(const char *s)
{
  if (s == NULL)
    return NULL;
  J *v = json_object_new_string(s);
  jk_out_of_memory |= v == NULL;
  return v;
}

static J *boolean(int v)
{
  return json_object_new_boolean(v != 0);
}

/* One dimension dictionary: the keys the protocol gives its dist_type
   (with 'b''s optional padding and periodic always there); a dist_type
   that is none of the three is shown with the common keys alone. */
static J *dim_dict(const struct paradbg_dap_dim *d)
{
  J *o = jk_obj();
  char t[2] = { d->dist_type, '\0' };
  jk_put(o, "dist_type", jk_str(t));
  jk_put(o, "size", jk_int(d->size));
  jk_put(o, "proc_grid_size", jk_int(d->proc_grid_size));
  jk_put(o, "proc_grid_rank", jk_int(d->proc_grid_rank));
  switch (d->dist_type) {
  case 'b': {
    jk_put(o, "start", jk_int(d->start));
    jk_put(o, "stop", jk_int(d->stop));
    J *p = jk_arr();
    jk_add(p, jk_int(d->padding[0]));
    jk_add(p, jk_int(d->padding[1]));
    jk_put(o, "padding", p);
    jk_put(o, "periodic", boolean(d->periodic));
    break;
  }
  case 'c':
    jk_put(o, "start", jk_int(d->start));
    jk_put(o, "block_size", jk_int(d->block_size != 0 ? d->block_size : 1));
    break;
  case 'u': {
    J *a = jk_arr();
    for (int64_t i = 0; d->indices != NULL && i < d->extent; i++)
      jk_add(a, jk_int(d->indices[i]));
    jk_put(o, "indices", a);
    jk_put(o, "one_to_one", boolean(d->one_to_one));
    break;
  }
  default:
    break;
  }
  return o;
}

static J *rank_object(const struct pdb_distarray *a, const struct pdb_dap_piece *p)
{
  int ndim = a->ndim >= 0 && a->ndim <= PARADBG_DAP_MAX_DIMS ? a->ndim : 0;
  J *o = jk_obj();
  jk_put(o, "rank", jk_int(p->rank));
  jk_put(o, "image", p->image > 0 ? jk_int(p->image) : NULL);
  jk_put(o, "source", jk_uint(p->source));
  jk_put(o, "buffer", jk_addr(p->buffer));
  jk_put(o, "readable", boolean(p->readable != 0));
  J *owned = jk_arr();
  for (int d = 0; d < ndim; d++) {
    if (p->owned_first[d] < 0 || p->owned_last[d] < 0) {
      jk_add(owned, NULL);
      continue;
    }
    J *r = jk_arr();
    jk_add(r, jk_int(p->owned_first[d]));
    jk_add(r, jk_int(p->owned_last[d]));
    jk_add(owned, r);
  }
  jk_put(o, "owned", owned);
  J *dims = jk_arr();
  for (int d = 0; d < ndim; d++)
    jk_add(dims, dim_dict(&p->dim[d]));
  jk_put(o, "dim_data", dims);
  return o;
}

static J *array_object(const struct pdb_distarray *a)
{
  int ndim = a->ndim >= 0 && a->ndim <= PARADBG_DAP_MAX_DIMS ? a->ndim : 0;
  J *o = jk_obj();
  jk_put(o, "name", printable_str(a->name));
  jk_put(o, "origin", jk_str(a->origin));
  jk_put(o, "typestr", jk_str(a->typestr));
  J *shape = jk_arr();
  for (int d = 0; d < ndim; d++)
    jk_add(shape, jk_int(a->shape[d]));
  jk_put(o, "shape", shape);
  jk_put(o, "nprocs", jk_int(a->nprocs));
  jk_put(o, "valid", boolean(a->problem == NULL));
  jk_put(o, "problem", printable_str(a->problem));
  J *ranks = jk_arr();
  for (unsigned i = 0; i < a->npieces; i++)
    jk_add(ranks, rank_object(a, &a->pieces[i]));
  jk_put(o, "ranks", ranks);
  return o;
}

static J *distarrays(const struct pdb_dap_records *r)
{
  J *a = jk_arr();
  for (unsigned i = 0; r != NULL && i < r->narrays; i++)
    jk_add(a, array_object(&r->arrays[i]));
  return a;
}

char *pdb_dap_json(const struct pdb_dap_records *r, const char *doc, const struct pdb_json_target *t)
{
  J *root = jk_doc_root(doc, t);
  if (root == NULL)
    return NULL;
  jk_put(root, "distarrays", distarrays(r));
  return jk_render(root);
}

char *pdb_dap_gather_json(pdb_dap_session *dap, pdb_caf_session *caf, char *msg, size_t msgsize)
{
  struct pdb_dap_source src = { dap, caf, NULL };
  struct pdb_dap_records r;
  if (pdb_dap_gather(&src, 1, &r, msg, msgsize) != PDB_OK)
    return NULL;
  jk_out_of_memory = 0;
  char *text = jk_render(distarrays(&r));
  pdb_dap_records_free(&r);
  if (text == NULL)
    say_status(msg, msgsize, PDB_FAILED, "out of memory");
  return text;
}

static J *report_object(const struct pdb_distarray *a, const struct pdb_dap_assembly *rep)
{
  J *o = jk_obj();
  jk_put(o, "elements", jk_uint(rep->elements));
  jk_put(o, "missing", jk_uint(rep->missing));
  jk_put(o, "halo_checked", jk_uint(rep->halo_checked));
  jk_put(o, "halo_mismatches", jk_uint(rep->halo_mismatches));
  J *first = NULL;
  if (rep->halo_mismatches > 0) {
    first = jk_obj();
    J *idx = jk_arr();
    for (int d = 0; d < a->ndim; d++)
      jk_add(idx, jk_int(rep->first_mismatch[d]));
    jk_put(first, "index", idx);
    jk_put(first, "rank", jk_int(rep->mismatch_rank));
    jk_put(first, "owner", jk_int(rep->mismatch_owner));
  }
  jk_put(o, "first_mismatch", first);
  jk_put(o, "note", printable_str(rep->note));
  return o;
}

/* Assembles a of the one source src, the report rendered. */
static int assemble_one(const struct pdb_dap_source *src, const struct pdb_distarray *a, void *out,
                        size_t outsize, char **report_json, char *msg, size_t msgsize)
{
  struct pdb_dap_assembly rep;
  int st = pdb_dap_assemble(src, 1, a, out, outsize, &rep, msg, msgsize);
  if (st == PDB_OK) {
    jk_out_of_memory = 0;
    *report_json = jk_render(report_object(a, &rep));
    if (*report_json == NULL)
      st = say_status(msg, msgsize, PDB_FAILED, "out of memory");
    pdb_dap_assembly_free(&rep);
  }
  return st;
}

int pdb_dap_assemble_named(pdb_dap_session *dap, pdb_caf_session *caf, const char *name, void *out,
                           size_t outsize, char **report_json, char *msg, size_t msgsize)
{
  if (report_json != NULL)
    *report_json = NULL;
  if (name == NULL || report_json == NULL)
    return say_status(msg, msgsize, PDB_FAILED, "pdb_dap_assemble_named: no name or no place for the report");
  struct pdb_dap_source src = { dap, caf, NULL };
  struct pdb_dap_records r;
  int st = pdb_dap_gather(&src, 1, &r, msg, msgsize);
  if (st != PDB_OK)
    return st;
  /* One array, or why not (none, or several of the name: which to name) */
  char why[1024];
  const struct pdb_distarray *a = pdb_dap_lookup(&r, name, why, sizeof why);
  if (a == NULL)
    st = say_status(msg, msgsize, PDB_FAILED, "%s", why);
  else
    st = assemble_one(&src, a, out, outsize, report_json, msg, msgsize);
  pdb_dap_records_free(&r);
  return st;
}

/* Whether a is the array expect describes. */
static int same_array(const struct pdb_distarray *a, const struct pdb_distarray *expect)
{
  if (expect == NULL)
    return 1;
  if (a->name == NULL || expect->name == NULL || strcmp(a->name, expect->name) != 0 ||
      (expect->origin != NULL && strcmp(a->origin, expect->origin) != 0) ||
      strncmp(a->typestr, expect->typestr, sizeof a->typestr) != 0 || a->ndim != expect->ndim ||
      a->nprocs != expect->nprocs || a->ndim < 0 || a->ndim > PARADBG_DAP_MAX_DIMS)
    return 0;
  for (int d = 0; d < a->ndim; d++)
    if (a->shape[d] != expect->shape[d])
      return 0;
  return 1;
}

int pdb_dap_assemble_at(pdb_dap_session *dap, pdb_caf_session *caf, unsigned index,
                        const struct pdb_distarray *expect, void *out, size_t outsize,
                        char **report_json, char *msg, size_t msgsize)
{
  if (report_json != NULL)
    *report_json = NULL;
  if (report_json == NULL)
    return say_status(msg, msgsize, PDB_FAILED, "pdb_dap_assemble_at: no place for the report");
  struct pdb_dap_source src = { dap, caf, NULL };
  struct pdb_dap_records r;
  int st = pdb_dap_gather(&src, 1, &r, msg, msgsize);
  if (st != PDB_OK)
    return st;
  if (index >= r.narrays || !same_array(&r.arrays[index], expect)) {
    char *p = expect != NULL && expect->name != NULL ? pdb_printable(expect->name) : NULL;
    if (index >= r.narrays || p == NULL)
      st = say_status(msg, msgsize, PDB_FAILED, "the distributed arrays changed since they were read "
                      "(there is no array %u of %u now): read them again", index + 1, r.narrays);
    else
      st = say_status(msg, msgsize, PDB_FAILED, "the distributed arrays changed since they were read "
                      "('%s' is not array %u of %u now): read them again", p, index + 1, r.narrays);
    free(p);
  } else {
    st = assemble_one(&src, &r.arrays[index], out, outsize, report_json, msg, msgsize);
  }
  pdb_dap_records_free(&r);
  return st;
}
