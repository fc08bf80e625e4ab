#!/usr/bin/env python3
"""Check a program's output against the CHECK comments of its source.

Usage: ompt-check.py TEST_SOURCE < OUTPUT

A small FileCheck-like matcher for the OMPT event-sequence tests, so the
tests need nothing beyond Python 3. Directives, one per comment line:

  // CHECK: pat        the first line at or after the current position that
                       matches; the position moves past it
  // CHECK-NEXT: pat   the line right after the previous match
  // CHECK-NOT: pat    no line matches between the previous match and the
                       next one (or the end of the output, if none follows)
  // CHECK-DAG: pat    a run of consecutive DAG lines match distinct lines
                       after the current position, in any order; the
                       position moves past the last of them. Each takes
                       the first unused line it matches, in directive
                       order (no backtracking), so put specific ones first
  // CHECK-COUNT-n: pat  the next n matches, in order (n CHECK lines)
  // SORT-THREADS      group the output by its "<thread-id>: " prefix before
                       matching (stable; thread 0 first, the others in order
                       of first appearance, lines without a prefix last), so
                       each thread's sequence can be checked on its own

A pattern is literal text except {{regex}} (a Python regex),
[[NAME:regex]] (match regex and set variable NAME) and [[NAME]] (the value
of NAME, literally). A pattern matches a line if it occurs anywhere in it.
Other directives (RUN-ENV, THREADS, TOOL, CFLAGS, ALSO) are the runner's.

Exit status: 0 if every directive holds, 1 on the first one that does not
(with one message on stdout), 2 if the source cannot be used.
"""

import re
import sys

DIRECTIVE = re.compile(r"//\s*(CHECK(?:-NEXT|-NOT|-DAG|-COUNT-(\d+))?):(.*)$")
ANY_CHECK = re.compile(r"//\s*(CHECK[-A-Z0-9]*):")
SORT = re.compile(r"//\s*SORT-THREADS\b")
THREAD_PREFIX = re.compile(r"^(\d+): ")
NAME = r"[A-Za-z_][A-Za-z0-9_]*"
CONTEXT = 3  # output lines shown on each side of the failure point


class CheckError(Exception):
    """A directive does not hold; the message says which and where."""


class UsageError(Exception):
    """The test source itself is wrong (bad regex, undefined variable)."""


class Directive:
    def __init__(self, lineno, kind, text, label=None):
        self.lineno = lineno
        self.kind = kind    # CHECK-COUNT lines act as CHECK
        self.text = text
        self.label = label or kind  # what messages call it


def closing(text, start, char):
    """Index just past the run of `char` that closes a {{ or [[ at start.

    The run's last two characters close it, so a regex may end in '}' or ']'
    ({{x{2}}} is the regex x{2})."""
    end = text.find(char * 2, start)
    if end < 0:
        return -1
    end += 2
    while end < len(text) and text[end] == char:
        end += 1
    return end


def compile_pattern(d, variables):
    """Turn a directive's pattern into a regex; returns (regex, shown text)."""
    text = d.text
    regex, shown, defined = [], [], set()
    i = 0
    while i < len(text):
        if text.startswith("{{", i):
            end = closing(text, i + 2, "}")
            if end < 0:
                raise UsageError("%d: unclosed {{ in pattern" % d.lineno)
            regex.append("(?:%s)" % text[i + 2:end - 2])
            shown.append(text[i:end])
            i = end
        elif text.startswith("[[", i):
            end = closing(text, i + 2, "]")
            if end < 0:
                raise UsageError("%d: unclosed [[ in pattern" % d.lineno)
            body = text[i + 2:end - 2]
            m = re.fullmatch(r"(%s):(.*)" % NAME, body, re.S)
            if m:
                if m.group(1) in defined:
                    raise UsageError("%d: variable %s defined twice"
                                     % (d.lineno, m.group(1)))
                defined.add(m.group(1))
                regex.append("(?P<%s>%s)" % (m.group(1), m.group(2)))
                shown.append(text[i:end])
            elif re.fullmatch(NAME, body):
                if body in defined:
                    regex.append("(?P=%s)" % body)
                    shown.append(text[i:end])
                elif body in variables:
                    regex.append(re.escape(variables[body]))
                    shown.append(variables[body])
                else:
                    raise UsageError("%d: variable %s is used before it is "
                                     "defined" % (d.lineno, body))
            else:
                raise UsageError("%d: bad variable reference [[%s]]"
                                 % (d.lineno, body))
            i = end
        else:
            regex.append(re.escape(text[i]))
            shown.append(text[i])
            i += 1
    try:
        return re.compile("".join(regex)), "".join(shown)
    except re.error as e:
        raise UsageError("%d: bad regex in pattern: %s" % (d.lineno, e))


def read_directives(path):
    directives, sort = [], False
    with open(path, encoding="utf-8", errors="replace") as f:
        for lineno, line in enumerate(f, 1):
            if SORT.search(line):
                sort = True
            m = DIRECTIVE.search(line)
            if not m:
                bad = ANY_CHECK.search(line)
                if bad:  # a misspelt directive would silently check nothing
                    raise UsageError("%d: unknown directive %s"
                                     % (lineno, bad.group(1)))
                continue
            text = m.group(3).strip()
            if not text:
                raise UsageError("%d: empty %s pattern" % (lineno, m.group(1)))
            if not m.group(2):
                directives.append(Directive(lineno, m.group(1), text))
                continue
            count = int(m.group(2))
            if count < 1:
                raise UsageError("%d: %s needs a count of at least 1"
                                 % (lineno, m.group(1)))
            for k in range(count):
                directives.append(Directive(lineno, "CHECK", text, "%s (match "
                                            "%d of %d)" % (m.group(1), k + 1,
                                                           count)))
    return directives, sort


def sort_by_thread(lines):
    groups, order = {}, []
    for line in lines:
        m = THREAD_PREFIX.match(line)
        key = m.group(1) if m else None
        if key not in groups:
            groups[key] = []
            order.append(key)
        groups[key].append(line)
    order.sort(key=lambda k: 0 if k == "0" else 2 if k is None else 1)
    return [line for k in order for line in groups[k]]


class Checker:
    def __init__(self, source, lines, sorted_by_thread=False):
        self.source = source
        self.lines = lines
        self.note = " (sorted by thread)" if sorted_by_thread else ""
        self.variables = {}
        self.pos = 0          # index of the first line not yet consumed
        self.last_match = -1  # index of the previous positive match
        self.nots = []        # CHECK-NOTs waiting for the next match

    def context(self, at):
        """A few output lines around index `at`, numbered from 1."""
        if not self.lines:
            return "  (the output is empty)"
        at = min(max(at, 0), len(self.lines) - 1)
        first, last = max(0, at - CONTEXT), min(len(self.lines), at + CONTEXT + 1)
        return "\n".join("%s %5d | %s" % (">" if i == at else " ", i + 1,
                                          self.lines[i])
                         for i in range(first, last))

    def fail(self, d, what, shown, at):
        where = ("output line %d%s" % (at + 1, self.note)
                 if at < len(self.lines) else "the end of the output "
                 "(%d lines%s)" % (len(self.lines), self.note))
        raise CheckError("%s:%d: %s %s\n  pattern: %s\n  at %s:\n%s"
                         % (self.source, d.lineno, d.label, what, shown,
                            where, self.context(at)))

    def define(self, match):
        for name, value in match.groupdict().items():
            self.variables[name] = value

    def check_nots(self, end):
        """The pending CHECK-NOTs must not match lines [pos, end)."""
        for d in self.nots:
            regex, shown = compile_pattern(d, self.variables)
            for i in range(self.pos, end):
                if regex.search(self.lines[i]):
                    self.fail(d, "matched a line it must not match:", shown, i)
        self.nots = []

    def find(self, regex, start, used=()):
        for i in range(start, len(self.lines)):
            if i not in used:
                m = regex.search(self.lines[i])
                if m:
                    return i, m
        return -1, None

    def run(self, directives):
        i = 0
        while i < len(directives):
            d = directives[i]
            if d.kind == "CHECK-NOT":
                self.nots.append(d)
                i += 1
                continue
            if d.kind == "CHECK-DAG":
                group = [d]
                while (i + len(group) < len(directives)
                       and directives[i + len(group)].kind == "CHECK-DAG"):
                    group.append(directives[i + len(group)])
                self.run_dag(group)
                i += len(group)
                continue
            regex, shown = compile_pattern(d, self.variables)
            if d.kind == "CHECK-NEXT":
                at = self.last_match + 1
                m = regex.search(self.lines[at]) if at < len(self.lines) else None
                if not m:
                    self.fail(d, "does not match the line after the previous "
                                 "match:", shown, at)
            else:
                at, m = self.find(regex, self.pos)
                if m is None:
                    self.fail(d, "found no matching line:", shown, self.pos)
            self.check_nots(at)
            self.define(m)
            self.last_match, self.pos = at, at + 1
            i += 1
        self.check_nots(len(self.lines))

    def run_dag(self, group):
        used = {}
        for d in group:
            regex, shown = compile_pattern(d, self.variables)
            at, m = self.find(regex, self.pos, used)
            if m is None:
                self.fail(d, "found no unused matching line:", shown, self.pos)
            used[at] = d
            self.define(m)
        self.check_nots(min(used))
        self.last_match = max(used)
        self.pos = self.last_match + 1


def main(argv):
    if len(argv) != 2 or argv[1].startswith("-"):
        print("usage: ompt-check.py TEST_SOURCE < OUTPUT", file=sys.stderr)
        return 2
    try:
        directives, sort = read_directives(argv[1])
    except OSError as e:
        print("ompt-check: %s" % e, file=sys.stderr)
        return 2
    except UsageError as e:
        print("ompt-check: %s:%s" % (argv[1], e))
        return 2
    if not directives:
        print("ompt-check: %s has no CHECK lines" % argv[1])
        return 2
    data = sys.stdin.buffer.read().decode("utf-8", errors="replace")
    lines = data.splitlines()
    if sort:
        lines = sort_by_thread(lines)
    try:
        Checker(argv[1], lines, sort).run(directives)
    except CheckError as e:
        print("ompt-check: %s" % e)
        return 1
    except UsageError as e:
        print("ompt-check: %s:%s" % (argv[1], e))
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
