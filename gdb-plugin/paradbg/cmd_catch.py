"""catch openmp EVENT: breakpoints on libparomp's ompd_bp_* functions that
announce the region, task or thread of the event.  Nothing is connected
to GDB's stop event until the first such catchpoint exists, so a session
without one pays nothing at a stop or at "continue"."""
import gdb

from . import openmp, table, target
from . import plugin as plugins

# event -> the runtime's breakpoint function
EVENTS = {
    "parallel-begin": "ompd_bp_parallel_begin",
    "parallel-end": "ompd_bp_parallel_end",
    "task-begin": "ompd_bp_task_begin",
    "task-end": "ompd_bp_task_end",
    "thread-begin": "ompd_bp_thread_begin",
    "thread-end": "ompd_bp_thread_end",
}
BODY = "parallel-body"

_ours = {}          # breakpoint number -> OpenMPCatchpoint / BodyBreakpoint
_connected = [False]


def _describe(event):
    th, region, task = openmp.selected()
    who = "OpenMP thread %s (LWP %d)" % (th.thread_num, th.lwp) if th.is_openmp else "LWP %d" % th.lwp
    if event.startswith("parallel") and region is not None:
        return "region %d, level %s, team of %s, %s; %s" % (
            region.id, region.level, region.team_size,
            openmp.place(region, "unknown code"), who)
    if event.startswith("task") and task is not None:
        return "task %d (%s), %s; %s" % (task.id, task.kind,
                                         openmp.place(task, "unknown code"), who)
    return who


def _on_stop(event):
    for bp in getattr(event, "breakpoints", ()):
        ours = _ours.get(bp.number)
        if ours is None or isinstance(ours, BodyCatchpoint):
            continue          # it never stops by itself
        head = ("Catchpoint %d (OpenMP %s)" % (bp.number, ours.event)
                if isinstance(ours, OpenMPCatchpoint) else "OpenMP region body")
        try:
            text = _describe(ours.event)
        except gdb.GdbError as e:
            text = str(e)
        # region and task places carry the target's function and file names
        gdb.write("%s: %s\n" % (head, table.printable(text)))


def _on_deleted(bp):
    ours = _ours.pop(bp.number, None)
    for child in getattr(ours, "bodies", {}).values():
        if child.is_valid():
            child.delete()
    if not _ours and _connected[0]:
        gdb.events.stop.disconnect(_on_stop)
        gdb.events.breakpoint_deleted.disconnect(_on_deleted)
        gdb.events.new_objfile.disconnect(_on_new_objfile)
        _connected[0] = False


def _on_new_objfile(event):
    """A program that loads another OpenMP runtime never reaches a pending
    catchpoint: say so when that runtime loads, not never."""
    if not any(bp.is_valid() and bp.pending for bp in _ours.values()):
        return
    other = plugins.other_runtime([getattr(event.new_objfile, "filename", None)])
    if other:
        gdb.write("warning: catch openmp will not stop: the program runs on %s\n" % other)


def _adopt(bp):
    _ours[bp.number] = bp
    if not _connected[0]:
        gdb.events.stop.connect(_on_stop)
        gdb.events.breakpoint_deleted.connect(_on_deleted)
        gdb.events.new_objfile.connect(_on_new_objfile)
        _connected[0] = True


class OpenMPCatchpoint(gdb.Breakpoint):
    """A stop at one of the runtime's OMPD breakpoint functions."""

    def __init__(self, event):
        self.event = event
        super().__init__(EVENTS[event], gdb.BP_BREAKPOINT)
        _adopt(self)


class BodyBreakpoint(gdb.Breakpoint):
    """A stop at the first line of one region body, in every thread."""
    event = "parallel-body"

    def __init__(self, spec):
        super().__init__(spec, gdb.BP_BREAKPOINT)
        _adopt(self)


class BodyCatchpoint(gdb.Breakpoint):
    """Never stops itself: at each new region it puts a breakpoint on the
    region's body (once per body), before the team's other threads start,
    so every member stops at the body's first line."""
    event = BODY

    def __init__(self):
        self.bodies = {}
        super().__init__(EVENTS["parallel-begin"], gdb.BP_BREAKPOINT)
        _adopt(self)

    def stop(self):
        try:
            _, region, _ = openmp.selected()
        except gdb.GdbError:
            return False
        if region is None or not region.address or region.address in self.bodies:
            return False
        self.bodies[region.address] = BodyBreakpoint("*0x%x" % _first_line(region))
        return False


def _first_line(region):
    """Where "break FUNCTION" would stop in the body (after its prologue),
    if GDB's line lookup finds exactly that function; else its entry."""
    if not region.function:
        return region.address
    try:
        _, sals = gdb.decode_line(region.function)
        if sals is not None and len(sals) == 1 and sals[0].pc:
            block = gdb.block_for_pc(sals[0].pc)
            while block is not None and block.function is None:
                block = block.superblock
            if block is not None and block.start == region.address:
                return _past_pragma(sals[0], block)
    except gdb.error:
        pass
    return region.address


def _past_pragma(sal, block):
    """gcc's outlined body begins on the pragma's line, loading what the
    region shares; the first statement is the next line the body reaches."""
    if sal.symtab is None:
        return sal.pc
    entries = sorted((e.pc, e.line) for e in sal.symtab.linetable()
                     if block.start <= e.pc < block.end and e.line > 0)
    for pc, line in entries:
        if pc > sal.pc and line != sal.line:
            return pc
    return sal.pc


_making = []        # what _quietly hands to _make and gets back


def _quietly(make):
    """make(), without GDB's own lines about the new breakpoint: before
    "run" they would be 'Function "ompd_bp_..." not defined.' and
    'Breakpoint N (...) pending.', which read as an error.  GDB's Python
    API has no quiet breakpoint, so it is made inside a "python" command
    whose output is captured; its exception, if any, is raised here."""
    _making[:] = [make]
    gdb.execute("python __import__('sys').modules[%r]._make()" % __name__, to_string=True)
    made = _making.pop()
    if isinstance(made, BaseException):
        raise made
    return made


def _make():
    try:
        _making[0] = _making[0]()
    except Exception as e:      # noqa: BLE001  (handed back to _quietly)
        _making[0] = e


def _check_debug_enabled():
    """The runtime calls its breakpoint functions only with OMP_DEBUG=enabled."""
    inf = gdb.selected_inferior()
    if inf.pid == 0:
        env = gdb.execute("show environment OMP_DEBUG", to_string=True)
        if "enabled" not in env:
            gdb.execute("set environment OMP_DEBUG enabled", to_string=True)
            gdb.write("OMP_DEBUG=enabled is set for the program's next run "
                      "(libparomp reports these events only with it).\n")
        return
    conn = getattr(inf, "connection", None)
    if conn is not None and conn.type == "core":
        raise gdb.GdbError("catch openmp needs a running program, not a core file.")
    # OpenMP 5.1's debug-var ICV, which the OMPD library reads for us
    try:
        debug = [i.value for i in openmp.icvs("address_space") if i.name == "debug-var"]
    except gdb.GdbError as e:
        gdb.write("warning: %s\n" % e)
        return
    if not debug:
        return          # an OMPD library without debug-var: nothing to say
    on = debug[0] not in ("0", "disabled")
    if not on:
        gdb.write("warning: the program was started without OMP_DEBUG=enabled; libparomp "
                  "reports these events only with it.  Restart it with "
                  "\"set environment OMP_DEBUG enabled\".\n")


class CatchOpenMP(gdb.Command):
    """Stop at OpenMP events.

Usage: catch openmp EVENT

EVENT is one of:
  parallel-begin  a parallel region starts (once, in the encountering thread)
  parallel-end    a parallel region ends
  task-begin      an explicit task starts running
  task-end        an explicit task completes
  thread-begin    a thread becomes an OpenMP thread (a worker when it starts,
                  the initial thread at its first OpenMP call)
  thread-end      an OpenMP thread ends
  parallel-body   every thread of each new team, at the first line of the
                  region's body
Each stop names the region or task: its id, team size, function and
source location.  The events come from libparomp's ompd_bp_* functions,
which it calls only when the program runs with OMP_DEBUG=enabled; set
before "run", the catchpoint sets that for you, and waits (pending)
until the program loads libparomp.  The catchpoints are
breakpoints: "info breakpoints" lists them and "delete" removes them
(with the body breakpoints of a parallel-body catchpoint)."""

    def __init__(self):
        super().__init__("catch openmp", gdb.COMMAND_BREAKPOINTS)

    def complete(self, text, word):
        return [e for e in list(EVENTS) + [BODY] if e.startswith(word or "")]

    def invoke(self, arg, from_tty):
        argv = gdb.string_to_argv(arg)
        if len(argv) != 1 or (argv[0] not in EVENTS and argv[0] != BODY):
            raise gdb.GdbError("Usage: catch openmp %s" % "|".join(list(EVENTS) + [BODY]))
        _check_debug_enabled()
        event = argv[0]
        bp = _quietly(BodyCatchpoint if event == BODY else lambda: OpenMPCatchpoint(event))
        gdb.write("Catchpoint %d (OpenMP %s)%s\n" % (
            bp.number, event, ", pending until libparomp is loaded" if bp.pending else ""))


def register():
    CatchOpenMP()
