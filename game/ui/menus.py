"""The in-game menu (Esc), the Load screen and the help panel (F1).

Like the other screens (`game.ui.screens`), each builds its pygame_gui widgets and answers
events with an action tuple the App carries out:
- MenuScreen: ("resume",), ("save", name), ("load_screen",), ("help",), ("faster",),
  ("slower",), ("toggle_end_warning",), ("policy",) (the next attack-of-opportunity
  policy), ("window",) (the next window size, then full screen), ("setup",),
  ("save_quit", name), ("quit",);
- LoadScreen: ("load", path), ("back",);
- HelpScreen: ("back",).
The battle is paused while any of them shows.
"""
from __future__ import annotations

import html

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UISelectionList, UITextEntryLine

from game import rules_reference
from game.ui.keys import HELP, REPLAY_HELP
from game.ui.screens import Screen, draw_backdrop
from game.ui.words import for_players

MUTED = "#97A6B6"
#: the game's terms in plain words (the help panel and the HUD's tooltips)
GLOSSARY: tuple[tuple[str, str], ...] = (
    ("Big Action", "Two a turn: a Move, an Attack, Aim, Fight Defensively, Stand Up. A "
                   "Charge or a Retreat takes both."),
    ("Little Action", "One a turn: a 5-Foot Step, Drop Prone, drawing a weapon."),
    ("Attack of opportunity (AOO)", "A free attack on a creature that leaves a hex you "
                                    "threaten, stands up, aims or shoots next to you."),
    ("Threatened hex", "A hex within a creature's melee reach."),
    ("HR", "Hit roll: d20 + attack bonus against the target's AC."),
    ("AC", "Armour Class: what a hit roll must reach."),
    ("Fortunate / Unfortunate", "Roll twice and keep the better / the worse."),
    ("Weakened", "A lasting penalty in stages; each stage is worse."),
    ("Flanked", "Enemies on opposite sides: attacks on it get +2."),
    ("Cover", "Walls and creatures between attacker and target add to AC."),
    ("Concealment", "Fog, darkness or foliage: an attack that hits may still miss."),
    ("Prone", "Lying down: -4 in melee, +4 AC against missiles; standing up provokes."),
)


#: what each attack-of-opportunity setting means, for the menu button's tooltip
POLICY_TIPS = {
    "ask": "When an enemy provokes one of your creatures, attacks it or gives it the chance "
           "of an Interrupt Turn, the game asks you",
    "always": "Your creatures always take their chance: strike when provoked, parry or dodge "
              "when it helps, try every Interrupt Turn",
    "never": "Your creatures never react: enemies pass freely and strike undefended",
}


def _esc(text) -> str:
    return html.escape(for_players(str(text)), quote=False)


class _Overlay(Screen):
    """A screen shown over the paused battle: `backdrop` is the battle's last frame."""

    shade = 170          # how dark the paused battle shows behind (0-255)

    def __init__(self, manager, size, backdrop: pygame.Surface | None = None):
        super().__init__(manager, size)
        self.backdrop = None
        if backdrop is not None:
            self.set_backdrop(backdrop)
        self._bg = None

    def set_backdrop(self, frame: pygame.Surface) -> None:
        """The paused battle's frame, dimmed, behind the screen."""
        self.backdrop = frame.copy()
        shade = pygame.Surface(frame.get_size(), pygame.SRCALPHA)
        shade.fill((10, 14, 20, self.shade))
        self.backdrop.blit(shade, (0, 0))

    def draw_background(self, surface) -> None:
        if self.backdrop is not None and self.backdrop.get_size() == surface.get_size():
            surface.blit(self.backdrop, (0, 0))
            return
        if self._bg is None or self._bg.get_size() != surface.get_size():
            self._bg = pygame.Surface(surface.get_size())
            draw_backdrop(self._bg, surface.get_size())
        surface.blit(self._bg, (0, 0))

    def card(self, cw: int, ch: int):
        w, h = self.size
        cw, ch = min(cw, w - 40), min(ch, h - 40)
        return self.panel(((w - cw) // 2, (h - ch) // 2, cw, ch), height=5), cw, ch


class MenuScreen(_Overlay):
    """Resume, save under a name, load, settings, help, abandon, quit."""

    name = "menu"

    def __init__(self, manager, size, backdrop=None, *, slot: str = "", speed: float = 1.0,
                 end_warning: bool = True, quitting: bool = False, message: str = "",
                 policy: str = "ask", window: str = "1280x800"):
        super().__init__(manager, size, backdrop)
        self.slot, self.speed, self.end_warning = slot, speed, end_warning
        self.policy, self.window = policy, window
        self.quitting, self.message = quitting, message
        self.build()

    def build(self) -> None:
        card, cw, ch = self.card(480, 540 if self.quitting else 482)
        title = "Quit: save the battle first?" if self.quitting else "Paused"
        self.label((16, 8, cw - 32, 38), title, card, "@big_label")
        y = 50
        self.resume_button = self.button((20, y, cw - 40, 42), "Resume (Esc)", card, "@primary")
        y += 52
        self.name_entry = self._add(UITextEntryLine(
            pygame.Rect(20, y, cw - 170, 38), manager=self.manager, container=card,
            initial_text=self.slot or None, placeholder_text="name of the save"))
        self.name_entry.set_text_length_limit(40)
        self.save_button = self.button((cw - 140, y, 120, 38), "Save", card)
        y += 44
        self.message_label = self.label((20, y, cw - 40, 24), self.message, card, "@small_hint")
        y += 28
        self.load_button = self.button((20, y, (cw - 50) // 2, 38), "Load...", card)
        self.help_button = self.button((30 + (cw - 50) // 2, y, (cw - 50) // 2, 38),
                                       "Help (F1)", card)
        y += 48
        y = self._build_settings(card, cw, y)
        self._build_quit(card, cw, y + 8)

    def _build_settings(self, card, cw: int, y: int) -> int:
        self.label((20, y, cw - 40, 24), "Settings", card, "@section")
        y += 28
        self.speed_label = self.label((20, y, cw - 170, 34),
                                      f"Animation speed x{self.speed:.2g}", card, "@value")
        self.slower_button = self.button((cw - 140, y, 56, 34), "-", card)
        self.faster_button = self.button((cw - 76, y, 56, 34), "+", card)
        y += 40
        self.warning_button = self.button(
            (20, y, cw - 40, 34), "Warn before ending a turn with actions left: " +
            ("on" if self.end_warning else "off"), card)
        y += 40
        self.policy_button = self.button(
            (20, y, cw - 40, 34), f"Reactions of your creatures: {self.policy}",
            card, tip=POLICY_TIPS.get(self.policy))
        y += 40
        self.window_button = self.button((20, y, cw - 40, 34), f"Window: {self.window}", card,
                                         tip="Click for the next size, then full screen")
        return y + 40

    def _build_quit(self, card, cw: int, y: int) -> None:
        self.setup_button = self.button((20, y, (cw - 50) // 2, 38), "Abandon to setup", card)
        quit_text = "Save and quit" if self.quitting else "Quit"
        self.quit_button = self.button((30 + (cw - 50) // 2, y, (cw - 50) // 2, 38),
                                       quit_text, card)
        if self.quitting:
            y += 44
            self.quit_now_button = self.button((20, y, cw - 40, 34), "Quit without saving",
                                               card)
        else:
            self.quit_now_button = None

    def handle_event(self, event):
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return ("resume",)
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and \
                getattr(event, "ui_element", None) is self.name_entry:
            return ("save", self.name_entry.get_text())
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return None
        element = getattr(event, "ui_element", None)
        name = self.name_entry.get_text()
        actions = {self.resume_button: ("resume",), self.save_button: ("save", name),
                   self.load_button: ("load_screen",), self.help_button: ("help",),
                   self.slower_button: ("slower",), self.faster_button: ("faster",),
                   self.warning_button: ("toggle_end_warning",),
                   self.policy_button: ("policy",), self.window_button: ("window",),
                   self.setup_button: ("setup",),
                   self.quit_button: ("save_quit", name) if self.quitting else ("quit",),
                   self.quit_now_button: ("quit",)}
        return actions.get(element)

    def say(self, message: str) -> None:
        self.message = message
        self.message_label.set_text(message)


class LoadScreen(_Overlay):
    """The saved battles, newest first (`game.saves.list_saves`): pick one, Load."""

    name = "load"
    shade = 220

    def __init__(self, manager, size, saves, backdrop=None, message: str = ""):
        super().__init__(manager, size, backdrop)
        self.saves = list(saves)
        self.message = message
        self.build()

    def build(self) -> None:
        card, cw, ch = self.card(720, 560)
        self.label((16, 10, cw - 32, 40), "Load a saved battle", card, "@big_label")
        labels = [s.label for s in self.saves] or []
        self.list = self._add(UISelectionList(
            pygame.Rect(16, 58, cw - 32, ch - 170), labels, manager=self.manager,
            container=card, default_selection=labels[0] if labels else None))
        empty = "No saved battle yet: F5 or the menu's Save makes one." if not labels else ""
        self.message_label = self.label((16, ch - 104, cw - 32, 26), self.message or empty,
                                        card, "@small_hint")
        self.load_button = self.button((16, ch - 68, 200, 48), "Load", card, "@primary")
        self.back_button = self.button((cw - 216, ch - 68, 200, 48), "Back (Esc)", card)
        if not labels:
            self.load_button.disable()

    def selected(self):
        text = self.list.get_single_selection()
        return next((s for s in self.saves if s.label == text), None)

    def handle_event(self, event):
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return ("back",)
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            chosen = self.selected()
            return ("load", chosen.path) if chosen is not None else None
        if event.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION and \
                getattr(event, "ui_element", None) is self.list:
            chosen = self.selected()
            return ("load", chosen.path) if chosen is not None else None
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            element = getattr(event, "ui_element", None)
            if element is self.back_button:
                return ("back",)
            if element is self.load_button:
                chosen = self.selected()
                return ("load", chosen.path) if chosen is not None else None
        return None


def help_html() -> str:
    """The help panel's text: the keys, the game's terms in plain words, then every page of
    the rules reference (docs/rules/, the pages the breakdowns cite as "rules: ...") and the
    pages of the other rulebooks (docs/rules/light/)."""
    keys = "<br>".join(f"<b>{_esc(k)}</b>  <font color={MUTED}>{_esc(v)}</font>"
                       for k, v in HELP)
    replay = "<br>".join(f"<b>{_esc(k)}</b>  <font color={MUTED}>{_esc(v)}</font>"
                         for k, v in REPLAY_HELP)
    terms = "<br>".join(f"<b>{_esc(k)}</b>: {_esc(v)}" for k, v in GLOSSARY)
    pages = "<br><br>".join(rules_reference.as_html(s) for s in rules_reference.sections())
    others = "".join("<br><br>" + rules_reference.as_html(s)
                     for book in rules_reference.rulebooks()
                     for s in rules_reference.rulebook_sections(book))
    return (f"<b>Keys and mouse</b><br>{keys}<br><br><b>Watching a replay</b> (the result "
            f"screen's Watch the replay)<br>{replay}<br><br><b>Words of the game</b><br>"
            f"{terms}<br><br><b>Rules reference</b><br><br>{pages}"
            + (f"<br><br><b>Other rulebooks</b>{others}" if others else ""))


class HelpScreen(_Overlay):
    """F1: every key and the game's terms."""

    name = "help"
    shade = 235          # long text: the battle behind all but hidden

    def __init__(self, manager, size, backdrop=None):
        super().__init__(manager, size, backdrop)
        self.build()

    def build(self) -> None:
        card, cw, ch = self.card(900, 720)
        self.label((16, 10, cw - 32, 40), "Help", card, "@big_label")
        self.text = self._add(pygame_gui.elements.UITextBox(
            help_html(), pygame.Rect(12, 56, cw - 24, ch - 126), manager=self.manager,
            container=card, object_id=ObjectID(object_id="#result_text")))
        self.back_button = self.button((cw - 216, ch - 62, 200, 46), "Back (Esc)", card,
                                       "@primary")

    def handle_event(self, event):
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_F1):
            return ("back",)
        if event.type == pygame_gui.UI_BUTTON_PRESSED and \
                getattr(event, "ui_element", None) is self.back_button:
            return ("back",)
        return None


__all__ = ["GLOSSARY", "HelpScreen", "LoadScreen", "MenuScreen", "help_html"]
