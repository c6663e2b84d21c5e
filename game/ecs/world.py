"""Building the component store of a battle from a map (docs/architecture.md "State and flow").

Each battle owns its `game.ecs.store.Store`: `build_store` fills a new one with the map's
creatures; nothing here selects a process-global world, so battles (and threads reading
different battles) never meet.
"""
from __future__ import annotations

from game.data import load_units
from game.ecs.components import (
    AbilityUses, ActionBudget, Conditions, Controller, Footprint, Health, Identity, Position,
    Reach, Reactions, RunCourse, Size, Stats, Team, Weapons,
)
from game.ecs.store import Store
from game.hexgrid import Hex, footprint
from game.tiled.hexmap import HexMap, UnitPlacement


def place(store: Store, entity: int, anchor: Hex, facing: int | None = None) -> None:
    """Move a creature's anchor (and facing), keeping its Footprint in step.
    Only `Battle.place` calls this (the battle is the one writer of its store)."""
    old = store.component_for_entity(entity, Position)
    position = Position(anchor, old.facing if facing is None else facing % 6)
    size = store.component_for_entity(entity, Size).name
    store.add_component(entity, position)
    store.add_component(entity, Footprint(tuple(footprint(size, anchor, position.facing))))


def carried(unit) -> Weapons:
    """The stat block's weapons: those of `in_hand` held (default: the first and the natural
    ones), the others sheathed; full quivers."""
    held = set(unit.in_hand) & {w.id for w in unit.weapons} or {
        w.id for w in unit.weapons[:1]} | {w.id for w in unit.weapons if w.natural}
    return Weapons(tuple(unit.weapons),
                   sheathed=tuple(w.id for w in unit.weapons if w.id not in held),
                   ammo={w.id: w.ammo for w in unit.weapons if w.ammo})


def unit_components(hexmap: HexMap, placement: UnitPlacement, units_db: dict) -> tuple:
    """The components of one creature of the default rules from a map placement."""
    unit = units_db[placement.unit]
    if placement.overrides:
        unit = unit.with_overrides(**placement.overrides)
    anchor = hexmap.hex_at(placement.col, placement.row)
    hexes = tuple(footprint(unit.size, anchor, placement.facing))
    level = placement.overrides.get("level", getattr(unit, "level", 1))
    policy = placement.overrides.get("aoo_policy", getattr(unit, "aoo_policy", "always"))
    conditions = Conditions(active={name: 1 for name in placement.conditions})
    components = (
        Identity(placement.name, placement.unit, unit.name),
        Position(anchor, placement.facing % 6),
        Footprint(hexes),
        Size(unit.size),
        Reach(unit.reach),
        Team(placement.team),
        Health(unit.hp - placement.wounds, unit.hp),
        Stats(unit, level),
        carried(unit),
        conditions,
        ActionBudget(),
        Reactions(),
        RunCourse(),
        Controller("ai", policy),
    )
    if unit.abilities:      # only then: the state of other creatures stays as it was
        components += (AbilityUses({a.id: a.uses for a in unit.abilities
                                    if a.uses is not None}),)
    return components


def build_store(hexmap: HexMap, units_db: dict | None = None, create=None) -> Store:
    """A new store holding every creature of the map, in the map's order.
    `create(hexmap, placement, units_db)` gives the components of one creature (default:
    `unit_components`, the default rules' creature; a rule profile hands its own)."""
    create = create or unit_components
    units_db = units_db if units_db is not None else load_units()
    store = Store()
    for placement in hexmap.units:
        store.create_entity(*create(hexmap, placement, units_db))
    return store
