"""The other actions of a steller turn (docs/rules/steller/actions.md): second wind, total
defense, delaying and ending the turn, and the answers outside a turn (React to an opportunity attack
prompt, a reaction policy)."""
from __future__ import annotations

from game.ecs.steller_components import StellerPool
from game.engine import one_reaction
from game.engine.state import Refused
from game.engine.steller import guards as G
from game.engine.steller.body import pool_of, sheet_of
from game.engine.steller.health import spend_surge
from game.engine.steller.delay import ask_returns, check_delay, move_before, set_aside
from game.engine.steller.turns import (
    check_victory, finish_turn, next_actor, open_turn, proceed,
)


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
        yield from next_turn(b, u.name)
    return perform


def delay(b, cmd):
    """Delay (docs/rules/steller/turns.md "Delay"): the whole turn waits, its end too."""
    u = G.actor(b, cmd)
    check_delay(b, u)

    def perform():
        set_aside(b, u.name)
        yield from next_turn(b, u.name)
    return perform


def next_turn(b, after: str):
    """After `after`'s turn: a delaying creature may come back (a generator: each is asked),
    taking its turn before the creature next in the order; else that creature begins."""
    if check_victory(b):
        return
    back = yield from ask_returns(b, after)
    if back is None:
        proceed(b)
        return
    move_before(b, back, next_actor(b))
    open_turn(b, back)


def react(b, cmd):
    return one_reaction.react(b, cmd, G.ATTACK)


__all__ = ["delay", "end_turn", "next_turn", "react", "second_wind", "total_defense"]
