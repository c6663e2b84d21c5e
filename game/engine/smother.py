"""Stop, Drop and Roll: a burning creature puts its flames out
(docs/rules/11-hit-points-and-conditions.md "Conditions that act on their own";
docs/architecture.md "The engine").

A full-round action: both Big Actions, no other action and no reaction until the creature's
next turn. It drops prone at once and the flames are out when that turn starts, before they
burn again (`game.engine.afflictions.turn_start`). It provokes no attack of opportunity
(dropping prone is Swift, rolling on the spot moves nowhere).
"""
from __future__ import annotations

from game.engine import commands as C
from game.engine.afflictions import SMOTHERING
from game.engine.guards import actor_of_turn, big_action
from game.engine.registry import COMMANDS
from game.engine.spending import non_attack_action, spend, until_next_turn
from game.engine.state import Refused

ACTION = "Stop, Drop and Roll"


def can_stop_drop_roll(b, u) -> None:
    if not u.has("ablaze"):
        raise Refused("not_ablaze", f"{u.name} is not on fire")
    if u.has(SMOTHERING):
        raise Refused("already_rolling", f"{u.name} is already rolling out the flames")
    big_action(b, u, 2, ACTION)


@COMMANDS.handles(C.StopDropRoll)
def stop_drop_roll(b, cmd):
    """StopDropRoll: both Big Actions; prone now, the flames out at the next turn's start."""
    u = actor_of_turn(b, cmd)
    can_stop_drop_roll(b, u)

    def perform():
        spend(b, u.name, ACTION, big=2)
        non_attack_action(b)
        until_next_turn(b, u.name, "full_round")
        b.set_condition(u.name, SMOTHERING, 1)
        if not b.unit(u.name).has("prone"):
            b.set_condition(u.name, "prone", 1)
    return perform


def candidates(b, u):
    yield C.StopDropRoll(u.name)


__all__ = ["ACTION", "can_stop_drop_roll", "candidates", "stop_drop_roll"]
