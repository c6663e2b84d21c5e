"""The heads-up display: pygame_gui widgets around the board (docs/architecture.md "Layers").

What it shows comes from `game.ui.presenters` (pure, tested headless); this module only lays
widgets out, keeps them in step with the battle and the UI model, and turns clicks into calls
of the `GameController` (`do_action`, `choose_next`, `react`, `select`, `confirm`, `cancel`).

    manager = make_manager((1280, 800))          # a UIManager with assets/ui_theme.json
    hud = Hud(manager, controller)
    # every frame:
    for event in pygame.event.get():
        manager.process_events(event)
        if hud.process_event(event):             # True: the HUD used it (not for the board)
            continue
        ...                                      # the board, HOTKEYS -> controller.do_action
    hud.refresh()                                # cheap when nothing changed
    manager.update(dt); manager.draw_ui(screen)
    # on a window resize: hud.layout(new_size)

Panels: the top bar (round, whose turn, the active creature's actions left, the UI mode), the
initiative tracker (left; team colour + shape + letter, acted greyed, active marked, pickable
creatures highlighted and clickable in selective initiative), the unit card (right, top), the
combat log (right; click a line to expand its itemised breakdown, hover a line to highlight
its creatures on the board), the message line with Confirm / Cancel when a command awaits
confirmation, the action bar (bottom; hotkey on every button, disabled buttons explain why on
hover), the prompt for an `ask` attack of opportunity (Accept / Decline, also Y / N) and the
attack preview tooltip beside the pointer.
"""
from __future__ import annotations

import html
import os
import time
from dataclasses import replace
from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UIImage, UILabel, UIPanel, UITextBox

from game import paths
from game.ui import presenters as P

THEME_PATH = paths.assets_dir() / "ui_theme.json"

from game.ui.keys import ACTION_KEYS as HOTKEYS  # noqa: E402 - the default rules' keys
from game.ui.keys import PROMPT_KEYS, action_keys  # noqa: E402
from game.ui.more_menu import MoreMenu, forecast_html  # noqa: E402
from game.ui.turn_summary import with_summaries  # noqa: E402
from game.ui.words import for_players  # noqa: E402
from game.ui.light_presenters import opportunity_prompt
from game.ui.light_play import command_words

TERRAIN_TIP_S = 0.5     # the pointer rests this long on a hex before its terrain shows
LOG_HIDDEN_KINDS = frozenset({"turn_end"})
LOG_MAX_LINES = 150
LOG_HOLD_S = 6.0        # the log stays where the player scrolled it for this long, then follows

# log line markers by kind (the words of the line say the same: colour is never the only cue)
KIND_COLOURS = {
    "attack": "#E69F00", "critical": "#F0E442", "miss": "#8DA0B3", "damage": "#E69F00",
    "move": "#56B4E9", "provoke": "#CC79A7", "reaction": "#CC79A7", "condition": "#CC79A7",
    "death": "#FF8C5A", "turn": "#9FD3F5", "round": "#FFFFFF", "choice": "#F0E442",
    "initiative": "#97A6B6", "action": "#97A6B6", "save": "#3CCFA5", "interrupt": "#CC79A7",
    "victory": "#F0E442", "info": "#97A6B6", "heal": "#3CCFA5", "summary": "#FFFFFF",
}
DETAIL_COLOUR = "#A9B7C6"
MUTED = "#97A6B6"


#: the fonts the HUD's html uses beyond the theme's (pygame_gui warns when they are not loaded)
PRELOAD_FONTS = [{"name": "noto_sans", "point_size": size, "style": style, "antialiased": 1}
                 for size in (13, 14, 15) for style in ("regular", "bold", "italic")]


def preload_fonts(manager, fonts=None) -> None:
    """Load `fonts` (default: the HUD's) into the manager once (pygame_gui warns on fonts
    loaded on the fly; the setup screens use it with their own list)."""
    fonts = PRELOAD_FONTS if fonts is None else fonts
    loaded = getattr(manager, "_preloaded_fonts", set())
    key = id(fonts)
    if key in loaded:
        return
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        manager.preload_fonts(fonts)
    manager._preloaded_fonts = loaded | {key}


def make_manager(size, theme_path: str | os.PathLike | None = None) -> pygame_gui.UIManager:
    """A UIManager with the HUD theme (assets/ui_theme.json) and its fonts loaded."""
    manager = pygame_gui.UIManager(tuple(size), str(theme_path or THEME_PATH))
    preload_fonts(manager)
    return manager


def interrupt_prompt(b) -> tuple[str, str, bool]:
    """The question of an Interrupt Turn, with the odds of the opposed initiative check."""
    from game.rules.initiative import interrupt_chance
    p = b.pending
    view = b.view()
    me, mover = view.unit(p.reactor), view.unit(p.mover)
    chance = interrupt_chance(me, mover)
    team = b.teams_of.get(p.reactor, "")
    body = (f"<b>{_esc(team.capitalize())} player</b>: {_esc(p.mover)} is at {p.at[0]},{p.at[1]} "
            f"in sight of <b>{_esc(p.reactor)}</b>.<br>Interrupt its turn: {_esc(p.reactor)} "
            f"wins the initiative roll <b>{chance * 100:.0f}%</b> and then takes its whole turn "
            f"now.<br><font color={MUTED}>The Reaction is spent either way: no attack of "
            "opportunity until its next turn (rules: Turns, actions and initiative)</font>")
    return f"Interrupt Turn: {p.reactor}", body, True


def _esc(text: str) -> str:
    return html.escape(for_players(str(text)), quote=False)


def _html_lines(text: str) -> str:
    return "<br>".join(_esc(line) for line in str(text).split("\n"))


def _hex(colour) -> str:
    return "#%02X%02X%02X" % tuple(colour[:3])


# ---- small drawings ------------------------------------------------------------------------

_FONTS: dict[int, pygame.font.Font] = {}


def _font(size: int) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    if size not in _FONTS:
        path = Path(pygame_gui.__file__).parent / "data" / "NotoSans-Bold.ttf"
        try:
            _FONTS[size] = pygame.font.Font(str(path), size)
        except (OSError, FileNotFoundError):
            _FONTS[size] = pygame.font.Font(None, size)
    return _FONTS[size]


def _shape_points(shape: str, r: pygame.Rect) -> list[tuple[float, float]] | None:
    cx, cy, h = r.centerx, r.centery, r.width / 2
    if shape == "diamond":
        return [(cx, cy - h), (cx + h, cy), (cx, cy + h), (cx - h, cy)]
    if shape == "triangle":
        return [(cx, cy - h), (cx + h, cy + h * 0.8), (cx - h, cy + h * 0.8)]
    if shape == "hexagon":
        import math
        return [(cx + h * math.cos(math.radians(30 + 60 * k)),
                 cy + h * math.sin(math.radians(30 + 60 * k))) for k in range(6)]
    return None


def team_swatch(colour, shape: str, letter: str, size: int, dim: bool = False) -> pygame.Surface:
    """A team badge: its colour in its shape (circle, square, diamond, ...) with its letter."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.rect(surf, (16, 23, 31, 255), surf.get_rect(), border_radius=max(3, size // 6))
    colour = tuple(int(c * (0.45 if dim else 1.0)) for c in colour[:3])
    inner = surf.get_rect().inflate(-max(4, size // 6), -max(4, size // 6))
    points = _shape_points(shape, inner)
    if shape == "square":
        pygame.draw.rect(surf, colour, inner.inflate(-2, -2), border_radius=2)
    elif shape == "cross":
        w = inner.width // 3
        pygame.draw.rect(surf, colour, (inner.centerx - w // 2, inner.top, w, inner.height))
        pygame.draw.rect(surf, colour, (inner.left, inner.centery - w // 2, inner.width, w))
    elif points:
        pygame.draw.polygon(surf, colour, points)
    else:
        pygame.draw.circle(surf, colour, inner.center, inner.width // 2)
    if letter:
        glyph = _font(max(9, int(size * 0.46))).render(letter, True, (10, 14, 20))
        surf.blit(glyph, glyph.get_rect(center=(inner.centerx, inner.centery + 1)))
    return surf


def hp_bar(width: int, height: int, hp: int, max_hp: int) -> pygame.Surface:
    """HP as a bar: blue when healthy, orange at half, vermillion when injured (<= 25%)."""
    surf = pygame.Surface((max(1, width), max(1, height)), pygame.SRCALPHA)
    pygame.draw.rect(surf, (39, 49, 60, 255), surf.get_rect(), border_radius=height // 2)
    frac = 0.0 if max_hp <= 0 else max(0.0, min(1.0, hp / max_hp))
    colour = (86, 180, 233) if frac > 0.5 else (230, 159, 0) if frac > 0.25 else (213, 94, 0)
    if frac > 0:
        pygame.draw.rect(surf, colour, (0, 0, max(height, int(width * frac)), height),
                         border_radius=height // 2)
    for k in range(1, 4):          # quarter ticks: the injured threshold is the first
        x = int(width * k / 4)
        pygame.draw.line(surf, (13, 19, 26, 255), (x, 1), (x, height - 2))
    return surf


# ---- layout ------------------------------------------------------------------------------------

def fitting(widget, *texts: str) -> str:
    """The first of `texts` that fits the widget's width, else the last cut at a word
    with an ellipsis (a label never shows half a word)."""
    font = getattr(widget, "font", None)
    room = widget.rect.width - 10
    if font is None:
        return texts[0]
    for text in texts:
        if font.size(text)[0] <= room:
            return text
    words = texts[-1].split(" ")
    while len(words) > 1 and font.size(" ".join(words) + "…")[0] > room:
        words.pop()
    return " ".join(words).rstrip(" ·,:;—-") + "…"


def why_not(state) -> str:
    """The engine's own reason a disabled action is refused, when the button's few words
    leave it out (what limits a level-2 creature to one attack), as a tooltip line."""
    detail = (state.detail or "").strip()
    if not detail or detail.rstrip(".").lower() == state.reason.rstrip(".").lower():
        return ""
    return f"{_esc(detail[:1].upper() + detail[1:])}<br>"


def wrapped(font, text: str, width: int) -> list[str]:
    """`text` in lines of at most `width` pixels in `font`, broken between words."""
    lines, line = [], ""
    for word in text.split(" "):
        candidate = f"{line} {word}" if line else word
        if line and font.size(candidate)[0] > width:
            lines.append(line)
            line = word
        else:
            line = candidate
    return lines + [line] if line else lines


def set_fitting(widget, *texts: str) -> None:
    text = fitting(widget, *(for_players(t) for t in texts))
    if widget.text != text:
        widget.set_text(text)


def _clamp(v, lo, hi):
    return max(lo, min(hi, v))


MIN_ACTION_SLOT = 100    # narrower, the labels lose their hotkeys or get cut
MIN_KEYED_SLOT = 95      # the narrowest button that shows every action's key and short word


def action_rows(bar_w: int, buttons: int = len(P.ACTIONS)) -> int:
    """Two rows of action buttons where they are wide enough to read, else three, else four
    (a small window): never so narrow that a button loses its key."""
    for rows, least in ((2, MIN_ACTION_SLOT), (3, MIN_KEYED_SLOT)):
        per_row = -(-buttons // rows)          # End Turn also takes what the last row leaves
        if (bar_w - 16 - (per_row - 1) * 6) // per_row >= least:
            return rows
    return 4


def compute_layout(size, units: int = 6,
                   buttons: int = len(P.ACTIONS)) -> dict[str, pygame.Rect]:
    """The panels' rectangles for a window of `size` (any size; tuned for 1280x800 and up).

    The right column holds the unit card over the combat log; the initiative tracker sits on
    the left under the top bar; the message line and the action bar run along the bottom,
    left of the right column. `board` is what they leave free in the middle; `prompt` lies
    inside it."""
    w, h = int(size[0]), int(size[1])
    m = 12 if w >= 1600 else 8
    right_w = _clamp(int(w * 0.25), 280, 440)
    left_w = _clamp(int(w * 0.18), 220, 300)
    top_h = 46 if w >= 1600 else 42
    btn_h = 40 if h >= 1000 else 36
    msg_h = 34
    main_w = w - right_w - 3 * m
    rows = action_rows(main_w, buttons)
    bar_h = rows * btn_h + (rows + 1) * 6 + 4
    top = pygame.Rect(m, m, main_w, top_h)
    actions = pygame.Rect(m, h - m - bar_h, main_w, bar_h)
    message = pygame.Rect(m, actions.top - m - msg_h, main_w, msg_h)
    entry_h = 34 if h >= 1000 else 30
    needed = 58 + max(1, units) * (entry_h + 4) + 8
    init_top = top.bottom + m
    init = pygame.Rect(m, init_top, left_w, max(80, min(needed, message.top - m - init_top)))
    card_h = _clamp(max(int(h * 0.42), min(350, h // 2)), 290, 450)   # a card without scrolling
    card = pygame.Rect(w - right_w - m, m, right_w, card_h)
    log = pygame.Rect(card.left, card.bottom + m, right_w, h - m - card.bottom - m)
    board = pygame.Rect(init.right + m, top.bottom + m, top.right - init.right - m,
                        message.top - m - top.bottom - m)
    pw = min(480, board.width - 2 * m)
    prompt = pygame.Rect(board.centerx - pw // 2, board.top + m, pw, 168)
    return {"top": top, "initiative": init, "card": card, "log": log, "message": message,
            "actions": actions, "board": board, "prompt": prompt, "margin": pygame.Rect(
                0, 0, m, entry_h)}


def light_card_html(c) -> str:
    """The card of a light creature (game.ui.light_presenters.LightCard): its numbers, what
    its turn has left, its conditions, weapons in hand and powers; K.O.: when it returns."""
    lives = f"{c.lives} li{'ves' if c.lives != 1 else 'fe'}"
    lines = [f"<b>HP</b> {c.hp}/{c.max_hp} · <b>MP</b> {c.mp}/{c.max_mp} · <b>{lives}</b>"]
    if c.ko_note:
        lines.append(f"<font color=#FF8C5A><b>{_esc(c.ko_note)}</b></font>")
    lines.append(" · ".join(f"<b>{label}</b> {v}" for label, v, _ in c.defenses))
    lines.append("<b>Defense</b> " + " · ".join(str(d) for _, _, d in c.defenses) +
                 f" <font color={MUTED}>(2 x each: melee · ranged · psychic)</font>")
    lines.append(f"<b>Armor</b> {c.armor} · <b>POW</b> {c.pow} · <b>SNS</b> {c.sns} · "
                 f"<b>Prof</b> +{c.proficiency}")
    shift, walk, run = c.moves
    lines.append(f"<b>Shift</b> {shift} · <b>Walk</b> {walk} · <b>Run</b> {run} "
                 f"<font color={MUTED}>hexes</font>")
    if c.turn:
        lines.append(f"<b>Turn</b> {_esc(c.turn.replace(' action', ''))}")
    elif not c.dead:
        lines.append(f"<font color={MUTED}>"
                     f"{'Acted this round' if c.acted else 'Waiting for its turn'}</font>")
    for cl in c.conditions:
        lines.append(f"<font color=#CC79A7><b>{_esc(cl.name)}</b></font> "
                     f"<font color={DETAIL_COLOUR} pixel_size=13>{_esc(cl.effect)}</font>")
    for w in c.weapons:
        mark = "<font color=#F0E442><b>»</b></font> " if w.chosen else ""
        lines.append(f"{mark}{_esc(w.stats)} <font color={MUTED}>· {_esc(w.reach)}</font>")
    lines += [f"<font color=#56B4E9>{_esc(line)}</font>" for line in c.powers]
    extra = [f"Put away: {', '.join(c.put_away)}"] if c.put_away else []
    extra += [f"On the ground: {', '.join(c.on_ground)}"] if c.on_ground else []
    extra += [f"{c.draughts} healing draught{'s' if c.draughts != 1 else ''}"] \
        if c.draughts else []
    extra.append(f"Opportunity Attacks: {c.policy}")
    lines.append(f"<font color={MUTED}>{_esc(' · '.join(extra))}</font>")
    return "<br>".join(lines)


# ---- the HUD -----------------------------------------------------------------------------------

class Hud:
    """pygame_gui widgets showing the battle and the UI model; clicks go to the controller."""

    def __init__(self, manager: pygame_gui.UIManager, controller, size=None):
        self.manager = manager
        self.controller = controller
        self.expanded: set[int] = set()        # log entries shown with their breakdown
        self.log: list[P.LogEntry] = []
        self.states: list[P.ActionState] = []
        self.entries: list[P.Entry] = []
        self.action_buttons: dict[str, UIButton] = {}
        self.init_buttons: dict[str, UIButton] = {}
        self.panels: dict[str, UIPanel] = {}
        self.rects: dict[str, pygame.Rect] = {}
        self.size = tuple(size or manager.window_resolution)
        self._hover_key, self._still = None, 0.0     # the hex under the pointer, how long
        self._battle_id = None
        self._events_seen = -1
        self._log_sig = None
        self._log_highlight: set | None = None
        self._log_hover_index: int | None = None
        self._log_read_at: float | None = None   # when the player last scrolled or clicked it
        self.clock = time.monotonic
        self._sig: dict[str, object] = {}
        self._widgets: list = []
        self._init_widgets: list = []
        self.tip: UITextBox | None = None
        self.message_box: UITextBox | None = None   # a message too long for its line
        self.keep_clear: list[pygame.Rect] = []     # the board's texts a pointer tip avoids
        self.pointer_tips = True    # tips beside the pointer (a replay watched: none)
        self._tip_sig = None
        self.log_box: UITextBox | None = None
        self.more_menu = MoreMenu(self)
        preload_fonts(manager)
        self.layout(self.size)

    # ---- what it reads --------------------------------------------------------------------
    @property
    def battle(self):
        return self.controller.battle

    @property
    def model(self):
        return self.controller.model

    def _human(self) -> bool | None:
        """Does a person of this window decide now (None: unknown, or a replay watched)?"""
        fn = getattr(self.controller, "is_human_turn", None)
        if fn is None or getattr(self.controller, "watching", False):
            return None
        return bool(fn())

    def _m(self, attr, default=None):
        return getattr(self.model, attr, default)

    # ---- building ---------------------------------------------------------------------------
    def kill(self) -> None:
        if getattr(self, "more_menu", None) is not None:
            self.more_menu.kill()
        for w in self._init_widgets + getattr(self, "_prompt_widgets", []) + self._widgets:
            w.kill()
        self._prompt_widgets = []
        self.panels.pop("prompt", None)
        self._init_widgets, self._widgets = [], []
        if self.tip is not None:
            self.tip.kill()
            self.tip = None
        if self.message_box is not None:
            self.message_box.kill()
            self.message_box = None
        self.action_buttons, self.init_buttons, self.panels = {}, {}, {}
        self.log_box = None

    def _add(self, widget):
        self._widgets.append(widget)
        return widget

    def _panel(self, key: str, rect: pygame.Rect, object_id: str = "@hud_panel",
               height: int = 1) -> UIPanel:
        oid = ObjectID(class_id="@hud_panel", object_id=f"#{key}_panel") \
            if object_id == "@hud_panel" else ObjectID(class_id="@hud_panel", object_id=object_id)
        panel = self._add(UIPanel(rect, starting_height=height, manager=self.manager,
                                  object_id=oid))
        self.panels[key] = panel
        return panel

    def _label(self, rect, text, container, cls=None, oid=None) -> UILabel:
        object_id = ObjectID(class_id=cls, object_id=oid) if (cls or oid) else None
        return self._add(UILabel(rect, text, manager=self.manager, container=container,
                                 object_id=object_id))

    def layout(self, size) -> None:
        """(Re)build every widget for a window of `size`."""
        size = (int(size[0]), int(size[1]))
        if tuple(self.manager.window_resolution) != size:
            self.manager.set_window_resolution(size)
        self.kill()
        self.size = size
        units = len(P.initiative_entries(self.battle)) if self.battle is not None else 6
        buttons = len(P.bar_table(self.battle).actions) if self.battle is not None else \
            len(P.ACTIONS)
        r = self.rects = compute_layout(size, units, buttons)
        self._entry_h = r["margin"].height
        big = size[0] >= 1600
        self._layout_top(r)
        self._layout_initiative(r)
        self._layout_card(r)
        self._layout_log(r)
        self._layout_message(r)
        self._layout_actions(r)

        # the prompt (attack of opportunity, end of battle): built when one is due
        self._prompt_widgets: list = []
        self._prompt_visible = False
        self._prompt_buttons = False
        self.accept_button = self.decline_button = None
        self.answer_buttons: dict = {}
        self._big = big

        self._sig = {}
        self._log_sig = None
        self._tip_sig = None
        self.entries = []
        self.refresh(force=True)

    def _layout_top(self, r) -> None:
        """The top bar."""
        top = self._panel("top", r["top"])
        ih = r["top"].height - 6
        self.round_label = self._label(pygame.Rect(10, 0, 120, ih), "Round 1", top,
                                       "@big_title", "#round_label")
        self.turn_swatch = self._add(UIImage(pygame.Rect(128, (ih - 24) // 2, 24, 24),
                                             pygame.Surface((24, 24), pygame.SRCALPHA),
                                             manager=self.manager, container=top))
        mode_w = min(300, r["top"].width // 3)
        self.turn_label = self._label(pygame.Rect(160, 0, r["top"].width - 180 - mode_w, ih),
                                      "", top, "@title", "#turn_label")
        self.mode_label = self._label(pygame.Rect(r["top"].width - mode_w - 12, 0, mode_w, ih),
                                      "", top, "@right_hint", "#mode_label")

    def _layout_initiative(self, r) -> None:
        """The initiative tracker."""
        init = self._panel("initiative", r["initiative"])
        self._label(pygame.Rect(8, 4, r["initiative"].width - 16, 24), "Initiative", init,
                    "@title", "#initiative_title")
        self.init_hint = self._label(pygame.Rect(8, 26, r["initiative"].width - 16, 20), "",
                                     init, "@hint", "#initiative_hint")

    def _layout_card(self, r) -> None:
        """The unit card."""
        card = self._panel("card", r["card"])
        cw = r["card"].width
        self.card_swatch = self._add(UIImage(pygame.Rect(8, 8, 44, 44),
                                             pygame.Surface((44, 44), pygame.SRCALPHA),
                                             manager=self.manager, container=card))
        self.card_name = self._label(pygame.Rect(60, 4, cw - 70, 28), "", card, "@big_title",
                                     "#card_name")
        self.card_sub = self._label(pygame.Rect(60, 30, cw - 70, 22), "", card, "@hint",
                                    "#card_sub")
        self.card_hp = self._add(UIImage(pygame.Rect(10, 60, cw - 22, 12),
                                         pygame.Surface((cw - 22, 12), pygame.SRCALPHA),
                                         manager=self.manager, container=card))
        self.card_box = self._add(UITextBox("", pygame.Rect(2, 76, cw - 8,
                                                            r["card"].height - 82),
                                            manager=self.manager, container=card,
                                            object_id=ObjectID(object_id="#card_text")))

    def _layout_log(self, r) -> None:
        """The combat log."""
        log = self._panel("log", r["log"])
        lw = r["log"].width
        self._label(pygame.Rect(8, 4, 110, 24), "Combat log", log, "@title", "#log_title")
        set_fitting(self._label(pygame.Rect(116, 6, lw - 122, 20), "", log, "@hint",
                                "#log_hint"), "click a line for its rolls", "click: rolls")
        self.log_box = self._add(UITextBox("", pygame.Rect(2, 30, lw - 8, r["log"].height - 36),
                                           manager=self.manager, container=log,
                                           object_id=ObjectID(object_id="#log_text")))

    def _layout_message(self, r) -> None:
        """The message line with Confirm / Cancel."""
        msg = self._panel("message", r["message"])
        mw, mh = r["message"].width, r["message"].height - 6
        self.message_label = self._label(pygame.Rect(10, 0, mw - 290, mh), "", msg, "@message",
                                         "#message_label")
        self.hint_label = self._label(pygame.Rect(10, 0, mw - 20, mh), "", msg, "@hint",
                                      "#hint_label")
        self.confirm_button = self._add(UIButton(
            pygame.Rect(mw - 276, 2, 150, mh - 4), "Confirm (Enter)", manager=self.manager,
            container=msg, tool_tip_text="Carry out the previewed command",
            object_id=ObjectID(class_id="@prompt_button", object_id="#confirm_button")))
        self.cancel_button = self._add(UIButton(
            pygame.Rect(mw - 122, 2, 114, mh - 4), "Cancel (Esc)", manager=self.manager,
            container=msg, tool_tip_text="Forget the previewed command",
            object_id=ObjectID(class_id="@action", object_id="#cancel_button")))
        self.confirm_button.hide()
        self.cancel_button.hide()

    def _layout_actions(self, r) -> None:
        """The action bar: two or three rows (`action_rows`); End Turn takes the slot or slots
        left at the end of the last."""
        bar = self._panel("actions", r["actions"])
        bw, bh = r["actions"].width, r["actions"].height
        gap, pad = 6, 6
        table = P.bar_table(self.battle).actions if self.battle is not None else P.ACTIONS
        rows = action_rows(bw, len(table))
        btn_h = (bh - 4 - (rows + 1) * gap) // rows
        per_row = -(-len(table) // rows)          # End Turn takes what the last row leaves
        slot_w = (bw - 2 * pad - 4 - (per_row - 1) * gap) // per_row
        full = slot_w >= 170
        last = table[-1][0]
        for n, (action, label, short, key, _text) in enumerate(table):
            row, col = divmod(n, per_row)
            x = pad + col * (slot_w + gap)
            y = gap + row * (btn_h + gap)
            width = slot_w if action != last else bw - 4 - pad - x
            text = f"{key} · {label if full or action == last else short}"
            button = self._add(UIButton(
                pygame.Rect(x, y, width, btn_h), text, manager=self.manager, container=bar,
                tool_tip_text=f"<b>{_esc(label)}</b> [{key}]",
                object_id=ObjectID(class_id="@action", object_id=f"#action_{action}")))
            set_fitting(button, text, f"{key} · {short}", f"{key}·{short}",
                        f"{key}·{short.split()[0]}")
            self.action_buttons[action] = button

    # ---- refreshing ---------------------------------------------------------------------
    def refresh(self, force: bool = False) -> None:
        """Re-read the battle and the model; widgets change only where something did."""
        b = self.battle
        if b is None:
            return
        if id(b) != self._battle_id:
            self._battle_id = id(b)
            self.expanded.clear()
            self._events_seen = -1
            self._sig = {}
        if force:
            self._sig = {}
        human = self._human()
        self._refresh_actions(b, human)
        self.more_menu.refresh(b, human)
        self._refresh_initiative(b)
        self._refresh_top(b)
        self._refresh_card(b)
        self._refresh_log(b)
        self._refresh_message()
        self._refresh_prompt(b)
        self._refresh_tip(self.manager.get_mouse_position())
        self._update_log_hover(self.manager.get_mouse_position())

    def _changed(self, key: str, value) -> bool:
        if self._sig.get(key, object()) == value:
            return False
        self._sig[key] = value
        return True

    def _refresh_actions(self, b, human) -> None:
        more = self._m("more")
        sig = (b.version, len(b.events), b.awaiting(), b.active, self._m("mode"),
               self._m("weapon"), human, P.acting(b, self.model),    # (a directed minion)
               getattr(more, "action", None))      # (the light bar's chosen action)
        if not self._changed("actions", sig):
            return
        self.states = P.action_states(b, self.model, human)
        for s in self.states:
            button = self.action_buttons.get(s.action)
            if button is None:
                continue
            tip = f"<b>{_esc(s.label)}</b> [{_esc(s.hotkey)}]<br>{_esc(s.description)}"
            if not s.enabled:
                tip = (f"<b>{_esc(s.label)}</b> [{_esc(s.hotkey)}]<br>"
                       f"<font color=#F0E442>{_esc(s.reason)}</font><br>{why_not(s)}"
                       f"<font color={MUTED}>{_esc(s.description)}</font>")
            button.set_tooltip(tip)
            if s.enabled and not button.is_enabled:
                button.enable()
            elif not s.enabled and button.is_enabled:
                button.disable()
            if s.selected and not button.is_selected:
                button.select()
            elif not s.selected and button.is_selected:
                button.unselect()

    def state_of(self, action: str) -> P.ActionState | None:
        return next((s for s in self.states if s.action == action), None)

    def _teams(self, b) -> list[str]:
        teams = list(getattr(b.hexmap, "teams", []) or [])
        for t in b.teams_of.values():
            if t not in teams:
                teams.append(t)
        return teams

    def _swatch(self, b, team: str, size: int, dim: bool = False) -> pygame.Surface:
        teams = self._teams(b)
        return team_swatch(P.team_colour(team, teams), P.team_marker(team, teams),
                           team[:1].upper(), size, dim)

    def _refresh_initiative(self, b) -> None:
        if not self._changed("init_version", (b.version, b.awaiting(), len(b.events),
                                              self._human())) \
                and self.init_buttons:
            return
        entries = P.initiative_entries(b)
        if not self._human():           # the computer picks (or a replay): nothing to click
            entries = [replace(e, can_pick=False) if e.can_pick else e for e in entries]
        if entries == self.entries and self.init_buttons:
            return
        self.entries = entries
        for w in self._init_widgets:
            w.kill()
        self._init_widgets, self.init_buttons = [], {}
        panel = self.panels["initiative"]
        rect = self.rects["initiative"]
        eh = self._entry_h
        avail = rect.height - 58 - 8
        step = eh + 4
        if entries and len(entries) * step > avail:
            step = max(20, avail // len(entries))
            eh = max(18, step - 3)
        picking = any(e.can_pick for e in entries)
        chooser = b.chooser if b.awaiting() == "choice" else None
        if picking:
            self.init_hint.set_text(f"{chooser} picks who acts next: click one")
        elif chooser:
            self.init_hint.set_text(f"{chooser} picks who acts next")
        elif b.awaiting() == "turn":
            self.init_hint.set_text("click a name to see its card")
        else:
            self.init_hint.set_text("")
        for n, e in enumerate(entries):
            y = 50 + n * step
            if y + eh > rect.height - 6:
                break
            dim = e.acted or e.status in ("dead", "left", "down", "ko", "out")
            img = self._swatch(b, e.team, eh - 4, dim=dim and not e.active)
            self._init_widgets.append(UIImage(pygame.Rect(8, y + 2, eh - 4, eh - 4), img,
                                              manager=self.manager, container=panel))
            state = ("active" if e.active else "pick" if e.can_pick else
                     "down" if e.status in ("dead", "down", "left", "ko", "out") else
                     "acted" if e.acted else "entry")
            prefix, init, flag, tip = self._entry_words(b, e, state)
            text = f"{prefix}{init}  {e.name}{flag}"
            if e.chooser:
                tip += "<br>picks who acts next"
            if e.can_pick:
                tip += "<br><font color=#F0E442>click: this creature acts next</font>"
            button = UIButton(pygame.Rect(eh + 8, y, rect.width - eh - 22, eh), text,
                              manager=self.manager, container=panel, tool_tip_text=tip,
                              object_id=ObjectID(class_id=f"@init_{state}",
                                                 object_id=f"#init_{n}"))
            short = f" · {e.lives}" if e.lives is not None else ""
            set_fitting(button, text, f"{prefix}{init}  {e.name}{flag.replace('  · ', ' ')}",
                        f"{prefix}{init} {e.name}{short}", f"{prefix}{init} {e.name}")
            self._init_widgets.append(button)
            self.init_buttons[e.name] = button

    @staticmethod
    def _entry_words(b, e, state: str) -> tuple[str, str, str, str]:
        """(prefix, initiative, flag, tooltip) of an initiative entry; a minion has no
        initiative ("-") and its leader's line shows the group's actions ("[2/3]")."""
        init = "--" if e.initiative is None else f"{e.initiative:>2}"
        if e.leader:
            init = " -"
        status = {"ko": "K.O.", "out": "out"}.get(e.status, e.status)
        flag = {"active": "", "pick": "  · pick", "acted": "  · done",
                "entry": ""}.get(state, f"  · {status}")
        flag = (f"  [{e.pool}]" if e.pool and not e.leader else "") + flag
        if e.lives is not None:             # the light rules: lives left
            flag = f"  · {e.lives} li{'ves' if e.lives != 1 else 'fe'}" + flag
        tip = (f"<b>{_esc(e.name)}</b> ({_esc(e.team)})<br>initiative {init}, "
               f"HP {e.hp}/{e.max_hp}")
        if e.lives is not None:
            tip += f", {e.lives} li{'ves' if e.lives != 1 else 'fe'} left"
        if e.pool:
            tip += "<br>" + _esc(P.group_line(b, e.name))
        return ("» " if e.active else ""), init, flag, tip

    def _turn_text(self, b, active: str, team: str) -> tuple[str, ...]:
        """The top bar's words for the active creature's turn, longest first: what the turn
        has left (Big and Little Actions; the light rules' move and major action)."""
        who = "you" if self._human() else "computer"
        if self._human() is None:
            who = b.controller(active).kind
        if P.light_rules(b):
            left = P.turn_left(b, active)
            return (f"{active}'s turn ({team}, {who}) — {left}", f"{active} — {left}",
                    f"{active}'s turn")
        bud = b.budget(active)
        move = f" · {bud.movement} hex{'es' if bud.movement != 1 else ''} of move" \
            if bud.movement else ""
        pool = P.pool_text(b, active)
        minions = f" · minions {pool}" if "/" in pool and not pool.startswith("-") else ""
        return (f"{active}'s turn ({team}, {who}) — {bud.big} Big · {bud.little} Little"
                f"{move}{minions}", f"{active} ({who}) — {bud.big} Big · {bud.little} Little"
                f"{move}", f"{active}: {bud.big} Big · {bud.little} Little · "
                f"{bud.movement} move")

    def _refresh_top(self, b) -> None:
        state = b.awaiting()
        active = b.active
        team = None
        if state == "over":
            text = ("The battle ends in a draw" if b.winner == "draw"
                    else f"{b.winner.capitalize()} wins the battle")
            team = None if b.winner == "draw" else b.winner
        elif state == "reaction":
            p = b.pending
            team = b.teams_of.get(p.reactor)
            what = {"interrupt": "an Interrupt Turn", "defense": "a parry or dodge"}.get(
                p.kind, f"an {P.aoo_name(b)}")
            text = f"{p.reactor} ({team}) decides on {what}"
        elif state == "choice":
            team = b.teams_of.get(b.chooser)
            text = f"{b.chooser} ({team}) picks who acts next"
        else:
            team = b.teams_of.get(active)
            text = self._turn_text(b, active, team)
        mode = self._m("mode") or "move"
        weapon = self._m("weapon")
        mode_text = f"Mode: {P.mode_words(b, self.model) or mode}" + \
            (f" · {weapon}" if weapon else "")
        if self._changed("round", b.round):
            self.round_label.set_text(f"Round {b.round}")
        texts = text if isinstance(text, tuple) else (text,)
        if self._changed("turn", texts):
            set_fitting(self.turn_label, *texts)
        if self._changed("mode", mode_text):
            set_fitting(self.mode_label, mode_text, mode_text.replace("Mode: ", ""))
        if self._changed("turn_team", team):
            self.turn_swatch.set_image(self._swatch(b, team, 24) if team
                                       else pygame.Surface((24, 24), pygame.SRCALPHA))

    def card_unit(self) -> str | None:
        """Whose card is shown: the hovered creature, else the selected one, else the active
        one (or the one picking who acts next)."""
        b = self.battle
        for name in (self._m("hover_unit"), self._m("selected"), b.active, b.chooser,
                     b.pending.reactor if b.pending else None, b.last_actor):
            if name and name in b.eids:
                return name
        return next(iter(b.order), None) if b.order and b.order[0] in b.eids else None

    def _refresh_card(self, b) -> None:
        name = self.card_unit()
        if not self._changed("card_version", (name, b.version, self._m("weapon"))):
            return
        card = P.unit_card(b, name, self.model) if name else None
        if not self._changed("card", (name, card, self._m("weapon"))):
            return
        width = self.rects["card"].width - 22
        if card is None:
            self.card_swatch.set_image(pygame.Surface((44, 44), pygame.SRCALPHA))
            self.card_name.set_text("No creature")
            self.card_sub.set_text("")
            self.card_box.set_text("")
            self.card_hp.set_image(pygame.Surface((width, 12), pygame.SRCALPHA))
            return
        self.card_swatch.set_image(self._swatch(b, card.team, 44, dim=card.dead))
        light = getattr(card, "light", False)
        flag = {"ko": " · K.O.", "out": " · out"}.get(card.status, "") if light else ""
        flag = flag or (" · acting" if card.active else " · dead" if card.dead else
                        " · down" if card.status == "down" else "")
        self.card_name.set_text(f"{card.name}{flag}")
        level = "" if light else f" · level {card.level}"
        set_fitting(self.card_sub, f"{card.title}{level} · {card.size} · "
                    f"{card.team} ({card.controller})",
                    f"{card.title}{level} · {card.size} · {card.team}",
                    f"{card.title} · {card.team}")
        self.card_hp.set_image(hp_bar(width, 12, card.hp, card.max_hp))
        self.card_box.set_text(light_card_html(card) if light else self._card_html(card))

    def _card_html(self, c: P.UnitCard) -> str:
        injured = " <font color=#FF8C5A>(injured)</font>" if \
            c.max_hp > 0 and 0 < c.hp * 4 <= c.max_hp else ""
        ac = f"{c.ac}" if c.ac_now == c.ac else f"{c.ac} <font color={MUTED}>(" \
            f"{c.ac_now} vs melee now)</font>"
        temp = f" <font color=#56B4E9>+{c.temp_hp} temp</font>" if c.temp_hp else ""
        lines = [f"<b>HP</b> {c.hp}/{c.max_hp}{temp}{injured}   <b>AC</b> {ac}",
                 f"<b>Speed</b> {c.speed_ft} ft · <b>Reach</b> {c.reach} · "
                 f"<b>AOO</b> {_esc(c.policy)}"]
        reaction = f"<b>Reaction</b> {_esc(c.reaction_note)}"
        if c.active:
            move = f" · {c.movement} move" if c.movement else ""
            lines.append(f"<b>Actions</b> {c.big} Big · {c.little} Little{move} · {reaction}")
        elif not c.dead:
            lines.append(f"<font color={MUTED}>"
                         f"{'Acted this round' if c.acted else 'Waiting for its turn'}</font>"
                         f" · {reaction}")
        for w in c.weapons:
            mark = "<font color=#F0E442><b>»</b></font> " if w.chosen else "&nbsp;&nbsp;&nbsp;"
            stats = f"<b>{_esc(w.stats)}</b>" if w.chosen else _esc(w.stats)
            reach = _esc(w.reach).replace(" ft", "\u00a0ft").replace("reach ", "reach\u00a0")
            lines.append(f"{mark}{stats} <font color={MUTED}>· {reach}</font>")
        for label, items in (("Sheathed", c.sheathed), ("On the ground", c.on_ground)):
            if items:
                lines.append(f"<font color={MUTED}>{label}: {_esc(', '.join(items))}</font>")
        lines += [f"<font color=#56B4E9>{_esc(line)}</font>" for line in c.abilities]
        if c.group:
            lines.append(f"<font color=#E69F00><b>{_esc(c.group)}</b></font>")
        if c.conditions:
            for cl in c.conditions:
                lines.append(f"<font color=#CC79A7><b>{_esc(cl.name)}</b></font> "
                             f"<font color={DETAIL_COLOUR} pixel_size=13>{_esc(cl.effect)}"
                             "</font>")
        else:
            lines.append(f"<font color={MUTED}>No conditions</font>")
        return "<br>".join(lines)

    # ---- the log --------------------------------------------------------------------------
    def _refresh_log(self, b) -> None:
        if len(b.events) != self._events_seen:
            self.log = with_summaries(b, self._computer_teams(b))
            self._events_seen = len(b.events)
        sig = (len(self.log), frozenset(self.expanded))
        if sig == self._log_sig:
            return
        self._log_sig = sig
        offset = self._log_offset()     # None: at the bottom, following the newest line
        self.log_box.set_text(self.log_html())
        bar = self.log_box.scroll_bar
        if bar is not None:
            layout = self.log_box.text_box_layout
            height = layout.layout_rect.height if layout is not None else 0
            start = 1.0 if offset is None or not height else min(1.0, offset / height)
            bar.set_scroll_from_start_percentage(start)
            self.log_box.update(0.0)

    def _computer_teams(self, b) -> frozenset:
        """The sides the computer plays: their runs of turns end with a summary line."""
        humans = getattr(self.controller, "human_teams", None)
        if humans is None:
            return frozenset()
        return frozenset(t for t in b.teams_of.values() if t not in humans)

    def _log_offset(self) -> float | None:
        """How far down (pixels) the player scrolled the log; None at its bottom or when the
        player last touched it over LOG_HOLD_S ago (the log then follows new lines; otherwise
        it stays where the player is reading)."""
        bar, layout = self.log_box.scroll_bar, self.log_box.text_box_layout
        read_at = self._log_read_at
        if bar is None or layout is None or read_at is None or \
                self.clock() - read_at > LOG_HOLD_S or \
                bar.start_percentage + bar.visible_percentage >= 0.99:
            return None
        return bar.start_percentage * layout.layout_rect.height

    def _reading_log(self, pos) -> None:
        """A wheel turn or a press on the log (its scroll bar too): the player reads it."""
        if self.log_box is not None and self.log_box.rect.collidepoint(pos):
            self._log_read_at = self.clock()

    def log_html(self) -> str:
        """The combat log as the text box shows it (last LOG_MAX_LINES lines)."""
        shown = [(n, e) for n, e in enumerate(self.log) if e.kind not in LOG_HIDDEN_KINDS]
        parts = []
        for n, e in shown[-LOG_MAX_LINES:]:
            if e.kind == "round":
                parts.append(f"<b><font color=#FFFFFF>— {_esc(e.text)} —</font></b>")
                continue
            colour = KIND_COLOURS.get(e.kind, MUTED)
            marker = ("–" if n in self.expanded else "+") if e.detail else "•"
            text = _esc(e.text)
            if e.kind in ("critical", "victory", "death", "summary"):
                text = f"<b>{text}</b>"
            parts.append(f"<font color={colour}><b>{marker}</b></font> "
                         f"<a href='log:{n}'>{text}</a>")
            if n in self.expanded and e.detail:
                parts.append(f"<font color={DETAIL_COLOUR} pixel_size=13>"
                             f"{_html_lines(e.detail)}</font>")
        return "<br>".join(parts)

    def toggle_log(self, index: int) -> None:
        if index in self.expanded:
            self.expanded.discard(index)
        elif 0 <= index < len(self.log) and self.log[index].detail:
            self.expanded.add(index)
        self._refresh_log(self.battle)

    def _log_href_at(self, pos) -> str | None:
        box = self.log_box
        if box is None or not box.visible or not box.rect.collidepoint(pos):
            return None
        chunks = getattr(box, "link_hover_chunks", None) or []
        try:
            adjust = 0
            if box.scroll_bar is not None and box.text_box_layout is not None:
                adjust = box.scroll_bar.start_percentage * box.text_box_layout.layout_rect.height
            base_x = int(box.rect[0] + box.padding[0] + box.border_width["left"]
                         + box.shadow_width + box.rounded_corner_width_offsets[0])
            base_y = int(box.rect[1] + box.padding[1] + box.border_width["top"]
                         + box.shadow_width + box.rounded_corner_height_offsets[0] - adjust)
            for chunk in chunks:
                rect = pygame.Rect((base_x + chunk.x, base_y + chunk.y), chunk.size)
                if rect.collidepoint(pos):
                    return chunk.href
            return None
        except (AttributeError, TypeError, KeyError, IndexError):
            hovered = [c for c in chunks if getattr(c, "is_hovered", False)]
            return hovered[0].href if hovered else None

    def _update_log_hover(self, pos) -> None:
        href = self._log_href_at(pos) if pos is not None else None
        index = None
        if href and href.startswith("log:"):
            try:
                index = int(href[4:])
            except ValueError:
                index = None
        model = self.model
        if index is not None and 0 <= index < len(self.log):
            units = set(self.log[index].units)
            if index != self._log_hover_index or self._log_highlight != units:
                model.highlighted = set(units)
                self._log_highlight = set(units)
                self._bump()
            self._log_hover_index = index
        elif self._log_highlight is not None:
            if getattr(model, "highlighted", None) == self._log_highlight:
                model.highlighted = set()
                self._bump()
            self._log_highlight = None
            self._log_hover_index = None

    # ---- message, prompt, tooltip --------------------------------------------------------
    def hint(self) -> str:
        """What the player can do now, shown when there is no message."""
        b = self.battle
        state = b.awaiting()
        human = self._human()
        if state == "over":
            return "The battle is over"
        if state == "reaction" and b.pending.kind == "defense":
            if human is False:
                return f"{b.pending.reactor}'s side decides on its defense..."
            return "Defend: P Active Parry, V Active Dodge, Y the better one, N none"
        if state == "reaction":
            what = "interrupt" if b.pending.kind == "interrupt" else P.aoo_name(b)
            if human is False:
                return f"{b.pending.reactor}'s side decides on its {what}..."
            return f"Answer the {what}: Y accept, N decline"
        if state == "choice":
            if human is False:
                return f"{b.chooser}'s side picks who acts next..."
            return "Pick who acts next: click a name marked 'pick' in the initiative list"
        if human is False:
            return f"The computer plays {b.active}..."
        if P.light_rules(b):
            return ("Left click: walk there, or attack an enemy  ·  the bar's keys: an "
                    "action  ·  Esc: cancel  ·  Tab: weapon  ·  C: centre  ·  F2: legend")
        return ("Left click: act  ·  right click / Esc: cancel  ·  Tab: weapon  ·  "
                "T: threats  ·  L: line of sight  ·  C: centre  ·  F2: legend")

    def _refresh_message(self) -> None:
        message = self._m("message", "") or ""
        pending = self._m("pending")
        hint = "" if message else self.hint()
        if self._changed("hint", hint):
            set_fitting(self.hint_label, hint, hint.split("  ·  ")[0]) if hint else \
                self.hint_label.set_text("")
        if self._changed("message", message):
            self._show_message(for_players(message))
        if self._changed("pending", pending is not None):
            if pending is not None:
                self.confirm_button.show()
                self.cancel_button.show()
            else:
                self.confirm_button.hide()
                self.cancel_button.hide()

    def _show_message(self, message: str) -> None:
        """The message line; a warning too long for it is shown whole, wrapped in a box that
        grows up from the line over the map (never cut mid-sentence)."""
        if self.message_box is not None:
            self.message_box.kill()
            self.message_box = None
        label = self.message_label
        font = getattr(label, "font", None)
        if font is None or font.size(message)[0] <= label.rect.width - 10:
            label.set_text(message)
            return
        label.set_text("")
        line = self.rects["message"]
        width = label.rect.width
        lines = wrapped(font, message, width - 24)
        height = len(lines) * (font.size("Hg")[1] + 4) + 20
        box = pygame.Rect(line.left, line.bottom - height, width, height)
        self.message_box = UITextBox(
            f"<font color=#F0E442><b>{html.escape(message, quote=False)}</b></font>", box,
            manager=self.manager, starting_height=30, object_id=ObjectID(object_id="#hud_tip"))

    def _prompt_content(self, b) -> tuple[str, str, bool] | None:
        """(title, html body, with Accept/Decline) or None when no prompt is due."""
        state = b.awaiting()
        if state == "reaction" and b.pending.kind == "interrupt":
            return None if self._human() is False else interrupt_prompt(b)
        if state == "reaction" and b.pending.kind == "defense":
            return self._defense_prompt(b)
        if state == "reaction":
            p = b.pending
            policy = b.controller(p.reactor).aoo_policy
            if policy != "ask" or self._human() is False:
                return None
            if P.light_rules(b):
                return self._opportunity_prompt(b)
            team = b.teams_of.get(p.reactor, "")
            chance = ""
            from game.rules.situation import Extras, attack_preview
            view = b.view()
            pv = attack_preview(view, p.reactor, p.mover, extras=Extras(
                mode="melee", previous_attacks=view.unit(p.reactor).aoo_this_round))
            if pv.possible:
                chance = (f"<br>{_esc(pv.weapon.name)}: hit "
                          f"<b>{pv.hit_chance * 100:.0f}%</b>, critical "
                          f"{pv.crit_chance * 100:.0f}%")
            body = (f"<b>{_esc(team.capitalize())} player</b>: {_esc(p.mover)} is leaving "
                    f"{p.at[0]},{p.at[1]}, threatened by <b>{_esc(p.reactor)}</b>."
                    f"{chance}<br><font color={MUTED}>Take the attack of opportunity? "
                    "(rules: Attacks of opportunity)</font>")
            watching = getattr(self.controller, "watching", False)
            return f"Attack of opportunity: {p.reactor}", body, not watching
        if state == "over":
            if b.winner == "draw":
                return "Draw", "Nobody is left standing on any side.", False
            return (f"{b.winner.capitalize()} wins!",
                    f"Every creature of the other side is down or gone (round {b.round}).",
                    False)
        return None

    def _opportunity_prompt(self, b) -> tuple[str, str, bool]:
        """The light rules' Opportunity Attack prompt of an `ask` creature of this screen."""
        title, lines = opportunity_prompt(b)
        team = b.teams_of.get(b.pending.reactor, "")
        body = (f"<b>{_esc(team.capitalize())} player</b>: {_esc(lines[0])}<br>"
                + "".join(f"{_esc(x)}<br>" for x in lines[1:-1])
                + f"<font color={MUTED}>{_esc(lines[-1])}</font>")
        return title, body, not getattr(self.controller, "watching", False)

    def _defense_prompt(self, b) -> tuple[str, str, bool] | None:
        """The active-defense prompt of an `ask` creature of the people at this screen."""
        from game.engine.defense import defense_policy
        p = b.pending
        if defense_policy(b, p.reactor) != "ask" or self._human() is False:
            return None
        title, lines = P.defense_prompt(b)
        team = b.teams_of.get(p.reactor, "")
        body = (f"<b>{_esc(team.capitalize())} player</b>: {_esc(lines[0])}<br>"
                + "<br>".join(_esc(x) for x in lines[1:-1])
                + f"<br><font color={MUTED}>{_esc(lines[-1])}</font>")
        return title, body, True

    def _build_prompt(self, title: str, body: str, buttons: bool) -> None:
        """The prompt panel, as tall as its text (nothing to scroll), with a button for
        every answer it offers."""
        for w in self._prompt_widgets:
            w.kill()
        self._prompt_widgets = []
        full = self.rects["prompt"]
        pw = full.width
        answers = self._prompt_answers() if buttons else []
        probe = UITextBox(body, pygame.Rect(0, 0, pw - 12, -1), manager=self.manager,
                          object_id=ObjectID(object_id="#prompt_text"))
        room = 34 + (52 if answers else 8)
        ph = min(room + probe.rect.height, self.rects["board"].height - 16)
        probe.kill()            # measured: the prompt is as tall as its text, if it fits
        prompt = UIPanel(pygame.Rect(full.left, full.top, pw, ph), starting_height=5,
                         manager=self.manager,
                         object_id=ObjectID(class_id="@hud_panel", object_id="#prompt_panel"))
        self.panels["prompt"] = prompt
        add = self._prompt_widgets.append
        add(prompt)
        self.prompt_title = UILabel(pygame.Rect(12, 6, pw - 24, 26), title, manager=self.manager,
                                    container=prompt, object_id=ObjectID(
                                        class_id="@big_title", object_id="#prompt_title"))
        add(self.prompt_title)
        self.prompt_box = UITextBox(body, pygame.Rect(4, 34, pw - 12, ph - room),
                                    manager=self.manager, container=prompt,
                                    object_id=ObjectID(object_id="#prompt_text"))
        add(self.prompt_box)
        self.accept_button = self.decline_button = None
        self.answer_buttons = {}
        width = min(160, (pw - 16 - 8 * (len(answers) - 1)) // max(1, len(answers)))
        x = (pw - len(answers) * width - 8 * (len(answers) - 1)) // 2
        for answer, text, tip, cls in answers:
            button = UIButton(pygame.Rect(x, ph - 50, width, 38), text, manager=self.manager,
                              container=prompt, tool_tip_text=tip,
                              object_id=ObjectID(class_id=cls, object_id=f"#{answer}_button"))
            self.answer_buttons[answer] = button
            add(button)
            x += width + 8
        self.accept_button = self.answer_buttons.get("accept")
        self.decline_button = self.answer_buttons.get("decline")

    def _prompt_answers(self) -> list[tuple[str, str, str, str]]:
        """(answer, button text, tooltip, theme class) of each answer the prompt offers: a
        defense prompt one per defense the engine allows, the best one and none; the
        others accept and decline."""
        b = self.battle
        kind = b.pending.kind if b.awaiting() == "reaction" else ""
        if kind == "defense":
            from game.engine.defense import pending_odds
            _, usable, _ = pending_odds(b)
            out = [(k, f"{P.DEFENSE_TITLES[k].split()[-1]} ({key})",
                    f"{P.DEFENSE_TITLES[k]}: spend the Reaction", "@prompt_button")
                   for k, key in (("parry", "P"), ("dodge", "V")) if usable[k].possible]
            return out + [("accept", "Best (Y)", "The defense with the lower hit chance",
                           "@prompt_button"),
                          ("decline", "None (N)", "No defense: the attack is rolled against "
                           "the AC", "@action")]
        accept = "Spend the Reaction and roll to take the turn now" if kind == "interrupt" \
            else f"Make the {P.aoo_name(b)}"
        return [("accept", "Accept (Y)", accept, "@prompt_button"),
                ("decline", "Decline (N)", "Let the creature go", "@action")]

    def place_prompt(self, points) -> None:
        """Move the prompt where it covers none of `points` (the screen positions of the
        creatures it is about), trying the top of the map, its bottom, then its corners."""
        panel = self.panels.get("prompt")
        if panel is None:
            return
        board, (w, h), m = self.rects["board"], panel.rect.size, 8
        spots = [(board.centerx - w // 2, board.top + m), (board.centerx - w // 2,
                 board.bottom - h - m), (board.left + m, board.top + m),
                 (board.right - w - m, board.top + m), (board.left + m, board.bottom - h - m),
                 (board.right - w - m, board.bottom - h - m)]
        near = [pygame.Rect(x - 30, y - 30, 60, 60) for x, y in points]
        best = min(spots, key=lambda xy: (pygame.Rect(xy, (w, h)).collidelist(near) >= 0,
                                          sum(pygame.Rect(xy, (w, h)).colliderect(r)
                                              for r in near)))
        if tuple(best) != tuple(panel.rect.topleft):
            panel.set_position(best)

    def answer(self, key: int) -> bool:
        """A key while a prompt with answers shows: Y/Enter accept, N decline, Esc declines
        and says so (the log keeps the line); False when the key is not the prompt's."""
        if not (self._prompt_visible and self._prompt_buttons and key in PROMPT_KEYS):
            return False
        words = P.declined_words(self.battle) if key == pygame.K_ESCAPE else ""
        self.react(PROMPT_KEYS[key])
        if words:
            self._say(f"Esc: {words} (declined; the log has it)")
            self.refresh()
        return True

    def _refresh_prompt(self, b) -> None:
        if not self._changed("prompt_version", (b.version, b.awaiting(), len(b.events))):
            return
        content = self._prompt_content(b)
        if not self._changed("prompt", content):
            return
        if content is None:
            for w in self._prompt_widgets:
                w.kill()
            self._prompt_widgets = []
            self.panels.pop("prompt", None)
            self.accept_button = self.decline_button = None
            self._prompt_visible = self._prompt_buttons = False
            return
        title, body, buttons = content
        self._build_prompt(title, body, buttons)
        self._prompt_visible = True
        self._prompt_buttons = buttons

    @property
    def prompt_visible(self) -> bool:
        return self._prompt_visible

    def _tip_content(self, pos) -> tuple[str, tuple[int, int], str] | None:
        """(html, anchor, where) of the floating tooltip: the reason of a disabled action under
        the pointer, else the attack preview of the hovered enemy."""
        if pos is None:
            return None
        bar = self.panels.get("actions")
        for s in self.states if bar is not None and bar.visible else ():
            button = self.action_buttons.get(s.action)
            if button is not None and not s.enabled and button.rect.collidepoint(pos):
                cost = f" ({_esc(s.cost)})" if s.cost else ""
                text = (f"<b>{_esc(s.label)}</b> [{_esc(s.hotkey)}]{cost}<br>"
                        f"<font color=#F0E442>{_esc(s.reason)}</font><br>{why_not(s)}"
                        f"<font color={MUTED} pixel_size=13>{_esc(s.description)}</font>")
                return text, (button.rect.left, button.rect.top), "above"
        preview = self._m("attack")
        if self.contains(pos) or not self.pointer_tips:
            return None
        more = self._m("more")
        if more is not None and more.hovered is not None and (
                self._m("mode") == "more" or P.light_rules(self.battle)):
            return self._forecast_tip(more), (pos[0], pos[1]), "pointer"
        if preview is not None:
            return (self.attack_html(preview, self._m("attack_defenses") or {},
                                     self._m("attack_stray") or (),
                                     self._m("attack_provokes") or ()),
                    (pos[0], pos[1]), "pointer")
        refusal, cell = self._m("refusal"), self._m("hover_cell")
        if refusal:
            return (f"<font color=#FF8C5A><b>Cannot attack</b></font><br>{_esc(refusal)}",
                    (pos[0], pos[1]), "pointer")
        if cell is not None and not self._m("hover_unit") and cell == self._hover_key \
                and self._still >= TERRAIN_TIP_S:
            lines = P.terrain_lines(self.battle, cell)
            body = "<br>".join(f"<font color={MUTED} pixel_size=13>{_esc(x)}</font>"
                               for x in lines[1:])
            return f"<b>{_esc(lines[0])}</b><br>{body}", (pos[0], pos[1]), "pointer"
        return None

    def _forecast_tip(self, more) -> str:
        """The hovered target's forecast (the targeting mode's; a light click's too), with
        the chosen variant in words in a light battle."""
        hovered = more.hovered
        label = P.action_label(self.battle, hovered.action or more.action)
        words = ""
        if P.light_rules(self.battle) and hovered.option is not None:
            words = command_words(self.battle, hovered.option.command)
        return forecast_html(label, hovered, words)

    @staticmethod
    def attack_html(preview, defenses: dict | None = None, stray=(), provokes=()) -> str:
        lines = P.attack_tooltip(preview, defenses, stray, provokes).split("\n")
        out = []
        for n, line in enumerate(lines):
            text = _esc(line)
            if n == 0:
                out.append(f"<b>{text}</b>")
            elif line.startswith("Hit "):
                out.append(f"<font color=#F0E442><b>{text}</b></font>")
            elif line.startswith((P.STRAY_HEAD, P.PROVOKES_HEAD)):
                out.append(f"<font color=#FF8C5A><b>{text}</b></font>")
            elif line.startswith("Cannot"):
                out.append(f"<font color=#FF8C5A><b>{text}</b></font>")
            elif line.startswith("  "):
                out.append(f"<font color={DETAIL_COLOUR} pixel_size=13>&nbsp;&nbsp;"
                           f"{text.strip()}</font>")
            else:
                out.append(text)
        return "<br>".join(out)

    def tick(self, dt: float) -> None:
        """Time passes: the terrain tooltip shows once the pointer rests on a hex."""
        key = self._m("hover_cell")
        if key != self._hover_key:
            self._hover_key, self._still = key, 0.0
            return
        before, self._still = self._still, self._still + dt
        if before < TERRAIN_TIP_S <= self._still:
            self._refresh_tip(self.manager.get_mouse_position())

    def pointer_at(self, pos) -> None:
        """The pointer is at `pos` (None: gone from the battle, e.g. under a dialog), after
        the board took the move: the floating tip follows what the model shows now."""
        self._refresh_tip(pos)

    def _refresh_tip(self, pos) -> None:
        content = self._tip_content(pos)
        key = None if content is None else (content[0], content[2])
        if key != self._tip_sig:
            self._tip_sig = key
            if self.tip is not None:
                self.tip.kill()
                self.tip = None
            if content is None:
                return
            width = 330 if content[2] == "pointer" else 300
            self.tip = UITextBox(content[0], pygame.Rect(0, 0, width, -1), manager=self.manager,
                                 starting_height=40, object_id=ObjectID(object_id="#hud_tip"))
        if self.tip is None or content is None:
            return
        x, y = self._tip_position(content[1], content[2], self.tip.rect.size)
        if (x, y) != tuple(self.tip.rect.topleft):
            self.tip.set_position((x, y))

    def tip_area(self) -> pygame.Rect:
        """Where a tooltip beside the pointer may lie: the map's part of the window, left of
        the unit card and the combat log and above the message line (a tip there would hide
        the log's lines or the message)."""
        w, h = self.size
        if not self.rects:
            return pygame.Rect(0, 0, w, h)
        return pygame.Rect(0, 0, max(0, self.rects["card"].left),
                           max(0, self.rects["message"].top))

    def _tip_position(self, anchor, where: str, size) -> tuple[int, int]:
        """The tip's top left: above a button, else below right of the pointer (left of it
        near the log, raised near the message line), kept inside the window and, beside the
        pointer, inside `tip_area` where it fits."""
        w, h = self.size
        tw, th = size
        x, y = anchor
        if where == "above":
            y = y - th - 6
        else:
            area = self.tip_area()
            x, y = x + 20, y + 20
            if x + tw > area.right - 2:
                x = anchor[0] - tw - 20          # left of the pointer, not over the log
            w = area.right
            if y + th > area.bottom - 2:
                y = area.bottom - th - 2 if th <= area.bottom - 6 else anchor[1] - th - 12
            x, y = self._clear_of_board_texts((x, y), anchor, size, area)
        x = _clamp(x, 4, max(4, w - tw - 2))
        y = _clamp(y, 4, max(4, h - th - 4))
        return x, y

    def _clear_of_board_texts(self, spot, anchor, size, area) -> tuple[int, int]:
        """A pointer tip's top left off the board's labels (`keep_clear`: the path's, the
        hit chance's, the creatures' names): beside the pointer on the side where it covers
        none, else where it was."""
        tw, th = size
        ax, ay = anchor
        for x, y in (spot, (ax + 20, ay + 20), (ax - tw - 20, ay + 20),
                     (ax + 20, ay - th - 20), (ax - tw - 20, ay - th - 20)):
            rect = pygame.Rect(x, y, tw, th)
            if area.contains(rect) and rect.collidelist(self.keep_clear) < 0:
                return x, y
        return spot

    # ---- geometry for the app ------------------------------------------------------------
    def occupied(self) -> list[pygame.Rect]:
        """The rectangles of the visible panels."""
        return [p.rect.copy() for p in self.panels.values() if p.visible]

    def board_rect(self) -> pygame.Rect:
        """The free middle of the window, where the board shows best."""
        return self.rects["board"].copy()

    def contains(self, pos) -> bool:
        """Is `pos` over a visible HUD panel (so not for the board)?"""
        return any(r.collidepoint(pos) for r in self.occupied())

    # ---- input --------------------------------------------------------------------------
    def _bump(self) -> None:
        """Tell the board the model changed (UIModel.revision, when it has one)."""
        if isinstance(getattr(self.model, "revision", None), int):
            self.model.revision += 1

    def _say(self, message: str) -> None:
        if hasattr(self.model, "message"):
            self.model.message = message
            self._bump()

    def _outcome(self, result) -> None:
        if result is not None and getattr(result, "ok", True) is False:
            reason = getattr(result, "reason", "")
            if reason:
                self._say(reason)

    def react(self, accept: bool) -> None:
        self._outcome(self.controller.react(accept))
        self.refresh()

    def do_action(self, action: str) -> bool:
        """Press an action button by name (also what hotkeys do): False when disabled."""
        state = self.state_of(action)
        if state is not None and not state.enabled:
            self._say(f"{state.label}: {state.reason}")
            self.refresh()
            return False
        self._outcome(self.controller.do_action(action))
        self.refresh()
        return True

    def hotkey(self, key: int) -> bool:
        """A KEYDOWN key: the prompt's keys (Y/Enter, N/Esc) while it asks, then HOTKEYS."""
        if self.answer(key):
            return True
        hotkeys = action_keys(self.battle)          # the bar of the battle's rules
        if key in hotkeys:
            return self.do_action(hotkeys[key]) or True
        return False

    def _button_pressed(self, element) -> bool:
        """A pygame_gui button of the HUD was pressed: True when it was one of ours."""
        for action, button in self.action_buttons.items():
            if element is button:
                self.do_action(action)
                return True
        if self.more_menu.pressed(element):
            return True
        for name, button in self.init_buttons.items():
            if element is button:
                entry = next((e for e in self.entries if e.name == name), None)
                if entry is not None and entry.can_pick:
                    self._outcome(self.controller.choose_next(name))
                else:
                    select = getattr(self.controller, "select", None)
                    if select is not None:
                        select(name)
                self.refresh()
                return True
        if element is not None and element is self.accept_button:
            self.react(True)
            return True
        if element is not None and element is self.decline_button:
            self.react(False)
            return True
        for kind in ("parry", "dodge"):
            if element is not None and element is self.answer_buttons.get(kind):
                self._outcome(self.controller.defend(kind))
                self.refresh()
                return True
        if element is self.confirm_button:
            self._outcome(self.controller.confirm())
            self.refresh()
            return True
        if element is self.cancel_button:
            self.controller.cancel()
            self.refresh()
            return True
        return False

    def process_event(self, event) -> bool:
        """Handle an event after `manager.process_events(event)`; True when the HUD used it.

        Button presses call the controller; a click on a log line toggles its breakdown; mouse
        events over a panel are the HUD's; Y/Enter and N/Esc answer the AOO prompt."""
        etype = event.type
        if etype == pygame_gui.UI_BUTTON_PRESSED:
            return self._button_pressed(getattr(event, "ui_element", None))
        if etype == pygame_gui.UI_TEXT_BOX_LINK_CLICKED:
            if getattr(event, "ui_element", None) is self.log_box:
                target = str(getattr(event, "link_target", ""))
                if target.startswith("log:"):
                    try:
                        self.toggle_log(int(target[4:]))
                    except ValueError:
                        return False
                    return True
            return False
        if etype == pygame.KEYDOWN:
            return self.answer(event.key)
        if etype == pygame.MOUSEMOTION:
            if any(getattr(event, "buttons", ())):      # dragging the log's scroll bar
                self._reading_log(event.pos)
            self._update_log_hover(event.pos)
            self._refresh_tip(event.pos)
            return self.contains(event.pos)
        if etype in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self._reading_log(event.pos)
            return self.contains(event.pos)
        if etype == pygame.MOUSEWHEEL:
            self._reading_log(self.manager.get_mouse_position())
            return self.contains(self.manager.get_mouse_position())
        if etype == pygame.VIDEORESIZE:
            self.layout((event.w, event.h))
            return False
        return False


__all__ = ["HOTKEYS", "Hud", "KIND_COLOURS", "PROMPT_KEYS", "THEME_PATH", "compute_layout",
           "fitting", "hp_bar", "make_manager", "set_fitting", "team_swatch"]
