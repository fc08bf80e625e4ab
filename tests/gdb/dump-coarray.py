"""Run inside GDB (gdb -x), after paradbg is loaded, on an image of
tests/caf-debug/hang.f90, live or from a core.  Writes, in $PARADBG_TEST_OUT:
  coarray.json          the paradbg.coarray model in the shape of the
                        "coarray" JSON object that tests/caf-debug/records.py
                        reads (built from the model's objects, not from
                        libparadbg's JSON);
  values.IMAGE.NAME.json  paradbg.coarray.value(NAME, IMAGE) for each
                        IMAGE:NAME of $PARADBG_TEST_VALUES, in the shape of
                        pdb_caf_values_json's object;
  <command>.txt         each "info coarray" command's output.
With $PARADBG_TEST_RECDIR, "coarray print NAME[IMAGE]" of each of those is
compared with the value line of the program's own record rec.IMAGE.
It checks the plugin's manners too: the selected thread and frame are
what they were, no breakpoint was added, a live inferior was never
resumed.  Failures are printed as "FAIL: ..." lines."""
import json
import os

import gdb
import paradbg

out = os.environ["PARADBG_TEST_OUT"]
wanted = [w.split(":", 1) for w in os.environ.get("PARADBG_TEST_VALUES", "").split()]
recdir = os.environ.get("PARADBG_TEST_RECDIR")
inf = gdb.selected_inferior()
live = inf.connection.type != "core"
failures = []


def expect(cond, what):
    if not cond:
        failures.append(what)


def process_state(pid):
    with open("/proc/%d/stat" % pid) as f:
        return f.read().rsplit(")", 1)[1].split()[0]


before_thread = gdb.selected_thread()
before_frame = gdb.selected_frame()
before_bps = len(gdb.breakpoints() or ())

commands = {"images": "info coarray images", "coarrays": "info coarray coarrays",
            "locks": "info coarray locks", "events": "info coarray events",
            "teams": "info coarray teams"}
for name, cmd in commands.items():
    with open(os.path.join(out, name + ".txt"), "w") as f:
        f.write(gdb.execute(cmd, to_string=True))

co = paradbg.coarray
num_images, this_image, error_image, error_code, launcher_pid = co.program()


def wait_json(w):
    if w is None:
        return None
    return {"kind": w.kind, "text": w.text, "images": list(w.images), "holder": w.holder,
            "object": w.object, "element": w.element, "object_image": w.object_image,
            "count": w.count, "until_count": w.until_count, "operation": w.operation}


images = co.images()
doc = {
    "num_images": num_images, "this_image": this_image, "error_image": error_image,
    "error_code": error_code, "launcher_pid": launcher_pid,
    "images": [{"image": im.image, "pid": im.pid, "status": im.status, "stop_code": im.stop_code,
                "signal": im.signal, "team_number": im.team_number, "team_index": im.team_index,
                "wait": wait_json(im.wait)} for im in images],
    "coarrays": [{"serial": c.serial, "name": c.name, "module": c.module, "kind": c.kind,
                  "type": c.type, "elem_len": c.elem_len, "nbytes": c.nbytes, "nelem": c.nelem,
                  "rank": c.rank, "lbound": list(c.lbound), "ubound": list(c.ubound),
                  "addresses": [{"image": i, "readable": "0x%x" % a[0] if a[0] else None}
                                for i, a in sorted(c.addresses.items())]}
                 for c in co.coarrays()],
    "locks": [{"kind": k.kind, "name": k.name, "module": k.module, "image": k.image, "element": k.element,
               "holder": k.holder, "waiting": list(k.waiting)} for k in co.locks()],
    "events": [{"name": e.name, "module": e.module, "image": e.image, "element": e.element, "count": e.count,
                "waiting": [{"image": i, "until_count": u} for i, u in e.waiting]}
               for e in co.events()],
    "teams": [{"number": t.number, "size": t.size, "members": list(t.members),
               "parent": None if t.parent is None else "0x%x" % t.parent} for t in co.teams()],
}
with open(os.path.join(out, "coarray.json"), "w") as f:
    json.dump(doc, f, indent=1)

# The image whose process GDB reads is marked, and only that one.
marked = [im.image for im in images if im.current]
expect(marked == [im.image for im in images if im.pid == inf.pid],
       "current image in the model: %s for pid %d" % (marked, inf.pid))


def expected_text(values):
    """How "coarray print" shows the record's values: integers as they
    are, reals as Python writes them; one dimension."""
    items = []
    for v in values:
        try:
            items.append(str(int(v)))
        except ValueError:
            items.append(repr(float(v)))
    return items[0] if len(items) == 1 else "(%s)" % ", ".join(items)


for image, name in wanted:
    v = co.value(name, int(image))
    with open(os.path.join(out, "values.%s.%s.json" % (image, name)), "w") as f:
        json.dump({"name": v.name, "image": v.image, "type": v.type, "elem_len": v.elem_len,
                   "rank": v.rank, "lbound": list(v.lbound), "ubound": list(v.ubound),
                   "values": [list(x) if isinstance(x, tuple) else x for x in v.values],
                   "truncated": v.truncated}, f)
    if recdir:
        with open(os.path.join(recdir, "rec.%s" % image)) as f:
            rec = [ln.split() for ln in f.read().splitlines()]
        line = next((w[2:] for w in rec if w[:2] == ["value", name]), None)
        text = gdb.execute("coarray print %s[%s]" % (name, image), to_string=True)
        want = "%s[%s] = %s\n" % (name, image, expected_text(line or []))
        expect(line is not None and text == want, "coarray print %s[%s]: %r, the record says %r"
               % (name, image, text, want))

expect(gdb.selected_thread() == before_thread, "the selected thread changed")
expect(gdb.selected_frame() == before_frame, "the selected frame changed")
expect(len(gdb.breakpoints() or ()) == before_bps, "breakpoints were added")
if live:
    expect(process_state(inf.pid) == "t", "the inferior ran: state %s" % process_state(inf.pid))
for what in failures:
    print("FAIL: %s" % what)
