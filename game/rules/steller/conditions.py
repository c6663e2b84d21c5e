"""The steller rules' conditions (docs/rules/steller/conditions.md): what each does, read by
the attack rules, the turn flow and the HUD's badges."""
from __future__ import annotations

CONDITIONS = {
    "blinded": "grants combat advantage; cannot see",
    "dazed": "grants combat advantage; one action a turn (a standard, a move or a minor); "
             "no opportunity or immediate actions",
    "deafened": "cannot hear",
    "dominated": "dazed; it uses only its at-will powers",
    "dying": "at 0 hit points or fewer: unconscious, a death saving throw at the end of each "
             "of its turns",
    "helpless": "grants combat advantage",
    "immobilized": "cannot move from its hex (forced movement still moves it)",
    "marked": "-2 to its attacks that do not include the creature that marked it",
    "petrified": "turned to stone: no actions; resists 20 of every damage",
    "prone": "grants combat advantage to melee attacks, -2 to ranged attacks against it; "
             "-2 to its own attacks; it must stand up (a move action)",
    "restrained": "immobilized, cannot be forced to move, grants combat advantage; -2 to its "
                  "attacks",
    "slowed": "its speed is 2",
    "stunned": "grants combat advantage; no actions",
    "surprised": "grants combat advantage; no actions",
    "unconscious": "helpless, prone: no actions; -5 to all defenses",
    "weakened": "deals half damage",
    "bloodied": "at half its hit points or fewer",
    "running": "ran this turn: -5 to its attacks and grants combat advantage until its next turn",
    "total_defense": "+2 to all defenses until the start of its next turn",
    "second_wind": "+2 to all defenses until the start of its next turn",
    "grabbed": "held by a creature next to it: immobilized until it escapes or the grab ends",
    "squeezing": "squeezed into a smaller space: -5 to its attacks, grants combat advantage; "
                 "moves only by squeezing or shifting until it has room again",
    "ongoing": "takes this much damage at the start of each of its turns (save ends)",
}
#: conditions that leave no action on the creature's turn
NO_ACTIONS = ("stunned", "surprised", "unconscious", "dying", "petrified", "helpless")
#: conditions that leave one action on the creature's turn
ONE_ACTION = ("dazed", "dominated")
#: conditions that keep a creature in its hex
HELD = ("immobilized", "restrained", "grabbed")
SLOWED_SPEED = 2
#: conditions that keep a creature from flanking an enemy (dominated: dazed; dying: unconscious)
CANNOT_FLANK = ("blinded", "dazed", "dominated", "stunned", "surprised", "unconscious", "dying")
ATTACKER_PENALTY = {"prone": -2, "restrained": -2, "squeezing": -5}
MARKED_PENALTY = -2


def speed_of(speed: int, conditions) -> int:
    """Its speed now: 0 held, 2 slowed."""
    if any(c in conditions for c in HELD):
        return 0
    return min(speed, SLOWED_SPEED) if "slowed" in conditions else speed


__all__ = ["ATTACKER_PENALTY", "CANNOT_FLANK", "CONDITIONS", "HELD", "MARKED_PENALTY", "NO_ACTIONS",
           "ONE_ACTION", "SLOWED_SPEED", "speed_of"]
