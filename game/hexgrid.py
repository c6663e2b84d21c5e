"""Hex grid geometry: cube/axial coordinates and Tiled's exact pixel layout.

Follows Red Blob Games' hex library (https://www.redblobgames.com/grids/hexagons/):
tiny pure functions over one immutable `Hex` type. The geometry of
docs/rules/01-hexes-and-distance.md (scale, coordinates, distance) and 02-size-and-reach.md
(footprints T(n) and the huge footprint) is implemented here.

Tiled names a hex by `col,row` of a staggered (offset) layout. Its four variants map to
Red Blob's offset layouts: staggeraxis y + staggerindex odd = odd-r, y/even = even-r,
x/odd = odd-q, x/even = even-q. `TiledLayout` reproduces the integer arithmetic of Tiled's
`hexagonalrenderer.cpp` (tile positions, hex outline, screen-to-tile picking).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterator, NamedTuple


class Hex(NamedTuple):
    """A hex in axial coordinates; the cube coordinate s is derived (q + r + s = 0)."""

    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r

    @classmethod
    def cube(cls, q: int, r: int, s: int) -> Hex:
        if q + r + s != 0:
            raise ValueError(f"cube coordinates must sum to 0, got ({q}, {r}, {s})")
        return cls(q, r)


# Red Blob's cube directions in (q, r, s); on a pointy-top map 0 = east, then counter-clockwise.
DIRECTIONS = (Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0), Hex(-1, 1), Hex(0, 1))
DIAGONALS = (Hex(2, -1), Hex(1, -2), Hex(-1, -1), Hex(-2, 1), Hex(-1, 2), Hex(1, 1))
ORIGIN = Hex(0, 0)


def hex_add(a: Hex, b: Hex) -> Hex:
    return Hex(a.q + b.q, a.r + b.r)


def hex_subtract(a: Hex, b: Hex) -> Hex:
    return Hex(a.q - b.q, a.r - b.r)


def hex_scale(a: Hex, k: int) -> Hex:
    return Hex(a.q * k, a.r * k)


def hex_rotate_left(a: Hex) -> Hex:
    """Rotate 60 degrees counter-clockwise about the origin (direction i -> i + 1)."""
    return Hex(-a.s, -a.q)


def hex_rotate_right(a: Hex) -> Hex:
    """Rotate 60 degrees clockwise about the origin (direction i -> i - 1)."""
    return Hex(-a.r, -a.s)


def hex_direction(direction: int) -> Hex:
    return DIRECTIONS[direction % 6]


def hex_neighbor(h: Hex, direction: int) -> Hex:
    d = DIRECTIONS[direction % 6]
    return Hex(h.q + d.q, h.r + d.r)


def hex_neighbors(h: Hex) -> list[Hex]:
    return [Hex(h.q + d.q, h.r + d.r) for d in DIRECTIONS]


def hex_diagonal_neighbor(h: Hex, direction: int) -> Hex:
    return hex_add(h, DIAGONALS[direction % 6])


def hex_length(h: Hex) -> int:
    return (abs(h.q) + abs(h.r) + abs(h.q + h.r)) // 2


def hex_distance(a: Hex, b: Hex) -> int:
    dq = a.q - b.q
    dr = a.r - b.r
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def direction_between(a: Hex, b: Hex) -> int | None:
    """The direction index i with b = a + k * DIRECTIONS[i] for some k >= 1, else None."""
    d = hex_subtract(b, a)
    n = hex_length(d)
    if n == 0:
        return None
    for i, u in enumerate(DIRECTIONS):
        if u.q * n == d.q and u.r * n == d.r:
            return i
    return None


def hex_ring(center: Hex, radius: int) -> list[Hex]:
    """The hexes at exactly `radius` from center, in Red Blob's order (radius 0: the center)."""
    if radius < 0:
        raise ValueError("radius must be >= 0")
    if radius == 0:
        return [center]
    results = []
    h = hex_add(center, hex_scale(DIRECTIONS[4], radius))
    for i in range(6):
        for _ in range(radius):
            results.append(h)
            h = hex_neighbor(h, i)
    return results


def hex_spiral(center: Hex, radius: int) -> list[Hex]:
    """The center, then ring 1, ring 2, ... up to `radius`: 1 + 3r(r+1) hexes."""
    results = [center]
    for k in range(1, radius + 1):
        results.extend(hex_ring(center, k))
    return results


def hexes_within(center: Hex, radius: int) -> Iterator[Hex]:
    for dq in range(-radius, radius + 1):
        for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
            yield Hex(center.q + dq, center.r + dr)


# --- fractional hexes, rounding and lines -------------------------------------------------

class FractionalHex(NamedTuple):
    q: float
    r: float
    s: float


def hex_round(h: FractionalHex) -> Hex:
    qi, ri, si = round(h.q), round(h.r), round(h.s)
    dq, dr, ds = abs(qi - h.q), abs(ri - h.r), abs(si - h.s)
    if dq > dr and dq > ds:
        qi = -ri - si
    elif dr > ds:
        ri = -qi - si
    return Hex(int(qi), int(ri))


def hex_lerp(a: FractionalHex, b: FractionalHex, t: float) -> FractionalHex:
    return FractionalHex(a.q * (1 - t) + b.q * t, a.r * (1 - t) + b.r * t, a.s * (1 - t) + b.s * t)


def hex_linedraw(a: Hex, b: Hex) -> list[Hex]:
    """Red Blob's line drawing, with the epsilon nudge so lines along edges round one way.

    Drawn from the origin to b - a and moved back to a, so a line's shape depends only on its
    delta: the rules' cached offsets (`geometry.linedraw_offsets`) and this function agree for
    every pair, wherever it lies (in floating point, lerping far from the origin rounds ties
    differently)."""
    return [Hex(a.q + h.q, a.r + h.r) for h in linedraw_steps(b.q - a.q, b.r - a.r)]


def linedraw_steps(dq: int, dr: int) -> Iterator[Hex]:
    """`hex_linedraw(Hex(0, 0), Hex(dq, dr))` one hex at a time, from the origin: a reader
    that stops early does not pay for the rest."""
    n = hex_distance(ORIGIN, Hex(dq, dr))
    if n == 0:
        yield ORIGIN
        return
    nudge = FractionalHex(1e-6, 1e-6, -2e-6)
    end = FractionalHex(dq + 1e-6, dr + 1e-6, -dq - dr - 2e-6)
    step = 1.0 / n
    for i in range(n + 1):
        yield hex_round(hex_lerp(nudge, end, step * i))


# --- footprints (docs/rules/02-size-and-reach.md) -----------------------------------------

FOOTPRINT_TRIANGLE = {"large": 1, "gargantuan": 3}


def triangle(anchor: Hex, facing: int, n: int) -> list[Hex]:
    """T(n) = { anchor + a*d(f) + b*d(f+1) : a, b >= 0, a + b <= n }
    (docs/rules/02-size-and-reach.md)."""
    u, v = hex_direction(facing), hex_direction(facing + 1)
    return [Hex(anchor.q + a * u.q + b * v.q, anchor.r + a * u.r + b * v.r)
            for a in range(n + 1) for b in range(n + 1 - a)]


def footprint(size: str, anchor: Hex, facing: int = 0) -> list[Hex]:
    """The hexes a creature of `size` occupies (docs/rules/02-size-and-reach.md): 1, 3, 7 or 10
    hexes."""
    if size in ("tiny", "small", "medium"):
        return [anchor]
    if size == "huge":
        return [anchor] + hex_neighbors(anchor)
    if size in FOOTPRINT_TRIANGLE:
        return triangle(anchor, facing, FOOTPRINT_TRIANGLE[size])
    raise ValueError(f"unknown size {size!r}")


def footprint_turns(size: str) -> bool:
    """Only triangles (large, gargantuan) have an orientation that matters."""
    return size in FOOTPRINT_TRIANGLE


# --- offset coordinates (Tiled col,row) ----------------------------------------------------

@dataclass(frozen=True)
class OffsetLayout:
    """Tiled's stagger settings: axis 'y' (pointy-top, rows shift) or 'x' (flat-top, columns
    shift); index 'odd' or 'even' (which rows/columns are shifted)."""

    axis: str = "y"
    index: str = "odd"

    def __post_init__(self):
        if self.axis not in ("x", "y") or self.index not in ("odd", "even"):
            raise ValueError(f"bad stagger axis/index {self.axis!r}/{self.index!r}")

    @property
    def name(self) -> str:
        return f"{self.index}-{'r' if self.axis == 'y' else 'q'}"


def offset_to_hex(col: int, row: int, layout: OffsetLayout) -> Hex:
    # Python's & on negative ints is two's complement, so (n & 1) is the parity for any n.
    if layout.axis == "y":
        if layout.index == "odd":
            return Hex(col - (row - (row & 1)) // 2, row)
        return Hex(col - (row + (row & 1)) // 2, row)
    if layout.index == "odd":
        return Hex(col, row - (col - (col & 1)) // 2)
    return Hex(col, row - (col + (col & 1)) // 2)


def hex_to_offset(h: Hex, layout: OffsetLayout) -> tuple[int, int]:
    q, r = h
    if layout.axis == "y":
        if layout.index == "odd":
            return q + (r - (r & 1)) // 2, r
        return q + (r + (r & 1)) // 2, r
    if layout.index == "odd":
        return q, r + (q - (q & 1)) // 2
    return q, r + (q + (q & 1)) // 2


# --- Tiled's integer pixel layout (hexagonalrenderer.cpp) -----------------------------------

@dataclass(frozen=True)
class TiledLayout:
    """Pixel geometry of a Tiled hexagonal map, in Tiled's integer arithmetic."""

    tile_width: int
    tile_height: int
    hexside: int
    axis: str = "y"
    index: str = "odd"

    @property
    def offset_layout(self) -> OffsetLayout:
        return OffsetLayout(self.axis, self.index)

    # RenderParams of hexagonalrenderer.cpp
    @property
    def tw(self) -> int:
        return self.tile_width & ~1

    @property
    def th(self) -> int:
        return self.tile_height & ~1

    @property
    def side_x(self) -> int:
        return self.hexside if self.axis == "x" else 0

    @property
    def side_y(self) -> int:
        return self.hexside if self.axis == "y" else 0

    @property
    def side_offset_x(self) -> int:
        return (self.tw - self.side_x) // 2

    @property
    def side_offset_y(self) -> int:
        return (self.th - self.side_y) // 2

    @property
    def column_width(self) -> int:
        return self.side_offset_x + self.side_x

    @property
    def row_height(self) -> int:
        return self.side_offset_y + self.side_y

    def staggered(self, i: int) -> bool:
        return bool(i & 1) != (self.index == "even")

    def tile_top_left(self, col: int, row: int) -> tuple[int, int]:
        """Tiled's tileToScreenCoords: the top-left of the tile's grid cell."""
        if self.axis == "x":
            y = row * (self.th + self.side_y) + (self.row_height if self.staggered(col) else 0)
            return col * self.column_width, y
        x = col * (self.tw + self.side_x) + (self.column_width if self.staggered(row) else 0)
        return x, row * self.row_height

    def tile_center(self, col: int, row: int) -> tuple[float, float]:
        x, y = self.tile_top_left(col, row)
        return x + self.tw / 2, y + self.th / 2

    def tile_polygon(self, col: int, row: int) -> list[tuple[int, int]]:
        """The hex outline (6 corners, clockwise from the left) as Tiled draws the grid."""
        x, y = self.tile_top_left(col, row)
        ox, oy, tw, th = self.side_offset_x, self.side_offset_y, self.tw, self.th
        points = [(0, th - oy), (0, oy), (ox, 0), (tw - ox, 0), (tw, oy), (tw, th - oy),
                  (tw - ox, th), (ox, th)]
        unique = []
        for p in points:
            if p not in unique:
                unique.append(p)
        return [(x + px, y + py) for px, py in unique]

    def map_pixel_size(self, width: int, height: int) -> tuple[int, int]:
        """Tiled's HexagonalRenderer::mapSize."""
        if self.axis == "x":
            w = width * self.column_width + self.side_offset_x
            h = height * (self.th + self.side_y) + (self.row_height if width > 1 else 0)
            return w, h
        w = width * (self.tw + self.side_x) + (self.column_width if height > 1 else 0)
        return w, height * self.row_height + self.side_offset_y

    def pixel_to_tile(self, x: float, y: float) -> tuple[int, int]:
        """Tiled's screenToTileCoords: the col,row under a pixel (nearest of 4 centers)."""
        stagger_x, even = self.axis == "x", self.index == "even"
        if stagger_x:
            x -= self.tw if even else self.side_offset_x
        else:
            y -= self.th if even else self.side_offset_y
        cw2, rh2 = self.column_width * 2, self.row_height * 2
        ref_x, ref_y = math.floor(x / cw2), math.floor(y / rh2)
        rel_x, rel_y = x - ref_x * cw2, y - ref_y * rh2
        if stagger_x:
            ref_x = ref_x * 2 + (1 if even else 0)
            left = self.side_x // 2
            cx, cy = left + self.column_width, self.th // 2
            centers = [(left, cy), (cx, cy - self.row_height), (cx, cy + self.row_height),
                       (cx + self.column_width, cy)]
            offsets = [(0, 0), (1, -1), (1, 0), (2, 0)]
        else:
            ref_y = ref_y * 2 + (1 if even else 0)
            top = self.side_y // 2
            cx, cy = self.tw // 2, top + self.row_height
            centers = [(cx, top), (cx - self.column_width, cy), (cx + self.column_width, cy),
                       (cx, cy + self.row_height)]
            offsets = [(0, 0), (-1, 1), (0, 1), (0, 2)]
        dists = [(px - rel_x) ** 2 + (py - rel_y) ** 2 for px, py in centers]
        nearest = dists.index(min(dists))
        return ref_x + offsets[nearest][0], ref_y + offsets[nearest][1]

    # Red Blob layout with a non-uniform size; matches the integer layout exactly
    # (tests/test_hexgrid.py::test_red_blob_layout_matches_tiled_integer_layout).
    @property
    def hex_size(self) -> tuple[float, float]:
        if self.axis == "x":
            return self.column_width / 1.5, (self.th + self.side_y) / math.sqrt(3)
        return (self.tw + self.side_x) / math.sqrt(3), self.row_height / 1.5

    @property
    def origin(self) -> tuple[float, float]:
        """Pixel center of the hex at col,row 0,0."""
        return self.tile_center(0, 0)

    def hex_to_pixel(self, h: Hex) -> tuple[float, float]:
        sx, sy = self.hex_size
        ox, oy = self._origin_of_hex_zero()
        if self.axis == "x":
            x = sx * 1.5 * h.q
            y = sy * (math.sqrt(3) / 2 * h.q + math.sqrt(3) * h.r)
        else:
            x = sx * (math.sqrt(3) * h.q + math.sqrt(3) / 2 * h.r)
            y = sy * 1.5 * h.r
        return x + ox, y + oy

    def pixel_to_hex_fractional(self, x: float, y: float) -> FractionalHex:
        sx, sy = self.hex_size
        ox, oy = self._origin_of_hex_zero()
        px, py = (x - ox) / sx, (y - oy) / sy
        if self.axis == "x":
            q = 2 / 3 * px
            r = -1 / 3 * px + math.sqrt(3) / 3 * py
        else:
            q = math.sqrt(3) / 3 * px - 1 / 3 * py
            r = 2 / 3 * py
        return FractionalHex(q, r, -q - r)

    def pixel_to_hex(self, x: float, y: float) -> Hex:
        return hex_round(self.pixel_to_hex_fractional(x, y))

    def hex_corners(self, h: Hex) -> list[tuple[float, float]]:
        """The 6 corners of a hex in pixels (Red Blob's corner order), for geometry."""
        cx, cy = self.hex_to_pixel(h)
        sx, sy = self.hex_size
        start = 0.0 if self.axis == "x" else 0.5
        return [(cx + sx * math.cos(math.pi / 3 * (i + start)),
                 cy + sy * math.sin(math.pi / 3 * (i + start))) for i in range(6)]

    def _origin_of_hex_zero(self) -> tuple[float, float]:
        # Hex(0,0) is offset (0,0) in every variant, so its pixel is the tile center of 0,0.
        return self.tile_center(0, 0)

    def tile_to_hex(self, col: int, row: int) -> Hex:
        return offset_to_hex(col, row, self.offset_layout)

    def hex_to_tile(self, h: Hex) -> tuple[int, int]:
        return hex_to_offset(h, self.offset_layout)
