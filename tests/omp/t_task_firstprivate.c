/* Task data environment: firstprivate values are captured when the task
   is created (later changes are invisible), including arrays, structs and
   variable-length arrays (which GCC copies with a copy function), and
   private copies are independent per task.  */
#define TEST "t_task_firstprivate"
#include "omp_test.h"

struct big
{
  int v[64];
  double d;
};

int
main(void)
{
  volatile int vn = 37;
  int n = vn;
  int bad = 0;
#pragma omp parallel
#pragma omp single
  {
    for (int round = 0; round < 50; round++)
      {
        int scalar = round;
        int arr[16];
        struct big s;
        int vla[n];
        for (int k = 0; k < 16; k++)
          arr[k] = round + k;
        for (int k = 0; k < 64; k++)
          s.v[k] = round * k;
        s.d = round * 0.5;
        for (int k = 0; k < n; k++)
          vla[k] = round * 100 + k;
#pragma omp task firstprivate(scalar, arr, s, vla) shared(bad)
        {
          sleep_us(round % 10 == 0 ? 200 : 0);
          int ok = scalar == round && s.d == round * 0.5;
          for (int k = 0; k < 16; k++)
            ok &= arr[k] == round + k;
          for (int k = 0; k < 64; k++)
            ok &= s.v[k] == round * k;
          for (int k = 0; k < n; k++)
            ok &= vla[k] == round * 100 + k;
          if (!ok)
#pragma omp atomic write
            bad = round + 1;
          /* writes to private copies must not be seen elsewhere */
          scalar = -1;
          arr[0] = -1;
          vla[0] = -1;
        }
        /* Change the originals right after creating the task.  */
        scalar = -5;
        for (int k = 0; k < 16; k++)
          arr[k] = -5;
        s.d = -5;
        for (int k = 0; k < n; k++)
          vla[k] = -5;
#pragma omp taskwait
        if (arr[0] != -5 || vla[0] != -5 || scalar != -5)
          bad = 1000;
      }
  }
  CHECK(bad != 1000, "a task's private copy leaked into the original");
  CHECK(!bad, "round %d: task saw values changed after its creation",
        bad - 1);
  return 0;
}
