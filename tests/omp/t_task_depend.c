/* task depend(in/out/inout): every execution respects the dependences.
   Tasks stamp a global clock when they start and finish; a dependence
   A -> B holds iff A finished before B started.  Also a 300-task inout
   chain whose result equals the serial one, multiple dependences per
   task, and array-section dependences.  */
#define TEST "t_task_depend"
#include "omp_test.h"

static int clock_;
static int st[64], en[64];

static void
begin(int id)
{
  st[id] = __atomic_add_fetch(&clock_, 1, __ATOMIC_SEQ_CST);
}

static void
end(int id)
{
  en[id] = __atomic_add_fetch(&clock_, 1, __ATOMIC_SEQ_CST);
}

static void
before(int a, int b)
{
  if (!(en[a] < st[b]))
    fail("task %d (ran %d..%d) should have finished before task %d started "
         "(%d)",
         a, st[a], en[a], b, st[b]);
}

int
main(void)
{
  for (int round = 0; round < 30; round++)
    {
      int x = 0, y = 0;
      int xs[4];
      memset(st, 0, sizeof st);
      memset(en, 0, sizeof en);
#pragma omp parallel
#pragma omp single
      {
        /* 0: writer; 1-4: readers; 5: inout; 6: reader; 7: out.  */
#pragma omp task depend(out : x) shared(x)
        {
          begin(0);
          sleep_us(300);
          x = 1;
          end(0);
        }
        for (int r = 1; r <= 4; r++)
          {
#pragma omp task depend(in : x) shared(x, xs) firstprivate(r)
            {
              begin(r);
              xs[r - 1] = x;
              sleep_us(50 * r);
              end(r);
            }
          }
#pragma omp task depend(inout : x) shared(x)
        {
          begin(5);
          x = x * 10;
          end(5);
        }
#pragma omp task depend(in : x) depend(out : y) shared(x, y)
        {
          begin(6);
          y = x + 1;
          end(6);
        }
#pragma omp task depend(out : x) depend(in : y) shared(x, y)
        {
          begin(7);
          x = y * 2;
          end(7);
        }
        /* 8: independent task, no ordering constraints.  */
#pragma omp task
        {
          begin(8);
          end(8);
        }
      }
      for (int r = 1; r <= 4; r++)
        {
          before(0, r);
          before(r, 5);
          CHECK(xs[r - 1] == 1, "round %d: reader %d saw x=%d", round, r,
                xs[r - 1]);
        }
      before(5, 6);
      before(6, 7);
      CHECK(x == 22 && y == 11, "round %d: x=%d y=%d, expected 22 11", round,
            x, y);
      CHECK(st[8] > 0 && en[8] > 0, "independent task did not run");
    }

  /* A long inout chain: value equals the serial recurrence.  */
  long v = 1, ref = 1;
  for (int i = 0; i < 300; i++)
    ref = (ref * 3 + i) % 1000003;
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < 300; i++)
    {
#pragma omp task depend(inout : v) shared(v) firstprivate(i)
      v = (v * 3 + i) % 1000003;
    }
  CHECK(v == ref, "inout chain gave %ld, serial %ld", v, ref);

  /* Array sections: identical sections a[0:8] / a[8:8] as dependence
     objects; two independent chains interleaved.  */
  int a[16] = { 0 };
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < 50; i++)
    {
#pragma omp task depend(inout : a[0 : 8]) shared(a) firstprivate(i)
      for (int k = 0; k < 8; k++)
        a[k] = a[k] * 2 + (i & 1);
#pragma omp task depend(inout : a[8 : 8]) shared(a) firstprivate(i)
      for (int k = 8; k < 16; k++)
        a[k] = a[k] + i;
    }
  int w0 = 0;
  for (int i = 0; i < 50; i++)
    w0 = w0 * 2 + (i & 1);
  for (int k = 0; k < 8; k++)
    CHECK(a[k] == w0, "section chain a[%d]=%d, expected %d", k, a[k], w0);
  for (int k = 8; k < 16; k++)
    CHECK(a[k] == 1225, "section chain a[%d]=%d, expected 1225", k, a[k]);
  return 0;
}
