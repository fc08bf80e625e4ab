/* for schedule(dynamic[,c]): every iteration exactly once, and the
   iteration space is cut into chunks of exactly c consecutive iterations
   (last one may be shorter), each run by one thread in order.  */
#define TEST "t_for_dynamic"
#include "omp_test.h"

#define N 3001

static int owner[N], seq[N];
static int arrived;

static void
reset(void)
{
  for (int i = 0; i < N; i++)
    owner[i] = -1, seq[i] = -1;
  arrived = 0;
}

static void
verify(const char *what, int n, int c)
{
  for (int i = 0; i < n; i++)
    if (owner[i] < 0)
      fail("%s: iteration %d never ran", what, i);
  for (int i = n; i < N; i++)
    if (owner[i] != -1)
      fail("%s: iteration %d beyond n=%d ran", what, i, n);
  for (int b = 0; b < n; b += c)
    for (int i = b + 1; i < b + c && i < n; i++)
      if (owner[i] != owner[b] || seq[i] != seq[i - 1] + 1)
        fail("%s: chunk [%d,%d) split: iteration %d on thread %d (seq %d), "
             "iteration %d on thread %d (seq %d)",
             what, b, b + c, i - 1, owner[i - 1], seq[i - 1], i, owner[i],
             seq[i]);
}

/* Record iteration I of a loop of N iterations with chunk C.  On a
   thread's first iteration, wait for the others (see rendezvous) so that
   consecutive chunks go to different threads.  */
static void
record(int i, int *myseq, int n, int c)
{
  if (*myseq == 0)
    {
      int chunks = (n + c - 1) / c;
      int nt = omp_get_num_threads();
      rendezvous(&arrived, nt < chunks ? nt : chunks);
    }
  if (__atomic_exchange_n(&owner[i], omp_get_thread_num(), __ATOMIC_RELAXED)
      != -1)
    fail("iteration %d ran twice", i);
  seq[i] = (*myseq)++;
}

int
main(void)
{
  /* Default chunk (1).  */
  reset();
#pragma omp parallel
  {
    int s = 0;
#pragma omp for schedule(dynamic)
    for (int i = 0; i < N; i++)
      record(i, &s, N, 1);
  }
  verify("schedule(dynamic)", N, 1);

  /* Constant chunk.  */
  reset();
#pragma omp parallel
  {
    int s = 0;
#pragma omp for schedule(dynamic, 7)
    for (int i = 0; i < N; i++)
      record(i, &s, N, 7);
  }
  verify("schedule(dynamic,7)", N, 7);

  /* Run-time chunk sizes and trip counts, including chunk > n and n=0.  */
  static const int cs[] = { 1, 2, 3, 16, 100, 5000 };
  static const int ns[] = { 0, 1, 2, 17, 1000, N };
  for (unsigned a = 0; a < sizeof cs / sizeof cs[0]; a++)
    for (unsigned b = 0; b < sizeof ns / sizeof ns[0]; b++)
      {
        int c = cs[a], n = ns[b];
        char what[64];
        snprintf(what, sizeof what, "schedule(dynamic,%d) n=%d", c, n);
        reset();
#pragma omp parallel
        {
          int s = 0;
#pragma omp for schedule(dynamic, c)
          for (int i = 0; i < n; i++)
            record(i, &s, n, c);
        }
        verify(what, n, c);
      }

  /* Combined parallel for with constant bounds (GOMP_parallel_loop_*).  */
  reset();
#pragma omp parallel for schedule(dynamic, 4)
  for (int i = 0; i < N; i++)
    owner[i] = omp_get_thread_num();
  for (int i = 0; i < N; i++)
    CHECK(owner[i] >= 0, "parallel for dynamic: iteration %d never ran", i);
  for (int b = 0; b < N; b += 4)
    for (int i = b + 1; i < b + 4 && i < N; i++)
      CHECK(owner[i] == owner[b],
            "parallel for dynamic,4: chunk at %d split over threads %d/%d", b,
            owner[b], owner[i]);
  return 0;
}
