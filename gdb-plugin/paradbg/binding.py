"""The binding to libparadbg (paradbg/paradbg.h), which loads the OMPD
library a program names and reads whole records through it: the package
gives it GDB's callbacks (target.py) and prints what it returns.  These
declarations must match the header; tests/gdb-binding-abi.test compares
every prototype and structure here with it."""
import ctypes as C

from . import ompd_abi as abi

# Set by the script that loads the package: the libparadbg.so to use.
library_path = None

NAME_MAX = 1024
MODULE_MAX = 256

WANT_THREADS, WANT_PARALLEL, WANT_TASKS, WANT_ICVS, WANT_CONTROL_VARS = 1, 2, 4, 8, 16
WANT_ALL = 31
STATUS_OK = 0
STATUS_NO_RUNTIME = 1


class Place(C.Structure):
    _fields_ = [("function", C.c_char * NAME_MAX), ("offset", C.c_uint64),
                ("file", C.c_char * NAME_MAX), ("line", C.c_int),
                ("module", C.c_char * MODULE_MAX)]


describe_fn = C.CFUNCTYPE(C.c_int, C.c_void_p, C.c_uint64, C.POINTER(Place))
find_pointer_fn = C.CFUNCTYPE(C.c_int, C.c_void_p, C.c_uint64, C.POINTER(Place))


class Host(C.Structure):
    _fields_ = [("ompd", C.POINTER(abi.Callbacks)), ("describe", describe_fn),
                ("data", C.c_void_p), ("find_pointer", find_pointer_fn)]


class Frame(C.Structure):
    """struct pdb_frame: one frame the host unwound."""
    _fields_ = [("pc", C.c_uint64), ("function", C.c_char_p), ("offset", C.c_uint64),
                ("file", C.c_char_p), ("line", C.c_int), ("module", C.c_char_p)]


class AtomicThread(C.Structure):
    """struct pdb_atomic_thread: a thread as the host knows it."""
    _fields_ = [("lwp", C.c_int64), ("label", C.c_char_p), ("frames", C.POINTER(Frame)),
                ("nframes", C.c_int)]


class HostThread(C.Structure):
    """struct pdb_host_thread: a thread as the host knows it, for the
    wait-for graph: its label ("thread 3"), and the signal that stopped
    it in a core (a crash), 0 for none."""
    _fields_ = [("lwp", C.c_int64), ("label", C.c_char_p), ("signal", C.c_int),
                ("frames", C.POINTER(Frame)), ("nframes", C.c_int)]


class Options(C.Structure):
    _fields_ = [("target_name", C.c_char_p), ("dirs", C.POINTER(C.c_char_p)),
                ("ndirs", C.c_uint), ("dir_advice", C.c_char_p)]


# paradbg/dap.h and paradbg/distarray.h: the distributed arrays
DAP_MAX_DIMS = 16
DAP_TYPESTR_MAX = 16
DAP_TEXT_MAX = 4096


class DapDim(C.Structure):
    """struct paradbg_dap_dim: one dimension in the protocol's words."""
    _fields_ = [("dist_type", C.c_char), ("periodic", C.c_ubyte), ("one_to_one", C.c_ubyte),
                ("size", C.c_int64), ("proc_grid_size", C.c_int64), ("proc_grid_rank", C.c_int64),
                ("start", C.c_int64), ("stop", C.c_int64), ("padding", C.c_int64 * 2),
                ("block_size", C.c_int64), ("indices", C.POINTER(C.c_int64)), ("extent", C.c_int64)]


class DapSource(C.Structure):
    """struct pdb_dap_source: one process, core or live."""
    _fields_ = [("dap", C.c_void_p), ("caf", C.c_void_p), ("label", C.c_char_p)]


class DapPiece(C.Structure):
    """struct pdb_dap_piece: one process's part of an array."""
    _fields_ = [("rank", C.c_int), ("image", C.c_int), ("source", C.c_uint),
                ("dim", DapDim * DAP_MAX_DIMS), ("buffer", C.c_uint64), ("readable", C.c_uint64),
                ("readable_source", C.c_uint), ("owned_first", C.c_int64 * DAP_MAX_DIMS),
                ("owned_last", C.c_int64 * DAP_MAX_DIMS)]


class DistArray(C.Structure):
    """struct pdb_distarray: an array, whole."""
    _fields_ = [("name", C.c_char_p), ("origin", C.c_char_p), ("typestr", C.c_char * DAP_TYPESTR_MAX),
                ("elem_size", C.c_uint64), ("ndim", C.c_int), ("shape", C.c_int64 * DAP_MAX_DIMS),
                ("nprocs", C.c_int), ("pieces", C.POINTER(DapPiece)), ("npieces", C.c_uint),
                ("problem", C.c_char_p)]


class DapRecords(C.Structure):
    """struct pdb_dap_records: every array of the sources."""
    _fields_ = [("arrays", C.POINTER(DistArray)), ("narrays", C.c_uint), ("truncated", C.c_uint)]


# paradbg/waits.h and paradbg/stacks.h: the wait-for graph and merged
# stacks.  The package reads them as text or JSON (pdb_waits_gather_text,
# pdb_stacks_from_json); the structures are declared for scripts that
# want libparadbg's own, and so that gdb-binding-abi.test checks them.

class WaitNode(C.Structure):
    """struct pdb_wait_node: a thread or an image of the graph."""
    _fields_ = [("kind", C.c_int), ("label", C.c_char_p), ("lwp", C.c_int64),
                ("omp_thread", C.c_int64), ("image", C.c_int), ("status", C.c_char_p),
                ("signal", C.c_int), ("wait", C.c_char_p), ("alive", C.c_int)]


class WaitEdge(C.Structure):
    """struct pdb_wait_edge: "from waits for to" (from is a Python word:
    getattr(edge, "from"))."""
    _fields_ = [("from", C.c_uint), ("to", C.c_uint), ("kind", C.c_char_p),
                ("object", C.c_char_p), ("in_cycle", C.c_int)]


class WaitFinding(C.Structure):
    """struct pdb_wait_finding: a deadlock or a wait that can never end."""
    _fields_ = [("kind", C.c_char_p), ("text", C.c_char_p), ("nodes", C.POINTER(C.c_uint)),
                ("nnodes", C.c_uint)]


class Waits(C.Structure):
    """struct pdb_waits: the graph and its verdict."""
    _fields_ = [("verdict", C.c_int), ("verdict_name", C.c_char_p), ("summary", C.c_char_p),
                ("nodes", C.POINTER(WaitNode)), ("nnodes", C.c_uint),
                ("edges", C.POINTER(WaitEdge)), ("nedges", C.c_uint),
                ("findings", C.POINTER(WaitFinding)), ("nfindings", C.c_uint),
                ("truncated", C.c_uint)]


class StackThread(C.Structure):
    """struct pdb_stack_thread: one thread's stack, for merged stacks."""
    _fields_ = [("source", C.c_uint), ("image", C.c_int), ("omp_thread", C.c_int64),
                ("lwp", C.c_int64), ("frames", C.POINTER(Frame)), ("nframes", C.c_int),
                ("wait", C.c_char_p), ("moved", C.c_int), ("signal", C.c_int)]


class StackClass(C.Structure):
    """struct pdb_stack_class: the threads whose stacks end at a node, by wait."""
    _fields_ = [("wait", C.c_char_p), ("count", C.c_uint), ("members", C.c_char_p),
                ("moved", C.c_uint)]


class StackNode(C.Structure):
    """struct pdb_stack_node: a function of the prefix tree."""
    _fields_ = [("function", C.c_char_p), ("where", C.c_char_p), ("count", C.c_uint),
                ("members", C.c_char_p), ("moved", C.c_uint), ("parent", C.c_int),
                ("children", C.POINTER(C.c_uint)), ("nchildren", C.c_uint),
                ("classes", C.POINTER(StackClass)), ("nclasses", C.c_uint)]


class Stacks(C.Structure):
    """struct pdb_stacks: the merged tree."""
    _fields_ = [("nodes", C.POINTER(StackNode)), ("nnodes", C.c_uint), ("nthreads", C.c_uint),
                ("nsources", C.c_uint), ("sampled", C.c_int), ("unwound_not", C.c_uint),
                ("truncated", C.c_uint)]


# The formats of pdb_waits_gather_text and pdb_stacks_from_json.
FORMAT_TEXT, FORMAT_JSON, FORMAT_DOT = 0, 1, 2

_P = C.POINTER
# name: (return type, argument types)
PROTOTYPES = {
    "pdb_open": (C.c_int, (_P(Host), C.c_void_p, _P(Options), _P(C.c_void_p), C.c_char_p,
                           C.c_size_t)),
    "pdb_close": (None, (C.c_void_p,)),
    "pdb_forget": (None, (C.c_void_p,)),
    "pdb_plugin_path": (C.c_char_p, (C.c_void_p,)),
    "pdb_plugin_version": (C.c_char_p, (C.c_void_p,)),
    "pdb_runtime_module": (C.c_char_p, (C.c_void_p,)),
    "pdb_gather_json": (C.c_void_p, (C.c_void_p, _P(C.c_int64), C.c_uint, C.c_int, C.c_char_p,
                                     C.c_size_t)),
    "pdb_free": (None, (C.c_void_p,)),
    "pdb_module_is_users": (C.c_int, (C.c_char_p, C.c_char_p)),
    "pdb_other_runtime": (C.c_int, (C.c_char_p, C.c_char_p, C.c_char_p, C.c_size_t)),
    "pdb_printable": (C.c_void_p, (C.c_char_p,)),
    "pdb_rc_name": (C.c_char_p, (C.c_int,)),
    "pdb_api_version": (C.c_int, ()),
    # paradbg/coarray.h
    "pdb_caf_open": (C.c_int, (_P(Host), C.c_void_p, _P(Options), _P(C.c_void_p), C.c_char_p,
                               C.c_size_t)),
    "pdb_caf_close": (None, (C.c_void_p,)),
    "pdb_caf_plugin_path": (C.c_char_p, (C.c_void_p,)),
    "pdb_caf_plugin_version": (C.c_char_p, (C.c_void_p,)),
    "pdb_caf_gather_json": (C.c_void_p, (C.c_void_p, C.c_int, C.c_char_p, C.c_size_t)),
    "pdb_caf_values_json": (C.c_void_p, (C.c_void_p, C.c_int, C.c_char_p, C.c_uint, C.c_char_p,
                                         C.c_size_t)),
    # paradbg/atomic.h
    "pdb_atomic_open": (C.c_int, (_P(Host), C.c_void_p, _P(Options), _P(C.c_void_p), C.c_char_p,
                                  C.c_size_t)),
    "pdb_atomic_close": (None, (C.c_void_p,)),
    "pdb_atomic_plugin_path": (C.c_char_p, (C.c_void_p,)),
    "pdb_atomic_plugin_version": (C.c_char_p, (C.c_void_p,)),
    "pdb_atomic_records_owners": (C.c_int, (C.c_void_p,)),
    "pdb_atomic_gather_json": (C.c_void_p, (C.c_void_p, _P(AtomicThread), C.c_uint, C.c_void_p,
                                            C.c_void_p, C.c_char_p, C.c_size_t)),
    "pdb_gather_json_marked": (C.c_void_p, (C.c_void_p, _P(C.c_int64), C.c_uint, C.c_int,
                                            C.c_void_p, _P(AtomicThread), C.c_uint, C.c_char_p,
                                            C.c_size_t)),
    "pdb_caf_gather_json_marked": (C.c_void_p, (C.c_void_p, C.c_int, C.c_void_p, _P(AtomicThread),
                                                C.c_uint, C.c_char_p, C.c_size_t)),
    # paradbg/distarray.h
    "pdb_dap_open": (C.c_int, (_P(Host), C.c_void_p, _P(Options), _P(C.c_void_p), C.c_char_p,
                               C.c_size_t)),
    "pdb_dap_close": (None, (C.c_void_p,)),
    "pdb_dap_gather": (C.c_int, (_P(DapSource), C.c_uint, _P(DapRecords), C.c_char_p, C.c_size_t)),
    "pdb_dap_records_free": (None, (_P(DapRecords),)),
    "pdb_dap_owner": (C.c_int, (_P(DistArray), _P(C.c_int64), _P(C.c_int), _P(_P(DapPiece)),
                                _P(C.c_int64))),
    "pdb_dap_gather_json": (C.c_void_p, (C.c_void_p, C.c_void_p, C.c_char_p, C.c_size_t)),
    "pdb_dap_assemble_named": (C.c_int, (C.c_void_p, C.c_void_p, C.c_char_p, C.c_void_p, C.c_size_t,
                                         _P(C.c_void_p), C.c_char_p, C.c_size_t)),
    "pdb_dap_assemble_at": (C.c_int, (C.c_void_p, C.c_void_p, C.c_uint, _P(DistArray), C.c_void_p,
                                      C.c_size_t, _P(C.c_void_p), C.c_char_p, C.c_size_t)),
    "pdb_dap_max_assembled": (C.c_uint64, ()),
    "pdb_dap_lookup": (_P(DistArray), (_P(DapRecords), C.c_char_p, C.c_char_p, C.c_size_t)),
    "pdb_dap_occurrence": (C.c_uint, (_P(DapRecords), C.c_uint, _P(C.c_uint))),
    "pdb_dap_shape_text": (C.c_size_t, (_P(DistArray), C.c_char_p, C.c_size_t)),
    "pdb_dap_owned_text": (C.c_size_t, (_P(DistArray), _P(DapPiece), C.c_char_p, C.c_size_t)),
    "pdb_dap_dims_text": (C.c_size_t, (_P(DistArray), _P(DapPiece), C.c_char_p, C.c_size_t)),
    # paradbg/waits.h (the records of the views stay opaque here)
    "pdb_waits_build": (C.c_int, (C.c_void_p, C.c_void_p, C.c_void_p, _P(HostThread), C.c_uint,
                                  _P(Waits), C.c_char_p, C.c_size_t)),
    "pdb_waits_free": (None, (_P(Waits),)),
    "pdb_waits_gather": (C.c_int, (C.c_void_p, C.c_void_p, C.c_void_p, _P(HostThread), C.c_uint,
                                   _P(Waits), C.c_char_p, C.c_size_t)),
    "pdb_waits_text": (C.c_void_p, (_P(Waits),)),
    "pdb_waits_json": (C.c_void_p, (_P(Waits), C.c_char_p, C.c_void_p)),
    "pdb_waits_dot": (C.c_void_p, (_P(Waits),)),
    "pdb_waits_gather_text": (C.c_void_p, (C.c_void_p, C.c_void_p, C.c_void_p, _P(HostThread),
                                           C.c_uint, C.c_int, C.c_char_p, C.c_size_t)),
    "pdb_dot_to_svg": (C.c_int, (C.c_char_p, C.c_char_p, C.c_char_p, C.c_size_t)),
    "pdb_write_file": (C.c_int, (C.c_char_p, C.c_char_p, C.c_char_p, C.c_size_t)),
    # paradbg/stacks.h
    "pdb_stacks_build": (C.c_int, (_P(StackThread), C.c_uint, _P(Stacks), C.c_char_p, C.c_size_t)),
    "pdb_stacks_free": (None, (_P(Stacks),)),
    "pdb_stacks_moved": (C.c_int, (_P(Frame), C.c_int, _P(Frame), C.c_int)),
    "pdb_stacks_text": (C.c_void_p, (_P(Stacks),)),
    "pdb_stacks_json": (C.c_void_p, (_P(Stacks), C.c_char_p, C.c_void_p)),
    "pdb_stacks_dot": (C.c_void_p, (_P(Stacks),)),
    "pdb_stacks_from_json": (C.c_void_p, (C.c_char_p, C.c_int, C.c_char_p, C.c_size_t)),
}

API_VERSION = 1

_lib = None


class BindingError(Exception):
    """libparadbg cannot be used; the message is one line for the user."""


def lib():
    """libparadbg, loaded once with its prototypes declared."""
    global _lib
    if _lib is None:
        try:
            handle = C.CDLL(library_path or "libparadbg.so.0")
        except OSError as e:
            raise BindingError("cannot load libparadbg: %s" % e) from None
        for name, (restype, argtypes) in PROTOTYPES.items():
            fn = getattr(handle, name)
            fn.restype, fn.argtypes = restype, argtypes
        if handle.pdb_api_version() != API_VERSION:
            raise BindingError("libparadbg %s has interface version %d, not %d"
                               % (library_path, handle.pdb_api_version(), API_VERSION))
        _lib = handle
    return _lib


def take_string(ptr):
    """The text of a string libparadbg allocated, which is then freed."""
    if not ptr:
        return None
    try:
        return C.string_at(ptr).decode("utf-8", errors="surrogateescape")
    finally:
        lib().pdb_free(ptr)


def rc_names():
    """{name without "ompd_rc_": value}, from libparadbg's one list."""
    out, value = {}, 0
    while True:
        name = lib().pdb_rc_name(value)
        if name is None:
            return out
        out[name.decode()[len("ompd_rc_"):]] = value
        value += 1
