/* Symbols, source lines and stacks of a target, through libdwfl. */
#ifndef PARADBG_INSPECT_SYMBOLS_H
#define PARADBG_INSPECT_SYMBOLS_H

#include <stddef.h>
#include <stdint.h>

#include "paradbg/paradbg.h"
#include "target.h"

/* Frames are libparadbg's struct pdb_frame: pdb_frame_free frees one. */

/* The part of path after its last slash. */
const char *path_base(const char *path);

/* A defined symbol: the global one of any mapped file, or if none has
   one, a local one.  0, or -1 if none has it. */
struct sym_found {
  Dwfl_Module *mod;
  uint64_t addr;         /* its address, unless tls */
  uint64_t value;        /* st_value: for tls, the offset in the module's TLS block */
  int tls;               /* STT_TLS: each thread has its own */
};
int sym_find(Dwfl *dwfl, const char *name, struct sym_found *out);

/* The address of a symbol that is not thread-local: 0, or -1. */
int sym_lookup(Dwfl *dwfl, const char *name, uint64_t *addr);

/* The name of the symbol that addr lies in (caller frees), or NULL. */
char *sym_name(Dwfl *dwfl, uint64_t addr, uint64_t *offset);

/* Describes pc; a return address (call = 1) is looked up at pc - 1 so that
   a call at the end of a function is not charged to the next one. */
void frame_describe(Dwfl *dwfl, uint64_t pc, int call, struct pdb_frame *f);

/* Whether another OpenMP runtime (pdb_other_runtime) is mapped in t: 1,
   with what it is and what to do in buf. */
int other_runtime(const struct target *t, char *buf, size_t n);

/* libparadbg's describe service (struct pdb_host): data is the target. */
int describe_address(void *data, uint64_t addr, struct pdb_place *out);

/* Whether a coarray runtime paradbg cannot read (OpenCoarrays' or GCC's
   libcaf_*) is mapped in t: 1, with what it is and what to do in buf. */
int other_caf_runtime(const struct target *t, char *buf, size_t n);

/* libparadbg's find_pointer service (struct pdb_host): data is the
   target.  The variables looked at are found and read once per target;
   pointers_forget frees them. */
int find_pointer(void *data, uint64_t value, struct pdb_place *out);
void pointers_forget(struct target *t);

/* Forgets what frame_describe remembers of a Dwfl about to end. */
void frame_forget(void);

/* Prepares t's Dwfl for unwinding its threads from the registers and
   memory t gives (elf: the core's, or NULL for the first module's, to
   know the machine): its attach_unwinder.  0, or -1. */
int unwind_attach(struct target *t, Elf *elf);

/* Forgets the stacks unwind_stack and user_frame unwound (all threads'
   at once, the first time either is called). */
void unwind_forget(struct target *t);

/* The stack of thread lwp, innermost first, at most max frames; the count,
   or -1 if it cannot be unwound at all. */
int unwind_stack(struct target *t, pid_t lwp, struct pdb_frame *frames, unsigned max);

/* The innermost of the first max frames of thread lwp that is the user's
   (pdb_module_is_users: not the runtime's module, runtime, nor a system
   library's), in f; its number in the stack (0 innermost), or -1. */
int user_frame(struct target *t, pid_t lwp, const char *runtime, unsigned max, struct pdb_frame *f);

#endif
