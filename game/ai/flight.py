"""The computer player and a flyer's minimum flight speed (docs/rules/21-terrain-and-falling.md
"Turning and minimum flight speed").

A flyer that has not flown its minimum this turn (the engine's `stall_due`) would stall if the
turn ended now: it comes down prone. Every plan that leaves it no Big Action to fly on with, and
does not itself fly far enough, is charged STALL_SHARE of the creature's value; ending the turn
is charged always. The legality query still decides which paths are legal; this only weighs
them.
"""
from __future__ import annotations

from dataclasses import replace

from game.engine import commands as C
from game.engine.falling import stall_due
from game.hexgrid import hex_distance
from game.rules import flight

STALL_SHARE = 0.3        # landing prone, as a share of the creature's own value


def hexes_flown(b, me, cmd) -> int:
    """How many hexes the command flies the creature (0 for a command that does not move it)."""
    if isinstance(cmd, (C.Move, C.Retreat)):
        return len(cmd.path)
    if isinstance(cmd, (C.Run, C.Charge)):
        return hex_distance(me.anchor, b.hexmap.hex_at(*cmd.to))
    return 0


def _stalls(b, me, cmd, need: int, big_left: int) -> bool:
    if hexes_flown(b, me, cmd) >= need:
        return False
    return isinstance(cmd, C.EndTurn) or big_left <= 1


def mind_the_stall(planner, options: list) -> list:
    """`options` with the plans that would end the turn short of the minimum charged."""
    b, me = planner.b, planner.me
    if not stall_due(b, me.name):
        return options
    need = flight.min_hexes(me) - b.turn.flown
    cost = STALL_SHARE * planner.ctx.value(me)
    big_left = b.budget(me.name).big
    return [replace(o, score=o.score - cost, detail={**o.detail, "stall": -round(cost, 3)})
            if _stalls(b, me, o.command, need, big_left) else o for o in options]


__all__ = ["STALL_SHARE", "hexes_flown", "mind_the_stall"]
