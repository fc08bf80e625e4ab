/* env: OMP_STACKSIZE=40M OMP_NUM_THREADS=4 */
/* OMP_STACKSIZE=40M: worker threads get stacks big enough for a 24 MiB
   local array (more than any default thread stack).  The initial thread
   keeps the process stack, so only workers use the array.  */
#define TEST "t_env_stacksize"
#include "omp_test.h"

#define BIG (24L << 20)

/* A stack overflow in a worker is reported by name: each worker installs
   an alternate signal stack before using its big array.  */
static void
on_segv(int sig)
{
  (void) sig;
  static const char msg[] = TEST ": worker thread overflowed its stack "
                            "(OMP_STACKSIZE=40M not applied?)\n";
  ssize_t w = write(2, msg, sizeof msg - 1);
  (void) w;
  _exit(1);
}

static void
arm_altstack(void)
{
  stack_t ss;
  ss.ss_sp = malloc(1 << 16);
  ss.ss_size = 1 << 16;
  ss.ss_flags = 0;
  if (ss.ss_sp)
    sigaltstack(&ss, NULL);
}

static long __attribute__((noinline))
use_stack(int seed)
{
  volatile char buf[BIG];
  for (long i = 0; i < BIG; i += 4096)
    buf[i] = (char) (seed + i / 4096);
  long s = 0;
  for (long i = 0; i < BIG; i += 4096)
    s += buf[i];
  return s;
}

int
main(void)
{
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_segv;
  sa.sa_flags = SA_ONSTACK;
  sigaction(SIGSEGV, &sa, NULL);
  long total = 0;
  int workers = 0;
#pragma omp parallel reduction(+ : total, workers)
  if (omp_get_thread_num() != 0)
    {
      arm_altstack();
      total += use_stack(omp_get_thread_num()) != 0x7fffffff;
      workers++;
    }
  CHECK(workers == 3, "%d worker threads, expected 3", workers);
  CHECK(total == workers, "stack use failed in %ld workers", workers - total);
  return 0;
}
