"""The initiative tracker (left): each creature in turn order with its team's badge, acted
ones greyed, the active one marked; in selective initiative the creatures that may act next
are highlighted and a click picks one (docs/rules/09-turns-and-actions.md), else a click
shows a creature's card."""
from __future__ import annotations

from dataclasses import replace

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UIImage

from game.ui import presenters as P
from game.ui.panels.base import Panel
from game.ui.panels.drawing import team_badge
from game.ui.panels.text import esc, set_fitting

_GONE = ("dead", "left", "down", "ko", "out")


def entry_words(b, e, state: str) -> tuple[str, str, str, str]:
    """(prefix, initiative, flag, tooltip) of an initiative entry; a minion has no
    initiative ("-") and its leader's line shows the group's actions ("[2/3]")."""
    init = "--" if e.initiative is None else f"{e.initiative:>2}"
    if e.leader:
        init = " -"
    status = {"ko": "K.O.", "out": "out"}.get(e.status, e.status)
    flag = {"active": "", "pick": "  · pick", "acted": "  · done",
            "entry": ""}.get(state, f"  · {status}")
    flag = (f"  [{e.pool}]" if e.pool and not e.leader else "") + flag
    lives = "" if e.lives is None else f"{e.lives} li{'ves' if e.lives != 1 else 'fe'}"
    if lives:                           # the light rules: lives left
        flag = f"  · {lives}" + flag
    tip = f"<b>{esc(e.name)}</b> ({esc(e.team)})<br>initiative {init}, HP {e.hp}/{e.max_hp}"
    if lives:
        tip += f", {lives} left"
    if e.pool:
        tip += "<br>" + esc(P.group_line(b, e.name))
    if e.chooser:
        tip += "<br>picks who acts next"
    if e.can_pick:
        tip += "<br><font color=#F0E442>click: this creature acts next</font>"
    return ("» " if e.active else ""), init, flag, tip


def _entry_state(e) -> str:
    return ("active" if e.active else "pick" if e.can_pick else
            "down" if e.status in ("dead", "down", "left", "ko", "out") else
            "acted" if e.acted else "entry")


class InitiativePanel(Panel):
    key = "initiative"

    def __init__(self, hud):
        super().__init__(hud)
        self.entries: list[P.Entry] = []
        self.buttons: dict[str, UIButton] = {}
        self.entry_widgets: list = []
        self.unknown: frozenset = frozenset()   # fog of war: listed as "Something"

    def build(self) -> None:
        self.panel = self.make_panel()
        width = self.rect.width
        self.label(pygame.Rect(8, 4, width - 16, 24), "Initiative", self.panel, "@title",
                   "#initiative_title")
        self.hint = self.label(pygame.Rect(8, 26, width - 16, 20), "", self.panel, "@hint",
                               "#initiative_hint")
        self.entries, self.buttons, self.entry_widgets = [], {}, []

    def kill(self) -> None:
        for widget in self.entry_widgets:
            widget.kill()
        self.entry_widgets, self.buttons = [], {}
        super().kill()

    def refresh(self, b) -> None:
        human = self.hud.human()
        unknown = getattr(self.controller, "unknown_enemies", frozenset)()
        if not self.changed("version", (b.version, b.awaiting(), len(b.events), human,
                                        unknown)) and self.buttons:
            return
        # fog of war: the enemies the shown side does not see are not listed, but for those
        # a person may pick to act next (selective initiative), listed as "Something"
        self.unknown = unknown
        entries = [e for e in P.initiative_entries(b) if e.name not in unknown or e.can_pick]
        if not human:           # the computer picks (or a replay): nothing to click
            entries = [replace(e, can_pick=False) if e.can_pick else e for e in entries]
        if entries == self.entries and self.buttons:
            return
        self.entries = entries
        for widget in self.entry_widgets:
            widget.kill()
        self.entry_widgets, self.buttons = [], {}
        self.hint.set_text(self._hint(b, entries))
        self._build_entries(b, entries)

    @staticmethod
    def _hint(b, entries) -> str:
        chooser = b.chooser if b.awaiting() == "choice" else None
        if any(e.can_pick for e in entries):
            return f"{chooser} picks who acts next: click one"
        if chooser:
            return f"{chooser} picks who acts next"
        return "click a name to see its card" if b.awaiting() == "turn" else ""

    def _build_entries(self, b, entries) -> None:
        """A badge and a button per creature, as many as the panel's height holds."""
        rect, eh = self.rect, self.hud.rects["margin"].height
        avail, step = rect.height - 58 - 8, eh + 4
        if entries and len(entries) * step > avail:
            step = max(20, avail // len(entries))
            eh = max(18, step - 3)
        for n, e in enumerate(entries):
            y = 50 + n * step
            if y + eh > rect.height - 6:
                break
            dim = e.acted or e.status in _GONE
            img = team_badge(b, e.team, eh - 4, dim=dim and not e.active)
            self.entry_widgets.append(UIImage(pygame.Rect(8, y + 2, eh - 4, eh - 4), img,
                                              manager=self.manager, container=self.panel))
            state = _entry_state(e)
            prefix, init, flag, tip = entry_words(b, e, state)
            name = e.name
            if e.name in self.unknown:
                name, flag, tip = "Something", "", "a creature your side does not see"
            text = f"{prefix}{init}  {name}{flag}"
            button = UIButton(pygame.Rect(eh + 8, y, rect.width - eh - 22, eh), text,
                              manager=self.manager, container=self.panel, tool_tip_text=tip,
                              object_id=ObjectID(class_id=f"@init_{state}",
                                                 object_id=f"#init_{n}"))
            short = f" · {e.lives}" if e.lives is not None else ""
            set_fitting(button, text, f"{prefix}{init}  {name}{flag.replace('  · ', ' ')}",
                        f"{prefix}{init} {name}{short}", f"{prefix}{init} {name}")
            self.entry_widgets.append(button)
            self.buttons[e.name] = button

    def handle(self, element) -> bool:
        """A name pressed: in selective initiative it acts next, else its card shows."""
        name = next((n for n, button in self.buttons.items() if element is button), None)
        if name is None:
            return False
        entry = next((e for e in self.entries if e.name == name), None)
        if entry is not None and entry.can_pick:
            self.hud.outcome(self.controller.choose_next(name))
        else:
            select = getattr(self.controller, "select", None)
            if select is not None:
                select(name)
        self.hud.refresh()
        return True


__all__ = ["InitiativePanel", "entry_words"]
