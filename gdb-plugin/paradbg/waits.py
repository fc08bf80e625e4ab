"""paradbg.waits: why the program in the selected inferior does not move.
libparadbg builds the answer (paradbg/waits.h, paradbg/stacks.h) from
the views the package already reads: the OpenMP threads, the coarray
images and the atomic locks, whichever the program has.  This module
gives it GDB's threads and their stacks and returns what it says; the
commands in paradbg/cmd_waits.py only print it.

    graph()                 the wait-for graph, as a Graph: verdict,
                            summary, findings, nodes, edges
    graph_text(fmt)         the same as libparadbg's text, JSON or DOT
    stacks(all_inferiors=False)
                            the merged stacks of every thread, as a
                            StackTree of StackNode (a call prefix tree)
    stacks_text(fmt, all_inferiors=False)
                            the same as libparadbg's text, JSON or DOT
    stack_input(all_inferiors=False)
                            the stacks as unwound, the JSON input of
                            pdb_stacks_from_json, as Python lists

fmt is "text", "json" or "dot".  Both work on a live process and on a
core.  A thread is labelled as "info threads" numbers it ("thread 3",
"thread 2.3" once there are several inferiors).
"""
import collections
import contextlib
import ctypes as C
import json
import os
import signal

import gdb

from . import binding, plugin as plugins, table, target
from .openmp import _text

MAX_FRAMES = 1024    # frames unwound per thread: more than libparadbg's tree keeps
                     # (PDB_STACKS_MAX_DEPTH, 256), so that a deep stack keeps its
                     # outermost frames and the tree counts what it left out

FORMATS = {"text": binding.FORMAT_TEXT, "json": binding.FORMAT_JSON, "dot": binding.FORMAT_DOT}

# The signals that end a thread with a core: a thread that stopped with one
# has crashed (SIGTRAP is a breakpoint's, SIGSTOP GDB's own stop).
_CRASHES = frozenset(int(getattr(signal, n)) for n in (
    "SIGQUIT", "SIGILL", "SIGABRT", "SIGBUS", "SIGFPE", "SIGSEGV", "SIGSYS", "SIGXCPU", "SIGXFSZ")
    if hasattr(signal, n))


class Node:
    """A thread or a coarray image of the graph."""
    id = None            # its index in Graph.nodes
    kind = None          # "thread" or "image"
    label = None         # "thread 3", "image 2", "LWP 1234" (an owner that is gone)
    lwp = None           # a thread's; None for an image
    omp_thread = None    # its OpenMP thread number, None: none
    image = None         # an image's number, or the image a thread's process is; None: none
    status = None        # "running", "waiting", "exited", "crashed", "stopped", "failed",
                         # "error stop"
    signal = None        # crashed: the signal
    wait = None          # its wait in words, None: none
    alive = True         # False: it will never move (exited, crashed, stopped, failed)
    gdb_thread = None    # its gdb.InferiorThread, if GDB has it

    def __repr__(self):
        return "<paradbg.waits.Node %s %s>" % (self.label, self.status)


class Edge:
    """source waits for target."""
    source = None        # a Node
    target = None        # a Node
    kind = None          # "lock", "critical", "barrier", "taskwait", "coarray lock",
                         # "event wait", "sync images", "atomic lock", ...
    object = None        # the object in words: "lock `a`", "the barrier of region 3"
    in_cycle = False     # on a cycle a finding names

    def __repr__(self):
        return "<paradbg.waits.Edge %s -> %s %s>" % (
            self.source and self.source.label, self.target and self.target.label, self.object)


class Finding:
    """A deadlock, or a wait for what can never come."""
    kind = None          # "deadlock" or "never"
    text = None          # one sentence
    nodes = ()           # the cycle in order, or the waiter then what it waits for (Nodes)

    def __repr__(self):
        return "<paradbg.waits.Finding %s: %s>" % (self.kind, self.text)


class Graph:
    """The wait-for graph of one inferior."""
    verdict = None       # "nothing waits", "no deadlock", "never", "deadlock"
    summary = None       # one line: the first finding, or "no deadlock: ..."
    findings = ()
    nodes = ()
    edges = ()
    truncated = 0        # nodes or edges left out (libparadbg's bounds)
    notes = ()           # a model whose state could not be read, in words

    @property
    def deadlocked(self):
        return self.verdict == "deadlock"

    def waiting_for(self, node):
        """The edges from node."""
        return [e for e in self.edges if e.source is node]

    def node(self, label):
        """The node labelled label ("thread 3", "image 2"), or None."""
        return next((n for n in self.nodes if n.label == label), None)

    def __repr__(self):
        return "<paradbg.waits.Graph %s: %d nodes, %d edges>" % (self.verdict, len(self.nodes),
                                                                  len(self.edges))


class StackNode:
    """A function of the merged stacks: the threads whose stacks pass
    through it."""
    function = None      # "main", "GOMP_barrier", "0x7f.. in libfoo.so"
    where = None         # "prog.c:14" or the module, None: unknown
    count = 0            # threads through it
    members = None       # "OMP threads 0-3", "images 1,3-5", "LWPs 1234,1240"
    moved = None         # sampled: how many moved (never from GDB)
    waits = ()           # the threads whose stack ends here, by wait: StackClass
    children = ()        # StackNodes (a list), the largest first
    parent = None        # a StackNode, None for a root

    def walk(self, depth=0):
        """(depth, node) of it and every node below it, depth first."""
        stack = [(depth, self)]
        while stack:
            d, n = stack.pop()
            yield d, n
            stack.extend((d + 1, c) for c in reversed(n.children))

    def __repr__(self):
        return "<paradbg.waits.StackNode %s [%d: %s]>" % (self.function, self.count, self.members)


class StackClass:
    """Threads that end at a node with the same wait."""
    wait = None          # None: not waiting
    count = 0
    members = None
    moved = None

    def __repr__(self):
        return "<paradbg.waits.StackClass %s [%d: %s]>" % (self.wait, self.count, self.members)


class StackTree:
    """The merged stacks."""
    threads = 0          # threads merged
    sources = 0          # processes or cores they come from
    truncated = 0        # nodes left out
    roots = ()           # StackNodes, the outermost frames, the largest first
    unwound_not = 0      # threads that could not be unwound (a root "??")
    notes = ()           # what could not be read, in words

    def walk(self):
        """(depth, node) of every node, depth first."""
        for r in self.roots:
            yield from r.walk()

    def __repr__(self):
        return "<paradbg.waits.StackTree %d threads, %d roots>" % (self.threads, len(self.roots))


# -- the sessions of the three models -----------------------------------------

class Sessions:
    """The OpenMP, coarray and atomic sessions of one inferior, each None
    where the program has no such runtime or it cannot be read (notes
    say why, absent what the program lacks)."""

    def __init__(self, inf):
        from . import atomic, coarray, openmp
        self.inferior = inf
        self.omp = self.caf = self.atomic = None
        self.notes, self.absent = [], []
        if openmp.runtime_library() is not None:
            try:
                self.omp = target._openmp_spaces.get(inf)
            except target.NoRuntime:
                self.absent.append("OpenMP runtime")
            except (plugins.PluginError, binding.BindingError) as e:
                self.notes.append("the OpenMP state cannot be read: %s" % e)
        else:
            other = plugins.other_runtime(target.gdb_text(lambda o=o: o.filename)
                                          for o in inf.progspace.objfiles())
            self.absent.append(("OpenMP runtime paradbg reads (%s)" % other.rstrip(".")) if other
                               else "OpenMP runtime")
        if target.lookup_symbol("caf_debugger_plugin") is not None:
            try:
                self.caf = coarray._spaces.get(inf)
            except coarray.NoCoarrays as e:
                self.absent.append("coarray images (%s)" % str(e).rstrip("."))
            except (plugins.PluginError, binding.BindingError) as e:
                self.notes.append("the coarray state cannot be read: %s" % e)
        else:
            self.absent.append("coarray runtime")
        if atomic._loads_libatomic(inf):
            try:
                space = atomic._spaces.get(inf)
                if space.absent is None:
                    self.atomic = space
                else:
                    self.absent.append("atomic lock table")
            except (plugins.PluginError, binding.BindingError) as e:
                self.notes.append("the atomic locks cannot be read: %s" % e)
        else:
            self.absent.append("libatomic")

    def any(self):
        return self.omp is not None or self.caf is not None or self.atomic is not None

    def require(self):
        """gdb.GdbError in one line when no model can be read."""
        if self.any():
            return
        if self.notes:
            raise gdb.GdbError(table.printable("paradbg: %s" % "; ".join(self.notes)))
        raise gdb.GdbError(table.printable(
            "Nothing in the program records its waits: no %s." % ", no ".join(self.absent)))

    def handles(self):
        return tuple(s.session if s is not None else None for s in (self.omp, self.caf, self.atomic))

    @contextlib.contextmanager
    def reading(self):
        """Every session's page cache at once: libparadbg reads through
        all three, and several formats of one graph read the same pages."""
        with contextlib.ExitStack() as stack:
            for s in (self.omp, self.caf, self.atomic):
                if s is not None:
                    stack.enter_context(s.reading())
            yield self


def _inferior(inf=None):
    inf = inf or gdb.selected_inferior()
    if inf.pid == 0:
        raise gdb.GdbError("The program is not being run.")
    return inf


_lwp = target.lwp_of


def _threads(inf):
    return sorted((t for t in inf.threads() if t.is_valid()), key=lambda t: t.num)


def thread_label(t):
    """"thread 3": the number "info threads" shows ("2.3" with several inferiors)."""
    from .openmp import thread_id
    return "thread %s" % thread_id(t)


def is_core(inf):
    """Whether inf is a core file, not a process."""
    conn = getattr(inf, "connection", None)
    if conn is not None:
        return conn.type == "core"
    try:
        return "core dump file" in gdb.execute("info target", to_string=True)
    except gdb.error:
        return False


def _crash_signal(t):
    """The signal thread t of a core crashed with (the selected thread must
    be t), 0 if none: the thread the kernel dumped has the siginfo of that
    signal, the others none; in a gcore core, a thread stopped by GDB has
    SIGSTOP's, which is no crash.  A live thread's signal is never taken
    for a crash: the program may handle it."""
    try:
        signo = int(gdb.parse_and_eval("$_siginfo")["si_signo"])
    except (gdb.error, gdb.MemoryError, ValueError, TypeError, OverflowError, RuntimeError):
        return 0
    return signo if signo in _CRASHES else 0


def _bytes(s):
    return s.encode("utf-8", errors="surrogateescape") if s is not None else None


def _host_threads(inf, with_frames):
    """(HostThread array, count, what keeps their buffers alive); the
    frames only where with_frames (a libatomic without owners, whose
    waiters libparadbg finds by their stacks)."""
    from . import atomic
    keep, out = [], []
    core = is_core(inf)
    with target.keeping_selection(), target.unwinding_many():
        for t in _threads(inf):
            label = _bytes(thread_label(t))
            keep.append(label)
            try:
                t.switch()
            except gdb.error:
                out.append(binding.HostThread(_lwp(t), label, 0, None, 0))
                continue
            sig = _crash_signal(t) if core else 0
            frames, nframes = None, 0
            if with_frames:
                fl = atomic._frames(t)
                if fl:
                    arr = (binding.Frame * len(fl))(*fl)
                    keep += [fl, arr]
                    frames, nframes = C.cast(arr, C.POINTER(binding.Frame)), len(fl)
            out.append(binding.HostThread(_lwp(t), label, sig, frames, nframes))
    arr = (binding.HostThread * max(1, len(out)))(*out)
    keep.append(out)
    return arr, len(out), keep


# -- the wait-for graph -----------------------------------------------------

def _graph_texts(fmts, inf=None):
    """({format name: libparadbg's text}, notes) of inf's graph (the
    selected inferior's), read once for all the formats asked for."""
    inf = _inferior(inf)
    sessions = Sessions(inf)
    sessions.require()
    with_frames = sessions.atomic is not None and not sessions.atomic.owners
    arr, n, keep = _host_threads(inf, with_frames)
    omp, caf, atom = sessions.handles()
    out = {}
    with sessions.reading():
        for fmt in fmts:
            msg = C.create_string_buffer(4096)
            text = binding.take_string(binding.lib().pdb_waits_gather_text(
                omp, caf, atom, arr, n, FORMATS[fmt], msg, len(msg)))
            if text is None:
                raise gdb.GdbError(table.printable("paradbg: %s" % (table.decode(msg.value)
                                                                    or "out of memory")))
            out[fmt] = text
    del keep
    return out, sessions.notes


def graph_texts(fmts, inf=None):
    """{format: text} for each of fmts ("text", "json", "dot"), and the
    notes on models that could not be read."""
    for f in fmts:
        if f not in FORMATS:
            raise ValueError("format must be one of %s" % ", ".join(FORMATS))
    return _graph_texts(fmts, inf)


def graph_text(fmt="text", inf=None):
    """The wait-for graph of inf (the selected inferior) as libparadbg's
    text ("text"), JSON ("json") or DOT ("dot")."""
    return graph_texts([fmt], inf)[0][fmt]


def _waits_object(doc):
    """The "waits" object of libparadbg's JSON (a document or the object)."""
    d = json.loads(doc)
    return d.get("waits", d) if isinstance(d, dict) else {}


def graph(inf=None):
    """The wait-for graph of inf (the selected inferior) as a Graph."""
    inf = _inferior(inf)
    texts, notes = _graph_texts(["json"], inf)
    return graph_of(_waits_object(texts["json"]), inf, notes)


def graph_of(rec, inf=None, notes=()):
    """A Graph of libparadbg's "waits" object (parsed JSON)."""
    by_lwp = {_lwp(t): t for t in inf.threads()} if inf is not None else {}
    g = Graph()
    g.verdict = rec.get("verdict")
    g.summary = _text(rec.get("summary"))
    g.truncated = rec.get("truncated") or 0
    g.notes = tuple(notes)
    nodes = []
    for i, r in enumerate(rec.get("nodes") or ()):
        n = Node()
        n.id = r.get("id", i)
        n.kind = r.get("kind")
        n.label = _text(r.get("label"))
        n.lwp = r.get("lwp") or None
        omp = r.get("omp_thread")
        n.omp_thread = omp if omp is not None and omp >= 0 else None
        n.image = r.get("image") or None
        n.status = r.get("status")
        n.signal = r.get("signal") or None
        n.wait = _text(r.get("wait"))
        n.alive = bool(r.get("alive"))
        if n.kind == "thread" and n.lwp:
            n.gdb_thread = by_lwp.get(n.lwp)
        nodes.append(n)
    by_id = {n.id: n for n in nodes}
    edges = []
    for r in rec.get("edges") or ():
        e = Edge()
        e.source = by_id.get(r.get("from"))
        e.target = by_id.get(r.get("to"))
        e.kind = r.get("kind")
        e.object = _text(r.get("object"))
        e.in_cycle = bool(r.get("in_cycle"))
        edges.append(e)
    findings = []
    for r in rec.get("findings") or ():
        f = Finding()
        f.kind = r.get("kind")
        f.text = _text(r.get("text"))
        f.nodes = tuple(by_id[k] for k in r.get("nodes") or () if k in by_id)
        findings.append(f)
    g.nodes, g.edges, g.findings = tuple(nodes), tuple(edges), tuple(findings)
    return g


# -- merged stacks ----------------------------------------------------------

class _Modules:
    """The file that holds a pc, by its base name: a shared library as GDB
    names it, else the executable (its sections from "info files", read
    once per inferior)."""

    def __init__(self, inf):
        from .openmp import UserCode
        self.code = UserCode(None)
        self.exe = target.gdb_text(lambda: inf.progspace.filename)

    def name(self, pc):
        f = self.code.file(pc)
        if f is None:
            return None
        if f == "executable":
            f = self.exe or f
        return os.path.basename(f)


def _unwind(t, modules):
    """Thread t's frames, innermost first, as the JSON frames of
    pdb_stacks_from_json, at most MAX_FRAMES; None when not even its
    innermost frame can be read.  Switches to t (the caller keeps the
    selection)."""
    out = []
    for f in target.walk_frames(t, MAX_FRAMES):
        pc = f.pc()
        frame = {"pc": pc, "function": target.gdb_text(f.name), "file": None, "line": 0,
                 "module": modules.name(pc)}
        try:
            sal = f.find_sal()
            if sal.symtab is not None:
                frame["file"] = target.gdb_text(lambda: sal.symtab.filename)
                frame["line"] = sal.line or 0
        except gdb.error:
            pass
        out.append(frame)
    return out or None


def _thread_facts(inf, sessions):
    """{LWP: (OpenMP thread number or None, wait or None)} of inf's
    threads, from the threads view (OpenMP and atomic waits), and the
    image this inferior's process is (0: none) with its wait."""
    from . import atomic, coarray
    facts = {}
    lwps = [_lwp(t) for t in _threads(inf)]
    if sessions.omp is not None:
        arr = (C.c_int64 * max(1, len(lwps)))(*lwps)
        msg = C.create_string_buffer(4096)
        with atomic.marking(inf) as (asession, athreads, nthreads), sessions.omp.reading():
            text = binding.take_string(binding.lib().pdb_gather_json_marked(
                sessions.omp.session, arr, len(lwps), binding.WANT_THREADS, asession, athreads,
                nthreads, msg, len(msg)))
        if text is None:
            sessions.notes.append("the OpenMP threads cannot be read: %s"
                                  % (table.decode(msg.value) or "out of memory"))
        else:
            for rec in json.loads(text).get("threads") or ():
                w = rec.get("wait")
                facts[rec.get("lwp")] = (rec.get("thread_num") if rec.get("openmp") else None,
                                         _text(w.get("text")) if w else None)
    elif sessions.atomic is not None:
        for lwp, w in atomic.waits(inf=inf).items():
            facts[lwp] = (None, w)
    image, image_wait = 0, None
    if sessions.caf is not None:
        try:
            recs = sessions.caf.records(atomic_waits=sessions.omp is None)
            image = recs.get("this_image") or 0
            for im in recs.get("images") or ():
                if im.get("image") == image and im.get("wait"):
                    image_wait = _text(im["wait"].get("text"))
        except (gdb.GdbError, gdb.error, ValueError) as e:
            sessions.notes.append("the coarray images cannot be read: %s" % e)
    return facts, image, image_wait


def _switch_to(inf):
    """Selects inf (by one of its threads, which selects its inferior)."""
    for t in _threads(inf):
        try:
            t.switch()
            return True
        except gdb.error:
            continue
    return False


def stack_input(all_inferiors=False):
    """(the stacks as pdb_stacks_from_json takes them: a list of dicts, one
    per thread, notes): every thread of the selected inferior, or of every
    inferior with a process or core (each one source, in GDB's order)."""
    sel = gdb.selected_inferior()
    if all_inferiors:
        infs = sorted((i for i in gdb.inferiors() if i.pid != 0), key=lambda i: i.num)
        if not infs:
            raise gdb.GdbError("No inferior has a process or a core.")
    else:
        infs = [_inferior(sel)]
    out, notes = [], []
    with target.keeping_selection(), target.unwinding_many():
        for source, inf in enumerate(infs):
            if inf is not sel and not _switch_to(inf):
                continue
            sessions = Sessions(inf)
            facts, image, image_wait = _thread_facts(inf, sessions)
            modules = _Modules(inf)
            core = is_core(inf)
            for t in _threads(inf):
                lwp = _lwp(t)
                omp, wait = facts.get(lwp, (None, None))
                if wait is None and image and lwp == inf.pid:
                    wait = image_wait          # the image's main thread waits as the image
                sig = 0
                if core:
                    try:
                        t.switch()
                        sig = _crash_signal(t)
                    except gdb.error:
                        pass
                out.append({"source": source, "image": image, "lwp": lwp,
                            "omp_thread": omp if omp is not None else -1,
                            "wait": wait, "moved": -1, "signal": sig,
                            "frames": _unwind(t, modules)})
            notes += sessions.notes
    return out, notes


def _stack_json(threads):
    # a name that is not UTF-8 keeps its bytes, as libparadbg's own JSON does
    return json.dumps(threads, ensure_ascii=False).encode("utf-8", errors="surrogateescape")


def stacks_texts(fmts, all_inferiors=False):
    """({format: libparadbg's merged stacks in it}, notes)."""
    for f in fmts:
        if f not in FORMATS:
            raise ValueError("format must be one of %s" % ", ".join(FORMATS))
    threads, notes = stack_input(all_inferiors)
    data = _stack_json(threads)
    out = {}
    for fmt in fmts:
        msg = C.create_string_buffer(4096)
        text = binding.take_string(binding.lib().pdb_stacks_from_json(data, FORMATS[fmt], msg,
                                                                      len(msg)))
        if text is None:
            raise gdb.GdbError(table.printable("paradbg: %s" % (table.decode(msg.value)
                                                                or "out of memory")))
        if fmt == "json":
            text = _stacks_document(text)
        out[fmt] = text
    return out, notes


def _stacks_document(obj):
    """libparadbg's "stacks" object as a document of format 1, as the
    wait-for graph's JSON is (paradbg-inspect's too)."""
    body = "\n  ".join(obj.rstrip("\n").split("\n"))
    return '{\n  "format": 1,\n  "stacks": %s\n}\n' % body


def stacks_text(fmt="text", all_inferiors=False):
    """The merged stacks as libparadbg's text ("text"), JSON ("json") or DOT ("dot")."""
    return stacks_texts([fmt], all_inferiors)[0][fmt]


def _stack_node(rec, parent):
    n = StackNode()
    n.function = _text(rec.get("function"))
    n.where = _text(rec.get("where"))
    n.count = rec.get("count") or 0
    n.members = _text(rec.get("members"))
    n.moved = rec.get("moved")
    n.parent = parent
    n.children = []
    classes = []
    for c in rec.get("waits") or ():
        k = StackClass()
        k.wait = _text(c.get("wait"))
        k.count = c.get("count") or 0
        k.members = _text(c.get("members"))
        k.moved = c.get("moved")
        classes.append(k)
    n.waits = tuple(classes)
    return n


def stacks_of(rec, notes=()):
    """A StackTree of libparadbg's "stacks" object (parsed JSON)."""
    tree = StackTree()
    tree.threads = rec.get("threads") or 0
    tree.sources = rec.get("sources") or 0
    tree.truncated = rec.get("truncated") or 0
    tree.unwound_not = rec.get("unwound_not") or 0
    tree.notes = tuple(notes)
    roots = []
    # breadth first, without recursion: a tree as deep as the deepest stack
    todo = collections.deque((r, None) for r in rec.get("roots") or ())
    while todo:
        r, parent = todo.popleft()
        n = _stack_node(r, parent)
        if parent is None:
            roots.append(n)
        else:
            parent.children.append(n)
        todo.extend((c, n) for c in r.get("children") or ())
    tree.roots = tuple(roots)
    return tree


def stacks(all_inferiors=False):
    """The merged stacks of every thread of the selected inferior (of
    every inferior with all_inferiors) as a StackTree."""
    texts, notes = stacks_texts(["json"], all_inferiors)
    d = json.loads(texts["json"])
    return stacks_of(d.get("stacks", d) if isinstance(d, dict) else {}, notes)
