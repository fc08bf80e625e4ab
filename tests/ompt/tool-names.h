/* The words tool.c prints for OMPT enumerations and flag sets; included by
   tool.c only, so the tool stays one translation unit. Values the tables do
   not know print as numbers, so a wrong value shows up in the output. */
#ifndef PARADBG_OMPT_TOOL_NAMES_H
#define PARADBG_OMPT_TOOL_NAMES_H

#include <stdio.h>
#include <string.h>

#define NAME_COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* Enumerations, indexed by value; NULL entries are unused values. */
static const char *const thread_type_names[] = {
    NULL, "initial", "worker", "other", "unknown"};
static const char *const task_status_names[] = {
    NULL, "complete", "yield", "cancel", "detach", "early_fulfill",
    "late_fulfill", "switch", "taskwait_complete"};
static const char *const dependence_type_names[] = {
    NULL, "in", "out", "inout", "mutexinoutset", "source", "sink",
    "inoutset"};
static const char *const sync_region_names[] = {
    NULL, "barrier", "barrier_implicit", "barrier_explicit",
    "barrier_implementation", "taskwait", "taskgroup", "reduction",
    "barrier_implicit_workshare", "barrier_implicit_parallel",
    "barrier_teams"};
/* 1..8 are 5.1's; 9..12 are the loop kinds OpenMP 5.2 added. */
static const char *const work_names[] = {
    NULL, "loop", "sections", "single_executor", "single_other",
    "workshare", "distribute", "taskloop", "scope", "loop_static",
    "loop_dynamic", "loop_guided", "loop_other"};
static const char *const mutex_names[] = {
    NULL, "lock", "test_lock", "nest_lock", "test_nest_lock", "critical",
    "atomic", "ordered"};
static const char *const dispatch_names[] = {NULL, "iteration", "section"};
static const char *const severity_names[] = {NULL, "warning", "fatal"};
static const char *const set_result_names[] = {
    "error", "never", "impossible", "sometimes", "sometimes_paired",
    "always"};

/* enum_name(buf, table, value): the table's word, or the number. */
#define enum_name(buf, table, value)                                      \
  enum_word((buf), sizeof(buf), (table), NAME_COUNT(table), (long)(value))

static const char *enum_word(char *buf, size_t size, const char *const *tab,
                             size_t n, long v)
{
  if (v >= 0 && (size_t)v < n && tab[v])
    return tab[v];
  snprintf(buf, size, "%ld", v);
  return buf;
}

/* Flag sets: each known bit becomes a word, joined with '|'. */
struct flag_name {
  unsigned bit;
  const char *name;
};

static const struct flag_name task_flag_names[] = {
    {0x1, "initial"},          {0x2, "implicit"},  {0x4, "explicit"},
    {0x8, "target"},           {0x10, "taskwait"}, {0x08000000, "undeferred"},
    {0x10000000, "untied"},    {0x20000000, "final"},
    {0x40000000, "mergeable"}, {0x80000000u, "merged"}};
static const struct flag_name parallel_flag_names[] = {
    {0x1, "invoker_program"}, {0x2, "invoker_runtime"},
    {0x40000000, "league"},   {0x80000000u, "team"}};
static const struct flag_name cancel_flag_names[] = {
    {0x01, "parallel"},  {0x02, "sections"}, {0x04, "loop"},
    {0x08, "taskgroup"}, {0x10, "activated"}, {0x20, "detected"},
    {0x40, "discarded_task"}};

#define flag_words(buf, table, value)                                     \
  flag_join((buf), sizeof(buf), (table), NAME_COUNT(table), (unsigned)(value))

/* Unknown bits are appended as one hex number; no bits at all print "0".
   Output that does not fit is cut short (snprintf keeps it terminated). */
static const char *flag_join(char *buf, size_t size,
                             const struct flag_name *tab, size_t n,
                             unsigned v)
{
  size_t len = 0;
  unsigned rest = v;
  snprintf(buf, size, "%s", v ? "" : "0");
  for (size_t i = 0; i < n && len < size; i++) {
    if (!(v & tab[i].bit))
      continue;
    rest &= ~tab[i].bit;
    len += (size_t)snprintf(buf + len, size - len, "%s%s", len ? "|" : "",
                            tab[i].name);
  }
  if (rest && len < size)
    snprintf(buf + len, size - len, "%s0x%x", len ? "|" : "", rest);
  return buf;
}

#endif
