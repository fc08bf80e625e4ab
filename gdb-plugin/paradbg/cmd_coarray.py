"""The "info coarray" and "coarray" commands.  They only print what
paradbg.coarray returns; reading the target is the model's business."""
import re
import signal

import gdb

from . import coarray, table
from .cmd_info import one_line_errors_for

one_line_errors = one_line_errors_for("coarray")

_RANGE = re.compile(r"^(\d+)(?:-(\d+))?$")
# "x[3]", "m::x[3]", "#5[3]", "x [3]"
_COINDEXED = re.compile(r"^\s*(\S+?)\s*\[\s*(\d+)\s*\]\s*$")


def parse_images(arg):
    """A predicate over image numbers for "1 3-5", or None for no list."""
    items = []
    for word in gdb.string_to_argv(arg):
        for part in word.split(","):
            if not part:
                continue
            m = _RANGE.match(part)
            if m is None:
                raise gdb.GdbError("Invalid image number: %s" % part)
            lo = int(m.group(1))
            hi = int(m.group(2)) if m.group(2) else lo
            if hi < lo:
                raise gdb.GdbError("inverted range: %s" % part)
            items.append((lo, hi))
    if not items:
        return None
    return lambda n: any(lo <= n <= hi for lo, hi in items)


# The tables have paradbg-inspect's columns and cells (inspect/caf-text.c),
# so that both hosts show a program alike.

def ranges(numbers):
    """[1, 2, 3, 5] as "1-3,5"; "-" for none."""
    out, run = [], []
    for n in list(numbers) + [None]:
        if run and (n is None or n != run[-1] + 1):
            out.append(str(run[0]) if len(run) == 1 else "%d-%d" % (run[0], run[-1]))
            run = []
        if n is not None:
            run.append(n)
    return ",".join(out) or "-"


def status_text(im):
    if im.status in ("stopped", "error stop") and im.stop_code is not None:
        return "%s (code %d)" % (im.status, im.stop_code)
    if im.status == "failed" and im.signal:
        try:
            return "failed (signal %s)" % signal.Signals(im.signal).name
        except ValueError:
            return "failed (signal %d)" % im.signal
    return im.status or "unknown"


def team_text(im):
    index = "?" if im.team_index is None else im.team_index
    if im.team_number is None:
        return "?:%s" % index
    if im.team_number == -1:
        return "initial:%s" % index
    return "%d:%s" % (im.team_number, index)


def type_text(c):
    """"integer(4)", "complex(8)", "character (5 bytes)"; a lock or event
    variable's is Fortran's lock_type, event_type (a critical construct's
    lock has none)."""
    if c.type in (None, "unknown") and c.kind in ("lock", "event", "critical"):
        return {"lock": "lock_type", "event": "event_type"}.get(c.kind, "-")
    t = c.type or "unknown"
    if t in ("integer", "real", "logical") and c.elem_len is not None:
        return "%s(%d)" % (t, c.elem_len)
    if t == "complex" and c.elem_len is not None:
        return "complex(%d)" % (c.elem_len // 2)
    if c.elem_len:
        return "%s (%d bytes)" % (t, c.elem_len)
    return t


def shape_text(c):
    """"(1:2,1:3)[1:*]", "scalar", "[1:*]"; where the runtime was not told
    the shape (a static coarray), how many elements it has."""
    if c.rank is None or c.rank < 0:
        shape = "?" if not c.nelem else "%d element%s" % (c.nelem, "" if c.nelem == 1 else "s")
    elif c.rank == 0:
        shape = "scalar"
    else:
        shape = "(%s)" % ",".join("%d:%d" % b for b in zip(c.lbound, c.ubound))
    if c.corank and c.lcobound:
        cob = "[%s]" % ",".join("%d:%d" % b for b in zip(c.lcobound, c.ucobound))
        shape = cob if shape == "scalar" else shape + cob
    return shape


def _no_image_list(arg, usage):
    if arg.strip():
        raise gdb.GdbError("Usage: %s" % usage)


class InfoCoarray(gdb.Command):
    """Coarray state of the program: images, coarrays, locks, events, teams.

Usage: info coarray SUBCOMMAND

Works on a live image (run or attached) and on a core of any one image:
the runtime keeps every image's state in one shared mapping, so each image
shows them all.  The state is read with the coarray debug library the
runtime names (see "set coarray plugin-path")."""

    def __init__(self):
        super().__init__("info coarray", gdb.COMMAND_STATUS, gdb.COMPLETE_COMMAND, prefix=True)

    @one_line_errors
    def invoke(self, arg, from_tty):
        if arg.strip():
            raise gdb.GdbError('Undefined info coarray command: "%s".  Try "help info coarray".'
                               % arg.strip())
        gdb.execute("help info coarray", from_tty)


class InfoCoarrayImages(gdb.Command):
    """List the images with their status and what each waits for.

Usage: info coarray images [IMAGE-LIST]

One row per image: "*" for the image whose process is the selected
inferior, the image number, its process id, its inferior in this GDB (when
more than one image is an inferior here, see "coarray image"), its status
(running, stopped or error stop with the stop code, failed with the signal
that killed it), its team as NUMBER:INDEX ("initial:3" in the initial
team), and what it waits for, in words with the objects and the images
it still needs (for the selected inferior's image, also an atomic lock:
see "info atomic locks").  IMAGE-LIST is a list of image numbers and ranges: "1 3-5"."""

    def __init__(self):
        super().__init__("info coarray images", gdb.COMMAND_STATUS, gdb.COMPLETE_NONE)

    @one_line_errors
    def invoke(self, arg, from_tty):
        wanted = parse_images(arg)
        recs = coarray.records(atomic_waits=True)
        images = coarray.images_of(recs)
        if wanted is not None:
            images = [im for im in images if wanted(im.image)]
            if not images:
                raise gdb.GdbError("No images match '%s'." % arg.strip())
        if not images:
            gdb.write("No images.\n")
            return
        with_inferiors = sum(1 for im in images if im.inferior is not None) > 1
        head = [" ", "Image", "PID"] + (["Inferior"] if with_inferiors else []) + \
            ["Status", "Team", "Waiting for"]
        rows = [head]
        for im in images:
            row = ["*" if im.current else " ", str(im.image), str(im.pid) if im.pid else "-"]
            if with_inferiors:
                row.append(str(im.inferior.num) if im.inferior is not None else "-")
            row += [status_text(im), team_text(im), im.wait.text if im.wait and im.wait.text else "-"]
            rows.append(row)
        table.write(rows)
        if recs.get("error_image"):
            gdb.write("Image %d ended the program with ERROR STOP (code %d).\n"
                      % (recs["error_image"], recs.get("error_code") or 0))


class InfoCoarrayCoarrays(gdb.Command):
    """List the registered coarrays.

Usage: info coarray coarrays [NAME]

One row per coarray (locks, events and critical constructs included): its
registration number, its Fortran name ("module::name" for a module's, "-"
where the program's symbols do not name it), kind (static, allocatable,
lock, event, critical, component), type, shape (bounds and cobounds, or
the number of elements where the runtime was not told the shape), size
in bytes, and its address in the image GDB reads.  With NAME ("x" for
every x, "m::x", in any case, or "#N" for registration number N), only
those coarrays, with their addresses on every image."""

    def __init__(self):
        super().__init__("info coarray coarrays", gdb.COMMAND_STATUS, gdb.COMPLETE_NONE)

    @one_line_errors
    def invoke(self, arg, from_tty):
        argv = gdb.string_to_argv(arg)
        if len(argv) > 1:
            raise gdb.GdbError("Usage: info coarray coarrays [NAME]")
        recs = coarray.records()
        found = coarray.coarrays_of(recs, argv[0] if argv else None)
        if not found:
            if argv:
                raise gdb.GdbError("No coarray named '%s'." % table.printable(argv[0]))
            gdb.write("No coarrays.\n")
            return
        # The launcher (image 0) maps the coarrays where image 1 has them.
        here = recs.get("this_image") or 1
        rows = [("Serial", "Name", "Kind", "Type", "Shape", "Bytes", "Address on image %d" % here)]
        for c in found:
            addr = c.addresses.get(here, (None, None))[1]
            rows.append((str(c.serial), c.label if c.name else "-", c.kind or "?", type_text(c),
                         shape_text(c), "?" if c.nbytes is None else str(c.nbytes),
                         "0x%x" % addr if addr else "-"))
        table.write(rows)
        if argv:
            for c in found:
                gdb.write("\n%s on each image:\n" % table.printable(c.label))
                rows = [("Image", "Address", "Read at")]
                for image in sorted(c.addresses):
                    readable, in_image = c.addresses[image]
                    rows.append((str(image), "0x%x" % in_image if in_image else "-",
                                 "0x%x" % readable if readable else "(unreadable)"))
                table.write(rows, indent="  ")


def _coindexed(name, image):
    return "%s[%d]" % (name, image)


def _truncated(recs):
    if recs.get("truncated"):
        gdb.write("(%d elements not looked at: at most 4096 of each variable are)\n" % recs["truncated"])


class InfoCoarrayLocks(gdb.Command):
    """List the held or awaited locks and critical constructs.

Usage: info coarray locks

One row per lock element that is held or awaited: the lock variable (or
"critical" for a CRITICAL construct), the image it is on, its element, the
image that holds it, and the images waiting for it."""

    def __init__(self):
        super().__init__("info coarray locks", gdb.COMMAND_STATUS, gdb.COMPLETE_NONE)

    @one_line_errors
    def invoke(self, arg, from_tty):
        _no_image_list(arg, "info coarray locks")
        recs = coarray.records()
        locks = coarray.locks_of(recs)
        if not locks:
            gdb.write("No coarray lock or critical construct is held or awaited.\n")
        else:
            rows = [("Variable", "Image", "Element", "Holder", "Waiting images")]
            for k in locks:
                rows.append((k.label or "?", str(k.image), str(k.element), str(k.holder) if k.holder else "-",
                             ranges(k.waiting)))
            table.write(rows)
        _truncated(recs)


class InfoCoarrayEvents(gdb.Command):
    """List the events that have a count or a waiter.

Usage: info coarray events

One row per event element with posts not yet waited for, or an image
waiting on it: the event variable, the image it is on, its element, its
count, and each waiting image with the count it waits for."""

    def __init__(self):
        super().__init__("info coarray events", gdb.COMMAND_STATUS, gdb.COMPLETE_NONE)

    @one_line_errors
    def invoke(self, arg, from_tty):
        _no_image_list(arg, "info coarray events")
        recs = coarray.records()
        events = coarray.events_of(recs)
        if not events:
            gdb.write("No event has a count or a waiting image.\n")
        else:
            rows = [("Variable", "Image", "Element", "Count", "Waiting")]
            for e in events:
                waiting = ", ".join("image %d (until count %s)" % (img, "?" if until is None else until)
                                    for img, until in e.waiting)
                rows.append((e.label or "?", str(e.image), str(e.element),
                             "?" if e.count is None else str(e.count), waiting or "-"))
            table.write(rows)
        _truncated(recs)


class InfoCoarrayTeams(gdb.Command):
    """List the teams as a tree.

Usage: info coarray teams

One row per team: its id (teams formed inside a team indented under it),
its team number ("initial" for the initial team), its parent's id, its
size, and its members' image numbers in the order of their index in the
team."""

    def __init__(self):
        super().__init__("info coarray teams", gdb.COMMAND_STATUS, gdb.COMPLETE_NONE)

    @one_line_errors
    def invoke(self, arg, from_tty):
        _no_image_list(arg, "info coarray teams")
        teams = coarray.teams()
        if not teams:
            gdb.write("No teams.\n")
            return
        ids = {t.id for t in teams}
        children = {}
        for t in teams:
            children.setdefault(t.parent if t.parent in ids else None, []).append(t)
        rows = [("Team", "Number", "Parent", "Size", "Members")]
        shown = set()

        def add(t, depth):
            shown.add(id(t))
            rows.append(("%s0x%x" % ("  " * depth, t.id or 0),
                         "initial" if t.number == -1 else str(t.number),
                         "-" if t.parent is None else "0x%x" % t.parent, str(t.size), ranges(t.members)))
            for c in children.get(t.id, []):
                if id(c) not in shown and depth < 32:
                    add(c, depth + 1)

        # each team under its parent; one in a cycle of parents (a corrupt
        # core) at the end
        for t in children.get(None, []) + teams:
            if id(t) not in shown:
                add(t, 0)
        table.write(rows)


class Coarray(gdb.Command):
    """Coarray commands: print a coarray on any image, select an image.

Usage: coarray SUBCOMMAND"""

    def __init__(self):
        super().__init__("coarray", gdb.COMMAND_DATA, gdb.COMPLETE_COMMAND, prefix=True)

    @one_line_errors
    def invoke(self, arg, from_tty):
        if arg.strip():
            raise gdb.GdbError('Undefined coarray command: "%s".  Try "help coarray".' % arg.strip())
        gdb.execute("help coarray", from_tty)


def _format(v):
    if v is True:
        return ".TRUE."
    if v is False:
        return ".FALSE."
    if isinstance(v, tuple):
        return "(%s,%s)" % (_format(v[0]), _format(v[1]))
    if isinstance(v, float):
        return repr(v)
    if v is None:
        return "?"
    if isinstance(v, str):
        if v.startswith("0x"):
            return v
        return "'%s'" % v
    return str(v)


def format_values(vals):
    """The values as GDB prints a Fortran array: (1, 2, 3), and
    ((1, 2) (3, 4)) for two dimensions, first index fastest."""
    items = [_format(x) for x in vals.values]
    extents = [max(0, u - l + 1) for l, u in zip(vals.lbound, vals.ubound)]
    if vals.truncated or not vals.rank or len(extents) < 2:
        # a scalar, one dimension, a shape the runtime was not told, or
        # a cut list: the elements in order
        if vals.truncated:
            items.append("...")
        if len(items) == 1 and not vals.rank:
            return items[0]
        return "(%s)" % ", ".join(items)

    def nest(flat, dims):
        if len(dims) <= 1:
            return "(%s)" % ", ".join(flat)
        step = 1
        for d in dims[:-1]:
            step *= d
        if step == 0:
            return "()"
        parts = [nest(flat[i:i + step], dims[:-1]) for i in range(0, len(flat), step)]
        return "(%s)" % " ".join(parts)

    return nest(items, extents)


class CoarrayPrint(gdb.Command):
    """Print a coarray's value on an image.

Usage: coarray print NAME[IMAGE]
       coarray print NAME IMAGE
       coarray print NAME

NAME is the coarray's Fortran name, in any case ("x", or "m::x" for module
m's x), or "#N" for the coarray registered as number N (see "info coarray
coarrays").
Without IMAGE, the image whose address space GDB reads.  The values are
read from the shared mapping, live or from a core, and printed in array
element order as GDB prints a Fortran array."""

    def __init__(self):
        super().__init__("coarray print", gdb.COMMAND_DATA, gdb.COMPLETE_NONE)

    @one_line_errors
    def invoke(self, arg, from_tty):
        name, image = self.parse(arg)
        if image is None:
            image = coarray.program()[1] or 0
            if not image:
                raise gdb.GdbError("GDB reads the launcher, not an image: say which image, "
                                   "as in \"coarray print NAME[IMAGE]\".")
        vals = coarray.value(name, image)
        gdb.write("%s = %s\n" % (table.printable(_coindexed(name, image)),
                                 table.printable(format_values(vals))))

    @staticmethod
    def parse(arg):
        m = _COINDEXED.match(arg)
        if m:
            return m.group(1), int(m.group(2))
        argv = gdb.string_to_argv(arg)
        if len(argv) == 1 and "[" not in argv[0]:
            return argv[0], None
        if len(argv) == 2 and argv[1].isdigit():
            return argv[0], int(argv[1])
        raise gdb.GdbError("Usage: coarray print NAME[IMAGE]")


class CoarrayImage(gdb.Command):
    """Select the inferior that is an image's process, or show which image it is.

Usage: coarray image [IMAGE]

When every image is an inferior of this GDB (a whole program run with
"set detach-on-fork off", or "paradbg-cafrun --gdb"), selects the
inferior whose process is image IMAGE, as "inferior N" does.  Without
IMAGE, says which image the selected inferior is."""

    def __init__(self):
        super().__init__("coarray image", gdb.COMMAND_RUNNING, gdb.COMPLETE_NONE)

    @one_line_errors
    def invoke(self, arg, from_tty):
        argv = gdb.string_to_argv(arg)
        if len(argv) > 1 or (argv and not argv[0].isdigit()):
            raise gdb.GdbError("Usage: coarray image [IMAGE]")
        images = coarray.images_of(coarray.records())   # no atomic waits needed
        if not argv:
            cur = [im for im in images if im.current]
            if not cur:
                gdb.write("The selected inferior (pid %d) is not an image: it may be the launcher.\n"
                          % gdb.selected_inferior().pid)
            else:
                gdb.write("The selected inferior is image %d (pid %d).\n" % (cur[0].image, cur[0].pid))
            return
        n = int(argv[0])
        im = next((i for i in images if i.image == n), None)
        if im is None:
            raise gdb.GdbError("There is no image %d: the program has %d images." % (n, len(images)))
        if im.inferior is None:
            raise gdb.GdbError("Image %d (pid %s) is not an inferior of this GDB: run the whole "
                               "program with \"set detach-on-fork off\" (see \"help coarray image\"), "
                               "or attach to it." % (n, im.pid or "unknown"))
        gdb.execute("inferior %d" % im.inferior.num, from_tty)


def register():
    InfoCoarray()
    InfoCoarrayImages()
    InfoCoarrayCoarrays()
    InfoCoarrayLocks()
    InfoCoarrayEvents()
    InfoCoarrayTeams()
    Coarray()
    CoarrayPrint()
    CoarrayImage()
