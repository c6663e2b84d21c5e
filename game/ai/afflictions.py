"""The computer player against the conditions that act on their own
(docs/rules/11-hit-points-and-conditions.md "Conditions that act on their own").

A burning creature weighs Stop, Drop and Roll: the fire it would still take (1d6 a round for
the rounds left, 3 when nothing says) as a share of its hit points, times its own value, on
top of staying where it is (the roll takes the whole turn and leaves it prone). The legality
query gives the command; nothing here re-derives the rule.
"""
from __future__ import annotations

from game.ai.options import Option

FIRE_AVERAGE = 3.5          # 1d6 a round
ROUNDS_UNKNOWN = 3          # a fire with no end given burns on: count three rounds
PRONE_COST = 0.05           # lying prone afterwards, as a share of its own value


def burns_left(b, name: str) -> int:
    """The rounds of fire still to come (its expiry counts them when it has one)."""
    expiry = b.conditions(name).expires.get("ablaze")
    return expiry[2] if expiry else ROUNDS_UNKNOWN


def smother_options(planner, stay_value: float) -> list:
    """Stop, Drop and Roll when the legality query offers it."""
    me = planner.me
    commands = [o.command for o in planner.b.options(me.name, "stop_drop_roll")]
    if not commands:
        return []
    hp = max(1, me.hp)
    share = min(1.0, FIRE_AVERAGE * burns_left(planner.b, me.name) / hp)
    worth = planner.ctx.value(me)
    gain = worth * (share - PRONE_COST)
    return [Option("stop drop roll", stay_value + gain, commands[0],
                   {"fire_share": round(share, 3), "gain": round(gain, 3)})]


def affliction_options(planner, stay_value: float) -> list:
    """Every option of the active creature against its own afflictions now."""
    return smother_options(planner, stay_value)


__all__ = ["affliction_options"]
