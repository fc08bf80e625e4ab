"""Tables in the manner of GDB's "info threads": a heading, one row per
entity, each column as wide as its widest cell, no trailing blanks."""
import gdb


def write(rows, indent=""):
    """rows[0] is the heading; every row is a sequence of strings."""
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
