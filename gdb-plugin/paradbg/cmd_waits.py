"""The "info wait-for" and "info stacks" commands.  They only print what
paradbg.waits returns, which is libparadbg's text: both hosts say the
same."""
import ctypes as C
import os

import gdb

from . import binding, table, waits
from .cmd_info import one_line_errors_for

one_line_errors = one_line_errors_for("thread and wait")

_WAIT_FOR_USAGE = "Usage: info wait-for [--dot FILE] [--svg FILE] [--json]"
_STACKS_USAGE = "Usage: info stacks [--all-inferiors] [--dot FILE] [--svg FILE] [--json]"


def parse_options(arg, usage, flags):
    """{option: True or FILE} of arg: --json and flags take nothing, --dot
    and --svg a file name; anything else is refused in one line."""
    argv = gdb.string_to_argv(arg)
    out, i = {}, 0
    while i < len(argv):
        word = argv[i]
        if word in ("--dot", "--svg"):
            if i + 1 >= len(argv) or not argv[i + 1] or argv[i + 1].startswith("--"):
                raise gdb.GdbError("%s needs a FILE.  %s" % (word, usage))
            out[word] = os.path.expanduser(argv[i + 1])
            i += 2
            continue
        if word == "--json" or word in flags:
            out[word] = True
            i += 1
            continue
        what = "option" if word.startswith("-") else "argument"
        raise gdb.GdbError("Unknown %s '%s'.  %s" % (what, table.printable(word), usage))
    return out


def _check(rc, msg):
    if rc != 0:
        raise gdb.GdbError(table.printable(table.decode(msg.value) or "cannot write the file"))


def write_file(text, path):
    msg = C.create_string_buffer(4096)
    _check(binding.lib().pdb_write_file(text.encode("utf-8", errors="surrogateescape"),
                                        path.encode("utf-8", errors="surrogateescape"),
                                        msg, len(msg)), msg)


def write_svg(dot, path):
    msg = C.create_string_buffer(4096)
    _check(binding.lib().pdb_dot_to_svg(dot.encode("utf-8", errors="surrogateescape"),
                                        path.encode("utf-8", errors="surrogateescape"),
                                        msg, len(msg)), msg)


def _formats(opts):
    fmts = ["json" if "--json" in opts else "text"]
    if "--dot" in opts or "--svg" in opts:
        fmts.append("dot")
    return fmts


def _show(texts, notes, opts, what):
    """Prints the notes and the text (or JSON), then writes the files."""
    for note in notes:
        gdb.write(table.printable("warning: %s" % note.rstrip(".")) + ".\n")
    body = texts["json" if "--json" in opts else "text"]
    gdb.write(body if body.endswith("\n") else body + "\n")
    if "--dot" in opts:
        write_file(texts["dot"], opts["--dot"])
        gdb.write(table.printable("%s written to %s (DOT)." % (what, opts["--dot"])) + "\n")
    if "--svg" in opts:
        write_svg(texts["dot"], opts["--svg"])
        gdb.write(table.printable("%s written to %s (SVG)." % (what, opts["--svg"])) + "\n")


class InfoWaitFor(gdb.Command):
    """Tell why the program does not move: its wait-for graph, and deadlocks in words.

Usage: info wait-for [--dot FILE] [--svg FILE] [--json]

Every thread of the selected inferior, and every coarray image of its
program, is a node; an edge says that one waits for another: for an
OpenMP lock or critical section (pointing at the holder), a barrier (at
the members that have not arrived), a taskwait or taskgroup (at the
threads running its tasks), a coarray LOCK, CRITICAL, EVENT WAIT, SYNC
IMAGES, SYNC ALL, collective or team synchronisation, or an atomic lock.
The first line is the verdict:
  "deadlock: ..."     a cycle, named thread by thread;
  a wait for what can never come: a lock whose holder exited, crashed or
                      failed, a barrier a member has left, an event no
                      live image can post, named with who waits;
  "no deadlock: ..."  every wait can still end;
then each finding, then one line per waiting thread or image.
Threads are named as "info threads" numbers them; in a core, the thread
that crashed is "crashed".

--dot FILE writes the graph in Graphviz's DOT language, --svg FILE draws
it as SVG with Graphviz's dot (Debian: graphviz); --json prints the graph
as JSON (the "waits" object of docs/paradbg-inspect.schema.json) instead
of the text.  Works on a live process and on a core file, with the
program's OpenMP runtime, coarray runtime and atomic lock table, as many
as it has."""

    def __init__(self):
        super().__init__("info wait-for", gdb.COMMAND_STATUS, gdb.COMPLETE_FILENAME)

    @one_line_errors
    def invoke(self, arg, from_tty):
        opts = parse_options(arg, _WAIT_FOR_USAGE, ())
        texts, notes = waits.graph_texts(_formats(opts))
        _show(texts, notes, opts, "The wait-for graph")


class InfoStacks(gdb.Command):
    """Merge the stacks of every thread into one call tree, to see the odd ones.

Usage: info stacks [--all-inferiors] [--dot FILE] [--svg FILE] [--json]

Unwinds every thread of the selected inferior (with --all-inferiors, of
every inferior that has a process or a core: the images of a coarray
program, the ranks of a job) and merges their stacks, outermost frame
first, into a prefix tree: each function with the number of threads whose
stacks pass through it and those threads as compact ranges ("OMP threads
0-3", "images 1,3-5").  Where stacks end, the threads are grouped by what
they wait for.  At most 256 frames of a thread are read; a thread that
cannot be unwound is counted as such.

--dot FILE writes the tree in DOT, --svg FILE draws it as SVG with
Graphviz's dot; --json prints it as JSON (the "stacks" object of
docs/paradbg-inspect.schema.json) instead of the text."""

    def __init__(self):
        super().__init__("info stacks", gdb.COMMAND_STACK, gdb.COMPLETE_FILENAME)

    @one_line_errors
    def invoke(self, arg, from_tty):
        opts = parse_options(arg, _STACKS_USAGE, ("--all-inferiors",))
        texts, notes = waits.stacks_texts(_formats(opts), "--all-inferiors" in opts)
        _show(texts, notes, opts, "The merged stacks")


def register():
    InfoWaitFor()
    InfoStacks()
