/* Opening the files a target names: only regular files, looked at before
   they are opened, and separate debug files only where the target's author
   cannot put them. */
#define _GNU_SOURCE
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "files.h"

/* Only the system's debug directory: the default search also looks next
   to each mapped file and in its .debug directory, places a target's
   author may choose, and where a FIFO would block libdwfl's open. */
char *safe_debuginfo_path = (char *)"/usr/lib/debug";

int find_debuginfo_safely(Dwfl_Module *mod, void **user, const char *modname, Dwarf_Addr base,
                          const char *file_name, const char *debuglink, GElf_Word crc,
                          char **debuginfo_file_name)
{
  /* A debug link is a file name; with a slash it could name any file. */
  if (debuglink != NULL && strchr(debuglink, '/') != NULL)
    return -1;
  return dwfl_standard_find_debuginfo(mod, user, modname, base, file_name, debuglink, crc,
                                      debuginfo_file_name);
}

int find_live_elf_safely(Dwfl_Module *mod, void **user, const char *name, Dwarf_Addr base,
                         char **file_name, Elf **elfp)
{
  /* A mapped file may have been replaced since it was mapped. */
  struct stat sb;
  if (name != NULL && name[0] == '/' && stat(name, &sb) == 0 && !S_ISREG(sb.st_mode))
    return -1;
  return dwfl_linux_proc_find_elf(mod, user, name, base, file_name, elfp);
}
