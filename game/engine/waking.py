"""Wake Up (docs/rules/11-hit-points-and-conditions.md "Asleep"): a Big Action that shakes an
adjacent sleeping creature awake. Taking any HP damage wakes a sleeper too
(`game.engine.health`). A creature knocked out by a Knockout Strike is not asleep: it wakes
after the battle, unless an ally spends a full-round action on it (rules: Special attacks and
archery).
"""
from __future__ import annotations

from game.engine import commands as C
from game.engine import guards, spending
from game.engine.registry import COMMANDS
from game.engine.state import Refused
from game.rules.sections import cite
from game.rules.threat import footprint_distance

R11 = cite(11)


def can_wake_up(b, u) -> None:
    """The check of Wake Up before a sleeper is named: a Big Action left."""
    guards.big_action(b, u, guards.big_cost(b, "wake_up"), "Wake Up")


def sleeper(b, u, name):
    """The adjacent living sleeping creature `name` (of either side), or Refused."""
    if not isinstance(name, str) or not name:
        raise Refused("no_ally", f"name the creature {u.name} should wake")
    a = b.unit(name) if name in b.eids else b.entity(name)
    if a.eid == u.eid or a.dead:
        raise Refused("not_an_ally", f"{name} is not another living creature")
    if "asleep" not in a.conditions:
        raise Refused("not_asleep", f"{name} is not asleep ({R11})")
    if footprint_distance(u, a) != 1:
        raise Refused("not_adjacent", f"{name} is not adjacent to {u.name}: a sleeper is "
                      f"shaken awake by hand ({R11})")
    return a


@COMMANDS.handles(C.WakeUp)
def wake_up(b, cmd):
    """WakeUp: the adjacent sleeper wakes; no roll, no provoking."""
    u = guards.actor_of_turn(b, cmd)
    can_wake_up(b, u)
    a = sleeper(b, u, cmd.ally)

    def perform():
        spending.spend(b, u.name, "Wake Up", big=guards.big_cost(b, "wake_up"))
        spending.non_attack_action(b)
        b.remove_condition(a.name, "asleep")
    return perform


def candidates(b, u):
    """Every adjacent sleeper, ally first (waking an enemy is allowed but rarely wise)."""
    view = b.view()
    for a in sorted(view.units, key=lambda o: o.team != u.team):
        if a.eid != u.eid and not a.dead and "asleep" in a.conditions \
                and footprint_distance(u, a) == 1:
            yield C.WakeUp(u.name, ally=a.name)


__all__ = ["can_wake_up", "candidates", "sleeper", "wake_up"]
