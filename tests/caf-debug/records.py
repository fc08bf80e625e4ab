#!/usr/bin/env python3
"""Checks what a tool says about a hung coarray program (hang.f90) against
what the program's images wrote down before their waits (rec.<image>).

  records.py RECDIR images JSONFILE
      JSONFILE: a paradbg-inspect --json document with the key "coarray",
      or that object alone (pdb_caf_gather_json).  Checks every image's pid,
      status, team, wait (kind, images, holder, object, element, counts,
      operation), the locks, events and teams tables, and the coarrays
      the records name.
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
            rec = {"coarray": [], "value": {}}
            for ln in lines[:-1]:
                key, _, rest = ln.partition(" ")
                words = rest.split()
                if key == "coarray":
                    rec["coarray"].append(words)
                elif key == "value":
                    rec["value"][words[0]] = words[1:]
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


def check_wait(c, who, image, rec, wait, doc):
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
        if key in rec:
            c.eq(who + ": wait." + key, rec[key][0], wait.get(key))

    if kind in ("lock", "critical"):
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


def check_images(recs, doc):
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
            check_wait(c, who, image, rec, img.get("wait"), doc)
        else:
            c.eq(who + ": wait (aborted)", None, img.get("wait"))
    check_coarrays(c, recs, doc)
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
    usage = "usage: records.py RECDIR images JSONFILE | records.py RECDIR values IMAGE NAME JSONFILE"
    try:
        if len(argv) == 4 and argv[2] == "images":
            return check_images(Records(argv[1]), load_json(argv[3]))
        if len(argv) == 6 and argv[2] == "values":
            return check_values(Records(argv[1]), int(argv[3]), argv[4], load_json(argv[5]))
    except (OSError, ValueError, KeyError, IndexError) as e:
        print("records.py: %s" % e)
        return 2
    print(usage)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
