/* Sleeping and waking across processes: futexes in the shared mapping, a
   spin budget that respects oversubscription, and what a blocked image
   records for debuggers. */
#define _GNU_SOURCE
#include <limits.h>
#include <linux/futex.h>
#include <sched.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "caf.h"

static unsigned long spin_budget = 2000;

void parcaf_wait_setup(int nimages)
{
  long cpus = sysconf(_SC_NPROCESSORS_ONLN);
  /* More images than processors: the image we wait for needs our CPU. */
  spin_budget = nimages > cpus ? 20 : 4000;
}

void parcaf_futex_wait(uint32_t *addr, uint32_t val, int timeout_ms)
{
  struct timespec ts = {timeout_ms / 1000, (long)(timeout_ms % 1000) * 1000000L};
  syscall(SYS_futex, addr, FUTEX_WAIT, val, timeout_ms > 0 ? &ts : NULL, NULL, 0);
}

void parcaf_futex_wake(uint32_t *addr, int n)
{
  syscall(SYS_futex, addr, FUTEX_WAKE, n, NULL, NULL, 0);
}

unsigned long parcaf_spin_budget(void)
{
  return spin_budget;
}

void parcaf_spin_pause(unsigned long i)
{
  if (spin_budget < 100 || (i & 255) == 255)
    sched_yield();
  else
    __builtin_ia32_pause();
}

/* Wait while *word == old: spin, then sleep (at most timeout_ms, so that a
   failure the waker cannot announce is still seen). */
void parcaf_wait_word(uint32_t *word, uint32_t old, uint32_t *sleepers, int timeout_ms)
{
  for (unsigned long i = 0; i < spin_budget; i++) {
    if (__atomic_load_n(word, __ATOMIC_ACQUIRE) != old)
      return;
    parcaf_spin_pause(i);
  }
  parcaf_sleep_word(word, old, sleepers, timeout_ms);
}

/* The same without spinning, for a caller that has spun already. */
void parcaf_sleep_word(uint32_t *word, uint32_t old, uint32_t *sleepers, int timeout_ms)
{
  __atomic_add_fetch(sleepers, 1, __ATOMIC_SEQ_CST);
  if (__atomic_load_n(word, __ATOMIC_SEQ_CST) == old)
    parcaf_futex_wait(word, old, timeout_ms);
  __atomic_sub_fetch(sleepers, 1, __ATOMIC_SEQ_CST);
}

/* Call after changing what a sleeper on word checks. */
void parcaf_bump_word(uint32_t *word, uint32_t *sleepers)
{
  __atomic_add_fetch(word, 1, __ATOMIC_SEQ_CST);
  if (__atomic_load_n(sleepers, __ATOMIC_SEQ_CST))
    parcaf_futex_wake(word, INT_MAX);
}

void parcaf_wake_image(int global)
{
  struct parcaf_image *im = parcaf_image(global);
  parcaf_bump_word(&im->wake, &im->sleeping);
}

/* After a failure or a stop: everyone re-checks what they wait for. */
void parcaf_wake_all_images(void)
{
  struct parcaf_shared *s = parcaf_shared;
  parcaf_bump_word(&s->failures, &s->failure_sleepers);
  for (uint32_t i = 1; i <= s->num_images; i++)
    parcaf_wake_image((int)i);
  for (int t = 0; t < PARCAF_MAX_TEAMS; t++) {
    struct parcaf_team *tm = parcaf_team(t);
    if (__atomic_load_n(&tm->refs, __ATOMIC_ACQUIRE) > 0)
      parcaf_bump_word(&tm->bar_word, &tm->bar_sleepers);
  }
}

/* The segment offset of obj, an object on image `image` (0: this one).
   This image's own objects are reached through its local view (an EVENT
   WAIT, a LOCK of its own element), others' through their segments; the
   offset is the same either way. */
static uint64_t object_offset(int image, const void *obj)
{
  if (!obj)
    return 0;
  const char *seg = parcaf_is_local_view(obj, 1) ? parcaf_local_view
                    : parcaf_segment_base(image ? image : parcaf_this_image);
  return (uint64_t)((const char *)obj - seg);
}

/* What else the wait needs (wait_count, wait_operation) is stored before
   this; publishing wait_kind last lets a reader trust the rest. */
void parcaf_wait_begin(int kind, int image, const void *obj)
{
  struct parcaf_image *me = parcaf_image(parcaf_this_image);
  me->wait_image = image;
  me->wait_offset = object_offset(image, obj);
  __atomic_store_n(&me->wait_kind, kind, __ATOMIC_RELEASE);
}

/* Wakes one other image whose wait is `kind` on obj (on image `image`).
   The search starts after this image, so that no waiter is always the
   last one found.  A waiter's record does not change while it waits, so
   one that sleeps is always found. */
bool parcaf_wake_one_waiter(int kind, int image, const void *obj)
{
  uint32_t n = parcaf_shared->num_images;
  uint64_t off = object_offset(image, obj);
  for (uint32_t k = 1; k < n; k++) {
    int j = (int)((((uint32_t)parcaf_this_image - 1) + k) % n) + 1;
    struct parcaf_image *im = parcaf_image(j);
    if (__atomic_load_n(&im->wait_kind, __ATOMIC_ACQUIRE) == kind && im->wait_image == image &&
        im->wait_offset == off) {
      parcaf_wake_image(j);
      return true;
    }
  }
  return false;
}

/* Whether every image but this one has stopped or failed: no other image
   can act any more. */
bool parcaf_others_gone(void)
{
  for (uint32_t i = 1; i <= parcaf_shared->num_images; i++)
    if ((int)i != parcaf_this_image && !parcaf_image_stat((int)i))
      return false;
  return true;
}

void parcaf_wait_end(void)
{
  struct parcaf_image *me = parcaf_image(parcaf_this_image);
  __atomic_store_n(&me->wait_kind, PARADBG_CAF_WAIT_NONE, __ATOMIC_RELEASE);
  me->wait_image = 0;
  me->wait_offset = 0;
  me->wait_count = 0;
  me->wait_operation = PARADBG_CAF_COLLECTIVE_NONE;
}

int parcaf_image_stat(int global)
{
  switch (__atomic_load_n(&parcaf_image(global)->status, __ATOMIC_ACQUIRE)) {
  case PARADBG_CAF_IMAGE_STOPPED:
    return GFC_STAT_STOPPED_IMAGE;
  case PARADBG_CAF_IMAGE_FAILED:
  case PARADBG_CAF_IMAGE_ERROR_STOPPED:
    return GFC_STAT_FAILED_IMAGE;
  }
  return 0;
}
