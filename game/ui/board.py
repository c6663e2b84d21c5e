"""The battlefield on screen: the map as `render` draws it, the overlays of the selection, the
hover previews and the creatures (docs/architecture.md "Layers"; what is shown:
docs/rules/02-size-and-reach.md to 08-flanking.md).

Layers, bottom to top, and what they cost per frame:
1. the *static* layer: the map scaled to the camera's zoom step (cached per step) with the
   selection's reachable hexes tinted by Big Actions (1 Move, 2 Moves, Run), its threatened
   hexes outlined, and the T (enemy threat) and L (line of sight) overlays baked in; rebuilt
   only when the battle, the selection, the mode, the overlays or the zoom change, so a frame
   blits it once;
2. the hover previews: the path with its cost, the hexes whose exit provokes and lines to the
   enemies that would react, the safe path dashed; on an enemy, the lines of
   docs/rules/05-line-of-sight.md that cover was tested with (obstructed ones dashed in vermillion)
   and the hit chance;
3. the creatures (`sprites.token`, cached per zoom), their HP bars and condition badges, the
   active creature's marker, the creatures to pick (selective initiative) and highlights.

World coordinates are the pixels of the map canvas (`build_map_surface`): map pixel (0, 0)
lies at `origin`. A map without a .tmx file (built in code) is drawn as plain hexes.
"""
from __future__ import annotations

import math
from collections import OrderedDict

import pygame

from game.engine.steller.zones import zone_cells
from game.hexgrid import hex_distance, hex_neighbor
from game.rules import geometry as geo
from game.ui import overlays as ov
from game.ui import presenters as P
from game.ui import sprites as sp
from game.ui.sprites import dashed_line, pill
from game.ui.region_marks import draw_regions
from game.ui.terrain_marks import draw_terrain_marks
from game.ui.fog_layer import dim_unseen, draw_ghosts
from game.ui.light_presenters import status_of
from game.ui.steller_presenters import save_ends_conditions

TIER_FILL = {1: (86, 180, 233, 85), 2: (240, 228, 66, 42)}
TIER_COLOUR = {0: (86, 180, 233), 1: (86, 180, 233), 2: (240, 228, 66), 3: (204, 121, 167),
               None: (160, 160, 160)}
THREAT = (213, 94, 0)
SAFE = (0, 158, 115)
ACTIVE = (230, 159, 0)
# token radius / hex size, by size (docs/rules/02-size-and-reach.md)
ONE_HEX = {"tiny": 0.25, "small": 0.31, "medium": 0.36}
SHARED_SCALE = 0.62      # creatures sharing one hex are drawn this much smaller...
SHARED_STEP = 0.46       # ...and this part of the hex's width apart
RIDER_SCALE = 0.68       # a rider is drawn on its mount's back this much smaller...
RIDER_SHIFT = (0.3, -0.3)  # ...this part of a hex's width and height from the mount's centre
HIDDEN_FILL = (8, 10, 22, 150)
TERRAIN_COLOURS = {"wall": (110, 110, 120), "low": (150, 130, 100), "difficult": (150, 120, 80),
                   "impassable": (60, 90, 160), "partial": (60, 120, 60), "total": (30, 60, 30),
                   "open": (112, 160, 80)}


#: every mark the board draws over the map's tiles, by kind: the legend (game.ui.legend) shows
#: each one drawn by the board's own code, with what it means
MARK_KINDS = (
    # the static layer: the selection's reach and the overlays (T, L, H, G)
    "reach_move", "reach_two_moves", "reach_run", "threat_own", "threat_enemy", "hidden",
    "heat", "coordinates", "respawn",
    # the terrain the battle changed, and the ledges (game.ui.terrain_marks)
    "ledge", "door_closed", "door_locked", "door_open", "door_broken", "rubble",
    # the hover previews
    "hover", "hover_threat", "path_move", "path_two_moves", "path_run", "path_provoking",
    "safe_path", "cover_clear", "cover_obstructed", "ability_area", "ability_heal",
    "more_target",
    # the creatures and their markers
    "token", "dead", "knocked_out", "hp_bar", "badge", "active", "selected", "pick",
    "aoo_reactor", "no_reaction", "flanking", "highlight",
)


def _provokes_words(p) -> str:
    """The path's warning: the enemies the engine says the command provokes, by name."""
    if p.provokers:
        return f"provokes {', '.join(p.provokers)}"
    return "provokes attacks of opportunity"


class _Frac:
    """A hex with fractional axial coordinates, for the layout's linear hex_to_pixel."""
    __slots__ = ("q", "r")

    def __init__(self, q: float, r: float):
        self.q, self.r = q, r


def plain_map_surface(hexmap) -> pygame.Surface:
    """Plain hexes coloured by terrain, for maps built in code (no .tmx to render)."""
    lay = hexmap.layout
    surf = pygame.Surface(lay.map_pixel_size(hexmap.width, hexmap.height))
    surf.fill((40, 44, 52))
    for row in range(hexmap.height):
        for col in range(hexmap.width):
            t = hexmap.terrain[row * hexmap.width + col]
            key = ("impassable" if t.impassable and t.obstacle != "wall" else
                   t.obstacle if t.obstacle != "none" else "difficult" if t.difficult else
                   t.concealment if t.concealment != "none" else "open")
            poly = lay.tile_polygon(col, row)
            pygame.draw.polygon(surf, TERRAIN_COLOURS[key], poly)
            pygame.draw.polygon(surf, (70, 100, 50), poly, 1)
    return surf


BACKDROP = (28, 30, 36)      # the window around the map


class Board:
    """Draws one battle for a `GameController` through a `Camera`."""

    def __init__(self, battle, map_surface: pygame.Surface, origin=(0, 0)):
        self.battle = battle
        self.hexmap = battle.hexmap
        self.layout = self.hexmap.layout
        self.base = map_surface
        self.origin = origin
        self.world_size = map_surface.get_size()
        self.teams = list(self.hexmap.teams) or sorted(set(battle.teams_of.values()))
        self._scaled: OrderedDict = OrderedDict()
        self._static_key, self._static = None, None
        self._view_key, self._view = None, None
        self._sprites: dict = {}
        self._edges: dict = {}
        self._centres: dict = {}
        self.coordinates = False   # G: every hex's col,row drawn in the static layer
        self.unit_texts: list = []     # (text, screen rect) of the creatures' badges
        self._static_texts: list = []  # the same in the static layer's pixels
        self.drawn_texts: list = []    # the same, and the labels, of the last frame
        self.static_builds = 0   # how many times the static layer was rebuilt (tests, bench)
        self.known = None        # what the shown side knows under fog (None: everything)
        self.drawn_units: list = []    # the creatures drawn by the last draw_units
        self.drawn_ghosts: list = []   # the last-seen enemies drawn faded (fog of war)

    # ---- geometry --------------------------------------------------------------------------
    def centre(self, cell) -> tuple[float, float]:
        x, y = self.layout.tile_center(*cell)
        return x + self.origin[0], y + self.origin[1]

    def polygon(self, cell) -> list[tuple[float, float]]:
        ox, oy = self.origin
        return [(x + ox, y + oy) for x, y in self.layout.tile_polygon(*cell)]

    def hex_centre(self, h) -> tuple[float, float]:
        c = self._centres.get(h)
        if c is None:
            c = self._centres[h] = self.centre(self.hexmap.tile_of(h))
        return c

    def lattice_to_world(self, p) -> tuple[float, float]:
        """A point of `game.rules.geometry` (exact lattice coordinates) in world pixels."""
        r = p[1] / (3 * geo.SCALE)
        q = (p[0] / geo.SCALE - r) / 2
        x, y = self.layout.hex_to_pixel(_Frac(q, r))
        return x + self.origin[0], y + self.origin[1]

    def pick(self, camera, pos) -> tuple[int, int] | None:
        """The map cell under a screen position (Tiled's own picking), None off the map."""
        wx, wy = camera.to_world(*pos)
        if not (0 <= wx < self.world_size[0] and 0 <= wy < self.world_size[1]):
            return None
        cell = self.layout.pixel_to_tile(wx - self.origin[0], wy - self.origin[1])
        return cell if self.hexmap.in_bounds(*cell) else None

    def edges(self, cell):
        """[(corner a, corner b, neighbour cell)] of a cell's six sides, world pixels."""
        if cell not in self._edges:
            poly, (cx, cy) = self.polygon(cell), self.centre(cell)
            out = []
            for a, b in zip(poly, poly[1:] + poly[:1]):
                mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
                px, py = mx + (mx - cx) * 0.3, my + (my - cy) * 0.3
                n = self.layout.pixel_to_tile(px - self.origin[0], py - self.origin[1])
                out.append((a, b, tuple(n)))
            self._edges[cell] = out
        return self._edges[cell]

    # ---- the static layer ------------------------------------------------------------------
    def scaled_map(self, zoom: float) -> pygame.Surface:
        if zoom not in self._scaled:
            w, h = self.world_size
            size = (max(1, round(w * zoom)), max(1, round(h * zoom)))
            surf = self.base if zoom == 1.0 else pygame.transform.smoothscale(self.base, size)
            self._scaled[zoom] = _opaque(surf)
            while len(self._scaled) > 3:
                self._scaled.popitem(last=False)
        self._scaled.move_to_end(zoom)
        return self._scaled[zoom]

    def static_layer(self, ctl, zoom: float, with_units: bool = True) -> pygame.Surface:
        """The map, the overlays and (`with_units`, i.e. no animation playing) the
        selection's reach and the creatures' bodies at `zoom`, rebuilt only when one of them
        changes."""
        m = ctl.model
        self.known = ctl.knowledge()
        key = (zoom, self.battle.version, m.selected, m.mode, frozenset(m.overlays),
               ov.budget_of(self.battle, m.selected) if m.selected in self.battle.eids else None,
               with_units, self.known)
        if key != self._static_key:
            self._static_key = key
            self._static = self._build_static(ctl, zoom, selection=with_units)
            if with_units:
                self.draw_units(self._static, _Flat(zoom))
                if self.known is not None:
                    self.drawn_ghosts = draw_ghosts(self, self._static, _Flat(zoom), self.known)
                self._static_texts = self.unit_texts
            self.static_builds += 1
        return self._static

    def invalidate(self) -> None:
        """Build the static layer again at the next frame."""
        self._static_key = None

    def draw_coordinates(self, surf, zoom: float) -> None:
        """col,row in every hex, as Tiled shows them."""
        size = max(9, round(11 * min(zoom, 1.4)))
        for row in range(self.battle.hexmap.height):
            for col in range(self.battle.hexmap.width):
                x, y = self.centre((col, row))
                label = sp.text(f"{col},{row}", size, (235, 235, 235), False, sp.INK)
                surf.blit(label, label.get_rect(center=(x * zoom, y * zoom + 12 * zoom)))

    def _build_static(self, ctl, zoom: float, selection: bool = True) -> pygame.Surface:
        """The map with the overlays; without `selection` (while moves animate) the selected
        creature's reach and sight are left out: they belong to where it ends up."""
        m, b = ctl.model, self.battle
        surf = self.scaled_map(zoom).copy()
        draw_terrain_marks(self, surf, zoom)
        draw_regions(self, surf, zoom)
        sel = m.selected if m.selected in b.eids and selection else None
        if sel is not None and self.known is not None and not self.known.knows(b.unit(sel)):
            sel = None          # fog of war: no reach nor sight of a creature unseen
        if self.known is not None:
            dim_unseen(self, surf, self.known, zoom)
        if "los" in m.overlays and sel:
            self.fill_cells(surf, ov.hidden_cells(b, sel), HIDDEN_FILL, zoom)
        if sel:
            self._reach(surf, ov.reach_tiers(b, sel, m.mode), ov.run_cells(b, sel, m.mode),
                        zoom)
        if "threat" in m.overlays:
            team = ctl.team_of(m.selected if m.selected in b.eids else None) or \
                next(iter(sorted(ctl.human_teams)), None)
            cells = ov.enemy_threat_cells(b, team)
            self.fill_cells(surf, cells, (*THREAT, 40), zoom)
            self.outline(surf, cells, THREAT, zoom, 2)
        if sel:
            colour, _ = sp.team_style(b.teams_of[sel], self.teams)
            self.outline(surf, ov.threat_cells(b, sel), sp.shade(colour, 1.5), zoom, 2)
        if P.light_rules(b):
            self._respawn_marks(surf, zoom)
        if self.coordinates:
            self.draw_coordinates(surf, zoom)
        return surf

    def _respawn_marks(self, surf, zoom: float) -> None:
        """The light rules' respawn points (the map draws none in play): a hex tinted and
        dashed in the side's colour, "respawn" at its top while it is free
        (docs/rules/light/turns.md)."""
        view = self.battle.view()
        for point in getattr(self.battle.hexmap, "respawns", ()):
            cell = (point.col, point.row)
            # (a creature's token would hide the word)
            self.respawn_mark(surf, cell, point.team, zoom,
                              not view.occupants(self.hexmap.hex_at(*cell)))

    def respawn_mark(self, surf, cell, team: str, zoom: float, word: bool = True) -> None:
        """One respawn point of `team` at `cell`."""
        colour, _ = sp.team_style(team, self.teams)
        self.fill_cells(surf, [cell], (*colour, 70), zoom)
        self.outline(surf, [cell], colour, zoom, 2, dashed=True)
        if word:
            size = max(9, round(11 * min(zoom, 1.3)))
            x, y = self.centre(cell)
            label = sp.text("respawn", size, sp.PAPER, True, sp.INK)
            surf.blit(label, label.get_rect(midtop=(round(x * zoom), round(
                (y - self.layout.th * 0.42) * zoom))))

    def _reach(self, surf, tiers, runs, zoom: float) -> None:
        """1 Move: blue fill and edge; 2 Moves: yellow, lighter; a Run (1 Big Action) gets
        there: purple dots."""
        one = [c for c, t in tiers.items() if t == 1]
        two = [c for c, t in tiers.items() if t == 2]
        self.fill_cells(surf, one, TIER_FILL[1], zoom)
        self.fill_cells(surf, two, TIER_FILL[2], zoom)
        self.outline(surf, one + two, TIER_COLOUR[2], zoom, 2)
        self.outline(surf, one, TIER_COLOUR[1], zoom, 2)
        r = max(2, round(4 * zoom))
        for c in set(runs) | {c for c, t in tiers.items() if t == 3}:
            x, y = self.centre(c)
            pygame.draw.circle(surf, sp.INK, (x * zoom, y * zoom), r + 1)
            pygame.draw.circle(surf, TIER_COLOUR[3], (x * zoom, y * zoom), r)

    def fill_cells(self, surf, cells, rgba, zoom: float, offset=(0, 0)) -> None:
        """Tint cells with one translucent colour (one layer: no seams between hexes)."""
        polys = [[(x * zoom + offset[0], y * zoom + offset[1]) for x, y in self.polygon(c)]
                 for c in cells]
        if not polys:
            return
        xs = [x for p in polys for x, _ in p]
        ys = [y for p in polys for _, y in p]
        box = pygame.Rect(math.floor(min(xs)), math.floor(min(ys)), 0, 0)
        box.width, box.height = math.ceil(max(xs)) - box.x + 1, math.ceil(max(ys)) - box.y + 1
        box = box.clip(surf.get_rect())
        if box.width <= 0 or box.height <= 0:
            return
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        for p in polys:
            pygame.draw.polygon(layer, rgba, [(x - box.x, y - box.y) for x, y in p])
        surf.blit(layer, box)

    def outline(self, surf, cells, colour, zoom: float, width: int = 2, offset=(0, 0),
                dashed: bool = False) -> None:
        """Draw the boundary of a region of cells (inner sides left out)."""
        cells = set(cells)
        width = max(1, round(width * min(zoom, 1.5)))
        for c in cells:
            for a, b, n in self.edges(c):
                if n in cells:
                    continue
                pa = (a[0] * zoom + offset[0], a[1] * zoom + offset[1])
                pb = (b[0] * zoom + offset[0], b[1] * zoom + offset[1])
                if dashed:
                    dashed_line(surf, colour, pa, pb, width, 5, 4)
                else:
                    pygame.draw.line(surf, colour, pa, pb, width)

    # ---- a frame -------------------------------------------------------------------------------
    def view_layer(self, ctl, camera, size, with_units: bool = True) -> pygame.Surface:
        """The static layer cut to the window at the camera's position (a surface the size
        of the window blits fastest), rebuilt when the static layer or the camera moves;
        the map shows only in the camera's area (not between or under the HUD's panels)."""
        static = self.static_layer(ctl, camera.zoom, with_units)
        off = camera.offset_px()
        area = self.area(camera, size)
        key = (id(static), self.static_builds, off, tuple(size), tuple(area))
        if key != self._view_key:
            if self._view is None or self._view.get_size() != tuple(size):
                self._view = _opaque(pygame.Surface(size))
            self._view.fill(BACKDROP)
            self._view.set_clip(area)
            self._view.blit(static, off)
            self._view.set_clip(None)
            self._view_key = key
        return self._view

    @staticmethod
    def area(camera, size) -> pygame.Rect:
        """Where the map is drawn: the camera's area, inside the window."""
        return pygame.Rect(camera.area()).clip(pygame.Rect((0, 0), size))

    def draw(self, surf, camera, ctl, animator=None) -> None:
        moving = animator is not None and animator.busy
        surf.blit(self.view_layer(ctl, camera, surf.get_size(), with_units=not moving), (0, 0))
        clip = surf.get_clip()
        surf.set_clip(self.area(camera, surf.get_size()).clip(clip))
        try:
            self._draw_over(surf, camera, ctl, animator, moving)
        finally:
            surf.set_clip(clip)

    def _draw_over(self, surf, camera, ctl, animator, moving: bool) -> None:
        """What changes from frame to frame, over the view layer."""
        self._labels = []
        self._hover_area(surf, camera, ctl)
        self._previews(surf, camera, ctl)
        self._ability_aim(surf, camera, ctl)
        self._zones(surf, camera)
        self._more_targets(surf, camera, ctl)
        self._cover(surf, camera, ctl)
        if moving:
            self.draw_units(surf, camera, ctl, animator)
        else:                   # the bodies of the static layer, moved to the window
            off = camera.offset_px()
            self.unit_texts = [(t, r.move(off)) for t, r in self._static_texts]
        self.drawn_texts = list(self.unit_texts)
        self.draw_marks(surf, camera, ctl, animator)
        self._attack(surf, camera, ctl)
        if animator is not None:
            animator.draw(surf, camera, self)
        area = pygame.Rect(camera.area()).clip(surf.get_rect())
        for lines, at, size, border in self._labels:
            rect = pill_rect(lines, at, size, area, self.drawn_texts)
            pill(surf, lines, rect.midbottom, size, border, above=True, inside=area)
            self.drawn_texts.append((" / ".join(t for t, _ in lines), rect))

    def label(self, lines, at, size: int = 15, border=(240, 240, 240)) -> None:
        """Queue a label whose bottom centre is `at`; labels are drawn over everything."""
        self._labels.append((lines, at, size, border))

    def screen(self, camera, world) -> tuple[float, float]:
        return camera.to_screen(*world)

    def _hover_area(self, surf, camera, ctl) -> None:
        m = ctl.model
        if m.hover_cell is None:
            return
        zoom, off = camera.zoom, camera.offset_px()
        who = m.hover_unit
        if who and (not m.selected or not ctl.hostile(m.selected, who)) and who != m.selected:
            colour, _ = sp.team_style(self.battle.teams_of[who], self.teams)
            self.outline(surf, ov.threat_cells(self.battle, who), sp.shade(colour, 1.4), zoom,
                         2, off, dashed=True)
        poly = [camera.to_screen(*p) for p in self.polygon(m.hover_cell)]
        pygame.draw.polygon(surf, (255, 255, 255), poly, max(1, round(2 * min(zoom, 1.5))))

    def _ability_aim(self, surf, camera, ctl) -> None:
        """The Ability mode's template: its area, and on each creature caught the chance it
        fails and its expected damage (its own side framed in the warning colour), or, for a
        creature the ability heals, the hit points it regains (in the safe colour: a target,
        not a warning)."""
        aim = ctl.model.aim
        if aim is None:
            return
        cells = [self.battle.cell(h) for h in aim.area]
        healing = any(f.helps for f in aim.caught)
        tint = SAFE if healing else (230, 159, 0)
        if aim.refusal:     # where the pointer aims, refused: said past the area's far end
            tint = (150, 150, 150)
            self.label([(aim.refusal, tint)], self._beyond(camera, aim), 13, tint)
        self.fill_cells(surf, cells, (*tint, 90), camera.zoom, camera.offset_px())
        self.outline(surf, cells, tint, camera.zoom, 2, camera.offset_px())
        if "los" in ctl.model.overlays:         # L: the lines of effect from the origin
            for cov in aim.lines:
                self._cover_lines(surf, camera, cov)
        for f in aim.caught:
            u = self.battle.unit(f.name)
            x, y = camera.to_screen(*self.unit_centre(u))
            _, r = self.token_radius(u, camera.zoom)
            text, colour = aim_label(f)
            self.label([(text, colour)], (x, y - r - 6), 13, colour)

    def _beyond(self, camera, aim) -> tuple[float, float]:
        """A point on the screen one hex past the far end of an aimed area, away from its
        origin."""
        origin = self.battle.hexmap.hex_at(*aim.command.origin)
        far = max(aim.area, key=lambda h: (hex_distance(origin, h), h.q, h.r))
        (ox, oy), (fx, fy) = self.hex_centre(origin), self.hex_centre(far)
        steps = max(1, hex_distance(origin, far))
        x, y = camera.to_screen(fx + (fx - ox) / steps, fy + (fy - oy) / steps)
        return x, y + 8

    def _zones(self, surf, camera) -> None:
        """The burning hexes of the steller rules' walls (docs/rules/steller/powers.md)."""
        if self.battle.profile.name != "steller":
            return
        cells = list(zone_cells(self.battle))
        if cells:
            zoom, off = camera.zoom, camera.offset_px()
            self.fill_cells(surf, cells, (213, 94, 0, 110), zoom, off)
            self.outline(surf, cells, (213, 94, 0), zoom, 2, off, dashed=True)

    def _more_targets(self, surf, camera, ctl) -> None:
        """The More actions mode: every legal target tinted, the hovered one outlined, and
        where the forecast says creatures would end (a shove's landing hex)."""
        m = ctl.model
        if m.mode != "more" or not m.more.targets:
            return
        zoom, off = camera.zoom, camera.offset_px()
        self.fill_cells(surf, list(m.more.targets), (86, 180, 233, 70), zoom, off)
        hovered = m.more.hovered
        if hovered is None:
            return
        if hovered.area:        # a steller or light power's area (the engine's template)
            self.fill_cells(surf, list(hovered.area), (230, 159, 0, 90), zoom, off)
            self.outline(surf, list(hovered.area), (230, 159, 0), zoom, 2, off)
        self.outline(surf, [hovered.cell], (86, 180, 233), zoom, 3, off)
        f = hovered.forecast
        for name, cell in (f.ends if f is not None else ()):
            self.outline(surf, [cell], (240, 228, 66), zoom, 3, off, dashed=True)
            x, y = camera.to_screen(*self.centre(cell))
            self.label([(f"{name} ends here", (240, 228, 66))], (x, y - 8), 13, (240, 228, 66))

    # ---- movement preview ----------------------------------------------------------------------
    def _previews(self, surf, camera, ctl) -> None:
        m = ctl.model
        p = m.preview
        sel = m.selected if m.selected in self.battle.eids else None
        if p is None or sel is None:
            return
        u = self.battle.unit(sel)
        start = camera.to_screen(*self.hex_centre(u.anchor))
        _, radius = self.token_radius(u, camera.zoom)
        w = max(2, round(4 * min(camera.zoom, 1.5)))
        if p.safe_cells:
            pts = [camera.to_screen(*self.centre(c)) for c in p.safe_cells]
            pts = [_edge(start, pts[0], radius + 3)] + pts
            for a, b in zip(pts, pts[1:]):
                dashed_line(surf, (10, 10, 10), a, b, w + 2, 10, 7)
                dashed_line(surf, SAFE, a, b, w, 10, 7)
            mid = pts[len(pts) // 2]
            self.label([(f"safe path: {p.safe_cost} hexes", SAFE),
                        ("Shift+click to take it", (220, 220, 220))],
                       (mid[0], mid[1] - 14), 14, SAFE)
        tier = 3 if p.kind in ("run", "charge") else 1 if p.kind in ("shift", "walk") else \
            p.big_actions
        colour = TIER_COLOUR.get(tier, TIER_COLOUR[None])
        pts = [camera.to_screen(*self.centre(c)) for c in p.cells]
        pts = [_edge(start, pts[0], radius + 3) if pts else start] + pts
        if len(pts) > 1:
            pygame.draw.lines(surf, (10, 10, 10), False, pts, w + 3)
            pygame.draw.lines(surf, colour, False, pts, w)
        for q in pts[1:-1]:
            pygame.draw.circle(surf, colour, q, w + 1)
        self._provocations(surf, camera, p)
        end = pts[-1]
        r = 12 * min(camera.zoom, 1.3)
        pygame.draw.circle(surf, (10, 10, 10), end, r + 2, 3)
        pygame.draw.circle(surf, colour, end, r, 3)
        ba = p.words or {None: "out of reach", 0: "left-over move", 1: "1 Big Action"}.get(
            p.big_actions, f"{p.big_actions} Big Actions")
        kind = {"move": "Move", "run": "Run", "charge": "Charge", "step": "5-Foot Step",
                "retreat": "Retreat", "shift": "Shift", "walk": "Walk"}.get(p.kind, p.kind)
        head = f"{kind} {p.cost} hex{'es' if p.cost != 1 else ''}"
        lines = [(head, colour), (ba, (230, 230, 230))]
        if p.provoking:
            lines.append(("provokes: click again / Enter" if ctl.model.pending else
                          "provokes Opportunity Attacks" if P.own_bar(self.battle)
                          else _provokes_words(p), THREAT))
        elif p.provokers == () and p.kind == "retreat":
            lines.append(("provokes no one", SAFE))
        self.label(lines, (end[0], end[1] - r - 8), 15, colour)

    def _provocations(self, surf, camera, p) -> None:
        for cell, names, ok in p.provokes:
            c = camera.to_screen(*self.centre(cell))
            for name, can in zip(names, ok):
                if name in self.battle.eids:
                    x = camera.to_screen(*self.unit_centre(self.battle.unit(name)))
                    dashed_line(surf, THREAT if can else (150, 150, 150), x, c, 2, 7, 5)
            self._warning(surf, c, 11 * min(camera.zoom, 1.4), any(ok))

    def _warning(self, surf, c, k: float, live: bool) -> None:
        pts = [(c[0], c[1] - k * 1.1), (c[0] + k, c[1] + k * 0.75), (c[0] - k, c[1] + k * 0.75)]
        pygame.draw.polygon(surf, THREAT if live else (140, 140, 140), pts)
        pygame.draw.polygon(surf, (10, 10, 10), pts, 2)
        label = sp.text("!", int(k * 1.6), sp.PAPER)
        surf.blit(label, label.get_rect(center=(c[0], c[1] + k * 0.1)))

    # ---- attack preview ----------------------------------------------------------------------
    def _cover(self, surf, camera, ctl) -> None:
        a = ctl.model.attack
        if a is not None and a.cover is not None and ctl.model.hover_unit in self.battle.eids:
            self._cover_lines(surf, camera, a.cover)

    def _attack(self, surf, camera, ctl) -> None:
        a, m = ctl.model.attack, ctl.model
        if a is None or m.hover_unit not in self.battle.eids:
            return
        target = self.battle.unit(m.hover_unit)
        tc = camera.to_screen(*self.unit_centre(target))
        r = min(self.layout.tw, self.layout.th) * camera.zoom * (0.5 if len(target.hexes) == 1
                                                                  else 1.1)
        colour = (240, 240, 240) if a.possible else (150, 150, 150)
        attacker = self.battle.unit(m.selected) if m.selected in self.battle.eids else None
        lines = self.attack_lines(a, attacker)
        if a.possible and m.attack_provokes:        # the engine's answer for the command
            lines.append((f"provokes {', '.join(m.attack_provokes)}", THREAT))
        lines += self._sharing_line(target)
        self.label(lines, (tc[0], tc[1] - r - 16), 20, colour)

    def _sharing_line(self, target) -> list[tuple[str, tuple]]:
        """Where the target shares its hex, which half is whose: point at the other half to
        target the other creature."""
        place, count = self.sharing(target)
        if count < 2:
            return []
        others = [x.name for x in self.battle.view().occupants(target.hexes[0])
                  if not x.dead and x.name != target.name]
        side = "left" if place == 0 else "right"
        return [(f"{target.name}: {side} half; {', '.join(others)}: the other half",
                 (200, 200, 200))]

    def _cover_lines(self, surf, camera, cov) -> None:
        blockers = set()
        for ln in cov.lines:
            a = camera.to_screen(*self.lattice_to_world(ln.start))
            b = camera.to_screen(*self.lattice_to_world(ln.end))
            if ln.obstructed:
                colour = (120, 20, 20) if ln.blocks_effect else THREAT
                dashed_line(surf, colour, a, b, 2, 6, 4)
                blockers.update(h for kind, h in ln.obstructed_by if kind == "hex")
            else:
                pygame.draw.aaline(surf, (245, 245, 235), a, b)
        for h in blockers:
            poly = [camera.to_screen(*p) for p in self.polygon(self.hexmap.tile_of(h))]
            pygame.draw.polygon(surf, THREAT, poly, 2)

    @staticmethod
    def attack_lines(a, attacker=None) -> list[tuple[str, tuple]]:
        """The label over a hovered enemy: hit chance, weapon and reach or range, then cover,
        concealment, flanking (docs/rules/02-size-and-reach.md, 06-cover.md to 08-flanking.md,
        10-attacks-and-damage.md)."""
        if not a.possible:
            return [("cannot attack", (200, 200, 200)), (a.reason[:60], (220, 220, 220))]
        out = [(f"{round(a.hit_chance * 100)}% to hit", (255, 255, 255))]
        weapon = getattr(a.weapon, "name", "")
        reach = None
        if attacker is not None and a.mode == "melee" and a.weapon is not None:
            reach = attacker.unit.reach_with(a.weapon)
        where = (f"in reach {reach * 5} ft" if reach else f"{a.mode}, {a.distance * 5} ft")
        out.append((f"{weapon}: {where}", (220, 220, 220)))
        facts = []
        if a.cover is not None and a.cover.level != "none":
            facts.append(f"{a.cover.level} cover +{a.cover.bonus or 0} AC")
        if a.concealment is not None and a.concealment.level != "none":
            facts.append(f"{a.concealment.level} concealment "
                         f"{round(a.concealment.miss_chance * 100)}% miss")
        if a.flanking is not None and a.flanking.flanked:
            facts.append("flanked -2 AC")
        out.extend((f, (240, 228, 66)) for f in facts)
        return out

    # ---- creatures ----------------------------------------------------------------------------
    def unit_centre(self, u) -> tuple[float, float]:
        if getattr(u, "mount", ""):         # on its mount's back, beside its picture
            x, y = self.pair_centre(u)
            k = 1.0 if len(u.hexes) == 1 else 1.6     # a large mount's picture is larger
            return (x + k * self.layout.tw * RIDER_SHIFT[0],
                    y + k * self.layout.th * RIDER_SHIFT[1])
        return self.pair_centre(u)

    def pair_centre(self, u) -> tuple[float, float]:
        """The centre of the space a creature fills (a rider's: its mount's)."""
        if len(u.hexes) == 1:
            x, y = self.hex_centre(u.hexes[0])
            place, count = self.sharing(u)
            return x + (place - (count - 1) / 2) * self.layout.tw * SHARED_STEP, y
        if not u.hexes:                 # off the board (a K.O. of the light rules)
            return self.hex_centre(u.anchor)
        pts = [self.hex_centre(h) for h in u.hexes]
        return sum(x for x, _ in pts) / len(pts), sum(y for _, y in pts) / len(pts)

    def sharing(self, u) -> tuple[int, int]:
        """(its place, how many) of the living creatures that share a creature's one hex
        (two small creatures, Cramped): drawn side by side, smaller; (0, 1) alone."""
        key = self.battle.version
        if getattr(self, "_shared_key", None) != key:
            self._shared_key, self._shared = key, {}
            groups: dict = {}
            for x in self.battle.view().units:
                if not x.dead and len(x.hexes) == 1 and not getattr(x, "partner", ""):
                    groups.setdefault(x.hexes[0], []).append(x.name)
            for names in groups.values():
                for place, name in enumerate(sorted(names)):
                    self._shared[name] = (place, len(names))
        return self._shared.get(u.name, (0, 1))

    def unit_under(self, camera, pos, cell) -> str | None:
        """The living creature the pointer shows on `cell`: where creatures share the hex,
        the one whose half of the hex the pointer is in."""
        if cell is None:
            return None
        here = [x for x in self.battle.view().occupants(self.hexmap.hex_at(*cell))
                if not x.dead and (self.known is None or self.known.knows(x))]
        if len(here) < 2:
            return here[0].name if here else None
        wx, wy = camera.to_world(*pos)
        return min(here, key=lambda x: (math.hypot(self.unit_centre(x)[0] - wx,
                                                   self.unit_centre(x)[1] - wy), x.name)).name

    def state_of(self, u) -> str:
        if u.dead:
            return "dead"
        if "unconscious" in u.conditions or "dying" in u.conditions:
            return "unconscious"
        return "prone" if "prone" in u.conditions else "up"

    def facing_vector(self, u) -> tuple[float, float]:
        ax, ay = self.layout.hex_to_pixel(u.anchor)
        bx, by = self.layout.hex_to_pixel(hex_neighbor(u.anchor, u.facing))
        d = math.hypot(bx - ax, by - ay) or 1
        return (bx - ax) / d, (by - ay) / d

    def sprite(self, u, zoom: float):
        """(surface, offset of its top-left from the anchor's centre), cached."""
        state = self.state_of(u)
        key = (u.unit_key, u.unit.glyph, u.team, u.size, u.facing, state, zoom,
               self.sharing(u)[1] > 1, getattr(u, "own_size", ""))
        if key not in self._sprites:
            self._sprites[key] = self._make_sprite(u, state, zoom)
        return self._sprites[key]

    def _make_sprite(self, u, state: str, zoom: float):
        colour, shape = sp.team_style(u.team, self.teams)
        lay = self.layout
        base = min(lay.tw, lay.th) * zoom
        glyph = u.unit.glyph or u.name[:1]
        facing = self.facing_vector(u)
        ax, ay = self.hex_centre(u.anchor)
        if getattr(u, "mount", ""):         # a rider: its own token on its mount's back
            surf = sp.token(glyph, colour, shape, base * self.one_hex(u), facing, state,
                            art_key=u.unit_key)
            return surf, (-surf.get_width() / 2, -surf.get_height() / 2)
        if len(u.hexes) == 1:
            scale = SHARED_SCALE if self.sharing(u)[1] > 1 else 1.0
            surf = sp.token(glyph, colour, shape, base * ONE_HEX[u.size] * scale, facing,
                            state, art_key=u.unit_key)
            return surf, (-surf.get_width() / 2, -surf.get_height() / 2)
        polys = [[(x * zoom, y * zoom) for x, y in self.polygon(self.hexmap.tile_of(h))]
                 for h in u.hexes]
        xs = [x for p in polys for x, _ in p]
        ys = [y for p in polys for _, y in p]
        x0, y0 = min(xs) - 12, min(ys) - 12
        size = (math.ceil(max(xs) - x0) + 12, math.ceil(max(ys) - y0) + 12)
        rel = [[(x - x0, y - y0) for x, y in p] for p in polys]
        anchor = (ax * zoom - x0, ay * zoom - y0)
        surf = sp.token(glyph, colour, shape, base * (0.42 + 0.04 * len(u.hexes) ** 0.5),
                        facing, state, rel, anchor, size, art_key=u.unit_key)
        return surf, (x0 - ax * zoom, y0 - ay * zoom)

    def units_in_order(self):
        """The creatures bottom to top: the dead first, then by height on the map."""
        key = (self.battle.version, self.known)
        if getattr(self, "_order_key", None) != key:
            self._order_key = key
            known = self.known
            shown = [u for u in self.battle.view().units if known is None or known.knows(u)]
            self._order = sorted(shown, key=lambda u: (not u.dead,     # riders over their mounts
                                                       bool(getattr(u, "mount", "")),
                                                       self.hex_centre(u.anchor)[1]))
        return self._order

    def draw_units(self, surf, camera, ctl=None, animator=None) -> None:
        """Every creature's body (sprite, HP bar, condition badges), where the animator says
        it is while its move plays."""
        self.unit_texts = []
        self.drawn_units = []
        for u in self.units_in_order():
            pos = animator.position(u.name, self) if animator is not None else None
            self._body(surf, camera, u, pos)
            self.drawn_units.append(u.name)

    def _body(self, surf, camera, u, pos=None) -> None:
        if not u.hexes:                 # off the board: a K.O. marker where it fell
            return self._off_board(surf, camera, u)
        anchor = self.hex_centre(u.anchor)
        ux, uy = self.unit_centre(u)
        world = pos if pos is not None else anchor
        spr, (dx, dy) = self.sprite(u, camera.zoom)
        sx, sy = camera.to_screen(*world)
        c = (sx + (ux - anchor[0]) * camera.zoom, sy + (uy - anchor[1]) * camera.zoom)
        one = len(u.hexes) == 1 or getattr(u, "mount", "")
        at = c if one else (sx, sy)      # a shared hex: beside the other one; a rider: on top
        surf.blit(spr, (round(at[0] + dx), round(at[1] + dy)))
        if u.dead:
            return
        zoom = camera.zoom
        base, r = self.token_radius(u, zoom)
        wide = base * (0.7 if one else 1.0)
        bar = pygame.Rect(0, 0, max(12, round(min(wide, 2.2 * r))),
                          max(3, round(5 * min(zoom, 1.4))))
        bar.midtop = (round(c[0]), round(c[1] + r + 4))
        sp.hp_bar(surf, bar, u.hp / u.max_hp if u.max_hp else 0)
        self._badges(surf, u, c, r, zoom)

    def _badges(self, surf, u, c, r: float, zoom: float) -> None:
        """The condition badges above the creature, in rows no wider than its share of the
        hex (at least one badge), the first row right above it, so that no two creatures'
        badges meet; each badge's rect is kept for the labels drawn later to keep off."""
        size = max(10, round(14 * min(zoom, 1.3)))
        saves = save_ends_conditions(self.battle, u.name) if P.steller_rules(self.battle) \
            else ()
        labels = sp.badge_labels(u.conditions, save_ends=saves)
        if u.name in self.battle.view().hidden:     # its enemies do not see it
            labels = ["Hidden", *labels]
        tags = [sp.badge(label, size) for label in labels]
        if not tags:
            return
        share = self.sharing(u)[1]
        room = self.layout.tw * zoom * (0.9 if share < 2 else 0.9 / share)
        width = max(2 * r, room, max(t.get_width() for t in tags))
        rows, row = [], []
        for tag in tags:
            if row and sum(t.get_width() + 2 for t in row) + tag.get_width() > width:
                rows.append(row)
                row = []
            row.append(tag)
        rows.append(row)
        bottom = c[1] - r - 2
        for row in rows:
            x = c[0] - (sum(t.get_width() for t in row) + 2 * (len(row) - 1)) / 2
            top = bottom - max(t.get_height() for t in row)
            for tag in row:
                rect = surf.blit(tag, (round(x), round(top)))
                self.unit_texts.append((u.name + " badge", rect))
                x += tag.get_width() + 2
            bottom = top - 1

    def _off_board(self, surf, camera, u) -> None:
        """A creature knocked out of the board (the light rules' K.O., until it respawns): a
        small "K.O." tag at the foot of the hex where it fell, nothing when it is out."""
        if "ko" not in u.conditions or status_of(self.battle, u.name) != "ko":
            return
        x, y = camera.to_screen(*self.hex_centre(u.anchor))
        tag = sp.badge("K.O.", max(10, round(12 * min(camera.zoom, 1.3))))
        surf.blit(tag, tag.get_rect(midbottom=(round(x), round(y + self.layout.th * 0.42 *
                                                              camera.zoom))))

    def token_radius(self, u, zoom: float) -> tuple[float, float]:
        """(the hex's short side in pixels, the radius of the creature's marker ring)."""
        base = min(self.layout.tw, self.layout.th) * zoom
        if getattr(u, "mount", ""):
            return base, base * self.one_hex(u)
        one = ONE_HEX.get(u.size, 0.36) * (SHARED_SCALE if self.sharing(u)[1] > 1 else 1.0)
        return base, base * (one if len(u.hexes) == 1 else 0.55 + 0.04 * len(u.hexes) ** 0.5)

    @staticmethod
    def one_hex(u) -> float:
        """A rider's token radius, as a share of a hex: its own size's, smaller."""
        return ONE_HEX.get(u.own_size or "medium", 0.36) * RIDER_SCALE

    def draw_marks(self, surf, camera, ctl, animator=None) -> None:
        """What depends on the UI model: the active creature's marker, the selection, the
        creatures to pick, the highlighted ones and their names."""
        m, b = ctl.model, self.battle
        names = {b.active, m.selected, m.hover_unit} | set(m.highlighted) | \
            set(m.choice_candidates)
        for u in self.units_in_order():
            if u.dead or u.name not in names:
                continue
            pos = animator.position(u.name, self) if animator is not None else None
            anchor = self.hex_centre(u.anchor)
            ux, uy = self.unit_centre(u)
            world = (pos[0] + ux - anchor[0], pos[1] + uy - anchor[1]) if pos else (ux, uy)
            c = camera.to_screen(*world)
            _, r = self.token_radius(u, camera.zoom)
            self._markers(surf, ctl, u, c, r, camera.zoom)
            if u.name in (m.selected, m.hover_unit) or u.name in m.highlighted:
                size = max(11, round(15 * min(camera.zoom, 1.3)))
                label = sp.text(self.name_of(u), size, sp.PAPER, True, sp.INK)
                y = c[1] + r + 6 + max(3, round(5 * min(camera.zoom, 1.4)))
                rect = free_spot(label.get_rect(midtop=(round(c[0]), round(y))),
                                 self.drawn_texts, surf.get_rect(), down=True)
                surf.blit(label, rect)
                self.drawn_texts.append((u.name, rect))

    @staticmethod
    def name_of(u) -> str:
        """The name shown under a creature: a rider's names its mount too."""
        mount = getattr(u, "mount", "")
        return f"{u.name} on {mount}" if mount else u.name

    def _markers(self, surf, ctl, u, c, r: float, zoom: float) -> None:
        m, b = ctl.model, self.battle
        if u.name == b.active:
            pygame.draw.circle(surf, sp.INK, c, r + 7, 5)
            pygame.draw.circle(surf, ACTIVE, c, r + 6, 3)
            k = 8 * min(zoom, 1.4)
            top = c[1] - r - 12
            pts = [(c[0] - k, top - k), (c[0] + k, top - k), (c[0], top)]
            pygame.draw.polygon(surf, ACTIVE, pts)
            pygame.draw.polygon(surf, sp.INK, pts, 2)
        elif u.name == m.selected:
            pygame.draw.circle(surf, sp.PAPER, c, r + 6, 2)
        if u.name in m.choice_candidates:
            pygame.draw.circle(surf, (255, 255, 255), c, r + 9, 2)
            tag = sp.badge("pick", max(10, round(13 * min(zoom, 1.3))))
            surf.blit(tag, tag.get_rect(midbottom=(round(c[0]), round(c[1] - r - 6))))
        if u.name in m.highlighted:
            self._highlight(surf, ctl, u, c, r, zoom)

    def _highlight(self, surf, ctl, u, c, r: float, zoom: float) -> None:
        p, a = ctl.model.preview, ctl.model.attack
        react = [ok for _, names, oks in (p.provokes if p else ()) for n, ok in zip(names, oks)
                 if n == u.name]
        if react:
            colour, tag = (THREAT, "AoO") if any(react) else ((150, 150, 150), "no reaction")
        elif a is not None and a.flanking is not None and u.name in (a.flanking.pair or ()):
            colour, tag = SAFE, "flanking"
        else:
            colour, tag = (240, 228, 66), None
        pygame.draw.circle(surf, sp.INK, c, r + 5, 5)
        pygame.draw.circle(surf, colour, c, r + 4, 3)
        if tag:
            label = sp.badge(tag, max(10, round(13 * min(zoom, 1.3))))
            surf.blit(label, label.get_rect(midbottom=(round(c[0]), round(c[1] - r - 8))))


def pill_rect(lines, at, size: int, area, taken) -> pygame.Rect:
    """Where a label whose bottom centre is `at` goes: inside `area`, off the texts already
    drawn (`taken`: (text, rect) pairs), so no two texts overlap."""
    rect = sp.pill_surface(lines, size, (0, 0, 0)).get_rect(
        midbottom=(round(at[0]), round(at[1])))
    return free_spot(rect, taken, area)


def free_spot(rect: pygame.Rect, taken, area, down: bool = False) -> pygame.Rect:
    """`rect` moved, inside `area`, to the nearest place up or down (down first with `down`)
    where it overlaps none of the `taken` (text, rect) pairs; as it is when there is none."""
    rect = rect.clamp(area)
    rects = [r for _, r in taken]
    for direction in ((1, -1) if down else (-1, 1)):
        moved = rect.copy()
        for _ in range(60):
            hit = moved.collidelist(rects)
            if hit < 0:
                if area.contains(moved):
                    return moved
                break
            if direction < 0:
                moved.bottom = rects[hit].top - 1
            else:
                moved.top = rects[hit].bottom + 1
    return rect


def _edge(a, b, r: float) -> tuple[float, float]:
    """The point `r` pixels from `a` toward `b` (a path leaves a token at its rim)."""
    d = math.hypot(b[0] - a[0], b[1] - a[1])
    if d <= r:
        return a
    return a[0] + (b[0] - a[0]) * r / d, a[1] + (b[1] - a[1]) * r / d


class _Flat:
    """A camera at the world's origin: draws into the cached static layer."""

    def __init__(self, zoom: float):
        self.zoom = zoom

    def to_screen(self, wx: float, wy: float) -> tuple[float, float]:
        return wx * self.zoom, wy * self.zoom


def _opaque(surf: pygame.Surface) -> pygame.Surface:
    """The map as an opaque display-format surface: the fastest to blit every frame."""
    out = pygame.Surface(surf.get_size())
    out.fill((28, 30, 36))
    out.blit(surf, (0, 0))
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return out.convert()
    return out




def aim_label(f) -> tuple[str, tuple]:
    """The words and colour over one creature an aimed ability catches: a heal's HP (safe
    colour), or the chance it fails and the damage (the user's own side in the warning
    colour)."""
    if f.helps:
        bits = [f"heals {f.heals:.1f}"] if f.heals else []
        bits += [f"wakes {f.wakes:.0%}"] if f.wakes else []
        bits += [f"+{f.temp_hp:.1f} temp HP"] if f.temp_hp else []
        return " · ".join(bits) or "unhurt", SAFE
    text = f"fails {f.fails:.0%}" + (f" · {f.damage:.1f} dmg" if f.damage else "")
    if f.harms_ally:
        return text + " (ally!)", THREAT
    return text, (240, 240, 240)

__all__ = ["Board", "MARK_KINDS", "aim_label", "plain_map_surface"]
