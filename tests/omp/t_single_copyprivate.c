/* single copyprivate: the value produced by whichever thread ran the
   single reaches every thread's private copy -- scalars, several
   variables at once, an array and a pointer; many rounds.  */
#define TEST "t_single_copyprivate"
#include "omp_test.h"

static int targets[300];

int
main(void)
{
  int bad = 0;
#pragma omp parallel
  {
    for (int r = 0; r < 300; r++)
      {
        int x = -1;
        double d = -1.0;
        long arr[5] = { 0 };
        int *p = NULL;
#pragma omp single copyprivate(x, d, arr, p)
        {
          x = r * 7 + 1;
          d = r * 0.5;
          for (int k = 0; k < 5; k++)
            arr[k] = r + k;
          targets[r] = r;
          p = &targets[r];
        }
        if (x != r * 7 + 1 || d != r * 0.5 || p != &targets[r] || *p != r)
#pragma omp atomic write
          bad = r + 1;
        for (int k = 0; k < 5; k++)
          if (arr[k] != r + k)
#pragma omp atomic write
            bad = r + 1;
      }
  }
  CHECK(!bad, "round %d: copyprivate value did not reach every thread",
        bad - 1);

  /* Which thread ran it is unspecified, but exactly one did, and all
     threads agree on its id.  */
  int agree = 1, runs = 0;
#pragma omp parallel
  {
    int who;
#pragma omp single copyprivate(who)
    {
      who = omp_get_thread_num();
#pragma omp atomic
      runs++;
    }
    int again;
#pragma omp single copyprivate(again)
    again = who;
    if (again != who)
#pragma omp atomic write
      agree = 0;
  }
  CHECK(runs == 1, "copyprivate single ran %d times", runs);
  CHECK(agree, "threads disagree on the copyprivate'd id");
  return 0;
}
