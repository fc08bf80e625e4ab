/* Loop-schedule arithmetic on logical iteration numbers 0..n-1: pure
   functions, so unit tests can check them without threads. */
#ifndef PAROMP_LOOPSCHED_H
#define PAROMP_LOOPSCHED_H

#include <stdint.h>

/* Iterations of for (i = start; i < end (or > for a negative incr); i += incr). */
uint64_t paromp_trip_count_l(long start, long end, long incr);
/* The same for unsigned long long loops; up says which way they count. */
uint64_t paromp_trip_count_ull(int up, unsigned long long start,
                               unsigned long long end, unsigned long long incr);

/* schedule(static) without a chunk: thread tid's one contiguous block.
   Returns 0 when the thread has no iterations. */
int paromp_static_block(uint64_t n, unsigned nthreads, unsigned tid,
                        uint64_t *lo, uint64_t *hi);

/* schedule(static, chunk): the trip-th chunk (0, 1, ...) of thread tid.
   Returns 0 when there is none. */
int paromp_static_chunk(uint64_t n, unsigned nthreads, unsigned tid, uint64_t chunk,
                        uint64_t trip, uint64_t *lo, uint64_t *hi);

/* schedule(guided, chunk): how many iterations the next grab takes when
   remaining are left. */
uint64_t paromp_guided_size(uint64_t remaining, unsigned nthreads, uint64_t chunk);

/* The loop variable's value at logical iteration i; the value past the last
   iteration is end itself, so it never overflows the loop's type. */
long paromp_iter_value_l(long start, long end, long incr, uint64_t n, uint64_t i);
unsigned long long paromp_iter_value_ull(unsigned long long start, unsigned long long end,
                                         unsigned long long incr, uint64_t n, uint64_t i);

#endif
