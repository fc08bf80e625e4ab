/* Places and thread binding (OMP_PLACES, OMP_PROC_BIND, proc_bind): a place
   is a set of CPUs; bound threads are pinned to theirs. */
#include "config.h"

#include <ctype.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../rtline.h"
#include "paromp.h"

#define MAX_PLACES 1024

struct place {
  cpu_set_t cpus;
};

static struct place *places;
static unsigned nplaces;

unsigned paromp_num_places(void)
{
  return nplaces;
}

/* The group (core or socket) a CPU belongs to, read from sysfs; -1 if unknown. */
static long cpu_group(int cpu, const char *file)
{
  char path[128];
  snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/topology/%s", cpu, file);
  FILE *f = fopen(path, "r");
  if (f == NULL)
    return -1;
  long v = -1;
  if (fscanf(f, "%ld", &v) != 1)
    v = -1;
  fclose(f);
  return v;
}

static void add_place(void)
{
  if (nplaces < MAX_PLACES)
    CPU_ZERO(&places[nplaces++].cpus);
}

/* threads: one place per CPU; cores and sockets group CPUs by sysfs ids. */
static void build_abstract(const char *kind)
{
  cpu_set_t avail;
  if (sched_getaffinity(0, sizeof avail, &avail) != 0) {
    CPU_ZERO(&avail);
    for (unsigned c = 0; c < paromp_nprocs; c++)
      CPU_SET(c, &avail);
  }
  long ids[MAX_PLACES];
  for (int cpu = 0; cpu < CPU_SETSIZE; cpu++) {
    if (!CPU_ISSET(cpu, &avail))
      continue;
    long id = -1;
    if (strcmp(kind, "cores") == 0)
      id = cpu_group(cpu, "core_id") * 4096 + cpu_group(cpu, "physical_package_id");
    else if (strcmp(kind, "sockets") == 0)
      id = cpu_group(cpu, "physical_package_id");
    unsigned p = nplaces;
    if (id >= 0)
      for (p = 0; p < nplaces && ids[p] != id; p++)
        ;
    if (p == nplaces) {
      if (nplaces == MAX_PLACES)
        break;
      ids[nplaces] = id;
      add_place();
    }
    CPU_SET(cpu, &places[p].cpus);
  }
}

/* An explicit list of the simple form {a,b,...},{c:len},...; returns -1 on
   anything else. */
static int build_explicit(const char *s)
{
  while (*s) {
    if (*s != '{')
      return -1;
    s++;
    add_place();
    for (;;) {
      char *end;
      long a = strtol(s, &end, 10), len = 1;
      if (end == s || a < 0 || a >= CPU_SETSIZE)
        return -1;
      s = end;
      if (*s == ':') {
        len = strtol(s + 1, &end, 10);
        if (end == s + 1 || len < 1 || a + len > CPU_SETSIZE)
          return -1;
        s = end;
      }
      for (long c = a; c < a + len; c++)
        CPU_SET((int)c, &places[nplaces - 1].cpus);
      if (*s == ',') {
        s++;
        continue;
      }
      if (*s++ != '}')
        return -1;
      break;
    }
    if (*s == ',')
      s++;
  }
  return nplaces > 0 ? 0 : -1;
}

void paromp_places_init(void)
{
  const char *env = getenv("OMP_PLACES");
  int bind = paromp_gicv.bind_list[0] != PAROMP_BIND_FALSE;
  if (env == NULL && !bind)
    return;
  places = paromp_calloc(MAX_PLACES, sizeof *places);
  if (env != NULL) {
    char word[16];
    size_t l = strcspn(env, "(");
    if (l < sizeof word && (strncasecmp(env, "threads", l) == 0 ||
                            strncasecmp(env, "cores", l) == 0 ||
                            strncasecmp(env, "sockets", l) == 0) && l > 0) {
      for (size_t i = 0; i < l; i++)
        word[i] = (char)tolower((unsigned char)env[i]);
      word[l] = '\0';
      build_abstract(word);
    } else if (build_explicit(env) != 0) {
      rt_line(stderr, 0, "libparomp: warning: OMP_PLACES='%s' is not valid; using cores", env);
      nplaces = 0;
      build_abstract("cores");
    }
  } else {
    build_abstract("cores");
  }
}

/* The place of member i of n when the master is on place p0. */
int paromp_place_for(int bind, int p0, unsigned i, unsigned n)
{
  if (nplaces == 0 || p0 < 0)
    return -1;
  switch (bind) {
  case PAROMP_BIND_PRIMARY:
    return p0;
  case PAROMP_BIND_SPREAD:
    if (n <= nplaces)
      return (int)((p0 + (uint64_t)i * nplaces / n) % nplaces);
    __attribute__((fallthrough)); /* more threads than places: pack them */
  default:
    return (int)((p0 + (uint64_t)i * nplaces / (n > nplaces ? n : nplaces)) % nplaces);
  }
}

void paromp_bind_caller(int place)
{
  if (place >= 0 && (unsigned)place < nplaces)
    pthread_setaffinity_np(pthread_self(), sizeof places[place].cpus, &places[place].cpus);
}

void paromp_bind_self(struct paromp_thread *self, int place)
{
  if (place == self->place)
    return;
  self->place = place;
  paromp_bind_caller(place);
}

/* The place that holds the CPU a thread runs on now. */
int paromp_place_of_cpu(void)
{
  int cpu = sched_getcpu();
  for (unsigned p = 0; p < nplaces; p++)
    if (cpu >= 0 && CPU_ISSET(cpu, &places[p].cpus))
      return (int)p;
  return nplaces ? 0 : -1;
}

PAROMP_EXPORT int omp_get_num_places(void)
{
  return (int)nplaces;
}

PAROMP_EXPORT int omp_get_place_num_procs(int place)
{
  if (place < 0 || (unsigned)place >= nplaces)
    return 0;
  return CPU_COUNT(&places[place].cpus);
}

PAROMP_EXPORT void omp_get_place_proc_ids(int place, int *ids)
{
  if (place < 0 || (unsigned)place >= nplaces || ids == NULL)
    return;
  int k = 0;
  for (int c = 0; c < CPU_SETSIZE; c++)
    if (CPU_ISSET(c, &places[place].cpus))
      ids[k++] = c;
}

PAROMP_EXPORT int omp_get_place_num(void)
{
  return paromp_self()->place;
}

/* Every team's partition is the whole place list. */
PAROMP_EXPORT int omp_get_partition_num_places(void)
{
  return paromp_self()->place >= 0 ? (int)nplaces : 0;
}

PAROMP_EXPORT void omp_get_partition_place_nums(int *nums)
{
  if (nums == NULL || paromp_self()->place < 0)
    return;
  for (unsigned p = 0; p < nplaces; p++)
    nums[p] = (int)p;
}
