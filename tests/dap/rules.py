#!/usr/bin/env python3
"""The Distributed Array Protocol's rules, read again from the protocol's
text (seed 002, DAP 0.10) and the conventions of docs/distributed-arrays.md,
without looking at libparadbg/dap-rules.c: what dap-rules.test holds the C
up against.

Where the C computes, this file mostly enumerates: a block dimension's
owned range is derived from the chain of its neighbours, a cyclic
dimension's indices are listed block by block (or counted with ranges when
they are too many to list), an unstructured dimension is a set, and the
owner of a global index is the lowest rank of all the processes that own
it in every dimension.

    rules.py run --driver PATH [--seed N] [--count N]
        generates the distributions, runs the driver on them and compares;
        prints the seed, the counts and the first disagreements.
    rules.py gen --seed N --count N     the driver's input, on stdout
    rules.py expect < INPUT             what the driver should print

The text format is in tests/dap/README.md."""

import argparse
import itertools
import random
import subprocess
import sys
import time

I64_MAX = 2**63 - 1
I64_MIN = -2**63
MAX_DIMS = 16
MAX_LOCAL = 64     # the driver prints local maps up to this extent
MAX_GLOBAL = 256   # and owners of arrays up to this many elements

FIELDS = ('dist_type', 'size', 'proc_grid_size', 'proc_grid_rank', 'start', 'stop',
          'padding0', 'padding1', 'periodic', 'one_to_one', 'block_size', 'extent')


# ---------------------------------------------------------------- the rules

class Bad(Exception):
    """A rule broken: the protocol says no."""


def indices_of(dd):
    """A 'u' dimension's indices: its extent of them (none: None)."""
    return (dd['indices'] or [])[:max(dd['extent'], 0)]


def block_size_of(dd):
    """'block_size': absent (0 here) is 1."""
    return dd['block_size'] if dd['block_size'] != 0 else 1


def cyclic_blocks(dd):
    """The blocks of a cyclic dimension this coordinate gets, round-robin:
    block k goes to grid rank k % proc_grid_size.  A range (lazy)."""
    bs = block_size_of(dd)
    nblocks = -(-dd['size'] // bs)
    return range(dd['proc_grid_rank'], nblocks, dd['proc_grid_size'])


def cyclic_count(dd):
    """How many global indices those blocks hold: every block is full but
    the last of the dimension, which holds what is left."""
    bs = block_size_of(dd)
    blocks = cyclic_blocks(dd)
    nblocks = -(-dd['size'] // bs)
    count = len(blocks) * bs
    if len(blocks) and blocks[-1] == nblocks - 1:
        count -= nblocks * bs - dd['size']
    return count


def cyclic_indices(dd):
    """The global indices of a cyclic dimension here, in local order."""
    bs = block_size_of(dd)
    out = []
    for k in cyclic_blocks(dd):
        out.extend(range(k * bs, min((k + 1) * bs, dd['size'])))
    return out


def comm_padding(dd):
    """(before, after): a block dimension's padding that is communication
    padding; the sides at the ends of the grid are boundary padding (in
    size, owned), so they count as 0 here."""
    first = dd['proc_grid_rank'] == 0
    last = dd['proc_grid_rank'] == dd['proc_grid_size'] - 1
    return (0 if first else dd['padding0'], 0 if last else dd['padding1'])


def owned_range(dd):
    """A block dimension's owned global indices: the buffer's range less
    its halos."""
    before, after = comm_padding(dd)
    return range(dd['start'] + before, dd['stop'] - after)


def first_last(dd):
    """The global index of the first and of the last local element, each
    with whether it is owned here: (g, owned, g, owned)."""
    t = dd['dist_type']
    if t == 'b':
        first, last = dd['start'], dd['stop'] - 1
        return first, int(first in owned_range(dd)), last, int(last in owned_range(dd))
    if t == 'c':
        blocks = cyclic_blocks(dd)
        bs = block_size_of(dd)
        return blocks[0] * bs, 1, min((blocks[-1] + 1) * bs, dd['size']) - 1, 1
    idx = indices_of(dd)
    return idx[0], 1, idx[-1], 1


def implied_extent(dd):
    t = dd['dist_type']
    if t == 'b':
        return dd['stop'] - dd['start']
    if t == 'c':
        return cyclic_count(dd)
    return dd['extent']


def check_dim(dd):
    t = dd['dist_type']
    if t not in ('b', 'c', 'u'):
        raise Bad('dist_type %r' % t)
    if dd['size'] < 0:
        raise Bad('size < 0')
    if dd['proc_grid_size'] < 1:
        raise Bad('proc_grid_size < 1')
    if not 0 <= dd['proc_grid_rank'] < dd['proc_grid_size']:
        raise Bad('proc_grid_rank out of the grid')
    if dd['extent'] < 0:
        raise Bad('extent < 0')
    if t == 'b':
        # start >= 0, stop <= size, stop >= start (start == stop: empty).
        if not 0 <= dd['start'] <= dd['stop'] <= dd['size']:
            raise Bad('start/stop')
        if dd['padding0'] < 0 or dd['padding1'] < 0:
            raise Bad('negative padding')
        if dd['padding0'] + dd['padding1'] > dd['stop'] - dd['start']:
            raise Bad('padding wider than the buffer')
        # The owned ranges run from 0 to size: the ends are fixed by one
        # process alone.
        if dd['proc_grid_rank'] == 0 and dd['start'] != 0:
            raise Bad('first block does not start at 0')
        if dd['proc_grid_rank'] == dd['proc_grid_size'] - 1 and dd['stop'] != dd['size']:
            raise Bad('last block does not end at size')
        # "stop - start must be equal to buffer.shape[i]"
        if dd['extent'] != dd['stop'] - dd['start']:
            raise Bad('extent')
    elif t == 'c':
        if dd['block_size'] < 0:
            raise Bad('block_size < 0')
        bs = block_size_of(dd)
        if not 0 <= dd['start'] <= dd['size']:
            raise Bad('start')
        if not dd['start'] < dd['proc_grid_size'] * bs:
            raise Bad('start not below proc_grid_size * block_size')
        blocks = cyclic_blocks(dd)
        expect = blocks[0] * bs if len(blocks) else dd['size']
        if dd['start'] != expect:
            raise Bad('start is not where round-robin puts it')
        if dd['extent'] != cyclic_count(dd):
            raise Bad('extent is not the round-robin count')
    else:
        if dd['extent'] > 0 and dd['indices'] is None:
            raise Bad('no indices')
        idx = indices_of(dd)
        if any(not 0 <= g < dd['size'] for g in idx):
            raise Bad('index outside the dimension')
        if len(set(idx)) != len(idx):
            raise Bad('index twice on one process')


def grid_coordinates(rank, grid):
    """C order: the last coordinate varies fastest."""
    coords = []
    for p in reversed(grid):
        rank, c = divmod(rank, p)
        coords.append(c)
    return coords[::-1]


def check_piece(dims, ndim, rank, nprocs):
    if not 0 <= ndim <= MAX_DIMS:
        raise Bad('ndim')
    if nprocs < 1:
        raise Bad('nprocs')
    if not 0 <= rank < nprocs:
        raise Bad('rank')
    for dd in dims[:ndim]:
        check_dim(dd)
    grid = [dd['proc_grid_size'] for dd in dims[:ndim]]
    product = 1
    for p in grid:
        product *= p
    if product != nprocs:
        raise Bad('the grid is not nprocs processes')
    if grid_coordinates(rank, grid) != [dd['proc_grid_rank'] for dd in dims[:ndim]]:
        raise Bad("rank's coordinates")


def essence(dd):
    """What processes at one grid coordinate must agree on: the whole
    dimension dictionary, but the boundary padding of the edges."""
    t = dd['dist_type']
    if t == 'b':
        first = dd['proc_grid_rank'] == 0
        last = dd['proc_grid_rank'] == dd['proc_grid_size'] - 1
        return ('b', dd['start'], dd['stop'], None if first else dd['padding0'],
                None if last else dd['padding1'], dd['extent'])
    if t == 'c':
        return ('c', dd['start'], dd['extent'])
    return ('u', dd['extent'], tuple(indices_of(dd)))


def shared(dd):
    """What every process says alike of a dimension."""
    t = dd['dist_type']
    extra = {'b': bool(dd['periodic']), 'c': block_size_of(dd), 'u': bool(dd['one_to_one'])}[t]
    return (t, dd['size'], dd['proc_grid_size'], extra)


def check_set(pieces, ndim, nprocs):
    """pieces: [(rank, dims)], all of the array's processes."""
    if not 0 <= ndim <= MAX_DIMS or nprocs < 1:
        raise Bad('ndim/nprocs')
    if len(pieces) != nprocs:
        raise Bad('not every process, or too many')
    for rank, dims in pieces:
        check_piece(dims, ndim, rank, nprocs)
    if sorted(r for r, _ in pieces) != list(range(nprocs)):
        raise Bad('a rank twice')
    for i in range(ndim):
        column = [dims[i] for _, dims in pieces]
        if len({shared(dd) for dd in column}) != 1:
            raise Bad('dimension %d: processes disagree on its kind, size or grid' % i)
        at = {}
        for dd in column:
            at.setdefault(dd['proc_grid_rank'], []).append(dd)
        for group in at.values():
            if len({essence(dd) for dd in group}) != 1:
                raise Bad('dimension %d: one coordinate, two records' % i)
        P = column[0]['proc_grid_size']
        assert sorted(at) == list(range(P))
        one = [at[c][0] for c in range(P)]
        t = one[0]['dist_type']
        size = one[0]['size']
        if t == 'b':
            owned = [owned_range(dd) for dd in one]
            # Together the owned ranges, in grid order, are 0 .. size.
            edge = 0
            for r in owned:
                if r.start != edge:
                    raise Bad('dimension %d: gap or overlap' % i)
                edge = r.stop
            if edge != size:
                raise Bad('dimension %d: does not end at size' % i)
            for c in range(P - 1):
                a, b = one[c], one[c + 1]
                if a['padding1'] != b['padding0']:
                    raise Bad('dimension %d: padding counterparts' % i)
                # Each halo lies within what the neighbour owns.
                right_halo = range(a['stop'] - a['padding1'], a['stop'])
                left_halo = range(b['start'], b['start'] + b['padding0'])
                if len(right_halo) and not (owned[c + 1].start <= right_halo.start and
                                            right_halo.stop <= owned[c + 1].stop):
                    raise Bad('dimension %d: halo wider than the neighbour' % i)
                if len(left_halo) and not (owned[c].start <= left_halo.start and
                                           left_halo.stop <= owned[c].stop):
                    raise Bad('dimension %d: halo wider than the neighbour' % i)
        elif t == 'u':
            seen = {}
            for c, dd in enumerate(one):
                for g in indices_of(dd):
                    seen.setdefault(g, []).append(c)
            if len(seen) != size:
                raise Bad('dimension %d: not covered' % i)
            if one[0]['one_to_one'] and any(len(v) > 1 for v in seen.values()):
                raise Bad('dimension %d: an index on two processes' % i)
        # 'c': each process's start and count are its own rules, and with
        # size, grid and block_size shared the blocks are dealt out whole.


def verdict(f, *args):
    try:
        f(*args)
        return True
    except Bad:
        return False


def local_map(dd):
    """{global index: local index} of what a process owns in one dimension
    (of a small one)."""
    t = dd['dist_type']
    if t == 'b':
        return {g: g - dd['start'] for g in owned_range(dd)}
    if t == 'c':
        return {g: l for l, g in enumerate(cyclic_indices(dd))}
    return {g: l for l, g in enumerate(indices_of(dd))}


def typestr_size(t):
    """NumPy's array-interface typestr: byte order, kind, bytes."""
    if not 3 <= len(t) < 16 or t[0] not in '<>|=' or t[1] not in 'iufcbSV':
        return -1
    digits = t[2:]
    if not digits.isdigit() or not digits.isascii() or digits[0] == '0':
        return -1
    n = int(digits)
    allowed = {'f': (2, 4, 8, 16), 'c': (8, 16, 32), 'i': (1, 2, 4, 8), 'u': (1, 2, 4, 8),
               'b': (1,)}
    if t[1] in allowed:
        return n if n in allowed[t[1]] else -1
    return n if 1 <= n <= 1 << 20 else -1


# ------------------------------------------------------ the text format

def dim_line(dd):
    t = dd['dist_type']
    tok = t if isinstance(t, str) and len(t) == 1 and t.isalpha() else str(
        ord(t) if isinstance(t, str) else t)
    idx = dd.get('indices') or []
    return 'dim ' + ' '.join([tok] + [str(dd[f]) for f in FIELDS[1:]] +
                             [str(len(idx))] + [str(g) for g in idx])


def write_array(out, arr):
    out.append('# %s' % arr['label'])
    out.append('array %d %d' % (arr['ndim'], arr['nprocs']))
    for rank, dims in arr['pieces']:
        out.append('piece %d' % rank)
        for dd in dims:
            out.append(dim_line(dd))
    out.append('end')


def zero_dim():
    dd = {f: 0 for f in FIELDS}
    dd['dist_type'] = '\0'
    dd['indices'] = None
    return dd


def parse(lines):
    """The driver's input: [('typestr', s) | ('array', arr)]."""
    items, arr = [], None
    for line in lines:
        words = line.split()
        if not words or words[0].startswith('#'):
            continue
        if words[0] == 'typestr':
            items.append(('typestr', words[1] if len(words) > 1 else ''))
        elif words[0] == 'array':
            arr = {'ndim': int(words[1]), 'nprocs': int(words[2]), 'pieces': []}
        elif words[0] == 'piece':
            arr['pieces'].append((int(words[1]), []))
        elif words[0] == 'dim':
            t = words[1]
            dd = {'dist_type': t if not t.lstrip('-').isdigit() else chr(int(t) % 256)}
            for f, w in zip(FIELDS[1:], words[2:]):
                dd[f] = int(w)
            dd['periodic'] &= 0xff
            dd['one_to_one'] &= 0xff
            nidx = int(words[2 + len(FIELDS) - 1])
            rest = words[3 + len(FIELDS) - 1:]
            assert len(rest) == nidx
            dd['indices'] = [int(w) for w in rest] if nidx else None
            arr['pieces'][-1][1].append(dd)
        elif words[0] == 'end':
            items.append(('array', arr))
    return items


def expect_array(n, arr, out):
    """What the driver should print for the n-th array."""
    ndim, nprocs = arr['ndim'], arr['nprocs']
    # The driver hands the rules ndim records per piece, missing ones zero.
    pieces = []
    for rank, dims in arr['pieces']:
        full = list(dims) + [zero_dim() for _ in range(max(0, min(ndim, MAX_DIMS) - len(dims)))]
        pieces.append((rank, full))
    out.append('array %d' % n)
    ok = verdict(check_set, pieces, ndim, nprocs)
    out.append('set ' + ('ok' if ok else 'bad'))
    for rank, dims in pieces:
        one = verdict(check_piece, dims, ndim, rank, nprocs)
        out.append('one %d %s' % (rank, 'ok' if one else 'bad'))
        if not one:
            continue
        for i, dd in enumerate(dims[:ndim]):
            ext = implied_extent(dd)
            if dd['dist_type'] == 'b':
                owned = len(owned_range(dd))
            else:
                owned = ext
            out.append('ext %d %d %d %d' % (rank, i, owned, ext))
            if ext > 0:
                out.append('edge %d %d %d:%d %d:%d' % ((rank, i) + first_last(dd)))
            if ext > MAX_LOCAL:
                continue
            if dd['dist_type'] == 'b':
                gs = [dd['start'] + l for l in range(ext)]
                mine = owned_range(dd)
                marks = [int(g in mine) for g in gs]
            elif dd['dist_type'] == 'c':
                gs = cyclic_indices(dd)
                marks = [1] * len(gs)
            else:
                gs = indices_of(dd)
                marks = [1] * len(gs)
            out.append('map %d %d' % (rank, i) + ''.join(' %d:%d' % gm for gm in zip(gs, marks))
                       + ' | -1:0 -1:0')
    if not ok:
        return
    out.append('partial ok')
    out.append('partial ok')
    sizes = [dims[i]['size'] for i in range(ndim) for dims in [pieces[0][1]]]
    total = 1
    for s in sizes:
        total *= s
    by_rank = sorted(pieces, key=lambda p: p[0])

    def fmt(v):
        return '(' + ','.join(str(x) for x in v) + ')'

    if total <= MAX_GLOBAL:
        # Per process and dimension, its owned global indices and where
        # they are; an element's owner is the lowest rank owning it in
        # every dimension.
        where = [(rank, [local_map(dims[i]) for i in range(ndim)]) for rank, dims in by_rank]
        for g in itertools.product(*[range(s) for s in sizes]):
            for rank, maps in where:
                if all(g[i] in maps[i] for i in range(ndim)):
                    out.append('owner %s %d %s' % (fmt(g), rank, fmt(maps[i][g[i]]
                                                                      for i in range(ndim))))
                    break
            else:
                raise AssertionError('a valid array without an owner for %s' % (g,))
    for i in range(ndim):
        for v in (sizes[i], -1):
            g = [0] * ndim
            g[i] = v
            out.append('owner %s none' % fmt(g))


def expect(items):
    out, n = [], 0
    for kind, x in items:
        if kind == 'typestr':
            out.append('typestr %s %d' % (x, typestr_size(x)))
        else:
            n += 1
            expect_array(n, x, out)
            out.append('end')
    return out


# ------------------------------------------------------ the distributions

class Gen:
    def __init__(self, rng):
        self.rng = rng

    def composition(self, total, parts, empty=True):
        """parts counts >= 0 (>= 1 without empty, when total allows) adding up to total."""
        rng = self.rng
        if total > 10**6:
            cuts = sorted(rng.randrange(total + 1) for _ in range(parts - 1))
        elif not empty and total >= parts:
            cuts = sorted(rng.sample(range(1, total), parts - 1)) if parts > 1 else []
        else:
            cuts = sorted(rng.randint(0, total) for _ in range(parts - 1))
        edges = [0] + cuts + [total]
        return [edges[k + 1] - edges[k] for k in range(parts)]

    def base(self, t, size, P, c):
        dd = zero_dim()
        dd.update(dist_type=t, size=size, proc_grid_size=P, proc_grid_rank=c)
        return dd

    def block_axis(self, P, style):
        """One record per coordinate, and the boundary paddings a process
        may vary (lists of allowed (before, after))."""
        rng = self.rng
        if style == 'example':
            # The protocol's own: widths (4, 1), (1, 2), (2, 3), (3, 0).
            P = 4
            owned = [4 + rng.randint(1, 3), 2 + rng.randint(0, 3), 3 + rng.randint(0, 3),
                     3 + rng.randint(0, 4)]
            widths, bounds = [1, 2, 3], (4, 0)
        elif style == 'huge':
            size = rng.choice([I64_MAX, I64_MAX - 1, 2**62, 2**40 + 3])
            owned = self.composition(size, P)
            widths = [rng.choice([0, 1, min(owned[c], owned[c + 1])]) for c in range(P - 1)]
            widths = [min(w, owned[c], owned[c + 1]) for c, w in enumerate(widths)]
            bounds = (min(rng.choice([0, 1, owned[0]]), owned[0]),
                      min(rng.choice([0, 2, owned[-1]]), owned[-1]))
        else:
            size = rng.choice([0, 1, 2, 5, 8, 13, 20, 31, 48, 64, 100])
            owned = self.composition(size, P, empty=rng.random() < 0.3)
            if style == 'plain':
                widths, bounds = [0] * (P - 1), (0, 0)
            else:
                widths = [rng.randint(0, min(owned[c], owned[c + 1], 3)) for c in range(P - 1)]
                bounds = (rng.randint(0, min(owned[0], 3)), rng.randint(0, min(owned[-1], 3)))
        size = sum(owned)
        periodic = int(style in ('periodic', 'example') and rng.random() < 0.5 or
                       style == 'periodic')
        recs, edge = [], 0
        for c in range(P):
            before = bounds[0] if c == 0 else widths[c - 1]
            after = bounds[1] if c == P - 1 else widths[c]
            if P == 1:
                after = min(bounds[1], owned[0] - bounds[0])
            lo = edge - (0 if c == 0 else before)
            hi = edge + owned[c] + (0 if c == P - 1 else after)
            dd = self.base('b', size, P, c)
            dd.update(start=lo, stop=hi, padding0=before, padding1=after, periodic=periodic,
                      extent=hi - lo)
            recs.append(dd)
            edge += owned[c]
        return recs

    def cyclic_axis(self, P, style):
        rng = self.rng
        if style == 'huge':
            size = rng.choice([I64_MAX, 2**62 + 7, 10**15])
            bs = rng.choice([0, 1, 3, 2**30 + 1, size // P + 1, size])
        else:
            size = rng.choice([0, 1, 3, 7, 10, 16, 23, 40, 57])
            ceil = max(1, -(-size // P))
            bs = rng.choice([0, 1, 1, 2, 3, 4, 5, ceil, ceil + 2, size + 3])
            if style == 'partial' and size:
                for bs in (2, 3, 4, 5, 6, 7):
                    if size % bs and (size // bs) % P != P - 1:
                        break
        recs = []
        for c in range(P):
            dd = self.base('c', size, P, c)
            dd['block_size'] = bs
            if size <= 10**5:
                mine = cyclic_indices(dd)
                dd['start'] = mine[0] if mine else size
                dd['extent'] = len(mine)
            else:
                blocks = cyclic_blocks(dd)
                dd['start'] = blocks[0] * block_size_of(dd) if len(blocks) else size
                dd['extent'] = cyclic_count(dd)
            recs.append(dd)
        return recs

    def unstructured_axis(self, P, style):
        rng = self.rng
        one_to_one = style != 'shared'
        if style == 'big':
            size = rng.choice([5000, 12000, 20000])
        else:
            size = rng.choice([0, 1, 4, 9, 16, 25, 40])
        held = [[] for _ in range(P)]
        # 'skewed': most on coordinate 0, so that the other records hold
        # few of size's indices.
        skew = {'skewed': 0.9, 'big': rng.choice([0, 0.995])}.get(style, 0)
        for g in range(size):
            if one_to_one:
                c = 0 if rng.random() < skew else rng.randrange(P)
                held[c].append(g)
            else:
                for c in rng.sample(range(P), rng.randint(1, P)):
                    held[c].append(g)
        recs = []
        for c in range(P):
            if style != 'sorted':
                rng.shuffle(held[c])
            dd = self.base('u', size, P, c)
            dd.update(one_to_one=int(one_to_one), extent=len(held[c]), indices=held[c] or None)
            recs.append(dd)
        return recs

    def valid(self, big=False):
        """A valid distribution: (label, ndim, nprocs, pieces, axes)."""
        rng = self.rng
        ndim = rng.choice([0, 1, 1, 1, 2, 2, 2, 3, 3]) if not big else rng.choice([1, 2])
        grid, kinds, axes = [], [], []
        budget = 12
        for i in range(ndim):
            P = rng.choice([1, 1, 2, 2, 3, 4, 5, 6])
            while P > budget:
                P -= 1
            budget //= P
            kind = rng.choice(['b-plain', 'b-padded', 'b-periodic', 'b-example', 'c-cyclic',
                               'c-partial', 'c-block', 'u-one', 'u-shared', 'u-skewed',
                               'u-sorted'])
            if big:
                # At most one big unstructured axis, and that alone.
                kind = rng.choice(['b-huge', 'c-huge'] + (['u-big'] if ndim == 1 else []))
            t, style = kind.split('-')
            if t == 'b':
                recs = self.block_axis(P, style)
            elif t == 'c':
                recs = self.cyclic_axis(P, style)
            else:
                recs = self.unstructured_axis(P, style)
            P = len(recs)
            grid.append(P)
            kinds.append(kind)
            axes.append(recs)
        nprocs = 1
        for P in grid:
            nprocs *= P
        pieces = []
        vary = rng.random() < 0.3
        for rank in range(nprocs):
            coords = grid_coordinates(rank, grid)
            dims = []
            for i, c in enumerate(coords):
                dd = dict(axes[i][c])
                if dd['indices']:
                    dd['indices'] = list(dd['indices'])
                if vary and dd['dist_type'] == 'b':
                    # Boundary padding may differ between processes at one
                    # coordinate: it is owned, so nothing moves.
                    before, after = comm_padding(dd)
                    room = dd['stop'] - dd['start'] - before - after
                    if c == 0:
                        dd['padding0'] = rng.randint(0, room)
                        room -= dd['padding0']
                    if c == dd['proc_grid_size'] - 1:
                        dd['padding1'] = rng.randint(0, room)
                dims.append(dd)
            if rng.random() < 0.1:
                self.noise(dims)
            pieces.append((rank, dims))
        rng.shuffle(pieces)
        return {'label': 'valid ' + (' '.join(kinds) or 'scalar'), 'ndim': ndim,
                'nprocs': nprocs, 'pieces': pieces, 'axes': axes}

    def noise(self, dims):
        """Keys the dimension's kind does not have: ignored."""
        rng = self.rng
        for dd in dims:
            junk = rng.choice([-1, 7, I64_MAX, I64_MIN])
            if dd['dist_type'] == 'c':
                dd[rng.choice(['stop', 'padding0', 'padding1'])] = junk
                dd['periodic'] = rng.randint(0, 255)
                dd['one_to_one'] = rng.randint(0, 255)
            elif dd['dist_type'] == 'u':
                dd[rng.choice(['start', 'stop', 'padding0', 'padding1', 'block_size'])] = junk
                dd['periodic'] = rng.randint(0, 255)
            elif dd['dist_type'] == 'b':
                dd['block_size'] = junk
                dd['one_to_one'] = rng.randint(0, 255)

    # ---- invalid: one targeted mutation each

    def at_coord(self, arr, i, c):
        return [dims[i] for _, dims in arr['pieces'] if dims[i]['proc_grid_rank'] == c]

    def axes_of(self, arr, t, minP=1):
        return [i for i in range(arr['ndim'])
                if arr['pieces'][0][1][i]['dist_type'] == t and
                arr['pieces'][0][1][i]['proc_grid_size'] >= minP]

    def mutate(self, arr):
        """One mutation that breaks a rule; the name of it, or None when
        this array has nothing it applies to."""
        rng = self.rng
        ndim = arr['ndim']
        pieces = arr['pieces']
        name = rng.choice(['gap', 'overlap', 'counterpart', 'halo', 'extent', 'c-start',
                           'c-partial', 'u-dup-local', 'u-dup-across', 'u-missing', 'u-range',
                           'product', 'coords', 'rank-dup', 'rank-swap', 'rank-clone',
                           'boundary-wide', 'axis-differs', 'axis-differs',
                           'first-start', 'last-stop', 'shared-key', 'dist-type', 'drop-piece',
                           'extra-piece', 'ndim', 'nprocs', 'missing-dim', 'hostile',
                           'hostile', 'hostile'])
        if name in ('gap', 'overlap', 'counterpart', 'halo'):
            axes = self.axes_of(arr, 'b', 2)
            if not axes:
                return None
            i = rng.choice(axes)
            P = pieces[0][1][i]['proc_grid_size']
            c = rng.randrange(P - 1)
            left, right = self.at_coord(arr, i, c), self.at_coord(arr, i, c + 1)
            if name == 'gap':
                for dd in left:
                    dd['stop'] -= 1
                    dd['extent'] -= 1
            elif name == 'overlap':
                for dd in right:
                    dd['start'] -= 1
                    dd['extent'] += 1
            elif name == 'counterpart':
                for dd in left:
                    dd['padding1'] += 1
                    dd['stop'] += 1
                    dd['extent'] += 1
            else:
                # Wider than what one neighbour owns (either side), equal
                # on both.
                w = len(owned_range(rng.choice([left[0], right[0]]))) + 1
                for dd in left:
                    dd['stop'] += w - dd['padding1']
                    dd['extent'] = dd['stop'] - dd['start']
                    dd['padding1'] = w
                for dd in right:
                    dd['start'] -= w - dd['padding0']
                    dd['extent'] = dd['stop'] - dd['start']
                    dd['padding0'] = w
            return name
        if name == 'extent':
            cands = [(k, i) for k in range(len(pieces)) for i in range(ndim)
                     if pieces[k][1][i]['dist_type'] in 'bc']
            if not cands:
                return None
            k, i = rng.choice(cands)
            pieces[k][1][i]['extent'] += rng.choice([-1, 1, 5])
            return name
        if name == 'c-start':
            axes = self.axes_of(arr, 'c')
            if not axes:
                return None
            i = rng.choice(axes)
            dd0 = pieces[0][1][i]
            P, bs = dd0['proc_grid_size'], block_size_of(dd0)
            c = rng.randrange(P)
            new = rng.choice([P * bs, c * bs + 1, c * bs - 1, (c + 1) * bs, dd0['size'] + 1])
            for dd in self.at_coord(arr, i, c):
                if new == dd['start']:
                    new = dd['start'] + 1
                dd['start'] = new
            return name
        if name == 'c-partial':
            # Someone who thinks the partial last block is another rank's.
            axes = [i for i in self.axes_of(arr, 'c', 2)
                    if pieces[0][1][i]['size'] % block_size_of(pieces[0][1][i])]
            if not axes:
                return None
            i = rng.choice(axes)
            dd0 = pieces[0][1][i]
            P, bs, size = dd0['proc_grid_size'], block_size_of(dd0), dd0['size']
            true = (size // bs) % P
            wrong = rng.choice([c for c in range(P) if c != true])
            short = bs - size % bs
            for dd in self.at_coord(arr, i, true):
                dd['extent'] += short
            for dd in self.at_coord(arr, i, wrong):
                dd['extent'] -= short
            return name
        if name.startswith('u-'):
            axes = self.axes_of(arr, 'u')
            if not axes:
                return None
            i = rng.choice(axes)
            one = pieces[0][1][i]['one_to_one']
            P = pieces[0][1][i]['proc_grid_size']
            if name == 'u-dup-local':
                holders = [dims[i] for _, dims in pieces if dims[i]['extent'] >= 2]
                if not holders:
                    return None
                c = rng.choice(holders)['proc_grid_rank']
                huge = rng.random() < 0.3
                for dd in self.at_coord(arr, i, c):
                    dd['indices'][1] = dd['indices'][0]
                if huge:
                    # Far fewer indices than size: sorted, not a bitmap.
                    for _, dims in pieces:
                        dims[i]['size'] = 10**12
                return name
            if name == 'u-dup-across':
                if not one or P < 2:
                    return None
                a, b = rng.sample(range(P), 2)
                src = self.at_coord(arr, i, a)[0]
                if not src['extent']:
                    return None
                g = rng.choice(src['indices'])
                for dd in self.at_coord(arr, i, b):
                    dd['indices'] = (dd['indices'] or []) + [g]
                    dd['extent'] += 1
                return name
            if name == 'u-missing':
                count = {}
                for c in range(P):
                    for g in self.at_coord(arr, i, c)[0]['indices'] or []:
                        count[g] = count.get(g, 0) + 1
                lonely = [g for g, v in count.items() if v == 1]
                if not lonely:
                    return None
                g = rng.choice(lonely)
                for _, dims in pieces:
                    dd = dims[i]
                    if dd['indices'] and g in dd['indices']:
                        dd['indices'].remove(g)
                        dd['extent'] -= 1
                        if not dd['indices']:
                            dd['indices'] = None
                return name
            holders = [dims[i] for _, dims in pieces if dims[i]['extent'] >= 1]
            if not holders:
                return None
            dd = rng.choice(holders)
            dd['indices'][rng.randrange(dd['extent'])] = rng.choice(
                [dd['size'], -1, I64_MAX, I64_MIN, dd['size'] + 5])
            return name
        if name == 'product':
            if not ndim:
                return None
            i = rng.randrange(ndim)
            for _, dims in pieces:
                dims[i]['proc_grid_size'] += 1
            return name
        if name == 'coords':
            cands = [(k, i) for k in range(len(pieces)) for i in range(ndim)
                     if pieces[k][1][i]['proc_grid_size'] >= 2]
            if not cands:
                return None
            k, i = rng.choice(cands)
            dd = pieces[k][1][i]
            dd['proc_grid_rank'] = (dd['proc_grid_rank'] + 1) % dd['proc_grid_size']
            return name
        if name == 'rank-dup':
            if len(pieces) < 2:
                return None
            a, b = rng.sample(range(len(pieces)), 2)
            pieces[a] = (pieces[b][0], pieces[a][1])
            return name
        if name == 'rank-clone':
            # A process's record twice, one process's missing.
            if len(pieces) < 2:
                return None
            a, b = rng.sample(range(len(pieces)), 2)
            r, dims = pieces[b]
            pieces[a] = (r, [dict(dd, indices=list(dd['indices']) if dd['indices'] else None)
                             for dd in dims])
            return name
        if name == 'boundary-wide':
            # A boundary padding that, with the padding on the other side,
            # is wider than the buffer.
            axes = self.axes_of(arr, 'b')
            if not axes:
                return None
            i = rng.choice(axes)
            dd = rng.choice(self.at_coord(arr, i, 0))
            dd['padding0'] = dd['extent'] - dd['padding1'] + 1
            return name
        if name == 'rank-swap':
            if len(pieces) < 2:
                return None
            a, b = rng.sample(range(len(pieces)), 2)
            pieces[a], pieces[b] = (pieces[b][0], pieces[a][1]), (pieces[a][0], pieces[b][1])
            return name
        if name == 'axis-differs':
            # Two processes at one coordinate that disagree (not in the
            # boundary padding).
            cands = []
            for i in range(ndim):
                P = pieces[0][1][i]['proc_grid_size']
                for c in range(P):
                    group = self.at_coord(arr, i, c)
                    if len(group) >= 2:
                        cands.append((i, group))
            if not cands:
                return None
            i, group = rng.choice(cands)
            dd = rng.choice(group[1:])
            t = dd['dist_type']
            if t == 'u':
                idx = dd['indices'] or []
                if idx and rng.random() < 0.3:
                    # One index fewer (the rest the same).
                    idx.pop()
                    dd['extent'] -= 1
                    dd['indices'] = idx or None
                elif len(set(idx)) < 2:
                    dd['extent'] += 1
                    dd['indices'] = idx + [dd['size']]
                else:
                    j = next(j for j in range(1, len(idx)) if idx[j] != idx[0])
                    idx[0], idx[j] = idx[j], idx[0]
            elif t == 'c':
                dd['start'] += 1
            else:
                before, after = comm_padding(dd)
                room = dd['extent'] - dd['padding0'] - dd['padding1']
                if room > 0 and (before or after) and rng.random() < 0.5:
                    # A halo moved, the buffer's range kept.
                    dd['padding0' if before else 'padding1'] += 1
                elif dd['proc_grid_rank'] > 0:
                    dd['padding0'] += 1
                    dd['start'] -= 1
                    dd['extent'] += 1
                else:
                    dd['stop'] += 1
                    dd['extent'] += 1
            return name
        if name in ('first-start', 'last-stop'):
            axes = self.axes_of(arr, 'b')
            if not axes:
                return None
            i = rng.choice(axes)
            P = pieces[0][1][i]['proc_grid_size']
            for dd in self.at_coord(arr, i, 0 if name == 'first-start' else P - 1):
                if name == 'first-start':
                    dd['start'] += 1
                    dd['extent'] -= 1
                else:
                    dd['stop'] -= 1
                    dd['extent'] -= 1
            return name
        if name == 'shared-key':
            if not ndim:
                return None
            i = rng.randrange(ndim)
            k = rng.randrange(len(pieces))
            dd = pieces[k][1][i]
            t = dd['dist_type']
            if t == 'b':
                dd['periodic'] = 0 if dd['periodic'] else 1
            elif t == 'c':
                dd['block_size'] = block_size_of(dd) + 1
            else:
                dd['one_to_one'] = 0 if dd['one_to_one'] else 1
            if len(pieces) < 2:
                # Alone, these keys are free: change the size too.
                dd['size'] += 1
            return name
        if name == 'dist-type':
            if not ndim:
                return None
            dd = rng.choice(rng.choice(pieces)[1])
            dd['dist_type'] = rng.choice(['x', 'B', '\0', '\x80', 'd'])
            return name
        if name == 'drop-piece':
            pieces.pop(rng.randrange(len(pieces)))
            return name
        if name == 'extra-piece':
            r, dims = rng.choice(pieces)
            pieces.insert(rng.randrange(len(pieces) + 1),
                          (r, [dict(dd, indices=list(dd['indices']) if dd['indices'] else None)
                               for dd in dims]))
            return name
        if name == 'ndim':
            arr['ndim'] = rng.choice([-1, MAX_DIMS + 1, -2**31, 2**31 - 1])
            return name
        if name == 'nprocs':
            arr['nprocs'] = rng.choice([0, -1, -2**31, arr['nprocs'] + 1])
            return name
        if name == 'missing-dim':
            if not ndim:
                return None
            dims = rng.choice(pieces)[1]
            dims.pop()
            return name
        # hostile: a key of a record set to a hostile number; the verdict
        # is whatever the rules say (some keys are not the kind's).
        if not ndim:
            return None
        dd = rng.choice(rng.choice(pieces)[1])
        f = rng.choice(FIELDS[1:])
        v = rng.choice([I64_MAX, I64_MIN, -1, 2**62, 2**31, -2**31, I64_MAX - 1, 2**32 + 1])
        if f in ('periodic', 'one_to_one'):
            v &= 0xff
        if f == 'extent' and dd['dist_type'] == 'u':
            if v >= 0:
                return None     # a 'u' extent is the number of indices there are
            dd['indices'] = None
        dd[f] = v
        return 'hostile ' + f

    def invalid(self):
        for _ in range(100):
            arr = self.valid()
            name = self.mutate(arr)
            if name:
                arr['label'] = 'invalid %s (%s)' % (name, arr['label'][6:])
                return arr
        raise AssertionError('no mutation applies')

    def typestrs(self, n):
        rng = self.rng
        fixed = ['<f8', '<i4', '>f4', '|S8', '|V24', '<c16', '<c32', '|b1', '=u2', '<f2', '<f16',
                 '<i8', '|u1', '<f3', '<i3', '<c4', '|b2', '<S0', '|V1048576', '|V1048577',
                 '<f08', '<i+4', '<i-4', '<x4', '!f8', 'f8', '<f', '', '<f8x', '|S123456789012',
                 '|S12345678901', '|V1234567890123', '<O8', '<M8', '|S1']
        out = list(fixed)
        for _ in range(n):
            t = rng.choice('<>|=!x') + rng.choice('iufcbSVOM')
            t += rng.choice(['1', '2', '4', '8', '16', '32', '0', '05', str(rng.randrange(2**22)),
                             str(2**20), str(2**20 + 1), '9' * rng.randint(1, 14), '8a', ''])
            out.append(t)
        return out


def generate(seed, count):
    """The driver's input lines: typestrs, then count distributions."""
    rng = random.Random(seed)
    gen = Gen(rng)
    lines = ['typestr ' + t for t in gen.typestrs(200)]
    labels = []
    for n in range(count):
        r = rng.random()
        if n < 8:
            arr = gen.valid(big=True)     # the huge and the big ones, always
        elif r < 0.45:
            arr = gen.valid()
        else:
            arr = gen.invalid()
        labels.append(arr['label'])
        write_array(lines, arr)
    return lines, labels


# ------------------------------------------------------ comparing

def split_arrays(lines):
    """Output lines grouped: typestr lines, then one list per array."""
    head, arrays, cur = [], [], None
    for line in lines:
        if line.startswith('array '):
            cur = [line]
            arrays.append(cur)
        elif cur is not None:
            cur.append(line)
            if line == 'end':
                cur = None
        else:
            head.append(line)
    return head, arrays


def check_whys(lines):
    """Every 'bad' is followed by one non-empty, printable reason."""
    problems = []
    for k, line in enumerate(lines):
        if line.endswith(' bad'):
            nxt = lines[k + 1] if k + 1 < len(lines) else ''
            why = nxt[len('# why: '):] if nxt.startswith('# why: ') else ''
            if not why.strip() or not why.isprintable():
                problems.append('after %r: no reason (%r)' % (line, nxt))
        if line.startswith('# why has a newline'):
            problems.append(line)
    return problems


def run(args):
    seed = args.seed if args.seed is not None else 21
    print('seed %d, %d distributions (SEED=%d to repeat)' % (seed, args.count, seed))
    t0 = time.time()
    lines, labels = generate(seed, args.count)
    text = '\n'.join(lines) + '\n'
    t1 = time.time()
    proc = subprocess.run([args.driver], input=text.encode(), stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, timeout=120)
    t2 = time.time()
    if proc.returncode != 0:
        print('FAIL: the driver exited with %d: %s' % (proc.returncode,
                                                      proc.stderr.decode(errors='replace')[-2000:]))
        return 1
    actual = proc.stdout.decode().splitlines()
    expected = expect(parse(lines))
    t3 = time.time()
    failures = 0
    problems = check_whys(actual)
    for p in problems[:5]:
        print('FAIL: %s' % p)
    failures += len(problems)
    ahead, aarr = split_arrays([l for l in actual if not l.startswith('#')])
    ehead, earr = split_arrays(expected)
    if ahead != ehead:
        bad = [(a, e) for a, e in zip(ahead, ehead) if a != e]
        for a, e in bad[:10]:
            print('FAIL: typestr: the C says %r, Python %r' % (a, e))
        failures += max(1, len(bad))
    if len(aarr) != len(earr):
        print('FAIL: %d arrays from the driver, %d expected' % (len(aarr), len(earr)))
        return 1
    # The inputs, for showing a disagreement.
    blocks, cur = [], None
    for line in lines:
        if line.startswith('# valid') or line.startswith('# invalid'):
            cur = [line]
            blocks.append(cur)
        elif cur is not None:
            cur.append(line)
    stats = {'valid': 0, 'invalid': 0, 'owners': 0, 'maps': 0, 'label': 0}
    shown = 0
    for n, (a, e) in enumerate(zip(aarr, earr)):
        label = labels[n]
        py_ok = e[1] == 'set ok'
        stats['valid' if py_ok else 'invalid'] += 1
        stats['owners'] += sum(1 for l in e if l.startswith('owner '))
        stats['maps'] += sum(1 for l in e if l.startswith('map '))
        # The generator's intent against Python's reading (not the C's):
        # a valid distribution is valid, a targeted mutation is not.
        if (label.startswith('valid') and not py_ok) or \
           (label.startswith('invalid') and 'hostile' not in label and py_ok):
            stats['label'] += 1
            failures += 1
            if shown < 5:
                shown += 1
                print('FAIL: generator: %s, but the Python rules say %s' % (label, e[1]))
                print('\n'.join('    ' + l for l in blocks[n][:40]))
        if a != e:
            failures += 1
            if shown < 5:
                shown += 1
                diff = next(k for k in range(max(len(a), len(e)))
                            if k >= len(a) or k >= len(e) or a[k] != e[k])
                print('FAIL: array %d (%s): the C says %r, Python %r' % (
                    n + 1, label, a[diff] if diff < len(a) else None,
                    e[diff] if diff < len(e) else None))
                print('\n'.join('    ' + l[:300] for l in blocks[n][:40]))
    kinds = {}
    for label in labels:
        key = label.split(' (')[0] if label.startswith('invalid') else 'valid'
        key = ' '.join(key.split()[:2])
        kinds[key] = kinds.get(key, 0) + 1
    print('%d distributions: %d valid, %d invalid (Python); %d owner lines, %d local maps; '
          '%d typestrs' % (len(earr), stats['valid'], stats['invalid'], stats['owners'],
                           stats['maps'], len(ehead)))
    print('kinds: ' + ', '.join('%s %d' % kv for kv in sorted(kinds.items())))
    print('time: generate %.1f s, driver %.1f s, Python rules %.1f s' % (t1 - t0, t2 - t1, t3 - t2))
    if failures:
        print('%d disagreement(s); SEED=%d repeats them' % (failures, seed))
        return 1
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('mode', choices=['run', 'gen', 'expect'])
    ap.add_argument('--seed', type=int)
    ap.add_argument('--count', type=int, default=3000)
    ap.add_argument('--driver')
    args = ap.parse_args()
    if args.mode == 'gen':
        lines, _ = generate(args.seed if args.seed is not None else 21, args.count)
        sys.stdout.write('\n'.join(lines) + '\n')
        return 0
    if args.mode == 'expect':
        sys.stdout.write('\n'.join(expect(parse(sys.stdin.read().splitlines()))) + '\n')
        return 0
    if not args.driver:
        ap.error('run needs --driver')
    return run(args)


if __name__ == '__main__':
    sys.exit(main())
