"""Line of sight and line of effect (docs/rules/05-line-of-sight.md).

- Lines run from the centre of the attacker's hex to the sample points of every hex of the
  target (its centre and its six corners pulled 1% inward; `geometry.sample_points`). A
  multi-hex attacker picks its best hex (the hex-native rules: "An attack for a larger creature
  can originate from the center of any one of its occupied hexes").
- A line is obstructed by a kind of obstacle when it passes through the interior of the
  region those hexes cover (`geometry` explains the exact method: seams between two obstacle
  hexes block, grazing a corner or an outer edge does not). Each creature's footprint is such
  a region too (used by `cover`).
- `wall` hexes block effect and sight; `blocks_sight` hexes block sight only; obstacles in the
  attacker's and the target's own hexes are ignored. Hexes off the map are not obstacles
  (the edge of the map is no wall for sight).
- Line of effect: at least one line not obstructed by walls. Line of sight: at least one line
  obstructed by neither walls nor `blocks_sight` hexes, and the target not in total
  concealment from the attacker (docs/rules/07-concealment.md: total concealment blocks sight,
  partial does not), which also covers invisible targets and blinded attackers.
- Both are symmetric: the lines of the target's hexes back to the attacker's sample points
  count too (line of effect is "an unblocked path between it and you", in the words of the
  4e-style rules). Lines from one centre to sample points are not symmetric by themselves (a wall
  next to one creature can hide its centre from every sample point of the other, while the other's
  centre still reaches one of its corners); without this a creature could be shot by a foe it
  cannot shoot. Concealment stays directional (a blinded attacker, an invisible target).

Pure functions of a `BattleView`. The index of a map's terrain is remembered on the map, the
index of where the creatures stand on the view (game.rules.view_memo): each dies with its
object.
"""
from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Iterable, NamedTuple

from game.hexgrid import DIRECTIONS, Hex
from game.rules import geometry as geo
from game.rules import line_tables as lt
from game.rules import view_memo

# --- small helpers shared by cover, concealment and flanking -------------------------------


def unit_of(view, u):
    """A UnitView from a UnitView or a unit name."""
    return view.unit(u) if isinstance(u, str) else u


def creature_distance(a, b) -> int:
    """docs/rules/01-hexes-and-distance.md: the smallest hex distance between any hex of one
    footprint and the other's. Accepts UnitViews or iterables of hexes."""
    a = getattr(a, "hexes", a)
    b = getattr(b, "hexes", b)
    return min((abs(x.q - y.q) + abs(x.r - y.r) + abs(x.q + x.r - y.q - y.r)) // 2
               for x in a for y in b)


def condition_names(u) -> frozenset[str]:
    """Active condition names, case- and separator-blind ("Flat-Footed" -> "flat_footed")."""
    return frozenset(str(c).strip().lower().replace("-", "_").replace(" ", "_")
                     for c in u.conditions)


def tile(view, h: Hex) -> tuple[int, int]:
    """Tiled col,row of a hex, for explanations (docs/rules/01-hexes-and-distance.md)."""
    return view.hexmap.tile_of(h)


def fmt_hex(view, h: Hex) -> str:
    """"col,row" of a hex (remembered on the map: explanations name the same hexes often)."""
    texts = view_memo.memo(view.hexmap, "hex_text")
    text = texts.get(h)
    if text is None:
        c, r = tile(view, h)
        text = texts[h] = f"{c},{r}"
    return text


# --- per-view indexes ------------------------------------------------------------------------

@dataclass(frozen=True)
class TerrainIndex:
    """The hexes of a map that matter to lines (on-map only)."""

    walls: frozenset
    lows: frozenset
    sight_blockers: frozenset          # blocks_sight hexes (walls block sight too)
    concealment: dict                  # Hex -> "partial" | "total"
    near: dict = field(default_factory=dict)          # (q, r) -> obstacle hexes within 2
    near_conceal: dict = field(default_factory=dict)  # (q, r) -> concealment hexes within 2
    total_conceal: frozenset = frozenset()             # the hexes of total concealment
    by_key: dict = field(default_factory=dict)        # line_tables.hex_key -> (obstacle hex,
    #                                                   is it a wall, False)


@dataclass(frozen=True)
class ViewIndex:
    terrain: TerrainIndex
    occupants: dict                    # Hex -> tuple of living UnitViews standing there
    relevant: frozenset                # walls | lows | sight blockers | occupied hexes
    relevant_conceal: frozenset        # concealment hexes
    lines: OrderedDict = field(default_factory=OrderedDict, compare=False)  # raw_lines memo
    by_key: dict = field(default_factory=dict)        # line_tables.hex_key -> (relevant hex,
    #                                                   is it a wall, is it occupied)

    @cached_property
    def near_units(self) -> dict:
        """(q, r) -> occupied hexes within 2 (made when the lines are clipped without the
        tables, the only reader)."""
        return _near(self.occupants)

    @cached_property
    def near_all(self) -> dict:
        """terrain.near and near_units merged."""
        near_all = dict(self.terrain.near)
        for h, hs in self.near_units.items():
            near_all[h] = near_all.get(h, ()) + hs
        return near_all


def _near(hexes) -> dict:
    """{(q, r): hexes of `hexes` within distance 2 of (q, r)}: the spatial index behind
    `candidates` (a line's corridor is the hexes within 2 of its linedraw)."""
    out: dict = {}
    disc = geo.disc_offsets(2)
    for h in hexes:
        for dq, dr in disc:
            out.setdefault((h.q - dq, h.r - dr), []).append(h)
    return {k: tuple(v) for k, v in out.items()}


def terrain_index(hexmap) -> TerrainIndex:
    """Walls, low obstacles, sight blockers and concealment of a map (remembered on the map
    object; rebuilt when its terrain list changed)."""
    memo = view_memo.memo(hexmap, "terrain_index")
    hit = memo.get("index")
    if hit is not None and hit[0] == hexmap.terrain:
        return hit[1]
    walls, lows, blockers, conceal = set(), set(), set(), {}
    for h in hexmap.all_hexes():
        t = hexmap.terrain_at(h)
        if t.obstacle == "wall":
            walls.add(h)
        elif t.obstacle == "low":
            lows.add(h)
        if t.blocks_sight:
            blockers.add(h)
        if t.concealment != "none":
            conceal[h] = t.concealment
    obstacles = walls | lows | blockers
    index = TerrainIndex(frozenset(walls), frozenset(lows), frozenset(blockers), conceal,
                         _near(obstacles), _near(conceal),
                         frozenset(h for h, level in conceal.items() if level == "total"),
                         {lt.hex_key(h): (h, h in walls, False) for h in obstacles})
    memo["index"] = (list(hexmap.terrain), index)
    return index


def view_index(view) -> ViewIndex:
    """The terrain index plus where the living creatures stand (remembered on the view)."""
    terrain = terrain_index(view.hexmap)
    memo = view_memo.memo(view, "view_index")
    hit = memo.get("index")
    if hit is not None and hit.terrain is terrain:
        return hit
    occ: dict = {}
    for u in view.units:
        if u.dead:
            continue
        for h in u.hexes:
            occ.setdefault(h, []).append(u)
    occupants = {h: tuple(us) for h, us in occ.items()}
    relevant = terrain.walls | terrain.lows | terrain.sight_blockers | frozenset(occupants)
    by_key = dict(terrain.by_key)
    for h in occupants:
        by_key[lt.hex_key(h)] = (h, h in terrain.walls, True)
    index = ViewIndex(terrain, occupants, relevant, frozenset(terrain.concealment),
                      by_key=by_key)
    memo["index"] = index
    return index


# --- raw lines -------------------------------------------------------------------------------

class Excluding:
    """A region minus some hexes (docs/rules/05-line-of-sight.md: obstacles in attacker's/target's
    hexes)."""

    __slots__ = ("base", "excluded", "extra")

    def __init__(self, base, excluded, extra=frozenset()):
        self.base, self.excluded, self.extra = base, excluded, extra

    def __contains__(self, h) -> bool:
        return (h in self.base or h in self.extra) and h not in self.excluded


class RawLine:
    """One line of docs/rules/05-line-of-sight.md with the hexes it passes (exact passages), before
    any rule.

    When traced with `stop_at_wall`, `passed` holds the passages up to the first wall the
    line enters (nearest candidates first): a wall decides every flag of a line (it blocks
    effect and sight and gives cover), so nothing beyond it can change an answer;
    `complete` is then False."""

    __slots__ = ("start", "end", "origin", "target_hex", "passed", "complete", "crowded")

    def __init__(self, start, end, origin, target_hex, passed, complete=True, crowded=True):
        self.start, self.end, self.origin = start, end, origin
        self.target_hex, self.passed, self.complete = target_hex, passed, complete
        self.crowded = crowded          # False: none of the passed hexes holds a creature

    def hits(self, region) -> list[Hex]:
        return geo.region_hits(self.passed, region)

    def creatures(self, index: ViewIndex, skip: frozenset) -> list:
        """Creatures (other than those in `skip`, by eid) whose footprint interior the line
        passes (each footprint is one region: its inner seams count)."""
        if not self.passed or not self.crowded:
            return []
        found = {}
        for h, p in self.passed.items():
            for u in index.occupants.get(h, ()):
                if u.eid in skip or u.eid in found:
                    continue
                if p is geo.INTERIOR or p.neighbor in u.hex_set:
                    found[u.eid] = u
        return sorted(found.values(), key=lambda u: u.eid)


def candidates(near_maps, origin: Hex, target_hexes, excluded) -> list[Hex]:
    """The indexed hexes in the corridor of the lines origin -> target hex (the hexes within 2
    of `hex_linedraw(origin, target hex)`, geometry `corridor`) for one target hex or several,
    minus `excluded`: spatial pruning, only these are clipped exactly. `near_maps`: `_near`
    dicts to look up."""
    if isinstance(target_hexes, Hex):
        target_hexes = (target_hexes,)
    oq, orr = origin.q, origin.r
    found = set()
    for th in target_hexes:
        for dq, dr in geo.linedraw_offsets(th.q - oq, th.r - orr):
            key = (oq + dq, orr + dr)
            for near in near_maps:
                hs = near.get(key)
                if hs:
                    found.update(hs)
    return [h for h in found if h not in excluded]


_LINES_MEMO = 256  # recent raw_lines per view index: cover, concealment, sight and effect of
# one attack ask for the same lines, several times per weapon


def raw_lines(view, attacker, target, origin: Hex, index: ViewIndex | None = None,
              prune: bool = True, stop_at_wall: bool = True,
              tables: bool = True, remember: bool = True) -> list[RawLine]:
    """The lines from the centre of `origin` to every sample point of every target hex,
    target hexes in footprint order, sample points centre first (a shared list: read it,
    do not change it).

    The passages come from the lines tabled by offset (`line_tables`); with `tables` False
    they are clipped here, exactly, against the relevant hexes of the line's corridor, or,
    with `prune` False too, against every relevant hex of the map (the plain ways, kept as
    the references the tables are tested and measured against; same answers).
    `stop_at_wall` see `RawLine`. With `remember` False the lines are not kept for the
    next call (a bulk question asking each once: the cover of every pair)."""
    index = index or view_index(view)
    key = _lines_key(attacker, target, origin, prune, stop_at_wall, tables)
    memo = index.lines
    found = memo.get(key)
    if found is None:
        if prune and tables:
            found = _tabled_lines(attacker, target, origin, index, stop_at_wall)
        else:
            found = _raw_lines(attacker, target, origin, index, prune, stop_at_wall)
        if remember:
            memo[key] = found
            if len(memo) > _LINES_MEMO:
                memo.popitem(last=False)
    return found


def _lines_key(attacker, target, origin, prune, stop_at_wall, tables) -> tuple:
    return (origin, target.hexes, attacker.hex_set, target.hex_set, prune and tables, prune,
            stop_at_wall)


def any_unwalled(view, attacker, target, origin: Hex, index: ViewIndex | None = None,
                 prune: bool = True, tables: bool = True) -> bool:
    """Is some line of `raw_lines` (traced to its first wall) complete: no wall blocks it?
    Read off the remembered lines, or else found walking the tables, stopping at the first
    such line, without building the lines."""
    index = index or view_index(view)
    found = index.lines.get(_lines_key(attacker, target, origin, prune, True, tables))
    if found is None and not (prune and tables):
        found = raw_lines(view, attacker, target, origin, index, prune, tables=tables)
    if found is not None:
        return any(raw.complete for raw in found)
    base, excluded = lt.hex_key(origin), attacker.hex_set | target.hex_set
    for th in target.hexes:
        _, stopped, _ = _walk_fan(lt.fan(th.q - origin.q, th.r - origin.r), base, index,
                                  excluded, True)
        if not all(stopped):
            return True
    return False


def _tabled_lines(attacker, target, origin, index, stop_at_wall) -> list[RawLine]:
    start = geo.hex_center(origin)
    base = lt.hex_key(origin)
    excluded = attacker.hex_set | target.hex_set
    out = []
    for th in target.hexes:
        fan = lt.fan(th.q - origin.q, th.r - origin.r)
        passed, stopped, crowded = _walk_fan(fan, base, index, excluded, stop_at_wall)
        out.extend(RawLine(start, p, origin, th, passed[k], not stopped[k], crowded[k])
                   for k, p in enumerate(_sample_points(th)))
    return out


@lru_cache(maxsize=1 << 16)
def _sample_points(h: Hex) -> tuple:
    return tuple(geo.sample_points(h))


def _walk_fan(fan, base: int, index: ViewIndex, excluded, stop_at_wall: bool):
    """The passed hexes of each of a fan's seven lines (`RawLine.passed`), whether each
    stopped at its first wall (only when `stop_at_wall`), and whether each passed a hex
    where a creature stands (`RawLine.crowded`)."""
    relevant = index.by_key.get
    passed = [{} for _ in range(7)]
    stopped = [False] * 7
    crowded = [False] * 7
    lines = (passed, stopped, crowded)
    left, i, keys, codes = 7, 0, fan.keys, fan.codes
    while left and (i < len(keys) or fan.more()):
        n = len(keys)
        for j in range(i, n):
            found = relevant(base + keys[j])
            if found is not None and found[0] not in excluded:
                left -= _pass_hex(found, codes, 7 * j, lines, index, excluded, stop_at_wall)
                if not left:
                    break
        i = n
    return passed, stopped, crowded


def _pass_hex(found, codes, at: int, lines, index, excluded, stop_at_wall) -> int:
    """Record how each line not stopped yet passes the relevant hex `found` (its codes at
    `at` in the fan) in `lines` (passed, stopped, crowded: see `_walk_fan`); the number of
    lines this hex, a wall, stops."""
    h, is_wall, occupied = found
    passed, stopped, crowded = lines
    runs = {}
    newly = 0
    for k, how in enumerate(codes[at:at + 7]):
        if how == _NOT_PASSED or stopped[k]:
            continue
        if occupied:
            crowded[k] = True
        if how == _INTERIOR_CODE:
            passed[k][h] = _INTERIOR
            stop = is_wall
        else:
            run = runs.get(how)
            if run is None:
                d = DIRECTIONS[how]
                run = runs[how] = geo.EdgeRun(h, Hex(h.q + d.q, h.r + d.r))
            passed[k][h] = run
            stop = is_wall and run.neighbor in index.terrain.walls and \
                run.neighbor not in excluded
        if stop and stop_at_wall:
            stopped[k] = True
            newly += 1
    return newly


_NOT_PASSED, _INTERIOR_CODE, _INTERIOR = lt.NOT_PASSED, lt.INTERIOR, geo.INTERIOR


def _raw_lines(attacker, target, origin, index, prune, stop_at_wall) -> list[RawLine]:
    excluded = attacker.hex_set | target.hex_set
    walls = index.terrain.walls
    sx, sy = start = geo.hex_center(origin)
    if prune:
        cands = candidates((index.near_all,), origin, target.hexes, excluded)
    else:
        cands = [h for h in index.relevant if h not in excluded]
    prepared = []
    for h in cands:
        cx, cy = geo.hex_center(h)
        # nearest first (metric distance, see geometry): a line stops at its first wall
        prepared.append((3 * (cx - sx) ** 2 + (cy - sy) ** 2, sx - cx, sy - cy, h,
                         h in walls))
    prepared.sort(key=lambda c: c[0])
    out = []
    for th in target.hexes:
        for p in geo.sample_points(th):
            dx, dy = p[0] - sx, p[1] - sy
            length2 = 4 * geo.SCALE * geo.SCALE * (3 * dx * dx + dy * dy)
            passed = {}
            complete = True
            for _, x0, y0, h, is_wall in prepared:
                cr = dx * y0 - dy * x0
                if 3 * cr * cr >= length2:
                    continue
                pa = geo.passage_at(x0, y0, dx, dy, h)
                if pa is None:
                    continue
                passed[h] = pa
                if stop_at_wall and is_wall and (
                        pa is geo.INTERIOR
                        or (pa.neighbor in walls and pa.neighbor not in excluded)):
                    complete = False
                    break
            out.append(RawLine(start, p, origin, th, passed, complete))
    return out


# --- public results --------------------------------------------------------------------------

class Line(NamedTuple):
    """One line of docs/rules/05-line-of-sight.md, explained (a named tuple: the cover of every
    pair of a battle explains tens of thousands of lines, and a tuple is made several times
    faster than a frozen dataclass).

    start_xy / end_xy: real coordinates in unit-size pointy hex space (`geometry.to_xy`).
    obstructed_by: what obstructs it - ('hex', Hex) or ('creature', name); in a `SightResult`
    the wall and sight-blocking hexes, in a `CoverResult` the hexes and creatures that give
    cover after the exceptions of docs/rules/06-cover.md (those appear in `ignored` with the
    reason).
    """

    start_xy: tuple[float, float]
    end_xy: tuple[float, float]
    target_hex: Hex
    obstructed_by: tuple = ()
    blocks_effect: bool = False
    blocks_sight: bool = False
    ignored: tuple = ()
    start: tuple[int, int] = (0, 0)    # exact lattice coordinates (geometry module)
    end: tuple[int, int] = (0, 0)

    @property
    def obstructed(self) -> bool:
        return bool(self.obstructed_by)


@dataclass(frozen=True)
class SightResult:
    """Line of effect and line of sight between attacker and target, with the lines of the
    attacker hex that shows the best result (`origin_hex`). `reverse` tells that the answer
    needed the target's own lines back to the attacker (see `line_of_effect`)."""

    attacker: str
    target: str
    line_of_effect: bool
    line_of_sight: bool
    origin_hex: Hex
    lines: tuple[Line, ...]
    concealment: str = "none"
    reverse: bool = False
    reasons: tuple[str, ...] = field(default_factory=tuple)


def _sight_lines(view, index: ViewIndex, raws: Iterable[RawLine], excluded) -> list[Line]:
    t = index.terrain
    walls = Excluding(t.walls, excluded)
    sight = Excluding(t.walls, excluded, t.sight_blockers)
    lines = []
    for raw in raws:
        wall_hits = raw.hits(walls)
        sight_hits = raw.hits(sight)
        lines.append(Line(geo.to_xy(raw.start), geo.to_xy(raw.end), raw.target_hex,
                          tuple(("hex", h) for h in sight_hits), bool(wall_hits),
                          bool(sight_hits), (), raw.start, raw.end))
    return lines


def one_way(view, a, t, index: ViewIndex | None = None, need_sight: bool = True,
            stop_early: bool = False):
    """Lines of docs/rules/05-line-of-sight.md from each hex of `a` to `t`: {origin: [Line]}. With
    `stop_early` it stops at the first origin that has a line clear of walls (and of sight blockers
    when `need_sight`)."""
    index = index or view_index(view)
    excluded = a.hex_set | t.hex_set
    out = {}
    for origin in a.hexes:
        lines = _sight_lines(view, index, raw_lines(view, a, t, origin, index), excluded)
        out[origin] = lines
        if stop_early and any(not (ln.blocks_sight if need_sight else ln.blocks_effect)
                              for ln in lines):
            break
    return out


def reverse_clear(view, a, t, index: ViewIndex | None = None, sight: bool = False) -> bool:
    """Has some hex of `t` a line to `a`'s sample points clear of walls (and of sight
    blockers when `sight`)? The reverse half of the symmetric line of effect / sight."""
    for lines in one_way(view, t, a, index, need_sight=sight, stop_early=True).values():
        if any(not (ln.blocks_sight if sight else ln.blocks_effect) for ln in lines):
            return True
    return False


def trace_sight(view, attacker, target) -> SightResult:
    """The detailed answer of docs/rules/05-line-of-sight.md for one ordered pair (names or
    UnitViews).

    Line of effect and the geometric part of line of sight are symmetric: they exist when a
    line of the attacker's hexes to the target's sample points, or one of the target's hexes
    to the attacker's sample points, is clear (line of effect is "an unblocked path between it
    and you", in the words of the 4e-style rules). Sample lines from one centre are not symmetric
    by themselves: a wall near one creature can hide its centre from all of the other's sample
    points while a line from the other's centre still slips past to one of its corners. Concealment
    (docs/rules/07-concealment.md) stays directional: a blinded attacker, an invisible target,
    total concealment."""
    a, t = unit_of(view, attacker), unit_of(view, target)
    return view_memo.per_pair(view, "trace_sight", a, t, None, lambda: _trace_sight(view, a, t))


def _trace_sight(view, a, t) -> SightResult:
    from game.rules.concealment import concealment

    index = view_index(view)
    best = None
    for origin, lines in one_way(view, a, t, index).items():
        effect = any(not ln.blocks_effect for ln in lines)
        seen = any(not ln.blocks_sight for ln in lines)
        clear = sum(not ln.blocks_sight for ln in lines)
        score = (seen, effect, clear)
        if best is None or score > best[0]:
            best = (score, origin, lines)
    (seen, effect, clear), origin, lines = best
    reverse = False
    if not seen and reverse_clear(view, a, t, index, sight=True):
        seen = effect = reverse = True
    elif not effect and reverse_clear(view, a, t, index, sight=False):
        effect = reverse = True
    conceal = concealment(view, a, t)
    sight = seen and conceal.level != "total"
    reasons = [f"{a.name} -> {t.name}: {len(lines)} lines from hex {fmt_hex(view, origin)}; "
               f"{sum(not ln.blocks_effect for ln in lines)} not blocked by walls, "
               f"{clear} not blocked for sight"]
    if reverse:
        reasons.append(f"no line of {a.name} is clear, but a line from {t.name}'s hex back to "
                       f"{a.name} is: lines of effect and sight are symmetric "
                       "(rules: Line of sight and line of effect)")
    if not effect:
        reasons.append("no line of effect: every line passes through a wall (Total Cover)")
    elif not seen:
        reasons.append("no line of sight: every line passes through a wall or a "
                       "blocks_sight hex")
    if seen and conceal.level == "total":
        reasons.append("no line of sight: the target has total concealment (rules: Concealment)")
        reasons.extend(conceal.reasons)
    return SightResult(a.name, t.name, effect, sight, origin, tuple(lines), conceal.level,
                       reverse, tuple(reasons))


def line_of_effect(view, attacker, target) -> bool:
    """docs/rules/05-line-of-sight.md: a line from one of the attacker's hexes to the target's
    sample points (or back, see `trace_sight`) not blocked by a wall. Symmetric in attacker and
    target."""
    a, t = unit_of(view, attacker), unit_of(view, target)
    index = view_index(view)
    return _unwalled(view, a, t, index) or _unwalled(view, t, a, index)


def _unwalled(view, a, t, index: ViewIndex) -> bool:
    """Has some hex of `a` a line to `t`'s sample points that no wall blocks? A line traced to
    its first wall is complete exactly when none blocks it (`RawLine`)."""
    return any(any_unwalled(view, a, t, origin, index) for origin in a.hexes)


def line_of_sight(view, attacker, target) -> bool:
    """docs/rules/05-line-of-sight.md and 07-concealment.md: a line blocked by neither walls nor
    blocks_sight hexes (either way, like line of effect), and the target not in total concealment
    from the attacker (invisible target, blinded attacker, total-concealment hexes)."""
    return trace_sight(view, attacker, target).line_of_sight


__all__ = [
    "Line", "SightResult", "RawLine", "TerrainIndex", "ViewIndex", "Excluding",
    "line_of_effect", "line_of_sight", "trace_sight", "raw_lines", "candidates",
    "one_way", "reverse_clear", "view_index", "any_unwalled", "terrain_index", "unit_of",
    "creature_distance", "condition_names", "fmt_hex", "tile",
]
