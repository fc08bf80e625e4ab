/* The Fortran OpenMP API as gfortran calls it: the C name with a trailing
   underscore, arguments by reference, and _8_ forms for INTEGER(8)
   arguments.  Each wraps the C routine. */
#include "config.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "paromp.h"
#include "ompt.h"

/* The C routines wrapped here (defined in api.c, lock.c, places.c, ...). */
void omp_set_num_threads(int);
int omp_get_num_threads(void);
int omp_get_max_threads(void);
int omp_get_thread_num(void);
int omp_get_num_procs(void);
int omp_in_parallel(void);
void omp_set_dynamic(int);
int omp_get_dynamic(void);
void omp_set_nested(int);
int omp_get_nested(void);
void omp_set_schedule(int, int);
void omp_get_schedule(int *, int *);
int omp_get_thread_limit(void);
void omp_set_max_active_levels(int);
int omp_get_max_active_levels(void);
int omp_get_supported_active_levels(void);
int omp_get_level(void);
int omp_get_active_level(void);
int omp_get_ancestor_thread_num(int);
int omp_get_team_size(int);
int omp_in_final(void);
int omp_get_cancellation(void);
int omp_get_proc_bind(void);
int omp_get_num_places(void);
int omp_get_place_num_procs(int);
void omp_get_place_proc_ids(int, int *);
int omp_get_place_num(void);
int omp_get_partition_num_places(void);
void omp_get_partition_place_nums(int *);
void omp_set_default_device(int);
int omp_get_default_device(void);
int omp_get_num_devices(void);
int omp_is_initial_device(void);
int omp_get_initial_device(void);
int omp_get_device_num(void);
void omp_set_num_teams(int);
int omp_get_max_teams(void);
void omp_set_teams_thread_limit(int);
int omp_get_teams_thread_limit(void);
int omp_get_max_task_priority(void);
int omp_pause_resource(int, int);
int omp_pause_resource_all(int);
void omp_display_env(int);
double omp_get_wtime(void);
double omp_get_wtick(void);
void omp_init_lock(void *);
void omp_destroy_lock(void *);
void omp_set_lock(void *);
void omp_unset_lock(void *);
int omp_test_lock(void *);
void omp_init_nest_lock(void *);
void omp_destroy_nest_lock(void *);
void omp_set_nest_lock(void *);
void omp_unset_nest_lock(void *);
int omp_test_nest_lock(void *);
void omp_fulfill_event(void *);
void omp_set_affinity_format(const char *);
size_t omp_get_affinity_format(char *, size_t);
void omp_display_affinity(const char *);
size_t omp_capture_affinity(char *, size_t, const char *);
uintptr_t omp_init_allocator(uintptr_t, int, const void *);
void omp_destroy_allocator(uintptr_t);
void omp_set_default_allocator(uintptr_t);
uintptr_t omp_get_default_allocator(void);

static int narrow(int64_t v)
{
  return v > INT_MAX ? INT_MAX : v < INT_MIN ? INT_MIN : (int)v;
}

/* f() -> int */
#define GET_INT(name) PAROMP_EXPORT int name##_(void) { return name(); }
/* f(int) in both kinds */
#define SET_INT(name)                                                          \
  PAROMP_EXPORT void name##_(const int32_t *v) { name(*v); }                  \
  PAROMP_EXPORT void name##_8_(const int64_t *v) { name(narrow(*v)); }
/* f(int) -> int in both kinds */
#define MAP_INT(name)                                                          \
  PAROMP_EXPORT int name##_(const int32_t *v) { return name(*v); }            \
  PAROMP_EXPORT int name##_8_(const int64_t *v) { return name(narrow(*v)); }

GET_INT(omp_get_num_threads)
GET_INT(omp_get_max_threads)
GET_INT(omp_get_thread_num)
GET_INT(omp_get_num_procs)
GET_INT(omp_in_parallel)
GET_INT(omp_get_dynamic)
GET_INT(omp_get_nested)
GET_INT(omp_get_thread_limit)
GET_INT(omp_get_max_active_levels)
GET_INT(omp_get_supported_active_levels)
GET_INT(omp_get_level)
GET_INT(omp_get_active_level)
GET_INT(omp_in_final)
GET_INT(omp_get_cancellation)
GET_INT(omp_get_proc_bind)
GET_INT(omp_get_num_places)
GET_INT(omp_get_place_num)
GET_INT(omp_get_partition_num_places)
GET_INT(omp_get_default_device)
GET_INT(omp_get_num_devices)
GET_INT(omp_is_initial_device)
GET_INT(omp_get_initial_device)
GET_INT(omp_get_device_num)
GET_INT(omp_get_num_teams)
GET_INT(omp_get_team_num)
GET_INT(omp_get_max_teams)
GET_INT(omp_get_teams_thread_limit)
GET_INT(omp_get_max_task_priority)

SET_INT(omp_set_num_threads)
SET_INT(omp_set_dynamic)
SET_INT(omp_set_nested)
SET_INT(omp_set_max_active_levels)
SET_INT(omp_set_default_device)
SET_INT(omp_set_num_teams)
SET_INT(omp_set_teams_thread_limit)
SET_INT(omp_display_env)

MAP_INT(omp_get_ancestor_thread_num)
MAP_INT(omp_get_team_size)
MAP_INT(omp_get_place_num_procs)

PAROMP_EXPORT double omp_get_wtime_(void) { return omp_get_wtime(); }
PAROMP_EXPORT double omp_get_wtick_(void) { return omp_get_wtick(); }

PAROMP_EXPORT void omp_set_schedule_(const int32_t *kind, const int32_t *chunk)
{
  omp_set_schedule(*kind, *chunk);
}

PAROMP_EXPORT void omp_set_schedule_8_(const int32_t *kind, const int64_t *chunk)
{
  omp_set_schedule(*kind, narrow(*chunk));
}

PAROMP_EXPORT void omp_get_schedule_(int32_t *kind, int32_t *chunk)
{
  int k, c;
  omp_get_schedule(&k, &c);
  *kind = k;
  *chunk = c;
}

PAROMP_EXPORT void omp_get_schedule_8_(int32_t *kind, int64_t *chunk)
{
  int k, c;
  omp_get_schedule(&k, &c);
  *kind = k;
  *chunk = c;
}

PAROMP_EXPORT void omp_get_place_proc_ids_(const int32_t *place, int32_t *ids)
{
  omp_get_place_proc_ids(*place, ids);
}

PAROMP_EXPORT void omp_get_place_proc_ids_8_(const int64_t *place, int64_t *ids)
{
  int n = omp_get_place_num_procs(narrow(*place));
  int *tmp = n > 0 ? calloc((size_t)n, sizeof *tmp) : NULL;
  if (tmp == NULL)
    return;
  omp_get_place_proc_ids(narrow(*place), tmp);
  for (int i = 0; i < n; i++)
    ids[i] = tmp[i];
  free(tmp);
}

PAROMP_EXPORT void omp_get_partition_place_nums_(int32_t *nums)
{
  omp_get_partition_place_nums(nums);
}

PAROMP_EXPORT void omp_get_partition_place_nums_8_(int64_t *nums)
{
  int n = omp_get_partition_num_places();
  int *tmp = n > 0 ? calloc((size_t)n, sizeof *tmp) : NULL;
  if (tmp == NULL)
    return;
  omp_get_partition_place_nums(tmp);
  for (int i = 0; i < n; i++)
    nums[i] = tmp[i];
  free(tmp);
}

PAROMP_EXPORT int omp_pause_resource_(const int32_t *kind, const int32_t *device)
{
  return omp_pause_resource(*kind, *device);
}

PAROMP_EXPORT int omp_pause_resource_all_(const int32_t *kind)
{
  return omp_pause_resource_all(*kind);
}

/* omp_lock_kind is 4: the Fortran integer is the lock itself. */
/* OMPT_ENTRY: a tool sees the Fortran caller's return address. */
PAROMP_EXPORT void omp_init_lock_(int32_t *l) { OMPT_ENTRY(); omp_init_lock(l); }
PAROMP_EXPORT void omp_destroy_lock_(int32_t *l) { OMPT_ENTRY(); omp_destroy_lock(l); }
PAROMP_EXPORT void omp_set_lock_(int32_t *l) { OMPT_ENTRY(); omp_set_lock(l); }
PAROMP_EXPORT void omp_unset_lock_(int32_t *l) { OMPT_ENTRY(); omp_unset_lock(l); }
PAROMP_EXPORT int omp_test_lock_(int32_t *l) { OMPT_ENTRY(); return omp_test_lock(l); }

/* omp_nest_lock_kind is 8: too small for the lock, so it holds a pointer to
   one. */
PAROMP_EXPORT void omp_init_nest_lock_(void **l)
{
  OMPT_ENTRY();
  *l = paromp_malloc(2 * sizeof(int) + sizeof(void *));
  omp_init_nest_lock(*l);
}

PAROMP_EXPORT void omp_destroy_nest_lock_(void **l)
{
  OMPT_ENTRY();
  omp_destroy_nest_lock(*l);
  free(*l);
  *l = NULL;
}

PAROMP_EXPORT void omp_set_nest_lock_(void **l) { OMPT_ENTRY(); omp_set_nest_lock(*l); }
PAROMP_EXPORT void omp_unset_nest_lock_(void **l) { OMPT_ENTRY(); omp_unset_nest_lock(*l); }
PAROMP_EXPORT int omp_test_nest_lock_(void **l) { OMPT_ENTRY(); return omp_test_nest_lock(*l); }

PAROMP_EXPORT void omp_fulfill_event_(void **event) { omp_fulfill_event(*event); }

/* Fortran strings arrive with a hidden length and trailing blanks. */
static char *c_string(const char *s, size_t len)
{
  while (len > 0 && s[len - 1] == ' ')
    len--;
  char *c = paromp_malloc(len + 1);
  memcpy(c, s, len);
  c[len] = '\0';
  return c;
}

static int32_t to_fortran(char *buf, size_t buf_len, const char *c, size_t n)
{
  size_t k = n < buf_len ? n : buf_len;
  memcpy(buf, c, k);
  memset(buf + k, ' ', buf_len - k);
  return (int32_t)(n > INT32_MAX ? INT32_MAX : n);
}

PAROMP_EXPORT void omp_set_affinity_format_(const char *format, size_t len)
{
  char *c = c_string(format, len);
  omp_set_affinity_format(c);
  free(c);
}

PAROMP_EXPORT int32_t omp_get_affinity_format_(char *buffer, size_t len)
{
  size_t n = omp_get_affinity_format(NULL, 0);
  char *c = paromp_malloc(n + 1);
  omp_get_affinity_format(c, n + 1);
  int32_t r = to_fortran(buffer, len, c, n);
  free(c);
  return r;
}

PAROMP_EXPORT void omp_display_affinity_(const char *format, size_t len)
{
  char *c = c_string(format, len);
  omp_display_affinity(c);
  free(c);
}

PAROMP_EXPORT int32_t omp_capture_affinity_(char *buffer, const char *format, size_t buf_len,
                                            size_t fmt_len)
{
  char *f = c_string(format, fmt_len);
  size_t n = omp_capture_affinity(NULL, 0, f);
  char *c = paromp_malloc(n + 1);
  omp_capture_affinity(c, n + 1, f);
  int32_t r = to_fortran(buffer, buf_len, c, n);
  free(c);
  free(f);
  return r;
}

PAROMP_EXPORT uintptr_t omp_init_allocator_(const uintptr_t *memspace, const int32_t *ntraits,
                                            const void *traits)
{
  return omp_init_allocator(*memspace, *ntraits, traits);
}

PAROMP_EXPORT uintptr_t omp_init_allocator_8_(const uintptr_t *memspace, const int64_t *ntraits,
                                              const void *traits)
{
  return omp_init_allocator(*memspace, narrow(*ntraits), traits);
}

PAROMP_EXPORT void omp_destroy_allocator_(const uintptr_t *a) { omp_destroy_allocator(*a); }
PAROMP_EXPORT void omp_set_default_allocator_(const uintptr_t *a) { omp_set_default_allocator(*a); }
PAROMP_EXPORT uintptr_t omp_get_default_allocator_(void) { return omp_get_default_allocator(); }
