"""Shield Bash (an attack of the turn, never provoking; rules: Wrestling, shoving and
knockdown): strike the foe with the face of a Light or larger shield (rating 1+) and slam it
to the ground.

The shield's hand must hold no weapon (`game.rules.hands`: with two weapons in hand the shield
still guards but cannot strike). An unarmed melee touch attack (a natural 20 gives +5 on the check); on a hit the basher's
Wrestling against the target's Wrestling or Acrobatics; won, the target is prone; won by 5+,
it also takes 1 + STR mod bludgeoning damage and may be shoved 1 hex through `to`. Until its
next turn the basher's shield rating does not count against enemies other than the target
(the `shield_bash` effect holds the target's entity id; `game.rules.situation` reads it).
"""
from __future__ import annotations

from game.ecs.components import ActionBudget
from game.engine import commands as C
from game.engine import wrestling as WR
from game.engine import attacks, guards
from game.engine.wrestling_maneuvers import footprint_distance_ok
from game.hexgrid import DIRECTIONS, Hex
from game.engine.registry import COMMANDS
from game.engine.state import Refused
from game.engine.health import damage
from game.rules import conditions as cond
from game.rules import wrestling as W
from game.rules.attack import Term
from game.rules.hands import needs_a_hand, shield_hand_free
from game.rules.sections import cite

R18 = cite(18)
WIN_BY = 5            # won by 5+: damage and a shove


def can_shield_bash(b, u) -> None:
    attacks.attack_left(b, u)
    if u.unit.shield < 1:
        raise Refused("no_shield", f"{u.name} carries no shield: a Shield Bash needs a Light "
                      "or larger shield")
    if not shield_hand_free(u):
        held = ", ".join(w.name for w in u.weapons if needs_a_hand(w))
        raise Refused("shield_hand_full", f"{u.name}'s shield hand holds a weapon ({held}): "
                      "sheathe or throw one to bash with the shield")


def check(b, cmd):
    """The checks of a Shield Bash: (basher, target, shove direction or None)."""
    u = guards.actor_of_turn(b, cmd)
    can_shield_bash(b, u)
    t = guards.enemy_target(b, u, cmd.target)
    plan = W.touch_plan(b.view(), u, t, WR.touch_extras(b, u.name, t.name, attack=True))
    if plan is None or not plan.possible:
        why = plan.reason if plan is not None else "no touch attack possible"
        raise Refused("out_of_reach", f"{u.name} cannot bash {t.name}: {why}")
    direction = None
    if cmd.to is not None:
        guards.cell(b, cmd.to, "the hex to shove into")
        direction = WR.shove_direction(b, t, u.hexes, cmd.to)
        if direction is None:
            raise Refused("bad_direction", f"{cmd.to[0]},{cmd.to[1]} is not a hex next to "
                          f"{t.name} that takes it away from {u.name}")
    return u, t, direction


def _slam(b, name: str, target: str, margin: int, direction) -> None:
    """What a won check does: prone; by 5+, damage and the shove."""
    b.set_condition(target, "prone", 1)
    if margin < WIN_BY:
        return
    me = b.unit(name).unit
    amount = max(1, 1 + me.str_mod)
    damage(b, target, amount, ("bludgeoning",),
           f"Shield Bash won by {margin}: 1 + STR {me.str_mod} = {amount} ({R18})", name)
    if direction is not None and target in b.eids and not b.unit(target).dead:
        WR.push(b, name, target, direction, 1)


@COMMANDS.handles(C.ShieldBash)
def shield_bash(b, cmd):
    """Shield Bash (see the module docstring)."""
    u, t, direction = check(b, cmd)
    charging = WR.charge_bonus(b, u.name)

    def perform():
        if not (yield from attacks.still_possible(b, u.name, t.name, W.UNARMED)):
            return
        attacks.begin_attack(b, b.unit(u.name), "Shield Bash")
        b.set_condition(u.name, "shield_bash", t.eid, cond.until_next_turn(u.eid))
        roll = yield from WR.touch(b, u.name, t.name, attack=True)
        b.update(u.name, ActionBudget, attacks=b.budget(u.name).attacks + 1)
        b.note_turn(aim=False, ran=0)
        if roll is None or not roll.hit or t.name not in b.eids or b.unit(t.name).dead:
            return
        extra = charging + ((Term(W.NAT20_BASH, "natural 20", R18),) if roll.natural == 20
                            else ())
        margin = WR.contest(b, u.name, t.name, "shield_bash", extra)
        if margin > 0:
            _slam(b, u.name, t.name, margin, direction)
    return perform


def candidates(b, u):
    """Each enemy in reach, with no shove and with a shove each way that takes it away."""
    for t in b.view().enemies_of(u):
        if not footprint_distance_ok(u, t):
            continue
        yield C.ShieldBash(u.name, target=t.name)
        for d in W.away_directions(t, u.hexes):
            cell = b.cell(Hex(t.anchor.q + DIRECTIONS[d].q, t.anchor.r + DIRECTIONS[d].r))
            if b.hexmap.in_bounds(*cell):
                yield C.ShieldBash(u.name, target=t.name, to=cell)


__all__ = ["can_shield_bash", "candidates", "check", "shield_bash"]
