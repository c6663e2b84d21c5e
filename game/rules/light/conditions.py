"""The light rules' conditions (docs/rules/light/conditions.md).

Each creature's conditions live in its `Conditions` component as name -> turns left (0: until
something ends it). What each does is read from here by the attack rules and the turn flow.
"""
from __future__ import annotations

import math

CONDITIONS = {
    "blinded": "-10 on its attack rolls",
    "invisible": "+5 on its attack rolls; enemies -10 to hit it and no Opportunity Attacks "
                 "against it",
    "stunned": "attacks against it +5; on its turn no move actions, then it ends",
    "tripped": "attacks against it +2; it ends on its turn",
    "burned": "5 damage at the start of each of its turns for d20/5 turns (rounded up)",
    "poisoned": "3 damage at the start of each of its turns for d20/3 turns (rounded up)",
    "airborne": "cannot be attacked unless by a power that says so or by an attacker that "
                "Jumped this turn; on its turn it falls: Grounded and 5 damage",
    "grounded": "lying on the ground: it must Get Up (a move action)",
    "blocking": "+5 to its defenses until its next turn, not against guns (Block)",
    "ko": "knocked out: off the board until it respawns at the start of its next turn",
}
#: damage at the start of each turn, and the die divisor of the duration (docs: conditions)
TICKING = {"burned": (5, 5), "poisoned": (3, 3)}
AIRBORNE_FALL_DAMAGE = 5
#: conditions nothing in the rulebook ends: given by a power, they last its `turns` (default
#: 1) of the creature's own turns and end as the last of them ends; put by the map, they stay
LASTING = ("blinded", "invisible")


def ticking_turns(condition: str, d20: int) -> int:
    """Turns a Burned or Poisoned condition lasts for a d20 roll: d20 / 5 or d20 / 3, rounded
    up."""
    return math.ceil(d20 / TICKING[condition][1])


def has(conditions, name: str) -> bool:
    return name in conditions


__all__ = ["AIRBORNE_FALL_DAMAGE", "CONDITIONS", "LASTING", "TICKING", "has", "ticking_turns"]
