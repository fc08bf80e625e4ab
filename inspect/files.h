/* Opening the files a target names without being blocked or misled by
   them. */
#ifndef PARADBG_INSPECT_FILES_H
#define PARADBG_INSPECT_FILES_H

#include <elfutils/libdwfl.h>

/* Files a user or a core names are opened with pdb_open_regular
   (paradbg/paradbg.h): a FIFO or a device would block us. */

/* libdwfl callbacks that never open a FIFO, a device or a file the target
   chooses: separate debug files come from safe_debuginfo_path only, by
   build-id or by a debug link without a slash; a live process's mapped
   file that is no longer a regular file is not opened. */
extern char *safe_debuginfo_path;
int find_debuginfo_safely(Dwfl_Module *mod, void **user, const char *modname, Dwarf_Addr base,
                          const char *file_name, const char *debuglink, GElf_Word crc,
                          char **debuginfo_file_name);
int find_live_elf_safely(Dwfl_Module *mod, void **user, const char *name, Dwarf_Addr base,
                         char **file_name, Elf **elfp);

#endif
