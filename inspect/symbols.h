/* Symbols, source lines and stacks of a target, through libdwfl. */
#ifndef PARADBG_INSPECT_SYMBOLS_H
#define PARADBG_INSPECT_SYMBOLS_H

#include <stdint.h>

#include "target.h"

struct frame {
  uint64_t pc;
  char *function;      /* NULL if no symbol covers pc */
  uint64_t offset;     /* pc - function */
  char *file;          /* source file, NULL without line information */
  int line;
  char *module;        /* the mapped file's base name, NULL if none */
};

/* The part of path after its last slash. */
const char *path_base(const char *path);

/* A defined symbol's address in any mapped file: 0, or -1 if none has it. */
int sym_lookup(Dwfl *dwfl, const char *name, uint64_t *addr);

/* The name of the symbol that addr lies in (caller frees), or NULL. */
char *sym_name(Dwfl *dwfl, uint64_t addr, uint64_t *offset);

/* Describes pc; a return address (call = 1) is looked up at pc - 1 so that
   a call at the end of a function is not charged to the next one. */
void frame_describe(Dwfl *dwfl, uint64_t pc, int call, struct frame *f);
void frame_free(struct frame *f);

/* Forgets what frame_describe remembers of a Dwfl about to end. */
void frame_forget(void);

/* The stack of thread lwp, innermost first, at most max frames; the count,
   or -1 if it cannot be unwound at all. */
int backtrace(struct target *t, pid_t lwp, struct frame *frames, unsigned max);

/* The base name of the file mapped at addr (caller frees), or NULL. */
char *module_of(Dwfl *dwfl, uint64_t addr);

/* Whether f is the user's code: in a mapped file that is neither the
   OpenMP runtime (the module named runtime, if not NULL) nor a system
   library (libc, the dynamic loader, the vDSO, libpthread, libatomic). */
int frame_is_users(const struct frame *f, const char *runtime);

/* The innermost of the first max frames of thread lwp that is the user's,
   in f; its number in the stack (0 innermost), or -1 if there is none. */
int user_frame(struct target *t, pid_t lwp, const char *runtime, unsigned max, struct frame *f);

#endif
