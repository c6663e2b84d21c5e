"""Doors and things that break: what a door or an obstacle becomes when it is opened, closed or
broken, and what striking it does (docs/rules/21-terrain-and-falling.md "Doors and breaking
things").

The map says how a hex starts (tile properties `door`, `hardness`, `hp`, `break_dc`); the
battle keeps what changed since, per hex, as (state, damage, tried): the state is "open",
"closed", "locked" or "broken" ("" when only damaged), the damage the hit points it has lost,
`tried` the creatures that failed to force it (they cannot try again). `current_map` is the map
with those changes: a new HexMap object each time they change, so every cache keyed by the map
(paths, sight, cover) is left behind.

The game's choices where the rulebook's table of doors is missing from our copy: a door that
gives no numbers is a good wooden door, Hardness 5, 15 hit points, Break DC 18; an obstacle
breaks only when its tiles give it hit points, and can be forced only when they give a Break
DC. A broken door is an open doorway for good; a broken obstacle leaves rubble (difficult
terrain that blocks nothing). Pure functions: nothing here rolls.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Mapping

from game.rules.damage import dice_distribution
from game.tiled.hexmap import HexMap, Terrain

DOOR_HARDNESS, DOOR_HP, DOOR_BREAK_DC = 5, 15, 18
AUTO_HIT_HEXES = 2          # a door is a big, stationary target: it is hit within 10 ft, always


@dataclass(frozen=True)
class ObjectStats:
    """Hardness (damage negated by every blow), hit points and the Break DC of a Strength
    check that forces it (0: it cannot be forced)."""
    hardness: int
    hp: int
    break_dc: int


def cell_key(cell) -> str:
    """The key of a hex in the battle's record of changed terrain: "col,row"."""
    return f"{cell[0]},{cell[1]}"


def is_door(t: Terrain) -> bool:
    return t.door != "none"


def stats(t: Terrain) -> ObjectStats | None:
    """The numbers of a door or breakable obstacle (a door without its own: a good wooden
    door); None when the hex holds nothing that breaks (or it is broken already)."""
    if t.door == "broken":
        return None
    if is_door(t):
        return ObjectStats(t.hardness or DOOR_HARDNESS, t.hp or DOOR_HP,
                           t.break_dc or DOOR_BREAK_DC)
    if t.breakable:
        return ObjectStats(t.hardness, t.hp, t.break_dc)
    return None


def damage_dealt(damage: int, hardness: int) -> int:
    """Hardness X: X of every blow's damage is negated before the hit points."""
    return max(0, damage - hardness)


def changed(t: Terrain, state: str) -> Terrain:
    """The terrain of a hex after its door or obstacle became `state`."""
    if state == "open":
        return replace(t, door="open", impassable=False, obstacle="none")
    if state in ("closed", "locked"):
        return replace(t, door=state)
    if state != "broken":
        return t
    if is_door(t):
        return replace(t, door="broken", impassable=False, obstacle="none", hp=0,
                       name=f"{t.name or 'door'} (broken)")
    return replace(t, impassable=False, obstacle="none", blocks_sight=False, difficult=True,
                   hp=0, break_dc=0, name=f"{t.name or 'obstacle'} (rubble)")


def current_map(base: HexMap, changes: Mapping[str, tuple]) -> HexMap:
    """`base` with the battle's changes applied (the same object when nothing changed)."""
    if not changes:
        return base
    terrain = list(base.terrain)
    for key, change in changes.items():
        state = change[0]
        col, row = (int(v) for v in key.split(","))
        if state and base.in_bounds(col, row):
            i = row * base.width + col
            terrain[i] = changed(terrain[i], state)
    return replace(base, terrain=terrain)


def blow_bonus(u, weapon) -> int:
    """The flat damage of a blow at an object: STR as the weapon adds it
    (docs/rules/10-attacks-and-damage.md: basic +STR, heavy +1.5 STR, bows none; a negative STR mod
    is not applied) and enhancement."""
    mod = max(0, u.unit.str_mod)
    strength = 0 if weapon.kind == "ranged" else mod * 3 // 2 if weapon.kind == "heavy" else mod
    return strength + weapon.enhancement


def blows_to_break(u, weapon, t: Terrain, damage_done: int) -> tuple[Fraction, Fraction]:
    """(chance that one blow breaks it, expected damage one blow deals past its Hardness)."""
    s = stats(t)
    if s is None:
        return Fraction(0), Fraction(0)
    need = s.hp - damage_done
    dice = weapon.damage
    dist = dice_distribution(dice.count, dice.sides, dice.bonus + blow_bonus(u, weapon))
    dealt = {raw: damage_dealt(max(1, raw), s.hardness) for raw in dist}
    return (sum((p for raw, p in dist.items() if dealt[raw] >= need), Fraction(0)),
            sum((p * dealt[raw] for raw, p in dist.items()), Fraction(0)))


def hp_left(t: Terrain, damage: int) -> int:
    """Hit points an object has left after `damage` (0 when nothing breaks there)."""
    s = stats(t)
    return 0 if s is None else max(0, s.hp - damage)


__all__ = ["AUTO_HIT_HEXES", "blow_bonus", "blows_to_break", "DOOR_BREAK_DC", "DOOR_HARDNESS", "DOOR_HP", "ObjectStats",
           "cell_key", "changed", "current_map", "damage_dealt", "hp_left", "is_door", "stats"]
