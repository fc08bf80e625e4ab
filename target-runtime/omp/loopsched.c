/* Loop-schedule arithmetic (see sched.h). */
#include "config.h"

#include "loopsched.h"

uint64_t paromp_trip_count_l(long start, long end, long incr)
{
  if (incr > 0) {
    if (start >= end)
      return 0;
    /* unsigned differences cannot overflow, and n - 1 avoids rounding past 2^64 */
    uint64_t span = (uint64_t)end - (uint64_t)start;
    return (span - 1) / (uint64_t)incr + 1;
  }
  if (incr < 0) {
    if (start <= end)
      return 0;
    uint64_t span = (uint64_t)start - (uint64_t)end;
    return (span - 1) / (0 - (uint64_t)incr) + 1;
  }
  return 0;
}

uint64_t paromp_trip_count_ull(int up, unsigned long long start,
                               unsigned long long end, unsigned long long incr)
{
  if (up) {
    if (start >= end || incr == 0)
      return 0;
    return (end - start - 1) / incr + 1;
  }
  /* counting down, incr is a negative step in two's complement */
  if (start <= end || incr == 0)
    return 0;
  return (start - end - 1) / (0 - incr) + 1;
}

int paromp_static_block(uint64_t n, unsigned nthreads, unsigned tid,
                        uint64_t *lo, uint64_t *hi)
{
  if (nthreads == 0 || tid >= nthreads)
    return 0;
  uint64_t q = n / nthreads, r = n % nthreads;
  uint64_t start = tid * q + (tid < r ? tid : r);
  uint64_t size = q + (tid < r ? 1 : 0);
  if (size == 0)
    return 0;
  *lo = start;
  *hi = start + size;
  return 1;
}

int paromp_static_chunk(uint64_t n, unsigned nthreads, unsigned tid, uint64_t chunk,
                        uint64_t trip, uint64_t *lo, uint64_t *hi)
{
  if (nthreads == 0 || tid >= nthreads || chunk == 0)
    return 0;
  /* chunk index trip * nthreads + tid, computed without overflow */
  uint64_t nchunks = (n - 1) / chunk + 1;
  if (n == 0 || trip > (nchunks - 1) / nthreads)
    return 0;
  uint64_t idx = trip * nthreads + tid;
  if (idx >= nchunks)
    return 0;
  *lo = idx * chunk;
  *hi = n - *lo > chunk ? *lo + chunk : n;
  return 1;
}

uint64_t paromp_guided_size(uint64_t remaining, unsigned nthreads, uint64_t chunk)
{
  if (chunk == 0)
    chunk = 1;
  if (nthreads == 0)
    nthreads = 1;
  uint64_t q = remaining / nthreads + (remaining % nthreads != 0);
  if (q < chunk)
    q = chunk;
  return q < remaining ? q : remaining;
}

long paromp_iter_value_l(long start, long end, long incr, uint64_t n, uint64_t i)
{
  if (i >= n)
    return end;
  return (long)((uint64_t)start + i * (uint64_t)incr);
}

unsigned long long paromp_iter_value_ull(unsigned long long start, unsigned long long end,
                                         unsigned long long incr, uint64_t n, uint64_t i)
{
  if (i >= n)
    return end;
  return start + i * incr;
}
