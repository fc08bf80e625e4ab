/* What the wait-for graph's builder (waits.c), its renderings
   (waits-text.c) and the merged stacks' (stacks.c, stacks-text.c) share:
   a growing string, and the words they use. */
#ifndef PARADBG_LIB_WAITS_PRIVATE_H
#define PARADBG_LIB_WAITS_PRIVATE_H

#include <stddef.h>

#include "paradbg/paradbg.h"

/* A string that grows; failed once anything could not be added. */
struct wstr {
  char *s;
  size_t len, cap;
  int failed;
};

void wstr_add(struct wstr *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The text, which the caller frees; NULL (and freed) if anything failed. */
char *wstr_take(struct wstr *b);
/* s inside a DOT double-quoted string: its quotes, backslashes and line
   ends escaped, so that none ends the string or becomes an escape of
   Graphviz's (s is printable already). */
void wstr_dot(struct wstr *b, const char *s);

/* "SIGSEGV", or "signal 77", into buf. */
const char *waits_signal_name(int sig, char *buf, size_t n);

/* Whether a thread that stopped with sig crashed.  Linux writes the
   dumping signal into every thread of a core: when all the threads of a
   process carry it (all_carry_it), only the first, the one that dumped,
   crashed.  Merged stacks name crashed threads by the same rule. */
int waits_crashed(int sig, int all_carry_it, int first);
/* How merged stacks class such a thread: "crashed (SIGSEGV)". */
#define WAITS_CRASHED_TEXT "crashed (%s)"
#define WAITS_CRASHED_PREFIX "crashed ("

/* Whether an edge of this kind points at a holder ("held by"): locks,
   critical sections, atomic and ordered constructs, coarray locks and
   critical constructs, atomic locks. */
int waits_kind_held(const char *kind);

#endif
