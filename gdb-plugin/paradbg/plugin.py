"""Where the package lets libparadbg look for the OMPD library or the
coarray debug library a program names: its own plugin directories and
those added with "set openmp plugin-path" or "set coarray plugin-path".
libparadbg loads only a library whose file name paradbg knows, from these
directories, once it has seen the file export the entry points of its
kind (include/paradbg/plugins.h), so that a core file from someone else
can never make GDB load a library of its choosing."""
import ctypes
import os

from . import binding


class PluginError(Exception):
    """Why no OMPD or coarray debug library could be used; the message is
    one line for the user."""


# Set by the script that loads the package (paradbg-gdb.py in the build
# tree, the auto-load script once installed): where our own OMPD library
# and coarray debug library live.
own_dirs = []
coarray_own_dirs = []
# Added with "set openmp plugin-path".
user_dirs = []
# Added with "set coarray plugin-path".
coarray_user_dirs = []

# Where paradbg's libgomp.so.1 stand-in is, for advice; set by the loader.
runtime_dir = None


def other_runtime(file_names):
    """'GNU libgomp (libgomp.so.1), which paradbg cannot read: <advice>' for
    the first OpenMP runtime among file_names that names no OMPD library
    paradbg can load, or None: libparadbg keeps the list."""
    buf = ctypes.create_string_buffer(2048)
    for name in file_names:
        if name and binding.lib().pdb_other_runtime(
                name.encode("utf-8", errors="surrogateescape"),
                runtime_dir.encode() if runtime_dir else None, buf, len(buf)):
            return buf.value.decode("utf-8", errors="surrogateescape")
    return None


def trusted_dirs(kind="openmp"):
    """Where to look for the OMPD library ("openmp") or the coarray debug
    library ("coarray"): the user's directories first, then our own."""
    seen, out = set(), []
    dirs = coarray_user_dirs + coarray_own_dirs if kind == "coarray" else user_dirs + own_dirs
    for d in dirs:
        d = os.path.abspath(d)
        if d not in seen:
            seen.add(d)
            out.append(d)
    return out
