/* A debugger host for OMPD tests that inspects its own process: memory is
   read with process_vm_readv (so a garbage address fails cleanly instead
   of faulting), symbols come from dlsym, thread ids are its own LWPs.
   It loads libparompd.so from PARADBG_OMPD_LIB and counts reads. */
#ifndef PARADBG_TEST_OMPD_HOST_H
#define PARADBG_TEST_OMPD_HOST_H

#include <stddef.h>
#include <sys/types.h>

#include <omp-tools.h>

#include "paradbg/ompd-ext.h"

/* The library's entry points, as loaded, and paradbg's extensions (NULL
   when the library has none). */
struct ompd_api {
#define PARADBG_OMPD_API(name) __typeof__(name) *name;
#include "paradbg/ompd-api.h"
#undef PARADBG_OMPD_API
#define PARADBG_OMPD_EXT(name) __typeof__(name) *name;
#include "paradbg/ompd-ext.h"
#undef PARADBG_OMPD_EXT
};
extern struct ompd_api ompd;

/* Loads the library and calls ompd_initialize (202011); aborts on failure. */
void host_load(void);

/* The callback table it initialized the library with. */
extern const ompd_callbacks_t *host_callbacks;

/* The address-space context handed to ompd_process_initialize. */
extern ompd_address_space_context_t *host_context;

/* memory-read callbacks so far */
extern unsigned long host_reads;

/* Replaces a symbol's address for the next lookups (NULL name: clear all);
   address 0 makes the symbol missing. */
void host_fake_symbol(const char *name, const void *address);

/* Opens the process's address space (or fails the test). */
ompd_address_space_handle_t *host_process(void);

/* Frees what the library allocated for a string or vector it returned. */
void host_free(const void *p);

pid_t host_gettid(void);

#endif
