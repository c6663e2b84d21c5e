"""Terrified: fleeing from the source of its fear (docs/rules/11-hit-points-and-conditions.md
"Terrified").

A Terrified creature remembers what frightened it (`conditions.fear_source`). The source holds
it while it is alive, within 50 ft (10 hexes, footprint to footprint) and has a line of sight to
the creature: a creature that has found total cover or total concealment from it, or got more
than 50 ft away, is no longer driven by it (it keeps the condition's penalties).

While held (`feared` names the source):
- no movement of the creature may end closer to the source than it began;
- the creature must flee: while it can move to somewhere farther from the source (`can_flee`,
  within what it has left of its turn), it may take no action but one that moves it away
  (the engine's list) or ending its turn. When no movement takes it farther (it is cornered,
  or it has spent its Big Actions), it may act, but never against the source.

Pure functions of a view, remembered per view (game.rules.view_memo).
"""
from __future__ import annotations

from game.hexgrid import footprint
from game.rules import conditions as cond
from game.rules import movement
from game.rules import view_memo
from game.rules.sight import line_of_sight
from game.rules.threat import footprint_distance

FEAR_HEXES = 10     # 50 ft: within it the source of the fear holds the creature


def feared(view, u):
    """The creature `u` (a UnitView) is terrified of, when that one holds it now (alive,
    within 50 ft, and seeing it), else None."""
    source = cond.fear_source(u.conditions)
    if source is None or u.dead:
        return None
    other = next((o for o in view.units if o.eid == source and not o.dead), None)
    if other is None or footprint_distance(u, other) > FEAR_HEXES:
        return None
    return other if line_of_sight(view, other, u) else None


def distance_at(u, source, anchor, facing=None) -> int:
    """How far `u` would stand from `source` with its anchor on `anchor`."""
    hexes = footprint(u.size, anchor, u.facing if facing is None else facing)
    return footprint_distance(hexes, source)


def _farther_end(view, u, source, budget: int) -> bool:
    reach = movement.reachable(view, u, budget)
    now = footprint_distance(u, source)
    return any(distance_at(u, source, h, reach.facing[h]) > now for h in reach
               if h != u.anchor)


def can_flee(view, u, budget: int) -> bool:
    """Is `u` held by its fear and able, within `budget` hexes of movement, to end somewhere
    farther from the source than it stands now (so it must flee)?"""
    source = feared(view, u)
    if source is None or budget <= 0:
        return False
    return view_memo.per_view(view, ("can_flee", u.eid, budget),
                              lambda: _farther_end(view, u, source, budget))


__all__ = ["FEAR_HEXES", "can_flee", "distance_at", "feared"]
