#!/usr/bin/env python3
"""Compares what a debugger reports about a hung program (the wait-for
graph, the merged stacks) with what the program's threads and images
wrote down themselves (tests/hang/README.md: hang.c's record, cafhang's
rec.<image>; tests/atomic-debug/README: locks.c's record of `dead`).

Usage:
  check.py waits JSON RECORD...            the "waits" object of a JSON
      document (paradbg-inspect waits --json) against the record(s)
  check.py waits-text TEXT JSON RECORD...  the text report: its first line
      is the summary, a line per waiting node joins it to what it waits for
  check.py dot FILE JSON                   a digraph of the graph in JSON
  check.py svg FILE                        an SVG picture
  check.py stacks JSON RECORD... [--sources N] [--sampled] [--no-omp]
      the "stacks" object: thread counts, members, classes and their waits
      (--sampled: the computing thread moved, the waiters did not;
      --no-omp: members are images, not OpenMP threads)
  check.py stacks-text TEXT JSON [--live]  the text tree against the JSON
      (--live: two readings of a live process: the thread count only)
  check.py stacks-dot FILE JSON            a digraph of the tree

RECORD: a hang.c or locks.c record (a file starting "start PID"), or the
rec.<image> files of cafhang (all of one run).  Prints what it checked
on its last line; exits 1 with the differences, 2 on bad input.

What the record says and the report must show:
  waits   the verdict ("deadlock" for a cycle, "never" for a wait on a
          thread that exited or crashed, an atomic lock whose owner
          exited, an event no live image can post; otherwise "no
          deadlock"); an edge from each waiter to each thread or image it
          waits for (an event wait: each image that could post and has
          not stopped), of the kind the wait is, its object named; no
          other edge; the statuses of the nodes (waiting, exited, crashed,
          running, stopped); the findings (the cycle's nodes, its edges
          in_cycle; the never-waiter first) and the summary naming the
          nodes and objects.
  stacks  the count of threads (the roots' counts add up to it; each
          node's count is its children's and its classes'); each class's
          members, as ranges, are the threads the record says wait that
          way, its wait names their object; a thread that does not wait
          ends in a class without a wait.
"""
import signal
import json
import re
import sys


class Bad(Exception):
    pass


def die(msg):
    print("check.py: " + msg, file=sys.stderr)
    sys.exit(2)


# ---- the records -------------------------------------------------------

class Wait:
    """One wait of the record: waiter and targets are entity keys
    (("lwp", n) or ("image", k))."""

    def __init__(self, waiter, kind, edge_kinds, names, targets, words, optional=False,
                 may_target=()):
        self.waiter = waiter
        self.kind = kind              # the record's word
        self.edge_kinds = edge_kinds  # the edge kinds the graph may give it
        self.names = names            # object names the edge's object must hold
        self.targets = set(targets)   # what it waits for, each an edge
        self.words = words            # words a stacks class's wait holds
        self.optional = optional      # the graph may leave it out
        self.may_target = set(may_target)  # edges allowed, not required


class Record:
    def __init__(self):
        self.kind = None              # "omp", "atomic" or "caf"
        self.expect = None
        self.waits = []
        self.omp = {}                 # lwp -> OpenMP thread number
        self.threads = set()          # the LWPs (or images) alive in the target(s)
        self.exited = set()
        self.crashed = {}             # key -> signal
        self.running = set()          # computing: no wait, makes progress
        self.stopped = set()          # caf: stopped images
        self.holds = {}               # key -> [object names]
        self.images = 0
        self.event_never = []         # caf: waiters on an event no live image can post
        self.image_pid = {}           # caf: image -> its process (main thread's LWP)


def lwp(n):
    return ("lwp", int(n))


def image(n):
    return ("image", int(n))


def read_lines(path):
    try:
        with open(path) as f:
            return f.read().splitlines()
    except OSError as e:
        die("%s: %s" % (path, e))


def read_omp(lines, r):
    r.kind = "omp"
    watcher = None
    for ln in lines:
        f = ln.split()
        if not f:
            continue
        if f[0] == "error":
            die("the program gave up: " + ln)
        if f[0] == "expect":
            r.expect = ln[len("expect "):]
        elif f[0] == "watcher":
            watcher = int(f[1])
        elif f[0] == "thread":
            r.omp[int(f[1])] = int(f[2])
            r.threads.add(lwp(f[1]))
        elif f[0] == "hold":
            r.holds.setdefault(lwp(f[1]), []).append(f[3])
        elif f[0] == "wait":
            who, kind, name = lwp(f[1]), f[2], f[3]
            target = lwp(f[4])
            if kind in ("lock", "critical"):
                r.waits.append(Wait(who, kind, {kind}, [name], [target], [kind, name]))
            elif kind == "barrier":
                r.waits.append(Wait(who, kind, {"barrier"}, [], [target], ["barrier"]))
            elif kind == "taskwait":
                r.waits.append(Wait(who, kind, {"taskwait"}, [], [target], ["taskwait"]))
            else:
                die("a wait of kind %s" % kind)
        elif f[0] == "exit":
            r.exited.add(lwp(f[1]))
        elif f[0] == "crash":
            r.crashed[lwp(f[1])] = int(f[2])
        elif f[0] == "compute":
            r.running.add(lwp(f[1]))
    r.threads -= r.exited
    if watcher is not None:
        r.threads.discard(lwp(watcher))


def read_atomic(lines, r):
    """locks.c's record (dead): hold, dead, wait, omp."""
    r.kind = "atomic"
    for ln in lines:
        f = ln.split()
        if not f:
            continue
        if f[0] == "error":
            die("the program gave up: " + ln)
        if f[0] == "omp":
            r.omp[int(f[1])] = int(f[2])
            r.threads.add(lwp(f[1]))
        elif f[0] == "hold":
            r.holds.setdefault(lwp(f[1]), []).append(f[4])
        elif f[0] == "dead":
            r.exited.add(lwp(f[1]))
        elif f[0] == "wait":
            who = lwp(f[1])
            r.threads.add(who)
            r.waits.append(Wait(who, "atomic", {"atomic lock"}, [f[4]], [lwp(f[5])],
                                ["atomic", f[4]]))
    r.threads -= r.exited


CAF_EDGE = {"lock": {"coarray lock"}, "critical": {"coarray critical"},
            "sync images": {"sync images"}, "sync all": {"sync all"},
            "event wait": {"event wait"}, "collective": {"collective"}}


def read_caf(paths, r):
    r.kind = "caf"
    recs = {}
    for p in paths:
        kv = {}
        holds = []
        for ln in read_lines(p):
            k, _, v = ln.partition(" ")
            if k == "hold":
                holds.append(v.split()[0])
            else:
                kv[k] = v
        if "image" not in kv or "ready" not in kv:
            die("%s: not a whole rec.<image>" % p)
        n = int(kv["image"])
        recs[n] = kv
        if kv.get("pid", "").isdigit():
            r.image_pid[n] = int(kv["pid"])
        if holds:
            r.holds[image(n)] = holds
    r.images = int(next(iter(recs.values()))["num_images"])
    if sorted(recs) != list(range(1, r.images + 1)):
        die("the records are of images %s, not 1 to %d" % (sorted(recs), r.images))
    for n, kv in recs.items():
        if kv.get("status", "running").startswith("stopped"):
            r.stopped.add(image(n))
    for n, kv in recs.items():
        me = image(n)
        r.threads.add(me)
        kind = kv.get("wait", "")
        targets = [image(x) for x in kv.get("wait_images", "").split()]
        if kind == "normal termination":
            # not a wait the graph draws (if it does: for the images named)
            r.waits.append(Wait(me, kind, None, [], [], ["termination"], optional=True,
                                may_target=targets))
        elif kind == "event wait":
            # wait_images: the images that could post; one that has
            # stopped no longer can.  None left: the event never comes.
            others = [image(k) for k in range(1, r.images + 1) if k != n]
            live = [t for t in targets if t not in r.stopped]
            r.waits.append(Wait(me, kind, CAF_EDGE[kind], [kv["object"]], live,
                                ["event", kv["object"]],
                                may_target=[o for o in others if o in r.stopped]))
            if not live:
                r.event_never.append(me)
        elif kind in CAF_EDGE:
            names = [kv["object"]] if "object" in kv else []
            r.waits.append(Wait(me, kind, CAF_EDGE[kind], names, targets, kind.split() + names))
        elif kind:
            die("image %d: a wait of kind %s" % (n, kind))


def read_records(paths):
    r = Record()
    if not paths:
        die("no record")
    first = read_lines(paths[0])
    if first and first[0].startswith("start ") and len(paths) == 1:
        f = first[0].split()
        if "libparatomic" in f or "other" in f:
            read_atomic(first, r)
        else:
            read_omp(first, r)
        if "ready" not in first:
            die("%s: no ready line" % paths[0])
    else:
        read_caf(paths, r)
    return r


def cycle_of(r):
    """The entities on a cycle of the record's required waits."""
    succ = {}
    for w in r.waits:
        if not w.optional:
            succ.setdefault(w.waiter, set()).update(w.targets)
    on = set()
    for start in succ:
        # bounded: at most as many steps as there are waiters
        seen = [start]
        cur = start
        for _ in range(len(succ) + 1):
            nxt = sorted(succ.get(cur, ()))
            if not nxt:
                break
            cur = nxt[0]
            if cur == start:
                on.update(seen)
                break
            if cur in seen:
                break
            seen.append(cur)
    return on


def expected_verdict(r):
    if cycle_of(r):
        v = "deadlock"
    elif (any(t in r.exited or t in r.crashed for w in r.waits for t in w.targets)
          or r.event_never):
        v = "never"
    elif r.waits:
        v = "no deadlock"
    else:
        v = "nothing waits"
    if r.expect is not None and r.expect != v:
        die("the record expects %s, its waits make %s" % (r.expect, v))
    return v


# ---- the reports -------------------------------------------------------

def load_json(path, key):
    try:
        with open(path) as f:
            doc = json.load(f)
    except (OSError, ValueError) as e:
        raise Bad("%s: not JSON: %s" % (path, e))
    if not isinstance(doc, dict) or key not in doc:
        raise Bad("%s: no \"%s\" object (keys: %s)" % (path, key, list(doc)[:8]
                                                       if isinstance(doc, dict) else type(doc)))
    if doc.get("format") != 1:
        raise Bad("%s: format %r, not 1" % (path, doc.get("format")))
    return doc[key]


def has_name(text, name):
    """Whether text names name: not inside a longer name (an underscore
    separates, so .gomp_critical_user_log names log)."""
    if text is None or not name:
        return False
    return re.search(r"(?<![A-Za-z0-9])%s(?![A-Za-z0-9])" % re.escape(name), text) is not None


def node_keys(n):
    """The entity keys a graph node stands for."""
    keys = set()
    if n.get("kind") == "thread" and n.get("lwp"):
        keys.add(lwp(n["lwp"]))
        if n.get("image"):
            keys.add(image(n["image"]))
    elif n.get("kind") == "image" and n.get("image"):
        keys.add(image(n["image"]))
    return keys


def check_waits(w, r, errs):
    verdict = expected_verdict(r)
    nodes = w.get("nodes", [])
    edges = w.get("edges", [])
    for i, n in enumerate(nodes):
        if n.get("id", i) != i:
            errs.append("node %d has id %r" % (i, n.get("id")))
    by_key = {}
    for i, n in enumerate(nodes):
        for k in node_keys(n):
            by_key.setdefault(k, []).append(i)

    def idx(key):
        return set(by_key.get(key, []))

    def name(key):
        ii = sorted(idx(key))
        return nodes[ii[0]].get("label", "?") if ii else "%s %d" % key

    def label(i):
        return nodes[i].get("label") if isinstance(i, int) and 0 <= i < len(nodes) else i

    if w.get("verdict") != verdict:
        errs.append("verdict %r, the record makes %r (summary: %s)"
                    % (w.get("verdict"), verdict, w.get("summary")))
    if w.get("truncated"):
        errs.append("truncated %r" % w.get("truncated"))

    # the edges the record wants, and those it allows
    used = set()
    # An image's main thread that waits as its image does: an edge of kind
    # image from the thread of the image's pid to that image.
    for ei, e in enumerate(edges):
        f, t = e.get("from"), e.get("to")
        if e.get("kind") != "image" or not (isinstance(f, int) and isinstance(t, int)
                                             and 0 <= f < len(nodes) and 0 <= t < len(nodes)):
            continue
        if (nodes[f].get("kind") == "thread" and nodes[t].get("kind") == "image"
                and r.image_pid.get(nodes[t].get("image")) == nodes[f].get("lwp")):
            used.add(ei)
        else:
            errs.append("edge %s -> %s of kind image does not join an image's main thread to it"
                        % (nodes[f].get("label"), nodes[t].get("label")))
    for wt in r.waits:
        if not idx(wt.waiter) and not wt.optional:
            errs.append("no node for the waiter %s %d (%s)" % (wt.waiter + (wt.kind,)))
            continue
        for t in sorted(wt.targets):
            found = [ei for ei, e in enumerate(edges)
                     if e.get("from") in idx(wt.waiter) and e.get("to") in idx(t)]
            if not found:
                if not wt.optional:
                    errs.append("no edge %s -> %s (%s %s)" % (name(wt.waiter), name(t), wt.kind,
                                                             " ".join(wt.names)))
                continue
            for ei in found:
                used.add(ei)
                e = edges[ei]
                if wt.edge_kinds is not None and e.get("kind") not in wt.edge_kinds:
                    errs.append("edge %s -> %s is of kind %r, not %s"
                                % (name(wt.waiter), name(t), e.get("kind"), sorted(wt.edge_kinds)))
                for nm in wt.names:
                    if not has_name(e.get("object"), nm):
                        errs.append("edge %s -> %s: its object %r does not name %s"
                                    % (name(wt.waiter), name(t), e.get("object"), nm))
                if wt.kind == "barrier" and "barrier" not in (e.get("object") or ""):
                    errs.append("edge %s -> %s: its object %r does not say barrier"
                                % (name(wt.waiter), name(t), e.get("object")))
        for t in wt.may_target:
            for ei, e in enumerate(edges):
                if e.get("from") in idx(wt.waiter) and e.get("to") in idx(t):
                    used.add(ei)
    for ei, e in enumerate(edges):
        if ei not in used:
            errs.append("edge %s -> %s (%s %s) is not in the record"
                        % (label(e.get("from")), label(e.get("to")), e.get("kind"), e.get("object")))

    # the nodes' statuses
    def status_is(key, want, alive, what):
        if not idx(key):
            errs.append("no node for %s %d (%s)" % (key + (what,)))
        for i in idx(key):
            n = nodes[i]
            # in a coarray program, the image's node carries its status
            if r.kind == "caf" and n.get("kind") != "image":
                continue
            if n.get("status") not in want:
                errs.append("%s (%s) has status %r, not %s"
                            % (n.get("label"), what, n.get("status"), " or ".join(want)))
            if bool(n.get("alive")) != alive:
                errs.append("%s (%s) has alive %r" % (n.get("label"), what, n.get("alive")))

    for wt in r.waits:
        if wt.kind == "normal termination":
            # a stopped image: a node only if the graph has one for it
            if idx(wt.waiter):
                status_is(wt.waiter, ["stopped"], False, "stopped")
        else:
            status_is(wt.waiter, ["waiting"], True, "a waiter")
    for k in r.exited:
        status_is(k, ["exited"], False, "exited")
    for k, sig in r.crashed.items():
        status_is(k, ["crashed"], False, "crashed")
        for i in idx(k):
            if nodes[i].get("signal") != sig:
                errs.append("%s (crashed) has signal %r, not %d"
                            % (nodes[i].get("label"), nodes[i].get("signal"), sig))
    for k in r.running:
        status_is(k, ["running"], True, "computing")
    # no thread the record has alive is said to have crashed
    for n in nodes:
        if n.get("status") == "crashed" and not node_keys(n) & set(r.crashed):
            errs.append("%s has status crashed; the record has no crash there" % n.get("label"))
    if r.kind == "omp":
        for k, num in r.omp.items():
            for i in idx(lwp(k)):
                # a thread that has exited: its number may be unknown
                if lwp(k) in r.exited and nodes[i].get("omp_thread") in (None, -1):
                    continue
                if nodes[i].get("omp_thread") != num:
                    errs.append("%s has omp_thread %r, the record %d"
                                % (nodes[i].get("label"), nodes[i].get("omp_thread"), num))

    # the findings and the summary
    findings = w.get("findings", [])
    summary = w.get("summary") or ""
    if verdict == "deadlock":
        cyc = cycle_of(r)
        dl = [f for f in findings if f.get("kind") == "deadlock"]
        if not dl:
            errs.append("no deadlock finding")
        else:
            got = set()
            for i in dl[0].get("nodes", []):
                if not (isinstance(i, int) and 0 <= i < len(nodes)):
                    errs.append("the deadlock finding names node %r" % i)
                elif not node_keys(nodes[i]) & cyc:
                    errs.append("the deadlock finding names %s, not on the cycle"
                                % nodes[i].get("label"))
                else:
                    got |= node_keys(nodes[i])
            missing = [k for k in cyc if k not in got]
            if missing:
                errs.append("the deadlock finding's nodes %s miss %s"
                            % (dl[0].get("nodes"), [name(k) for k in missing]))
            if summary != dl[0].get("text"):
                errs.append("the summary %r is not the finding's text %r" % (summary, dl[0].get("text")))
        for ei, e in enumerate(edges):
            f, t = e.get("from"), e.get("to")
            if not (isinstance(f, int) and isinstance(t, int) and 0 <= f < len(nodes)
                    and 0 <= t < len(nodes)):
                errs.append("edge %d joins %r and %r" % (ei, f, t))
                continue
            want = (e.get("kind") != "image"
                    and bool(node_keys(nodes[f]) & cyc and node_keys(nodes[t]) & cyc))
            if bool(e.get("in_cycle")) != want:
                errs.append("edge %s -> %s has in_cycle %r" % (label(f), label(t), e.get("in_cycle")))
        if not summary.startswith("deadlock"):
            errs.append("the summary does not begin with deadlock: %r" % summary)
        for k in cyc:
            if not any(has_name(summary, nodes[i].get("label", "")) for i in idx(k)):
                errs.append("the summary does not name %s: %r" % (name(k), summary))
        for wt in r.waits:
            if wt.waiter in cyc:
                for nm in wt.names:
                    if not has_name(summary, nm):
                        errs.append("the summary does not name %s: %r" % (nm, summary))
    elif verdict == "never":
        nv = [f for f in findings if f.get("kind") == "never"]
        if not nv:
            errs.append("no never finding")
        never_waiters = {wt.waiter for wt in r.waits
                         if any(t in r.exited or t in r.crashed for t in wt.targets)}
        never_waiters |= set(r.event_never)
        gone = set(r.exited) | set(r.crashed)
        for f in nv:
            ns = [i for i in f.get("nodes", []) if isinstance(i, int) and 0 <= i < len(nodes)]
            if not ns or not node_keys(nodes[ns[0]]) & never_waiters:
                errs.append("the never finding %r does not begin with a waiter that waits in vain"
                            % f.get("text"))
            if gone and not any(node_keys(nodes[i]) & gone for i in ns):
                errs.append("the never finding %r does not name %s"
                            % (f.get("text"), [name(k) for k in gone]))
        if nv and summary != nv[0].get("text"):
            errs.append("the summary %r is not the finding's text %r" % (summary, nv[0].get("text")))
        if any(f.get("kind") == "deadlock" for f in findings):
            errs.append("a deadlock finding where the record has no cycle")
        for k in gone:
            if not any(has_name(summary, nodes[i].get("label", "")) for i in idx(k)):
                errs.append("the summary does not name %s: %r" % (name(k), summary))
        if r.exited and "exited" not in summary:
            errs.append("the summary does not say %s exited: %r"
                        % ([name(k) for k in r.exited], summary))
        if r.crashed and "crashed" not in summary:
            errs.append("the summary does not say %s crashed: %r"
                        % ([name(k) for k in r.crashed], summary))
        for wt in r.waits:
            if wt.waiter in never_waiters:
                for nm in wt.names:
                    if not has_name(summary, nm):
                        errs.append("the summary does not name %s: %r" % (nm, summary))
    else:
        if findings:
            errs.append("findings where the record has none: %s" % [f.get("text") for f in findings])
        if not summary.startswith("no deadlock"):
            errs.append("the summary does not begin with no deadlock: %r" % summary)
        waiters = [wt for wt in r.waits if not wt.optional]
        m = re.search(r"(\d+) (?:threads?|images?) wait", summary)
        if not m or int(m.group(1)) != len(waiters):
            errs.append("the summary does not say %d threads (or images) wait: %r" % (len(waiters), summary))
        for wt in waiters:
            for nm in wt.names:
                if not has_name(summary, nm):
                    errs.append("the summary does not name %s: %r" % (nm, summary))
            for t in wt.targets:
                if not any(has_name(summary, nodes[i].get("label", "")) for i in idx(t)):
                    errs.append("the summary does not name %s: %r" % (name(t), summary))
        if r.running and "running" not in summary:
            errs.append("the summary does not say the holder is running: %r" % summary)
    return "%s, %d nodes, %d edges, %d findings" % (verdict, len(nodes), len(edges), len(findings))


def check_waits_text(text_path, w, errs):
    try:
        with open(text_path) as f:
            lines = f.read().splitlines()
    except OSError as e:
        raise Bad(str(e))
    if not lines:
        errs.append("the text is empty")
        return "empty"
    if lines[0] != w.get("summary"):
        errs.append("the text's first line %r is not the summary %r" % (lines[0], w.get("summary")))
    for f in w.get("findings", []):
        if not any(f.get("text") in ln for ln in lines):
            errs.append("the text lacks the finding %r" % f.get("text"))
    nodes = w.get("nodes", [])
    out = {}
    for e in w.get("edges", []):
        out.setdefault(e["from"], []).append(e)
    for f, es in sorted(out.items()):
        fl = nodes[f].get("label", "")
        cand = [ln for ln in lines if "->" in ln and has_name(ln.split("->")[0], fl)]
        if not cand:
            errs.append("no line %s -> ..." % fl)
            continue
        for e in es:
            tl = nodes[e["to"]].get("label", "")
            if not any(has_name(ln.split("->", 1)[1], tl) for ln in cand):
                errs.append("no line %s -> %s" % (fl, tl))
    return "%d lines" % len(lines)


def check_dot(path, names, errs, words=()):
    try:
        with open(path) as f:
            text = f.read()
    except OSError as e:
        raise Bad(str(e))
    if not re.match(r"\s*(strict\s+)?digraph\b", text):
        errs.append("%s is not a digraph: %r" % (path, text[:60]))
    if text.count("{") != text.count("}") or text.rstrip()[-1:] != "}":
        errs.append("%s: braces do not balance" % path)
    for nm in names:
        if nm and nm not in text:
            errs.append("%s does not name %s" % (path, nm))
    for wd in words:
        if not re.search(wd, text):
            errs.append("%s has no %s" % (path, wd))
    return "%d bytes, %d edges" % (len(text), text.count("->"))


def check_svg(path, errs):
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise Bad(str(e))
    if b"<svg" not in data[:2000] or b"</svg>" not in data[-200:]:
        errs.append("%s is not an SVG (%d bytes: %r)" % (path, len(data), data[:60]))
    return "%d bytes" % len(data)


# ---- merged stacks -----------------------------------------------------

def parse_ranges(s):
    out = []
    for part in s.split(","):
        part = part.strip()
        if not part:
            continue
        m = re.fullmatch(r"(\d+)(?:-(\d+))?", part)
        if not m:
            raise ValueError(part)
        a = int(m.group(1))
        b = int(m.group(2)) if m.group(2) else a
        if b < a or b - a > 1 << 20:
            raise ValueError(part)
        out.extend(range(a, b + 1))
    return out


def parse_members(text):
    """'OMP threads 0-3', 'images 1,3-5', 'image 2: OMP threads 0-1;
    image 3: OMP thread 0', 'LWPs 1234,1240', or several of them joined
    by ', ' or '; ': a list of member keys ('omp', n), ('image', k),
    ('image-omp', k, n), ('lwp', n)."""
    out = []
    for part in text.split(";"):
        part = part.strip()
        img = None
        m = re.match(r"image (\d+):\s*(.*)$", part)
        if m:
            img = int(m.group(1))
            part = m.group(2)
        pos = 0
        for m in re.finditer(r"(OMP threads?|images?|LWPs?)\s+(\d[\d,\- ]*)", part):
            if part[pos:m.start()].strip(" ,"):
                raise ValueError(part)
            pos = m.end()
            word = m.group(1)
            for n in parse_ranges(m.group(2).replace(" ", "")):
                if word.startswith("OMP"):
                    out.append(("image-omp", img, n) if img is not None else ("omp", n))
                elif word.startswith("image"):
                    out.append(("image", n))
                else:
                    out.append(("lwp", n))
        if part[pos:].strip(" ,"):
            raise ValueError(part)
    return out


def member_keys(r, key):
    """The member keys a record entity may appear as."""
    ks = set()
    if key[0] == "lwp":
        ks.add(("lwp", key[1]))
        if key[1] in r.omp:
            ks.add(("omp", r.omp[key[1]]))
    else:
        ks.add(("image", key[1]))
        ks.add(("image-omp", key[1], 0))
    return ks


def walk(nodes, f):
    stack = [(n, 0) for n in reversed(nodes)]
    count = 0
    while stack:
        n, depth = stack.pop()
        count += 1
        if count > 1 << 20 or depth > 1000:
            raise Bad("the tree is too big or too deep")
        f(n, depth)
        for c in reversed(n.get("children", [])):
            stack.append((c, depth + 1))


def check_stacks(s, r, errs, sources=1, sampled=False, no_omp=False):
    alive = set(r.threads)
    roots = s.get("roots", [])
    if s.get("threads") != len(alive):
        errs.append("threads %r, the record has %d" % (s.get("threads"), len(alive)))
    if sum(n.get("count", 0) for n in roots) != s.get("threads"):
        errs.append("the roots' counts %s do not add up to threads %r"
                    % ([n.get("count") for n in roots], s.get("threads")))
    if s.get("sources") != sources:
        errs.append("sources %r, not %d" % (s.get("sources"), sources))
    if bool(s.get("sampled")) != sampled:
        errs.append("sampled %r" % s.get("sampled"))
    if s.get("truncated"):
        errs.append("truncated %r" % s.get("truncated"))
    classes = []
    root_members = []

    def visit(n, depth):
        waits = n.get("waits", [])
        total = sum(c.get("count", 0) for c in n.get("children", [])) + \
            sum(c.get("count", 0) for c in waits)
        if total != n.get("count"):
            errs.append("node %s: count %r, its children and classes %d"
                        % (n.get("function"), n.get("count"), total))
        for what in [n] + waits:
            try:
                mem = parse_members(what.get("members") or "")
            except ValueError as e:
                errs.append("node %s: members %r do not parse (%s)"
                            % (n.get("function"), what.get("members"), e))
                mem = []
            if len(mem) != what.get("count"):
                errs.append("node %s: members %r are %d, count %r"
                            % (n.get("function"), what.get("members"), len(mem), what.get("count")))
            if no_omp and any(m[0] == "omp" for m in mem):
                errs.append("node %s: members %r are OpenMP threads"
                            % (n.get("function"), what.get("members")))
            if sampled:
                mv = what.get("moved")
                if not isinstance(mv, int) or mv < 0 or mv > (what.get("count") or 0):
                    errs.append("node %s: moved %r of %r" % (n.get("function"), mv, what.get("count")))
            if depth == 0 and what is n:
                root_members.extend(mem)
        for c in waits:
            try:
                classes.append((n, c, parse_members(c.get("members") or "")))
            except ValueError:
                classes.append((n, c, []))

    walk(roots, visit)

    # every live thread or image of the record, once among the roots
    expect = {k: member_keys(r, k) for k in alive}
    for k, ks in expect.items():
        hits = sum(1 for m in root_members if m in ks)
        if hits != 1:
            errs.append("%s %d is %d times among the roots' members" % (k + (hits,)))
    # each class: its members and its wait
    waits_of = {w.waiter: w for w in r.waits}
    placed = {}
    for n, c, mem in classes:
        for m in mem:
            who = [k for k, ks in expect.items() if m in ks]
            if not who:
                errs.append("class %r of %s: member %s is not in the record"
                            % (c.get("members"), n.get("function"), m))
                continue
            k = who[0]
            placed[k] = placed.get(k, 0) + 1
            wt = waits_of.get(k)
            text = c.get("wait")
            if k in r.crashed:
                # a crashed thread is classed by its signal
                want = "crashed (%s)" % signal.Signals(r.crashed[k]).name
                if text != want:
                    errs.append("class %r of %s: wait %r; the record has %s %d crashed: %r"
                                % (c.get("members"), n.get("function"), text, k[0], k[1], want))
                continue
            if wt is None:
                if text is not None:
                    errs.append("class %r of %s: wait %r, the record has %s %d waiting for nothing"
                                % (c.get("members"), n.get("function"), text, k[0], k[1]))
                continue
            if text is None:
                if not wt.optional:
                    errs.append("class %r of %s: no wait; the record has %s %d in %s"
                                % (c.get("members"), n.get("function"), k[0], k[1], wt.kind))
                continue
            for wd in wt.words:
                if not has_name(text.lower(), wd.lower()):
                    errs.append("class %r of %s: its wait %r does not say %s (%s %d: %s)"
                                % (c.get("members"), n.get("function"), text, wd, k[0], k[1],
                                   wt.kind))
            if sampled and c.get("moved") != 0:
                errs.append("class %r (waiting, %s) moved %r" % (c.get("members"), text,
                                                                c.get("moved")))
        if sampled and c.get("wait") is None:
            comp = [m for m in mem if any(m in expect.get(k, ()) for k in r.running)]
            if comp and c.get("moved") != c.get("count"):
                errs.append("class %r of %s (computing) moved %r of %r"
                            % (c.get("members"), n.get("function"), c.get("moved"), c.get("count")))
    for k in expect:
        if placed.get(k, 0) != 1:
            errs.append("%s %d ends in %d classes" % (k + (placed.get(k, 0),)))
    return "%d threads, %d roots, %d classes" % (s.get("threads", 0), len(roots), len(classes))


def check_stacks_text(text_path, s, errs, live=False):
    try:
        with open(text_path) as f:
            text = f.read()
    except OSError as e:
        raise Bad(str(e))
    lines = text.splitlines()
    if not lines or not re.match(r"\s*%d threads?\b" % s.get("threads", -1), lines[0]):
        errs.append("the text's first line %r does not count %r threads"
                    % (lines[0] if lines else "", s.get("threads")))
    if live:
        # another reading of a live process: its threads may be elsewhere
        return "%d lines" % len(lines)
    n = [0]

    def visit(node, depth):
        n[0] += 1
        if node.get("function") and node["function"] not in text:
            errs.append("the text lacks %s" % node["function"])
        for c in node.get("waits", []):
            if c.get("members") and c["members"] not in text:
                errs.append("the text lacks the class %r" % c["members"])
            if c.get("wait") and c["wait"] not in text:
                errs.append("the text lacks the wait %r" % c["wait"])

    walk(s.get("roots", []), visit)
    return "%d lines, %d nodes" % (len(lines), n[0])


def main(argv):
    if len(argv) < 3:
        die("usage: see the header of " + argv[0])
    mode = argv[1]
    errs = []
    try:
        if mode == "waits":
            r = read_records(argv[3:])
            msg = check_waits(load_json(argv[2], "waits"), r, errs)
        elif mode == "waits-text":
            read_records(argv[4:])
            msg = check_waits_text(argv[2], load_json(argv[3], "waits"), errs)
        elif mode == "dot":
            w = load_json(argv[3], "waits")
            words = []
            if w.get("verdict") == "deadlock":
                words.append("red")
            if any(not n.get("alive") for n in w.get("nodes", [])):
                words.append("gr[ae]y")
            msg = check_dot(argv[2], [n.get("label") for n in w.get("nodes", [])], errs, words)
        elif mode == "svg":
            msg = check_svg(argv[2], errs)
        elif mode == "stacks":
            rest = argv[3:]
            sources, sampled, no_omp = 1, False, False
            recs = []
            i = 0
            while i < len(rest):
                if rest[i] == "--sources":
                    sources = int(rest[i + 1])
                    i += 1
                elif rest[i] == "--sampled":
                    sampled = True
                elif rest[i] == "--no-omp":
                    no_omp = True
                else:
                    recs.append(rest[i])
                i += 1
            r = read_records(recs)
            msg = check_stacks(load_json(argv[2], "stacks"), r, errs, sources, sampled, no_omp)
        elif mode == "stacks-text":
            msg = check_stacks_text(argv[2], load_json(argv[3], "stacks"), errs,
                                    "--live" in argv[4:])
        elif mode == "stacks-dot":
            s = load_json(argv[3], "stacks")
            fns = []
            walk(s.get("roots", []), lambda n, d: fns.append(n.get("function")))
            msg = check_dot(argv[2], fns, errs)
        else:
            die("unknown mode %s" % mode)
    except Bad as e:
        print(e)
        return 1
    if errs:
        seen = set()
        for e in errs:
            if e not in seen:
                print(e)
                seen.add(e)
        return 1
    print(msg)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
