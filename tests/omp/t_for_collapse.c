/* collapse(2)/collapse(3): every (i,j[,k]) exactly once under static,
   static chunk (exact mapping of the collapsed logical iteration
   number), dynamic, guided; also a non-rectangular (triangular) nest.  */
#define TEST "t_for_collapse"
#include "omp_test.h"

#define NI 37
#define NJ 23
#define NK 5

static int owner[NI][NJ];
static int hits3[NI][NJ][NK];
static int tri[NI][NI];

static void
reset(void)
{
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      owner[i][j] = -1;
}

static void
take(int i, int j)
{
  if (__atomic_exchange_n(&owner[i][j], omp_get_thread_num(),
                          __ATOMIC_RELAXED)
      != -1)
    fail("(%d,%d) ran twice", i, j);
}

static void
covered(const char *what)
{
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      if (owner[i][j] < 0)
        fail("%s: (%d,%d) never ran", what, i, j);
}

int
main(void)
{
  int nt = 1;

  reset();
#pragma omp parallel
  {
#pragma omp single
    nt = omp_get_num_threads();
#pragma omp for collapse(2) schedule(static, 3)
    for (int i = 0; i < NI; i++)
      for (int j = 0; j < NJ; j++)
        take(i, j);
  }
  covered("collapse(2) static,3");
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      {
        int k = i * NJ + j;
        CHECK(owner[i][j] == (k / 3) % nt,
              "collapse(2) static,3: (%d,%d) (logical %d) on thread %d, "
              "expected %d",
              i, j, k, owner[i][j], (k / 3) % nt);
      }

  reset();
#pragma omp parallel
#pragma omp for collapse(2) schedule(static)
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      take(i, j);
  covered("collapse(2) static");

  reset();
#pragma omp parallel
#pragma omp for collapse(2) schedule(dynamic, 5)
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      take(i, j);
  covered("collapse(2) dynamic,5");
  for (int k = 0; k < NI * NJ; k += 5)
    for (int m = k; m < k + 5 && m < NI * NJ; m++)
      CHECK(owner[m / NJ][m % NJ] == owner[k / NJ][k % NJ],
            "collapse(2) dynamic,5: chunk at logical %d split", k);

  reset();
#pragma omp parallel
#pragma omp for collapse(2) schedule(guided)
  for (int i = NI - 1; i >= 0; i--)
    for (int j = 0; j < NJ; j += 1)
      take(i, j);
  covered("collapse(2) guided, outer descending");

  memset(hits3, 0, sizeof hits3);
#pragma omp parallel for collapse(3) schedule(dynamic)
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      for (int k = 0; k < NK; k++)
        __atomic_add_fetch(&hits3[i][j][k], 1, __ATOMIC_RELAXED);
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      for (int k = 0; k < NK; k++)
        CHECK(hits3[i][j][k] == 1, "collapse(3): (%d,%d,%d) ran %d times", i,
              j, k, hits3[i][j][k]);

  /* Non-rectangular: j from i to NI-1 (no schedule clause allowed).  */
  memset(tri, 0, sizeof tri);
#pragma omp parallel
#pragma omp for collapse(2)
  for (int i = 0; i < NI; i++)
    for (int j = i; j < NI; j++)
      __atomic_add_fetch(&tri[i][j], 1, __ATOMIC_RELAXED);
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NI; j++)
      CHECK(tri[i][j] == (j >= i), "triangular collapse: (%d,%d) ran %d times",
            i, j, tri[i][j]);

  /* Collapsed loop with an empty inner range: nothing runs.  */
  volatile int vzero = 0;
  int zero = vzero, ran = 0;
#pragma omp parallel
#pragma omp for collapse(2) schedule(dynamic)
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < zero; j++)
#pragma omp atomic
      ran++;
  CHECK(ran == 0, "collapse(2) with empty inner loop ran %d iterations", ran);
  return 0;
}
