/* Prints the file that provides the OpenMP runtime this program runs on, and
   checks a small parallel computation; used by paradbg-run.test. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <omp.h>
#include <stdio.h>

int main(void)
{
  Dl_info info;
  if (!dladdr((void *)omp_get_thread_num, &info) || info.dli_fname == NULL) {
    fprintf(stderr, "which_runtime: dladdr failed\n");
    return 1;
  }
  long sum = 0;
#pragma omp parallel for reduction(+ : sum) schedule(dynamic, 7)
  for (long i = 1; i <= 100000; i++)
    sum += i;
  if (sum != 5000050000L) {
    fprintf(stderr, "which_runtime: sum %ld != 5000050000\n", sum);
    return 1;
  }
  printf("%s\n", info.dli_fname);
  return 0;
}
