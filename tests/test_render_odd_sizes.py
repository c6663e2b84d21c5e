"""`render` against tmxrasterizer for every mix of odd and even tile width, tile height and
hex side length, on both stagger axes (issue: a flat-top map with side length 17 differed
along tile edges, more in the later columns).

Tiled draws a flat-top tile layer two columns at a time, stepping by tile width + side
length; when that is odd, its columns sit up to half a pixel per column away from Tiled's
tile coordinates, and where the stepping starts depends on the layer's draw margins
(`map_renderer.draw_start_column`). Tile images taller than the cell, with a tile offset,
move that start, so half of the cases use them."""
from __future__ import annotations

import itertools
import random

import pytest

from test_render import (assert_matches_tmxrasterizer, make_tileset_png, random_gids,
                         tile_layer, tileset_xml, write_map)

CASES = [(axis, w, h, side) for axis, w, h, side in
         itertools.product("xy", (32, 33), (28, 29), (16, 17))]


@pytest.mark.parametrize("axis,tile_w,tile_h,side", CASES)
def test_odd_and_even_sizes_match_tmxrasterizer(axis, tile_w, tile_h, side, tmp_path):
    name = f"{axis}-{tile_w}x{tile_h}-{side}"
    n = CASES.index((axis, tile_w, tile_h, side))
    index = ("odd", "even")[n % 2]
    extra = (0, 6)[(n // 2) % 2]           # taller tile images, drawn 3 px lower
    make_tileset_png(tmp_path / f"{name}.png", tile_w, tile_h + extra, axis)
    rng = random.Random(name)
    cols, rows = 11, 8
    tmx = write_map(tmp_path / f"{name}.tmx", cols, rows, tile_w, tile_h, side, axis, index,
                    tileset_xml(f"{name}.png", tile_w, tile_h + extra, offset=(0, extra // 2)),
                    tile_layer(1, "ground", random_gids(rng, cols, rows, density=0.9)))
    stats = assert_matches_tmxrasterizer(tmx, tmp_path)
    assert stats["differing"] == 0


def test_the_reported_flat_top_map_36x31_side_17(tmp_path):
    make_tileset_png(tmp_path / "t.png", 40, 35, "x")
    rng = random.Random(17)
    tmx = write_map(tmp_path / "reported.tmx", 36, 31, 40, 35, 17, "x", "even",
                    tileset_xml("t.png", 40, 35), tile_layer(1, "g", random_gids(rng, 36, 31)))
    assert assert_matches_tmxrasterizer(tmx, tmp_path)["differing"] == 0
