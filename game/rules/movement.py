"""Where a creature can move and what it costs (docs/rules/03-movement.md, and
02-size-and-reach.md for the space a creature fills).

Pure functions of a `BattleView`, built like Battle for Wesnoth's pathfinder (one search over
one cost calculator):
- the cost table (`terrain_cost`, then `_Field.cost` per mover) says what entering each hex
  costs: 1 normal, 2 difficult, 0 never (impassable, off the map, a blocking enemy);
- the step-cost function (`_Field.step`) says what one step between states (anchor, facing)
  costs and whom it provokes, from that table: a multi-hex creature pays the highest of the
  newly entered footprint hexes; a creature of 3+ hexes ignores difficult terrain when fewer
  than half of its footprint would stand on it after the step; large and gargantuan creatures
  (triangles) may turn 60 degrees about their anchor for 1 hex (the new hexes must be
  enterable);
- one Dijkstra (`_search`) over that function answers every question: reachable ends, cheapest
  and safe paths, retreats (with the Retreat's own filter on steps); Runs, Charges, 5-Foot
  Steps and the engine's check of a chosen path take single steps from the same function.

What creatures do to the table (docs/rules/03-movement.md): allies may be passed at no extra cost
(a prone ally costs as difficult terrain), never ended on; enemies block, unless helpless or 3+
size categories apart from the mover (still no end); unconscious or dead creatures of medium size
or larger make their hexes difficult; the dead no longer occupy their hexes; tiny creatures never
block and may share: a tiny mover may end in an occupied hex and anyone may end in a hex that only
a tiny creature occupies. No step jumps down a ledge into an occupied hex: the fall may end the
movement there (docs/rules/21-terrain-and-falling.md "Falling").

Internally every map hex is an integer index into a padded axial box (so a neighbour is
`i + DIRS[d]`), footprints are tuples of index offsets, threat is one bitmask per hex (a bit per
threatening enemy), and Dijkstra runs on the key `cost * K + provoking steps`: the cheapest cost
first, ties to the path with fewer provoking steps. `MovePath`s handed out are then tie-broken
exactly by the number of creatures provoked (docs/rules/04-attacks-of-opportunity.md: each at most
once per movement) with a Pareto search over the cheapest-path graph, and carry the `aoo.forecast`
of their steps.

Two accelerators serve one-hex creatures, both read from the same cost table and checked
against the plain search by property tests: `_search_cells` (the Dijkstra over hex indices
instead of states) and, for `reachable`, `_layers` (the Dijkstra a cost layer at a time on
integer bitboards, for tables of costs 1 and 2).
"""
from __future__ import annotations

import weakref
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from heapq import heappop, heappush
from itertools import accumulate, count
from operator import add

from game.data.model import SIZES
from game.hexgrid import DIRECTIONS, Hex, footprint, footprint_turns
from game.rules import aoo
from game.rules import conditions as condition_rules
from game.rules import flight
from game.rules import locomotion as locomotion_rules
from game.rules import view_memo
from game.rules.locomotion import LEDGE, WALKER, Locomotion
from game.rules.threat import (can_threaten, conditions_of, footprint_distance, is_helpless,
                               is_hostile, threat_reach, threatened_hexes, weapon_threat_reach)

K = 1 << 16          # key = cost * K + provoking steps (lexicographic (cost, provocations))
_PAD = 5             # padding of the index box: footprints reach 3 hexes from the anchor
_UNBOUNDED = 1 << 60
SIZE_RANK = {s: i for i, s in enumerate(SIZES)}


# ---- speed ----------------------------------------------------------------------------------
# (docs/rules/01-hexes-and-distance.md, 03-movement.md, 11-hit-points-and-conditions.md)

def is_injured(u) -> bool:
    """docs/rules/11-hit-points-and-conditions.md: injured at HP <= 25% of max HP (or carrying the
    Injured condition)."""
    return "injured" in conditions_of(u) or (u.max_hp > 0 and u.hp * 4 <= u.max_hp)


def effective_speed_ft(u) -> int:
    """Speed in feet after conditions (docs/rules/11-hit-points-and-conditions.md): Injured -5 ft
    (not below 5 ft), half speed when Blinded or Cramped, Weakened 2+
    (game.rules.conditions.speed_ft has the numbers). A flying creature moves at its fly speed
    (game.rules.locomotion)."""
    conds = dict(u.conditions)
    if is_injured(u):
        conds.setdefault("injured", 1)
    return condition_rules.speed_ft(locomotion_rules.base_speed_ft(u), conds)


def speed_hexes(u) -> int:
    """docs/rules/01-hexes-and-distance.md: hexes = feet // 5."""
    return effective_speed_ft(u) // 5


def run_hexes(u) -> int:
    """docs/rules/03-movement.md "Run": up to 2 x speed hexes."""
    return 2 * speed_hexes(u)


def retreat_hexes(u) -> int:
    """docs/rules/03-movement.md "Retreat": speed hexes, half of it (rounded down) when prone (the
    default rules)."""
    return speed_hexes(u) // (2 if "prone" in conditions_of(u) else 1)


def movement_budget(movement_left: int, big_left: int, speed: int) -> int:
    """Hexes a creature may still move this turn: its left-over movement plus `speed` for
    each Big Action it could spend on a Move (docs/rules/03-movement.md)."""
    return movement_left + max(0, big_left) * max(0, speed)


@dataclass(frozen=True)
class MoveSpend:
    """What a Move spends: `big` Big Actions, and the movement `left` over afterwards (usable by
    a later Move this turn, lost at its end)."""

    big: int
    left: int


def move_spend(cost: int, movement_left: int, speed: int) -> MoveSpend | None:
    """What a Move of `cost` hexes spends (docs/rules/03-movement.md): the left-over movement of
    earlier Moves this turn is used first, then one Big Action per `speed` hexes begun, and what
    the last one does not use is left over. None when the creature cannot move that far at all
    (speed 0 and not enough left over); whether it has the Big Actions is the caller's question."""
    extra = cost - movement_left
    if extra <= 0:
        return MoveSpend(0, -extra)
    if speed <= 0:
        return None
    big = -(-extra // speed)
    return MoveSpend(big, big * speed - extra)


def move_big_actions(cost: int, movement_left: int, speed: int) -> int | None:
    """Big Actions a Move of `cost` hexes spends (`move_spend`); None when it cannot."""
    spend = move_spend(cost, movement_left, speed)
    return None if spend is None else spend.big


def big_actions_for(u, cost: int) -> int | None:
    """Move Big Actions a path of `cost` hexes needs from a fresh turn (docs/rules/03-movement.md
    "Move"): 1, 2 or None (a Move is at least one Big Action)."""
    spend = move_spend(cost, 0, speed_hexes(u))
    if spend is None or spend.big > 2:  # 2 Big Actions a turn: docs/rules/09-turns-and-actions.md
        return None
    return max(1, spend.big)


# ---- results --------------------------------------------------------------------------------

State = tuple  # (anchor Hex, facing 0-5)


@dataclass(frozen=True)
class MovePath:
    """A way to move: the states (anchor, facing) after each step, start excluded.

    `hexes` is what `path --json` prints: the hexes the anchor enters (a turn in place adds
    none). `provocations` is `aoo.forecast` of the path for its `kind`."""

    mover: str
    start: State
    states: tuple
    cost: int
    kind: str = "move"
    provocations: tuple = ()

    @property
    def end(self) -> Hex:
        return self.states[-1][0] if self.states else self.start[0]

    @property
    def facing(self) -> int:
        return self.states[-1][1] if self.states else self.start[1]

    @property
    def hexes(self) -> tuple[Hex, ...]:
        out, last = [], self.start[0]
        for anchor, _ in self.states:
            if anchor != last:
                out.append(anchor)
            last = anchor
        return tuple(out)

    @property
    def provokes(self) -> bool:
        return bool(self.provocations)

    def __len__(self) -> int:
        return len(self.states)


# ---- the cost table (docs/rules/03-movement.md) ---------------------------------------------

NEVER, NORMAL, DIFFICULT = 0, 1, 2   # hexes of movement entering a hex costs (0: cannot)
SWIM = 2                             # a deep-water hex swum without a swim speed


def terrain_cost(terrain, loco: Locomotion = WALKER) -> int:
    """What entering a hex of `terrain` costs a creature moving as `loco`
    (docs/rules/03-movement.md; docs/rules/21-terrain-and-falling.md): 1, 2 when difficult or a low
    obstacle (climbing onto it takes 2 hexes of movement), NEVER (0) when impassable; deep water
    costs a swimmer its swim rate, anyone else SWIM; a flyer pays 1 everywhere it can fly over. The
    one place that prices terrain: every search and the bitboard accelerator follow it."""
    if loco.flies:
        return NORMAL if not terrain.impassable or locomotion_rules.over_wall(terrain) \
            else NEVER
    if terrain.impassable:
        return NEVER
    if terrain.water == "deep":
        return loco.swim if loco.swims else SWIM
    return DIFFICULT if terrain.difficult or terrain.obstacle == "low" else NORMAL


def ledge_cost(rise: int, climb_dc: int, loco: Locomotion) -> int | None:
    """The hexes of movement a ledge of `rise` elevation steps (negative: down) adds to a step,
    None when it cannot be taken (docs/rules/21-terrain-and-falling.md): climbing up costs the
    climb rate per 5 ft and needs a climb speed or a `climb_dc`; jumping down costs nothing
    more (a creature with a climb speed climbs down instead); a flyer flies down for nothing
    and up at its ascend rate per 5 ft (game.rules.locomotion.ASCENT_HEXES)."""
    if loco.flies:
        return rise * loco.ascent if rise >= LEDGE else 0
    if abs(rise) < LEDGE:
        return 0
    if rise < 0:
        return -rise * loco.climb if loco.climbs else 0
    if not loco.climbs and not climb_dc:
        return None
    return rise * loco.climb


# ---- the map as an index box (remembered on the HexMap) -------------------------------------

class _Table:
    """The cost table of one way of moving (`Locomotion`) on one map: `base` per index
    (`terrain_cost`, NEVER off the map), the same as bitboards for the accelerator
    (`bits_by_cost[c]`: bit i set when entering index i costs c), the hexes it may pass but
    not end on (`no_stand`) and the extra cost of each ledge, `ledge[(i, j)]` for a step
    from index i to its neighbour j (None: it cannot be taken)."""

    def __init__(self, grid: _Grid, loco: Locomotion):
        self.base = bytearray(grid.n)
        self.no_stand: set[int] = set()
        for i, t in grid.terrain.items():
            self.base[i] = terrain_cost(t, loco)
            if self.base[i] and not locomotion_rules.can_stand(t, loco):
                self.no_stand.add(i)
        self.bits_by_cost = {c: _cost_bits(self.base, c) for c in set(self.base) - {NEVER}}
        self.top_cost = max(self.bits_by_cost, default=NORMAL)
        self.ledge, self.drops = {}, set()
        for (i, j), rise in grid.ledges.items():
            extra = ledge_cost(rise, grid.terrain[j].climb_dc, loco)
            if extra != 0:
                self.ledge[(i, j)] = extra
            elif rise < 0 and not loco.flies:
                self.drops.add((i, j))      # jumped down: a fall (not in a Run or a Step)


class _Grid:
    """Map hexes as indices of a padded axial box (a neighbour is `i + dirs[d]`); `base` per
    index: `terrain_cost` of the hex for a walker, NEVER off the map (`table(loco)` for other
    ways of moving); `ledges[(i, j)]`, the rise in elevation steps from index i to its
    neighbour j where it is a ledge (LEDGE steps or more, up or down)."""

    def __init__(self, hexmap):
        cells = [(hexmap.hex_at(c, r), hexmap.terrain[r * hexmap.width + c])
                 for r in range(hexmap.height) for c in range(hexmap.width)]
        qs = [h.q for h, _ in cells]
        rs = [h.r for h, _ in cells]
        self.q0, self.r0 = min(qs) - _PAD, min(rs) - _PAD
        self.stride = max(qs) - min(qs) + 1 + 2 * _PAD
        self.rows = max(rs) - min(rs) + 1 + 2 * _PAD
        self.n = self.stride * self.rows
        self.hex_of: list = [None] * self.n
        self.terrain: dict[int, object] = {}
        for h, t in cells:
            i = self.index(h)
            self.hex_of[i] = h
            self.terrain[i] = t
        self.dirs = tuple(d.q + d.r * self.stride for d in DIRECTIONS)
        self.ledges = self._ledges()
        self.deep = any(t.water == "deep" for t in self.terrain.values())
        self.tables: dict[Locomotion, _Table] = {}
        walker = self.table(WALKER)
        self.base, self.bits_by_cost, self.top_cost = (walker.base, walker.bits_by_cost,
                                                       walker.top_cost)
        self.shapes: dict[str, _Shape] = {}

    def _ledges(self) -> dict:
        out = {}
        for i, t in self.terrain.items():
            for d in self.dirs:
                other = self.terrain.get(i + d)
                if other is not None and abs(other.elevation - t.elevation) >= LEDGE:
                    out[(i, i + d)] = other.elevation - t.elevation
        return out

    def table(self, loco: Locomotion) -> _Table:
        if loco not in self.tables:
            self.tables[loco] = _Table(self, loco)
        return self.tables[loco]

    def index(self, h: Hex) -> int:
        q, r = h.q - self.q0, h.r - self.r0
        if 0 <= q < self.stride and 0 <= r < self.rows:
            return q + r * self.stride
        return -1

    def offset(self, h: Hex) -> int:
        return h.q + h.r * self.stride

    def shape(self, size: str) -> _Shape:
        if size not in self.shapes:
            self.shapes[size] = _Shape(self, size)
        return self.shapes[size]


class _Shape:
    """A size's footprint as index offsets per facing, and for every move (6 directions, and
    the two turns of a triangle) the offsets, relative to the old anchor, of the hexes newly
    entered, vacated, and of the whole new footprint."""

    def __init__(self, grid: _Grid, size: str):
        self.size, self.n = size, len(footprint(size, Hex(0, 0), 0))
        self.turns = footprint_turns(size)
        off = grid.offset
        self.fp = [tuple(off(h) for h in footprint(size, Hex(0, 0), f)) for f in range(6)]
        self.moves = [[self._move(self.fp[f], self.fp[f], d, f) for d in grid.dirs]
                      for f in range(6)]
        self.turn_moves = [[self._move(self.fp[f], self.fp[(f + t) % 6], 0, (f + t) % 6)
                            for t in (1, -1)] if self.turns else [] for f in range(6)]
        self.all_moves = [self.moves[f] + self.turn_moves[f] for f in range(6)]

    @staticmethod
    def _move(old: tuple, new_rel: tuple, delta: int, facing: int):
        old_set = set(old)
        full = tuple(o + delta for o in new_rel)
        entered = tuple(o for o in full if o not in old_set)
        vacated = tuple(o for o in old if o not in set(full))
        return delta, facing, entered, vacated, full


def _grid(hexmap) -> _Grid:
    """The map as an index box, remembered on the map (game.rules.view_memo)."""
    memo = view_memo.memo(hexmap, "movement_grid")
    grid = memo.get("grid")
    if grid is None:
        grid = memo.setdefault("grid", _Grid(hexmap))
    return grid


# ---- the battlefield as one mover sees it ---------------------------------------------------

def sizes_apart(a, b) -> int:
    return abs(SIZE_RANK[a.size] - SIZE_RANK[b.size])


def matters_within(mover, other, radius: int | None) -> bool:
    """Can creature `other` change a search of `mover` bounded to `radius` hexes (None: the
    whole map)? Footprints reach at most 3 hexes from their anchors, so 8 is a safe margin
    for both, plus an enemy's threat reach. Callers that cache search results key them on
    the creatures this admits."""
    if radius is None:
        return True
    a, b = mover.anchor, other.anchor
    dq, dr = a.q - b.q, a.r - b.r
    d = (abs(dq) + abs(dr) + abs(dq + dr)) // 2 - radius - 8
    return d <= 0 or (other.team != mover.team and d <= threat_reach(other))


class _Field:
    """Per (view, mover), sparse: hexes its creatures block, make difficult or forbid as an
    end, and the bitmasks (a bit per threatening enemy, `bits`) of the enemies threatening a
    hex or whose space entering it provokes them. With a `radius`, only creatures that can
    matter within that many hexes of the mover are read (a bounded search).

    The field is remembered on its view, so it holds the view weakly (no cycle: a dropped
    view and its fields go at once); a result that outlives the call holds the view."""

    def __init__(self, view, mover, radius: int | None = None):
        self._view, self.mover, self.radius = weakref.ref(view), mover, radius
        self.grid = _grid(view.hexmap)
        self.loco = locomotion_rules.locomotion(mover)
        self.table = self.grid.table(self.loco)
        self.ledge = self.table.ledge
        self.shape = self.grid.shape(mover.size)
        self.blocked: set[int] = set()
        self.difficult: set[int] = set()
        self.no_end: set[int] = set(self.table.no_stand)
        self.threat: dict[int, int] = {}
        self.enter: dict[int, int] = {}
        self.bits: list = []
        self._edges: dict[int, list] = {}
        self.occupied: set[int] = set()
        self.runs: dict[int, dict] = {}     # run_targets by length, asked once per field
        # a flyer's direction changes per Move, None: no limit (game.rules.flight)
        self.turning = flight.turns_per_move(mover) if self.loco.flies else None
        self.flight_steps: dict[int, list] = {}    # the flight search's steps, per state
        for other in view.units:
            if other.eid != mover.eid and other.name != mover.partner \
                    and matters_within(mover, other, radius):
                self._add_creature(other)
        self.landings = self._fall_landings()
        # the highest cost in the cost table (creatures add DIFFICULT at most)
        self.top_cost = max(self.table.top_cost, DIFFICULT if self.difficult else NORMAL)

    @property
    def view(self):
        return self._view()

    def covers(self, radius: int | None) -> bool:
        return self.radius is None or (radius is not None and radius <= self.radius)

    def _cells(self, hexes) -> list[int]:
        g = self.grid
        return [i for i in map(g.index, hexes) if i >= 0 and g.base[i]]

    def _add_creature(self, other) -> None:
        """docs/rules/03-movement.md (allies, enemies, bodies) and
        docs/rules/04-attacks-of-opportunity.md (threat) for one creature."""
        cells = self._cells(other.hexes)
        self._mark_body(other, cells)
        if other.dead:
            return
        if is_hostile(other, self.mover) and can_threaten(other):
            bit = 1 << len(self.bits)
            self.bits.append(other)
            for i in self._cells(threatened_hexes(self.view, other)):
                self.threat[i] = self.threat.get(i, 0) | bit
            for i in cells:
                self.enter[i] = self.enter.get(i, 0) | bit
        if self.mover.size == "tiny" or other.size == "tiny":
            return  # tiny creatures share any hex, never block (docs/rules/02-size-and-reach.md)
        self.no_end.update(cells)
        self.occupied.update(cells)
        if not is_hostile(other, self.mover):
            if "prone" in conditions_of(other):
                self.difficult.update(cells)  # a prone ally costs as difficult terrain
        elif not (is_helpless(other) or sizes_apart(other, self.mover) >= 3):
            self.blocked.update(cells)        # enemies block

    def _fall_landings(self) -> set[int]:
        """The occupied hexes a jump down a ledge lands in: no step may jump into one, for the
        fall may end the movement there, and no one may stop in an occupied hex
        (docs/rules/21-terrain-and-falling.md "Falling"). A flyer does not fall."""
        if self.loco.flies or not self.occupied or not self.table.drops:
            return set()
        return {j for _, j in self.table.drops} & self.occupied

    def _mark_body(self, other, cells) -> None:
        """Unconscious or dead creatures of medium size or larger: difficult terrain."""
        lying = other.dead or "unconscious" in conditions_of(other)
        if lying and SIZE_RANK[other.size] >= SIZE_RANK["medium"]:
            self.difficult.update(cells)

    # -- per-hex arrays for the Dijkstra searches (built on first use) ----------------------

    def entry_cost(self, i: int) -> int:
        """What entering hex index i costs this mover, NEVER (0) when it cannot: the terrain
        (`terrain_cost`), then the creatures: bodies and prone allies make a hex at least
        difficult, enemies block."""
        base = self.table.base[i]
        if i in self.blocked:
            return NEVER
        if i in self.difficult and base:
            return max(base, DIFFICULT)
        return base

    @cached_property
    def cost(self) -> bytearray:
        """The cost table of this mover: `entry_cost` of every hex index (the terrain's costs
        copied, then the hexes its creatures change)."""
        cost = bytearray(self.table.base)
        for cells in (self.difficult, self.blocked):
            for i in cells:
                cost[i] = self.entry_cost(i)
        return cost

    # -- steps -----------------------------------------------------------------------------

    def step(self, s: int, move) -> tuple[int, int, int] | None:
        """The step-cost function: (next state, cost, provoker mask) of one move from state
        s = anchor * 6 + facing, or None when a newly entered hex cannot be entered. The cost
        is the highest in the cost table of the newly entered hexes (docs/rules/03-movement.md), a
        turn 1."""
        i = s // 6
        delta, facing, entered, vacated, full = move
        cost = self.cost
        c = NORMAL
        for o in entered:
            x = cost[i + o]
            if not x:
                return None
            if x > c:
                c = x
        if delta == 0:
            c = NORMAL  # a turn costs 1 (docs/rules/02-size-and-reach.md)
        else:
            if c == DIFFICULT and self.shape.n >= 3:
                c = self._big_creature_cost(i, full)
            if self.ledge:
                extra = self._ledge_extra(i, delta, full)
                if extra is None:
                    return None
                c += extra
            if self.landings and self.falls_on_someone(s, move):
                return None
        threat, enter = self.threat, self.enter
        mask = 0
        if threat:
            for o in vacated:
                mask |= threat.get(i + o, 0)
        if enter:
            for o in entered:
                mask |= enter.get(i + o, 0)
        return (i + delta) * 6 + facing, c, mask

    def _ledge_extra(self, i: int, delta: int, full) -> int | None:
        """The most any hex of the footprint pays for a ledge it crosses (`ledge_cost`)."""
        ledge, worst = self.ledge, 0
        for o in full:
            x = ledge.get((i + o - delta, i + o), 0)
            if x is None:
                return None
            worst = max(worst, x)
        return worst

    def jumps_down(self, s: int, move) -> bool:
        """Does this step jump down a ledge (a fall: never part of a Run or a 5-Foot Step)?"""
        i, delta, drops = s // 6, move[0], self.table.drops
        return bool(drops) and delta != 0 and any((i + o - delta, i + o) in drops
                                                  for o in move[4])

    def falls_on_someone(self, s: int, move) -> bool:
        """Does this step jump down a ledge into a hex another creature stands in
        (`_fall_landings`)?"""
        i, landings = s // 6, self.landings
        return any(i + o in landings for o in move[4]) and self.jumps_down(s, move)

    def _big_creature_cost(self, i: int, full) -> int:
        """docs/rules/03-movement.md: 3+ hexes ignore difficult terrain when fewer than half would
        stand on it."""
        on_difficult = sum(1 for o in full if self.cost[i + o] == DIFFICULT)
        return NORMAL if 2 * on_difficult < self.shape.n else DIFFICULT

    def moves(self, s: int):
        return self.shape.all_moves[s % 6]

    def edges(self, s: int) -> list:
        """The steps out of state s, remembered: a decision searches one field many times."""
        got = self._edges.get(s)
        if got is None:
            step = self.step
            got = self._edges[s] = [e for e in (step(s, m) for m in self.moves(s))
                                    if e is not None]
        return got

    def fits(self, s: int) -> bool:
        """Every hex of the footprint is on the map and enterable (a forced movement checks
        only its anchor's way, and a big creature's other hexes may hang over the edge)."""
        i, f = divmod(s, 6)
        cost = self.cost
        return all(cost[i + o] for o in self.shape.fp[f])

    def can_end(self, s: int) -> bool:
        i, f = divmod(s, 6)
        no_end = self.no_end
        return not any(i + o in no_end for o in self.shape.fp[f])

    def stands_threatened(self, s: int) -> bool:
        i, f = divmod(s, 6)
        return any(i + o in self.threat for o in self.shape.fp[f])

    def state(self, s: int) -> State:
        i, f = divmod(s, 6)
        return self.grid.hex_of[i], f

    def state_id(self, anchor: Hex, facing: int) -> int:
        i = self.grid.index(anchor)
        return -1 if i < 0 or not self.table.base[i] else i * 6 + facing % 6

    def start(self) -> int:
        return self.state_id(self.mover.anchor, self.mover.facing)

    def footprint_hexes(self, s: int) -> tuple[Hex, ...]:
        i, f = divmod(s, 6)
        return tuple(self.grid.hex_of[i + o] for o in self.shape.fp[f])


def _field(view, mover, radius: int | None = None) -> _Field:
    """The field of (view, mover) covering `radius` hexes (None: the whole map), remembered
    on the view (views are immutable; game.rules.view_memo): it dies with the view."""
    cache = view_memo.memo(view, "movement_fields")
    fld = cache.get(mover.eid)
    if fld is None or fld.mover is not mover or not fld.covers(radius):
        fld = cache[mover.eid] = _Field(view, mover, radius)
    return fld


# ---- the search -----------------------------------------------------------------------------

def _limit(budget: int | None) -> int:
    return _UNBOUNDED if budget is None else budget * K + K - 1


def _search(fld: _Field, start: int, budget: int | None, *, safe: bool = False,
            targets=None, edges=None, plain: bool = False):
    """Dijkstra from state `start` on key cost * K + provoking steps, bounded by `budget`
    hexes; with `targets`, it stops once every state as cheap as the first target reached is
    settled. `safe` drops every step that provokes. `edges(s)` lists the steps out of state s
    (default: every step the step-cost function allows; for one-hex creatures the same
    search runs accelerated over hex indices unless `plain`). Returns (key by state, parent
    by state)."""
    if edges is None and fld.shape.n == 1 and not plain:
        return _search_cells(fld, start, budget, safe, targets)
    edges = edges or fld.edges
    limit = _limit(budget)
    dist, parent = {start: 0}, {start: -1}
    heap = [(0, start)]
    while heap:
        k, s = heappop(heap)
        if k > limit:
            break
        if k != dist[s]:
            continue
        if targets is not None and s in targets:
            limit = min(limit, (k // K) * K + K - 1)
        for t, c, mask in edges(s):
            w = mask.bit_count() if mask else 0
            if safe and w:
                continue
            nk = k + c * K + w
            if nk <= limit and nk < dist.get(t, _UNBOUNDED):
                dist[t] = nk
                parent[t] = s
                heappush(heap, (nk, t))
    return _settled(dist, limit), parent


def _settled(dist: dict, limit: int) -> dict:
    return dist if limit >= _UNBOUNDED else {s: k for s, k in dist.items() if k <= limit}


def _search_cells(fld: _Field, start: int, budget: int | None, safe: bool, targets):
    """The accelerator of `_search` for one-hex creatures: the same Dijkstra over hex indices,
    with the step-cost function of a one-hex creature written out from the same tables (the
    cost table of the hex entered plus the ledge between the two; the threat of the hex left
    and the creatures of the hex entered). Tests check that both searches give the same
    keys."""
    i0, facing = divmod(start, 6)
    cost, dirs = fld.cost, fld.grid.dirs
    threat, enter, ledge = fld.threat, fld.enter, fld.ledge
    landings, drops = fld.landings, fld.table.drops
    cells = None if targets is None else {t // 6 for t in targets}
    limit = _limit(budget)
    dist, parent = {i0: 0}, {i0: -1}
    heap = [(0, i0)]
    get = dist.get
    while heap:
        k, i = heappop(heap)
        if k > limit:
            break
        if k != dist[i]:
            continue
        if cells is not None and i in cells:
            limit = min(limit, (k // K) * K + K - 1)
        leave = threat.get(i, 0)
        if safe and leave:
            continue
        for d in dirs:
            j = i + d
            c = cost[j]
            if c and ledge:
                x = ledge.get((i, j), 0)
                c = 0 if x is None else c + x
            if c and j in landings and (i, j) in drops:
                c = 0
            if c:
                mask = leave | enter.get(j, 0)
                if safe and mask:
                    continue
                nk = k + c * K + (mask.bit_count() if mask else 0)
                if nk <= limit and nk < get(j, _UNBOUNDED):
                    dist[j] = nk
                    parent[j] = i
                    heappush(heap, (nk, j))
    dist = _settled(dist, limit)
    return ({i * 6 + facing: k for i, k in dist.items()},
            {i * 6 + facing: (p * 6 + facing if p >= 0 else -1) for i, p in parent.items()})


def _chain(parent: dict, start: int, goal: int) -> list[int]:
    out = []
    while goal != start:
        out.append(goal)
        goal = parent[goal]
    return out[::-1]


# ---- the accelerator: the same search a cost layer at a time, on bitboards -----------------

_COST_BITS: dict[int, bytes] = {}    # cost c -> translation table: byte c -> "1", others "0"


def _cost_bits(window: bytearray, c: int) -> int:
    """The hexes of `window` whose entry cost is c, as an integer (bit k = window[k])."""
    table = _COST_BITS.get(c)
    if table is None:
        table = _COST_BITS[c] = bytes(0x31 if v == c else 0x30 for v in range(256))
    return int(window.translate(table)[::-1], 2)


class _Box:
    """The rows of the index box within `budget + 1` rows of the start, as bitboards (bit k =
    index lo + k) of the mover's cost table: `normal` and `difficult`, the hexes entering
    which costs NORMAL and DIFFICULT (the terrain's bitboards, then the hexes creatures change,
    read from the table). The accelerator serves tables of these two costs only (`serves`).
    The padding columns of the index box cannot be entered, so shifts never carry a hex from
    one row into the next."""

    def __init__(self, fld: _Field, start_i: int, budget: int):
        g = fld.grid
        self.stride = g.stride
        r0 = start_i // g.stride
        self.lo = max(0, r0 - budget - 1) * g.stride
        self.hi = min(g.rows, r0 + budget + 2) * g.stride
        self.all = (1 << (self.hi - self.lo)) - 1
        bits = fld.table.bits_by_cost
        self.normal = (bits.get(NORMAL, 0) >> self.lo) & self.all
        self.difficult = (bits.get(DIFFICULT, 0) >> self.lo) & self.all
        self.start = 1 << (start_i - self.lo)
        self._apply(fld)

    @staticmethod
    def serves(fld: _Field) -> bool:
        return fld.shape.n == 1 and fld.top_cost <= DIFFICULT and not fld.ledge \
            and not fld.landings

    def _apply(self, fld: _Field) -> None:
        """The mover's cost table where its creatures change the terrain's cost."""
        lo, hi = self.lo, self.hi
        for cells in (fld.difficult, fld.blocked):
            for i in cells:
                if lo <= i < hi:
                    b, c = 1 << (i - lo), fld.entry_cost(i)
                    self.normal &= ~b
                    self.difficult &= ~b
                    if c == NORMAL:
                        self.normal |= b
                    elif c == DIFFICULT:
                        self.difficult |= b

    def spread(self, x: int) -> int:
        """Every hex adjacent to a hex of x (the six directions as shifts)."""
        a, b = self.stride, self.stride - 1
        return ((x << 1) | (x >> 1) | (x << a) | (x >> a) | (x << b) | (x >> b)) & self.all


def _layers(box: _Box, budget: int) -> list[int]:
    """R[c] = the hexes of cost exactly c (Dijkstra a layer at a time: a one-hex creature's
    step costs the entry cost of the hex it enters): a hex not reached yet is in R[c] if
    NORMAL next to R[c-1], or DIFFICULT next to R[c-2]."""
    layers, seen = [box.start], box.start
    near1, near2 = box.spread(box.start), 0
    for _ in range(budget):
        ring = ((near1 & box.normal) | (near2 & box.difficult)) & ~seen
        if not ring and not layers[-1]:
            break
        layers.append(ring)
        seen |= ring
        near1, near2 = box.spread(ring), near1
    return layers


_BYTE_BITS = [tuple(b for b in range(8) if v >> b & 1) for v in range(256)]
_NONZERO = bytes.maketrans(bytes(range(256)), b"0" + b"1" * 255)


def _layered_costs(fld: _Field, start_i: int, budget: int) -> dict[Hex, int]:
    """Cost of every hex reachable within `budget` by a one-hex creature, occupied or not.
    The set bits of each layer are found a byte at a time: the non-zero bytes in C (split),
    then the bits of each byte from a table."""
    box = _Box(fld, start_i, budget)
    out: dict[Hex, int] = {}
    hex_of, lo = fld.grid.hex_of, box.lo
    for c, ring in enumerate(_layers(box, budget)):
        data = ring.to_bytes((ring.bit_length() + 7) >> 3, "little")
        gaps = data.translate(_NONZERO).split(b"1")
        gaps.pop()
        for j in map(add, accumulate(map(len, gaps)), count()):
            base = lo + 8 * j
            for b in _BYTE_BITS[data[j]]:
                out[hex_of[base + b]] = c
    return out


# ---- exact tie-break: fewest creatures provoked among the cheapest paths --------------------
# (docs/rules/04-attacks-of-opportunity.md)

_MAX_LABELS = 64


def _predecessors(fld: _Field, t: int) -> list[int]:
    j, f = divmod(t, 6)
    out = [(j - d) * 6 + f for d in fld.grid.dirs]
    if fld.shape.turns:
        out += [j * 6 + (f + 1) % 6, j * 6 + (f - 1) % 6]
    return out


def _tight_predecessors(fld, cost_of, goals, edges) -> dict[int, list]:
    """For every state on some cheapest path to `goals`: its (predecessor, provoker mask)."""
    preds: dict[int, list] = {}
    seen, stack = set(goals), list(goals)
    while stack:
        t = stack.pop()
        ct = cost_of(t)
        for s in _predecessors(fld, t):
            cs = cost_of(s)
            if cs is None or cs >= ct:
                continue
            for t2, c, mask in edges(s):
                if t2 == t and cs + c == ct:
                    preds.setdefault(t, []).append((s, mask))
                    if s not in seen:
                        seen.add(s)
                        stack.append(s)
    return preds


def _pareto_add(labels: list, mask: int, back) -> None:
    """Keep only masks that are not supersets of another (fewer provoked is better)."""
    for m, _ in labels:
        if m & mask == m:
            return
    labels[:] = [(m, b) for m, b in labels if m & mask != mask]
    labels.append((mask, back))
    if len(labels) > _MAX_LABELS:
        labels.sort(key=lambda lb: lb[0].bit_count())
        del labels[_MAX_LABELS:]


def _fewest_provocations(fld, start: int, cost_of, goals, edges) -> list[int]:
    """The states of a cheapest path from `start` to one of `goals` that provokes the fewest
    distinct creatures (each creature counts once per movement,
    docs/rules/04-attacks-of-opportunity.md)."""
    best = min(cost_of(g) for g in goals)
    goals = [g for g in goals if cost_of(g) == best]
    preds = _tight_predecessors(fld, cost_of, goals, edges)
    labels: dict[int, list] = {start: [(0, None)]}
    for t in sorted(preds, key=cost_of):
        lst = labels.setdefault(t, [])
        for s, mask in preds[t]:
            for m, back in labels.get(s, ()):
                _pareto_add(lst, m | mask, (s, back))
    _, goal, back = min(((m.bit_count(), g, back) for g in goals
                         for m, back in labels.get(g, ())), key=lambda x: x[0])
    out, s = [], goal
    while back is not None:
        out.append(s)
        s, back = back
    return out[::-1]


# ---- results of a search --------------------------------------------------------------------

def _finish(fld: _Field, start: int, ids, cost: int, kind: str) -> MovePath:
    """A MovePath from state ids, with the AOO forecast of its steps
    (docs/rules/04-attacks-of-opportunity.md)."""
    path = MovePath(fld.mover.name, fld.state(start), tuple(fld.state(s) for s in ids),
                    cost, kind)
    return MovePath(path.mover, path.start, path.states, cost, kind,
                    tuple(aoo.forecast(fld.view, fld.mover, path, kind)))


class _SameFacing(Mapping):
    """anchor -> facing for a creature whose facing never changes (one-hex creatures)."""

    def __init__(self, keys, facing: int):
        self._keys, self._facing = keys, facing

    def __getitem__(self, h):
        if h not in self._keys:
            raise KeyError(h)
        return self._facing

    def __iter__(self):
        return iter(self._keys)

    def __len__(self) -> int:
        return len(self._keys)


class Reachable:
    """Every legal end state of a search within its budget (docs/rules/03-movement.md).

    Keyed by anchor hex: `cost[h]` (the start is included with 0) and `facing[h]`, the best
    facing; `states[(anchor, facing)]` the cost of every legal end state; `threatened`, the
    reached anchors where the creature stands in an enemy's threatened area (leaving provokes:
    the AOO marks of the preview). `path(h, facing=None)` is a cheapest path there, ties
    broken by the fewest creatures provoked. Reads as a mapping anchor -> cost."""

    def __init__(self, fld: _Field, start: int, budget, kind: str = "move", edges=None):
        self._fld, self._start, self._edges = fld, start, edges or fld.edges
        self._view = fld.view           # the field holds it weakly; `path` needs it
        self.mover, self.budget, self.kind = fld.mover, budget, kind
        self.start = fld.state(start)
        self.cost: dict[Hex, int] = {}
        self.facing: dict[Hex, int] = {}
        self._dist: dict[int, int] = {}       # state -> key (Dijkstra)
        self._layered = False                 # from the layered search (one facing)
        self._through: dict[Hex, int] = {}    # layered: reached hexes that are no legal end

    @classmethod
    def from_costs(cls, fld: _Field, start: int, budget: int, costs: dict[Hex, int]):
        """From the layered search: `costs` of every reached hex; occupied ones are passed
        through but are no legal end."""
        r = cls(fld, start, budget)
        hex_of, start_hex = fld.grid.hex_of, fld.state(start)[0]
        r._through = {h: costs.pop(h) for h in map(hex_of.__getitem__, fld.no_end)
                      if h in costs and h != start_hex}
        r.cost, r._layered = costs, True
        r.facing = _SameFacing(costs, start % 6)
        return r

    @classmethod
    def from_dist(cls, fld: _Field, start: int, budget, dist: dict, kind="move", edges=None):
        r = cls(fld, start, budget, kind, edges)
        r._dist = dist
        best: dict[Hex, tuple[int, int]] = {}
        for s, k in dist.items():
            if s == start or fld.can_end(s):
                h, f = fld.state(s)
                if h not in best or k < best[h][0]:
                    best[h] = (k, f)
        r.cost = {h: k // K for h, (k, _) in best.items()}
        r.facing = {h: f for h, (_, f) in best.items()}
        return r

    def within(self, budget: int) -> Reachable | None:
        """This search cut to a smaller `budget`, as `reachable` would return it (a bounded
        Dijkstra finds the same keys for every state within its bound); None for the layered
        search of one-hex creatures, which is cheap to run again."""
        if self._layered or self.budget is None or budget > self.budget:
            return None
        limit = _limit(budget)
        dist = {s: k for s, k in self._dist.items() if k <= limit}
        return Reachable.from_dist(self._fld, self._start, budget, dist, self.kind, self._edges)

    def _cost_of(self, s: int) -> int | None:
        if self._layered:
            if s % 6 != self._start % 6:
                return None
            h = self._fld.grid.hex_of[s // 6]
            return self.cost[h] if h in self.cost else self._through.get(h)
        k = self._dist.get(s)
        return None if k is None else k // K

    @property
    def states(self) -> dict[State, int]:
        if self._layered:
            return {(h, self.facing[h]): c for h, c in self.cost.items()}
        fld = self._fld
        return {fld.state(s): k // K for s, k in self._dist.items()
                if s == self._start or fld.can_end(s)}

    @property
    def threatened(self) -> frozenset[Hex]:
        fld = self._fld
        if self._layered:
            cost, through, hex_of = self.cost, self._through, fld.grid.hex_of
            return frozenset(h for h in map(hex_of.__getitem__, fld.threat)
                             if h in cost or h in through)
        return frozenset(fld.state(s)[0] for s in self._dist if fld.stands_threatened(s))

    def __contains__(self, h) -> bool:
        return h in self.cost

    def __getitem__(self, h: Hex) -> int:
        return self.cost[h]

    def __iter__(self):
        return iter(self.cost)

    def __len__(self) -> int:
        return len(self.cost)

    def get(self, h: Hex, default=None):
        return self.cost.get(h, default)

    def path(self, to_hex: Hex, facing: int | None = None) -> MovePath | None:
        """A cheapest path to `to_hex` (with `facing`, else the best one), ties broken by the
        fewest creatures provoked; None when it is not a legal end within the budget."""
        fld, start = self._fld, self._start
        goals = [fld.state_id(to_hex, f) for f in _facings(fld, facing)]
        goals = [g for g in goals if g >= 0 and self._cost_of(g) is not None
                 and (g == start or fld.can_end(g))]
        if not goals:
            return None
        if start in goals:
            return _finish(fld, start, (), 0, self.kind)
        ids = _fewest_provocations(fld, start, self._cost_of, goals, self._edges)
        return _finish(fld, start, ids, self._cost_of(ids[-1]), self.kind)

    def states_to(self, to_hex: Hex) -> tuple[State, ...] | None:
        """The states of `path(to_hex)` without its attack-of-opportunity forecast (a rule
        profile that decides what provokes by its own rules asks this: it is much cheaper)."""
        fld, start = self._fld, self._start
        goals = [fld.state_id(to_hex, f) for f in _facings(fld, None)]
        goals = [g for g in goals if g >= 0 and self._cost_of(g) is not None
                 and (g == start or fld.can_end(g))]
        if not goals or start in goals:
            return None if not goals else ()
        ids = _fewest_provocations(fld, start, self._cost_of, goals, self._edges)
        return tuple(fld.state(s) for s in ids)


class FlightReachable(Reachable):
    """`Reachable` of a flyer with turning limits (game.rules.flight): its paths are the
    search's own, each a legal Move (the turns it makes counted), not rebuilt from costs."""

    @classmethod
    def searched(cls, fld: _Field, start: int, budget, safe: bool = False):
        dist, chains = _flight_search(fld, start, budget, safe)
        r = cls.from_dist(fld, start, budget, dist)
        r._chains = chains
        return r

    def within(self, budget: int):
        return None

    def _goal(self, to_hex: Hex, facing: int | None) -> int | None:
        goals = [g for g in _goals(self._fld, to_hex, facing) if g in self._chains]
        return min(goals, key=self._dist.__getitem__) if goals else None

    def path(self, to_hex: Hex, facing: int | None = None) -> MovePath | None:
        goal = self._goal(to_hex, facing)
        if goal is None:
            return None
        return _finish(self._fld, self._start, self._chains[goal], self._dist[goal] // K,
                       self.kind)

    def states_to(self, to_hex: Hex) -> tuple[State, ...] | None:
        goal = self._goal(to_hex, None)
        return None if goal is None else tuple(self._fld.state(s) for s in self._chains[goal])


def _flight_search(fld: _Field, start: int, budget, safe: bool = False):
    return flight.search(fld, start, budget, fld.turning, speed_hexes(fld.mover), K, safe,
                         fld.flight_steps)


# ---- public API -----------------------------------------------------------------------------

def reachable(view, u, budget_hexes: int | None = None) -> Reachable:
    """Every legal end state of a Move (docs/rules/03-movement.md) within `budget_hexes` (default:
    the creature's speed in hexes, docs/rules/11-hit-points-and-conditions.md injured included),
    with costs and AOO marks."""
    budget = speed_hexes(u) if budget_hexes is None else budget_hexes
    fld = _field(view, u, budget)
    start = fld.start()
    if start < 0:
        raise ValueError(f"{u.name} stands off the map at {tuple(u.anchor)}")
    if fld.turning is not None:
        return FlightReachable.searched(fld, start, budget)
    if _Box.serves(fld):
        return Reachable.from_costs(fld, start, budget, _layered_costs(fld, start // 6, budget))
    dist, _ = _search(fld, start, budget)
    return Reachable.from_dist(fld, start, budget, dist)


def has_hazards(hexmap) -> bool:
    """Does the map hold ledges or deep water (steps that may need a roll)?"""
    grid = _grid(hexmap)
    return bool(grid.ledges) or grid.deep


def _facings(fld: _Field, facing: int | None):
    """Facings worth asking for: any (None) or one; only triangles have a facing that
    matters (docs/rules/02-size-and-reach.md), the others keep theirs."""
    if not fld.shape.turns:
        return (fld.mover.facing,)
    return range(6) if facing is None else (facing % 6,)


def _goals(fld: _Field, to_hex: Hex, facing: int | None) -> list[int]:
    start = fld.start()
    return [s for s in (fld.state_id(to_hex, f) for f in _facings(fld, facing))
            if s >= 0 and (s == start or fld.can_end(s))]


def _dist_cost(dist: dict):
    return lambda s: None if s not in dist else dist[s] // K


def cheapest_path(view, u, to_hex: Hex, facing: int | None = None,
                  budget_hexes: int | None = None) -> MovePath | None:
    """The cheapest path whose anchor ends on `to_hex` (with `facing`, else any), ties broken
    by the fewest creatures provoked (as `python -m game path --json` promises); None when there
    is none within `budget_hexes` (default: no limit; see `big_actions_for`)."""
    fld = _field(view, u, budget_hexes)
    start, goals = fld.start(), _goals(fld, to_hex, facing)
    if start < 0 or not goals:
        return None
    if start in goals:
        return _finish(fld, start, (), 0, "move")
    if fld.turning is not None:
        return FlightReachable.searched(fld, start, budget_hexes).path(to_hex, facing)
    dist, _ = _search(fld, start, budget_hexes, targets=set(goals))
    reached = [g for g in goals if g in dist]
    if not reached:
        return None
    cost_of = _dist_cost(dist)
    ids = _fewest_provocations(fld, start, cost_of, reached, fld.edges)
    return _finish(fld, start, ids, cost_of(ids[-1]), "move")


def safe_path(view, u, to_hex: Hex, facing: int | None = None,
              budget_hexes: int | None = None) -> MovePath | None:
    """The cheapest path to `to_hex` that provokes no one
    (docs/rules/04-attacks-of-opportunity.md), or None."""
    fld = _field(view, u, budget_hexes)
    start, goals = fld.start(), _goals(fld, to_hex, facing)
    if start < 0 or not goals:
        return None
    if start in goals:
        return _finish(fld, start, (), 0, "move")
    if fld.turning is not None:
        return FlightReachable.searched(fld, start, budget_hexes, safe=True).path(to_hex, facing)
    dist, parent = _search(fld, start, budget_hexes, safe=True, targets=set(goals))
    reached = [g for g in goals if g in dist]
    if not reached:
        return None
    goal = min(reached, key=dist.__getitem__)
    return _finish(fld, start, _chain(parent, start, goal), dist[goal] // K, "move")


class SafePaths:
    """The cheapest paths that provoke no one (docs/rules/04-attacks-of-opportunity.md) to every
    state within a budget, from one search: `path(to_hex, facing=None)` is what `safe_path` returns
    for it."""

    def __init__(self, fld: _Field, start: int, dist: dict, parent: dict):
        self._fld, self._start, self._dist, self._parent = fld, start, dist, parent
        self._view = fld.view           # the field holds it weakly; `path` needs it

    def path(self, to_hex: Hex, facing: int | None = None) -> MovePath | None:
        fld, start = self._fld, self._start
        goals = _goals(fld, to_hex, facing)
        if not goals:
            return None
        if start in goals:
            return _finish(fld, start, (), 0, "move")
        reached = [g for g in goals if g in self._dist]
        if not reached:
            return None
        goal = min(reached, key=self._dist.__getitem__)
        return _finish(fld, start, _chain(self._parent, start, goal), self._dist[goal] // K,
                       "move")


def safe_paths(view, u, budget_hexes: int | None = None) -> SafePaths | None:
    """`safe_path` to every destination at once (for callers that ask for many)."""
    fld = _field(view, u, budget_hexes)
    start = fld.start()
    if start < 0:
        return None
    if fld.turning is not None:
        return FlightReachable.searched(fld, start, budget_hexes, safe=True)
    dist, parent = _search(fld, start, budget_hexes, safe=True)
    return SafePaths(fld, start, dist, parent)


# ---- single steps, for checking a path someone chose (the engine's Move command) -----------

def step_cost(view, u, frm: State, to: State) -> int | None:
    """The cost of one step from state `frm` to state `to` (docs/rules/03-movement.md): a move to a
    neighbouring anchor with the same facing, or a 60-degree turn in place (large, gargantuan);
    None when it is no such step or a newly entered hex cannot be entered."""
    fld = _field(view, u)
    s, t = fld.state_id(frm[0], frm[1]), fld.state_id(to[0], to[1])
    if s < 0 or t < 0:
        return None
    return next((c for t2, c, _ in fld.edges(s) if t2 == t), None)


def can_end_at(view, u, anchor: Hex, facing: int | None = None, here_is_free: bool = True) -> bool:
    """May the creature end its movement with its anchor on `anchor` (docs/rules/03-movement.md:
    never in an occupied hex, tiny creatures excepted)? Its own current place counts as free unless
    `here_is_free` is False (a mover stopped half-way, standing in an ally's hex)."""
    fld = _field(view, u)
    s = fld.state_id(anchor, u.facing if facing is None else facing)
    if s < 0:
        return False
    return (here_is_free and s == fld.start()) or (fld.fits(s) and fld.can_end(s))


def path_step_costs(view, u, path) -> list[int] | None:
    """The cost of each step of a path (a MovePath or (anchor, facing) states), or None when a
    step is illegal. Ending on an occupied hex is not checked here: see `can_end_at`."""
    start, states = aoo.path_states(u, path)
    costs = []
    for t in states:
        c = step_cost(view, u, start, t)
        if c is None:
            return None
        costs.append(c)
        start = t
    return costs


# ---- special movement (docs/rules/03-movement.md) -------------------------------------------

def five_foot_step_targets(view, u, moved: bool = False) -> dict[Hex, MovePath]:
    """docs/rules/03-movement.md "5-Foot Step": 1 hex, never provokes, not into difficult terrain
    (a step costing more than 1 for this creature) nor down a ledge, not after moving, not when
    speed <= 5 ft."""
    if moved or effective_speed_ft(u) <= 5:
        return {}
    fld = _field(view, u, 1)
    start = fld.start()
    out = {}
    for move in fld.shape.moves[start % 6]:
        e = fld.step(start, move)
        if e is not None and e[1] == 1 and fld.can_end(e[0]) \
                and not fld.jumps_down(start, move):
            out[fld.state(e[0])[0]] = _finish(fld, start, (e[0],), 1, "step")
    return out


def _creature_cells(fld: _Field, hostile: bool) -> dict[int, int]:
    """Hex index -> eid of the living, non-tiny allies (or enemies) of the mover there."""
    out = {}
    for o in fld.view.units:
        if o.eid == fld.mover.eid or o.name == fld.mover.partner or o.dead or o.size == "tiny":
            continue
        if is_hostile(o, fld.mover) == hostile:
            for i in fld._cells(o.hexes):
                out[i] = o.eid
    return out


def _run_line(fld: _Field, start: int, d: int, limit: int, enemies, allies) -> list[int]:
    """The states of a Run in direction d: straight, no turns, never a step that costs more
    than 1 (difficult terrain, a prone ally, a ledge) nor one down a ledge, no enemy, at most
    one ally passed."""
    line, passed, s = [], set(), start
    for _ in range(limit):
        move = fld.shape.moves[s % 6][d]
        e = fld.step(s, move)
        if e is None or e[1] != 1 or fld.jumps_down(s, move):
            break
        entered = [s // 6 + o for o in move[2]]
        if any(i in enemies for i in entered):
            break
        passed.update(allies[i] for i in entered if i in allies)
        if len(passed) > 1:
            break
        s = e[0]
        line.append(s)
    return line


def run_targets(view, u) -> dict[Hex, MovePath]:
    """docs/rules/03-movement.md "Run": every legal end of a straight line in one of the six
    directions, up to 2 x speed hexes, not through difficult terrain, enemies or more than one
    ally. Searched once per (view, creature): Run, Charge (every target) and their checks share
    it."""
    limit = run_hexes(u)
    fld = _field(view, u, limit)
    found = fld.runs.get(limit)
    if found is None:
        found = fld.runs[limit] = _run_ends(fld, limit)
    return dict(found)


def _run_ends(fld: _Field, limit: int) -> dict[Hex, MovePath]:
    start = fld.start()
    enemies, allies = _creature_cells(fld, True), _creature_cells(fld, False)
    out = {}
    for d in range(6):
        line = _run_line(fld, start, d, limit, enemies, allies)
        for n, s in enumerate(line, 1):
            if fld.can_end(s):
                out[fld.state(s)[0]] = _finish(fld, start, line[:n], n, "run")
    return out


def melee_reach(u) -> int | None:
    """The longest reach of the creature's melee or natural weapons (None without one)."""
    reaches = [weapon_threat_reach(u, w) for w in u.weapons if w.attack == "melee" or w.natural]
    return max(reaches, default=None)


def charge_paths(view, u, target) -> list[MovePath]:
    """docs/rules/03-movement.md "Charge": the Runs of at least 2 hexes that end with `target` (a
    UnitView or a name) within the charger's melee reach."""
    target = view.unit(target) if isinstance(target, str) else target
    reach = melee_reach(u)
    if reach is None:
        return []
    fld = _field(view, u, run_hexes(u))
    out = []
    for path in run_targets(view, u).values():
        end = fld.footprint_hexes(fld.state_id(path.end, path.facing))
        if len(path) >= 2 and footprint_distance(end, target.hexes) <= reach:
            out.append(MovePath(path.mover, path.start, path.states, path.cost, "charge",
                                path.provocations))
    return sorted(out, key=lambda p: (p.cost, len(p.provocations), tuple(p.end)))


def _retreat_edges(fld: _Field):
    """Steps of a Retreat (docs/rules/03-movement.md): never into an enemy's space, never closer to
    an enemy that threatens the start; a step provokes only the threateners it moves toward."""
    view, mover = fld.view, fld.mover
    enemy_cells = {i for o in view.units if o.eid != mover.eid and not o.dead
                   and is_hostile(o, mover) for i in fld._cells(o.hexes)}
    here = set(mover.hexes)
    away_from = [x for x in fld.bits if threatened_hexes(view, x) & here]
    apart: dict[tuple, int] = {}      # (creature, state) -> footprint distance, remembered

    def distance(x, s):
        key = (x.eid, s)
        d = apart.get(key)
        if d is None:
            d = apart[key] = footprint_distance(fld.footprint_hexes(s), x.hexes)
        return d

    def closer(x, s, t):
        return distance(x, t) < distance(x, s)

    def edges(s):
        i = s // 6
        for move in fld.moves(s):
            e = fld.step(s, move)
            if e is None or (enemy_cells and any(i + o in enemy_cells for o in move[2])):
                continue
            t, c, mask = e
            if away_from and any(closer(x, s, t) for x in away_from):
                continue
            yield t, c, mask and _provoked(mask, fld.bits, lambda x: closer(x, s, t))
    return edges


def _provoked(mask: int, threateners, moves_toward) -> int:
    """The bits of `mask` whose threatener the step moves toward (a Retreat provokes only
    those)."""
    out = 0
    for b, x in enumerate(threateners):
        if mask >> b & 1 and moves_toward(x):
            out |= 1 << b
    return out


def retreat_targets(view, u) -> Reachable:
    """docs/rules/03-movement.md "Retreat" (full-round): the legal ends within speed (half when
    prone, as the default rules say) of steps that never bring it closer to an enemy threatening
    its current hexes and never enter an enemy's space. `.path(h)` gives the path with its (kind
    "retreat") provocations: only enemies it moves toward."""
    budget = retreat_hexes(u)
    fld = _field(view, u, budget)
    start, edges = fld.start(), _retreat_edges(fld)
    dist, _ = _search(fld, start, budget, edges=edges)
    return Reachable.from_dist(fld, start, budget, dist, "retreat", edges)


__all__ = [
    "DIFFICULT", "FlightReachable", "K", "MovePath", "MoveSpend", "NEVER", "NORMAL", "Reachable", "SafePaths",
    "big_actions_for", "can_end_at", "charge_paths", "cheapest_path", "effective_speed_ft",
    "five_foot_step_targets", "has_hazards", "is_injured", "matters_within", "melee_reach",
    "move_big_actions", "move_spend", "movement_budget", "path_step_costs", "reachable",
    "retreat_hexes", "retreat_targets", "run_hexes", "run_targets", "safe_path", "safe_paths",
    "sizes_apart", "speed_hexes", "step_cost", "terrain_cost",
]
