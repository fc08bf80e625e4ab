/* The report as JSON, in the schema of docs/paradbg-inspect.schema.json
   (format 1).  Addresses are "0x..." strings; ids and numbers are numbers. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "printable.h"
#include "report.h"

#define JSON_FORMAT 1

struct json {
  FILE *out;
  int depth;
  int first[32];   /* per open level: nothing written in it yet */
};

/* A JSON string.  Characters that printable() would escape are \u
   escapes, so the JSON text itself can go to a terminal; a byte that is not
   UTF-8 is the text "\xNN" and a backslash is two, as printable() shows
   them, so that the one cannot pass for the other. */
static void str(FILE *out, const char *s)
{
  fputc('"', out);
  for (const unsigned char *p = (const unsigned char *)s; *p;) {
    uint32_t code;
    size_t n = utf8_char(p, &code);
    if (n == 0) {
      fprintf(out, "\\\\x%02x", *p++);
    } else if (code == '\\') {
      fputs("\\\\\\\\", out);
      p++;
    } else if (code == '"') {
      fprintf(out, "\\%c", *p++);
    } else if (printable_code(code)) {
      fwrite(p, 1, n, out);
      p += n;
    } else {
      fprintf(out, "\\u%04x", (unsigned)code);   /* controls are all in the BMP */
      p += n;
    }
  }
  fputc('"', out);
}

/* Starts a member (key) or an array element (key NULL). */
static void item(struct json *j, const char *key)
{
  if (!j->first[j->depth])
    fputc(',', j->out);
  j->first[j->depth] = 0;
  fprintf(j->out, "\n%*s", 2 * j->depth, "");
  if (key != NULL) {
    str(j->out, key);
    fputs(": ", j->out);
  }
}

static void open_(struct json *j, const char *key, char c)
{
  item(j, key);
  fputc(c, j->out);
  if (j->depth < 31)
    j->first[++j->depth] = 1;
}

static void close_(struct json *j, char c)
{
  int empty = j->first[j->depth];
  if (j->depth > 0)
    j->depth--;
  if (!empty)
    fprintf(j->out, "\n%*s", 2 * j->depth, "");
  fputc(c, j->out);
}

static void j_str(struct json *j, const char *key, const char *v)
{
  item(j, key);
  if (v != NULL)
    str(j->out, v);
  else
    fputs("null", j->out);
}

static void j_int(struct json *j, const char *key, long long v)
{
  item(j, key);
  fprintf(j->out, "%lld", v);
}

static void j_uint(struct json *j, const char *key, unsigned long long v)
{
  item(j, key);
  fprintf(j->out, "%llu", v);
}

static void j_bool(struct json *j, const char *key, int v)
{
  item(j, key);
  fputs(v ? "true" : "false", j->out);
}

static void j_null(struct json *j, const char *key)
{
  item(j, key);
  fputs("null", j->out);
}

static void j_addr(struct json *j, const char *key, unsigned long long v)
{
  char buf[24];
  snprintf(buf, sizeof buf, "0x%llx", v);
  j_str(j, key, buf);
}

/* level: the frame's number in its stack, or -1 to leave it out. */
static void j_frame_at(struct json *j, const char *key, const struct frame *f, int level)
{
  open_(j, key, '{');
  if (level >= 0)
    j_int(j, "level", level);
  j_addr(j, "pc", f->pc);
  j_str(j, "function", f->function);
  if (f->function != NULL)
    j_uint(j, "offset", f->offset);
  j_str(j, "file", f->file);
  if (f->file != NULL)
    j_int(j, "line", f->line);
  j_str(j, "module", f->module);
  close_(j, '}');
}

static void j_frame(struct json *j, const char *key, const struct frame *f)
{
  j_frame_at(j, key, f, -1);
}

static void j_icvs(struct json *j, const char *key, const struct icv_set *s)
{
  open_(j, key, '{');
  for (unsigned i = 0; i < s->n; i++)
    j_str(j, s->v[i].name, s->v[i].value);
  close_(j, '}');
}

static void j_task(struct json *j, const struct report *r, const struct task_report *t)
{
  open_(j, NULL, '{');
  j_uint(j, "id", t->id);
  j_str(j, "kind", t->kind);
  if (t->has_function)
    j_frame(j, "function", &t->function);
  else
    j_null(j, "function");
  if (t->has_generating)
    j_uint(j, "generated_by", t->generating);
  else
    j_null(j, "generated_by");
  if (t->has_scheduling)
    j_uint(j, "scheduled_after", t->scheduling);
  else
    j_null(j, "scheduled_after");
  j_addr(j, "exit_frame", t->exit_frame);
  j_addr(j, "enter_frame", t->enter_frame);
  if (r->want & WANT_ICVS)
    j_icvs(j, "icvs", &t->icvs);
  close_(j, '}');
}

static void j_thread(struct json *j, const struct report *r, const struct thread_report *tr)
{
  open_(j, NULL, '{');
  j_int(j, "lwp", tr->lwp);
  j_bool(j, "current", tr->current);
  j_int(j, "signal", tr->signal);
  j_bool(j, "openmp", tr->is_omp);
  if (tr->is_omp) {
    if (tr->thread_num >= 0)
      j_int(j, "thread_num", tr->thread_num);
    else
      j_null(j, "thread_num");
    j_str(j, "state", tr->state);
    j_int(j, "state_value", tr->state_value);
    if (tr->waiting) {
      open_(j, "wait", '{');
      j_addr(j, "id", tr->wait_id);
      j_str(j, "text", tr->wait);
      close_(j, '}');
    } else {
      j_null(j, "wait");
    }
    if (tr->has_region) {
      open_(j, "region", '{');
      j_uint(j, "id", tr->region_id);
      j_int(j, "level", tr->level);
      close_(j, '}');
    } else {
      j_null(j, "region");
    }
    if (tr->has_task)
      j_uint(j, "task", tr->task_id);
    else
      j_null(j, "task");
  }
  j_frame(j, "frame", &tr->frame);
  if (tr->user_level >= 0)
    j_frame_at(j, "user_frame", &tr->user, tr->user_level);
  else
    j_null(j, "user_frame");
  if (r->backtraces) {
    if (tr->nbacktrace < 0) {
      j_null(j, "backtrace");
    } else {
      open_(j, "backtrace", '[');
      for (int k = 0; k < tr->nbacktrace; k++)
        j_frame(j, NULL, &tr->backtrace[k]);
      close_(j, ']');
    }
  }
  if (tr->is_omp && (r->want & WANT_TASKS)) {
    open_(j, "tasks", '[');
    for (unsigned k = 0; k < tr->ntasks; k++)
      j_task(j, r, &tr->tasks[k]);
    close_(j, ']');
  }
  if (tr->is_omp && (r->want & WANT_ICVS))
    j_icvs(j, "icvs", &tr->icvs);
  close_(j, '}');
}

static void j_region(struct json *j, const struct report *r, const struct region_report *reg)
{
  open_(j, NULL, '{');
  j_uint(j, "id", reg->id);
  j_int(j, "level", reg->level);
  j_int(j, "team_size", reg->team_size);
  if (reg->has_parent)
    j_uint(j, "parent", reg->parent);
  else
    j_null(j, "parent");
  if (reg->has_function)
    j_frame(j, "function", &reg->function);
  else
    j_null(j, "function");
  open_(j, "threads", '[');
  for (unsigned k = 0; k < reg->nmembers; k++)
    if (reg->members[k] != 0)
      j_int(j, NULL, reg->members[k]);
    else
      j_null(j, NULL);
  close_(j, ']');
  if (r->want & WANT_ICVS)
    j_icvs(j, "icvs", &reg->icvs);
  close_(j, '}');
}

void print_json(const struct report *r, FILE *out)
{
  struct json j = { out, 0, { 1 } };
  fputc('{', out);
  j.first[++j.depth] = 1;
  j_int(&j, "format", JSON_FORMAT);
  open_(&j, "target", '{');
  j_str(&j, "kind", r->t->is_core ? "core" : "process");
  if (r->t->is_core)
    j_str(&j, "core", r->t->name);
  else
    j_int(&j, "pid", r->t->pid);
  open_(&j, "plugin", '{');
  j_str(&j, "path", r->p->path);
  j_str(&j, "version", r->p->version);
  close_(&j, '}');
  j_uint(&j, "memory_reads", r->t->reads);
  close_(&j, '}');
  /* Threads are listed whenever tasks or ICVs are asked for: those hang
     off their threads. */
  if (r->want & (WANT_THREADS | WANT_TASKS | WANT_ICVS)) {
    open_(&j, "threads", '[');
    for (unsigned i = 0; i < r->nthreads; i++)
      j_thread(&j, r, &r->threads[i]);
    close_(&j, ']');
  }
  if (r->want & (WANT_PARALLEL | WANT_ICVS)) {
    open_(&j, "parallel", '[');
    for (unsigned i = 0; i < r->nregions; i++)
      j_region(&j, r, &r->regions[i]);
    close_(&j, ']');
  }
  if (r->want & WANT_ICVS)
    j_icvs(&j, "icvs", &r->icvs);
  if (r->want & WANT_CONTROL_VARS) {
    open_(&j, "control_vars", '[');
    for (unsigned i = 0; r->control_vars != NULL && r->control_vars[i] != NULL && i < 256; i++)
      j_str(&j, NULL, r->control_vars[i]);
    close_(&j, ']');
  }
  close_(&j, '}');
  fputc('\n', out);
}
