/* nthreads-var: omp_set_num_threads / omp_get_max_threads, the value is
   used by the next region, inherited by implicit tasks, and a change made
   inside a region only affects the calling task's data environment.  */
#define TEST "t_icv_num_threads"
#include "omp_test.h"

int
main(void)
{
  int dyn = omp_get_dynamic();
  int orig = omp_get_max_threads();
  CHECK(orig >= 1, "omp_get_max_threads() %d", orig);

  for (int k = 1; k <= 6; k++)
    {
      omp_set_num_threads(k);
      CHECK(omp_get_max_threads() == k, "after omp_set_num_threads(%d) max "
            "threads %d",
            k, omp_get_max_threads());
      int size = 0, inherited_bad = 0;
#pragma omp parallel
      {
        if (omp_get_max_threads() != k)
#pragma omp atomic write
          inherited_bad = 1;
        if (omp_get_thread_num() == 0)
          size = omp_get_num_threads();
      }
      CHECK(!inherited_bad, "implicit tasks did not inherit nthreads-var %d",
            k);
      if (!dyn)
        CHECK(size == k, "region after omp_set_num_threads(%d) had %d threads",
              k, size);
    }

  /* Setting inside a region is per task and does not leak out.  */
  omp_set_num_threads(4);
  int own_bad = 0;
#pragma omp parallel
  {
    int t = omp_get_thread_num();
    omp_set_num_threads(t + 2);
#pragma omp barrier
    if (omp_get_max_threads() != t + 2)
#pragma omp atomic write
      own_bad = 1;
  }
  CHECK(!own_bad, "omp_set_num_threads in one thread changed another's ICV");
  CHECK(omp_get_max_threads() == 4,
        "omp_set_num_threads inside a region leaked out: %d",
        omp_get_max_threads());

  /* A nested region uses the value set by its encountering thread.  */
  omp_set_max_active_levels(2);
  int inner_bad = 0;
  if (omp_get_max_active_levels() >= 2 && !dyn)
    {
#pragma omp parallel num_threads(2)
      {
        int want = omp_get_thread_num() + 2;
        omp_set_num_threads(want);
#pragma omp parallel
        {
          if (omp_get_num_threads() != want)
#pragma omp atomic write
            inner_bad = want;
        }
      }
      CHECK(!inner_bad, "nested region did not use its thread's nthreads-var "
            "(%d)",
            inner_bad);
    }
  /* num_threads clause overrides but does not change the ICV.  */
  int clause_size = 0;
#pragma omp parallel num_threads(3)
  if (omp_get_thread_num() == 0)
    clause_size = omp_get_num_threads();
  if (!dyn)
    CHECK(clause_size == 3, "num_threads(3) gave %d", clause_size);
  CHECK(omp_get_max_threads() == 4, "num_threads clause changed the ICV to %d",
        omp_get_max_threads());
  return 0;
}
