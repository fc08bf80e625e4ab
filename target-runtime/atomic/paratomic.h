/* libparatomic's internals: the lock table and the 16-byte primitives. */
#ifndef PARATOMIC_H
#define PARATOMIC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "paradbg/atomic-layout.h"

#define PAT_EXPORT __attribute__((visibility("default")))
/* The name a function is exported under: the C names of libatomic's
   functions are GCC built-ins, so ours are spelled differently in C. */
#define PAT_AS(name) __asm__(name)

#define PAT_NLOCKS 64
#define PAT_GRANULE 64   /* bytes of address space per lock */

/* One lock of the table; what a debugger reads is in atomic-layout.h. */
struct paratomic_lock {
  uint32_t state;          /* PARADBG_ATOMIC_LOCK_*: the futex word */
  uint32_t waiters;        /* threads sleeping or about to */
  int32_t owner;           /* LWP id of the holder, 0 when free */
  int32_t pad;
  uint64_t addr;           /* the object the holder works on */
  uint64_t size;           /* its size in bytes */
  uint64_t acquisitions;
} __attribute__((aligned(64)));

extern PAT_EXPORT struct paratomic_lock paratomic_locks[PAT_NLOCKS];

/* locks.c: take and release every lock that covers [p, p + n). */
void pat_lock_range(const void *p, size_t n);
void pat_unlock_range(const void *p, size_t n);

/* wide.c */
extern bool pat_have_cx16;
bool pat_cas16(unsigned __int128 *p, unsigned __int128 *expected, unsigned __int128 desired);

static inline bool pat_aligned(const void *p, size_t n)
{
  return ((uintptr_t)p & (n - 1)) == 0;
}

/* Sizes and places done with hardware instructions. */
static inline bool pat_hardware(size_t n, const void *p)
{
  switch (n) {
  case 1: case 2: case 4: case 8:
    return pat_aligned(p, n);
  case 16:
    return pat_have_cx16 && pat_aligned(p, 16);
  }
  return false;
}

#endif
