"""A steller creature in the battle (docs/rules/steller/index.md): its components, and the
shared body the hex geometry reads.

The movement search, threat and sight read a creature's `Stats.unit` (size, speeds) and its
weapons in hand. A steller creature carries, as its `Stats.unit`, a body built from its stat
block: its size, its speed in hexes (as feet), and its basic attacks as weapons with their reach
and range. Its rules read only the sheet (`StellerBody.sheet`).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from game.data.model import UnitType, Weapon, natural_reach
from game.ecs.components import (
    ActionBudget, Conditions, Controller, Footprint, Health, Identity, Position, Reach,
    Reactions, Size, Stats, Team, Weapons,
)
from game.ecs.steller_components import (
    StellerEffects, StellerPool, StellerSheet, StellerTurn,
)
from game.hexgrid import footprint

FEET = 5            # a hex


def shared_weapon(power, size: str) -> Weapon:
    """The geometry's view of a basic attack: melee reach beyond the natural one, or a
    range with no increments beyond it."""
    if power.shape == "melee":
        return Weapon(power.id, power.name, attack="melee",
                      reach=max(0, power.range - natural_reach(size)))
    return Weapon(power.id, power.name, attack="ranged",
                  range_increment_ft=power.range * FEET, max_increments=1)


@dataclass(frozen=True)
class StellerBody(UnitType):
    """The shared body of a steller creature, carrying its stat block (`sheet`)."""
    sheet: object = field(default=None, compare=False, repr=False)


def body_of(sheet) -> UnitType:
    weapons = tuple(shared_weapon(p, sheet.size) for p in sheet.powers if p.basic)
    return StellerBody(sheet=sheet, key=sheet.key, name=sheet.name, size=sheet.size,
                       speed_ft=sheet.speed * FEET, fly_ft=sheet.fly * FEET,
                       swim_ft=sheet.swim * FEET, hp=sheet.hp, level=sheet.level,
                       ac_override=sheet.ac,
                       weapons=weapons, in_hand=tuple(w.id for w in weapons),
                       glyph=sheet.glyph, description=sheet.description,
                       minion_trait=sheet.minion)


def steller_components(hexmap, placement, units_db: dict) -> tuple:
    """The components of one steller creature from a map placement."""
    sheet = units_db[placement.unit]
    body = body_of(sheet)
    anchor = hexmap.hex_at(placement.col, placement.row)
    return (
        Identity(placement.name, placement.unit, sheet.name),
        Position(anchor, placement.facing % 6),
        Footprint(tuple(footprint(sheet.size, anchor, placement.facing))),
        Size(sheet.size),
        Reach(natural_reach(sheet.size)),
        Team(placement.team),
        Health(sheet.hp, sheet.hp),
        Stats(body, sheet.level),
        Weapons(body.weapons),
        Conditions(active={name: 1 for name in placement.conditions}),
        ActionBudget(),
        Reactions(),
        Controller("ai", placement.overrides.get("aoo_policy", "always")),
        StellerSheet(sheet),
        StellerPool(sheet.surges),
        StellerTurn(),
        StellerEffects(),
    )


def sheet_of(b, name: str):
    return b.component(name, StellerSheet).sheet


def pool_of(b, name: str) -> StellerPool:
    return b.component(name, StellerPool)


def turn_of(b, name: str) -> StellerTurn:
    return b.component(name, StellerTurn)


def effects_of(b, name: str) -> tuple:
    return b.component(name, StellerEffects).effects


def melee_reach(b, name: str) -> int:
    """The reach of its melee basic attack (opportunity attacks)."""
    basic = sheet_of(b, name).basic("melee")
    return basic.range if basic else 0


def is_down(b, name: str) -> bool:
    """Dead, or dying (at 0 hit points or fewer): out of the fight."""
    return b.health(name).dead or b.health(name).hp <= 0


__all__ = ["body_of", "effects_of", "is_down", "melee_reach", "pool_of", "shared_weapon",
           "sheet_of", "steller_components", "turn_of"]
