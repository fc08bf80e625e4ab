/* ordered inside schedule(dynamic) and schedule(guided) loops (ordered
   iteration handed out dynamically): ordered blocks run in exactly
   increasing order.  */
#define TEST "t_for_ordered_dynamic"
#include "omp_test.h"

#define N 1500

static int order[N];

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
  int pos = 0;
  long work = 0;
#pragma omp parallel
#pragma omp for schedule(dynamic) ordered reduction(+ : work)
  for (int i = 0; i < N; i++)
    {
      work += i; /* unordered part */
      jitter((long) i);
#pragma omp ordered
      order[pos++] = i;
    }
  verify("schedule(dynamic) ordered", pos);
  CHECK(work == (long) N * (N - 1) / 2, "unordered part sum %ld", work);

  pos = 0;
#pragma omp parallel
#pragma omp for schedule(guided) ordered
  for (int i = 0; i < N; i++)
    {
      jitter((long) i);
#pragma omp ordered
      order[pos++] = i;
    }
  verify("schedule(guided) ordered", pos);

  pos = 0;
  omp_set_schedule(omp_sched_dynamic, 2);
#pragma omp parallel
#pragma omp for schedule(runtime) ordered
  for (int i = 0; i < N; i++)
    {
      jitter((long) i);
#pragma omp ordered
      order[pos++] = i;
    }
  verify("schedule(runtime=dynamic,2) ordered", pos);

  pos = 0;
#pragma omp parallel for schedule(dynamic) ordered
  for (int i = 0; i < N; i++)
    {
      jitter((long) i);
#pragma omp ordered
      order[pos++] = i;
    }
  verify("parallel for schedule(dynamic) ordered", pos);
  return 0;
}
