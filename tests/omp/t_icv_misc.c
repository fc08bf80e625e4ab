/* The remaining query routines: omp_get_num_procs, omp_in_parallel,
   omp_get_cancellation, omp_get_proc_bind, the place routines, the device
   routines, omp_get_max_task_priority, omp_in_final, teams queries on the
   host -- sanity and consistency checks.  */
#define TEST "t_icv_misc"
#include "omp_test.h"
#include <sched.h>

int
main(void)
{
  int procs = omp_get_num_procs();
  long conf = sysconf(_SC_NPROCESSORS_CONF);
  CHECK(procs >= 1 && (conf < 1 || procs <= conf),
        "omp_get_num_procs() %d (configured CPUs %ld)", procs, conf);
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) == 0)
    CHECK(procs == CPU_COUNT(&set),
          "omp_get_num_procs() %d != CPUs in the affinity mask %d", procs,
          CPU_COUNT(&set));

  /* omp_in_parallel: true only inside an active region.  */
  CHECK(!omp_in_parallel(), "omp_in_parallel() true outside regions");
  int in_active = -1, in_inactive = -1, in_nested_inactive = -1;
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 0)
      in_active = omp_in_parallel() == (omp_get_num_threads() > 1);
#pragma omp parallel if(0)
    if (omp_get_ancestor_thread_num(1) == 0)
      in_nested_inactive = omp_in_parallel() == (omp_get_team_size(1) > 1);
  }
#pragma omp parallel if(0)
  in_inactive = omp_in_parallel();
  CHECK(in_active == 1, "omp_in_parallel() wrong in an active region");
  CHECK(in_inactive == 0, "omp_in_parallel() true in a team of one");
  CHECK(in_nested_inactive == 1,
        "omp_in_parallel() in an inactive region nested in an active one "
        "must be true");

  /* omp_get_cancellation reflects OMP_CANCELLATION (default false).  */
  const char *ce = getenv("OMP_CANCELLATION");
  int want_c = ce && strcmp(ce, "true") == 0;
  CHECK(omp_get_cancellation() == want_c,
        "omp_get_cancellation() %d with OMP_CANCELLATION=%s",
        omp_get_cancellation(), ce ? ce : "(unset)");

  int pb = omp_get_proc_bind();
  CHECK(pb >= omp_proc_bind_false && pb <= omp_proc_bind_spread,
        "omp_get_proc_bind() %d out of range", pb);
  /* The default bind-var is implementation defined; libgomp's (which a
     drop-in replacement must match) is false unless OMP_PROC_BIND or
     OMP_PLACES is set.  */
  if (!getenv("OMP_PROC_BIND") && !getenv("OMP_PLACES"))
    CHECK(pb == omp_proc_bind_false,
          "omp_get_proc_bind() %d without OMP_PROC_BIND/OMP_PLACES", pb);

  /* Places: every place has >= 1 processor with valid ids.  */
  int np = omp_get_num_places();
  CHECK(np >= 0, "omp_get_num_places() %d", np);
  for (int p = 0; p < np; p++)
    {
      int cnt = omp_get_place_num_procs(p);
      CHECK(cnt >= 1, "place %d has %d procs", p, cnt);
      int ids[1024];
      if (cnt <= 1024)
        {
          omp_get_place_proc_ids(p, ids);
          for (int k = 0; k < cnt; k++)
            CHECK(ids[k] >= 0, "place %d proc id %d", p, ids[k]);
        }
    }
  CHECK(omp_get_place_num_procs(np) == 0 && omp_get_place_num_procs(-1) == 0,
        "omp_get_place_num_procs of an invalid place is not 0");
  int pn = omp_get_place_num();
  CHECK(pn >= -1 && pn < (np > 0 ? np : 1), "omp_get_place_num() %d", pn);
  int ppn = omp_get_partition_num_places();
  CHECK(ppn >= 0 && ppn <= np, "omp_get_partition_num_places() %d of %d", ppn,
        np);
  if (ppn > 0 && ppn <= 1024)
    {
      int pids[1024];
      omp_get_partition_place_nums(pids);
      for (int k = 0; k < ppn; k++)
        CHECK(pids[k] >= 0 && pids[k] < np, "partition place %d", pids[k]);
    }

  /* Devices: on the host.  */
  int nd = omp_get_num_devices();
  CHECK(nd >= 0, "omp_get_num_devices() %d", nd);
  CHECK(omp_is_initial_device(), "omp_is_initial_device() false on the host");
  int init = omp_get_initial_device();
  CHECK(init == nd, "omp_get_initial_device() %d != omp_get_num_devices() %d",
        init, nd);
  CHECK(omp_get_device_num() == init, "omp_get_device_num() %d on the host "
        "!= initial device %d",
        omp_get_device_num(), init);
  int dd = omp_get_default_device();
  CHECK(dd >= 0, "omp_get_default_device() %d", dd);
  omp_set_default_device(dd + 3);
  CHECK(omp_get_default_device() == dd + 3,
        "omp_set_default_device(%d) then get %d", dd + 3,
        omp_get_default_device());
  int dev_inherit = -1;
#pragma omp parallel num_threads(2)
  if (omp_get_thread_num() == 1 || omp_get_num_threads() == 1)
    dev_inherit = omp_get_default_device();
  CHECK(dev_inherit == dd + 3, "default-device-var not inherited: %d",
        dev_inherit);
  omp_set_default_device(dd);

  CHECK(omp_get_max_task_priority() >= 0, "omp_get_max_task_priority() %d",
        omp_get_max_task_priority());
  CHECK(!omp_in_final(), "omp_in_final() true outside any task");
  CHECK(omp_get_num_teams() == 1 && omp_get_team_num() == 0,
        "host teams queries: %d teams, team %d", omp_get_num_teams(),
        omp_get_team_num());
  return 0;
}
