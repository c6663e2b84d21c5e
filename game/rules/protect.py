"""Protect: the cover a protector gives its ally (docs/rules/16-reactions.md "Protect"). Pure:
reads the "protecting" (the ally's entity id) and "protected" (1 Good, 2 Superior) conditions the
engine's Protect action sets."""
from __future__ import annotations

from game.rules.attack import COVER_LEVELS
from game.rules.threat import footprint_distance, is_helpless

PROTECT_COVER = {1: "good", 2: "superior"}


def protector_of(view, target):
    """The living, adjacent creature that protects `target` now (None when there is none)."""
    if not target.conditions.get("protected"):
        return None
    for u in view.units:
        if (u.conditions.get("protecting") == target.eid and not u.dead and not is_helpless(u)
                and footprint_distance(u, target) == 1):
            return u
    return None


def protected_cover(view, target, level: str) -> str:
    """`level` (the cover the terrain gives), raised to the protection's cover."""
    if protector_of(view, target) is None:
        return level
    given = PROTECT_COVER.get(target.conditions.get("protected"), "good")
    return max(level, given, key=COVER_LEVELS.index)


__all__ = ["PROTECT_COVER", "protected_cover", "protector_of"]
