"""Sharing a space (docs/rules/11-hit-points-and-conditions.md "Sharing a space"; the hex-native
rules: "if you occupy the same space as an allied or indifferent creature within 1 size category of
your own, you both gain the Cramped condition").

Where creatures share hexes in this game: a creature passing through its allies (it may not
stop there, but an attack of opportunity or an interrupt can catch it on the way), and tiny
creatures, which may end anywhere. `cramping(view, u)` names the creatures whose shared
space makes `u` Cramped now:
- only creatures of its own side (enemies are only passed when helpless or 3+ sizes apart,
  and the rulebook's rule names allies and indifferent creatures);
- not when they are 2+ size categories apart ("You may occupy the same space as a creature
  2+ size categories smaller than you without penalty");
- never a tiny creature ("so small that it generally does not cause any issues with space
  for other creatures, and many of them can be in a single hex without issue");
- two Large or larger creatures may share one hex of their spaces ("Two Large Size+
  creatures may share 1 hex ... Anything beyond that causes the Cramped condition");
- prone, unconscious and other living allies count alike (a prone ally passed through is
  cramped with the creature passing it).
The engine stores Cramped from sharing with the expiry `shared_expiry(eid)`, which no turn
ends: it comes off when the creatures part (`game.engine.space`), and a Cramped from another
source (Protect, an ability) is left alone.
"""
from __future__ import annotations

from game.data.model import SIZES

SHARED = "shared"                  # the expiry event of a Cramped that sharing gave
_RANK = {s: i for i, s in enumerate(SIZES)}
_LARGE = _RANK["large"]


def shared_expiry(eid: int) -> tuple[int, str, int]:
    """The expiry marking a Cramped that comes from a shared space (no turn ends it)."""
    return (eid, SHARED, 0)


def from_sharing(expiry) -> bool:
    return expiry is not None and tuple(expiry)[1] == SHARED


def cramps(u, other) -> bool:
    """Does sharing space with `other` make `u` Cramped (the module docstring's list)?"""
    if other.eid == u.eid or other.dead or u.dead or other.team != u.team:
        return False
    if other.name == getattr(u, "partner", None):
        return False        # a rider and its mount share one space by riding
    if "tiny" in (u.size, other.size):
        return False
    if abs(_RANK[u.size] - _RANK[other.size]) >= 2:
        return False
    shared = set(u.hexes) & set(other.hexes)
    if not shared:
        return False
    both_large = _RANK[u.size] >= _LARGE and _RANK[other.size] >= _LARGE
    return len(shared) > 1 if both_large else True


def cramping(view, u) -> tuple[str, ...]:
    """The creatures whose shared space makes `u` Cramped now (view order)."""
    return tuple(o.name for o in view.units if cramps(u, o))


def sharing_with(view, u) -> tuple[str, ...]:
    """Every living creature standing in a hex of `u`'s space (cramping or not)."""
    mine = set(u.hexes)
    return tuple(o.name for o in view.units
                 if o.eid != u.eid and o.name != getattr(u, "partner", None) and not o.dead
                 and mine & set(o.hexes))


__all__ = ["SHARED", "cramping", "cramps", "from_sharing", "shared_expiry", "sharing_with"]
