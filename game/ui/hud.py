"""The heads-up display: pygame_gui widgets around the board (docs/architecture.md "The
window"), one panel class each in `game.ui.panels`; `Hud` lays them out and forwards to them.

What it shows comes from `game.ui.presenters` (pure, tested headless); the panels only lay
widgets out, keep them in step with the battle and the UI model, and turn clicks into calls
of the `GameController` (`do_action`, `choose_next`, `react`, `select`, `confirm`, `cancel`).

    manager = make_manager((1280, 800))          # a UIManager with assets/ui_theme.json
    hud = Hud(manager, controller)
    # every frame:
    for event in pygame.event.get():
        manager.process_events(event)
        if hud.process_event(event):             # True: the HUD used it (not for the board)
            continue
        ...                                      # the board, the bar's keys -> hud.hotkey
    hud.refresh()                                # cheap when nothing changed
    manager.update(dt); manager.draw_ui(screen)
    # on a window resize: hud.layout(new_size)

Panels: the top bar (`TopBar`), the initiative tracker (`InitiativePanel`), the map's
objectives (`ObjectivesPanel`), the unit card (`UnitCardPanel`), the combat log (`CombatLog`),
the message line with Confirm / Cancel
(`StatusLine`), the action bar (`ActionBar`), the prompt of a reaction or of the battle's end
(`ReactionPrompt`), the More actions menu (`MoreMenu`) and the floating tooltip (`Tooltip`).
"""
from __future__ import annotations

import pygame
import pygame_gui

from game.ui import presenters as P
from game.ui.keys import ACTION_KEYS as HOTKEYS   # the default rules' keys
from game.ui.keys import PROMPT_KEYS
from game.ui.more_menu import MoreMenu
from game.ui.panels.action_bar import ActionBar, bar_rows
from game.ui.panels.combat_log import KIND_COLOURS, LOG_HOLD_S, CombatLog
from game.ui.panels.drawing import hp_bar, team_swatch
from game.ui.panels.initiative import InitiativePanel
from game.ui.panels.objectives import ObjectivesPanel
from game.ui.panels.layout import compute_layout
from game.ui.panels.reaction_prompt import ReactionPrompt, interrupt_prompt
from game.ui.panels.status_line import StatusLine
from game.ui.panels.text import fitting, set_fitting
from game.ui.panels.theme import THEME_PATH, make_manager, preload_fonts
from game.ui.panels.tooltip import Tooltip
from game.ui.panels.top_bar import TopBar
from game.ui.panels.unit_card import UnitCardPanel, light_card_html


def objective_lines(b) -> int:
    """Lines of the objectives panel: one per side with objectives, one or two per objective
    (its words and its progress wrap past about 28 letters)."""
    goals = b.hexmap.scenario.objectives if b is not None else ()
    wrapped = sum(1 for o in goals if len(o.describe()) > 18)
    return len(goals) + wrapped + len({o.team for o in goals}) if goals else 0


def _forward(part: str, attr: str) -> property:
    """`hud.<name>` reads (and sets) `attr` of its panel `part`."""
    return property(lambda hud: getattr(getattr(hud, part), attr),
                    lambda hud, value: setattr(getattr(hud, part), attr, value))


class Hud:
    """The panels around the board, showing the battle and the UI model; clicks go to the
    controller."""

    def __init__(self, manager: pygame_gui.UIManager, controller, size=None):
        self.manager = manager
        self.controller = controller
        self.panels: dict[str, pygame_gui.elements.UIPanel] = {}    # each panel's background
        self.rects: dict[str, pygame.Rect] = {}
        self.size = tuple(size or manager.window_resolution)
        self._battle_id = None
        self.action_bar, self.top_bar = ActionBar(self), TopBar(self)
        self.initiative, self.unit_card = InitiativePanel(self), UnitCardPanel(self)
        self.combat_log, self.status = CombatLog(self), StatusLine(self)
        self.prompt, self.tooltip = ReactionPrompt(self), Tooltip(self)
        self.more_menu, self.objectives = MoreMenu(self), ObjectivesPanel(self)
        #: in the order they refresh: the tooltip reads the bar's states and the prompt
        self.parts = (self.action_bar, self.more_menu, self.initiative, self.objectives,
                      self.top_bar, self.unit_card, self.combat_log, self.status, self.prompt,
                      self.tooltip)
        preload_fonts(manager)
        self.layout(self.size)

    # ---- what the panels read and say ---------------------------------------------------
    @property
    def battle(self):
        return self.controller.battle

    @property
    def model(self):
        return self.controller.model

    def human(self) -> bool | None:
        """Does a person of this window decide now (None: unknown, or a replay watched)?"""
        fn = getattr(self.controller, "is_human_turn", None)
        if fn is None or getattr(self.controller, "watching", False):
            return None
        return bool(fn())

    def bump(self) -> None:
        """Tell the board the model changed (UIModel.revision, when it has one)."""
        if isinstance(getattr(self.model, "revision", None), int):
            self.model.revision += 1

    def say(self, message: str) -> None:
        if hasattr(self.model, "message"):
            self.model.message = message
            self.bump()

    def outcome(self, result) -> None:
        """A refused command's reason goes to the message line."""
        if result is not None and getattr(result, "ok", True) is False:
            reason = getattr(result, "reason", "")
            if reason:
                self.say(reason)

    # ---- building and refreshing --------------------------------------------------------
    def kill(self) -> None:
        for part in self.parts:
            part.kill()
        self.panels = {}

    def layout(self, size) -> None:
        """(Re)build every panel for a window of `size`."""
        size = (int(size[0]), int(size[1]))
        if tuple(self.manager.window_resolution) != size:
            self.manager.set_window_resolution(size)
        self.kill()
        self.size = size
        units = len(P.initiative_entries(self.battle)) if self.battle is not None else 6
        self.rects = compute_layout(size, units, len(bar_rows(self.battle)),
                                    objective_lines(self.battle))
        for part in self.parts:
            part.forget()
            part.build()
        self.refresh(force=True)

    def refresh(self, force: bool = False) -> None:
        """Re-read the battle and the model; widgets change only where something did."""
        b = self.battle
        if b is None:
            return
        if id(b) != self._battle_id:
            self._battle_id = id(b)
            self.combat_log.new_battle()
            force = True
        for part in self.parts:
            if force:
                part.forget()
            part.refresh(b)
        self.combat_log.hover(self.manager.get_mouse_position())

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
    def hotkey(self, key: int) -> bool:
        """A KEYDOWN key: the prompt's keys (Y/Enter, N/Esc) while it asks, then the bar's."""
        return self.prompt.answer(key) or self.action_bar.hotkey(key)

    def process_event(self, event) -> bool:
        """Handle an event after `manager.process_events(event)`; True when the HUD used it.

        Button presses go to their panel; a click on a log line toggles its breakdown; mouse
        events over a panel are the HUD's; Y/Enter and N/Esc answer the prompt."""
        etype = event.type
        if etype == pygame_gui.UI_BUTTON_PRESSED:
            element = getattr(event, "ui_element", None)
            return any(part.handle(element) for part in self.parts)
        if etype == pygame_gui.UI_TEXT_BOX_LINK_CLICKED:
            return self.combat_log.link_clicked(event)
        if etype == pygame.KEYDOWN:
            return self.prompt.answer(event.key)
        if etype == pygame.VIDEORESIZE:
            self.layout((event.w, event.h))
            return False
        if etype not in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                         pygame.MOUSEWHEEL):
            return False
        pos = getattr(event, "pos", None) or self.manager.get_mouse_position()
        if etype != pygame.MOUSEMOTION or any(getattr(event, "buttons", ())):
            self.combat_log.reading(pos)      # a wheel, a press, a drag of its scroll bar
        if etype == pygame.MOUSEMOTION:
            self.combat_log.hover(pos)
            self.tooltip.follow(pos)
        return self.contains(pos)

    # ---- what other modules and tests call, forwarded to the panels -----------------------
    def do_action(self, action: str) -> bool:
        """Press the bar's button of the engine's action id `action`: False when disabled."""
        return self.action_bar.press(action)

    def state_of(self, action: str) -> P.ActionState | None:
        return self.action_bar.state_of(action)

    def answer(self, key: int) -> bool:
        return self.prompt.answer(key)

    def react(self, accept: bool) -> None:
        self.prompt.react(accept)

    def place_prompt(self, points, keep_clear=None) -> None:
        self.prompt.place(points, keep_clear)

    def card_unit(self) -> str | None:
        return self.unit_card.unit()

    def hint(self) -> str:
        return self.status.hint()

    def toggle_log(self, index: int) -> None:
        self.combat_log.toggle(index)

    def log_html(self) -> str:
        return self.combat_log.html()

    def tick(self, dt: float) -> None:
        self.tooltip.tick(dt)

    def pointer_at(self, pos) -> None:
        """The pointer is at `pos` (None: gone from the battle, e.g. under a dialog), after
        the board took the move: the floating tip follows what the model shows now."""
        self.tooltip.follow(pos)

    def tip_area(self) -> pygame.Rect:
        return self.tooltip.area()

    states = _forward("action_bar", "states")
    action_buttons = _forward("action_bar", "buttons")
    entries = _forward("initiative", "entries")
    init_buttons = _forward("initiative", "buttons")
    init_hint = _forward("initiative", "hint")
    round_label = _forward("top_bar", "round_label")
    turn_label = _forward("top_bar", "turn_label")
    card_name = _forward("unit_card", "name")
    card_box = _forward("unit_card", "box")
    log = _forward("combat_log", "entries")
    log_box = _forward("combat_log", "box")
    expanded = _forward("combat_log", "expanded")
    clock = _forward("combat_log", "clock")
    message_label = _forward("status", "message_label")
    message_box = _forward("status", "message_box")
    confirm_button = _forward("status", "confirm_button")
    cancel_button = _forward("status", "cancel_button")
    prompt_visible = _forward("prompt", "visible")
    prompt_title = _forward("prompt", "title")
    prompt_box = _forward("prompt", "box")
    accept_button = _forward("prompt", "accept_button")
    decline_button = _forward("prompt", "decline_button")
    answer_buttons = _forward("prompt", "answer_buttons")
    tip = _forward("tooltip", "tip")
    keep_clear = _forward("tooltip", "keep_clear")
    pointer_tips = _forward("tooltip", "pointer_tips")


__all__ = ["HOTKEYS", "Hud", "KIND_COLOURS", "LOG_HOLD_S", "PROMPT_KEYS", "THEME_PATH",
           "compute_layout", "fitting", "hp_bar", "interrupt_prompt", "light_card_html",
           "make_manager", "preload_fonts", "set_fitting", "team_swatch"]
