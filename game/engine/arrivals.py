"""Reinforcements and story text (docs/mapping.md "Objectives and events";
docs/rules/12-winning.md "Objectives").

- A reinforcement layer arrives at the start of its round (`by_round`, from
  `game.engine.turns.new_round`) or once any standing creature is in its region (`by_region`,
  after every action). Each creature comes onto its hex of the map, or the nearest free hex
  when that one is taken; each rolls initiative and takes its place in the order; they may act
  in the round they arrive.
- Story text is told once: at the start, when a standing creature is first in its region, or
  when its creature is dead, unconscious or gone.
"""
from __future__ import annotations

from game.engine import events as E
from game.hexgrid import hex_spiral
from game.rules import objectives as rules
from game.rules.initiative import roll_initiative
from game.rules.movement import can_end_at


def tell(b, index: int, story) -> None:
    b.note(told=(*b.told, f"story:{index}"))
    b.emit(E.StoryTold(story.text))


def tell_at_start(b) -> None:
    for i, story in enumerate(b.hexmap.scenario.stories):
        if story.when == "start":
            tell(b, i, story)


def tell_falls(b) -> None:
    """Stories waiting for a creature that was on the battlefield and no longer stands."""
    up = rules.standing(b.view())
    for i, story in enumerate(b.hexmap.scenario.stories):
        if story.when == "falls" and f"story:{i}" not in b.told and \
                story.target in b.teams_of and story.target not in up:
            tell(b, i, story)


def by_region(b) -> None:
    """Stories and reinforcements whose region a standing creature is in."""
    scenario = b.hexmap.scenario
    for i, story in enumerate(scenario.stories):
        if story.when == "enter" and f"story:{i}" not in b.told and \
                rules.in_region(b.view(), scenario.regions[story.target]):
            tell(b, i, story)
    for group in scenario.reinforcements:
        if group.region and group.layer not in b.arrived and \
                rules.in_region(b.view(), scenario.regions[group.region]):
            arrive(b, group)


def by_round(b) -> None:
    for group in b.hexmap.scenario.reinforcements:
        if group.round == b.round and group.layer not in b.arrived:
            arrive(b, group)


def waiting(b) -> frozenset:
    """The creatures of reinforcement layers that have not arrived yet."""
    return frozenset(u.name for g in b.hexmap.scenario.reinforcements
                     if g.layer not in b.arrived for u in g.units)


def coming_teams(b) -> set:
    """Sides with creatures sure to arrive at a later round (they are not beaten yet)."""
    return {u.team for g in b.hexmap.scenario.reinforcements
            if g.round and g.layer not in b.arrived for u in g.units}


def arrive(b, group) -> None:
    """The layer's creatures come onto the battlefield and roll initiative."""
    b.note(arrived=(*b.arrived, group.layer))
    names = []
    for placement in group.units:
        b.enter(placement)
        settle(b, placement.name)
        names.append(placement.name)
    join = b.profile.join_order or join_order
    for name in names:
        join(b, name)
    cells = tuple(b.cell(b.unit(n).anchor) for n in names)
    team = group.units[0].team if group.units else ""
    b.emit(E.ReinforcementsArrived(team, tuple(names), cells, group.layer))


def settle(b, name: str) -> None:
    """The nearest free hex when the creature's own is taken."""
    view = b.view()
    u = view.unit(name)
    if all(len(view.occupants(h)) == 1 for h in u.hexes) and \
            not any(b.hexmap.terrain_at(h).impassable for h in u.hexes):
        return
    radius = max(b.hexmap.width, b.hexmap.height) * 2
    for h in hex_spiral(u.anchor, radius):
        if h != u.anchor and b.hexmap.contains(h) and \
                can_end_at(view, u, h, here_is_free=False):
            b.place(name, (h, u.facing))
            return


def join_order(b, name: str) -> None:
    """Its initiative check, and its place in the order: after every creature with a higher
    or equal total."""
    u = b.unit(name)
    check = roll_initiative(name, u.unit, b.dice, u.conditions)
    b.note_entry("initiative", name, check.total)
    b.emit(E.InitiativeRolled(name, check.total, check.describe()))
    order = list(b.order)
    at = next((i for i, n in enumerate(order) if b.initiative.get(n, 0) < check.total),
              len(order))
    b.note(order=tuple(order[:at] + [name] + order[at:]))


__all__ = ["arrive", "by_region", "by_round", "coming_teams", "tell_at_start", "tell_falls",
           "waiting"]
