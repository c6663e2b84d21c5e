"""The battle as one side believes it is, under fog of war (docs/rules/22-hiding-and-fog.md
"Fog of war"): what the computer player of that side decides on, so that it never uses what
its side does not know.

`believed(b, side)` is a detached copy of the battle (`Battle.detached`: it takes no command)
in which every enemy the side does not see now stands where the side last saw it, or is gone
when the side never saw it (or something else now stands there). The side's own creatures and
the enemies it sees are as they are.
"""
from __future__ import annotations

from game.engine.sightings import known_by


def believed(b, side: str):
    """A detached copy of `b` as `side` knows it (see the module docstring)."""
    known = known_by(b, side)
    copy = b.detached()
    for u in b.view().units:
        if u.team == side or u.name in known.seen:
            continue
        sighting = known.sighting(u.name)
        if sighting is None:
            copy.remove(u.name)
            continue
        if sighting.anchor != u.anchor:
            copy.place(u.name, (sighting.anchor, u.facing))
        if _overlaps(copy.view(), u.name):
            copy.remove(u.name)
    return copy


def _overlaps(view, name: str) -> bool:
    """Whether the creature `name` shares a hex with another living creature, or stands off
    the map."""
    u = view.unit(name)
    return any(not view.hexmap.contains(h) or
               any(o.name != name and not o.dead for o in view.occupants(h))
               for h in u.hexes)


__all__ = ["believed"]
