"""The game window: the main loop, input, and the headless screenshot (DESIGN.md "Command line":
`python -m game play` and `python -m game screenshot`).

`App` owns a window (or the dummy video driver's surface), a pygame_gui `UIManager` (themed by
`assets/ui_theme.json` when it exists), the `Board`, the `Camera`, the `Animator` and the
`GameController`. Every pygame event goes through `App.handle_event`, so tests drive the real
UI with synthetic events. The HUD (`game.ui.hud.Hud`) is optional: without it the app draws a
small status bar of its own.

Input: left click selects, moves, attacks, picks the next creature, confirms a provoking move
(click the same hex again, or Enter; Shift+click or Shift+Enter takes the safe path); right
click or Esc cancels; middle or right drag and arrows/WASD pan; the wheel zooms around the
cursor; C centres on the active creature; T threat areas, L line of sight; Tab cycles
weapons; the action keys are the HUD's (1 Move, 2 Run, 3 Charge, 4 5-Foot Step, 5 Attack,
6 Aim, 7 Defend, 8 Power Attack, 9 Stand Up, 0 Prone, R Retreat, I Interrupt, E or End: end
the turn); Y/N answer an attack-of-opportunity prompt; Space skips animations, [ and ] set their
speed; F5 saves the battle to hexskirmish-save.json.
"""
from __future__ import annotations

import os
import re
import time
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402
import pygame_gui  # noqa: E402

from game.errors import InputError  # noqa: E402
from game.ui import sprites as sp  # noqa: E402
from game.ui.sprites import pill  # noqa: E402
from game.ui.animation import Animator  # noqa: E402
from game.ui.board import Board, plain_map_surface  # noqa: E402
from game.ui.camera import Camera  # noqa: E402
from game.ui.controller import GameController  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
THEME = REPO / "assets" / "ui_theme.json"
DEFAULT_SIZE = (1280, 800)
AI_DELAY_S = 0.35
PAN_PX_S = 700
# the HUD's action keys (game.ui.hud.HOTKEYS); used as they are when there is no HUD
ACTION_KEYS = {
    pygame.K_1: "move", pygame.K_2: "run", pygame.K_3: "charge", pygame.K_4: "step",
    pygame.K_5: "attack", pygame.K_6: "aim", pygame.K_7: "defend", pygame.K_8: "power",
    pygame.K_9: "stand", pygame.K_0: "prone", pygame.K_r: "retreat",
    pygame.K_i: "interrupt", pygame.K_e: "end", pygame.K_END: "end",
}
PAN_KEYS = {pygame.K_LEFT: (-1, 0), pygame.K_a: (-1, 0), pygame.K_RIGHT: (1, 0),
            pygame.K_d: (1, 0), pygame.K_UP: (0, -1), pygame.K_w: (0, -1),
            pygame.K_DOWN: (0, 1), pygame.K_s: (0, 1)}
_MAPS: dict = {}


def hud_class():
    """`game.ui.hud.Hud` when the HUD module exists, else None."""
    try:
        from game.ui import hud
    except ModuleNotFoundError as err:
        if err.name == "game.ui.hud":
            return None
        raise
    return getattr(hud, "Hud", None)


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


class App:
    """One battle on screen."""

    def __init__(self, battle, size=DEFAULT_SIZE, *, window: bool = True,
                 animations: bool = True, human_teams=None, hud: bool = True):
        pygame.display.init()
        pygame.font.init()
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE if window else 0)
        title = battle.hexmap.title or Path(battle.hexmap.path).stem
        pygame.display.set_caption(f"hexskirmish - {title}")
        self.battle = battle
        self.controller = GameController(battle, human_teams=human_teams)
        self.model = self.controller.model
        self.model.animations = animations
        self.animator = Animator(enabled=animations, speed=self.model.speed)
        self.controller.listeners.append(self._on_events)
        surface, origin = map_surface(battle.hexmap)
        self.board = Board(battle, surface, origin)
        self.manager = pygame_gui.UIManager(self.screen.get_size(),
                                            str(THEME) if THEME.is_file() else None)
        cls = hud_class() if hud else None
        self.hud = cls(self.manager, self.controller) if cls else None
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
        self.running = True
        self._drag = None
        self._held: set[int] = set()
        self._ai_clock = 0.0
        self._seen = None
        self._dirty, self._gui_seen = True, None
        self.refresh_hud(force=True)

    # ---- events --------------------------------------------------------------------------------
    def _on_events(self, events) -> None:
        self.animator.feed(events)
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
        """One pygame event: the GUI first, then the map and the keys."""
        self._dirty = True
        if ev.type == pygame.QUIT:
            self.running = False
            return
        if ev.type == pygame.VIDEORESIZE:
            self.resize(ev.size)
            return
        consumed = self.manager.process_events(ev)
        if self.hud is not None:
            consumed = bool(self.hud.process_event(ev)) or consumed
        if consumed:
            self.refresh_hud()
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
        k, c, shift = ev.key, self.controller, self._shift(ev)
        if k in PAN_KEYS:
            self._held.add(k)
        elif k == pygame.K_ESCAPE:
            c.cancel()
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            c.take_safe() if shift else c.confirm()
        elif k == pygame.K_TAB:
            c.cycle_weapon()
        elif k == pygame.K_t:
            c.toggle_overlay("threat")
        elif k == pygame.K_l:
            c.toggle_overlay("los")
        elif k == pygame.K_c:
            self.centre_on_active()
        elif k == pygame.K_SPACE:
            self.animator.skip()
        elif k in ACTION_KEYS:
            if self.hud is None or not self.hud.hotkey(k):
                c.do_action(ACTION_KEYS[k])
        elif k in (pygame.K_y, pygame.K_n) and self.battle.awaiting() == "reaction" \
                and c.is_human_turn():
            c.react(k == pygame.K_y)
        elif k in (pygame.K_LEFTBRACKET, pygame.K_RIGHTBRACKET):
            f = 1.5 if k == pygame.K_RIGHTBRACKET else 1 / 1.5
            self.model.speed = max(0.25, min(8.0, self.model.speed * f))
            c.model.message = f"animation speed x{self.model.speed:.2g}"
        elif k in (pygame.K_EQUALS, pygame.K_PLUS, pygame.K_MINUS, pygame.K_KP_PLUS,
                   pygame.K_KP_MINUS):
            self.camera.zoom_by(1 if k in (pygame.K_EQUALS, pygame.K_PLUS, pygame.K_KP_PLUS)
                                else -1)
        elif k == pygame.K_F5:
            self.save(Path("hexskirmish-save.json"))

    def save(self, path: Path) -> None:
        from game.engine.replay import save_battle
        try:
            save_battle(self.battle, path)
            self.model.message = f"saved to {path} (python -m game play --load {path})"
        except InputError as err:
            self.model.message = err.line()

    def resize(self, size) -> None:
        size = (max(320, int(size[0])), max(240, int(size[1])))
        if pygame.display.get_surface() is not None and \
                pygame.display.get_surface().get_size() != size:
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.manager.set_window_resolution(size)
        if self.hud is not None:
            self.hud.layout(size)
        self.camera.resize(size, self.free_area())
        self.refresh_hud(force=True)

    # ---- frames --------------------------------------------------------------------------------
    def refresh_hud(self, force: bool = False) -> None:
        seen = (self.model.revision, self.battle.version, self.manager.get_mouse_position())
        if self.hud is not None and (force or seen != self._seen):
            self.hud.refresh()
        self._seen = seen

    def update(self, dt: float) -> None:
        """Advance `dt` seconds: panning keys, animations, the computer's moves, the GUI."""
        for k in self._held:
            dx, dy = PAN_KEYS[k]
            self.camera.pan(dx * PAN_PX_S * dt, dy * PAN_PX_S * dt)
            self._dirty = True
        self.animator.speed = self.model.speed
        self.animator.enabled = self.model.animations
        self.animator.update(dt)
        if self.battle.awaiting() != "over" and not self.controller.is_human_turn() \
                and not self.animator.busy:
            self._ai_clock += dt
            if self._ai_clock >= AI_DELAY_S / self.model.speed or not self.model.animations:
                self._ai_clock = 0.0
                self.controller.step_ai()
                self._dirty = True
        self.manager.update(dt)
        self.refresh_hud()

    def draw(self, force: bool = False) -> bool:
        """Draw a frame; when nothing changed since the last one (no event, no computer move,
        no animation, the same GUI sprites) the window keeps it and nothing is drawn.
        Returns whether it drew."""
        gui = tuple((id(b[0]), tuple(b[1])) for b in self.manager.ui_group.visible)
        if not (force or self._dirty or self.animator.busy or gui != self._gui_seen):
            return False
        self.board.draw(self.screen, self.camera, self.controller, self.animator)
        if self.hud is not None:
            self.manager.draw_ui(self.screen)
        else:
            draw_status(self.screen, self.controller)
        self._dirty, self._gui_seen = False, gui
        return True

    def run(self) -> int:
        clock = pygame.time.Clock()
        while self.running:
            dt = clock.tick(60) / 1000
            for ev in pygame.event.get():
                self.handle_event(ev)
            self.update(dt)
            if self.draw():
                pygame.display.flip()
        return 0


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
        head = f"{p.reactor} may strike {p.mover} (attack of opportunity): Y = attack, N = let go"
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
    m = re.fullmatch(r"\s*(-?\d+)\s*,\s*(-?\d+)\s*", text or "")
    if not m:
        raise InputError(None, None, f"--hover must be COL,ROW as Tiled shows it, e.g. 5,3 "
                         f"(got {text!r})")
    col, row = int(m[1]), int(m[2])
    if not hexmap.in_bounds(col, row):
        raise InputError(hexmap.path, None, f"--hover {col},{row} is off the map (columns "
                         f"0-{hexmap.width - 1}, rows 0-{hexmap.height - 1})")
    return col, row


def _controllers(teams: list[str], sides: str | None) -> dict:
    if sides is None:
        return {t: ("human" if i == 0 else "ai") for i, t in enumerate(teams)}
    kinds = [s.strip().lower() for s in sides.split(",")]
    if len(kinds) != len(teams) or any(k not in ("human", "ai") for k in kinds):
        example = ",".join(["human"] + ["ai"] * (len(teams) - 1))
        raise InputError(None, None, f"--sides needs one of human/ai per team "
                         f"({', '.join(teams)}), e.g. {example} (got {sides!r})")
    return dict(zip(teams, kinds))


def _teams(hexmap) -> list[str]:
    return list(hexmap.teams) or list(dict.fromkeys(p.team for p in hexmap.units))


def _check_out(out) -> Path:
    out = Path(out)
    if out.is_dir():
        raise InputError(out, None, "is a folder; give the name of the .png file to write")
    if not out.parent.is_dir():
        raise InputError(out, None, f"cannot write: the folder {out.parent} does not exist")
    return out


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
    out = _check_out(out)
    app = screenshot_app(map_path, select, hover, size)
    app.draw(force=True)
    try:
        pygame.image.save(app.screen, str(out))
    except (OSError, pygame.error) as err:
        raise InputError(out, None, f"cannot write the image ({err})") from None
    return 0


def run_play(map_path, sides=None, seed=None, load=None) -> int:
    """`python -m game play`: open the window and play until it is closed."""
    from game.engine.battle import Battle
    if load is not None:
        from game.engine.replay import load_replay
        battle = load_replay(load)
        humans = None
        if sides is not None:
            c = _controllers(_teams(battle.hexmap), sides)
            humans = {t for t, k in c.items() if k == "human"}
    else:
        from game.tiled.loader import load_map
        hexmap = load_map(map_path)
        seed = seed if seed is not None else time.time_ns() % 1_000_000
        battle = Battle(hexmap, seed=seed, controllers=_controllers(_teams(hexmap), sides))
        humans = None
    app = App(battle, DEFAULT_SIZE, window=True, human_teams=humans)
    try:
        return app.run()
    finally:
        pygame.quit()


__all__ = ["App", "draw_status", "hud_class", "map_surface", "run_play", "run_screenshot",
           "screenshot_app"]
