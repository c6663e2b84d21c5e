"""Readying an action (docs/rules/steller/actions.md "Ready an action").

A standard action: the creature names one of its attack powers on a single creature and the
trigger, an enemy moving into the power's reach or range ("enters") or an enemy making an
attack ("attacks"). When the trigger happens on another creature's turn, it uses the power on
that enemy at once as an immediate reaction (one immediate action a round), and its place in the
initiative order moves to just before the triggering creature. A creature whose reaction policy
is `ask` is asked first (the prompt answered by React). The readied action lapses at the start
of the creature's next turn.
"""
from __future__ import annotations

from game.ecs.components import ActionBudget
from game.ecs.steller_components import StellerPool
from game.engine import events as E
from game.engine.combat import Ask
from game.engine.state import Refused
from game.engine.steller import guards as G
from game.engine.steller.body import is_down, pool_of, sheet_of
from game.engine.steller.delay import reorder
from game.engine.steller.strikes import spend_power, strike
from game.rules.sight import line_of_effect
from game.rules.steller.conditions import NO_ACTIONS
from game.rules.threat import footprint_distance

#: the triggers a readied action may wait for, in words
TRIGGERS = {"enters": "an enemy moves into its reach or range",
            "attacks": "an enemy makes an attack"}
READY = "ready"          # the prompt's kind


def readiable(b, u, power_id):
    """The power `u` may ready (a single-target attack it may still use), or Refused."""
    power = sheet_of(b, u.name).power(power_id) if isinstance(power_id, str) else None
    if power is None:
        raise Refused("no_such_power", f"{u.name} has no power {power_id!r}")
    if power.shape not in ("melee", "ranged") or power.heal or power.action.startswith(
            "immediate"):
        raise Refused("not_readiable", f"{power.name} is not an attack on one creature: "
                      "ready a melee or ranged attack")
    if power.id in pool_of(b, u.name).spent:
        raise Refused("power_spent", f"{u.name} has used {power.name} this battle")
    return power


def ready_action(b, cmd):
    u = G.actor(b, cmd)
    slot = G.can_act(b, u, "standard", "ready an action")
    power = readiable(b, u, cmd.power)
    if cmd.trigger not in TRIGGERS:
        raise Refused("bad_command", f"a readied action waits for {' or '.join(TRIGGERS)}, "
                      f"not {cmd.trigger!r}")

    def perform():
        G.spend(b, u.name, slot)
        b.update(u.name, StellerPool, readied=(power.id, cmd.trigger))
        b.emit(E.ActionSpent(u.name, f"Ready: {power.name} when {TRIGGERS[cmd.trigger]}",
                             0, 0))
    return perform


def _fires(b, reactor: str, mover: str, trigger: str, before) -> object:
    """The power `reactor` uses on `mover` now, or None."""
    pool = pool_of(b, reactor)
    if not pool.readied or pool.readied[1] != trigger or reactor == b.active:
        return None
    if b.teams_of[reactor] == b.teams_of[mover] or is_down(b, reactor) or is_down(b, mover):
        return None
    held = b.conditions(reactor).active
    if any(c in held for c in NO_ACTIONS + ("dazed", "dominated")) or \
            pool.immediate_round == b.round:
        return None
    power = sheet_of(b, reactor).power(pool.readied[0])
    me, it = b.unit(reactor), b.unit(mover)
    if footprint_distance(me, it) > power.range or not line_of_effect(b.view(), me, it):
        return None
    if before is not None and footprint_distance(me, before) <= power.range:
        return None                 # it was within reach already: it did not enter
    return power


def readied_actions(b, mover: str, trigger: str, before=None):
    """The readied actions `mover` sets off (a generator; `ask` creatures are asked first):
    `before`, the hexes it left for "enters". Returns False when the mover went down."""
    for reactor in [n for n in b.order if n in b.eids]:
        power = _fires(b, reactor, mover, trigger, before)
        if power is None:
            continue
        policy = b.controller(reactor).aoo_policy
        if policy == "never":
            continue
        if policy == "ask" and not (yield Ask(reactor, mover, b.cell(b.unit(mover).anchor),
                                              READY)):
            continue
        b.update(reactor, StellerPool, readied=(), immediate_round=b.round)
        reorder(b, reactor, mover)
        b.update(reactor, ActionBudget, acted=True)
        spend_power(b, reactor, power)
        strike(b, reactor, mover, power, kind="readied")
    return not is_down(b, mover)


__all__ = ["READY", "TRIGGERS", "readiable", "ready_action", "readied_actions"]
