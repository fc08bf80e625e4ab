"""The "set openmp", "show openmp", "set coarray" and "show coarray" settings."""
import os

import gdb

from . import plugin, target


class SetOpenMP(gdb.Command):
    """Set paradbg's OpenMP settings.

Usage: set openmp SETTING VALUE"""

    def __init__(self):
        super().__init__("set openmp", gdb.COMMAND_DATA, gdb.COMPLETE_COMMAND, prefix=True)


class ShowOpenMP(gdb.Command):
    """Show paradbg's OpenMP settings.

Usage: show openmp [SETTING]"""

    def __init__(self):
        super().__init__("show openmp", gdb.COMMAND_DATA, gdb.COMPLETE_COMMAND, prefix=True)


class PluginPath(gdb.Parameter):
    """Directories searched for the OMPD library the program names.

Usage: set openmp plugin-path DIR[:DIR...]

The program names its OMPD library (ompd_dll_locations, or
ompt_debugger_plugin); only the base name of that name is used, and it is
looked for in these directories first, then in paradbg's own install
(or build) directory.  A path the program gives is never loaded as it is,
so a core file cannot make GDB load a library of its choosing."""

    set_doc = "Set the directories searched for OMPD libraries."
    show_doc = "Show the directories searched for OMPD libraries."

    def __init__(self):
        super().__init__("openmp plugin-path", gdb.COMMAND_DATA, gdb.PARAM_STRING)
        self.value = ""

    def get_set_string(self):
        dirs = [d for d in self.value.split(":") if d]
        missing = [d for d in dirs if not os.path.isdir(d)]
        plugin.user_dirs[:] = [os.path.abspath(d) for d in dirs]
        target.forget()
        if missing:
            return "Warning: not a directory: %s" % ", ".join(missing)
        return ""

    def get_show_string(self, svalue):
        return ("OMPD libraries are searched for in %s."
                % (":".join(plugin.trusted_dirs()) or "no directory"))


class SetCoarray(gdb.Command):
    """Set paradbg's coarray settings.

Usage: set coarray SETTING VALUE"""

    def __init__(self):
        super().__init__("set coarray", gdb.COMMAND_DATA, gdb.COMPLETE_COMMAND, prefix=True)


class ShowCoarray(gdb.Command):
    """Show paradbg's coarray settings.

Usage: show coarray [SETTING]"""

    def __init__(self):
        super().__init__("show coarray", gdb.COMMAND_DATA, gdb.COMPLETE_COMMAND, prefix=True)


class CoarrayPluginPath(gdb.Parameter):
    """Directories searched for the coarray debug library the program names.

Usage: set coarray plugin-path DIR[:DIR...]

The coarray runtime names its debug library (caf_debugger_plugin; libparcaf
names libcafdbg.so); only a base name paradbg knows is used, and it is
looked for in these directories first, then in paradbg's own install (or
build) directory.  A path the program gives is never loaded as it is, so
a core file cannot make GDB load a library of its choosing."""

    set_doc = "Set the directories searched for coarray debug libraries."
    show_doc = "Show the directories searched for coarray debug libraries."

    def __init__(self):
        super().__init__("coarray plugin-path", gdb.COMMAND_DATA, gdb.PARAM_STRING)
        self.value = ""

    def get_set_string(self):
        dirs = [d for d in self.value.split(":") if d]
        missing = [d for d in dirs if not os.path.isdir(d)]
        plugin.coarray_user_dirs[:] = [os.path.abspath(d) for d in dirs]
        target.forget()
        if missing:
            return "Warning: not a directory: %s" % ", ".join(missing)
        return ""

    def get_show_string(self, svalue):
        return ("Coarray debug libraries are searched for in %s."
                % (":".join(plugin.trusted_dirs("coarray")) or "no directory"))


def register():
    SetOpenMP()
    ShowOpenMP()
    PluginPath()
    SetCoarray()
    ShowCoarray()
    CoarrayPluginPath()
