"""The debugger callbacks on GDB's Python API, and one libparadbg session
per inferior: memory is read in whole pages and kept only while one
command runs (the inferior cannot move meanwhile); symbols come from debug
information or, without it, from the minimal symbols GDB has even for a
stripped library; thread contexts are LWPs.  libparadbg finds and loads
the OMPD library the program names; this module only answers its
questions."""
import bisect
import contextlib
import ctypes
import ctypes as C
import json
import os
import re
import sys

import gdb

from . import binding
from . import ompd_abi as abi
from . import plugin as plugins
from . import table

PAGE = 4096
_IDENT = re.compile(r"^[A-Za-z_.$][A-Za-z0-9_.$]*$")
_SYMBOLIZED = re.compile(r"<([^<>]+?)(?:\+(\d+))?>$")
_RC = {}


def rc(name):
    """The value of ompd_rc_NAME, from libparadbg's list."""
    if not _RC:
        _RC.update(binding.rc_names())
    return _RC[name]


class NoRuntime(Exception):
    """The program has no OpenMP runtime paradbg can read."""


def _guard(fn):
    """A callback must never let an exception through: ctypes would print it
    and return 0, which is ompd_rc_ok."""
    def call(*args):
        try:
            return fn(*args)
        except Exception:          # pylint: disable=broad-except
            return rc("error")
    return call


_spaces = {}           # context key -> AddressSpace


def _space(ctx):
    return _spaces.get(ctx or 0)


_libc = ctypes.CDLL(None)
_libc.malloc.restype = ctypes.c_void_p
_libc.malloc.argtypes = [ctypes.c_size_t]
_libc.free.argtypes = [ctypes.c_void_p]


@_guard
def _alloc(n, out):
    p = _libc.malloc(n or 1)
    if not p:
        return rc("nomem")
    out[0] = p
    return rc("ok")


@_guard
def _free(p):
    _libc.free(p)
    return rc("ok")


@_guard
def _print(s, category):
    text = table.printable(table.decode(s).rstrip("\n"))   # it may quote the target
    sys.stderr.write("paradbg: OMPD: %s\n" % text)
    return rc("ok")


@_guard
def _sizeof(ctx, sizes):
    space = _space(ctx)
    if space is None:
        return rc("bad_input")
    s = sizes[0]
    s.sizeof_char, s.sizeof_short, s.sizeof_int = 1, 2, 4
    s.sizeof_long_long = 8
    s.sizeof_long = space.sizeof("long", space.pointer_size)
    s.sizeof_pointer = space.pointer_size
    return rc("ok")


@_guard
def _symbol(ctx, tctx, name, out, file_name):
    space = _space(ctx)
    if space is None or not name:
        return rc("bad_input")
    # with a thread context: a thread-local variable of that thread (GDB
    # finds its block through libthread_db)
    addr = space.symbol(name.decode()) if not tctx else space.thread_symbol(name.decode(), tctx)
    if addr is None:
        return rc("error")
    out[0].segment = abi.SEGMENT_UNSPECIFIED
    out[0].address = addr
    return rc("ok")


@_guard
def _read(ctx, tctx, addr, n, buf):
    space = _space(ctx)
    if space is None or not buf:
        return rc("bad_input")
    data = space.read(addr[0].address, n)
    if data is None:
        return rc("error")
    ctypes.memmove(buf, data, n)
    return rc("ok")


@_guard
def _read_string(ctx, tctx, addr, n, buf):
    space = _space(ctx)
    if space is None or not buf or n == 0:
        return rc("bad_input")
    s, complete = space.read_string(addr[0].address, n - 1)
    if s is None:
        return rc("error")
    ctypes.memmove(buf, s + b"\0", len(s) + 1)
    return rc("ok") if complete else rc("incomplete")


@_guard
def _write(ctx, tctx, addr, n, buf):
    return rc("unsupported")      # looking never changes the program


@_guard
def _thread_context(ctx, kind, size, tid, out):
    space = _space(ctx)
    if space is None or not tid:
        return rc("bad_input")
    if kind != abi.THREAD_ID_LWP:
        return rc("unsupported")
    if size == 4:
        lwp = ctypes.c_int32.from_address(tid).value
    elif size == 8:
        lwp = ctypes.c_int64.from_address(tid).value
    else:
        return rc("bad_input")
    if space.thread_by_lwp(lwp) is None:
        return rc("unavailable")
    out[0] = lwp                      # the context is the LWP itself
    return rc("ok")


# device_to_host stays NULL: GDB and the target share this machine's byte
# order (AddressSpace refuses any other), and a ctypes call per field
# would cost more than everything else together.
CALLBACKS = abi.Callbacks(
    abi.alloc_fn(_alloc), abi.free_fn(_free), abi.print_fn(_print),
    abi.sizeof_fn(_sizeof), abi.symbol_fn(_symbol), abi.read_fn(_read),
    abi.write_fn(_write), abi.read_fn(_read_string), abi.convert_fn(),
    abi.convert_fn(), abi.thread_context_fn(_thread_context))


def lookup_symbol(name):
    """The address of a global named name, or None."""
    for lookup in (gdb.lookup_global_symbol, gdb.lookup_static_symbol):
        try:
            sym = lookup(name)
            if sym is not None and sym.addr_class != gdb.SYMBOL_LOC_OPTIMIZED_OUT:
                a = sym.value().address
                if a is not None:
                    return int(a)
        except gdb.error:
            pass
    # no debug information: the minimal symbol, which a stripped library
    # still has in .dynsym
    if not _IDENT.match(name):
        return None
    try:
        return int(gdb.parse_and_eval("&'%s'" % name))
    except gdb.error:
        return None


@_guard
def _describe(data, addr, out):
    space = _space(data)
    if space is None or not out:
        return -1
    place = space.describe(addr)
    if place is None:
        return -1
    function, offset, file, line, module = place
    p = out[0]
    p.function = _c_text(function, binding.NAME_MAX)
    p.offset = offset or 0
    p.file = _c_text(file, binding.NAME_MAX)
    p.line = line or 0
    p.module = _c_text(module, binding.MODULE_MAX)
    return 0


def _c_text(s, size):
    """s as bytes for a char[size] field, cut before a character that would
    not fit whole."""
    data = (s or "").encode("utf-8", errors="surrogateescape")
    if len(data) < size:
        return data
    data = data[:size - 1]
    for back in range(1, min(4, len(data)) + 1):   # a cut multi-byte character
        if data[-back] & 0xC0 != 0x80:
            if data[-back] >= 0xC0 and back < (2 if data[-back] < 0xE0 else 3 if data[-back] < 0xF0 else 4):
                data = data[:-back]
            break
    return data


@_guard
def _find_pointer(data, value, out):
    space = _space(data)
    if space is None or not out:
        return -1
    found = space.find_pointer(value)
    if found is None:
        return -1
    # the symbol as it is: libparadbg decodes it (and leaves module alone)
    out[0].function = _c_text(found, binding.NAME_MAX)
    return 0


HOST_CALLBACKS = binding.describe_fn(_describe)
FIND_POINTER = binding.find_pointer_fn(_find_pointer)


def make_host(key):
    """The struct pdb_host for the address space key."""
    return binding.Host(C.pointer(CALLBACKS), HOST_CALLBACKS, key, FIND_POINTER)


# Counts the events after which what was read of a program may no longer
# hold: it resumed or stopped, GDB wrote its memory or registers, a call
# ran in it, its files changed.  Equal counts: nothing can have moved.
_epoch = [0]


def _moved(*_):
    _epoch[0] += 1


for _event in ("cont", "stop", "memory_changed", "register_changed", "new_objfile",
               "clear_objfiles", "inferior_call_pre", "inferior_call_post", "exited",
               "new_inferior", "inferior_deleted", "new_thread"):
    if hasattr(gdb.events, _event):
        getattr(gdb.events, _event).connect(_moved)


def stop_epoch():
    """A number that stays the same for as long as the program stands still
    with nothing written to it, or None where it may move under GDB's
    prompt: in non-stop mode, where some threads run, and while the
    program runs in the background ("continue &"; in all-stop mode its
    threads run or stand together, so the selected one tells)."""
    try:
        if gdb.parameter("non-stop"):
            return None
        t = gdb.selected_thread()
        if t is not None and t.is_running():
            return None
    except (gdb.error, RuntimeError):
        return None
    return _epoch[0]


_threads_kept = [None]     # (inferior number, stop epoch, threads)


def threads_of(inf):
    """inf's threads in GDB's order.  GDB's threads() takes time that grows
    with the square of their number; the list holds while the program
    stands still (threads come and go only as it runs)."""
    epoch = stop_epoch()
    kept = _threads_kept[0]
    if epoch is not None and kept is not None and kept[:2] == (inf.num, epoch) \
            and all(t.is_valid() for t in kept[2]):
        return list(kept[2])
    threads = sorted(inf.threads(), key=lambda t: t.num)
    _threads_kept[0] = (inf.num, epoch, threads) if epoch is not None else None
    return list(threads)


class Reader:
    """What the callbacks read one inferior through: its memory (cached by
    page within reading(), and from one reading() to the next while the
    program stands still where keep_while_stopped), its symbols and its
    threads.  Registered under key, the context libparadbg passes back to
    the callbacks."""
    plugin_kind = "openmp"         # whose plugin directories it trusts
    # An OpenMP program's state is its own process's memory, still while
    # GDB stops it; a coarray image's shared memory moves with the others.
    keep_while_stopped = False

    def __init__(self, inferior, key):
        self.inferior = inferior
        self.key = key
        self.pages = None              # None: not inside reading()
        self.places = None
        self.frames = None             # thread -> its frame in words, within reading()
        self.kept = None               # (epoch, pages, places, frames) of the last reading()
        self.symbols = {}
        self.pointers = None           # PointerIndex, until the program runs
        self.pointer_size = gdb.lookup_type("void").pointer().sizeof
        if sys.byteorder != _byte_order():
            raise plugins.PluginError("the program's byte order is not this machine's")
        self.session = None
        # kept here: libparadbg holds pointers into them
        self.host = make_host(key)
        dirs = [d.encode() for d in plugins.trusted_dirs(self.plugin_kind)]
        self.dirs = (C.c_char_p * max(1, len(dirs)))(*dirs)
        self.ndirs = len(dirs)
        _spaces[key] = self

    def find_pointer(self, value):
        """The symbol of a variable of the program that holds value, or None."""
        if self.pointers is None:
            self.pointers = PointerIndex(self)
        return self.pointers.find(value)

    def forget(self):
        """The program has run."""
        self.pointers = None
        self.symbols = {k: v for k, v in self.symbols.items() if not isinstance(k, tuple)}

    def release(self):
        _spaces.pop(self.key, None)

    def describe(self, addr):
        """(function, offset, file, line, module) of addr, or None."""
        if self.places is not None and addr in self.places:
            return self.places[addr]
        place = describe_address(addr)
        if self.places is not None:
            self.places[addr] = place
        return place

    def sizeof(self, name, default):
        try:
            return gdb.lookup_type(name).sizeof
        except gdb.error:
            return default

    def thread_symbol(self, name, lwp):
        """The address of thread lwp's copy of the thread-local name, or None."""
        key = (name, lwp)
        if key not in self.symbols:
            t = self.thread_by_lwp(lwp)
            addr = None
            if t is not None and _IDENT.match(name):
                with keeping_selection():
                    try:
                        t.switch()
                        addr = int(gdb.parse_and_eval("&'%s'" % name))
                    except gdb.error:
                        addr = None
            self.symbols[key] = addr
        return self.symbols[key]

    def symbol(self, name):
        if name not in self.symbols:
            self.symbols[name] = lookup_symbol(name)
        return self.symbols[name]

    def still(self):
        """What the last reading() kept, (pages, places, frames), if the
        program has not moved since; else None."""
        epoch = stop_epoch() if self.keep_while_stopped else None
        if epoch is not None and self.kept is not None and self.kept[0] == epoch:
            return self.kept[1:]
        return None

    @contextlib.contextmanager
    def reading(self):
        """Lets reads be cached for the duration; the inferior must not run."""
        if self.pages is not None:
            yield self
            return
        epoch = stop_epoch() if self.keep_while_stopped else None
        kept = self.still()
        self.pages, self.places, self.frames = kept if kept is not None else ({}, {}, {})
        try:
            yield self
        finally:
            # tagged with the count at the start: an event meanwhile makes
            # the next reading() begin afresh
            self.kept = (epoch, self.pages, self.places, self.frames) if epoch is not None else None
            self.pages = self.places = self.frames = None

    def _read_direct(self, addr, n):
        try:
            return bytes(self.inferior.read_memory(addr, n))
        except (gdb.MemoryError, gdb.error, ValueError, OverflowError):
            return None

    def read(self, addr, n):
        if n == 0:
            return b""
        if self.pages is None or n > 4 * PAGE:
            return self._read_direct(addr, n)
        first, last = addr & ~(PAGE - 1), (addr + n - 1) & ~(PAGE - 1)
        parts = []
        for page in range(first, last + PAGE, PAGE):
            data = self.pages.get(page)
            if data is None:
                data = self._read_direct(page, PAGE)
                self.pages[page] = data if data is not None else False
            if not data:          # a page that does not read whole
                return self._read_direct(addr, n)
            parts.append(data)
        block = parts[0] if len(parts) == 1 else b"".join(parts)
        off = addr - first
        return block[off:off + n]

    def read_pointer(self, addr):
        data = self.read(addr, self.pointer_size)
        return int.from_bytes(data, sys.byteorder) if data is not None else None

    def read_string(self, addr, limit):
        """(bytes up to the NUL or limit, whether the NUL was found)."""
        out = b""
        while len(out) < limit:
            chunk = min(64, limit - len(out))
            data = self.read(addr + len(out), chunk)
            if data is None:
                # the string may end just before unreadable memory
                data = b""
                for i in range(chunk):
                    byte = self.read(addr + len(out) + i, 1)
                    if byte is None:
                        return (out + data, False) if data or out else (None, False)
                    data += byte
                    if byte == b"\0":
                        break
            nul = data.find(b"\0")
            if nul >= 0:
                return out + data[:nul], True
            out += data
        return out, False

    def thread_by_lwp(self, lwp):
        for t in threads_of(self.inferior):
            if t.ptid[1] == lwp or (t.ptid[1] == 0 and t.ptid[0] == lwp):
                return t
        return None


class AddressSpace(Reader):
    """The libparadbg OpenMP session of one inferior."""
    keep_while_stopped = True

    def __init__(self, inferior, key):
        super().__init__(inferior, key)
        lib = binding.lib()
        self.options = binding.Options(b"the program", self.dirs, self.ndirs,
                                       b'add its directory with "set openmp plugin-path DIR"')
        try:
            with self.reading():
                session, msg = C.c_void_p(), C.create_string_buffer(4096)
                st = lib.pdb_open(C.byref(self.host), key, C.byref(self.options),
                                  C.byref(session), msg, len(msg))
                if st != binding.STATUS_OK:
                    text = table.decode(msg.value)
                    if text.startswith("No OpenMP runtime"):
                        raise NoRuntime(text)
                    raise plugins.PluginError(text)
                self.session = session
                self.plugin_path = table.decode(lib.pdb_plugin_path(session))
                module = lib.pdb_runtime_module(session)
                self.runtime = table.decode(module) if module else None
        except BaseException:
            del _spaces[key]
            raise

    def forget(self):
        """The program has run: region and task numbers, and thread-local
        addresses, start again."""
        if self.session is not None:
            binding.lib().pdb_forget(self.session)
        super().forget()

    def release(self):
        if self.session is not None:
            binding.lib().pdb_close(self.session)
            self.session = None
        super().release()

    def records(self, lwps, want):
        """libparadbg's records of the threads lwps, as JSON values."""
        arr = (C.c_int64 * max(1, len(lwps)))(*lwps)
        msg = C.create_string_buffer(4096)
        with self.reading():
            text = binding.take_string(binding.lib().pdb_gather_json(
                self.session, arr, len(lwps), want, msg, len(msg)))
        if text is None:
            raise gdb.GdbError("paradbg: %s" % table.decode(msg.value))
        return json.loads(text)


# "[ 52] b 0x55e908076058 x.3 section .bss  x  t2.f90": a minimal symbol
# of data (D, and d for a file's own) or bss (B, b), from "maint print
# msymbols"
_MSYMBOL = re.compile(r"^\[\s*\d+\]\s+([dDbB])\s+0x([0-9a-fA-F]+)\s+(\S+)\s+section\s+(\S+)")
# Files whose variables are not the user's, beyond libparadbg's system
# files: the runtimes and the compiler's libraries (inspect/pointers.c's list).
_RUNTIME_FILES = ("libgfortran.", "libparcaf.", "libparomp.", "libparatomic.", "libgomp.",
                  "libquadmath.", "libgcc_s.", "libm.", "libstdc++.", "libmvec.", "libcafdbg.",
                  "libparadbg.")
# gfortran's own variables beside a coarray: its token, never its data
# (inspect/pointers.c skips the same)
_COMPILERS = ("caf_token", "_F.")
MAX_MSYMBOLS = 1 << 18       # data symbols looked at per file
# gfortran's descriptor of an allocatable coarray: base address, offset,
# dtype (16), span, rank + corank (at most 30) dimensions of 3 words, and
# the token
MAX_DESCRIPTOR = 48 + 24 * 30


def _symbol_at(addr):
    """"name" or "name + offset": the minimal symbol that holds addr, as
    "info symbol" names it (minimal symbols only: no debug information is
    read for it), or None."""
    try:
        text = gdb_text(lambda: gdb.execute("info symbol 0x%x" % addr, to_string=True))
    except gdb.error:
        return None
    i = text.find(" in section ")
    return text[:i] if i > 0 else None


def symbol_size(addr, ptr, hint=None):
    """The size of the variable at addr if it is a pointer (ptr) or may be
    an allocatable coarray's descriptor (64-bit only); None if neither.
    GDB's Python API gives no symbol's size, but GDB names an address by
    the symbol that holds it only within that symbol's size (the ELF
    st_size; without one, up to the next symbol), so the size is the first
    offset it no longer does.  hint: how far the next symbol is, most often
    the size, tried first."""
    base = _symbol_at(addr)
    if base is None:
        return None

    def inside(k):
        return _symbol_at(addr + k) == "%s + %d" % (base, k)

    if not inside(ptr - 1):
        return None
    if not inside(ptr):
        return ptr
    if ptr != 8 or inside(MAX_DESCRIPTOR):
        return None
    lo, hi = ptr, MAX_DESCRIPTOR       # inside at lo, not at hi
    if hint is not None and lo < hint < hi:
        if inside(hint):
            lo = hint
        else:
            hi = hint
            if inside(hint - 1):
                lo = hint - 1
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if inside(mid):
            lo = mid
        else:
            hi = mid
    return hi if hi >= 48 + 24 and (hi - 48) % 24 == 0 else None


def gdb_argument(text):
    """text quoted as one argument of a GDB command that splits its
    arguments as gdb_argv does (blanks, quotes and backslashes), or None
    if it cannot be passed safely.  gdb.execute runs each line of its
    string as a command and gdb_argv takes any control character for a
    blank, so a name that came from the program (a file name it gave
    dlopen) with one in it is never passed; nor a relative one, which GDB
    would expand ("~") or match against other files."""
    if not isinstance(text, str) or not text.startswith("/") or not text.isprintable() \
            or any(ord(c) < 0x20 or ord(c) == 0x7f for c in text):
        return None
    quoted = re.sub(r"([\\\"' ])", r"\\\1", text)
    try:
        if gdb.string_to_argv(quoted) != [text]:
            return None
    except (gdb.error, ValueError):
        return None
    return quoted


class PointerIndex:
    """Which variable of the program holds a pointer: the first word of
    every data and bss variable of the executable, then, only if it holds
    no pointer-sized variable with the value, of every user's shared
    library, read once.  GDB's Python API cannot list minimal symbols, so
    they come from "maint print msymbols" of each file, which gives their
    addresses where the file is loaded, for a process and a core alike.
    find() gives the symbol's own name ("x.5", "__m_MOD_x"): libparadbg
    alone makes a Fortran name of it."""

    def __init__(self, reader):
        self.reader = reader
        self.values = {}           # value -> [(rank, order, linkage name)]
        self.libraries = None      # the user's libraries, once read
        self.main_read = False
        self.order = 0             # of the symbols met, in their files' order

    def _libraries(self):
        progspace = self.reader.inferior.progspace
        main = progspace.filename
        files = []
        for o in progspace.objfiles():
            name = gdb_text(lambda: o.filename)
            if (not name or name == main or getattr(o, "owner", None) is not None
                    or "[vdso]" in name or os.path.basename(name).startswith(_RUNTIME_FILES)
                    or not binding.lib().pdb_module_is_users(
                        name.encode("utf-8", errors="surrogateescape"), None)):
                continue
            files.append(name)
        return files

    def _read_file(self, name, program):
        quoted = gdb_argument(name)
        if quoted is None:
            return                 # its variables stay unnamed
        try:
            # "--": nothing after the name is taken for an output file
            text = gdb_text(lambda: gdb.execute("maint print msymbols -objfile %s --" % quoted,
                                                to_string=True))
        except gdb.error:
            return
        symbols = []
        for line in text.splitlines():
            m = _MSYMBOL.match(line)
            if m is None or not m.group(4).startswith((".data", ".bss")) \
                    or m.group(4).startswith(".data.rel.ro"):
                continue
            symbols.append((int(m.group(2), 16), m.group(3), m.group(1).islower()))
            if len(symbols) >= MAX_MSYMBOLS:
                break
        ptr = self.reader.pointer_size
        starts = sorted({addr for addr, _, _ in symbols})
        with self.reader.reading():
            for addr, linkage, local in symbols:
                self.order += 1
                if linkage.startswith(_COMPILERS):
                    continue
                k = bisect.bisect_right(starts, addr)
                size = symbol_size(addr, ptr, starts[k] - addr if k < len(starts) else None)
                if size is None:
                    continue
                value = self.reader.read_pointer(addr)
                if value:
                    # inspect/pointers.c's ranking, so that both hosts name
                    # a coarray alike: a pointer before a descriptor, the
                    # program's before a library's, an exported name before
                    # a local one, then the order found
                    rank = (size != ptr) * 4 + (not program) * 2 + local
                    self.values.setdefault(value, []).append((rank, self.order, linkage))

    def find(self, value):
        """The linkage name of the best ranked variable that holds value, or None."""
        if not self.main_read:
            self.main_read = True
            main = self.reader.inferior.progspace.filename
            if main:
                self._read_file(main, True)
        found = self.values.get(value)
        # a library's pointer outranks the program's descriptor
        if (not found or min(found)[0] >= 2) and self.libraries is None:
            self.libraries = self._libraries()
            for name in self.libraries:
                self._read_file(name, False)
        found = self.values.get(value)
        return min(found)[2] if found else None


def _byte_order():
    try:
        endian = gdb.execute("show endian", to_string=True)
    except gdb.error:
        return sys.byteorder
    return "big" if "big endian" in endian else "little"


_next_key = [0x1000]


def _inferior_key(inf):
    # a new run or another executable gives a new address space; another
    # core loads new objfiles, and forget() drops the old one then
    core = getattr(inf.progspace, "filename", None)
    return (inf.num, inf.pid, core)


class Spaces:
    """The address spaces of one kind (an OpenMP or a coarray session), one
    per inferior, made by make(inferior, key) when first asked for and
    dropped when the program or its libraries change."""

    def __init__(self, make, drop_on_resume=False):
        self.make = make
        self.drop_on_resume = drop_on_resume   # else each is told to forget()
        self.by_inferior = {}
        _registries.append(self)

    def get(self, inf):
        """inf's address space; exceptions from make pass through."""
        ident = _inferior_key(inf)
        space = self.by_inferior.get(ident)
        if space is None:
            for old_ident in [k for k in self.by_inferior if k[0] == inf.num]:
                self.by_inferior.pop(old_ident).release()
            _next_key[0] += 1
            space = self.make(inf, _next_key[0])
            self.by_inferior[ident] = space
        return space

    def drop(self):
        for space in list(self.by_inferior.values()):
            space.release()
        self.by_inferior.clear()


_registries = []


def forget(*_):
    """Drops every address space: the programs or their libraries changed."""
    for reg in _registries:
        reg.drop()


_openmp_spaces = Spaces(AddressSpace)


def current():
    """The address space of the selected inferior; raises gdb.GdbError."""
    inf = gdb.selected_inferior()
    if inf.pid == 0:
        raise gdb.GdbError("The program is not being run.")
    try:
        return _openmp_spaces.get(inf)
    except NoRuntime as e:
        other = plugins.other_runtime(o.filename for o in inf.progspace.objfiles())
        if other:
            raise gdb.GdbError("The program runs on %s." % other) from None
        raise gdb.GdbError("%s." % e) from None
    except (plugins.PluginError, binding.BindingError) as e:
        raise gdb.GdbError("paradbg: %s" % e) from None


for _event in ("new_objfile", "clear_objfiles", "exited", "inferior_deleted"):
    if hasattr(gdb.events, _event):
        getattr(gdb.events, _event).connect(forget)


def _resumed(_):
    # every inferior: the images of a coarray program share memory, so one
    # that runs changes what the others show
    for reg in _registries:
        if reg.drop_on_resume:
            reg.drop()
        else:
            for space in reg.by_inferior.values():
                space.forget()


gdb.events.cont.connect(_resumed)


def describe_address(addr):
    """(function, offset, file, line, module) for an address of code or
    data, as GDB's symbols give them, or None if GDB knows nothing of it."""
    function = file = module = None
    offset = line = 0
    try:
        v = gdb.Value(addr).cast(gdb.lookup_type("void").pointer())
        m = _SYMBOLIZED.search(gdb_text(lambda: v.format_string(symbols=True, styling=False)))
        if m:
            function, offset = m.group(1), int(m.group(2) or 0)
    except (gdb.error, TypeError, ValueError):
        pass
    try:
        block = gdb.block_for_pc(addr)
        while block is not None and block.function is None:
            block = block.superblock
        if block is not None:
            function = gdb_text(lambda: block.function.print_name)
            offset = addr - block.start
        sal = gdb.find_pc_line(addr)
        if sal.symtab is not None:
            file, line = gdb_text(lambda: sal.symtab.filename), sal.line
    except (gdb.error, RuntimeError, TypeError, ValueError):
        pass
    lib = gdb_text(lambda: gdb.solib_name(addr))
    if lib:
        module = os.path.basename(lib)
    if function is None and module is None and file is None:
        return None
    return function, offset, file, line, module


def lwp_of(t):
    """A GDB thread's LWP (its process id where the target has no LWPs)."""
    return t.ptid[1] or t.ptid[0]


class unwinding_many:
    """For a walk up the stacks of many threads: GDB reads stacks through
    its stack cache, which it empties at each thread switch, in lines of
    64 bytes; and it reads code (an unwinder looking at an instruction)
    from the target.  From a core file, GDB 13 finds each read's place by
    looking at every one of the core's sections, about two a thread, so a
    walk costs time that grows with the square of the thread count.
    Inside, lines are a page (a thread's innermost frames most often sit
    in one, and a page reads whole or not at all) and read-only sections
    are read from their files, as the program cannot have changed them;
    GDB's own settings come back on the way out."""
    SETTINGS = (("dcache line-size", 4096), ("trust-readonly-sections", True))

    def __enter__(self):
        self.saved = []
        for name, value in self.SETTINGS:
            try:
                old = gdb.parameter(name)
                if old != value:
                    self._set(name, value)
                    self.saved.append((name, old))
            except (gdb.error, RuntimeError):
                pass
        return self

    def __exit__(self, *exc):
        for name, old in reversed(self.saved):
            try:
                self._set(name, old)
            except (gdb.error, RuntimeError):
                pass
        return False

    @staticmethod
    def _set(name, value):
        if isinstance(value, bool):
            value = "on" if value else "off"
        gdb.execute("set %s %s" % (name, value), to_string=True)


def walk_frames(t, limit):
    """Thread t's frames, innermost first, at most limit: switches to t
    (the caller keeps the selection) and stops where a stack does not
    unwind further, or at once if not even its innermost frame reads."""
    try:
        t.switch()
        f = gdb.newest_frame()
    except gdb.error:
        return
    n = 0
    try:
        while f is not None and n < limit:
            f.pc()           # a frame whose pc cannot be read ends the walk
            yield f
            n += 1
            f = f.older()
    except gdb.error:
        pass


def gdb_text(get):
    """get(): a name GDB read from the program (a symbol, a file name).  GDB
    raises UnicodeDecodeError for one that is not UTF-8; its bytes are kept,
    for table.printable() to show as \\xNN."""
    try:
        return get()
    except UnicodeDecodeError as e:
        return table.decode(bytes(e.object))


def selected_gdb_thread():
    """GDB's selected thread, or None.  When the selected thread has exited
    ("The current thread has terminated", as on a core whose NT_PRSTATUS
    notes are zeroed), gdb.selected_thread() raises SystemError instead."""
    try:
        return gdb.selected_thread()
    except SystemError:
        return None


class keeping_selection:
    """Restores the selected thread and frame, whatever happens inside."""

    def __enter__(self):
        self.thread = selected_gdb_thread()
        try:
            self.frame = gdb.selected_frame() if self.thread is not None else None
        except gdb.error:
            self.frame = None
        return self

    def __exit__(self, *exc):
        if self.thread is not None and self.thread.is_valid():
            self.thread.switch()
            if self.frame is not None and self.frame.is_valid():
                self.frame.select()
        return False
