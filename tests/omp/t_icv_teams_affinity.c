/* The remaining ICV routines of OpenMP 5.x: nteams-var and
   teams-thread-limit-var (omp_set/get_num_teams/max_teams and
   omp_set/get_teams_thread_limit), def-allocator-var
   (omp_set/get_default_allocator, inherited by implicit tasks),
   affinity-format-var (omp_set/get_affinity_format, omp_capture_affinity
   expanding %n/%N/%L), and omp_pause_resource_all followed by normal
   parallel regions.  */
#define TEST "t_icv_teams_affinity"
#include "omp_test.h"

int
main(void)
{
  CHECK(omp_get_max_teams() >= 0, "omp_get_max_teams() %d",
        omp_get_max_teams());
  omp_set_num_teams(5);
  CHECK(omp_get_max_teams() == 5, "omp_set_num_teams(5) then "
        "omp_get_max_teams() %d",
        omp_get_max_teams());
  omp_set_teams_thread_limit(3);
  CHECK(omp_get_teams_thread_limit() == 3,
        "omp_set_teams_thread_limit(3) then get %d",
        omp_get_teams_thread_limit());

  omp_allocator_handle_t def = omp_get_default_allocator();
  CHECK(def != omp_null_allocator, "default allocator is omp_null_allocator");
  omp_set_default_allocator(omp_low_lat_mem_alloc);
  CHECK(omp_get_default_allocator() == omp_low_lat_mem_alloc,
        "omp_set_default_allocator did not stick");
  int inherit_bad = 0;
#pragma omp parallel
  if (omp_get_default_allocator() != omp_low_lat_mem_alloc)
#pragma omp atomic write
    inherit_bad = 1;
  CHECK(!inherit_bad, "def-allocator-var not inherited by implicit tasks");
  void *p = omp_alloc(64, omp_null_allocator); /* uses the default */
  CHECK(p != NULL, "omp_alloc with the default allocator failed");
  omp_free(p, omp_null_allocator);
  omp_set_default_allocator(def);

  /* Affinity format.  */
  char buf[256];
  size_t len = omp_get_affinity_format(buf, sizeof buf);
  CHECK(len == strlen(buf), "omp_get_affinity_format length %zu for '%s'",
        len, buf);
  omp_set_affinity_format("T%n/%N L%L");
  len = omp_get_affinity_format(buf, sizeof buf);
  CHECK(len == 10 && strcmp(buf, "T%n/%N L%L") == 0,
        "affinity format reads back as '%s' (%zu)", buf, len);
  int bad = 0, n = 0;
#pragma omp parallel num_threads(3)
  {
    char b[64], want[64];
    size_t k = omp_capture_affinity(b, sizeof b, NULL);
    snprintf(want, sizeof want, "T%d/%d L%d", omp_get_thread_num(),
             omp_get_num_threads(), omp_get_level());
    if (k != strlen(want) || strcmp(b, want) != 0)
#pragma omp atomic write
      bad = 1;
    if (omp_get_thread_num() == 0)
      n = omp_get_num_threads();
  }
  CHECK(!bad, "omp_capture_affinity did not expand %%n/%%N/%%L correctly");
  CHECK(n >= 1, "team %d", n);
  /* Truncation: returns the full length, writes a terminated prefix.  */
  char small[4];
  size_t need = omp_capture_affinity(small, sizeof small, "%n-abcdef");
  CHECK(need == 8 && strlen(small) == 3 && small[0] == '0',
        "omp_capture_affinity truncation: returned %zu, wrote '%s'", need,
        small);

  /* Pausing resources must not break later regions.  */
  int r = omp_pause_resource_all(omp_pause_soft);
  (void) r; /* success or failure are both allowed */
  int cnt = 0, size = 0;
#pragma omp parallel num_threads(3)
  {
#pragma omp atomic
    cnt++;
#pragma omp barrier
    if (omp_get_thread_num() == 0)
      size = omp_get_num_threads();
  }
  CHECK(cnt == size && size == 3, "region after omp_pause_resource_all: %d "
        "threads ran, team %d",
        cnt, size);
  return 0;
}
