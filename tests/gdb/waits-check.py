# Sourced by GDB (-x) before any program is there; tests/gdb-waits.test
# then calls, once per process or core,
#   python waits_check(TAG, OUTDIR, RECORDS, threads=N, ...)
# which runs "info wait-for" and "info stacks" (text and --json) on the
# selected inferior, writes what they print to OUTDIR/TAG.waits.{txt,json}
# and OUTDIR/TAG.stacks.{txt,json}, and compares them with RECORDS, what
# the program's threads and images wrote of their own waits, through
# tests/hang/check.py ($PARADBG_HANG_CHECK, its main() called here, as
# paradbg-inspect's tests run it: one Python for every check).  It also
# checks what only GDB can tell:
#  - every thread node of the graph that GDB has is labelled "thread N"
#    with N as "info threads" numbers it (its LWP column), every thread of
#    the inferior is a node, a node GDB does not have is an LWP that
#    exited ("LWP n");
#  - paradbg.waits.graph() and paradbg.waits.stacks() say what the
#    commands' JSON says;
#  - the merged stacks count N threads (the program's own count, from its
#    record; -1: GDB's count), and with all_inferiors, "info stacks
#    --all-inferiors" has every inferior as a source and all their
#    threads;
#  - dot: the graph and the stacks written with --dot and --svg too;
#  - the selected thread and frame are left as they were.
# Prints "ok: ..." and "FAIL: ..." lines; waits_done() then "done: N
# failure(s)".
import contextlib
import importlib.util
import io
import os
import json
import re

import gdb

_failures = []


def _check(cond, what):
    print("%s: %s" % ("ok" if cond else "FAIL", what))
    if not cond:
        _failures.append(what)


def _run(cmd):
    try:
        return gdb.execute(cmd, to_string=True)
    except gdb.error as e:
        return "ERROR: %s\n" % e


_checker = []


def _hang_check(tag, args):
    """tests/hang/check.py with args, as its command line would run it."""
    if not _checker:
        spec = importlib.util.spec_from_file_location("hang_check", os.environ["PARADBG_HANG_CHECK"])
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        _checker.append(mod)
    buf = io.StringIO()
    try:
        with contextlib.redirect_stdout(buf), contextlib.redirect_stderr(buf):
            status = _checker[0].main(["check.py"] + [str(a) for a in args])
    except SystemExit as e:
        status = e.code
    out = buf.getvalue().strip()
    _check(status == 0, "%s: check.py %s: %s" % (tag, args[0], out.splitlines()[-1] if status == 0 and out
                                                  else "\n" + out))


def _clean(out, what):
    bad = re.search(r"Traceback|Python Exception|^ERROR|paradbg: cannot read|^warning: ", out, re.M)
    _check(bad is None, "%s runs without an error%s" % (what, "" if bad is None else ": " + out[:300]))


def _gdb_ids():
    """{LWP: GDB's id as "info threads" prints it} of the selected
    inferior's threads ("info threads" lists every inferior's)."""
    mine = {t.ptid[1] for t in gdb.selected_inferior().threads()}
    ids = {}
    for line in _run("info threads").splitlines():
        m = re.match(r"^[* ]\s*(\d+(?:\.\d+)?)\s+.*?\bLWP (\d+)\b", line)
        if m and int(m.group(2)) in mine:
            ids[int(m.group(2))] = m.group(1)
    return ids


def _selection():
    try:
        t = gdb.selected_thread()
        f = gdb.selected_frame()
        return (t.global_num, f.level())
    except (gdb.error, SystemError, AttributeError):
        return None


def _save(path, text):
    with open(path, "w") as f:
        f.write(text)


def _document(text, key):
    """A JSON document holding key: GDB prints the document, or the
    object alone, which is then wrapped as a document of format 1."""
    d = json.loads(text)
    if isinstance(d, dict) and key not in d:
        d = {"format": 1, key: d}
    return d


def _check_graph(tag, outdir, dot):
    import paradbg
    inf = gdb.selected_inferior()
    ids = _gdb_ids()
    _check(len(ids) == len(inf.threads()) and ids,
           "%s: info threads names every thread's LWP (%d threads)" % (tag, len(ids)))
    opts = " --dot %s/%s.waits.dot --svg %s/%s.waits.svg" % (outdir, tag, outdir, tag) if dot else ""
    text = _run("info wait-for" + opts)
    _clean(text, "%s: info wait-for%s" % (tag, opts))
    if dot:
        _check("The wait-for graph written to %s/%s.waits.dot (DOT)." % (outdir, tag) in text
               and "The wait-for graph written to %s/%s.waits.svg (SVG)." % (outdir, tag) in text,
               "%s: --dot and --svg say where they wrote" % tag)
        text = "\n".join(ln for ln in text.splitlines() if not ln.startswith("The wait-for graph written"))
        text += "\n"
    _save("%s/%s.waits.txt" % (outdir, tag), text)
    jtext = _run("info wait-for --json")
    _clean(jtext, "%s: info wait-for --json" % tag)
    try:
        doc = _document(jtext, "waits")
    except ValueError as e:
        _check(False, "%s: info wait-for --json prints JSON (%s)" % (tag, e))
        return False
    _save("%s/%s.waits.json" % (outdir, tag), json.dumps(doc, indent=1))
    w = doc.get("waits", {})
    nodes, edges = w.get("nodes", []), w.get("edges", [])
    first = text.splitlines()[0] if text.strip() else ""
    _check(first == w.get("summary"), "%s: the text begins with the summary: %s" % (tag, first))

    # labels: GDB's thread numbers
    bad = []
    seen = set()
    for n in nodes:
        if n.get("kind") != "thread":
            continue
        lwp = n.get("lwp")
        seen.add(lwp)
        if lwp in ids:
            if n.get("label") != "thread %s" % ids[lwp]:
                bad.append("%s is LWP %s, GDB's thread %s" % (n.get("label"), lwp, ids[lwp]))
        elif n.get("label") != "LWP %s" % lwp or n.get("status") != "exited":
            bad.append("%s (LWP %s, not GDB's) has status %s" % (n.get("label"), lwp, n.get("status")))
    _check(not bad, "%s: threads are labelled with GDB's thread ids, the others are LWPs that exited%s"
           % (tag, ": " + "; ".join(bad) if bad else ""))
    missing = sorted(set(ids) - seen)
    _check(not missing, "%s: every thread of the inferior is a node%s"
           % (tag, ": not %s" % missing if missing else ""))

    # the API
    g = paradbg.waits.graph()
    ok = (g.verdict == w.get("verdict") and g.summary == w.get("summary")
          and len(g.nodes) == len(nodes) and len(g.edges) == len(edges)
          and len(g.findings) == len(w.get("findings", [])))
    for a, n in zip(g.nodes, nodes):
        ok = ok and (a.label, a.kind, a.status, a.alive, a.wait) == (
            n.get("label"), n.get("kind"), n.get("status"), bool(n.get("alive")), n.get("wait"))
        if a.kind == "thread" and a.lwp in ids:
            ok = ok and a.gdb_thread is not None and a.gdb_thread.ptid[1] == a.lwp
    for a, e in zip(g.edges, edges):
        ok = ok and (a.source.label, a.target.label, a.kind, a.object, a.in_cycle) == (
            nodes[e["from"]].get("label"), nodes[e["to"]].get("label"), e.get("kind"),
            e.get("object"), bool(e.get("in_cycle")))
    for a, f in zip(g.findings, w.get("findings", [])):
        ok = ok and a.text == f.get("text") and [n.label for n in a.nodes] == [
            nodes[i].get("label") for i in f.get("nodes", [])]
    _check(ok, "%s: paradbg.waits.graph() is the JSON: %s, %d nodes, %d edges"
           % (tag, g.verdict, len(g.nodes), len(g.edges)))
    return True


def _check_stacks(tag, outdir, threads, all_inferiors, dot):
    import paradbg
    inf = gdb.selected_inferior()
    nthreads = len(inf.threads())
    if threads < 0:
        threads = nthreads
    _check(threads == nthreads, "%s: GDB has the program's %d threads (%d)" % (tag, threads, nthreads))
    opts = " --dot %s/%s.stacks.dot --svg %s/%s.stacks.svg" % (outdir, tag, outdir, tag) if dot else ""
    text = _run("info stacks" + opts)
    _clean(text, "%s: info stacks%s" % (tag, opts))
    text = "\n".join(ln for ln in text.splitlines() if not ln.startswith("The merged stacks written")) + "\n"
    _save("%s/%s.stacks.txt" % (outdir, tag), text)
    jtext = _run("info stacks --json")
    _clean(jtext, "%s: info stacks --json" % tag)
    try:
        doc = _document(jtext, "stacks")
    except ValueError as e:
        _check(False, "%s: info stacks --json prints JSON (%s)" % (tag, e))
        return False
    _save("%s/%s.stacks.json" % (outdir, tag), json.dumps(doc, indent=1))
    s = doc.get("stacks", {})
    _check(s.get("threads") == threads and s.get("sources") == 1
           and sum(r.get("count", 0) for r in s.get("roots", [])) == threads,
           "%s: info stacks merges %d threads of 1 process: %s" % (tag, threads, text.splitlines()[0]))
    t = paradbg.waits.stacks()
    got = [(d, n.function, n.count, n.members, [(c.wait, c.count) for c in n.waits]) for d, n in t.walk()]
    want = []

    def walk(ns, d):
        for n in ns:
            want.append((d, n.get("function"), n.get("count"), n.get("members"),
                         [(c.get("wait"), c.get("count")) for c in n.get("waits", [])]))
            walk(n.get("children", []), d + 1)
    walk(s.get("roots", []), 0)
    _check(t.threads == threads and got == want,
           "%s: paradbg.waits.stacks() is the JSON: %d threads, %d nodes" % (tag, t.threads, len(got)))
    if all_inferiors:
        infs = [i for i in gdb.inferiors() if i.pid]
        total = sum(len(i.threads()) for i in infs)
        jall = _run("info stacks --all-inferiors --json")
        _clean(jall, "%s: info stacks --all-inferiors --json" % tag)
        try:
            doc = _document(jall, "stacks")
        except ValueError as e:
            _check(False, "%s: info stacks --all-inferiors --json prints JSON (%s)" % (tag, e))
            return True
        _save("%s/%s.stacks-all.json" % (outdir, tag), json.dumps(doc, indent=1))
        a = doc.get("stacks", {})
        _check(a.get("threads") == total and a.get("sources") == len(infs),
               "%s: --all-inferiors merges %d threads of %d inferiors (%s threads, %s sources)"
               % (tag, total, len(infs), a.get("threads"), a.get("sources")))
        api = paradbg.waits.stacks(all_inferiors=True)
        _check(api.threads == total and api.sources == len(infs),
               "%s: paradbg.waits.stacks(all_inferiors=True) too" % tag)
    return True


def waits_check(tag, outdir, records, threads=-1, all_inferiors=False, dot=False, live=False,
                stacks=True):
    """records: the record files; stacks=False: the merged stacks are not
    compared with them (a coarray record has every image, an inferior is
    one; locks.c's names only some threads)."""
    before = _selection()
    base = "%s/%s" % (outdir, tag)
    if _check_graph(tag, outdir, dot):
        _hang_check(tag, ["waits", base + ".waits.json"] + records)
        _hang_check(tag, ["waits-text", base + ".waits.txt", base + ".waits.json"] + records)
        if dot:
            _hang_check(tag, ["dot", base + ".waits.dot", base + ".waits.json"])
            _hang_check(tag, ["svg", base + ".waits.svg"])
    if _check_stacks(tag, outdir, threads, all_inferiors, dot):
        if stacks:
            _hang_check(tag, ["stacks", base + ".stacks.json"] + records)
        _hang_check(tag, ["stacks-text", base + ".stacks.txt", base + ".stacks.json"]
                    + (["--live"] if live else []))
        if dot:
            _hang_check(tag, ["stacks-dot", base + ".stacks.dot", base + ".stacks.json"])
        if all_inferiors:
            _hang_check(tag, ["stacks", base + ".stacks-all.json"] + records
                        + ["--sources", len([i for i in gdb.inferiors() if i.pid]), "--no-omp"])
    _check(_selection() == before, "%s: the selected thread and frame are as they were (%s)" % (tag, before))


def waits_done():
    print("done: %d failure(s)" % len(_failures))
