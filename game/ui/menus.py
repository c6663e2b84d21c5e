"""The in-game menu (Esc), the Load screen and the help panel (F1).

Like the other screens (`game.ui.screens`), each builds its pygame_gui widgets and answers
events with an action tuple the App carries out:
- MenuScreen: ("resume",), ("save", name), ("load_screen",), ("help",), ("legend",),
  ("faster",), ("slower",), ("toggle_end_warning",), ("policy",) (the next attack-of-opportunity
  policy), ("window",) (the next window size, then full screen), ("louder",), ("quieter",),
  ("toggle_mute",), ("toggle_follow",), ("setup",), ("save_quit", name), ("quit",);
- LoadScreen: ("load", path), ("back",);
- HelpScreen: ("back",) (the keys, the words of the game, the rules' index, pages and
  search).
The battle is paused while any of them shows.
"""
from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UISelectionList, UITextEntryLine

from game import rules_reference
from game.ui import help_pages
from game.ui.screens import Screen, draw_backdrop

#: what each attack-of-opportunity setting means, for the menu button's tooltip
POLICY_TIPS = {
    "ask": "When an enemy provokes one of your creatures, attacks it or gives it the chance "
           "of an Interrupt Turn, the game asks you",
    "always": "Your creatures always take their chance: strike when provoked, parry or dodge "
              "when it helps, try every Interrupt Turn",
    "never": "Your creatures never react: enemies pass freely and strike undefended",
}


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
    back_from = frozenset({"load", "help", "legend"})
    settings_shown = True
    over_battle = True

    def __init__(self, manager, size, backdrop=None, *, slot: str = "", speed: float = 1.0,
                 end_warning: bool = True, quitting: bool = False, message: str = "",
                 policy: str = "ask", window: str = "1280x800", volume: float = 0.7,
                 muted: bool = False, follow: bool = True):
        super().__init__(manager, size, backdrop)
        self.slot, self.speed, self.end_warning = slot, speed, end_warning
        self.policy, self.window = policy, window
        self.volume, self.muted, self.follow = volume, muted, follow
        self.quitting, self.message = quitting, message
        self.build()

    def build(self) -> None:
        card, cw, ch = self.card(480, 620 if self.quitting else 562)
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
        third = (cw - 60) // 3
        self.load_button = self.button((20, y, third, 38), "Load...", card)
        self.help_button = self.button((30 + third, y, third, 38), "Help (F1)", card)
        self.legend_button = self.button((40 + 2 * third, y, third, 38), "Legend (F2)", card,
                                         tip="Every mark of the map and what it means")
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
        return self._build_sound(card, cw, y + 40)

    def _build_sound(self, card, cw: int, y: int) -> int:
        """Sound volume, mute, and whether the camera follows the computer's moves."""
        volume = "muted" if self.muted else f"{round(self.volume * 100)}%"
        self.volume_label = self.label((20, y, cw - 262, 34), f"Sound {volume}", card, "@value")
        self.quieter_button = self.button((cw - 234, y, 56, 34), "-", card)
        self.louder_button = self.button((cw - 172, y, 56, 34), "+", card)
        self.mute_button = self.button((cw - 110, y, 90, 34),
                                       "Unmute" if self.muted else "Mute", card)
        y += 40
        self.follow_button = self.button(
            (20, y, cw - 40, 34), "Camera follows the computer's moves: " +
            ("on" if self.follow else "off"), card,
            tip="In the computer's turns and in replays the map scrolls to the creature that "
                "acts when it is out of view")
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
                   self.legend_button: ("legend",),
                   self.slower_button: ("slower",), self.faster_button: ("faster",),
                   self.warning_button: ("toggle_end_warning",),
                   self.policy_button: ("policy",), self.window_button: ("window",),
                   self.louder_button: ("louder",), self.quieter_button: ("quieter",),
                   self.mute_button: ("toggle_mute",), self.follow_button: ("toggle_follow",),
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


class HelpScreen(_Overlay):
    """F1: the keys and the words of the game, the rules of the battle's rulebook (`rules`,
    the profile's name): an index of its pages with their headings, each page, and a search
    box that lists the parts of the pages mentioning a word (`game.ui.help_pages`)."""

    name = "help"
    shade = 235          # long text: the battle behind all but hidden
    KEYS, WORDS, INDEX = "Keys and mouse", "Words of the game", "Rules index"

    def __init__(self, manager, size, backdrop=None, rules: str = "lfg"):
        super().__init__(manager, size, backdrop)
        self.pages = rules_reference.book_pages(rules)
        self.shown = self.KEYS
        self.build()

    def build(self) -> None:
        card, cw, ch = self.card(980, 720)
        self.label((16, 10, 200, 40), "Help", card, "@big_label")
        self.search = self._add(UITextEntryLine(
            pygame.Rect(276, 14, cw - 292, 36), manager=self.manager, container=card,
            placeholder_text="Search the rules: type a word (flank, cover...)"))
        items = [self.KEYS, self.WORDS, self.INDEX] + [p.title for p in self.pages]
        self.list = self._add(UISelectionList(
            pygame.Rect(12, 60, 260, ch - 130), items, manager=self.manager, container=card,
            default_selection=self.KEYS))
        self.text = self._add(pygame_gui.elements.UITextBox(
            self.html_of(self.shown), pygame.Rect(276, 60, cw - 288, ch - 130),
            manager=self.manager, container=card, object_id=ObjectID(object_id="#result_text")))
        self.back_button = self.button((cw - 216, ch - 62, 200, 46), "Back (Esc)", card,
                                       "@primary")

    def html_of(self, item: str) -> str:
        if item == self.KEYS:
            return help_pages.keys_html()
        if item == self.WORDS:
            return help_pages.glossary_html()
        if item == self.INDEX:
            return help_pages.index_html(self.pages)
        page = next((p for p in self.pages if p.title == item), None)
        return help_pages.page_html(page) if page is not None else help_pages.keys_html()

    def show(self, item: str) -> None:
        """Show `item` (a page, the keys, the words, the index), selected in the list."""
        self.shown = item
        self.text.set_text(self.html_of(item))
        for row in self.list.item_list:
            row["selected"] = row["text"] == item
            button = row.get("button_element")
            if button is not None:
                button.select() if row["selected"] else button.unselect()

    def find(self, words: str) -> None:
        """The search box changed: the parts of the pages with every word, or the page that
        was shown when the box is empty again."""
        if words.strip():
            self.text.set_text(help_pages.search_html(words, self.pages))
        else:
            self.show(self.shown)

    def handle_event(self, event):
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_F1):
            return ("back",)
        element = getattr(event, "ui_element", None)
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and element is self.list:
            self.show(getattr(event, "text", None) or self.list.get_single_selection()
                      or self.KEYS)
        elif event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and element is self.search:
            self.find(self.search.get_text())
        elif event.type == pygame_gui.UI_TEXT_BOX_LINK_CLICKED and element is self.text:
            target = str(getattr(event, "link_target", ""))
            if target.startswith("page:") and target[5:].isdigit() and \
                    int(target[5:]) < len(self.pages):
                self.show(self.pages[int(target[5:])].title)
        elif event.type == pygame_gui.UI_BUTTON_PRESSED and element is self.back_button:
            return ("back",)
        return None


__all__ = ["HelpScreen", "LoadScreen", "MenuScreen"]
