"""What the package prints: strings from the target made printable, and
tables in the manner of GDB's "info threads" (a heading, one row per
entity, each column as wide as its widest cell, no trailing blanks)."""
import re

import gdb

# C0 and C1 controls, DEL, line separators, bidirectional controls and
# invisible characters (which change how what follows is shown), bytes that
# were not UTF-8 (decoded with errors="surrogateescape"), and the backslash
# (doubled, so that a name cannot pass for an escape): what paradbg-inspect
# escapes too
_UNPRINTABLE = re.compile("[\\\\\x00-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028-\u202e"
                          "\u2060\u2066-\u2069\ufeff\udc80-\udcff]")


def _escape(m):
    ch = m.group(0)
    if ch == "\\":
        return "\\\\"
    if "\udc80" <= ch <= "\udcff":
        return "\\x%02x" % (ord(ch) - 0xdc00)
    return "".join("\\x%02x" % b for b in ch.encode("utf-8"))


def printable(s):
    """s with every character that must not reach a terminal as it is
    written as \\xNN (its UTF-8 bytes): names from the target (files,
    symbols, locks, functions) pass through here before they are printed,
    so that a crafted core cannot send the terminal escape sequences."""
    return _UNPRINTABLE.sub(_escape, s)


def decode(data):
    """Bytes from the target as text; bytes that are not UTF-8 are kept for
    printable() to show as \\xNN."""
    return data.decode("utf-8", errors="surrogateescape")


def write(rows, indent=""):
    """rows[0] is the heading; every row is a sequence of strings, each
    made printable."""
    rows = [[printable(cell) for cell in row] for row in rows]
    widths = [0] * max(len(r) for r in rows)
    for row in rows:
        for i, cell in enumerate(row):
            widths[i] = max(widths[i], len(cell))
    out = []
    for row in rows:
        last = max([i for i, c in enumerate(row) if c] or [0])
        cells = [cell.ljust(widths[i]) if i < last else cell for i, cell in enumerate(row[:last + 1])]
        out.append(indent + "  ".join(cells))
    gdb.write("\n".join(out) + "\n")
