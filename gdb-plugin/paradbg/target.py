"""The OMPD callbacks on GDB's Python API, and one address space per
inferior: memory is read in whole pages and kept only while one command
runs (the inferior cannot move meanwhile); symbols come from debug
information or, without it, from the minimal symbols GDB has even for a
stripped library; thread contexts are LWPs."""
import contextlib
import ctypes
import re
import sys

import gdb

from . import ompd_abi as abi
from . import plugin as plugins
from . import table

PAGE = 4096
MAX_NAMES = 16          # entries of ompd_dll_locations we look at
MAX_NAME = 4096         # bytes of one plugin name
_IDENT = re.compile(r"^[A-Za-z_.$][A-Za-z0-9_.$]*$")
_OK = abi.RC["ok"]
_ERROR = abi.RC["error"]


class NoRuntime(Exception):
    """The program has no OpenMP runtime paradbg can read."""


def _guard(fn):
    """A callback must never let an exception through: ctypes would print it
    and return 0, which is ompd_rc_ok."""
    def call(*args):
        try:
            return fn(*args)
        except Exception:          # pylint: disable=broad-except
            return _ERROR
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
        return abi.RC["nomem"]
    out[0] = p
    return _OK


@_guard
def _free(p):
    _libc.free(p)
    return _OK


@_guard
def _print(s, category):
    text = table.printable(table.decode(s).rstrip("\n"))   # it may quote the target
    sys.stderr.write("paradbg: OMPD: %s\n" % text)
    return _OK


@_guard
def _sizeof(ctx, sizes):
    space = _space(ctx)
    if space is None:
        return abi.RC["bad_input"]
    s = sizes[0]
    s.sizeof_char, s.sizeof_short, s.sizeof_int = 1, 2, 4
    s.sizeof_long_long = 8
    s.sizeof_long = space.sizeof("long", space.pointer_size)
    s.sizeof_pointer = space.pointer_size
    return _OK


@_guard
def _symbol(ctx, tctx, name, out, file_name):
    space = _space(ctx)
    if space is None or not name:
        return abi.RC["bad_input"]
    addr = space.symbol(name.decode())
    if addr is None:
        return _ERROR
    out[0].segment = abi.SEGMENT_UNSPECIFIED
    out[0].address = addr
    return _OK


@_guard
def _read(ctx, tctx, addr, n, buf):
    space = _space(ctx)
    if space is None or not buf:
        return abi.RC["bad_input"]
    data = space.read(addr[0].address, n)
    if data is None:
        return _ERROR
    ctypes.memmove(buf, data, n)
    return _OK


@_guard
def _read_string(ctx, tctx, addr, n, buf):
    space = _space(ctx)
    if space is None or not buf or n == 0:
        return abi.RC["bad_input"]
    s, complete = space.read_string(addr[0].address, n - 1)
    if s is None:
        return _ERROR
    ctypes.memmove(buf, s + b"\0", len(s) + 1)
    return _OK if complete else abi.RC["incomplete"]


@_guard
def _write(ctx, tctx, addr, n, buf):
    return abi.RC["unsupported"]      # looking never changes the program


@_guard
def _thread_context(ctx, kind, size, tid, out):
    space = _space(ctx)
    if space is None or not tid:
        return abi.RC["bad_input"]
    if kind != abi.THREAD_ID_LWP:
        return abi.RC["unsupported"]
    if size == 4:
        lwp = ctypes.c_int32.from_address(tid).value
    elif size == 8:
        lwp = ctypes.c_int64.from_address(tid).value
    else:
        return abi.RC["bad_input"]
    if space.thread_by_lwp(lwp) is None:
        return abi.RC["unavailable"]
    out[0] = lwp                      # the context is the LWP itself
    return _OK


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


class AddressSpace:
    """The OMPD view of one inferior: its plugin and address-space handle."""

    def __init__(self, inferior, key):
        self.inferior = inferior
        self.key = key
        self.pages = None              # None: not inside reading()
        self.symbols = {}
        self.pointer_size = gdb.lookup_type("void").pointer().sizeof
        if sys.byteorder != _byte_order():
            raise plugins.PluginError("the program's byte order is not this machine's")
        self.handle = None
        self.plugin = None
        _spaces[key] = self
        try:
            with self.reading():
                names = self.plugin_names()
                self.plugin = plugins.load(plugins.find(names), CALLBACKS)
                h = ctypes.c_void_p()
                rc = self.plugin.process_initialize(key, ctypes.byref(h))
                if rc == abi.RC["incompatible"]:
                    raise plugins.PluginError(
                        "%s cannot read this OpenMP runtime (another version of its layout)"
                        % self.plugin.path)
                if rc != _OK:
                    raise plugins.PluginError("%s cannot read the program (%s)"
                                              % (self.plugin.path, abi.rc_name(rc)))
                self.handle = h
        except BaseException:
            del _spaces[key]
            raise

    def release(self):
        if self.handle is not None:
            self.plugin.rel_address_space_handle(self.handle)
            self.handle = None
        _spaces.pop(self.key, None)

    def sizeof(self, name, default):
        try:
            return gdb.lookup_type(name).sizeof
        except gdb.error:
            return default

    def plugin_names(self):
        """The OMPD library names the runtime gives, best first."""
        names = []
        locs = self.symbol("ompd_dll_locations")
        if locs is not None:
            table = self.read_pointer(locs)
            for i in range(MAX_NAMES):
                p = self.read_pointer(table + i * self.pointer_size) if table else None
                if not p:
                    break
                s, _ = self.read_string(p, MAX_NAME)
                if s:
                    names.append(s.decode(errors="replace"))
        old = self.symbol("ompt_debugger_plugin")
        if old is not None:
            p = self.read_pointer(old)
            s, _ = self.read_string(p, MAX_NAME) if p else (None, False)
            if s:
                names.append(s.decode(errors="replace"))
        if locs is None and old is None:
            raise NoRuntime()
        return names

    def symbol(self, name):
        if name not in self.symbols:
            self.symbols[name] = lookup_symbol(name)
        return self.symbols[name]

    @contextlib.contextmanager
    def reading(self):
        """Lets reads be cached for the duration; the inferior must not run."""
        if self.pages is not None:
            yield self
            return
        self.pages = {}
        try:
            yield self
        finally:
            self.pages = None

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
        for t in self.inferior.threads():
            if t.ptid[1] == lwp or (t.ptid[1] == 0 and t.ptid[0] == lwp):
                return t
        return None


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


_by_inferior = {}


def forget(*_):
    """Drops every address space: the programs or their libraries changed."""
    for space in list(_by_inferior.values()):
        space.release()
    _by_inferior.clear()


def current():
    """The address space of the selected inferior; raises gdb.GdbError."""
    inf = gdb.selected_inferior()
    if inf.pid == 0:
        raise gdb.GdbError("The program is not being run.")
    ident = _inferior_key(inf)
    space = _by_inferior.get(ident)
    if space is None:
        for old_ident in [k for k in _by_inferior if k[0] == inf.num]:
            _by_inferior.pop(old_ident).release()
        _next_key[0] += 1
        try:
            space = AddressSpace(inf, _next_key[0])
        except NoRuntime:
            other = plugins.other_runtime(o.filename for o in inf.progspace.objfiles())
            if other:
                raise gdb.GdbError("The program runs on %s." % other) from None
            raise gdb.GdbError("No OpenMP runtime in the program (no ompd_dll_locations "
                               "or ompt_debugger_plugin).") from None
        except plugins.PluginError as e:
            raise gdb.GdbError("paradbg: %s" % e) from None
        _by_inferior[ident] = space
    return space


for _event in ("new_objfile", "clear_objfiles", "exited", "inferior_deleted"):
    if hasattr(gdb.events, _event):
        getattr(gdb.events, _event).connect(forget)
