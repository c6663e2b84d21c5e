"""The More actions menu (J): buttons over the board's lower left corner for the actions
without a button of their own (`presenters.MORE_ACTIONS`), shown while the More mode is on.
The engine's query (`presenters.more_states`) decides: each action possible now has a button
whose tooltip gives its cost, and one last, disabled line counts the others, its tooltip
saying why each is not possible; a press makes an action the mode's.
"""
from __future__ import annotations

import html

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UIPanel

from game.ui import presenters as P
from game.ui.panels.base import Panel

ROW_H = 30
WIDTH = 200


def _esc(text: str) -> str:
    return html.escape(str(text), quote=False)


def _tip(s: P.ActionState) -> str:
    cost = f" ({_esc(s.cost)})" if s.cost else ""
    text = f"<b>{_esc(s.label)}</b>{cost}<br>{_esc(s.description)}"
    if not s.enabled:
        text += f"<br><font color=#F0E442>{_esc(s.reason)}</font>"
    return text


def forecast_html(label: str, target, words: str = "") -> str:
    """The hovered target's tooltip: the action (and the chosen variant in `words`), the
    variant's forecast lines, and how many other ways there are (Tab)."""
    out = [f"<b>{_esc(label)}</b>" + (f": {_esc(words)}" if words else "")]
    f = target.forecast
    if f is not None and f.chance is not None:
        out.append(f"<font color=#F0E442><b>Chance {f.chance:.0%}</b></font>")
    for line in (f.lines if f is not None else ()):
        out.append(f"<font pixel_size=13>{_esc(line)}</font>")
    option = target.option
    if option is not None and option.provokes:
        out.append(f"<font color=#FF8C5A>Provokes {_esc(', '.join(option.provokes))}</font>")
    if len(target.options) > 1:
        out.append(f"<font pixel_size=13>Tab: another way ({target.variant % len(target.options) + 1}"
                   f" of {len(target.options)})</font>")
    return "<br>".join(out)


class MoreMenu(Panel):
    """The menu's widgets, rebuilt when what they show changes."""

    key = "more"

    def __init__(self, hud):
        super().__init__(hud)
        self.panel: UIPanel | None = None
        self.buttons: dict[str, UIButton] = {}
        self._sig = None

    def kill(self) -> None:
        if self.panel is not None:
            self.panel.kill()
        self.hud.panels.pop("more", None)
        self.panel, self.buttons, self._sig = None, {}, None

    def forget(self) -> None:
        """(Rebuilt only when what it shows changes, not on a forced refresh.)"""

    def refresh(self, b) -> None:
        model, human = self.hud.model, self.hud.human()
        shown = getattr(model, "mode", None) == "more" and human is not False and \
            P.bar_table(b).more_menu         # (the light bar has a button for every action)
        chosen = model.more.action if shown else None
        sig = (shown, chosen, b.version, b.active, self.hud.size)
        if sig == self._sig:
            return
        self.kill()
        self._sig = sig
        if shown:
            self._build(P.more_states(b, human), chosen)

    def _build(self, states, chosen) -> None:
        """A button per action possible now, and one last line that holds the others (its
        tooltip says why each is not), in as many columns as the board's height needs."""
        entries = [(s, s.label, _tip(s)) for s in states if s.enabled]
        others = [s for s in states if not s.enabled]
        if others:
            why = "<br>".join(f"<b>{_esc(s.label)}</b>: {_esc(s.reason)}" for s in others)
            entries.append((None, f"{len(others)} more: not now", why))
        r = self.hud.rects
        board, message = r["board"], r["message"]
        per_column = max(1, (board.height - 12) // (ROW_H + 4))
        columns = -(-len(entries) // per_column)
        rows = min(len(entries), per_column)
        width = min(columns * WIDTH, board.width)
        height = rows * (ROW_H + 4) + 8
        rect = pygame.Rect(board.left, message.top - 8 - height, width, height)
        self.panel = UIPanel(rect, starting_height=4, manager=self.hud.manager,
                             object_id=ObjectID(class_id="@hud_panel", object_id="#more_panel"))
        self.hud.panels["more"] = self.panel
        column_w = width // columns
        for n, (s, label, tip) in enumerate(entries):
            col, row = divmod(n, per_column)
            key = s.action if s is not None else "not_now"
            button = UIButton(pygame.Rect(4 + col * column_w, 4 + row * (ROW_H + 4),
                                          column_w - 12, ROW_H),
                              label, manager=self.hud.manager, container=self.panel,
                              tool_tip_text=tip,
                              object_id=ObjectID(class_id="@action", object_id=f"#more_{key}"))
            if s is None:
                button.disable()
            elif s.action == chosen:
                button.select()
            self.buttons[key] = button

    def handle(self, element) -> bool:
        """A button of the menu was pressed: its action becomes the mode's."""
        for action, button in self.buttons.items():
            if element is button and action != "not_now":
                self.hud.controller.choose_more(action)
                self._sig = None
                self.hud.refresh()
                return True
        return False


__all__ = ["MoreMenu", "forecast_html"]
