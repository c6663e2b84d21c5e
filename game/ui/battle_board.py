"""The battle's board as the window draws it: the map picture of a .tmx (cached), the threat
heat map baked under the creatures (`HeatBoard`), and a camera for the final position picture.
"""
from __future__ import annotations

import math
from pathlib import Path

import pygame

from game.ai.heatmap import threat_heatmap
from game.ui.board import Board, plain_map_surface

DYNAMIC_MARGIN = 200        # px kept around a marked hex or creature (rings, badges, names)
HEAT_LOW, HEAT_HIGH = (240, 228, 66), (213, 94, 0)
HEAT_STEPS = 6
_MAPS: dict = {}
MAP_SURFACES_KEPT = 4       # a map's surface is megabytes: the few maps played lately


def map_surface(hexmap) -> tuple[pygame.Surface, tuple[int, int]]:
    """(the static map, canvas position of map pixel 0,0): `render`'s own code for a .tmx
    (`build_map_surface`, units left out), plain hexes for a map built in code; cached."""
    path = Path(hexmap.path)
    if not path.is_file():
        return plain_map_surface(hexmap), (0, 0)
    key = (path.resolve(), path.stat().st_mtime_ns)
    if key not in _MAPS:
        from game.ui.map_renderer import build_map_surface, load_map_info
        info = load_map_info(path)
        if len(_MAPS) >= MAP_SURFACES_KEPT:
            _MAPS.pop(next(iter(_MAPS)))        # the one made first
        _MAPS[key] = (build_map_surface(info), tuple(info.origin))
    return _MAPS[key]


def heat_cells(battle, team: str) -> dict:
    """cell -> threat to `team`'s creatures (`game.ai.heatmap.threat_heatmap`), cached per
    battle version and team."""
    from game.ui.battle_memo import cached

    def compute():
        values = threat_heatmap(battle.view(), team) or {}
        return {battle.cell(h): float(v) for h, v in values.items()
                if v > 0 and battle.hexmap.contains(h)}
    return cached(battle, ("heatmap", team), compute)


class HeatBoard(Board):
    """The board with the threat heat map baked into its cached static layer, under the
    creatures: drawn again only when the battle, the team shown or the zoom change.

    `veneer` (set by `BattleScreen.draw` while it draws the board): a function (view layer, its key)
    -> the surface to blit instead, the view layer with the cached HUD composed over it
    (`HudLayer.over_view`); `dynamic_rect` bounds what `draw` paints over the view layer."""

    def __init__(self, battle, map_surface, origin=(0, 0)):
        super().__init__(battle, map_surface, origin)
        self.heat_team: str | None = None     # None: the heat map is off
        self._heat_key = None
        self.heat_builds = 0
        self.veneer = None

    def view_layer(self, ctl, camera, size, with_units: bool = True) -> pygame.Surface:
        view = super().view_layer(ctl, camera, size, with_units)
        if self.veneer is None:
            return view
        return self.veneer(view, self._view_key)

    def dynamic_rect(self, camera, ctl, animator=None, size=None) -> pygame.Rect:
        """A screen rectangle holding everything `draw` paints over the view layer this
        frame (conservative): the camera's area (the labels and the heat legend are kept
        inside it) and, with a margin for rings, badges and names, the hovered hex, the
        hovered creature's threat area, the move preview (path, safe path, provoking hexes
        and the creatures they provoke) and every marked creature (active, selected, hovered,
        highlighted, to pick); the whole screen while an animation plays (it moves bodies)."""
        screen = pygame.Rect((0, 0), size or camera.viewport)
        if animator is not None and animator.busy:
            return screen
        m, b = ctl.model, self.battle
        area = pygame.Rect(camera.area())
        cells: set = set()
        names = {b.active, m.selected, m.hover_unit} | set(m.highlighted or ()) | \
            set(m.choice_candidates or ())
        if m.hover_cell is not None:
            cells.add(tuple(m.hover_cell))
        if m.hover_unit:
            from game.ui.overlays import threat_cells
            cells |= set(threat_cells(b, m.hover_unit))
        p = m.preview
        if p is not None:
            cells |= set(p.cells or ()) | set(p.safe_cells or ())
            for cell, who, _ in p.provokes or ():
                cells.add(tuple(cell))
                names |= set(who)
        pts = [self.centre(c) for c in cells]
        for name in names:
            if name and name in b.eids:
                pts += [self.hex_centre(h) for h in b.unit(name).hexes]
        if not pts:
            return area.clip(screen)
        xs, ys = zip(*(camera.to_screen(*pt) for pt in pts))
        pad = max(self.layout.tw, self.layout.th) * camera.zoom + DYNAMIC_MARGIN
        x0, y0 = math.floor(min(xs) - pad), math.floor(min(ys) - pad)
        box = pygame.Rect(x0, y0, math.ceil(max(xs) + pad) - x0, math.ceil(max(ys) + pad) - y0)
        return area.union(box).clip(screen)

    def static_layer(self, ctl, zoom: float, with_units: bool = True):
        key = (self.heat_team, self.battle.version if self.heat_team else None)
        if key != self._heat_key:
            self._heat_key = key
            self._static_key = None
        return super().static_layer(ctl, zoom, with_units)

    def _build_static(self, ctl, zoom: float, selection: bool = True):
        surf = super()._build_static(ctl, zoom, selection)
        if self.heat_team is not None:
            self.draw_heat(surf, heat_cells(self.battle, self.heat_team), zoom)
        return surf

    def draw_heat(self, surf, values: dict, zoom: float) -> None:
        """Hexes tinted yellow (a little threat) to vermillion (the most), more opaque the
        more threatened, in HEAT_STEPS bands (one layer per band)."""
        if not values:
            return
        top = max(values.values())
        bands: dict[int, list] = {}
        for cell, v in values.items():
            bands.setdefault(min(HEAT_STEPS - 1, int(v / top * HEAT_STEPS)), []).append(cell)
        for band, cells in sorted(bands.items()):
            k = (band + 1) / HEAT_STEPS
            colour = tuple(round(a + (b - a) * k) for a, b in zip(HEAT_LOW, HEAT_HIGH))
            self.fill_cells(surf, cells, (*colour, round(40 + 120 * k)), zoom)
        self.heat_builds += 1


class WorldCamera:
    """Draws in world pixels, zoom 1 (the final position picture)."""
    zoom = 1.0

    @staticmethod
    def to_screen(wx: float, wy: float) -> tuple[float, float]:
        return wx, wy


__all__ = ["HEAT_HIGH", "HEAT_LOW", "HeatBoard", "WorldCamera", "heat_cells", "map_surface"]
