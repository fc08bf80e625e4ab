/* A library the hostile-files test strips and links a debug file to. */
#include <unistd.h>

void xwait(void)
{
  for (;;)
    pause();
}
