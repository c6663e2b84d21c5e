"""Damage, healing and dying of the steller rules (docs/rules/steller/hit-points.md).

Damage is taken from temporary hit points first. A creature at half its maximum or fewer is
bloodied. At 0 or fewer it is dying: unconscious and prone, a death saving throw at the end of
each of its turns (game.engine.steller.turns); more damage keeps lowering its hit points, and at
minus its bloodied value it dies. A minion dies at 0. Healing a dying creature starts from 0;
its failed death saving throws stay counted for the rest of the battle (only a rest, which
no battle holds, would clear them). Temporary hit points vanish when the battle ends.
"""
from __future__ import annotations

from game.ecs.components import Footprint, Health, TempHP
from game.ecs.steller_components import StellerPool
from game.engine import events as E
from game.engine.steller.body import pool_of, sheet_of
from game.engine.steller.effects import clear
from game.rules.steller.health import bloodied, dead_at, healed, surge_value, temp_pool

DOWN = ("dying", "unconscious")


def temp_of(b, name: str) -> int:
    found = b.store.try_component(b.eids[name], TempHP)
    return found.amount if found else 0


def harm(b, name: str, amount: int, breakdown: str, by: str, critical: bool = False,
         damage_type: str = "") -> None:
    """`amount` damage to `name`: its temporary hit points first, then its hit points."""
    if b.health(name).dead:
        return
    temp = temp_of(b, name)
    absorbed = min(temp, amount)
    if absorbed:
        b.attach(name, TempHP(temp - absorbed))
    health = b.health(name)
    hp = health.hp - (amount - absorbed)
    b.update(name, Health, hp=hp)
    b.emit(E.Damaged(name, amount, hp, damage_type, breakdown, critical, absorbed))
    after_hp_change(b, name, by)


def after_hp_change(b, name: str, by: str = "") -> None:
    """Bloodied, dying or dead as its hit points now say."""
    health, sheet = b.health(name), sheet_of(b, name)
    if health.hp <= 0 and (sheet.minion or health.hp <= dead_at(health.max_hp)):
        die(b, name, by, "damage")
        return
    if health.hp <= 0:
        for condition in DOWN + ("prone",):
            if condition not in b.conditions(name).active:
                b.set_condition(name, condition, 1)
    elif "dying" in b.conditions(name).active:
        for condition in DOWN:
            b.remove_condition(name, condition)
    if bloodied(health.hp, health.max_hp) != ("bloodied" in b.conditions(name).active):
        if bloodied(health.hp, health.max_hp):
            b.set_condition(name, "bloodied", 1)
        else:
            b.remove_condition(name, "bloodied")


def die(b, name: str, by: str, cause: str) -> None:
    at = b.cell(b.unit(name).anchor)
    b.update(name, Health, dead=True)
    b.update(name, Footprint, hexes=())
    clear(b, name)
    b.set_conditions(name, {}, {})
    b.emit(E.Died(name, at, by, cause))


def heal(b, name: str, amount: int, by: str, source: str) -> None:
    health = b.health(name)
    hp = healed(health.hp, health.max_hp, amount)
    b.update(name, Health, hp=hp)
    b.emit(E.Healed(name, hp - max(0, health.hp), hp, by, source, f"+{amount} {source}"))
    after_hp_change(b, name)


def spend_surge(b, name: str, by: str, source: str, bonus: int = 0) -> bool:
    """Spend one of `name`'s healing surges: it regains a quarter of its maximum (+ bonus).
    False when it has none left."""
    pool = pool_of(b, name)
    if pool.surges <= 0:
        return False
    b.update(name, StellerPool, surges=pool.surges - 1)
    heal(b, name, surge_value(b.health(name).max_hp) + bonus, by, source)
    return True


def lose_all_temp(b) -> None:
    """The battle is over: every creature's temporary hit points are gone."""
    for name in b.eids:
        if temp_of(b, name):
            b.attach(name, TempHP(0))


def gain_temp(b, name: str, amount: int, by: str, source: str) -> None:
    """Temporary hit points do not stack: the higher pool stays."""
    now = temp_of(b, name)
    pool = temp_pool(now, amount)
    b.attach(name, TempHP(pool))
    b.emit(E.TempHPGained(name, amount, pool, by, source))


__all__ = ["DOWN", "after_hp_change", "die", "gain_temp", "harm", "heal", "lose_all_temp",
           "spend_surge", "temp_of"]
