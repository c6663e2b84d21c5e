"""The message line (above the action bar): the controller's message, a warning too long for
the line shown whole in a box over the map, else a hint of what the player can do now; with
Confirm / Cancel while a command awaits confirmation."""
from __future__ import annotations

import html

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UITextBox

from game.engine.defense import pending_odds
from game.ui import presenters as P
from game.ui.panels.base import Panel
from game.ui.panels.text import set_fitting, wrapped
from game.ui.words import for_players


def _defense_hint(b) -> str:
    """The keys of the defense prompt: only the defenses the engine allows get a key."""
    _, usable, _ = pending_odds(b)
    keys = [f"{key} {P.DEFENSE_TITLES[kind]}" for kind, key in (("parry", "P"), ("dodge", "V"))
            if usable[kind].possible]
    return "Defend: " + ", ".join(keys + ["Y the better one", "N none"])


def _answer_hint(b, human) -> str:
    """What the player can do while a reaction or a pick of who acts next is awaited."""
    if b.awaiting() == "reaction" and b.pending.kind == "defense":
        if human is False:
            return f"{b.pending.reactor}'s side decides on its defense..."
        return _defense_hint(b)
    if b.awaiting() == "reaction":
        what = {"interrupt": "interrupt", "immediate": "immediate action"}.get(
            b.pending.kind, P.aoo_name(b))
        if human is False:
            return f"{b.pending.reactor}'s side decides on its {what}..."
        return f"Answer the {what}: Y accept, N decline"
    if human is False:
        return f"{b.chooser}'s side picks who acts next..."
    return ("Pick who acts next: click a creature marked 'pick', on the map or in the "
            "initiative list")


class StatusLine(Panel):
    key = "message"

    def __init__(self, hud):
        super().__init__(hud)
        self.message_box: UITextBox | None = None   # a message too long for its line

    def build(self) -> None:
        msg = self.make_panel()
        mw, mh = self.rect.width, self.rect.height - 6
        self.message_label = self.label(pygame.Rect(10, 0, mw - 290, mh), "", msg, "@message",
                                        "#message_label")
        self.hint_label = self.label(pygame.Rect(10, 0, mw - 20, mh), "", msg, "@hint",
                                     "#hint_label")
        self.confirm_button = self.add(UIButton(
            pygame.Rect(mw - 276, 2, 150, mh - 4), "Confirm (Enter)", manager=self.manager,
            container=msg, tool_tip_text="Carry out the previewed command",
            object_id=ObjectID(class_id="@prompt_button", object_id="#confirm_button")))
        self.cancel_button = self.add(UIButton(
            pygame.Rect(mw - 122, 2, 114, mh - 4), "Cancel (Esc)", manager=self.manager,
            container=msg, tool_tip_text="Forget the previewed command",
            object_id=ObjectID(class_id="@action", object_id="#cancel_button")))
        self.confirm_button.hide()
        self.cancel_button.hide()

    def kill(self) -> None:
        if self.message_box is not None:
            self.message_box.kill()
            self.message_box = None
        super().kill()

    def hint(self) -> str:
        """What the player can do now, shown when there is no message."""
        b, human = self.battle, self.hud.human()
        state = b.awaiting()
        if state == "over":
            return "The battle is over"
        if state in ("reaction", "choice"):
            return _answer_hint(b, human)
        if human is False:
            return f"The computer plays {b.active}..."
        if P.light_rules(b):
            return ("Left click: walk there, or attack an enemy  ·  the bar's keys: an "
                    "action  ·  Esc: cancel  ·  Tab: weapon  ·  C: centre  ·  F2: legend")
        if P.steller_rules(b):
            return ("Left click: walk there, or a basic attack on an enemy  ·  the bar's keys: "
                    "an action  ·  Esc: cancel  ·  Tab: basic attack  ·  C: centre  ·  "
                    "F2: legend")
        return ("Left click: act  ·  right click / Esc: cancel  ·  Tab: weapon  ·  "
                "T: threats  ·  L: line of sight  ·  C: centre  ·  F2: legend")

    def refresh(self, b) -> None:
        message = self.m("message", "") or ""
        pending = self.m("pending")
        hint = "" if message else self.hint()
        if self.changed("hint", hint):
            set_fitting(self.hint_label, hint, hint.split("  ·  ")[0]) if hint else \
                self.hint_label.set_text("")
        if self.changed("message", message):
            self.show_message(for_players(message))
        if self.changed("pending", pending is not None):
            for button in (self.confirm_button, self.cancel_button):
                button.show() if pending is not None else button.hide()

    def show_message(self, message: str) -> None:
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
        line, width = self.rect, label.rect.width
        lines = wrapped(font, message, width - 24)
        height = len(lines) * (font.size("Hg")[1] + 4) + 20
        box = pygame.Rect(line.left, line.bottom - height, width, height)
        self.message_box = UITextBox(
            f"<font color=#F0E442><b>{html.escape(message, quote=False)}</b></font>", box,
            manager=self.manager, starting_height=30, object_id=ObjectID(object_id="#hud_tip"))

    def handle(self, element) -> bool:
        """Confirm sends the previewed command, Cancel forgets it."""
        if element is self.confirm_button:
            self.hud.outcome(self.controller.confirm())
        elif element is self.cancel_button:
            self.controller.cancel()
        else:
            return False
        self.hud.refresh()
        return True


__all__ = ["StatusLine"]
