"""Aid another (docs/rules/steller/actions.md "Aid another"): a standard action. The aider makes
its melee basic attack against 10 on an enemy within its reach; it deals no damage, but on a
success an ally it names gets +2 to its next attack on that enemy ("attack"), or +2 to all
defenses against that enemy's next attack on it ("defense"). An aid not used by the end of the
aider's next turn is lost.
"""
from __future__ import annotations

from dataclasses import replace

from game.ecs.steller_components import StellerPool
from game.engine import events as E
from game.engine.state import Refused
from game.engine.steller import guards as G
from game.engine.steller.body import pool_of, sheet_of
from game.engine.steller.aided import aid_key
from game.engine.steller.strikes import attack_plan
from game.rules.steller.attacks import hits
from game.rules.steller.maneuvers import AID_DEFENSE
from game.rules.threat import footprint_distance

AIDS = ("attack", "defense")


def aid_plan(b, aider: str, target: str):
    """The aider's melee basic attack on `target`, against 10 instead of a defense."""
    plan = attack_plan(b, aider, target, sheet_of(b, aider).basic("melee"))
    return replace(plan, target_number=AID_DEFENSE)


def aid_another(b, cmd):
    u = G.actor(b, cmd)
    slot = G.can_act(b, u, "standard", "aid another")
    basic = sheet_of(b, u.name).basic("melee")
    t = G.creature(b, u, cmd.target)
    if basic is None or footprint_distance(u, t) > basic.range:
        raise Refused("out_of_reach", f"{t.name} is out of {u.name}'s melee reach")
    ally = G.creature(b, u, cmd.ally, enemy=False)
    if ally.name == u.name:
        raise Refused("not_an_ally", f"{u.name} aids another creature, not itself")
    if cmd.aid not in AIDS:
        raise Refused("bad_command", f"aid another helps an attack or a defense, not "
                      f"{cmd.aid!r}")

    def perform():
        G.spend(b, u.name, slot)
        plan = aid_plan(b, u.name, t.name)
        natural = b.dice.d20()
        total = natural + plan.bonus
        success = hits(natural, total, AID_DEFENSE)
        terms = plan.describe().rsplit(" vs ", 1)[0]
        b.emit(E.AttackRolled(u.name, t.name, "Aid Another", (natural,), natural, total,
                              AID_DEFENSE, success, False, False,
                              f"{terms} vs {AID_DEFENSE}", kind="aid another"))
        if success:
            entry = (ally.name, t.name, cmd.aid, aid_key(b))
            b.update(u.name, StellerPool, aided=pool_of(b, u.name).aided + (entry,))
    return perform


__all__ = ["AIDS", "aid_another", "aid_plan"]
