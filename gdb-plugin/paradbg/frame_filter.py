"""A frame filter for "bt": it hides the OpenMP runtime's own frames and
marks the frame where each task or region body begins.  Only frames whose
code lies in the runtime's library are hidden, so a user frame never is.
"set openmp frame-filter off" (or GDB's "disable frame-filter global
paradbg-openmp") turns it off."""
import gdb
from gdb.FrameDecorator import FrameDecorator

from . import openmp, table

MAX_FRAMES = 100000


def _function_start(frame):
    try:
        fn = frame.function()
        return int(fn.value().address) if fn is not None else None
    except (gdb.error, RuntimeError):
        return None


def _older_task(task, by_id):
    """The task this one's frames sit on: the task an explicit task was
    scheduled from, or the implicit task of the enclosing region."""
    ident = task.scheduling if task.kind == "explicit" else task.generating
    return by_id.get(ident)


class _Marked(FrameDecorator):
    def __init__(self, base, note):
        super().__init__(base)
        self.note = note

    def function(self):
        name = super().function()
        if isinstance(name, int):
            name = "0x%x" % name
        return "%s %s" % (table.printable(name), self.note)


class _Unreadable(FrameDecorator):
    """A frame without registers (a core whose NT_PRSTATUS notes are
    zeroed): GDB's own FrameDecorator would raise "PC not available" from
    the filter, which GDB shows as a Python exception."""

    def _safe(self, name):
        try:
            return getattr(super(), name)()
        except gdb.error:
            return None

    def address(self):
        return self._safe("address")

    def function(self):
        return self._safe("function") or "??"

    def filename(self):
        return self._safe("filename")

    def line(self):
        return self._safe("line")

    def frame_args(self):
        return self._safe("frame_args")

    def frame_locals(self):
        return self._safe("frame_locals")


def _note(task):
    if task.kind == "explicit":
        return "[OpenMP task %d begins]" % task.id
    return "[OpenMP region %s begins, implicit task %d]" % (
        task.region if task.region is not None else "?", task.id)


class OpenMPFrameFilter:
    def __init__(self):
        self.name = "paradbg-openmp"
        self.priority = 100
        self.enabled = True
        gdb.frame_filters[self.name] = self

    def filter(self, frames):
        try:
            lib = openmp.runtime_library()
            chain = openmp.selected_task_chain() if lib else None
        except (gdb.GdbError, gdb.error):
            lib = None
        if not lib:
            return frames
        return self._walk(frames, lib, chain or [])

    def _walk(self, frames, lib, chain):
        by_id = {t.id: t for t in chain}
        task = chain[0] if chain else None
        held = None        # the last user frame, until we know its caller
        for n, d in enumerate(frames):
            if n > MAX_FRAMES:
                break
            try:
                in_runtime = gdb.solib_name(d.inferior_frame().pc()) == lib
            except gdb.error:       # no pc: shown as GDB shows it
                in_runtime = False
                d = _Unreadable(d)
            if held is not None:
                if in_runtime and task is not None and _function_start(held.inferior_frame()) == task.address:
                    yield _Marked(held, _note(task))
                    task = _older_task(task, by_id)
                else:
                    yield held
                held = None
            if not in_runtime:
                held = d
        if held is not None:
            yield held


class FrameFilterSetting(gdb.Parameter):
    """Whether "bt" hides the OpenMP runtime's frames and marks task and region starts.

Usage: set openmp frame-filter on|off"""

    set_doc = "Set whether backtraces hide the OpenMP runtime's frames."
    show_doc = "Show whether backtraces hide the OpenMP runtime's frames."

    def __init__(self, ff):
        super().__init__("openmp frame-filter", gdb.COMMAND_STACK, gdb.PARAM_BOOLEAN)
        self.ff = ff
        self.value = True

    def get_set_string(self):
        self.ff.enabled = bool(self.value)
        return ""

    def get_show_string(self, svalue):
        return "The OpenMP frame filter is %s." % svalue


def register():
    FrameFilterSetting(OpenMPFrameFilter())
