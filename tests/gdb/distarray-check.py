# Run inside GDB (the package loaded) on a process or core of
# tests/dap/ranks.c or tests/dap/caf_dap.f90: compares paradbg.distarray's
# objects, "info distarray", "info distarray NAME" and "distarray owner"
# with the records the program wrote ($PARADBG_TEST_DIR/records.N) and
# with the value formula every element follows (tests/dap/README.md):
# value(g) = 1 + sum_k g_k * 100^(n-1-k) of its global index g.  Global
# indices and owners are computed here from the recorded dim_data, never
# taken from the package.  The buffers are checked as memoryviews (NumPy
# hidden from the package) and, where NumPy imports, as NumPy arrays with
# the assembled global arrays.  $PARADBG_TEST_PROGRAM: "ranks" or "caf".
# Prints "ok: ..." and "FAIL: ..." lines, and "done: N failure(s)".
import glob
import json
import os
import re
import sys

import gdb

import paradbg

failures = []
BAD = re.compile(r"Traceback|Python Exception|^ERROR|paradbg: cannot read", re.M)
MAX_OWNER_CHECKS = 300       # global indices asked of owner() per array


def check(cond, what):
    print("%s: %s" % ("ok" if cond else "FAIL", what))
    if not cond:
        failures.append(what)


def run(cmd):
    try:
        return gdb.execute(cmd, to_string=True)
    except gdb.error as e:
        return "ERROR: %s\n" % e


def prod(xs):
    out = 1
    for x in xs:
        out *= x
    return out


# -- what the program wrote ----------------------------------------------------
directory = os.environ["PARADBG_TEST_DIR"]
program = os.environ["PARADBG_TEST_PROGRAM"]
records = {}
for path in glob.glob(os.path.join(directory, "records.*")):
    if path.endswith(".tmp"):
        continue
    with open(path) as f:
        rec = json.load(f)
    records[rec["image"] if program == "caf" else rec["rank"]] = rec
pid = gdb.selected_inferior().pid
mine = [k for k, r in records.items() if r["pid"] == pid]
check(len(mine) == 1, "the inferior (pid %d) is one of the program's processes %s"
      % (pid, sorted(r["pid"] for r in records.values())))
mine = mine[0] if mine else None


def proto(dim):
    """A recorded dimension as the protocol's dictionary."""
    d = {k: v for k, v in dim.items() if k != "extent"}
    if "padding" in d:
        d["padding"] = tuple(d["padding"])
    if "indices" in d:
        d["indices"] = tuple(d["indices"])
    if d["dist_type"] == "c" and not d.get("block_size"):
        d["block_size"] = 1
    return d


def b_dim(size, grid=1, coord=0, start=0, stop=None):
    return {"dist_type": "b", "size": size, "proc_grid_size": grid, "proc_grid_rank": coord,
            "start": start, "stop": size if stop is None else stop, "padding": (0, 0), "periodic": False}


# expected arrays: name -> {origin, typestr, shape, nprocs, complete, ranks: {rank: (image, buffer, dims)}}
expected = {}
if program == "ranks":
    for r, rec in sorted(records.items()):
        for a in rec["arrays"]:
            e = expected.setdefault(a["name"], {"origin": "registered", "typestr": a["typestr"],
                                                "shape": tuple(d["size"] for d in a["dim_data"]),
                                                "nprocs": a["nprocs"], "ranks": {}})
            if r == mine:
                e["ranks"][a["rank"]] = (None, a["buffer"], [proto(d) for d in a["dim_data"]])
    for e in expected.values():
        e["complete"] = len(e["ranks"]) == e["nprocs"]
else:
    n = len(records)
    for image, rec in sorted(records.items()):
        for c in rec["coarrays"]:
            e = expected.setdefault(c["name"], {"origin": "coarray", "typestr": c["typestr"],
                                                "shape": tuple(c["global_shape"]), "nprocs": n,
                                                "ranks": {}, "complete": True})
            own = list(reversed(c["fortran_shape"]))
            dims = [b_dim(n, n, image - 1, image - 1, image)] + [b_dim(x) for x in own]
            e["ranks"][image - 1] = (image, c["buffer"], dims)
        for a in rec["arrays"]:
            e = expected.setdefault(a["name"], {"origin": "registered", "typestr": a["typestr"],
                                                "shape": tuple(d["size"] for d in a["dim_data"]),
                                                "nprocs": a["nprocs"], "ranks": {}, "complete": True})
            e["ranks"][a["rank"]] = (image, a["buffer"], [proto(d) for d in a["dim_data"]])


# A coarray that is a registered array's memory too (caf_dap.f90's u is
# "field") holds that array's values: (coarray, rank) -> its dims.
same_memory = {}
for name, e in expected.items():
    for r, (image, buffer, dims) in e["ranks"].items():
        for other, o in expected.items():
            if o["origin"] == "registered" and e["origin"] == "coarray" and r in o["ranks"] \
                    and o["ranks"][r][1] == buffer and len(o["ranks"][r][2]) == len(dims) - 1:
                same_memory[(name, r)] = o["ranks"][r][2]


def global_of(d, l):
    if d["dist_type"] == "b":
        return d["start"] + l
    if d["dist_type"] == "c":
        bs = d.get("block_size") or 1
        return ((l // bs) * d["proc_grid_size"] + d["proc_grid_rank"]) * bs + l % bs
    return d["indices"][l]


def extent(d):
    if d["dist_type"] == "b":
        return d["stop"] - d["start"]
    if d["dist_type"] == "u":
        return len(d["indices"])
    bs, p, size = d.get("block_size") or 1, d["proc_grid_size"], d["size"]
    return sum(min(bs, size - k * bs) for k in range(d["proc_grid_rank"], (size + bs - 1) // bs, p))


def value(g):
    return 1 + sum(x * 100 ** (len(g) - 1 - k) for k, x in enumerate(g))


def local_value(name, rank, dims, li):
    """The value at local index li of rank's buffer of array name."""
    if (name, rank) in same_memory:
        dims, li = same_memory[(name, rank)], li[1:]
    return value(tuple(global_of(d, l) for d, l in zip(dims, li)))


def global_value(name, e, g):
    """The value at global index g of the array (its owner's)."""
    if any(k[0] == name for k in same_memory):
        (r, _, local), = owner_of(e, g)
        return local_value(name, r, e["ranks"][r][2], local)
    return value(g)


def local_indices(shape):
    """Every local index of shape, in C order."""
    out = [()]
    for n in shape:
        out = [i + (j,) for i in out for j in range(n)]
    return out


def owned_local(d, g):
    """The local index of global index g if this dimension's process owns
    it (padding and halos are not owned), else None."""
    if d["dist_type"] == "b":
        lo = d["start"] + (d["padding"][0] if d["proc_grid_rank"] > 0 else 0)
        hi = d["stop"] - (d["padding"][1] if d["proc_grid_rank"] < d["proc_grid_size"] - 1 else 0)
        return g - d["start"] if lo <= g < hi else None
    if d["dist_type"] == "c":
        bs = d.get("block_size") or 1
        block = g // bs
        if block % d["proc_grid_size"] != d["proc_grid_rank"]:
            return None
        return (block // d["proc_grid_size"]) * bs + g % bs
    return d["indices"].index(g) if g in d["indices"] else None


def owner_of(e, g):
    found = []
    for r, (image, _, dims) in sorted(e["ranks"].items()):
        local = [owned_local(d, x) for d, x in zip(dims, g)]
        if all(x is not None for x in local):
            found.append((r, image, tuple(local)))
    return found


def shape_text(shape):
    return "x".join(str(x) for x in shape) if shape else "scalar"


def owned_indices(d):
    """The global indices a recorded dimension owns, halos left out."""
    if d["dist_type"] == "b":
        lo = d["start"] + (d["padding"][0] if d["proc_grid_rank"] > 0 else 0)
        hi = d["stop"] - (d["padding"][1] if d["proc_grid_rank"] < d["proc_grid_size"] - 1 else 0)
        return range(lo, hi)
    if d["dist_type"] == "c":
        bs, out = d.get("block_size") or 1, []
        for first in range(d["proc_grid_rank"] * bs, d["size"], bs * d["proc_grid_size"]):
            out += range(first, min(first + bs, d["size"]))
        return out
    return d["indices"]


def owned_text(dims):
    """The Owned cell of "info distarray NAME": runs of owned indices per
    dimension ("0-1,6-7,...,30-31 (12)" past four runs), " x " between."""
    def one(r):
        return str(r[0]) if r[0] == r[1] else "%d-%d" % tuple(r)
    out = []
    for d in dims:
        runs, ix = [], sorted(set(owned_indices(d)))
        for i in ix:
            if runs and i == runs[-1][1] + 1:
                runs[-1][1] = i
            else:
                runs.append([i, i])
        if not runs:
            out.append("-")
        elif len(runs) <= 4:
            out.append(",".join(one(r) for r in runs))
        else:
            out.append("%s,...,%s (%d)" % (",".join(one(r) for r in runs[:3]), one(runs[-1]), len(ix)))
    return " x ".join(out) or "-"


def dims_text(dims):
    """The dim_data cell of "info distarray NAME", from the records."""
    out = []
    for d in dims:
        where = "@%d/%d" % (d["proc_grid_rank"], d["proc_grid_size"])
        if d["dist_type"] == "b":
            s = "b %d:%d/%d %s" % (d["start"], d["stop"], d["size"], where)
            s += " pad(%d,%d)" % tuple(d["padding"]) if tuple(d["padding"]) != (0, 0) else ""
            s += " periodic" if d["periodic"] else ""
        elif d["dist_type"] == "c":
            s = "c %d/%d %s" % (d["start"], d["size"], where)
            s += " bs %d" % d["block_size"] if (d.get("block_size") or 1) > 1 else ""
        else:
            s = "u %d idx/%d %s%s" % (len(d["indices"]), d["size"], where, " 1:1" if d["one_to_one"] else "")
        out.append(s)
    return " | ".join(out) or "-"


# -- the objects ---------------------------------------------------------------------
FORMATS = {"<i4": "i", "<f8": "d"}
sys.modules["numpy"] = None           # the memoryview path first: NumPy hidden
arrays = paradbg.distarray.arrays()
by_name = {a.name: a for a in arrays}
check(sorted(by_name) == sorted(expected) and len(arrays) == len(expected),
      "arrays(): %s, as recorded %s" % (sorted(a.name for a in arrays), sorted(expected)))
for name, e in sorted(expected.items()):
    a = by_name.get(name)
    if a is None:
        continue
    check((a.origin, a.typestr, a.shape, a.nprocs, a.ndim) ==
          (e["origin"], e["typestr"], e["shape"], e["nprocs"], len(e["shape"])),
          "%s: origin, typestr, shape, nprocs %s" % (name, (a.origin, a.typestr, a.shape, a.nprocs)))
    check(a.valid == e["complete"] and (a.problem is None) == e["complete"] and
          (e["complete"] or "missing" in a.problem),
          "%s: valid %s (problem %s)" % (name, a.valid, a.problem))
    check([r.rank for r in a.ranks] == sorted(e["ranks"]),
          "%s: ranks %s" % (name, [r.rank for r in a.ranks]))
    for r in a.ranks:
        if r.rank not in e["ranks"]:
            continue
        image, buffer, dims = e["ranks"][r.rank]
        check((r.image, r.buffer) == (image, buffer) and r.readable,
              "%s rank %d: image %s, buffer 0x%x, readable at %s" % (name, r.rank, r.image, r.buffer,
                                                                   r.readable and hex(r.readable)))
        check(list(r.dim_data) == dims, "%s rank %d: dim_data as recorded" % (name, r.rank))
        check(r.shape == tuple(extent(d) for d in dims), "%s rank %d: local shape %s" % (name, r.rank, r.shape))
        # the buffer as a memoryview
        dd = a.__distarray__(r.rank)
        check(dd["__version__"] == "0.10.0" and list(dd["dim_data"]) == dims
              and isinstance(dd["buffer"], memoryview),
              "%s rank %d: __distarray__ without NumPy: version, dim_data, a memoryview" % (name, r.rank))
        mv = dd["buffer"]
        check(mv.format == FORMATS[e["typestr"]] and mv.shape == r.shape,
              "%s rank %d: memoryview format %s shape %s" % (name, r.rank, mv.format, mv.shape))
        flat = mv.cast("B").cast(mv.format).tolist() if prod(r.shape) else []
        want = [local_value(name, r.rank, dims, li) for li in local_indices(r.shape)]
        check(flat == want, "%s rank %d: %d elements hold the formula's values" % (name, r.rank, len(want)))
    for bad in (-1, a.nprocs):
        try:
            a.__distarray__(bad)
            check(False, "%s: __distarray__(%d) refused" % (name, bad))
        except ValueError as ex:
            check(isinstance(ex, gdb.GdbError), "%s: __distarray__(%d) refused: %s" % (name, bad, ex))
    missing = [k for k in range(a.nprocs) if k not in e["ranks"]]
    if missing:
        try:
            a.__distarray__(missing[0])
            check(False, "%s: __distarray__ of missing rank %d refused" % (name, missing[0]))
        except ValueError as ex:
            check("not in the program" in str(ex), "%s: missing rank %d: %s" % (name, missing[0], ex))
    try:
        a.assemble()
        check(False, "%s: assemble() without NumPy refused" % name)
    except ValueError as ex:
        check("NumPy" in str(ex), "%s: assemble() without NumPy: %s" % (name, ex))
    # owners, every global index (at most MAX_OWNER_CHECKS, spread)
    if e["complete"]:
        every = local_indices(e["shape"])
        step = max(1, len(every) // MAX_OWNER_CHECKS)
        bad = []
        for g in every[::step]:
            want = owner_of(e, g)
            got = a.owner(*g)
            if len(want) != 1 or got != want[0]:
                bad.append((g, got, want))
        check(not bad, "%s: owner() of %d global indices agrees with the dim_data%s"
              % (name, len(every[::step]), (": %s" % bad[:3]) if bad else ""))
    else:
        try:
            a.owner(*([0] * a.ndim))
            check(False, "%s: owner() of an incomplete array refused" % name)
        except ValueError as ex:
            check("not a valid" in str(ex), "%s: owner() of an incomplete array: %s" % (name, ex))
del sys.modules["numpy"]

# -- NumPy: the buffers and the global arrays ----------------------------------------------
try:
    import numpy as np
except ImportError:
    np = None
    print("note: no NumPy in GDB's Python: the NumPy path is not checked")
if np is not None:
    for a in paradbg.distarray.arrays():
        e = expected.get(a.name)
        if e is None:
            continue
        for r in a.ranks:
            dims = e["ranks"][r.rank][2]
            buf = a.__distarray__(r.rank)["buffer"]
            want = np.array([local_value(a.name, r.rank, dims, li) for li in local_indices(r.shape)],
                            dtype=e["typestr"]).reshape(r.shape)
            check(isinstance(buf, np.ndarray) and buf.dtype == np.dtype(e["typestr"]) and
                  buf.shape == r.shape and np.array_equal(buf, want),
                  "%s rank %d: __distarray__ with NumPy: an ndarray %s %s of the formula's values"
                  % (a.name, r.rank, getattr(buf, "dtype", None), getattr(buf, "shape", None)))
            u = [d for d in a.__distarray__(r.rank)["dim_data"] if d["dist_type"] == "u"]
            check(all(isinstance(d["indices"], np.ndarray) and d["indices"].dtype == np.int64 for d in u),
                  "%s rank %d: 'u' indices as int64 ndarrays (%d)" % (a.name, r.rank, len(u)))
        if e["complete"]:
            g = a.assemble()
            want = np.array([global_value(a.name, e, i) for i in local_indices(e["shape"])],
                            dtype=e["typestr"]).reshape(e["shape"])
            check(g.shape == e["shape"] and g.dtype == np.dtype(e["typestr"]) and np.array_equal(g, want),
                  "%s: assemble() is the global array %s of the formula's values" % (a.name, g.shape))
            rep = a.last_assembly or {}
            halos = sum(prod(extent(d) for d in dims) for _, _, dims in e["ranks"].values()) - prod(e["shape"])
            check(rep.get("elements") == prod(e["shape"]) and rep.get("missing") == 0 and
                  rep.get("halo_mismatches") == 0 and rep.get("halo_checked") == halos and
                  rep.get("first_mismatch") is None,
                  "%s: last_assembly %s (%d halo elements)" % (a.name, rep, halos))
        else:
            try:
                a.assemble()
                check(False, "%s: assemble() of an incomplete array refused" % a.name)
            except ValueError as ex:
                check("not a valid" in str(ex), "%s: assemble() of an incomplete array: %s" % (a.name, ex))

# -- the JSON records ----------------------------------------------------------------
recs = paradbg.distarray.records()
check(sorted((r["name"], r["valid"], tuple(r["shape"])) for r in recs) ==
      sorted((n, e["complete"], e["shape"]) for n, e in expected.items()),
      "records(): the names, validity and shapes")

# -- the commands --------------------------------------------------------------------
out = run("info distarray")
print(out, end="")
check(not BAD.search(out), "info distarray runs without an error")
lines = out.splitlines()
check(lines and lines[0].split() == ["Name", "Origin", "Type", "Shape", "Procs", "Status"],
      "info distarray: the heading")
rows = {}
for line in lines[1:]:
    w = line.split(None, 5)
    if len(w) == 6:
        rows[w[0]] = w[1:]
for name, e in sorted(expected.items()):
    row = rows.get(name)
    check(row is not None and row[:4] == [e["origin"], e["typestr"], shape_text(e["shape"]), str(e["nprocs"])]
          and (row[4] == "valid") == e["complete"] and (e["complete"] or "missing" in row[4]),
          "info distarray: %s's row %s" % (name, row))
for name, e in sorted(expected.items()):
    out = run("info distarray %s" % name)
    lines = out.splitlines()
    ok = not BAD.search(out) and len(lines) == 2 + len(e["ranks"])
    ok = ok and lines[0].startswith("%s (%s): %s, shape %s, %d process" % (
        name, e["origin"], e["typestr"], shape_text(e["shape"]), e["nprocs"]))
    ok = ok and lines[0].endswith("valid.") == e["complete"] and (e["complete"] or "invalid:" in lines[0])
    images = program == "caf"
    ok = ok and lines[1].split() == ["Rank"] + (["Image"] if images else []) + \
        ["Buffer", "Readable", "Owned", "dim_data"]
    for line, (r, (image, buffer, dims)) in zip(lines[2:], sorted(e["ranks"].items())):
        want = [str(r)] + ([str(image)] if images else []) + \
            ["0x%x" % buffer, "yes", owned_text(dims), dims_text(dims)]
        if re.split(r"\s{2,}", line.strip()) != want:
            ok = False
            print("rank %d: %r, recorded %r" % (r, line, want))
    check(ok, "info distarray %s: the heading and one row per rank as recorded" % name)
    if not ok:
        print(out, end="")
for name, e in sorted(expected.items()):
    if not e["complete"]:
        out = run("distarray owner %s %s" % (name, " ".join("0" for _ in e["shape"])))
        check(out.startswith("ERROR: %s is not a valid distributed array: " % name) and len(out.splitlines()) == 1,
              "distarray owner of an incomplete array: %s" % out.strip())
        continue
    every = local_indices(e["shape"])
    for g in (every[0], every[len(every) // 2], every[-1]):
        out = run("distarray owner %s %s" % (name, " ".join(str(x) for x in g)))
        (r, image, local), = owner_of(e, g)
        want = "Element (%s) of %s is owned by rank %d%s, local index (%s).\n" % (
            ", ".join(str(x) for x in g), name, r, "" if image is None else " (image %d)" % image,
            ", ".join(str(x) for x in local))
        check(out == want, "distarray owner %s %s: %s" % (name, g, out.strip()))
# the errors, one line each
complete = sorted(n for n, e in expected.items() if e["complete"])
errors = [("info distarray nosuch", "No distributed array 'nosuch'."),
          ("info distarray a b", "Usage: info distarray [NAME]"),
          ("distarray owner", "Usage: distarray owner NAME INDEX..."),
          ("distarray owner nosuch 1", "No distributed array 'nosuch'."),
          ("distarray owner %s x" % sorted(expected)[0], "Invalid index: 'x'.")]
if complete:
    name = complete[0]
    e = expected[name]
    nd = len(e["shape"])
    errors += [("distarray owner %s %s" % (name, " ".join(["0"] * (nd + 1))),
                "%s has %d dimension%s: give %d ind%s, not %d." % (name, nd, "" if nd == 1 else "s", nd,
                                                                    "ex" if nd == 1 else "ices", nd + 1)),
               ("distarray owner %s %s" % (name, " ".join([str(e["shape"][0])] + ["0"] * (nd - 1))),
                "Index %d of dimension 0 is outside %s (0 to %d)." % (e["shape"][0], name, e["shape"][0] - 1))]
for cmd, want in errors:
    out = run(cmd)
    check(out == "ERROR: %s\n" % want, "%s: %s" % (cmd, out.strip()))
print("done: %d failure(s)" % len(failures))
