"""Cramped from a shared space, applied to a battle as creatures move (the rule:
`game.rules.space`; docs/rules/11-hit-points-and-conditions.md, "Sharing a space").

`refresh_cramped(b, names)` gives Cramped to each named creature that now shares space with an
ally within one size category and takes it away from those that no longer do. Only a Cramped
that sharing gave is taken away (it carries `space.shared_expiry`); a Cramped from Protect
or an ability stays until its own end. `walk` (game.engine.movement) calls it after every
step with the mover and the creatures it left or joined, and once more at the end of a move.
The movement a Move action already granted is not recomputed when the mover becomes
Cramped halfway (its half speed counts from its next action).
"""
from __future__ import annotations

from game.rules.space import cramping, from_sharing, shared_expiry, sharing_with


def neighbours_in_space(b, name: str) -> set[str]:
    """The creature and everyone standing in its space now."""
    if name not in b.eids:
        return set()
    view = b.view()
    return {name, *sharing_with(view, view.unit(name))}


def refresh_cramped(b, names) -> None:
    """Cramped on or off for each of `names` as their spaces are shared now."""
    for name in sorted(set(names)):
        if name not in b.eids:
            continue
        view = b.view()
        u = view.unit(name)
        c = b.conditions(name)
        crowded = bool(cramping(view, u)) and not u.dead
        if crowded and "cramped" not in c.active:
            b.set_condition(name, "cramped", 1, shared_expiry(u.eid))
        elif not crowded and "cramped" in c.active and from_sharing(c.expires.get("cramped")):
            b.remove_condition(name, "cramped")


__all__ = ["neighbours_in_space", "refresh_cramped"]
