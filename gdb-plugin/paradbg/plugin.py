"""Finding and loading an OMPD library.  The target only names it; the name
is reduced to a base name and looked for in trusted directories, so that a
core file from someone else can never make GDB load a library of its
choosing."""
import ctypes
import os

from . import ompd_abi as abi


class PluginError(Exception):
    """Why no OMPD library could be used; the message is one line for the user."""


# Set by the script that loads the package (paradbg-gdb.py in the build
# tree, the auto-load script once installed): where our own plugin lives.
own_dirs = []
# Added with "set openmp plugin-path".
user_dirs = []

_loaded = {}          # path -> Plugin; a loaded library is never unloaded


def trusted_dirs():
    seen, out = set(), []
    for d in user_dirs + own_dirs:
        d = os.path.abspath(d)
        if d not in seen:
            seen.add(d)
            out.append(d)
    return out


def safe_name(name):
    """The base name of what the target names, or None if nothing is left."""
    base = os.path.basename(name.strip())
    if base in ("", ".", "..") or "\0" in base:
        return None
    return base


def find(names):
    """The path of the first of names found in a trusted directory."""
    bases = []
    for b in (safe_name(n) for n in names):
        if b and b not in bases:
            bases.append(b)
    if not bases:
        raise PluginError("the program names no usable OMPD library")
    for base in bases:
        for d in trusted_dirs():
            path = os.path.join(d, base)
            if os.path.isfile(path):
                return path
    raise PluginError("OMPD library %s not found in %s; add its directory with "
                      "\"set openmp plugin-path DIR\""
                      % (" or ".join(bases), ":".join(trusted_dirs()) or "(no directory)"))


class Plugin:
    """One loaded OMPD library, initialized with our callbacks."""

    def __init__(self, path, callbacks):
        self.path = path
        try:
            lib = ctypes.CDLL(path, mode=os.RTLD_LOCAL | os.RTLD_NOW)
        except OSError as e:
            raise PluginError("cannot load %s: %s" % (path, e)) from None
        for name, argtypes in abi.PROTOTYPES.items():
            try:
                fn = getattr(lib, name)
            except AttributeError:
                raise PluginError("%s is not an OMPD library: it has no %s" % (path, name)) from None
            fn.argtypes = argtypes
            fn.restype = abi.rc_t
            setattr(self, name[len("ompd_"):], fn)
        self.lib = lib
        rc = self.initialize(abi.API_VERSION, ctypes.byref(callbacks))
        if rc != abi.RC["ok"]:
            raise PluginError("%s refuses OMPD API %d (%s)" % (path, abi.API_VERSION, abi.rc_name(rc)))
        version = ctypes.c_char_p()
        self.version = (version.value.decode(errors="replace")
                        if self.get_version_string(ctypes.byref(version)) == 0 and version.value
                        else "unknown")


def load(path, callbacks):
    if path not in _loaded:
        _loaded[path] = Plugin(path, callbacks)
    return _loaded[path]
