"""The "info openmp" commands.  They only print what paradbg.openmp
returns; reading the target is the model's business."""
import functools

import gdb

from . import idlist, openmp, table


def one_line_errors_for(what):
    """A command ends in its output or in one gdb.GdbError line: GDB shows
    any other exception as "Python Exception ..." and a traceback-like
    second line, which says nothing to a user.  what: "OpenMP", "coarray"."""
    def wrap(invoke):
        @functools.wraps(invoke)
        def run(*args):
            try:
                return invoke(*args)
            except (gdb.GdbError, KeyboardInterrupt):
                raise
            except gdb.error as e:
                raise gdb.GdbError(str(e)) from None
            except Exception as e:          # pylint: disable=broad-except
                raise gdb.GdbError("paradbg: cannot read the program's %s state (%s: %s)"
                                   % (what, type(e).__name__, e)) from None
        return run
    return wrap


one_line_errors = one_line_errors_for("OpenMP")


def _no_openmp():
    gdb.write("No OpenMP threads.\n")


def _opt(v):
    return "" if v is None else str(v)


class InfoOpenMP(gdb.Command):
    """OpenMP state of the program: threads, parallel regions, tasks, ICVs.

Usage: info openmp SUBCOMMAND

Works on a live process and on a core file.  The state is read with the
OMPD library the OpenMP runtime names (see "set openmp plugin-path")."""

    def __init__(self):
        super().__init__("info openmp", gdb.COMMAND_STATUS, gdb.COMPLETE_COMMAND, prefix=True)

    @one_line_errors
    def invoke(self, arg, from_tty):
        if arg.strip():
            raise gdb.GdbError('Undefined info openmp command: "%s".  Try "help info openmp".'
                               % arg.strip())
        gdb.execute("help info openmp", from_tty)


class InfoOpenMPThreads(gdb.Command):
    """List the threads with their OpenMP state.

Usage: info openmp threads [ID-LIST]

One row per thread: "*" for the selected one, GDB's thread id, the LWP,
the OpenMP thread number, the state, what the thread waits for (a lock,
a critical section, a barrier, a task wait), its innermost parallel
region and nesting level, its current task and its innermost frame.
Threads that are not OpenMP threads are listed as such.  A thread that
waits for an atomic lock (see "info atomic locks"), and for nothing the
OpenMP runtime knows, shows that wait.
ID-LIST is a list of GDB thread ids and ranges, as for "thread apply"."""

    def __init__(self):
        super().__init__("info openmp threads", gdb.COMMAND_STATUS)

    def complete(self, text, word):
        return idlist.complete_thread_ids(text, word)

    @one_line_errors
    def invoke(self, arg, from_tty):
        wanted = idlist.parse_thread_list(arg) if arg.strip() else None
        threads = openmp.threads()
        if wanted is not None:
            threads = [t for t in threads if wanted(t.gdb_thread)]
            if not threads:
                raise gdb.GdbError("No threads match '%s'." % arg.strip())
        if not any(t.is_openmp for t in threads):
            _no_openmp()
            return
        rows = [(" ", "Id", "Target Id", "OMP", "State", "Waiting for", "Region", "Level",
                 "Task", "Frame")]
        for t in threads:
            if t.is_openmp:
                rows.append(("*" if t.current else " ", t.id, "LWP %d" % t.lwp,
                             _opt(t.thread_num), t.state or "unknown", t.wait or "",
                             _opt(t.region), _opt(t.level), _opt(t.task), t.frame or ""))
            else:
                rows.append(("*" if t.current else " ", t.id, "LWP %d" % t.lwp, "-",
                             "(not OpenMP)", t.wait or "", "", "", "", t.frame or ""))
        table.write(rows)


class InfoOpenMPParallel(gdb.Command):
    """List the live parallel regions as a tree.

Usage: info openmp parallel [REGION-ID]

Each region shows its id, nesting level, team size, the outlined function
that is its body with its source location, and its member threads by
OpenMP thread number (GDB thread id and LWP).  Nested regions are
indented under the region that encloses them.  With REGION-ID, only that
region and the regions nested in it."""

    def __init__(self):
        super().__init__("info openmp parallel", gdb.COMMAND_STATUS, gdb.COMPLETE_NONE)

    @one_line_errors
    def invoke(self, arg, from_tty):
        argv = gdb.string_to_argv(arg)
        if len(argv) > 1:
            raise gdb.GdbError("Usage: info openmp parallel [REGION-ID]")
        root = idlist.parse_number(argv[0], "region id") if argv else None
        regions = openmp.parallel_regions()
        if not regions:
            gdb.write("No OpenMP parallel regions.\n")
            return
        by_id = {r.id: r for r in regions}
        if root is not None and root not in by_id:
            raise gdb.GdbError("No OpenMP parallel region %d." % root)
        gdb_ids = {t.ptid[1]: openmp.thread_id(t) for t in gdb.selected_inferior().threads()}
        children = {}
        for r in regions:
            parent = r.parent if r.parent in by_id else None
            children.setdefault(parent, []).append(r)
        tops = [by_id[root]] if root is not None else children.get(None, [])
        seen = set()

        def show(r, depth):
            if r.id in seen or depth > openmp.MAX_LEVELS:
                return
            seen.add(r.id)
            pad = "  " * depth
            body = (openmp.place(r, "-")
                    if r.function or r.address or r.level != 0 else "(the initial thread's implicit region)")
            gdb.write("%sRegion %d  level %s  team of %s  %s\n"
                      % (pad, r.id, _opt(r.level), _opt(r.team_size), table.printable(body)))
            members = ["%d: thread %s (LWP %d)" % (num, gdb_ids.get(lwp, "?"), lwp)
                       for num, lwp in r.members]
            if members:
                gdb.write("%s  %s\n" % (pad, ", ".join(members)))
            for c in children.get(r.id, []):
                show(c, depth + 1)

        for r in tops:
            show(r, 0)


class InfoOpenMPTasks(gdb.Command):
    """List the task chain of each OpenMP thread.

Usage: info openmp tasks [ID-LIST]

For each thread (or each thread of ID-LIST), its current task first, then
the task that generated it, and so on up to the initial task.  Each task
shows its id, its kind (explicit, implicit or initial), its function with
its source location, the tasks that generated it and that it was
scheduled from, and its frames (the OMPT exit and enter frame addresses,
kept while OMP_DEBUG=enabled or a tool is active; 0 otherwise)."""

    def __init__(self):
        super().__init__("info openmp tasks", gdb.COMMAND_STATUS)

    def complete(self, text, word):
        return idlist.complete_thread_ids(text, word)

    @one_line_errors
    def invoke(self, arg, from_tty):
        wanted = idlist.parse_thread_list(arg) if arg.strip() else None
        chains = openmp.tasks()
        if wanted is not None:
            chains = {t: c for t, c in chains.items() if wanted(t.gdb_thread)}
        if not chains:
            _no_openmp()
            return
        first = True
        for th in sorted(chains, key=lambda t: t.gdb_thread.num):
            if not first:
                gdb.write("\n")
            first = False
            gdb.write("%sThread %s (LWP %d, OpenMP thread %s):\n"
                      % ("* " if th.current else "", th.id, th.lwp, _opt(th.thread_num)))
            rows = [("Task", "Kind", "Function", "Generated by", "Scheduled from", "Frames")]
            for t in chains[th]:
                frames = ("exit 0x%x enter 0x%x" % (t.exit_frame, t.enter_frame)
                          if t.exit_frame or t.enter_frame else "-")
                rows.append((str(t.id), t.kind or "", openmp.place(t, "-"),
                             _opt(t.generating) or "-", _opt(t.scheduling) or "-", frames))
            table.write(rows, indent="  ")


_SCOPE_WORDS = {"address-space": "address_space", "thread": "thread", "parallel": "parallel",
                "task": "task"}


class InfoOpenMPIcvs(gdb.Command):
    """List OpenMP internal control variables.

Usage: info openmp icvs [SCOPE [ID]]

SCOPE is address-space, thread, parallel or task; without it, every
scope.  ID narrows a scope to one GDB thread id, parallel region id or
task id."""

    def __init__(self):
        super().__init__("info openmp icvs", gdb.COMMAND_STATUS)

    def complete(self, text, word):
        if " " in text.lstrip():
            return []
        return [s for s in _SCOPE_WORDS if s.startswith(word or "")]

    @one_line_errors
    def invoke(self, arg, from_tty):
        argv = gdb.string_to_argv(arg)
        if len(argv) > 2:
            raise gdb.GdbError("Usage: info openmp icvs [SCOPE [ID]]")
        scope = owner = None
        if argv:
            if argv[0] not in _SCOPE_WORDS:
                raise gdb.GdbError("Unknown scope '%s': use %s." % (argv[0], ", ".join(_SCOPE_WORDS)))
            scope = _SCOPE_WORDS[argv[0]]
        if len(argv) == 2:
            if scope == "address_space":
                raise gdb.GdbError("The address-space scope takes no ID.")
            if scope == "thread":
                owner = argv[1]
                if not any(openmp.thread_id(t) == owner for t in gdb.selected_inferior().threads()):
                    raise gdb.GdbError("Invalid thread ID: %s" % owner)
            else:
                owner = idlist.parse_number(argv[1], "%s id" % scope)
        values = openmp.icvs(scope, owner)
        if not values:
            gdb.write("No OpenMP ICVs%s.\n" % (" in that scope" if scope else ""))
            return
        rows = [("Scope", "Of", "Name", "Value")]
        for v in values:
            rows.append((v.scope.replace("_", "-"),
                         "" if v.owner is None else ("thread %s" % v.owner if v.scope == "thread"
                                                     else "%s %s" % (v.scope, v.owner)),
                         v.name, v.value))
        table.write(rows)


class InfoOpenMPControlVars(gdb.Command):
    """List the OpenMP runtime's control variables.

Usage: info openmp control-vars

The settings that govern the runtime (the OMP_* environment variables and
others), one NAME=VALUE per line, as the OMPD library reports them."""

    def __init__(self):
        super().__init__("info openmp control-vars", gdb.COMMAND_STATUS, gdb.COMPLETE_NONE)

    @one_line_errors
    def invoke(self, arg, from_tty):
        if arg.strip():
            raise gdb.GdbError("Usage: info openmp control-vars")
        for name, value in openmp.control_vars().items():
            gdb.write(table.printable("%s=%s" % (name, value)) + "\n")


def register():
    InfoOpenMP()
    InfoOpenMPThreads()
    InfoOpenMPParallel()
    InfoOpenMPTasks()
    InfoOpenMPIcvs()
    InfoOpenMPControlVars()
