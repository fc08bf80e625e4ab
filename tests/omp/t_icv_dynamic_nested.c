/* dyn-var and the deprecated nested API: omp_set_dynamic/omp_get_dynamic
   round-trip, a dynamic team never exceeds the request; omp_set_nested
   maps onto max-active-levels as OpenMP 5.0 specifies.  */
#define TEST "t_icv_dynamic_nested"
#include "omp_test.h"

#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

int
main(void)
{
  omp_set_dynamic(1);
  int d1 = omp_get_dynamic();
  /* An implementation may not support dynamic adjustment (then it stays 0). */
  CHECK(d1 == 0 || d1 == 1, "omp_get_dynamic() = %d", d1);
  int size = 0, cnt = 0;
#pragma omp parallel num_threads(5)
  {
#pragma omp atomic
    cnt++;
    if (omp_get_thread_num() == 0)
      size = omp_get_num_threads();
    if (omp_get_dynamic() != d1)
      fail("dyn-var not inherited by implicit tasks");
  }
  CHECK(size >= 1 && size <= 5 && cnt == size,
        "dynamic team of %d (%d ran) for num_threads(5)", size, cnt);
  omp_set_dynamic(0);
  CHECK(omp_get_dynamic() == 0, "omp_set_dynamic(0) then get gave %d",
        omp_get_dynamic());
#pragma omp parallel num_threads(5)
  if (omp_get_thread_num() == 0)
    size = omp_get_num_threads();
  CHECK(size == 5, "dyn-var false: num_threads(5) gave %d", size);

  omp_set_nested(1);
  CHECK(omp_get_nested() == 1, "omp_set_nested(1) then get gave %d",
        omp_get_nested());
  CHECK(omp_get_max_active_levels() > 1,
        "omp_set_nested(1) left max-active-levels at %d",
        omp_get_max_active_levels());
  int inner = 0;
#pragma omp parallel num_threads(2)
#pragma omp parallel num_threads(2)
#pragma omp atomic
  inner++;
  CHECK(inner == 4, "nested enabled: %d innermost threads, expected 4", inner);

  omp_set_nested(0);
  CHECK(omp_get_nested() == 0, "omp_set_nested(0) then get gave %d",
        omp_get_nested());
  CHECK(omp_get_max_active_levels() == 1,
        "omp_set_nested(0): max-active-levels %d != 1",
        omp_get_max_active_levels());
  inner = 0;
#pragma omp parallel num_threads(2)
#pragma omp parallel num_threads(2)
#pragma omp atomic
  inner++;
  CHECK(inner == 2, "nested disabled: %d innermost threads, expected 2",
        inner);

  omp_set_max_active_levels(3);
  CHECK(omp_get_nested() == 1, "max-active-levels 3 but omp_get_nested() 0");
  return 0;
}
