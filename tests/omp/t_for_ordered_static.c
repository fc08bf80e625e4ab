/* ordered inside schedule(static) (default and explicit) loops: the
   ordered blocks run in exactly increasing iteration order while the rest
   of the body may run concurrently; the static mapping still holds.  */
#define TEST "t_for_ordered_static"
#include "omp_test.h"

#define N 1500

static int order[N];
static int owner[N];

int
main(void)
{
  int pos = 0, nt = 1;
#pragma omp parallel
  {
#pragma omp single
    nt = omp_get_num_threads();
#pragma omp for schedule(static) ordered
    for (int i = 0; i < N; i++)
      {
        owner[i] = omp_get_thread_num();
        jitter((long) i);
#pragma omp ordered
        order[pos++] = i;
      }
  }
  CHECK(pos == N, "schedule(static) ordered: %d ordered blocks ran, not %d",
        pos, N);
  for (int k = 0; k < N; k++)
    CHECK(order[k] == k,
          "schedule(static) ordered: position %d holds iteration %d", k,
          order[k]);
  /* Contiguous, thread-ordered blocks.  */
  for (int i = 1; i < N; i++)
    CHECK(owner[i] >= owner[i - 1] && owner[i] < nt,
          "schedule(static) ordered: iteration %d on thread %d after thread "
          "%d",
          i, owner[i], owner[i - 1]);

  /* Ordered with the default schedule and a combined construct.  */
  pos = 0;
#pragma omp parallel for ordered
  for (int i = 0; i < N; i++)
    {
      jitter((long) i);
#pragma omp ordered
      order[pos++] = i;
    }
  CHECK(pos == N, "parallel for ordered: %d blocks", pos);
  for (int k = 0; k < N; k++)
    CHECK(order[k] == k, "parallel for ordered: position %d holds %d", k,
          order[k]);

  /* Not every iteration has to encounter the ordered region.  */
  pos = 0;
#pragma omp parallel
#pragma omp for schedule(static) ordered
  for (int i = 0; i < N; i++)
    if (i % 3 == 1)
      {
        jitter((long) i);
#pragma omp ordered
        order[pos++] = i;
      }
  CHECK(pos == N / 3, "sparse ordered: %d blocks, expected %d", pos, N / 3);
  for (int k = 0; k < pos; k++)
    CHECK(order[k] == 3 * k + 1, "sparse ordered: position %d holds %d", k,
          order[k]);
  return 0;
}
