"""Rake (docs/rules/17-special-abilities.md "Pounce, Rake, Swallow Whole and poison";
docs/architecture.md "The engine").

A creature whose stat block lists `rake` dice (hind legs with claws) that wins a Wrestling
check to pin the creature it grapples may spend its Reaction to rake it: the listed slashing
damage, no attack roll. The computer and human sides alike always take the chance when the
Reaction is there (it costs nothing else).
"""
from __future__ import annotations

from game.ecs.components import Reactions
from game.engine.health import damage
from game.rules.sections import cite
from game.rules.threat import can_react

R17 = cite(17)


def rake(b, name: str, target: str) -> None:
    """After a won pin: the Reaction buys the rake's slashing damage."""
    if name not in b.eids or target not in b.eids or b.unit(target).dead:
        return
    u = b.unit(name)
    dice = u.unit.rake
    if dice is None or not can_react(u):
        return
    b.update(name, Reactions, available=b.reactions(name).available - 1)
    total, faces = b.dice.roll(dice)
    damage(b, target, max(1, total), ("slashing",),
           f"Rake (a Reaction): {dice} [{', '.join(map(str, faces))}] = {max(1, total)} "
           f"slashing ({R17})", name)


__all__ = ["rake"]
