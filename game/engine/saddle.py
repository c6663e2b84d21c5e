"""A rider and its mount as one pair on the board (docs/rules/03-movement.md "Riding a mount").

The pair is two creatures that share one space: the rider's `Size` becomes its mount's, so its
footprint is the mount's hexes, and its speed is the mount's (`Riding` keeps its own until it
dismounts). The mount carries the `ridden` condition: it takes no action of its own and moves
only with its rider (`Battle.place` moves both, `carry`). Either may be attacked.

`seat` and `unseat` make and break a pair; `settle` runs after every action: a mount that went
down (prone, unconscious or dead), or a pair knocked prone as one, throws its rider into a free
hex beside it, a fall of the mount's height (`MOUNT_HEIGHT_STEPS`); a rider that drops
unconscious or dead slides off.
"""
from __future__ import annotations

from game.ecs.components import Ridden, Riding, Size, Stats
from game.engine import events as E
from game.engine.falling import fall
from game.hexgrid import footprint, hex_neighbors
from game.rules import conditions as cond
from game.rules.threat import footprint_distance

# How far a thrown rider falls: the height of its mount's back, in 5-ft steps (the game's
# decision, docs/rules/03-movement.md "Riding a mount").
MOUNT_HEIGHT_STEPS = {"tiny": 0, "small": 1, "medium": 1, "large": 2, "huge": 3,
                      "gargantuan": 6, "colossal": 10}
DOWN = ("prone", "unconscious")


def seat(b, rider: str, mount: str) -> None:
    """`rider` climbs onto `mount`: it fills the mount's space and moves at its speed."""
    r, m = b.unit(rider), b.unit(mount)
    b.attach(rider, Riding(mount, r.size, r.unit.speed_ft))
    b.attach(mount, Ridden(rider))
    b.update(rider, Size, name=m.size)
    b.update(rider, Stats, unit=r.unit.with_overrides(speed_ft=m.unit.speed_ft))
    b.set_condition(mount, "ridden", 1)
    b.place(rider, (m.anchor, m.facing))
    b.emit(E.Mounted(rider, mount, b.cell(m.anchor)))


def start(b) -> None:
    """Round 1: the riders the map seats on their mounts (docs/mapping.md "Riders")."""
    for p in b.hexmap.units:
        mount = getattr(p, "riding", "")
        if mount and p.name in b.eids and mount in b.eids:
            seat(b, p.name, mount)


def unseat(b, rider: str, to, thrown: bool = False) -> None:
    """`rider` leaves its mount for the hex `to` (its own size and speed back)."""
    riding = b.component(rider, Riding)
    mount = riding.mount
    b.attach(rider, Riding(mount="", own_size="", own_speed_ft=0))
    b.update(rider, Size, name=riding.own_size)
    unit = b.unit(rider).unit
    b.update(rider, Stats, unit=unit.with_overrides(speed_ft=riding.own_speed_ft))
    if mount in b.eids:
        b.attach(mount, Ridden())
        b.remove_condition(mount, "ridden")
    b.place(rider, (to, b.unit(rider).facing))
    b.emit(E.Dismounted(rider, mount, b.cell(to), thrown))


def moved_together(u) -> tuple[str, ...]:
    """Who moves when `u` is placed (Battle.place): a pair's mount, then its rider, whichever
    half is moved; a creature on its own alone."""
    if getattr(u, "mount", ""):
        return (u.mount, u.name)
    if getattr(u, "rider", ""):
        return (u.name, u.rider)
    return (u.name,)


def landings(view, rider, mount) -> list:
    """The free hexes beside the mount's space where the rider, at its own size, may stand,
    nearest first (up to 3 hexes away)."""
    size = rider.own_size or rider.size
    taken = {h for o in view.units if o.eid not in (rider.eid, mount.eid) and not o.dead
             for h in o.hexes}
    seen, ring, out = set(mount.hexes), list(mount.hexes), []
    for _ in range(3):
        ring = [n for h in ring for n in hex_neighbors(h) if n not in seen]
        seen.update(ring)
        for h in dict.fromkeys(ring):
            space = footprint(size, h, 0)
            if all(view.hexmap.contains(x) and not view.hexmap.terrain_at(x).impassable
                   and x not in taken for x in space):
                out.append(h)
        if out:
            return sorted(out, key=lambda h: (footprint_distance((h,), mount.hexes), h.q, h.r))
    return out


def throw(b, rider: str) -> None:
    """The mount fell: the rider lands prone in a free hex beside it, a fall of the mount's
    height."""
    view = b.view()
    r, m = view.unit(rider), view.unit(view.unit(rider).mount)
    spots = landings(view, r, m)
    if not spots:
        return      # nowhere to land: it clings on until there is room
    if not m.dead and "prone" not in m.conditions:
        b.set_condition(m.name, "prone", 1)
    unseat(b, rider, spots[0], thrown=True)
    fall(b, rider, MOUNT_HEIGHT_STEPS.get(m.size, 1), "thrown from its mount")
    if rider in b.eids and not b.unit(rider).dead and "prone" not in b.unit(rider).conditions:
        b.set_condition(rider, "prone", 1)


def slide_off(b, rider: str) -> None:
    """A rider that dropped (unconscious or dead) slides off beside its mount."""
    view = b.view()
    r = view.unit(rider)
    spots = landings(view, r, view.unit(r.mount))
    if spots:
        unseat(b, rider, spots[0])


def settle(b) -> None:
    """After an action: the pairs whose mount went down (or that were knocked prone as one)
    throw their riders; riders that dropped slide off."""
    for u in b.view().units:
        if not u.mount or u.mount not in b.eids:
            continue
        m = b.unit(u.mount)
        mount_down = m.dead or bool(set(DOWN) & set(cond.effective(m.conditions)))
        if mount_down or (not u.dead and "prone" in u.conditions):
            throw(b, u.name)
        elif u.dead or "unconscious" in cond.effective(u.conditions):
            slide_off(b, u.name)


__all__ = ["MOUNT_HEIGHT_STEPS", "moved_together", "landings", "seat", "settle", "slide_off", "start", "throw",
           "unseat"]
