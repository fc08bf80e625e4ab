/* Unit tests of libparomp's OMP_* parsers: what they accept, what they
   reject, and that a rejected value leaves the output untouched. */
#include <check.h>
#include <stdlib.h>

#include "env.h"
#include "icv.h"

START_TEST(booleans)
{
  int v = 7;
  ck_assert_int_eq(paromp_parse_bool("true", &v), 0);
  ck_assert_int_eq(v, 1);
  ck_assert_int_eq(paromp_parse_bool("  FALSE ", &v), 0);
  ck_assert_int_eq(v, 0);
  v = 7;
  ck_assert_int_eq(paromp_parse_bool("yes", &v), -1);
  ck_assert_int_eq(paromp_parse_bool("", &v), -1);
  ck_assert_int_eq(paromp_parse_bool("truex", &v), -1);
  ck_assert_int_eq(v, 7);
}
END_TEST

START_TEST(numbers)
{
  unsigned long v = 5;
  ck_assert_int_eq(paromp_parse_ulong(" 42 ", 1, 100, &v), 0);
  ck_assert_uint_eq(v, 42);
  v = 5;
  ck_assert_int_eq(paromp_parse_ulong("0", 1, 100, &v), -1);
  ck_assert_int_eq(paromp_parse_ulong("101", 1, 100, &v), -1);
  ck_assert_int_eq(paromp_parse_ulong("-3", 0, 100, &v), -1);
  ck_assert_int_eq(paromp_parse_ulong("4x", 0, 100, &v), -1);
  ck_assert_int_eq(paromp_parse_ulong("", 0, 100, &v), -1);
  ck_assert_int_eq(paromp_parse_ulong("99999999999999999999999", 0, ~0ul, &v), -1);
  ck_assert_uint_eq(v, 5);
}
END_TEST

START_TEST(thread_lists)
{
  unsigned out[PAROMP_LIST_MAX] = { 9 }, len = 9;
  ck_assert_int_eq(paromp_parse_uint_list("4", out, PAROMP_LIST_MAX, &len), 0);
  ck_assert_uint_eq(len, 1);
  ck_assert_uint_eq(out[0], 4);
  ck_assert_int_eq(paromp_parse_uint_list("3, 2 ,1", out, PAROMP_LIST_MAX, &len), 0);
  ck_assert_uint_eq(len, 3);
  ck_assert_uint_eq(out[0], 3);
  ck_assert_uint_eq(out[1], 2);
  ck_assert_uint_eq(out[2], 1);
  len = 9;
  out[0] = 9;
  ck_assert_int_eq(paromp_parse_uint_list("abc", out, PAROMP_LIST_MAX, &len), -1);
  ck_assert_int_eq(paromp_parse_uint_list("3,", out, PAROMP_LIST_MAX, &len), -1);
  ck_assert_int_eq(paromp_parse_uint_list("3,,2", out, PAROMP_LIST_MAX, &len), -1);
  ck_assert_int_eq(paromp_parse_uint_list("0", out, PAROMP_LIST_MAX, &len), -1);
  ck_assert_int_eq(paromp_parse_uint_list("1,2,3", out, 2, &len), -1);
  ck_assert_uint_eq(len, 9);
  ck_assert_uint_eq(out[0], 9);
}
END_TEST

START_TEST(schedules)
{
  int kind = -1, chunk = -1;
  ck_assert_int_eq(paromp_parse_schedule("dynamic,3", &kind, &chunk), 0);
  ck_assert_int_eq(kind, PAROMP_SCHED_DYNAMIC);
  ck_assert_int_eq(chunk, 3);
  ck_assert_int_eq(paromp_parse_schedule(" Guided ", &kind, &chunk), 0);
  ck_assert_int_eq(kind, PAROMP_SCHED_GUIDED);
  ck_assert_int_eq(chunk, 0);
  ck_assert_int_eq(paromp_parse_schedule("monotonic:static,5", &kind, &chunk), 0);
  ck_assert_int_eq(kind, PAROMP_SCHED_STATIC | (int)PAROMP_SCHED_MONOTONIC);
  ck_assert_int_eq(chunk, 5);
  ck_assert_int_eq(paromp_parse_schedule("nonmonotonic:dynamic", &kind, &chunk), 0);
  ck_assert_int_eq(kind, PAROMP_SCHED_DYNAMIC);
  ck_assert_int_eq(paromp_parse_schedule("auto", &kind, &chunk), 0);
  ck_assert_int_eq(kind, PAROMP_SCHED_AUTO);
  kind = chunk = -1;
  ck_assert_int_eq(paromp_parse_schedule("nonmonotonic:static", &kind, &chunk), -1);
  ck_assert_int_eq(paromp_parse_schedule("dynamic,0", &kind, &chunk), -1);
  ck_assert_int_eq(paromp_parse_schedule("dynamic,", &kind, &chunk), -1);
  ck_assert_int_eq(paromp_parse_schedule("fast", &kind, &chunk), -1);
  ck_assert_int_eq(paromp_parse_schedule("sometimes:dynamic", &kind, &chunk), -1);
  ck_assert_int_eq(kind, -1);
  ck_assert_int_eq(chunk, -1);
}
END_TEST

START_TEST(stack_sizes)
{
  size_t v = 1;
  ck_assert_int_eq(paromp_parse_stacksize("512", &v), 0);
  ck_assert_uint_eq(v, 512u * 1024);
  ck_assert_int_eq(paromp_parse_stacksize("2M", &v), 0);
  ck_assert_uint_eq(v, 2u << 20);
  ck_assert_int_eq(paromp_parse_stacksize("100 b", &v), 0);
  ck_assert_uint_eq(v, 100);
  ck_assert_int_eq(paromp_parse_stacksize("1g", &v), 0);
  ck_assert_uint_eq(v, 1u << 30);
  v = 1;
  ck_assert_int_eq(paromp_parse_stacksize("0", &v), -1);
  ck_assert_int_eq(paromp_parse_stacksize("12Q", &v), -1);
  ck_assert_int_eq(paromp_parse_stacksize("M", &v), -1);
  ck_assert_int_eq(paromp_parse_stacksize("99999999999999999999G", &v), -1);
  ck_assert_uint_eq(v, 1);
}
END_TEST

START_TEST(proc_bind_lists)
{
  int out[PAROMP_LIST_MAX];
  unsigned len = 0;
  ck_assert_int_eq(paromp_parse_proc_bind("spread,close", out, PAROMP_LIST_MAX, &len), 0);
  ck_assert_uint_eq(len, 2);
  ck_assert_int_eq(out[0], PAROMP_BIND_SPREAD);
  ck_assert_int_eq(out[1], PAROMP_BIND_CLOSE);
  ck_assert_int_eq(paromp_parse_proc_bind("master", out, PAROMP_LIST_MAX, &len), 0);
  ck_assert_int_eq(out[0], PAROMP_BIND_PRIMARY);
  ck_assert_int_eq(paromp_parse_proc_bind("TRUE", out, PAROMP_LIST_MAX, &len), 0);
  ck_assert_int_eq(out[0], PAROMP_BIND_TRUE);
  len = 9;
  ck_assert_int_eq(paromp_parse_proc_bind("true,close", out, PAROMP_LIST_MAX, &len), -1);
  ck_assert_int_eq(paromp_parse_proc_bind("close,", out, PAROMP_LIST_MAX, &len), -1);
  ck_assert_int_eq(paromp_parse_proc_bind("near", out, PAROMP_LIST_MAX, &len), -1);
  ck_assert_uint_eq(len, 9);
}
END_TEST

START_TEST(wait_policies)
{
  int v = -1;
  ck_assert_int_eq(paromp_parse_wait_policy("ACTIVE", &v), 0);
  ck_assert_int_eq(v, PAROMP_WAIT_ACTIVE);
  ck_assert_int_eq(paromp_parse_wait_policy("passive", &v), 0);
  ck_assert_int_eq(v, PAROMP_WAIT_PASSIVE);
  v = -1;
  ck_assert_int_eq(paromp_parse_wait_policy("busy", &v), -1);
  ck_assert_int_eq(v, -1);
}
END_TEST

int main(void)
{
  Suite *s = suite_create("env");
  TCase *tc = tcase_create("parsers");
  tcase_add_test(tc, booleans);
  tcase_add_test(tc, numbers);
  tcase_add_test(tc, thread_lists);
  tcase_add_test(tc, schedules);
  tcase_add_test(tc, stack_sizes);
  tcase_add_test(tc, proc_bind_lists);
  tcase_add_test(tc, wait_policies);
  suite_add_tcase(s, tc);
  SRunner *sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
