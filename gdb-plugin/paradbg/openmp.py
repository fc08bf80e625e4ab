"""paradbg.openmp: the OpenMP state of the selected inferior as plain
objects, read through the OMPD library.  This is the model; the commands
in paradbg/cmd_*.py only print it.  Every walk over the target is bounded
and every id read is checked against those seen, because the target may
be a corrupt core.

    threads()           every thread of the inferior, OpenMP or not
    parallel_regions()  the live parallel regions, outermost first
    tasks()             each thread's task chain
    icvs()              the internal control variables, by scope
    control_vars()      the runtime's control variables, NAME -> value
"""
import ctypes
import os
import re

import gdb

from . import ompd_abi as abi
from . import table, target

MAX_LEVELS = 64
MAX_TASK_CHAIN = 256
MAX_TEAM = 1 << 16
MAX_ENUM = 256
MAX_FRAMES = 64      # frames looked at for the user's innermost one
_OK = abi.RC["ok"]
# gcc's lock of critical(NAME); GDB may show it without the leading dot
_GCC_CRITICAL = re.compile(r"^\.?gomp_critical_user_(.+)$")
_SYMBOLIZED = re.compile(r"<([^<>+]+)(\+(\d+))?>$")


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
    wait_id = None       # what it waits on, while in a wait_ state
    wait = None          # the wait in words: "lock 0x4010a0 <qlock>", ...
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
    icvs = None          # {name: value} of parallel scope, when asked for

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


class _Catalog:
    """What the library enumerates once per address space."""

    def __init__(self, space):
        p, h = space.plugin, space.handle
        self.icvs = []                      # (id, name, scope)
        cur, nxt, name = 0, abi.icv_id_t(), ctypes.c_char_p()
        scope, more = abi.scope_t(), ctypes.c_int(1)
        while more.value and len(self.icvs) < MAX_ENUM:
            if p.enumerate_icvs(h, cur, ctypes.byref(nxt), ctypes.byref(name),
                                ctypes.byref(scope), ctypes.byref(more)) != _OK:
                break
            self.icvs.append((nxt.value, name.value.decode(), scope.value))
            cur = nxt.value
        self.icv = {n: i for i, n, _ in self.icvs}
        self.states = {}
        state, nstate, sname, smore = 0x102, abi.word_t(), ctypes.c_char_p(), abi.word_t(1)
        while smore.value and len(self.states) < MAX_ENUM:
            if p.enumerate_states(h, state, ctypes.byref(nstate), ctypes.byref(sname),
                                  ctypes.byref(smore)) != _OK:
                break
            self.states[nstate.value] = sname.value.decode()
            state = nstate.value
        self.default_critical = None
        sym = space.symbol("paromp_default_critical")
        if sym is not None:
            self.default_critical = space.read_pointer(sym)


class Reader:
    """One consistent look at the inferior: every public function makes one."""

    def __init__(self, space):
        self.space = space
        self.p = space.plugin
        if not hasattr(space, "catalog"):
            space.catalog = _Catalog(space)
        self.c = space.catalog
        self.regions = {}
        self.user_code = None

    # -- small typed calls --------------------------------------------------

    def icv(self, handle, scope, name):
        ident = self.c.icv.get(name)
        v = abi.word_t()
        if ident is None or self.p.get_icv_from_scope(handle, abi.SCOPE[scope], ident,
                                                      ctypes.byref(v)) != _OK:
            return None
        return v.value

    def icv_strings(self, handle, scope):
        out = {}
        for ident, name, sc in self.c.icvs:
            if sc != abi.SCOPE[scope]:
                continue
            s = ctypes.c_char_p()
            if self.p.get_icv_string_from_scope(handle, sc, ident, ctypes.byref(s)) == _OK and s.value is not None:
                out[name] = table.decode(s.value)
                target._libc.free(ctypes.cast(s, ctypes.c_void_p))
        return out

    def handle(self, fn, *args):
        h = ctypes.c_void_p()
        if fn(*args, ctypes.byref(h)) != _OK or not h.value:
            return None
        return h

    def thread_handle(self, lwp):
        ident = ctypes.c_int64(lwp)
        return self.handle(self.p.get_thread_handle, self.space.handle, abi.THREAD_ID_LWP,
                           8, ctypes.byref(ident))

    def function(self, task, obj):
        a = abi.Address()
        if self.p.get_task_function(task, ctypes.byref(a)) != _OK or a.address == 0:
            return
        obj.address = a.address
        obj.function, obj.file, obj.line = describe_code(a.address)

    # -- threads --------------------------------------------------------------

    def thread(self, t, with_frame=False):
        th = Thread()
        th.gdb_thread = t
        th.id = thread_id(t)
        th.lwp = t.ptid[1] or t.ptid[0]
        if with_frame:
            if self.user_code is None:
                self.user_code = UserCode()
            th.frame, th.pc = user_frame(t, self.user_code)
        h = self.thread_handle(th.lwp)
        if h is None:
            return th, None
        th.is_openmp = True
        state, wait = abi.word_t(), abi.wait_id_t()
        if self.p.get_state(h, ctypes.byref(state), ctypes.byref(wait)) == _OK:
            th.state_value = state.value
            name = self.c.states.get(state.value, "unknown")
            th.state = name[len("ompt_state_"):] if name.startswith("ompt_state_") else name
            if th.state.startswith("wait_"):
                th.wait_id = wait.value
        th.thread_num = self.icv(h, "thread", "thread-num-var")
        ph = self.handle(self.p.get_curr_parallel_handle, h)
        if ph is not None:
            th.region = self.icv(ph, "parallel", "parallel-id-var")
            th.level = self.icv(ph, "parallel", "levels-var")
            self.p.rel_parallel_handle(ph)
        task = self.handle(self.p.get_curr_task_handle, h)
        if task is not None:
            th.task = self.icv(task, "task", "task-id-var")
            self.p.rel_task_handle(task)
        if th.wait_id is not None:
            th.wait = self.describe_wait(th)
        return th, h

    def describe_wait(self, th):
        s = th.state
        if s == "wait_lock":
            return "lock " + symbolized(th.wait_id)
        if s == "wait_critical":
            if self.c.default_critical and th.wait_id == self.c.default_critical:
                return "critical (unnamed)"
            text = symbolized(th.wait_id)
            m = _SYMBOLIZED.search(text)
            name = _GCC_CRITICAL.match(m.group(1)) if m and m.group(2) is None else None
            if name:
                return "critical " + name.group(1)
            return "critical " + text
        if s.startswith("wait_barrier"):
            return "barrier of region %d" % th.region if th.region is not None else "barrier"
        return s[len("wait_"):]       # taskwait, taskgroup, atomic, ordered, ...

    # -- regions --------------------------------------------------------------

    def add_regions(self, ph):
        """Records ph's region and those enclosing it; releases ph."""
        for _ in range(MAX_LEVELS):
            if ph is None:
                return
            ident = self.icv(ph, "parallel", "parallel-id-var")
            if ident is None or ident in self.regions:
                break
            r = Region()
            r.id = ident
            r.level = self.icv(ph, "parallel", "levels-var")
            r.team_size = self.icv(ph, "parallel", "team-size-var")
            implicit = self.handle(self.p.get_task_in_parallel, ph, 0)
            if implicit is not None:
                self.function(implicit, r)
                self.p.rel_task_handle(implicit)
            members = []
            size = r.team_size if r.team_size is not None and 0 < r.team_size <= MAX_TEAM else 0
            for num in range(size):
                th = self.handle(self.p.get_thread_in_parallel, ph, num)
                if th is None:
                    continue
                lwp = ctypes.c_int64()
                if self.p.get_thread_id(th, abi.THREAD_ID_LWP, 8, ctypes.byref(lwp)) == _OK:
                    members.append((num, lwp.value))
                self.p.rel_thread_handle(th)
            r.members = tuple(members)
            r.icvs = self.icv_strings(ph, "parallel")
            up = self.handle(self.p.get_enclosing_parallel_handle, ph)
            if up is not None:
                r.parent = self.icv(up, "parallel", "parallel-id-var")
            self.regions[ident] = r
            self.p.rel_parallel_handle(ph)
            ph = up
        if ph is not None:
            self.p.rel_parallel_handle(ph)

    # -- tasks ----------------------------------------------------------------

    def task_chain(self, task):
        """The task, then each task that generated the one before; releases task."""
        chain, seen = [], set()
        for _ in range(MAX_TASK_CHAIN):
            if task is None:
                break
            ident = self.icv(task, "task", "task-id-var")
            if ident is None or ident in seen:
                break           # a cycle: only a corrupt target has one
            seen.add(ident)
            t = Task()
            t.id = ident
            self.function(task, t)
            implicit = self.icv(task, "task", "implicit-task-var")
            t.kind = "explicit" if not implicit else "implicit" if t.function or t.address else "initial"
            ph = self.handle(self.p.get_task_parallel_handle, task)
            if ph is not None:
                t.region = self.icv(ph, "parallel", "parallel-id-var")
                self.p.rel_parallel_handle(ph)
            up = self.handle(self.p.get_generating_task_handle, task)
            if up is not None:
                t.generating = self.icv(up, "task", "task-id-var")
            sched = self.handle(self.p.get_scheduling_task_handle, task)
            if sched is not None:
                t.scheduling = self.icv(sched, "task", "task-id-var")
                self.p.rel_task_handle(sched)
            exit_f, enter_f = abi.FrameInfo(), abi.FrameInfo()
            if self.p.get_task_frame(task, ctypes.byref(exit_f), ctypes.byref(enter_f)) == _OK:
                t.exit_frame = exit_f.frame_address.address
                t.enter_frame = enter_f.frame_address.address
            chain.append(t)
            self.p.rel_task_handle(task)
            task = up
        if task is not None:
            self.p.rel_task_handle(task)
        return chain


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


def gdb_text(get):
    """get(): a name GDB read from the program (a symbol, a file name).  GDB
    raises UnicodeDecodeError for one that is not UTF-8; its bytes are kept,
    for table.printable() to show as \\xNN."""
    try:
        return get()
    except UnicodeDecodeError as e:
        return table.decode(bytes(e.object))


def symbolized(addr):
    """"0x4010a0 <qlock>", as GDB prints a pointer to data."""
    try:
        v = gdb.Value(addr).cast(gdb.lookup_type("void").pointer())
        return gdb_text(lambda: v.format_string(symbols=True, styling=False))
    except (gdb.error, TypeError):
        return "0x%x" % addr


def describe_code(addr):
    """(function, file, line) for a code address; None where unknown."""
    name = file = line = None
    try:
        block = gdb.block_for_pc(addr)
        while block is not None and block.function is None:
            block = block.superblock
        if block is not None:
            name = gdb_text(lambda: block.function.print_name)
        sal = gdb.find_pc_line(addr)
        if sal.symtab is not None:
            file, line = gdb_text(lambda: sal.symtab.filename), sal.line
    except (gdb.error, RuntimeError):
        pass
    if name is None:
        try:
            text = gdb_text(lambda: gdb.execute("info symbol 0x%x" % addr, to_string=True))
            if not text.startswith("No symbol"):
                name = text.split(" in section")[0].split(" + ")[0].strip()
        except gdb.error:
            pass
    return name, file, line


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
    that names the OMPD library), or None."""
    for name in ("ompd_dll_locations", "ompt_debugger_plugin"):
        addr = target.lookup_symbol(name)
        if addr is not None:
            return gdb.solib_name(addr)
    return None


# The C library, the dynamic loader, the vDSO, and the libraries the
# runtime's waits and atomics go through: paradbg-inspect (inspect/symbols.c)
# passes over the same ones.
_SYSTEM = ("libc.so", "libc-", "ld-linux", "ld64.so", "ld.so", "linux-vdso", "linux-gate",
           "[vdso]", "libpthread.so", "libpthread-", "libatomic.so", "libparatomic.so")
_VDSO = "system-supplied DSO"
_SECTION = re.compile(r"^\s*0x([0-9a-f]+) - 0x([0-9a-f]+) is \S+(?: in (.*))?$")


class UserCode:
    """Which code is the user's: code in a file that is neither the OpenMP
    runtime's library nor a system library.  The executable and the vDSO are
    no shared libraries to GDB (solib_name is None): their sections come
    from "info files", read once."""

    def __init__(self):
        self.runtime = runtime_library()
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
        name = self.file(pc)
        if name is None or name == self.runtime or name.startswith(_VDSO):
            return False
        return not os.path.basename(name).startswith(_SYSTEM)


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


def selected_gdb_thread():
    """GDB's selected thread, or None.  When the selected thread has exited
    ("The current thread has terminated", as on a core whose NT_PRSTATUS
    notes are zeroed), gdb.selected_thread() raises SystemError instead."""
    try:
        return gdb.selected_thread()
    except SystemError:
        return None


class keeping_selection:
    """Restores the selected thread and frame, whatever happens inside."""

    def __enter__(self):
        self.thread = selected_gdb_thread()
        try:
            self.frame = gdb.selected_frame() if self.thread is not None else None
        except gdb.error:
            self.frame = None
        return self

    def __exit__(self, *exc):
        if self.thread is not None and self.thread.is_valid():
            self.thread.switch()
            if self.frame is not None and self.frame.is_valid():
                self.frame.select()
        return False


# -- the public API -------------------------------------------------------------

def threads(frames=True):
    """Every thread of the selected inferior, in GDB's order, as Thread
    objects.  frames=False leaves out the innermost frame, which costs a
    switch to each thread."""
    space = target.current()
    out = []
    with space.reading(), keeping_selection():
        r = Reader(space)
        current = selected_gdb_thread()
        for t in sorted(space.inferior.threads(), key=lambda t: t.num):
            th, h = r.thread(t, with_frame=frames)
            th.current = current is not None and t.ptid == current.ptid
            if h is not None:
                r.p.rel_thread_handle(h)
            out.append(th)
    return out


def _read_selected(r):
    """(Thread, handle or None) of the selected thread."""
    t = selected_gdb_thread()
    if t is None:
        raise gdb.GdbError("No thread selected.")
    th, h = r.thread(t)
    th.current = True
    return th, h


def selected_thread():
    """The selected thread alone, without its frame: cheap enough for a
    breakpoint condition."""
    space = target.current()
    with space.reading():
        r = Reader(space)
        th, h = _read_selected(r)
        if h is not None:
            r.p.rel_thread_handle(h)
    return th


def parallel_regions():
    """The live parallel regions, outermost first, as Region objects."""
    space = target.current()
    with space.reading():
        r = Reader(space)
        for t in space.inferior.threads():
            h = r.thread_handle(t.ptid[1] or t.ptid[0])
            if h is None:
                continue
            r.add_regions(r.handle(r.p.get_curr_parallel_handle, h))
            r.p.rel_thread_handle(h)
    return sorted(r.regions.values(), key=lambda x: (x.level if x.level is not None else -1, x.id))


def tasks():
    """{Thread: [Task, ...]}: for each OpenMP thread, its current task and
    then each task that generated the one before, up to the initial task."""
    space = target.current()
    out = {}
    with space.reading():
        r = Reader(space)
        current = selected_gdb_thread()
        for t in sorted(space.inferior.threads(), key=lambda t: t.num):
            th, h = r.thread(t)
            th.current = current is not None and t.ptid == current.ptid
            if h is None:
                continue
            out[th] = r.task_chain(r.handle(r.p.get_curr_task_handle, h))
            r.p.rel_thread_handle(h)
    return out


SCOPES = ("address_space", "thread", "parallel", "task")


def icvs(scope=None, owner=None):
    """The ICVs as Icv objects.  scope is one of SCOPES or None for all;
    owner narrows it to one GDB thread id, region id or task id."""
    if scope is not None and scope not in SCOPES:
        raise ValueError("scope must be one of %s" % ", ".join(SCOPES))
    space = target.current()
    out = []
    with space.reading():
        r = Reader(space)
        if scope in (None, "address_space"):
            for name, value in r.icv_strings(space.handle, "address_space").items():
                out.append(Icv(name, "address_space", None, value))
        seen_tasks = set()
        for t in sorted(space.inferior.threads(), key=lambda t: t.num):
            th, h = r.thread(t)
            if h is None:
                continue
            if scope in (None, "thread") and owner in (None, th.id):
                for name, value in r.icv_strings(h, "thread").items():
                    out.append(Icv(name, "thread", th.id, value))
            if scope in (None, "parallel"):
                r.add_regions(r.handle(r.p.get_curr_parallel_handle, h))
            if scope in (None, "task"):
                task = r.handle(r.p.get_curr_task_handle, h)
                if task is not None and th.task not in seen_tasks and owner in (None, th.task):
                    seen_tasks.add(th.task)
                    for name, value in r.icv_strings(task, "task").items():
                        out.append(Icv(name, "task", th.task, value))
                if task is not None:
                    r.p.rel_task_handle(task)
            r.p.rel_thread_handle(h)
        for reg in sorted(r.regions.values(), key=lambda x: x.id):
            if owner in (None, reg.id):
                for name, value in reg.icvs.items():
                    out.append(Icv(name, "parallel", reg.id, value))
    return out


def control_vars():
    """The runtime's control variables (OMP_* settings), NAME -> value."""
    space = target.current()
    with space.reading():
        arr = ctypes.POINTER(ctypes.c_char_p)()
        if space.plugin.get_display_control_vars(space.handle, ctypes.byref(arr)) != _OK or not arr:
            return {}
        out = {}
        for i in range(MAX_ENUM):
            s = arr[i]
            if s is None:
                break
            name, _, value = table.decode(s).partition("=")
            out[name] = value
        space.plugin.rel_display_control_vars(ctypes.byref(arr))
    return out



def selected():
    """(Thread, Region, Task) of the selected thread, without its frame;
    Region and Task are None where the thread has none."""
    space = target.current()
    region = task = None
    with space.reading():
        r = Reader(space)
        th, h = _read_selected(r)
        if h is not None:
            ph = r.handle(r.p.get_curr_parallel_handle, h)
            if ph is not None:
                r.add_regions(ph)
                region = r.regions.get(th.region)
            chain = r.task_chain(r.handle(r.p.get_curr_task_handle, h))
            task = chain[0] if chain else None
            r.p.rel_thread_handle(h)
    return th, region, task


def selected_task_chain():
    """The selected thread's current task and the tasks that generated it,
    innermost first: what the frame filter needs."""
    space = target.current()
    t = selected_gdb_thread()
    if t is None:
        return []
    with space.reading():
        r = Reader(space)
        h = r.thread_handle(t.ptid[1] or t.ptid[0])
        if h is None:
            return []
        chain = r.task_chain(r.handle(r.p.get_curr_task_handle, h))
        r.p.rel_thread_handle(h)
    return chain
