"""The off hand's chance: a main-hand hit on a flat-footed foe opens it, once per turn
(docs/rules/19-maneuvers-and-archery.md "The off hand and two weapons";
docs/architecture.md "The engine").

`after_hit` is called by every attack of the turn (`game.engine.attacks.attack_action`) and
records the chance in the attacker's FollowUp component; `chance_now` says which foe the
off-hand attack (`game.engine.maneuvers`) may strike now: right after the hit, before any
other command.
"""
from __future__ import annotations

from dataclasses import replace

from game.ecs.components import FollowUp
from game.engine.commands import SetPolicy
from game.rules.attack import target_defenceless
from game.rules.hands import grants_follow_up


def follow_up(b, name: str) -> FollowUp:
    """The creature's FollowUp (an empty one when it never had the chance)."""
    return b.store.try_component(b.entity(name), FollowUp) or FollowUp()


def after_hit(b, attacker: str, target: str, weapon, roll) -> None:
    """A main-hand hit on a flat-footed foe opens the off hand's chance (once per turn)."""
    if b.active != attacker or not roll.hit:
        return
    f = follow_up(b, attacker)
    u = b.unit(attacker)
    if f.used_round != b.round and grants_follow_up(u, weapon) and \
            target_defenceless(roll.plan.situation) is not None:
        b.attach(attacker, replace(f, target=target, at=len(b.log)))


def chance_now(b, name: str) -> str:
    """The foe the off hand may strike now ("" when there is no chance): right after the hit,
    before any other command, once per turn."""
    f = follow_up(b, name)
    since = b.log[f.at + 1:] if f.target and f.at >= 0 else ()
    if f.target and f.at < len(b.log) and f.used_round != b.round and \
            all(isinstance(c, SetPolicy) for c in since):     # a setting is not a command
        return f.target
    return ""


__all__ = ["after_hit", "chance_now", "follow_up"]
