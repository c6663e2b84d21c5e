"""The unit card (right, top): the shown creature's badge, name, stat block and HP bar, its
numbers, actions left, reaction, weapons (the chosen one marked), abilities and conditions
(docs/rules/11-hit-points-and-conditions.md); a light or steller creature's card is its
rulebook's (docs/rules/light/index.md, docs/rules/steller/index.md)."""
from __future__ import annotations

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIImage, UITextBox

from game.ui import presenters as P
from game.ui.panels.base import Panel
from game.ui.panels.drawing import hp_bar, team_badge
from game.ui.panels.text import DETAIL_COLOUR, MUTED, esc, set_fitting
from game.ui.steller_presenters import death_words


def light_card_html(c) -> str:
    """The card of a light creature (game.ui.light_presenters.LightCard): its numbers, what
    its turn has left, its conditions, weapons in hand and powers; K.O.: when it returns."""
    lives = f"{c.lives} li{'ves' if c.lives != 1 else 'fe'}"
    lines = [f"<b>HP</b> {c.hp}/{c.max_hp} · <b>MP</b> {c.mp}/{c.max_mp} · <b>{lives}</b>"]
    if c.ko_note:
        lines.append(f"<font color=#FF8C5A><b>{esc(c.ko_note)}</b></font>")
    lines.append(" · ".join(f"<b>{label}</b> {v}" for label, v, _ in c.defenses))
    lines.append("<b>Defense</b> " + " · ".join(str(d) for _, _, d in c.defenses) +
                 f" <font color={MUTED}>(2 x each: melee · ranged · psychic)</font>")
    lines.append(f"<b>Armor</b> {c.armor} · <b>POW</b> {c.pow} · <b>SNS</b> {c.sns} · "
                 f"<b>Prof</b> +{c.proficiency}")
    shift, walk, run = c.moves
    lines.append(f"<b>Shift</b> {shift} · <b>Walk</b> {walk} · <b>Run</b> {run} "
                 f"<font color={MUTED}>hexes</font>")
    if c.turn:
        lines.append(f"<b>Turn</b> {esc(c.turn.replace(' action', ''))}")
    elif not c.dead:
        lines.append(f"<font color={MUTED}>"
                     f"{'Acted this round' if c.acted else 'Waiting for its turn'}</font>")
    for cl in c.conditions:
        lines.append(f"<font color=#CC79A7><b>{esc(cl.name)}</b></font> "
                     f"<font color={DETAIL_COLOUR} pixel_size=13>{esc(cl.effect)}</font>")
    for w in c.weapons:
        mark = "<font color=#F0E442><b>»</b></font> " if w.chosen else ""
        lines.append(f"{mark}{esc(w.stats)} <font color={MUTED}>· {esc(w.reach)}</font>")
    lines += [f"<font color=#56B4E9>{esc(line)}</font>" for line in c.powers]
    extra = [f"Put away: {', '.join(c.put_away)}"] if c.put_away else []
    extra += [f"On the ground: {', '.join(c.on_ground)}"] if c.on_ground else []
    extra += [f"{c.draughts} healing draught{'s' if c.draughts != 1 else ''}"] \
        if c.draughts else []
    extra.append(f"Opportunity Attacks: {c.policy}")
    lines.append(f"<font color={MUTED}>{esc(' · '.join(extra))}</font>")
    return "<br>".join(lines)


def _steller_power_html(p) -> str:
    """A steller power: its name (basic attacks marked), usage and attack line; one its
    battle has used up is dimmed and says so."""
    basic = f" <font color={MUTED}>(basic)</font>" if p.basic else ""
    if p.used:
        return f"<font color={MUTED}>{esc(p.name)} (used) · {esc(p.usage)}</font>"
    return (f"<font color=#56B4E9><b>{esc(p.name)}</b></font>{basic} "
            f"<font color={MUTED} pixel_size=13>{esc(p.usage)}</font><br>"
            f"\u00a0\u00a0\u00a0<font pixel_size=13>{esc(p.attack)}</font>")


def _steller_hp_html(c) -> str:
    temp = f" <font color=#56B4E9>+{c.temp_hp} temp</font>" if c.temp_hp else ""
    if c.role == "minion":                  # no surges, never bloodied
        return (f"<b>HP</b> {c.hp}/{c.max_hp}{temp} <font color={MUTED}>minion: any hit "
                "kills it, a miss never harms it</font>")
    mark = " <font color=#FF8C5A><b>bloodied</b></font>" if c.bloodied else \
        f" <font color={MUTED}>(bloodied at {c.bloodied_at})</font>"
    wind = "used" if c.second_wind_used else "ready"
    return (f"<b>HP</b> {c.hp}/{c.max_hp}{temp}{mark}<br><b>Surges</b> {c.surges} "
            f"<font color={MUTED}>(+{c.surge_value} HP)</font> · <b>2nd wind</b> {wind}")


def steller_card_html(c) -> str:
    """The card of a steller creature (game.ui.steller_presenters.StellerCard): hit points,
    surges, the four defenses, speed, what its turn has left, its conditions with their
    durations, death saving throws, its powers."""
    lines = [_steller_hp_html(c)]
    if c.status == "dying":
        lines.append(f"<font color=#FF8C5A><b>{esc(death_words(c))}</b></font>")
    lines.append(" · ".join(
        f"<b>{label}</b> {now}" + (f"<font color={MUTED}> ({base})</font>" if now != base else "")
        for label, base, now in c.defenses))
    slowed = f" <font color={MUTED}>(of {c.base_speed})</font>" if c.speed != c.base_speed else ""
    lines.append(f"<b>Speed</b> {c.speed} hexes{slowed} · <b>Init</b> "
                 f"{c.initiative if c.initiative is not None else '-'}")
    if c.turn:
        lines.append(f"<b>Actions left</b> {esc(c.turn)}")
    elif not c.dead and not c.status:
        lines.append(f"<font color={MUTED}>"
                     f"{'Acted this round' if c.acted else 'Waiting for its turn'}</font>")
    if c.immediate:
        lines.append(f"<b>Immediate action</b> {esc(c.immediate)}")
    for cl in c.conditions:
        lines.append(f"<font color=#CC79A7><b>{esc(cl.name)}</b></font> "
                     f"<font color={DETAIL_COLOUR} pixel_size=13>{esc(cl.effect)}</font>")
    lines += [_steller_power_html(p) for p in c.powers]
    lines.append(f"<font color={MUTED}>Opportunity attacks: {esc(c.policy)}</font>")
    return "<br>".join(lines)


def _weapon_lines(c) -> list[str]:
    out = []
    for w in c.weapons:
        mark = "<font color=#F0E442><b>»</b></font> " if w.chosen else "&nbsp;&nbsp;&nbsp;"
        stats = f"<b>{esc(w.stats)}</b>" if w.chosen else esc(w.stats)
        reach = esc(w.reach).replace(" ft", "\u00a0ft").replace("reach ", "reach\u00a0")
        out.append(f"{mark}{stats} <font color={MUTED}>· {reach}</font>")
    for label, items in (("Sheathed", c.sheathed), ("On the ground", c.on_ground)):
        if items:
            out.append(f"<font color={MUTED}>{label}: {esc(', '.join(items))}</font>")
    return out


def card_html(c: P.UnitCard) -> str:
    """The card of a creature of the default rules (presenters.UnitCard) as html."""
    injured = " <font color=#FF8C5A>(injured)</font>" if \
        c.max_hp > 0 and 0 < c.hp * 4 <= c.max_hp else ""
    ac = f"{c.ac}" if c.ac_now == c.ac else f"{c.ac} <font color={MUTED}>(" \
        f"{c.ac_now} vs melee now)</font>"
    temp = f" <font color=#56B4E9>+{c.temp_hp} temp</font>" if c.temp_hp else ""
    lines = [f"<b>HP</b> {c.hp}/{c.max_hp}{temp}{injured}   <b>AC</b> {ac}",
             f"<b>Speed</b> {c.speed_ft} ft · <b>Reach</b> {c.reach} · "
             f"<b>AOO</b> {esc(c.policy)}"]
    reaction = f"<b>Reaction</b> {esc(c.reaction_note)}"
    if c.active:
        move = f" · {c.movement} move" if c.movement else ""
        lines.append(f"<b>Actions</b> {c.big} Big · {c.little} Little{move} · {reaction}")
    elif not c.dead:
        lines.append(f"<font color={MUTED}>"
                     f"{'Acted this round' if c.acted else 'Waiting for its turn'}</font>"
                     f" · {reaction}")
    lines += _weapon_lines(c)
    lines += [f"<font color=#56B4E9>{esc(line)}</font>" for line in c.abilities]
    if c.group:
        lines.append(f"<font color=#E69F00><b>{esc(c.group)}</b></font>")
    for cl in c.conditions:
        lines.append(f"<font color=#CC79A7><b>{esc(cl.name)}</b></font> "
                     f"<font color={DETAIL_COLOUR} pixel_size=13>{esc(cl.effect)}</font>")
    if not c.conditions:
        lines.append(f"<font color={MUTED}>No conditions</font>")
    return "<br>".join(lines)


class UnitCardPanel(Panel):
    key = "card"

    def build(self) -> None:
        card = self.make_panel()
        cw = self.rect.width
        self.swatch = self.add(UIImage(pygame.Rect(8, 8, 44, 44),
                                       pygame.Surface((44, 44), pygame.SRCALPHA),
                                       manager=self.manager, container=card))
        self.name = self.label(pygame.Rect(60, 4, cw - 70, 28), "", card, "@big_title",
                               "#card_name")
        self.sub = self.label(pygame.Rect(60, 30, cw - 70, 22), "", card, "@hint", "#card_sub")
        self.hp = self.add(UIImage(pygame.Rect(10, 60, cw - 22, 12),
                                   pygame.Surface((cw - 22, 12), pygame.SRCALPHA),
                                   manager=self.manager, container=card))
        self.box = self.add(UITextBox("", pygame.Rect(2, 76, cw - 8, self.rect.height - 82),
                                      manager=self.manager, container=card,
                                      object_id=ObjectID(object_id="#card_text")))

    def unit(self) -> str | None:
        """Whose card is shown: the hovered creature, else the selected one, else the active
        one (or the one picking who acts next)."""
        b = self.battle
        for name in (self.m("hover_unit"), self.m("selected"), b.active, b.chooser,
                     b.pending.reactor if b.pending else None, b.last_actor):
            if name and name in b.eids:
                return name
        return next(iter(b.order), None) if b.order and b.order[0] in b.eids else None

    def refresh(self, b) -> None:
        name = self.unit()
        if name in getattr(self.controller, "unknown_enemies", frozenset)():
            name = None         # fog of war: nothing of a creature the side does not see
        if not self.changed("version", (name, b.version, self.m("weapon"))):
            return
        card = P.unit_card(b, name, self.model) if name else None
        if not self.changed("card", (name, card, self.m("weapon"))):
            return
        if card is None:
            self._show_nobody()
        else:
            self._show(b, card)

    def _show_nobody(self) -> None:
        self.swatch.set_image(pygame.Surface((44, 44), pygame.SRCALPHA))
        self.name.set_text("No creature")
        self.sub.set_text("")
        self.box.set_text("")
        self.hp.set_image(pygame.Surface((self.rect.width - 22, 12), pygame.SRCALPHA))

    def _show(self, b, card) -> None:
        self.swatch.set_image(team_badge(b, card.team, 44, dim=card.dead))
        light = getattr(card, "light", False)
        steller = getattr(card, "steller", False)
        flag = {"ko": " · K.O.", "out": " · out"}.get(card.status, "") if light else ""
        flag = " · dying" if steller and card.status == "dying" else flag
        flag = flag or (" · acting" if card.active else " · dead" if card.dead else
                        " · down" if card.status == "down" else "")
        self.name.set_text(f"{card.name}{flag}")
        level = "" if light else f" · level {card.level}"
        if steller:
            set_fitting(self.sub, f"{card.title} · level {card.level} {card.role} · "
                        f"{card.team} ({card.controller})",
                        f"{card.title} · level {card.level} {card.role} · {card.team}",
                        f"{card.title} · L{card.level} {card.role}", f"{card.title}")
        else:
            set_fitting(self.sub, f"{card.title}{level} · {card.size} · "
                        f"{card.team} ({card.controller})",
                        f"{card.title}{level} · {card.size} · {card.team}",
                        f"{card.title} · {card.team}")
        self.hp.set_image(hp_bar(self.rect.width - 22, 12, card.hp, card.max_hp))
        self.box.set_text(light_card_html(card) if light else
                          steller_card_html(card) if steller else card_html(card))


__all__ = ["UnitCardPanel", "card_html", "light_card_html", "steller_card_html"]
