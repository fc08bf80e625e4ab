/* ordered inside chunked schedules (static,c / dynamic,c / guided,c) and
   a descending loop: ordered blocks in exactly the sequential order, and
   static,c keeps its exact round-robin mapping.  */
#define TEST "t_for_ordered_chunked"
#include "omp_test.h"

#define N 1200

static int order[N], owner[N];

static void
verify(const char *what, int pos)
{
  if (pos != N)
    fail("%s: %d ordered blocks ran, not %d", what, pos, N);
  for (int k = 0; k < N; k++)
    if (order[k] != k)
      fail("%s: position %d holds iteration %d", what, k, order[k]);
}

int
main(void)
{
  int pos = 0, nt = 1;
#pragma omp parallel
  {
#pragma omp single
    nt = omp_get_num_threads();
#pragma omp for schedule(static, 3) ordered
    for (int i = 0; i < N; i++)
      {
        owner[i] = omp_get_thread_num();
        jitter((long) i);
#pragma omp ordered
        order[pos++] = i;
      }
  }
  verify("static,3 ordered", pos);
  for (int i = 0; i < N; i++)
    CHECK(owner[i] == (i / 3) % nt,
          "static,3 ordered: iteration %d on thread %d, expected %d", i,
          owner[i], (i / 3) % nt);

  pos = 0;
#pragma omp parallel
#pragma omp for schedule(dynamic, 5) ordered
  for (int i = 0; i < N; i++)
    {
      jitter((long) i);
#pragma omp ordered
      order[pos++] = i;
    }
  verify("dynamic,5 ordered", pos);

  pos = 0;
#pragma omp parallel
#pragma omp for schedule(guided, 7) ordered
  for (int i = 0; i < N; i++)
    {
      jitter((long) i);
#pragma omp ordered
      order[pos++] = i;
    }
  verify("guided,7 ordered", pos);

  pos = 0;
#pragma omp parallel
#pragma omp for schedule(dynamic, 4) ordered
  for (int i = 2 * N - 1; i >= 0; i -= 2)
    {
      jitter((long) i);
#pragma omp ordered
      order[pos++] = (2 * N - 1 - i) / 2;
    }
  verify("dynamic,4 ordered descending", pos);

  omp_set_schedule(omp_sched_static, 2);
  pos = 0;
#pragma omp parallel
#pragma omp for schedule(runtime) ordered
  for (int i = 0; i < N; i++)
    {
      jitter((long) i);
#pragma omp ordered
      order[pos++] = i;
    }
  verify("runtime(static,2) ordered", pos);
  return 0;
}
