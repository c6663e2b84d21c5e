"""Exact 2D geometry in hex space for lines of sight, effect and cover
(docs/rules/05-line-of-sight.md, 06-cover.md, and 08-flanking.md for the angle of a flank).

Layout independence
-------------------
Everything here works in an abstract *hex space*, never in map pixels: the hex Hex(q, r) of
Red Blob Games' pointy-top layout with size 1 has its centre at (sqrt3 * (q + r/2), 1.5 * r).
A flat-top map differs from it only by a rotation (both place the axial directions 60 degrees
apart at distance sqrt3), and a Tiled map of any pixel size only by an affine map, so every
answer (which hexes a line crosses, angles, fractions) is the same for every map layout.

Exact arithmetic
----------------
Sight lines and cover only ask incidence questions (is a point inside a polygon, does a segment
cross it), which survive any linear change of coordinates. So the rules use integer *lattice
coordinates* (X, Y) with x = X * (sqrt3/2) / SCALE and y = Y * (1/2) / SCALE. In them

- the centre of Hex(q, r) is SCALE * (2q + r, 3r),
- its corners, in Red Blob's order, are the centre + SCALE * (1,1), (0,2), (-1,1), (-1,-1),
  (0,-2), (1,-1): the hex is { |X| <= SCALE, |X| + |Y| <= 2 SCALE } around its centre,
- a corner pulled 1% toward the centre is the centre + 99 * that offset (SCALE = 100),

so every sample point is an integer point and every test below is done in exact integer
(or `fractions.Fraction`) arithmetic: no epsilon anywhere, a line along a seam is exactly on
the seam. Real distances and angles use the metric 3 dX^2 + dY^2 (times a constant).

Segment against a region (docs/rules/05-line-of-sight.md)
-------------------------------------
A *region* is a union of hexes (the obstacle hexes of one kind, or one creature's footprint).
A line is obstructed when the *open* segment meets the *interior of the union*: adjacent
region hexes are one solid, so their shared edge is interior, while the outer boundary (an
outer corner, or an outer edge) is not. Method: for each candidate hex H the segment is
clipped against H's six half-planes (Cyrus-Beck, exact rational parameters):

- an empty or single-point chord (a corner graze) means the segment does not pass H;
- a chord of positive length whose supporting line is one of H's edge lines lies on that
  edge (`EdgeRun`); by convexity any other chord of positive length has its relative interior
  inside H (`INTERIOR`).

The open segment meets the interior of region R iff it passes through the interior of some
hex of R, or runs along an edge whose two hexes both belong to R (a seam). Proof sketch: the
interior is open, so if the open segment meets it, it does so in an open sub-interval; the
hex edges cut the segment into pieces each lying in one hex's interior or on one edge; such
a piece is interior to R exactly in those two cases. Passing through a corner shared by
three region hexes is covered too: the segment then enters one of them, or runs along a seam.

Candidates (spatial pruning): a segment from the centre of hex A to a point of hex B only
meets hexes within distance 2 of Red Blob's `hex_linedraw(A, B)` (proved in the docstring of
`corridor` and checked by a brute-force test), so only region hexes in that corridor are
clipped.
"""
from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache
from typing import Iterable, NamedTuple

from game.hexgrid import DIRECTIONS, Hex, hex_linedraw

SCALE = 100
PULL = 99  # 1% toward the centre (docs/rules/05-line-of-sight.md "The lines")

# Corner offsets in lattice units (times SCALE), Red Blob's pointy corner order 0..5.
CORNER_OFFSETS = ((1, 1), (0, 2), (-1, 1), (-1, -1), (0, -2), (1, -1))

# The six half-planes a.X + b.Y <= c * SCALE of a hex around its centre, with the direction
# (index into DIRECTIONS) of the neighbour across that edge.
_HALF_PLANES = (
    (1, 0, 1, 0),     # X = S        east edge        -> Hex(1, 0)
    (1, -1, 2, 1),    # X - Y = 2S   north-east edge  -> Hex(1, -1)
    (-1, -1, 2, 2),   # -X - Y = 2S  north-west edge  -> Hex(0, -1)
    (-1, 0, 1, 3),    # X = -S       west edge        -> Hex(-1, 0)
    (-1, 1, 2, 4),    # -X + Y = 2S  south-west edge  -> Hex(-1, 1)
    (1, 1, 2, 5),     # X + Y = 2S   south-east edge  -> Hex(0, 1)
)

Point = tuple[int, int]
"""An integer point in lattice coordinates (see the module docstring)."""


def hex_center(h: Hex) -> Point:
    """Lattice coordinates of a hex centre. Vector: Hex(1, -2) -> (0, -600)."""
    return (SCALE * (2 * h.q + h.r), SCALE * 3 * h.r)


def hex_polygon(h: Hex) -> list[Point]:
    """The six corners of a hex in lattice coordinates (Red Blob's corner order)."""
    cx, cy = hex_center(h)
    return [(cx + SCALE * dx, cy + SCALE * dy) for dx, dy in CORNER_OFFSETS]


def sample_points(h: Hex) -> list[Point]:
    """The sample points of a hex (docs/rules/05-line-of-sight.md "The lines"): the centre, then
    the six corners pulled 1% toward it."""
    cx, cy = hex_center(h)
    return [(cx, cy)] + [(cx + PULL * dx, cy + PULL * dy) for dx, dy in CORNER_OFFSETS]


@lru_cache(maxsize=1 << 16)
def to_xy(p) -> tuple[float, float]:
    """Real coordinates in unit-size pointy hex space (hex centres sqrt3 apart); remembered:
    the lines of a battle start and end at a few hundred points."""
    x, y = p
    return (float(x) * math.sqrt(3) / 2 / SCALE, float(y) / 2 / SCALE)


def hex_to_xy(h: Hex) -> tuple[float, float]:
    """Red Blob's pointy layout, size 1, origin 0: Hex(1, 0) -> (sqrt3, 0)."""
    return to_xy(hex_center(h))


def centroid(hexes: Iterable[Hex]) -> tuple[Fraction, Fraction]:
    """Exact centroid (lattice coordinates) of a footprint's hex centres
    (docs/rules/08-flanking.md)."""
    pts = [hex_center(h) for h in hexes]
    n = len(pts)
    return (Fraction(sum(p[0] for p in pts), n), Fraction(sum(p[1] for p in pts), n))


def _metric_dot(u, v) -> Fraction:
    # Real dot product up to the constant factor 1/(4 SCALE^2): x = X*sqrt3/2, y = Y/2.
    return 3 * u[0] * v[0] + u[1] * v[1]


def angle_at_least(o, a, b, degrees: int = 120) -> bool:
    """Is the angle a-o-b at least `degrees` (60, 90, 120 or 180 exactly; else float)?

    Exact for the angles whose cosine is rational in the metric: cos >= ... is decided with
    squared rational quantities, so 120 degrees exactly counts (docs/rules/08-flanking.md)."""
    u = (a[0] - o[0], a[1] - o[1])
    v = (b[0] - o[0], b[1] - o[1])
    dot = _metric_dot(u, v)
    nu, nv = _metric_dot(u, u), _metric_dot(v, v)
    if nu == 0 or nv == 0:
        return False
    cosines = {60: Fraction(1, 2), 90: Fraction(0), 120: Fraction(-1, 2), 180: Fraction(-1)}
    if degrees not in cosines:
        return angle_degrees(o, a, b) >= degrees
    c = cosines[degrees]
    # angle >= degrees  <=>  cos(angle) <= c  <=>  dot <= c * |u||v|
    if c >= 0:
        if dot <= 0:
            return True
        return dot * dot <= c * c * nu * nv
    if dot >= 0:
        return False
    return dot * dot >= c * c * nu * nv


def angle_degrees(o, a, b) -> float:
    """The angle a-o-b in real hex space, in degrees (for explanations)."""
    u = (a[0] - o[0], a[1] - o[1])
    v = (b[0] - o[0], b[1] - o[1])
    nu, nv = float(_metric_dot(u, u)), float(_metric_dot(v, v))
    if nu == 0 or nv == 0:
        return 0.0
    c = float(_metric_dot(u, v)) / math.sqrt(nu * nv)
    return math.degrees(math.acos(max(-1.0, min(1.0, c))))


# --- segment against one hex --------------------------------------------------------------

class EdgeRun(NamedTuple):
    """The segment runs (with positive length) along the edge of `hex` toward `neighbor`."""

    hex: Hex
    neighbor: Hex


INTERIOR = "interior"


def clip_chord(p0: Point, p1: Point, h: Hex):
    """The part of segment p0-p1 inside the closed hex h, as exact parameters (t0, t1) with
    0 <= t0 < t1 <= 1 and the edge direction it lies on (or None); None when the segment
    misses h or only touches it in one point (a corner graze)."""
    cx, cy = hex_center(h)
    r = _clip(p0[0] - cx, p0[1] - cy, p1[0] - p0[0], p1[1] - p0[1])
    if r is None:
        return None
    lo_n, lo_d, hi_n, hi_d, on_edge = r
    return Fraction(lo_n, lo_d), Fraction(hi_n, hi_d), on_edge


def _clip(x0: int, y0: int, dx: int, dy: int):
    """Cyrus-Beck clipping of p(t) = (x0, y0) + t (dx, dy), 0 <= t <= 1, against the hex
    { |X| <= S, |X| + |Y| <= 2S } centred at the origin, in exact integers: returns
    (t0 num, t0 den, t1 num, t1 den, edge direction or None) for a chord of positive
    length, else None."""
    lo_n, lo_d, hi_n, hi_d = 0, 1, 1, 1   # t0 = lo_n/lo_d, t1 = hi_n/hi_d, denominators > 0
    on_edge = None
    for a, b, c, direction in _HALF_PLANES:
        m = a * dx + b * dy
        bound = c * SCALE - a * x0 - b * y0     # need t * m <= bound
        if m == 0:
            if bound < 0:
                return None
            if bound == 0:
                on_edge = direction
        elif m > 0:                    # t <= bound / m
            if bound * hi_d < hi_n * m:
                hi_n, hi_d = bound, m
        else:                          # t >= bound / m = -bound / -m
            if -bound * lo_d > lo_n * -m:
                lo_n, lo_d = -bound, -m
        if lo_n * hi_d >= hi_n * lo_d:
            return None
    return lo_n, lo_d, hi_n, hi_d, on_edge


def passage(p0: Point, p1: Point, h: Hex):
    """How segment p0-p1 passes hex h: None (misses it or grazes a corner), INTERIOR, or an
    `EdgeRun` when it runs along one of h's edges."""
    cx, cy = hex_center(h)
    return passage_at(p0[0] - cx, p0[1] - cy, p1[0] - p0[0], p1[1] - p0[1], h)


def passage_at(x0: int, y0: int, dx: int, dy: int, h: Hex):
    """`passage` with the segment start given relative to h's centre and its direction."""
    r = _clip(x0, y0, dx, dy)
    if r is None:
        return None
    if r[4] is None:
        return INTERIOR
    d = DIRECTIONS[r[4]]
    return EdgeRun(h, Hex(h.q + d.q, h.r + d.r))


def near_line(x0: int, y0: int, dx: int, dy: int, length2: int) -> bool:
    """Cheap exact reject: can the line through (x0, y0) (relative to a hex centre) with
    direction (dx, dy) meet that hex's interior at all? False when the centre is at least the
    circumradius (1) away from the line. `length2` = 4 SCALE^2 (3 dx^2 + dy^2)."""
    cr = dx * y0 - dy * x0
    return 3 * cr * cr < length2


def hex_contains(h: Hex, p: Point, strict: bool = True) -> bool:
    """Is p inside hex h (strictly, or on its boundary too)?"""
    cx, cy = hex_center(h)
    x, y = abs(p[0] - cx), abs(p[1] - cy)
    if strict:
        return x < SCALE and x + y < 2 * SCALE
    return x <= SCALE and x + y <= 2 * SCALE


# --- candidates and regions ---------------------------------------------------------------

@lru_cache(maxsize=8)
def disc_offsets(radius: int) -> tuple[tuple[int, int], ...]:
    """Axial offsets of the hexes within `radius` of the origin."""
    return tuple((dq, dr) for dq in range(-radius, radius + 1)
                 for dr in range(-radius, radius + 1) if abs(dq + dr) <= radius)


@lru_cache(maxsize=50_000)
def linedraw_offsets(dq: int, dr: int) -> tuple[tuple[int, int], ...]:
    """`hex_linedraw(Hex(0, 0), Hex(dq, dr))` as offsets (cached by delta)."""
    return tuple((h.q, h.r) for h in hex_linedraw(Hex(0, 0), Hex(dq, dr)))


@lru_cache(maxsize=50_000)
def _corridor_offsets(dq: int, dr: int) -> frozenset[tuple[int, int]]:
    out = set()
    disc = disc_offsets(2)
    for q, r in linedraw_offsets(dq, dr):
        out.update((q + a, r + b) for a, b in disc)
    return frozenset(out)


def corridor(a: Hex, b: Hex) -> frozenset[Hex]:
    """Every hex a segment from the centre of a to any point of hex b can meet: the hexes
    within distance 2 of `hex_linedraw(a, b)`.

    Why 2 suffices (real distances, circumradius 1): the point at parameter t of the segment
    is within t * |Q - centre(b)| <= 1 of the point at t of the centre-to-centre segment; that
    one is within sqrt3/2 of one of linedraw's sample points (they are at most sqrt3 apart),
    which lies in its linedraw hex L. So every point of the segment is within 1 + sqrt3/2 =
    1.87 of L, while every hex at hex distance 3 or more from L is at least sqrt7 = 2.65 away
    from it. `tests/test_rules_sight_cover.py` also checks it by brute force."""
    offs = _corridor_offsets(b.q - a.q, b.r - a.r)
    return frozenset(Hex(a.q + q, a.r + r) for q, r in offs)


def corridor_offsets(a: Hex, b: Hex) -> frozenset[tuple[int, int]]:
    """The corridor of (a, b) as offsets from a (cached by b - a; used for fast pruning)."""
    return _corridor_offsets(b.q - a.q, b.r - a.r)


def passages(p0: Point, p1: Point, candidates: Iterable[Hex]) -> dict:
    """{hex: INTERIOR | EdgeRun} for the candidate hexes the segment passes (a hex whose
    centre is a circumradius or more from the line is passed by `near_line`'s exact reject,
    without clipping)."""
    x0, y0 = p0
    dx, dy = p1[0] - x0, p1[1] - y0
    length2 = 4 * SCALE * SCALE * (3 * dx * dx + dy * dy)
    out = {}
    for h in candidates:
        cx, cy = hex_center(h)
        rx, ry = x0 - cx, y0 - cy
        if length2:
            cr = dx * ry - dy * rx
            if 3 * cr * cr >= length2:
                continue
        p = passage_at(rx, ry, dx, dy, h)
        if p is not None:
            out[h] = p
    return out


def region_hits(passed: dict, region) -> list[Hex]:
    """The hexes of `region` (a set, or anything with `in`) through whose interior the
    segment runs, given its `passages`: a region hex passed through its interior, or both
    hexes of a seam the segment runs along. Empty: the segment does not enter the region's
    interior (it may graze its outer boundary)."""
    hits = []
    for h, p in passed.items():
        if h not in region:
            continue
        if p is INTERIOR:
            hits.append(h)
        elif p.neighbor in region:
            hits.append(h)
            if p.neighbor not in passed:
                hits.append(p.neighbor)
    return sorted(set(hits))


def segment_enters_region(p0: Point, p1: Point, region, candidates=None) -> list[Hex]:
    """docs/rules/05-line-of-sight.md: the region hexes through whose interior the open segment
    p0-p1 runs (see the module docstring). `candidates` defaults to the region itself."""
    cands = region if candidates is None else [h for h in candidates if h in region]
    return region_hits(passages(p0, p1, cands), region)


def hex_of_point(p: Point) -> Hex:
    """A hex whose closed polygon contains p (the nearest centre, exactly)."""
    x, y = p
    # approximate axial, then check the 7 hexes around it exactly (Voronoi = hex tiling)
    r_f = y / (3 * SCALE)
    q_f = (x / SCALE - r_f) / 2
    base = Hex(round(q_f), round(r_f))
    best, best_d = base, None
    for dq, dr in ((0, 0),) + tuple((d.q, d.r) for d in DIRECTIONS):
        h = Hex(base.q + dq, base.r + dr)
        cx, cy = hex_center(h)
        d2 = 3 * (x - cx) ** 2 + (y - cy) ** 2
        if best_d is None or d2 < best_d:
            best, best_d = h, d2
    return best


__all__ = [
    "SCALE", "PULL", "CORNER_OFFSETS", "Point", "INTERIOR", "EdgeRun", "hex_center",
    "hex_polygon", "sample_points", "to_xy", "hex_to_xy", "centroid", "angle_at_least",
    "angle_degrees", "clip_chord", "passage", "passage_at", "near_line", "hex_contains",
    "corridor", "corridor_offsets", "passages", "region_hits", "disc_offsets",
    "linedraw_offsets", "segment_enters_region", "hex_of_point",
]
