/* The OMPD debugger callbacks over a target: paradbg-inspect implements
   them once, for cores and live processes alike. */
#ifndef PARADBG_INSPECT_CALLBACKS_H
#define PARADBG_INSPECT_CALLBACKS_H

#include <omp-tools.h>

#include "target.h"

extern const ompd_callbacks_t inspect_callbacks;

/* The address-space context a plugin gets for t, and back. */
ompd_address_space_context_t *target_context(struct target *t);

/* The thread context of thread lwp of t, or NULL if t has no such thread. */
ompd_thread_context_t *target_thread_context(struct target *t, pid_t lwp);

#endif
