"""paradbg.coarray: the coarray images of the program in the selected
inferior as plain objects, built from libparadbg's records, which it reads
through the coarray debug library the runtime names (libcafdbg.so for
libparcaf).  Any one image shows every image: the runtime keeps their
state in one shared mapping, so a core of one image holds it all.  The
commands in paradbg/cmd_coarray.py only print these.

    images()            every image, by image number
    coarrays([name])    the registered coarrays (locks and events too)
    locks()             held or awaited lock and critical elements
    events()            event elements with a count or a waiter
    teams()             the teams, the initial team first
    value(name, image)  a coarray's values on one image
    inferior_of(image)  the GDB inferior that is that image's process
"""
import contextlib
import ctypes as C
import json
import re

import gdb

from . import binding, plugin as plugins, table, target
from .openmp import _text

WANT_ALL = 31             # PDB_CAF_WANT_ALL: every list
MAX_VALUES = 1 << 16      # elements value() asks for at most


class Wait:
    """What an image waits for."""
    kind = None          # "sync all", "sync images", "lock", "critical", "event wait",
                         # "collective", "normal termination", "team synchronisation",
                         # "atomic lock" (the selected inferior's image, see paradbg.atomic)
    text = None          # in words: "lock lk[2] (held by image 5)"
    images = ()          # the images it still needs
    holder = None        # lock, critical: the image that holds it
    object = None        # the lock's or event's name
    element = None
    object_image = None  # the image the lock or event element is on
    count = None         # event wait: the count now ...
    until_count = None   # ... and the count it waits for
    operation = None     # collective: "co_sum", ...

    def __repr__(self):
        return "<paradbg.coarray.Wait %s>" % self.text


class Image:
    """One image of the program."""
    image = 0            # its number in the initial team
    pid = None
    status = None        # "not started", "running", "stopped", "failed", "error stop"
    stop_code = None     # stopped, error stop
    signal = None        # failed: the signal that killed it, if one did
    team_number = None   # -1 in the initial team
    team_index = None    # its index in that team
    team_id = None
    wait = None          # a Wait, or None
    inferior = None      # the gdb.Inferior whose process it is, if GDB has one
    current = False      # it is the selected inferior's process

    def __repr__(self):
        return "<paradbg.coarray.Image %d pid %s %s>" % (self.image, self.pid, self.status)


class Coarray:
    """A registered coarray, lock, event or critical construct."""
    serial = 0           # its registration number
    name = None          # the Fortran name, None where the symbols do not tell
    module = None
    kind = None          # "static", "allocatable", "lock", "event", "critical", "component"
    type = None          # "integer", "real", ... "unknown"
    elem_len = None
    nbytes = None
    nelem = None
    rank = None          # None: unknown
    lbound = ()
    ubound = ()
    corank = None
    lcobound = ()
    ucobound = ()
    image = None         # whose registry listed it
    addresses = None     # {image: (address the debugger reads, the program's address or None)}

    @property
    def label(self):
        """Its name, "m::x" for a module's, or "#serial"."""
        if self.name is None:
            return "#%d" % self.serial
        return "%s::%s" % (self.module, self.name) if self.module else self.name

    def __repr__(self):
        return "<paradbg.coarray.Coarray %s %s %s>" % (self.label, self.kind, self.type)


class Lock:
    """A held or awaited lock or critical element."""
    kind = None          # "lock" or "critical"
    name = None
    module = None        # the variable's module, None for none
    image = None         # the image the element is on
    element = None
    holder = None
    waiting = ()

    @property
    def label(self):
        """Its name, "m::x" for a module's."""
        return "%s::%s" % (self.module, self.name) if self.module else self.name

    def __repr__(self):
        return "<paradbg.coarray.Lock %s[%s] held by %s>" % (self.label, self.image, self.holder)


class Event:
    """An event element with a count or a waiter."""
    name = None
    module = None        # the variable's module, None for none
    image = None
    element = None
    count = None
    waiting = ()         # (image, until_count) of each image waiting

    label = Lock.label

    def __repr__(self):
        return "<paradbg.coarray.Event %s[%s] count %s>" % (self.label, self.image, self.count)


class Team:
    """A team."""
    id = None
    number = None        # -1 the initial team
    size = None
    parent = None        # the parent's id, None for the initial team
    members = ()         # global image numbers, by index in the team

    def __repr__(self):
        return "<paradbg.coarray.Team %s of %s>" % (self.number, self.size)


class Values:
    """A coarray's values on one image."""
    name = None
    image = None
    type = None
    elem_len = None
    address = None       # where they are, in that image's own address space
    rank = None
    lbound = ()
    ubound = ()
    values = ()          # numbers, True/False, (re, im), strings, or "0x.." bytes,
                         # in array element order
    truncated = 0        # elements left out

    @property
    def value(self):
        """The value of a scalar."""
        return self.values[0] if len(self.values) == 1 else list(self.values)

    def __repr__(self):
        return "<paradbg.coarray.Values %s on image %s: %d>" % (self.name, self.image, len(self.values))


# -- the session: one per inferior, opened on libparadbg ----------------------

class NoCoarrays(Exception):
    """The program has no coarray runtime, or its images have not started."""


class CafSpace(target.Reader):
    """The libparadbg coarray session of one inferior."""
    plugin_kind = "coarray"

    def __init__(self, inferior, key):
        super().__init__(inferior, key)
        lib = binding.lib()
        self.options = binding.Options(b"the program", self.dirs, self.ndirs,
                                       b'add its directory with "set coarray plugin-path DIR"')
        try:
            with self.reading():
                session, msg = C.c_void_p(), C.create_string_buffer(4096)
                st = lib.pdb_caf_open(C.byref(self.host), key, C.byref(self.options),
                                      C.byref(session), msg, len(msg))
                if st != binding.STATUS_OK:
                    text = table.decode(msg.value)
                    if st == binding.STATUS_NO_RUNTIME:
                        raise NoCoarrays(text)
                    raise plugins.PluginError(text)
                self.session = session
                self.plugin_path = table.decode(lib.pdb_caf_plugin_path(session) or b"")
                self.plugin_version = table.decode(lib.pdb_caf_plugin_version(session) or b"")
        except BaseException:
            target.Reader.release(self)
            raise

    def release(self):
        if self.session is not None:
            binding.lib().pdb_caf_close(self.session)
            self.session = None
        super().release()

    def records(self, atomic_waits=False):
        """libparadbg's "coarray" object, as JSON; atomic_waits: with the
        wait for an atomic lock of this inferior's image marked in it (see
        paradbg.atomic.marking)."""
        from . import atomic
        msg = C.create_string_buffer(4096)
        marks = atomic.marking(self.inferior) if atomic_waits else contextlib.nullcontext((None, None, 0))
        with marks as (session, threads, nthreads), self.reading():
            text = binding.take_string(binding.lib().pdb_caf_gather_json_marked(
                self.session, WANT_ALL, session, threads, nthreads, msg, len(msg)))
        if text is None:
            raise gdb.GdbError("paradbg: %s" % table.decode(msg.value))
        return json.loads(text)

    def values(self, image, name, limit):
        msg = C.create_string_buffer(4096)
        with self.reading():
            text = binding.take_string(binding.lib().pdb_caf_values_json(
                self.session, image, name.encode("utf-8", errors="surrogateescape"), limit,
                msg, len(msg)))
        if text is None:
            raise gdb.GdbError("%s." % table.decode(msg.value).rstrip("."))
        return json.loads(text)


# libparadbg keeps the names it found by the program's addresses, which
# the program may reuse once it has run: a new session then
_spaces = target.Spaces(CafSpace, drop_on_resume=True)


def _session():
    inf = gdb.selected_inferior()
    if inf.pid == 0:
        raise gdb.GdbError("The program is not being run.")
    try:
        space = _spaces.get(inf)
    except NoCoarrays as e:
        raise gdb.GdbError("%s." % str(e).rstrip(".")) from None
    except (plugins.PluginError, binding.BindingError) as e:
        raise gdb.GdbError("paradbg: %s" % e) from None
    return space


# -- records: libparadbg's JSON as the objects above -----------------------

def _addr(v):
    return int(v, 16) if v is not None else None


def _wait(rec):
    if rec is None:
        return None
    w = Wait()
    w.kind = rec.get("kind")
    w.text = _text(rec.get("text"))
    w.images = tuple(rec.get("images") or ())
    w.holder = rec.get("holder")
    w.object = _text(rec.get("object"))
    w.element = rec.get("element")
    w.object_image = rec.get("object_image")
    w.count = rec.get("count")
    w.until_count = rec.get("until_count")
    w.operation = _text(rec.get("operation"))
    return w


def _image(rec, inferiors, selected_pid):
    im = Image()
    im.image = rec["image"]
    im.pid = rec.get("pid") or None
    im.status = rec.get("status")
    im.stop_code = rec.get("stop_code")
    im.signal = rec.get("signal")
    im.team_number = rec.get("team_number")
    im.team_index = rec.get("team_index")
    im.team_id = _addr(rec.get("team_id"))
    im.wait = _wait(rec.get("wait"))
    im.inferior = inferiors.get(im.pid) if im.pid else None
    im.current = im.pid is not None and im.pid == selected_pid
    return im


def _coarray(rec):
    c = Coarray()
    c.serial = rec["serial"]
    c.name = _text(rec.get("name"))
    c.module = _text(rec.get("module"))
    c.kind = rec.get("kind")
    c.type = rec.get("type")
    c.elem_len = rec.get("elem_len")
    c.nbytes = rec.get("nbytes")
    c.nelem = rec.get("nelem")
    c.rank = rec.get("rank")
    c.lbound = tuple(rec.get("lbound") or ())
    c.ubound = tuple(rec.get("ubound") or ())
    c.corank = rec.get("corank")
    c.lcobound = tuple(rec.get("lcobound") or ())
    c.ucobound = tuple(rec.get("ucobound") or ())
    c.image = rec.get("image")
    c.addresses = {a["image"]: (_addr(a.get("readable")), _addr(a.get("in_image")))
                   for a in rec.get("addresses") or ()}
    return c


def _lock(rec):
    k = Lock()
    k.kind = rec.get("kind")
    k.name = _text(rec.get("name"))
    k.module = _text(rec.get("module"))
    k.image = rec.get("image")
    k.element = rec.get("element")
    k.holder = rec.get("holder")
    k.waiting = tuple(rec.get("waiting") or ())
    return k


def _event(rec):
    e = Event()
    e.name = _text(rec.get("name"))
    e.module = _text(rec.get("module"))
    e.image = rec.get("image")
    e.element = rec.get("element")
    e.count = rec.get("count")
    e.waiting = tuple((w["image"], w.get("until_count")) for w in rec.get("waiting") or ())
    return e


def _team(rec):
    t = Team()
    t.id = _addr(rec.get("id"))
    t.number = rec.get("number")
    t.size = rec.get("size")
    t.parent = _addr(rec.get("parent"))
    t.members = tuple(rec.get("members") or ())
    return t


def records(atomic_waits=False):
    """libparadbg's "coarray" object for the selected inferior, as parsed
    JSON (docs/paradbg-inspect.schema.json); atomic_waits=True: with the
    wait for an atomic lock of the selected inferior's image, as images()
    shows it."""
    return _session().records(atomic_waits)


def program():
    """(num_images, this_image, error_image, error_code, launcher_pid) of
    the program: this_image is the image whose address space was read (0:
    the launcher); error_image is the image that started error
    termination, 0 if none."""
    r = records()
    return (r.get("num_images"), r.get("this_image"), r.get("error_image"), r.get("error_code"),
            r.get("launcher_pid"))


def _inferiors_by_pid():
    return {inf.pid: inf for inf in gdb.inferiors() if inf.pid}


def images():
    """Every image, by image number, as Image objects, the selected
    inferior's image with its wait for an atomic lock."""
    return images_of(records(atomic_waits=True))


def images_of(recs):
    """The images of records() as Image objects (with the atomic wait
    if recs were read with atomic_waits=True)."""
    sel = gdb.selected_inferior().pid
    infs = _inferiors_by_pid()
    return [_image(rec, infs, sel) for rec in recs.get("images") or ()]


def coarrays(name=None):
    """The registered coarrays as Coarray objects; with name ("x", "m::x"
    or "#serial"), only those it names."""
    return coarrays_of(records(), name)


def coarrays_of(recs, name=None):
    """The coarrays of records() as Coarray objects, as coarrays() gives them."""
    out = [_coarray(rec) for rec in recs.get("coarrays") or ()]
    if name is not None:
        out = [c for c in out if matches(c, name)]
    return out


def matches(c, name):
    """Whether name ("x", "m::x", "#3") names the coarray c, as libparadbg
    takes a name for value(): Fortran names have no case, and "x" is the
    x of any module."""
    if name.startswith("#"):
        return re.fullmatch(r"[0-9]+", name[1:]) is not None and int(name[1:]) == c.serial
    module, sep, plain = name.partition("::")
    if not sep:
        module, plain = None, name
    if c.name is None or c.name.lower() != plain.lower():
        return False
    return module is None or (c.module is not None and c.module.lower() == module.lower())


def locks():
    """The held or awaited lock and critical elements, as Lock objects."""
    return locks_of(records())


def locks_of(recs):
    return [_lock(rec) for rec in recs.get("locks") or ()]


def events():
    """The event elements with a count or a waiter, as Event objects."""
    return events_of(records())


def events_of(recs):
    return [_event(rec) for rec in recs.get("events") or ()]


def teams():
    """The teams as Team objects, the initial team first."""
    return [_team(rec) for rec in records().get("teams") or ()]


def value(name, image, limit=MAX_VALUES):
    """The values of the coarray name ("x", "m::x" for module m's, or
    "#serial" for one without a name) on image, as a Values object; at
    most limit elements.  libparadbg finds the coarray (gdb.GdbError with
    its message if none has that name)."""
    rec = _session().values(int(image), name, int(limit))
    v = Values()
    v.name = _text(rec.get("name"))
    v.image = rec.get("image")
    v.type = rec.get("type")
    v.elem_len = rec.get("elem_len")
    v.address = _addr(rec.get("address"))
    v.rank = rec.get("rank")
    v.lbound = tuple(rec.get("lbound") or ())
    v.ubound = tuple(rec.get("ubound") or ())
    v.values = [tuple(x) if isinstance(x, list) else (_text(x) if isinstance(x, str) else x)
                for x in rec.get("values") or ()]
    v.truncated = rec.get("truncated") or 0
    return v


def inferior_of(image):
    """The gdb.Inferior whose process is image, or None."""
    for im in images_of(records()):
        if im.image == image:
            return im.inferior
    return None
