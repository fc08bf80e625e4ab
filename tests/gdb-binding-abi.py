"""Compares the GDB package's ctypes declarations with the C headers they
stand for: every libparadbg prototype (return and argument types) in
binding.PROTOTYPES against include/paradbg/paradbg.h, and every structure
and callback type the package fills (binding.Place, Host, Options;
ompd_abi.Callbacks and the types in it) against paradbg.h and
omp-tools.h, field by field, with sizes, signedness and offsets.  The
headers are preprocessed by the C compiler and parsed with pycparser.

usage: gdb-binding-abi.py CC INCLUDE_DIR PACKAGE_DIR"""
import ctypes as C
import importlib
import subprocess
import sys
import types

from pycparser import c_ast, c_parser

cc, include, package = sys.argv[1:4]
# The two modules alone, without the package's __init__ (which needs GDB).
pkg = types.ModuleType("pdbpkg")
pkg.__path__ = [package + "/paradbg"]
sys.modules["pdbpkg"] = pkg
binding = importlib.import_module("pdbpkg.binding")
ompd_abi = importlib.import_module("pdbpkg.ompd_abi")

src = subprocess.run(
    cc.split() + ["-E", "-P", "-std=c99", "-D__attribute__(x)=", "-D__extension__=",
                  "-D__restrict=", "-D__inline=", "-D__asm__(x)=", "-I" + include, "-"],
    input="#include <paradbg/paradbg.h>\n", capture_output=True, text=True, check=True).stdout
ast = c_parser.CParser().parse(src)

typedefs, structs, funcs = {}, {}, {}
for node in ast.ext:
    if isinstance(node, c_ast.Typedef):
        typedefs[node.name] = node.type
    if isinstance(node, c_ast.Decl):
        if isinstance(node.type, c_ast.FuncDecl):
            funcs[node.name] = node.type
        t = node.type
        if isinstance(t, c_ast.Struct) and t.decls is not None:
            structs[t.name] = t
    if isinstance(node, c_ast.Typedef) and isinstance(node.type.type, c_ast.Struct) \
            and node.type.type.decls is not None:
        structs[node.type.type.name or node.name] = node.type.type

BASIC = {"char", "short", "int", "long", "signed", "unsigned", "_Bool"}


def basic_int(names):
    """(size, signed) of a C integer type spelled with names (LP64)."""
    if names == ("_Bool",):
        return 1, False
    size = 1 if "char" in names else 2 if "short" in names else 8 if "long" in names else 4
    return size, "unsigned" not in names


def canon_c(t):
    """A C type as a comparable tuple."""
    if isinstance(t, c_ast.TypeDecl):
        return canon_c(t.type)
    if isinstance(t, c_ast.PtrDecl):
        inner = canon_c(t.type)
        if inner[0] == "func":
            return inner                     # a function pointer is the function
        if inner == ("int", 1, True) or inner == ("int", 1, False):
            return ("ptr", "char")
        return ("ptr", inner)
    if isinstance(t, c_ast.ArrayDecl):
        return ("array", canon_c(t.type), int(t.dim.value))
    if isinstance(t, c_ast.FuncDecl):
        args = []
        for a in (t.args.params if t.args else []):
            if isinstance(a, c_ast.EllipsisParam):
                continue
            c = canon_c(a.type)
            if c != ("void",):
                args.append(c)
        return ("func", canon_c(t.type), tuple(args))
    if isinstance(t, c_ast.IdentifierType):
        names = tuple(t.names)
        if names == ("void",):
            return ("void",)
        if set(names) <= BASIC:
            return ("int",) + basic_int(names)
        return canon_c(typedefs[names[0]])
    if isinstance(t, c_ast.Enum):
        return ("int", 4, True)
    if isinstance(t, c_ast.Struct):
        s = structs.get(t.name)
        if s is None:                        # opaque: a handle or a context
            return ("opaque",)
        return ("struct", t.name)
    raise TypeError(t)


def canon_py(t):
    """A ctypes type as a tuple comparable with canon_c's."""
    if t is None:
        return ("void",)
    if t is C.c_char_p:
        return ("ptr", "char")
    if t is C.c_void_p:
        return ("ptr", "any")
    if hasattr(t, "_argtypes_"):
        return ("func", canon_py(t._restype_), tuple(canon_py(a) for a in t._argtypes_))
    if issubclass(t, C._Pointer):
        inner = canon_py(t._type_)
        return ("ptr", "char") if inner == ("int", 1, True) else ("ptr", inner)
    if issubclass(t, C.Array):
        return ("array", canon_py(t._type_), t._length_)
    if issubclass(t, C.Structure):
        return ("struct", t)
    if issubclass(t, (C.c_char, C.c_byte, C.c_ubyte, C.c_short, C.c_ushort, C.c_int, C.c_uint,
                      C.c_long, C.c_ulong, C.c_longlong, C.c_ulonglong, C.c_size_t,
                      C.c_int8, C.c_uint8, C.c_int16, C.c_uint16, C.c_int32, C.c_uint32,
                      C.c_int64, C.c_uint64)):
        signed = t(-1).value == -1 if t is not C.c_char else True
        return ("int", C.sizeof(t), signed)
    raise TypeError(t)


def same(c, py, where, errors):
    """c (canon_c) and py (canon_py) agree; a void pointer in Python stands
    for any pointer in C, and opaque handles are pointers to anything."""
    if py == ("ptr", "any") and c[0] == "ptr":
        return
    if py == ("ptr", "any") and c[0] == "func":
        return                               # a callback left NULL, or set from C
    if c[0] == "struct" and py[0] == "struct":
        compare_struct(structs[c[1]], py[1], where, errors)
        return
    if c[0] == "ptr" and py[0] == "ptr" and isinstance(c[1], tuple) and isinstance(py[1], tuple):
        same(c[1], py[1], where + " *", errors)
        return
    if c[0] == "func" and py[0] == "func":
        same(c[1], py[1], where + " returns", errors)
        if len(c[2]) != len(py[2]):
            errors.append("%s: %d arguments in C, %d in Python" % (where, len(c[2]), len(py[2])))
            return
        for i, (a, b) in enumerate(zip(c[2], py[2])):
            same(a, b, "%s argument %d" % (where, i + 1), errors)
        return
    if c[0] == "array" and py[0] == "array":
        if c[2] != py[2]:
            errors.append("%s: array of %d in C, %d in Python" % (where, c[2], py[2]))
        same(c[1], py[1], where + "[]", errors)
        return
    if c != py:
        errors.append("%s: C %s, Python %s" % (where, c, py))


checked_structs = set()


def compare_struct(cs, pys, where, errors):
    if (cs.name, pys) in checked_structs:
        return
    checked_structs.add((cs.name, pys))
    cfields = [(d.name, d.type) for d in cs.decls]
    pyfields = pys._fields_
    if [n for n, _ in cfields] != [n for n, _ in pyfields]:
        errors.append("%s (struct %s): fields %s in C, %s in Python"
                      % (where, cs.name, [n for n, _ in cfields], [n for n, _ in pyfields]))
        return
    for (name, ct), (_, pt) in zip(cfields, pyfields):
        same(canon_c(ct), canon_py(pt), "%s.%s" % (pys.__name__, name), errors)


errors = []
for name, (restype, argtypes) in binding.PROTOTYPES.items():
    if name not in funcs:
        errors.append("%s: not declared in paradbg.h" % name)
        continue
    same(canon_c(funcs[name]), ("func", canon_py(restype), tuple(canon_py(a) for a in argtypes)),
         name, errors)
for cname, py in (("pdb_place", binding.Place), ("pdb_host", binding.Host),
                  ("pdb_options", binding.Options), ("ompd_callbacks_t", ompd_abi.Callbacks),
                  ("ompd_address_t", ompd_abi.Address), ("ompd_frame_info_t", ompd_abi.FrameInfo),
                  ("ompd_device_type_sizes_t", ompd_abi.TypeSizes)):
    if cname not in structs:
        errors.append("struct %s: not in the headers" % cname)
        continue
    compare_struct(structs[cname], py, cname, errors)
# every function the header declares for hosts is bound, so none is forgotten
for name in funcs:
    if name.startswith("pdb_") and name not in binding.PROTOTYPES and name not in (
            "pdb_gather", "pdb_records_free", "pdb_json", "pdb_frame_free", "pdb_frame_text",
            "pdb_open_regular", "pdb_caf_gather", "pdb_caf_records_free", "pdb_caf_json",
            "pdb_atomic_gather", "pdb_atomic_records_free", "pdb_atomic_wait_of", "pdb_atomic_mark",
            "pdb_atomic_json", "pdb_dap_find", "pdb_dap_assemble", "pdb_dap_assembly_free",
            "pdb_dap_json", "pdb_dap_owner_map",
            "pdb_dap_bytes"):
        errors.append("%s: declared in paradbg.h, neither bound nor listed as C-only" % name)
for e in errors:
    print("FAIL:", e)
print("checked %d prototypes and %d structures" % (len(binding.PROTOTYPES), len(checked_structs)))
sys.exit(1 if errors else 0)
