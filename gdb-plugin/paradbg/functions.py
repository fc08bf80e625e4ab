"""Convenience functions for expressions and breakpoint conditions, e.g.
"break work if $_openmp_thread_num() == 2".  Each reads the selected
thread only."""
import gdb

from . import openmp
from .cmd_info import one_line_errors


class _ThreadFunction(gdb.Function):
    attribute = None
    missing = -1

    @one_line_errors
    def invoke(self):
        t = openmp.selected_thread()
        v = getattr(t, self.attribute)
        return self.missing if v is None else v


class ThreadNum(_ThreadFunction):
    """$_openmp_thread_num() - the selected thread's OpenMP thread number, -1 outside OpenMP."""
    attribute = "thread_num"


class Level(_ThreadFunction):
    """$_openmp_level() - the nesting level of the selected thread's innermost region, -1 outside OpenMP."""
    attribute = "level"


class RegionId(_ThreadFunction):
    """$_openmp_region() - the id of the selected thread's innermost parallel region, -1 if none."""
    attribute = "region"


class TaskId(_ThreadFunction):
    """$_openmp_task() - the id of the selected thread's current task, -1 if none."""
    attribute = "task"


class State(_ThreadFunction):
    """$_openmp_state() - the selected thread's OpenMP state, e.g. "wait_lock"; "" outside OpenMP."""
    attribute = "state"
    missing = ""


def register():
    ThreadNum("_openmp_thread_num")
    Level("_openmp_level")
    RegionId("_openmp_region")
    TaskId("_openmp_task")
    State("_openmp_state")
