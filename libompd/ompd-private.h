/* libparompd's insides: the handles it gives out, and how it reads the
   target through the debugger's callbacks.  It never touches the target
   otherwise, trusts nothing it reads, and bounds every walk. */
#ifndef PARADBG_OMPD_PRIVATE_H
#define PARADBG_OMPD_PRIVATE_H

#include <stdint.h>

#include <omp-tools.h>

#include "paradbg/omp-layout.h"
#include "paradbg/ompd-ext.h"

#define PD_EXPORT __attribute__((visibility("default")))

/* Bounds on what a target can claim; a corrupt core may claim anything. */
#define PD_MAX_THREADS (1u << 20)
/* The longest record span read whole; a longer one is read by fields.
   Small, because a debugger that keeps nothing pays for the whole span
   at every field it asks for. */
#define PD_MAX_SPAN 256u
#define PD_SPAN_GAP 256u

/* The debugger's callbacks: one table for the library's life (set by
   ompd_initialize), not per address space. */
extern const ompd_callbacks_t *pd_cb;

enum pd_symbol {
#define PD_SYMBOL_ENUM(name) PD_SYM_##name,
  PARADBG_OMP_SYMBOLS(PD_SYMBOL_ENUM)
#undef PD_SYMBOL_ENUM
  PD_NSYMBOLS
};

struct pd_thread_ref {
  ompd_addr_t thread;
  int64_t lwp;
  uint64_t pthread;
};

struct _ompd_aspace_handle {
  ompd_address_space_context_t *context;
  ompd_device_type_sizes_t sizes;
  struct paradbg_omp_layout layout;   /* checked, in host byte order */
  /* Of each field, the bytes of its record that lie around it: it and the
     fields of its type less than PD_SPAN_GAP bytes apart, one after the
     other; what one read of a record fetches (target.c). */
  unsigned span_lo[PARADBG_OMP_NFIELDS], span_hi[PARADBG_OMP_NFIELDS];
  ompd_addr_t sym[PD_NSYMBOLS];       /* 0: not found */
  /* The thread index as of generation cache_gen. */
  int cache_valid;
  uint64_t cache_gen;
  unsigned nthreads;
  struct pd_thread_ref *threads;
};

struct _ompd_thread_handle {
  ompd_address_space_handle_t *ah;
  ompd_addr_t thread;
};

/* Teams and tasks are reused: a handle also keeps the id the object had,
   and answers ompd_rc_stale_handle once it has another. */
struct _ompd_parallel_handle {
  ompd_address_space_handle_t *ah;
  ompd_addr_t team;
  uint64_t id;
};

struct _ompd_task_handle {
  ompd_address_space_handle_t *ah;
  ompd_addr_t task;
  uint64_t id;
};

/* target.c: reading */
ompd_rc_t pd_alloc(ompd_size_t n, void **p);
void pd_free(void *p);
ompd_rc_t pd_read(ompd_address_space_handle_t *ah, ompd_addr_t addr, ompd_size_t n, void *buf);
ompd_rc_t pd_to_host(ompd_address_space_handle_t *ah, const void *raw, unsigned size,
                     uint64_t *out);
unsigned pd_field_offset(ompd_address_space_handle_t *ah, enum paradbg_omp_field f);
unsigned pd_field_size(ompd_address_space_handle_t *ah, enum paradbg_omp_field f);
unsigned pd_type_size(ompd_address_space_handle_t *ah, enum paradbg_omp_type t);
ompd_rc_t pd_read_field(ompd_address_space_handle_t *ah, ompd_addr_t base,
                        enum paradbg_omp_field f, uint64_t *out);
ompd_rc_t pd_field_from(ompd_address_space_handle_t *ah, const unsigned char *buf,
                        unsigned buf_base, enum paradbg_omp_field f, uint64_t *out);
ompd_rc_t pd_read_fields(ompd_address_space_handle_t *ah, ompd_addr_t base,
                         enum paradbg_omp_field first, enum paradbg_omp_field last,
                         unsigned char *buf, unsigned cap, unsigned *buf_base);
ompd_rc_t pd_load_layout(ompd_address_space_handle_t *ah);
ompd_rc_t pd_read_symbol(ompd_address_space_handle_t *ah, enum pd_symbol sym, uint64_t *out);

/* threads.c */
ompd_rc_t pd_threads(ompd_address_space_handle_t *ah);
ompd_rc_t pd_new_thread_handle(ompd_address_space_handle_t *ah, ompd_addr_t thread,
                               ompd_thread_handle_t **out);

/* regions.c */
ompd_rc_t pd_new_parallel_handle(ompd_address_space_handle_t *ah, ompd_addr_t team,
                                 ompd_parallel_handle_t **out);
ompd_rc_t pd_new_task_handle(ompd_address_space_handle_t *ah, ompd_addr_t task,
                             ompd_task_handle_t **out);
ompd_rc_t pd_check_parallel(ompd_parallel_handle_t *ph);
ompd_rc_t pd_check_task(ompd_task_handle_t *th);

#endif
