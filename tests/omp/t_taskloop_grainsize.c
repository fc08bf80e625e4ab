/* taskloop grainsize(g): each generated task runs a contiguous run of
   iterations whose count is >= min(g, n) and < 2g; num_tasks(k): exactly
   min(k, n) tasks are created.  A task is recognised by a firstprivate
   variable that its first iteration sets.  */
#define TEST "t_taskloop_grainsize"
#include "omp_test.h"

#define N 1000

static int task_of[N];

/* Count tasks and check each task's iterations are contiguous; report the
   smallest and largest task sizes.  */
static int
analyse(const char *what, int n, int *minsz, int *maxsz)
{
  int tasks = 0;
  *minsz = n + 1;
  *maxsz = 0;
  int i = 0;
  while (i < n)
    {
      int id = task_of[i], j = i;
      if (id != i)
        fail("%s: iteration %d belongs to a task that started at %d", what,
             i, id);
      while (j < n && task_of[j] == id)
        j++;
      int sz = j - i;
      if (sz < *minsz)
        *minsz = sz;
      if (sz > *maxsz)
        *maxsz = sz;
      tasks++;
      i = j;
    }
  return tasks;
}

static void
run_grainsize(int n, int g)
{
  for (int i = 0; i < N; i++)
    task_of[i] = -1;
#pragma omp parallel
#pragma omp single
  {
    int first = -1;
#pragma omp taskloop grainsize(g) firstprivate(first)
    for (int i = 0; i < n; i++)
      {
        if (first == -1)
          first = i;
        task_of[i] = first;
      }
  }
  char what[64];
  snprintf(what, sizeof what, "grainsize(%d) n=%d", g, n);
  int mn, mx;
  analyse(what, n, &mn, &mx);
  int lo = g < n ? g : n;
  if (n > 0 && (mn < lo || mx >= 2 * g))
    fail("%s: task sizes %d..%d, must be in [%d, %d)", what, mn, mx, lo,
         2 * g);
}

static void
run_num_tasks(int n, int k)
{
  for (int i = 0; i < N; i++)
    task_of[i] = -1;
#pragma omp parallel
#pragma omp single
  {
    int first = -1;
#pragma omp taskloop num_tasks(k) firstprivate(first)
    for (int i = 0; i < n; i++)
      {
        if (first == -1)
          first = i;
        task_of[i] = first;
      }
  }
  char what[64];
  snprintf(what, sizeof what, "num_tasks(%d) n=%d", k, n);
  int mn, mx;
  int tasks = analyse(what, n, &mn, &mx);
  int want = k < n ? k : n;
  if (tasks != want)
    fail("%s: %d tasks ran iterations, expected %d", what, tasks, want);
}

int
main(void)
{
  static const int gs[] = { 1, 3, 10, 64, 999, 5000 };
  static const int ns[] = { 1, 7, 100, N };
  for (unsigned a = 0; a < sizeof gs / sizeof gs[0]; a++)
    for (unsigned b = 0; b < sizeof ns / sizeof ns[0]; b++)
      run_grainsize(ns[b], gs[a]);
  static const int ks[] = { 1, 2, 5, 16, 333, 2000 };
  for (unsigned a = 0; a < sizeof ks / sizeof ks[0]; a++)
    for (unsigned b = 0; b < sizeof ns / sizeof ns[0]; b++)
      run_num_tasks(ns[b], ks[a]);
  return 0;
}
