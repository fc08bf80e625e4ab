/* Thread-local variables of a target's threads, found as GDB finds them:
   through glibc's libthread_db, which paradbg-inspect serves with the
   proc_service callbacks over the target. */
#ifndef PARADBG_INSPECT_TLS_H
#define PARADBG_INSPECT_TLS_H

#include <stdint.h>

#include "symbols.h"
#include "target.h"

/* The address in thread th of f, the thread-local symbol name (f->tls):
   0, or -1, having warned (once per target) why not. */
int tls_address(struct target *t, const struct inspect_thread *th, const char *name,
                const struct sym_found *f, uint64_t *addr);

/* Ends what tls_address keeps of t; safe when it keeps nothing. */
void tls_forget(struct target *t);

#endif
