/* The report as text: tables in the manner of GDB's "info threads", one
   row per thread, region or task, columns as wide as their widest cell. */
#define _GNU_SOURCE
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "symbols.h"

void table_init(struct table *tb, unsigned ncols, const char *indent)
{
  memset(tb, 0, sizeof *tb);
  tb->ncols = ncols;
  tb->indent = indent;
}

/* Appends a row of ncols cells (NULL for ""), made printable: they hold
   names from the target. */
void table_row(struct table *tb, const char *const *cells)
{
  table_row_raw(tb, cells, 0);
}

void table_row_raw(struct table *tb, const char *const *cells, unsigned raw)
{
  if (tb->nrows == tb->cap) {
    unsigned cap = tb->cap ? 2 * tb->cap : 16;
    char **grown = realloc(tb->cells, (size_t)cap * tb->ncols * sizeof *grown);
    if (grown == NULL)
      return;
    tb->cells = grown;
    tb->cap = cap;
  }
  for (unsigned c = 0; c < tb->ncols; c++) {
    const char *s = cells[c] != NULL ? cells[c] : "";
    tb->cells[tb->nrows * tb->ncols + c] = raw & (1u << c) ? strdup(s) : pdb_printable(s);
  }
  tb->nrows++;
}

FILE *text_open(char **buf, size_t *len)
{
  *buf = NULL;
  return open_memstream(buf, len);
}

char *text_close(FILE *m, char **buf)
{
  if (m == NULL)
    return NULL;
  if (fclose(m) != 0) {
    free(*buf);
    return NULL;
  }
  return *buf;
}

void table_print(struct table *tb, FILE *out)
{
  size_t width[MAX_COLS] = { 0 };
  for (unsigned r = 0; r < tb->nrows; r++)
    for (unsigned c = 0; c < tb->ncols; c++) {
      const char *s = tb->cells[r * tb->ncols + c];
      size_t n = s != NULL ? strlen(s) : 0;
      if (n > width[c])
        width[c] = n;
    }
  for (unsigned r = 0; r < tb->nrows; r++) {
    /* The last non-empty cell ends the line: no trailing blanks. */
    unsigned last = 0;
    for (unsigned c = 0; c < tb->ncols; c++)
      if (tb->cells[r * tb->ncols + c] != NULL && tb->cells[r * tb->ncols + c][0] != '\0')
        last = c;
    fputs(tb->indent, out);
    for (unsigned c = 0; c <= last; c++) {
      const char *s = tb->cells[r * tb->ncols + c];
      fprintf(out, c < last ? "%-*s  " : "%-*s", c < last ? (int)width[c] : 0, s ? s : "");
    }
    fputc('\n', out);
  }
  for (unsigned i = 0; i < tb->nrows * tb->ncols; i++)
    free(tb->cells[i]);
  free(tb->cells);
}

/* A task's or region's code: "f at file.c:12", "f", or its address. */
static void function_text(int has, const struct pdb_frame *f, char *buf, size_t n)
{
  if (!has)
    snprintf(buf, n, "-");
  else if (f->function != NULL && f->file != NULL)
    snprintf(buf, n, "%s at %s:%d", f->function, path_base(f->file), f->line);
  else if (f->function != NULL)
    snprintf(buf, n, "%s", f->function);
  else
    snprintf(buf, n, "0x%llx", (unsigned long long)f->pc);
}

static void thread_title(const struct pdb_thread *tr, FILE *out)
{
  if (tr->is_omp && tr->thread_num >= 0)
    fprintf(out, "Thread LWP %d (OpenMP thread %lld):\n", (int)tr->lwp, (long long)tr->thread_num);
  else if (tr->is_omp)
    fprintf(out, "Thread LWP %d (OpenMP):\n", (int)tr->lwp);
  else
    fprintf(out, "Thread LWP %d (not an OpenMP thread):\n", (int)tr->lwp);
}

/* Whether tr's wait is the atomic records' (made printable already). */
static int atomic_wait(const struct pdb_atomic_records *ar, const struct pdb_thread *tr)
{
  const char *w = ar != NULL && tr->wait != NULL ? pdb_atomic_wait_of(ar, tr->lwp) : NULL;
  return w != NULL && strcmp(w, tr->wait) == 0;
}

static void print_threads(const struct pdb_records *r, const struct pdb_atomic_records *ar,
                          FILE *out)
{
  struct table tb;
  table_init(&tb, 9, "");
  table_row(&tb, (const char *[]){ " ", "LWP", "OMP", "State", "Waiting for", "Region", "Level",
                                   "Task", "Frame" });
  for (unsigned i = 0; i < r->nthreads; i++) {
    const struct pdb_thread *tr = &r->threads[i];
    char lwp[16], num[24] = "-", region[24] = "", level[24] = "", task[24] = "", frame[512];
    snprintf(lwp, sizeof lwp, "%d", (int)tr->lwp);
    if (tr->thread_num >= 0)
      snprintf(num, sizeof num, "%lld", (long long)tr->thread_num);
    if (tr->has_region) {
      snprintf(region, sizeof region, "%llu", (unsigned long long)tr->region_id);
      snprintf(level, sizeof level, "%lld", (long long)tr->level);
    }
    if (tr->has_task)
      snprintf(task, sizeof task, "%llu", (unsigned long long)tr->task_id);
    pdb_frame_text(tr->user_level >= 0 ? &tr->user : &tr->frame, frame, sizeof frame);
    table_row_raw(&tb, (const char *[]){ tr->current ? "*" : " ", lwp, num,
                                         tr->is_omp ? tr->state : "(not OpenMP)",
                                         tr->wait ? tr->wait : "", region, level, task, frame },
                  atomic_wait(ar, tr) ? 1u << 4 : 0);
  }
  table_print(&tb, out);
  for (unsigned i = 0; r->backtraces && i < r->nthreads; i++) {
    const struct pdb_thread *tr = &r->threads[i];
    fputc('\n', out);
    thread_title(tr, out);
    if (tr->nbacktrace < 0)
      fprintf(out, "  (the stack cannot be unwound)\n");
    for (int k = 0; k < tr->nbacktrace; k++) {
      char frame[512], *shown;
      pdb_frame_text(&tr->backtrace[k], frame, sizeof frame);
      shown = pdb_printable(frame);
      if (tr->backtrace[k].function != NULL)
        fprintf(out, "#%-2d 0x%016llx in %s\n", k, (unsigned long long)tr->backtrace[k].pc,
                shown ? shown : "?");
      else
        fprintf(out, "#%-2d %s\n", k, shown ? shown : "?");
      free(shown);
    }
  }
}

/* A region without a known parent starts a tree. */
static int is_root(const struct pdb_records *r, const struct pdb_region *reg)
{
  for (unsigned k = 0; reg->has_parent && k < r->nregions; k++)
    if (r->regions[k].id == reg->parent && reg->parent != reg->id)
      return 0;
  return 1;
}

static void region_rows(const struct pdb_records *r, struct table *tb, const struct pdb_region *reg,
                        int depth)
{
  char id[48], level[24], team[24], fn[512], members[4096] = "";
  snprintf(id, sizeof id, "%*s%llu", 2 * depth, "", (unsigned long long)reg->id);
  snprintf(level, sizeof level, "%lld", (long long)reg->level);
  snprintf(team, sizeof team, "%lld", (long long)reg->team_size);
  function_text(reg->has_function, &reg->function, fn, sizeof fn);
  size_t used = 0;
  for (unsigned k = 0; k < reg->nmembers && used + 16 < sizeof members; k++)
    used += reg->members[k] != 0   /* 0: the library gave no LWP */
                ? (size_t)snprintf(members + used, sizeof members - used, k ? " %d" : "%d",
                                   (int)reg->members[k])
                : (size_t)snprintf(members + used, sizeof members - used, k ? " -" : "-");
  table_row(tb, (const char *[]){ id, level, team, fn, members });
  for (unsigned k = 0; depth < 64 && k < r->nregions; k++) {
    const struct pdb_region *child = &r->regions[k];
    if (child->has_parent && child->parent == reg->id && child->id != reg->id)
      region_rows(r, tb, child, depth + 1);
  }
}

static void print_parallel(const struct pdb_records *r, FILE *out)
{
  if (r->nregions == 0) {
    fprintf(out, "No parallel regions.\n");
    return;
  }
  struct table tb;
  table_init(&tb, 5, "");
  table_row(&tb, (const char *[]){ "Region", "Level", "Team", "Function",
                                   "Threads (LWP by thread number)" });
  for (unsigned i = 0; i < r->nregions; i++)
    if (is_root(r, &r->regions[i]))
      region_rows(r, &tb, &r->regions[i], 0);
  table_print(&tb, out);
}

static void print_tasks(const struct pdb_records *r, FILE *out)
{
  int any = 0;
  for (unsigned i = 0; i < r->nthreads; i++) {
    const struct pdb_thread *tr = &r->threads[i];
    if (!tr->is_omp || tr->ntasks == 0)
      continue;
    fprintf(out, any++ ? "\n" : "");
    thread_title(tr, out);
    struct table tb;
    table_init(&tb, 7, "  ");
    table_row(&tb, (const char *[]){ "Task", "Kind", "Generated by", "Scheduled after",
                                     "Function", "Exit frame", "Enter frame" });
    for (unsigned k = 0; k < tr->ntasks; k++) {
      const struct pdb_task *t = &tr->tasks[k];
      char id[24], gen[24] = "-", sched[24] = "-", fn[512], ex[24], en[24];
      snprintf(id, sizeof id, "%llu", (unsigned long long)t->id);
      if (t->has_generating)
        snprintf(gen, sizeof gen, "%llu", (unsigned long long)t->generating);
      if (t->has_scheduling)
        snprintf(sched, sizeof sched, "%llu", (unsigned long long)t->scheduling);
      function_text(t->has_function, &t->function, fn, sizeof fn);
      snprintf(ex, sizeof ex, "0x%llx", (unsigned long long)t->exit_frame);
      snprintf(en, sizeof en, "0x%llx", (unsigned long long)t->enter_frame);
      table_row(&tb, (const char *[]){ id, t->kind, gen, sched, fn, ex, en });
    }
    table_print(&tb, out);
  }
  if (!any)
    fprintf(out, "No OpenMP threads.\n");
}

static void icv_rows(const struct pdb_icvs *s, const char *indent, FILE *out)
{
  struct table tb;
  table_init(&tb, 2, indent);
  for (unsigned i = 0; i < s->n; i++)
    table_row(&tb, (const char *[]){ s->v[i].name, s->v[i].value });
  table_print(&tb, out);
}

static void print_icvs(const struct pdb_records *r, FILE *out)
{
  fprintf(out, "Address space:\n");
  icv_rows(&r->icvs, "  ", out);
  for (unsigned i = 0; i < r->nregions; i++) {
    fprintf(out, "Parallel region %llu:\n", (unsigned long long)r->regions[i].id);
    icv_rows(&r->regions[i].icvs, "  ", out);
  }
  for (unsigned i = 0; i < r->nthreads; i++) {
    const struct pdb_thread *tr = &r->threads[i];
    if (!tr->is_omp)
      continue;
    thread_title(tr, out);
    icv_rows(&tr->icvs, "  ", out);
    if (tr->ntasks > 0) {
      fprintf(out, "  Task %llu:\n", (unsigned long long)tr->tasks[0].id);
      icv_rows(&tr->tasks[0].icvs, "    ", out);
    }
  }
}

static void print_control_vars(const struct pdb_records *r, FILE *out)
{
  for (unsigned i = 0; r->control_vars != NULL && r->control_vars[i] != NULL && i < 256; i++) {
    char *shown = pdb_printable(r->control_vars[i]);
    fprintf(out, "%s\n", shown ? shown : "?");
    free(shown);
  }
}

void print_text(const struct pdb_records *r, const struct pdb_atomic_records *ar, int several,
                int *n, FILE *out)
{
  static const struct {
    int want;
    const char *title;
    void (*print)(const struct pdb_records *, FILE *);
  } parts[] = {
    { PDB_WANT_THREADS, "Threads", NULL },   /* print_threads, which takes ar too */
    { PDB_WANT_PARALLEL, "Parallel regions", print_parallel },
    { PDB_WANT_TASKS, "Tasks", print_tasks },
    { PDB_WANT_ICVS, "Internal control variables", print_icvs },
    { PDB_WANT_CONTROL_VARS, "Control variables", print_control_vars },
  };
  for (unsigned i = 0; i < sizeof parts / sizeof parts[0]; i++) {
    if (!(r->want & parts[i].want))
      continue;
    if (several)
      fprintf(out, "%s== %s ==\n", (*n)++ ? "\n" : "", parts[i].title);
    if (parts[i].print != NULL)
      parts[i].print(r, out);
    else
      print_threads(r, ar, out);
  }
}
