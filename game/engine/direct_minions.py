"""Direct Minions: the leader's Little Action that sets its minions acting (docs/rules/
15-minions.md; docs/architecture.md "The engine").

Once per turn a leader with a minion that can act spends a Little Action: the group then
shares `Economy.minion_actions` collective actions this turn, each worth a Big Action, in any
split among its minions (the pool and the minions' turns are `game.engine.minions`). A minion
cannot lead minions.
"""
from __future__ import annotations

from game.engine import commands as C
from game.engine import events as E
from game.engine import guards, minions, roster, spending
from game.engine.registry import COMMANDS
from game.engine.state import Refused


def can_direct_minions(b, u) -> None:
    if u.name in b.leader_of:
        raise Refused("minion_cannot_lead", f"{u.name} is a minion: minions cannot have "
                      "minions")
    pool = b.minions.get(u.name)
    if pool is None:
        raise Refused("no_minions", f"{u.name} leads no minions")
    if pool.directed:
        raise Refused("already_directed", f"{u.name} has directed its minions this turn")
    if not any(roster.able(b, m) for m in minions.group(b, u.name)):
        raise Refused("no_minions", f"none of {u.name}'s minions can act")
    guards.little_action(b, u, "Direct Minions")


@COMMANDS.handles(C.DirectMinions)
def direct_minions(b, cmd):
    """Direct Minions (a Little Action): the group's collective actions for this turn."""
    u = guards.actor_of_turn(b, cmd)
    can_direct_minions(b, u)

    def perform():
        spending.spend_little(b, u.name, "Direct Minions")
        spending.non_attack_action(b)
        actions = minions.direct_group(b, u.name)
        b.emit(E.MinionsDirected(u.name, actions, tuple(minions.group(b, u.name))))
    return perform


__all__ = ["can_direct_minions", "direct_minions"]
