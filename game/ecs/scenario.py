"""Battles made in code: a HexMap and its world without a .tmx file.

For tests, benchmarks and the AI's what-if questions. Maps from Tiled go through
game.tiled.loader instead; both end in the same HexMap and the same component store.
"""
from __future__ import annotations

from pathlib import Path

from game.ecs.view import BattleView, snapshot
from game.ecs.world import build_store
from game.hexgrid import TiledLayout
from game.tiled.hexmap import OPEN_GROUND, HexMap, Terrain, UnitPlacement

POINTY = ("y", "odd")
FLAT = ("x", "odd")


def make_hexmap(width: int, height: int, terrain: dict | None = None, units=(),
                axis: str = "y", index: str = "odd", teams=None) -> HexMap:
    """terrain: {(col, row): Terrain}; units: UnitPlacement or dicts of its fields."""
    if axis == "y":
        layout = TiledLayout(56, 64, 32, "y", index)
    else:
        layout = TiledLayout(64, 56, 32, "x", index)
    cells = [OPEN_GROUND] * (width * height)
    for (col, row), t in (terrain or {}).items():
        cells[row * width + col] = t
    placements = [u if isinstance(u, UnitPlacement) else UnitPlacement(**u) for u in units]
    team_list = list(teams) if teams else list(dict.fromkeys(p.team for p in placements))
    return HexMap(Path("<scenario>"), width, height, layout, cells, placements, teams=team_list)


def make_view(width: int, height: int, terrain: dict | None = None, units=(),
              axis: str = "y", index: str = "odd", units_db: dict | None = None) -> BattleView:
    hexmap = make_hexmap(width, height, terrain, units, axis, index)
    return snapshot(build_store(hexmap, units_db), hexmap)


WALL = Terrain(impassable=True, obstacle="wall", name="stone wall")
LOW_WALL = Terrain(obstacle="low", name="low wall")
RUBBLE = Terrain(difficult=True, name="rubble")
FOREST = Terrain(concealment="partial", name="forest")
FOG = Terrain(blocks_sight=True, name="fog")
HILL = Terrain(elevation=1, name="hill")
