"""The computer player's use of mounts (docs/rules/03-movement.md "Riding a mount").

A creature beside a free allied mount climbs on when nothing better is in reach: in the
saddle it moves at the mount's speed, charges farther and strikes smaller foes on foot as
from high ground. The gain is a share of its own value, less the attacks of opportunity that
climbing on provokes.

A rider climbs down when its mount is likely to go down before the rider's next turn: a
mount that falls throws its rider, who falls from the mount's back and lands prone among the
foes. The chance comes from the blows the foes can deal the mount (`Context.incoming`, each
foe's blows on the mount when it is the weaker half of the pair, else half of them); the cost of the throw from the
falling rules' damage for the mount's height (`game.rules.falling.fall`), a share of the
rider's value for lying prone and the attacks of opportunity of the foes around when it
gets up. Against it: what the saddle is still worth for a round
(`SADDLE_ROUND`, for the chance the mount stands) and the attacks of opportunity climbing
down provokes. The Big Action left after it may still strike from here.
"""
from __future__ import annotations

from game.ai.evaluate import combine, mixture
from game.ai.options import Option
from game.engine.saddle import MOUNT_HEIGHT_STEPS
from game.hexgrid import hex_distance
from game.rules.falling import fall

MOUNT_GAIN = 0.5         # a mount's speed and height, as a share of the rider's own value
THROWN_PRONE = 0.3       # landing prone among the foes, as a share of the rider's own value
SPLIT = 0.5              # a foe strikes a mount no weaker than its rider half the time
SADDLE_ROUND = 0.2       # the saddle for one more round, as a share of the rider's own value


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


def mount_falls(planner, mount) -> float:
    """The chance the mount goes down before the rider's next turn."""
    ctx, dists = planner.ctx, []
    share = 1.0 if mount.hp <= planner.me.hp else SPLIT
    for e in ctx.enemies:
        est, n, _ = ctx.incoming(ctx.view, mount, e, exact=True)
        if est is not None:
            dists += [mixture(est.dist, share)] * n
    return combine(dists, max(1, mount.hp))[0] if dists else 0.0


def _landing(planner, commands):
    """The hex to climb down into: the one farthest from the nearest foe."""
    b, enemies = planner.b, planner.ctx.enemies

    def room(cmd):
        h = b.hexmap.hex_at(*cmd.to)
        return min((hex_distance(h, e.anchor) for e in enemies), default=0)
    return max(commands, key=room)


def dismount_options(planner, stay_value: float) -> list:
    """Climb down from a mount that is about to fall (module docstring)."""
    me, ctx = planner.me, planner.ctx
    if not getattr(me, "mount", "") or not planner.allowed("dismount"):
        return []
    options = planner.b.options(me.name, "dismount")
    if not options or not ctx.view.has_unit(me.mount):
        return []
    mount = ctx.view.unit(me.mount)
    falls = mount_falls(planner, mount)
    thrown = fall(me.max_hp, me.unit.size, MOUNT_HEIGHT_STEPS.get(mount.size, 1)).damage
    value = ctx.value(me)
    aoo, down, names = ctx.aoo_cost(planner.here_threatened)
    gain = falls * ((thrown / max(1, me.hp) + THROWN_PRONE) * value + aoo)
    loss = (1 - falls) * SADDLE_ROUND * value
    cmd = _landing(planner, [o.command for o in options])
    if not any(o.provokes for o in options):
        aoo, down, names = 0.0, 0.0, []
    then = _attack_left(planner)
    score = stay_value + (gain + then) * (1 - down) - loss - aoo
    return [Option("dismount", score, cmd,
                   {"mount_falls": round(falls, 3), "gain": round(gain, 3),
                    "loss": -round(loss, 3), "then_attack": round(then, 3),
                    "aoo": -round(aoo, 3), "provokes": names})]


def _attack_left(planner) -> float:
    """The attack still possible from here with the Big Action left after climbing down."""
    if not planner.allowed("attack"):
        return 0.0
    n = planner.attacks_possible(planner.budget.big - 1)
    return planner.attack_sequence(planner.view, planner.me, n)[0] if n > 0 else 0.0


def riding_options(planner, stay_value: float) -> list:
    """Climbing onto a mount or down from one."""
    return mount_options(planner, stay_value) + dismount_options(planner, stay_value)


__all__ = ["MOUNT_GAIN", "dismount_options", "mount_falls", "mount_options",
           "riding_options"]
