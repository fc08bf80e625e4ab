/* A program that names its own choice of coarray debug library, as a
   hostile or broken target could: it exports caf_debugger_plugin as
   libparcaf does, filled with argv[1] byte for byte (a path, control
   characters, a name longer than any plugin's, nothing at all), prints
   "ready" and waits.  No coarray runtime is needed: a host decides on the
   name before it reads anything else. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* Large enough for any name the test gives; exported (-rdynamic) */
char caf_debugger_plugin[1024];

int main(int argc, char **argv)
{
  if (argc != 2 || strlen(argv[1]) >= sizeof caf_debugger_plugin) {
    fprintf(stderr, "names-caf: give one name of less than %zu bytes\n", sizeof caf_debugger_plugin);
    return 2;
  }
  strcpy(caf_debugger_plugin, argv[1]);
  printf("ready\n");
  fflush(stdout);
  for (;;)
    pause();
}
