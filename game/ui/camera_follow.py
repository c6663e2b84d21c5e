"""Which creature the camera follows (the `follow` setting, on by default): in the computer's
turns and in replays, the map scrolls to the creature that acts when it is out of view. The
acting creature of a batch of engine events is the last one that started a turn, moved,
attacked or used an ability (`acting_creature`)."""
from __future__ import annotations

from game.engine import events as E

#: event type -> the field naming the creature that acts
ACTOR_OF_EVENT = {E.TurnStarted: "unit", E.Moved: "unit", E.AttackRolled: "attacker",
                  E.AbilityUsed: "unit", E.ForcedMoved: "unit", E.Stood: "unit",
                  E.PowerUsed: "unit", E.Respawned: "unit"}


def acting_creature(events) -> str | None:
    """The creature the camera should show after `events` (None: nobody acted)."""
    for e in reversed(list(events)):
        field = ACTOR_OF_EVENT.get(type(e))
        if field is not None:
            return getattr(e, field)
    return None


__all__ = ["ACTOR_OF_EVENT", "acting_creature"]
