"""Areas of effect on hexes (rules: Areas of effect): the shapes and who an area reaches.

Shapes are pure hex sets: `burst`, `close_burst`, `cone` (12 aims), `line` and the check of a
`wall` chain. `reached` keeps the hexes of an area that a line of effect from the origin's
centre reaches (the lines of the line-of-effect rules, obstacles in the origin hex ignored),
and `creatures_caught` the creatures with any hex of their space in the area and a line of
effect to them. Cone angles are decided exactly, in the integer lattice of `geometry`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable

from game.hexgrid import DIRECTIONS, Hex, hex_distance, hex_linedraw, hexes_within
from game.rules import geometry as geo
from game.rules import sight

AIMS = 12
"""Cone aims: even aims point at the centre of neighbour aim // 2 (DIRECTIONS order), odd
aims at the corner between neighbours (aim - 1) // 2 and (aim + 1) // 2."""


def burst(origin: Hex, n: int) -> frozenset[Hex]:
    """Every hex at distance <= n from the origin hex."""
    return frozenset(hexes_within(origin, n))


def close_burst(space: Iterable[Hex], n: int, include_user: bool = False) -> frozenset[Hex]:
    """Every hex at distance <= n from any hex of the user's space, that space left out unless
    the ability includes it."""
    space = frozenset(space)
    area = frozenset(h for s in space for h in hexes_within(s, n))
    return area if include_user else area - space


def aim_vector(aim: int) -> tuple[int, int]:
    """The aim's direction in lattice coordinates (`geometry.hex_center` units)."""
    a, b = DIRECTIONS[(aim // 2) % 6], DIRECTIONS[((aim + 1) // 2) % 6]
    ax, ay = geo.hex_center(a)
    bx, by = geo.hex_center(b)
    return (ax + bx, ay + by)   # a + b points at the neighbour (a == b) or the shared corner


def _within_30_degrees(u: tuple[int, int], v: tuple[int, int]) -> bool:
    """Is the angle between lattice vectors u and v at most 30 degrees (boundary included)?
    cos >= sqrt3/2, squared with the lattice's metric (x = X sqrt3/2, y = Y/2): exact."""
    dot = 3 * u[0] * v[0] + u[1] * v[1]
    if dot <= 0:
        return False
    nu = 3 * u[0] * u[0] + u[1] * u[1]
    nv = 3 * v[0] * v[0] + v[1] * v[1]
    return 4 * dot * dot >= 3 * nu * nv


def cone(origin: Hex, aim: int, n: int) -> frozenset[Hex]:
    """Every hex at distance 1..n from the origin whose centre lies within 30 degrees of the
    aim ray."""
    v = aim_vector(aim)
    ox, oy = geo.hex_center(origin)
    out = set()
    for h in hexes_within(origin, n):
        if h == origin:
            continue
        hx, hy = geo.hex_center(h)
        if _within_30_degrees((hx - ox, hy - oy), v):
            out.add(h)
    return frozenset(out)


def line(origin: Hex, toward: Hex, n: int, is_wall: Callable[[Hex], bool]) -> tuple[Hex, ...]:
    """The first n hexes (origin excluded) of the hex line from the origin through `toward`,
    stopping before the first wall hex. A `toward` nearer than n hexes sets the direction only:
    the line goes on past it along the same delta."""
    d = hex_distance(origin, toward)
    if d == 0 or n <= 0:
        return ()
    k = -(-n // d)   # ceil(n / d): far enough along the same delta
    end = Hex(origin.q + k * (toward.q - origin.q), origin.r + k * (toward.r - origin.r))
    out = []
    for h in hex_linedraw(origin, end)[1:n + 1]:
        if is_wall(h):
            break
        out.append(h)
    return tuple(out)


def wall_chain_ok(hexes: Iterable[Hex], n: int, allowed: Callable[[Hex], bool]) -> bool:
    """A wall of n hexes: n distinct hexes, each adjacent to the one before, every one
    `allowed` (in range and with line of effect from the user: the caller's test)."""
    chain = tuple(hexes)
    if len(chain) != n or len(set(chain)) != n:
        return False
    if any(hex_distance(a, b) != 1 for a, b in zip(chain, chain[1:])):
        return False
    return all(allowed(h) for h in chain)


@dataclass(frozen=True)
class Spot:
    """A hex standing in for a creature in the line rules: an area's origin, or a hex an area
    covers."""
    hexes: tuple[Hex, ...]
    name: str = "origin"
    eid: int = -1

    @property
    def hex_set(self) -> frozenset[Hex]:
        return frozenset(self.hexes)


def effect_from(view, origin: Hex, target) -> bool:
    """Is there a line of effect from the centre of `origin` to `target` (a unit view or a
    `Spot`): one of the lines to its sample points not blocked by a wall."""
    index = sight.view_index(view)
    lines = sight.one_way(view, Spot((origin,)), target, index, need_sight=False)
    return any(not ln.blocks_effect for found in lines.values() for ln in found)


def reached(view, origin: Hex, area: Iterable[Hex]) -> frozenset[Hex]:
    """The hexes of `area` that a line of effect from the origin reaches."""
    return frozenset(h for h in area
                     if h == origin or effect_from(view, origin, Spot((h,), name="hex")))


def creatures_caught(view, origin: Hex, area: Iterable[Hex], enemies_of: str | None = None):
    """The creatures an area affects, in the view's order: any hex of the space in the area,
    and a line of effect from the origin to the creature. Allies too, unless `enemies_of` names
    the side the ability spares."""
    area = frozenset(area)
    out = []
    for u in view.units:
        if u.dead or (enemies_of is not None and u.team == enemies_of):
            continue
        if area.isdisjoint(u.hexes):
            continue
        if origin in u.hex_set or effect_from(view, origin, u):
            out.append(u)
    return tuple(out)


__all__ = ["AIMS", "Spot", "aim_vector", "burst", "close_burst", "cone", "creatures_caught",
           "effect_from", "line", "reached", "wall_chain_ok"]
