"""The computer player's use of mounts (docs/rules/03-movement.md "Riding a mount").

A creature beside a free allied mount climbs on when nothing better is in reach: in the
saddle it moves at the mount's speed, charges farther and strikes smaller foes on foot as
from high ground. The gain is a share of its own value, less the attacks of opportunity that
climbing on provokes. It never climbs down of its own accord.
"""
from __future__ import annotations

from game.ai.options import Option

MOUNT_GAIN = 0.5         # a mount's speed and height, as a share of the rider's own value


def mount_options(planner, stay_value: float) -> list:
    """Climb onto a mount beside me (the legality query's own commands, confirmed)."""
    if not planner.allowed("mount"):
        return []
    me = planner.me
    commands = [o.command for o in planner.b.options(me.name, "mount")]
    if not commands:
        return []
    cost, _, names = planner.ctx.aoo_cost(planner.here_threatened)
    gain = MOUNT_GAIN * planner.ctx.value(me)
    cmd = commands[0]
    if names:
        cmd = type(cmd)(cmd.unit, mount=cmd.mount, confirm=True)
    return [Option("mount", stay_value + gain - cost, cmd,
                   {"mount": cmd.mount, "gain": round(gain, 3), "aoo": -round(cost, 3),
                    "provokes": names})]


__all__ = ["MOUNT_GAIN", "mount_options"]
