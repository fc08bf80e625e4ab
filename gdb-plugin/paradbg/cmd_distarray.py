"""The "info distarray" and "distarray owner" commands.  They only print
what paradbg.distarray returns; reading the target is the model's
business."""
import re

import gdb

from . import distarray, table
from .cmd_info import one_line_errors_for

one_line_errors = one_line_errors_for("distributed-array")


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
indices it owns in each dimension ("0-4 x 0-11"; runs past four as
"0-1,6-7,...,30-31 (12)", with how many indices; halos not counted), and
its dimension dictionaries, compact, one per dimension, " | " between:
  b START:STOP/SIZE @GRIDRANK/GRIDSIZE [pad(L,R)] [periodic]   block
  c START/SIZE @GRIDRANK/GRIDSIZE [bs BLOCKSIZE]               (block-)cyclic
  u N idx/SIZE @GRIDRANK/GRIDSIZE [1:1]                         unstructured
The text is libparadbg's, as paradbg-inspect shows it; paradbg.distarray
gives the same in Python, with the buffers."""

    def __init__(self):
        super().__init__("info distarray", gdb.COMMAND_STATUS, gdb.COMPLETE_NONE)

    @one_line_errors
    def invoke(self, arg, from_tty):
        argv = gdb.string_to_argv(arg)
        if len(argv) > 1:
            raise gdb.GdbError("Usage: info distarray [NAME]")
        if argv:
            a, truncated, note = distarray.read(name=argv[0])
            self.one(a)
            _warn(truncated, note)
            return
        arrays, truncated, note = distarray.read()
        if not arrays:
            gdb.write("No distributed arrays.\n")
        else:
            rows = [("Name", "Origin", "Type", "Shape", "Procs", "Status")]
            for a in arrays:
                rows.append((a.pick, a.origin, a.typestr, a.shape_text, str(a.nprocs),
                             "valid" if a.valid else a.problem))
            table.write(rows)
        _warn(truncated, note)

    @staticmethod
    def one(a):
        gdb.write(table.printable("%s (%s): %s, shape %s, %d process%s, %s" % (
            a.pick, a.origin, a.typestr, a.shape_text, a.nprocs, "" if a.nprocs == 1 else "es",
            "valid" if a.valid else "invalid: %s" % a.problem.rstrip("."))) + ".\n")
        if not a.ranks:
            gdb.write("No rank of it is in the program GDB reads.\n")
            return
        images = any(r.image is not None for r in a.ranks)
        rows = [["Rank"] + (["Image"] if images else []) + ["Buffer", "Readable", "Owned", "dim_data"]]
        for r in a.ranks:
            rows.append([str(r.rank)] + (["-" if r.image is None else str(r.image)] if images else []) +
                        ["0x%x" % (r.buffer or 0), "yes" if r.readable else "no", r.owned_text,
                         r.dim_data_text])
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
        a = distarray.read(name=name)[0]
        rank, image, local = a.owner(*index)
        gdb.write(table.printable("Element %s of %s is owned by rank %d%s, local index %s." % (
            distarray.index_text(index), a.pick, rank,
            "" if image is None else " (image %d)" % image,
            distarray.index_text(local))) + "\n")


def register():
    InfoDistarray()
    Distarray()
    DistarrayOwner()
