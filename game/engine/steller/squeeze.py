"""Squeezing on hexes (docs/rules/steller/actions.md "Crawl and squeeze").

A hex is the narrowest gap on the map, so only a creature bigger than one hex can squeeze: a
Large creature (3 hexes) squeezes into 1 hex, a Huge one (7) into a Large creature's 3, a
Gargantuan one (10) into a Huge creature's 7. Squeezing is a move at half speed in the smaller
space; until it ends the creature takes -5 to its attacks and grants combat advantage, and it
moves only by squeezing or shifting. The squeeze ends at the start of its next turn where its
whole space fits (in any facing); else it stays squeezed.
"""
from __future__ import annotations

from dataclasses import replace

from game.ecs.components import Size
from game.engine.state import Refused
from game.engine.steller.body import sheet_of
from game.hexgrid import footprint
from game.rules.movement import can_end_at

#: the space a creature of each size squeezes into
SQUEEZED = {"large": "medium", "huge": "large", "gargantuan": "huge"}
SQUEEZING = "squeezing"


def body_as(u, size: str, facing: int | None = None):
    """`u` as the movement search sees a creature of `size` at its anchor."""
    facing = u.facing if facing is None else facing
    return replace(u, size=size, facing=facing, hexes=tuple(footprint(size, u.anchor, facing)))


def squeezed(b, u):
    """The squeezing body of `u` (its view in the smaller space), or Refused."""
    size = sheet_of(b, u.name).size
    if size not in SQUEEZED:
        raise Refused("too_small", f"{u.name} fills one hex: no gap on the map is narrower, "
                      "so it has nothing to squeeze into")
    return u if SQUEEZING in u.conditions else body_as(u, SQUEEZED[size])


def start_squeeze(b, name: str) -> None:
    if SQUEEZING in b.conditions(name).active:
        return
    u = b.unit(name)
    b.update(name, Size, name=SQUEEZED[sheet_of(b, name).size])
    b.place(name, (u.anchor, u.facing))
    b.set_condition(name, SQUEEZING, 1)


def end_squeeze_if_room(b, name: str) -> None:
    """At the start of its turn: its whole space back, where it fits."""
    if SQUEEZING not in b.conditions(name).active:
        return
    u, size = b.unit(name), sheet_of(b, name).size
    for facing in [u.facing] + [f for f in range(6) if f != u.facing]:
        full = body_as(u, size, facing)
        if can_end_at(b.view(), full, u.anchor, facing, here_is_free=False):
            b.update(name, Size, name=size)
            b.place(name, (u.anchor, facing))
            b.remove_condition(name, SQUEEZING)
            return


__all__ = ["SQUEEZED", "SQUEEZING", "body_as", "end_squeeze_if_room", "squeezed",
           "start_squeeze"]
