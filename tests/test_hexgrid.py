"""Hex geometry (docs/rules/01-hexes-and-distance.md "Scale, coordinates, distance", 2 "Size, space and reach").

Vectors marked "Red Blob" are the published tests of Red Blob Games' hex library.
"""
import math

import pytest
from hypothesis import given, strategies as st

from game.hexgrid import (
    DIRECTIONS, Hex, OffsetLayout, TiledLayout, direction_between, footprint, hex_add,
    hex_diagonal_neighbor, hex_distance, hex_linedraw, hex_neighbor, hex_ring, hex_rotate_left,
    hex_rotate_right, hex_round, hex_scale, hex_spiral, hex_subtract, hex_to_offset, hexes_within,
    offset_to_hex, FractionalHex, hex_lerp,
)

coords = st.integers(min_value=-60, max_value=60)
hexes = st.builds(Hex, coords, coords)
LAYOUTS = [OffsetLayout(a, i) for a in ("x", "y") for i in ("odd", "even")]


def test_red_blob_arithmetic():
    assert hex_add(Hex.cube(1, -3, 2), Hex.cube(3, -7, 4)) == Hex.cube(4, -10, 6)
    assert hex_subtract(Hex.cube(1, -3, 2), Hex.cube(3, -7, 4)) == Hex.cube(-2, 4, -2)
    assert hex_scale(Hex.cube(1, -3, 2), 2) == Hex.cube(2, -6, 4)


def test_red_blob_direction_and_neighbors():
    assert DIRECTIONS[2] == Hex.cube(0, -1, 1)
    assert hex_neighbor(Hex.cube(1, -2, 1), 2) == Hex.cube(1, -3, 2)
    assert hex_diagonal_neighbor(Hex.cube(1, -2, 1), 3) == Hex.cube(-1, -1, 2)


def test_red_blob_distance():
    assert hex_distance(Hex.cube(3, -7, 4), Hex(0, 0)) == 7


def test_red_blob_rotation():
    assert hex_rotate_left(DIRECTIONS[0]) == DIRECTIONS[1]
    assert hex_rotate_right(Hex.cube(1, -3, 2)) == Hex.cube(3, -2, -1)
    assert hex_rotate_left(Hex.cube(1, -3, 2)) == Hex.cube(-2, -1, 3)


def test_red_blob_round():
    a, b, c = FractionalHex(0.0, 0.0, 0.0), FractionalHex(1.0, -1.0, 0.0), FractionalHex(0.0, -1.0, 1.0)
    assert hex_round(hex_lerp(FractionalHex(0.0, 0.0, 0.0), FractionalHex(10.0, -20.0, 10.0), 0.5)) == Hex.cube(5, -10, 5)
    assert hex_round(hex_lerp(a, b, 0.499)) == a[:2]
    assert hex_round(hex_lerp(a, b, 0.501)) == Hex(1, -1)
    mix = FractionalHex(a.q * 0.4 + b.q * 0.3 + c.q * 0.3, a.r * 0.4 + b.r * 0.3 + c.r * 0.3,
                        a.s * 0.4 + b.s * 0.3 + c.s * 0.3)
    assert hex_round(mix) == Hex(0, 0)
    mix = FractionalHex(a.q * 0.3 + b.q * 0.3 + c.q * 0.4, a.r * 0.3 + b.r * 0.3 + c.r * 0.4,
                        a.s * 0.3 + b.s * 0.3 + c.s * 0.4)
    assert hex_round(mix) == Hex(0, -1)


def test_red_blob_linedraw():
    assert hex_linedraw(Hex.cube(0, 0, 0), Hex.cube(1, -5, 4)) == [
        Hex.cube(0, 0, 0), Hex.cube(0, -1, 1), Hex.cube(0, -2, 2), Hex.cube(1, -3, 2),
        Hex.cube(1, -4, 3), Hex.cube(1, -5, 4)]


def test_red_blob_offset_roundtrip_vectors():
    a, b = Hex.cube(3, 4, -7), (1, -3)
    for layout in LAYOUTS:
        assert offset_to_hex(*hex_to_offset(a, layout), layout) == a
        assert hex_to_offset(offset_to_hex(*b, layout), layout) == b


def test_red_blob_offset_from_cube():
    # Red Blob: offset_from_cube(EVEN, (1,2,-3)) == (2,2) for rows; (1,3) for columns
    assert hex_to_offset(Hex.cube(1, 2, -3), OffsetLayout("y", "even")) == (2, 2)
    assert hex_to_offset(Hex.cube(1, 2, -3), OffsetLayout("y", "odd")) == (2, 2)
    assert hex_to_offset(Hex.cube(1, 2, -3), OffsetLayout("x", "even")) == (1, 3)
    assert hex_to_offset(Hex.cube(1, 2, -3), OffsetLayout("x", "odd")) == (1, 2)


def test_ring_and_spiral_sizes():
    center = Hex(2, -1)
    assert hex_ring(center, 0) == [center]
    for radius in range(1, 5):
        ring = hex_ring(center, radius)
        assert len(ring) == 6 * radius == len(set(ring))
        assert all(hex_distance(center, h) == radius for h in ring)
    spiral = hex_spiral(center, 3)
    assert len(spiral) == 1 + 3 * 3 * 4 == len(set(spiral))
    assert set(spiral) == set(hexes_within(center, 3))


def test_direction_between():
    assert direction_between(Hex(0, 0), Hex(3, 0)) == 0
    assert direction_between(Hex(0, 0), Hex(0, -2)) == 2
    assert direction_between(Hex(0, 0), Hex(2, -1)) is None


@pytest.mark.parametrize("facing", range(6))
def test_footprints_by_size_rules_2(facing):
    a = Hex(5, 5)
    assert footprint("medium", a, facing) == [a]
    large = footprint("large", a, facing)
    assert len(large) == 3 and a in large
    assert all(hex_distance(x, y) == 1 for x in large for y in large if x != y)
    huge = footprint("huge", a, facing)
    assert len(huge) == 7 and set(huge) == set(hexes_within(a, 1))
    garg = footprint("gargantuan", a, facing)
    assert len(garg) == 10 == len(set(garg))
    assert max(hex_distance(x, y) for x in garg for y in garg) == 3


def test_large_footprint_has_two_orientations_up_to_translation():
    shapes = set()
    for facing in range(6):
        cells = footprint("large", Hex(0, 0), facing)
        qmin = min(h.q for h in cells)
        rmin = min(h.r for h in cells)
        shapes.add(frozenset(Hex(h.q - qmin, h.r - rmin) for h in cells))
    assert len(shapes) == 2


@given(hexes, hexes)
def test_distance_symmetric_and_linedraw_length(a, b):
    assert hex_distance(a, b) == hex_distance(b, a)
    line = hex_linedraw(a, b)
    assert len(line) == hex_distance(a, b) + 1
    assert line[0] == a and line[-1] == b
    assert all(hex_distance(p, q) == 1 for p, q in zip(line, line[1:]))


@given(hexes, st.sampled_from(LAYOUTS))
def test_offset_roundtrip_from_hex(h, layout):
    assert offset_to_hex(*hex_to_offset(h, layout), layout) == h


@given(coords, coords, st.sampled_from(LAYOUTS))
def test_offset_roundtrip_from_offset(col, row, layout):
    assert hex_to_offset(offset_to_hex(col, row, layout), layout) == (col, row)


TILED_LAYOUTS = [TiledLayout(56, 64, 32, "y", i) for i in ("odd", "even")] + \
    [TiledLayout(64, 56, 32, "x", i) for i in ("odd", "even")] + \
    [TiledLayout(14, 12, 6, "y", "odd"), TiledLayout(60, 60, 30, "x", "odd"),
     TiledLayout(15, 13, 7, "y", "even"), TiledLayout(31, 27, 9, "x", "even")]
tiled_layouts = st.sampled_from(TILED_LAYOUTS)
cells = st.integers(min_value=0, max_value=40)


def test_tiled_tile_positions_pointy_odd():
    lay = TiledLayout(14, 12, 6, "y", "odd")  # Tiled's hexagonal-mini example
    assert (lay.side_offset_x, lay.side_offset_y, lay.column_width, lay.row_height) == (7, 3, 7, 9)
    assert lay.tile_top_left(0, 0) == (0, 0)
    assert lay.tile_top_left(0, 1) == (7, 9)
    assert lay.tile_top_left(3, 2) == (42, 18)
    assert lay.map_pixel_size(20, 20) == (20 * 14 + 7, 20 * 9 + 3)


def test_tiled_tile_positions_flat_odd():
    lay = TiledLayout(60, 60, 30, "x", "odd")
    assert (lay.column_width, lay.row_height) == (45, 30)
    assert lay.tile_top_left(1, 0) == (45, 30)
    assert lay.tile_top_left(2, 1) == (90, 60)
    assert lay.tile_top_left(3, 1) == (135, 90)
    assert lay.map_pixel_size(20, 20) == (20 * 45 + 15, 20 * 60 + 30)


def test_tiled_odd_sizes_round_down_to_even():
    lay = TiledLayout(15, 13, 7, "y", "even")
    assert (lay.tw, lay.th) == (14, 12)


@given(cells, cells, tiled_layouts)
def test_red_blob_layout_matches_tiled_integer_layout(col, row, lay):
    h = lay.tile_to_hex(col, row)
    x, y = lay.hex_to_pixel(h)
    cx, cy = lay.tile_center(col, row)
    assert math.isclose(x, cx, abs_tol=1e-6) and math.isclose(y, cy, abs_tol=1e-6)
    assert lay.pixel_to_hex(cx, cy) == h


@given(cells, cells, tiled_layouts)
def test_tiled_picking_finds_the_tile_at_its_center(col, row, lay):
    cx, cy = lay.tile_center(col, row)
    assert lay.pixel_to_tile(cx, cy) == (col, row)


@given(st.floats(0, 800), st.floats(0, 800), st.sampled_from(TILED_LAYOUTS[:4]))
def test_tiled_picking_agrees_with_nearest_hex_center(x, y, lay):
    # Tiled picks the nearest of 4 candidate centers; for regular-ish hexes that is the hex
    # whose area contains the point, except within a pixel of an edge.
    col, row = lay.pixel_to_tile(x, y)
    fh = lay.pixel_to_hex_fractional(x, y)
    h = hex_round(fh)
    tile_hex = lay.tile_to_hex(col, row)
    if tile_hex != h:
        tx, ty = lay.tile_center(col, row)
        hx, hy = lay.hex_to_pixel(h)
        dt = math.hypot(tx - x, ty - y)
        dh = math.hypot(hx - x, hy - y)
        assert abs(dt - dh) < 2.0


def test_tile_polygon_is_a_hexagon_around_center():
    for lay in TILED_LAYOUTS[:4]:
        poly = lay.tile_polygon(3, 2)
        assert len(poly) == 6
        cx, cy = lay.tile_center(3, 2)
        assert math.isclose(sum(p[0] for p in poly) / 6, cx) and math.isclose(sum(p[1] for p in poly) / 6, cy)


far = st.integers(min_value=-100_000, max_value=100_000)


@given(hexes, hexes, st.one_of(hexes, st.builds(Hex, far, far)))
def test_linedraw_is_translation_invariant(a, b, shift):
    """A line's hexes depend only on its two ends' difference: moved anywhere (far from the
    origin too, where floating point rounds ties differently), the same shape, and the shape
    the rules cache by delta (`geometry.linedraw_offsets`: corridors, cover, the computer's
    wall test)."""
    from game.rules.geometry import linedraw_offsets
    moved = hex_linedraw(Hex(a.q + shift.q, a.r + shift.r), Hex(b.q + shift.q, b.r + shift.r))
    line = hex_linedraw(a, b)
    assert moved == [Hex(h.q + shift.q, h.r + shift.r) for h in line]
    offsets = linedraw_offsets(b.q - a.q, b.r - a.r)
    assert line == [Hex(a.q + q, a.r + r) for q, r in offsets]
    assert moved == [Hex(a.q + shift.q + q, a.r + shift.r + r) for q, r in offsets]
