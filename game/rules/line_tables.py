"""Which hexes the lines of docs/rules/05-line-of-sight.md pass, tabled by offset.

A line runs from the centre of an origin hex to a sample point of a target hex
(`geometry.sample_points`). Which hexes it passes, and how (through the interior, or along
an edge), depends only on the offset from the origin to the target hex: the same line moved
by a whole hex passes the same hexes moved by that hex. So the passages are worked out once
per offset, exactly (`geometry.passage_at` on every hex of the line's corridor), and every
pair of creatures with that offset, on any map, reads them.

`fan(dq, dr)` gives the hexes the seven lines (one per sample point) pass, in the order the
rules read them (nearest hex centre first, the metric of `geometry`): for each, its key
offset from the origin (see `hex_key`) and how each line passes it (a code: NOT_PASSED,
INTERIOR, or the direction, an index into DIRECTIONS, of the neighbour along whose edge the
line runs). The seven lines are read together because they share most of their hexes: a
walk over the fan looks each hex up once.

`hex_key(h)` numbers hexes so that a hex moved by an offset has the key moved by that
offset's key: a map's hexes can then be looked up by integer key while walking a line.
"""
from __future__ import annotations

import heapq
from array import array
from collections import deque
import threading
from functools import lru_cache

from game.hexgrid import DIRECTIONS, Hex, linedraw_steps
from game.rules import geometry as geo

_STRIDE = 1 << 16          # keys of hexes with |q|, |r| < 2^15 never collide
_CENTRE = 1 << 15
TABLES_KEPT = 1 << 16      # offsets remembered (a 200 x 200 map has fewer than 160,000)


# The code of how a line passes a hex: 0 to 5, along the edge toward DIRECTIONS[code];
INTERIOR = 6                 # through the hex's interior;
NOT_PASSED = 7               # not at all.


def hex_key(h: Hex) -> int:
    """An integer for a hex, additive in (q, r): hex_key(a + b) = hex_key(a) + offset_key(b)."""
    return (h.r + _CENTRE) * _STRIDE + (h.q + _CENTRE)


def offset_key(dq: int, dr: int) -> int:
    return dr * _STRIDE + dq


class Fan:
    """The passages of the seven lines from the centre of Hex(0, 0) to the sample points of
    Hex(dq, dr) (centre first), read together: every hex one of them passes, nearest first
    (see the module docstring); each line's own hexes are in its order.

    Worked out as far as it is read: `keys` holds the key offsets of the hexes found so far
    and `codes` seven bytes per hex (`code` of each line's passage), and `more()` adds the
    next stretch (False when the lines end). A line stops at its first wall, so most walks
    read only the start of a long fan. Arrays of numbers, which the garbage collector never
    visits, however many fans are kept. Threads may share a fan: a stretch is added under a
    lock, its codes before its keys, and both only grow."""

    def __init__(self, dq: int, dr: int):
        self.keys = array("q")
        self.codes = bytearray()
        self._lines = [(dx, dy, 3 * dx * dx + dy * dy)
                       for dx, dy in geo.sample_points(Hex(dq, dr))]
        self._corridor = corridor_in_order(dq, dr)
        self._lock = threading.Lock()

    def more(self) -> bool:
        """Work out the next stretch of the corridor; False when all of it is done."""
        with self._lock:
            stretch = next(self._corridor, None)
            if stretch is None:
                return False
            keys, codes = [], bytearray()
            for q, r in stretch:
                passes = self._passes(q, r)
                if passes != _NOT_PASSED:
                    keys.append(offset_key(q, r))
                    codes.extend(passes)
            self.codes.extend(codes)
            self.keys.extend(keys)
            return True

    def _passes(self, q: int, r: int) -> list[int]:
        cx, cy = geo.SCALE * (2 * q + r), geo.SCALE * 3 * r
        reach = 4 * geo.SCALE * geo.SCALE
        passes = []
        for dx, dy, n in self._lines:
            cross = cx * dy - cy * dx
            if 3 * cross * cross >= reach * n:
                passes.append(NOT_PASSED)     # the line is a circumradius or more away
            elif _through_inner_disc(cross, 3 * cx * dx + cy * dy, n):
                passes.append(INTERIOR)
            else:
                passes.append(_clipped(q, r, cx, cy, dx, dy))
        return passes

    def walk(self):
        """Every (key, codes of the seven lines), working out more as the reader goes on."""
        i = 0
        while i < len(self.keys) or self.more():
            while i < len(self.keys):
                yield self.keys[i], tuple(self.codes[7 * i:7 * i + 7])
                i += 1


@lru_cache(maxsize=TABLES_KEPT)
def fan(dq: int, dr: int) -> Fan:
    """The `Fan` of the offset (dq, dr), remembered."""
    return Fan(dq, dr)


_NOT_PASSED = [NOT_PASSED] * 7


def corridor_in_order(dq: int, dr: int):
    """The corridor of the lines (the hexes within 2 of `hex_linedraw`, see
    `geometry.corridor`) nearest first, in stretches, found along the linedraw: the hexes
    around its k-th hex are k - 2 or more hexes from the origin, so their centres are at
    least 1.5 (k - 2) away (9 (k - 2)^2 in `distance_key`'s units), and every hex nearer
    than that is already known. A hex within 2 of two linedraw hexes lies around hexes at
    most 4 apart: only the last four discs are kept to skip the hexes already found."""
    disc = geo.disc_offsets(2)
    recent: deque = deque(maxlen=4)
    pending: list = []
    for k, (lq, lr) in enumerate(linedraw_steps(dq, dr)):
        here = set()
        for a, b in disc:
            qr = (lq + a, lr + b)
            if qr not in here and not any(qr in found for found in recent):
                here.add(qr)
                heapq.heappush(pending, (distance_key(qr), qr))
        recent.append(here)
        bound = 9 * (k - 1) * (k - 1) if k > 1 else 0     # the next linedraw hex is k + 1
        ready = []
        while pending and pending[0][0][0] < bound:
            ready.append(heapq.heappop(pending)[1])
        if ready:
            yield ready
    yield [qr for _, qr in sorted(pending)]


def _clipped(q: int, r: int, cx: int, cy: int, dx: int, dy: int) -> int:
    """How the segment (0, 0) -> (dx, dy) passes the hex (q, r) centred at (cx, cy), clipped
    exactly (`geometry.passage_at`)."""
    passage = geo.passage_at(-cx, -cy, dx, dy, Hex(q, r))
    if passage is None:
        return NOT_PASSED
    if passage is geo.INTERIOR:
        return INTERIOR
    return DIRECTIONS.index(Hex(passage.neighbor.q - q, passage.neighbor.r - r))


def _through_inner_disc(cross: int, along: int, n: int) -> bool:
    """Does the open segment cross the whole disc inscribed in the hex, off its edges' lines?
    Then it passes the hex's interior (exact integers: the line is closer to the centre
    than the inradius, and the disc's chord lies between the segment's ends), without
    clipping. `cross` and `along`: the cross and the metric dot product of the centre with
    the direction, `n` the direction's metric square (see geometry)."""
    s2n = 3 * geo.SCALE * geo.SCALE * n
    rest = n - along
    return (cross * cross < geo.SCALE * geo.SCALE * n
            and along > 0 and along * along > s2n and rest > 0 and rest * rest > s2n)


def distance_key(qr: tuple[int, int]) -> tuple[int, int, int]:
    """The order the rules read a line's hexes in: nearest centre first (the metric of
    geometry, without its scale); a tie is the two hexes of one seam."""
    q, r = qr
    cx, cy = 2 * q + r, 3 * r
    return (3 * cx * cx + cy * cy, q, r)


def passes_at(dq: int, dr: int, q: int, r: int) -> tuple[int, ...]:
    """How each of the seven lines of the offset (dq, dr) passes the hex at offset (q, r):
    the codes the `Fan` of (dq, dr) tables for that hex (NOT_PASSED seven times when it is
    not in the fan), worked out for this hex alone: a reader that needs a few hexes of a
    long line does not work out the whole fan."""
    return tuple(fan(dq, dr)._passes(q, r))


def offset_of_key(key: int) -> tuple[int, int]:
    """The offset (dq, dr) whose `offset_key` is `key`."""
    dq = (key + _CENTRE) % _STRIDE - _CENTRE
    return dq, (key - dq) // _STRIDE


__all__ = ["Fan", "INTERIOR", "NOT_PASSED", "corridor_in_order", "distance_key", "TABLES_KEPT", "fan", "hex_key", "offset_key",
           "offset_of_key", "passes_at"]
