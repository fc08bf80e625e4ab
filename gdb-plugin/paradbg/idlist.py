"""Parsing and completing GDB-style id lists: "1 3-5 2.1 2.4-6"."""
import re

import gdb

_ITEM = re.compile(r"^(?:(\d+)\.)?(\d+)(?:-(\d+))?$")


def parse_thread_list(arg):
    """A predicate over gdb.InferiorThread for a thread id list; raises
    gdb.GdbError on a malformed list.  Ids without an inferior number are
    in the selected inferior, as in GDB."""
    items = []
    for word in gdb.string_to_argv(arg):
        m = _ITEM.match(word)
        if m is None:
            raise gdb.GdbError("Invalid thread ID: %s" % word)
        inf = int(m.group(1)) if m.group(1) else gdb.selected_inferior().num
        lo = int(m.group(2))
        hi = int(m.group(3)) if m.group(3) else lo
        if hi < lo:
            raise gdb.GdbError("inverted range: %s" % word)
        items.append((inf, lo, hi))
    return lambda t: any(t.inferior.num == inf and lo <= t.num <= hi for inf, lo, hi in items)


def parse_number(word, what):
    try:
        v = int(word, 0)
    except ValueError:
        raise gdb.GdbError("Invalid %s: %s" % (what, word)) from None
    if v < 0:
        raise gdb.GdbError("Invalid %s: %s" % (what, word))
    return v


def complete_thread_ids(text, word):
    inf = gdb.selected_inferior()
    ids = [str(t.num) for t in inf.threads()]
    return sorted((i for i in ids if i.startswith(word or "")), key=int)
