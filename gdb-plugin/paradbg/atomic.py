"""paradbg.atomic: the atomic locks of the program in the selected
inferior as plain objects: the locks of the lock table behind atomics
wider than the hardware's (the libatomic ABI), who holds each and for
which object, and which threads wait.  libparadbg reads them through the
debug library the atomic runtime names (libcafdbg.so for libparatomic),
from the same trusted directories as the coarray debug library ("set
coarray plugin-path").  A libatomic that records no owners (GNU's) gives
no owner: only the threads its stacks show in the library's lock path.
The commands in paradbg/cmd_atomic.py only print these.

    locks()           the held locks, by index
    waiters()         every thread that waits for an atomic lock
    runtime()         the runtime, its note and the table's size
    waits()           {LWP: the wait in words} of the waiting threads
    records()         libparadbg's "atomic" object, as parsed JSON

The thread and image views (paradbg.openmp.threads(), "info openmp
threads", paradbg.coarray.images(), "info coarray images") show a wait
for an atomic lock: libparadbg marks it in their records
(pdb_gather_json_marked, pdb_caf_gather_json_marked) from what marking()
here gives it.
"""
import contextlib
import ctypes as C
import json
import os

import gdb

from . import binding, plugin as plugins, table, target
from .openmp import _text

MAX_FRAMES = 32      # frames of one thread unwound for a libatomic without owners


class Who:
    """A thread, as the atomic view names it."""
    lwp = None           # None: unknown
    text = None          # "thread 3 (LWP 1234, OpenMP thread 2)", "LWP 1234 (image 2)"
    omp_thread = None    # its OpenMP thread number, None: none or unknown
    image = None         # the coarray image whose main thread it is, None: none
    alive = False        # among the inferior's threads; False: it no longer exists
    gdb_thread = None    # its gdb.InferiorThread, if GDB has it
    gdb_num = None       # GDB's (global) number of that thread

    def __repr__(self):
        return "<paradbg.atomic.Who %s>" % self.text


class Object:
    """An object an atomic operation works on."""
    address = None
    size = None
    name = None          # "counter", "counter+8", or "0x7f..40" where the symbols do not tell
    locks = ()           # every lock it spans, in the order they are taken

    @property
    def label(self):
        """"counter (40 bytes)"."""
        if self.size is None:
            return self.name or "?"
        return "%s (%d byte%s)" % (self.name or "?", self.size, "" if self.size == 1 else "s")

    def __repr__(self):
        return "<paradbg.atomic.Object %s>" % self.label


class Waiter:
    """A thread that waits for an atomic lock."""
    thread = None        # a Who
    lock = None          # the lock's index, None: unknown
    object = None        # an Object, None: unknown
    self = False         # it holds that lock itself (re-entered, e.g. from a signal handler)
    wait = None          # in words: "atomic lock 5 for counter (held by thread 3)"

    def __repr__(self):
        return "<paradbg.atomic.Waiter %s: %s>" % (self.thread and self.thread.text, self.wait)


class Lock:
    """A held lock."""
    index = None
    state = None         # "held" or "held, threads waiting"
    owner = None         # a Who; owner.lwp None: unknown
    object = None        # the Object its holder works on, None: unknown
    counted_waiters = None  # the runtime's count, None: unknown
    waiters = ()         # the Waiters the runtime names
    note = None          # the owner's trouble in words, None: none

    @property
    def unnamed_waiters(self):
        """Waiters the runtime counts but does not name."""
        if self.counted_waiters is None:
            return 0
        return max(0, self.counted_waiters - len(self.waiters))

    def __repr__(self):
        return "<paradbg.atomic.Lock %s held by %s>" % (self.index, self.owner and self.owner.text)


class Runtime:
    """What runtime() tells of the atomic runtime and its table."""
    runtime = None          # "libparatomic", "GNU libatomic"
    owners_recorded = False  # False: the runtime keeps no owners
    note = None             # for a runtime without owners, what cannot be known
    plugin_path = None
    plugin_version = None
    nlocks = None           # locks in the table, None: unknown
    granule = None          # bytes per granule, None: unknown
    truncated = 0           # locks, waiters or spanned locks left out

    def __repr__(self):
        return "<paradbg.atomic.Runtime %s>" % self.runtime


# -- the session: one per inferior, opened on libparadbg ----------------------

class NoAtomics(Exception):
    """The program does not use libatomic."""


class AtomicSpace(target.Reader):
    """The libparadbg atomic session of one inferior; session None (and
    absent the reason) for a program without libatomic, so that the thread
    views ask only once."""
    plugin_kind = "coarray"        # the same debug library, libcafdbg.so

    def __init__(self, inferior, key):
        super().__init__(inferior, key)
        lib = binding.lib()
        self.absent = None
        self.owners = False
        self.options = binding.Options(b"the program", self.dirs, self.ndirs,
                                       b'add its directory with "set coarray plugin-path DIR"')
        try:
            with self.reading():
                session, msg = C.c_void_p(), C.create_string_buffer(4096)
                st = lib.pdb_atomic_open(C.byref(self.host), key, C.byref(self.options),
                                         C.byref(session), msg, len(msg))
                if st == binding.STATUS_NO_RUNTIME:
                    self.absent = table.decode(msg.value) or "The program does not use libatomic"
                    return
                if st != binding.STATUS_OK:
                    raise plugins.PluginError(table.decode(msg.value))
                self.session = session
                self.owners = bool(lib.pdb_atomic_records_owners(session))
                path = lib.pdb_atomic_plugin_path(session)
                self.plugin_path = table.decode(path) if path else None
                version = lib.pdb_atomic_plugin_version(session)
                self.plugin_version = table.decode(version) if version else None
        except BaseException:
            target.Reader.release(self)
            raise

    def release(self):
        if self.session is not None:
            binding.lib().pdb_atomic_close(self.session)
            self.session = None
        super().release()

    def records(self, threads, omp, caf):
        """libparadbg's "atomic" object for threads (AtomicThread), as JSON;
        omp and caf: the OpenMP and coarray sessions, or None."""
        arr = (binding.AtomicThread * max(1, len(threads)))(*threads)
        msg = C.create_string_buffer(4096)
        with self.reading():
            text = binding.take_string(binding.lib().pdb_atomic_gather_json(
                self.session, arr, len(threads), omp, caf, msg, len(msg)))
        if text is None:
            raise gdb.GdbError("paradbg: %s" % (table.decode(msg.value) or "out of memory"))
        return json.loads(text)


_spaces = target.Spaces(AtomicSpace)


def _space(inf=None, quiet=False):
    """inf's atomic session (the selected inferior's by default); None,
    when quiet, where there is none.  Else gdb.GdbError in one line."""
    inf = inf or gdb.selected_inferior()
    if inf.pid == 0:
        if quiet:
            return None
        raise gdb.GdbError("The program is not being run.")
    try:
        space = _spaces.get(inf)
    except (plugins.PluginError, binding.BindingError) as e:
        if quiet:
            return None
        raise gdb.GdbError("paradbg: %s" % e) from None
    if space.absent is not None:
        if quiet:
            return None
        raise gdb.GdbError("%s." % space.absent.rstrip("."))
    return space


# -- what the host tells libparadbg: its threads, and their frames -----------

_lwp = target.lwp_of


def _frames(t):
    """Thread t's frames, innermost first, as binding.Frame (function and
    the objfile's base name), at most MAX_FRAMES; switches to t (the
    caller keeps the selection)."""
    out = []
    for f in target.walk_frames(t, MAX_FRAMES):
        pc = f.pc()
        name = target.gdb_text(f.name)
        lib = target.gdb_text(lambda: gdb.solib_name(pc))
        out.append(binding.Frame(pc, name.encode("utf-8", errors="surrogateescape") if name else None,
                                 0, None, 0,
                                 os.path.basename(lib).encode("utf-8", errors="surrogateescape")
                                 if lib else None))
    return out


def _host_threads(space, gdb_threads):
    """(AtomicThread list, what keeps their buffers alive)."""
    keep, out = [], []
    with_frames = not space.owners
    with target.keeping_selection(), target.unwinding_many():
        for t in gdb_threads:
            label = ("thread %d" % t.global_num).encode()
            keep.append(label)
            frames, nframes = None, 0
            if with_frames:
                fl = _frames(t)
                if fl:
                    arr = (binding.Frame * len(fl))(*fl)
                    keep += [fl, arr]      # the names' bytes, and the array
                    frames, nframes = C.cast(arr, C.POINTER(binding.Frame)), len(fl)
            out.append(binding.AtomicThread(_lwp(t), label, frames, nframes))
    return out, keep


def _other_sessions(inf, omp_space=None):
    """The OpenMP and coarray spaces of inf, each None if it has none:
    they tell libparadbg who is which OpenMP thread and image."""
    from . import coarray, openmp
    caf = None
    if omp_space is None and openmp.runtime_library() is not None:
        try:
            omp_space = target._openmp_spaces.get(inf)
        except (target.NoRuntime, plugins.PluginError, binding.BindingError, gdb.error):
            omp_space = None
    if target.lookup_symbol("caf_debugger_plugin") is not None:
        try:
            caf = coarray._spaces.get(inf)
        except (coarray.NoCoarrays, plugins.PluginError, binding.BindingError, gdb.error):
            caf = None
    return omp_space, caf


def _gather(space, omp_space=None):
    inf = space.inferior
    gdb_threads = sorted(inf.threads(), key=lambda t: t.num)
    threads, keep = _host_threads(space, gdb_threads)
    omp, caf = _other_sessions(inf, omp_space)
    with contextlib.ExitStack() as stack:
        for other in (omp, caf):
            if other is not None:
                stack.enter_context(other.reading())
        recs = space.records(threads, omp and omp.session, caf and caf.session)
    del keep
    return recs


def records():
    """libparadbg's "atomic" object for the selected inferior, as parsed
    JSON (docs/paradbg-inspect.schema.json)."""
    return _gather(_space())


# -- records: libparadbg's JSON as the objects above -----------------------

def _by_lwp(inf):
    return {_lwp(t): t for t in inf.threads()} if inf is not None else {}


def _who(rec, threads):
    w = Who()
    if rec is None:
        return w
    w.lwp = rec.get("lwp")
    w.text = _text(rec.get("text"))
    w.omp_thread = rec.get("omp_thread")
    w.image = rec.get("image")
    w.alive = bool(rec.get("alive"))
    t = threads.get(w.lwp) if w.lwp else None
    if t is not None:
        w.gdb_thread, w.gdb_num = t, t.global_num
    return w


def _object(rec):
    if rec is None:
        return None
    o = Object()
    o.address = int(rec["address"], 16) if rec.get("address") is not None else None
    o.size = rec.get("size")
    o.name = _text(rec.get("name"))
    o.locks = tuple(rec.get("locks") or ())
    return o


def _waiter(rec, threads):
    w = Waiter()
    w.thread = _who(rec.get("thread"), threads)
    w.lock = rec.get("lock")
    w.object = _object(rec.get("object"))
    w.self = bool(rec.get("self"))
    w.wait = _text(rec.get("wait"))
    return w


def _parse(recs, inf):
    """(Runtime, [Lock], [Waiter]) of an "atomic" object."""
    threads = _by_lwp(inf)
    tab = Runtime()
    tab.runtime = _text(recs.get("runtime"))
    tab.owners_recorded = bool(recs.get("owners_recorded"))
    tab.note = _text(recs.get("note"))
    plugin = recs.get("plugin") or {}
    tab.plugin_path = _text(plugin.get("path"))
    tab.plugin_version = _text(plugin.get("version"))
    tab.nlocks = recs.get("nlocks") or None
    tab.granule = recs.get("granule") or None
    tab.truncated = recs.get("truncated") or 0
    waiters = [_waiter(w, threads) for w in recs.get("waiters") or ()]
    # the waiters by lock, once: no walk over every waiter for every lock
    by_lock = {}
    for w in waiters:
        if w.lock is not None:
            by_lock.setdefault(w.lock, []).append(w)
    locks = []
    for rec in recs.get("locks") or ():
        k = Lock()
        k.index = rec.get("index")
        k.state = rec.get("state")
        k.owner = _who(rec.get("owner"), threads)
        k.object = _object(rec.get("object"))
        k.counted_waiters = rec.get("counted_waiters")
        lwps = set(rec.get("waiters") or ())
        k.waiters = tuple(w for w in by_lock.get(k.index, ()) if w.thread.lwp in lwps)
        k.note = _text(rec.get("note"))
        locks.append(k)
    return tab, locks, waiters


def read():
    """(Runtime, [Lock], [Waiter]) of the selected inferior, read in one go."""
    space = _space()
    return _parse(_gather(space), space.inferior)


def locks():
    """The held locks, by index, as Lock objects."""
    return read()[1]


def waiters():
    """Every thread that waits for an atomic lock, as Waiter objects: those
    the runtime names, or, for a libatomic without owners, those its
    stacks show in its lock path (lock None)."""
    return read()[2]


def runtime():
    """The runtime and its lock table, as a Runtime object."""
    return read()[0]


# The libatomic ABI's shared libraries: GNU's, and libparatomic (also under
# the name libatomic.so.1 in paradbg-run's directory).
_LIBATOMIC = ("libatomic.so", "libparatomic.so")


def _loads_libatomic(inf):
    """Whether inf has loaded a libatomic: the thread views' cheap test, so
    that a program without one costs them no symbol lookup (a symbol no
    file defines makes GDB read every file's debug information)."""
    for o in inf.progspace.objfiles():
        name = target.gdb_text(lambda: o.filename)
        if name and os.path.basename(name).startswith(_LIBATOMIC):
            return True
    return False


def waits(omp_space=None, inf=None):
    """{LWP: the wait in words} of the threads of inf (the selected
    inferior) that wait for an atomic lock; {} for a program that loaded
    no libatomic, or when its table cannot be read (the atomic commands
    say why).  omp_space: the OpenMP session already open, if any."""
    inf = inf or gdb.selected_inferior()
    if not _loads_libatomic(inf):
        return {}
    space = _space(inf, quiet=True)
    if space is None:
        return {}
    try:
        recs = _gather(space, omp_space)
    except (gdb.GdbError, gdb.error, ValueError):
        return {}
    out = {}
    for w in recs.get("waiters") or ():
        lwp = (w.get("thread") or {}).get("lwp")
        if lwp and w.get("wait") and lwp not in out:
            out[lwp] = _text(w["wait"])
    return out


# -- the other views -------------------------------------------------------

@contextlib.contextmanager
def marking(inf):
    """What libparadbg needs to mark the atomic waits of inf's threads and
    image in the thread and image views (pdb_gather_json_marked,
    pdb_caf_gather_json_marked): yields (the atomic session, an array of
    binding.AtomicThread, their number), inside the atomic session's
    reading().  (None, None, 0) for a program that loaded no libatomic,
    or whose atomic runtime cannot be opened (the atomic commands say
    why): the views are then read as they are."""
    space = _space(inf, quiet=True) if _loads_libatomic(inf) else None
    if space is None:
        yield None, None, 0
        return
    threads, keep = _host_threads(space, sorted(inf.threads(), key=lambda t: t.num))
    arr = (binding.AtomicThread * max(1, len(threads)))(*threads)
    with space.reading():
        yield space.session, arr, len(threads)
    del keep
