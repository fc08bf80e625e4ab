/* cancel sections / cancellation point sections.  Enabled: the code after
   the cancel never runs, no section runs twice, the thread continues after
   the construct, and a lone thread runs no section after the cancelling
   one.  Disabled: every section runs once.  */
#define TEST "t_cancel_sections"
#include "omp_test.h"

int
main(void)
{
  int on = omp_get_cancellation();
  for (int round = 0; round < 20; round++)
    {
      int s[6] = { 0 }, when[6] = { 0 }, clock_ = 0;
      int after = 0, post = 0, n = 0;
#pragma omp parallel
      {
#pragma omp single
        n = omp_get_num_threads();
#pragma omp sections
        {
#pragma omp section
          {
            when[0] = __atomic_add_fetch(&clock_, 1, __ATOMIC_SEQ_CST);
            __atomic_add_fetch(&s[0], 1, __ATOMIC_RELAXED);
#pragma omp cancel sections
            __atomic_store_n(&after, 1, __ATOMIC_RELAXED);
          }
#pragma omp section
          {
#pragma omp cancellation point sections
            when[1] = __atomic_add_fetch(&clock_, 1, __ATOMIC_SEQ_CST);
            __atomic_add_fetch(&s[1], 1, __ATOMIC_RELAXED);
          }
#pragma omp section
          {
#pragma omp cancellation point sections
            when[2] = __atomic_add_fetch(&clock_, 1, __ATOMIC_SEQ_CST);
            __atomic_add_fetch(&s[2], 1, __ATOMIC_RELAXED);
          }
#pragma omp section
          {
#pragma omp cancellation point sections
            when[3] = __atomic_add_fetch(&clock_, 1, __ATOMIC_SEQ_CST);
            __atomic_add_fetch(&s[3], 1, __ATOMIC_RELAXED);
          }
#pragma omp section
          {
#pragma omp cancellation point sections
            when[4] = __atomic_add_fetch(&clock_, 1, __ATOMIC_SEQ_CST);
            __atomic_add_fetch(&s[4], 1, __ATOMIC_RELAXED);
          }
#pragma omp section
          {
#pragma omp cancellation point sections
            when[5] = __atomic_add_fetch(&clock_, 1, __ATOMIC_SEQ_CST);
            __atomic_add_fetch(&s[5], 1, __ATOMIC_RELAXED);
          }
        }
#pragma omp atomic
        post++;
      }
      for (int k = 0; k < 6; k++)
        CHECK(s[k] <= 1, "round %d: section %d ran %d times", round, k, s[k]);
      CHECK(post == n, "round %d: %d of %d threads continued after sections",
            round, post, n);
      CHECK(s[0] == 1, "round %d: the cancelling section did not run", round);
      if (on)
        {
          CHECK(after == 0, "round %d: code after cancel sections ran", round);
          /* With one thread, nothing runs after the cancelling section
             (the order in which sections are handed out is unspecified,
             so only sections started later are checked).  */
          if (n == 1)
            for (int k = 1; k < 6; k++)
              CHECK(s[k] == 0 || when[k] < when[0],
                    "round %d: one thread, cancelled in section 1, then "
                    "still ran section %d",
                    round, k + 1);
        }
      else
        {
          CHECK(after == 1, "cancellation off but cancel skipped code");
          for (int k = 0; k < 6; k++)
            CHECK(s[k] == 1, "cancellation off: section %d ran %d times", k,
                  s[k]);
        }
    }
  return 0;
}
