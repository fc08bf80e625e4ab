"""Run inside GDB (gdb -x) on tests/inspect/scene.c, live or from a core,
after paradbg is loaded.  Writes OUT/model.json (the paradbg.openmp model
in the shape tests/inspect/check-report.py reads) and OUT/<command>.txt
(each "info openmp" command's output), and checks the plugin's manners:
the selected thread and frame are what they were, no breakpoint was added,
and a live inferior was never resumed.  OUT comes from $PARADBG_TEST_OUT.
Failures are printed as "FAIL: ..." lines."""
import json
import os

import gdb
import paradbg

out = os.environ["PARADBG_TEST_OUT"]
inf = gdb.selected_inferior()
live = inf.connection.type != "core"
failures = []


def expect(cond, what):
    if not cond:
        failures.append(what)


def stopped_threads():
    states = []
    for tid in os.listdir("/proc/%d/task" % inf.pid):
        with open("/proc/%d/task/%s/stat" % (inf.pid, tid)) as f:
            states.append(f.read().rsplit(")", 1)[1].split()[0])
    return states


before_thread = gdb.selected_thread().num
gdb.execute("thread 2", to_string=True)          # not the default selection
gdb.execute("frame 1", to_string=True)
before_frame = gdb.selected_frame()
before_bps = len(gdb.breakpoints())

commands = {
    "threads": "info openmp threads", "parallel": "info openmp parallel",
    "tasks": "info openmp tasks", "icvs": "info openmp icvs",
    "control-vars": "info openmp control-vars", "bt": "thread apply all bt",
}
for name, cmd in commands.items():
    with open(os.path.join(out, name + ".txt"), "w") as f:
        f.write(gdb.execute(cmd, to_string=True))

threads = paradbg.openmp.threads()
chains = {t.lwp: c for t, c in paradbg.openmp.tasks().items()}
thread_icvs = {}
for icv in paradbg.openmp.icvs("thread"):
    thread_icvs.setdefault(icv.owner, {})[icv.name] = icv.value
regions = paradbg.openmp.parallel_regions()

expect([t.gdb_thread.num for t in threads if t.current] == [2],
       "current thread in the model: %s" % [t.id for t in threads if t.current])
expect(gdb.selected_thread().num == 2, "the selected thread changed to %d" % gdb.selected_thread().num)
expect(gdb.selected_frame() == before_frame, "the selected frame changed")
expect(len(gdb.breakpoints()) == before_bps, "breakpoints were added")
if live:
    states = stopped_threads()
    expect(all(s == "t" for s in states), "the inferior ran: thread states %s" % states)
gdb.execute("thread %d" % before_thread, to_string=True)


def code(name, file):
    return {"function": name, "file": file} if name or file else None


model = {
    "threads": [{
        "lwp": t.lwp, "openmp": t.is_openmp, "thread_num": t.thread_num, "state": t.state,
        "current": t.current, "frame_text": t.frame, "pc": t.pc,
        "wait": {"text": t.wait} if t.wait else None,
        "region": {"id": t.region, "level": t.level} if t.region is not None else None,
        "task": t.task,
        "tasks": [{"id": k.id, "kind": k.kind, "function": code(k.function, k.file),
                   "generated_by": k.generating} for k in chains.get(t.lwp, [])],
        "icvs": thread_icvs.get(t.id, {}),
    } for t in threads],
    "parallel": [{
        "id": r.id, "level": r.level, "team_size": r.team_size, "parent": r.parent,
        "function": code(r.function, r.file), "threads": [lwp for _, lwp in r.members],
    } for r in regions],
    "icvs": {i.name: i.value for i in paradbg.openmp.icvs("address_space")},
    "control_vars": ["%s=%s" % kv for kv in paradbg.openmp.control_vars().items()],
}
with open(os.path.join(out, "model.json"), "w") as f:
    json.dump(model, f, indent=1)
for what in failures:
    print("FAIL: %s" % what)
