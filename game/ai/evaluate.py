"""Scoring for the computer player: what an option is worth, by the rules it plays by.

Everything here reads a `BattleView` (and the battle's public bookkeeping: budgets, gang-up,
Aim) and the rules' own functions. Nothing reads the dice: chances are exact probabilities
of the rules (`game.rules.attack.plan_attack`), computed here with floats and cached, so that
a decision can weigh hundreds of options (the previews show the exact chance to hit:
docs/rules/10-attacks-and-damage.md "What the game shows"; the float arithmetic is the same as
`game.rules.probability`).

The currency of a score is "damage output of a creature per round" (`unit_value`):
- dealing d damage to T is worth d x value(T) / hp(T) (damage beyond its HP is wasted), and
  bringing T down (HP <= 0: unconscious, out of the fight,
  docs/rules/11-hit-points-and-conditions.md, 12-winning.md) adds KILL_ROUNDS x value(T): focus
  fire and kill chances come from this;
- the same on the other side: the expected damage the enemies can deal to a creature where it
  ends its turn (`danger`: their melee zones after one Move, their ranged weapons with cover
  and concealment of the hex), the chance that it goes down there, and the attacks of
  opportunity its path or its ranged attack provokes (`aoo_cost`);
- position terms: the attacks it could make next turn from the hex (`approach`), flanking
  set-ups with allies (docs/rules/08-flanking.md), a long reach that makes enemies provoke on their
  way in (docs/rules/02-size-and-reach.md, 04-attacks-of-opportunity.md), engaging the enemies that
  threaten wounded allies.
"""
from __future__ import annotations

import bisect
import dataclasses
import itertools
import math
from dataclasses import dataclass, field
from functools import lru_cache
from types import MappingProxyType

from game.ai.maneuvers import holds_fire, knockout_value, stray_rows, stray_value
from game.ai.memo import ByKey, Memo, wall_on_line
from game.ai.objectives import NO_AIMS, PRIORITY, aims_of, guard_bonus, region_pull
from game.ecs.view import BattleView
from game.engine.combat import own_extras
from game.hexgrid import Hex, footprint, hex_distance, hexes_within
from game.rules import conditions as cond
from game.rules import movement as rm
from game.rules.concealment import concealment
from game.rules.cover import cover
from game.rules.attack import AttackSituation, Fighter, plan_attack
from game.rules.damage import damage_distribution, damage_formula
from game.rules.flanking import flanking
from game.rules.initiative import attacks_per_turn
from game.rules.probability import chances
from game.rules.sight import line_of_sight
from game.rules.situation import Extras, attack_mode, situation
from game.rules.threat import (can_react, footprint_distance, threatened_hexes,
                               threatening_weapons, weapon_threat_reach)

KILL_ROUNDS = 2.0          # a creature brought down no longer deals its value for ~2 rounds
MIN_VALUE = 0.5            # every standing creature is worth something
FAR_WEIGHT = 0.4           # an enemy two Moves away strikes next round, if it acts first
MISS_ON = {"none": 0, "partial": 2, "total": 5}     # d10 after a hit: docs/rules/07-concealment.md


# ---- exact chances as floats (docs/rules/10-attacks-and-damage.md) ----------------------
# (game.rules.probability computes the same with Fractions)

def _d20_table(fortune: int) -> tuple[float, ...]:
    if fortune > 0:
        return tuple((2 * k - 1) / 400 for k in range(1, 21))
    if fortune < 0:
        return tuple((41 - 2 * k) / 400 for k in range(1, 21))
    return (1 / 20,) * 20


_D20 = {f: _d20_table(f) for f in (-1, 0, 1)}


@lru_cache(maxsize=4096)
def _roll_hit(bonus: int, ac: int, fortune: int, lowest: int = 1) -> float:
    """P(the kept natural is >= lowest and the roll hits): natural 20 hits, natural 1 misses."""
    table = _D20[max(-1, min(1, fortune))]
    return sum(table[k - 1] for k in range(max(1, lowest), 21)
               if k == 20 or (k != 1 and k + bonus >= ac))


@dataclass(frozen=True)
class Estimate:
    """One attack before the roll: chances, expected damage and the damage distribution
    (misses included as 0). `weapon`, `mode` and the flags say which attack it is."""
    hit: float
    crit: float
    mean: float
    dist: tuple[tuple[int, float], ...]
    m2: float = 0.0                  # E[damage^2], for the normal approximation
    weapon: object = None
    mode: str = ""
    power: bool = False
    charge: bool = False
    stray: float = 0.0               # the worth of its stray missile, or of its chance to
    # knock the target out with a Knockout Strike (game.ai.maneuvers)

    def at_least(self, hp: int) -> float:
        return sum(p for d, p in self.dist if d >= hp)


@lru_cache(maxsize=4096)
def _damage(formula: ByKey) -> tuple[tuple[tuple[int, float], ...], float]:
    """(distribution, mean) of a damage formula (keyed by its repr: it holds dicts)."""
    dist = tuple(sorted((int(v), float(p))
                        for v, p in damage_distribution(formula.value).items()))
    return dist, sum(v * p for v, p in dist)


@lru_cache(maxsize=20000)
def _chances(b: int, ac: int, ac_vs_crit: int, f: int, miss_on: int, threat_from: int,
             plain_f: ByKey, crit_f: ByKey | None) -> tuple:
    """(hit, crit, mean, distribution, E[damage^2]) of an attack's numbers
    (docs/rules/10-attacks-and-damage.md)."""
    keep = (10 - miss_on) / 10
    hit = _roll_hit(b, ac, f) * keep
    threat = _roll_hit(b, ac, f, lowest=threat_from)
    crit = threat * keep * _roll_hit(b, ac_vs_crit, f)
    plain, plain_mean = _damage(plain_f)
    crit_d, crit_mean = _damage(crit_f) if crit_f is not None else ((), 0.0)
    out: dict[int, float] = {0: 1.0 - hit}
    for v, p in plain:
        out[v] = out.get(v, 0.0) + (hit - crit) * p
    for v, p in crit_d:
        out[v] = out.get(v, 0.0) + crit * p
    mean = (hit - crit) * plain_mean + crit * crit_mean
    dist = tuple(sorted(out.items()))
    return hit, crit, mean, dist, sum(d * d * p for d, p in dist)


def estimate_plan(plan) -> Estimate | None:
    """The Estimate of an `AttackPlan` (None when the attack is impossible)."""
    if not plan.possible:
        return None
    sit = plan.situation
    plain_f = damage_formula(sit, critical=False)
    crit_f = damage_formula(sit, critical=True) if plan.threat <= 20 or plan.automatic else None
    if plan.automatic or plan.indirect:
        return _special_estimate(plan, plain_f, crit_f)
    got = _chances(plan.bonus.total, plan.ac.total, plan.ac_vs_crit.total, plan.fortune,
                   plan.miss_on, plan.threat, ByKey(repr(plain_f), plain_f),
                   ByKey(repr(crit_f), crit_f) if crit_f is not None else None)
    hit, crit, mean, dist, m2 = got
    return Estimate(hit, crit, mean, dist, m2, sit.weapon, sit.attack_mode, sit.power_attack,
                    sit.charge)


def _special_estimate(plan, plain_f, crit_f) -> Estimate:
    """A helpless target's automatic critical, or a volley (no critical): the rules' own
    chances (game.rules.probability), the distributions as usual."""
    c = chances(plan)
    hit, crit = float(c.hit), float(c.critical)
    plain, plain_mean = _damage(ByKey(repr(plain_f), plain_f))
    crit_d, crit_mean = _damage(ByKey(repr(crit_f), crit_f)) if crit_f is not None else ((), 0.0)
    out: dict[int, float] = {0: 1.0 - hit}
    for v, p in plain:
        out[v] = out.get(v, 0.0) + (hit - crit) * p
    for v, p in crit_d:
        out[v] = out.get(v, 0.0) + crit * p
    dist = tuple(sorted(out.items()))
    sit = plan.situation
    return Estimate(hit, crit, (hit - crit) * plain_mean + crit * crit_mean, dist,
                    sum(d * d * p for d, p in dist), sit.weapon, sit.attack_mode,
                    sit.power_attack, sit.charge)


def normal_down(mean: float, var: float, hp: int) -> float:
    """P(total >= hp) by the normal approximation (continuity-corrected): for ranking."""
    if var <= 1e-9:
        return 1.0 if mean >= hp else 0.0
    z = (hp - 0.5 - mean) / math.sqrt(var)
    return 0.5 * math.erfc(z / math.sqrt(2.0))


def combine(dists, hp: int) -> tuple[float, float]:
    """(P(total >= hp), E[min(total, hp)]) of independent damage distributions, each given
    as ((damage, p), ...) (a creature goes down at HP <= 0:
    docs/rules/11-hit-points-and-conditions.md)."""
    hp = max(1, hp)
    if len(dists) == 1:
        return _one(dists[0], hp)
    acc = {0: 1.0}
    for dist in dists:
        nxt: dict[int, float] = {}
        for a, pa in acc.items():
            if a >= hp:
                nxt[hp] = nxt.get(hp, 0.0) + pa
                continue
            for d, pd in dist:
                s = min(hp, a + d)
                nxt[s] = nxt.get(s, 0.0) + pa * pd
        acc = nxt
    down = acc.get(hp, 0.0)
    mean = sum(v * p for v, p in acc.items())
    return down, mean


@lru_cache(maxsize=20000)
def _one(dist: tuple, hp: int) -> tuple[float, float]:
    return sum(p for d, p in dist if d >= hp), sum(min(d, hp) * p for d, p in dist)


def mixture(dist, share: float) -> tuple[tuple[int, float], ...]:
    """The distribution of an attack made with probability `share` (else nothing)."""
    if share >= 0.999:
        return dist
    out = {0: 1.0 - share}
    for d, p in dist:
        out[d] = out.get(d, 0.0) + share * p
    return tuple(out.items())


# ---- quick attack estimates (no cover lines: for threat zones and pre-scoring) ------------

def _cond_key(u) -> tuple:
    return tuple(sorted(u.conditions.items())) if u.conditions else ()


def weapon_modes(w) -> tuple[str, ...]:
    """The attack modes a weapon has (docs/rules/10-attacks-and-damage.md): melee and/or thrown, or
    ranged."""
    modes = []
    if w.can_melee:
        modes.append("melee")
    if w.can_throw:
        modes.append("thrown")
    if w.is_projectile:
        modes.append("ranged")
    return tuple(modes)


def max_range(u, w, mode: str) -> int:
    """Hexes: melee reach, or the maximum range (10 increments, thrown 5:
    docs/rules/10-attacks-and-damage.md)."""
    if mode == "melee":
        return max(0, u.unit.reach_with(w) or 0)
    inc = w.range_increment_ft or 0
    n = w.max_increments or (5 if mode == "thrown" else 10)
    return inc * n // 5


#: `charge` of a planned attack that ends a flyer's diving Run (docs/rules/
#: 21-terrain-and-falling.md "Flying"): a charge whose die is one size larger
DIVE = "dive"

def quick(att, w, tgt, mode: str, distance: int = 1, *, cover: str = "none",
          concealment: str = "none", flanked: bool = False, previous: int = 0,
          charge: bool = False, power: bool = False, gang_up: int = 0,
          elevation: int = 0, aim: bool = False) -> Estimate | None:
    """A cached Estimate of `att` attacking `tgt` with `w` in `mode` at `distance` hexes,
    with the situation given (not read off the map)."""
    if mode == "melee":
        dkey = 1
    else:
        inc = w.range_increment_ft or 5
        dkey = -(-max(distance, 1) * 5 // inc)
    key = (id(att.unit), _cond_key(att), w.id, id(tgt.unit), _cond_key(tgt), mode, dkey,
           cover, concealment, flanked, previous, charge, power, gang_up, elevation, aim)
    return _quick(ByKey(key, (att, w, tgt, distance)))


@lru_cache(maxsize=100_000)
def _quick(args: ByKey) -> Estimate | None:
    """`quick` behind its key: the attacker's and target's stat blocks (by id: `args` keeps
    them alive), conditions, the weapon, the range increment and the situation."""
    att, w, tgt, distance = args.value
    (_, _, _, _, _, mode, _, cover, concealment, flanked, previous, charge, power, gang_up,
     elevation, aim) = args.key
    sit = AttackSituation(
        attacker=Fighter.of(att), weapon=w, target=Fighter.of(tgt),
        distance_ft=(1 if mode == "melee" else max(distance, 1)) * 5, mode=mode, cover=cover,
        concealment=concealment, flanked=flanked, previous_attacks=previous,
        charge=bool(charge), dive=charge == DIVE, power_attack=power, gang_up=gang_up,
        elevation=elevation, aim=aim)
    return estimate_plan(plan_attack(sit))


def best_quick(att, tgt, distance: int, **kw) -> Estimate | None:
    """The best quick estimate over the attacker's weapons and modes that reach `distance`."""
    best = None
    for w in att.weapons:
        for mode in weapon_modes(w):
            if distance > max_range(att, w, mode):
                continue
            if mode == "melee" and distance < 1 and att.size != "tiny":
                continue
            est = quick(att, w, tgt, mode, distance, **kw)
            if est is not None and (best is None or est.mean > best.mean):
                best = est
    return best


# ---- the value of creatures -------------------------------------------------------------

def standing(u) -> bool:
    """docs/rules/12-winning.md: not dead, not unconscious (a creature that still counts for its
    side)."""
    return not u.dead and "unconscious" not in u.conditions and "dying" not in u.conditions


def attacks_per_round(u) -> float:
    """docs/rules/09-turns-and-actions.md: attacks a creature makes in a round when it also has to
    move (level 5+ may attack with both Big Actions when it stands still)."""
    allowance = attacks_per_turn(u.level)
    return 1.0 if allowance.max_attacks <= 1 else 0.5 + 0.5 * allowance.max_attacks


def unit_value(u, opponents) -> float:
    """Expected damage per round of `u` against the average of `opponents` (its best weapon:
    melee next to them, ranged at 4 hexes)."""
    key = (id(u.unit), _cond_key(u), tuple((id(o.unit), _cond_key(o)) for o in opponents))
    return _unit_value(ByKey(key, (u, tuple(opponents))))


@lru_cache(maxsize=20000)
def _unit_value(args: ByKey) -> float:
    u, opponents = args.value
    total = 0.0
    for o in opponents:
        best = 0.0
        for w in u.weapons:
            for mode in weapon_modes(w):
                est = quick(u, w, o, mode, 1 if mode == "melee" else 4)
                if est is not None:
                    best = max(best, est.mean)
        total += best
    return max(MIN_VALUE, attacks_per_round(u) * total / max(1, len(opponents)))


# ---- where creatures could strike next turn ----------------------------------------------

def melee_reach(u) -> int | None:
    """The longest melee reach of the creature's weapons (None without melee weapons)."""
    reaches = [weapon_threat_reach(u, w) for w in u.weapons if w.can_melee or w.natural]
    return max(reaches, default=None)


_NEIGHBOURS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def fdist(a, b) -> int:
    """docs/rules/01-hexes-and-distance.md: footprint distance of two hex sequences (fast for
    single hexes)."""
    if len(a) == 1 and len(b) == 1:
        x, y = a[0], b[0]
        dq, dr = x[0] - y[0], x[1] - y[1]
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2
    return min((abs(x[0] - y[0]) + abs(x[1] - y[1]) + abs(x[0] + x[1] - y[0] - y[1])) // 2
               for x in a for y in b)


def dilate(hexes, radius: int) -> set:
    """Every hex within `radius` of one of `hexes` (as (q, r) tuples, equal to Hex)."""
    out = {(h[0], h[1]) for h in hexes}
    frontier = out
    for _ in range(radius):
        ring = {(q + dq, r + dr) for q, r in frontier for dq, dr in _NEIGHBOURS} - out
        out |= ring
        frontier = ring
    return out


@dataclass
class Zone:
    """Where an enemy can strike in melee: without moving (`now`) or after one Move
    (`move`), the attacks it makes there, and its ranged weapons."""
    unit: object
    now: frozenset
    move: frozenset
    reach: int
    attacks_now: int
    acts: bool
    far: frozenset = frozenset()     # after two Moves: it strikes next round at the soonest


def move_hexes(u) -> int:
    """Hexes of one Move action (the rules' one definition of speed under conditions)."""
    return rm.speed_hexes(u)


def enemy_zone(view, e) -> Zone:
    """The melee zones of creature `e` (reach: docs/rules/02-size-and-reach.md; movement:
    03-movement.md)."""
    reach = melee_reach(e)
    acts = cond.can_act(e.conditions)
    allowance = attacks_per_turn(e.level)
    n_now = min(2, allowance.attack_actions) if allowance.max_attacks > 1 else 1
    if reach is None or not acts:
        return Zone(e, frozenset(), frozenset(), reach or 0, n_now, acts)
    now = frozenset(dilate(e.hexes, reach))
    speed = move_hexes(e)
    if "prone" in e.conditions:
        body = set(e.hexes)
        for h in list(e.hexes):
            body.update(hexes_within(h, 1))
        move = frozenset(dilate(body, reach))
        far = frozenset(dilate(_body_cells(rm.reachable(view, e, speed), e), reach)) | move
        return Zone(e, now, move, reach, n_now, acts, far)
    if len(e.hexes) == 1:
        r = rm.reachable(view, e, 2 * speed)
        one = {h: c for h, c in r.cost.items() if c <= speed}
        move = frozenset(dilate(_body_cells(r, e, one), reach)) | now
        far = frozenset(dilate(_body_cells(r, e), reach)) | move
        return Zone(e, now, move, reach, n_now, acts, far)
    move = frozenset(dilate(_body_cells(rm.reachable(view, e, speed), e), reach)) | now
    return Zone(e, now, move, reach, n_now, acts, _far_of_big(view, e, speed, reach) | move)


def _far_of_big(view, e, speed: int, reach: int) -> frozenset:
    """Where a creature of several hexes may strike after two Moves, estimated: its anchor
    moving like a one-hex creature, its body around each end. Exact searches for turning
    footprints cost 30 ms a creature on the largest map; this term only weighs what may
    come next round (FAR_WEIGHT)."""
    proxy = dataclasses.replace(e, size="medium", hexes=(e.anchor,))
    ends = rm.reachable(view, proxy, 2 * speed).cost
    return frozenset(dilate(ends, FOOTPRINT_RADIUS_OF.get(e.size, 1) + reach))


FOOTPRINT_RADIUS_OF = {"large": 1, "huge": 1, "gargantuan": 3}   # farthest hex from the anchor


def _body_cells(r, e, only=None) -> set:
    """The hexes the creature's footprint covers at the reachable ends of `r` (within `only`
    anchors when given)."""
    if len(e.hexes) == 1:
        return set(r.cost if only is None else only)
    cells = set()
    for (a, f), c in r.states.items():
        if only is None or a in only:
            cells.update(footprint(e.size, a, f))
    return cells


# ---- the scoring context of one decision -----------------------------------------------------

@dataclass
class Weights:
    """How much each term counts (difficulty profiles change some of them)."""
    # danger and approach were tuned with tools/ai_quality.py against the baseline on the
    # shipped maps (danger 0.4, approach 0.35 won 75% of the duels; 0.25, 0.6 won 87-91%):
    # a creature that waits for the enemy hands it the first blow.
    danger: float = 0.25        # enemies may pick other targets; the future is uncertain
    approach: float = 0.6       # the attacks it could make next turn from where it ends
    flank: float = 1.0
    protect: float = 0.3        # bonus on enemies that threaten wounded allies
    reach: float = 0.5
    aoo: float = 1.0            # 0: blind to docs/rules/04-attacks-of-opportunity.md
    focus: float = 0.0          # focus fire: attacks on a wounded enemy count this much more
    support: float = 0.0        # focus fire: allies still to act this round join the attack
    # with this share of their best attack (0: each attack is scored alone; game.ai.focus)
    tie_distance: float = 0.02  # approach the nearest enemy when nothing else matters
    kill_rounds: float = KILL_ROUNDS
    objective: float = 3.0      # the map's objectives (game.ai.objectives): standing in a
    # region it must hold or reach is worth this many rounds of its own damage


_WHAT_IF_VERSIONS = itertools.count(10 ** 12)   # versions of hypothetical views


def _sight_flags(u) -> tuple:
    return "prone" in u.conditions, "invisible" in u.conditions, "blinded" in u.conditions


def terrain_levels(hexmap, e, me) -> tuple[str, str] | None:
    """(cover, concealment) of `me` against a ranged attack of `e`, with only the two of them
    on the map (docs/rules/05-line-of-sight.md to 07-concealment.md: walls, low obstacles,
    blocks_sight, concealment hexes; Prone cover), None without line of effect. Cached across
    decisions: terrain does not change."""
    key = (id(hexmap), e.anchor, e.facing, e.size, _sight_flags(e), me.anchor, me.facing,
           me.size, _sight_flags(me))
    return _terrain_levels(ByKey(key, (hexmap, e, me)))


@lru_cache(maxsize=50_000)
def _terrain_levels(args: ByKey) -> tuple[str, str] | None:
    hexmap, e, me = args.value
    view = BattleView(hexmap, (e, me) if e.eid < me.eid else (me, e), next(_WHAT_IF_VERSIONS))
    cov = cover(view, e, me, ranged=True).level
    if cov == "total":
        return None
    con = concealment(view, e, me).level
    if con != "total" and not line_of_sight(view, e, me):
        con = "total"
    return cov, con


FOOTPRINT_RADIUS = 3        # the farthest hex of a footprint from its anchor (T(3))


def _unit_state(u) -> tuple:
    """What of a creature the movement costs of another can depend on (docs/rules/03-movement.md:
    where it stands, whose side it is on, whether it lies or is helpless)."""
    return (u.eid, u.name, u.team, u.size, u.anchor, u.facing, u.dead, _cond_key(u))


def _mover_state(u) -> tuple:
    """What of a creature its own zone depends on besides where it stands: its stat block
    (by id: the cache entry keeps it alive), HP (its speed), the weapons in its hands (its
    reach: a thrown or dropped weapon leaves them), level, holds and run."""
    return (_unit_state(u), id(u.unit), u.hp, tuple(w.id for w in u.weapons), u.level,
            u.grappling, u.run)


def zone_of(view, e) -> Zone:
    """`enemy_zone`, remembered on what it depends on: the map, the creature (its HP for its
    speed) and the creatures whose bodies its two Moves could touch (the zones need the
    costs of its moves, not the attacks of opportunity on the way). Most commands move one
    creature or change one creature's HP, so most zones survive from one decision to the
    next. The key holds everything the zone reads: a shipped map is one object across the
    battles of a process, so a key that missed a field (the weapons in hand) handed one
    battle's zone to another and made results depend on the games played before."""
    near = 2 * move_hexes(e) + 2 * FOOTPRINT_RADIUS + 1
    key = (id(view.hexmap), _mover_state(e),
           tuple(_unit_state(o) for o in view.units
                 if o.eid != e.eid and hex_distance(e.anchor, o.anchor) <= near))
    args = ByKey(key, (view, e))
    got = _zone(args)
    # the cache entry keeps what its key names by id (the map, the stat block), not the view:
    # a view carries what the rules remember about it (game.rules.view_memo)
    args.value = (view.hexmap, e)
    return got if got.unit is e else dataclasses.replace(got, unit=e)


@lru_cache(maxsize=4096)
def _zone(args: ByKey) -> Zone:
    return enemy_zone(*args.value)


def clear_caches() -> None:
    """Forget what the pure functions remembered across decisions (a cold start)."""
    for fn in (_roll_hit, _damage, _chances, _one, _quick, _unit_value, _terrain_levels,
               _zone, wall_on_line):
        fn.cache_clear()


def _melee_reach_kind(z, fp, single: bool) -> str:
    """How an enemy's melee reaches the footprint `fp`: "melee" (now), "melee_move" (after a
    move), "melee_far" (two moves away) or "" (not at all)."""
    if single:
        h = fp[0]
        if h not in z.far:
            return ""
        now = h in z.now
        moved = now or h in z.move
    else:
        if not any(h in z.far for h in fp):
            return ""
        now = any(h in z.now for h in fp)
        moved = now or any(h in z.move for h in fp)
    return "melee" if now else ("melee_move" if moved else "melee_far")


@dataclass
class Context:
    """What one decision of one creature needs, computed once: its enemies' zones, the values
    of the creatures, extras from the battle's bookkeeping. Read-only.

    Two levels of scoring: the cheap one (quick estimates, cached tables, the danger of a hex
    by the normal approximation) ranks every reachable hex; the exact one (lines of sight,
    cover and concealment from each enemy, exact distributions) scores the best few."""
    battle: object
    view: object
    me: object
    weights: Weights = field(default_factory=Weights)
    exact_danger: bool = False
    sees_cover: bool = True     # False: cover and concealment count as none (an easy player)
    memo: Memo | None = None    # the decision's memo (a new one when not given)

    def __post_init__(self):
        v, me = self.view, self.me
        if self.memo is None:
            self.memo = Memo(v.hexmap)
        self.team = me.team
        self.enemies = [u for u in v.units if u.team != me.team and standing(u)]
        self.allies = [u for u in v.units if u.team == me.team and standing(u)
                       and u.eid != me.eid]
        ours = self.allies + [me]
        self.values = {u.name: unit_value(u, ours) for u in self.enemies}
        for u in ours:
            self.values[u.name] = unit_value(u, self.enemies or ours)
        self.zones = {e.name: zone_of(v, e) for e in self.enemies}
        wounded = [a for a in self.allies if a.hp * 2 <= a.max_hp]
        self.threatens_wounded = {
            e.name for e in self.enemies
            if any(set(a.hexes) & self.zones[e.name].move for a in wounded)}
        # my allies' distances to each enemy: an enemy strikes the nearest target first
        self.ally_dists = {e.name: sorted(fdist(e.hexes, a.hexes) for a in self.allies)
                           for e in self.enemies}
        self.my_reach = melee_reach(me)
        self.my_speed = move_hexes(me)
        self.aims = aims_of(self.battle, me) if self.battle is not None else NO_AIMS
        self.support: dict = {}
        if self.weights.support:
            self.support = ally_support(self, self.weights.support)
        self._views: dict = {}
        self._danger: dict = {}
        self._approach: dict = {}
        self._ranged: dict = {}
        self._moved: dict = {}
        self._sits: dict = {}
        self._einfo: dict = {}
        self._support_base: dict = {}

    # -- hypothetical positions ------------------------------------------------------------
    def moved(self, anchor: Hex, facing: int | None = None, extra_conditions=()):
        """The creature's UnitView standing at `anchor` (and `facing`)."""
        me = self.me
        f = me.facing if facing is None else facing
        if anchor == me.anchor and f == me.facing and not extra_conditions:
            return me
        key = (anchor, f, tuple(extra_conditions))
        got = self._moved.get(key)
        if got is not None:
            return got
        conds = me.conditions
        if extra_conditions:
            d = dict(conds)
            for c in extra_conditions:
                d[c] = 1
            conds = MappingProxyType(d)
        got = dataclasses.replace(me, anchor=anchor, facing=f,
                                  hexes=tuple(footprint(me.size, anchor, f)), conditions=conds)
        self._moved[key] = got
        return got

    def view_at(self, anchor: Hex, facing: int | None = None, extra_conditions=()):
        """(view, me) with the creature standing at `anchor` (cached)."""
        key = (anchor, self.me.facing if facing is None else facing, tuple(extra_conditions))
        got = self._views.get(key)
        if got is None:
            me2 = self.moved(anchor, facing, extra_conditions)
            # a version of its own: the rules cache their indexes per (map, version)
            v2 = self.view if me2 is self.me else self.view.replace(
                me2, version=next(_WHAT_IF_VERSIONS))
            got = (v2, v2.unit(self.me.name))
            self._views[key] = got
        return got

    def value(self, u) -> float:
        return self.values.get(u.name, MIN_VALUE)

    def walls_block(self, a: Hex, b: Hex) -> bool:
        return self.memo.walls_block(a, b)

    # -- attacks ---------------------------------------------------------------------------
    def extras(self, target, weapon, *, previous: int | None = None, aim: bool | None = None,
               charge: bool = False, power: bool = False, moved: bool = False) -> Extras:
        """The engine's bookkeeping for an attack of mine (`combat.own_extras`), for a plan:
        after moving, no Aim and no Charge carried over; `previous`, `aim`, `charge` for
        attacks later in the plan."""
        ex = own_extras(self.battle, self.me.name, target.name, weapon, power_attack=power)
        return dataclasses.replace(
            ex, previous_attacks=ex.previous_attacks if previous is None else previous,
            aim=(ex.aim and not moved) if aim is None else aim,
            charge=bool(charge) or (ex.charge and not moved),
            dive=charge == DIVE or (ex.dive and not moved))

    def base_situation(self, view, me, target, weapon):
        """`game.rules.situation.situation` without extras, shared by the weapons of one
        attack mode (cover, concealment, sight, flanking do not depend on the weapon)."""
        mode = attack_mode(me, weapon, footprint_distance(me, target))
        key = (id(view), me.anchor, me.facing, target.name, mode)
        got = self._sits.get(key)
        if got is None:
            got = self._sits[key] = (situation(view, me, target, weapon, Extras(mode=mode)),
                                     view)
        return got[0]

    def attack_options(self, view, me, target, *, previous: int | None = None,
                       aim: bool | None = None, charge: bool = False, moved: bool = False,
                       melee_only: bool = False, power: bool = True) -> list[Estimate]:
        """Exact estimates (cover, concealment, flanking, gang-up...) of every weapon of mine
        that can attack `target` from where `me` stands in `view`, Power Attack included
        (the same AttackSituation the engine builds: `game.rules.situation`)."""
        out = []
        d = footprint_distance(me, target)
        in_reach = any(w.can_melee and d <= max_range(me, w, "melee") for w in me.weapons)
        for w in me.weapons:
            if (melee_only or in_reach) and not w.can_melee:
                continue        # with a melee weapon in reach, no throwing (it provokes)
            base = self.base_situation(view, me, target, w)
            if base.situation is None:
                continue
            ex = self.extras(target, w, previous=previous, aim=aim, charge=charge, moved=moved)
            sit = dataclasses.replace(
                base.situation, weapon=w, previous_attacks=ex.previous_attacks,
                alternating=ex.alternating, gang_up=ex.gang_up, aim=ex.aim,
                power_attack=False, charge=ex.charge, dive=ex.dive)
            if not self.sees_cover:
                sit = dataclasses.replace(sit, cover="none", concealment="none")
            plan = plan_attack(sit)
            est = estimate_plan(plan)
            if est is None:
                continue
            if base.mode != "melee":
                rows = stray_rows(self, view, me, target, plan, base.cover)
                if rows and holds_fire(view, me, rows, plan, est.mean):
                    continue        # the shot may hurt allies more than it is worth
                worth = stray_value(self, view, me, rows, plan) if rows else 0.0
            else:
                worth = knockout_value(self, target, plan)
            if worth:
                est = dataclasses.replace(est, stray=worth)
            out.append(est)
            if power and base.mode == "melee" and not charge:
                pe = estimate_plan(plan_attack(dataclasses.replace(sit, power_attack=True)))
                if pe is not None:
                    out.append(pe)
        return out

    def attack_value(self, target, estimates, hp: int | None = None) -> tuple[float, float]:
        """(value, kill chance) of attacks on `target` with these estimates (made in turn).
        With allies' support (focus fire), the value is what the attacks add to the allies'
        attacks still to come, and the kill chance counts them all."""
        hp = target.hp if hp is None else hp
        if hp <= 0:
            return 0.0, 1.0
        support = self.support.get(target.name, ())
        down, mean = combine([e.dist for e in estimates] + list(support), hp)
        if support:
            key = (target.name, hp)
            if key not in self._support_base:
                self._support_base[key] = combine(list(support), hp)
            base_down, base_mean = self._support_base[key]
            mean -= base_mean
            value_down = down - base_down
        else:
            value_down = down
        v = self.value(target)
        prio = 1.0 + (self.weights.protect if target.name in self.threatens_wounded else 0.0)
        if target.name in self.aims.priority:
            prio *= PRIORITY
        if self.weights.focus and target.max_hp:
            prio += self.weights.focus * max(0.0, 1.0 - target.hp / target.max_hp)
        return prio * v * (mean / max(1, hp) + self.weights.kill_rounds * value_down), down

    def cheap_attack(self, me, target, n: int = 1, *, charge: bool = False) -> tuple[float, object]:
        """The value of my best `n` attacks on `target` from where `me` stands, by quick
        estimates (no lines of sight but the wall test): (value, estimate or None)."""
        d = fdist(me.hexes, target.hexes)
        ranged_ok = not self.walls_block(me.anchor, target.anchor)
        key = (target.name, d, ranged_ok, n, charge, _cond_key(me))
        got = self._approach.get(key)
        if got is None:
            best = None
            for w in me.weapons:
                for mode in weapon_modes(w):
                    if d > max_range(me, w, mode) or (mode != "melee" and not ranged_ok):
                        continue
                    if charge and mode != "melee":
                        continue
                    conc = self.view.hexmap.terrain_at(target.anchor).concealment \
                        if mode != "melee" and self.sees_cover else "none"
                    est = quick(me, w, target, mode, d, concealment=conc, charge=charge)
                    if est is None:
                        continue
                    value, _ = self.attack_value(target, [est] * n)
                    if best is None or value > best[0]:
                        best = (value, est)
            got = self._approach[key] = best or (0.0, None)
        return got

    # -- danger ----------------------------------------------------------------------------
    def ranged_levels(self, view, e, me) -> tuple[str, str] | None:
        """(cover, concealment) of `me` against a ranged attack of `e`
        (docs/rules/05-line-of-sight.md to 07-concealment.md), None without line of effect. Terrain
        only (walls, low walls, fog, foliage; not the cover other creatures give), cached per map
        across decisions: `terrain_levels`. A player blind to cover sees only whether a wall blocks
        the line."""
        if not self.sees_cover:
            return None if self.walls_block(e.anchor, me.anchor) else ("none", "none")
        return terrain_levels(view.hexmap, e, me)

    def incoming(self, view, me, e, *, exact: bool = False) -> tuple[Estimate | None, int, str]:
        """What enemy `e` could do to `me` (standing as in `view`) on its next turn: the best
        of its melee (from its zone) and ranged options: (estimate, attacks, kind)."""
        z = self.zones[e.name]
        if not z.acts:
            return None, 0, ""
        fp = me.hexes
        best, n_best, kind = None, 0, ""
        if any(h in z.far for h in fp):
            now = any(h in z.now for h in fp)
            move = now or any(h in z.move for h in fp)
            n = z.attacks_now if now else 1
            for w in e.weapons:
                if not w.can_melee:
                    continue
                est = quick(e, w, me, "melee", 1)
                if est is not None and (best is None or est.mean > best.mean):
                    best, n_best = est, n
                    kind = "melee" if now else ("melee_move" if move else "melee_far")
        d = None
        levels = "unknown"
        for w in e.weapons:
            for mode in weapon_modes(w):
                if mode == "melee":
                    continue
                if d is None:
                    d = footprint_distance(e, me)
                if d > max_range(e, w, mode):
                    continue
                if levels == "unknown":
                    if exact:
                        levels = self.ranged_levels(view, e, me)
                    elif self.walls_block(e.anchor, me.anchor):
                        levels = None
                    else:
                        levels = ("none", view.hexmap.terrain_at(me.anchor).concealment)
                if levels is None:
                    continue
                est = quick(e, w, me, mode, d, cover=levels[0], concealment=levels[1])
                if est is not None and (best is None or est.mean > best.mean * n_best):
                    best, n_best, kind = est, 1, mode
        return best, n_best, kind

    def danger(self, anchor: Hex, facing: int | None = None, *, exact: bool | None = None,
               extra_conditions=(), felled=()) -> tuple[float, dict]:
        """The cost of ending the turn at `anchor`: the enemies' expected damage on me there
        (each split over the targets it could pick), and the chance I go down (exact: the
        distributions combined; cheap: the normal approximation). `felled`: (enemy name,
        chance the plan brings it down) pairs; such an enemy replies only if it stands."""
        exact = self.exact_danger if exact is None else exact
        felled = tuple(felled)
        key = (anchor, facing, exact, tuple(extra_conditions), felled)
        got = self._danger.get(key)
        if got is not None:
            return got
        if not exact:
            got = self._danger[key] = self._cheap_danger(anchor, facing, tuple(extra_conditions),
                                                         dict(felled))
            return got
        spared = dict(felled)
        view, me = self.view_at(anchor, facing, extra_conditions)
        dists, expected, who = [], 0.0, []
        for e in self.enemies:
            est, n, kind = self.incoming(view, me, e, exact=True)
            if est is None:
                continue
            share = self._share(me, e, kind) * (1.0 - spared.get(e.name, 0.0))
            expected += share * n * est.mean
            for _ in range(n):
                dists.append(mixture(est.dist, share))
            who.append((e.name, kind, round(share * n * est.mean, 2)))
        hp = max(1, me.hp)
        down, mean = combine(dists, hp) if dists else (0.0, 0.0)
        v = self.value(me)
        cost = self.weights.danger * v * (mean / hp + self.weights.kill_rounds * down)
        got = (cost, {"expected": round(expected, 2), "down": round(down, 3), "by": who})
        self._danger[key] = got
        return got

    def _share(self, me, e, kind: str, d: int | None = None) -> float:
        """How likely `e` picks me: an enemy strikes the nearest of its targets (the allies
        nearer to it than I am take the blow; as near, they share it), less for an enemy
        that must come through my reach, or needs two Moves to reach me."""
        if d is None:
            d = fdist(e.hexes, me.hexes)
        dists = self.ally_dists[e.name]
        closer = bisect.bisect_left(dists, d)
        same = bisect.bisect_right(dists, d) - closer
        share = 1.0 / (1.0 + closer + 0.5 * same)
        if kind == "melee_move" and self.my_reach_provokes(me, e):
            share *= 0.8
        elif kind == "melee_far":
            share *= FAR_WEIGHT
        return share

    def _enemy_info(self, e, conds: tuple):
        """Per enemy, what the cheap danger needs and does not depend on where I stand: its
        zone, its best melee estimate on me, its ranged weapons and their reach."""
        key = (e.name, conds)
        got = self._einfo.get(key)
        if got is None:
            me = self.moved(self.me.anchor, None, conds) if conds else self.me
            melee = None
            for w in e.weapons:
                if w.can_melee:
                    est = quick(e, w, me, "melee", 1)
                    if est is not None and (melee is None or est.mean > melee.mean):
                        melee = est
            ranged = [(w, m, max_range(e, w, m)) for w in e.weapons for m in weapon_modes(w)
                      if m != "melee"]
            provoke = self.my_reach_provokes(me, e)
            got = self._einfo[key] = (self.zones[e.name], melee, ranged, provoke, me)
        return got

    def _cheap_danger(self, anchor: Hex, facing, conds: tuple, felled: dict) -> tuple[float, dict]:
        me = self.moved(anchor, facing, conds)
        fp = me.hexes
        single = len(fp) == 1
        hexmap = self.view.hexmap
        conc = None
        expected = var = 0.0
        who = []
        for e in self.enemies:
            z, melee, ranged, provoke, me0 = self._enemy_info(e, conds)
            if not z.acts:
                continue
            best, n, kind, d = None, 0, "", None
            if melee is not None:
                kind = _melee_reach_kind(z, fp, single)
                if kind:
                    best, n = melee, (z.attacks_now if kind == "melee" else 1)
            if ranged:
                d = fdist(e.hexes, fp)
                for w, m, top in ranged:
                    if d > top:
                        continue
                    if self.memo.walls_block(e.anchor, anchor):
                        break
                    if conc is None:
                        conc = hexmap.terrain_at(anchor).concealment if self.sees_cover \
                            else "none"
                    est = quick(e, w, me0, m, d, concealment=conc)
                    if est is not None and (best is None or est.mean > best.mean * n):
                        best, n, kind = est, 1, m
            if best is None:
                continue
            if d is None:
                d = fdist(e.hexes, fp)
            dists = self.ally_dists[e.name]
            closer = bisect.bisect_left(dists, d)
            share = 1.0 / (1.0 + closer + 0.5 * (bisect.bisect_right(dists, d) - closer))
            if kind == "melee_move" and provoke:
                share *= 0.8
            elif kind == "melee_far":
                share *= FAR_WEIGHT
            if felled:
                share *= 1.0 - felled.get(e.name, 0.0)
            expected += share * n * best.mean
            var += n * (share * best.m2 - (share * best.mean) ** 2)
            if kind.startswith("melee"):
                who.append((e.name, kind, 0))
        hp = max(1, me.hp)
        down, mean = normal_down(expected, var, hp), min(expected, float(hp))
        cost = self.weights.danger * self.value(me) * (mean / hp
                                                        + self.weights.kill_rounds * down)
        return cost, {"expected": round(expected, 2), "down": round(down, 3), "by": who}

    def my_reach_provokes(self, me, e) -> bool:
        """docs/rules/02-size-and-reach.md, 04-attacks-of-opportunity.md: with a longer reach than
        `e`, it provokes me on its way in."""
        mine = self.my_reach or 0
        return mine >= 2 and (melee_reach(e) or 0) < mine and can_react(me)

    # -- position terms ---------------------------------------------------------------------
    def approach(self, anchor: Hex, facing: int | None = None) -> float:
        """Next turn's attacks from `anchor` (enemies where they are now), and a small pull
        toward the nearest enemy."""
        if not self.enemies:
            return 0.0
        me = self.moved(anchor, facing)
        speed = self.my_speed
        best, nearest = 0.0, 10 ** 6
        for e in self.enemies:
            d = fdist(me.hexes, e.hexes)
            nearest = min(nearest, d)
            key = (e.name, d, self.walls_block(anchor, e.anchor))
            got = self._approach.get(key)
            if got is None:
                got = 0.0
                for w in me.weapons:
                    for mode in weapon_modes(w):
                        top = max_range(me, w, mode)
                        if mode == "melee":
                            if d <= top:
                                factor = 1.0
                            elif d <= top + speed:
                                factor = 0.8
                            else:
                                factor = 0.8 * (top + speed) / d
                            dist = 1
                        else:
                            if d > top + speed:
                                continue
                            factor, dist = (1.0 if d <= top else 0.7), max(1, min(d, top))
                            if key[2]:
                                factor *= 0.5
                        est = quick(me, w, e, mode, dist)
                        if est is None:
                            continue
                        value, _ = self.attack_value(e, [est])
                        got = max(got, factor * value)
                self._approach[key] = got
            best = max(best, got)
        return self.weights.approach * best - self.weights.tie_distance * nearest

    def flank_bonus(self, anchor: Hex, facing: int | None = None) -> tuple[float, list]:
        """docs/rules/08-flanking.md: enemies that I would flank with an ally from `anchor` (and
        are not flanked now): -2 AC for every attack on them."""
        me = self.moved(anchor, facing)
        reach = self.my_reach
        if reach is None or not self.allies or not self.weights.flank:
            return 0.0, []
        total, names = 0.0, []
        view2 = None
        for e in self.enemies:
            if footprint_distance(me, e) > reach:
                continue
            if view2 is None:
                view2, _ = self.view_at(anchor, facing)
            if flanking(view2, e.name).flanked and not flanking(self.view, e.name).flanked:
                est = best_quick(me, e, 1)
                if est is not None:
                    value, _ = self.attack_value(e, [est])
                    total += 0.2 * value       # about +10% hit chance, me and an ally
                    names.append(e.name)
        return self.weights.flank * total, names

    def reach_bonus(self, anchor: Hex, facing: int | None = None) -> float:
        """docs/rules/02-size-and-reach.md, 04-attacks-of-opportunity.md: enemies that must come
        through my reach to strike me provoke."""
        if (self.my_reach or 0) < 2 or not self.weights.reach:
            return 0.0
        me = self.moved(anchor, facing)
        if not can_react(me):
            return 0.0
        total = 0.0
        fp = set(me.hexes)
        for e in self.enemies:
            z = self.zones[e.name]
            if fp & z.now or not fp & z.move or not self.my_reach_provokes(me, e):
                continue
            est = best_quick(me, e, 1)
            if est is not None:
                value, _ = self.attack_value(e, [est])
                total = max(total, value)
        return self.weights.reach * total

    def engage_bonus(self, anchor: Hex, facing: int | None = None) -> float:
        """Standing where I threaten an enemy that threatens a wounded ally."""
        if not self.threatens_wounded or not self.weights.protect:
            return 0.0
        me = self.moved(anchor, facing)
        reach = self.my_reach
        if reach is None:
            return 0.0
        for e in self.enemies:
            if e.name in self.threatens_wounded and footprint_distance(me, e) <= reach:
                return self.weights.protect * self.value(e) * 0.5
        return 0.0

    def objective_bonus(self, anchor: Hex, facing: int | None = None) -> float:
        """The map's objectives (game.ai.objectives): a region to stand in, an ally to keep
        standing, worth `weights.objective` rounds of this creature's own damage."""
        if not self.aims:
            return 0.0
        me = self.moved(anchor, facing)
        pull = region_pull(self.aims, me.hexes) + 0.3 * guard_bonus(self.aims, me, self.view)
        return self.weights.objective * self.value(self.me) * pull

    def position(self, anchor: Hex, facing: int | None = None, *, exact: bool | None = None,
                 extra_conditions=(), felled=()) -> tuple[float, dict]:
        """The value of ending the turn at `anchor`: - danger + approach, and when exact
        + flanking + reach + protecting wounded allies (`felled`: see `danger`)."""
        exact = self.exact_danger if exact is None else exact
        danger, why = self.danger(anchor, facing, exact=exact, extra_conditions=extra_conditions,
                                  felled=felled)
        approach = self.approach(anchor, facing) * self.aims.advance
        danger *= self.aims.caution
        goal = self.objective_bonus(anchor, facing)
        total = approach - danger + goal
        if not exact:
            return total, {}
        parts = {"danger": -round(danger, 3), "approach": round(approach, 3), "threat": why}
        if goal:
            parts["objective"] = round(goal, 3)
        flank, names = self.flank_bonus(anchor, facing)
        reach = self.reach_bonus(anchor, facing)
        engage = self.engage_bonus(anchor, facing)
        total += flank + reach + engage
        if flank:
            parts["flank"] = (round(flank, 3), names)
        if reach:
            parts["reach"] = round(reach, 3)
        if engage:
            parts["protect"] = round(engage, 3)
        return total, parts

    # -- attacks of opportunity ---------------------------------------------------------------
    def aoo_cost(self, provokers, me=None) -> tuple[float, float, list]:
        """(cost, chance I go down, names) of the attacks of opportunity of `provokers`
        (UnitViews that can react) against me (docs/rules/04-attacks-of-opportunity.md); for
        a creature its side must protect they weigh as its danger does (`Aims.caution`)."""
        caution = self.aims.caution if me is None or me is self.me else 1.0
        me = me or self.me
        if not self.weights.aoo:
            return 0.0, 0.0, []
        dists, names = [], []
        for x in provokers:
            if not can_react(x) or x.aoo_policy == "never":
                continue
            best = None
            for w in threatening_weapons(x):
                est = quick(x, w, me, "melee", 1, previous=x.aoo_this_round)
                if est is not None and (best is None or est.mean > best.mean):
                    best = est
            if best is not None:
                dists.append(best.dist)
                names.append(x.name)
        if not dists:
            return 0.0, 0.0, []
        hp = max(1, me.hp)
        down, mean = combine(dists, hp)
        v = self.value(me)
        cost = self.weights.aoo * v * (mean / hp + self.weights.kill_rounds * down)
        return caution * cost, down, names


def threateners(view, u) -> list:
    """Enemies threatening the creature's hexes (docs/rules/04-attacks-of-opportunity.md "What
    provokes": a ranged attack, Aim or standing up there provokes them)."""
    here = set(u.hexes)
    return [x for x in view.units if x.team != u.team and not x.dead
            and threatened_hexes(view, x) & here]



# ---- focus fire: the attacks the allies can still make this round ------------------------------
# Under selective initiative the side whose creature ends its turn picks who acts next, so a
# creature that wounds an enemy can hand the turn to an ally that finishes it before the enemy
# strikes back. `ally_support` lists, per enemy, the damage distributions of the allies that
# have not acted this round and can reach it (melee after one Move, ranged in range with no
# wall between). `Context.attack_value` then scores an attack by what it adds to them: the
# kill chance it turns into a kill, and none of the damage they would deal anyway.

def _best_reply(ctx, ally, enemy):
    """The best quick estimate of `ally` on `enemy` this turn (None: it cannot reach)."""
    d = fdist(ally.hexes, enemy.hexes)
    speed = move_hexes(ally)
    best = None
    for w in ally.weapons:
        for mode in weapon_modes(w):
            top = max_range(ally, w, mode)
            if mode == "melee":
                if d > top + speed:
                    continue
            elif d > top or ctx.walls_block(ally.anchor, enemy.anchor):
                continue
            est = quick(ally, w, enemy, mode, 1 if mode == "melee" else d)
            if est is not None and (best is None or est.mean > best.mean):
                best = est
    return best


def ally_support(ctx, share: float) -> dict:
    """{enemy name: (distribution, ...)} of the allies' attacks still to come this round.
    An ally strikes one enemy: its attack counts with `share` split evenly over the enemies
    it can reach. (Counted in full on each, the many allies of a large map made every enemy
    look doomed anyway, and the player spread its blows over the enemies out of their reach:
    the opposite of focus fire.)"""
    out: dict = {}
    for a in ctx.allies:
        if not cond.can_act(a.conditions) or ctx.battle.budget(a.name).acted:
            continue
        replies = [(e, _best_reply(ctx, a, e)) for e in ctx.enemies]
        replies = [(e, est) for e, est in replies if est is not None]
        for e, est in replies:
            out.setdefault(e.name, []).append(mixture(est.dist, share / len(replies)))
    return {name: tuple(dists) for name, dists in out.items()}


__all__ = ["Context", "Estimate", "FAR_WEIGHT", "KILL_ROUNDS", "Weights", "Zone",
           "ally_support", "attacks_per_round", "best_quick", "combine", "dilate", "enemy_zone",
           "estimate_plan",
           "fdist", "max_range", "melee_reach", "mixture", "move_hexes", "normal_down", "quick",
           "standing", "terrain_levels", "threateners", "unit_value",
           "weapon_modes", "zone_of"]
