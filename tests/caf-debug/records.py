#!/usr/bin/env python3
"""Checks what a tool says about a hung coarray program (hang.f90) against
what the program's images wrote down before their waits (rec.<image>).

  records.py RECDIR images JSONFILE [stripped]
      JSONFILE: a paradbg-inspect --json document with the key "coarray",
      or that object alone (pdb_caf_gather_json).  Checks every image's pid,
      status, team, wait (kind, images, holder, object, element, counts,
      operation), the locks, events and teams tables, and the coarrays
      the records name.  With stripped, the program has no symbols: the
      Fortran names of variables are not checked.
      Records of names.f90 (keys locks, constructs, holds, object_module,
      construct) are checked by registration: each lock variable
      (MODULE::NAME) and each CRITICAL construct is one coarray of the
      JSON, told apart by its serial, and every element held or waited
      for is one row of the locks table with its holder and waiting
      images.
  records.py RECDIR values IMAGE NAME JSONFILE
      JSONFILE: pdb_caf_values_json's object for coarray NAME on IMAGE;
      checks its values against the record's "value NAME ..." line.

Prints one line per mismatch and exits 1 if there is any; else prints how
many checks passed and exits 0.  Status 2: the records or the JSON cannot
be read.
"""
import json
import os
import re
import sys


class Records:
    """The rec.<image> files of a directory, by image number."""

    def __init__(self, directory):
        self.images = {}
        names = [f for f in os.listdir(directory) if re.fullmatch(r"rec\.[0-9]+", f)]
        if not names:
            raise ValueError("no rec.<image> files in " + directory)
        for f in names:
            with open(os.path.join(directory, f), encoding="utf-8") as fh:
                lines = [ln.strip() for ln in fh.read().splitlines() if ln.strip()]
            if not lines or lines[-1] != "ready":
                raise ValueError(f + " is not complete (no 'ready' line)")
            rec = {"coarray": [], "value": {}, "holds": []}
            for ln in lines[:-1]:
                key, _, rest = ln.partition(" ")
                words = rest.split()
                if key == "coarray":
                    rec["coarray"].append(words)
                elif key == "value":
                    rec["value"][words[0]] = words[1:]
                elif key == "holds":
                    rec["holds"].append(words)
                elif key in ("wait", "status"):
                    rec[key] = rest.strip()
                else:
                    rec[key] = words
            image = int(f.split(".")[1])
            if int(rec["image"][0]) != image:
                raise ValueError(f + " says it is image " + rec["image"][0])
            self.images[image] = rec


def number(text):
    try:
        return int(text)
    except ValueError:
        return float(text)


class Checker:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def eq(self, what, want, got):
        if want == got:
            self.passed += 1
            return True
        print("%s: want %s, got %s" % (what, json.dumps(want), json.dumps(got)))
        self.failed += 1
        return False

    def true(self, what, ok, detail):
        if ok:
            self.passed += 1
            return True
        print("%s: %s" % (what, detail))
        self.failed += 1
        return False

    def value(self, what, want, got):
        """A coarray element: integers exactly, reals to rounding."""
        w = number(want)
        if isinstance(w, float) and isinstance(got, (int, float)) and not isinstance(got, bool):
            ok = abs(w - got) <= 1e-12 * max(1.0, abs(w))
            return self.true(what, ok, "want %s, got %s" % (want, json.dumps(got)))
        return self.eq(what, w, got)


def int_field(rec, key):
    return int(rec[key][0]) if key in rec else None


def check_status(c, who, rec, img):
    """Status: running, stopped CODE, failed; an image that aborts (key
    abort SIGNAL) is running in its own core and failed by that signal
    after."""
    words = rec["status"].split()
    if "abort" in rec and img.get("status") == "failed":
        c.eq(who + ": signal (aborted)", int(rec["abort"][0]), img.get("signal"))
        return False
    c.eq(who + ": status", words[0], img.get("status"))
    if words[0] == "stopped" and len(words) > 1:
        c.eq(who + ": stop_code", int(words[1]), img.get("stop_code"))
    return True


def check_wait(c, who, image, rec, wait, doc, stripped=False):
    kind = rec.get("wait", "none")
    if kind == "none":
        c.eq(who + ": wait", None, wait)
        return
    if not c.true(who + ": wait", isinstance(wait, dict), "want %s, got %s" % (kind, json.dumps(wait))):
        return
    c.eq(who + ": wait.kind", kind, wait.get("kind"))
    if "wait_images" in rec:
        c.eq(who + ": wait.images", [int(x) for x in rec["wait_images"]], wait.get("images"))
    for key, field in (("holder", "holder"), ("element", "element"), ("object_image", "object_image"),
                       ("until_count", "until_count"), ("count", "count")):
        if key in rec:
            c.eq(who + ": wait." + field, int_field(rec, key), wait.get(field))
    for key in ("object", "operation"):
        if key == "object" and "object_module" in rec and not stripped:
            # a module's variable: its name, or MODULE::NAME
            names = (rec[key][0], rec["object_module"][0] + "::" + rec[key][0])
            c.true(who + ": wait.object", wait.get(key) in names,
                   "want %s, got %s" % (" or ".join(names), json.dumps(wait.get(key))))
        elif key in rec and not (stripped and key == "object"):
            c.eq(who + ": wait." + key, rec[key][0], wait.get(key))

    if kind in ("lock", "critical") and ("object_module" in rec or "construct" in rec):
        pass   # names.f90's: by registration, in check_syncs
    elif kind in ("lock", "critical"):
        # The element is in the locks table, held and waited for.
        oi, el = int_field(rec, "object_image"), int_field(rec, "element")
        found = [lk for lk in doc.get("locks") or []
                 if lk.get("kind") == kind and lk.get("image") == oi and lk.get("element") == el and
                 ("object" not in rec or lk.get("name") == rec["object"][0])]
        if c.true(who + ": locks", len(found) == 1,
                  "want one %s element %s on image %s, found %d" % (kind, el, oi, len(found))):
            c.eq(who + ": locks[].holder", int_field(rec, "holder"), found[0].get("holder"))
            c.true(who + ": locks[].waiting", image in (found[0].get("waiting") or []),
                   "image %d not in %s" % (image, json.dumps(found[0].get("waiting"))))
    elif kind == "event wait":
        oi, el = int_field(rec, "object_image"), int_field(rec, "element")
        found = [ev for ev in doc.get("events") or []
                 if ev.get("name") == rec["object"][0] and ev.get("image") == oi and ev.get("element") == el]
        if c.true(who + ": events", len(found) == 1,
                  "want one event %s element %s on image %s, found %d" % (rec["object"][0], el, oi, len(found))):
            c.eq(who + ": events[].count", int_field(rec, "count"), found[0].get("count"))
            waiting = {w.get("image"): w.get("until_count") for w in found[0].get("waiting") or []}
            c.eq(who + ": events[].waiting until_count", int_field(rec, "until_count"), waiting.get(image))


def check_team(c, who, image, rec, img, doc):
    number, index = int_field(rec, "team_number"), int_field(rec, "team_index")
    c.eq(who + ": team_number", number, img.get("team_number"))
    c.eq(who + ": team_index", index, img.get("team_index"))
    if "team_size" not in rec:
        return
    size = int_field(rec, "team_size")
    teams = [t for t in doc.get("teams") or [] if t.get("number") == number and t.get("size") == size]
    ok = any(0 < index <= len(t.get("members") or []) and t["members"][index - 1] == image for t in teams)
    c.true(who + ": teams", ok, "no team %d of %d images with image %d at index %d in %s" %
           (number, size, image, index, json.dumps(doc.get("teams"))))


def check_coarrays(c, recs, doc):
    """Each coarray a record names (coarray NAME KIND [TYPE ELEM_LEN
    [MODULE]]): listed, with its kind, type and size, readable on every
    image."""
    entries = doc.get("coarrays") or []
    seen = set()
    for image in sorted(recs.images):
        rec = recs.images[image]
        for words in rec["coarray"]:
            name = words[0]
            mine = [e for e in entries if e.get("name") == name]
            what = "coarray %s" % name
            if not mine:
                if name not in seen:
                    c.true(what, False, "not listed")
                seen.add(name)
                continue
            if name not in seen:
                seen.add(name)
                e = mine[0]
                c.eq(what + ": kind", words[1], e.get("kind"))
                if len(words) > 2:
                    c.eq(what + ": type", words[2], e.get("type"))
                if len(words) > 3:
                    c.eq(what + ": elem_len", int(words[3]), e.get("elem_len"))
                if len(words) > 4:
                    c.eq(what + ": module", words[4], e.get("module"))
                values = rec["value"].get(name)
                if values is not None and e.get("rank"):
                    n = 1
                    for lo, hi in zip(e.get("lbound") or [], e.get("ubound") or []):
                        n *= max(0, hi - lo + 1)
                    c.eq(what + ": elements (bounds)", len(values), n)
            where = [a for e in mine for a in e.get("addresses") or [] if a.get("image") == image]
            c.true("image %d: %s address" % (image, what), any(a.get("readable") for a in where),
                   "not readable on image %d" % image)


SERIAL_NAME = re.compile(r"(?:^|\s)#([0-9]+)$")


def resolve(row, entries):
    """The serial of the coarray a locks row belongs to, and None with why
    not when the row does not say which coarray it is: by its own serial,
    by a name "#SERIAL" or "critical #SERIAL", by "MODULE::NAME" or its
    name and module, or by a name that one coarray of its kind has."""
    kind = row.get("kind")
    if isinstance(row.get("serial"), int):
        return row["serial"], None
    name = row.get("name") or ""
    m = SERIAL_NAME.search(name)
    if m:
        return int(m.group(1)), None
    module = row.get("module")
    if "::" in name:
        module, _, name = name.partition("::")
    same = [e for e in entries if e.get("kind") == kind and (e.get("name") or "").lower() == name.lower() and
            (module is None or (e.get("module") or "").lower() == module.lower())]
    if len(same) == 1:
        return same[0].get("serial"), None
    return None, "%d %s coarrays have the name %s%s" % (len(same), kind, json.dumps(row.get("name")),
                                                        "" if module is None else " in module " + module)


def assignments(idents, candidates, used=()):
    """Every one-to-one choice of a serial for each ident among its
    candidates, as dicts."""
    if not idents:
        yield {}
        return
    first = idents[0]
    for serial in candidates[first]:
        if serial in used:
            continue
        for rest in assignments(idents[1:], candidates, used + (serial,)):
            rest[first] = serial
            yield rest


def check_syncs(c, recs, doc, stripped):
    """names.f90: the lock variables and CRITICAL constructs the records
    name, each one coarray (distinct serials), and every element held or
    waited for one row of the locks table, with its holder and its waiting
    images.  Which serial is which construct the program cannot know (nor
    which lock, stripped): the check takes the one-to-one choice that the
    rows agree with best, and reports what it leaves."""
    first = recs.images[min(recs.images)]
    idents = [("lock", x) for x in first.get("locks", [])] + [("critical", x) for x in first.get("constructs", [])]
    entries = doc.get("coarrays")
    if not c.true("coarrays", isinstance(entries, list), "the JSON has no coarrays list"):
        return
    candidates = {}
    for kind in ("lock", "critical"):
        mine = [e for e in entries if e.get("kind") == kind]
        serials = [e.get("serial") for e in mine]
        want = len([i for i in idents if i[0] == kind])
        c.eq("%s coarrays" % kind, want, len(mine))
        c.true("%s coarrays: distinct serials" % kind, len(set(serials)) == len(serials),
               "serials %s" % json.dumps(serials))
        for ident in idents:
            if ident[0] != kind:
                continue
            candidates[ident] = serials
            if kind == "lock" and not stripped:
                module, _, name = ident[1].partition("::")
                named = [e.get("serial") for e in mine
                         if (e.get("name") or "").lower() == name.lower() and (e.get("module") or "").lower() == module.lower()]
                c.eq("coarray %s: listed once, with its module" % ident[1], 1, len(named))
                candidates[ident] = named

    # What the records say: (ident, object_image, element) -> holder, waiting
    want = {}
    for image in sorted(recs.images):
        for kind, obj, oi, el in (h[:4] for h in recs.images[image]["holds"]):
            key = ((kind, obj), int(oi), int(el))
            want.setdefault(key, {"holder": None, "waiting": []})["holder"] = image
    for image in sorted(recs.images):
        rec = recs.images[image]
        if rec.get("wait") in ("lock", "critical") and ("object_module" in rec or "construct" in rec):
            obj = rec["construct"][0] if "construct" in rec else rec["object_module"][0] + "::" + rec["object"][0]
            key = ((rec["wait"], obj), int_field(rec, "object_image"), int_field(rec, "element"))
            w = want.setdefault(key, {"holder": None, "waiting": []})
            w["waiting"].append(image)
            if not c.eq("image %d: the holder of %s[%d] in the records" % (image, obj, key[1]),
                        w["holder"], int_field(rec, "holder")):
                return
    for key in want:
        if key[0] not in candidates:
            c.true("records", False, "%s %s is not among locks and constructs" % key[0])
            return

    # What the JSON says: rows by (serial, image, element)
    got = {}
    for row in doc.get("locks") or []:
        serial, why = resolve(row, entries)
        if serial is None:
            c.true("locks row %s" % json.dumps(row), False, "which coarray it is cannot be told: " + why)
            continue
        got.setdefault((row.get("kind"), serial, row.get("image"), row.get("element")), []).append(row)

    def misses(choice):
        bad = []
        for (ident, oi, el), w in sorted(want.items()):
            rows = got.get((ident[0], choice.get(ident), oi, el), [])
            what = "%s %s, element %d on image %d (taken as serial %s)" % (ident[0], ident[1], el, oi, choice.get(ident))
            if ident not in choice:
                bad.append((what, "no coarray of the JSON is %s" % ident[1]))
            elif len(rows) != 1:
                bad.append((what, "want one row, found %d" % len(rows)))
            elif rows[0].get("holder") != w["holder"] or sorted(rows[0].get("waiting") or []) != sorted(w["waiting"]):
                bad.append((what, "want holder %s waiting %s, got holder %s waiting %s" %
                            (w["holder"], sorted(w["waiting"]), json.dumps(rows[0].get("holder")),
                             json.dumps(rows[0].get("waiting")))))
        # No row the records do not have, of these coarrays: an element
        # held by nobody and waited for by nobody has none.
        mine = {(i[0], s) for i, s in choice.items()}
        known = {(i[0], choice.get(i), oi, el) for (i, oi, el) in want}
        for key, rows in sorted(got.items(), key=str):
            if key[:2] in mine and key not in known:
                bad.append(("row %s" % json.dumps(rows[0]), "the records have no such element held or waited for"))
        return bad

    idents = [i for i in idents if candidates.get(i)]
    best = None
    for choice in assignments(idents, candidates):
        bad = misses(choice)
        if best is None or len(bad) < len(best[1]):
            best = (choice, bad)
    if not c.true("locks and constructs", best is not None,
                  "no one-to-one choice of serials: candidates %s" % candidates):
        return
    choice, bad = best
    for what, detail in bad:
        c.true(what, False, detail)
    # the elements found as the records say
    c.passed += len(want) - len([b for b in bad if not b[0].startswith("row ")])
    # A wait whose object is named by serial names the construct's.
    for image in sorted(recs.images):
        rec = recs.images[image]
        wait = next((im.get("wait") for im in doc.get("images") or [] if im.get("image") == image), None)
        if "construct" not in rec or not isinstance(wait, dict):
            continue
        m = SERIAL_NAME.search(wait.get("object") or "")
        if m:
            c.eq("image %d: wait.object serial (construct %s)" % (image, rec["construct"][0]),
                 choice.get(("critical", rec["construct"][0])), int(m.group(1)))


def check_images(recs, doc, stripped=False):
    c = Checker()
    if "coarray" in doc:
        doc = doc["coarray"]
    if not isinstance(doc, dict) or not isinstance(doc.get("images"), list):
        print("the JSON has no coarray images")
        return 1
    first = recs.images[min(recs.images)]
    c.eq("num_images", int_field(first, "num_images"), doc.get("num_images"))
    c.eq("launcher_pid", int_field(first, "launcher_pid"), doc.get("launcher_pid"))
    by_image = {}
    for img in doc["images"]:
        by_image[img.get("image")] = img
    for image in sorted(recs.images):
        rec = recs.images[image]
        who = "image %d" % image
        img = by_image.get(image)
        if not c.true(who, img is not None, "not in the JSON"):
            continue
        c.eq(who + ": pid", int_field(rec, "pid"), img.get("pid"))
        running_in_core = check_status(c, who, rec, img)
        check_team(c, who, image, rec, img, doc)
        if running_in_core:
            check_wait(c, who, image, rec, img.get("wait"), doc, stripped)
        else:
            c.eq(who + ": wait (aborted)", None, img.get("wait"))
    if not stripped:
        check_coarrays(c, recs, doc)
    if any("locks" in r or "constructs" in r or r["holds"] for r in recs.images.values()):
        check_syncs(c, recs, doc, stripped)
    return report(c)


def check_values(recs, image, name, doc):
    c = Checker()
    rec = recs.images.get(image)
    if rec is None or name not in rec["value"]:
        print("no record of coarray %s on image %d" % (name, image))
        return 1
    want = rec["value"][name]
    c.eq("values: name", name, doc.get("name"))
    c.eq("values: image", image, doc.get("image"))
    for words in rec["coarray"]:
        if words[0] == name and len(words) > 2:
            c.eq("values: type", words[2], doc.get("type"))
    got = doc.get("values")
    if c.true("values", isinstance(got, list) and len(got) == len(want),
              "want %d values %s, got %s" % (len(want), " ".join(want), json.dumps(got))):
        for k, (w, g) in enumerate(zip(want, got)):
            c.value("values[%d] of %s on image %d" % (k, name, image), w, g)
    return report(c)


def report(c):
    if c.failed:
        print("%d mismatch(es), %d checks passed" % (c.failed, c.passed))
        return 1
    print("%d checks passed" % c.passed)
    return 0


def load_json(path):
    with open(path, encoding="utf-8") as fh:
        return json.load(fh)


def main(argv):
    usage = "usage: records.py RECDIR images JSONFILE [stripped] | records.py RECDIR values IMAGE NAME JSONFILE"
    try:
        if len(argv) in (4, 5) and argv[2] == "images" and argv[4:] in ([], ["stripped"]):
            return check_images(Records(argv[1]), load_json(argv[3]), len(argv) == 5)
        if len(argv) == 6 and argv[2] == "values":
            return check_values(Records(argv[1]), int(argv[3]), argv[4], load_json(argv[5]))
    except (OSError, ValueError, KeyError, IndexError) as e:
        print("records.py: %s" % e)
        return 2
    print(usage)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
