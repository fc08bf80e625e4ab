#!/usr/bin/env python3
"""Checks paradbg-inspect's report of tests/inspect/scene.c against the
record the program wrote about itself, and against the JSON schema.

usage: check-report.py SCHEMA RECORD JSON [--text TEXT] [--pid PID] [--backtrace]
                       [--lwp-after WORD] [--stripped]
SCHEMA "-" skips the schema (the GDB plugin's model, which tests/gdb/
dump-model.py puts in the same shape).  --lwp-after: in the text, the LWP
is the word after WORD (GDB's "LWP 1234") rather than the first number.
--stripped: a stripped program, whose waits and bodies have no names.
Prints one line per failed expectation and exits 1 if there is any."""
import argparse
import json
import os
import sys


failures = []


def expect(cond, what):
    if not cond:
        failures.append(what)
    return cond


def read_record(path):
    threads, qlock = [], None
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line.startswith("qlock="):
                qlock = int(line.split("=", 1)[1], 16)
                continue
            rec = {}
            # wait= may hold spaces ("critical alpha"): it runs to " task=" or the end
            head, _, wait = line.partition(" wait=")
            wait, _, task = wait.partition(" task=")
            for kv in head.split():
                k, v = kv.split("=", 1)
                rec[k] = v
            if wait:
                rec["wait"] = wait
            if task:
                rec["task"] = task
            rec["lwp"] = int(rec["lwp"])
            threads.append(rec)
    return threads, qlock


STRIPPED = False   # --stripped: no symbol names, so waits are checked by their kind

# The holder of the lock or critical section each waiting role waits for.
HOLDER_OF = {"lock-waiter": "lock-holder", "critical-waiter": "critical-holder"}


def holder_of(rec, record):
    """The record of the thread that holds what rec waits for, or None."""
    role = HOLDER_OF.get(rec["role"])
    return next((r for r in record if r["role"] == role), None)


def held_by(holder, record):
    """How a wait's text names its holder: by its OpenMP thread number, with
    its LWP when another OpenMP thread has the same number."""
    twins = [r for r in record if r["openmp"] == "1" and r["num"] == holder["num"]]
    if len(twins) > 1:
        return " (held by OpenMP thread %s, LWP %d)" % (holder["num"], holder["lwp"])
    return " (held by OpenMP thread %s)" % holder["num"]


def expected_wait(rec, got, qlock, record):
    want = rec["wait"]
    if want == "-":
        return None
    holder = holder_of(rec, record)
    held = held_by(holder, record) if holder else ""
    if STRIPPED and want == "lock":
        return "lock 0x%x%s" % (qlock, held)
    if STRIPPED and want.startswith("critical"):
        return "critical"
    if want == "lock":
        return "lock 0x%x <qlock>%s" % (qlock, held)
    if want == "@region":
        return "barrier of region %d" % got["region"]["id"]
    return want + held


def check_threads(report, record, qlock, pid):
    by_lwp = {t["lwp"]: t for t in report["threads"]}
    expect(sorted(by_lwp) == sorted(r["lwp"] for r in record),
           "threads listed %s, the program has %s" % (sorted(by_lwp), sorted(r["lwp"] for r in record)))
    for rec in record:
        got = by_lwp.get(rec["lwp"])
        who = "%s (LWP %d)" % (rec["role"], rec["lwp"])
        if not expect(got is not None, "%s is not listed" % who):
            continue
        if rec["openmp"] == "0":
            expect(not got["openmp"], "%s is listed as an OpenMP thread" % who)
            continue
        if not expect(got["openmp"], "%s is not listed as an OpenMP thread" % who):
            continue
        expect(got["thread_num"] == int(rec["num"]),
               "%s: thread number %s, not %s" % (who, got["thread_num"], rec["num"]))
        state = rec["state"]
        ok = got["state"].startswith(state[:-1]) if state.endswith("*") else got["state"] == state
        expect(ok, "%s: state %s, not %s" % (who, got["state"], state))
        expect(got["region"] is not None and got["region"]["level"] == int(rec["level"]),
               "%s: region %s, not at level %s" % (who, got["region"], rec["level"]))
        if got["region"] is None:
            continue
        want = expected_wait(rec, got, qlock, record)
        have = got["wait"]["text"] if got["wait"] else None
        if STRIPPED and want == "critical" and have:
            have = have.split()[0]
        expect(have == want, "%s: waits for %r, not %r" % (who, have, want))
        if "holder" in got:   # the JSON (the GDB model has only the text)
            holder = holder_of(rec, record)
            want = holder["lwp"] if holder else None
            expect(got["holder"] == want, "%s: holder %r, not %r" % (who, got["holder"], want))
            if rec["wait"] == "lock":
                want = "0x%x" % qlock if STRIPPED else "qlock"
            elif rec["wait"].startswith("critical"):
                want = None if STRIPPED else rec["wait"].split()[1]
            else:
                want = None
            if want is not None or not STRIPPED:
                expect(got["wait_name"] == want,
                       "%s: wait_name %r, not %r" % (who, got["wait_name"], want))
        if "tasks" in got:
            expect(got["tasks"] and got["tasks"][0]["id"] == got["task"],
                   "%s: the task chain does not start at the thread's task" % who)
    if pid is not None:
        current = [t["lwp"] for t in report["threads"] if t["current"]]
        expect(current == [pid], "current thread %s, not the main thread %d" % (current, pid))
    return by_lwp


def is_body(frame):
    if STRIPPED:
        return True
    return (frame is not None and (frame["function"] or "").startswith("main._omp_fn.")
            and os.path.basename(frame["file"] or "") == "scene.c")


def check_regions(report, record, by_lwp):
    regions = {r["id"]: r for r in report["parallel"]}
    level1 = {int(r["num"]): r["lwp"] for r in record if r.get("level") == "1"}
    nested = [r for r in record if r.get("level") == "2"]
    for r in nested:   # the nested team's master is thread 5 of the outer team
        if r["num"] == "0":
            level1[int(r["ancestor"])] = r["lwp"]
    outer_id = by_lwp[level1[0]]["region"]["id"]
    outer = regions.get(outer_id)
    if expect(outer is not None, "region %d is not listed" % outer_id):
        expect(outer["level"] == 1 and outer["team_size"] == 6,
               "outer region: level %d, team %d" % (outer["level"], outer["team_size"]))
        expect(outer["threads"] == [level1[i] for i in range(6)],
               "outer region's threads %s, not %s" % (outer["threads"], [level1[i] for i in range(6)]))
        expect(is_body(outer["function"]), "outer region's function %s" % outer["function"])
    inner_id = by_lwp[nested[0]["lwp"]]["region"]["id"]
    inner = regions.get(inner_id)
    if expect(inner is not None, "region %d is not listed" % inner_id):
        members = [r["lwp"] for r in sorted(nested, key=lambda r: int(r["num"]))]
        expect(inner["level"] == 2 and inner["team_size"] == 2 and inner["parent"] == outer_id,
               "nested region: level %d, team %d, parent %s" % (inner["level"], inner["team_size"], inner["parent"]))
        expect(inner["threads"] == members, "nested region's threads %s, not %s" % (inner["threads"], members))
        expect(is_body(inner["function"]), "nested region's function %s" % inner["function"])


def check_tasks(record, by_lwp):
    runner = [r for r in record if r.get("task") == "explicit"][0]
    chain = by_lwp[runner["lwp"]].get("tasks", [])
    if not expect(len(chain) >= 3, "task runner's chain has %d tasks" % len(chain)):
        return
    expect(chain[0]["kind"] == "explicit" and is_body(chain[0]["function"]),
           "task runner's task: %s" % chain[0])
    expect(chain[0]["generated_by"] == chain[1]["id"] and chain[1]["kind"] == "implicit",
           "the explicit task was generated by %s, not the implicit task %s" % (chain[0]["generated_by"], chain[1]["id"]))
    expect(chain[-1]["kind"] == "initial", "the chain ends with a %s task" % chain[-1]["kind"])


def check_icvs(report, record, by_lwp):
    expect(report["icvs"].get("max-active-levels-var") == "2",
           "max-active-levels-var is %r; the program set 2" % report["icvs"].get("max-active-levels-var"))
    expect("OMP_MAX_ACTIVE_LEVELS=2" in report["control_vars"], "control vars: %s" % report["control_vars"])
    for rec in record:
        if rec["openmp"] == "1":
            got = by_lwp[rec["lwp"]]["icvs"].get("thread-num-var")
            expect(got == rec["num"], "%s: thread-num-var %r, not %s" % (rec["role"], got, rec["num"]))


def check_backtraces(record, by_lwp, pid):
    for rec in record:
        bt = by_lwp[rec["lwp"]].get("backtrace")
        if rec["openmp"] == "1" and expect(bt, "%s: no backtrace" % rec["role"]):
            expect(any(is_body(f) for f in bt), "%s: no region body in its stack" % rec["role"])
    holder = [r for r in record if r["role"] == "lock-holder"][0]
    expect(any(f["function"] == "main" for f in by_lwp[holder["lwp"]]["backtrace"] or []),
           "the initial thread's stack has no main")


def check_user_frames(record, by_lwp):
    """Each thread's user_frame (or the GDB model's frame text) is in
    scene.c: every thread of the scene waits or spins in its own code.  The
    innermost frame is kept beside it."""
    for rec in record:
        got = by_lwp[rec["lwp"]]
        who = "%s (LWP %d)" % (rec["role"], rec["lwp"])
        if "user_frame" in got:
            uf = got["user_frame"]
            if not expect(uf is not None and os.path.basename(uf["file"] or "") == "scene.c",
                          "%s: user frame %s is not in scene.c" % (who, uf)):
                continue
            bt = got.get("backtrace")
            if bt:
                expect(got["frame"]["pc"] == bt[0]["pc"], "%s: frame is not the innermost" % who)
                expect(uf["level"] < len(bt) and bt[uf["level"]]["pc"] == uf["pc"]
                       and all(not is_body(f) and os.path.basename(f["file"] or "") != "scene.c"
                               for f in bt[:uf["level"]]),
                       "%s: user frame %s is not the innermost frame in scene.c of %s" % (who, uf, bt))
        if "frame_text" in got:
            expect(" at scene.c:" in (got["frame_text"] or ""),
                   "%s: frame %r is not in scene.c" % (who, got["frame_text"]))


def check_text(text, record, qlock, lwp_after=None):
    rows = {}
    for line in text.splitlines():
        words = line.replace("*", " ").split()
        if lwp_after and lwp_after in words:
            words = words[words.index(lwp_after) + 1:]
        if words and words[0].isdigit():
            rows[int(words[0])] = line
    for rec in record:
        line = rows.get(rec["lwp"])
        if not expect(line is not None, "text: no row for LWP %d" % rec["lwp"]):
            continue
        if not STRIPPED:
            expect(" at scene.c:" in line, "text: the frame is not the user's, in scene.c: %s" % line)
        if rec["openmp"] == "0":
            expect("(not OpenMP)" in line, "text: %s" % line)
            continue
        expect(" %s " % rec["num"] in line and rec["state"].rstrip("*") in line, "text: %s" % line)
        holder = holder_of(rec, record)
        if holder:
            expect(held_by(holder, record).strip() in line, "text: %s" % line)
        if rec["wait"] == "lock":
            expect("lock 0x%x <qlock>" % qlock in line, "text: %s" % line)
        elif rec["wait"] == "@region":
            expect("barrier of region " in line, "text: %s" % line)
        elif rec["wait"] != "-":
            expect(rec["wait"] in line, "text: %s" % line)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("schema")
    ap.add_argument("record")
    ap.add_argument("json")
    ap.add_argument("--text")
    ap.add_argument("--pid", type=int)
    ap.add_argument("--backtrace", action="store_true")
    ap.add_argument("--lwp-after")
    ap.add_argument("--stripped", action="store_true")
    a = ap.parse_args()
    global STRIPPED
    STRIPPED = a.stripped
    with open(a.json) as f:
        report = json.load(f)
    if a.schema != "-":
        import jsonschema
        with open(a.schema) as f:
            jsonschema.validate(report, json.load(f))
    record, qlock = read_record(a.record)
    by_lwp = check_threads(report, record, qlock, a.pid)
    if "parallel" in report:
        check_regions(report, record, by_lwp)
    if all("tasks" in t for t in report["threads"] if t["openmp"]):
        check_tasks(record, by_lwp)
    if "icvs" in report:
        check_icvs(report, record, by_lwp)
    if a.backtrace:
        check_backtraces(record, by_lwp, a.pid)
    if not STRIPPED:
        check_user_frames(record, by_lwp)
    if a.text:
        with open(a.text) as f:
            check_text(f.read(), record, qlock, a.lwp_after)
    for f in failures:
        print("FAIL: %s" % f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
