"""The map's objectives decide the battle (docs/rules/12-winning.md "Objectives";
docs/mapping.md "Objectives and events"). `game.engine.turns` asks:

- `after_action(b)`: after every command, the creatures that reached a `reach` region are
  counted, region stories and reinforcements happen (game.engine.arrivals);
- `decide(b)`: whenever the battle may be won (`turns.check_victory`): a side whose protected
  creature fell has lost (ObjectiveFailed, once); a side whose objectives are met wins
  (ObjectiveMet); two at once: a draw. `out_of_the_running(b)` are the sides that lost so;
  the last side standing among the others wins as before;
- `round_over(b)`: at the end of every round, before the next starts: `hold` counts the
  rounds each region was held in a row, `survive` counts the round, and the round limit may
  end the battle (RoundLimitReached).

A map without objectives or events changes nothing: every function returns at once.
"""
from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType

from game.engine import arrivals
from game.engine import events as E
from game.rules import objectives as rules

DRAW = "draw"       # game.engine.turns.DRAW


@dataclass(frozen=True)
class ObjectiveReport:
    """One objective as the HUD lists it."""
    team: str
    text: str
    status: str
    met: bool
    kind: str


def progress(b, rounds_done: int | None = None) -> rules.Progress:
    """What the battle has counted, for the rules' questions."""
    waiting = {u.name: u.team for g in b.hexmap.scenario.reinforcements
               if g.layer not in b.arrived for u in g.units}
    return rules.Progress(MappingProxyType(dict(b.held)), MappingProxyType(dict(b.reached)),
                          b.round - 1 if rounds_done is None else rounds_done,
                          MappingProxyType(waiting))


def teams(b) -> list[str]:
    """Every side of the battle, the map's order first."""
    return list(dict.fromkeys([*b.hexmap.teams, *b.teams_of.values()]))


def after_action(b) -> None:
    scenario = b.hexmap.scenario
    if not scenario or b.winner:
        return
    view = b.view()
    for o in scenario.objectives:
        if o.kind == "reach":
            k = rules.key(scenario, o)
            there = {n for n, t in rules.in_region(view, scenario.regions[o.target]).items()
                     if t == o.team}
            if not there <= set(b.reached.get(k, ())):
                b.note_entry("reached", k, tuple(sorted(there | set(b.reached.get(k, ())))))
    arrivals.by_region(b)


def decide(b, rounds_done: int | None = None) -> str | None:
    """The side that has won by its objectives now, DRAW, or None (module docstring)."""
    scenario = b.hexmap.scenario
    if not scenario:
        return None
    arrivals.tell_falls(b)
    view, counted = b.view(), progress(b, rounds_done)
    for team in teams(b):
        failed = rules.failed_protection(scenario, team, view, counted)
        if failed is not None and f"lost:{team}" not in b.told:
            b.note(told=(*b.told, f"lost:{team}"))
            b.emit(E.ObjectiveFailed(team, failed.describe(), b.round))
    winners = {team: done for team in teams(b)
               if (done := rules.winning(scenario, team, view, counted))}
    for team, done in winners.items():
        b.emit(E.ObjectiveMet(team, "; ".join(o.describe() for o in done), b.round))
    if len(winners) > 1:
        return DRAW
    return next(iter(winners), None)


def out_of_the_running(b) -> set[str]:
    """Sides that lost their protected creature."""
    return {t[len("lost:"):] for t in b.told if t.startswith("lost:")}


def still_coming(b) -> set[str]:
    """Sides with reinforcements sure to arrive: not beaten while they wait."""
    return arrivals.coming_teams(b) if b.hexmap.scenario else set()


def round_over(b) -> str | None:
    """The end of round `b.round` (module docstring): the winner, DRAW, or None."""
    scenario = b.hexmap.scenario
    if not scenario:
        return None
    view = b.view()
    for o in scenario.objectives:
        if o.kind == "hold":
            k = rules.key(scenario, o)
            held = rules.holds(view, o.team, scenario.regions[o.target])
            b.note_entry("held", k, b.held.get(k, 0) + 1 if held else None)
    winner = decide(b, rounds_done=b.round)
    if winner is None and scenario.round_limit and b.round >= scenario.round_limit:
        winner = scenario.round_limit_winner or DRAW
        b.emit(E.RoundLimitReached(b.round, winner))
    return winner


def started(b) -> None:
    """The battle's first round has begun: the opening story."""
    if b.hexmap.scenario:
        arrivals.tell_at_start(b)


def new_round_started(b) -> None:
    if b.hexmap.scenario:
        arrivals.by_round(b)


def report(b) -> list[ObjectiveReport]:
    """Every objective of the map with its progress, for the HUD."""
    scenario = b.hexmap.scenario
    view, counted = b.view(), progress(b)
    return [ObjectiveReport(o.team, o.describe(), rules.status(scenario, o, view, counted),
                            rules.met(scenario, o, view, counted), o.kind)
            for o in scenario.objectives]


__all__ = ["DRAW", "ObjectiveReport", "after_action", "decide", "new_round_started",
           "out_of_the_running", "report", "round_over", "started", "still_coming"]
