"""The check a Terrified creature's commands pass (docs/rules/11-hit-points-and-conditions.md
"Terrified"; the rule itself is game.rules.fear).

`check_action(b, u, action)`: while the creature must flee, only the actions that move it
away (`FLIGHT`) and ending its turn are allowed. `check_command(b, u, cmd)`: that, and no
movement ends closer to the source of its fear than it began; while it must flee, a movement
ends farther. `guards.actor_of_turn` runs `check_command` on every command of a turn, and the
legality query runs `check_action` before any target is chosen, so both refuse alike.
"""
from __future__ import annotations

from game.engine import commands as C
from game.engine.interrupts import action_name
from game.engine.state import Refused
from game.rules import fear
from game.rules import movement as rm
from game.rules.threat import footprint_distance

R11 = "rules: Hit points and conditions"
# The actions that carry a fleeing creature away (each must end farther from its fear), opening
# a door on its way, and ending the turn.
FLIGHT = frozenset({"move", "run", "retreat", "step", "stand_up", "tumble", "overpower",
                    "open_door", "end_turn"})
MOVEMENTS = (C.Move, C.Retreat, C.Run, C.Step, C.Charge, C.Tumble, C.Overpower, C.StandUp)


def must_flee(b, u) -> bool:
    """Is `u` held by its fear with a movement left that takes it farther away?"""
    budget = b.budget(u.name)
    left = rm.movement_budget(budget.movement, budget.big, rm.speed_hexes(u))
    return fear.can_flee(b.view(), u, left)


def check_action(b, u, action: str) -> None:
    """Refuse `action` when `u` must flee and the action does not carry it away."""
    if action in FLIGHT or fear.feared(b.view(), u) is None:
        return
    if must_flee(b, u):
        source = fear.feared(b.view(), u)
        raise Refused("must_flee", f"{u.name} is terrified of {source.name} and must flee: "
                      f"it can only move away from it while within 50 ft and in its sight "
                      f"({R11})")


def _end_of(b, cmd):
    """(anchor, facing or None) where a movement command ends, None when it names no valid
    end (its own handler refuses it then)."""
    if isinstance(cmd, (C.Move, C.Retreat)):
        path = cmd.path
        if not isinstance(path, (tuple, list)) or not path:
            return None
        facings = getattr(cmd, "facings", ())
        last, facing = path[-1], (facings[-1] if facings and len(facings) == len(path)
                                  else None)
    else:
        last, facing = getattr(cmd, "to", None), None
    ok = isinstance(last, (tuple, list)) and len(last) == 2 and all(
        isinstance(v, int) and not isinstance(v, bool) for v in last)
    if not ok or not b.hexmap.in_bounds(*last):
        return None
    return b.hexmap.hex_at(*last), (facing if isinstance(facing, int) else None)


def check_command(b, u, cmd) -> None:
    """The Terrified rule for one command of `u`'s turn (see the module)."""
    source = fear.feared(b.view(), u)
    if source is None:
        return
    check_action(b, u, action_name(type(cmd)))
    if not isinstance(cmd, MOVEMENTS):
        return
    end = _end_of(b, cmd)
    if end is None:
        return
    now, then = footprint_distance(u, source), fear.distance_at(u, source, *end)
    if then < now:
        raise Refused("toward_fear", f"{u.name} is terrified of {source.name}: it cannot move "
                      f"toward it while within 50 ft ({R11})")
    if then == now and must_flee(b, u):
        raise Refused("must_flee", f"{u.name} is terrified of {source.name} and must flee: "
                      f"its movement must end farther from it ({R11})")


__all__ = ["FLIGHT", "check_action", "check_command", "must_flee"]
