"""The objectives panel (left, under the initiative tracker): each side's objectives from the
map and how far along each is (docs/rules/12-winning.md "Objectives"), as the engine reports
them (`battle.objectives()`). A map without objectives has no such panel."""
from __future__ import annotations

import pygame
from pygame_gui.elements import UITextBox

from game.ui import presenters as P
from game.ui.panels.base import Panel
from game.ui.panels.text import MUTED, esc

MET, FAILED = "#3CCFA5", "#FF8C5A"


def objectives_html(b, reports) -> str:
    """One block per side: its name in its colour, whether any or all are needed, then each
    objective with its progress (ticked when met; a fallen protected creature in red)."""
    lines, teams = [], list(dict.fromkeys(r.team for r in reports))
    goals = [o for o in b.hexmap.scenario.objectives if o.kind != "protect"]
    for team in teams:
        colour = "#%02X%02X%02X" % P.team_colour(team, teams)
        own = [o for o in goals if o.team == team]
        join = {"all": " (all of)", "any": " (any of)"}.get(own[0].join) \
            if len(own) > 1 else ""
        lines.append(f"<b><font color={colour}>{esc(team.capitalize())}</font></b>"
                     f"<font color={MUTED}>{join}</font>")
        for r in (r for r in reports if r.team == team):
            failed = r.kind == "protect" and not r.met
            mark = "✓" if r.met and r.kind != "protect" else "✗" if failed else "•"
            tint = MET if mark == "✓" else FAILED if failed else MUTED
            lines.append(f"<font color={tint}><b>{mark}</b></font> {esc(r.text)} "
                         f"<font color={MUTED}>· {esc(r.status)}</font>")
    return "<br>".join(lines)


class ObjectivesPanel(Panel):
    key = "objectives"

    def build(self) -> None:
        self.box = None
        if self.key not in self.hud.rects:
            return
        panel = self.make_panel()
        width = self.rect.width
        self.label(pygame.Rect(8, 4, width - 16, 24), "Objectives", panel, "@title",
                   "#objectives_title")
        self.box = self.add(UITextBox("", pygame.Rect(2, 28, width - 4, self.rect.height - 32),
                                      manager=self.manager, container=panel,
                                      object_id="#objectives_text"))

    def refresh(self, b) -> None:
        if self.box is None or not self.changed("version", (b.version, len(b.events))):
            return
        text = objectives_html(b, b.objectives())
        if self.changed("text", text):
            self.box.set_text(text)

    def text(self) -> str:
        """What the panel shows (tests)."""
        return self.box.html_text if self.box is not None else ""


__all__ = ["ObjectivesPanel", "objectives_html"]
