"""Where the enemies of a side can strike next turn: a threat heat map for the UI to draw.

    threat_heatmap(view, team) -> {Hex: float}

For every hex a creature can stand on (not impassable), the expected damage that the standing
enemies of `team` could deal next turn to a creature of `team` standing there, averaged over
the standing creatures of `team` (their AC, conditions, damage reduction): the same model the
computer player ranks hexes with (`game.ai.evaluate`):
- melee: an enemy strikes the hexes within its reach after one Move
  (docs/rules/02-size-and-reach.md, 03-movement.md; its full attacks when it need not move,
  docs/rules/09-turns-and-actions.md); hexes it reaches only after two Moves count FAR_WEIGHT of
  that (it strikes next round at the soonest);
- ranged and thrown weapons from where the enemy stands: range increments
  (docs/rules/10-attacks-and-damage.md), a wall on the way blocks (docs/rules/05-line-of-sight.md),
  the concealment of the hex (docs/rules/07-concealment.md);
- each enemy counts once, with its best option on that hex.
Hexes nobody threatens are 0.0. Pure: it reads the view only (and caches per view version).
"""
from __future__ import annotations

from game.ai.evaluate import FAR_WEIGHT, fdist, max_range, quick, standing, weapon_modes, zone_of
from game.ai.memo import Memo
from game.hexgrid import Hex

_CACHE: dict = {"key": None, "value": None}


def threat_heatmap(view, team: str) -> dict[Hex, float]:
    """Expected damage the enemies of `team` could deal next turn to one of `team`'s creatures
    on each passable hex (see the module docstring)."""
    key = (id(view), view.version, team)
    if _CACHE["key"] == key:
        return dict(_CACHE["value"])
    hexmap = view.hexmap
    cells = [h for h in hexmap.all_hexes() if not hexmap.terrain_at(h).impassable]
    members = [u for u in view.units if u.team == team and standing(u)]
    enemies = [u for u in view.units if u.team != team and standing(u)]
    heat = {h: 0.0 for h in cells}
    memo = Memo(hexmap)
    if not members or not enemies:
        _CACHE.update(key=key, value=heat, view=view)
        return dict(heat)
    for e in enemies:
        z = zone_of(view, e)
        melee = _melee_mean(e, members) if z.acts else 0.0
        ranged = [(w, m, max_range(e, w, m)) for w in e.weapons for m in weapon_modes(w)
                  if m != "melee"] if z.acts else []
        per_distance: dict = {}
        for h in cells:
            best = 0.0
            if melee:
                if h in z.now:
                    best = melee * z.attacks_now
                elif h in z.move:
                    best = melee
                elif h in z.far:
                    best = melee * FAR_WEIGHT
            if ranged:
                d = fdist(e.hexes, (h,))
                conc = hexmap.terrain_at(h).concealment
                got = per_distance.get((d, conc))
                if got is None:
                    got = per_distance[(d, conc)] = _ranged_mean(e, ranged, members, d, conc)
                if got > best and not memo.walls_block(e.anchor, h):
                    best = got
            if best:
                heat[h] += best
    _CACHE.update(key=key, value=heat, view=view)
    return dict(heat)


def _melee_mean(e, members) -> float:
    total = 0.0
    for m in members:
        best = 0.0
        for w in e.weapons:
            if w.can_melee:
                est = quick(e, w, m, "melee", 1)
                if est is not None:
                    best = max(best, est.mean)
        total += best
    return total / len(members)


def _ranged_mean(e, ranged, members, d: int, conc: str) -> float:
    total = 0.0
    for m in members:
        best = 0.0
        for w, mode, top in ranged:
            if d <= top:
                est = quick(e, w, m, mode, d, concealment=conc)
                if est is not None:
                    best = max(best, est.mean)
        total += best
    return total / len(members)


__all__ = ["threat_heatmap"]
