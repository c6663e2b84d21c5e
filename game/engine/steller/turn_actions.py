"""The other actions of a steller turn (docs/rules/steller/actions.md): second wind, total
defense and ending the turn, and the answers outside a turn (React to an opportunity attack
prompt, a reaction policy)."""
from __future__ import annotations

from game.data.model import AOO_POLICIES
from game.ecs.components import Controller
from game.ecs.steller_components import StellerPool
from game.engine import events as E
from game.engine.state import Refused
from game.engine.steller import guards as G
from game.engine.steller.body import pool_of, sheet_of
from game.engine.steller.health import spend_surge
from game.engine.steller.turns import finish_turn, proceed


def second_wind(b, cmd):
    """Once a battle: spend a healing surge, +2 to all defenses until its next turn."""
    u = G.actor(b, cmd)
    slot = G.can_act(b, u, "standard", "catch its second wind")
    pool = pool_of(b, u.name)
    if pool.second_wind:
        raise Refused("second_wind_used", f"{u.name} has used its second wind this battle")
    if pool.surges <= 0 or sheet_of(b, u.name).minion:
        raise Refused("no_surges", f"{u.name} has no healing surge left")

    def perform():
        G.spend(b, u.name, slot)
        b.update(u.name, StellerPool, second_wind=True)
        spend_surge(b, u.name, u.name, "second wind")
        b.set_condition(u.name, "second_wind", 1)
    return perform


def total_defense(b, cmd):
    u = G.actor(b, cmd)
    slot = G.can_act(b, u, "standard", "take total defense")

    def perform():
        G.spend(b, u.name, slot)
        b.set_condition(u.name, "total_defense", 1)
    return perform


def end_turn(b, cmd):
    u = G.actor(b, cmd)

    def perform():
        finish_turn(b, u.name)
        proceed(b)
    return perform


def react(b, cmd):
    """The answer of an `ask` creature to its opportunity attack prompt."""
    if b.pending is None:
        G.ready(b)
        raise Refused("no_reaction_awaited", "no reaction is awaited")
    if cmd.unit != b.pending.reactor:
        raise Refused("not_reactor", f"the battle waits for {b.pending.reactor}'s reaction, "
                      f"not {cmd.unit}'s")
    if not isinstance(cmd.accept, bool):
        raise Refused("bad_command", "React.accept is true or false")
    return lambda: cmd.accept


def set_policy(b, cmd):
    if not isinstance(cmd.unit, str) or cmd.unit not in b.eids:
        b.entity(cmd.unit)
    if cmd.reaction != "aoo":
        raise Refused("bad_command", "the steller rules ask one reaction: aoo (the "
                      "opportunity attack)")
    if cmd.policy not in AOO_POLICIES:
        raise Refused("bad_command", f"unknown policy {cmd.policy!r} (use "
                      f"{', '.join(AOO_POLICIES)})")

    def perform():
        b.update(cmd.unit, Controller, aoo_policy=cmd.policy)
        b.emit(E.PolicySet(cmd.unit, cmd.policy, cmd.reaction))
    return perform


__all__ = ["end_turn", "react", "second_wind", "set_policy", "total_defense"]
