"""The top bar: the round, whose turn it is (its team's badge, what its turn has left) or
who decides now, and the UI's mode."""
from __future__ import annotations

import pygame
from pygame_gui.elements import UIImage

from game.ui import presenters as P
from game.ui.panels.base import Panel
from game.ui.panels.drawing import team_badge
from game.ui.panels.text import set_fitting


class TopBar(Panel):
    key = "top"

    def build(self) -> None:
        top = self.make_panel()
        width, ih = self.rect.width, self.rect.height - 6
        self.round_label = self.label(pygame.Rect(10, 0, 120, ih), "Round 1", top,
                                      "@big_title", "#round_label")
        self.turn_swatch = self.add(UIImage(pygame.Rect(128, (ih - 24) // 2, 24, 24),
                                            pygame.Surface((24, 24), pygame.SRCALPHA),
                                            manager=self.manager, container=top))
        mode_w = min(300, width // 3)
        self.turn_label = self.label(pygame.Rect(160, 0, width - 180 - mode_w, ih), "", top,
                                     "@title", "#turn_label")
        self.mode_label = self.label(pygame.Rect(width - mode_w - 12, 0, mode_w, ih), "", top,
                                     "@right_hint", "#mode_label")

    def turn_text(self, b, active: str, team: str) -> tuple[str, ...]:
        """The top bar's words for the active creature's turn, longest first: what the turn
        has left (Big and Little Actions; the light rules' move and major action)."""
        human = self.hud.human()
        who = b.controller(active).kind if human is None else "you" if human else "computer"
        if active in getattr(self.controller, "unknown_enemies", frozenset)():
            return (f"Something's turn ({team}, {who})", "Something's turn")   # fog of war
        if b.profile.name in ("light", "steller"):
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

    def who_decides(self, b) -> tuple[tuple[str, ...], str | None]:
        """(the words, longest first, and the team) of whoever decides now."""
        state = b.awaiting()
        if state == "over":
            if b.winner == "draw":
                return ("The battle ends in a draw",), None
            return (f"{b.winner.capitalize()} wins the battle",), b.winner
        if state == "reaction":
            p = b.pending
            team = b.teams_of.get(p.reactor)
            what = {"interrupt": "an Interrupt Turn", "defense": "a parry or dodge",
                    "immediate": "an immediate action"}.get(p.kind, f"an {P.aoo_name(b)}")
            return (f"{p.reactor} ({team}) decides on {what}",), team
        if state == "choice":
            team = b.teams_of.get(b.chooser)
            return (f"{b.chooser} ({team}) picks who acts next",), team
        team = b.teams_of.get(b.active)
        return self.turn_text(b, b.active, team), team

    def refresh(self, b) -> None:
        texts, team = self.who_decides(b)
        mode, weapon = self.m("mode") or "move", self.m("weapon")
        mode_text = f"Mode: {P.mode_words(b, self.model) or mode}" + \
            (f" · {weapon}" if weapon else "")
        if self.changed("round", b.round):
            self.round_label.set_text(f"Round {b.round}")
        if self.changed("turn", texts):
            set_fitting(self.turn_label, *texts)
        if self.changed("mode", mode_text):
            set_fitting(self.mode_label, mode_text, mode_text.replace("Mode: ", ""))
        if self.changed("turn_team", team):
            self.turn_swatch.set_image(team_badge(b, team, 24) if team
                                       else pygame.Surface((24, 24), pygame.SRCALPHA))


__all__ = ["TopBar"]
