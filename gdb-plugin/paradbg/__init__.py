"""paradbg: OpenMP in GDB.

Loading the package inside GDB adds "info openmp ...", "catch openmp
...", "set/show openmp ...", a frame filter and the $_openmp_*
convenience functions.  paradbg.openmp is the scripting API; see
docs/gdb.md."""

_registered = False

def register(plugin_dirs=()):
    """Adds the commands (once) and the trusted OMPD library directories."""
    global _registered
    from . import plugin
    for d in plugin_dirs:
        if d not in plugin.own_dirs:
            plugin.own_dirs.append(d)
    if _registered:
        return
    _registered = True
    from . import cmd_catch, cmd_info, frame_filter, functions, settings
    settings.register()
    cmd_info.register()
    cmd_catch.register()
    frame_filter.register()
    functions.register()

from . import openmp  # noqa: E402  (the API: paradbg.openmp.threads() ...)
