"""Which hexes the lines of docs/rules/05-line-of-sight.md pass, tabled by offset.

A line runs from the centre of an origin hex to a sample point of a target hex
(`geometry.sample_points`). Which hexes it passes, and how (through the interior, or along
an edge), depends only on the offset from the origin to the target hex: the same line moved
by a whole hex passes the same hexes moved by that hex. So the passages are worked out once
per offset, exactly (`geometry.passage_at` on every hex of the line's corridor), and every
pair of creatures with that offset, on any map, reads them.

`fan(dq, dr)` gives the hexes the seven lines (one per sample point) pass, in the order the
rules read them (nearest hex centre first, the metric of `geometry`), each as a pair (key,
passes): its key offset from the origin (see `hex_key`), and how each line passes it, one
value per line: None (not passed), INTERIOR, or the direction (index into DIRECTIONS) of the
neighbour along whose edge the line runs. Plain tuples of numbers: a table holds many, and
the garbage collector does not track those. The seven lines are read together because they share most of their hexes: a walk over
the fan looks each hex up once.

`hex_key(h)` numbers hexes so that a hex moved by an offset has the key moved by that
offset's key: a map's hexes can then be looked up by integer key while walking a line.
"""
from __future__ import annotations

from functools import lru_cache
from game.hexgrid import DIRECTIONS, Hex
from game.rules import geometry as geo

_STRIDE = 1 << 16          # keys of hexes with |q|, |r| < 2^15 never collide
_CENTRE = 1 << 15
TABLES_KEPT = 1 << 16      # offsets remembered (a 200 x 200 map has fewer than 160,000)


INTERIOR = -1               # a `passes` value: through the hex's interior


def hex_key(h: Hex) -> int:
    """An integer for a hex, additive in (q, r): hex_key(a + b) = hex_key(a) + offset_key(b)."""
    return (h.r + _CENTRE) * _STRIDE + (h.q + _CENTRE)


def offset_key(dq: int, dr: int) -> int:
    return dr * _STRIDE + dq


@lru_cache(maxsize=TABLES_KEPT)
def fan(dq: int, dr: int) -> tuple[tuple[int, tuple], ...]:
    """The passages of the seven lines from the centre of Hex(0, 0) to the sample points of
    Hex(dq, dr) (centre first), read together: every hex one of them passes, nearest first
    (see the module docstring); each line's own hexes are in its order."""
    points = geo.sample_points(Hex(dq, dr))
    lengths = [4 * geo.SCALE * geo.SCALE * (3 * px * px + py * py) for px, py in points]
    out = []
    for h in sorted(geo.corridor(Hex(0, 0), Hex(dq, dr)), key=_distance_key):
        cx, cy = geo.hex_center(h)
        passes = tuple(_passes(h, -cx, -cy, px, py, length2)
                       for (px, py), length2 in zip(points, lengths))
        if any(p is not None for p in passes):
            out.append((offset_key(h.q, h.r), passes))
    return tuple(out)


def _passes(h: Hex, x0: int, y0: int, dx: int, dy: int, length2: int) -> int | None:
    if not geo.near_line(x0, y0, dx, dy, length2):
        return None
    passage = geo.passage_at(x0, y0, dx, dy, h)
    if passage is None:
        return None
    if passage is geo.INTERIOR:
        return INTERIOR
    n = passage.neighbor
    return DIRECTIONS.index(Hex(n.q - h.q, n.r - h.r))


def _distance_key(h: Hex) -> tuple[int, int, int]:
    # nearest centre first (the metric of geometry); a tie is the two hexes of one seam
    cx, cy = geo.hex_center(h)
    return (3 * cx * cx + cy * cy, h.q, h.r)


__all__ = ["INTERIOR", "TABLES_KEPT", "fan", "hex_key", "offset_key"]
