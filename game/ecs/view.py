"""A read-only snapshot of a battle, the input of every rules function (docs/architecture.md "State
and flow").

Rules never touch the component store: the engine takes a `BattleView` after each change
(its `version` increases), so queries can be cached per version and tested on hand-made views.
A view is immutable; what rules remember about it lives on the view itself
(`game.rules.view_memo`) and dies with it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType

from game.ecs.components import (
    AbilityUses, ActionBudget, Bleeding, Conditions, Controller, Footprint, Grapple, Health,
    Identity, Position, Reach, Reactions, Ridden, Riding, RunCourse, Size, Stats, Team, TempHP, Weapons,
)
from game.data.model import UNARMED
from game.data.ruleset import DEFAULT as DEFAULT_RULES
from game.data.ruleset import Ruleset
from game.ecs.store import Store
from game.hexgrid import Hex
from game.tiled.hexmap import HexMap


@dataclass(frozen=True)
class UnitView:
    eid: int
    name: str
    unit_key: str
    team: str
    size: str
    anchor: Hex
    facing: int
    hexes: tuple[Hex, ...]
    reach: int
    hp: int
    max_hp: int
    dead: bool
    unit: object                      # game.data.UnitType with overrides
    weapons: tuple = ()
    conditions: MappingProxyType = field(default_factory=lambda: MappingProxyType({}))
    reaction_available: bool = True
    aoo_this_round: int = 0
    aoo_policy: str = "always"
    level: int = 1
    run: tuple | None = None          # (start anchor, direction) while running (03-movement.md)
    sheathed: tuple = ()              # weapons worn but not in hand (`weapons`: in hand)
    dropped: tuple = ()               # (weapon, hex) of its weapons lying on the ground
    ammo: MappingProxyType = field(default_factory=lambda: MappingProxyType({}))
    unloaded: tuple = ()              # ids of its crossbows shot and not loaded again
    uses: MappingProxyType = field(default_factory=lambda: MappingProxyType({}))  # ability id -> left
    temp_hp: int = 0                  # temporary hit points, lost first (rules 11)
    bled_rounds: int = 0              # rounds of bleeding without a stop (clots after 10)
    grappling: tuple[str, ...] = ()   # the creatures it wrestles with (rules: Wrestling)
    mount: str = ""                   # the mount it rides (rules: Movement, "Riding a mount")
    rider: str = ""                   # the rider on its back
    own_size: str = ""                # a rider's own size (its `size` is its mount's)

    @cached_property
    def hex_set(self) -> frozenset[Hex]:
        """The hexes as a set, made once (the line and cover rules ask it per line)."""
        return frozenset(self.hexes)

    @property
    def partner(self) -> str:
        """The other half of a mounted pair ("" when it is none): they share their space."""
        return self.mount or self.rider

    @property
    def body_size(self) -> str:
        """Its own size, a rider's too (its `size` is the space it fills)."""
        return self.own_size or self.size

    def has(self, condition: str) -> bool:
        return condition in self.conditions

    @property
    def speed_ft(self) -> int:
        return self.unit.speed_ft

    @property
    def ac(self) -> int:
        return self.unit.ac


@dataclass(frozen=True)
class BattleView:
    hexmap: HexMap
    units: tuple[UnitView, ...]
    version: int = 0
    rules: Ruleset = DEFAULT_RULES      # the battle's ruleset (game.data.ruleset)
    hidden: frozenset = frozenset()     # creatures unseen by their enemies (hiding, ambush)

    def __post_init__(self):
        occupancy: dict[Hex, list[UnitView]] = {}
        for u in self.units:
            for h in u.hexes:
                occupancy.setdefault(h, []).append(u)
        object.__setattr__(self, "_occupancy", {h: tuple(us) for h, us in occupancy.items()})
        object.__setattr__(self, "_by_name", {u.name: u for u in self.units})
        object.__setattr__(self, "_by_eid", {u.eid: u for u in self.units})
        object.__setattr__(self, "_memos", {})      # what rules remember (rules.view_memo)

    def occupants(self, h: Hex) -> tuple[UnitView, ...]:
        return self._occupancy.get(h, ())

    def unit(self, name: str) -> UnitView:
        return self._by_name[name]

    def by_eid(self, eid: int) -> UnitView:
        return self._by_eid[eid]

    def has_unit(self, name: str) -> bool:
        return name in self._by_name

    def living(self) -> tuple[UnitView, ...]:
        return tuple(u for u in self.units if not u.dead)

    def enemies_of(self, u: UnitView) -> tuple[UnitView, ...]:
        return tuple(o for o in self.units if o.team != u.team and not o.dead)

    def allies_of(self, u: UnitView) -> tuple[UnitView, ...]:
        return tuple(o for o in self.units if o.team == u.team and o.eid != u.eid and not o.dead)

    def replace(self, *changed: UnitView, version: int | None = None) -> BattleView:
        """A new view with some units replaced (by eid): handy for what-if queries and tests."""
        by_eid = {u.eid: u for u in changed}
        units = tuple(by_eid.get(u.eid, u) for u in self.units)
        return BattleView(self.hexmap, units, self.version + 1 if version is None else version,
                          self.rules, self.hidden)


def _carried(weapons: Weapons | None) -> dict:
    """UnitView fields of a Weapons component: `weapons` holds only those in hand."""
    if weapons is None:
        return {}
    away = set(weapons.sheathed) | {wid for wid, _ in weapons.ground}
    by_id = {w.id: w for w in weapons.items}
    held = tuple(w for w in weapons.items if w.id not in away)
    return {"weapons": held or (UNARMED,),       # nothing in hand: a punch or a kick
            "sheathed": tuple(by_id[i] for i in weapons.sheathed if i in by_id),
            "dropped": tuple((by_id[i], h) for i, h in weapons.ground if i in by_id),
            "ammo": MappingProxyType(dict(weapons.ammo)),
            "unloaded": tuple(weapons.unloaded)}


def snapshot(store: Store, hexmap: HexMap, version: int = 0,
             rules: Ruleset = DEFAULT_RULES, hidden: frozenset = frozenset()) -> BattleView:
    """Read every creature of a battle's store into a BattleView (dead ones included)."""
    units = []
    for eid, (ident, pos, fp, size, reach, team, health) in store.get_components(
            Identity, Position, Footprint, Size, Reach, Team, Health):
        stats = store.component_for_entity(eid, Stats)
        conditions = store.try_component(eid, Conditions) or Conditions()
        reactions = store.try_component(eid, Reactions) or Reactions()
        controller = store.try_component(eid, Controller) or Controller()
        weapons = store.try_component(eid, Weapons)
        course = store.try_component(eid, RunCourse)
        running = course is not None and course.start is not None \
            and "running" in conditions.active
        uses = store.try_component(eid, AbilityUses)
        temp = store.try_component(eid, TempHP)
        bleeding = store.try_component(eid, Bleeding)
        grapple = store.try_component(eid, Grapple)
        riding = store.try_component(eid, Riding)
        ridden = store.try_component(eid, Ridden)
        units.append(UnitView(
            eid=eid, name=ident.name, unit_key=ident.unit_key, team=team.name,
            size=size.name, anchor=pos.anchor, facing=pos.facing, hexes=tuple(fp.hexes),
            reach=reach.hexes, hp=health.hp, max_hp=health.max_hp, dead=health.dead,
            unit=stats.unit, **_carried(weapons),
            conditions=MappingProxyType(dict(conditions.active)),
            reaction_available=reactions.available > 0,
            aoo_this_round=reactions.aoo_this_round, aoo_policy=controller.aoo_policy,
            level=stats.level,
            run=(course.start, course.direction) if running else None,
            uses=MappingProxyType(dict(uses.left) if uses else {}),
            temp_hp=temp.amount if temp else 0,
            bled_rounds=bleeding.rounds if bleeding else 0,
            grappling=grapple.partners if grapple else (),
            mount=riding.mount if riding else "",
            own_size=riding.own_size if riding and riding.mount else "",
            rider=ridden.rider if ridden else "",
        ))
    units.sort(key=lambda u: u.eid)
    return BattleView(hexmap, tuple(units), version, rules, frozenset(hidden))


__all__ = ["BattleView", "UnitView", "snapshot", "ActionBudget"]
