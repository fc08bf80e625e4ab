/* A program that names its own choice of OMPD plugin, as a hostile or
   broken target could: once libparomp is up, it points ompd_dll_locations
   and ompt_debugger_plugin at argv[1], prints "ready" and waits. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <omp.h>
#include <stdio.h>
#include <unistd.h>

int main(int argc, char **argv)
{
  static const char *names[2];
  int threads = 0;
#pragma omp parallel num_threads(2)
#pragma omp atomic
  threads++;
  const char ***locations = dlsym(RTLD_DEFAULT, "ompd_dll_locations");
  const char **old = dlsym(RTLD_DEFAULT, "ompt_debugger_plugin");
  if (argc != 2 || locations == NULL || old == NULL || threads != 2) {
    fprintf(stderr, "names-plugin: run on libparomp with one name\n");
    return 2;
  }
  names[0] = argv[1];
  *locations = names;
  *old = argv[1];
  printf("ready\n");
  fflush(stdout);
  for (;;)
    pause();
}
