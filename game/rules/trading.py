"""Where two allies land when they trade spaces (docs/rules/16-reactions.md "Trade Spaces").

Two creatures within one size category of each other may trade spaces; at least one of them
takes up a single hex (the game decides: two creatures of several hexes each do not trade).
Two one-hex creatures swap hexes. When the other is larger (a fighter and an ogre), the
one-hex creature moves into a hex of the larger one's space and the larger one moves so that
its space covers the hex the smaller one left, without the hex the smaller one now holds; both
must be able to stand where they land (no third creature, no wall, no deep water for a
non-swimmer). The first fit is taken in a fixed order: the smaller one into the larger one's
anchor hex first, the larger one keeping its facing first.

Pure function: `trade_places(view, a, b)`.
"""
from __future__ import annotations

from dataclasses import replace

from game.data.model import SIZES
from game.hexgrid import Hex, footprint, footprint_turns
from game.rules.movement import can_end_at

MAX_SIZE_GAP = 1          # "within 1 size category of each other"


def size_gap(a, b) -> int:
    return abs(SIZES.index(a.size) - SIZES.index(b.size))


def _moved(u, anchor: Hex, facing: int):
    return replace(u, anchor=anchor, facing=facing,
                   hexes=tuple(footprint(u.size, anchor, facing)))


def _anchors_covering(size: str, h: Hex, facing: int):
    """Every anchor whose footprint (at `facing`) holds the hex `h`."""
    shape = footprint(size, Hex(0, 0), facing)
    return [Hex(h.q - d.q, h.r - d.r) for d in shape]


def _placements(big, covering: Hex):
    """(anchor, facing) of `big` that hold the hex `covering`, its own facing first."""
    facings = [big.facing] + ([f for f in range(6) if f != big.facing]
                              if footprint_turns(big.size) else [])
    for facing in facings:
        for anchor in _anchors_covering(big.size, covering, facing):
            yield anchor, facing


def _fit(view, small, big):
    """(small's hex, (big's anchor, facing)) or None; `big` has several hexes."""
    for landing in sorted(big.hexes, key=lambda h: h != big.anchor):
        small_there = view.replace(_moved(small, landing, small.facing))
        for anchor, facing in _placements(big, small.anchor):
            if landing in footprint(big.size, anchor, facing):
                continue
            if not can_end_at(small_there, big, anchor, facing):
                continue
            big_there = view.replace(_moved(big, anchor, facing))
            if can_end_at(big_there, small, landing, small.facing):
                return landing, (anchor, facing)
    return None


def trade_places(view, a, b):
    """Where `a` and `b` land when they trade spaces: ((a's anchor, facing), (b's anchor,
    facing)), or None when the two do not fit (see the module docstring)."""
    if len(a.hexes) == 1 and len(b.hexes) == 1:
        return (b.anchor, a.facing), (a.anchor, b.facing)
    if len(a.hexes) > 1 and len(b.hexes) > 1:
        return None
    small, big = (a, b) if len(a.hexes) == 1 else (b, a)
    found = _fit(view, small, big)
    if found is None:
        return None
    landing, big_place = found
    small_place = (landing, small.facing)
    return (small_place, big_place) if small is a else (big_place, small_place)


__all__ = ["MAX_SIZE_GAP", "size_gap", "trade_places"]
