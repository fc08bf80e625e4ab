"""paradbg.openmp: the OpenMP state of the selected inferior as plain
objects, built from libparadbg's records (which it reads through the OMPD
library the program names, bounding every walk); the commands in
paradbg/cmd_*.py only print them.

    threads()           every thread of the inferior, OpenMP or not
    parallel_regions()  the live parallel regions, outermost first
    tasks()             each thread's task chain
    icvs()              the internal control variables, by scope
    control_vars()      the runtime's control variables, NAME -> value
"""
import ctypes as C
import json
import os
import re

import gdb

from . import binding, table, target

MAX_LEVELS = 64      # nesting shown by "info openmp parallel"
MAX_FRAMES = 64      # frames looked at for the user's innermost one


class Thread:
    """One thread of the inferior.  For a thread that is not an OpenMP
    thread, is_openmp is False and the OpenMP attributes are None."""
    gdb_thread = None    # gdb.InferiorThread
    id = ""              # GDB's thread id, as "info threads" shows it
    lwp = 0
    current = False
    is_openmp = False
    thread_num = None    # omp_get_thread_num() in its innermost region
    state = None         # e.g. "wait_lock" (ompt_state_ without its prefix)
    state_value = None
    wait_id = None       # what it waits on, while in a wait_ state; for an atomic
                         # wait, the object's address (0: unknown)
    wait = None          # the wait in words: "lock 0x4010a0 <qlock>", ...; also, for
                         # any thread, a wait for an atomic lock the runtime does not know
    atomic_wait = False  # wait is a wait for an atomic lock (see paradbg.atomic)
    region = None        # the id of its innermost parallel region
    level = None         # that region's nesting level
    task = None          # the id of its current task
    frame = None         # its innermost frame of the user's code (see UserCode),
                         # or its innermost frame: "f () at file.c:12", when asked for
    pc = None            # the innermost frame's pc, when asked for

    def __repr__(self):
        return "<paradbg.openmp.Thread %s LWP %d %s>" % (self.id, self.lwp, self.state)


class Region:
    """A live parallel region."""
    id = 0
    level = None
    team_size = None
    parent = None        # the id of the enclosing region, or None
    function = None      # the outlined body: name, or None if unknown
    address = None       # its entry address
    file = None
    line = None
    members = ()         # (thread_num, lwp) for each member, by thread number
    icvs = None          # {name: value} of parallel scope ({} from selected())

    def __repr__(self):
        return "<paradbg.openmp.Region %d level %s team %s>" % (self.id, self.level, self.team_size)


class Task:
    """A task in a thread's chain."""
    id = 0
    kind = None          # "initial", "implicit" or "explicit"
    function = None
    address = None
    file = None
    line = None
    region = None        # the id of the parallel region it belongs to
    generating = None    # the id of the task that generated it
    scheduling = None    # the id of the task it was scheduled from
    exit_frame = None    # ompt_frame_t addresses; 0 when not kept
    enter_frame = None

    def __repr__(self):
        return "<paradbg.openmp.Task %d %s>" % (self.id, self.kind)


class Icv:
    """One internal control variable in one scope."""

    def __init__(self, name, scope, owner, value):
        self.name = name
        self.scope = scope      # "address_space", "thread", "parallel" or "task"
        self.owner = owner      # None, a GDB thread id, a region id or a task id
        self.value = value      # its string form

    def __repr__(self):
        return "<paradbg.openmp.Icv %s=%s>" % (self.name, self.value)


# -- records: libparadbg's JSON as the objects above -----------------------

_JSON_ESCAPE = re.compile(r"\\\\|\\x([0-9a-f]{2})")


def _text(v):
    """A string of libparadbg's JSON as the target's text: there a backslash
    is doubled and a byte that is not UTF-8 is the text \\xNN; here such a
    byte is kept as table.decode() keeps it."""
    if v is None:
        return None
    return _JSON_ESCAPE.sub(lambda m: chr(0xdc00 + int(m.group(1), 16)) if m.group(1) else "\\", v)


def _addr(v):
    return int(v, 16) if v is not None else None


def _known(v):
    return None if v is None or v < 0 else v


def _code(obj, frame):
    """Sets obj's function, address, file and line from a JSON frame."""
    if frame is None:
        return
    obj.address = _addr(frame["pc"])
    obj.function = _text(frame.get("function"))
    obj.file = _text(frame.get("file"))
    obj.line = frame.get("line")


def _thread(t, rec):
    th = Thread()
    th.gdb_thread = t
    th.id = thread_id(t)
    th.lwp = rec["lwp"]
    th.is_openmp = rec["openmp"]
    if rec.get("wait") is not None:
        th.wait_id = _addr(rec["wait"]["id"])
        th.wait = _text(rec["wait"]["text"])
    if th.is_openmp:
        th.thread_num = rec["thread_num"]
        th.state = _text(rec["state"])
        th.state_value = rec["state_value"]
        if rec["region"] is not None:
            th.region = rec["region"]["id"]
            th.level = _known(rec["region"]["level"])
        th.task = rec["task"]
    # libparadbg gives a thread its atomic wait only when it waits for
    # nothing its OpenMP runtime knows, that is, in no wait_ state
    # (pdb_atomic_mark): any other wait is one on an atomic lock.
    th.atomic_wait = th.wait is not None and not (th.state or "").startswith("wait_")
    return th


def _region(rec):
    r = Region()
    r.id = rec["id"]
    r.level = _known(rec["level"])
    r.team_size = _known(rec["team_size"])
    r.parent = rec["parent"]
    _code(r, rec["function"])
    r.members = tuple((num, lwp) for num, lwp in enumerate(rec["threads"]) if lwp is not None)
    r.icvs = {name: _text(v) for name, v in rec.get("icvs", {}).items()}
    return r


def _task(rec):
    t = Task()
    t.id = rec["id"]
    t.kind = rec["kind"]
    _code(t, rec["function"])
    t.region = rec.get("region")
    t.generating = rec["generated_by"]
    t.scheduling = rec["scheduled_after"]
    t.exit_frame = _addr(rec["exit_frame"])
    t.enter_frame = _addr(rec["enter_frame"])
    return t


def _gather(gdb_threads, want):
    """(space, records) of gdb_threads, read in one go."""
    space = target.current()
    lwps = [t.ptid[1] or t.ptid[0] for t in gdb_threads]
    return space, space.records(lwps, want)


def _gather_marked(gdb_threads, want):
    """_gather, with the waits for atomic locks marked in the threads'
    records by libparadbg (see paradbg.atomic.marking)."""
    from . import atomic
    space = target.current()
    lwps = [t.ptid[1] or t.ptid[0] for t in gdb_threads]
    arr = (C.c_int64 * max(1, len(lwps)))(*lwps)
    msg = C.create_string_buffer(4096)
    with atomic.marking(space.inferior) as (session, threads, nthreads), space.reading():
        text = binding.take_string(binding.lib().pdb_gather_json_marked(
            space.session, arr, len(lwps), want, session, threads, nthreads, msg, len(msg)))
    if text is None:
        raise gdb.GdbError("paradbg: %s" % table.decode(msg.value))
    return space, json.loads(text)


def _inferior_threads():
    return target.threads_of(gdb.selected_inferior())


# -- presentation helpers shared by the model and the commands ----------------

def thread_id(t):
    """GDB's id for t: "3", or "2.3" once there is more than one inferior."""
    if len(gdb.inferiors()) > 1:
        return "%d.%d" % (t.inferior.num, t.num)
    return str(t.num)


def place(obj, unknown):
    """Where a region's or task's code is: "f at file.c:12", "f", its
    address, or unknown."""
    if obj.function and obj.file:
        return "%s at %s:%d" % (obj.function, os.path.basename(obj.file), obj.line)
    if obj.function:
        return obj.function
    return "0x%x" % obj.address if obj.address else unknown


gdb_text = target.gdb_text


def _frame_line(f):
    name = gdb_text(f.name) or "??"
    sal = f.find_sal()
    if sal.symtab is not None and sal.line:
        return "%s () at %s:%d" % (name, os.path.basename(gdb_text(lambda: sal.symtab.filename)),
                                   sal.line)
    lib = gdb_text(lambda: gdb.solib_name(f.pc()))
    if lib:
        return "0x%x in %s () from %s" % (f.pc(), name, os.path.basename(lib))
    return "0x%x in %s ()" % (f.pc(), name)


def runtime_library():
    """The file name of the library that holds the OpenMP runtime (the one
    that names the OMPD library), or None: a cheap test for the frame
    filter, which must not open a session for a program without OpenMP."""
    for name in ("ompd_dll_locations", "ompt_debugger_plugin"):
        addr = target.lookup_symbol(name)
        if addr is not None:
            return gdb.solib_name(addr)
    return None


_VDSO = "system-supplied DSO"
_SECTION = re.compile(r"^\s*0x([0-9a-f]+) - 0x([0-9a-f]+) is \S+(?: in (.*))?$")


class UserCode:
    """Which code is the user's: code in a file that is neither the OpenMP
    runtime's library nor a system library.  The executable and the vDSO are
    no shared libraries to GDB (solib_name is None): their sections come
    from "info files", read once."""

    def __init__(self, runtime):
        self.runtime = runtime     # the runtime's file, as libparadbg found it
        self.users = {}            # pc -> is_users(pc)
        self.sections = []         # (start, end, file): the executable's and the vDSO's
        try:
            text = gdb_text(lambda: gdb.execute("info files", to_string=True))
        except gdb.error:
            text = ""
        in_exec = False
        for line in text.splitlines():
            if line.startswith("Local "):
                in_exec = line.startswith("Local exec file")
                continue
            m = _SECTION.match(line)
            if in_exec and m and (m.group(3) is None or m.group(3).startswith(_VDSO)):
                self.sections.append((int(m.group(1), 16), int(m.group(2), 16),
                                      m.group(3) or "executable"))

    def file(self, pc):
        """The file whose code is at pc, or None."""
        lib = gdb_text(lambda: gdb.solib_name(pc))
        if lib:
            return lib
        for start, end, name in self.sections:
            if start <= pc < end:
                return name
        return None

    def is_users(self, pc):
        # the threads' stacks share most of their code addresses
        known = self.users.get(pc)
        if known is not None:
            return known
        name = self.file(pc)
        known = name is not None and bool(binding.lib().pdb_module_is_users(
            name.encode("utf-8", errors="surrogateescape"),
            self.runtime.encode("utf-8", errors="surrogateescape") if self.runtime else None))
        self.users[pc] = known
        return known


def user_frame(t, user_code):
    """(frame, pc): thread t's innermost frame of the user's code in words
    (its innermost frame if none of the first MAX_FRAMES is the user's),
    and the innermost frame's pc.  Switches to t to read it; the caller
    restores the selection (see keeping_selection)."""
    try:
        t.switch()
        newest = gdb.newest_frame()
        pc = newest.pc()
    except gdb.error as e:
        return "(no frame: %s)" % e, None
    f = newest
    try:
        for _ in range(MAX_FRAMES):
            if f is None:
                break
            if user_code.is_users(f.pc()):
                return _frame_line(f), pc
            f = f.older()
    except gdb.error:
        pass                # a stack that does not unwind: its innermost frame
    try:
        return _frame_line(newest), pc
    except gdb.error as e:
        return "(no frame: %s)" % e, pc


selected_gdb_thread = target.selected_gdb_thread
keeping_selection = target.keeping_selection


# -- the public API -------------------------------------------------------------

def threads(frames=True):
    """Every thread of the selected inferior, in GDB's order, as Thread
    objects.  frames=False leaves out the innermost frame, which costs a
    switch to each thread."""
    gdb_threads = _inferior_threads()
    space, recs = _gather_marked(gdb_threads, binding.WANT_THREADS)
    current = selected_gdb_thread()
    out = []
    # a thread's frame holds while the program stands still (space.frames
    # lasts as long as the memory reading() keeps)
    with keeping_selection(), space.reading(), target.unwinding_many():
        user_code = None
        for t, rec in zip(gdb_threads, recs["threads"]):
            th = _thread(t, rec)
            th.current = current is not None and t.ptid == current.ptid
            if frames:
                got = space.frames.get(t.ptid)
                if got is None:
                    if user_code is None:
                        user_code = UserCode(space.runtime)
                    got = space.frames[t.ptid] = user_frame(t, user_code)
                th.frame, th.pc = got
            out.append(th)
    return out


def _selected_record(want):
    t = selected_gdb_thread()
    if t is None:
        raise gdb.GdbError("No thread selected.")
    _, recs = _gather([t], want)
    th = _thread(t, recs["threads"][0])
    th.current = True
    return th, recs


def selected_thread():
    """The selected thread alone, without its frame: cheap enough for a
    breakpoint condition."""
    return _selected_record(binding.WANT_THREADS)[0]


def parallel_regions():
    """The live parallel regions, outermost first, as Region objects."""
    # with their ICVs, which Region.icvs has always held
    _, recs = _gather(_inferior_threads(), binding.WANT_PARALLEL | binding.WANT_ICVS)
    return [_region(r) for r in recs["parallel"]]


def tasks():
    """{Thread: [Task, ...]}: for each OpenMP thread, its current task and
    then each task that generated the one before, up to the initial task."""
    gdb_threads = _inferior_threads()
    _, recs = _gather(gdb_threads, binding.WANT_TASKS)
    current = selected_gdb_thread()
    out = {}
    for t, rec in zip(gdb_threads, recs["threads"]):
        if not rec["openmp"]:
            continue
        th = _thread(t, rec)
        th.current = current is not None and t.ptid == current.ptid
        out[th] = [_task(k) for k in rec["tasks"]]
    return out


SCOPES = ("address_space", "thread", "parallel", "task")


def icvs(scope=None, owner=None):
    """The ICVs as Icv objects.  scope is one of SCOPES or None for all;
    owner narrows it to one GDB thread id, region id or task id."""
    if scope is not None and scope not in SCOPES:
        raise ValueError("scope must be one of %s" % ", ".join(SCOPES))
    gdb_threads = _inferior_threads()
    _, recs = _gather(gdb_threads, binding.WANT_ICVS | binding.WANT_TASKS)
    out = []
    if scope in (None, "address_space"):
        out += [Icv(n, "address_space", None, _text(v)) for n, v in recs["icvs"].items()]
    seen_tasks = set()
    for t, rec in zip(gdb_threads, recs["threads"]):
        if not rec["openmp"]:
            continue
        tid = thread_id(t)
        if scope in (None, "thread") and owner in (None, tid):
            out += [Icv(n, "thread", tid, _text(v)) for n, v in rec["icvs"].items()]
        task = rec["tasks"][0] if rec["tasks"] else None
        if scope in (None, "task") and task is not None and task["id"] not in seen_tasks \
                and owner in (None, task["id"]):
            seen_tasks.add(task["id"])
            out += [Icv(n, "task", task["id"], _text(v)) for n, v in task["icvs"].items()]
    if scope in (None, "parallel"):
        for reg in sorted(recs["parallel"], key=lambda x: x["id"]):
            if owner in (None, reg["id"]):
                out += [Icv(n, "parallel", reg["id"], _text(v)) for n, v in reg["icvs"].items()]
    return out


def control_vars():
    """The runtime's control variables (OMP_* settings), NAME -> value."""
    _, recs = _gather([], binding.WANT_CONTROL_VARS)
    out = {}
    for line in recs["control_vars"]:
        name, _, value = _text(line).partition("=")
        out[name] = value
    return out


def selected():
    """(Thread, Region, Task) of the selected thread, without its frame;
    Region and Task are None where the thread has none."""
    th, recs = _selected_record(binding.WANT_PARALLEL | binding.WANT_TASKS)
    region = next((_region(r) for r in recs["parallel"] if r["id"] == th.region), None)
    chain = recs["threads"][0].get("tasks") or []
    return th, region, _task(chain[0]) if chain else None


def selected_task_chain():
    """The selected thread's current task and the tasks that generated it,
    innermost first: what the frame filter needs."""
    t = selected_gdb_thread()
    if t is None:
        return []
    _, recs = _gather([t], binding.WANT_TASKS)
    return [_task(k) for k in recs["threads"][0].get("tasks") or []]
