#!/usr/bin/env python3
"""paradbg-inspect's atomic-lock reports against what locks.c or
caf-atomic.c recorded (README: the record), never against the tool's own
output.

  check.py atomic RECORD JSON    the "atomic" object of --json atomic-locks
  check.py threads RECORD JSON   the threads of --json threads: each
                                 waiter's wait is its atomic lock
  check.py text RECORD TEXT      atomic-locks as text names every holder,
                                 object and waiter
  check.py none JSON             no lock held, nobody waits (another
                                 process of the program)
  check.py json FILE             FILE is one JSON document with an
                                 "atomic" object (a corrupt table's report)
  check.py tables RECORD JSON    as json, for a program whose lock and wait
                                 tables alone are scribbled (garbage SEED
                                 tables): the layout and counts are whole,
                                 so the report has libparatomic's
  check.py schema SCHEMA FILE... each FILE follows the JSON schema (one
                                 process for all: jsonschema is slow to load)

Prints one summary line; exits 1 with the mismatches on stdout.

What the record implies, for libparatomic (64 locks of 64-byte granules,
its constants): the locks of [a, a+n) are those of the granules a // 64 to
(a+n-1) // 64, lock g % 64 for granule g (all 64 when they are 64 or
more), taken in increasing order; a waiter blocks on the first of its
object's locks that its holder holds.  GNU libatomic (record runtime
other) keeps no owners: no lock may show one, and the waiters are the
threads whose stacks show libatomic's lock path; where a frame does not
tell, their lock and object are unknown (null), where it does they must
be right.  A holder that blocks in its signal handler (record block: on
a mutex, under pthread_mutex_lock and futex() as a waiter sleeps, but
above the signal frame over libatomic's) is no waiter: it must not be
listed as one, in any view.
"""
import json
import re
import sys

GRANULE = 64
NLOCKS = 64


def locks_of(addr, size):
    g0, g1 = addr // GRANULE, (addr + max(size, 1) - 1) // GRANULE
    if g1 - g0 + 1 >= NLOCKS:
        return list(range(NLOCKS))
    return sorted({g % NLOCKS for g in range(g0, g1 + 1)})


class Record:
    def __init__(self, path):
        self.holds, self.waits, self.dead, self.omp, self.blocked = [], [], set(), {}, set()
        self.runtime, self.image, self.pid, self.ready = None, None, None, False
        self.sync, self.garbage = [], None
        for ln in open(path):
            f = ln.split()
            if not f:
                continue
            k = f[0]
            if k == "start":
                self.pid, self.runtime = int(f[1]), f[3]
            elif k == "runtime":
                self.runtime = f[1]
            elif k == "image":
                self.image = int(f[1])
            elif k == "pid":
                self.pid = int(f[1])
            elif k == "hold":
                self.holds.append(dict(lwp=int(f[1]), addr=int(f[2], 16), size=int(f[3]), name=f[4]))
            elif k == "wait":
                self.waits.append(dict(lwp=int(f[1]), addr=int(f[2], 16), size=int(f[3]), name=f[4],
                                       holder=int(f[5]), op=f[6]))
            elif k == "dead":
                self.dead.add(int(f[1]))
            elif k == "block":
                self.blocked.add(int(f[1]))
            elif k == "omp":
                self.omp[int(f[1])] = int(f[2])
            elif k == "garbage":
                self.garbage = f[1]
            elif k == "sync":
                self.sync.append(int(f[-1]))
            elif k == "ready":
                self.ready = True
            elif k == "error":
                sys.exit("the program gave up: " + ln.strip())
        if not self.ready:
            sys.exit("the record %s has no ready line" % path)
        if not self.blocked <= {h["lwp"] for h in self.holds}:
            sys.exit("the record's blocked LWPs %s are not all holders" % sorted(self.blocked))
        self.owners = self.runtime == "libparatomic"
        # which lock each holder holds, and which each waiter blocks on
        self.held = {}
        for h in self.holds:
            for i in locks_of(h["addr"], h["size"]):
                self.held[i] = h
        for w in self.waits:
            mine = [i for i in locks_of(w["addr"], w["size"]) if i in self.held and
                    self.held[i]["lwp"] == w["holder"]]
            if not mine:
                sys.exit("the record's waiter %d waits for no lock its holder holds" % w["lwp"])
            w["lock"] = mine[0]


def load(path):
    try:
        return json.load(open(path))
    except ValueError as e:
        sys.exit("%s: not JSON: %s" % (path, e))


def hexint(s):
    return int(s, 16) if isinstance(s, str) else None


def has_word(text, word):
    return re.search(r"(?<![0-9A-Za-z_])%s(?![0-9A-Za-z_])" % re.escape(str(word)), text or "") is not None


def holder_said(rec, w, text):
    """Whether a wait's text names its holder as the record does."""
    if w["holder"] == w["lwp"]:
        return "itself" in text
    if w["holder"] in rec.dead:
        return "no longer exists" in text
    return has_word(text, w["holder"])


def check_object(bad, where, o, want, lenient=False, check_locks=True):
    if o is None:
        if not lenient:
            bad.append("%s: no object; the record says %s (%d bytes at 0x%x)" % (where, want["name"], want["size"],
                                                                                 want["addr"]))
        return
    got = (hexint(o.get("address")), o.get("size"), o.get("name"), o.get("locks"))
    exp = (want["addr"], want["size"], want["name"], locks_of(want["addr"], want["size"]))
    if got[:3] != exp[:3]:
        bad.append("%s: object %s at %s (%s bytes); the record says %s at 0x%x (%d bytes)" %
                   (where, got[2], o.get("address"), got[1], exp[2], exp[0], exp[1]))
    if check_locks and got[3] != exp[3]:
        bad.append("%s: object %s has locks %s; its bytes are under %s" % (where, exp[2], got[3], exp[3]))


def check_atomic(rec, doc):
    bad = []
    a = doc.get("atomic")
    if not isinstance(a, dict):
        return ["no atomic object in the report"], ""
    locks = {l.get("index"): l for l in a.get("locks", [])}
    waiters = {}
    for w in a.get("waiters", []):
        lwp = (w.get("thread") or {}).get("lwp")
        if lwp in waiters:
            bad.append("LWP %s is listed twice among the waiters" % lwp)
        waiters[lwp] = w
    holders = {h["lwp"] for h in rec.holds}
    # a holder blocked in its handler sleeps as a waiter does, but is none
    for h in rec.holds:
        if h["lwp"] in rec.blocked and h["lwp"] in waiters:
            bad.append("holder LWP %d (holds %s; blocked on a mutex in its signal handler, above libatomic's "
                       "frames) is listed among the waiters: %r" % (h["lwp"], h["name"],
                                                                  waiters[h["lwp"]].get("wait")))
    if not rec.owners:
        # GNU libatomic: nothing is known of owners
        if a.get("owners_recorded") is not False:
            bad.append("owners_recorded is %r on %s" % (a.get("owners_recorded"), a.get("runtime")))
        for i, l in locks.items():
            if (l.get("owner") or {}).get("lwp") is not None:
                bad.append("lock %s has an owner (%s) on a runtime that records none" % (i, l["owner"]))
        for w in rec.waits:
            got = waiters.get(w["lwp"])
            where = "waiter LWP %d (%s)" % (w["lwp"], w["name"])
            if got is None:
                bad.append("%s is not among the waiters %s" % (where, sorted(waiters, key=str)))
                continue
            if got.get("lock") is not None and got["lock"] != w["lock"]:
                bad.append("%s: lock %s; its object is under lock %d" % (where, got["lock"], w["lock"]))
            check_object(bad, where, got.get("object"), w, lenient=True, check_locks=False)
            if "atomic lock" not in (got.get("wait") or ""):
                bad.append("%s: its wait %r does not say atomic lock" % (where, got.get("wait")))
        for lwp in waiters:
            if lwp not in {w["lwp"] for w in rec.waits} and lwp not in rec.blocked:
                what = "a holder" if lwp in holders else "not a waiter"
                bad.append("LWP %s is listed as waiting; the record says it is %s" % (lwp, what))
        return bad, "%d waiters by their stacks, no owners%s" % (len(rec.waits), blocked_said(rec))

    if a.get("owners_recorded") is not True:
        bad.append("owners_recorded is %r on libparatomic" % a.get("owners_recorded"))
    if a.get("nlocks") != NLOCKS or a.get("granule") != GRANULE:
        bad.append("nlocks %s, granule %s; libparatomic has %d and %d" % (a.get("nlocks"), a.get("granule"),
                                                                      NLOCKS, GRANULE))
    if a.get("truncated"):
        bad.append("truncated %s" % a.get("truncated"))
    # the held locks
    for i, h in sorted(rec.held.items()):
        l = locks.get(i)
        where = "lock %d (%s, held by LWP %d)" % (i, h["name"], h["lwp"])
        if l is None:
            bad.append("%s is not listed; the listed locks are %s" % (where, sorted(locks, key=str)))
            continue
        owner = l.get("owner") or {}
        if owner.get("lwp") != h["lwp"]:
            bad.append("%s: owner %s" % (where, owner))
        dead = h["lwp"] in rec.dead
        if owner.get("alive") is not (not dead):
            bad.append("%s: alive is %r; the record says %s" % (where, owner.get("alive"),
                                                               "it exited" if dead else "it lives"))
        if dead and not (l.get("note") and has_word(l["note"], h["lwp"])):
            bad.append("%s: its owner no longer exists; the note is %r" % (where, l.get("note")))
        waits_itself = any(w["lwp"] == h["lwp"] for w in rec.waits)
        if waits_itself and not (l.get("note") and has_word(l["note"], h["lwp"])):
            bad.append("%s: its owner waits for it; the note is %r" % (where, l.get("note")))
        if not dead and not waits_itself and l.get("note") is not None:
            bad.append("%s: a note %r for a live owner that does not wait" % (where, l.get("note")))
        if h["lwp"] in rec.omp and owner.get("omp_thread") != rec.omp[h["lwp"]]:
            bad.append("%s: owner's OpenMP thread %r; the record says %d" % (where, owner.get("omp_thread"),
                                                                            rec.omp[h["lwp"]]))
        # a coarray image's main thread is the image's
        if rec.image is not None and owner.get("image") != (rec.image if h["lwp"] == rec.pid else None):
            bad.append("%s: owner's image %r; it is %s" % (where, owner.get("image"), "image %d's main thread" %
                                                            rec.image if h["lwp"] == rec.pid else "another thread"))
        check_object(bad, where, l.get("object"), h)
        ws = sorted(w["lwp"] for w in rec.waits if w["lock"] == i)
        if sorted(l.get("waiters") or []) != ws:
            bad.append("%s: waiters %s; the record says %s" % (where, l.get("waiters"), ws))
        if l.get("counted_waiters") != len(ws):
            bad.append("%s: counted_waiters %s; %d wait" % (where, l.get("counted_waiters"), len(ws)))
        state = "held, threads waiting" if ws else "held"
        if l.get("state") != state:
            bad.append("%s: state %r, not %r" % (where, l.get("state"), state))
    for i in locks:
        if i not in rec.held:
            bad.append("lock %s is listed as held (%s); the record holds %s" %
                       (i, (locks[i].get("object") or {}).get("name"), sorted(rec.held)))
    # the waiters
    for w in rec.waits:
        got = waiters.get(w["lwp"])
        where = "waiter LWP %d (%s %s)" % (w["lwp"], w["op"], w["name"])
        if got is None:
            bad.append("%s is not among the waiters %s" % (where, sorted(waiters, key=str)))
            continue
        t = got.get("thread") or {}
        if t.get("alive") is not True:
            bad.append("%s: alive %r" % (where, t.get("alive")))
        if w["lwp"] in rec.omp and t.get("omp_thread") != rec.omp[w["lwp"]]:
            bad.append("%s: OpenMP thread %r; the record says %d" % (where, t.get("omp_thread"), rec.omp[w["lwp"]]))
        if rec.image is not None and t.get("image") != (rec.image if w["lwp"] == rec.pid else None):
            bad.append("%s: image %r" % (where, t.get("image")))
        if got.get("lock") != w["lock"]:
            bad.append("%s: lock %s; it waits for lock %d" % (where, got.get("lock"), w["lock"]))
        check_object(bad, where, got.get("object"), w)
        self_ = w["holder"] == w["lwp"]
        if got.get("self") is not self_:
            bad.append("%s: self %r" % (where, got.get("self")))
        text = got.get("wait") or ""
        if not text.startswith("atomic lock") or not has_word(text, w["lock"]) or w["name"] not in text:
            bad.append("%s: wait %r does not name atomic lock %d for %s" % (where, text, w["lock"], w["name"]))
        if not holder_said(rec, w, text):
            bad.append("%s: wait %r does not name its holder %s" %
                       (where, text, "itself" if self_ else
                        "(no longer exists)" if w["holder"] in rec.dead else "LWP %d" % w["holder"]))
    for lwp in waiters:
        if lwp not in {w["lwp"] for w in rec.waits} and lwp not in rec.blocked:
            bad.append("LWP %s is listed as waiting; the record does not say so" % lwp)
    spans = sum(1 for h in rec.holds if len(locks_of(h["addr"], h["size"])) > 1)
    return bad, "%d held locks (%d objects over several), %d waiters%s" % (len(rec.held), spans, len(rec.waits),
                                                                          blocked_said(rec))


def blocked_said(rec):
    if not rec.blocked:
        return ""
    return ", %d holders blocked in their handlers, not waiters" % len(rec.blocked)


def check_threads(rec, doc):
    bad = []
    threads = {t.get("lwp"): t for t in doc.get("threads", [])}
    waiting = {w["lwp"]: w for w in rec.waits}
    for w in rec.waits:
        t = threads.get(w["lwp"])
        where = "thread LWP %d (waits for %s)" % (w["lwp"], w["name"])
        if t is None:
            bad.append("%s is not among the threads %s" % (where, sorted(threads, key=str)))
            continue
        text = ((t.get("wait") or {}).get("text")) or ""
        if "atomic lock" not in text:
            bad.append("%s: wait %r" % (where, text))
        elif rec.owners and (w["name"] not in text or not holder_said(rec, w, text)):
            bad.append("%s: wait %r does not name %s and its holder" % (where, text, w["name"]))
    for lwp, t in threads.items():
        text = ((t.get("wait") or {}).get("text")) or ""
        if lwp not in waiting and "atomic lock" in text:
            what = (" (it holds a lock and blocks on a mutex in its signal handler)" if lwp in rec.blocked
                    else "")
            bad.append("thread LWP %s: wait %r; the record has it wait for no atomic lock%s" % (lwp, text, what))
    for lwp in sorted(rec.blocked):
        if lwp not in threads:
            bad.append("blocked holder LWP %d is not among the threads %s" % (lwp, sorted(threads, key=str)))
    return bad, "%d threads, %d waiting for atomic locks%s" % (len(threads), len(rec.waits), blocked_said(rec))


def check_text(rec, text):
    bad = []
    for h in rec.holds:
        if not any(has_word(ln, h["lwp"]) and h["name"] in ln for ln in text.splitlines()) and rec.owners:
            bad.append("no line names holder LWP %d with %s" % (h["lwp"], h["name"]))
    for w in rec.waits:
        if not has_word(text, w["lwp"]):
            bad.append("waiter LWP %d is not named" % w["lwp"])
    for lwp in sorted(rec.blocked):
        for ln in text.splitlines():
            # with owners the holder is named as one; never as waiting
            if has_word(ln, lwp) and "atomic lock" in ln and not (rec.owners and "held by" in ln):
                bad.append("blocked holder LWP %d is named as waiting: %r" % (lwp, ln.strip()))
    return bad, "%d holders, %d waiters named" % (len(rec.holds) if rec.owners else 0, len(rec.waits))


def check_tables(rec, doc):
    """A report on scribbled lock and wait tables whose layout and counts
    are whole: it is given, with libparatomic's geometry."""
    a = doc.get("atomic") if isinstance(doc, dict) else None
    if not isinstance(a, dict):
        print("no atomic object")
        return 1
    if rec.runtime != "libparatomic" or rec.garbage != "tables":
        print("the record is not of scribbled tables on libparatomic (%s, garbage %s)" % (rec.runtime, rec.garbage))
        return 1
    bad = []
    if a.get("nlocks") != NLOCKS or a.get("granule") != GRANULE:
        bad.append("nlocks %s, granule %s; the counts are whole: %d and %d" % (a.get("nlocks"), a.get("granule"),
                                                                              NLOCKS, GRANULE))
    if a.get("owners_recorded") is not True:
        bad.append("owners_recorded is %r on libparatomic" % a.get("owners_recorded"))
    for b in bad:
        print(b)
    print("valid JSON, whole geometry: %d locks, %d waiters; %d mismatch(es)" %
          (len(a.get("locks", [])), len(a.get("waiters", [])), len(bad)))
    return 1 if bad else 0


def main(argv):
    if len(argv) < 3:
        sys.exit(__doc__)
    what = argv[1]
    if what == "schema":
        import jsonschema
        schema, bad = load(argv[2]), 0
        for f in argv[3:]:
            try:
                jsonschema.validate(load(f), schema)
            except jsonschema.ValidationError as e:
                print("%s: %s" % (f, str(e).splitlines()[0]))
                bad += 1
        print("%d documents, %d that do not follow the schema" % (len(argv) - 3, bad))
        return 1 if bad else 0
    if what == "json":
        doc = load(argv[2])
        if not isinstance(doc, dict) or not isinstance(doc.get("atomic"), dict):
            sys.exit("%s: no atomic object" % argv[2])
        a = doc["atomic"]
        print("valid JSON: %d locks, %d waiters" % (len(a.get("locks", [])), len(a.get("waiters", []))))
        return 0
    if what == "none":
        a = load(argv[2]).get("atomic") or {}
        if a.get("locks") or a.get("waiters") or "locks" not in a:
            print("locks %s, waiters %s: expected none" % (a.get("locks"), a.get("waiters")))
            return 1
        print("no lock held, no waiter")
        return 0
    rec = Record(argv[2])
    if what == "tables":
        return check_tables(rec, load(argv[3]))
    if what == "atomic":
        bad, summary = check_atomic(rec, load(argv[3]))
    elif what == "threads":
        bad, summary = check_threads(rec, load(argv[3]))
    elif what == "text":
        bad, summary = check_text(rec, open(argv[3]).read())
    else:
        sys.exit(__doc__)
    for b in bad:
        print(b)
    print("%s; %d mismatch(es)" % (summary, len(bad)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
