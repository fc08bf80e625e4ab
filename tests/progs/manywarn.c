/* Every thread of a team prints a long runtime message line at the same
   moment: the error directive's warning (3000 characters), or
   omp_display_affinity with a long format.  tests/whole-lines.test runs
   several at once into one pipe and checks that every line comes out
   whole.  Usage: manywarn error|affinity */
#include <omp.h>
#include <stdio.h>
#include <string.h>

#define W10 "0123456789"
#define W100 W10 W10 W10 W10 W10 W10 W10 W10 W10 W10
#define W1000 W100 W100 W100 W100 W100 W100 W100 W100 W100 W100

int main(int argc, char **argv)
{
  if (argc != 2)
    return 2;
  int affinity = strcmp(argv[1], "affinity") == 0;
#pragma omp parallel
  {
#pragma omp barrier
    if (affinity)
      omp_display_affinity("thread %n <" W100 W100 W100 W100 W100 W100 W100 W100 W100 "> thread %n");
    else {
#pragma omp error at(execution) severity(warning) message("<" W1000 W1000 W1000 ">")
    }
  }
  return 0;
}
