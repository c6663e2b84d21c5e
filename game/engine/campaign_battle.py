"""A campaign's battle: the stage's map with the player's carried-over creatures in it
(docs/mapping.md "Campaigns").

The units of the player's side that the map itself holds are the **places** of that side:
the carried-over creatures take them in the map's order (the first creature of the roster
the map's first unit of that side, with its hex and facing), each with its own stat block,
level, hit points and lasting injuries. Places left over stay empty. A roster larger than the
map's places is refused (`campaign_problems` finds it before anyone plays).
"""
from __future__ import annotations

from dataclasses import replace

from game.engine.battle import Battle
from game.engine.campaign_roster import Veteran, recruit
from game.errors import InputError
from game.tiled.hexmap import HexMap, UnitPlacement


def places(hexmap: HexMap, team: str) -> list[UnitPlacement]:
    """The map's own units of `team` at the battle's start: the places of the carried-over."""
    return [p for p in hexmap.units if p.team == team and not p.arrives]


def starting_roster(hexmap: HexMap, team: str, units_db: dict) -> list[Veteran]:
    """The first battle's creatures of the player's side, as the map makes them."""
    out = []
    for p in places(hexmap, team):
        unit = units_db[p.unit]
        if p.overrides:
            unit = unit.with_overrides(**p.overrides)
        out.append(recruit(p.name, unit))
    return out


def veteran_placement(v: Veteran, place: UnitPlacement) -> UnitPlacement:
    """`v` standing where `place` stands, with its level, hit points and injuries."""
    conditions = v.injuries + (("injured",) if v.injured else ())
    return replace(place, name=v.name, unit=v.unit,
                   overrides={"level": v.level, "hp": v.max_hp, "hr": v.hr},
                   conditions=conditions, wounds=v.max_hp - v.hp, hidden=False, aware=True)


def campaign_map(hexmap: HexMap, team: str, roster: list[Veteran]) -> HexMap:
    """`hexmap` with `roster` in the places of `team` (see the module docstring)."""
    slots = places(hexmap, team)
    if len(roster) > len(slots):
        raise InputError(hexmap.path, None, f"{len(roster)} creatures of {team} carry over "
                         f"but the map has places for {len(slots)}: add units of team "
                         f"{team} to the map (they are the places of the carried-over)")
    filled = {id(s): veteran_placement(v, s) for v, s in zip(roster, slots)}
    units = [filled.get(id(p), p) for p in hexmap.units
             if not (p.team == team and not p.arrives) or id(p) in filled]
    return replace(hexmap, units=units)


def campaign_battle(hexmap: HexMap, team: str, roster: list[Veteran], seed: int,
                    controllers: dict | None = None) -> Battle:
    """The battle of a stage: the player's side played by a person, the others by the
    computer unless `controllers` says otherwise."""
    teams = {p.team for p in hexmap.units}
    sides = {t: ("human" if t == team else "ai") for t in teams}
    sides.update(controllers or {})
    return Battle(campaign_map(hexmap, team, roster), seed=seed, controllers=sides)
