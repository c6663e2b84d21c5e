"""Timed effects of the steller rules (docs/rules/steller/conditions.md): a condition with its
duration, put on a creature and ended when its time comes.

- "end of next turn": ends at the end of the user's next turn (the end of the turn it was
  given in does not count); "start of next turn": at the start of the user's next turn;
- "save ends": a saving throw (d20 >= 10) at the end of each of the affected creature's turns;
- "end of battle": never. Prone lasts until the creature stands up.

The creature's `Conditions` (its badges) hold the condition while any effect gives it.
"""
from __future__ import annotations

from dataclasses import replace

from game.ecs.steller_components import Effect, StellerEffects
from game.engine import events as E
from game.engine.steller.body import effects_of
from game.rules.steller.health import SAVE_NEEDS, saved

LASTS_TILL_STOOD = ("prone",)


def effect_for(b, condition: str, until: str, user: str, target: str, amount: int = 0,
               damage_type: str = "") -> Effect:
    if until == "save ends":
        return Effect(condition, "save", target, 1, amount, user, damage_type)
    if until == "end of next turn":
        return Effect(condition, "end", user, 2 if b.active == user else 1, amount, user,
                      damage_type)
    if until == "start of next turn":
        return Effect(condition, "start", user, 1, amount, user, damage_type)
    return Effect(condition, "battle", target, 1, amount, user, damage_type)


def add_effect(b, target: str, condition: str, until: str, user: str, amount: int = 0,
               damage_type: str = "") -> None:
    """Put `condition` on `target` for `until` (prone: until it stands up); ongoing damage
    keeps its `damage_type`."""
    if condition in LASTS_TILL_STOOD:
        b.set_condition(target, condition, 1)
        return
    effect = effect_for(b, condition, until, user, target, amount, damage_type)
    b.update(target, StellerEffects, effects=effects_of(b, target) + (effect,))
    if condition == "ongoing":
        value = ongoing_total(b, target)
    else:
        value = max(amount, b.conditions(target).active.get(condition, 0)) if amount else 1
    b.set_condition(target, condition, value)


def drop_effects(b, name: str, ended) -> None:
    """End the effects `ended` on `name`; a condition no other effect gives is removed."""
    if not ended:
        return
    left = tuple(e for e in effects_of(b, name) if e not in ended)
    b.update(name, StellerEffects, effects=left)
    for condition in {e.condition for e in ended}:
        still = [e for e in left if e.condition == condition]
        if not still:
            b.remove_condition(name, condition)
        elif condition == "ongoing":
            b.set_condition(name, condition, ongoing_total(b, name))


def count_down(b, owner: str, moment: str) -> None:
    """At the `moment` ("start" or "end") of `owner`'s turn: the effects timed by its turns
    count one down; those at 0 end."""
    for name in list(b.eids):
        ended, kept = [], []
        for e in effects_of(b, name):
            if e.ends == moment and e.owner == owner:
                (ended if e.turns <= 1 else kept).append(e)
        if kept:
            b.update(name, StellerEffects, effects=tuple(
                replace(e, turns=e.turns - 1) if e in kept else e for e in effects_of(b, name)))
        drop_effects(b, name, tuple(ended))


def saving_throws(b, name: str) -> None:
    """One saving throw per "save ends" effect on `name` (the end of its turn)."""
    ended = []
    for e in effects_of(b, name):
        if e.ends != "save":
            continue
        natural = b.dice.d20()
        success = saved(natural)
        b.emit(E.SaveRolled(name, e.condition, natural, natural, SAVE_NEEDS, success,
                            f"save against {e.condition}: d20 {natural} (10 or more ends it)"))
        if success:
            ended.append(e)
    drop_effects(b, name, tuple(ended))


def ongoing_damage(b, name: str) -> tuple[tuple[str, int], ...]:
    """The ongoing damage it takes at the start of its turn: (damage type, amount), the
    highest of its effects of each type, sorted by type ("" : untyped)."""
    highest: dict[str, int] = {}
    for e in effects_of(b, name):
        if e.condition == "ongoing":
            highest[e.damage_type] = max(e.amount, highest.get(e.damage_type, 0))
    return tuple(sorted(highest.items()))


def ongoing_total(b, name: str) -> int:
    """The ongoing damage its badge shows: what the start of its turn deals before
    resistance."""
    return sum(amount for _, amount in ongoing_damage(b, name))


def marked_by(b, name: str) -> tuple[str, ...]:
    return tuple(e.source for e in effects_of(b, name) if e.condition == "marked")


def clear(b, name: str) -> None:
    b.update(name, StellerEffects, effects=())


__all__ = ["add_effect", "clear", "count_down", "drop_effects", "effect_for", "marked_by",
           "ongoing_damage", "ongoing_total", "saving_throws"]
