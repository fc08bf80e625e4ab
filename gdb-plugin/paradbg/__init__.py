"""paradbg: OpenMP, coarrays, atomic locks and distributed arrays in GDB.

Loading the package inside GDB adds "info openmp ...", "catch openmp
...", "set/show openmp ...", a frame filter and the $_openmp_*
convenience functions, "info coarray ...", "coarray print",
"coarray image" and "set/show coarray ...", "info atomic locks",
"info distarray" and "distarray owner", and "info wait-for" and "info
stacks".  paradbg.openmp, paradbg.coarray, paradbg.atomic,
paradbg.distarray and paradbg.waits are the scripting API; see
docs/gdb.md."""

_registered = False

def register(plugin_dirs=(), coarray_plugin_dirs=None):
    """Adds the commands (once) and our own plugin directories: those of
    the OMPD library, and those of the coarray debug library (by default
    the same), which reads atomic locks too."""
    global _registered
    from . import plugin
    for dirs, own in ((plugin_dirs, plugin.own_dirs),
                      (plugin_dirs if coarray_plugin_dirs is None else coarray_plugin_dirs,
                       plugin.coarray_own_dirs)):
        for d in dirs:
            if d not in own:
                own.append(d)
    if _registered:
        return
    _registered = True
    from . import (cmd_atomic, cmd_catch, cmd_coarray, cmd_distarray, cmd_info, cmd_waits, frame_filter,
                   functions, settings)
    settings.register()
    cmd_info.register()
    cmd_catch.register()
    cmd_coarray.register()
    cmd_atomic.register()
    cmd_distarray.register()
    cmd_waits.register()
    frame_filter.register()
    functions.register()

from . import openmp  # noqa: E402  (the API: paradbg.openmp.threads() ...)
from . import coarray  # noqa: E402  (paradbg.coarray.images() ...)
from . import atomic  # noqa: E402  (paradbg.atomic.locks() ...)
from . import distarray  # noqa: E402  (paradbg.distarray.arrays() ...)
from . import waits  # noqa: E402  (paradbg.waits.graph(), paradbg.waits.stacks() ...)
