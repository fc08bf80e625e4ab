/* for schedule(nonmonotonic:dynamic,c): chunks may be handed out in any
   order, but every iteration runs exactly once and every chunk is c
   consecutive iterations on one thread.  */
#define TEST "t_for_nonmonotonic"
#include "omp_test.h"

#define N 3333

static int owner[N], seq[N];

static void
verify(const char *what, int c)
{
  for (int i = 0; i < N; i++)
    if (owner[i] < 0)
      fail("%s: iteration %d never ran", what, i);
  for (int b = 0; b < N; b += c)
    for (int i = b + 1; i < b + c && i < N; i++)
      if (owner[i] != owner[b] || seq[i] != seq[i - 1] + 1)
        fail("%s: chunk [%d,%d) not run as one piece", what, b, b + c);
}

int
main(void)
{
  for (int c = 1; c <= 21; c += 10)
    {
      for (int i = 0; i < N; i++)
        owner[i] = -1;
      int arrived = 0;
#pragma omp parallel
      {
        int s = 0;
#pragma omp for schedule(nonmonotonic : dynamic, c)
        for (int i = 0; i < N; i++)
          {
            /* spread the first chunks over the team (see rendezvous) */
            if (s == 0)
              rendezvous(&arrived, omp_get_num_threads());
            if (__atomic_exchange_n(&owner[i], omp_get_thread_num(),
                                    __ATOMIC_RELAXED)
                != -1)
              fail("nonmonotonic:dynamic,%d: iteration %d ran twice", c, i);
            seq[i] = s++;
          }
      }
      verify("schedule(nonmonotonic:dynamic,c)", c);
    }

  /* Combined form.  */
  for (int i = 0; i < N; i++)
    owner[i] = -1;
#pragma omp parallel for schedule(nonmonotonic : dynamic, 5)
  for (int i = 0; i < N; i++)
    owner[i] = omp_get_thread_num();
  for (int i = 0; i < N; i++)
    CHECK(owner[i] >= 0, "parallel for nonmonotonic: %d never ran", i);

  /* nonmonotonic:guided.  */
  long sum = 0;
#pragma omp parallel
#pragma omp for schedule(nonmonotonic : guided, 2) reduction(+ : sum)
  for (int i = 0; i < N; i++)
    sum += i;
  CHECK(sum == (long) N * (N - 1) / 2, "nonmonotonic:guided sum %ld", sum);
  return 0;
}
