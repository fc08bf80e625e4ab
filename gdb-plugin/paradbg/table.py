"""What the package prints: strings from the target made printable, and
tables in the manner of GDB's "info threads" (a heading, one row per
entity, each column as wide as its widest cell, no trailing blanks)."""
import gdb

from . import binding

def printable(s):
    """s with every character that must not reach a terminal as it is
    written as \\xNN (its UTF-8 bytes) and a backslash doubled: names from
    the target (files, symbols, locks, functions) pass through here before
    they are printed, so that a crafted core cannot send the terminal escape
    sequences.  libparadbg keeps the rules, for both hosts."""
    if s is None:
        return None
    if s.isascii() and s.isprintable() and "\\" not in s:
        return s                   # nothing to escape: no call into libparadbg
    data = s.encode("utf-8", errors="surrogateescape")
    return binding.take_string(binding.lib().pdb_printable(data))


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
