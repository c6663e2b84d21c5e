"""Cover (docs/rules/06-cover.md).

Let f = the fraction of the lines of docs/rules/05-line-of-sight.md (see `sight`) obstructed by
`wall` or `low` hexes or by covering creatures:

| f                      | level    | AC bonus |
|------------------------|----------|----------|
| 0                      | none     | +0       |
| 0 < f < 1/2            | partial  | +2       |
| 1/2 <= f < 3/4         | good     | +4       |
| f >= 3/4, line of eff. | superior | +6       |
| no line of effect      | total    | None: the target cannot be attacked |

(thresholds compared in exact integers: 2k < n, 4k < 3n.)

Covering creatures: any creature other than attacker and target whose footprint (one region,
docs/rules/05-line-of-sight.md) a line passes through, except

1. creatures one or more size categories smaller than the target;
2. for a ranged attack on a target 2+ hexes away, creatures and `low` obstacles adjacent to the
   attacker (the hex-native rules: "your ranged attacks ignore that piece of cover when
   attacking enemies at least 10 feet away"); walls adjacent to the attacker still count;
3. one allied creature of the attacker's size that is not adjacent to the target - applied to
   ranged attacks, as the hex-native rules word it ("When making Ranged Attacks, you may ignore the
   cover provided by 1 allied creature of your size"); the attacker ignores the ally whose removal
   helps it most.

Cover coming only from creatures is at most Good: the level is the higher of the level of
the lines obstructed by terrain alone and (the level of all obstructed lines, capped at
Good), so creatures add up to Good but only terrain makes Superior (a corner of a shed in one
line does not turn a creature's Good cover into Superior). Dead creatures give no cover.
Prone target: at least Partial against ranged attacks from 3+ hexes away (Prone:
docs/rules/11-hit-points-and-conditions.md). A multi-hex attacker uses its best hex (lowest level,
then fewest obstructed lines). Cover bonuses do not stack (one level is the answer); the bonus adds
to AC, and the bonus of the terrain alone to REF saves against area effects from the far side
(`ref_bonus`; the hex-native rules: "Cover provided by creatures does not grant this bonus").

Line of effect is symmetric (`sight.trace_sight`): when every line of the attacker is blocked
by walls but one of the target's lines back is clear, the answer is Superior, not Total.

`all_pairs_cover` answers every ordered pair of a view, remembered on the view.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache
from types import MappingProxyType

from game.data.model import SIZES
from game.hexgrid import Hex, hex_neighbors
from game.rules import geometry as geo
from game.rules import collector, view_memo
from game.rules.sight import (
    Line, any_unwalled, condition_names, creature_distance, fmt_hex, raw_lines, reverse_clear,
    unit_of, view_index,
)

LEVELS = ("none", "partial", "good", "superior", "total")
BONUS = {"none": 0, "partial": 2, "good": 4, "superior": 6, "total": None}


@dataclass(frozen=True)
class CoverResult:
    attacker: str
    target: str
    level: str
    bonus: int | None               # AC bonus; None for total cover (cannot be attacked)
    fraction: float                 # obstructed / lines
    obstructed: int
    line_count: int
    origin_hex: Hex
    lines: tuple[Line, ...]
    line_of_effect: bool
    ranged: bool
    distance: int
    creature_only: bool = False
    terrain_level: str = "none"      # the level of the lines obstructed by terrain alone
    ignored: tuple = ()             # ((kind, what), reason) of cover the exceptions removed
    reasons: tuple[str, ...] = field(default_factory=tuple)

    @property
    def ref_bonus(self) -> int:
        """docs/rules/14-areas-of-effect.md: the bonus to REF saves against area effects from
        the far side; only "a solid physical structure" grants it, cover provided by creatures does
        not: the bonus of the terrain alone (0 for total cover: nothing reaches)."""
        return BONUS[self.terrain_level] or 0


def level_for(obstructed: int, lines: int, line_of_effect: bool = True) -> str:
    """docs/rules/06-cover.md thresholds, exact: f = obstructed / lines."""
    if not line_of_effect:
        return "total"
    if obstructed == 0:
        return "none"
    if 2 * obstructed < lines:
        return "partial"
    if 4 * obstructed < 3 * lines:
        return "good"
    return "superior"


def size_index(size: str) -> int:
    return SIZES.index(size)


class _Analysis:
    """The lines of one attacker hex with every obstruction and exception, before choosing
    which ally to ignore."""

    def __init__(self, origin, raws, terrain_hits, wall_flags, sight_flags, creatures,
                 low_ignored):
        self.origin, self.raws, self.low_ignored = origin, raws, low_ignored
        self.terrain_hits, self.wall_flags, self.sight_flags = terrain_hits, wall_flags, sight_flags
        self.creatures = creatures          # per line: list of (UnitView, reason or None)


def _classify(passed, ter, excluded, ignored_lows):
    """One pass over a line's passages (docs/rules/05-line-of-sight.md region rule, see
    geometry.region_hits): (hexes giving cover - walls and low obstacles not ignored, seam partners
    included -, low hexes ignored by exception 2 that it enters, blocked by walls, blocked for
    sight)."""
    if not passed:
        return (), [], False, False
    walls, lows, blockers = ter.walls, ter.lows, ter.sight_blockers
    solid, ignored, wall, sight = [], [], False, False
    for h, p in passed.items():
        h_wall = h in walls
        h_low = h in lows
        h_block = h in blockers
        if not (h_wall or h_low or h_block):
            continue
        if p is geo.INTERIOR:
            n = None
            n_wall = n_low = n_block = True
        else:
            n = p.neighbor
            if n in excluded:
                continue
            n_wall, n_low, n_block = n in walls, n in lows, n in blockers
        if h_wall and n_wall:
            wall = True
        if (h_wall or h_block) and (n_wall or n_block):
            sight = True
        h_solid = h_wall or (h_low and h not in ignored_lows)
        n_solid = n_wall or (n_low and (n is None or n not in ignored_lows))
        if h_solid and n_solid:
            solid.append(h)
            if n is not None and n not in passed:
                solid.append(n)
        elif (h_wall or h_low) and (n_wall or n_low):
            ignored.extend(x for x in (h, n) if x is not None and x in ignored_lows)
    if len(solid) > 1:
        solid = tuple(sorted(set(solid)))
    return (tuple(solid), sorted(set(ignored)) if ignored else ignored, wall, sight)


def _analyse(view, index, a, t, origin, ranged, far_ranged, ignored_lows, prune, tables,
             remember=True):
    excluded = a.hex_set | t.hex_set
    ter = index.terrain
    skip = frozenset((a.eid, t.eid))
    t_size = size_index(t.size)
    raws = raw_lines(view, a, t, origin, index, prune=prune, tables=tables, remember=remember)
    terrain_hits, wall_flags, sight_flags, creatures, low_ignored = [], [], [], [], []
    for raw in raws:
        solid, ignored, wall, sight = _classify(raw.passed, ter, excluded, ignored_lows)
        terrain_hits.append(solid)
        low_ignored.append(ignored)
        wall_flags.append(wall)
        sight_flags.append(sight)
        found = []
        for c in raw.creatures(index, skip):
            if size_index(c.size) < t_size:
                found.append((c, f"{c.name} is smaller than {t.name}"))
            elif far_ranged and creature_distance(c, a) == 1:
                found.append((c, f"{c.name} is adjacent to {a.name} (ranged attack at 2+ hexes)"))
            else:
                found.append((c, None))
        creatures.append(found)
    return _Analysis(origin, raws, terrain_hits, wall_flags, sight_flags, creatures,
                     low_ignored)


def _count(an: _Analysis, ignored_ally) -> tuple[int, int]:
    """(obstructed lines, lines obstructed by terrain) when `ignored_ally` is ignored."""
    k, k_terrain = 0, 0
    for hits, found in zip(an.terrain_hits, an.creatures):
        if hits:
            k += 1
            k_terrain += 1
        elif any(why is None and c is not ignored_ally for c, why in found):
            k += 1
    return k, k_terrain


def _level(an, ignored_ally, line_count, effect, prone_applies):
    """docs/rules/06-cover.md level: creatures can lift the level of the terrain alone up to Good
    at most ("Cover coming only from creatures is at most Good"), Prone raises None to Partial."""
    k, k_terrain = _count(an, ignored_ally)
    level_all = level_for(k, line_count, effect)
    level = by_terrain = level_all
    if level_all != "total":
        by_terrain = level_for(k_terrain, line_count, effect)
        level = max(by_terrain, min(level_all, "good", key=LEVELS.index), key=LEVELS.index)
    creature_only = k > 0 and k_terrain == 0
    capped = level != level_all
    raised = prone_applies and level == "none"
    if raised:
        level = "partial"
    return level, k, creature_only, capped, raised, by_terrain


def _lows_next_to(view, index, a) -> frozenset:
    """The low obstacles next to the creature (exception 2), remembered on the view by the
    hexes it stands on."""
    memo = view_memo.memo(view, "lows_next_to")
    found = memo.get(a.hex_set)
    if found is None:
        found = memo[a.hex_set] = frozenset(
            n for h in a.hexes for n in hex_neighbors(h)
            if n in index.terrain.lows and n not in a.hex_set)
    return found


def _evaluate(view, index, a, t, origin, ranged, distance, prune, tables,
              reverse_effect=False, remember=True):
    far_ranged = ranged and distance >= 2
    ignored_lows = _lows_next_to(view, index, a) if far_ranged else frozenset()
    an = _analyse(view, index, a, t, origin, ranged, far_ranged, ignored_lows, prune, tables,
                  remember)
    n = len(an.raws)
    effect = reverse_effect or not all(an.wall_flags)
    prone_applies = ranged and distance >= 3 and "prone" in condition_names(t)
    # Exception 3: one allied creature of the attacker's size not adjacent to the target.
    allies = {}
    if ranged:
        for found in an.creatures:
            for c, why in found:
                if (why is None and c.team == a.team and c.size == a.size
                        and creature_distance(c, t) > 1):
                    allies[c.eid] = c
    options = [None] + sorted(allies.values(), key=lambda c: c.eid)
    best = None
    for ally in options:
        level, k, creature_only, capped, raised, by_terrain = _level(an, ally, n, effect,
                                                                      prone_applies)
        key = (LEVELS.index(level), k)
        if best is None or key < best[0]:
            best = (key, ally, level, k, creature_only, capped, raised, by_terrain)
    _, ally, level, k, creature_only, capped, raised, by_terrain = best
    return (an, ignored_lows, ally, level, k, creature_only, capped, raised, effect, n,
            by_terrain)


def _source_order(source) -> tuple[str, str]:
    kind, what = source
    return kind, _text(what)


_text = lru_cache(maxsize=1 << 16)(str)


@lru_cache(maxsize=1 << 16)
def _hex_sources(hits: tuple) -> tuple:
    """(("hex", h), ...) of a line's terrain hits, one shared tuple per set of hits: the
    cover of every pair explains tens of thousands of lines with a few hundred sets, and
    every object they share is one the cycle collector need not visit."""
    return tuple([_hex_source(h) for h in hits])


@lru_cache(maxsize=1 << 16)
def _hex_source(h: Hex) -> tuple:
    return ("hex", h)


@lru_cache(maxsize=1 << 12)
def _creature_source(name: str) -> tuple:
    return ("creature", name)


def _creatures_and_lows(view, a, t, ally, found, lows) -> tuple[tuple, list]:
    """A line's covering creatures, and what it passes that the exceptions ignore, with
    why."""
    ignored = []
    covering = []
    for c, why in found:
        if why is None and c is ally:
            why = (f"{c.name} is an ally of {a.name}'s size not adjacent to {t.name} "
                   "(one ally ignored, ranged)")
        if why is None:
            covering.append(_creature_source(c.name))
        else:
            ignored.append((_creature_source(c.name), why))
    for h in lows:
        ignored.append((("hex", h), f"low obstacle at {fmt_hex(view, h)} is adjacent "
                            f"to {a.name} (ranged attack at 2+ hexes)"))
    return tuple(covering), ignored


def _explained_lines(view, a, t, an: _Analysis, ally) -> tuple[list, dict, list]:
    """The lines of the weighed hex explained, what the exceptions ignored (first reason of
    each), and the distinct tuples of what obstructs them (lines often share one)."""
    lines, ignored_all, distinct = [], {}, {}
    to_xy, start, start_xy = geo.to_xy, None, None
    for raw, hits, wall, sight, found, lows in zip(an.raws, an.terrain_hits, an.wall_flags,
                                                   an.sight_flags, an.creatures, an.low_ignored):
        if raw.start is not start:                  # the lines of one hex share their start
            start, start_xy = raw.start, to_xy(raw.start)
        obstructed_by = _hex_sources(hits) if hits else ()
        if found or lows:
            covering, ignored = _creatures_and_lows(view, a, t, ally, found, lows)
            obstructed_by += covering
            for what, why in ignored:
                ignored_all.setdefault(what, why)
            ignored = tuple(ignored)
        else:
            ignored = ()
        if obstructed_by:
            distinct[id(obstructed_by)] = obstructed_by
        lines.append(_new_line(Line, (start_xy, to_xy(raw.end), raw.target_hex,
                                      obstructed_by, wall, sight, ignored, raw.start,
                                      raw.end)))
    return lines, ignored_all, list(distinct.values())


_new_line = tuple.__new__      # a Line from its fields in order, without keyword handling


def _explain(view, a, t, ranged, distance, ev) -> CoverResult:
    an, ignored_lows, ally, level, k, creature_only, capped, raised, effect, n, by_terrain = ev
    lines, ignored_all, obstructions = _explained_lines(view, a, t, an, ally)
    reasons = [f"{a.name} -> {t.name} ({'ranged' if ranged else 'melee'}, {distance} hexes): "
               f"{k} of {n} lines from {fmt_hex(view, an.origin)} obstructed "
               f"(f = {k / n:.2f}) -> {level}"]
    sources = sorted({what for ob in obstructions for what in ob}, key=_source_order)
    if sources:
        reasons.append("obstructed by " + ", ".join(
            f"{kind} {fmt_hex(view, what) if kind == 'hex' else what}" for kind, what in sources))
    for (kind, what), why in ignored_all.items():
        reasons.append("ignored: " + why)
    if not effect:
        reasons.append("no line of effect: every line passes through a wall (Total Cover)")
    elif all(an.wall_flags):
        reasons.append(f"every line is blocked by walls, but a line from {t.name} back to "
                       f"{a.name} is clear: line of effect (symmetric), not Total Cover")
    if capped:
        reasons.append("cover only from creatures is at most Good (terrain alone: "
                       f"{sum(bool(h) for h in an.terrain_hits)} of {n} lines)")
    if raised:
        reasons.append(f"{t.name} is prone: at least Partial against ranged attacks from "
                       "3+ hexes")
    return CoverResult(a.name, t.name, level, BONUS[level], k / n, k, n, an.origin,
                       tuple(lines), effect, ranged, distance, creature_only, by_terrain,
                       tuple(ignored_all.items()), tuple(reasons))


def cover(view, attacker, target, ranged: bool = False, *, prune: bool = True,
          tables: bool = True) -> CoverResult:
    """docs/rules/06-cover.md: the cover of `target` against an attack by `attacker` (names or
    UnitViews), from the attacker's best hex. `ranged` selects the ranged-attack exceptions.
    `tables=False` clips the lines here instead of reading the tables of `line_tables`, and
    `prune=False` too clips every relevant hex of the map (the plain references; same
    answers, see `sight.raw_lines`)."""
    a, t = unit_of(view, attacker), unit_of(view, target)
    return view_memo.per_pair(view, "cover", a, t, (ranged, prune, tables),
                              lambda: _cover(view, a, t, ranged, prune, tables))


def cover_level(view, attacker, target, ranged: bool = False) -> str:
    """The level of `cover(view, attacker, target, ranged)`, without explaining its lines
    (what a yes-or-no question such as "has it any cover" needs). The weighing is remembered
    per pair until `cover` explains it."""
    a, t = unit_of(view, attacker), unit_of(view, target)
    key = (ranged, True, True)
    explained = view_memo.known_pair(view, "cover", a, t, key)
    if explained is not None:
        return explained.level
    return view_memo.per_pair(view, "cover_choice", a, t, key,
                              lambda: _choose(view, a, t, ranged, True, True))[1][3]


def _cover(view, a, t, ranged: bool, prune: bool, tables: bool) -> CoverResult:
    weighed = view_memo.known_pair(view, "cover_choice", a, t, (ranged, prune, tables))
    distance, best = weighed or _choose(view, a, t, ranged, prune, tables)
    return _explain(view, a, t, ranged, distance, best)


def _choose(view, a, t, ranged: bool, prune: bool, tables: bool) -> tuple:
    """(distance, the weighing of `a`'s best hex against `t`: see `_best`)."""
    index = view_index(view)
    distance = creature_distance(a, t)
    best = _best(view, index, a, t, ranged, distance, prune, tables, False)
    if best[3] == "total" and reverse_clear(view, a, t, index, sight=False):
        # Line of effect is symmetric (sight.trace_sight): every line of a is blocked by
        # walls but one of t's lines back to a is clear, so this is not Total Cover.
        best = _best(view, index, a, t, ranged, distance, prune, tables, True)
    return distance, best


def _best(view, index, a, t, ranged, distance, prune, tables, reverse_effect, remember=True):
    """The weighing of `a`'s best hex against `t` (`remember`: keep the traced lines for the
    next question about the pair, see `sight.raw_lines`)."""
    best = None
    for origin in a.hexes:
        if best is not None and not reverse_effect and _walled_in(view, index, a, t, origin,
                                                                  prune, tables):
            continue        # Total from here: no better than the hex already weighed
        ev = _evaluate(view, index, a, t, origin, ranged, distance, prune, tables,
                       reverse_effect, remember)
        key = (LEVELS.index(ev[3]), ev[4])
        if best is None or key < best[0]:
            best = (key, ev)
    return best[1]


def _walled_in(view, index, a, t, origin, prune, tables) -> bool:
    """Is every line from `origin` blocked by a wall (a line traced to its first wall is
    incomplete exactly when that wall blocks it, see `sight.RawLine`)?"""
    return not any_unwalled(view, a, t, origin, index, prune=prune, tables=tables)


# ---- Lean Out / Take Cover (docs/rules/19-maneuvers-and-archery.md) --------------------------

COVER_STATES = ("taking_cover", "leaning_out")      # value: 1 + the direction of the wall


def cover_wall(view, u) -> Hex | None:
    """The wall hex a creature takes cover (or leans out) behind: the neighbour of its anchor
    that its state names, while that hex still holds a `wall` obstacle."""
    for state in COVER_STATES:
        value = int(u.conditions.get(state, 0) or 0)
        if value:
            wall = hex_neighbors(u.anchor)[(value - 1) % 6]
            if view.hexmap.contains(wall) and view.hexmap.terrain_at(wall).obstacle == "wall":
                return wall
    return None


def beyond_wall(view, u, other) -> bool:
    """Is `other` on the far side of the wall `u` stands behind: its centre within less than
    60 degrees of the direction from `u`'s hex to the wall (a 120-degree sector)?"""
    wall = cover_wall(view, u)
    if wall is None:
        return False
    o = geo.hex_center(u.anchor)
    return not geo.angle_at_least(o, geo.hex_center(wall), geo.centroid(other.hexes), 60)


def behind_cover(view, attacker, target, level: str) -> str:
    """`level` (the cover the lines give), changed by Lean Out / Take Cover: a target taking
    cover behind a wall has Total cover from attackers beyond the wall, and one leaning out
    at least Good cover; an attacker taking cover cannot strike past its wall (Total)."""
    a, t = unit_of(view, attacker), unit_of(view, target)
    if a.conditions.get("taking_cover") and beyond_wall(view, a, t):
        return "total"
    if t.conditions.get("taking_cover") and beyond_wall(view, t, a):
        return "total"
    if t.conditions.get("leaning_out") and beyond_wall(view, t, a) and level != "total":
        return max(level, "good", key=LEVELS.index)
    return level


def lean_hexes(view, u) -> tuple[Hex, ...]:
    """The hexes a creature leaning out peers from: the two next to both it and its wall
    that are on the map and hold no wall (docs/rules/19-maneuvers-and-archery.md "Lean
    Out / Take Cover")."""
    if not u.conditions.get("leaning_out"):
        return ()
    wall = cover_wall(view, u)
    if wall is None:
        return ()
    d = hex_neighbors(u.anchor).index(wall)
    out = []
    for side in ((d + 1) % 6, (d + 5) % 6):
        h = hex_neighbors(u.anchor)[side]
        if view.hexmap.contains(h) and view.hexmap.terrain_at(h).obstacle != "wall":
            out.append(h)
    return tuple(out)


def leaning_position(view, leaner, other):
    """Where a creature leaning out shoots from at `other` (and is shot at from `other`):
    its own hex, or the hex at its wall's edge with the clearer view of `other` (line of
    effect first, then the lower cover), when `other` stands beyond the wall. The answer is
    the creature's view moved there (remembered per view, so its cover is too)."""
    leaner, other = unit_of(view, leaner), unit_of(view, other)
    hexes = lean_hexes(view, leaner)
    if not hexes or not beyond_wall(view, leaner, other):
        return leaner

    def best():
        options = [leaner] + [replace(leaner, anchor=h, hexes=(h,)) for h in hexes]
        return min(options, key=lambda p: LEVELS.index(cover(view, p, other, True).level))
    return view_memo.per_pair(view, "leaning", leaner, other, (), best)


def cover_bonus(view, attacker, target, ranged: bool = False) -> int | None:
    return cover(view, attacker, target, ranged).bonus


# --- every ordered pair, remembered on the view ----------------------------------------------

def all_pairs_cover(view, ranged: bool = False, *, prune: bool = True, tables: bool = True,
                    use_cache: bool = True) -> MappingProxyType:
    """{(attacker name, target name): CoverResult} for every ordered pair of distinct units
    of the view (each result carries `line_of_effect`). Remembered on the view (by `ranged`,
    `prune` and `tables`, see `cover`; game.rules.view_memo) unless `use_cache` is False."""
    memo = view_memo.memo(view, "all_pairs_cover")
    hit = memo.get((ranged, prune, tables)) if use_cache else None
    if hit is not None:
        return hit
    with collector.paused():
        result = MappingProxyType(_every_pair(view, ranged, prune, tables))
    if use_cache:
        memo[ranged, prune, tables] = result
    return result


def _every_pair(view, ranged: bool, prune: bool, tables: bool) -> dict:
    index = view_index(view)
    best, dist = {}, {}
    for a in view.units:
        for t in view.units:
            if a.eid != t.eid:
                d = dist.get((t.eid, a.eid))          # the distance is symmetric
                dist[a.eid, t.eid] = d = creature_distance(a, t) if d is None else d
                best[a.eid, t.eid] = _best(view, index, a, t, ranged, d, prune, tables, False,
                                           remember=False)
    out = {}
    for a in view.units:
        for t in view.units:
            if a.eid == t.eid:
                continue
            ev = best[a.eid, t.eid]
            if ev[3] == "total" and best[t.eid, a.eid][3] != "total":
                # symmetric line of effect: t's own lines reach a (see `cover`)
                ev = _best(view, index, a, t, ranged, dist[a.eid, t.eid], prune, tables,
                           True)
            out[a.name, t.name] = _explain(view, a, t, ranged, dist[a.eid, t.eid], ev)
    return out


__all__ = ["BONUS", "COVER_STATES", "LEVELS", "CoverResult", "all_pairs_cover", "behind_cover",
           "beyond_wall", "cover", "cover_bonus", "cover_level", "cover_wall", "lean_hexes",
           "leaning_position", "level_for",
           "size_index"]
