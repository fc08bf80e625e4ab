/* The atomic-lock view as text: one row per held lock of the lock table
   behind atomics wider than the hardware's, with its owner, its object and
   the threads waiting for it.  libparadbg's atomic records hold strings
   made printable already, so the cells are taken as they are. */
#define _GNU_SOURCE
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

#define ALL_RAW (~0u)

/* "counter+8 (40 bytes)"; "-" for no object. */
static char *object_text(const struct pdb_atomic_object *o)
{
  char *s = NULL;
  int n;
  if (o->addr == 0)
    n = asprintf(&s, "-");
  else if (o->name != NULL)
    n = asprintf(&s, "%s (%llu bytes)", o->name, (unsigned long long)o->size);
  else
    n = asprintf(&s, "0x%llx (%llu bytes)", (unsigned long long)o->addr,
                 (unsigned long long)o->size);
  return n < 0 ? NULL : s;
}

/* Every lock the object spans, in the order they are taken: "5,6". */
static char *locks_text(const struct pdb_atomic_object *o)
{
  if (o->addr == 0 || o->nlocks == 0 || o->locks == NULL)
    return strdup("-");
  char *buf;
  size_t len;
  FILE *m = text_open(&buf, &len);
  for (unsigned i = 0; m != NULL && i < o->nlocks && i < PDB_ATOMIC_MAX_SPAN; i++)
    fprintf(m, i ? ",%llu" : "%llu", (unsigned long long)o->locks[i]);
  return text_close(m, &buf);
}

/* The waiters the runtime names, then the ones it only counts:
   "LWP 12, LWP 13 (+2 not named)"; "-" for none. */
static char *waiting_text(const struct pdb_atomic_records *r, const struct pdb_atomic_lock *l)
{
  char *buf;
  size_t len;
  FILE *m = text_open(&buf, &len);
  if (m == NULL)
    return NULL;
  unsigned named = 0;
  for (unsigned i = 0; l->waiters != NULL && i < l->nwaiters; i++) {
    if (l->waiters[i] >= r->nwaiters)
      continue;
    const struct pdb_atomic_who *w = &r->waiters[l->waiters[i]].who;
    fprintf(m, "%s%s", named++ ? ", " : "", w->text != NULL ? w->text : "?");
  }
  if (l->counted_waiters > 0 && (unsigned)l->counted_waiters > named)
    fprintf(m, "%s(+%u not named)", named ? " " : "", (unsigned)l->counted_waiters - named);
  else if (named == 0)
    fputs("-", m);
  return text_close(m, &buf);
}

/* Two columns, Thread and Waiting for, of the waiters in listed order
   whose skip[] is 0. */
static void waiter_table(const struct pdb_atomic_records *r, const unsigned char *skip, FILE *out)
{
  struct table tb;
  table_init(&tb, 2, "  ");
  table_row(&tb, (const char *[]){ "Thread", "Waiting for" });
  for (unsigned i = 0; i < r->nwaiters; i++) {
    const struct pdb_atomic_waiter *w = &r->waiters[i];
    if (skip != NULL && skip[i])
      continue;
    table_row_raw(&tb, (const char *[]){ w->who.text != NULL ? w->who.text : "?",
                                         w->wait != NULL ? w->wait : "-" }, ALL_RAW);
  }
  table_print(&tb, out);
}

/* A runtime without owners (GNU libatomic): what cannot be known, then
   the threads the stacks show in its lock path. */
static void print_without_owners(const struct pdb_atomic_records *r, FILE *out)
{
  if (r->nwaiters == 0) {
    fprintf(out, "No thread is in %s's lock path.\n", r->runtime != NULL ? r->runtime : "libatomic");
    return;
  }
  fprintf(out, "Threads in %s's lock path:\n", r->runtime != NULL ? r->runtime : "libatomic");
  waiter_table(r, NULL, out);
}

static void print_held(const struct pdb_atomic_records *r, FILE *out)
{
  /* A waiter listed under its lock is not listed again. */
  unsigned char *listed = calloc(r->nwaiters ? r->nwaiters : 1, 1);
  if (listed == NULL) {
    fprintf(out, "(out of memory)\n");
    return;
  }
  if (r->nlocks == 0)
    fprintf(out, "No atomic lock is held.\n");
  else {
    struct table tb;
    table_init(&tb, 5, "");
    table_row(&tb, (const char *[]){ "Lock", "Owner", "Object", "Locks", "Waiting" });
    for (unsigned i = 0; i < r->nlocks; i++) {
      const struct pdb_atomic_lock *l = &r->locks[i];
      for (unsigned k = 0; l->waiters != NULL && k < l->nwaiters; k++)
        if (l->waiters[k] < r->nwaiters)
          listed[l->waiters[k]] = 1;
      char index[24];
      snprintf(index, sizeof index, "%llu", (unsigned long long)l->index);
      char *object = object_text(&l->object), *locks = locks_text(&l->object);
      char *waiting = waiting_text(r, l);
      table_row_raw(&tb, (const char *[]){ index, l->owner.text != NULL ? l->owner.text : "unknown",
                                           object ? object : "?", locks ? locks : "?",
                                           waiting ? waiting : "?" }, ALL_RAW);
      free(object), free(locks), free(waiting);
    }
    table_print(&tb, out);
    for (unsigned i = 0; i < r->nlocks; i++)
      if (r->locks[i].note != NULL)
        fprintf(out, "Lock %llu: %s.\n", (unsigned long long)r->locks[i].index, r->locks[i].note);
  }
  unsigned rest = 0;
  for (unsigned i = 0; i < r->nwaiters; i++)
    rest += !listed[i];
  if (rest > 0) {
    fprintf(out, "Waiting for an atomic lock that is not held:\n");
    waiter_table(r, listed, out);
  }
  free(listed);
}

static void print_atomic(const struct pdb_atomic_records *r, FILE *out)
{
  if (r->note != NULL)   /* as GDB's info atomic locks says it */
    fprintf(out, "%s: %s\n", r->runtime != NULL ? r->runtime : "libatomic", r->note);
  if (!r->owners_recorded)
    print_without_owners(r, out);
  else
    print_held(r, out);
  if (r->truncated > 0)
    fprintf(out, "(%u more not looked at: at most %d locks, %d waiters and %d locks of one "
            "object are)\n", r->truncated, PDB_ATOMIC_MAX_LOCKS, PDB_ATOMIC_MAX_WAITERS,
            PDB_ATOMIC_MAX_SPAN);
}

void print_atomic_text(const struct pdb_atomic_records *r, int several, int *n, FILE *out)
{
  if (several)
    fprintf(out, "%s== %s ==\n", (*n)++ ? "\n" : "", "Atomic locks");
  print_atomic(r, out);
}
