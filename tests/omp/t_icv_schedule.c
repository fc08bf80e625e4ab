/* run-sched-var: omp_set_schedule / omp_get_schedule round-trip for every
   kind, chunk < 1 selects the default (1 for dynamic/guided), the
   monotonic modifier is kept, and the ICV is per task.  */
#define TEST "t_icv_schedule"
#include "omp_test.h"

static void
expect(omp_sched_t set_k, int set_c, omp_sched_t want_k, int want_c)
{
  omp_set_schedule(set_k, set_c);
  omp_sched_t k;
  int c;
  omp_get_schedule(&k, &c);
  if (k != want_k)
    fail("omp_set_schedule(%#x,%d): kind %#x, expected %#x", (unsigned) set_k,
         set_c, (unsigned) k, (unsigned) want_k);
  if (want_c >= 0 && c != want_c)
    fail("omp_set_schedule(%#x,%d): chunk %d, expected %d", (unsigned) set_k,
         set_c, c, want_c);
}

int
main(void)
{
  expect(omp_sched_static, 5, omp_sched_static, 5);
  expect(omp_sched_static, 1, omp_sched_static, 1);
  expect(omp_sched_dynamic, 7, omp_sched_dynamic, 7);
  expect(omp_sched_dynamic, 0, omp_sched_dynamic, 1);
  expect(omp_sched_dynamic, -3, omp_sched_dynamic, 1);
  expect(omp_sched_guided, 2, omp_sched_guided, 2);
  expect(omp_sched_guided, 0, omp_sched_guided, 1);
  expect(omp_sched_auto, 9, omp_sched_auto, -1);
  expect((omp_sched_t) (omp_sched_dynamic | omp_sched_monotonic), 4,
         (omp_sched_t) (omp_sched_dynamic | omp_sched_monotonic), 4);
  expect((omp_sched_t) (omp_sched_guided | omp_sched_monotonic), 3,
         (omp_sched_t) (omp_sched_guided | omp_sched_monotonic), 3);

  /* Per task: each thread sets its own chunk and reads it back.  */
  omp_set_schedule(omp_sched_dynamic, 100);
  int bad = 0, inherit_bad = 0;
#pragma omp parallel
  {
    omp_sched_t k;
    int c;
    omp_get_schedule(&k, &c);
    if (k != omp_sched_dynamic || c != 100)
#pragma omp atomic write
      inherit_bad = 1;
#pragma omp barrier
    int t = omp_get_thread_num();
    omp_set_schedule(omp_sched_guided, t + 1);
#pragma omp barrier
    omp_get_schedule(&k, &c);
    if (k != omp_sched_guided || c != t + 1)
#pragma omp atomic write
      bad = 1;
  }
  CHECK(!inherit_bad, "implicit tasks did not inherit run-sched-var");
  CHECK(!bad, "omp_set_schedule in one thread changed another thread's ICV");
  omp_sched_t k;
  int c;
  omp_get_schedule(&k, &c);
  CHECK(k == omp_sched_dynamic && c == 100,
        "schedule set inside a region leaked out: %#x,%d", (unsigned) k, c);
  return 0;
}
