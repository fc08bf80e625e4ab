# Run inside GDB on a process or core of tests/atomic-debug/locks.c (the
# package loaded): compares "info atomic locks", paradbg.atomic's objects
# and, for the omp scenario, "info openmp threads" and
# paradbg.openmp.threads() with the record the program's threads wrote
# ($PARADBG_TEST_RECORD).  GDB's thread numbers come from "info threads"
# (its LWP column), lock indexes from the documented table arithmetic (64
# locks of 64-byte granules, docs/atomics.md), never from the package.
# Prints "ok: ..." and "FAIL: ..." lines.
import os
import re

import gdb

import paradbg

NLOCKS, GRANULE = 64, 64
failures = []


def check(cond, what):
    print("%s: %s" % ("ok" if cond else "FAIL", what))
    if not cond:
        failures.append(what)


def run(cmd):
    try:
        return gdb.execute(cmd, to_string=True)
    except gdb.error as e:
        return "ERROR: %s\n" % e


# -- the record ---------------------------------------------------------------
holds, waits, dead, omp = [], [], set(), {}
scenario = runtime = None
with open(os.environ["PARADBG_TEST_RECORD"]) as f:
    for line in f:
        w = line.split()
        if not w:
            continue
        if w[0] == "start":
            scenario, runtime = w[2], w[3]
        elif w[0] == "hold":
            holds.append((int(w[1]), int(w[2], 16), int(w[3]), w[4]))
        elif w[0] == "wait":
            waits.append((int(w[1]), int(w[2], 16), int(w[3]), w[4], int(w[5])))
        elif w[0] == "dead":
            dead.add(int(w[1]))
        elif w[0] == "omp":
            omp[int(w[1])] = int(w[2])


def locks_of(addr, size):
    """The locks an object takes, in the order taken (increasing index)."""
    return sorted({g % NLOCKS for g in range(addr // GRANULE, (addr + size - 1) // GRANULE + 1)})


# GDB's thread number of each LWP, from "info threads"
gdb_num = {}
for line in run("info threads").splitlines():
    m = re.match(r"^[* ]\s*(\d+)\s+.*?\bLWP (\d+)\b", line)
    if m:
        gdb_num[int(m.group(2))] = int(m.group(1))
check(len(gdb_num) == len(gdb.selected_inferior().threads()) and gdb_num,
      "info threads names every thread's LWP (%d threads)" % len(gdb_num))


def who_text(lwp):
    """How the table names a thread: "thread N (LWP lwp" (more may follow)."""
    if lwp in gdb_num:
        return "thread %d (LWP %d" % (gdb_num[lwp], lwp)
    return "LWP %d" % lwp


# -- "info atomic locks" as rows ------------------------------------------
out = run("info atomic locks")
print(out, end="")
check(not re.search(r"Traceback|Python Exception|^ERROR|paradbg: cannot read", out, re.M),
      "info atomic locks runs without an error")
lines = out.splitlines()
rows, notes = {}, []
if lines and lines[0].startswith("Lock "):
    for line in lines[1:]:
        cells = re.split(r"\s{2,}", line.strip())
        if len(cells) == 5 and cells[0].isdigit():
            rows[int(cells[0])] = cells
        else:
            notes.append(line)
else:
    notes = lines

api_runtime = paradbg.atomic.runtime()
api_locks = {k.index: k for k in paradbg.atomic.locks()}
api_waiters = paradbg.atomic.waiters()

if runtime == "libparatomic":
    check(api_runtime.owners_recorded and api_runtime.runtime == "libparatomic",
          "the runtime is libparatomic and records owners")
    held = {}
    for lwp, addr, size, name in holds:
        span = locks_of(addr, size)
        label = "%s (%d bytes)" % (name, size)
        for idx in span:
            held[idx] = lwp
            row = rows.get(idx)
            check(row is not None and row[1].startswith(who_text(lwp)) and row[2] == label
                  and row[3] == ",".join(map(str, span)),
                  "lock %d: held by %s, for %s, spanning %s: %s"
                  % (idx, who_text(lwp), label, ",".join(map(str, span)), row))
            k = api_locks.get(idx)
            ok = (k is not None and k.owner.lwp == lwp and k.object is not None
                  and k.object.address == addr and k.object.size == size and k.object.name == name
                  and list(k.object.locks) == span)
            if lwp in dead:
                ok = ok and not k.owner.alive and k.owner.gdb_num is None
            else:
                ok = ok and k.owner.alive and k.owner.gdb_num == gdb_num.get(lwp) \
                    and k.owner.gdb_thread is not None and k.owner.gdb_thread.ptid[1] == lwp
            if lwp in omp:
                ok = ok and k.owner.omp_thread == omp[lwp] \
                    and "OpenMP thread %d" % omp[lwp] in k.owner.text
            check(ok, "paradbg.atomic.locks()[%d]: owner LWP %d (GDB thread %s), %s at 0x%x"
                  % (idx, lwp, gdb_num.get(lwp), label, addr))
            if lwp in dead:
                check(any(n.startswith("Lock %d: " % idx) and "LWP %d" % lwp in n
                          and "no longer exists" in n for n in notes),
                      "lock %d: a note that its holder LWP %d no longer exists" % (idx, lwp))
    check(set(rows) == set(held) and set(api_locks) == set(held),
          "the held locks are those the record gives: %s" % sorted(held))
    for lwp, addr, size, name, holder in waits:
        w = [x for x in api_waiters if x.thread.lwp == lwp]
        ok = (len(w) == 1 and w[0].object is not None and w[0].object.address == addr
              and w[0].object.size == size and w[0].object.name == name
              and w[0].lock in locks_of(addr, size) and held.get(w[0].lock) == holder
              and w[0].self == (lwp == holder) and w[0].thread.gdb_num == gdb_num.get(lwp))
        check(ok, "paradbg.atomic.waiters(): LWP %d waits for a lock of %s that LWP %d holds"
              % (lwp, name, holder))
        if len(w) == 1:
            row = rows.get(w[0].lock)
            check(row is not None and who_text(lwp) in row[4],
                  "lock %s lists %s among its waiters" % (w[0].lock, who_text(lwp)))
            k = api_locks.get(w[0].lock)
            check(k is not None and lwp in [x.thread.lwp for x in k.waiters],
                  "paradbg.atomic.locks()[%s].waiters holds LWP %d" % (w[0].lock, lwp))
            if lwp == holder:
                check(any(n.startswith("Lock %d: " % w[0].lock) and "holds itself" in n
                          for n in notes),
                      "lock %d: a note that its holder waits for it itself" % w[0].lock)
    check(sorted(x.thread.lwp for x in api_waiters) == sorted(x[0] for x in waits),
          "the waiters are those the record gives")
else:
    # a libatomic that records no owners: the note, no owner, and the
    # threads its stacks show in the lock path
    check(not api_runtime.owners_recorded and api_runtime.note and not api_locks,
          "the runtime (%s) records no owners and no lock is shown held" % api_runtime.runtime)
    check(bool(lines) and lines[0].endswith(api_runtime.note) and "Owner" not in out,
          "info atomic locks begins with the note: %s" % (lines[0] if lines else None))
    check(sorted(x.thread.lwp for x in api_waiters) == sorted(x[0] for x in waits)
          and all(x.lock is None and x.thread.gdb_num == gdb_num.get(x.thread.lwp) for x in api_waiters),
          "the threads in the lock path are the record's waiters")
    for lwp, addr, size, name, holder in waits:
        check(any(line.startswith(who_text(lwp)) and "lock path" in line for line in lines),
              "info atomic locks lists %s in the lock path" % who_text(lwp))

# -- the thread view: OpenMP threads waiting for an atomic lock ---------------
if scenario == "omp":
    view = run("info openmp threads")
    print(view, end="")
    for lwp, addr, size, name, holder in waits:
        want = "atomic lock %d for %s (held by thread %d)" % (locks_of(addr, size)[0], name,
                                                             gdb_num.get(holder, -1))
        check(any(re.search(r"\bLWP %d\b" % lwp, line) and want in line for line in view.splitlines()),
              "info openmp threads: LWP %d (OpenMP thread %s) waits for %s"
              % (lwp, omp.get(lwp), want))
    threads = {t.lwp: t for t in paradbg.openmp.threads(frames=False)}
    for lwp, addr, size, name, holder in waits:
        t = threads.get(lwp)
        check(t is not None and t.atomic_wait and t.wait.startswith("atomic lock ")
              and t.thread_num == omp.get(lwp),
              "paradbg.openmp.threads(): LWP %d has the atomic wait (%s)" % (lwp, t and t.wait))
    holder_threads = {lwp for lwp, _, _, _ in holds}
    check(all(not threads[lwp].atomic_wait for lwp in holder_threads if lwp in threads),
          "a holder has no atomic wait")

print("%s: %d failure(s)" % ("FAIL" if failures else "done", len(failures)))
