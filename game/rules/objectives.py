"""Objectives (docs/rules/12-winning.md "Objectives"): whether each of a side's objectives is
met, whether a side has lost a creature it had to protect, and what each objective's progress
is, from a view of the battle and what the battle counted so far (`Progress`).

Pure functions: the engine (game/engine/objectives.py) asks them after every action and at
the end of every round and ends the battle on their answer.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType

from game.rules import conditions as cond
from game.tiled.scenario import Objective, Scenario


@dataclass(frozen=True)
class Progress:
    """What the battle counted: rounds each `hold` objective's region was held in a row, the
    creatures that have reached each `reach` objective's region, and the rounds completed.
    Objectives are keyed by their place in the map's list (`key`). `waiting`: name -> team
    of the reinforcements still to arrive (not defeated, not fallen)."""

    held: MappingProxyType = field(default_factory=lambda: MappingProxyType({}))
    reached: MappingProxyType = field(default_factory=lambda: MappingProxyType({}))
    rounds_done: int = 0
    waiting: MappingProxyType = field(default_factory=lambda: MappingProxyType({}))


def key(scenario: Scenario, objective: Objective) -> str:
    """The objective's key in the battle's bookkeeping: its place in the map's list."""
    return str(scenario.objectives.index(objective))


def standing(view) -> dict[str, str]:
    """name -> team of every creature that counts for its side: on the map, alive, not
    unconscious."""
    return {u.name: u.team for u in view.units
            if not u.dead and "unconscious" not in cond.effective(u.conditions)}


def in_region(view, region) -> dict[str, str]:
    """name -> team of the standing creatures with a hex in `region`."""
    up = standing(view)
    cells = region.cells
    return {u.name: u.team for u in view.units if u.name in up and
            any(view.hexmap.tile_of(h) in cells for h in u.hexes)}


def holds(view, team: str, region) -> bool:
    """`team` holds `region`: a standing creature of its own in it and none of another side."""
    teams = set(in_region(view, region).values())
    return teams == {team}


def met(scenario: Scenario, o: Objective, view, progress: Progress) -> bool:
    """Whether objective `o` is met now."""
    up = {**progress.waiting, **standing(view)}
    k = key(scenario, o)
    if o.kind == "defeat_all":
        return not any(t != o.team for t in up.values())
    if o.kind in ("defeat_leader", "protect"):
        return (o.target in up) == (o.kind == "protect")
    if o.kind == "hold":
        return progress.held.get(k, 0) >= o.rounds
    if o.kind == "reach":
        return len(progress.reached.get(k, ())) >= o.count
    return progress.rounds_done >= o.rounds and o.team in up.values()    # survive


def failed_protection(scenario: Scenario, team: str, view,
                      progress: Progress = Progress()) -> Objective | None:
    """The first `protect` objective of `team` whose creature has fallen (the side has lost),
    or None."""
    up = {**progress.waiting, **standing(view)}
    return next((o for o in scenario.of_team(team) if o.kind == "protect"
                 and o.target not in up), None)


def winning(scenario: Scenario, team: str, view, progress: Progress) -> tuple[Objective, ...]:
    """The objectives that win the battle for `team` now (empty: not yet). Its objectives
    other than `protect` join by `any` or `all`; a side without such objectives wins only as
    the last side standing."""
    goals = [o for o in scenario.of_team(team) if o.kind != "protect"]
    if not goals or failed_protection(scenario, team, view, progress):
        return ()
    done = tuple(o for o in goals if met(scenario, o, view, progress))
    if goals[0].join == "all":
        return done if len(done) == len(goals) else ()
    return done[:1]


def status(scenario: Scenario, o: Objective, view, progress: Progress) -> str:
    """The objective's progress in a few words for players ("1 of 2 rounds held")."""
    k = key(scenario, o)
    if o.kind == "hold":
        return f"{min(progress.held.get(k, 0), o.rounds)} of {o.rounds} held"
    if o.kind == "reach":
        return f"{min(len(progress.reached.get(k, ())), o.count)} of {o.count} there"
    if o.kind == "survive":
        return f"{min(progress.rounds_done, o.rounds)} of {o.rounds} rounds"
    if o.kind == "protect":
        return "standing" if met(scenario, o, view, progress) else "fallen"
    if o.kind == "defeat_leader":
        return "defeated" if met(scenario, o, view, progress) else "standing"
    enemies = sum(1 for t in standing(view).values() if t != o.team)
    return f"{enemies} enem{'y' if enemies == 1 else 'ies'} left"


__all__ = ["Progress", "failed_protection", "holds", "in_region", "key", "met", "standing",
           "status", "winning"]
