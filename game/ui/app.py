"""The game window: the screens, the main loop, input, and the headless screenshot (DESIGN.md
"Command line": `python -m game`, `python -m game play` and `python -m game screenshot`).

`App` owns a window (or the dummy video driver's surface) and swaps what it shows
(`App.mode`, `App.view`): the battle (the `Board`, `Camera`, `Animator`, `GameController`
and HUD, `game.ui.hud.Hud`) or one screen object over it or instead of it, each with
`handle_event(event) -> action`, `update(dt)` and `draw(surface)`:
- "setup": `game.ui.screens.SetupScreen`, the first screen of `python -m game` (map, sides,
  initiative, seed; Start, Continue the newest save, Load...);
- "handoff": hotseat (2-4 people at one machine), `HandoffScreen` hides the battle between
  two people's decisions, naming only the side to play and the round;
- "result": `ResultScreen` when a side has won: the sides, what they lost, the most
  dramatic roll; Play again, Back to setup;
- "menu", "load", "help": `game.ui.menus` (Esc, Load..., F1) over the paused battle.
A screen's action (("start", setup), ("load", path), ("resume",) ...) is carried out by
`App._screen_action`. The screens live in a second `UIManager` (`App.ui`), so that nothing
of the HUD shows on them. `App.drawn` says what the last frame drew.

Every pygame event goes through `App.handle_event`, so tests drive the real UI with synthetic
events; pygame_gui's own events (button presses, list selections) come back through the
event queue like any other. The keys are bound once, in `game.ui.keys` (its `HELP` lists
them all); saves go to the player's folder (`game.saves`), undo is `game.ui.undo`. In the
real window (`run_play`) the computer thinks off the main thread. F6 restarts the battle
on its map after the map's units were changed in Tiled (hot reload, `game.ui.map_reload`).
"""
from __future__ import annotations

import logging
import math
import os
import re
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402
import pygame_gui  # noqa: E402

from game import paths  # noqa: E402
from game.engine import events as E  # noqa: E402
from game.errors import InputError  # noqa: E402
from game import saves  # noqa: E402
from game.ai.heatmap import threat_heatmap  # noqa: E402
from game.ai.player import AIPlayer  # noqa: E402
from game.ui import autoplay  # noqa: E402
from game.ui import map_reload  # noqa: E402
from game.ui.hud import Hud  # noqa: E402
from game.ui.keys import ACTION_KEYS, BATTLE_KEYS, DEFENSE_KEYS, PAN_KEYS  # noqa: E402
from game.ui import setup_model as S  # noqa: E402
from game.ui import sprites as sp  # noqa: E402
from game.ui.sprites import pill  # noqa: E402
from game.ui.animation import Animator  # noqa: E402
from game.ui.board import Board, plain_map_surface  # noqa: E402
from game.ui.camera import Camera  # noqa: E402
from game.ui.controller import GameController  # noqa: E402

THEME = paths.assets_dir() / "ui_theme.json"
MAPS_DIR = paths.shipped_maps_dir()
DEFAULT_MAP = paths.default_map()
DEFAULT_SIZE = (1280, 800)
MIN_SIZE = (1024, 700)      # smaller, the HUD's words no longer fit
AI_DELAY_S = 0.35
RESULT_DELAY_S = 0.8        # the last blow stays on screen this long before the result
PAN_PX_S = 700
DYNAMIC_MARGIN = 200        # px kept around a marked hex or creature (rings, badges, names)
_MAPS: dict = {}


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
        _MAPS[key] = (build_map_surface(info), tuple(info.origin))
    return _MAPS[key]


# ---- the computer's sides at their difficulty ----------------------------------------------------

class BattleController(GameController):
    """The `GameController`, with a computer player of its own difficulty per computer side
    (`difficulties`: team -> easy | normal | hard; a side not named there, or no
    `game.ai.player`, plays as `game.ui.autoplay.command_for` decides)."""

    def __init__(self, battle, model=None, human_teams=None, difficulties=None):
        self.difficulties = dict(difficulties or {})
        self._players: dict = {}
        super().__init__(battle, model, human_teams)

    def ai_command(self, name: str):
        team = self.team_of(name)
        level = self.difficulties.get(team)
        if level is None:
            return autoplay.command_for(self.battle, name)
        if team not in self._players:
            self._players[team] = AIPlayer(level, seed=f"{self.battle.seed}:{team}")
        return self._players[team].command(self.battle, name)


# ---- the threat heat map (H) ---------------------------------------------------------------------

HEAT_LOW, HEAT_HIGH = (240, 228, 66), (213, 94, 0)
HEAT_STEPS = 6


def heat_cells(battle, team: str) -> dict:
    """cell -> threat to `team`'s creatures (`game.ai.heatmap.threat_heatmap`), cached per
    battle version and team."""
    from game.ui.overlays import cached

    def compute():
        values = threat_heatmap(battle.view(), team) or {}
        return {battle.cell(h): float(v) for h, v in values.items()
                if v > 0 and battle.hexmap.contains(h)}
    return cached(battle, ("heatmap", team), compute)


class HeatBoard(Board):
    """The board with the threat heat map baked into its cached static layer, under the
    creatures: drawn again only when the battle, the team shown or the zoom change.

    `veneer` (set by `App.draw` while it draws the board): a function (view layer, its key)
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


class _WorldCamera:
    """Draws in world pixels, zoom 1 (the final position picture)."""
    zoom = 1.0

    @staticmethod
    def to_screen(wx: float, wy: float) -> tuple[float, float]:
        return wx, wy


# ---- the HUD, drawn once and reused ------------------------------------------------------------

def covering_rects(rects, bounds) -> list[pygame.Rect]:
    """Disjoint rectangles covering `rects` clipped to `bounds`: a rectangle inside another
    is dropped, overlapping ones are merged into their bounding box."""
    out: list[pygame.Rect] = []
    for r in sorted((pygame.Rect(r).clip(bounds) for r in rects), key=lambda r: -r.w * r.h):
        if r.w > 0 and r.h > 0 and not any(o.contains(r) for o in out):
            out.append(r)
    merged = True
    while merged:
        merged = False
        for i, a in enumerate(out):
            j = next((j for j in range(i + 1, len(out)) if a.colliderect(out[j])), None)
            if j is not None:
                out[i] = a.union(out.pop(j))
                merged = True
                break
    return out


class HudLayer:
    """The pygame_gui HUD drawn into a window-sized layer only when something in it changed,
    and composed over the board every frame (pygame_gui has no dirty rectangles: its
    `draw_ui` blits every visible sprite, semi-transparent panels included, each frame).

    - `render` draws `manager.draw_ui` into `layer`, a transparent SRCALPHA surface, which
      makes it premultiplied (pygame_gui's note on `draw_ui`): it is blended with
      BLEND_PREMULTIPLIED, the same pixels as drawing the HUD over the board (+-2 of
      rounding). `rects` are disjoint rectangles covering every visible sprite. Only the
      rectangles holding a sprite that changed are drawn again (`draw_ui` clipped to them),
      unless the rectangles themselves changed or `invalidate()` was called.
    - `stale()` says a render is due: every change of a pygame_gui element replaces its image
      (`UIElement._set_image` copies) or moves its rect, and shows in `signature()` (the
      manager's visible blit list: image objects, positions, areas, flags), so a button
      hover or press, a tooltip appearing, a new log line, a scrolled text box, a text
      effect, a panel shown or hidden all re-render; `invalidate()` forces a whole render (a
      resize, a new battle, a click or key the HUD consumed). A plain hover over the board
      changes none of them: no render.
    - `over_view(view, key)` is the board's view layer (`Board.view_layer`) with the HUD
      already blended over `rects`, cached per view key and updated where the HUD was
      rendered again: the board blits it in place of the view layer, so a frame costs about
      the board alone. The parts of `rects` the board may paint over this frame (`holes`,
      `cut` from `HeatBoard.dynamic_rect`) keep the plain view there and get the HUD blended
      over the finished board by `finish`: overlays under a panel show through it as before.
    `renders` and `composes` count the renders and the views composed whole (tests, bench)."""

    def __init__(self, manager: pygame_gui.UIManager):
        self.manager = manager
        self.layer: pygame.Surface | None = None
        self.rects: list[pygame.Rect] = []
        self.holes: list[pygame.Rect] = []
        self.renders = 0
        self.composes = 0
        self.rendered: list[pygame.Rect] = []    # what the last render drew again
        self._sig = None
        self._stale = True
        self._view: pygame.Surface | None = None
        self._view_key = None
        self._pending: list[pygame.Rect] | None = None   # to update in the view; None: all
        self._punched: list[pygame.Rect] = []

    def signature(self) -> list:
        return [(b[0], tuple(b[1]), None if b[2] is None else tuple(b[2]), b[3])
                for b in self.manager.ui_group.visible]

    @staticmethod
    def _box(entry) -> pygame.Rect:
        image, rect, area, _ = entry
        w, h = area[2:] if area is not None else image.get_size()
        return pygame.Rect(rect[0], rect[1], w, h)

    def invalidate(self) -> None:
        self._stale = True

    def stale(self) -> bool:
        return self._stale or self.layer is None or self.signature() != self._sig

    def render(self, size) -> None:
        """Draw the HUD into the layer again where it changed (everywhere when the window
        size, the rectangles or only the order of the sprites changed, or after
        `invalidate`)."""
        size = tuple(size)
        sig = self.signature()
        bounds = pygame.Rect((0, 0), size)
        rects = covering_rects([self._box(e) for e in sig], bounds)
        dirty = None
        if self.layer is not None and self.layer.get_size() == size and not self._stale \
                and self._sig is not None and rects == self.rects:
            def key(e):
                return id(e[0]), e[1], e[2], e[3]
            old = {key(e): e for e in self._sig}
            new = {key(e): e for e in sig}
            changed = [old[k] for k in old.keys() - new.keys()] + \
                [new[k] for k in new.keys() - old.keys()]
            if changed:
                boxes = [self._box(e) for e in changed]
                dirty = [r for r in rects if r.collidelist(boxes) >= 0]
        if self.layer is None or self.layer.get_size() != size:
            self.layer = pygame.Surface(size, pygame.SRCALPHA)
        elif dirty is None:
            for r in self.rects:
                self.layer.fill((0, 0, 0, 0), r)
        if dirty is None:
            self.manager.draw_ui(self.layer)
            self._pending = None
        else:
            for r in dirty:
                self.layer.set_clip(r)                # (fill keeps to the clip too)
                self.layer.fill((0, 0, 0, 0), r)
                self.manager.draw_ui(self.layer)
            self.layer.set_clip(None)
            if self._pending is not None:
                self._pending += dirty
        self.rects, self.rendered = rects, list(rects if dirty is None else dirty)
        self._sig, self._stale = sig, False
        self.renders += 1

    def cut(self, busy: pygame.Rect) -> None:
        """The parts of the HUD the board may paint under this frame (`busy`)."""
        self.holes = [r.clip(busy) for r in self.rects if r.colliderect(busy)]

    def _blend(self, surf, rects) -> None:
        surf.blits([(self.layer, r.topleft, r, pygame.BLEND_PREMULTIPLIED) for r in rects],
                   doreturn=False)

    def over_view(self, view: pygame.Surface, key) -> pygame.Surface:
        """`view` with the HUD blended over `rects` except over `holes` (cached)."""
        key = (key, view.get_size())
        out = self._view
        if out is None or out.get_size() != view.get_size():
            out = self._view = view.copy()
            self._view_key = None
        if key != self._view_key or self._pending is None:
            out.blit(view, (0, 0))                  # a new view, or the whole HUD again
            self._blend(out, self.rects)            # (one full copy beats many narrow ones)
            self._view_key, self._punched = key, []
            self.composes += 1
        elif self._pending:                         # parts of the HUD again
            self._blend(out, self._punched)         # (the HUD back over the old holes)
            out.blits([(view, r.topleft, r) for r in self._pending], doreturn=False)
            self._blend(out, self._pending)
            self._punched = []
        self._pending = []
        if self._punched != self.holes:
            self._blend(out, self._punched)
            out.blits([(view, r.topleft, r) for r in self.holes], doreturn=False)
            self._punched = list(self.holes)
        return out

    def finish(self, surf: pygame.Surface) -> None:
        """Blend the HUD over the holes of the finished frame."""
        self._blend(surf, self.holes)


# ---- the app -----------------------------------------------------------------------------------

class App:
    """The window: the setup screen, a battle, the hotseat handoff and the result.

    `App(battle)` opens on that battle (`setup`: what Play again repeats; without it, the
    battle's own map, controllers and initiative with a new seed); `App(None)` opens on the
    setup screen (`setup` preselects its choices)."""

    def __init__(self, battle=None, size=DEFAULT_SIZE, *, window: bool = True,
                 animations: bool = True, human_teams=None, hud: bool = True,
                 setup: S.Setup | None = None, difficulties=None, maps_dir=None):
        pygame.display.init()
        pygame.font.init()
        self.window = window
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE if window else 0)
        pygame.display.set_caption("hexskirmish")
        self.animations = animations
        self.with_hud = hud
        self.maps_dirs = S.map_folders(maps_dir)    # shipped, the player's, --maps DIR
        self.autosave = saves.AUTO_KEEP     # autosaves kept (0: none)
        self.end_warning = False            # the window of `python -m game` turns it on
        self.threaded_ai = False            # the computer thinks off the main thread (run)
        self.manager = pygame_gui.UIManager(self.screen.get_size(),
                                            str(THEME) if THEME.is_file() else None)
        self._ui = None
        self.view = None              # the screen shown over everything (not in battle)
        self._view_drawn = None
        self.mode = "setup"
        self.setup = setup
        self.summary = None           # the result screen's facts
        self.viewer: str | None = None    # hotseat: the side the screen was handed to
        self.drawn: str | None = None     # what the last frame drew
        self.heat = False
        self.battle = self.controller = self.model = self.board = self.hud = None
        self.camera = self.animator = None
        self.map_watch = self.restart_map = None    # hot reload (game.ui.map_reload)
        self._owns_battle = False
        self.running = True
        self._drag = None
        self._held: set[int] = set()
        self._ai_clock = self._over_clock = 0.0
        self._swallow_up = False
        self.hold = False             # hotseat: a result the person must see before handing over
        self._frozen = None           # the battle's last frame, under the menu
        self._last_error = None
        self._errors = 0              # frames in a row that failed
        self._back_to = "setup"       # where Back leads from the Load screen or the help
        self._seen = None
        self._dirty = True
        self.hud_layer = HudLayer(self.manager)    # the HUD drawn once, reused
        if battle is not None:
            self.start_battle(battle, human_teams=human_teams, difficulties=difficulties,
                              setup=setup)
        else:
            self.show_setup(setup)

    # ---- screens ---------------------------------------------------------------------------
    @property
    def ui(self):
        """The screens' UIManager (made when first needed)."""
        if self._ui is None:
            from game.ui.screens import make_screen_manager
            self._ui = make_screen_manager(self.screen.get_size())
        return self._ui

    def _close_view(self) -> None:
        if self.view is not None:
            self.view.kill()
            self.view = None

    def show_setup(self, setup: S.Setup | None = None, message: str = "") -> None:
        """The game setup screen (`setup` preselects a map, sides, initiative and seed)."""
        from game.ui.screens import SetupScreen
        self._end_battle()
        self._close_view()
        self.mode = "setup"
        pygame.display.set_caption("hexskirmish - new battle")
        maps = S.list_maps(self.maps_dirs)
        if setup is None and maps:
            default = next((m for m in maps if Path(m.path).resolve() ==
                            DEFAULT_MAP.resolve()), maps[0])
            setup = S.Setup(default.path, tuple(S.default_sides(default.teams)))
        self.view = SetupScreen(self.ui, maps, setup, self.screen.get_size())
        if message:
            self.view.message = message
            self.view._refresh_rules()
        self._dirty = True

    def start_setup(self, setup: S.Setup) -> bool:
        """Start a battle from a setup (a new seed from the clock unless it is fixed);
        False, with the reason on the setup screen, when the map does not load."""
        try:
            battle = S.start_battle(setup)
        except InputError as err:
            self.show_setup(setup, err.line())
            return False
        self.start_battle(battle, difficulties=S.difficulties(setup.sides), setup=setup,
                          owned=True)
        return True

    def start_battle(self, battle, human_teams=None, difficulties=None,
                     setup: S.Setup | None = None, owned: bool = False) -> None:
        """Show `battle` (the previous one, when the app made it, is closed)."""
        self._end_battle()
        self._close_view()
        self.battle = battle
        self._owns_battle = owned
        self.setup = setup or self._setup_of(battle)
        self.controller = BattleController(battle, human_teams=human_teams,
                                           difficulties=difficulties)
        self.model = self.controller.model
        self.controller.end_warning = self.end_warning
        self.model.animations = self.animations
        self.animator = Animator(enabled=self.animations, speed=self.model.speed)
        self.controller.listeners.append(self._on_events)
        surface, origin = map_surface(battle.hexmap)
        self.board = HeatBoard(battle, surface, origin)
        self.map_watch, self.restart_map = map_reload.watcher_for(battle), None
        self.hud = Hud(self.manager, self.controller) if self.with_hud else None
        if self.hud is not None:
            self.hud.layout(self.screen.get_size())
        self.camera = Camera(self.screen.get_size(), self.board.world_size)
        self.camera.resize(self.screen.get_size(), self.free_area())
        self.camera.fit(max_zoom=1.0, min_zoom=0.7)
        ww, wh = self.board.world_size
        _, _, aw, ah = self.camera.area()
        too_big = ww * self.camera.zoom > aw or wh * self.camera.zoom > ah
        if too_big and self.controller.actor():
            self.camera.centre_on(*self.board.unit_centre(battle.unit(battle.active)))
        self.mode = "battle"
        self.summary = None
        self.viewer = self._waiting_team() if self._waiting_team() in \
            self.controller.human_teams else None
        self._drag, self._held = None, set()
        self.hold = False
        self._ai_clock = self._over_clock = 0.0
        self._seen = None
        self._dirty = True
        self.hud_layer.invalidate()
        self._apply_heat()
        title = battle.hexmap.title or Path(battle.hexmap.path).stem
        pygame.display.set_caption(f"hexskirmish - {title} - seed {battle.seed}")
        if owned and not self.setup.fixed_seed:
            self.model.message = (f"Battle seed {battle.seed}: play it again with --seed "
                                  f"{battle.seed} or the same seed in the setup")
        self.refresh_hud(force=True)

    def _setup_of(self, battle) -> S.Setup:
        """What Play again repeats for a battle made elsewhere: its map, controllers and
        initiative, a new seed."""
        teams = S.map_teams(battle.hexmap)
        sides = tuple(S.Side(t, battle.controllers.get(t, "ai")) for t in teams)
        return S.Setup(Path(battle.hexmap.path), sides, battle.initiative_mode
                       if battle.initiative_mode != battle.hexmap.initiative else None, None)

    def _end_battle(self) -> None:
        if self.battle is None:
            return
        if self.hud is not None:
            self.hud.kill()
        self.controller.listeners.clear()
        if self._owns_battle:
            self.battle.close()
        self.battle = self.controller = self.model = self.board = self.hud = None
        self.camera = self.animator = None
        self._owns_battle = False

    # ---- undo, next creature, coordinates ------------------------------------------------
    def undo(self) -> bool:
        """Z: take back the last move or action that rolled no dice and revealed nothing
        (`game.ui.undo`); the battle is rebuilt from its log without it."""
        c = self.controller
        if self.battle.awaiting() != "turn" or not c.is_human_turn() or \
                not c.history.can_undo:
            c.model.message = "nothing to undo: dice were rolled, something was revealed, " \
                "or the other side acted since"
            c.model.revision += 1
            return False
        history, view = c.history, (self.camera.zoom, self.camera.x, self.camera.y)
        battle = history.undo(self.battle)
        self.animator.skip()
        self.start_battle(battle, human_teams=c.human_teams, difficulties=c.difficulties,
                          setup=self.setup, owned=True)
        self.controller.history = history
        self.camera.zoom, self.camera.x, self.camera.y = view
        self.model.message = f"undone: back to {battle.active}'s position before"
        self.model.revision += 1
        return True

    def next_creature(self) -> None:
        """N: the next creature that can act (to pick, in selective initiative), or the
        acting one: selected and centred."""
        c, b = self.controller, self.battle
        names = list(self.model.choice_candidates) or ([b.active] if b.active else [])
        names = [n for n in names if n in b.eids]
        if not names:
            return
        at = names.index(self.model.selected) if self.model.selected in names else -1
        name = names[(at + 1) % len(names)]
        c.select(name)
        self.camera.centre_on(*self.board.unit_centre(b.unit(name)))
        self._dirty = True

    def toggle_coordinates(self) -> None:
        """G: every hex's col,row as Tiled shows it (messages cite them)."""
        self.board.coordinates = not self.board.coordinates
        self.board.invalidate()
        self._dirty = True

    # ---- the menu, saves, help ------------------------------------------------------------
    def show_menu(self, quitting: bool = False, message: str = "") -> None:
        """Esc: the battle pauses under the menu."""
        from game.ui.menus import MenuScreen
        if self.mode == "battle":
            self.draw(force=True)
            self._frozen = self.screen.copy()
        self._close_view()
        self.mode = "menu"
        self.view = MenuScreen(self.ui, self.screen.get_size(), self._frozen,
                               slot=self._slot_name(), speed=self.model.speed,
                               end_warning=self.controller.end_warning, quitting=quitting,
                               message=message)
        self._dirty = True

    def _slot_name(self) -> str:
        title = self.battle.hexmap.title or Path(self.battle.hexmap.path).stem
        return f"{title} round {self.battle.round}"

    def resume(self) -> None:
        self._close_view()
        self.mode = "battle"
        self._dirty = True
        self.hud_layer.invalidate()
        self.refresh_hud(force=True)

    def save_named(self, name: str) -> bool:
        try:
            path = saves.save_slot(self.battle, name or self._slot_name(), replace=True)
        except InputError as err:
            self.view.say(err.line())
            return False
        self.view.say(f"Saved as {path.stem}")
        return True

    def save_and_quit(self, name: str) -> None:
        if self.save_named(name):
            self.running = False

    def show_load(self, message: str = "") -> None:
        from game.ui.menus import LoadScreen
        self._back_to = self.mode if self.mode in ("menu", "setup") else "setup"
        self._close_view()
        self.mode = "load"
        self.view = LoadScreen(self.ui, self.screen.get_size(), saves.list_saves(),
                               self._frozen if self._back_to == "menu" else None, message)
        self._dirty = True

    def show_help(self) -> None:
        from game.ui.menus import HelpScreen
        if self.mode == "battle":
            self.draw(force=True)
            self._frozen = self.screen.copy()
        self._back_to = self.mode if self.mode in ("menu", "setup") else "battle"
        self._close_view()
        self.mode = "help"
        self.view = HelpScreen(self.ui, self.screen.get_size(), self._frozen
                               if self.battle is not None else None)
        self._dirty = True

    def back(self) -> None:
        """Back from the Load screen or the help: where they were opened."""
        where = self._back_to
        if where == "menu" and self.battle is not None:
            self.show_menu()
        elif where == "battle" and self.battle is not None:
            self.resume()
        else:
            self.show_setup(self.setup)

    def load_save(self, path) -> None:
        try:
            battle = saves.load(path)
        except InputError as err:
            self.show_load(err.line())
            return
        self.start_battle(battle, owned=True)

    def continue_latest(self) -> None:
        latest = saves.latest()
        if latest is not None:
            self.load_save(latest.path)

    def _menu_speed(self, factor: float) -> None:
        self.set_speed(self.model.speed * factor)
        self.show_menu(message=self.model.message)

    def toggle_end_warning(self) -> None:
        self.end_warning = self.controller.end_warning = not self.controller.end_warning
        self.show_menu()

    def toggle_fullscreen(self) -> None:
        if self.window:
            pygame.display.toggle_fullscreen()
        self.show_menu()

    # ---- hotseat ---------------------------------------------------------------------------
    def _hold_for_reaction(self, events) -> None:
        """Hotseat: the person who answered an attack of opportunity, an interrupt or a defense
        prompt sees how it went before the screen is handed back (a key or a click lets go)."""
        from game.ui.presenters import log_entries
        c = self.controller
        if len(c.human_teams) < 2 or self.viewer is None:
            return
        strikes = [e for e in events if isinstance(e, E.AttackRolled) and (
            e.kind == "aoo" and c.team_of(e.attacker) == self.viewer
            or e.defense and c.team_of(e.target) == self.viewer)
            or isinstance(e, E.InterruptTriggered) and c.team_of(e.unit) == self.viewer]
        if not strikes:
            return
        lines = [x.text for x in log_entries(events) if any(e in x.events for e in strikes)]
        self.hold = True
        self.model.message = f"{'; '.join(lines)}. Press a key or click to hand over."
        self.model.revision += 1

    def _waiting_team(self) -> str | None:
        if self.controller is None:
            return None
        return self.controller.team_of(self.controller.waiting_on())

    def handoff_due(self) -> str | None:
        """The side the screen must be handed to before the battle goes on: a person's side
        other than the one that has the screen, when two or more people play."""
        c = self.controller
        if c is None or len(c.human_teams) < 2 or self.battle.awaiting() == "over":
            return None
        if self.hold or self.animator.busy:
            return None             # the last blow shows first
        if not c.is_human_turn():
            return None
        team = self._waiting_team()
        if self.viewer is None:
            self.viewer = team
            return None
        return team if team != self.viewer else None

    def show_handoff(self, team: str) -> None:
        from game.ui.screens import HandoffScreen
        self._close_view()
        self.mode = "handoff"
        self._held.clear()
        self._drag = None
        self.controller.hover_cell(None)
        teams = list(self.board.teams)
        self.view = HandoffScreen(self.ui, team, teams, self.battle.round,
                                  self.screen.get_size(),
                                  reason=self.battle.awaiting())
        self._dirty = True

    def hand_over(self) -> None:
        """The handoff screen was dismissed: the battle, for the side it was shown to."""
        team = self.view.team if self.view is not None else self._waiting_team()
        self._close_view()
        self.viewer = team
        self.mode = "battle"
        self._swallow_up = True
        self._apply_heat()
        actor = self.controller.actor()
        if actor is not None:
            self.reveal(actor)
        self._dirty = True
        self.hud_layer.invalidate()
        self.refresh_hud(force=True)

    # ---- result ----------------------------------------------------------------------------
    def show_result(self) -> None:
        from game.ui.screens import ResultScreen
        self.summary = S.battle_summary(self.battle)
        picture = self.final_position()
        self._close_view()
        self.mode = "result"
        sides = self.setup.sides if self.setup is not None else ()
        if self.controller is not None:
            kinds = {s.team: s for s in sides}
            sides = [kinds.get(t) or S.Side(t, "human" if t in self.controller.human_teams
                                             else "ai") for t in self.summary.teams]
        title = self.battle.hexmap.title or Path(self.battle.hexmap.path).stem
        self.view = ResultScreen(self.ui, self.summary, self.setup, title,
                                 self.screen.get_size(), picture=picture, sides=sides)
        self._dirty = True

    def final_position(self) -> pygame.Surface:
        """The whole map with every creature where it ended (no overlays, no HUD)."""
        surf = self.board.scaled_map(1.0).copy()
        self.board.draw_units(surf, _WorldCamera())
        return surf

    def play_again(self) -> bool:
        return self.start_setup(self.setup)

    def _sync_mode(self) -> None:
        if self.mode == "battle":
            team = self.handoff_due()
            if team is not None:
                self.show_handoff(team)

    def _screen_action(self, action) -> None:
        if not action:
            return
        what, args = action[0], action[1:]
        handlers = {
            "start": lambda setup: self.start_setup(setup), "continue": self.hand_over,
            "again": self.play_again, "setup": lambda: self.show_setup(self.setup),
            "quit": self.stop, "resume": self.resume, "save": self.save_named,
            "save_quit": self.save_and_quit, "load_screen": self.show_load,
            "load": self.load_save, "back": self.back, "help": self.show_help,
            "faster": lambda: self._menu_speed(1.5), "slower": lambda: self._menu_speed(1 / 1.5),
            "toggle_end_warning": self.toggle_end_warning, "fullscreen": self.toggle_fullscreen,
            "continue_latest": self.continue_latest,
        }
        handlers[what](*args)

    def stop(self) -> None:
        self.running = False

    # ---- events --------------------------------------------------------------------------------
    def _on_events(self, events) -> None:
        self.animator.feed(events)
        self._hold_for_reaction(events)
        self._autosave(events)
        for e in events:
            if type(e).__name__ == "TurnStarted" and e.unit == self.battle.active:
                self.reveal(e.unit)

    def free_area(self):
        """The screen rectangle the HUD leaves to the map (the whole window without HUD)."""
        if self.hud is not None and hasattr(self.hud, "board_rect"):
            return tuple(self.hud.board_rect())
        return None

    def reveal(self, name: str) -> None:
        """Centre the camera on a creature when it is not well inside the view."""
        if name not in self.battle.eids:
            return
        x, y = self.camera.to_screen(*self.board.unit_centre(self.battle.unit(name)))
        ax, ay, w, h = self.camera.area()
        if not (ax + w * 0.1 < x < ax + w * 0.9 and ay + h * 0.1 < y < ay + h * 0.9):
            self.camera.centre_on(*self.board.unit_centre(self.battle.unit(name)))

    def frame_selection(self) -> None:
        """Zoom and centre on the selection and the hovered hex (screenshots); without a
        hovered hex, the whole map as the game opens it."""
        m, b = self.model, self.board
        if m.hover_cell is None:
            return
        pts = []
        if m.selected in self.battle.eids:
            pts += [b.hex_centre(h) for h in self.battle.unit(m.selected).hexes]
        if m.hover_cell is not None:
            pts.append(b.centre(m.hover_cell))
        if m.preview is not None and m.preview.safe_cells:
            pts += [b.centre(c) for c in m.preview.safe_cells]
        if m.preview is not None:
            pts += [b.centre(c) for p in m.preview.provokes for c in [p[0]]]
            pts += [b.unit_centre(self.battle.unit(n)) for n in m.highlighted
                    if n in self.battle.eids]
        if pts:
            self.camera.frame(pts, margin=110, max_zoom=1.3, min_zoom=0.6)

    def point_at(self, cell) -> None:
        """Move the (virtual) pointer over `cell` as a mouse would: the HUD's tooltip follows;
        the hover is set even when a panel covers the cell."""
        pos = tuple(round(v) for v in self.camera.to_screen(*self.board.centre(cell)))
        try:
            pygame.mouse.set_pos(pos)
        except pygame.error:
            pass
        self.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                             buttons=(0, 0, 0)))
        if self.model.hover_cell != tuple(cell):
            self.controller.hover_cell(cell)

    def centre_on_active(self) -> None:
        name = self.battle.active or self.model.selected
        if name in self.battle.eids:
            self.camera.centre_on(*self.board.unit_centre(self.battle.unit(name)))

    def handle_event(self, ev) -> None:
        """One pygame event: a screen's, or in battle the GUI first, then the map and the
        keys."""
        self._dirty = True
        if ev.type == pygame.QUIT:
            if self.battle is not None and self.mode == "battle" and \
                    self.battle.awaiting() != "over" and Path(self.battle.hexmap.path).is_file():
                self.show_menu(quitting=True)     # closing the window offers to save
            else:
                self.running = False
            return
        if ev.type == pygame.VIDEORESIZE:
            self.resize(ev.size)
            return
        if self.mode != "battle":
            self._screen_event(ev)
            return
        if ev.type == pygame.MOUSEBUTTONUP and self._swallow_up:
            self._swallow_up = False      # the release of the click that ended a handoff
            return
        if ev.type == pygame.MOUSEBUTTONDOWN:
            self._swallow_up = False
        if self.hold and ev.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.hold = False           # seen: hand the screen over
            self.model.message = ""
            self.model.revision += 1
            self._swallow_up = ev.type == pygame.MOUSEBUTTONDOWN
            self._sync_mode()
            return
        consumed = self.manager.process_events(ev)
        if self.hud is not None:
            consumed = bool(self.hud.process_event(ev)) or consumed
        if consumed or ev.type == pygame.WINDOWLEAVE:
            if ev.type in (pygame.MOUSEMOTION, pygame.WINDOWLEAVE) and \
                    self.model.hover_cell is not None:
                self.controller.hover_cell(None)      # the pointer left the map
            if ev.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN):
                self.hud_layer.invalidate()       # a click or key the HUD took: all of it
            self.refresh_hud()
            self._sync_mode()
            return
        if ev.type == pygame.MOUSEMOTION:
            self._motion(ev)
        elif ev.type == pygame.MOUSEBUTTONDOWN:
            self._button_down(ev)
        elif ev.type == pygame.MOUSEBUTTONUP:
            self._button_up(ev)
        elif ev.type == pygame.MOUSEWHEEL:
            pos = getattr(ev, "pos", None) or pygame.mouse.get_pos()
            self.camera.zoom_by(1 if ev.y > 0 else -1, pos)
            self.controller.hover_cell(self.board.pick(self.camera, pos))
        elif ev.type == pygame.KEYDOWN:
            self._key(ev)
        elif ev.type == pygame.KEYUP:
            self._held.discard(ev.key)
        self.refresh_hud()
        self._sync_mode()

    def _screen_event(self, ev) -> None:
        if self.view is None:
            return
        if self.mode == "handoff":
            if ev.type == pygame.MOUSEBUTTONDOWN:
                self._swallow_up = True
            self._screen_action(self.view.handle_event(ev))
            return
        consumed = self.ui.process_events(ev)
        action = self.view.handle_event(ev)
        if action is None and consumed:
            return
        self._screen_action(action)

    def _motion(self, ev) -> None:
        if self._drag is not None:
            dx, dy = ev.rel
            self._drag["moved"] += abs(dx) + abs(dy)
            self.camera.pan(-dx, -dy)
            return
        cell = self.board.pick(self.camera, ev.pos)
        if cell != self.model.hover_cell:
            self.controller.hover_cell(cell)

    @staticmethod
    def _shift(ev) -> bool:
        mod = getattr(ev, "mod", None)
        if mod is None:
            mod = pygame.key.get_mods()
        return bool(mod & pygame.KMOD_SHIFT)

    def _button_down(self, ev) -> None:
        if ev.button == 1:
            if self.animator.busy:
                self.animator.skip()
                return
            cell = self.board.pick(self.camera, ev.pos)
            self.controller.click_cell(cell, 1, shift=self._shift(ev))
        elif ev.button in (2, 3):
            self._drag = {"button": ev.button, "moved": 0}

    def _button_up(self, ev) -> None:
        if self._drag is not None and ev.button == self._drag["button"]:
            if ev.button == 3 and self._drag["moved"] < 5:
                self.controller.cancel()
            self._drag = None

    def _key(self, ev) -> None:
        """A key in battle, as the tables of `game.ui.keys` bind it."""
        k, c = ev.key, self.controller
        if k in PAN_KEYS:
            self._held.add(k)
        elif k in (pygame.K_y, pygame.K_n) and self.battle.awaiting() == "reaction" \
                and c.is_human_turn():
            c.react(k == pygame.K_y)
        elif k in DEFENSE_KEYS and self.battle.awaiting() == "reaction" \
                and self.battle.pending.kind == "defense" and c.is_human_turn():
            c.defend(DEFENSE_KEYS[k])
        elif k == pygame.K_z and ev.mod & pygame.KMOD_CTRL or k in ACTION_KEYS:
            if k in ACTION_KEYS and (self.hud is None or not self.hud.hotkey(k)):
                c.do_action(ACTION_KEYS[k])
            elif k == pygame.K_z:
                self.battle_command("undo", ev)
        elif k in BATTLE_KEYS:
            self.battle_command(BATTLE_KEYS[k], ev)

    def battle_command(self, what: str, ev=None) -> None:
        """One of the battle's keyed commands (`game.ui.keys.BATTLE_KEYS`)."""
        c = self.controller
        shift = ev is not None and self._shift(ev)
        simple = {
            "weapon": c.cycle_weapon, "threat": lambda: c.toggle_overlay("threat"),
            "interrupt_trigger": c.cycle_trigger, "interrupt_action": c.cycle_prepared,
            "sight": lambda: c.toggle_overlay("los"), "heat": self.toggle_heat,
            "centre": self.centre_on_active, "skip": self.skip,
            "zoom_in": lambda: self.camera.zoom_by(1),
            "zoom_out": lambda: self.camera.zoom_by(-1), "quick_save": self.quick_save,
            "confirm": c.take_safe if shift else c.confirm,
            "slower": lambda: self.set_speed(self.model.speed / 1.5),
            "faster": lambda: self.set_speed(self.model.speed * 1.5),
            "menu": self.escape, "undo": self.undo, "next_creature": self.next_creature,
            "coordinates": self.toggle_coordinates, "help": self.show_help,
            "restart_map": self.restart_on_new_map,
        }
        simple[what]()

    def restart_on_new_map(self) -> None:
        """F6: the battle again on the map file as it was changed on disk."""
        if self.restart_map is not None:
            map_reload.restart_on_new_map(self)

    def skip(self) -> None:
        """Space: the animations and the computer's pause before its next move."""
        self.animator.skip()
        self._ai_clock = AI_DELAY_S / self.model.speed

    def set_speed(self, speed: float) -> None:
        self.model.speed = max(0.25, min(8.0, speed))
        self.model.message = f"animation speed x{self.model.speed:.2g}"
        self.model.revision += 1

    def escape(self) -> None:
        """Esc: cancel what is under way, else open the menu."""
        if self.controller.cancellable():
            self.controller.cancel()
        else:
            self.show_menu()

    # ---- the heat map --------------------------------------------------------------------------
    def heat_team(self) -> str | None:
        """Whose danger the heat map shows: the side that has the screen (the selected
        creature's in a game of computers only)."""
        c = self.controller
        team = self.viewer if self.viewer in c.human_teams else None
        if team is None:
            team = c.team_of(self.model.selected if self.model.selected in self.battle.eids
                             else None)
        if team is None and c.human_teams:
            team = sorted(c.human_teams)[0]
        return team or (self.board.teams[0] if self.board.teams else None)

    def toggle_heat(self) -> None:
        """H: the threat heat map (`game.ai.heatmap.threat_heatmap`) on or off."""
        self.heat = not self.heat
        self.model.message = ""
        self.model.revision += 1
        self._apply_heat()

    def _apply_heat(self) -> None:
        if self.board is not None:
            self.board.heat_team = self.heat_team() if self.heat else None
            self._dirty = True

    def quick_save(self) -> Path | None:
        """F5: a new quick save in the player's saves folder (`game.saves`)."""
        try:
            path = saves.quick_save(self.battle)
        except InputError as err:
            self.model.message = err.line()
            path = None
        else:
            self.model.message = f"saved: {path.name} (Load on the setup screen)"
        self.model.revision += 1
        return path

    def _autosave(self, events) -> None:
        """An autosave when a person's creature starts its turn (the last few kept)."""
        if not self.autosave or not any(
                isinstance(e, E.TurnStarted) and self.controller.team_of(e.unit) in
                self.controller.human_teams for e in events):
            return
        if not Path(self.battle.hexmap.path).is_file():
            return                      # a battle on a map made in code cannot be saved
        try:
            saves.autosave(self.battle, self.autosave)
        except InputError as err:
            self.model.message = f"autosave failed: {err.line()}"
            self.model.revision += 1

    def resize(self, size) -> None:
        size = (max(MIN_SIZE[0], int(size[0])), max(MIN_SIZE[1], int(size[1])))
        if pygame.display.get_surface() is not None and \
                pygame.display.get_surface().get_size() != size:
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.manager.set_window_resolution(size)
        if self._ui is not None:
            self._ui.set_window_resolution(size)
        if self.view is not None:
            self.view.layout(size)
        if self.battle is not None:
            if self.hud is not None:
                self.hud.layout(size)
            self.camera.resize(size, self.free_area())
            self.refresh_hud(force=True)
        self._dirty = True
        self.hud_layer.invalidate()

    # ---- frames --------------------------------------------------------------------------------
    def refresh_hud(self, force: bool = False) -> None:
        if self.battle is None:
            return
        seen = (self.model.revision, self.battle.version, self.manager.get_mouse_position())
        if self.hud is not None and (force or seen != self._seen):
            self.hud.refresh()
        self._seen = seen

    def update(self, dt: float) -> None:
        """Advance `dt` seconds: panning keys, animations, the computer's moves, the GUI, the
        switch to the handoff or the result screen."""
        if self.mode != "battle":
            if self.view is not None:
                self.view.update(dt)
            self.ui.update(dt)
            return
        for k in self._held:
            dx, dy = PAN_KEYS[k]
            self.camera.pan(dx * PAN_PX_S * dt, dy * PAN_PX_S * dt)
            self._dirty = True
        self.animator.speed = self.model.speed
        self.animator.enabled = self.model.animations
        was_busy = self.animator.busy
        self.animator.update(dt)
        if was_busy and not self.animator.busy:
            self._dirty = True              # the creatures at rest, drawn once more
        over = self.battle.awaiting() == "over"
        if not over and not self.controller.is_human_turn() and not self.animator.busy:
            self._ai_clock += dt
            if self._ai_clock >= AI_DELAY_S / self.model.speed or not self.model.animations:
                self._computer_step()
        if self.heat and self.board.heat_team != self.heat_team():
            self._apply_heat()
        if self.map_watch is not None and self.map_watch.poll():
            map_reload.on_map_saved(self)
        if self.hud is not None:
            self.hud.tick(dt)
        self.manager.update(dt)
        self.refresh_hud()
        self._sync_mode()
        if over and self.mode == "battle" and not self.animator.busy:
            self._over_clock += dt
            if self._over_clock >= RESULT_DELAY_S:
                self.show_result()

    def _computer_step(self) -> None:
        """The computer's next command: at once, or (`threaded_ai`, the real window) off
        the main thread, the window drawing a thinking mark meanwhile."""
        if not self.threaded_ai:
            self._ai_clock = 0.0
            self.controller.step_ai()
        elif self.controller.think() is not None or self.controller.thinking is None:
            self._ai_clock = 0.0
        self._dirty = True

    def _thinking_mark(self) -> None:
        name = self.controller.thinking
        if name is None or name not in self.battle.eids:
            return
        x, y = self.camera.to_screen(*self.board.unit_centre(self.battle.unit(name)))
        dots = "." * (1 + int(pygame.time.get_ticks() / 300) % 3)
        pill(self.screen, [(f"thinking{dots:<3}", (240, 228, 66))], (x, y - 34), 14,
             inside=self.camera.area())

    def draw(self, force: bool = False) -> bool:
        """Draw a frame; when nothing changed since the last one (no event, no computer move,
        no animation, the same GUI sprites) the window keeps it and nothing is drawn.
        Returns whether it drew. `drawn` says what: "board", "setup", "handoff", "result".

        In battle the HUD is drawn by `hud_layer` (`HudLayer`): rendered again only when one
        of its sprites changed, and composed with the board's view layer, so that a frame
        where only the board changed costs about the board alone."""
        self._sync_mode()
        if self.mode != "battle":
            if self.view is not self._view_drawn:      # new widgets: laid out before drawn
                self.ui.update(0.0)
                self._view_drawn = self.view
            self.view.draw(self.screen)
            self.drawn = self.mode
            self._dirty = False
            return True
        layer = self.hud_layer if self.hud is not None else None
        stale = layer is not None and layer.stale()
        if not (force or self._dirty or self.animator.busy or stale):
            return False
        if layer is None:
            self.board.draw(self.screen, self.camera, self.controller, self.animator)
            if self.heat:
                self._heat_legend()
            draw_status(self.screen, self.controller)
        else:
            if stale:
                layer.render(self.screen.get_size())
            layer.cut(self.board.dynamic_rect(self.camera, self.controller, self.animator,
                                              self.screen.get_size()))
            self.board.veneer = layer.over_view
            try:
                self.board.draw(self.screen, self.camera, self.controller, self.animator)
            finally:
                self.board.veneer = None
            if self.heat:
                self._heat_legend()
            self._thinking_mark()
            layer.finish(self.screen)
        self.drawn = "board"
        self._dirty = False
        return True

    def _heat_legend(self) -> None:
        team = self.board.heat_team
        values = heat_cells(self.battle, team) if team else {}
        top = max(values.values()) if values else 0
        lines = [(f"Threat heat map (H): danger to {str(team).capitalize()}", (240, 228, 66)),
                 (f"strongest {top:.1f}" if values else "no hex threatened", (230, 230, 230))]
        ax, ay, w, h = self.camera.area()
        pill(self.screen, lines, (ax + w - 8, ay + 8), 15, HEAT_HIGH, inside=(ax, ay, w, h))

    def run(self) -> int:
        clock = pygame.time.Clock()
        while self.running:
            dt = clock.tick(60) / 1000
            try:
                self.frame(dt)
                self._errors = 0
            except Exception as err:  # noqa: BLE001 - the one place: log it, show it, go on
                self._errors += 1
                self.show_error(err)
        return 0

    def frame(self, dt: float) -> None:
        """One turn of the window loop: events, time, drawing."""
        for ev in pygame.event.get():
            self.handle_event(ev)
            if not self.running:
                return
        self.update(dt)
        if self.running and self.draw():
            pygame.display.flip()

    def show_error(self, err: Exception) -> None:
        """An unexpected error: logged with its traceback once, its line shown; the
        window stays open (on the setup screen when the battle cannot go on)."""
        line = f"{type(err).__name__}: {err}"
        if line != self._last_error:
            self._last_error = line
            logging.getLogger("hexskirmish").exception("the game hit an error")
        if self.mode == "battle" and self.model is not None:
            self.model.message = f"Error: {line[:160]}"
            self.model.revision += 1
        if self._errors > 30:               # every frame fails: the battle cannot go on
            self._errors = 0
            self.show_setup(self.setup, f"The battle stopped on an error: {line[:160]}")


def draw_status(surf, ctl) -> None:
    """The app's own status line when no HUD module is present: whose turn, the budget, the
    last message, and the attack-of-opportunity prompt."""
    b, m = ctl.battle, ctl.model
    aw = b.awaiting()
    if aw == "turn":
        budget = b.budget(b.active)
        head = (f"Round {b.round} - {b.active} ({b.teams_of[b.active]}) acts - "
                f"{budget.big} Big, {budget.little} Little, {budget.movement} hexes left - "
                f"mode {m.mode}" + (f", weapon {m.weapon}" if m.weapon else ""))
    elif aw == "choice":
        head = f"Round {b.round} - {b.chooser} picks who acts next: " + \
            ", ".join(m.choice_candidates or [])
    elif aw == "reaction":
        p = b.pending
        head = (f"{p.reactor} may interrupt {p.mover}'s turn (its Reaction): Y = try, N = let go"
                if p.kind == "interrupt" else
                f"{p.reactor} may strike {p.mover} (attack of opportunity): Y = attack, N = let go")
    else:
        head = m.message or "The battle is over."
    lines = [(head, (255, 255, 255))]
    if m.message and aw != "over":
        lines.append((m.message[:140], (240, 228, 66)))
    w = surf.get_width()
    pill(surf, lines, (w / 2, 28 if len(lines) == 1 else 36), 18)
    keys = ("click: select / move / attack   right click, Esc: cancel   Enter: confirm   "
            "Shift+click: safe path   T: threat   L: sight   Tab: weapon   End: end turn")
    label = sp.text(keys, 14, (230, 230, 230), False, sp.INK)
    surf.blit(label, label.get_rect(midbottom=(w / 2, surf.get_height() - 6)))


# ---- command line ------------------------------------------------------------------------------

def _parse_size(text: str) -> tuple[int, int]:
    m = re.fullmatch(r"\s*(\d{2,5})\s*[xX]\s*(\d{2,5})\s*", text or "")
    if not m or not (200 <= int(m[1]) <= 8192 and 200 <= int(m[2]) <= 8192):
        raise InputError(None, None, f"--size must be WxH with each side 200-8192, e.g. "
                         f"1280x800 (got {text!r})")
    return int(m[1]), int(m[2])


def _parse_cell(text: str, hexmap) -> tuple[int, int]:
    from game.cliargs import cell
    col, row = cell(text, "--hover")
    if not hexmap.in_bounds(col, row):
        raise InputError(hexmap.path, None, f"--hover {col},{row} is off the map (columns "
                         f"0-{hexmap.width - 1}, rows 0-{hexmap.height - 1})")
    return col, row


def _controllers(teams: list[str], sides: str | None) -> dict:
    """--sides for the map's teams -> the Battle's controllers (team -> human | ai)."""
    return S.controllers(S.parse_sides(sides, teams))


def _teams(hexmap) -> list[str]:
    return list(hexmap.teams) or list(dict.fromkeys(p.team for p in hexmap.units))


def screenshot_app(map_path, select=None, hover=None, size="1280x800", *, moves=None,
                   overlays=(), seed: int = 1):
    """The App of `python -m game screenshot`, ready to draw (tools/make_screenshots.py adds
    `moves` {name: (col, row)} to stage a moment, `overlays` and the dice `seed`)."""
    from game.engine.battle import Battle
    from game.tiled.loader import load_map
    wh = _parse_size(size)
    hexmap = load_map(map_path)
    cell = _parse_cell(hover, hexmap) if hover is not None else None
    for p in hexmap.units:
        if moves and p.name in moves:
            p.col, p.row = moves[p.name]
    battle = Battle(hexmap, seed=seed, controllers=_controllers(_teams(hexmap), None))
    if select is not None and select not in battle.eids:
        raise InputError(map_path, None, f"--select: no unit named {select!r} (units: "
                         f"{', '.join(sorted(battle.eids))})")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    app = App(battle, wh, window=False, animations=False)
    for name in overlays:
        app.controller.toggle_overlay(name)
    if select is not None:
        app.controller.select(select)
    if cell is not None:
        app.controller.hover_cell(cell)
    app.frame_selection()
    if cell is not None:
        app.point_at(cell)
    app.update(0.0)
    app.update(0.0)     # the GUI lays out what the HUD changed in the first update
    return app


def run_screenshot(map_path, out, select=None, hover=None, size="1280x800") -> int:
    """`python -m game screenshot MAP OUT.png [--select NAME] [--hover COL,ROW] [--size WxH]`."""
    from game.outputs import check_png_output, write_png
    from game.ui.map_renderer import map_files
    out = check_png_output(out, [map_path])
    app = screenshot_app(map_path, select, hover, size)
    app.draw(force=True)
    write_png(app.screen, check_png_output(out, map_files(map_path)))
    return 0


def run_play(map_path=None, sides=None, seed=None, load=None, initiative=None,
             ai_debug: bool = False, maps_dir=None) -> int:
    """`python -m game play [MAP] [--sides ...] [--seed N] [--initiative MODE] [--load SAVE]
    [--ai-debug]`: open the window and play until it is closed. Without a map, sides or a save
    it opens on the setup screen (with --seed and --initiative preselected)."""
    if ai_debug:
        S.enable_ai_debug()
    app = play_app(map_path, sides=sides, seed=seed, load=load, initiative=initiative,
                   maps_dir=maps_dir)
    app.end_warning = app.threaded_ai = True
    if app.controller is not None:
        app.controller.end_warning = True
    try:
        return app.run()
    finally:
        pygame.quit()


def play_app(map_path=None, sides=None, seed=None, load=None, initiative=None,
             size=DEFAULT_SIZE, window: bool = True, maps_dir=None) -> App:
    """The App of `run_play`, before its loop runs (bad arguments raise InputError first)."""
    if initiative is not None and initiative not in S.INITIATIVE_MODES:
        raise InputError(None, None, f"--initiative: unknown mode {initiative!r} (use "
                         f"{', '.join(S.INITIATIVE_MODES)})")
    if seed is not None:
        seed = S.parse_seed(seed)
    if maps_dir is not None and not Path(maps_dir).is_dir():
        raise InputError(maps_dir, None, "--maps: no such folder; give a folder of .tmx maps")
    if load is not None:
        from game.engine.replay import load_replay
        battle = load_replay(load)
        humans, levels = None, None
        if sides is not None:
            chosen = S.parse_sides(sides, S.map_teams(battle.hexmap))
            humans, levels = set(S.human_teams(chosen)), S.difficulties(chosen)
        return App(battle, size, window=window, human_teams=humans, difficulties=levels)
    if map_path is None and sides is None:
        setup = None
        if seed is not None or initiative is not None:
            info = S.map_info(_load_map(DEFAULT_MAP))
            setup = S.setup_for(info, None, initiative, seed)
        return App(None, size, window=window, setup=setup, maps_dir=maps_dir)
    hexmap = _load_map(map_path or DEFAULT_MAP)
    setup = S.Setup(Path(hexmap.path), tuple(S.parse_sides(sides, S.map_teams(hexmap))),
                    initiative, seed)
    battle = S.start_battle(setup, hexmap=hexmap)
    return App(battle, size, window=window, setup=setup,
               difficulties=S.difficulties(setup.sides))


def _load_map(path):
    from game.tiled.loader import load_map
    return load_map(path)


__all__ = ["App", "BattleController", "HeatBoard", "HudLayer", "covering_rects", "draw_status",
           "heat_cells", "map_surface", "play_app", "run_play", "run_screenshot",
           "screenshot_app"]
