"""The prompt over the board: an `ask` attack of opportunity (the light rules' Opportunity
Attack), an Interrupt Turn, an active defense (Accept / Decline, a button per defense; also
the keys Y / N, P / V) and the end of the battle. It is as tall as its text and placed where
it hides none of the creatures it is about."""
from __future__ import annotations

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UILabel, UIPanel, UITextBox

from game.engine.defense import defense_policy, pending_odds
from game.rules.initiative import interrupt_chance
from game.rules.situation import Extras, attack_preview
from game.ui import presenters as P
from game.ui.keys import PROMPT_KEYS
from game.ui.light_presenters import opportunity_prompt
from game.ui.steller_presenters import steller_immediate_prompt, steller_opportunity_prompt
from game.ui.panels.base import Panel
from game.ui.panels.text import MUTED, esc


def interrupt_prompt(b) -> tuple[str, str, bool]:
    """The question of an Interrupt Turn, with the odds of the opposed initiative check."""
    p = b.pending
    view = b.view()
    chance = interrupt_chance(view.unit(p.reactor), view.unit(p.mover))
    team = b.teams_of.get(p.reactor, "")
    body = (f"<b>{esc(team.capitalize())} player</b>: {esc(p.mover)} is at {p.at[0]},{p.at[1]} "
            f"in sight of <b>{esc(p.reactor)}</b>.<br>Interrupt its turn: {esc(p.reactor)} "
            f"wins the initiative roll <b>{chance * 100:.0f}%</b> and then takes its whole turn "
            f"now.<br><font color={MUTED}>The Reaction is spent either way: no attack of "
            "opportunity until its next turn (rules: Turns, actions and initiative)</font>")
    return f"Interrupt Turn: {p.reactor}", body, True


def aoo_prompt(b, watching: bool) -> tuple[str, str, bool]:
    """The default rules' attack of opportunity prompt, with the attack's odds."""
    p = b.pending
    team = b.teams_of.get(p.reactor, "")
    chance = ""
    view = b.view()
    pv = attack_preview(view, p.reactor, p.mover, extras=Extras(
        mode="melee", previous_attacks=view.unit(p.reactor).aoo_this_round))
    if pv.possible:
        chance = (f"<br>{esc(pv.weapon.name)}: hit <b>{pv.hit_chance * 100:.0f}%</b>, "
                  f"critical {pv.crit_chance * 100:.0f}%")
    body = (f"<b>{esc(team.capitalize())} player</b>: {esc(p.mover)} is leaving "
            f"{p.at[0]},{p.at[1]}, threatened by <b>{esc(p.reactor)}</b>."
            f"{chance}<br><font color={MUTED}>Take the attack of opportunity? "
            "(rules: Attacks of opportunity)</font>")
    return f"Attack of opportunity: {p.reactor}", body, not watching


def opportunity_body(b) -> tuple[str, str]:
    """(title, html body) of the light or steller rules' opportunity attack prompt, or of
    the steller rules' immediate interrupt or reaction."""
    title, lines = (steller_immediate_prompt if b.pending.kind == "immediate" else
                    steller_opportunity_prompt if P.steller_rules(b) else
                    opportunity_prompt)(b)
    team = b.teams_of.get(b.pending.reactor, "")
    body = (f"<b>{esc(team.capitalize())} player</b>: {esc(lines[0])}<br>"
            + "".join(f"{esc(x)}<br>" for x in lines[1:-1])
            + f"<font color={MUTED}>{esc(lines[-1])}</font>")
    return title, body


def defense_body(b) -> tuple[str, str]:
    """(title, html body) of the active-defense prompt."""
    title, lines = P.defense_prompt(b)
    team = b.teams_of.get(b.pending.reactor, "")
    body = (f"<b>{esc(team.capitalize())} player</b>: {esc(lines[0])}<br>"
            + "<br>".join(esc(x) for x in lines[1:-1])
            + f"<br><font color={MUTED}>{esc(lines[-1])}</font>")
    return title, body


def answers_of(b) -> list[tuple[str, str, str, str]]:
    """(answer, button text, tooltip, theme class) of each answer the prompt offers: a
    defense prompt one per defense the engine allows, the best one and none; the
    others accept and decline."""
    kind = b.pending.kind if b.awaiting() == "reaction" else ""
    if kind == "defense":
        _, usable, _ = pending_odds(b)
        out = [(k, f"{P.DEFENSE_TITLES[k].split()[-1]} ({key})",
                f"{P.DEFENSE_TITLES[k]}: spend the Reaction", "@prompt_button")
               for k, key in (("parry", "P"), ("dodge", "V")) if usable[k].possible]
        return out + [("accept", "Best (Y)", "The defense with the lower hit chance",
                       "@prompt_button"),
                      ("decline", "None (N)", "No defense: the attack is rolled against "
                       "the AC", "@action")]
    accept = ("Spend the Reaction and roll to take the turn now" if kind == "interrupt" else
              "Take the immediate action (one a round)" if kind == "immediate" else
              f"Make the {P.aoo_name(b)}")
    return [("accept", "Accept (Y)", accept, "@prompt_button"),
            ("decline", "Decline (N)", "Let the creature go", "@action")]


def end_prompt(b) -> tuple[str, str, bool]:
    if b.winner == "draw":
        return "Draw", "Nobody is left standing on any side.", False
    return (f"{b.winner.capitalize()} wins!",
            f"Every creature of the other side is down or gone (round {b.round}).", False)


class ReactionPrompt(Panel):
    key = "prompt"

    def __init__(self, hud):
        super().__init__(hud)
        self.visible = False
        self.with_buttons = False
        self.answer_buttons: dict[str, UIButton] = {}
        self.accept_button = self.decline_button = None
        self.title = self.box = None

    def build(self) -> None:
        """Nothing until a prompt is due (`refresh` builds it)."""
        self.visible = self.with_buttons = False
        self.answer_buttons = {}
        self.accept_button = self.decline_button = None

    def kill(self) -> None:
        super().kill()
        self.accept_button = self.decline_button = None
        self.visible = self.with_buttons = False

    def content(self, b) -> tuple[str, str, bool] | None:
        """(title, html body, with Accept/Decline) or None when no prompt is due."""
        state, human = b.awaiting(), self.hud.human()
        watching = getattr(self.controller, "watching", False)
        if state == "over":
            return end_prompt(b)
        if state != "reaction":
            return None
        if b.pending.kind == "interrupt":
            return None if human is False else interrupt_prompt(b)
        if b.pending.kind == "immediate":
            if b.controller(b.pending.reactor).interrupt_policy != "ask" or human is False:
                return None
            return (*opportunity_body(b), not watching)
        if b.pending.kind == "defense":
            if defense_policy(b, b.pending.reactor) != "ask" or human is False:
                return None
            return (*defense_body(b), True)
        if b.controller(b.pending.reactor).aoo_policy != "ask" or human is False:
            return None
        if P.own_bar(b):
            return (*opportunity_body(b), not watching)
        return aoo_prompt(b, watching)

    def refresh(self, b) -> None:
        if not self.changed("version", (b.version, b.awaiting(), len(b.events))):
            return
        content = self.content(b)
        if not self.changed("content", content):
            return
        super().kill()
        self.accept_button = self.decline_button = None
        self.answer_buttons = {}
        self.visible = self.with_buttons = False
        if content is not None:
            title, body, buttons = content
            self._build(title, body, buttons)
            self.visible, self.with_buttons = True, buttons

    def _build(self, title: str, body: str, buttons: bool) -> None:
        """The prompt panel, as tall as its text (nothing to scroll), with a button for
        every answer it offers."""
        full = self.rect
        pw = full.width
        answers = answers_of(self.battle) if buttons else []
        probe = UITextBox(body, pygame.Rect(0, 0, pw - 12, -1), manager=self.manager,
                          object_id=ObjectID(object_id="#prompt_text"))
        room = 34 + (52 if answers else 8)
        ph = min(room + probe.rect.height, self.hud.rects["board"].height - 16)
        probe.kill()            # measured: the prompt is as tall as its text, if it fits
        prompt = self.add(UIPanel(pygame.Rect(full.left, full.top, pw, ph), starting_height=5,
                                  manager=self.manager, object_id=ObjectID(
                                      class_id="@hud_panel", object_id="#prompt_panel")))
        self.hud.panels[self.key] = prompt
        self.title = self.add(UILabel(pygame.Rect(12, 6, pw - 24, 26), title,
                                      manager=self.manager, container=prompt, object_id=ObjectID(
                                          class_id="@big_title", object_id="#prompt_title")))
        self.box = self.add(UITextBox(body, pygame.Rect(4, 34, pw - 12, ph - room),
                                      manager=self.manager, container=prompt,
                                      object_id=ObjectID(object_id="#prompt_text")))
        width = min(160, (pw - 16 - 8 * (len(answers) - 1)) // max(1, len(answers)))
        x = (pw - len(answers) * width - 8 * (len(answers) - 1)) // 2
        for answer, text, tip, cls in answers:
            self.answer_buttons[answer] = self.add(UIButton(
                pygame.Rect(x, ph - 50, width, 38), text, manager=self.manager,
                container=prompt, tool_tip_text=tip,
                object_id=ObjectID(class_id=cls, object_id=f"#{answer}_button")))
            x += width + 8
        self.accept_button = self.answer_buttons.get("accept")
        self.decline_button = self.answer_buttons.get("decline")

    def place(self, points, keep_clear: pygame.Rect | None = None) -> None:
        """Move the prompt where it covers none of `points` (the screen positions of the
        creatures it is about), trying the top of the map, its bottom, then its corners;
        never over `keep_clear` (a lesson's instructions) when another spot is free of it."""
        panel = self.hud.panels.get(self.key)
        if panel is None:
            return
        board, (w, h), m = self.hud.rects["board"], panel.rect.size, 8
        spots = [(board.centerx - w // 2, board.top + m), (board.centerx - w // 2,
                 board.bottom - h - m), (board.left + m, board.top + m),
                 (board.right - w - m, board.top + m), (board.left + m, board.bottom - h - m),
                 (board.right - w - m, board.bottom - h - m)]
        near = [pygame.Rect(x - 30, y - 30, 60, 60) for x, y in points]
        clear = keep_clear or pygame.Rect(0, 0, 0, 0)
        best = min(spots, key=lambda xy: (pygame.Rect(xy, (w, h)).colliderect(clear),
                                          pygame.Rect(xy, (w, h)).collidelist(near) >= 0,
                                          sum(pygame.Rect(xy, (w, h)).colliderect(r)
                                              for r in near)))
        if tuple(best) != tuple(panel.rect.topleft):
            panel.set_position(best)

    def react(self, accept: bool) -> None:
        self.hud.outcome(self.controller.react(accept))
        self.hud.refresh()

    def answer(self, key: int) -> bool:
        """A key while a prompt with answers shows: Y/Enter accept, N decline, Esc declines
        and says so (the log keeps the line); False when the key is not the prompt's."""
        if not (self.visible and self.with_buttons and key in PROMPT_KEYS):
            return False
        words = P.declined_words(self.battle) if key == pygame.K_ESCAPE else ""
        self.react(PROMPT_KEYS[key])
        if words:
            self.hud.say(f"Esc: {words} (declined; the log has it)")
            self.hud.refresh()
        return True

    def handle(self, element) -> bool:
        """Accept, Decline, or a defense's button pressed."""
        if element is None:
            return False
        if element is self.accept_button or element is self.decline_button:
            self.react(element is self.accept_button)
            return True
        for kind in ("parry", "dodge"):
            if element is self.answer_buttons.get(kind):
                self.hud.outcome(self.controller.defend(kind))
                self.hud.refresh()
                return True
        return False


__all__ = ["ReactionPrompt", "interrupt_prompt"]
