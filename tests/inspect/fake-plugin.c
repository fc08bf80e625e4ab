/* A library named libparompd.so that is not the right OMPD plugin: built
   with -DEMPTY it exports no entry point; otherwise it exports every one,
   each answering ompd_rc_unsupported, so ompd_initialize refuses every API
   version (the arguments it is called with are ignored). */
#include <omp-tools.h>

#ifndef EMPTY
#define PARADBG_OMPD_API(name)                                  \
  ompd_rc_t name##_refuses(void) __asm__(#name);                \
  ompd_rc_t name##_refuses(void) { return ompd_rc_unsupported; }
#include "paradbg/ompd-api.h"
#else
int fake_plugin_is_empty;
#endif
