"""Walls that burn (docs/rules/steller/powers.md "Walls, lines and autofire"): a wall power
with zone damage leaves its hexes burning until the end of its user's next turn. A creature
that enters one of them by a move of its own, or starts its turn in one, takes the zone's
damage (rolled each time). The zones belong to their user (`StellerPool.zones`); they go out
when it dies."""
from __future__ import annotations

from game.ecs.steller_components import StellerPool, Zone
from game.engine.steller.body import pool_of, sheet_of
from game.engine.steller.health import harm


def make_zone(b, owner: str, power, hexes) -> None:
    """The wall of `power` burns from now to the end of `owner`'s next turn."""
    if power.zone_damage is None:
        return
    cells = tuple(sorted(b.cell(h) for h in hexes))
    zone = Zone(power.id, cells, 2 if b.active == owner else 1)
    b.update(owner, StellerPool, zones=pool_of(b, owner).zones + (zone,))


def burning(b) -> list[tuple[str, Zone]]:
    """(owner, zone) of every zone on the map (a dead owner's have gone out)."""
    return [(n, z) for n in b.order if n in b.eids and not b.health(n).dead
            for z in pool_of(b, n).zones]


def zone_cells(b) -> frozenset:
    return frozenset(c for _, z in burning(b) for c in z.cells)


def burn(b, name: str, hexes, before=()) -> None:
    """`name`, now in `hexes` (coming from `before`), takes the damage of each zone it is in
    and was not in before."""
    if b.health(name).dead:
        return
    now = {b.cell(h) for h in hexes}
    was = {b.cell(h) for h in before}
    for owner, zone in burning(b):
        cells = set(zone.cells)
        if cells & now and not cells & was:
            power = sheet_of(b, owner).power(zone.power)
            amount = b.dice.roll(power.zone_damage)[0]
            harm(b, name, amount, f"{power.name} (zone) {power.zone_damage}", owner,
                 damage_type=power.damage_type)


def count_down(b, owner: str) -> None:
    """The end of `owner`'s turn: its zones count one down; those at 0 go out."""
    zones = pool_of(b, owner).zones
    if zones:
        b.update(owner, StellerPool, zones=tuple(
            Zone(z.power, z.cells, z.turns - 1) for z in zones if z.turns > 1))


__all__ = ["burn", "burning", "count_down", "make_zone", "zone_cells"]
