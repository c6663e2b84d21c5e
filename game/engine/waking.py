"""Wake Up (docs/rules/11-hit-points-and-conditions.md "Asleep"): shake an adjacent sleeper
awake. A sleeping creature wakes at once (a Big Action); one knocked out by a Knockout Strike
needs a full-round action (both Big Actions) and wakes, prone, when the waker's next turn
starts, unless the waker is stopped first (`game.engine.full_round`). Taking any HP damage
wakes a sleeper too (`game.engine.health`).
"""
from __future__ import annotations

from game.engine import commands as C
from game.engine import full_round, guards, spending
from game.engine.registry import COMMANDS
from game.engine.state import Refused
from game.rules.sections import cite
from game.rules.threat import footprint_distance

R11 = cite(11)


def can_wake_up(b, u) -> None:
    """The check of Wake Up before a sleeper is named: a Big Action left."""
    guards.big_action(b, u, guards.big_cost(b, "wake_up"), "Wake Up")


def sleeps(a) -> bool:
    return "asleep" in a.conditions or "knocked_out" in a.conditions


def sleeper(b, u, name):
    """The adjacent living sleeper `name` (of either side), or Refused."""
    if not isinstance(name, str) or not name:
        raise Refused("no_ally", f"name the creature {u.name} should wake")
    a = b.unit(name) if name in b.eids else b.entity(name)
    if a.eid == u.eid or a.dead:
        raise Refused("not_an_ally", f"{name} is not another living creature")
    if not sleeps(a):
        raise Refused("not_asleep", f"{name} is neither asleep nor knocked out ({R11})")
    if footprint_distance(u, a) != 1:
        raise Refused("not_adjacent", f"{name} is not adjacent to {u.name}: a sleeper is "
                      f"shaken awake by hand ({R11})")
    return a


@COMMANDS.handles(C.WakeUp)
def wake_up(b, cmd):
    """WakeUp: a sleeper wakes now; a knocked-out creature when the waker's next turn starts."""
    u = guards.actor_of_turn(b, cmd)
    can_wake_up(b, u)
    a = sleeper(b, u, cmd.ally)
    knocked_out = "asleep" not in a.conditions
    if knocked_out:
        guards.big_action(b, u, 2, "waking a knocked-out creature")

    def perform():
        spending.spend(b, u.name, "Wake Up", big=2 if knocked_out else 1)
        spending.non_attack_action(b)
        if not knocked_out:
            b.remove_condition(a.name, "asleep")
            return
        spending.until_next_turn(b, u.name, "full_round")
        full_round.begin_waking(b, u.name, a.name)
    return perform


def candidates(b, u):
    """Every adjacent sleeper, allies first (waking a foe is allowed but rarely wise)."""
    view = b.view()
    for a in sorted(view.units, key=lambda o: o.team != u.team):
        if a.eid != u.eid and not a.dead and sleeps(a) and footprint_distance(u, a) == 1:
            yield C.WakeUp(u.name, ally=a.name)


__all__ = ["can_wake_up", "candidates", "sleeper", "sleeps", "wake_up"]
