"""A light creature in the battle (docs/rules/light/index.md): its components, and the shared
body the hex geometry reads.

The movement search, threat and sight are shared by every profile and read a creature's
`Stats.unit` (size, speeds) and its weapons in hand. A light creature keeps its light stat
block in `LightSheet` and carries, as its `Stats.unit`, a body built from it: its size, its
walk score as its speed, and its weapons with their reach and range in the shared weapon
shape. Its rules read only the sheet.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from game.data.model import UnitType, Weapon, natural_reach
from game.ecs.components import (
    ActionBudget, Conditions, Controller, Footprint, Health, Identity, Position, Reach,
    Reactions, Size, Stats, Team, Weapons,
)
from game.ecs.light_components import LightPool, LightSheet, LightTurn
from game.hexgrid import footprint
from game.rules.view_memo import per_view

DRAUGHTS = 1        # healing draughts each creature carries (Consume Substance)


def shared_weapon(weapon, size: str) -> Weapon:
    """The geometry's view of a light weapon: melee reach beyond the natural one, or a
    range in feet with no increments beyond it."""
    if weapon.kind == "melee":
        return Weapon(weapon.id, weapon.name, attack="melee",
                      reach=max(0, weapon.reach - natural_reach(size)))
    return Weapon(weapon.id, weapon.name, attack="ranged",
                  range_increment_ft=max(1, weapon.range) * 5, max_increments=1)


@dataclass(frozen=True)
class LightBody(UnitType):
    """The shared body of a light creature, carrying its light stat block (`sheet`) so that
    the rules read it from the battle's view. The light rules fly with no turning limits nor
    minimum flight speed."""
    sheet: object = field(default=None, compare=False, repr=False)
    flight_limits: bool = False


def body_of(sheet) -> UnitType:
    weapons = tuple(shared_weapon(w, sheet.size) for w in sheet.weapons)
    return LightBody(sheet=sheet, key=sheet.key, name=sheet.name, size=sheet.size,
                    speed_ft=sheet.walk_ft, fly_ft=sheet.fly_ft, swim_ft=sheet.swim_ft,
                    hp=sheet.hp, weapons=weapons, in_hand=weapons[:1] and (weapons[0].id,),
                    glyph=sheet.glyph, description=sheet.description,
                    minion_trait=sheet.minion_trait)


def light_components(hexmap, placement, units_db: dict, lives: int | None = None) -> tuple:
    """The components of one light creature from a map placement."""
    sheet = units_db[placement.unit]
    body = body_of(sheet)
    anchor = hexmap.hex_at(placement.col, placement.row)
    hexes = tuple(footprint(sheet.size, anchor, placement.facing))
    held = body.weapons[:1]
    uses = {p.id: p.uses for p in sheet.powers if p.uses is not None}
    return (
        Identity(placement.name, placement.unit, sheet.name),
        Position(anchor, placement.facing % 6),
        Footprint(hexes),
        Size(sheet.size),
        Reach(natural_reach(sheet.size)),
        Team(placement.team),
        Health(sheet.hp, sheet.hp),
        Stats(body, 1),
        Weapons(body.weapons, sheathed=tuple(w.id for w in body.weapons if w not in held)),
        Conditions(active={name: 1 for name in placement.conditions}),
        ActionBudget(),
        Reactions(),
        Controller("ai", placement.overrides.get("aoo_policy", "always")),
        LightSheet(sheet),
        LightPool(sheet.mp, lives if lives is not None else getattr(hexmap, "lives", 3),
                  uses, DRAUGHTS),
        LightTurn(),
    )


def sheet_of(b, name: str):
    return b.view().unit(name).unit.sheet


def pool_of(b, name: str) -> LightPool:
    return b.component(name, LightPool)


def turn_of(b, name: str) -> LightTurn:
    return b.component(name, LightTurn)


def light_weapon(b, name: str, weapon_id: str):
    return next((w for w in sheet_of(b, name).weapons if w.id == weapon_id), None)


def weapons_in_hand(b, name: str) -> tuple:
    """The light weapons it holds (those the shared view lists in hand)."""
    ids = {w.id for w in b.unit(name).weapons}
    return tuple(w for w in sheet_of(b, name).weapons if w.id in ids)


def melee_reach(b, name: str) -> int:
    """Its attack range for Opportunity Attacks: the longest reach of a melee weapon in hand
    (0: none)."""
    return per_view(b.view(), ("light melee reach", name), lambda: max(
        (w.reach for w in weapons_in_hand(b, name) if w.kind == "melee"), default=0))


def is_out(b, name: str) -> bool:
    """K.O.'d with no life left: out of the battle."""
    return b.health(name).dead and pool_of(b, name).lives <= 0


__all__ = ["body_of", "light_components", "light_weapon", "melee_reach", "is_out", "pool_of",
           "shared_weapon", "sheet_of", "turn_of", "weapons_in_hand"]
