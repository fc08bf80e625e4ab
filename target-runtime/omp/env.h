/* Parsers for the OMP_* environment variables: pure functions, so that unit
   tests can check them without starting a runtime. */
#ifndef PAROMP_ENV_H
#define PAROMP_ENV_H

#include <stddef.h>

/* Each returns 0 when the whole string is valid, -1 otherwise (and then
   leaves its outputs untouched). */
int paromp_parse_bool(const char *s, int *out);
int paromp_parse_ulong(const char *s, unsigned long min, unsigned long max, unsigned long *out);
int paromp_parse_uint_list(const char *s, unsigned *out, unsigned max, unsigned *len);
int paromp_parse_schedule(const char *s, int *sched, int *chunk);
int paromp_parse_stacksize(const char *s, size_t *out);
int paromp_parse_proc_bind(const char *s, int *out, unsigned max, unsigned *len);
int paromp_parse_wait_policy(const char *s, int *out);

#endif
