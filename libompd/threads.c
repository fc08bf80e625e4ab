/* Threads: the runtime's thread index, cached per address space until its
   generation counter moves, thread handles and ids, and thread states. */
#include "config.h"

#include <string.h>

#include "paradbg/omp-states.h"
#include "ompd-private.h"

#define F(s, f) PARADBG_OMP_FIELD_##s##_##f

/* One read for the generation while the cache holds; when it moved, one
   each for the count and the array pointer and one for the whole array. */
ompd_rc_t pd_threads(ompd_address_space_handle_t *ah)
{
  uint64_t gen, count, index;
  ompd_rc_t rc;
  if ((rc = pd_read_symbol(ah, PD_SYM_paromp_generation, &gen)) != ompd_rc_ok)
    return rc;
  if (ah->cache_valid && gen == ah->cache_gen)
    return ompd_rc_ok;
  ah->cache_valid = 0;
  if ((rc = pd_read_symbol(ah, PD_SYM_paromp_thread_count, &count)) != ompd_rc_ok ||
      (rc = pd_read_symbol(ah, PD_SYM_paromp_thread_index, &index)) != ompd_rc_ok)
    return rc;
  if (count > PD_MAX_THREADS)
    return ompd_rc_error;
  unsigned esize = pd_type_size(ah, PARADBG_OMP_TYPE_thread_ref);
  struct pd_thread_ref *refs = NULL;
  unsigned char *buf = NULL;
  if ((rc = pd_alloc((count ? count : 1) * sizeof *refs, (void **)&refs)) != ompd_rc_ok)
    return rc;
  if (count > 0) {
    if ((rc = pd_alloc(count * esize, (void **)&buf)) != ompd_rc_ok ||
        (rc = pd_read(ah, index, count * esize, buf)) != ompd_rc_ok)
      goto fail;
    for (unsigned i = 0; i < count; i++) {
      const unsigned char *e = buf + (size_t)i * esize;
      uint64_t lwp;
      if ((rc = pd_field_from(ah, e, 0, F(thread_ref, thread), &refs[i].thread)) != ompd_rc_ok ||
          (rc = pd_field_from(ah, e, 0, F(thread_ref, lwp), &lwp)) != ompd_rc_ok ||
          (rc = pd_field_from(ah, e, 0, F(thread_ref, pthread), &refs[i].pthread)) != ompd_rc_ok)
        goto fail;
      refs[i].lwp = (int64_t)lwp;
      if (refs[i].thread == 0) {
        rc = ompd_rc_error;
        goto fail;
      }
    }
    pd_free(buf);
  }
  pd_free(ah->threads);
  ah->threads = refs;
  ah->nthreads = (unsigned)count;
  ah->cache_gen = gen;
  ah->cache_valid = 1;
  return ompd_rc_ok;
fail:
  pd_free(buf);
  pd_free(refs);
  return rc;
}

static int is_known_thread(ompd_address_space_handle_t *ah, ompd_addr_t thread)
{
  for (unsigned i = 0; i < ah->nthreads; i++)
    if (ah->threads[i].thread == thread)
      return 1;
  return 0;
}

ompd_rc_t pd_new_thread_handle(ompd_address_space_handle_t *ah, ompd_addr_t thread,
                               ompd_thread_handle_t **out)
{
  ompd_thread_handle_t *th;
  ompd_rc_t rc = pd_alloc(sizeof *th, (void **)&th);
  if (rc != ompd_rc_ok)
    return rc;
  th->ah = ah;
  th->thread = thread;
  *out = th;
  return ompd_rc_ok;
}

/* A native id the target's threads carry: LWP ids (of 4 or 8 bytes) and
   pthread_t values.  The newest thread wins, should an exited thread's id
   have been reused. */
static ompd_rc_t find_thread(ompd_address_space_handle_t *ah, ompd_thread_id_t kind,
                             ompd_size_t size, const void *id, ompd_addr_t *thread)
{
  uint64_t want;
  ompd_rc_t rc;
  if (kind != OMPD_THREAD_ID_LWP && kind != OMPD_THREAD_ID_PTHREAD)
    return ompd_rc_unsupported;
  if (size != 4 && size != 8)
    return ompd_rc_bad_input;
  want = size == 4 ? *(const uint32_t *)id : *(const uint64_t *)id;
  if ((rc = pd_threads(ah)) != ompd_rc_ok)
    return rc;
  for (unsigned i = ah->nthreads; i-- > 0;) {
    uint64_t have = kind == OMPD_THREAD_ID_LWP ? (uint64_t)ah->threads[i].lwp
                                               : ah->threads[i].pthread;
    if (size == 4)
      have &= 0xffffffffu;
    if (have == want) {
      *thread = ah->threads[i].thread;
      return ompd_rc_ok;
    }
  }
  return ompd_rc_unavailable;   /* not an OpenMP thread */
}

PD_EXPORT ompd_rc_t ompd_get_thread_handle(ompd_address_space_handle_t *handle,
                                           ompd_thread_id_t kind, ompd_size_t sizeof_thread_id,
                                           const void *thread_id,
                                           ompd_thread_handle_t **thread_handle)
{
  ompd_addr_t thread;
  ompd_rc_t rc;
  if (handle == NULL || thread_id == NULL || thread_handle == NULL)
    return ompd_rc_bad_input;
  *thread_handle = NULL;
  if ((rc = find_thread(handle, kind, sizeof_thread_id, thread_id, &thread)) != ompd_rc_ok)
    return rc;
  return pd_new_thread_handle(handle, thread, thread_handle);
}

PD_EXPORT ompd_rc_t ompd_get_thread_in_parallel(ompd_parallel_handle_t *parallel_handle,
                                                int thread_num,
                                                ompd_thread_handle_t **thread_handle)
{
  uint64_t nthreads, threads, thread;
  unsigned char raw[8];
  ompd_rc_t rc;
  if (parallel_handle == NULL || thread_handle == NULL)
    return ompd_rc_bad_input;
  *thread_handle = NULL;
  ompd_address_space_handle_t *ah = parallel_handle->ah;
  if ((rc = pd_check_parallel(parallel_handle)) != ompd_rc_ok)
    return rc;
  if ((rc = pd_read_field(ah, parallel_handle->team, F(team, nthreads), &nthreads)) != ompd_rc_ok)
    return rc;
  if (thread_num < 0 || (uint64_t)thread_num >= nthreads || nthreads > PD_MAX_THREADS)
    return ompd_rc_bad_input;
  if ((rc = pd_read_field(ah, parallel_handle->team, F(team, threads), &threads)) != ompd_rc_ok)
    return rc;
  unsigned ps = ah->sizes.sizeof_pointer;
  if ((rc = pd_read(ah, threads + (uint64_t)thread_num * ps, ps, raw)) != ompd_rc_ok ||
      (rc = pd_to_host(ah, raw, ps, &thread)) != ompd_rc_ok)
    return rc;
  if ((rc = pd_threads(ah)) != ompd_rc_ok)
    return rc;
  if (!is_known_thread(ah, thread))
    return thread == 0 ? ompd_rc_unavailable : ompd_rc_error;
  return pd_new_thread_handle(ah, thread, thread_handle);
}

PD_EXPORT ompd_rc_t ompd_rel_thread_handle(ompd_thread_handle_t *thread_handle)
{
  if (thread_handle == NULL)
    return ompd_rc_bad_input;
  pd_free(thread_handle);
  return ompd_rc_ok;
}

PD_EXPORT ompd_rc_t ompd_thread_handle_compare(ompd_thread_handle_t *thread_handle_1,
                                               ompd_thread_handle_t *thread_handle_2,
                                               int *cmp_value)
{
  if (thread_handle_1 == NULL || thread_handle_2 == NULL || cmp_value == NULL)
    return ompd_rc_bad_input;
  ompd_addr_t a = thread_handle_1->thread, b = thread_handle_2->thread;
  *cmp_value = a < b ? -1 : a > b;
  return ompd_rc_ok;
}

PD_EXPORT ompd_rc_t ompd_get_thread_id(ompd_thread_handle_t *thread_handle,
                                       ompd_thread_id_t kind, ompd_size_t sizeof_thread_id,
                                       void *thread_id)
{
  uint64_t v;
  ompd_rc_t rc;
  if (thread_handle == NULL || thread_id == NULL)
    return ompd_rc_bad_input;
  if (kind != OMPD_THREAD_ID_LWP && kind != OMPD_THREAD_ID_PTHREAD)
    return ompd_rc_unsupported;
  enum paradbg_omp_field f = kind == OMPD_THREAD_ID_LWP ? F(thread, lwp) : F(thread, pthread);
  if (sizeof_thread_id != 4 && sizeof_thread_id != 8)
    return ompd_rc_bad_input;
  if ((rc = pd_read_field(thread_handle->ah, thread_handle->thread, f, &v)) != ompd_rc_ok)
    return rc;
  if (sizeof_thread_id == 4) {
    uint32_t v32 = (uint32_t)v;
    memcpy(thread_id, &v32, 4);
  } else {
    memcpy(thread_id, &v, 8);
  }
  return ompd_rc_ok;
}

/* ---- states ------------------------------------------------------------- */

static const struct {
  ompd_word_t value;
  const char *name;
} states[] = {
#define PD_STATE(s) { s, #s },
  PARADBG_OMP_STATES(PD_STATE)
#undef PD_STATE
};
#define NSTATES (sizeof states / sizeof states[0])

PD_EXPORT ompd_rc_t ompd_enumerate_states(ompd_address_space_handle_t *address_space_handle,
                                          ompd_word_t current_state, ompd_word_t *next_state,
                                          const char **next_state_name, ompd_word_t *more_enums)
{
  size_t i;
  if (address_space_handle == NULL || next_state == NULL || next_state_name == NULL ||
      more_enums == NULL)
    return ompd_rc_bad_input;
  /* ompt_state_undefined starts the walk and is listed first. */
  if (current_state == ompt_state_undefined) {
    i = 1;
  } else {
    for (i = 0; i < NSTATES && states[i].value != current_state; i++)
      ;
    if (i == NSTATES)
      return ompd_rc_bad_input;
    i++;
  }
  if (i >= NSTATES)
    return ompd_rc_bad_input;
  *next_state = states[i].value;
  *next_state_name = states[i].name;
  *more_enums = i + 1 < NSTATES;
  return ompd_rc_ok;
}

/* The state and the wait id sit side by side: one read (of the thread's
   record, which its other fields come from too). */
PD_EXPORT ompd_rc_t ompd_get_state(ompd_thread_handle_t *thread_handle, ompd_word_t *state,
                                   ompd_wait_id_t *wait_id)
{
  unsigned char buf[PD_MAX_SPAN];
  unsigned base;
  uint64_t s, w;
  ompd_rc_t rc;
  if (thread_handle == NULL || state == NULL)
    return ompd_rc_bad_input;
  ompd_address_space_handle_t *ah = thread_handle->ah;
  if ((rc = pd_read_fields(ah, thread_handle->thread, F(thread, state), F(thread, wait_id), buf,
                           sizeof buf, &base)) != ompd_rc_ok ||
      (rc = pd_field_from(ah, buf, base, F(thread, state), &s)) != ompd_rc_ok ||
      (rc = pd_field_from(ah, buf, base, F(thread, wait_id), &w)) != ompd_rc_ok)
    return rc;
  *state = (ompd_word_t)(int32_t)s;
  if (wait_id != NULL)
    *wait_id = w;
  return ompd_rc_ok;
}

/* ---- paradbg's extension (paradbg/ompd-ext.h) --------------------------- */

/* The runtime knows the lock behind unnamed critical (its address is
   exported for plugins); gcc's lock words of named critical sections have
   symbols of their own, which a host names. */
PD_EXPORT ompd_rc_t paradbg_ompd_get_wait_name(ompd_address_space_handle_t *ah, ompd_word_t state,
                                               ompd_wait_id_t wait_id, const char **name)
{
  uint64_t unnamed;
  ompd_rc_t rc;
  if (ah == NULL || name == NULL)
    return ompd_rc_bad_input;
  *name = NULL;
  if (state != ompt_state_wait_critical || wait_id == 0 ||
      ah->sym[PD_SYM_paromp_default_critical] == 0)
    return ompd_rc_unavailable;
  if ((rc = pd_read_symbol(ah, PD_SYM_paromp_default_critical, &unnamed)) != ompd_rc_ok)
    return rc;
  if (wait_id != unnamed)
    return ompd_rc_unavailable;
  *name = "unnamed";
  return ompd_rc_ok;
}

/* The first 4 bytes of every lock, nest lock and critical section are the
   runtime's lock word, which names its holder (paradbg/omp-layout.h). */
PD_EXPORT ompd_rc_t paradbg_ompd_get_wait_holder(ompd_address_space_handle_t *ah,
                                                 ompd_word_t state, ompd_wait_id_t wait_id,
                                                 ompd_word_t *lwp)
{
  unsigned char raw[4];
  uint64_t word;
  ompd_rc_t rc;
  if (ah == NULL || lwp == NULL)
    return ompd_rc_bad_input;
  *lwp = 0;
  if ((state != ompt_state_wait_lock && state != ompt_state_wait_critical &&
       state != ompt_state_wait_atomic) || wait_id == 0)
    return ompd_rc_unavailable;
  if ((rc = pd_read(ah, wait_id, sizeof raw, raw)) != ompd_rc_ok ||
      (rc = pd_to_host(ah, raw, sizeof raw, &word)) != ompd_rc_ok)
    return rc;
  word &= PARADBG_OMP_MUTEX_TID;
  if (word == 0)
    return ompd_rc_unavailable;   /* free: its waiter is about to take it */
  *lwp = (ompd_word_t)word;
  return ompd_rc_ok;
}
