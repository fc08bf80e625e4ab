/* Memory allocators: the allocate clause on private copies (GOMP_alloc /
   GOMP_free), omp_alloc/omp_calloc/omp_realloc/omp_aligned_alloc/omp_free
   with predefined allocators, and a custom allocator with an alignment
   trait that must be honoured.  */
#define TEST "t_allocate"
#include "omp_test.h"
#include <stdint.h>

int
main(void)
{
  int v = 3, bad = 0, n = 0;
  double arr[32];
  for (int k = 0; k < 32; k++)
    arr[k] = k;
  /* (GCC 12 keeps omp_default_mem_alloc copies on the stack; the default
     allocator and omp_low_lat_mem_alloc go through GOMP_alloc/GOMP_free.)  */
#pragma omp parallel firstprivate(v, arr) allocate(v)                        \
  allocate(omp_low_lat_mem_alloc : arr)
  {
#pragma omp single
    n = omp_get_num_threads();
    if (v != 3 || arr[31] != 31.0)
#pragma omp atomic write
      bad = 1;
    v += omp_get_thread_num();
    arr[0] = v;
#pragma omp barrier
    if (v != 3 + omp_get_thread_num() || arr[0] != v)
#pragma omp atomic write
      bad = 2;
  }
  CHECK(bad != 1, "allocate'd firstprivate copy not initialised");
  CHECK(bad != 2, "allocate'd private copies overlap between threads");
  CHECK(n >= 1, "team %d", n);

  int *p = omp_alloc(1000 * sizeof(int), omp_default_mem_alloc);
  CHECK(p != NULL, "omp_alloc(default) returned NULL");
  for (int k = 0; k < 1000; k++)
    p[k] = k;
  CHECK(p[999] == 999, "omp_alloc'd memory not usable");
  omp_free(p, omp_default_mem_alloc);

  int *z = omp_calloc(100, sizeof(int), omp_default_mem_alloc);
  CHECK(z != NULL, "omp_calloc returned NULL");
  for (int k = 0; k < 100; k++)
    CHECK(z[k] == 0, "omp_calloc memory not zeroed at %d", k);
  z[99] = 7;
  z = omp_realloc(z, 1000 * sizeof(int), omp_default_mem_alloc,
                  omp_default_mem_alloc);
  CHECK(z != NULL && z[99] == 7, "omp_realloc lost the contents");
  z[999] = 1;
  omp_free(z, omp_default_mem_alloc);
  void *al128 = omp_aligned_alloc(128, 1000, omp_default_mem_alloc);
  CHECK(al128 != NULL && ((uintptr_t) al128 & 127) == 0,
        "omp_aligned_alloc(128) gave %p", al128);
  omp_free(al128, omp_default_mem_alloc);

  omp_alloctrait_t traits[] = { { omp_atk_alignment, 256 } };
  omp_allocator_handle_t al
    = omp_init_allocator(omp_default_mem_space, 1, traits);
  CHECK(al != omp_null_allocator, "omp_init_allocator failed");
  int misaligned = 0;
#pragma omp parallel
  for (int k = 0; k < 50; k++)
    {
      char *q = omp_alloc(100 + k, al);
      if (q == NULL || ((uintptr_t) q & 255) != 0)
#pragma omp atomic write
        misaligned = 1;
      if (q)
        memset(q, k, 100 + k);
      omp_free(q, al);
    }
  CHECK(!misaligned, "allocator with alignment 256 returned a misaligned or "
        "NULL block");
  omp_destroy_allocator(al);
  return 0;
}
