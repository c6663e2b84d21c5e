"""The screens around a battle: game setup, the hotseat handoff and the result (pygame_gui,
themed by assets/ui_theme.json plus `SCREEN_THEME`).

- `SetupScreen`: the first screen of `python -m game`: the maps of maps/ (title, description,
  a thumbnail drawn by the map renderer with the creatures' starting places), one row per
  team of the map with who controls it (a person, or the computer: easy, normal, hard), the
  rulebook (the map's `rules` property by default, with one line on what it is like; docs/
  mapping.md "Rule profiles"), the initiative mode (docs/rules/09-turns-and-actions.md; the
  map's own by default; the hex-native rules' only, as are the critical hits), the dice seed
  (empty: a new one from the clock, shown in the game so that a battle can be played again) and
  Start;
- `HandoffScreen`: hotseat: hides the whole battle between two people's turns and shows only
  the side to play, its colour and the round ("Blue to play - press a key or click");
- `ResultScreen`: the winner or a draw, the rounds, losses and damage dealt per side and the
  most dramatic roll (`game.ui.setup_model.battle_summary`), with Play again and Back to setup.

Every screen builds its widgets in a `UIManager` of its own (`make_screen_manager`), answers
`handle_event(event)` with an action tuple or None (("start", Setup), ("again",),
("setup",), ("continue",), ("quit",)), passes time in `update(dt)`, draws itself with
`draw(surface)` (its background, then the manager's widgets), and lists the words it shows in
`texts()` (tests).
"""
from __future__ import annotations

import html
from abc import ABC, abstractmethod
import math
from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import (UIButton, UIDropDownMenu, UIImage, UILabel, UIPanel,
                                 UISelectionList, UITextBox, UITextEntryLine)

from game import paths
from game import saves
from game.ai import DESCRIPTIONS as AI_DESCRIPTIONS
from game.cliargs import program_name
from game.errors import InputError, printable
from game.ui import presenters as P
from game.ui import setup_model as S
from game.ui import sprites as sp
from game.ui.panels.theme import GameUIManager, preload_fonts
from game.ui.shown import Shown
from game.ui.words import for_players

THEME_PATH = paths.assets_dir() / "ui_theme.json"
BG = (16, 21, 28)                     # behind every screen (the HUD's darkest panel tone)
HANDOFF_BG = (11, 15, 20)             # the handoff screen: nothing of the battle shows
MUTED = "#97A6B6"
ACCENT = "#9FD3F5"
YELLOW = "#F0E442"
CHOICES = ("human", "easy", "normal", "hard")   # the controller buttons of a side's row
KEYS_HELP = ("<font color=#c9d4de><b>Click</b> select, move, attack · <b>Esc</b> cancel<br>"
             "<b>1-0, R, I, E</b> actions · <b>Tab</b> weapon<br>"
             "<b>T</b> threat areas · <b>L</b> line of sight<br>"
             "<b>H</b> threat heat map · <b>C</b> centre · <b>F5</b> save</font>")
CHOICE_LABELS = {"human": "Human", "easy": "Easy", "normal": "Normal", "hard": "Hard"}

#: additions to assets/ui_theme.json for these screens (same palette, bigger type)
SCREEN_THEME = {
    "@screen_panel": {"prototype": "#hud_shape",
                      "colours": {"dark_bg": "#0d131af2", "normal_border": "#3b4a5c"}},
    "#hero_title": {"colours": {"normal_text": "#ffffff"},
                    "font": {"name": "noto_sans", "size": "30", "bold": "1"}},
    "@hero_sub": {"colours": {"normal_text": "#b4c2d0"},
                  "font": {"name": "noto_sans", "size": "16", "italic": "1"}},
    "@section": {"colours": {"normal_text": "#9fd3f5"},
                 "font": {"name": "noto_sans", "size": "17", "bold": "1"}},
    "@big_label": {"colours": {"normal_text": "#ffffff"},
                   "font": {"name": "noto_sans", "size": "22", "bold": "1"}},
    "@value": {"colours": {"normal_text": "#ffffff"},
               "font": {"name": "noto_sans", "size": "16", "bold": "1"}},
    "@small_hint": {"colours": {"normal_text": "#97a6b6"},
                    "font": {"name": "noto_sans", "size": "14", "italic": "1"}},
    "@centred": {"misc": {"text_horiz_alignment": "center"}},
    "@segment": {"colours": {"normal_bg": "#1a2430", "hovered_bg": "#28384a",
                             "normal_text": "#c9d4de", "hovered_text": "#ffffff",
                             "normal_border": "#33414f", "hovered_border": "#8fb8d8"},
                 "font": {"name": "noto_sans", "size": "15"},
                 "misc": {"border_width": "1", "shape_corner_radius": "5"}},
    "@segment_on": {"colours": {"normal_bg": "#2f6690", "hovered_bg": "#3a7cae",
                                "normal_text": "#ffffff", "hovered_text": "#ffffff",
                                "normal_border": "#f0e442", "hovered_border": "#ffffff"},
                    "font": {"name": "noto_sans", "size": "15", "bold": "1"},
                    "misc": {"border_width": "2", "shape_corner_radius": "5"}},
    "@primary": {"colours": {"normal_bg": "#2f6690", "hovered_bg": "#3f86bb",
                             "active_bg": "#3a7cae", "normal_border": "#9fd3f5",
                             "hovered_border": "#ffffff", "normal_text": "#ffffff",
                             "hovered_text": "#ffffff"},
                 "font": {"name": "noto_sans", "size": "19", "bold": "1"},
                 "misc": {"border_width": "2", "shape_corner_radius": "6"}},
    "@secondary": {"colours": {"normal_bg": "#1d2733", "hovered_bg": "#2b3b4d",
                               "normal_border": "#55708a", "hovered_border": "#9fd3f5",
                               "normal_text": "#e4ebf2", "hovered_text": "#ffffff"},
                   "font": {"name": "noto_sans", "size": "17", "bold": "1"},
                   "misc": {"border_width": "1", "shape_corner_radius": "6"}},
    "selection_list": {"colours": {"dark_bg": "#0b1117", "normal_border": "#3b4a5c"},
                       "misc": {"border_width": "1", "shadow_width": "0",
                                "list_item_height": "38"}},
    "selection_list.@selection_list_item": {
        "colours": {"normal_bg": "#141c25", "hovered_bg": "#243344",
                    "selected_bg": "#2f6690", "normal_text": "#e4ebf2",
                    "hovered_text": "#ffffff", "selected_text": "#ffffff",
                    "normal_border": "#141c25", "selected_border": "#f0e442"},
        "font": {"name": "noto_sans", "size": "16", "bold": "1"},
        "misc": {"text_horiz_alignment": "left", "text_horiz_alignment_padding": "12",
                 "border_width": "0", "shadow_width": "0", "shape": "rectangle"}},
    "text_entry_line": {"colours": {"dark_bg": "#0b1117", "normal_border": "#55708a",
                                    "selected_border": "#f0e442", "normal_text": "#ffffff",
                                    "selected_bg": "#2f6690", "text_cursor": "#f0e442"},
                        "font": {"name": "noto_sans", "size": "17", "bold": "1"},
                        "misc": {"border_width": "1", "shape": "rounded_rectangle",
                                 "shape_corner_radius": "5", "padding": "8,6"}},
    "drop_down_menu": {"colours": {"normal_bg": "#1a2430", "hovered_bg": "#28384a",
                                   "selected_bg": "#2f6690", "normal_border": "#55708a",
                                   "hovered_border": "#9fd3f5", "normal_text": "#ffffff",
                                   "dark_bg": "#0b1117"},
                       "font": {"name": "noto_sans", "size": "16"},
                       "misc": {"border_width": "1", "shadow_width": "0",
                                "expand_direction": "down"}},
    "#handoff_title": {"font": {"name": "noto_sans", "size": "46", "bold": "1"},
                       "misc": {"text_horiz_alignment": "center"}},
    "#handoff_round": {"colours": {"normal_text": "#ffffff"},
                       "font": {"name": "noto_sans", "size": "22", "bold": "1"},
                       "misc": {"text_horiz_alignment": "center"}},
    "#handoff_hint": {"colours": {"normal_text": "#97a6b6"},
                      "font": {"name": "noto_sans", "size": "16", "italic": "1"},
                      "misc": {"text_horiz_alignment": "center"}},
    "#result_headline": {"font": {"name": "noto_sans", "size": "34", "bold": "1"}},
    "#side_name": {"font": {"name": "noto_sans", "size": "19", "bold": "1"}},
    "#seed_empty": {"colours": {"normal_text": "#7d8896"},
                    "font": {"name": "noto_sans", "size": "17", "italic": "1"}},
    "#result_text": {"font": {"name": "noto_sans", "size": "16"},
                     "misc": {"padding": "4,2", "line_spacing": "1.2"}},
}
SCREEN_FONTS = [{"name": "noto_sans", "point_size": size, "style": style, "antialiased": 1}
                for size, style in ((13, "regular"), (13, "bold"), (14, "regular"),
                                    (14, "italic"), (14, "bold"), (15, "regular"),
                                    (15, "bold"), (15, "italic"), (16, "regular"),
                                    (16, "bold"), (16, "italic"), (17, "bold"),
                                    (19, "bold"), (22, "bold"), (30, "bold"), (34, "bold"),
                                    (46, "bold"))]


def make_screen_manager(size) -> pygame_gui.UIManager:
    """A UIManager with the game's theme and the screens' additions, fonts loaded."""
    manager = GameUIManager(tuple(size), str(THEME_PATH) if THEME_PATH.is_file()
                                   else None)
    manager.get_theme().load_theme(SCREEN_THEME)
    preload_fonts(manager, SCREEN_FONTS)
    return manager


def _team_theme(manager, teams) -> None:
    """Theme entries `#team_<name>` whose text is the team's colour."""
    data = {}
    for t in teams:
        colour = P.team_colour(t, teams)
        data[f"@team_{_ident(t)}"] = {"colours": {"normal_text": "#%02x%02x%02x" % colour}}
    manager.get_theme().load_theme(data)


def _ident(team: str) -> str:
    return "".join(c if c.isalnum() else "_" for c in team.lower())


def _esc(text) -> str:
    return html.escape(for_players(str(text)), quote=False)


def team_name(team: str) -> str:
    team = printable(team)         # a team from a map: one line, no control character raw
    return team[:1].upper() + team[1:]


def team_badge(team: str, teams, size: int, letter: bool = True) -> pygame.Surface:
    """The team's colour in its shape on a dark tile, with its initial (as the HUD shows a
    side: colour is never the only cue)."""
    colour = P.team_colour(team, teams)
    shape = P.team_marker(team, teams)
    k = 3
    big = pygame.Surface((size * k, size * k), pygame.SRCALPHA)
    pygame.draw.rect(big, (16, 23, 31, 255), big.get_rect(), border_radius=max(3, size * k // 6))
    r = size * k * 0.36
    c = (size * k / 2, size * k / 2)
    sp.draw_shape(big, shape, c, r, colour, sp.INK, max(1, k))
    if letter:
        glyph = sp.font(int(size * k * 0.42)).render(team[:1].upper(), True, sp.ink_for(colour))
        big.blit(glyph, glyph.get_rect(center=(c[0], c[1] + k)))
    return pygame.transform.smoothscale(big, (size, size))


# ---- thumbnails ------------------------------------------------------------------------------

_THUMBS: dict = {}
THUMBNAILS_KEPT = 8         # a picture is megabytes: the maps looked at lately


def map_picture(path) -> pygame.Surface:
    """The map as `python -m game render` draws it, with each creature's token on its starting
    hex: its picture in its team's colour and shape (cached per file version)."""
    path = Path(path)
    key = (path.resolve(), path.stat().st_mtime_ns)
    if key in _THUMBS:
        return _THUMBS[key]
    from game.tiled.loader import load_map
    from game.ui.map_renderer import build_map_surface, load_map_info
    info = load_map_info(path)
    surf = build_map_surface(info).copy()
    hexmap = load_map(path)
    teams = S.map_teams(hexmap)
    ox, oy = info.origin
    lay = hexmap.layout
    r = min(lay.tw, lay.th) * 0.3
    for p in hexmap.units:
        x, y = lay.tile_center(p.col, p.row)
        mark = sp.portrait(p.unit, p.name[:1], P.team_colour(p.team, teams),
                           P.team_marker(p.team, teams), int(2 * r + 20))
        surf.blit(mark, mark.get_rect(center=(x + ox, y + oy)))
    if len(_THUMBS) >= THUMBNAILS_KEPT:
        _THUMBS.pop(next(iter(_THUMBS)))        # the one made first
    _THUMBS[key] = surf
    return surf


def map_label(m) -> str:
    """A map's line in the setup screen's list: its title and, beside it, its file name (maps
    with alike titles told apart)."""
    return f"{m.title} · {Path(m.path).name}"


def fit(surf: pygame.Surface, box) -> pygame.Surface:
    """`surf` scaled to fit in `box` (w, h), keeping its proportions."""
    w, h = surf.get_size()
    k = min(box[0] / w, box[1] / h)
    size = (max(1, int(w * k)), max(1, int(h * k)))
    return pygame.transform.smoothscale(surf.convert_alpha() if pygame.display.get_surface()
                                        else surf, size)


# ---- the common part ---------------------------------------------------------------------------

class Screen(Shown, ABC):
    """Widgets in `manager` for a window of `size`; `layout(size)` rebuilds them. The App
    closes it when it shows another screen."""

    name = "screen"
    background = BG

    def __init__(self, manager, size):
        self.manager = manager
        self.size = (int(size[0]), int(size[1]))
        self.widgets: list = []
        self._laid_out = False

    def on_event(self, ev):
        self.manager.process_events(ev)      # the widgets first: a press comes back queued
        return self.handle_event(ev)

    def on_update(self, dt: float):
        self.update(dt)
        self.manager.update(dt)
        return None

    def present(self, surface, force: bool) -> bool:
        if not self._laid_out:          # new widgets: laid out before they are drawn
            self.manager.update(0.0)
            self._laid_out = True
        self.draw(surface)
        return True

    def _add(self, widget):
        self.widgets.append(widget)
        return widget

    def kill(self) -> None:
        for w in self.widgets:
            w.kill()
        self.widgets = []

    def layout(self, size) -> None:
        self.size = (int(size[0]), int(size[1]))
        if tuple(self.manager.window_resolution) != self.size:
            self.manager.set_window_resolution(self.size)
        self.kill()
        self.build()

    @abstractmethod
    def build(self) -> None:
        """Create the screen's widgets for `self.size`; every screen has its own."""

    def panel(self, rect, oid: str = "@screen_panel", height: int = 1) -> UIPanel:
        return self._add(UIPanel(pygame.Rect(rect), starting_height=height,
                                 manager=self.manager,
                                 object_id=ObjectID(class_id=oid, object_id=None)))

    def label(self, rect, text, container=None, cls=None, oid=None) -> UILabel:
        object_id = ObjectID(class_id=cls, object_id=oid) if (cls or oid) else None
        return self._add(UILabel(pygame.Rect(rect), text, manager=self.manager,
                                 container=container, object_id=object_id))

    def button(self, rect, text, container=None, cls="@secondary", tip=None) -> UIButton:
        return self._add(UIButton(pygame.Rect(rect), text, manager=self.manager,
                                  container=container, tool_tip_text=tip,
                                  object_id=ObjectID(class_id=cls, object_id=None)))

    def image(self, rect, surface, container=None) -> UIImage:
        return self._add(UIImage(pygame.Rect(rect), surface, manager=self.manager,
                                 container=container))

    def textbox(self, rect, text, container=None, oid=None) -> UITextBox:
        return self._add(UITextBox(text, pygame.Rect(rect), manager=self.manager,
                                   container=container,
                                   object_id=ObjectID(object_id=oid) if oid else None))

    def header(self, m: int, subtitle: str) -> UIPanel:
        """The title bar the setup and result screens share."""
        w = self.size[0]
        head = self.panel((m, m, w - 2 * m, 64))
        self.label((16, 4, 420, 52), "hexskirmish", head, oid="#hero_title")
        self.label((250, 10, w - 2 * m - 270, 44), subtitle, head, "@hero_sub")
        return head

    def handle_event(self, event):
        """The screen's answer to one event: an action tuple for the App, or None."""
        return None

    def update(self, dt: float) -> None:
        """Time passes (`dt` seconds)."""

    def draw(self, surface: pygame.Surface) -> None:
        """The whole screen: its background, then its widgets."""
        self.draw_background(surface)
        self.manager.draw_ui(surface)

    def draw_background(self, surface: pygame.Surface) -> None:
        surface.fill(self.background)

    def draw_backdrop_once(self, surface: pygame.Surface) -> None:
        """The screens' painted backdrop (`draw_backdrop`), drawn again only when the
        window's size changes or the screen was built anew (`_backdrop = None`)."""
        cached = getattr(self, "_backdrop", None)
        if cached is None or cached.get_size() != surface.get_size():
            cached = self._backdrop = pygame.Surface(surface.get_size())
            draw_backdrop(cached, surface.get_size())
        surface.blit(cached, (0, 0))

    def texts(self) -> list[str]:
        """The words the screen shows (labels, text boxes, buttons), top to bottom."""
        out = []
        for w in self.widgets:
            if not getattr(w, "visible", True):
                continue
            if isinstance(w, (UILabel, UIButton)):
                text = w.text
            elif isinstance(w, UITextBox):
                text = w.html_text
            elif isinstance(w, UITextEntryLine):
                text = w.get_text()
            elif isinstance(w, UISelectionList):
                out.extend(item["text"] for item in w.item_list)
                continue
            else:
                continue
            if text:
                out.append(text)
        return out


def draw_backdrop(surface, size, colour=BG) -> None:
    """The screens' background: the dark tone with a faint hex lattice."""
    surface.fill(colour)
    w, h = size
    r = 32
    dx, dy = r * math.sqrt(3), r * 1.5
    line = tuple(min(255, c + 8) for c in colour)
    for row in range(-1, int(h / dy) + 2):
        for col in range(-1, int(w / dx) + 2):
            cx = col * dx + (dx / 2 if row % 2 else 0)
            cy = row * dy
            pts = [(cx + r * math.cos(math.radians(60 * k + 30)),
                    cy + r * math.sin(math.radians(60 * k + 30))) for k in range(6)]
            pygame.draw.polygon(surface, line, pts, 1)


# ---- setup -----------------------------------------------------------------------------------

class SetupScreen(Screen):
    """Pick a map, who plays each side, the rulebook, the initiative mode and the seed;
    Start."""

    name = "setup"
    back_from = frozenset({"load", "help"})

    def __init__(self, manager, maps, setup: S.Setup | None = None, size=(1280, 800)):
        super().__init__(manager, size)
        if not maps:
            raise InputError(S.MAPS_DIR, None, "no playable map (.tmx) here: add one, or give "
                             f"a map: {program_name()} play MAP")
        self.maps = list(maps)
        self.index = 0
        self.sides: list[S.Side] = []
        self.initiative: str | None = None
        self.chosen_initiative: str | None = None     # set by the player; None: the map's
        self.criticals: str | None = None             # the optional critical rules, the same
        self.chosen_criticals: str | None = None
        self.rules: str | None = None                 # the rulebook, the same
        self.chosen_rules: str | None = None
        self.chosen_fog: bool | None = None           # fog of war chosen; None: the map's
        self.seed_text = ""
        self.message = ""
        self._backdrop = None
        self.side_buttons: dict[tuple[str, str], UIButton] = {}
        self.has_saves = saves.latest() is not None
        if setup is not None:
            self._apply(setup)
        else:
            self.select_map(0, rebuild=False)
        self.build()

    # ---- state ----------------------------------------------------------------------------
    @property
    def map(self) -> S.MapInfo:
        return self.maps[self.index]

    def _apply(self, setup: S.Setup) -> None:
        path = Path(setup.map_path).resolve()
        found = [n for n, m in enumerate(self.maps) if Path(m.path).resolve() == path]
        if not found:
            try:
                self.maps.append(S.map_info(_load(path)))
            except InputError:        # the app says why; the setup starts from a good map
                self.select_map(0, rebuild=False)
                return
            found = [len(self.maps) - 1]
        self.index = found[0]
        by_team = {s.team: s for s in setup.sides}
        self.sides = [by_team.get(t, S.Side(t, "ai")) for t in self.map.teams]
        self.initiative = setup.initiative if setup.initiative != self.map.initiative else None
        self.chosen_initiative = setup.initiative
        self.criticals = setup.criticals if setup.criticals != self.map.criticals else None
        self.chosen_criticals = setup.criticals
        self.chosen_rules = setup.rules
        self.chosen_fog = setup.fog
        self._pick_rules()
        self.seed_text = "" if setup.seed is None else str(setup.seed)

    def select_map(self, which, rebuild: bool = True) -> None:
        """Choose a map by index, path or title; each team keeps the controller of the team
        at its place on the previous map (the first human, the others the computer)."""
        if isinstance(which, int):
            index = which
        else:
            key = str(which)
            index = next((n for n, m in enumerate(self.maps)
                          if m.title == key or m.name == key or str(m.path) == key
                          or Path(m.path).resolve() == Path(key).resolve()), None)
            if index is None:
                raise KeyError(f"no map {which!r}")
        old = list(self.sides)
        self.index = index
        teams = self.map.teams
        sides = []
        for n, t in enumerate(teams):
            prev = old[n] if n < len(old) else None
            sides.append(S.Side(t, prev.kind, prev.difficulty) if prev is not None
                         else S.default_sides(teams)[n])
        self.sides = sides
        chosen = self.chosen_initiative      # the player's choice outlives a map switch
        self.initiative = chosen if chosen != self.map.initiative else None
        crits = self.chosen_criticals
        self.criticals = crits if crits != self.map.criticals else None
        self.chosen_fog = None          # fog of war belongs to the map: its own again
        self._pick_rules()
        self.message = ""
        if rebuild:
            self.layout(self.size)

    def set_side(self, team: str, choice: str) -> None:
        """`choice`: human, easy, normal or hard."""
        if choice not in CHOICES:
            raise ValueError(f"unknown controller {choice!r} (use {', '.join(CHOICES)})")
        self.sides = [S.Side(s.team, "human") if s.team == team and choice == "human" else
                      S.Side(s.team, "ai", choice) if s.team == team else s
                      for s in self.sides]
        self._refresh_sides()

    def set_initiative(self, mode: str | None) -> None:
        if mode is not None and mode not in S.INITIATIVE_MODES:
            raise ValueError(f"unknown initiative {mode!r}")
        self.initiative = None if mode == self.map.initiative else mode
        self.chosen_initiative = mode
        self._refresh_rules()

    @property
    def initiative_mode(self) -> str:
        return self.initiative or self.map.initiative

    def set_criticals(self, rules: str | None) -> None:
        """The optional critical-hit rules of the battle (None: the map's own)."""
        if rules is not None and rules not in S.CRITICAL_RULES:
            raise ValueError(f"unknown critical rules {rules!r}")
        self.criticals = None if rules == self.map.criticals else rules
        self.chosen_criticals = rules
        self._refresh_rules()

    @property
    def critical_rules(self) -> str:
        return self.criticals or self.map.criticals

    def _pick_rules(self) -> None:
        """The rulebook of the battle: the player's choice, else the map's own (a map that
        names rules not playable yet gets the default, chosen outright)."""
        chosen = self.chosen_rules or self.map.playable_rules
        self.rules = None if chosen == self.map.rules else chosen

    def set_rules(self, rules: str | None) -> None:
        """The rulebook of the battle (None: the map's own). The choices that only the
        hex-native rules have are greyed out under other rules: the screen is laid out
        again."""
        if rules is not None and rules not in S.RULES:
            raise ValueError(f"unknown rules {rules!r}")
        self.chosen_rules = rules
        self._pick_rules()
        if self.widgets:
            self.layout(self.size)

    @property
    def fog(self) -> bool:
        """Fog of war in the battle: the player's choice, else the map's."""
        return self.map.fog if self.chosen_fog is None else self.chosen_fog

    def set_fog(self, on: bool) -> None:
        """Fog of war on or off (docs/rules/22-hiding-and-fog.md)."""
        self.chosen_fog = bool(on)
        if self.widgets:
            self.fog_button.set_text(self._fog_text())

    def _fog_text(self) -> str:
        return f"Fog of war: {'on' if self.fog else 'off'}"

    @property
    def rulebook(self) -> str:
        return self.rules or self.map.playable_rules

    def set_seed_text(self, text: str) -> None:
        self.seed_text = text
        if self.widgets and self.seed_entry.get_text() != text:
            self.seed_entry.set_text(text)
            self._style_seed()
        self._refresh_rules()

    def current(self) -> S.Setup:
        """The setup as chosen (InputError for a seed that is not a number)."""
        return S.Setup(self.map.path, tuple(self.sides), self.initiative,
                       S.parse_seed(self.seed_text), self.criticals, self.rules,
                       None if self.fog == self.map.fog else self.fog)

    def start(self):
        if self.map.error:
            self.message = f"This map cannot be played: {self.map.error}"
            self._refresh_rules()
            return None
        try:
            setup = self.current()
        except InputError as err:
            self.message = err.line()
            self._refresh_rules()
            return None
        return ("start", setup)

    # ---- widgets ---------------------------------------------------------------------------
    def build(self) -> None:
        w, h = self.size
        _team_theme(self.manager, self.map.teams)
        m = 14
        self.side_buttons = {}
        self.header(m, "New battle: choose the battlefield, who commands each side, and the "
                       "rules")
        top = m + 64 + m
        left_w = max(330, min(420, int(w * 0.3)))
        bottom = h - m
        self._build_left(m, top, left_w, bottom)
        # the right: the map card, the sides, Start
        rx = m + left_w + m
        rw = w - rx - m
        foot_h = 72
        sides_h = 64 + 52 * len(self.map.teams)
        card_h = bottom - top - sides_h - foot_h - 2 * m
        self._build_card(rx, top, rw, card_h)
        sy = top + card_h + m
        self._build_sides(rx, sy, rw, sides_h)
        self._build_footer(rx, sy + sides_h + m, rw, foot_h)
        self._backdrop = None
        self._refresh_sides()

    def _scroll_to_map(self) -> None:
        """The chosen map's line in view in the list (the default map may be far down)."""
        bar = self.map_list.scroll_bar
        if bar is not None and len(self.maps) > 1:
            bar.set_scroll_from_start_percentage(max(0, self.index - 2) / len(self.maps))
            self.map_list.update(0.0)

    def _build_left(self, m: int, top: int, left_w: int, bottom: int) -> None:
        """The left column: the maps, the initiative mode, the seed, the keys."""
        left = self.panel((m, top, left_w, bottom - top))
        lw = left_w - 4
        self.label((14, 8, lw - 28, 28), "Battlefield", left, "@section")
        list_h = min(38 * len(self.maps) + 2, 38 * 6 + 2)
        self.map_list = self._add(UISelectionList(
            pygame.Rect(12, 40, lw - 24, list_h), [map_label(m_) for m_ in self.maps],
            manager=self.manager, container=left,
            default_selection=map_label(self.map)))
        self._scroll_to_map()
        y = 40 + list_h + 22
        self.label((14, y, lw - 28, 28), "Initiative", left, "@section")
        options = [(self._mode_text(mode), mode) for mode in S.INITIATIVE_MODES]
        current = next(o for o in options if o[1] == self.initiative_mode)
        self.initiative_menu = self._add(UIDropDownMenu(
            options, current, pygame.Rect(12, y + 32, lw - 24, 38), manager=self.manager,
            container=left))
        self.initiative_hint = self.textbox((8, y + 68, lw - 16, 56),
                                            self._mode_hint(), left, "#result_text")
        y += 122
        self.label((14, y, lw - 28, 28), "Critical hits", left, "@section")
        options = [(self._criticals_text(r), r) for r in S.CRITICAL_RULES]
        current = next(o for o in options if o[1] == self.critical_rules)
        self.criticals_menu = self._add(UIDropDownMenu(
            options, current, pygame.Rect(12, y + 32, lw - 24, 38), manager=self.manager,
            container=left))
        self.criticals_hint = self.textbox((8, y + 68, lw - 16, 56),
                                           self._criticals_hint(), left, "#result_text")
        if not self.default_rules:
            self.initiative_menu.disable()
            self.criticals_menu.disable()
        y += 122
        self.label((14, y, lw - 28, 28), "Dice seed", left, "@section")
        self.seed_entry = self._add(UITextEntryLine(
            pygame.Rect(12, y + 32, lw - 24, 40), manager=self.manager, container=left,
            initial_text=self.seed_text or None, placeholder_text="random, from the clock",
            object_id=ObjectID(object_id="#seed" if self.seed_text else "#seed_empty")))
        self.seed_entry.set_allowed_characters("numbers")
        self.seed_entry.set_text_length_limit(18)
        self.seed_hint = self.textbox((8, y + 76, lw - 16, 92), self._seed_hint(), left,
                                      "#result_text")
        y += 178
        panel_h = bottom - top
        if panel_h - y > 150:
            self.label((14, y, lw - 28, 28), "In battle", left, "@section")
            self.keys_box = self.textbox((8, y + 30, lw - 16, panel_h - y - 40),
                                         KEYS_HELP, left, "#result_text")

    def _build_card(self, rx: int, top: int, rw: int, card_h: int) -> None:
        """The chosen map: its picture, its facts, the rules and its description."""
        card = self.panel((rx, top, rw, card_h))
        box = (int(rw * 0.56), card_h - 24)
        thumb = fit(map_picture(self.map.path) if not self.map.error else
                    pygame.Surface((4, 3), pygame.SRCALPHA), box)
        frame = pygame.Surface((thumb.get_width() + 4, thumb.get_height() + 4), pygame.SRCALPHA)
        frame.fill((59, 74, 92, 255))
        frame.blit(thumb, (2, 2))
        self.thumbnail = self.image((10, 10 + (box[1] - thumb.get_height()) // 2,
                                     frame.get_width(), frame.get_height()), frame, card)
        tx = min(box[0], frame.get_width()) + 30     # a tall map's picture leaves more room
        tw = rw - tx - 16
        self.title_label = self.label((tx, 10, tw, 36), self.map.title, card, "@big_label")
        rules_h = self._build_rules(card, tx, tw, card_h - 14 - 48 - 6 - 62)
        facts_h, text_h = card_heights(card_h - 14 - 48 - rules_h - 6,
                                       16 + 27 * (1 + len(self.map.teams)))
        self.facts_box = self.textbox((tx - 6, 48, tw + 6, facts_h), self._facts(), card,
                                      "#result_text")
        ry = 48 + facts_h + 6
        for widget in (self.rules_label, self.rules_menu, self.rules_hint):
            widget.set_relative_position((widget.relative_rect.x,
                                          widget.relative_rect.y + ry))
        self.description_box = self.textbox(
            (tx - 6, ry + rules_h + 6, tw + 6, max(text_h, 1)),
            f"<font color=#c9d4de>{_esc(self.map.description)}</font>", card, "#result_text")
        if not text_h:
            self.description_box.hide()

    def _facts(self) -> str:
        """The map's sides, size and layout, and each team's creatures (in its colour)."""
        sides = len(self.map.teams)
        return (f"{sides} sides{', free-for-all' if sides > 2 else ''} · "
                f"{self.map.width} x {self.map.height} hexes, {self.map.orientation}<br>"
                + "<br>".join(f"<font color=#{'%02x%02x%02x' % P.team_colour(t, self.map.teams)}>"
                              f"<b>{_esc(team_name(t))}</b></font>: "
                              f"{self.map.creatures.get(t, 0)} creature"
                              f"{'s' if self.map.creatures.get(t, 0) != 1 else ''}"
                              for t in self.map.teams))

    def _build_rules(self, card, x: int, w: int, most: int) -> int:
        """The rulebook, laid out from y 0 (the card moves it under the facts): the label, a
        menu (the map's own marked) and one line on what the rulebook is like, as tall as
        the words need within `most` pixels for the three (past that the line scrolls).
        Returns the height of the three."""
        self.rules_label = self.label((x, 5, 60, 28), "Rules", card, "@section")
        options = [(self._rules_text(r), r) for r in S.RULES]
        current = next(o for o in options if o[1] == self.rulebook)
        self.rules_menu = self._add(UIDropDownMenu(
            options, current, pygame.Rect(x + 62, 0, w - 62, 38), manager=self.manager,
            container=card))
        self.rules_hint = self.textbox((x - 6, 40, w + 6, -1), self._rules_hint(), card,
                                       "#result_text")
        if 40 + self.rules_hint.rect.height > most:      # a small window: the line scrolls
            self.widgets.remove(self.rules_hint)
            self.rules_hint.kill()
            self.rules_hint = self.textbox((x - 6, 40, w + 6, max(most - 40, 34)),
                                           self._rules_hint(), card, "#result_text")
        return 40 + self.rules_hint.rect.height

    def _build_sides(self, rx: int, sy: int, rw: int, sides_h: int) -> None:
        """One row per side: a person or the computer at a difficulty."""
        sides = self.panel((rx, sy, rw, sides_h))
        self.label((14, 8, 200, 28), "Sides", sides, "@section")
        bw = min(118, (rw - 330) // 4)
        bx0 = rw - 16 - 4 * bw - 3 * 6
        self.label((bx0, 10, bw, 24), "Person", sides, "@small_hint")
        self.label((bx0 + bw + 6, 10, 3 * bw + 12, 24), "Computer player", sides,
                   "@small_hint")
        self.fog_button = self.button((110, 6, max(120, min(240, bx0 - 124)), 30),
                                      self._fog_text(), sides, "@segment",
                                      tip="Fog of war: each side sees only what its creatures "
                                      "see (rules: Hiding, spotting and fog of war); the map's "
                                      f"default is {'on' if self.map.fog else 'off'}")
        for n, team in enumerate(self.map.teams):
            y = 44 + 52 * n
            self.image((14, y + 4, 36, 36), team_badge(team, self.map.teams, 36), sides)
            self.label((60, y + 4, 200, 36), team_name(team), sides,
                       f"@team_{_ident(team)}", "#side_name")
            count = self.map.creatures.get(team, 0)
            self.label((170, y + 4, bx0 - 180, 36),
                       f"{count} creature{'s' if count != 1 else ''}", sides, "@hint")
            for k, choice in enumerate(CHOICES):
                b = self.button((bx0 + k * (bw + 6), y + 2, bw, 40), CHOICE_LABELS[choice],
                                sides, "@segment",
                                tip=("a person at this machine" if choice == "human" else
                                     AI_DESCRIPTIONS[choice]))
                self.side_buttons[(team, choice)] = b

    def _build_footer(self, rx: int, fy: int, rw: int, foot_h: int) -> None:
        """The summary of the choices, Continue, Load... and Start."""
        foot = self.panel((rx, fy, rw, foot_h))
        # the buttons keep their widths while the summary has 200 pixels, then narrow
        k = min(1.0, (rw - 16) / 980)
        widths = [int(w * k) for w in (140, 112, 136, 128, 212)]
        x = rw - 16 - sum(widths) - 4 * 8
        self.summary_box = self.textbox((8, 8, max(1, x - 16), foot_h - 16), "", foot,
                                        "#result_text")
        self.summary_box.visible = x - 16 >= 120
        tips = ("five battles with a story: your creatures carry over (resumed where you "
                "left it)", "short lessons that teach the game", "the newest save or autosave",
                "a saved battle", "Enter")
        made = []
        for text, width, tip in zip(("Campaign", "Tutorial", "Continue", "Load...",
                                     "Start battle"), widths, tips):
            made.append(self.button((x, 10, width, foot_h - 20), text, foot,
                                    "@primary" if text == "Start battle" else "@secondary",
                                    tip=tip))
            x += width + 8
        (self.campaign_button, self.tutorial_button, self.continue_button, self.load_button,
         self.start_button) = made
        if not self.has_saves:
            self.continue_button.disable()
        self._refresh_rules()

    def _style_seed(self) -> None:
        """The entry's text is muted while it is empty (its placeholder shows)."""
        oid = "#seed" if self.seed_text else "#seed_empty"
        if self.seed_entry.most_specific_combined_id.split(".")[-1] != oid:
            self.seed_entry.change_object_id(ObjectID(object_id=oid))

    def _mode_text(self, mode: str) -> str:
        title = {"selective": "Selective", "top-down": "Top-down",
                 "round-by-round": "Round-by-round"}[mode]
        return f"{title} (map default)" if mode == self.map.initiative else title

    def _criticals_text(self, rules: str) -> str:
        title = S.CRITICAL_TITLES[rules]
        return f"{title} (map default)" if rules == self.map.criticals else title

    def _rules_text(self, rules: str) -> str:
        title = S.RULES_TITLES[rules]
        return f"{title} (map default)" if rules == self.map.rules else title

    def _rules_hint(self) -> str:
        return f"<font color=#c9d4de>{_esc(S.RULES_TEXT[self.rulebook])}</font>"

    def _unused_hint(self) -> str:
        """The hint of a choice that only the hex-native rules have, under other rules."""
        return (f"<font color={MUTED}><i>Not used by the "
                f"{_esc(S.RULES_TITLES[self.rulebook].lower())}.</i></font>")

    @property
    def default_rules(self) -> bool:
        """Whether the battle plays the default rules, whose choices the initiative and
        critical-hit menus are."""
        return self.rulebook == S.RULES[0]

    def _criticals_hint(self) -> str:
        if not self.default_rules:
            return self._unused_hint()
        return f"<font color=#c9d4de>{_esc(S.CRITICAL_TEXT[self.critical_rules])}</font>"

    def _mode_hint(self) -> str:
        if not self.default_rules:
            return self._unused_hint()
        return f"<font color=#c9d4de>{_esc(S.INITIATIVE_TEXT[self.initiative_mode])}</font>"

    def _seed_hint(self) -> str:
        if self.message:
            return f"<font color=#FF8C5A><b>{_esc(self.message)}</b></font>"
        if self.seed_text.strip():
            return (f"<font color=#c9d4de>Seed <b>{_esc(self.seed_text.strip())}</b> every "
                    "battle: the same dice, the same battle.</font>")
        return ("<font color=#c9d4de>Empty: a new seed from the clock each battle, shown in "
                "the game so that it can be played again.</font>")

    def _refresh_sides(self) -> None:
        if not self.side_buttons:
            return
        by_team = {s.team: s for s in self.sides}
        for (team, choice), b in self.side_buttons.items():
            s = by_team[team]
            on = (choice == "human") if s.human else (choice == s.difficulty)
            cls = "@segment_on" if on else "@segment"
            if getattr(b, "_screen_cls", None) != cls:
                b._screen_cls = cls
                b.change_object_id(ObjectID(class_id=cls, object_id=None))
        self._refresh_summary()

    def _refresh_rules(self) -> None:
        if not self.widgets:
            return
        self.initiative_hint.set_text(self._mode_hint())
        self.criticals_hint.set_text(self._criticals_hint())
        self.seed_hint.set_text(self._seed_hint())
        self._refresh_summary()

    def _refresh_summary(self) -> None:
        if not self.widgets:
            return
        humans = S.human_teams(self.sides)
        parts = []
        for s in self.sides:
            colour = "%02x%02x%02x" % P.team_colour(s.team, self.map.teams)
            who = "you" if s.human and len(humans) == 1 else s.label.lower()
            parts.append(f"<font color=#{colour}><b>{_esc(team_name(s.team))}</b></font>: "
                         f"{_esc(who)}")
        mode = ("hotseat: the board is hidden between two people's turns"
                if len(humans) >= 2 else
                "watch the computer fight itself" if not humans else "")
        line = " · ".join(parts)
        if mode:
            line += f"<br><font color={MUTED}><i>{_esc(mode)}</i></font>"
        self.summary_box.set_text(line)

    # ---- events ----------------------------------------------------------------------------
    def handle_event(self, event):
        et = event.type
        if et == pygame_gui.UI_BUTTON_PRESSED:
            element = getattr(event, "ui_element", None)
            if element is self.start_button:
                return self.start()
            if element is self.continue_button:
                return ("continue_latest",)
            if element is self.load_button:
                return ("load_screen",)
            if element is self.fog_button:
                self.set_fog(not self.fog)
                return None
            if element is self.campaign_button:
                return ("campaign",)
            if element is self.tutorial_button:
                return ("tutorial",)
            for (team, choice), b in self.side_buttons.items():
                if element is b:
                    self.set_side(team, choice)
                    return None
            return None
        if et == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and \
                getattr(event, "ui_element", None) is self.map_list:
            labels = [map_label(m_) for m_ in self.maps]
            if event.text in labels and labels.index(event.text) != self.index:
                self.select_map(labels.index(event.text))
            return None
        if et == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            self._menu_changed(event)
            return None
        if et in (pygame_gui.UI_TEXT_ENTRY_CHANGED, pygame_gui.UI_TEXT_ENTRY_FINISHED) and \
                getattr(event, "ui_element", None) is self.seed_entry:
            self.seed_text = self.seed_entry.get_text()
            self.message = ""
            self._style_seed()
            self._refresh_rules()
            if et == pygame_gui.UI_TEXT_ENTRY_FINISHED:
                return self.start()
            return None
        if et == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                and not self.seed_entry.is_focused:
            return self.start()
        return None

    def _menu_changed(self, event) -> None:
        """A choice in the rules, initiative or critical-hit menu (found by its option id,
        else by the text shown)."""
        menus = {id(self.rules_menu): (S.RULES, self._rules_text, self.set_rules),
                 id(self.initiative_menu): (S.INITIATIVE_MODES, self._mode_text,
                                            self.set_initiative),
                 id(self.criticals_menu): (S.CRITICAL_RULES, self._criticals_text,
                                           self.set_criticals)}
        found = menus.get(id(getattr(event, "ui_element", None)))
        if found is None:
            return
        choices, shown, choose = found
        value = getattr(event, "selected_option_id", None)
        if value not in choices:
            value = next((c for c in choices if shown(c) == getattr(event, "text", "")), None)
        if value is not None:
            choose(value)

    def draw_background(self, surface) -> None:
        self.draw_backdrop_once(surface)


def card_heights(room: int, facts_h: int) -> tuple[int, int]:
    """(facts, description) heights in `room` pixels of the map card (the rules take theirs
    first): the facts whole and the description the rest while it gets two lines; else both
    scroll, the facts keeping two lines, and a description of less than a line is left out."""
    line = 27
    if room >= facts_h + 6 + 2 * line + 8:
        return facts_h, room - facts_h - 6
    facts = min(facts_h, max(2 * line + 8, room - 2 * line - 14))
    text = room - facts - 6
    return facts, text if text >= line + 8 else 0


def _load(path):
    from game.tiled.loader import load_map
    return load_map(path)


# ---- hotseat handoff -------------------------------------------------------------------------

class HandoffScreen(Screen):
    """The side to play, its colour, the round and what the other sides did meanwhile (one
    line per side's run of turns since this side last acted, `game.ui.turn_summary`); nothing
    of the battle's map."""

    name = "handoff"
    clicked_away = False      # the last event was a click (its release is not the board's)
    background = HANDOFF_BG

    def __init__(self, manager, team: str, teams, round_: int, size=(1280, 800),
                 reason: str = "turn", meanwhile=()):
        super().__init__(manager, size)
        self.team = team
        self.teams = list(teams)
        self.round = round_
        self.reason = reason          # "turn" or "reaction" (it does not show: it would tell)
        self.meanwhile = list(meanwhile)
        self.armed = 0.0
        self.build()

    @property
    def title(self) -> str:
        return f"{team_name(self.team)} to play"

    def build(self) -> None:
        w, h = self.size
        _team_theme(self.manager, self.teams)
        news = min(150, 26 * len(self.meanwhile) + 40) if self.meanwhile else 0
        cw, ch = 640, 330 + news
        colour = "#%02x%02x%02x" % P.team_colour(self.team, self.teams)
        self.manager.get_theme().load_theme({f"@handoff_{_ident(self.team)}": {
            "prototype": "#hud_shape",
            "colours": {"dark_bg": "#101a24f5", "normal_border": colour},
            "misc": {"border_width": "2", "shape_corner_radius": "8"}}})
        card = self.panel(((w - cw) // 2, (h - ch) // 2, cw, ch),
                          f"@handoff_{_ident(self.team)}")
        self.image(((cw - 96) // 2 - 2, 26, 96, 96), team_badge(self.team, self.teams, 96),
                   card)
        self.title_label = self.label((10, 138, cw - 24, 64), self.title, card,
                                      f"@team_{_ident(self.team)}", "#handoff_title")
        self.round_label = self.label((10, 204, cw - 24, 32), f"Round {self.round}", card,
                                      "@centred", "#handoff_round")
        if self.meanwhile:
            lines = "<br>".join(f"• {_esc(line)}" for line in self.meanwhile[-5:])
            self.news_box = self.textbox((20, 244, cw - 40, news),
                                         f"<font color={MUTED}>Meanwhile</font><br>{lines}",
                                         card)
        self.hint_label = self.label((10, 262 + news, cw - 24, 30),
                                     "Press a key or click to continue", card,
                                     "@centred", "#handoff_hint")

    def update(self, dt: float) -> None:
        self.armed += dt

    def on_event(self, ev):
        self.clicked_away = ev.type == pygame.MOUSEBUTTONDOWN    # no widget takes events
        return self.handle_event(ev)

    def handle_event(self, event):
        """A key or a click (once the screen has been up for `arm` seconds, so that the
        click that ended the previous turn does not skip it)."""
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN) and self.armed >= ARM_S:
            return ("continue",)
        return None

    def draw_background(self, surface) -> None:
        surface.fill(self.background)
        colour = P.team_colour(self.team, self.teams)
        w, h = surface.get_size()
        bar = pygame.Rect(0, 0, w, 6)
        surface.fill(colour, bar)
        surface.fill(colour, bar.move(0, h - 6))


ARM_S = 0.35     # a handoff ignores input this long (the click that ended the turn)


# ---- result ----------------------------------------------------------------------------------

def dramatic_html(d: S.Dramatic) -> str:
    """The most dramatic roll, its numbers picked out."""
    what = "critical hit" if d.critical else "hit"
    how = {"aoo": " (attack of opportunity)", "charge": " (charge)",
           "interrupt": " (interrupt)"}.get(d.kind, "")
    weapon = f" with {_esc(S.with_article(d.weapon))}" if d.weapon else ""
    end = f", and <b>{_esc(d.target)} fell</b>" if d.felled else f" on {_esc(d.target)}"
    return (f"<font color={MUTED}>Round {d.round}</font> · <b>{_esc(d.attacker)}</b>'s "
            f"{what}{how}{weapon} (<font color={YELLOW}><b>natural {d.natural}</b></font>) "
            f"dealt <font color=#FF8C5A><b>{d.amount} damage</b></font>{end}")


class ResultScreen(Screen):
    """Who won, in how many rounds, losses and damage per side, the most dramatic roll; the
    final position beside it (`picture`: the map with the creatures where they ended)."""

    name = "result"

    def __init__(self, manager, summary: S.Summary, setup: S.Setup | None = None,
                 title: str = "", size=(1280, 800), picture: pygame.Surface | None = None,
                 sides=None):
        super().__init__(manager, size)
        self.summary = summary
        self.setup = setup
        self.map_title = title
        self.sides = {s.team: s for s in (sides or (setup.sides if setup else ()))}
        self.picture = picture
        self._backdrop = None
        self.build()

    @property
    def headline(self) -> str:
        w = self.summary.winner
        if w is None:
            return "No winner"
        if w == "draw":
            return "Draw"
        return f"{team_name(w)} wins!"

    def build(self) -> None:
        w, h = self.size
        s = self.summary
        teams = list(s.teams)
        _team_theme(self.manager, teams)
        rows = len(teams)
        side_by_side = self.picture is not None and w >= 1100
        m = 14
        self.header(m, "The battle is over")
        top = m + 64 + m
        cw = min(720, int(w * 0.56)) if side_by_side else min(820, w - 2 * m)
        ch = min(h - top - m, 362 + 44 * rows)
        pw = w - cw - 3 * m if side_by_side else 0
        x0 = (w - cw - (pw + m if side_by_side else 0)) // 2
        y0 = top + max(0, (h - top - m - ch) // 2)
        card = self.panel((x0, y0, cw, ch))
        won = s.winner not in (None, "draw")
        if won:
            self.image((24, 22, 56, 56), team_badge(s.winner, teams, 56), card)
        hx = 96 if won else 24
        self.headline_label = self.label((hx, 16, cw - hx - 24, 50), self.headline, card,
                                         f"@team_{_ident(s.winner)}" if won else None,
                                         "#result_headline")
        rounds = f"{s.rounds} round{'s' if s.rounds != 1 else ''}"
        sub = " · ".join(x for x in (s.decided_by or self.map_title, rounds, f"seed {s.seed}")
                         if x)
        self.sub_label = self.label((hx, 62, cw - hx - 24, 26), sub, card, "@hero_sub")
        # the table of sides
        y = 110
        cols = (24, int(cw * 0.25), int(cw * 0.52), int(cw * 0.80))
        widths = (cols[1] - cols[0], cols[2] - cols[1], cols[3] - cols[2], cw - cols[3] - 12)
        heads = ("Side", "Player", "Out of the fight", "Damage dealt")
        for x, wd, head in zip(cols, widths, heads):
            self.label((x, y, wd, 24), head, card, "@small_hint")
        y += 28
        y = self._side_rows(card, teams, cols, widths, y)
        # the most dramatic roll
        y += 14
        self.label((24, y, cw - 48, 26), "Most dramatic roll", card, "@section")
        text = (dramatic_html(s.dramatic) if s.dramatic is not None else
                f"<font color={MUTED}>No blow landed: not a drop of blood was spilled.</font>")
        self.dramatic_box = self.textbox((18, y + 28, cw - 36, 62), text, card,
                                         "#result_text")
        y += 100
        self._buttons(card, cw, y)
        self.picture_image = None
        if side_by_side:
            px = x0 + cw + m
            panel = self.panel((px, y0, pw, ch))
            self.label((16, 10, pw - 32, 28), "Final position", panel, "@section")
            shown = fit(self.picture, (pw - 28, ch - 62))
            self.picture_image = self.image(((pw - shown.get_width()) // 2 - 2,
                                             46 + (ch - 62 - shown.get_height()) // 2,
                                             shown.get_width(), shown.get_height()),
                                            shown, panel)
        self._backdrop = None

    def _buttons(self, card, cw: int, y: int) -> None:
        """The command line of this battle, then Play again, Watch the replay, Back to
        setup, Quit."""
        again = "Play again" + ("" if self.setup is None else
                                " (same seed)" if self.setup.fixed_seed else " (new seed)")
        replay = self.setup.command_line(self.summary.seed) if self.setup is not None else ""
        self.replay_label = self.label((24, y, cw - 48, 22),
                                       f"This battle again: {replay}" if replay else "",
                                       card, "@small_hint")
        y += 34
        gap = 12
        room = cw - 48 - 3 * gap
        widths = [int(room * k) for k in (0.38, 0.26, 0.22)]
        widths.append(room - sum(widths))
        specs = (("again_button", again, "@primary", "Enter: the same map and sides"),
                 ("watch_button", "Watch the replay", "@secondary",
                  "W: the battle again, command by command"),
                 ("setup_button", "Back to setup", "@secondary",
                  "Esc: another map, other sides or rules"),
                 ("quit_button", "Quit", "@secondary", None))
        x = 24
        for (name, text, cls, tip), width in zip(specs, widths):
            setattr(self, name, self.button((x, y, width, 50), text, card, cls, tip=tip))
            x += width + gap

    def _side_rows(self, card, teams, cols, widths, y: int) -> int:
        """One row per side (badge, name, player, out of the fight, damage); the next y."""
        s = self.summary
        for t in teams:
            self.image((cols[0], y + 6, 30, 30), team_badge(t, teams, 30), card)
            self.label((cols[0] + 40, y, widths[0] - 40, 42), team_name(t), card,
                       f"@team_{_ident(t)}", "#side_name")
            side = self.sides.get(t)
            self.label((cols[1], y, widths[1], 42), side.label if side else "", card,
                       "@value")
            self.label((cols[2], y, widths[2], 42), s.out_text(t), card, "@value")
            self.label((cols[3], y, widths[3], 42), f"{s.damage.get(t, 0)}", card, "@value")
            y += 44
        return y

    def handle_event(self, event):
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            element = getattr(event, "ui_element", None)
            if element is self.again_button:
                return ("again",)
            if element is self.watch_button:
                return ("watch",)
            if element is self.setup_button:
                return ("setup",)
            if element is self.quit_button:
                return ("quit",)
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                return ("again",)
            if event.key == pygame.K_w:
                return ("watch",)
            if event.key == pygame.K_ESCAPE:
                return ("setup",)
        return None

    def draw_background(self, surface) -> None:
        self.draw_backdrop_once(surface)


__all__ = ["ARM_S", "BG", "HANDOFF_BG", "HandoffScreen", "ResultScreen", "SCREEN_THEME",
           "Screen", "SetupScreen", "draw_backdrop", "fit", "make_screen_manager", "map_label",
           "map_picture", "team_badge"]
