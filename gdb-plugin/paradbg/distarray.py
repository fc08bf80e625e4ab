"""paradbg.distarray: the distributed arrays of the program in the
selected inferior, in the words of the Distributed Array Protocol (DAP
0.10): the arrays it registered with paradbg_dap_register (paradbg/dap.h)
and, in a coarray program, every coarray (a leading 'b' dimension of one
index per image, then its own dimensions in C order).  libparadbg reads
them through the coarray debug library (libcafdbg.so, from the
directories of "set coarray plugin-path"), joins each array's pieces and
checks the protocol's rules on them; this module turns its records into
plain objects.  The commands in paradbg/cmd_distarray.py only print
these.

    arrays()            every array, as DistArray objects
    array(name)         the array name picks: NAME, or NAME#K (the K-th of
                        that name) where several arrays have the name
    read()              (arrays, truncated, note) in one go
    records()           libparadbg's "distarrays" list, as parsed JSON

A DistArray has name, pick (the name that picks it out: NAME, or NAME#K
where several arrays have the name), origin ("registered" or
"coarray"), typestr, shape (the global shape), shape_text ("18x3", as
the commands show it), nprocs, valid, problem and ranks (one Rank per
process a source holds, by rank; its owned_text and dim_data_text are
the commands' text of its owned indices and dimensions).  arr.__distarray__(rank) is the
protocol's dictionary of that rank, its buffer read from the program: a
NumPy array when NumPy imports, else a memoryview; arr.assemble() is the
global NumPy array, with arr.last_assembly what assembling found (halos
compared with their owners); arr.owner(i, j, ...) who owns a global
element.
"""
import array as _array
import contextlib
import ctypes as C
import json
import sys

import gdb

from . import binding, plugin as plugins, table, target
from .openmp import _text

VERSION = "0.10.0"                 # the protocol's, in __distarray__'s dictionaries


def max_assembled():
    """The most bytes an array is assembled into, and the most read of one
    rank's buffer: libparadbg's bound (PDB_DAP_MAX_ASSEMBLED)."""
    return binding.lib().pdb_dap_max_assembled()


class Error(gdb.GdbError, ValueError):
    """A question about a distributed array that has no answer: one line
    (a gdb.GdbError, so a command prints just that, and a ValueError)."""


def numpy():
    """The numpy module, or None where it does not import."""
    try:
        import numpy as np      # pylint: disable=import-outside-toplevel
    except ImportError:
        return None
    return np


class Rank:
    """One process's part of an array."""
    rank = None          # its rank in the array (C order of its grid coordinates)
    image = None         # the coarray image it is, None: not an image
    source = 0           # the source it was read from (0: the selected inferior)
    buffer = None        # the local buffer's address, as the process sees it
    readable = None      # where GDB reads it in the selected inferior, None: nowhere
    shape = ()           # the local buffer's shape (extents, padding included)
    owned = ()           # per dimension: (first, last) global index owned, None: none or 'u'
    dim_data = ()        # the protocol's dimension dictionaries ('u' indices as tuples)
    owned_text = "?"     # libparadbg's text of the owned indices: "0-4 x 0-2"
    dim_data_text = "?"  # ... and of dim_data: "b 0:6/18 @0/4 pad(1,1) | b 0:3/3 @0/1"

    def __init__(self):
        self._dims = None        # binding.DapDim array, for libparadbg's questions
        self._indices = {}       # dimension -> C array of a 'u' dimension's indices

    def indices(self, dim):
        """The global indices of 'u' dimension dim, as an array.array('q')."""
        out = _array.array("q")
        idx = self._indices.get(dim)
        if idx is not None:
            out.frombytes(bytes(idx))
        return out

    def __repr__(self):
        return "<paradbg.distarray.Rank %s%s>" % (
            self.rank, "" if self.image is None else " (image %d)" % self.image)


class DistArray:
    """A distributed array, whole."""
    name = None          # as the program registered it, or the coarray's name ("m::x", "#5")
    pick = None          # the name that picks it out: name, or "name#K" where several have it
    origin = None        # "registered" or "coarray"
    typestr = None       # NumPy's typestr of an element: "<f8", "<i4", "|S8"
    elem_size = 0        # bytes of an element, 0: the typestr is not one
    ndim = 0
    shape = ()           # the global shape (the sizes)
    shape_text = "?"     # libparadbg's text of it: "18x3", "scalar"
    nprocs = 0
    problem = None       # the first rule of the protocol broken, or what is missing
    ranks = ()           # Rank objects, by rank; a rank no source holds is missing
    last_assembly = None  # assemble()'s report, a dict; None before

    def __init__(self):
        self._key = None         # the name as libparadbg spells it (printable), bytes
        self._index = None       # its place in libparadbg's records: assemble() asks for it
        self._inferior = None

    @property
    def valid(self):
        """Whether every rule of the protocol holds and every rank is there."""
        return self.problem is None

    def rank(self, rank):
        """The Rank object of rank; Error if no source holds it."""
        for r in self.ranks:
            if r.rank == rank:
                return r
        if not isinstance(rank, int) or not 0 <= rank < self.nprocs:
            raise Error("%s has ranks 0 to %d, not %s." % (self.name, self.nprocs - 1, rank))
        raise Error("Rank %d of %s is not in the program GDB reads." % (rank, self.name))

    def __distarray__(self, rank):
        """The protocol's dictionary of rank: {'__version__', 'buffer',
        'dim_data'}; the buffer is read from the program now (a copy): a
        NumPy array of the local shape and dtype, or without NumPy a
        memoryview cast to the typestr's format and shape (a typestr with
        no format of its own, and a byte order not this machine's, as
        bytes: one more dimension of elem_size)."""
        r = self.rank(rank)
        np = numpy()
        dim_data = []
        for k, d in enumerate(r.dim_data):
            d = dict(d)
            if d.get("dist_type") == "u" and np is not None:
                idx = r._indices.get(k)            # pylint: disable=protected-access
                d["indices"] = np.frombuffer(bytes(idx), dtype=np.int64) if idx is not None \
                    else np.zeros(0, dtype=np.int64)
            dim_data.append(d)
        return {"__version__": VERSION, "buffer": self._buffer(r, np), "dim_data": tuple(dim_data)}

    def _buffer(self, r, np):
        if not self.elem_size:
            raise Error("%s's typestr '%s' is not one of NumPy's." % (self.name, self.typestr))
        if r.readable is None:
            raise Error("Rank %d of %s is not readable here: its buffer (0x%x) is in another "
                        "process's memory." % (r.rank, self.name, r.buffer or 0))
        count = 1
        for e in r.shape:
            count *= e
        nbytes = count * self.elem_size
        limit = max_assembled()
        if nbytes > limit:
            raise Error("Rank %d of %s holds %d bytes, more than the %d bytes paradbg reads of one "
                        "buffer." % (r.rank, self.name, nbytes, limit))
        try:
            data = bytes(self._inferior.read_memory(r.readable, nbytes)) if nbytes else b""
        except (gdb.MemoryError, gdb.error, ValueError, OverflowError, MemoryError) as e:
            raise Error("Rank %d of %s: cannot read its %d bytes at 0x%x (%s)."
                        % (r.rank, self.name, nbytes, r.readable, e)) from None
        if np is not None:
            try:
                dtype = np.dtype(self.typestr)
            except TypeError:
                dtype = np.dtype((np.void, self.elem_size))
            return np.frombuffer(data, dtype=dtype).reshape(r.shape)
        fmt = _format(self.typestr, self.elem_size)
        view = memoryview(data)
        if count == 0:
            # a memoryview has no shape with a zero in it
            return view.cast("B").cast(fmt or "B")
        if fmt is None:
            return view.cast("B", list(r.shape) + [self.elem_size])
        return view.cast("B").cast(fmt, list(r.shape))

    def owner(self, *index):
        """(rank, image or None, local index tuple) of the element at the
        global index; Error for an invalid array, a wrong number of indices
        or an index outside the shape."""
        if len(index) == 1 and isinstance(index[0], (tuple, list)):
            index = tuple(index[0])
        if not self.valid:
            raise Error("%s is not a valid distributed array: %s." % (self.name, self.problem.rstrip(".")))
        if len(index) != self.ndim:
            raise Error("%s has %d dimension%s: give %d ind%s, not %d."
                        % (self.name, self.ndim, "" if self.ndim == 1 else "s", self.ndim,
                           "ex" if self.ndim == 1 else "ices", len(index)))
        for d, (i, n) in enumerate(zip(index, self.shape)):
            if not 0 <= i < n:
                raise Error("Index %d of dimension %d is outside %s (0 to %d)." % (i, d, self.name, n - 1))
        arr, keep = self._c_array()
        glob = (C.c_int64 * max(1, self.ndim))(*index)
        rank, piece, local = C.c_int(), C.POINTER(binding.DapPiece)(), (C.c_int64 * binding.DAP_MAX_DIMS)()
        if binding.lib().pdb_dap_owner(C.byref(arr), glob, C.byref(rank), C.byref(piece), local) != 0:
            raise Error("No rank of %s holds the element %s." % (self.name, index_text(index)))
        del keep
        owner = self.rank(rank.value)
        return rank.value, owner.image, tuple(local[:self.ndim])

    def _c_array(self):
        """A struct pdb_distarray of this array, for libparadbg's arithmetic
        (pdb_dap_owner): (it, what keeps its memory)."""
        pieces = (binding.DapPiece * max(1, len(self.ranks)))()
        for p, r in zip(pieces, self.ranks):
            p.rank = r.rank
            p.image = r.image or 0
            p.source = r.source
            C.memmove(p.dim, r._dims, C.sizeof(r._dims))
            p.buffer = r.buffer or 0
            p.readable = r.readable or 0
            for d in range(self.ndim):
                first, last = r.owned[d] or (-1, -1)
                p.owned_first[d], p.owned_last[d] = first, last
        a = binding.DistArray()
        a.name = self._key
        a.origin = self.origin.encode()
        a.typestr = self.typestr.encode("utf-8", errors="surrogateescape")[:binding.DAP_TYPESTR_MAX - 1]
        a.elem_size = self.elem_size
        a.ndim = self.ndim
        for d, n in enumerate(self.shape):
            a.shape[d] = n
        a.nprocs = self.nprocs
        a.pieces = C.cast(pieces, C.POINTER(binding.DapPiece))
        a.npieces = len(self.ranks)
        a.problem = None
        return a, (pieces, [r._indices for r in self.ranks])

    def assemble(self, limit=None):
        """The global array as a NumPy array of the global shape, each
        element read from the rank that owns it, padding left out; the
        halos (communication padding, duplicates of a 'u' dimension) are
        compared with their owners' values, and what that found is
        self.last_assembly: {"elements", "missing", "halo_checked",
        "halo_mismatches", "first_mismatch" (None, or {"index": the global
        index, "rank": the rank whose halo differs, "owner": its owner}),
        "note" (None, or in words)}.  Read from the program as it is now,
        by libparadbg (pdb_dap_assemble_at: this very array, whatever
        other arrays share its name).  Error without NumPy, for an invalid
        array, or beyond limit bytes (at most, and by default, libparadbg's
        bound: max_assembled())."""
        np = numpy()
        if np is None:
            raise Error("Assembling %s needs NumPy, which does not import in GDB's Python "
                        "(Debian: python3-numpy); __distarray__(rank) works without it." % self.name)
        if not self.valid:
            raise Error("%s is not a valid distributed array: %s." % (self.name, self.problem.rstrip(".")))
        if not self.elem_size:
            raise Error("%s's typestr '%s' is not one of NumPy's." % (self.name, self.typestr))
        count = 1
        for n in self.shape:
            count *= n
        nbytes = count * self.elem_size
        most = max_assembled()
        if limit is None or limit > most:
            limit = most
        if nbytes > limit:
            raise Error("%s is %d bytes, more than the %d bytes assemble() takes%s."
                        % (self.name, nbytes, limit, "" if limit == most else " (its limit argument)"))
        try:
            dtype = np.dtype(self.typestr)
        except TypeError:
            dtype = np.dtype((np.void, self.elem_size))
        out = np.zeros(self.shape, dtype=dtype)
        dap, caf = _sessions(self._inferior)
        report, msg = C.c_void_p(), C.create_string_buffer(4096)
        expect, keep = self._c_array()
        with _reading(dap, caf):
            st = binding.lib().pdb_dap_assemble_at(
                dap and dap.session, caf and caf.session, self._index, C.byref(expect),
                out.ctypes.data_as(C.c_void_p), nbytes, C.byref(report), msg, len(msg))
        del keep
        text = binding.take_string(report.value)
        if st != binding.STATUS_OK:
            raise Error("Cannot assemble %s: %s." % (self.name, table.decode(msg.value).rstrip(".")
                                                     or "out of memory"))
        rep = json.loads(text) if text else {}
        first = rep.get("first_mismatch")
        if isinstance(first, dict) and first.get("index") is not None:
            first["index"] = tuple(first["index"])
        if rep.get("note") is not None:
            rep["note"] = _text(rep["note"])
        self.last_assembly = rep
        return out

    def __repr__(self):
        return "<paradbg.distarray.DistArray %s %s %s %s>" % (
            self.name, self.typestr, self.shape_text, "valid" if self.valid else "invalid")


# Formats of the struct module (native sizes) of NumPy's kinds and sizes.
_FORMATS = {("i", 1): "b", ("i", 2): "h", ("i", 4): "i", ("i", 8): "q",
            ("u", 1): "B", ("u", 2): "H", ("u", 4): "I", ("u", 8): "Q",
            ("f", 2): "e", ("f", 4): "f", ("f", 8): "d", ("b", 1): "?"}


def _format(typestr, size):
    """The memoryview format of typestr's elements, None: none (complex,
    strings, opaque bytes, another byte order)."""
    if len(typestr) < 2:
        return None
    order, kind = typestr[0], typestr[1]
    native = {"little": "<", "big": ">"}[sys.byteorder]
    if order not in ("|", "=", native) and size > 1:
        return None
    return _FORMATS.get((kind, size))


def index_text(index):
    """(3, 5)."""
    return "(%s)" % ", ".join(str(i) for i in index)


# -- the sessions: one per inferior, opened on libparadbg -------------------

class DapSpace(target.Reader):
    """The libparadbg distributed-array session of one inferior; session
    None (and absent the reason) for a program that keeps no registry."""
    plugin_kind = "coarray"        # the registry is read by the coarray debug library

    def __init__(self, inferior, key):
        super().__init__(inferior, key)
        lib = binding.lib()
        self.absent = None
        self.options = binding.Options(b"the program", self.dirs, self.ndirs,
                                       b'add its directory with "set coarray plugin-path DIR"')
        try:
            with self.reading():
                session, msg = C.c_void_p(), C.create_string_buffer(4096)
                st = lib.pdb_dap_open(C.byref(self.host), key, C.byref(self.options),
                                      C.byref(session), msg, len(msg))
                if st == binding.STATUS_NO_RUNTIME:
                    self.absent = table.decode(msg.value) or "The program keeps no distributed arrays"
                    return
                if st != binding.STATUS_OK:
                    raise plugins.PluginError(table.decode(msg.value))
                self.session = session
        except BaseException:
            target.Reader.release(self)
            raise

    def release(self):
        if self.session is not None:
            binding.lib().pdb_dap_close(self.session)
            self.session = None
        super().release()


# The registry changes as the program runs: a new session each time.
_spaces = target.Spaces(DapSpace, drop_on_resume=True)


def _sessions(inf, notes=None):
    """(DapSpace or None, coarray.CafSpace or None) of inf: the registry
    and the coarrays.  Error, in one line, when there is neither; when
    one of them cannot be opened and the other can, why goes to notes (a
    list), if given."""
    from . import coarray       # pylint: disable=import-outside-toplevel
    if inf.pid == 0:
        raise Error("The program is not being run.")
    dap = caf = None
    why = error = None
    try:
        space = _spaces.get(inf)
        if space.session is None:
            why = space.absent
        else:
            dap = space
        # pdb_dap_open looked the symbol up already (cached): libparcaf's
        has_caf = space.symbol("caf_debugger_plugin") is not None
    except (plugins.PluginError, binding.BindingError) as e:
        error = "paradbg: %s" % e
        has_caf = target.lookup_symbol("caf_debugger_plugin") is not None
    if has_caf:
        try:
            caf = coarray._spaces.get(inf)           # pylint: disable=protected-access
        except coarray.NoCoarrays:
            caf = None
        except (plugins.PluginError, binding.BindingError) as e:
            error = error or "paradbg: %s" % e
    if dap is None and caf is None:
        raise Error(error or "%s." % (why or "The program keeps no distributed arrays").rstrip("."))
    if error and notes is not None:
        notes.append(error)
    return dap, caf


@contextlib.contextmanager
def _reading(dap, caf):
    with contextlib.ExitStack() as stack:
        for space in (dap, caf):
            if space is not None:
                stack.enter_context(space.reading())
        yield


def _label(inf):
    conn = getattr(inf, "connection", None)
    if conn is not None and getattr(conn, "type", None) == "core":
        return "the core of pid %d" % inf.pid
    return "pid %d" % inf.pid


# -- records: libparadbg's structures as the objects above -----------------

def _dim_dict(x, indices):
    """The protocol's dimension dictionary of a binding.DapDim."""
    kind = x.dist_type.decode("latin-1")
    d = {"dist_type": kind, "size": x.size, "proc_grid_size": x.proc_grid_size,
         "proc_grid_rank": x.proc_grid_rank}
    if kind == "b":
        d.update(start=x.start, stop=x.stop, padding=(x.padding[0], x.padding[1]),
                 periodic=bool(x.periodic))
    elif kind == "c":
        d.update(start=x.start, block_size=x.block_size if x.block_size > 0 else 1)
    elif kind == "u":
        d.update(indices=tuple(indices) if indices is not None else (), one_to_one=bool(x.one_to_one))
    return d


def _view_text(fn, *args):
    """One of libparadbg's texts (pdb_dap_shape_text, ...): both hosts show
    the same."""
    buf = C.create_string_buffer(binding.DAP_TEXT_MAX)
    fn(*(args + (buf, len(buf))))
    return table.decode(buf.value)


def _rank(a, p, ndim):
    r = Rank()
    r.rank = p.rank
    r.image = p.image or None
    r.source = p.source
    r.buffer = p.buffer
    r.readable = p.readable or None
    r._dims = (binding.DapDim * binding.DAP_MAX_DIMS)()
    C.memmove(r._dims, p.dim, C.sizeof(r._dims))
    dims, owned, shape = [], [], []
    for d in range(ndim):
        x = r._dims[d]
        x.indices = None
        indices = None
        if x.dist_type == b"u" and p.dim[d].indices and x.extent > 0:
            idx = (C.c_int64 * x.extent)()
            C.memmove(idx, p.dim[d].indices, C.sizeof(idx))
            r._indices[d] = idx
            x.indices = C.cast(idx, C.POINTER(C.c_int64))
            indices = idx
        dims.append(_dim_dict(x, indices))
        first, last = p.owned_first[d], p.owned_last[d]
        owned.append((first, last) if first >= 0 and last >= first else None)
        shape.append(max(0, x.extent))
    r.dim_data, r.owned, r.shape = tuple(dims), tuple(owned), tuple(shape)
    lib = binding.lib()
    r.owned_text = _view_text(lib.pdb_dap_owned_text, C.byref(a), C.byref(p))
    r.dim_data_text = _view_text(lib.pdb_dap_dims_text, C.byref(a), C.byref(p))
    return r


def _distarray(a, inf, index):
    out = DistArray()
    out._key = a.name
    out._index = index
    out.name = _text(table.decode(a.name or b"?"))
    out.origin = table.decode(a.origin or b"?")
    out.typestr = table.decode(a.typestr)
    out.elem_size = a.elem_size
    ndim = a.ndim if 0 <= a.ndim <= binding.DAP_MAX_DIMS else 0
    out.ndim = ndim
    out.shape = tuple(a.shape[:ndim])
    out.shape_text = _view_text(binding.lib().pdb_dap_shape_text, C.byref(a))
    out.nprocs = a.nprocs
    out.problem = _text(table.decode(a.problem)) if a.problem else None
    out.ranks = tuple(_rank(a, a.pieces[i], ndim) for i in range(a.npieces))
    out._inferior = inf
    return out


def read(inf=None, name=None):
    """(arrays, truncated, note) of inf (the selected inferior): every
    array as DistArray objects, how many arrays or pieces were left out
    (bounds), and what could not be read (None: everything could).  With
    name, (picked, truncated, note) instead: the array name picks, as
    libparadbg picks it (pdb_dap_lookup: NAME, or NAME#K, the K-th of
    those called NAME), or Error with why none is."""
    inf = inf or gdb.selected_inferior()
    notes = []
    dap, caf = _sessions(inf, notes)
    src = binding.DapSource(dap and dap.session, caf and caf.session, _label(inf).encode())
    recs, msg = binding.DapRecords(), C.create_string_buffer(4096)
    lib = binding.lib()
    with _reading(dap, caf):
        st = lib.pdb_dap_gather(C.byref(src), 1, C.byref(recs), msg, len(msg))
    if st != binding.STATUS_OK:
        raise Error("paradbg: %s." % (table.decode(msg.value).rstrip(".") or "out of memory"))
    picked, why = None, C.create_string_buffer(1024)
    try:
        arrays = [_distarray(recs.arrays[i], inf, i) for i in range(recs.narrays)]
        truncated = recs.truncated
        for i, a in enumerate(arrays):
            # NAME#K where several have the name, as libparadbg counts them
            count = C.c_uint(0)
            k = lib.pdb_dap_occurrence(C.byref(recs), i, C.byref(count))
            a.pick = a.name if count.value <= 1 else "%s#%d" % (a.name, k)
        if name is not None:
            hit = lib.pdb_dap_lookup(C.byref(recs), name.encode(errors="surrogateescape"), why,
                                     len(why))
            if hit:
                at = C.addressof(hit.contents) - C.addressof(recs.arrays[0])
                picked = arrays[at // C.sizeof(binding.DistArray)]
    finally:
        lib.pdb_dap_records_free(C.byref(recs))
    notes.append(_text(table.decode(msg.value)))
    note = "; ".join(n.rstrip(".") for n in notes if n) or None
    if name is None:
        return arrays, truncated, note
    if picked is None:
        why = _text(table.decode(why.value)).rstrip(".") or "no distributed array '%s'" % table.printable(name)
        raise Error("%s%s." % (why[:1].upper(), why[1:]))
    return picked, truncated, note


def arrays():
    """Every distributed array of the selected inferior, as DistArray
    objects: the registered ones, then the coarrays."""
    return read()[0]


def array(name):
    """The distributed array name picks (read with name); Error if there
    is none, or several have the name."""
    return read(name=name)[0]


def records():
    """libparadbg's "distarrays" list for the selected inferior, as parsed
    JSON (docs/paradbg-inspect.schema.json)."""
    inf = gdb.selected_inferior()
    dap, caf = _sessions(inf)
    msg = C.create_string_buffer(4096)
    with _reading(dap, caf):
        text = binding.take_string(binding.lib().pdb_dap_gather_json(
            dap and dap.session, caf and caf.session, msg, len(msg)))
    if text is None:
        raise Error("paradbg: %s." % (table.decode(msg.value).rstrip(".") or "out of memory"))
    recs = json.loads(text)
    return recs.get("distarrays", recs) if isinstance(recs, dict) else recs
