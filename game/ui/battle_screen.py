"""The battle as a screen of the window (`BattleScreen`): the board, the camera, the
animations, the `GameController` and the HUD of one battle, with the `Screen` interface of
the other screens (`handle_event(event) -> action`, `update(dt) -> action`, `draw(surface)`,
`layout(size)`, `kill()`).

The App swaps screens on the actions they answer: ("menu",), ("help",), ("handoff", team),
("result",), ("restart_map",); everything else of a battle (selection, moves, attacks, the
computer's turns, undo, the heat map, quick saves and autosaves, hot reload of the map) is
done here. The keys are bound once, in `game.ui.keys`.

`watch=True` is the replay viewer's battle (game.ui.replay_viewer): the same board, previews
and log, every side shown as its player saw it, but nothing of the map or the HUD sends a
command, the computer does not play and nothing is saved.
"""
from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402
import pygame_gui  # noqa: E402

from game import saves  # noqa: E402
from game.ai.player import AIPlayer  # noqa: E402
from game.engine import events as E  # noqa: E402
from game.errors import InputError  # noqa: E402
from game.ui import autoplay, map_reload  # noqa: E402
from game.ui import sprites as sp  # noqa: E402
from game.ui.animation import Animator  # noqa: E402
from game.ui.battle_board import HEAT_HIGH, HeatBoard, WorldCamera, heat_cells, map_surface  # noqa: E402
from game.ui.camera import Camera  # noqa: E402
from game.ui.camera_follow import acting_creature  # noqa: E402
from game.ui.controller import GameController  # noqa: E402
from game.ui.hud import Hud  # noqa: E402
from game.ui.hud_layer import HudLayer  # noqa: E402
from game.ui.shown import Shown  # noqa: E402
from game.ui.board_input import PlayInput, WatchInput, shift_held  # noqa: E402
from game.ui.keys import NEXT_LESSON_KEY, PAN_KEYS  # noqa: E402
from game.ui.sprites import pill  # noqa: E402
from game.ui.lesson_box import RESERVED, LessonBox  # noqa: E402
from game.ui.story_box import StoryBox, story_texts  # noqa: E402

AI_DELAY_S = 0.35
RESULT_DELAY_S = 0.8        # the last blow stays on screen this long before the result
PAN_PX_S = 700


# ---- the computer's sides at their difficulty ----------------------------------------------------

class BattleController(GameController):
    """The `GameController`, with a computer player of its own difficulty per computer side
    (`difficulties`: team -> easy | normal | hard; a side not named there, or no
    `game.ai.player`, plays as `game.ui.autoplay.command_for` decides)."""

    def __init__(self, battle, model=None, human_teams=None, difficulties=None):
        self.difficulties = dict(difficulties or {})
        self.watching = False       # a replay watched: nobody of this window decides
        self._players: dict = {}
        super().__init__(battle, model, human_teams)

    def ai_command(self, name: str, battle=None):
        battle = self.battle if battle is None else battle
        team = self.team_of(name)
        level = self.difficulties.get(team)
        if level is None:
            return autoplay.command_for(battle, name)
        if team not in self._players:
            self._players[team] = AIPlayer(level, seed=f"{battle.seed}:{team}")
        return self._players[team].command(battle, name)


# ---- the threat heat map (H) ---------------------------------------------------------------------

HEAT_LOW, HEAT_HIGH = (240, 228, 66), (213, 94, 0)
HEAT_STEPS = 6


def watch_only(screen) -> bool:
    return screen.watch or screen.battle.awaiting() == "over"


# ---- the battle screen ---------------------------------------------------------------------------

class BattleScreen(Shown):
    """One battle on the window (see the module docstring). `owned`: the screen made the
    battle and closes it with itself. `end_warning`, `autosave` (autosaves kept, 0: none)
    and `threaded_ai` are the App's settings, read when they matter."""

    name = "battle"
    drawn_as = "board"
    transient = False
    pauses = True
    back_from = frozenset({"help", "legend"})

    def __init__(self, battle, manager: pygame_gui.UIManager, size, *, human_teams=None,
                 difficulties=None, animations: bool = True, hud: bool = True,
                 owned: bool = False, watch: bool = False, policy: str | None = None):
        self.manager = manager
        self.policy = policy
        self.size = tuple(size)
        self.with_hud = hud
        self.watch = watch
        self.input = WatchInput() if watch else PlayInput()   # the pointer's and keys' mode
        self.end_warning = False
        self.autosave = saves.AUTO_KEEP
        # A campaign's battle is saved in the campaign's progress (game.ui.campaign_play),
        # not as a battle of its own: `keep_progress()` writes it and returns its path.
        self.keep_progress = None
        self.threaded_ai = False
        self.hud_layer = HudLayer(manager)
        self.story = StoryBox(manager)
        self.lesson: LessonBox | None = None     # a tutorial lesson's instructions
        self.heat = False
        self.sound = None           # the App's SoundPlayer (game.ui.sound); None: silent
        self.follow = True          # the camera follows the computer's moves and replays
        self.battle = None
        self._open(battle, human_teams, difficulties, animations, owned)

    def _open(self, battle, human_teams, difficulties, animations, owned) -> None:
        self.battle, self.owned = battle, owned
        self.controller = BattleController(battle, human_teams=human_teams,
                                           difficulties=difficulties)
        self.model = self.controller.model
        self.controller.watching = self.watch
        self.controller.end_warning = self.end_warning
        self.model.animations = animations
        self.animator = Animator(enabled=animations, speed=self.model.speed)
        if battle.profile.name == "light":      # a roll against twice a defense, not AC
            self.animator.against = ""
        self.controller.listeners.append(self._on_events)
        surface, origin = map_surface(battle.hexmap)
        self.board = HeatBoard(battle, surface, origin)
        self.map_watch = None if self.watch else map_reload.watcher_for(battle)
        self.restart_map = None
        # built once, for this screen's size (a layout for the manager's size first, then
        # another for this one, built every panel twice)
        self.hud = Hud(self.manager, self.controller, self.size) if self.with_hud else None
        if self.hud is not None:
            self.hud.pointer_tips = not self.watch    # the viewer's pointer is not the player's
            if self.watch:
                self.hud.panels["actions"].hide()
        self.camera = Camera(self.size, self.board.world_size)
        self.camera.resize(self.size, self.free_area())
        self.camera.fit(max_zoom=1.0, min_zoom=0.7)
        self._frame_active()
        self.show_every_creature()
        waiting = self.waiting_team()
        self.viewer = waiting if waiting in self.controller.human_teams else None
        self._drag, self._held = None, set()
        self.hold = False
        self._ai_clock = self._over_clock = 0.0
        self._swallow_up = False
        self._seen = None
        self._dirty = True
        self.hud_layer.invalidate()
        self._apply_heat()
        if self.policy is not None and not watch_only(self):
            self.controller.set_policy(self.policy)
        if not battle.log:          # a new battle: the map's opening story
            self.tell(story_texts(battle.events))
        self.refresh_hud(force=True)

    def tell(self, texts) -> None:
        """The map's story text in a message box over the board."""
        if texts and self.with_hud:
            self.story.show(texts, self.hud.board_rect() if self.hud is not None else
                            pygame.Rect((0, 0), self.size))
            self.hud_layer.invalidate()

    def begin_lesson(self, progress, number: int, count: int) -> None:
        """Play this battle as a tutorial lesson: its instruction box over the board, moved
        on by the battle's events (docs/mapping.md "Tutorial lessons")."""
        self.lesson = LessonBox(self.manager, progress, number, count)
        self.camera.resize(self.size, self.free_area())
        self.camera.fit(max_zoom=1.0, min_zoom=0.7)
        self._show_lesson()

    def _show_lesson(self) -> None:
        if self.lesson is not None and self.with_hud:
            self.lesson.show(self.hud.board_rect() if self.hud is not None else
                             pygame.Rect((0, 0), self.size))
            self.hud_layer.invalidate()

    def set_policy(self, policy: str) -> None:
        """The setting for the player's creatures' attacks of opportunity (game.ui.settings),
        sent to the engine now and again after every undo."""
        self.policy = policy
        self.controller.set_policy(policy)
        self._dirty = True

    def _frame_active(self) -> None:
        ww, wh = self.board.world_size
        _, _, aw, ah = self.camera.area()
        too_big = ww * self.camera.zoom > aw or wh * self.camera.zoom > ah
        if too_big and self.controller.actor():
            self.camera.centre_on(*self.board.unit_centre(self.battle.unit(self.battle.active)))

    def show_every_creature(self) -> None:
        """When a creature lies outside the map's part of the window (a small window, a big
        map), zoom out and centre until every creature shows."""
        area = pygame.Rect(self.camera.area())
        points = [self.board.hex_centre(h) for u in self.battle.view().units
                  if not u.dead for h in u.hexes]
        inside = [area.collidepoint(self.camera.to_screen(*p)) for p in points]
        if points and not all(inside):
            margin = round(min(self.board.layout.tw, self.board.layout.th) * 0.6)
            self.camera.frame(points, margin=margin, max_zoom=self.camera.zoom)

    def kill(self) -> None:
        """The screen closes: its HUD goes, the battle too when the screen made it."""
        if self.battle is None:
            return
        if self.hud is not None:
            self.hud.kill()
        self.story.close()
        if self.lesson is not None:
            self.lesson.close()
        self.controller.listeners.clear()
        if self.owned:
            self.battle.close()
        self.battle = None

    @property
    def title(self) -> str:
        return self.battle.hexmap.title or Path(self.battle.hexmap.path).stem

    def savable(self) -> bool:
        """Can this battle be saved (it runs, on a map file)?"""
        return self.battle.awaiting() != "over" and Path(self.battle.hexmap.path).is_file()

    # ---- undo, next creature, coordinates ------------------------------------------------
    def undo(self) -> bool:
        """Z: take back the last move or action that rolled no dice and revealed nothing
        (`game.ui.undo`); the battle is rebuilt from its log without it."""
        c = self.controller
        if self.watch or self.battle.awaiting() != "turn" or not c.is_human_turn() or \
                not c.history.can_undo:
            c.model.message = "nothing to undo: dice were rolled, something was revealed, " \
                "or the other side acted since"
            c.model.revision += 1
            return False
        history, view = c.history, (self.camera.zoom, self.camera.x, self.camera.y)
        battle = history.undo(self.battle)
        self.animator.skip()
        speed = self.model.speed
        self.kill()
        self._open(battle, c.human_teams, c.difficulties, self.model.animations, True)
        self.controller.history = history
        self.model.speed = speed
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

    # ---- hotseat ---------------------------------------------------------------------------
    def _hold_for_reaction(self, events) -> None:
        """Hotseat: the person who answered an attack of opportunity, an interrupt or a defense
        prompt sees how it went before the screen is handed back (a key or a click lets go)."""
        from game.ui.presenters import log_entries
        c = self.controller
        if self.watch or len(c.human_teams) < 2 or self.viewer is None:
            return
        strikes = [e for e in events if isinstance(e, E.AttackRolled) and (
            e.kind == "aoo" and c.team_of(e.attacker) == self.viewer
            or e.defense and c.team_of(e.target) == self.viewer)
            or isinstance(e, E.InterruptTriggered) and c.team_of(e.unit) == self.viewer]
        if not strikes:
            return
        lines = [x.text for x in log_entries(events, self.battle.profile.name)
                 if any(e in x.events for e in strikes)]
        self.hold = True
        self.model.message = f"{'; '.join(lines)}. Press a key or click to hand over."
        self.model.revision += 1

    def waiting_team(self) -> str | None:
        return self.controller.team_of(self.controller.waiting_on())

    def handoff_due(self) -> str | None:
        """The side the screen must be handed to before the battle goes on: a person's side
        other than the one that has the screen, when two or more people play."""
        c = self.controller
        if self.watch or len(c.human_teams) < 2 or self.battle.awaiting() == "over":
            return None
        if self.hold or self.animator.busy:
            return None             # the last blow shows first
        if not c.is_human_turn():
            return None
        team = self.waiting_team()
        if self.viewer is None:
            self.viewer = team
            return None
        return team if team != self.viewer else None

    def due(self):
        """The screen the battle must give way to now: ("handoff", team) or None."""
        team = self.handoff_due()
        return ("handoff", team) if team is not None else None

    def hide_for_handoff(self) -> None:
        """The screen goes to another person: nothing held, dragged or hovered."""
        self._held.clear()
        self._drag = None
        self.controller.hover_cell(None)

    def handed_to(self, team: str | None, by_click: bool = False) -> None:
        """The handoff screen was dismissed: the battle, for the side it was shown to."""
        self.viewer = team
        self._swallow_up = by_click
        self._apply_heat()
        actor = self.controller.actor()
        if actor is not None:
            self.reveal(actor)
        self.shown_again()

    def shown_again(self) -> None:
        """Back on the screen after another one (menu, help, handoff): drawn whole."""
        self._dirty = True
        self.hud_layer.invalidate()
        self.refresh_hud(force=True)

    def final_position(self) -> pygame.Surface:
        """The whole map with every creature where it ended (no overlays, no HUD)."""
        surf = self.board.scaled_map(1.0).copy()
        self.board.draw_units(surf, WorldCamera())
        return surf

    # ---- events --------------------------------------------------------------------------------
    def _on_events(self, events) -> None:
        self.animator.feed(events)
        self.tell(story_texts(events))
        if self.lesson is not None and self.lesson.progress.feed(events):
            self._show_lesson()
        self._hold_for_reaction(events)
        self._autosave(events)
        if self.sound is not None:
            self.sound.feed(events, frozenset() if self.watch else self.controller.human_teams)
        mine = not self.watch and self.controller.is_human_turn()
        for e in events:
            if type(e).__name__ == "TurnStarted" and e.unit == self.battle.active and \
                    (mine or self.follow):
                self.reveal(e.unit)
        self._follow(events)

    def _follow(self, events) -> None:
        """The `follow` setting: in the computer's turns and in replays, the creature that
        acts is brought into view (`game.ui.camera_follow`)."""
        if not self.follow or not (self.watch or not self.controller.is_human_turn()):
            return
        name = acting_creature(events)
        if name is not None:
            self.reveal(name)

    def free_area(self):
        """The screen rectangle the HUD leaves to the map (the whole window without HUD)."""
        if self.hud is not None and hasattr(self.hud, "board_rect"):
            area = self.hud.board_rect()
            if self.lesson is not None:          # the lesson's box takes the bottom strip
                area = pygame.Rect(area.left, area.top, area.width,
                                   max(100, area.height - RESERVED))
            return tuple(area)
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

    def handle_event(self, ev):
        """One pygame event: the GUI first, then the map and the keys. Returns the screen
        the battle gives way to, as an action (see the module docstring), or None."""
        self._dirty = True
        if ev.type == pygame.MOUSEBUTTONUP and self._swallow_up:
            self._swallow_up = False      # the release of the click that ended a handoff
            return None
        if ev.type == pygame.MOUSEBUTTONDOWN:
            self._swallow_up = False
        if self.hold and ev.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.hold = False           # seen: hand the screen over
            self.model.message = ""
            self.model.revision += 1
            self._swallow_up = ev.type == pygame.MOUSEBUTTONDOWN
            return self.due()
        if ev.type == pygame.KEYDOWN and ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and \
                self.story.close():
            self.hud_layer.invalidate()     # Enter closes the story's message box
            return None
        if ev.type == pygame.KEYDOWN and ev.key == NEXT_LESSON_KEY and self.lesson is not None \
                and self.lesson.progress.done:
            return ("next_lesson",)
        if self._hud_took(ev):
            return self.due()
        action = self._board_event(ev)
        self.refresh_hud()
        if ev.type == pygame.MOUSEMOTION and self.hud is not None:
            self.hud.keep_clear = self._shown_on_board()
            self.hud.pointer_at(ev.pos)   # the tip of what the board shows now, not before
        return action or self.due()

    def on_event(self, ev):
        return self.handle_event(ev)

    def on_update(self, dt: float):
        return self.update(dt)

    def present(self, surface, force: bool) -> bool:
        return self.draw(surface, force=force)

    def asks_to_save_on_close(self) -> bool:
        return self.savable()

    def pointer_gone(self) -> None:
        """A dialog opens over the battle: no hover, preview or tooltip is left behind."""
        if not self.watch:
            self.controller.hover_cell(None)
        if self.hud is not None:
            self.hud.pointer_at(None)
        self._dirty = True
        self.hud_layer.invalidate()

    def _hud_took(self, ev) -> bool:
        """The GUI's share of an event (in watch mode its buttons send nothing)."""
        consumed = self.manager.process_events(ev)
        watching = self.watch and ev.type in (pygame_gui.UI_BUTTON_PRESSED, pygame.KEYDOWN)
        if self.hud is not None and not watching:
            consumed = bool(self.hud.process_event(ev)) or consumed
        if not (consumed or ev.type == pygame.WINDOWLEAVE):
            return False
        if ev.type in (pygame.MOUSEMOTION, pygame.WINDOWLEAVE) and \
                self.model.hover_cell is not None and not self.watch:
            self.controller.hover_cell(None)      # the pointer left the map
        if ev.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN):
            self.hud_layer.invalidate()       # a click or key the HUD took: all of it
        self.refresh_hud()
        return True

    def _board_event(self, ev):
        if ev.type == pygame.MOUSEMOTION:
            self._motion(ev)
        elif ev.type == pygame.MOUSEBUTTONDOWN:
            self._button_down(ev)
        elif ev.type == pygame.MOUSEBUTTONUP:
            self._button_up(ev)
        elif ev.type == pygame.MOUSEWHEEL:
            pos = getattr(ev, "pos", None) or pygame.mouse.get_pos()
            self.camera.zoom_by(1 if ev.y > 0 else -1, pos)
            self.input.on_zoom(self, pos)
        elif ev.type == pygame.KEYDOWN:
            return self._key(ev)
        elif ev.type == pygame.KEYUP:
            self._held.discard(ev.key)
        return None

    def _motion(self, ev) -> None:
        if self._drag is not None:
            dx, dy = ev.rel
            self._drag["moved"] += abs(dx) + abs(dy)
            self.camera.pan(-dx, -dy)
            return
        self.input.on_hover(self, ev.pos)

    def cell_under(self, pos):
        """The map cell the pointer shows, None outside the map's part of the window (under
        a panel, or in the margins the HUD keeps, the map is hidden or not the pointer's)."""
        area = self.free_area()
        if area is not None and not pygame.Rect(area).collidepoint(pos):
            return None
        if self.hud is not None and self.hud.contains(pos):
            return None
        return self.board.pick(self.camera, pos)

    def _button_down(self, ev) -> None:
        if ev.button == 1:
            if self.animator.busy:
                self.animator.skip()
                return
            self.input.on_click(self, ev)
        elif ev.button in (2, 3):
            self._drag = {"button": ev.button, "moved": 0}

    def _button_up(self, ev) -> None:
        if self._drag is not None and ev.button == self._drag["button"]:
            if ev.button == 3 and self._drag["moved"] < 5:
                self.input.on_cancel(self)
            self._drag = None

    def _key(self, ev):
        """A key in battle, as the tables of `game.ui.keys` bind it."""
        if ev.key in PAN_KEYS:
            self._held.add(ev.key)
            return None
        return self.input.on_key(self, ev)

    def battle_command(self, what: str, ev=None):
        """One of the battle's keyed commands (`game.ui.keys.BATTLE_KEYS`); the screen to
        show instead ("menu", "help", "restart_map"), as an action, or None."""
        if what == "menu":
            return self.escape()
        if what in ("help", "legend"):
            return (what,)
        if what == "restart_map":
            return ("restart_map",) if self.restart_map is not None else None
        c = self.controller
        shift = ev is not None and shift_held(ev)
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
            "undo": self.undo, "next_creature": self.next_creature,
            "coordinates": self.toggle_coordinates,
        }
        simple[what]()
        return None

    def skip(self) -> None:
        """Space: the animations and the computer's pause before its next move."""
        self.animator.skip()
        self._ai_clock = AI_DELAY_S / self.model.speed

    def set_speed(self, speed: float) -> None:
        self.model.speed = max(0.25, min(8.0, speed))
        self.model.message = f"animation speed x{self.model.speed:.2g}"
        self.model.revision += 1

    def escape(self):
        """Esc: cancel what is under way, else the menu."""
        if self.controller.cancellable() and not self.watch:
            self.controller.cancel()
            return None
        return ("menu",)

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
            path = (self.keep_progress() if self.keep_progress else
                    saves.quick_save(self.battle))
        except InputError as err:
            self.model.message = err.line()
            path = None
        else:
            self.model.message = f"saved: {path.name} (Load on the setup screen)"
        self.model.revision += 1
        return path

    def _autosave(self, events) -> None:
        """An autosave when a person's creature starts its turn (the last few kept), and one
        at the end: the newest autosave of an ended battle says so, Continue never plays on."""
        if self.watch or not self.autosave or not any(
                isinstance(e, E.BattleWon) or isinstance(e, E.TurnStarted) and
                self.controller.team_of(e.unit) in self.controller.human_teams
                for e in events):
            return
        if not Path(self.battle.hexmap.path).is_file():
            return                      # a battle on a map made in code cannot be saved
        try:
            if self.keep_progress:
                self.keep_progress()
            else:
                saves.autosave(self.battle, self.autosave)
        except InputError as err:
            self.model.message = f"autosave failed: {err.line()}"
            self.model.revision += 1

    # ---- size and frames -----------------------------------------------------------------------
    def layout(self, size) -> None:
        """The window has a new size: the HUD and the camera follow."""
        self.size = tuple(size)
        if self.hud is not None:
            self.hud.layout(self.size)
            if self.watch:
                self.hud.panels["actions"].hide()
        self.camera.resize(self.size, self.free_area())
        self.show_every_creature()
        self._show_lesson()
        self.refresh_hud(force=True)
        self._dirty = True
        self.hud_layer.invalidate()

    def refresh_hud(self, force: bool = False) -> None:
        seen = (self.model.revision, self.battle.version, self.manager.get_mouse_position())
        if self.hud is not None and (force or seen != self._seen):
            self.hud.refresh()
        self._seen = seen

    def update(self, dt: float):
        """Advance `dt` seconds: panning keys, animations, the computer's moves, the GUI;
        ("handoff", team) or ("result",) when the battle gives way to them."""
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
        reading = self.story.visible        # the computer waits while the story is read
        if not (over or self.watch or reading or self.controller.is_human_turn()
                or self.animator.busy):
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
        if over and not self.watch and not self.animator.busy:
            self._over_clock += dt
            if self._over_clock >= RESULT_DELAY_S:
                return ("result",)
        return self.due()

    def _computer_step(self) -> None:
        """The computer's next command: at once, or (`threaded_ai`, the real window) off
        the main thread, the window drawing a thinking mark meanwhile."""
        if not self.threaded_ai:
            self._ai_clock = 0.0
            self.controller.step_ai()
        elif self.controller.think() is not None or self.controller.thinking is None:
            self._ai_clock = 0.0
        self._dirty = True

    def _thinking_mark(self, surface) -> None:
        name = self.controller.thinking
        if name is None or name not in self.battle.eids:
            return
        x, y = self.camera.to_screen(*self.board.unit_centre(self.battle.unit(name)))
        dots = "." * (1 + int(pygame.time.get_ticks() / 300) % 3)
        pill(surface, [(f"thinking{dots:<3}", (240, 228, 66))], (x, y - 34), 14,
             inside=self.camera.area())

    def draw(self, surface: pygame.Surface, force: bool = False) -> bool:
        """Draw a frame on `surface`; when nothing changed since the last one (no event, no
        computer move, no animation, the same GUI sprites) nothing is drawn. Returns
        whether it drew.

        The HUD is drawn by `hud_layer` (`HudLayer`): rendered again only when one of its
        sprites changed, and composed with the board's view layer, so that a frame where
        only the board changed costs about the board alone."""
        if self.hud is not None:
            lesson = self.lesson.box.rect if self.lesson and self.lesson.box else None
            self.hud.place_prompt(self._involved_points(), keep_clear=lesson)
        layer = self.hud_layer if self.hud is not None else None
        stale = layer is not None and layer.stale()
        if not (force or self._dirty or self.animator.busy or stale):
            return False
        if layer is None:
            self.board.draw(surface, self.camera, self.controller, self.animator)
            if self.heat:
                self._heat_legend(surface)
            draw_status(surface, self.controller)
        else:
            if stale:
                layer.render(surface.get_size())
            layer.cut(self.board.dynamic_rect(self.camera, self.controller, self.animator,
                                              surface.get_size()))
            self.board.veneer = layer.over_view
            try:
                self.board.draw(surface, self.camera, self.controller, self.animator)
            finally:
                self.board.veneer = None
            if self.heat:
                self._heat_legend(surface)
            self._thinking_mark(surface)
            layer.finish(surface)
            self.hud.keep_clear = self._shown_on_board()
        self._dirty = False
        return True

    def _shown_on_board(self) -> list[pygame.Rect]:
        """What a tooltip beside the pointer must not cover: the board's texts and the hexes
        of the path being previewed."""
        rects = [r for _, r in self.board.drawn_texts]
        p = self.model.preview
        if p is not None:
            size = round(min(self.board.layout.tw, self.board.layout.th) * self.camera.zoom * 0.6)
            for cell in p.cells:
                x, y = self.camera.to_screen(*self.board.centre(cell))
                rects.append(pygame.Rect(round(x) - size // 2, round(y) - size // 2, size, size))
        return rects

    def _involved_points(self) -> list:
        """Where the creatures of a pending reaction are on the screen (the prompt keeps
        off them)."""
        if self.battle.awaiting() != "reaction":
            return []
        p = self.battle.pending
        return [self.camera.to_screen(*self.board.unit_centre(self.battle.unit(n)))
                for n in (p.reactor, p.mover) if n in self.battle.eids]

    def _heat_legend(self, surface) -> None:
        team = self.board.heat_team
        values = heat_cells(self.battle, team) if team else {}
        top = max(values.values()) if values else 0
        lines = [(f"Threat heat map (H): danger to {str(team).capitalize()}", (240, 228, 66)),
                 (f"strongest {top:.1f}" if values else "no hex threatened", (230, 230, 230))]
        ax, ay, w, h = self.camera.area()
        pill(surface, lines, (ax + w - 8, ay + 8), 15, HEAT_HIGH, inside=(ax, ay, w, h))
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
                f"{p.reactor} may take its immediate action against {p.mover}: Y = take, "
                "N = let go" if p.kind == "immediate" else
                f"{p.reactor} may defend against {p.mover}'s attack: P = parry, V = dodge, "
                "N = none" if p.kind == "defense" else
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




__all__ = ["AI_DELAY_S", "BattleController", "BattleScreen", "RESULT_DELAY_S", "draw_status"]
