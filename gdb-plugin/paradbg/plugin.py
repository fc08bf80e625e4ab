"""Finding and loading an OMPD library.  The target only names it; the
package loads it only if the name is the exact file name of a plugin it
knows, only from a trusted directory, and only once the file is seen to
export the OMPD entry points, so that a core file from someone else can
never make GDB load a library of its choosing (a runtime included: its
constructor would run inside GDB)."""
import ctypes
import os
import stat
import struct

from . import ompd_abi as abi
from . import table


class PluginError(Exception):
    """Why no OMPD library could be used; the message is one line for the user."""


# The only OMPD library the package loads, as include/paradbg/plugins.h
# names it (tests/hostile-plugin-names.test checks that they agree).
OMPD_PLUGIN = "libparompd.so"

# Set by the script that loads the package (paradbg-gdb.py in the build
# tree, the auto-load script once installed): where our own plugin lives.
own_dirs = []
# Added with "set openmp plugin-path".
user_dirs = []

_loaded = {}          # path -> Plugin; a loaded library is never unloaded

# Where paradbg's libgomp.so.1 stand-in is, for advice; set by the loader.
runtime_dir = None

# OpenMP runtimes that name no plugin a debugger could load, by the start of
# their file names, and what the user can do instead.
_ON_LIBPAROMP = ("run the program on libparomp, with paradbg-run or with "
                 "LD_LIBRARY_PATH=%s")
_REBUILD = ("libparomp stands in for libgomp only: build the program with gcc -fopenmp "
            "and run it with paradbg-run")
OTHER_RUNTIMES = (("libgomp.so", "GNU libgomp", _ON_LIBPAROMP),
                  ("libomp.so", "LLVM libomp", _REBUILD),
                  ("libomp-", "LLVM libomp", _REBUILD),
                  ("libiomp5", "Intel's libiomp5", _REBUILD))


def other_runtime(file_names):
    """'GNU libgomp (libgomp.so.1), which paradbg cannot read: <advice>' for
    the first known runtime among file_names, or None."""
    for name in file_names:
        base = os.path.basename(name or "")
        for prefix, what, advice in OTHER_RUNTIMES:
            if base.startswith(prefix):
                if "%s" in advice:
                    advice %= runtime_dir or "paradbg's runtime directory"
                return "%s (%s), which paradbg cannot read: %s" % (what, table.printable(base), advice)
    return None


def trusted_dirs():
    seen, out = set(), []
    for d in user_dirs + own_dirs:
        d = os.path.abspath(d)
        if d not in seen:
            seen.add(d)
            out.append(d)
    return out


def safe_name(name):
    """The base name of what the target names, or None if nothing printable
    is left (a plugin name is a plain file name, so nothing else is shown)."""
    base = os.path.basename(name)
    if base in ("", ".", "..") or any(not " " < c < "\x7f" for c in base):
        return None
    return base


def find(names):
    """The path of our OMPD library, if the target names it, in a trusted
    directory."""
    bases = []
    for b in (safe_name(n) for n in names):
        if b and b not in bases:
            bases.append(b)
    if not bases:
        raise PluginError("the program names no usable OMPD library")
    if OMPD_PLUGIN not in bases:
        raise PluginError("the program names '%s' as its OMPD library, which is not a plugin "
                          "paradbg loads (it loads only %s); not loaded" % (bases[0], OMPD_PLUGIN))
    for d in trusted_dirs():
        path = os.path.join(d, OMPD_PLUGIN)
        if os.path.isfile(path):
            return path
    raise PluginError("OMPD library %s not found in %s; add its directory with "
                      "\"set openmp plugin-path DIR\""
                      % (OMPD_PLUGIN, ":".join(trusted_dirs()) or "(no directory)"))


def defined_functions(data, wanted):
    """Which of the names in wanted the ELF file whose bytes are data
    defines as functions in its dynamic symbol table (read, never loaded):
    a set, or None if it is no ELF file of this machine's kind.  Every walk
    is bounded, and garbage gives None, never an exception."""
    if len(data) < 64 or data[:6] != b"\x7fELF\x02\x01":   # 64-bit, little-endian
        return None
    found = set()
    try:
        shoff, = struct.unpack_from("<Q", data, 0x28)
        shentsize, shnum = struct.unpack_from("<HH", data, 0x3A)
        for k in range(min(shnum, 4096)):
            sh = struct.unpack_from("<IIQQQQIIQQ", data, shoff + k * shentsize)
            if sh[1] != 11 or sh[9] != 24:             # SHT_DYNSYM of Elf64_Sym
                continue
            strtab = struct.unpack_from("<IIQQQQIIQQ", data, shoff + sh[6] * shentsize)
            for i in range(1, min(sh[5] // 24, 1 << 16)):
                st_name, info, _, shndx, _, _ = struct.unpack_from("<IBBHQQ", data, sh[4] + i * 24)
                if shndx == 0 or info & 0xF != 2:      # undefined, or not STT_FUNC
                    continue
                start = strtab[4] + st_name
                end = data.find(b"\0", start, start + 256)
                name = data[start:end].decode("ascii", "replace") if end > start else ""
                if name in wanted:
                    found.add(name)
                    if len(found) == len(wanted):
                        break
            return found                               # there is one dynamic symbol table
        return found
    except (struct.error, IndexError, OverflowError, ValueError):
        return None


class Plugin:
    """One loaded OMPD library, initialized with our callbacks."""

    def __init__(self, path, callbacks):
        self.path = path
        # Read through one descriptor, so that a FIFO cannot block us; then
        # loaded by its path, which is trusted.
        try:
            fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC | os.O_NONBLOCK)
        except OSError as e:
            raise PluginError("cannot open %s: %s" % (path, e.strerror)) from None
        try:
            exported = None
            if stat.S_ISREG(os.fstat(fd).st_mode):
                exported = defined_functions(os.pread(fd, 1 << 26, 0), set(abi.PROTOTYPES))
            missing = [n for n in abi.PROTOTYPES if exported is not None and n not in exported]
            if exported is None or missing:
                raise PluginError("%s is not an OMPD library: it does not export %s; not loaded"
                                  % (path, missing[0] if missing else "the OMPD entry points"))
        finally:
            os.close(fd)
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
    """The plugin at path, loaded once; a refusal is remembered too, so that
    a bad file is not read again at every command."""
    if path not in _loaded:
        try:
            _loaded[path] = Plugin(path, callbacks)
        except PluginError as e:
            _loaded[path] = e
    if isinstance(_loaded[path], PluginError):
        raise _loaded[path]
    return _loaded[path]
