"""The "info distarray" and "distarray owner" commands.  They only print
what paradbg.distarray returns; reading the target is the model's
business."""
import re

import gdb

from . import distarray, table
from .cmd_info import one_line_errors_for

one_line_errors = one_line_errors_for("distributed-array")

MAX_RUNS = 4           # runs of owned indices shown in one cell


def shape_text(shape):
    """(8, 12) as "8x12"; () as "scalar"."""
    return "x".join(str(n) for n in shape) if shape else "scalar"


def dim_text(d):
    """A dimension dictionary, compact: "b 0:5/8 @0/2 pad(0,1) periodic",
    "c 2/12 @1/3 bs 2", "u 5 idx/12 @0/2 1:1"."""
    kind = d.get("dist_type")
    where = "@%d/%d" % (d.get("proc_grid_rank"), d.get("proc_grid_size"))
    if kind == "b":
        out = "b %d:%d/%d %s" % (d["start"], d["stop"], d["size"], where)
        if tuple(d.get("padding") or (0, 0)) != (0, 0):
            out += " pad(%d,%d)" % tuple(d["padding"])
        if d.get("periodic"):
            out += " periodic"
        return out
    if kind == "c":
        out = "c %d/%d %s" % (d["start"], d["size"], where)
        if d.get("block_size", 1) > 1:
            out += " bs %d" % d["block_size"]
        return out
    if kind == "u":
        out = "u %d idx/%d %s" % (len(d.get("indices") or ()), d["size"], where)
        if d.get("one_to_one"):
            out += " 1:1"
        return out
    return "%r %d %s" % (kind, d.get("size", 0), where)


def runs_text(runs, count, total):
    """Runs (first, last) of indices as "0-1,6-7,...,30-31 (12)": runs
    holds every run when count (how many there are) is at most MAX_RUNS,
    else the first MAX_RUNS - 1 and the last; total is how many indices."""
    def one(run):
        return str(run[0]) if run[0] == run[1] else "%d-%d" % run
    if count == 0:
        return "-"
    if count <= MAX_RUNS:
        return ",".join(one(r) for r in runs)
    return "%s,...,%s (%d)" % (",".join(one(r) for r in runs[:MAX_RUNS - 1]), one(runs[-1]), total)


def owned_text(d, owned):
    """The global indices a rank owns in one dimension: libparadbg's owned
    range of a 'b' dimension; the blocks of a 'c' dimension (block_size
    indices from start, every proc_grid_size blocks); the indices a 'u'
    dimension holds."""
    kind = d.get("dist_type")
    if kind == "b":
        return "-" if owned is None else (str(owned[0]) if owned[0] == owned[1] else "%d-%d" % owned)
    if kind == "c":
        size, start, bs = d["size"], d["start"], max(1, d.get("block_size", 1))
        step = bs * max(1, d["proc_grid_size"])
        if start < 0 or start >= size:
            return "-"
        if step == bs:                  # one process: every index from start
            return runs_text([(start, size - 1)], 1, size - start)
        nblocks = (size - start + step - 1) // step

        def block(k):
            first = start + k * step
            return first, min(first + bs, size) - 1

        runs = [block(k) for k in range(min(nblocks, MAX_RUNS))]
        if nblocks > MAX_RUNS:
            runs[-1] = block(nblocks - 1)
        last = block(nblocks - 1)
        return runs_text(runs, nblocks, (nblocks - 1) * bs + last[1] - last[0] + 1)
    if kind == "u":
        runs = []
        for i in sorted(set(d.get("indices") or ())):
            if runs and i == runs[-1][1] + 1:
                runs[-1] = (runs[-1][0], i)
            else:
                runs.append((i, i))
        total = sum(last - first + 1 for first, last in runs)
        shown = runs if len(runs) <= MAX_RUNS else runs[:MAX_RUNS - 1] + [runs[-1]]
        return runs_text(shown, len(runs), total)
    return "?"


def _warn(truncated, note):
    if truncated:
        gdb.write("(%d not listed: too many arrays, pieces or indices)\n" % truncated)
    if note:
        gdb.write(table.printable("warning: %s" % note.rstrip(".")) + ".\n")


class InfoDistarray(gdb.Command):
    """List the distributed arrays of the program, or show one rank by rank.

Usage: info distarray [NAME]

Works on a live process and on a core file.  The arrays are those the
program registered through libparcaf (paradbg/dap.h, in any process,
a coarray image or not) and, in a coarray program, every coarray, seen
as a distributed array with one leading dimension of one index per
image.  They are read with the coarray debug library (see "set coarray
plugin-path"), and every rule of the Distributed Array Protocol is
checked on what was read.

Without NAME, one row per array: its name (NAME#K, the K-th of that
name, where several arrays have the name), origin (registered or
coarray), element type (a NumPy typestr, "<f8"), global shape, number of
processes, and "valid" or the first rule it breaks (or the ranks no
process here holds).

With NAME, one row per rank: its rank, coarray image, buffer address (as
that process sees it), whether GDB can read the buffer here, the global
indices it owns in each dimension ("0-4 x 0-11"; halos not counted), and
its dimension dictionaries, compact, one per dimension:
  b START:STOP/SIZE @GRIDRANK/GRIDSIZE [pad(L,R)] [periodic]   block
  c START/SIZE @GRIDRANK/GRIDSIZE [bs BLOCKSIZE]               (block-)cyclic
  u N idx/SIZE @GRIDRANK/GRIDSIZE [1:1]                         unstructured
paradbg.distarray gives the same in Python, with the buffers."""

    def __init__(self):
        super().__init__("info distarray", gdb.COMMAND_STATUS, gdb.COMPLETE_NONE)

    @one_line_errors
    def invoke(self, arg, from_tty):
        argv = gdb.string_to_argv(arg)
        if len(argv) > 1:
            raise gdb.GdbError("Usage: info distarray [NAME]")
        arrays, truncated, note = distarray.read()
        if argv:
            a = distarray.find(arrays, argv[0])
            if a is None:
                raise gdb.GdbError("No distributed array named '%s'." % table.printable(argv[0]))
            self.one(a)
        elif not arrays:
            gdb.write("No distributed arrays.\n")
        else:
            rows = [("Name", "Origin", "Type", "Shape", "Procs", "Status")]
            for a in arrays:
                rows.append((a.pick, a.origin, a.typestr, shape_text(a.shape), str(a.nprocs),
                             "valid" if a.valid else a.problem))
            table.write(rows)
        _warn(truncated, note)

    @staticmethod
    def one(a):
        gdb.write(table.printable("%s (%s): %s, shape %s, %d process%s, %s" % (
            a.pick, a.origin, a.typestr, shape_text(a.shape), a.nprocs, "" if a.nprocs == 1 else "es",
            "valid" if a.valid else "invalid: %s" % a.problem.rstrip("."))) + ".\n")
        if not a.ranks:
            gdb.write("No rank of it is in the program GDB reads.\n")
            return
        images = any(r.image is not None for r in a.ranks)
        rows = [["Rank"] + (["Image"] if images else []) + ["Buffer", "Readable", "Owned", "dim_data"]]
        for r in a.ranks:
            owned = " x ".join(owned_text(d, o) for d, o in zip(r.dim_data, r.owned)) or "-"
            rows.append([str(r.rank)] + (["-" if r.image is None else str(r.image)] if images else []) +
                        ["0x%x" % r.buffer if r.buffer else "-", "yes" if r.readable else "no", owned,
                         " | ".join(dim_text(d) for d in r.dim_data) or "(scalar)"])
        table.write(rows)


class Distarray(gdb.Command):
    """Distributed-array commands: who owns an element.

Usage: distarray SUBCOMMAND"""

    def __init__(self):
        super().__init__("distarray", gdb.COMMAND_DATA, gdb.COMPLETE_COMMAND, prefix=True)

    @one_line_errors
    def invoke(self, arg, from_tty):
        if arg.strip():
            raise gdb.GdbError('Undefined distarray command: "%s".  Try "help distarray".' % arg.strip())
        gdb.execute("help distarray", from_tty)


_SEPARATORS = re.compile(r"[\s,()\[\]]+")


class DistarrayOwner(gdb.Command):
    """Show which rank owns an element of a distributed array, and where.

Usage: distarray owner NAME INDEX...

NAME is the array's name as "info distarray" lists it (NAME#K where
several arrays have the name); INDEX... its
global index, one per dimension, in C order (a Fortran array's last
index first; a coarray's image - 1 first): "distarray owner field 3 5"
(or "3, 5", "(3, 5)").  Says the rank that owns the element (padding
and halos are never owners), its coarray image if it is one, and the
element's index in that rank's local buffer (padding included)."""

    def __init__(self):
        super().__init__("distarray owner", gdb.COMMAND_DATA, gdb.COMPLETE_NONE)

    @one_line_errors
    def invoke(self, arg, from_tty):
        argv = gdb.string_to_argv(arg)
        if not argv:
            raise gdb.GdbError("Usage: distarray owner NAME INDEX...")
        name = argv[0]
        index = []
        for word in _SEPARATORS.split(" ".join(argv[1:])):
            if not word:
                continue
            try:
                index.append(int(word, 0))
            except ValueError:
                raise gdb.GdbError("Invalid index: '%s'." % table.printable(word)) from None
        arrays = distarray.read()[0]
        a = distarray.find(arrays, name)
        if a is None:
            raise gdb.GdbError("No distributed array named '%s'." % table.printable(name))
        rank, image, local = a.owner(*index)
        gdb.write(table.printable("Element %s of %s is owned by rank %d%s, local index %s." % (
            distarray.index_text(index), a.pick, rank,
            "" if image is None else " (image %d)" % image,
            distarray.index_text(local))) + "\n")


def register():
    InfoDistarray()
    Distarray()
    DistarrayOwner()
