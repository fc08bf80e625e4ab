/* paradbg's optional extensions of OMPD 5.1: entry points an OMPD library
   may export beside the standard ones.  A host looks each one up by name
   (dlsym) and does without it when it is absent, so it works with any OMPD
   library.  Included without PARADBG_OMPD_EXT defined, this header declares
   them; with PARADBG_OMPD_EXT(name) defined, it also lists them, one each,
   in the style of paradbg/ompd-api.h. */
#ifndef PARADBG_OMPD_EXT_H
#define PARADBG_OMPD_EXT_H

#include <omp-tools.h>

/* A name in words for the object a thread in `state` waits on (`wait_id`,
   as ompd_get_state gave it), when the runtime knows one that the
   program's symbols do not give: "unnamed" for the lock behind an unnamed
   critical construct.  *name is static storage, not to be freed.
   ompd_rc_unavailable when the runtime knows no such name;
   ompd_rc_bad_input for a NULL handle or name. */
ompd_rc_t paradbg_ompd_get_wait_name(ompd_address_space_handle_t *ah, ompd_word_t state,
                                     ompd_wait_id_t wait_id, const char **name);

/* The thread that holds the lock, nest lock or critical section a thread
   in `state` waits on (`wait_id`, as ompd_get_state gave it), as its
   kernel thread id (LWP) in *lwp.  ompd_rc_unavailable when the runtime
   records no holder for such a wait, or the object is free (its holder
   let it go, and the waiter is about to take it); ompd_rc_bad_input for
   a NULL handle or lwp. */
ompd_rc_t paradbg_ompd_get_wait_holder(ompd_address_space_handle_t *ah, ompd_word_t state,
                                       ompd_wait_id_t wait_id, ompd_word_t *lwp);

#endif

#ifdef PARADBG_OMPD_EXT
PARADBG_OMPD_EXT(paradbg_ompd_get_wait_name)
PARADBG_OMPD_EXT(paradbg_ompd_get_wait_holder)
#endif
