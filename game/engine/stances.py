"""Lean Out and Take Cover (docs/rules/19-maneuvers-and-archery.md "Lean Out / Take Cover";
the rulebook's "Lean Out from Cover / Take Cover", a Swift action).

A one-hex creature next to a wall hex (tile `obstacle = wall`) takes cover behind it: it has
Total cover against attackers beyond the wall (whose centre lies within 60 degrees of the
direction from the creature to the wall) and cannot attack past it. Leaning out, it may attack
past the wall and has Good cover (+4) against those attackers; its ranged lines to and from
them start at the better of its hex and the two hexes at the wall's edge
(`game.rules.cover.leaning_position`). Both are states (conditions
whose value is 1 + the wall's direction) that `game.rules.cover.behind_cover` reads; moving
ends them (`Battle.place`). Each costs the Little Action (or a Big Action spent as one).

Decisions where the rulebook is silent: only walls count (a low wall already gives its cover
by the lines); a creature of several hexes cannot hide behind one hex of wall; the states
last until the creature changes them or moves, across its turns.
"""
from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType

from game.engine import guards, spending
from game.engine.state import Refused
from game.engine.commands import LeanOut, TakeCover
from game.engine.forecast import Forecast
from game.engine.registry import COMMANDS, FORECASTS
from game.hexgrid import hex_neighbors
from game.rules.cover import beyond_wall, cover_wall
from game.rules.sections import cite

R19 = cite(19)


def walls_beside(b, u) -> list:
    """The wall hexes next to a one-hex creature, as (direction, hex)."""
    if len(u.hexes) != 1:
        return []
    out = []
    for d, n in enumerate(hex_neighbors(u.anchor)):
        if b.hexmap.contains(n) and b.hexmap.terrain_at(n).obstacle == "wall":
            out.append((d, n))
    return out


def can_take_cover(b, u) -> None:
    guards.little_action(b, u, "Take Cover")
    if len(u.hexes) != 1:
        raise Refused("too_large", f"{u.name} takes up more than one hex: it cannot hide "
                      "behind a wall")
    if not walls_beside(b, u):
        raise Refused("no_wall", f"no wall next to {u.name} to take cover behind ({R19})")


@COMMANDS.handles(TakeCover)
def take_cover(b, cmd):
    """TakeCover: behind the adjacent wall hex `to`."""
    u = guards.actor_of_turn(b, cmd)
    can_take_cover(b, u)
    wall = guards.cell(b, cmd.to, "the wall")
    found = [d for d, n in walls_beside(b, u) if n == wall]
    if not found:
        raise Refused("no_wall", f"{cmd.to[0]},{cmd.to[1]} is not a wall next to {u.name}")
    value = found[0] + 1
    if u.conditions.get("taking_cover") == value:
        raise Refused("already_in_cover", f"{u.name} is already in cover behind that wall")

    def perform():
        spending.spend_little(b, u.name, "Take Cover")
        spending.non_attack_action(b)
        if "leaning_out" in b.unit(u.name).conditions:
            b.remove_condition(u.name, "leaning_out")
        b.set_condition(u.name, "taking_cover", value)
    return perform


def can_lean_out(b, u) -> None:
    guards.little_action(b, u, "Lean Out")
    if not u.conditions.get("taking_cover") or cover_wall(b.view(), u) is None:
        raise Refused("not_in_cover", f"{u.name} is not in cover behind a wall: take cover "
                      "first")


@COMMANDS.handles(LeanOut)
def lean_out(b, cmd):
    """LeanOut: attack past the wall with Good cover from beyond it."""
    u = guards.actor_of_turn(b, cmd)
    can_lean_out(b, u)
    value = u.conditions["taking_cover"]

    def perform():
        spending.spend_little(b, u.name, "Lean Out")
        spending.non_attack_action(b)
        b.remove_condition(u.name, "taking_cover")
        b.set_condition(u.name, "leaning_out", value)
    return perform


def shut_out(view, u, value: int, state: str) -> list[str]:
    """The enemies beyond the wall of direction `value` - 1 (what a state would change)."""
    probe = view.replace(with_stance(u, state, value))
    me = probe.unit(u.name)
    return [e.name for e in probe.enemies_of(me) if beyond_wall(probe, me, e)]


def with_stance(u, state: str, value: int):
    """The creature's view as if it took `state` ("taking_cover" or "leaning_out") behind
    the wall of direction `value` - 1 (the other stance dropped)."""
    kept = {k: v for k, v in u.conditions.items() if k not in ("taking_cover", "leaning_out")}
    return replace(u, conditions=MappingProxyType({**kept, state: value}))


@FORECASTS.handles(TakeCover)
def take_cover_forecast(b, cmd) -> Forecast:
    """The enemies the wall would shut out (they cannot attack it, nor it them)."""
    view = b.view()
    u = view.unit(cmd.unit)
    d = next(d for d, n in walls_beside(b, u) if b.cell(n) == tuple(cmd.to))
    names = shut_out(view, u, d + 1, "taking_cover")
    text = ", ".join(names) if names else "no enemy now"
    return Forecast(None, (f"Total cover from beyond the wall: {text} ({R19})",),
                    caught=tuple(names))


@FORECASTS.handles(LeanOut)
def lean_out_forecast(b, cmd) -> Forecast:
    """The enemies it may attack past the wall, with Good cover against them."""
    view = b.view()
    u = view.unit(cmd.unit)
    names = shut_out(view, u, u.conditions.get("taking_cover", 0), "leaning_out")
    text = ", ".join(names) if names else "no enemy now"
    return Forecast(None, (f"Attacks past the wall, Good cover (+4 AC) from: {text} ({R19})",),
                    caught=tuple(names))


__all__ = ["can_lean_out", "can_take_cover", "lean_out", "lean_out_forecast", "shut_out",
           "take_cover", "take_cover_forecast", "walls_beside", "with_stance"]
