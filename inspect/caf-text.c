/* The coarray views as text: libparadbg's coarray records in tables like
   the OpenMP ones, one row per image, coarray, lock or event element and
   team; '-' where there is nothing to say. */
#define _GNU_SOURCE
#include "config.h"

#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json.h>

#include "report.h"

#define MAX_LIST 65536        /* images named in one cell, at most */
#define TEAM_DEPTH 64

/* A list of images as ranges in its own order: "1-4,7"; "-" if empty. */
static char *image_ranges(const int *v, unsigned n)
{
  size_t cap = 64, used = 0;
  char *s = malloc(cap);
  if (s == NULL)
    return NULL;
  s[0] = '\0';
  if (v == NULL || n == 0) {
    snprintf(s, cap, "-");
    return s;
  }
  if (n > MAX_LIST)
    n = MAX_LIST;
  for (unsigned i = 0; i < n;) {
    unsigned j = i;
    while (j + 1 < n && v[j + 1] == v[j] + 1 && v[j] != INT32_MAX)
      j++;
    char piece[32];
    int len = j > i ? snprintf(piece, sizeof piece, "%s%d-%d", i ? "," : "", v[i], v[j])
                    : snprintf(piece, sizeof piece, "%s%d", i ? "," : "", v[i]);
    if (used + (size_t)len + 1 > cap) {
      char *grown = realloc(s, 2 * cap + (size_t)len);
      if (grown == NULL)
        break;
      s = grown, cap = 2 * cap + (size_t)len;
    }
    memcpy(s + used, piece, (size_t)len + 1);
    used += (size_t)len;
    i = j + 1;
  }
  return s;
}

static void status_text(const struct pdb_caf_image *im, char *buf, size_t n)
{
  const char *st = im->status != NULL ? im->status : "unknown";
  if (strcmp(st, "stopped") == 0 && im->stop_code != 0)
    snprintf(buf, n, "stopped (code %d)", im->stop_code);
  else if (strcmp(st, "error stop") == 0)
    snprintf(buf, n, "error stop (code %d)", im->stop_code);
  else if (strcmp(st, "failed") == 0 && im->signal > 0) {
    const char *abbrev = im->signal < 128 ? sigabbrev_np(im->signal) : NULL;
    if (abbrev != NULL)
      snprintf(buf, n, "failed (signal SIG%s)", abbrev);
    else
      snprintf(buf, n, "failed (signal %d)", im->signal);
  } else
    snprintf(buf, n, "%s", st);
}

/* Whether im's wait is the atomic records' (made printable already). */
static int atomic_wait(const struct pdb_atomic_records *ar, const struct pdb_caf_image *im)
{
  const char *w = ar != NULL && im->wait != NULL ? pdb_atomic_wait_of(ar, im->pid) : NULL;
  return w != NULL && strcmp(w, im->wait) == 0;
}

static void print_images(const struct pdb_caf_records *r, const struct pdb_atomic_records *ar,
                         FILE *out)
{
  if (r->nimages == 0 || r->images == NULL) {
    fprintf(out, "No images.\n");
    return;
  }
  struct table tb;
  table_init(&tb, 6, "");
  table_row(&tb, (const char *[]){ " ", "Image", "PID", "Status", "Team", "Waiting for" });
  for (unsigned i = 0; i < r->nimages; i++) {
    const struct pdb_caf_image *im = &r->images[i];
    char image[16], pid[24] = "-", status[64], team[48];
    snprintf(image, sizeof image, "%d", im->image);
    if (im->pid > 0)
      snprintf(pid, sizeof pid, "%" PRId64, im->pid);
    status_text(im, status, sizeof status);
    if (im->team_number == -1)
      snprintf(team, sizeof team, "initial:%d", im->team_index);
    else
      snprintf(team, sizeof team, "%d:%d", im->team_number, im->team_index);
    table_row_raw(&tb, (const char *[]){ im->image == r->this_image ? "*" : " ", image, pid, status,
                                         team, im->wait != NULL && im->wait[0] ? im->wait : "-" },
                  atomic_wait(ar, im) ? 1u << 5 : 0);
  }
  table_print(&tb, out);
  if (r->error_image > 0)
    fprintf(out, "Image %d ended the program with ERROR STOP (code %d).\n", r->error_image,
            r->error_code);
}

/* "integer(4)", "complex(8)", "character (5 bytes)". */
static void type_text(const char *type, uint64_t elem_len, char *buf, size_t n)
{
  type = type != NULL ? type : "unknown";
  unsigned long long len = (unsigned long long)elem_len;
  if (strcmp(type, "integer") == 0 || strcmp(type, "real") == 0 || strcmp(type, "logical") == 0)
    snprintf(buf, n, "%s(%llu)", type, len);
  else if (strcmp(type, "complex") == 0)
    snprintf(buf, n, "complex(%llu)", len / 2);
  else if (len > 0)
    snprintf(buf, n, "%s (%llu bytes)", type, len);
  else
    snprintf(buf, n, "%s", type);
}

/* "(1:2,1:3)" for rank 2; "scalar"; "?" when the rank is not known. */
static void bounds_text(int rank, const int64_t *lb, const int64_t *ub, char *buf, size_t n)
{
  if (rank < 0 || rank > 15) {
    snprintf(buf, n, "?");
    return;
  }
  if (rank == 0) {
    snprintf(buf, n, "scalar");
    return;
  }
  size_t used = (size_t)snprintf(buf, n, "(");
  for (int d = 0; d < rank && used < n; d++)
    used += (size_t)snprintf(buf + used, n - used, "%s%" PRId64 ":%" PRId64, d ? "," : "", lb[d],
                             ub[d]);
  if (used < n)
    snprintf(buf + used, n - used, ")");
}

static void print_coarrays(const struct pdb_caf_records *r, FILE *out)
{
  if (r->ncoarrays == 0 || r->coarrays == NULL) {
    fprintf(out, "No coarrays.\n");
    return;
  }
  /* The launcher (image 0) maps the coarrays where image 1 has them. */
  int here = r->this_image > 0 ? r->this_image : 1;
  char heading[48];
  snprintf(heading, sizeof heading, "Address on image %d", here);
  struct table tb;
  table_init(&tb, 7, "");
  table_row(&tb, (const char *[]){ "Serial", "Name", "Kind", "Type", "Shape", "Bytes", heading });
  for (unsigned i = 0; i < r->ncoarrays; i++) {
    const struct pdb_caf_coarray *c = &r->coarrays[i];
    char serial[24], name[600] = "-", type[64], shape[1024], cob[512], bytes[24], addr[24] = "-";
    snprintf(serial, sizeof serial, "%" PRIu64, c->serial);
    if (c->name != NULL && c->module != NULL)
      snprintf(name, sizeof name, "%.256s::%.256s", c->module, c->name);
    else if (c->name != NULL)
      snprintf(name, sizeof name, "%.512s", c->name);
    /* A lock or event variable's type is the kind's: Fortran's lock_type,
       event_type (a critical construct's lock has none). */
    const char *kind = c->kind != NULL ? c->kind : "?";
    if ((c->type == NULL || strcmp(c->type, "unknown") == 0) &&
        (strcmp(kind, "lock") == 0 || strcmp(kind, "event") == 0 || strcmp(kind, "critical") == 0))
      snprintf(type, sizeof type, "%s", strcmp(kind, "lock") == 0    ? "lock_type"
                                        : strcmp(kind, "event") == 0 ? "event_type" : "-");
    else
      type_text(c->type, c->elem_len, type, sizeof type);
    bounds_text(c->rank, c->lbound, c->ubound, shape, sizeof shape);
    if (c->rank < 0 && c->nelem > 0)   /* the rank unknown: the count of elements is */
      snprintf(shape, sizeof shape, "%" PRIu64 " element%s", c->nelem, c->nelem == 1 ? "" : "s");
    if (c->corank > 0 && c->corank <= 15) {
      bounds_text(c->corank, c->lcobound, c->ucobound, cob, sizeof cob);
      /* cobounds in brackets, as Fortran writes them */
      cob[0] = '[';
      cob[strlen(cob) - 1] = ']';
      if (strcmp(shape, "scalar") == 0)
        snprintf(shape, sizeof shape, "%s", cob);
      else
        strncat(shape, cob, sizeof shape - strlen(shape) - 1);
    }
    snprintf(bytes, sizeof bytes, "%" PRIu64, c->nbytes);
    if (c->in_image != NULL && (unsigned)here <= c->nimages && c->in_image[here - 1] != 0)
      snprintf(addr, sizeof addr, "0x%" PRIx64, c->in_image[here - 1]);
    table_row(&tb, (const char *[]){ serial, name, kind, type, shape, bytes, addr });
  }
  table_print(&tb, out);
}

static void truncated_note(const struct pdb_caf_records *r, FILE *out)
{
  if (r->truncated > 0)
    fprintf(out, "(%u elements not looked at: at most %d of each variable are)\n", r->truncated,
            PDB_CAF_MAX_ELEMENTS);
}

/* How many of the records' syncs are events (events = 1) or not. */
static unsigned count_syncs(const struct pdb_caf_records *r, int events)
{
  unsigned n = 0;
  for (unsigned i = 0; r->syncs != NULL && i < r->nsyncs; i++)
    if (r->syncs[i].kind != NULL && (strcmp(r->syncs[i].kind, "event") == 0) == events)
      n++;
  return n;
}

static void print_locks(const struct pdb_caf_records *r, FILE *out)
{
  if (count_syncs(r, 0) == 0) {
    fprintf(out, "No coarray lock or critical construct is held or awaited.\n");
    truncated_note(r, out);
    return;
  }
  struct table tb;
  table_init(&tb, 5, "");
  table_row(&tb, (const char *[]){ "Variable", "Image", "Element", "Holder", "Waiting images" });
  for (unsigned i = 0; r->syncs != NULL && i < r->nsyncs; i++) {
    const struct pdb_caf_sync *sy = &r->syncs[i];
    if (sy->kind == NULL || strcmp(sy->kind, "event") == 0)
      continue;
    char var[600], image[16], element[24], holder[16] = "-";
    const char *name = sy->name != NULL ? sy->name : "?";
    if (sy->module != NULL)
      snprintf(var, sizeof var, "%.256s::%.256s", sy->module, name);
    else
      snprintf(var, sizeof var, "%.512s", name);
    snprintf(image, sizeof image, "%d", sy->image);
    snprintf(element, sizeof element, "%" PRIu64, sy->element);
    if (sy->holder > 0)
      snprintf(holder, sizeof holder, "%d", sy->holder);
    char *waiting = image_ranges(sy->waiting, sy->nwaiting);
    table_row(&tb, (const char *[]){ var, image, element, holder, waiting ? waiting : "?" });
    free(waiting);
  }
  table_print(&tb, out);
  truncated_note(r, out);
}

static void print_events(const struct pdb_caf_records *r, FILE *out)
{
  if (count_syncs(r, 1) == 0) {
    fprintf(out, "No event has a count or a waiting image.\n");
    truncated_note(r, out);
    return;
  }
  struct table tb;
  table_init(&tb, 5, "");
  table_row(&tb, (const char *[]){ "Variable", "Image", "Element", "Count", "Waiting" });
  for (unsigned i = 0; r->syncs != NULL && i < r->nsyncs; i++) {
    const struct pdb_caf_sync *sy = &r->syncs[i];
    if (sy->kind == NULL || strcmp(sy->kind, "event") != 0)
      continue;
    char var[600], image[16], element[24], count[24];
    if (sy->module != NULL)
      snprintf(var, sizeof var, "%.256s::%.256s", sy->module, sy->name != NULL ? sy->name : "?");
    else
      snprintf(var, sizeof var, "%.512s", sy->name != NULL ? sy->name : "?");
    snprintf(image, sizeof image, "%d", sy->image);
    snprintf(element, sizeof element, "%" PRIu64, sy->element);
    snprintf(count, sizeof count, "%" PRId64, sy->count);
    /* "image 4 (until count 3), image 6 (until count 1)" */
    size_t cap = 1 + (size_t)(sy->nwaiting < MAX_LIST ? sy->nwaiting : MAX_LIST) * 64, used = 0;
    char *waiting = malloc(cap);
    if (waiting != NULL) {
      waiting[0] = '\0';
      for (unsigned k = 0; sy->waiting != NULL && k < sy->nwaiting && k < MAX_LIST; k++) {
        if (sy->until != NULL)
          used += (size_t)snprintf(waiting + used, cap - used, "%simage %d (until count %" PRId64 ")",
                                   k ? ", " : "", sy->waiting[k], sy->until[k]);
        else
          used += (size_t)snprintf(waiting + used, cap - used, "%simage %d", k ? ", " : "",
                                   sy->waiting[k]);
        if (used >= cap)
          break;
      }
    }
    table_row(&tb, (const char *[]){ var, image, element, count,
                                     waiting == NULL ? "?" : waiting[0] ? waiting : "-" });
    free(waiting);
  }
  table_print(&tb, out);
  truncated_note(r, out);
}

static void team_rows(const struct pdb_caf_records *r, struct table *tb, unsigned i, int depth,
                      unsigned char *shown)
{
  const struct pdb_caf_team *tm = &r->teams[i];
  shown[i] = 1;
  char id[48], number[16] = "initial", parent[24] = "-", size[16];
  snprintf(id, sizeof id, "%*s0x%" PRIx64, 2 * depth, "", tm->id);
  if (tm->number != -1)
    snprintf(number, sizeof number, "%d", tm->number);
  if (tm->has_parent)
    snprintf(parent, sizeof parent, "0x%" PRIx64, tm->parent);
  snprintf(size, sizeof size, "%d", tm->size);
  char *members = image_ranges(tm->members, tm->size > 0 ? (unsigned)tm->size : 0);
  table_row(tb, (const char *[]){ id, number, parent, size, members ? members : "?" });
  free(members);
  for (unsigned k = 0; depth < TEAM_DEPTH && k < r->nteams; k++)
    if (!shown[k] && r->teams[k].has_parent && r->teams[k].parent == tm->id)
      team_rows(r, tb, k, depth + 1, shown);
}

static int parent_listed(const struct pdb_caf_records *r, unsigned i)
{
  for (unsigned k = 0; r->teams[i].has_parent && k < r->nteams; k++)
    if (k != i && r->teams[k].id == r->teams[i].parent)
      return 1;
  return 0;
}

static void print_teams(const struct pdb_caf_records *r, FILE *out)
{
  if (r->nteams == 0 || r->teams == NULL) {
    fprintf(out, "No teams.\n");
    return;
  }
  unsigned char *shown = calloc(r->nteams, 1);
  if (shown == NULL)
    return;
  struct table tb;
  table_init(&tb, 5, "");
  table_row(&tb, (const char *[]){ "Team", "Number", "Parent", "Size", "Members" });
  /* Each team under its parent; a team whose parent is not listed starts
     a tree, and one in a cycle of parents (a corrupt core) is listed at
     the end. */
  for (unsigned i = 0; i < r->nteams; i++)
    if (!shown[i] && !parent_listed(r, i))
      team_rows(r, &tb, i, 0, shown);
  for (unsigned i = 0; i < r->nteams; i++)
    if (!shown[i])
      team_rows(r, &tb, i, 0, shown);
  table_print(&tb, out);
  free(shown);
}

void print_caf_text(const struct pdb_caf_records *r, const struct pdb_atomic_records *ar, int want,
                    int several, int *n, FILE *out)
{
  static const struct {
    int want;
    const char *title;
    void (*print)(const struct pdb_caf_records *, FILE *);
  } parts[] = {
    { CAF_WANT_IMAGES, "Images", NULL },   /* print_images, which takes ar too */
    { CAF_WANT_COARRAYS, "Coarrays", print_coarrays },
    { CAF_WANT_LOCKS, "Coarray locks and critical constructs", print_locks },
    { CAF_WANT_EVENTS, "Events", print_events },
    { CAF_WANT_TEAMS, "Teams", print_teams },
  };
  for (unsigned i = 0; i < sizeof parts / sizeof parts[0]; i++) {
    if (!(want & parts[i].want))
      continue;
    if (several)
      fprintf(out, "%s== %s ==\n", (*n)++ ? "\n" : "", parts[i].title);
    if (parts[i].print != NULL)
      parts[i].print(r, out);
    else
      print_images(r, ar, out);
  }
}

/* One value of pdb_caf_values_json's list as Fortran would write it. */
static char *value_text(json_object *v, int character)
{
  char *s = NULL;
  switch (json_object_get_type(v)) {
  case json_type_boolean:
    return strdup(json_object_get_boolean(v) ? ".true." : ".false.");
  case json_type_string: {
    char *shown = pdb_printable(json_object_get_string(v));
    if (shown != NULL && character && asprintf(&s, "\"%s\"", shown) < 0)
      s = NULL;
    else if (shown != NULL && !character)
      s = strdup(shown);
    pdb_free(shown);
    return s;
  }
  case json_type_array:   /* complex: [re, im] */
    if (json_object_array_length(v) == 2 &&
        asprintf(&s, "(%s,%s)",
                 json_object_to_json_string_ext(json_object_array_get_idx(v, 0), JSON_C_TO_STRING_PLAIN),
                 json_object_to_json_string_ext(json_object_array_get_idx(v, 1), JSON_C_TO_STRING_PLAIN)) >= 0)
      return s;
    return strdup("?");
  case json_type_null:
    return strdup("?");
  default:
    return strdup(json_object_to_json_string_ext(v, JSON_C_TO_STRING_PLAIN));
  }
}

static int64_t int_of(json_object *o, const char *key, int64_t dflt)
{
  json_object *v;
  return json_object_object_get_ex(o, key, &v) && json_object_is_type(v, json_type_int)
             ? json_object_get_int64(v) : dflt;
}

static const char *string_of(json_object *o, const char *key)
{
  json_object *v;
  return json_object_object_get_ex(o, key, &v) && json_object_is_type(v, json_type_string)
             ? json_object_get_string(v) : NULL;
}

#define WRAP 78
#define VALUE_INDENT "            "

int print_caf_values(const char *json, FILE *out)
{
  json_object *o = json_tokener_parse(json), *values, *lb, *ub;
  if (o == NULL || !json_object_is_type(o, json_type_object) ||
      !json_object_object_get_ex(o, "values", &values) ||
      !json_object_is_type(values, json_type_array)) {
    json_object_put(o);
    return -1;
  }
  const char *type = string_of(o, "type");
  char *name = pdb_printable(string_of(o, "name") ? string_of(o, "name") : "?");
  char typebuf[64], bounds[1024] = "unknown";
  type_text(type, (uint64_t)int_of(o, "elem_len", 0), typebuf, sizeof typebuf);
  int64_t rank = int_of(o, "rank", -1);
  if (rank >= 0 && rank <= 15 && json_object_object_get_ex(o, "lbound", &lb) &&
      json_object_object_get_ex(o, "ubound", &ub) && json_object_is_type(lb, json_type_array) &&
      json_object_is_type(ub, json_type_array) && json_object_array_length(lb) >= (size_t)rank &&
      json_object_array_length(ub) >= (size_t)rank) {
    int64_t l[15], u[15];
    for (int d = 0; d < rank; d++) {
      l[d] = json_object_get_int64(json_object_array_get_idx(lb, (size_t)d));
      u[d] = json_object_get_int64(json_object_array_get_idx(ub, (size_t)d));
    }
    bounds_text((int)rank, l, u, bounds, sizeof bounds);
  }
  const char *address = string_of(o, "address");
  char *addr = pdb_printable(address ? address : "-");
  fprintf(out, "Coarray %s on image %" PRId64 "\n", name ? name : "?", int_of(o, "image", 0));
  fprintf(out, "  Type      %s\n", typebuf);
  fprintf(out, "  Bounds    %s\n", bounds);
  fprintf(out, "  Address   %s\n", addr ? addr : "?");
  free(name);
  free(addr);
  /* The values in array element order, as many to a line as fit. */
  size_t n = json_object_array_length(values), col = 0;
  int character = type != NULL && strcmp(type, "character") == 0;
  fputs("  Values    ", out);
  col = strlen(VALUE_INDENT);
  if (n == 0)
    fputs("(none)", out);
  for (size_t i = 0; i < n; i++) {
    char *v = value_text(json_object_array_get_idx(values, i), character);
    size_t len = v != NULL ? strlen(v) : 1;
    if (i > 0 && col + 1 + len > WRAP) {
      fputs("\n" VALUE_INDENT, out);
      col = strlen(VALUE_INDENT);
    } else if (i > 0) {
      fputc(' ', out);
      col++;
    }
    fputs(v != NULL ? v : "?", out);
    col += len;
    free(v);
  }
  fputc('\n', out);
  int64_t truncated = int_of(o, "truncated", 0);
  if (truncated > 0)
    fprintf(out, "  (%" PRId64 " more not shown; --max-values sets how many are)\n", truncated);
  json_object_put(o);
  return 0;
}
