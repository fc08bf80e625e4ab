/* is_lock_free, the atomic_flag functions, the fences (LIBATOMIC_1.2) and
   __atomic_feraiseexcept (LIBATOMIC_1.1). */
#include <fenv.h>
#include <float.h>

#include "paratomic.h"

/* The three cases of the seed: a real address, a fake one that only
   carries the alignment, or NULL for "aligned to its size". */
PAT_EXPORT bool pat_is_lock_free(size_t n, void *obj) PAT_AS("__atomic_is_lock_free");
bool pat_is_lock_free(size_t n, void *obj)
{
  return pat_hardware(n, obj ? obj : (void *)(uintptr_t)(n ? n : 1));
}

PAT_EXPORT bool pat_flag_test_and_set_explicit(volatile void *f, int mo) PAT_AS("atomic_flag_test_and_set_explicit");
bool pat_flag_test_and_set_explicit(volatile void *f, int mo)
{
  (void)mo;
  return __atomic_exchange_n((volatile unsigned char *)f, 1, __ATOMIC_SEQ_CST) != 0;
}

PAT_EXPORT bool pat_flag_test_and_set(volatile void *f) PAT_AS("atomic_flag_test_and_set");
bool pat_flag_test_and_set(volatile void *f)
{
  return pat_flag_test_and_set_explicit(f, __ATOMIC_SEQ_CST);
}

PAT_EXPORT void pat_flag_clear_explicit(volatile void *f, int mo) PAT_AS("atomic_flag_clear_explicit");
void pat_flag_clear_explicit(volatile void *f, int mo)
{
  if (PAT_MO(mo) == __ATOMIC_SEQ_CST)
    __atomic_store_n((volatile unsigned char *)f, 0, __ATOMIC_SEQ_CST);
  else
    __atomic_store_n((volatile unsigned char *)f, 0, __ATOMIC_RELEASE);
}

PAT_EXPORT void pat_flag_clear(volatile void *f) PAT_AS("atomic_flag_clear");
void pat_flag_clear(volatile void *f)
{
  pat_flag_clear_explicit(f, __ATOMIC_SEQ_CST);
}

PAT_EXPORT void pat_thread_fence(int mo) PAT_AS("atomic_thread_fence");
void pat_thread_fence(int mo)
{
  if (PAT_MO(mo) == __ATOMIC_SEQ_CST)
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
  else if (PAT_MO(mo) != __ATOMIC_RELAXED)
    __atomic_thread_fence(__ATOMIC_ACQ_REL);
}

PAT_EXPORT void pat_signal_fence(int mo) PAT_AS("atomic_signal_fence");
void pat_signal_fence(int mo)
{
  if (PAT_MO(mo) != __ATOMIC_RELAXED)
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
}

/* Raised by doing arithmetic that raises them, so that enabled traps
   fire where they would for the program's own operation. */
PAT_EXPORT void pat_feraiseexcept(int excepts) PAT_AS("__atomic_feraiseexcept");
void pat_feraiseexcept(int excepts)
{
  volatile float zero = 0.0f, one = 1.0f, max = FLT_MAX, min = FLT_MIN, three = 3.0f, r;
  if (excepts & FE_INVALID)
    r = zero / zero;
  if (excepts & FE_DIVBYZERO)
    r = one / zero;
  if (excepts & FE_OVERFLOW)
    r = max * max;
  if (excepts & FE_UNDERFLOW)
    r = min / three;
  if (excepts & FE_INEXACT)
    r = one / three;
  (void)r;
}
