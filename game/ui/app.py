"""The game window: the screens, the main loop and the headless screenshot (the commands
`python -m game`, `python -m game play` and `python -m game screenshot`).

`App` owns a window (or the dummy video driver's surface) and the screen object shown in
it (`App.shown`, a `game.ui.shown.Shown`; `App.mode` is its name): the battle
(`game.ui.battle_screen.BattleScreen`, `App.battle_screen`), or one screen over it or
instead of it (`App.view`), each with `on_event(event) -> action`, `on_update(dt)` and
`present(surface, force)`:
- "setup": `game.ui.screens.SetupScreen`, the first screen of `python -m game` (map, sides,
  initiative, seed; Start, Continue the newest save, Load...);
- "handoff": hotseat (2-4 people at one machine), `HandoffScreen` hides the battle between
  two people's decisions, naming only the side to play and the round;
- "result": `ResultScreen` when a side has won: the sides, what they lost, the most
  dramatic roll; Play again, Watch the replay, Back to setup;
- "replay": `game.ui.replay_viewer.ReplayScreen`, the battle watched again;
- "menu", "load", "help": `game.ui.menus` (Esc, Load..., F1) over the paused battle;
- "legend": `game.ui.legend_screen.LegendScreen` (F2), the map's marks and what they mean.
A screen's action (("start", setup), ("load", path), ("resume",), ("menu",) ...) is carried
out by `App._screen_action`, as in an input-handler loop: the screen answers, the App swaps
(`App.show`). The screens live in a second `UIManager` (`App.ui`), so that nothing of the
HUD shows on them. `App.drawn` says what the last frame drew.

Every pygame event goes through `App.handle_event`, so tests drive the real UI with synthetic
events; pygame_gui's own events (button presses, list selections) come back through the
event queue like any other. The keys are bound once, in `game.ui.keys`; the settings are
`game.ui.settings` (saved in the player's folder when the App was given them); saves go to
the player's folder (`game.saves`). In the real window (`run_play`) the computer thinks off
the main thread.
"""
from __future__ import annotations

import logging
import os
from dataclasses import replace
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

from game import paths  # noqa: E402
from game import saves  # noqa: E402
from game.cliargs import creature_name, screen_size  # noqa: E402
from game.engine.lesson_progress import LessonProgress  # noqa: E402
from game.errors import InputError  # noqa: E402
from game.ui import campaign_play  # noqa: E402
from game.tiled.lessons import list_lessons  # noqa: E402
from game.ui import map_reload  # noqa: E402
from game.ui import settings as prefs  # noqa: E402
from game.ui import setup_model as S  # noqa: E402
from game.ui.battle_screen import BattleScreen  # noqa: E402
from game.ui.legend_screen import LegendScreen  # noqa: E402
from game.ui.lesson_start import lesson_battle  # noqa: E402
from game.ui.menus import HelpScreen, LoadScreen, MenuScreen  # noqa: E402
from game.ui.panels.theme import GameUIManager  # noqa: E402
from game.ui.replay_viewer import ReplayScreen  # noqa: E402
from game.ui.shown import Nothing, Shown  # noqa: E402
from game.ui.sound import SoundPlayer  # noqa: E402
from game.ui.tutorial_screen import TutorialScreen  # noqa: E402
from game.ui.turn_summary import meanwhile  # noqa: E402
from game.ui.fog_view import masked_text, unknown_to  # noqa: E402
from game.ui.screens import (HandoffScreen, ResultScreen, SetupScreen,  # noqa: E402
                             make_screen_manager)

THEME = paths.assets_dir() / "ui_theme.json"
DEFAULT_MAP = paths.default_map()
DEFAULT_SIZE = (1280, 800)
MIN_SIZE = prefs.MIN_SIZE


def _battle_part(name: str, doc: str, writable: bool = False):
    """An App attribute that is the battle screen's (None without a battle)."""
    def get(self):
        return getattr(self.battle_screen, name) if self.battle_screen is not None else None

    def put(self, value):
        setattr(self.battle_screen, name, value)
    return property(get, put if writable else None, doc=doc)


class App:
    """The window: the setup screen, a battle, the hotseat handoff, the result, the replay.

    `App(battle)` opens on that battle (`setup`: what Play again repeats; without it, the
    battle's own map, controllers and initiative with a new seed); `App(None)` opens on the
    setup screen (`setup` preselects its choices). `settings` (game.ui.settings): the
    player's, saved again when changed in the menu; without them, the defaults with no
    warning before ending a turn, and nothing is written."""

    battle = _battle_part("battle", "the battle shown (None on the setup screen)")
    controller = _battle_part("controller", "the battle's GameController")
    model = _battle_part("model", "the battle's UIModel")
    board = _battle_part("board", "the battle's HeatBoard")
    hud = _battle_part("hud", "the battle's Hud")
    camera = _battle_part("camera", "the battle's Camera")
    animator = _battle_part("animator", "the battle's Animator")
    hud_layer = _battle_part("hud_layer", "the battle's cached HUD layer")
    heat = _battle_part("heat", "is the threat heat map shown")
    viewer = _battle_part("viewer", "hotseat: the side the screen was handed to")
    hold = _battle_part("hold", "hotseat: a result to see before handing over")
    map_watch = _battle_part("map_watch", "the map file's watcher (hot reload)")
    restart_map = _battle_part("restart_map", "the changed map F6 restarts on", True)

    def __init__(self, battle=None, size=DEFAULT_SIZE, *, window: bool = True,
                 animations: bool = True, human_teams=None, hud: bool = True,
                 setup: S.Setup | None = None, difficulties=None, maps_dir=None,
                 settings: prefs.Settings | None = None):
        pygame.display.init()
        pygame.font.init()
        self.window = window
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE if window else 0)
        pygame.display.set_caption("hexskirmish")
        self.manager = GameUIManager(self.screen.get_size(),
                                            str(THEME) if THEME.is_file() else None)
        self._ui = None
        self.battle_screen: BattleScreen | None = None
        self.replay = None            # the replay viewer (game.ui.replay_viewer)
        self.shown: Shown = Nothing()     # the screen object every event and frame goes to
        self.restart(battle, size, animations=animations, human_teams=human_teams, hud=hud,
                     setup=setup, difficulties=difficulties, maps_dir=maps_dir,
                     settings=settings)

    def restart(self, battle=None, size=DEFAULT_SIZE, *, animations: bool = True,
                human_teams=None, hud: bool = True, setup: S.Setup | None = None,
                difficulties=None, maps_dir=None,
                settings: prefs.Settings | None = None) -> None:
        """Open anew in this window, as `App(battle, size, ...)` opens: what was shown is
        closed and every choice and state is the new App's. The window and its two
        UIManagers are kept, with what their themes learnt (fonts, styles): a battle opens
        in a kept window in about half the time a new App takes."""
        self.campaign = None          # a campaign's progress while one is played
        self._end_battle()
        self._close_view()
        self._fit_window(size)
        self.persist = settings is not None
        self.settings = settings or prefs.Settings(end_warning=False)
        self.sound = SoundPlayer(self.settings.volume, self.settings.muted)
        self.animations = animations
        self.with_hud = hud
        self.maps_dirs = S.map_folders(maps_dir)    # shipped, the player's, --maps DIR
        self._autosave = saves.AUTO_KEEP     # autosaves kept (0: none)
        self._threaded_ai = False            # the computer thinks off the main thread (run)
        self.shown = Nothing()
        self.setup = setup
        self.summary = None           # the result screen's facts
        self.drawn: str | None = None     # what the last frame drew
        self.running = True
        self._frozen = None           # the battle's last frame, under the menu
        self._last_error = None
        self._errors = 0              # frames in a row that failed
        self._back_to = "setup"       # the screen Back leads to from the Load screen or the help
        self._replay_back = "result"
        self._dirty = True
        self.lessons: list = []           # the tutorial's lessons, read when it is opened
        self.lesson_index: int | None = None
        if battle is not None:
            self.start_battle(battle, human_teams=human_teams, difficulties=difficulties,
                              setup=setup)
        else:
            self.show_setup(setup)

    def _fit_window(self, size) -> None:
        """The window at `size`, blank, its UIManagers empty, as a new App's: no widget left,
        none focused, nothing to draw before their next update."""
        if self.screen.get_size() != tuple(size):
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE if self.window else 0)
        self.screen.fill((0, 0, 0))
        pygame.display.set_caption("hexskirmish")
        for manager in (self.manager, self._ui):
            if manager is not None:
                manager.set_window_resolution(self.screen.get_size())
                manager.clear_and_reset()
                manager.set_focus_set(None)
                manager.ui_group.visible = []

    @property
    def autosave(self) -> int:
        """How many autosaves are kept (0: none), for every battle shown."""
        return self._autosave

    @autosave.setter
    def autosave(self, keep: int) -> None:
        self._autosave = keep
        if self.battle_screen is not None:
            self.battle_screen.autosave = keep

    @property
    def threaded_ai(self) -> bool:
        """Does the computer think off the main thread (the real window)?"""
        return self._threaded_ai

    @threaded_ai.setter
    def threaded_ai(self, on: bool) -> None:
        self._threaded_ai = on
        if self.battle_screen is not None:
            self.battle_screen.threaded_ai = on

    @property
    def end_warning(self) -> bool:
        return self.settings.end_warning

    @end_warning.setter
    def end_warning(self, on: bool) -> None:
        self.settings = replace(self.settings, end_warning=bool(on))
        if self.controller is not None:
            self.controller.end_warning = bool(on)
            self.battle_screen.end_warning = bool(on)

    # ---- screens ---------------------------------------------------------------------------
    @property
    def ui(self):
        """The screens' UIManager (made when first needed)."""
        if self._ui is None:
            self._ui = make_screen_manager(self.screen.get_size())
        return self._ui

    @property
    def mode(self) -> str:
        """The name of the screen shown ("setup", "battle", "menu", "replay", ...)."""
        return self.shown.name

    @property
    def view(self):
        """The screen shown when it is one the App closes on leaving it (not the battle,
        not the replay), else None."""
        return self.shown if self.shown.transient else None

    def show(self, screen: Shown) -> None:
        """Swap the screen shown for `screen` (the one left closes when it is transient)."""
        self._close_view()
        self.shown = screen
        self._dirty = True

    def _close_view(self) -> None:
        if self.view is not None:
            self.view.kill()
            self.shown = Nothing()

    def show_setup(self, setup: S.Setup | None = None, message: str = "") -> None:
        """The game setup screen (`setup` preselects a map, sides, initiative and seed)."""
        campaign_play.keep(self)          # a campaign's battle left: its progress is saved
        self._end_battle()
        self._close_view()
        self.campaign = None
        pygame.display.set_caption("hexskirmish - new battle")
        maps = S.list_maps(self.maps_dirs)
        if setup is None and maps:
            default = next((m for m in maps if Path(m.path).resolve() ==
                            DEFAULT_MAP.resolve()), maps[0])
            setup = S.Setup(default.path, tuple(S.default_sides(default.teams)))
        self.show(SetupScreen(self.ui, maps, setup, self.screen.get_size()))
        if message:
            self.view.message = message
            self.view._refresh_rules()

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
        self.setup = setup or self._setup_of(battle)
        screen = BattleScreen(battle, self.manager, self.screen.get_size(),
                              human_teams=human_teams, difficulties=difficulties,
                              animations=self.animations, hud=self.with_hud, owned=owned,
                              policy=self.settings.aoo_policy)
        screen.sound, screen.follow = self.sound, self.settings.follow
        self.battle_screen = screen
        screen.autosave, screen.threaded_ai = self.autosave, self.threaded_ai
        screen.end_warning = screen.controller.end_warning = self.settings.end_warning
        screen.model.speed = self.settings.speed
        self.show(screen)
        self.summary = None
        pygame.display.set_caption(f"hexskirmish - {screen.title} - seed {battle.seed}")
        if owned and not self.setup.fixed_seed:
            self.model.message = (f"Battle seed {battle.seed}: play it again with --seed "
                                  f"{battle.seed} or the same seed in the setup")
        screen.refresh_hud(force=True)

    def _setup_of(self, battle) -> S.Setup:
        """What Play again repeats for a battle made elsewhere: its map, controllers,
        initiative, critical rules and rulebook, a new seed."""
        teams = S.map_teams(battle.hexmap)
        sides = tuple(S.Side(t, battle.controllers.get(t, "ai")) for t in teams)
        crits, rules = battle.ruleset.criticals, battle.profile.name
        return S.Setup(Path(battle.hexmap.path), sides, battle.initiative_mode
                       if battle.initiative_mode != battle.hexmap.initiative else None, None,
                       crits if crits != battle.hexmap.critical_rules else None,
                       rules if rules != S.map_rules(battle.hexmap) else None,
                       battle.fog if battle.fog != getattr(battle.hexmap, "fog", False)
                       else None)

    def end_battle(self) -> None:
        """Close the battle shown (and the screen over it) before another screen."""
        self._end_battle()
        self._close_view()

    def _end_battle(self) -> None:
        self._close_replay()
        if self.battle_screen is not None:
            self.battle_screen.kill()
            self.battle_screen = None

    def refresh_hud(self, force: bool = False) -> None:
        if self.battle_screen is not None:
            self.battle_screen.refresh_hud(force)

    # ---- the tutorial (docs/mapping.md "Tutorial lessons") ----------------------------------
    def show_tutorial(self, first: bool = False, message: str = "") -> None:
        """The lessons list (`first`: offered on the game's very first start)."""
        self._end_battle()
        self._close_view()
        pygame.display.set_caption("hexskirmish - tutorial")
        try:
            self.lessons = list_lessons()
        except InputError as err:
            self.lessons, message = [], err.line()
        self.show(TutorialScreen(self.ui, self.lessons, self.screen.get_size(), first,
                                 message))

    def offer_tutorial(self) -> None:
        """The first start: the lessons are offered once, and the settings remember it."""
        self.settings = replace(self.settings, tutorial_offered=True)
        if self.persist:
            try:
                prefs.save(self.settings)
            except OSError:
                pass            # offered again next time: nothing is lost
        self.show_tutorial(first=True)

    def start_lesson(self, index: int) -> None:
        """Lesson `index` of the list: its battle with its instruction box."""
        lesson = self.lessons[index]
        try:
            battle, setup = lesson_battle(lesson)
        except InputError as err:
            self.show_tutorial(message=err.line())
            return
        self.start_battle(battle, difficulties=S.difficulties(setup.sides), setup=setup,
                          owned=True)
        self.lesson_index = index
        self.battle_screen.set_policy("ask")     # the lessons answer every reaction by hand
        self.battle_screen.begin_lesson(LessonProgress(lesson, battle.hexmap), index + 1,
                                        len(self.lessons))

    def next_lesson(self) -> None:
        index = (self.lesson_index or 0) + 1
        if index < len(self.lessons):
            self.start_lesson(index)
        else:
            self.show_tutorial(message="You have played every lesson. Well fought!")

    # ---- the menu, saves, help ------------------------------------------------------------
    def _freeze(self) -> None:
        """The battle's (or the replay's) last frame, shown dimmed under the menu and the
        help."""
        shown = self.shown
        if not shown.pauses:
            return
        shown.pointer_gone()
        self.manager.update(0.0)
        shown.draw(self.screen, force=True)
        self._frozen = self.screen.copy()

    def _remember_back(self, opening: str, otherwise: str) -> None:
        """Back from the screen `opening` leads to the one shown now when it takes it
        back, else to `otherwise`."""
        self._back_to = self.mode if opening in self.shown.back_from else otherwise

    def show_menu(self, quitting: bool = False, message: str = "") -> None:
        """Esc: the battle pauses under the menu."""
        self._freeze()
        self._close_view()
        s = self.settings
        self.show(MenuScreen(self.ui, self.screen.get_size(), self._frozen,
                             slot=self._slot_name(), speed=self.model.speed,
                             end_warning=self.controller.end_warning, quitting=quitting,
                             message=message, policy=s.aoo_policy, window=s.window,
                             volume=s.volume, muted=s.muted, follow=s.follow))

    def _slot_name(self) -> str:
        return f"{self.battle_screen.title} round {self.battle.round}"

    def resume(self) -> None:
        self.show(self.battle_screen)
        self.battle_screen.shown_again()

    def save_named(self, name: str) -> bool:
        try:
            path = (self.battle_screen.keep_progress() if self.campaign is not None else
                    saves.save_slot(self.battle, name or self._slot_name(), replace=True))
        except InputError as err:
            self.view.say(err.line())
            return False
        self.view.say(f"Saved as {path.stem}")
        return True

    def save_and_quit(self, name: str) -> None:
        if self.save_named(name):
            self.running = False

    def show_load(self, message: str = "") -> None:
        backdrop = self._frozen if self.shown.over_battle else None
        self._remember_back("load", "setup")
        self._close_view()
        self.show(LoadScreen(self.ui, self.screen.get_size(), saves.list_saves(), backdrop,
                             message))

    def show_help(self) -> None:
        self._freeze()
        self._remember_back("help", "battle")
        self._close_view()
        shown = self.battle is not None or self.replay is not None
        battle = self.battle if self.battle is not None else \
            self.replay.source if self.replay is not None else None
        rules = battle.profile.name if battle is not None else "lfg"
        self.show(HelpScreen(self.ui, self.screen.get_size(), self._frozen if shown else None,
                             rules))

    def show_legend(self) -> None:
        """F2: every mark of the map and what it means, over the paused battle or replay."""
        board = self.board if self.battle is not None else \
            self.replay.screen.board if self.replay is not None else None
        if board is None:
            return
        self._freeze()
        self._remember_back("legend", "battle")
        self._close_view()
        self.show(LegendScreen(self.ui, self.screen.get_size(), board, self._frozen))

    def back(self) -> None:
        """Back from the Load screen or the help: where they were opened."""
        ways = {"menu": (self.battle, self.show_menu), "battle": (self.battle, self.resume),
                "replay": (self.replay, self._replay_again)}
        there, way = ways.get(self._back_to, (None, None))
        if there is None:
            self.show_setup(self.setup)
        else:
            way()

    def _replay_again(self) -> None:
        self.show(self.replay)
        self.replay.shown_again()

    def load_save(self, path) -> None:
        try:
            battle = saves.load(path)
        except InputError as err:
            self.show_load(err.line())
            return
        self.start_battle(battle, owned=True)

    def continue_latest(self) -> None:
        """The newest save, played on; a battle that had ended: its result (and replay)."""
        latest = saves.latest()
        if latest is not None:
            self.load_save(latest.path)
            if self.shown is self.battle_screen and self.battle.awaiting() == "over":
                self.show_result()

    # ---- settings --------------------------------------------------------------------------
    def change_settings(self, **changes) -> None:
        """New settings: applied at once, saved in the player's folder (when the App was
        given the player's settings), the menu shown again with them."""
        self.settings = replace(self.settings, **changes)
        if self.persist:
            try:
                prefs.save(self.settings)
            except OSError as err:
                self.model.message = f"the settings could not be saved: {err}"
        self.sound.volume, self.sound.muted = self.settings.volume, self.settings.muted
        screen = self.battle_screen
        if screen is not None:
            screen.follow = self.settings.follow
            screen.end_warning = screen.controller.end_warning = self.settings.end_warning
            if "aoo_policy" in changes:
                screen.set_policy(self.settings.aoo_policy)
        if "window" in changes:
            self.apply_window()
        if self.shown.settings_shown:
            self.show_menu(message=self.model.message if self.model else "")

    def _menu_speed(self, factor: float) -> None:
        self.battle_screen.set_speed(self.model.speed * factor)
        self.change_settings(speed=self.model.speed)

    def toggle_end_warning(self) -> None:
        self.change_settings(end_warning=not self.controller.end_warning)

    def next_policy(self) -> None:
        self.change_settings(aoo_policy=prefs.next_choice(prefs.AOO_POLICIES,
                                                          self.settings.aoo_policy))

    def set_volume(self, volume: float) -> None:
        self.change_settings(volume=round(max(0.0, min(1.0, volume)), 2), muted=False)

    def next_window(self) -> None:
        self.change_settings(window=prefs.next_choice(prefs.WINDOW_CHOICES,
                                                      self.settings.window))

    def apply_window(self) -> None:
        """The window as the settings say: a size (never under MIN_SIZE) or full screen."""
        s = self.settings
        if s.fullscreen:
            size = self._desktop_size()
            flags = pygame.FULLSCREEN if self.window else 0
        else:
            size, flags = s.size, (pygame.RESIZABLE if self.window else 0)
        self.screen = pygame.display.set_mode(size, flags)
        self.resize(self.screen.get_size())

    def _desktop_size(self) -> tuple[int, int]:
        try:
            sizes = pygame.display.get_desktop_sizes()
        except pygame.error:
            sizes = []
        w, h = sizes[0] if sizes else self.settings.size
        return max(MIN_SIZE[0], w), max(MIN_SIZE[1], h)

    # ---- hotseat ---------------------------------------------------------------------------
    def show_handoff(self, team: str) -> None:
        self._close_view()
        self.battle_screen.hide_for_handoff()
        self.show(HandoffScreen(self.ui, team, list(self.board.teams), self.battle.round,
                                self.screen.get_size(), reason=self.battle.awaiting(),
                                meanwhile=[masked_text(line, unknown_to(self.battle, team))
                                           for line in meanwhile(self.battle, team)]))

    def hand_over(self) -> None:
        """The handoff screen was dismissed: the battle, for the side it was shown to."""
        team = self.view.team if self.view is not None else \
            self.battle_screen.waiting_team()
        by_click = self.view is not None and self.view.clicked_away
        self.show(self.battle_screen)
        self.battle_screen.handed_to(team, by_click=by_click)

    # ---- result and replay -----------------------------------------------------------------
    def show_result(self) -> None:
        if self.campaign is not None:      # a campaign goes on to its between-battle screen
            campaign_play.battle_over(self)
            return
        self._close_replay()
        self.summary = S.battle_summary(self.battle)
        picture = self.battle_screen.final_position()
        self._close_view()
        sides = self.setup.sides if self.setup is not None else ()
        kinds = {s.team: s for s in sides}
        sides = [kinds.get(t) or S.Side(t, "human" if t in self.controller.human_teams
                                         else "ai") for t in self.summary.teams]
        self.show(ResultScreen(self.ui, self.summary, self.setup, self.battle_screen.title,
                               self.screen.get_size(), picture=picture, sides=sides))

    def watch_replay(self, battle=None, back: str = "result") -> None:
        """The replay viewer on `battle`'s command log (default: the battle just shown);
        closing it leads `back` ("result": the result screen, "quit": out)."""
        self._close_replay()
        self._close_view()
        self.replay = ReplayScreen(battle or self.battle, self.screen.get_size(),
                                   animations=self.animations, speed=self.settings.speed,
                                   follow=self.settings.follow, sound=self.sound)
        self._replay_back = back
        self.show(self.replay)
        pygame.display.set_caption(f"hexskirmish - {self.replay.title}")

    def _close_replay(self) -> None:
        if self.replay is not None:
            self.replay.kill()
            self.replay = None

    def close_replay(self) -> None:
        self._close_replay()
        if self._replay_back == "result" and self.battle is not None:
            pygame.display.set_caption(f"hexskirmish - {self.battle_screen.title} - seed "
                                       f"{self.battle.seed}")
            self.show_result()
        else:
            self.show(Nothing())
            self.running = False

    def play_again(self) -> bool:
        return self.start_setup(self.setup)

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
            "legend": self.show_legend,
            "faster": lambda: self._menu_speed(1.5), "slower": lambda: self._menu_speed(1 / 1.5),
            "toggle_end_warning": self.toggle_end_warning,
            "policy": self.next_policy, "window": self.next_window,
            "louder": lambda: self.set_volume(self.settings.volume + 0.1),
            "quieter": lambda: self.set_volume(self.settings.volume - 0.1),
            "toggle_mute": lambda: self.change_settings(muted=not self.settings.muted),
            "toggle_follow": lambda: self.change_settings(follow=not self.settings.follow),
            "continue_latest": self.continue_latest, "menu": self.show_menu,
            "handoff": self.show_handoff, "result": self.show_result,
            "restart_map": lambda: map_reload.restart_on_new_map(self),
            "watch": self.watch_replay, "close_replay": self.close_replay,
            "campaign": lambda: campaign_play.open_campaign(self),
            "campaign_open": lambda path: campaign_play.open_campaign(self, path),
            "campaign_go": lambda picked=(): campaign_play.go(self, picked),
            "tutorial": self.show_tutorial, "lesson": self.start_lesson,
            "next_lesson": self.next_lesson,
        }
        handlers[what](*args)

    def stop(self) -> None:
        self.running = False

    # ---- events --------------------------------------------------------------------------------
    def handle_event(self, ev) -> None:
        """One pygame event, for the screen shown: the battle, the replay or another."""
        self._dirty = True
        if ev.type == pygame.QUIT:
            if self.shown.asks_to_save_on_close():
                self.show_menu(quitting=True)     # closing the window offers to save
            else:
                self.running = False
            return
        if ev.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self.resize(_event_size(ev))
            return
        self._screen_action(self.shown.on_event(ev))

    def resize(self, size) -> None:
        size = (max(MIN_SIZE[0], int(size[0])), max(MIN_SIZE[1], int(size[1])))
        if pygame.display.get_surface() is not None and \
                pygame.display.get_surface().get_size() != size:
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE if self.window else 0)
        self.manager.set_window_resolution(size)
        if self._ui is not None:
            self._ui.set_window_resolution(size)
        if self.view is not None:
            self.view.layout(size)
        if self.battle_screen is not None:
            self.battle_screen.layout(size)
        if self.replay is not None:
            self.replay.layout(size)
        self._freeze_behind_view()
        self._dirty = True

    def _freeze_behind_view(self) -> None:
        """A menu, the Load screen or the help over a battle or a replay shows the board drawn
        again at the window's new size, not the frame of the old one."""
        shown = self.battle_screen if self.battle is not None else self.replay
        if shown is None or not isinstance(self.view, (MenuScreen, LoadScreen, HelpScreen)) or self.view.backdrop is None:
            return
        self.manager.update(0.0)        # the HUD's widgets are laid out for the new size
        shown.draw(self.screen, force=True)
        self._frozen = self.screen.copy()
        self.view.set_backdrop(self._frozen)

    # ---- frames --------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        """Advance `dt` seconds: the battle (or the replay) or the screen shown."""
        self._screen_action(self.shown.on_update(dt))

    def draw(self, force: bool = False) -> bool:
        """Draw a frame; when nothing changed since the last one (no event, no computer move,
        no animation, the same GUI sprites) the window keeps it and nothing is drawn.
        Returns whether it drew. `drawn` says what: "board", "replay", "setup", "handoff",
        "result", "menu", "load", "help", "legend"."""
        self._screen_action(self.shown.due())     # a handoff or the result, drawn at once
        if not self.shown.present(self.screen, force or self._dirty):
            return False
        self.drawn = self.shown.drawn_as
        self._dirty = False
        return True

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
        if self.shown is self.battle_screen and self.model is not None:
            self.model.message = f"Error: {line[:160]}"
            self.model.revision += 1
        if self._errors > 30:               # every frame fails: the battle cannot go on
            self._errors = 0
            self.show_setup(self.setup, f"The battle stopped on an error: {line[:160]}")



# ---- command line ------------------------------------------------------------------------------

def _event_size(ev) -> tuple[int, int]:
    """The new size of a VIDEORESIZE (`size`) or a WINDOWSIZECHANGED (`x`, `y`) event."""
    if hasattr(ev, "size"):
        return ev.size
    return ev.x, ev.y


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


def _screenshot_battle(map_path, moves, seed: int, load, rules=None, fog=None):
    """The battle a screenshot shows: the map's start (units moved by `moves`) with `rules`
    (None: the map's own), or the battle of the save `load` after its last command."""
    from game.engine.battle import Battle
    from game.tiled.loader import load_map
    if load is not None:
        from game.engine.replay import load_replay
        return load_replay(load, rules=rules, fog=fog)
    hexmap = load_map(map_path)
    for p in hexmap.units:
        if moves and p.name in moves:
            p.col, p.row = moves[p.name]
    return Battle(hexmap, seed=seed, controllers=_controllers(_teams(hexmap), None),
                  rules=rules, fog=fog)


def screenshot_app(map_path, select=None, hover=None, size="1280x800", *, moves=None,
                   overlays=(), seed: int = 1, load=None, rules=None, fog=None, side=None,
                   commands=()):
    """The App of `python -m game screenshot`, ready to draw (tools/make_screenshots.py adds
    `moves` {name: (col, row)} to stage a moment, `overlays` and the dice `seed`; `load`
    draws a save's battle instead; `rules` the rulebook, None: the map's or the save's; `fog`
    fog of war, None: the map's or the save's; `side` the team whose knowledge is drawn
    under fog; `commands` applied to the battle first, to stage a moment)."""
    wh = screen_size(size)
    battle = _screenshot_battle(map_path, moves, seed, load, rules, fog)
    for command in commands:
        out = battle.apply(command)
        if not out.ok:
            raise InputError(map_path, None, f"the staged command {command} was refused: "
                             f"{out.reason}")
    hexmap = battle.hexmap
    cell = _parse_cell(hover, hexmap) if hover is not None else None
    if select is not None:
        try:
            select = creature_name(select, battle.eids)
        except InputError as err:
            raise InputError(map_path, None, f"--select: {err.message}") from None
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    app = App(battle, wh, window=False, animations=False)
    if side is not None:
        if side not in set(battle.teams_of.values()):
            raise InputError(map_path, None, f"--side: no team {side!r} on the map (use one of "
                             f"{', '.join(sorted(set(battle.teams_of.values())))})")
        app.controller.viewer_side = side
        app.battle_screen.refresh_hud(force=True)
    for name in overlays:
        app.controller.toggle_overlay(name)
    if select is not None:
        app.controller.select(select)
    if cell is not None:
        app.controller.hover_cell(cell)
    app.battle_screen.frame_selection()
    if cell is not None:
        app.battle_screen.point_at(cell)
    app.update(0.0)
    app.update(0.0)     # the GUI lays out what the HUD changed in the first update
    return app


def run_screenshot(map_path, out, select=None, hover=None, size="1280x800",
                   load=None, rules=None, fog=None, side=None) -> int:
    """`python -m game screenshot MAP OUT.png [--select NAME] [--hover COL,ROW] [--size WxH]
    [--load SAVE] [--rules lfg|light] [--fog|--no-fog] [--side TEAM]`."""
    from game.outputs import check_png_output, write_png
    from game.ui.map_renderer import map_files
    saved = [load] if load else []     # a save draws its own map: its files are inputs too
    out = check_png_output(out, [map_path, *saved])
    app = screenshot_app(map_path, select, hover, size, load=load, rules=rules, fog=fog,
                         side=side)
    app.draw(force=True)
    inputs = map_files(map_path) + saved
    inputs += map_files(app.battle.hexmap.path) if load else []
    write_png(app.screen, check_png_output(out, inputs))
    return 0


def run_play(map_path=None, sides=None, seed=None, load=None, initiative=None,
             ai_debug: bool = False, maps_dir=None, criticals=None, rules=None,
             fog=None) -> int:
    """`python -m game play [MAP] [--sides ...] [--seed N] [--initiative MODE] [--load SAVE]
    [--rules lfg|light] [--ai-debug]`: open the window and play until it is closed. Without a
    map, sides or a save it opens on the setup screen (with --seed, --initiative, --criticals
    and --rules preselected). The player's
    settings (game.ui.settings) are read first and saved when changed."""
    if ai_debug:
        S.enable_ai_debug()
    settings = prefs.load()
    app = play_app(map_path, sides=sides, seed=seed, load=load, initiative=initiative,
                   maps_dir=maps_dir, size=settings.size, settings=settings,
                   criticals=criticals, rules=rules, fog=fog)
    return run_window(app)


def run_watch(battle, size=None) -> int:
    """`python -m game replay SAVE --watch`: the window on a save's battle
    (`game.engine.replay.load_replay`), watched from its start; closing the viewer (Esc,
    Close) ends it."""
    settings = prefs.load()
    app = App(None, size or settings.size, settings=settings)
    app.watch_replay(battle, back="quit")
    return run_window(app)


def run_campaign(path) -> int:
    """`python -m game campaign [FILE]`: the window on the campaign, where it was left."""
    settings = prefs.load()
    app = App(None, settings.size, settings=settings)
    campaign_play.open_campaign(app, path)
    return run_window(app)


def run_window(app: App) -> int:
    """The window's loop until it is closed (the computer thinking off the main thread)."""
    app.threaded_ai = True
    if app.settings.fullscreen:
        app.apply_window()
    try:
        return app.run()
    finally:
        pygame.quit()


def play_app(map_path=None, sides=None, seed=None, load=None, initiative=None,
             size=DEFAULT_SIZE, window: bool = True, maps_dir=None, settings=None,
             criticals=None, rules=None, fog=None) -> App:
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
        battle = load_replay(load, rules=rules, fog=fog)
        humans, levels = None, None
        if sides is not None:
            chosen = S.parse_sides(sides, S.map_teams(battle.hexmap))
            humans, levels = set(S.human_teams(chosen)), S.difficulties(chosen)
        return App(battle, size, window=window, human_teams=humans, difficulties=levels,
                   settings=settings)
    if map_path is None and sides is None:
        setup = None
        if (seed, initiative, criticals, rules, fog) != (None, None, None, None, None):
            info = S.map_info(_load_map(DEFAULT_MAP))
            setup = S.setup_for(info, None, initiative, seed, criticals, rules, fog)
        app = App(None, size, window=window, setup=setup, maps_dir=maps_dir,
                  settings=settings)
        if settings is not None and not settings.tutorial_offered and setup is None:
            app.offer_tutorial()        # the very first start, with no choice made yet
        return app
    hexmap = _load_map(map_path or DEFAULT_MAP)
    setup = S.setup_for(S.map_info(hexmap), sides, initiative, seed, criticals, rules, fog)
    battle = S.start_battle(setup, hexmap=hexmap)
    return App(battle, size, window=window, setup=setup,
               difficulties=S.difficulties(setup.sides), settings=settings)


def _load_map(path):
    from game.tiled.loader import load_map
    return load_map(path)


__all__ = ["App", "play_app", "run_play", "run_screenshot", "run_watch", "run_window",
           "screenshot_app"]
