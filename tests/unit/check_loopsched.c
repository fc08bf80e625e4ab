/* Unit tests of libparomp's loop arithmetic: trip counts, static blocks and
   chunks, guided sizes, and iteration values, checked against brute force. */
#include <check.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>

#include "loopsched.h"

/* Counts the iterations of the C loop itself. */
static uint64_t brute_trip_l(long start, long end, long incr)
{
  uint64_t n = 0;
  if (incr > 0)
    for (long i = start; i < end; i += incr)
      n++;
  else
    for (long i = start; i > end; i += incr)
      n++;
  return n;
}

START_TEST(trip_count_small_ranges)
{
  for (long s = -20; s <= 20; s++)
    for (long e = -20; e <= 20; e++)
      for (long inc = -7; inc <= 7; inc++) {
        if (inc == 0)
          continue;
        ck_assert_uint_eq(paromp_trip_count_l(s, e, inc), brute_trip_l(s, e, inc));
      }
}
END_TEST

START_TEST(trip_count_extremes)
{
  /* every long from LONG_MIN to LONG_MAX-1 is 2^64-1 iterations */
  ck_assert_uint_eq(paromp_trip_count_l(LONG_MIN, LONG_MAX, 1), UINT64_MAX);
  ck_assert_uint_eq(paromp_trip_count_l(LONG_MAX, LONG_MIN, -1), UINT64_MAX);
  ck_assert_uint_eq(paromp_trip_count_l(0, LONG_MAX, LONG_MAX), 1);
  ck_assert_uint_eq(paromp_trip_count_l(LONG_MAX - 10, LONG_MAX, 7), 2);
  ck_assert_uint_eq(paromp_trip_count_l(LONG_MIN, 0, LONG_MIN), 0);
  ck_assert_uint_eq(paromp_trip_count_l(0, LONG_MIN, LONG_MIN), 1);
  ck_assert_uint_eq(paromp_trip_count_l(5, 5, 1), 0);
  ck_assert_uint_eq(paromp_trip_count_l(5, 4, 1), 0);
}
END_TEST

START_TEST(trip_count_unsigned)
{
  ck_assert_uint_eq(paromp_trip_count_ull(1, 0, ULLONG_MAX, 1), ULLONG_MAX);
  ck_assert_uint_eq(paromp_trip_count_ull(1, 10, 3, 1), 0);
  ck_assert_uint_eq(paromp_trip_count_ull(1, 0, 10, 3), 4);
  /* counting down by 3 from 10 to above 0: 10 7 4 1 */
  ck_assert_uint_eq(paromp_trip_count_ull(0, 10, 0, (unsigned long long)-3), 4);
  ck_assert_uint_eq(paromp_trip_count_ull(0, ULLONG_MAX, 0, (unsigned long long)-1), ULLONG_MAX);
  ck_assert_uint_eq(paromp_trip_count_ull(0, 3, 3, (unsigned long long)-1), 0);
}
END_TEST

/* schedule(static): each thread gets one contiguous block, blocks cover
   0..n-1 in thread order, and sizes differ by at most one, larger first. */
START_TEST(static_block_partition)
{
  for (uint64_t n = 0; n < 70; n++)
    for (unsigned nth = 1; nth <= 17; nth++) {
      uint64_t expect_lo = 0, prev_size = UINT64_MAX;
      for (unsigned t = 0; t < nth; t++) {
        uint64_t lo = 99, hi = 99;
        int got = paromp_static_block(n, nth, t, &lo, &hi);
        uint64_t size = got ? hi - lo : 0;
        if (got) {
          ck_assert_uint_eq(lo, expect_lo);
          ck_assert_uint_gt(hi, lo);
        }
        ck_assert(size <= prev_size);
        ck_assert(size == n / nth || size == n / nth + 1);
        expect_lo += size;
        prev_size = size;
      }
      ck_assert_uint_eq(expect_lo, n);
    }
}
END_TEST

/* schedule(static, c): chunk k (0-based, of size c, the last possibly short)
   goes to thread k % nthreads, as the OpenMP specification says. */
START_TEST(static_chunk_round_robin)
{
  for (uint64_t n = 0; n < 60; n++)
    for (unsigned nth = 1; nth <= 6; nth++)
      for (uint64_t c = 1; c <= 7; c++) {
        unsigned char *seen = calloc(n + 1, 1);
        for (unsigned t = 0; t < nth; t++) {
          uint64_t lo, hi;
          for (uint64_t trip = 0; paromp_static_chunk(n, nth, t, c, trip, &lo, &hi); trip++) {
            ck_assert_uint_eq(lo % c, 0);
            ck_assert_uint_eq((lo / c) % nth, t);
            ck_assert_uint_eq(lo / c, trip * nth + t);
            ck_assert(hi - lo == c || hi == n);
            for (uint64_t i = lo; i < hi; i++) {
              ck_assert_uint_eq(seen[i], 0);
              seen[i] = 1;
            }
          }
        }
        for (uint64_t i = 0; i < n; i++)
          ck_assert_uint_eq(seen[i], 1);
        free(seen);
      }
}
END_TEST

START_TEST(static_chunk_huge_space)
{
  uint64_t lo, hi;
  /* the last chunk of a 2^64-1 iteration space, and nothing after it */
  uint64_t n = UINT64_MAX, c = UINT64_MAX / 2 + 1;
  ck_assert(paromp_static_chunk(n, 2, 1, c, 0, &lo, &hi));
  ck_assert_uint_eq(lo, c);
  ck_assert_uint_eq(hi, n);
  ck_assert(!paromp_static_chunk(n, 2, 0, c, 1, &lo, &hi));
}
END_TEST

START_TEST(guided_sizes)
{
  /* ceil(remaining / nthreads), never below the chunk, never above remaining */
  ck_assert_uint_eq(paromp_guided_size(100, 4, 1), 25);
  ck_assert_uint_eq(paromp_guided_size(101, 4, 1), 26);
  ck_assert_uint_eq(paromp_guided_size(10, 4, 5), 5);
  ck_assert_uint_eq(paromp_guided_size(3, 4, 5), 3);
  ck_assert_uint_eq(paromp_guided_size(1, 16, 1), 1);
  /* a guided schedule covers everything and shrinks */
  uint64_t rem = 1000, prev = UINT64_MAX, steps = 0;
  while (rem > 0) {
    uint64_t s = paromp_guided_size(rem, 3, 2);
    ck_assert_uint_gt(s, 0);
    ck_assert(s <= prev);
    prev = s;
    rem -= s;
    steps++;
  }
  ck_assert_uint_lt(steps, 1000);
}
END_TEST

START_TEST(iteration_values)
{
  /* the value past the last iteration is end, so it cannot overflow */
  ck_assert_int_eq(paromp_iter_value_l(0, LONG_MAX, 2, paromp_trip_count_l(0, LONG_MAX, 2),
                                       paromp_trip_count_l(0, LONG_MAX, 2)), LONG_MAX);
  ck_assert_int_eq(paromp_iter_value_l(10, -10, -3, 7, 3), 1);
  ck_assert_int_eq(paromp_iter_value_l(LONG_MIN, LONG_MAX, 1, UINT64_MAX, UINT64_MAX - 1),
                   LONG_MAX - 1);
  ck_assert_uint_eq(paromp_iter_value_ull(10, 0, (unsigned long long)-3, 4, 3), 1);
  ck_assert_uint_eq(paromp_iter_value_ull(10, 0, (unsigned long long)-3, 4, 4), 0);
}
END_TEST

int main(void)
{
  Suite *s = suite_create("loopsched");
  TCase *tc = tcase_create("arithmetic");
  tcase_add_test(tc, trip_count_small_ranges);
  tcase_add_test(tc, trip_count_extremes);
  tcase_add_test(tc, trip_count_unsigned);
  tcase_add_test(tc, static_block_partition);
  tcase_add_test(tc, static_chunk_round_robin);
  tcase_add_test(tc, static_chunk_huge_space);
  tcase_add_test(tc, guided_sizes);
  tcase_add_test(tc, iteration_values);
  suite_add_tcase(s, tc);
  SRunner *sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
