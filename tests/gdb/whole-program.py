"""Run inside GDB (gdb -x) on tests/caf-debug/hang.f90 run whole under GDB
(paradbg-cafrun --gdb: every image an inferior), all stopped, after
paradbg is loaded.  Checks against GDB's own inferiors and the images'
records ($PARADBG_TEST_RECDIR/rec.<image>): every image is the inferior
whose process is the recorded pid, "info coarray images" names that
inferior, and "coarray image N" selects it.  Then it lets the program run
for two seconds and stops it again (SIGINT to the image that was
selected, as ^C would): no image has ended meanwhile.  Prints "FAIL: ..."
lines, and "second stop: no image failed" when that holds."""
import os
import signal
import threading

import gdb
import paradbg

recdir = os.environ["PARADBG_TEST_RECDIR"]
failures = []


def expect(cond, what):
    if not cond:
        failures.append(what)


def recorded_pids():
    pids = {}
    for f in os.listdir(recdir):
        if f.startswith("rec.") and f[4:].isdigit():
            with open(os.path.join(recdir, f)) as fh:
                for line in fh:
                    if line.startswith("pid "):
                        pids[int(f[4:])] = int(line.split()[1])
    return pids


pids = recorded_pids()
by_pid = {inf.pid: inf for inf in gdb.inferiors() if inf.pid}
start = gdb.selected_inferior()

for im in paradbg.coarray.images():
    want = by_pid.get(pids.get(im.image))
    expect(want is not None, "image %d (pid %s) is no inferior" % (im.image, pids.get(im.image)))
    expect(im.inferior is not None and want is not None and im.inferior.num == want.num,
           "image %d: the model says inferior %s, GDB has pid %s as inferior %s"
           % (im.image, im.inferior and im.inferior.num, pids.get(im.image), want and want.num))

# The table: each row's inferior column is the inferior of that row's pid.
text = gdb.execute("info coarray images", to_string=True).splitlines()
head = text[0].split()
expect(head[:3] == ["Image", "PID", "Inferior"], "images heading: %s" % text[0])
rows = 0
for line in text[1:]:
    cells = line.lstrip("* ").split()
    if len(cells) < 3 or not cells[0].isdigit():
        continue
    rows += 1
    image, pid, inferior = int(cells[0]), int(cells[1]), cells[2]
    expect(pid == pids.get(image), "row of image %d: pid %d, recorded %s" % (image, pid, pids.get(image)))
    expect(pid in by_pid and inferior == str(by_pid[pid].num),
           "row of image %d: inferior %s, GDB has pid %d as %s"
           % (image, inferior, pid, by_pid[pid].num if pid in by_pid else None))
    expect(line.startswith("*") == (pid == start.pid), "row of image %d: the * mark" % image)
expect(rows == len(pids), "%d rows for %d images" % (rows, len(pids)))

for image, pid in sorted(pids.items()):
    gdb.execute("coarray image %d" % image, to_string=True)
    expect(gdb.selected_inferior().pid == pid, "coarray image %d selected pid %d, not %d"
           % (image, gdb.selected_inferior().pid, pid))
    said = gdb.execute("coarray image", to_string=True)
    expect(said == "The selected inferior is image %d (pid %d).\n" % (image, pid),
           "coarray image without an argument: %r" % said)
gdb.execute("inferior %d" % start.num, to_string=True)

# Let every image run two seconds, then stop them all again.
threading.Timer(2.0, os.kill, (start.pid, signal.SIGINT)).start()
gdb.execute("continue", to_string=True)
alive = [i for i, p in sorted(pids.items())
         if os.path.exists("/proc/%d" % p) and open("/proc/%d/stat" % p).read().rsplit(")", 1)[1].split()[0] != "Z"]
expect(alive == sorted(pids), "images alive after running again: %s" % alive)
statuses = {im.image: im.status for im in paradbg.coarray.images()}
expect(all(s == "running" for s in statuses.values()), "statuses after running again: %s" % statuses)
for what in failures:
    print("FAIL: %s" % what)
if not failures:
    print("second stop: no image failed")
