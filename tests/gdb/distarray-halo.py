# Run inside GDB (the package loaded) on a live image of
# tests/dap/caf_dap.f90 (4 images or more): breaks one halo element of the
# registered "field" (rank 1's first row, a copy of rank 0's last owned
# row: global (4, 0)) by writing -1 there through the shared mapping,
# checks that assemble() reports that one mismatch and still gives the
# owner's value, and writes the value back.  The expected index and ranks
# come from caf_dap.f90's layout (4 rows per image, one halo row), the
# value from the formula 1 + 100 * g0 + g1.  Prints "ok: ..." and
# "FAIL: ..." lines, and "done: N failure(s)".
import struct

import gdb

import paradbg

failures = []


def check(cond, what):
    print("%s: %s" % ("ok" if cond else "FAIL", what))
    if not cond:
        failures.append(what)


inf = gdb.selected_inferior()
field = paradbg.distarray.array("field")
rank1 = field.rank(1)
addr = rank1.readable
old = bytes(inf.read_memory(addr, 8))
check(struct.unpack("<d", old)[0] == 1 + 100 * 4, "rank 1's halo (4, 0) holds rank 0's value before")
inf.write_memory(addr, struct.pack("<d", -1.0))
try:
    g = field.assemble()
    rep = field.last_assembly
    check(rep["halo_mismatches"] == 1 and rep["first_mismatch"] == {"index": (4, 0), "rank": 1, "owner": 0},
          "assemble() reports the broken halo: %s" % rep)
    check(bool(rep["note"]) and rep["halo_checked"] == 6 * (field.nprocs - 1),
          "%d halo elements compared (3 per halo row), the note: %s" % (rep["halo_checked"], rep["note"]))
    check(g[4, 0] == 1 + 100 * 4, "the global array has the owner's value at (4, 0): %s" % g[4, 0])
    buf = field.__distarray__(1)["buffer"]
    check(buf[0, 0] == -1, "rank 1's buffer shows the broken halo: %s" % buf[0, 0])
finally:
    inf.write_memory(addr, old)
field.assemble()
check(field.last_assembly["halo_mismatches"] == 0, "written back: no mismatch")
print("done: %d failure(s)" % len(failures))
