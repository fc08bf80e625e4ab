"""The "info atomic" commands.  They only print what paradbg.atomic
returns; reading the target is the model's business."""
import gdb

from . import atomic, table
from .cmd_info import one_line_errors_for

one_line_errors = one_line_errors_for("atomic lock")


class InfoAtomic(gdb.Command):
    """Atomic locks of the program: the lock table behind wide atomics.

Usage: info atomic SUBCOMMAND

Works on a live process and on a core file.  The lock table of the
libatomic ABI (libparatomic: run the program with paradbg-run, or link it
with -lparatomic) is read with the debug library the runtime names,
looked for where the coarray debug library is (see "set coarray
plugin-path")."""

    def __init__(self):
        super().__init__("info atomic", gdb.COMMAND_STATUS, gdb.COMPLETE_COMMAND, prefix=True)

    @one_line_errors
    def invoke(self, arg, from_tty):
        if arg.strip():
            raise gdb.GdbError('Undefined info atomic command: "%s".  Try "help info atomic".'
                               % arg.strip())
        gdb.execute("help info atomic", from_tty)


def waiting_text(lock):
    """The threads waiting for lock, as the table shows them."""
    names = [w.thread.text or "?" for w in lock.waiters]
    if lock.unnamed_waiters:
        names.append("(+%d not named)" % lock.unnamed_waiters)
    return ", ".join(names) or "-"


def object_text(obj):
    return obj.label if obj is not None and obj.address else "unknown"


def locks_text(lock):
    if lock.object is not None and lock.object.locks:
        return ",".join(str(n) for n in lock.object.locks)
    return str(lock.index)


class InfoAtomicLocks(gdb.Command):
    """List the held atomic locks, who holds each, for which object, and who waits.

Usage: info atomic locks

One row per held lock of the atomic lock table: its index, the thread
that holds it (GDB's thread number, its LWP, and its OpenMP thread or
coarray image), the object the holder works on with its size, every lock
that object spans (an object takes them all, in increasing order), and
the threads waiting for the lock ("(+N not named)" for those the runtime
counts but had no room to name).  Then, for a lock whose holder is in
trouble (it no longer exists, or waits for the lock itself), a note;
then the threads that wait for a lock nobody holds now.
With a libatomic that records no owners (GNU libatomic), no owner can be
shown: the command says so, and lists the threads whose stacks are in
the library's lock path."""

    def __init__(self):
        super().__init__("info atomic locks", gdb.COMMAND_STATUS, gdb.COMPLETE_NONE)

    @one_line_errors
    def invoke(self, arg, from_tty):
        if arg.strip():
            raise gdb.GdbError("Usage: info atomic locks")
        tab, locks, waiters = atomic.read()
        if not tab.owners_recorded:
            self.without_owners(tab, waiters)
            return
        if not locks:
            gdb.write("No atomic lock is held.\n")
        else:
            rows = [("Lock", "Owner", "Object", "Locks", "Waiting")]
            for k in locks:
                rows.append((str(k.index), k.owner.text or "unknown", object_text(k.object),
                             locks_text(k), waiting_text(k)))
            table.write(rows)
            for k in locks:
                if k.note:
                    gdb.write(table.printable("Lock %d: %s" % (k.index, k.note.rstrip("."))) + ".\n")
        held = {k.index for k in locks}
        for w in waiters:
            if w.lock not in held:
                gdb.write(table.printable("%s waits for %s" % (w.thread.text or "?", w.wait or "an atomic lock"))
                          + ".\n")
        if tab.truncated:
            gdb.write("(%d not listed: too many locks or waiters)\n" % tab.truncated)

    @staticmethod
    def without_owners(tab, waiters):
        gdb.write(table.printable("%s: %s" % (tab.runtime or "libatomic", tab.note or "it records no owners."))
                  + "\n")
        if not waiters:
            gdb.write("No thread is in its lock path.\n")
            return
        rows = [("Thread", "Waiting for")]
        for w in waiters:
            rows.append((w.thread.text or "?", w.wait or "-"))
        table.write(rows)


def register():
    InfoAtomic()
    InfoAtomicLocks()
